package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/games"
	"pokerlab/games/akq"
	"pokerlab/qre"
)

type qreAKQOptions struct {
	IO      *IOStreams
	Bet     string
	Lambdas []float64
	JSON    bool

	bet float64 // --bet, parsed
}

func newQREAKQCmd(f *Factory, runF func(*qreAKQOptions) error) *cobra.Command {
	opts := &qreAKQOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "akq --bet B --lambda L[,L...] [--json]",
		Short: "The logit QRE of the AKQ game (the QRE note's eqs (2)–(4)) at given λ",
		Long: `Solve the AKQ game's logit QRE (the QRE note's eqs (2)–(4)) for bet size B (in pots;
an integer, decimal or fraction such as 1/3) at each λ ≥ 0, by Newton's method
in log-odds with continuation in λ (stable to λ = 10^6). For each λ it prints
player 1's betting frequencies with A and Q (pA, pQ), player 2's calling
frequency (pK), player 1's exploitability ε (the loss against a best-responding
player 2 relative to the game value, pot = 1), player 1's expected payoff, and
the internal energy E, entropy S and free energy F = E − S/λ of each hand.`,
		Example: `  pokerlab qre akq --bet 2 --lambda 1,10,100,2000
  pokerlab qre akq --bet 1/3 --lambda 5 --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			B, err := parseBet(opts.Bet)
			if err != nil {
				return err
			}
			opts.bet = B
			if runF != nil {
				return runF(opts)
			}
			return qreAKQRun(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Bet, "bet", "", "bet size B in pots (> 0; 2, 0.5 or 1/3)")
	floatsVar(cmd.Flags(), &opts.Lambdas, "lambda", "values of λ ≥ 0 (comma-separated or repeated)", lambdaCheck)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	markRequired(cmd.Flags(), "bet", "lambda")
	return cmd
}

// parseBet reads a bet size as the akq game does (2, 0.5, 1/3); an invalid
// one is invalid input (exit 2).
func parseBet(s string) (float64, error) {
	g, err := games.Parse("akq:bet=" + s)
	if err != nil {
		return 0, inputErrorf("--bet %s: %s", s, strings.TrimPrefix(err.Error(), "akq: "))
	}
	return g.(akq.Game).Bet, nil
}

func qreAKQRun(opts *qreAKQOptions) error {
	B := opts.bet
	g, err := qre.NewAKQ(B)
	if err != nil {
		return err
	}
	pts, err := g.Solve(opts.Lambdas...)
	if err != nil {
		return err
	}
	out := make([]QREAKQJSON, len(pts))
	for i, p := range pts {
		th := g.Thermo(p)
		hands := func(k int) AKQHandsJSON {
			get := func(t qre.Thermo) float64 { return [3]float64{t.Energy, t.Entropy, t.FreeEnergy}[k] }
			return AKQHandsJSON{A: finite(get(th[0])), Q: finite(get(th[1])), K: finite(get(th[2]))}
		}
		out[i] = QREAKQJSON{
			Bet: B, Lambda: p.Lambda, PA: p.PA, PQ: p.PQ, PK: p.PK,
			ExploitabilityP1: g.Exploitability(p), ValueP1: g.ValueP1(p),
			Energy: hands(0), Entropy: hands(1), FreeEnergy: hands(2),
		}
	}
	if opts.JSON {
		return writeJSON(opts.IO, QREAKQListJSON{Points: out})
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "B\tλ\tpA\tpQ\tpK\tε (P1)\tvalue P1\tE_A\tE_Q\tE_K\tS_A\tS_Q\tS_K\tF_A\tF_Q\tF_K\n")
	for _, o := range out {
		fmt.Fprintf(tw, "%s\t%g\t%.9f\t%.9f\t%.9f\t%.6g\t%.9f", opts.Bet, o.Lambda, o.PA, o.PQ, o.PK, o.ExploitabilityP1, o.ValueP1)
		for _, h := range []AKQHandsJSON{o.Energy, o.Entropy, o.FreeEnergy} {
			for _, v := range []*float64{h.A, h.Q, h.K} {
				if v == nil {
					fmt.Fprintf(tw, "\t-inf")
				} else {
					fmt.Fprintf(tw, "\t%.6f", *v)
				}
			}
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}
