package spot

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// TestBatchedTerminalsMatchOneByOne: showdowns evaluated two or three at a
// time, and blocker sums two at a time, give the bits of one at a time.
func TestBatchedTerminalsMatchOneByOne(t *testing.T) {
	src, err := os.ReadFile("testdata/turn-Td9d6hQc-pot200-stack900.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(mustSpot(t, string(src)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(31, 32))
	byBoard := map[int32][]int32{}
	for i := range g.Nodes {
		if n := &g.Nodes[i]; n.Kind == ShowdownNode {
			byBoard[n.Board] = append(byBoard[n.Board], int32(i))
		}
	}
	checked := 0
	for _, sd := range byBoard {
		if len(sd) < 3 || rng.IntN(8) != 0 {
			continue
		}
		for p := range 2 {
			o := p ^ 1
			reach := make([][]float32, 3)
			for i := range reach {
				reach[i] = make([]float32, len(g.Hands[o]))
				for h := range reach[i] {
					if rng.IntN(4) != 0 {
						reach[i][h] = float32(rng.Float64()) * g.Weights[o][h]
					}
				}
			}
			want := make([][]float32, 3)
			for i := range want {
				want[i] = make([]float32, len(g.Hands[p]))
				g.EvalTerminal(sd[i], p, reach[i], want[i])
			}
			out := func() []float32 { return make([]float32, len(g.Hands[p])) }
			var b [3]blockers
			blockerSumsPair(g, o, reach[0], &b[0], reach[1], &b[1])
			for i := range 2 {
				var one blockers
				blockersOf(&one, g, o, reach[i])
				if one.all != b[i].all || one.minus != b[i].minus {
					t.Fatalf("blockerSumsPair lane %d differs from blockerSums", i)
				}
			}
			a0, a1 := out(), out()
			evalShowdownPair(g, &g.Nodes[sd[0]], &g.Nodes[sd[1]], p, reach[0], a0, &b[0], reach[1], a1, &b[1])
			t0, t1, t2 := out(), out(), out()
			evalShowdownTriple(g, &g.Nodes[sd[0]], &g.Nodes[sd[1]], &g.Nodes[sd[2]], p, reach[0], t0, &b[0], reach[1], t1, &b[1], reach[2], t2, &b[2])
			for name, got := range map[string][][]float32{"pair": {a0, a1}, "triple": {t0, t1, t2}} {
				for i := range got {
					for h := range got[i] {
						if math.Float32bits(got[i][h]) != math.Float32bits(want[i][h]) {
							t.Fatalf("%s lane %d player %d hand %d: %v, one at a time %v", name, i, p, h, got[i][h], want[i][h])
						}
					}
				}
			}
			checked++
		}
	}
	if checked < 4 {
		t.Fatalf("only %d boards checked", checked)
	}
}
