package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
	"pokerlab/store"
)

type hudOptions struct {
	IO       *IOStreams
	Files    []string
	Player   string
	MinHands int64
	Threads  int
	JSON     bool
	DB       string
	Filter   filterOptions
	progress func(total int64) *Progress
	// Rules, when set (--rules), replaces every hand's declared rule set.
	Rules     *holdem.RuleSet
	rulesText string
}

func newHudCmd(f *Factory, runF func(*hudOptions) error) *cobra.Command {
	opts := &hudOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "hud FILE|DIR|-... | --db URL [--player NAME] [--stakes 1/2] [--since DATE] [--until DATE] [--position BTN] [--min-hands N] [--json]",
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
hands and the main stats; with --player it lists all stats of that player.

With --db instead of files the HUD comes from the hand database ("pokerlab db
import"): the same stats, summed from the tallies stored with each hand
instead of replaying them, optionally over the hands at some stakes, between
two dates, or (--position) over each player's hands in one position. The
output is the same as over the files the hands came from; "hands" counts the
hands the stakes and dates select.`,
		Example: `  pokerlab hud hands.phhs
  pokerlab hud *.phhs --min-hands 100
  pokerlab hud ~/PokerStars/HandHistory/ --player Hero
  pokerlab hud hands.phhs --player Alice --json
  pokerlab hud --db pokerlab.db --player Alice --stakes 1/2 --since 2009-07-01 --position BTN`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fromDB := cmd.Flags().Changed("db")
			switch {
			case fromDB && len(args) > 0:
				return flagErrorf("give hand-history files or --db, not both")
			case !fromDB && len(args) == 0:
				return flagErrorf("give at least one hand-history file (PHH, PokerStars or GGPoker), directory, or - for standard input (or --db URL)")
			case !fromDB && opts.Filter.any():
				return flagErrorf("--stakes, --since, --until and --position need --db")
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
	int64Var(cmd.Flags(), &opts.MinHands, "min-hands", 0, "show only players with at least this many hands", atLeast[int64](0, "0 or more"))
	threadsVar(cmd.Flags(), &opts.Threads, 0, "")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	dbFlag(cmd, &opts.DB)
	opts.Filter.flags(cmd, false)
	addRulesFlag(cmd, &opts.rulesText, rulesUsage)
	return cmd
}

// hudJob is a part of a file: whole hands, parsed and tallied by one worker.
type hudJob struct {
	file, chunk int
	data        hh.Chunk
}

type hudResult struct {
	tracker *hud.Tracker
	skipped []HudSkippedJSON
	hands   int64
	err     error
	names   []string // table names, to detect a split that broke the file
	read    int      // hands read, replayed or not
}

// readHandFiles expands the arguments (files, directories, -) and reads
// every input into memory.
func readHandFiles(args []string, stdin io.Reader) ([]string, []bool, [][]byte, error) {
	ins, err := hh.ExpandInputs(args)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(ins) == 0 {
		return nil, nil, nil, errors.New("no hand-history files in the given directories")
	}
	names := make([]string, len(ins))
	inDir := make([]bool, len(ins))
	datas := make([][]byte, len(ins))
	for i, in := range ins {
		d, err := hh.ReadInput(in, stdin)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", in.Name, err)
		}
		names[i], inDir[i], datas[i] = in.Name, in.InDir, d
	}
	return names, inDir, datas, nil
}

// tallyFiles reads the files and tallies their hands with `threads` workers.
// Big files are cut into chunks of whole hands (PHH at table headers, site
// text at hand headers) so that one file also uses every worker; if a PHH
// cut falls inside a multi-line string (a chunk fails to parse) the file is
// parsed again whole. rules, when not nil, replaces every hand's rule set.
func tallyFiles(files []string, inDir []bool, datas [][]byte, threads int, progress *Progress, rules *holdem.RuleSet) (*hud.Tracker, int64, []HudSkippedJSON, error) {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	formats := make([]hh.Format, len(files))
	var notHands []HudSkippedJSON
	for i, d := range datas {
		f, err := hh.Detect(files[i], d)
		if err != nil && !inDir[i] {
			return nil, 0, nil, err
		}
		if err != nil {
			// A file found in a directory that is not a hand history.
			notHands = append(notHands, HudSkippedJSON{File: files[i], Error: err.Error()})
			datas[i] = nil
			continue
		}
		formats[i] = f
	}
	// A batch job: trade memory for fewer collections.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	run := func(jobs []hudJob) [][]hudResult {
		results := make([][]hudResult, len(files))
		for i := range files {
			results[i] = make([]hudResult, 0)
		}
		var mu sync.Mutex
		out := make([]hudResult, len(jobs))
		ch := make(chan int)
		var wg sync.WaitGroup
		var done int64
		for range min(threads, len(jobs)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var r hh.Replayer
				rd := hh.Reader{Reuse: true}
				for j := range ch {
					job := jobs[j]
					res := hudResult{tracker: hud.NewTracker()}
					file := files[job.file]
					add := func(h *hh.Hand) error {
						if rules != nil {
							h.Rules = *rules
						}
						return res.tracker.AddRecorded(h, &r)
					}
					if formats[job.file] == hh.FormatPHH {
						res.err = hh.Scan(file, job.data.Data, job.data.Line, func(h *hh.Hand) error {
							res.names = append(res.names, h.Name)
							res.read++
							if err := add(h); err != nil {
								res.skipped = append(res.skipped, HudSkippedJSON{File: file, Error: err.Error()})
							} else {
								res.hands++
							}
							return nil
						})
					} else {
						res.err = rd.ReadChunk(file, job.data, func(h *hh.Hand, err error) error {
							res.read++
							if err == nil {
								err = add(h)
							}
							if err != nil {
								res.skipped = append(res.skipped, HudSkippedJSON{File: file, Error: err.Error()})
							} else {
								res.hands++
							}
							return nil
						})
					}
					out[j] = res
					mu.Lock()
					done += int64(len(job.data.Data))
					progress.Set(done)
					mu.Unlock()
				}
			}()
		}
		for j := range jobs {
			ch <- j
		}
		close(ch)
		wg.Wait()
		for j, job := range jobs {
			results[job.file] = append(results[job.file], out[j])
		}
		return results
	}
	var jobs []hudJob
	for i, d := range datas {
		if d == nil {
			continue
		}
		for k, c := range hh.SplitHands(d, threads) {
			jobs = append(jobs, hudJob{file: i, chunk: k, data: c})
		}
	}
	results := run(jobs)
	// A PHH file whose chunks failed, or whose table names repeat across
	// chunks, is parsed again whole, for the exact error.
	var redo []hudJob
	for i, rs := range results {
		bad := false
		seen := map[string]bool{}
		for _, r := range rs {
			bad = bad || r.err != nil
			for _, n := range r.names {
				bad = bad || seen[n]
				seen[n] = true
			}
		}
		if bad && len(rs) > 1 && formats[i] == hh.FormatPHH {
			redo = append(redo, hudJob{file: i, data: hh.Chunk{Data: datas[i], Line: 1}})
		}
	}
	if len(redo) > 0 {
		again := run(redo)
		for _, j := range redo {
			results[j.file] = again[j.file]
		}
	}
	t := hud.NewTracker()
	var hands int64
	skipped := notHands
	for i, rs := range results {
		if datas[i] == nil {
			continue // not a hand history, found in a directory: listed in notHands
		}
		seen := 0
		for _, r := range rs {
			if r.err != nil {
				return nil, 0, nil, r.err
			}
			seen += r.read
		}
		if seen == 0 {
			return nil, 0, nil, noHandsError(files[i])
		}
	}
	for _, rs := range results {
		for _, r := range rs {
			t.Merge(r.tracker)
			hands += r.hands
			skipped = append(skipped, r.skipped...)
		}
	}
	t.SortByName()
	return t, hands, skipped, nil
}

func hudRun(opts *hudOptions) error {
	var t *hud.Tracker
	var hands int64
	var skipped []HudSkippedJSON
	var err error
	if opts.DB != "" {
		t, hands, err = hudFromDB(opts)
	} else {
		var files []string
		var inDir []bool
		var datas [][]byte
		files, inDir, datas, err = readHandFiles(opts.Files, opts.IO.In)
		if err != nil {
			return err
		}
		var total int64
		for _, d := range datas {
			total += int64(len(d))
		}
		progress := opts.progress(total)
		t, hands, skipped, err = tallyFiles(files, inDir, datas, opts.Threads, progress, opts.Rules)
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
	players = slices.DeleteFunc(slices.Clone(players), func(p hud.Player) bool { return p.Hands < opts.MinHands })
	if opts.JSON {
		out := HudJSON{Files: opts.Files, Hands: hands, Skipped: skipped, Players: map[string]HudPlayerJSON{}}
		if opts.DB != "" {
			out.Files, out.DB, out.Filter = []string{}, store.Redact(opts.DB), opts.Filter.json()
		}
		if out.Skipped == nil {
			out.Skipped = []HudSkippedJSON{}
		}
		for _, p := range players {
			pj := HudPlayerJSON{Hands: p.Hands, Stats: map[string]HudStatJSON{}}
			for _, st := range hud.Stats() {
				pj.Stats[st.Key()] = statJSON(st, p.Counts[st])
			}
			out.Players[p.Name] = pj
		}
		return writeJSON(opts.IO, out)
	}
	for _, s := range skipped {
		fmt.Fprintf(opts.IO.ErrOut, "pokerlab: skipped: %s\n", s.Error)
	}
	if opts.Player != "" {
		return hudPlayerTable(opts, players)
	}
	return hudSummaryTable(opts, players, hands)
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
	return db.HUD(context.Background(), f)
}

func statJSON(st hud.Stat, c hud.Count) HudStatJSON {
	out := HudStatJSON{Taken: c.Taken, Opportunities: c.Opportunities}
	if st.IsRatio() {
		if c.Opportunities > 0 {
			v := c.Value()
			out.Value = &v
		}
		return out
	}
	if c.Opportunities > 0 {
		v := c.Value()
		lo, hi := c.Wilson()
		out.Value, out.CI95 = &v, &[2]float64{lo, hi}
	}
	return out
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
	fmt.Fprintln(tw, "\taf")
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
		fmt.Fprintf(tw, "\t%s\n", af)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "%d hands, %d players shown (percentages; af = (bets + raises) / calls)\n", hands, len(players))
	return nil
}

func hudPlayerTable(opts *hudOptions, players []hud.Player) error {
	if len(players) == 0 {
		fmt.Fprintf(opts.IO.Out, "%s has fewer than %d hands\n", opts.Player, opts.MinHands)
		return nil
	}
	p := players[0]
	fmt.Fprintf(opts.IO.Out, "%s: %d hands\n", p.Name, p.Hands)
	tw := newTable(opts.IO.Out)
	fmt.Fprintln(tw, "stat\tvalue\ttaken/opportunities\t95% CI")
	for _, st := range hud.Stats() {
		c := p.Counts[st]
		switch {
		case st.IsRatio():
			v := "-"
			if c.Opportunities > 0 {
				v = fmt.Sprintf("%.2f", c.Value())
			}
			fmt.Fprintf(tw, "%s\t%s\t%d/%d\t\n", st.Key(), v, c.Taken, c.Opportunities)
		case c.Opportunities == 0:
			fmt.Fprintf(tw, "%s\t-\t0/0\t\n", st.Key())
		default:
			lo, hi := c.Wilson()
			fmt.Fprintf(tw, "%s\t%.1f%%\t%d/%d\t%.1f–%.1f%%\n", st.Key(), 100*c.Value(), c.Taken, c.Opportunities, 100*lo, 100*hi)
		}
	}
	return tw.Flush()
}
