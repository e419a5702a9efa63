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
	opts := &equityOptions{IO: f.IO}
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
is seeded (--seed) and gives the same numbers for any --threads.`,
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
			case opts.Samples < 0:
				return flagErrorf("--samples %d: want a positive count", opts.Samples)
			case opts.StdErr < 0 || opts.StdErr >= 1:
				return flagErrorf("--stderr %v: want a number between 0 and 1", opts.StdErr)
			case opts.VsRandom < 0:
				return flagErrorf("--vs-random %d: want 0 or more", opts.VsRandom)
			case len(args) == 0:
				return flagErrorf("give at least one hand or range")
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
	fl.Int64Var(&opts.Samples, "samples", 0, "Monte Carlo with this many deals")
	fl.Float64Var(&opts.StdErr, "stderr", 0, "Monte Carlo until every standard error is at most this")
	fl.IntVar(&opts.VsRandom, "vs-random", 0, "add this many players holding random hands")
	fl.Uint64Var(&opts.Seed, "seed", 1, "Monte Carlo seed")
	fl.IntVar(&opts.Threads, "threads", 1, "goroutines to use (0: all CPUs)")
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
			return fmt.Errorf("player %d: %w", i+1, err)
		}
		ranges = append(ranges, r)
		labels = append(labels, a)
	}
	for range min(opts.VsRandom, 64) { // beyond 9 players the count alone is reported
		ranges = append(ranges, equity.RandomRange())
		labels = append(labels, "random")
	}
	if n := len(opts.Players) + opts.VsRandom; n < equity.MinPlayers || n > equity.MaxPlayers {
		return fmt.Errorf("%d players: want %d to %d", n, equity.MinPlayers, equity.MaxPlayers)
	}
	board, err := cards.ParseSet(opts.Board)
	if err != nil {
		return fmt.Errorf("--board: %w", err)
	}
	dead, err := cards.ParseSet(opts.Dead)
	if err != nil {
		return fmt.Errorf("--dead: %w", err)
	}
	o := equity.Options{Board: board, Dead: dead, Samples: opts.Samples, StdErr: opts.StdErr,
		Seed: opts.Seed, Threads: opts.Threads, Labels: labels}
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
	if err != nil {
		return err
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
