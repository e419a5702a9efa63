package cli

import (
	"os"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/cards"
	"pokerlab/spot"
)

func newSpotCmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "spot",
		Short: "Heads-up No-Limit Hold'em spots solved to Nash equilibrium",
		Long: `A spot is a heads-up No-Limit Hold'em subgame: a flop, turn or river board, the
pot, the effective stack, both players' ranges and the bet sizes, written in
TOML (docs/spot.md). The betting tree follows postflop-solver's rules, so the
same spot gives the same tree in both; the solver is Discounted CFR
(Brown & Sandholm 2019) vectorised over hands, with suit isomorphism and
exact card removal.

  spot tree   print the action tree with its amounts
  spot solve  solve a spot to a target exploitability, write a .pls result
  spot show   strategy, EV and equity per hand at any node of a result; the
              13×13 grid
  spot qre    the agent logit QRE at given λ, or at λ* where its
              exploitability is 0.1 % of the pot
  spot compare  Nash against the QRE: exploitability, λ*, strategy
              distance, EV per class, ghost lines`,
	}
	cmd.AddCommand(newSpotTreeCmd(f, nil))
	cmd.AddCommand(newSpotSolveCmd(f, nil))
	cmd.AddCommand(newSpotShowCmd(f, nil))
	cmd.AddCommand(newSpotQRECmd(f, nil))
	cmd.AddCommand(newSpotCompareCmd(f, nil))
	cmd.AddCommand(newSpotBatchCmd(f, nil))
	cmd.AddCommand(newSpotReportCmd(f, nil))
	return cmd
}

// loadSpotFile reads and parses a spot TOML file.
func loadSpotFile(path string) (*spot.Spot, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return spot.ParseSpot(string(src), path)
}

func spotActionsJSON(acts []spot.Action) []SpotActionJSON {
	out := make([]SpotActionJSON, len(acts))
	for i, a := range acts {
		out[i] = SpotActionJSON{Action: a.String(), Label: a.Words(), Amount: a.Amount}
	}
	return out
}

func boardText(cs []cards.Card) string { return strings.ReplaceAll(cards.FormatCards(cs), " ", "") }

// checkSpotExt checks the extension of an output path (the command tree
// checks that it can be written, prepareTree).
func checkSpotExt(flag, path string, exts ...string) error {
	if path == "" {
		return nil
	}
	for _, e := range exts {
		if strings.HasSuffix(strings.ToLower(path), e) {
			return nil
		}
	}
	return flagErrorf("%s %s: the file name must end in %s", flag, path, strings.Join(exts, " or "))
}
