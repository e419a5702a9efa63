package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/br"
	"pokerlab/efg"
	"pokerlab/games"
)

func newGameCmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "game",
		Short: "Inspect, export and solve extensive-form games",
	}
	cmd.AddCommand(newGameListCmd(f, nil))
	cmd.AddCommand(newGameInfoCmd(f, nil))
	cmd.AddCommand(newGameExportCmd(f, nil))
	cmd.AddCommand(newGameValueCmd(f, nil))
	return cmd
}

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
		return writeJSON(opts.IO, out)
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

type gameValueOptions struct {
	IO        *IOStreams
	Game      string
	MaxMemory int64
	Out       string
	JSON      bool
}

func newGameValueCmd(f *Factory, runF func(*gameValueOptions) error) *cobra.Command {
	opts := &gameValueOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "value --game G [--out strategy.json] [--json]",
		Short: "Solve a two-player zero-sum game exactly by linear programming",
		Long: `Compute the value of a two-player constant-sum game, and an exact equilibrium,
by the sequence-form linear program (Koller, Megiddo & von Stengel 1994). The
simplex tableau is dense, so this suits games up to a few thousand sequences
per player: Kuhn and the AKQ game take milliseconds, Leduc Hold'em a few
seconds. --out writes the equilibrium as a strategy file.`,
		Example: `  pokerlab game value --game kuhn
  pokerlab game value --game leduc --out leduc-nash.json --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return gameValueRun(opts)
		},
	}
	addGameFlags(cmd.Flags(), &opts.Game, &opts.MaxMemory)
	outputFileVar(cmd.Flags(), &opts.Out, "out", "o", "", "write the equilibrium strategy (JSON) to this file")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func gameValueRun(opts *gameValueOptions) error {
	t, err := loadGame(opts.Game, opts.MaxMemory)
	if err != nil {
		return err
	}
	start := time.Now()
	v, profile, err := br.GameValue(t)
	if err != nil {
		return err
	}
	seconds := time.Since(start).Seconds()
	if opts.Out != "" {
		if err := writeFileAtomic(opts.Out, func(w io.Writer) error { return efg.WriteProfile(w, t, opts.Game, profile) }); err != nil {
			return err
		}
	}
	if opts.JSON {
		return writeJSON(opts.IO, GameValueJSON{Game: opts.Game, Value: v[:], Seconds: seconds})
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "player\tvalue\n")
	for p, name := range t.PlayerNames {
		fmt.Fprintf(tw, "%s\t%.12g\n", name, v[p])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "solved by the sequence-form LP in %.3g s", seconds)
	if opts.Out != "" {
		fmt.Fprintf(opts.IO.Out, "; equilibrium written to %s", opts.Out)
	}
	fmt.Fprintln(opts.IO.Out)
	return nil
}

// readStrategy loads a strategy file for t.
func readStrategy(t *efg.Tree, path string) ([]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return efg.ReadProfile(f, t, path)
}
