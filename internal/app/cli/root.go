package cli

import (
	"github.com/spf13/cobra"
)

// NewRootCmd builds the pokerlab command tree.
func NewRootCmd(f *Factory) *cobra.Command { return newRootCmd(f, "") }

// newRootCmd builds the command tree, or, when only names a top-level
// command, the root with that command alone (Run's start-up path: building
// every command's flags and subcommands touches about 40 pages of code and
// heap, a millisecond on this machine, for a command line that names one).
// An unknown name gives the whole tree, for cobra's error and suggestions.
func newRootCmd(f *Factory, only string) *cobra.Command {
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
	// --version: cobra adds the flag when Version is set; the template
	// prints the whole line of BuildJSON.String.
	root.Version = buildInfo().Version
	root.SetVersionTemplate(buildInfo().String() + "\n")
	root.CompletionOptions.HiddenDefaultCmd = true
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	root.SetIn(f.IO.In)
	root.SetFlagErrorFunc(flagError)

	add := func(name string, build func() *cobra.Command) {
		if only == "" || only == name {
			root.AddCommand(build())
		}
	}
	// One line per command: its name (the first word of its Use) and its
	// constructor.
	add("game", func() *cobra.Command { return newGameCmd(f) })
	add("exploit", func() *cobra.Command { return newExploitCmd(f, nil) })
	add("report", func() *cobra.Command { return newReportCmd(f, nil) })
	add("eval", func() *cobra.Command { return newEvalCmd(f, nil) })
	add("equity", func() *cobra.Command { return newEquityCmd(f, nil) })
	add("sim", func() *cobra.Command { return newSimCmd(f, nil) })
	add("npc", func() *cobra.Command { return newNPCCmd(f) })
	add("hh", func() *cobra.Command { return newHHCmd(f) })
	add("hud", func() *cobra.Command { return newHudCmd(f, nil) })
	add("db", func() *cobra.Command { return newDBCmd(f) })
	add("solve", func() *cobra.Command { return newSolveCmd(f, nil) })
	add("qre", func() *cobra.Command { return newQRECmd(f) })
	add("spot", func() *cobra.Command { return newSpotCmd(f) })
	add("serve", func() *cobra.Command { return newServeCmd(f, nil) })
	add("lab", func() *cobra.Command { return newLabCmd(f, nil) })
	add("worker", func() *cobra.Command { return newWorkerCmd(f, nil) })
	if only != "" && !root.HasSubCommands() {
		return newRootCmd(f, "")
	}

	// The rules every command inherits (tree.go): unknown subcommands,
	// output paths checked before the work.
	prepareTree(root)
	return root
}
