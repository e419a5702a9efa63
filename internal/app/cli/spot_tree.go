package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/spot"
)

type spotTreeOptions struct {
	IO    *IOStreams
	Spot  string
	Depth int
	JSON  bool
}

func newSpotTreeCmd(f *Factory, runF func(*spotTreeOptions) error) *cobra.Command {
	opts := &spotTreeOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "tree SPOT [--depth N] [--json]",
		Short: "Print the action tree of a spot with its amounts",
		Long: `Print the betting tree of a spot: one line per node, indented by depth, with
the line that reaches it in the node notation (f fold, x check, c call, b120 bet
to 120, r300 raise to 300, a900 all-in; amounts are street bet-to totals as in
postflop-solver; * marks a card dealt), who acts, the pot and the actions. The
tree is shared by every turn and river card; the summary gives the size of the
game tree once the cards are dealt (isomorphic cards merged) and the memory a
solve needs on one thread. --depth N stops N actions deep.`,
		Example: `  pokerlab spot tree spot/testdata/turn-Td9d6hQc-pot200-stack900.toml
  pokerlab spot tree flop.toml --depth 3
  pokerlab spot tree river.toml --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Spot = args[0]
			if runF != nil {
				return runF(opts)
			}
			return spotTreeRun(opts)
		},
	}
	intVar(cmd.Flags(), &opts.Depth, "depth", 0, "print nodes at most N actions deep (0: all)", atLeast(0, "0 (all) or more"))
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func spotTreeRun(o *spotTreeOptions) error {
	sp, err := loadSpotFile(o.Spot)
	if err != nil {
		return err
	}
	g, err := spot.NewGame(sp, spot.Options{})
	if err != nil {
		return err
	}
	t := g.Tree
	out := SpotTreeJSON{Board: boardText(sp.Board), Pot: sp.Pot, Stack: sp.Stack,
		Hands: [2]int{g.NumHands(0), g.NumHands(1)}, ActionNodes: len(t.Nodes), GameNodes: g.NumNodes(),
		Values: g.Size, MemoryEstimate: g.MemoryEstimate(1)}
	var walk func(i int32, depth int, line []string)
	walk = func(i int32, depth int, line []string) {
		if o.Depth > 0 && depth > o.Depth {
			return
		}
		n := &t.Nodes[i]
		node := SpotTreeNodeJSON{Line: strings.Join(line, " "), Depth: depth, Kind: n.Kind.String(),
			Street: n.Street.String(), Pot: t.Pot(i), Actions: spotActionsJSON(n.Actions)}
		out.Nodes = append(out.Nodes, node)
		switch n.Kind {
		case spot.ChanceNode:
			walk(n.Children[0], depth, append(line[:len(line):len(line)], "*"))
		case spot.PlayerOOP, spot.PlayerIP:
			for k, a := range n.Actions {
				walk(n.Children[k], depth+1, append(line[:len(line):len(line)], a.String()))
			}
		}
	}
	walk(0, 0, nil)
	if o.JSON {
		return writeJSON(o.IO, out)
	}
	w := o.IO.Out
	fmt.Fprintf(w, "spot %s (%s), pot %d, stack %d, %d OOP and %d IP hands\n", out.Board, sp.Street(), sp.Pot, sp.Stack, out.Hands[0], out.Hands[1])
	fmt.Fprintf(w, "action tree %d nodes; game tree %d nodes, %d values per array; solving needs about %s\n\n",
		out.ActionNodes, out.GameNodes, out.Values, spot.FormatBytes(out.MemoryEstimate))
	for _, n := range out.Nodes {
		ind := strings.Repeat("  ", n.Depth)
		line := n.Line
		if line == "" {
			line = "(root)"
		}
		switch n.Kind {
		case "oop", "ip":
			acts := make([]string, len(n.Actions))
			for i, a := range n.Actions {
				acts[i] = a.Action
			}
			fmt.Fprintf(w, "%s%s  %s to act, pot %d: %s\n", ind, line, strings.ToUpper(n.Kind), n.Pot, strings.Join(acts, " "))
		case "chance":
			fmt.Fprintf(w, "%s%s  deal the %s, pot %d\n", ind, line, nextStreet(n.Street), n.Pot)
		case "fold":
			fmt.Fprintf(w, "%s%s  fold, pot %d\n", ind, line, n.Pot)
		default:
			fmt.Fprintf(w, "%s%s  showdown, pot %d\n", ind, line, n.Pot)
		}
	}
	return nil
}

func nextStreet(s string) string {
	if s == "flop" {
		return "turn"
	}
	return "river"
}
