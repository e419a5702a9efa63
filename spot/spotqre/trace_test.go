package spotqre

import (
	"math"
	"os"
	"testing"

	"pokerlab/efg"
	"pokerlab/qre"
	"pokerlab/spot"
)

// Small spots whose Gambit export qre trace can follow: a river with a few
// combinations each (a bet and an all-in, a raise), and a turn with three
// combinations each (every river card dealt in the export).
const (
	riverTiny = `
board = "AhKd7c5s2h"
pot = 100
stack = 150
oop = "AA,KK,77,AK,QJs,65s"
ip = "KK,AQ,77,T9s,JJ"
[sizes]
bet = "50%, a"
raise = "a"
`
	turnTiny = `
board = "Qs8h3d2c"
pot = 60
stack = 120
oop = "QhQd,8s8d,JsTs,AdKd"
ip = "AsQh,KcKd,9d9c,JhTh"
add_allin = 0
force_allin = 0
merging = 0
[sizes]
bet = "75%"
raise = "a"
`
)

func mustGame(t testing.TB, src string, opts spot.Options) *spot.Game {
	t.Helper()
	sp, err := spot.ParseSpot(src, "test.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := spot.NewGame(sp, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestEqualsQRETraceOnExportedGame: the spot's QRE at λ (units of the
// starting pot) equals, information set by information set, the agent QRE
// that qre.Trace follows on the spot exported as an extensive-form game at
// λ/pot (the export's payoffs are in chips), to 1e-6.
func TestEqualsQRETraceOnExportedGame(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lambdas   []float64
	}{{"river", riverTiny, []float64{3, 40}}, {"turn", turnTiny, []float64{5, 30}}} {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.src, spot.Options{})
			x := g.EFG()
			tree, err := efg.Compile(x)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewSolver(g, Options{Tolerance: 1e-7})
			if err != nil {
				t.Fatal(err)
			}
			rs, err := s.Solve(c.lambdas)
			if err != nil {
				t.Fatal(err)
			}
			pot := float64(g.Spot.Pot)
			for _, r := range rs {
				pt, err := qre.Solve(tree, r.Lambda/pot)
				if err != nil {
					t.Fatal(err)
				}
				prof, err := x.Profile(tree, r.Strategy())
				if err != nil {
					t.Fatal(err)
				}
				var worst float64
				at := -1
				for a := range prof {
					if d := math.Abs(prof[a] - pt.Profile[a]); d > worst {
						worst, at = d, a
					}
				}
				if worst > 1e-6 {
					I := 0
					for tree.ActionStart[I+1] <= int32(at) {
						I++
					}
					t.Fatalf("λ = %g: largest difference %.3g at %q %s (spot %.9f, qre trace %.9f)", r.Lambda, worst, tree.InfoSetLabel[I], tree.ActionLabel[at], prof[at], pt.Profile[at])
				}
				t.Logf("λ = %g: %d information sets, largest difference %.2g, residual %.2g", r.Lambda, tree.NumInfoSets(), worst, r.Residual)
			}
		})
	}
}

// loadFile reads a spot file of the spot package's testdata.
func loadFile(t testing.TB, file string) *spot.Game {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return mustGame(t, string(src), spot.Options{})
}
