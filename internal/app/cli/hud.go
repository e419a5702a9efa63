package cli

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
	"pokerlab/store"
	"pokerlab/store/filter"
)

type hudOptions struct {
	IO       *IOStreams
	Files    []string
	Player   string
	Hero     string
	By       hud.Breakdown
	byText   string
	MinHands int64
	Threads  int
	JSON     bool
	DB       string
	Filter   filterOptions
	progress func(total int64) *Progress
	// Rules, when set (--rules), replaces every hand's declared rule set.
	Rules     *holdem.RuleSet
	rulesText string
	// keep is --filter over files (nil: every row).
	keep filter.Expr
}

func newHudCmd(f *Factory, runF func(*hudOptions) error) *cobra.Command {
	opts := &hudOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "hud FILE|DIR|-... | --db URL [--filter F] [--player NAME] [--stakes 1/2] [--since DATE] [--until DATE] [--position BTN] [--by position|table-size] [--min-hands N] [--json]",
		Short: "HUD statistics per player from hand histories (PHH, PokerStars, GGPoker) or the hand database",
		Long: `Compute HUD statistics per player (PokerTracker 4's definitions, written out
in docs/hud-stats.md) from hand histories (PHH, PokerStars or
GGPoker text, told apart by content; directories are read recursively and -
is standard input): VPIP, PFR, 3Bet,
Fold to 3Bet, 4Bet, Fold to 4Bet, Steal, Fold to Steal (SB, BB), Limp; per
street (flop, turn, river) CBet, Fold/Raise to CBet, Donk, Fold/Raise to Donk,
Bet vs missed CBet, Fold/Raise to it, 3Bet and Fold to 3Bet; WTSD, W$SD, AF
and AFq. Each is taken / opportunities with a 95% Wilson interval. PFR counts
the hands in which a raise was possible (modern PT4); pfr_all_hands divides
by every hand with a preflop decision.

Every hand is replayed through the rules engine, the same code path that
tallies simulated play; hands that do not replay (or that a site's text
records inconsistently) are skipped and listed. Players are named by the
files' players field (a site's screen names). Files are read in parallel, big
ones in chunks of whole hands (--threads, 0 = all CPUs); the output does not
depend on it.
Each hand is replayed under the rule set it declares (PHH _rules; tda
without one) or under --rules when given (docs/rules.md).

Without --player the table lists every player with at least --min-hands
hands, the main stats and their money (net won in big blinds, bb/100 and
its standard error, all-in adjusted bb/100), then the hero's results (--hero;
by default the player with the most hands, the owner of a player's own hand
histories): net in chips and big blinds, bb/100, all-in EV, showdown and
non-showdown winnings, rake and cash-out fees. With --player it lists the
player's money and all their stats.

With --db instead of files the HUD comes from the hand database ("pokerlab db
import"): the same stats, summed from the tallies stored with each hand
instead of replaying them, optionally over the hands at some stakes, between
two dates, or (--position) over each player's hands in one position. The
output is the same as over the files the hands came from; "hands" counts the
hands the stakes and dates select. --filter selects rows with the filter
language (dates, stakes, site, table size, position, player, hole cards, pot
type, saw the flop, showdown, all-in, won in big blinds; docs/cli.md,
"Filters"); "hands" then counts the hands with a row selected. --filter
works over files too (evaluated on each replayed hand, with the same
result as over the database).`,
		Example: `  pokerlab hud hands.phhs
  pokerlab hud *.phhs --min-hands 100
  pokerlab hud ~/PokerStars/HandHistory/ --player Hero
  pokerlab hud hands.phhs --player Alice --json
  pokerlab hud --db pokerlab.db --player Alice --stakes 1/2 --since 2009-07-01 --position BTN
  pokerlab hud --db pokerlab.db --player Alice --filter 'pot=3bet and date>=2026-11-01' --by position`,
		Args: cobra.ArbitraryArgs,
		// hud FILE... beside hud graph.
		Annotations: map[string]string{takesArgs: "FILE"},
		RunE: func(cmd *cobra.Command, args []string) error {
			fromDB := cmd.Flags().Changed("db")
			switch {
			case fromDB && len(args) > 0:
				return flagErrorf("give hand-history files or --db, not both")
			case !fromDB && len(args) == 0:
				return errNoHandInputs(" (or --db URL)")
			case !fromDB && (opts.Filter.Stakes != "" || opts.Filter.Since != "" || opts.Filter.Until != "" || opts.Filter.Position != ""):
				return flagErrorf("--stakes, --since, --until and --position need --db (--filter works on files too)")
			}
			if !fromDB && opts.Filter.Expr != "" {
				// Over files the filter is evaluated in Go on each replayed hand.
				f, err := opts.Filter.filter()
				if err != nil {
					return err
				}
				opts.keep = f.Expr
			}
			if fromDB {
				opts.Filter.Player = opts.Player
				if _, err := opts.Filter.filter(); err != nil {
					return err
				}
			} else {
				opts.DB = ""
			}
			if fromDB && cmd.Flags().Changed("rules") {
				return flagErrorf("--rules applies to hand files; hands in the database were replayed when imported")
			}
			var err error
			if opts.Rules, err = rulesOverride(cmd, opts.rulesText); err != nil {
				return err
			}
			if opts.byText != "" {
				if opts.By, err = hud.ParseBreakdown(opts.byText); err != nil {
					return flagErrorf("--by %s", err)
				}
			}
			opts.Files = args
			if runF != nil {
				return runF(opts)
			}
			return hudRun(opts)
		},
	}
	opts.progress = func(total int64) *Progress {
		return f.newProgress(total, "reading", opts.JSON).Bytes("of hand histories")
	}
	cmd.Flags().StringVar(&opts.Player, "player", "", "show only this player, with every stat")
	cmd.Flags().StringVar(&opts.byText, "by", "", "split each player's stats and money by position or table-size (shown for --player, else the hero)")
	cmd.Flags().StringVar(&opts.Hero, "hero", "", "the player whose money is summed up below the table (default: the player with the most hands)")
	int64Var(cmd.Flags(), &opts.MinHands, "min-hands", 0, "show only players with at least this many hands", atLeast[int64](0, "0 or more"))
	threadsVar(cmd.Flags(), &opts.Threads, 0, "")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	dbFlag(cmd, &opts.DB)
	opts.Filter.flags(cmd, false)
	addRulesFlag(cmd, &opts.rulesText, rulesUsage)
	cmd.AddCommand(newHudGraphCmd(f, nil))
	return cmd
}

