package cli

import (
	"io"

	"github.com/spf13/cobra"

	"pokerlab/efg"
)

type gameExportOptions struct {
	IO        *IOStreams
	Game      string
	MaxMemory int64
	Format    string
	Out       string
}

func newGameExportCmd(f *Factory, runF func(*gameExportOptions) error) *cobra.Command {
	opts := &gameExportOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "export --game G [--format efg] [--out FILE]",
		Short: "Write a game as a Gambit .efg file",
		Long: `Write a game in Gambit's extensive-form format (version 2) to standard output
or to a file. Reading the file back (--game FILE.efg) gives the same tree.`,
		Example: `  pokerlab game export --game kuhn > kuhn.efg
  pokerlab game export --game leduc --out leduc.efg`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if opts.Format != "efg" {
				return inputErrorf("--format %q is not supported (only efg)", opts.Format)
			}
			if runF != nil {
				return runF(opts)
			}
			return gameExportRun(opts)
		},
	}
	addGameFlags(cmd.Flags(), &opts.Game, &opts.MaxMemory)
	cmd.Flags().StringVar(&opts.Format, "format", "efg", "output format: efg")
	outputFileVar(cmd.Flags(), &opts.Out, "out", "o", "", "write to this file instead of standard output")
	return cmd
}

func gameExportRun(opts *gameExportOptions) error {
	t, err := loadGame(opts.Game, opts.MaxMemory)
	if err != nil {
		return err
	}
	if opts.Out == "" {
		return efg.WriteEFG(opts.IO.Out, t)
	}
	return writeFileAtomic(opts.Out, func(w io.Writer) error { return efg.WriteEFG(w, t) })
}
