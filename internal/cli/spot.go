package cli

import (
	"fmt"
	"math"
	"os"
	"strconv"
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
              13×13 grid`,
	}
	cmd.AddCommand(newSpotTreeCmd(f, nil))
	cmd.AddCommand(newSpotSolveCmd(f, nil))
	cmd.AddCommand(newSpotShowCmd(f, nil))
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

// parseBytes reads a memory size: a number of bytes, optionally with a
// unit (KiB, MiB, GiB, TiB, or K, M, G, T meaning the same powers of 1024).
func parseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := 1.0
	for _, u := range []struct {
		suffix string
		m      float64
	}{{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40}, {"kb", 1 << 10}, {"mb", 1 << 20}, {"gb", 1 << 30}, {"tb", 1 << 40},
		{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"t", 1 << 40}, {"b", 1}} {
		if strings.HasSuffix(strings.ToLower(t), u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.m
			break
		}
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || !(x >= 0) || math.IsInf(x*mult, 0) || x*mult > math.MaxInt64/2 {
		return 0, fmt.Errorf("%q: want a size such as 4GiB, 512MiB or a number of bytes", s)
	}
	return int64(x * mult), nil
}

func spotActionsJSON(acts []spot.Action) []SpotActionJSON {
	out := make([]SpotActionJSON, len(acts))
	for i, a := range acts {
		out[i] = SpotActionJSON{Action: a.String(), Label: a.Words(), Amount: a.Amount}
	}
	return out
}

func spotKindName(k spot.NodeKind) string {
	switch k {
	case spot.PlayerOOP:
		return "oop"
	case spot.PlayerIP:
		return "ip"
	case spot.ChanceNode:
		return "chance"
	case spot.FoldNode:
		return "fold"
	}
	return "showdown"
}

func boardText(cs []cards.Card) string { return strings.ReplaceAll(cards.FormatCards(cs), " ", "") }

// checkSpotOut checks, before the work starts, that path can be written:
// its extension (when exts is given) and its directory.
func checkSpotOut(flag, path string, exts ...string) error {
	if path == "" {
		return nil
	}
	if len(exts) > 0 {
		ok := false
		for _, e := range exts {
			ok = ok || strings.HasSuffix(strings.ToLower(path), e)
		}
		if !ok {
			return flagErrorf("%s %s: the file name must end in %s", flag, path, strings.Join(exts, " or "))
		}
	}
	dir := "."
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		dir = path[:i+1]
	}
	f, err := os.CreateTemp(dir, ".pokerlab-write-check-*")
	if err != nil {
		return fmt.Errorf("%s %s: cannot write there: %w", flag, path, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}