func hudRun(opts *hudOptions) error {
	var t *hud.Tracker
	var hands int64
	var skipped []HudSkippedJSON
	var err error
	if opts.DB != "" {
		t, hands, err = hudFromDB(opts)
	} else {
		files, rerr := hud.ReadFiles(opts.Files, opts.IO.In)
		if rerr != nil {
			return rerr
		}
		var total int64
		for _, f := range files {
			total += int64(len(f.Data))
		}
		progress := opts.progress(total)
		// A batch job: trade memory for fewer collections.
		gc := debug.SetGCPercent(400)
		var res *hud.FilesResult
		fo := hud.FilesOptions{Threads: opts.Threads, Rules: opts.Rules, Progress: progress.Set, By: opts.By}
		fo.Keep = keepRows(opts.keep)
		res, err = hud.TallyFiles(files, fo)
		debug.SetGCPercent(gc)
		if err == nil {
			t, hands = res.Tracker, res.Hands
			for _, sk := range res.Skipped {
				skipped = append(skipped, HudSkippedJSON{File: sk.File, Error: sk.Error})
			}
		}
		progress.Done()
	}
	if err != nil {
		return err
	}
	players := t.Players()
	if opts.Player != "" {
		p, ok := t.Player(opts.Player)
		if !ok {
			if opts.DB != "" {
				return fmt.Errorf("player %q has no hands in the database that match", opts.Player)
			}
			return fmt.Errorf("player %q is not in the hands (%d players)", opts.Player, len(players))
		}
		players = []hud.Player{*p}
	}
	heroName := opts.Hero
	if heroName == "" {
		heroName = opts.Player // already checked above
	}
	hero, herr := heroOf(t, heroName)
	if herr != nil {
		return herr
	}
	players = slices.DeleteFunc(slices.Clone(players), func(p hud.Player) bool { return p.Hands < opts.MinHands })
	if opts.JSON {
		out := HudJSON{Files: opts.Files, Hands: hands, Skipped: skipped, Players: map[string]HudPlayerJSON{}}
		if hero != nil {
			out.Hero = hero.Name
			m := hero.Money.JSON()
			out.HeroMoney = &m
		}
		if opts.DB != "" {
			out.Files, out.DB, out.Filter = []string{}, store.Redact(opts.DB), opts.Filter.json()
		}
		if out.Skipped == nil {
			out.Skipped = []HudSkippedJSON{}
		}
		for _, p := range players {
			out.Players[p.Name] = p.JSON()
		}
		return writeJSON(opts.IO, out)
	}
	for _, s := range skipped {
		fmt.Fprintf(opts.IO.ErrOut, "pokerlab: skipped: %s\n", s.Error)
	}
	if opts.Player != "" {
		if err := hudPlayerTable(opts, players); err != nil {
			return err
		}
	} else {
		if err := hudSummaryTable(opts, players, hands); err != nil {
			return err
		}
		if hero != nil {
			writeMoney(opts.IO.Out, "hero "+hero.Name, hero.Hands, &hero.Money)
		}
	}
	if opts.By != hud.NoBreakdown && hero != nil {
		return hudGroupsTable(opts, hero)
	}
	return nil
}

