package spot

import (
	"math"
	"testing"
)

// evHook combines the traverser's nodes by its strategy σ: Σ_a σ_a·v_a, the
// values of playing σ (what a modeEV pass computes).
type evHook struct {
	g *Game
	σ Strategy
}

func (h *evHook) Combine(node int32, reach, vals, out, tmp []float32) {
	n := &h.g.Nodes[node]
	nh := len(out)
	for i := range out {
		var s float64
		for a := range int(n.NumChildren) {
			s += float64(h.σ[n.Off+int64(a*nh+i)]) * float64(vals[a*nh+i])
		}
		out[i] = float32(s)
		tmp[i] = 0 // the scratch is the hook's: writing it must be safe
		tmp[nh+i] = 0
	}
}

// passStrategy is a fixed strategy of both players that is not uniform.
func passStrategy(g *Game) Strategy {
	σ := g.Uniform()
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Off < 0 {
			continue
		}
		nh, k := g.NumHands(g.Player(int32(i))), int(n.NumChildren)
		for h := range nh {
			var sum float64
			for a := range k {
				sum += 1 + math.Sin(float64(i+3*h+7*a))
			}
			for a := range k {
				σ[n.Off+int64(a*nh+h)] = float32((1 + math.Sin(float64(i+3*h+7*a))) / sum)
			}
		}
	}
	return σ
}

// TestPasserHookGivesStrategyValues: a Passer pass whose hook plays σ at
// the traverser's nodes gives each player's value of σ: a DCFR walker's
// evaluation pass's to float32 accuracy, and for the uniform strategy
// (suit-symmetric, so the isomorphic cards' shortcut is exact) the exact
// evaluator's.
func TestPasserHookGivesStrategyValues(t *testing.T) {
	for _, src := range []string{riverSmall, turnSmall, flopSymmetric} {
		g := mustGame(t, src, Options{})
		w := newWalker(g)
		p := g.NewPasser(1)
		tol := 1e-5 * float64(g.Spot.Pot)
		for _, σ := range []Strategy{passStrategy(g), g.Uniform()} {
			for trav := range 2 {
				got := g.rootValue(trav, p.Pass(trav, σ, &evHook{g, σ}))
				if ev := g.pass(w, trav, modeEV, σ); math.Abs(got-ev) > tol {
					t.Fatalf("player %d: value %.9g, the evaluation pass %.9g", trav, got, ev)
				}
			}
		}
		u := g.Uniform()
		want := g.Evaluate(u).Values
		for trav := range 2 {
			if got := g.rootValue(trav, p.Pass(trav, u, &evHook{g, u})); math.Abs(got-want[trav]) > tol {
				t.Fatalf("player %d, uniform play: value %.9g, Evaluate %.9g", trav, got, want[trav])
			}
		}
	}
}

// TestPasserThreadsGiveIdenticalBits: a Passer's root values are the same
// bits for one thread and three.
func TestPasserThreadsGiveIdenticalBits(t *testing.T) {
	for _, src := range []string{turnSmall, flopSymmetric} {
		g := mustGame(t, src, Options{})
		σ := passStrategy(g)
		p1, p3 := g.NewPasser(1), g.NewPasser(3)
		defer p3.Close()
		for trav := range 2 {
			a := append([]float32(nil), p1.Pass(trav, σ, &evHook{g, σ})...)
			b := p3.Pass(trav, σ, &evHook{g, σ})
			for i := range a {
				if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
					t.Fatalf("player %d, hand %d: %v with one thread, %v with three", trav, i, a[i], b[i])
				}
			}
		}
	}
}

// TestPasserAllocatesNothing: a pass allocates nothing, with threads too.
func TestPasserAllocatesNothing(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	σ := passStrategy(g)
	h := &evHook{g, σ}
	for _, threads := range []int{1, 2} {
		p := g.NewPasser(threads)
		p.Pass(0, σ, h) // (the helpers start on the first parallel chance node)
		if n := testing.AllocsPerRun(5, func() { p.Pass(1, σ, h) }); n != 0 {
			t.Fatalf("%d threads: %v allocations per pass", threads, n)
		}
		p.Close()
	}
}
