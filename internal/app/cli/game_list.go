package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/games"
)

type gameListOptions struct {
	IO   *IOStreams
	JSON bool
}

func newGameListCmd(f *Factory, runF func(*gameListOptions) error) *cobra.Command {
	opts := &gameListOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "list [--json]",
		Short: "List the built-in games and their parameters",
		Long: `List the built-in games: their names, what they are and the parameters they
take (as in --game leduc:ranks=4,maxraises=3).`,
		Example: `  pokerlab game list
  pokerlab game list --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return gameListRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func gameListRun(opts *gameListOptions) error {
	list := games.List()
	if opts.JSON {
		out := make([]GameListJSON, len(list))
		for i, g := range list {
			out[i] = GameListJSON{Name: g.Name, Description: g.Description, Parameters: g.Parameters}
			if out[i].Parameters == nil {
				out[i].Parameters = []string{}
			}
		}
		return writeJSON(opts.IO, GameListAllJSON{Games: out})
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "game\tparameters\tdescription\n")
	for _, g := range list {
		params := strings.Join(g.Parameters, ", ")
		if params == "" {
			params = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", g.Name, params, g.Description)
	}
	return tw.Flush()
}
