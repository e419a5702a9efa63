package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/cards"
	"pokerlab/equity"
)

type equityOptions struct {
	IO       *IOStreams
	progress func(total int64, description string, quiet bool) *Progress
	Players  []string
	Board    string
	Dead     string
	Exact    bool
	Samples  int64
	StdErr   float64
	VsRandom int
	Seed     uint64
	Threads  int
	JSON     bool
}

func newEquityCmd(f *Factory, runF func(*equityOptions) error) *cobra.Command {
	opts := &equityOptions{IO: f.IO, progress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "equity HAND_OR_RANGE [HAND_OR_RANGE...] [--board B] [--dead D] [--exact | --samples N | --stderr X] [--vs-random N] [--seed S] [--threads T] [--json]",
		Short: "Pot-share equity of hands and ranges (exact or Monte Carlo)",
		Long: `Compute each player's pot-share equity: the expected share of the pot at
showdown, a win counting 1 and a k-way split 1/k; also the probabilities of
winning alone (win) and of splitting (tie).

Each argument is one player: exact hole cards (AsKs, "Ts 9s") or a range in the
standard notation: QQ+, JJ-88 (JJ, TT, 99, 88), AQs-ATs, A5s+, KQo, AK, random,
comma-separated, with optional weights (AKs:0.5). --vs-random N adds N players
holding random hands. 2 to 9 players in all.

Without --exact, --samples or --stderr the method is chosen automatically:
exact enumeration when it is estimated to take about a second or less, else
Monte Carlo until every player's standard error is at most 0.0005. Monte Carlo
is seeded (--seed) and gives the same numbers for any --threads. It stops at
10⁹ deals: --samples above that is refused, and so is --stderr below 1.6e-5,
the standard error 10⁹ deals guarantee (an equity's standard deviation is at
most 1/2). On a terminal a progress bar shows long runs.`,
		Example: `  pokerlab equity AsKs QdQc
  pokerlab equity "QQ+,AKs" "JJ-88,AQs-ATs" --exact
  pokerlab equity AhKh --vs-random 3 --board "Qh 7h 2c" --samples 1000000 --seed 7 --threads 2
  pokerlab equity AsAh KsKh QsQh --json`,
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Players = args
			set := 0
			if opts.Exact {
				set++
			}
			if opts.Samples != 0 {
				set++
			}
			if opts.StdErr != 0 {
				set++
			}
			switch {
			case set > 1:
				return flagErrorf("give at most one of --exact, --samples and --stderr")
			case len(args) == 0:
				return flagErrorf("give at least one hand or range")
			}
			if n := len(args) + opts.VsRandom; n < equity.MinPlayers || n > equity.MaxPlayers {
				return inputErrorf("%d %s: want %d to %d players (hands, ranges and --vs-random together)", n, plural(n, "player", "players"), equity.MinPlayers, equity.MaxPlayers)
			}
			if runF != nil {
				return runF(opts)
			}
			return equityRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Board, "board", "", "known board cards: 0, 3, 4 or 5 (e.g. \"Qh 7h 2c\")")
	fl.StringVar(&opts.Dead, "dead", "", "dead cards, out of play")
	fl.BoolVar(&opts.Exact, "exact", false, "enumerate every board exactly")
	int64Var(fl, &opts.Samples, "samples", 0, "Monte Carlo with this many deals (at most 10⁹)", func(n int64) error {
		switch {
		case n < 1:
			return wantf("want a positive count")
		case n > equityMaxSamples:
			return wantf("at most %d (10⁹) deals; --stderr stops as soon as the precision is reached", int64(equityMaxSamples))
		}
		return nil
	})
	floatVar(fl, &opts.StdErr, "stderr", 0, "Monte Carlo until every standard error is at most this", func(x float64) error {
		switch {
		case !(x > 0 && x < 1):
			return wantf("want a number between 0 and 1")
		case x < equityMinStdErr:
			return wantf("below %.2g, the standard error the cap of 10⁹ deals guarantees", equityMinStdErr)
		}
		return nil
	})
	intVar(fl, &opts.VsRandom, "vs-random", 0, "add this many players holding random hands", atLeast(0, "0 or more"))
	uint64Var(fl, &opts.Seed, "seed", 1, "Monte Carlo seed")
	threadsVar(fl, &opts.Threads, 1, "")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

// parsePlayer reads one player argument: exact hole cards (two cards, with
// or without a space) or a range.
func parsePlayer(arg string) (*equity.Range, error) {
	compact := strings.Join(strings.Fields(arg), "")
	if len(compact) == 4 && isSuitByte(compact[1]) && isSuitByte(compact[3]) {
		cs, err := cards.ParseCards(arg)
		if err != nil {
			return nil, err
		}
		return equity.RangeOf(cards.NewHole(cs[0], cs[1])), nil
	}
	return equity.ParseRange(arg)
}

// The Monte Carlo cap of equity: 10⁹ deals, and the standard error it
// guarantees, 1/(2·√10⁹) (a pot share lies in [0, 1], so its standard
// deviation is at most 1/2).
const (
	equityMaxSamples = 1e9
	equityMinStdErr  = 0.5 / 31622.776601683792
)

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func isSuitByte(b byte) bool {
	_, ok := cards.ParseSuit(b)
	return ok
}

func equityRun(opts *equityOptions) error {
	var ranges []*equity.Range
	var labels []string
	for i, a := range opts.Players {
		r, err := parsePlayer(a)
		if err != nil {
			return inputErrorf("player %d: %w", i+1, err)
		}
		ranges = append(ranges, r)
		labels = append(labels, a)
	}
	for range opts.VsRandom {
		ranges = append(ranges, equity.RandomRange())
		labels = append(labels, "random")
	}
	board, err := cards.ParseSet(opts.Board)
	if err != nil {
		return inputErrorf("--board: %w", err)
	}
	dead, err := cards.ParseSet(opts.Dead)
	if err != nil {
		return inputErrorf("--dead: %w", err)
	}
	// The count's unit is known when the method is chosen here; without
	// --exact, --samples or --stderr the package chooses (exact when that
	// takes about a second), and the bar shows the percentage alone.
	bar := opts.progress(0, "equity", opts.JSON)
	switch {
	case opts.Exact:
		bar.Count("boards")
	case opts.Samples > 0 || opts.StdErr > 0:
		bar.Count("deals")
	}
	o := equity.Options{Board: board, Dead: dead, Samples: opts.Samples, StdErr: opts.StdErr,
		Seed: opts.Seed, Threads: opts.Threads, Labels: labels, MaxSamples: equityMaxSamples,
		Progress: bar.SetOf}
	switch {
	case opts.Exact:
		o.Method = equity.Exact
	case opts.Samples > 0 || opts.StdErr > 0:
		o.Method = equity.MonteCarlo
	}
	if opts.Threads == 0 {
		o.Threads = -1 // all CPUs
	}
	res, err := equity.Calculate(ranges, o)
	bar.Done()
	if err != nil {
		// Calculate checks its input before any work: clashing cards, empty
		// ranges, a board of the wrong size, an enumeration out of reach.
		return asInputError(err)
	}
	out := EquityJSON{Board: board.String(), Dead: dead.String(), Method: res.Method.String(),
		StdErr: res.StdErr, Seconds: res.Elapsed.Seconds()}
	if res.Method == equity.Exact {
		out.Boards = &res.Boards
	} else {
		out.Samples = &res.Samples
		out.Seed = &opts.Seed
	}
	for i, p := range res.Players {
		out.Players = append(out.Players, EquityPlayerJSON{Input: labels[i], Equity: p.Equity, Win: p.Win, Tie: p.Tie, StdErr: p.StdErr})
	}
	if opts.JSON {
		return writeJSON(opts.IO, out)
	}
	tw := newTable(opts.IO.Out)
	if res.Method == equity.Exact {
		fmt.Fprintf(tw, "player\thand\tequity\twin\ttie\n")
	} else {
		fmt.Fprintf(tw, "player\thand\tequity\t± stderr\twin\ttie\n")
	}
	for i, p := range out.Players {
		if res.Method == equity.Exact {
			fmt.Fprintf(tw, "%d\t%s\t%.8f\t%.8f\t%.8f\n", i+1, p.Input, p.Equity, p.Win, p.Tie)
		} else {
			fmt.Fprintf(tw, "%d\t%s\t%.5f\t%.5f\t%.5f\t%.5f\n", i+1, p.Input, p.Equity, p.StdErr, p.Win, p.Tie)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if res.Method == equity.Exact {
		fmt.Fprintf(opts.IO.Out, "exact: %d boards in %.3f s\n", res.Boards, out.Seconds)
	} else {
		fmt.Fprintf(opts.IO.Out, "monte-carlo: %d deals, seed %d, max stderr %.5f, %.3f s\n", res.Samples, opts.Seed, res.StdErr, out.Seconds)
	}
	return nil
}
