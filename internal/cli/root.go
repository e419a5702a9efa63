package cli

import (
	"github.com/spf13/cobra"
)

// NewRootCmd builds the pokerlab command tree.
func NewRootCmd(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "pokerlab",
		Short: "Poker game theory and poker AI opponents",
		Long: `pokerlab solves and evaluates extensive-form games (Kuhn, Leduc, the AKQ game,
any Gambit .efg file): Nash equilibria by the CFR family, logit quantal response
equilibria, best responses and exploitability; and it plays No-Limit Hold'em with
computer players configured by HUD statistics.

Games are named kuhn, leduc, akq (with parameters such as akq:bet=2 or
leduc:ranks=4) or given as the path of a Gambit .efg file.`,
	}
	silence(root)
	root.CompletionOptions.HiddenDefaultCmd = true
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	root.SetIn(f.IO.In)
	root.SetFlagErrorFunc(flagError)

	// One line per command.
	root.AddCommand(newGameCmd(f))
	root.AddCommand(newExploitCmd(f, nil))
	root.AddCommand(newReportCmd(f, nil))
	root.AddCommand(newEvalCmd(f, nil))
	root.AddCommand(newEquityCmd(f, nil))
	root.AddCommand(newSimCmd(f, nil))
	root.AddCommand(newNPCCmd(f))
	root.AddCommand(newHHCmd(f))
	root.AddCommand(newHudCmd(f, nil))
	root.AddCommand(newDBCmd(f))
	root.AddCommand(newSolveCmd(f, nil))
	root.AddCommand(newQRECmd(f))
	root.AddCommand(newSpotCmd(f))
	root.AddCommand(newServeCmd(f, nil))

	// The rules every command inherits (tree.go): unknown subcommands,
	// output paths checked before the work.
	prepareTree(root)
	return root
}