// keepRows is hud.FilesOptions.Keep for filter e over files (nil for a
// nil e): e evaluated on each replayed seat as the row the database would
// store for it.
func keepRows(e filter.Expr) func(h *hh.Hand, g *holdem.Hand, s int, f *hud.HandFacts, m *hud.SeatMoney) bool {
	if e == nil {
		return nil
	}
	return func(h *hh.Hand, g *holdem.Hand, s int, f *hud.HandFacts, m *hud.SeatMoney) bool {
		row := store.RowOf(h, g, s, f, m)
		return filter.Match(e, &row)
	}
}

// hudFromDB sums the HUD of the stored hands the filters select.
func hudFromDB(opts *hudOptions) (*hud.Tracker, int64, error) {
	f, err := opts.Filter.filter()
	if err != nil {
		return nil, 0, err
	}
	db, err := openDB(opts.DB, true)
	if err != nil {
		return nil, 0, err
	}
	defer db.Close()
	return db.HUDBy(context.Background(), f, opts.By)
}

// pct renders a proportion as a percentage, "-" without opportunities.
func pct(c hud.Count) string {
	if c.Opportunities == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*c.Value())
}

func hudSummaryTable(opts *hudOptions, players []hud.Player, hands int64) error {
	slices.SortStableFunc(players, func(a, b hud.Player) int {
		if a.Hands != b.Hands {
			return int(b.Hands - a.Hands)
		}
		return strings.Compare(a.Name, b.Name)
	})
	tw := newTable(opts.IO.Out)
	cols := []hud.Stat{hud.VPIP, hud.PFR, hud.ThreeBet, hud.FoldToThreeBet, hud.Steal, hud.CBet, hud.FoldToCBet, hud.WTSD, hud.WSD}
	fmt.Fprint(tw, "player\thands")
	for _, c := range cols {
		fmt.Fprintf(tw, "\t%s", c.Key())
	}
	fmt.Fprintln(tw, "\taf\twon_bb\tbb/100\t±se\tev_bb/100")
	for _, p := range players {
		fmt.Fprintf(tw, "%s\t%d", p.Name, p.Hands)
		for _, c := range cols {
			fmt.Fprintf(tw, "\t%s", pct(p.Counts[c]))
		}
		af := "-"
		if c := p.Counts[hud.AF]; c.Opportunities > 0 {
			af = fmt.Sprintf("%.2f", c.Value())
		} else if c.Taken > 0 {
			af = "inf"
		}
		rate, se := p.Money.BB100()
		fmt.Fprintf(tw, "\t%s\t%s\t%s\t%s\t%s\n", af, num(p.Money.NetBB, 2), num(rate, 2), num(se, 2), num(p.Money.EVBB100(), 2))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "%d hands, %d players shown (percentages; af = (bets + raises) / calls; won in big blinds, ± the standard error of bb/100, ev = all-in adjusted)\n", hands, len(players))
	return nil
}

func hudPlayerTable(opts *hudOptions, players []hud.Player) error {
	if len(players) == 0 {
		fmt.Fprintf(opts.IO.Out, "%s has fewer than %d hands\n", opts.Player, opts.MinHands)
		return nil
	}
	p := players[0]
	fmt.Fprintf(opts.IO.Out, "%s: %d hands\n", p.Name, p.Hands)
	writeMoney(opts.IO.Out, p.Name, p.Hands, &p.Money)
	return statTable(opts.IO.Out, &p)
}
