package cli

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/spf13/cobra"

	"pokerlab/hud"
	"pokerlab/hud/hudplot"
	"pokerlab/internal/base/atomicfile"
	"pokerlab/internal/figure/plotx"
	"pokerlab/store"
	"pokerlab/store/filter"
)

type hudGraphOptions struct {
	IO      *IOStreams
	Files   []string
	DB      string
	Player  string
	Out     string
	Threads int
	JSON    bool
	Filter  filterOptions
	// keep is --filter over files (nil: every row).
	keep filter.Expr
}

func newHudGraphCmd(f *Factory, runF func(*hudGraphOptions) error) *cobra.Command {
	opts := &hudGraphOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "graph FILE|DIR|-... | --db URL [--player NAME] --out graph.svg|png|pdf [--filter F] [--stakes 1/2] [--since DATE] [--until DATE] [--position BTN] [--json]",
		Short: "Draw a player's results graph: won, all-in EV, showdown and non-showdown winnings against hands played",
		Long: `Draw a player's results graph as trackers draw it: the cumulative winnings
in big blinds against hands played, with four lines: won (the net), all-in
EV (each all-in before the river counted at the player's equity share of
the pots, by exact enumeration), showdown winnings (the hands in which the
player was in at a showdown) and non-showdown winnings (the others). The
money is that of "pokerlab hud" (docs/cli.md); hands are in the order of
the files and their hands, or in the order they were stored (--db).

--player defaults to the player with the most hands (the hero of one's own
hand histories). The format follows the extension of --out (.svg, .png or
.pdf). --filter draws the player's hands the filter selects (docs/cli.md,
"Filters"): over files it is evaluated on each replayed hand, as "pokerlab
hud FILE... --filter" does; with --db the filters of "pokerlab hud --db"
apply, --stakes, --since, --until and --position too.`,
		Example: `  pokerlab hud graph ~/PokerStars/HandHistory/ --out results.svg
  pokerlab hud graph --db pokerlab.db --player Alice --out alice.png --since 2026-11-01
  pokerlab hud graph --db pokerlab.db --player Alice --out alice-btn.svg --filter 'position=BTN and pot>=3bet'
  pokerlab hud graph ~/PokerStars/HandHistory/ --out allin.svg --filter allin`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fromDB := cmd.Flags().Changed("db")
			switch {
			case fromDB && len(args) > 0:
				return flagErrorf("give hand-history files or --db, not both")
			case !fromDB && len(args) == 0:
				return errNoHandInputs(" (or --db URL)")
			case !fromDB && (opts.Filter.Stakes != "" || opts.Filter.Since != "" || opts.Filter.Until != "" || opts.Filter.Position != ""):
				return flagErrorf("--stakes, --since, --until and --position need --db (--filter works on files too)")
			case opts.Out == "":
				return flagErrorf("--out is required: the figure to write (.svg, .png or .pdf)")
			}
			if fromDB {
				opts.Filter.Player = opts.Player
				if _, err := opts.Filter.filter(); err != nil {
					return err
				}
			} else {
				opts.DB = ""
				// Over files the filter is evaluated in Go on each replayed
				// hand, as hud FILE... --filter does.
				f, err := opts.Filter.filter()
				if err != nil {
					return err
				}
				opts.keep = f.Expr
			}
			opts.Files = args
			if runF != nil {
				return runF(opts)
			}
			return hudGraphRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Player, "player", "", "the player to draw (default: the player with the most hands)")
	figureFileVar(fl, &opts.Out, "out", "write the graph to this .svg, .png or .pdf file")
	threadsVar(fl, &opts.Threads, 0, "")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	dbFlag(cmd, &opts.DB)
	opts.Filter.flags(cmd, false)
	return cmd
}

func hudGraphRun(opts *hudGraphOptions) error {
	var points []hud.Point
	player := opts.Player
	var hands int64
	if opts.DB != "" {
		var err error
		if player, points, err = graphFromDB(opts); err != nil {
			return err
		}
	} else {
		files, err := hud.ReadFiles(opts.Files, opts.IO.In)
		if err != nil {
			return err
		}
		keep := keepRows(opts.keep)
		if player == "" {
			// The hero: the player with the most hands selected, found
			// without the all-in enumeration.
			res, err := hud.TallyFiles(files, hud.FilesOptions{Threads: opts.Threads, NoAllInEV: true, Keep: keep})
			if err != nil {
				return err
			}
			p, ok := res.Tracker.MostHands()
			if !ok {
				return fmt.Errorf("no hand in the files replays")
			}
			player = p.Name
		}
		gc := debug.SetGCPercent(400)
		res, err := hud.TallyFiles(files, hud.FilesOptions{Threads: opts.Threads, Series: player, Keep: keep})
		debug.SetGCPercent(gc)
		if err != nil {
			return err
		}
		for _, s := range res.Skipped {
			fmt.Fprintf(opts.IO.ErrOut, "pokerlab: skipped: %s\n", s.Error)
		}
		points = res.Series
	}
	hands = int64(len(points))
	if hands == 0 {
		return fmt.Errorf("player %q has no hands to draw", player)
	}
	format, err := plotx.Format(opts.Out)
	if err != nil {
		return inputErrorf("--out %s: %w", opts.Out, err)
	}
	if err := atomicfile.Write(opts.Out, func(w io.Writer) error { return hudplot.Write(w, format, player, points) }); err != nil {
		return err
	}
	c := hud.CurvesOf(points)
	out := HudGraphJSON{Files: opts.Files, Player: player, Hands: hands, Out: opts.Out, WonBB: c.Won[hands-1], AllInEVBB: c.EV[hands-1],
		ShowdownBB: c.Showdown[hands-1], NonShowdownBB: c.NonShowdown[hands-1]}
	if opts.DB != "" {
		out.Files, out.DB, out.Filter = []string{}, store.Redact(opts.DB), opts.Filter.json()
	} else if opts.keep != nil {
		out.Filter = &DBFilterJSON{Expr: opts.Filter.Expr}
	}
	if opts.JSON {
		return writeJSON(opts.IO, out)
	}
	fmt.Fprintf(opts.IO.Out, "%s: %d hands, won %s bb, all-in EV %s bb, showdown %s bb, non-showdown %s bb: %s\n", player, hands,
		num(out.WonBB, 2), num(out.AllInEVBB, 2), num(out.ShowdownBB, 2), num(out.NonShowdownBB, 2), opts.Out)
	return nil
}

// graphFromDB reads the player's hands the filters select (the player with
// the most hands without --player).
func graphFromDB(opts *hudGraphOptions) (string, []hud.Point, error) {
	f, err := opts.Filter.filter()
	if err != nil {
		return "", nil, err
	}
	db, err := openDB(opts.DB, true)
	if err != nil {
		return "", nil, err
	}
	defer db.Close()
	ctx := context.Background()
	if f.Player == "" {
		t, _, err := db.HUD(ctx, f)
		if err != nil {
			return "", nil, err
		}
		p, ok := t.MostHands()
		if !ok {
			return "", nil, fmt.Errorf("no hands in the database match")
		}
		f.Player = p.Name
	}
	points, err := db.Series(ctx, f)
	return f.Player, points, err
}
