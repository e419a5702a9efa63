package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

type gameInfoOptions struct {
	IO        *IOStreams
	Game      string
	MaxMemory int64
	JSON      bool
}

func newGameInfoCmd(f *Factory, runF func(*gameInfoOptions) error) *cobra.Command {
	opts := &gameInfoOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "info --game G",
		Short: "Show the size and properties of a game",
		Long: `Show the size of a game's compiled tree (nodes, terminals, chance nodes,
information sets per player, actions), whether it is constant-sum, and the
memory the tree takes.`,
		Example: `  pokerlab game info --game leduc
  pokerlab game info --game akq:bet=1/3 --json
  pokerlab game info --game mygame.efg`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return gameInfoRun(opts)
		},
	}
	addGameFlags(cmd.Flags(), &opts.Game, &opts.MaxMemory)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func gameInfoRun(opts *gameInfoOptions) error {
	t, err := loadGame(opts.Game, opts.MaxMemory)
	if err != nil {
		return err
	}
	info := GameInfoJSON{
		Game: opts.Game, Title: t.Title, PlayerNames: t.PlayerNames,
		Players: t.NumPlayers(), Nodes: t.NumNodes(), Terminals: t.NumTerminals(),
		ChanceNodes: t.NumChanceNodes(), InfoSets: t.NumInfoSets(),
		InfoSetsPerPlayer: t.InfoSetsPerPlayer(), Actions: t.NumActions(),
		ConstantSum: t.ConstantSum, Bytes: t.Bytes(),
	}
	if t.ConstantSum {
		s := t.Sum
		info.Sum = &s
	}
	if opts.JSON {
		return writeJSON(opts.IO, info)
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "game\t%s\n", info.Game)
	fmt.Fprintf(tw, "title\t%s\n", info.Title)
	fmt.Fprintf(tw, "players\t%d %v\n", info.Players, info.PlayerNames)
	fmt.Fprintf(tw, "nodes\t%d\n", info.Nodes)
	fmt.Fprintf(tw, "terminals\t%d\n", info.Terminals)
	fmt.Fprintf(tw, "chance nodes\t%d\n", info.ChanceNodes)
	fmt.Fprintf(tw, "information sets\t%d %v\n", info.InfoSets, info.InfoSetsPerPlayer)
	fmt.Fprintf(tw, "actions\t%d\n", info.Actions)
	if t.ConstantSum {
		fmt.Fprintf(tw, "constant-sum\tyes (payoffs add up to %g)\n", t.Sum)
	} else {
		fmt.Fprintf(tw, "constant-sum\tno\n")
	}
	fmt.Fprintf(tw, "tree memory\t%d bytes\n", info.Bytes)
	return tw.Flush()
}
