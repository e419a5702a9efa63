package cli

import (
	"math"

	"github.com/spf13/cobra"
)

func newQRECmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "qre",
		Short: "Logit quantal response equilibria: the AKQ game of the QRE note and the QRE path of any game",
		Long: `Agent logit quantal response equilibria (McKelvey & Palfrey 1998): at every
information set σ(a) ∝ exp(λ u(a)), with u the expected payoff of the action
conditional on reaching the information set (Bayes beliefs). λ = 0 is uniform
play; λ → ∞ approaches a Nash equilibrium.`,
	}
	cmd.AddCommand(newQREAKQCmd(f, nil))
	cmd.AddCommand(newQRETraceCmd(f, nil))
	cmd.AddCommand(newQREFitCmd(f, nil))
	cmd.AddCommand(newQREFiguresCmd(f, nil))
	return cmd
}

// lambdaCheck accepts λ ≥ 0 (parseFloat has refused NaN and ±∞).
func lambdaCheck(l float64) error {
	if l < 0 {
		return wantf("λ must be ≥ 0")
	}
	return nil
}

// finite returns &x, or nil for ±∞ and NaN (JSON null).
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}
