package cli

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"pokerlab/efg"
	"pokerlab/qre"
)

type qreFitOptions struct {
	IO        *IOStreams
	Game      string
	MaxMemory int64
	Counts    string
	MaxLambda float64
	JSON      bool
}

func newQREFitCmd(f *Factory, runF func(*qreFitOptions) error) *cobra.Command {
	opts := &qreFitOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "fit --game G --counts FILE [--max-lambda L] [--json]",
		Short: "Maximum-likelihood λ of observed action counts (how rational is this play?)",
		Long: `Estimate the rationality λ that best explains observed play: the maximum of the
log-likelihood ℓ(λ) = Σ n(a) ln σ_λ(a) of the action counts n(a) under the agent
logit QRE σ_λ, along the principal branch traced from λ = 0 up to --max-lambda.
Prints λ̂, its standard error (from the curvature of ℓ), the likelihood-ratio
95 % interval, and the likelihood profile along the path.

The counts file is JSON (docs/cli.md): for each observed information set the
player (from 1), its label or id, the actions and how often each was taken.`,
		Example: `  pokerlab qre fit --game kuhn --counts observed.json
  pokerlab qre fit --game leduc --counts hands.json --max-lambda 100 --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return qreFitRun(opts)
		},
	}
	addGameFlags(cmd.Flags(), &opts.Game, &opts.MaxMemory)
	cmd.Flags().StringVar(&opts.Counts, "counts", "", "JSON file of observed action counts")
	floatVar(cmd.Flags(), &opts.MaxLambda, "max-lambda", 1e4, "trace the branch up to this λ", func(x float64) error {
		if !(x > 0) {
			return wantf("want a positive number")
		}
		return nil
	})
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	markRequired(cmd.Flags(), "counts")
	return cmd
}

func qreFitRun(opts *qreFitOptions) error {
	t, err := loadGame(opts.Game, opts.MaxMemory)
	if err != nil {
		return err
	}
	file, err := os.Open(opts.Counts)
	if err != nil {
		return err
	}
	counts, err := qre.ReadCounts(file, t, opts.Counts)
	file.Close()
	if err != nil {
		return err
	}
	fit, err := qre.Fit(t, counts, qre.FitOptions{MaxLambda: opts.MaxLambda})
	if err != nil {
		return err
	}
	if opts.JSON {
		out := QREFitJSON{
			Game: opts.Game, Lambda: fit.Lambda, StdErr: finite(fit.StdErr),
			CI95:          [2]*float64{finite(fit.CI95[0]), finite(fit.CI95[1])},
			LogLikelihood: fit.LogLikelihood, LogLikelihoodUniform: fit.LogLikelihoodUniform,
			Observations: fit.Observations, AtBoundary: fit.AtBoundary,
			InfoSets: efg.NewProfileFile(t, opts.Game, fit.QRE.Profile).InfoSets,
		}
		for _, p := range fit.Profile {
			out.Profile = append(out.Profile, QRELikelihoodJSON{Lambda: p.Lambda, LogLikelihood: p.LogLikelihood})
		}
		return writeJSON(opts.IO, out)
	}
	fmtOpt := func(p *float64) string {
		if p == nil {
			return "—"
		}
		return fmt.Sprintf("%.6g", *p)
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "λ̂\t%.6g\n", fit.Lambda)
	fmt.Fprintf(tw, "standard error\t%s\n", fmtOpt(finite(fit.StdErr)))
	fmt.Fprintf(tw, "95 %% interval\t[%s, %s]\n", fmtOpt(finite(fit.CI95[0])), fmtOpt(finite(fit.CI95[1])))
	fmt.Fprintf(tw, "log-likelihood\t%.10g (uniform play: %.10g)\n", fit.LogLikelihood, fit.LogLikelihoodUniform)
	fmt.Fprintf(tw, "observations\t%g\n", fit.Observations)
	if fit.AtBoundary {
		fmt.Fprintf(tw, "note\tthe likelihood still rises at λ = %g: raise --max-lambda\n", fit.Lambda)
	}
	return tw.Flush()
}
