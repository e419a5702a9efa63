package spot

import (
	"bytes"
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"pokerlab/br"
	"pokerlab/cards"
	"pokerlab/efg"
	"pokerlab/equity"
	"pokerlab/handeval"
)

var long = flag.Bool("long", false, "run the long checks (turn and flop spots)")

func mustSpot(t testing.TB, src string) *Spot {
	t.Helper()
	sp, err := ParseSpot(src, "test.toml")
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func mustGame(t testing.TB, src string, opts Options) *Game {
	t.Helper()
	g, err := NewGame(mustSpot(t, src), opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Small spots for the tests: a river with a few combinations each, a turn
// and a flop with narrow ranges.
const (
	riverSmall = `
board = "AhKd7c5s2h"
pot = 100
stack = 150
oop = "AA,KK,77,AK,QJs,65s"
ip = "KK,AQ,77,T9s,JJ"
[sizes]
bet = "50%, a"
raise = "a"
`
	riverRake = "rake = 0.05\nrake_cap = 4\n" + riverSmall
	turnSmall = `
board = "Qs8h3d2c"
pot = 60
stack = 120
oop = "QQ,88,AQs,KQo,J9s,T9s,A3s"
ip = "33,AQ,KK,JTs,87s,A5s"
add_allin = 0
force_allin = 0
merging = 0
[sizes]
bet = "75%"
raise = "a"
`
	// A flop whose two black suits are isomorphic: the board has no spade or
	// club and both ranges are written without suits.
	flopSymmetric = `
board = "Th7d2h"
pot = 50
stack = 60
oop = "TT,77,AhKh,AK,QJs"
ip = "99,A7s,KTo,JJ"
add_allin = 0
force_allin = 0
merging = 0
[sizes]
bet = "a"
raise = "a"
`
)

// payoff is player p's payoff relative to half the pot, from scratch: the
// winner takes the pot less the rake, a tie splits it.
func payoff(sp *Spot, pot int, fold bool, folder, p int, board cards.Set, hp, ho cards.Hole) float64 {
	half := float64(pot) / 2
	rake := math.Min(float64(pot)*sp.Rake, sp.RakeCap)
	if fold {
		if folder == p {
			return -half
		}
		return half - rake
	}
	vp := handeval.Eval(board | hp.Set())
	vo := handeval.Eval(board | ho.Set())
	switch {
	case vp > vo:
		return half - rake
	case vp < vo:
		return -half
	}
	return -rake / 2
}

// TestTerminalValuesMatchBruteForce compares the O(n) fold and showdown
// sweeps with the double loop over both players' hands (card removal by
// checking every pair), with and without rake, on every terminal of a river
// and a turn spot, for random opponent reach.
func TestTerminalValuesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, src := range []string{riverSmall, riverRake, turnSmall, "rake = 0.1\n" + turnSmall} {
		g := mustGame(t, src, Options{})
		checked := 0
		for i := range g.Nodes {
			nd := &g.Nodes[i]
			if !nd.Kind.Terminal() || rng.IntN(4) != 0 && checked > 20 {
				continue
			}
			checked++
			an := &g.Tree.Nodes[nd.Act]
			board := g.Spot.BoardSet() | g.Dealt(int32(i))
			for p := range 2 {
				o := p ^ 1
				reach := make([]float32, len(g.Hands[o]))
				reach64 := make([]float64, len(reach))
				for j, h := range g.Hands[o] {
					if !h.Set().Overlaps(board) && rng.IntN(5) != 0 {
						reach[j] = float32(rng.Float64())
						reach64[j] = float64(reach[j])
					}
				}
				var scale float64 // the size of the terms: Σ reach · pot / Combos
				for _, r := range reach64 {
					scale += r
				}
				scale *= float64(g.Spot.Pot+2*an.Amount) / g.Combos
				out := make([]float32, len(g.Hands[p]))
				out64 := make([]float64, len(g.Hands[p]))
				g.EvalTerminal(int32(i), p, reach, out)
				g.EvalTerminal64(int32(i), p, reach64, out64)
				for a, hp := range g.Hands[p] {
					if hp.Set().Overlaps(board) {
						continue
					}
					var want float64
					for b, ho := range g.Hands[o] {
						if ho.Set().Overlaps(board | hp.Set()) {
							continue
						}
						want += reach64[b] * payoff(g.Spot, g.Spot.Pot+2*an.Amount, nd.Kind == FoldNode, an.Folder, p, board, hp, ho)
					}
					want /= g.Combos
					if math.Abs(out64[a]-want) > 1e-12*math.Max(1, math.Abs(want)) {
						t.Fatalf("node %d (%s) player %d hand %s: float64 %v, brute force %v", i, g.Tree.Path(nd.Act), p, hp, out64[a], want)
					}
					if math.Abs(float64(out[a])-want) > 1e-6*scale {
						t.Fatalf("node %d player %d hand %s: float32 %v, brute force %v", i, p, hp, out[a], want)
					}
				}
			}
		}
	}
}

func solve(t testing.TB, g *Game, opt SolveOptions, iters int) *Solver {
	t.Helper()
	s, err := NewSolver(g, opt, 0)
	if err != nil {
		t.Fatal(err)
	}
	s.Iterate(iters)
	return s
}

// TestIsomorphismDoesNotChangeValues solves a flop spot whose black suits
// are interchangeable with and without merging isomorphic cards: the
// merged tree is smaller, and values and exploitability agree (the sums
// differ only in rounding order).
func TestIsomorphismDoesNotChangeValues(t *testing.T) {
	iso := mustGame(t, flopSymmetric, Options{})
	full := mustGame(t, flopSymmetric, Options{NoIsomorphism: true})
	if !(iso.NumNodes() < full.NumNodes()) {
		t.Fatalf("isomorphism merged nothing: %d nodes, %d without", iso.NumNodes(), full.NumNodes())
	}
	a := iso.Evaluate(solve(t, iso, SolveOptions{}, 30).Average())
	b := full.Evaluate(solve(t, full, SolveOptions{}, 30).Average())
	for p := range 2 {
		if math.Abs(a.Values[p]-b.Values[p]) > 1e-3 || math.Abs(a.BestResponse[p]-b.BestResponse[p]) > 1e-3 {
			t.Errorf("player %d: with isomorphism %+v, without %+v", p, a, b)
		}
	}
	t.Logf("nodes %d vs %d; %+v", iso.NumNodes(), full.NumNodes(), a)
}

// TestThreadsGiveIdenticalBits: one thread and two give the same regrets,
// strategy sums and exploitability checks, bit for bit.
func TestThreadsGiveIdenticalBits(t *testing.T) {
	for _, src := range []string{turnSmall, flopSymmetric} {
		g := mustGame(t, src, Options{})
		s1 := solve(t, g, SolveOptions{Threads: 1}, 12)
		s2 := solve(t, g, SolveOptions{Threads: 2}, 12)
		for i := range s1.regret {
			if math.Float32bits(s1.regret[i]) != math.Float32bits(s2.regret[i]) || math.Float32bits(s1.cum[i]) != math.Float32bits(s2.cum[i]) {
				t.Fatalf("element %d: regret %v vs %v, sum %v vs %v", i, s1.regret[i], s2.regret[i], s1.cum[i], s2.cum[i])
			}
		}
		b1, e1 := s1.Exploitability()
		b2, e2 := s2.Exploitability()
		if b1 != b2 || e1 != e2 {
			t.Fatalf("exploitability %v %v vs %v %v", b1, e1, b2, e2)
		}
	}
}

// TestStackZeroIsShowdown: with nothing behind, the hand is dealt out and
// each player's value is its pot-share equity (package equity, exact
// enumeration) times the pot.
func TestStackZeroIsShowdown(t *testing.T) {
	for _, board := range []string{"Qs8h3d2c", "AhKd7c5s2h", "Th7d2h"} {
		sp := mustSpot(t, `board = "`+board+`"
pot = 80
stack = 0
oop = "QQ,88,AQs,KQo,J9s,T9s,A3s"
ip = "33,AQ,KK,JTs,87s,A5s"
[sizes]
bet = "50%"
`)
		g, err := NewGame(sp, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.Nodes {
			if k := g.Nodes[i].Kind; k != ChanceNode && k != ShowdownNode {
				t.Fatalf("board %s: node %d is %v; a stack of 0 has no decisions", board, i, k)
			}
		}
		e := g.Evaluate(g.Uniform())
		res, err := equity.Calculate([]*equity.Range{sp.Ranges[0], sp.Ranges[1]}, equity.Options{Board: sp.BoardSet(), Method: equity.Exact})
		if err != nil {
			t.Fatal(err)
		}
		for p := range 2 {
			want := 80 * res.Players[p].Equity
			if math.Abs(e.Values[p]-want) > 1e-9 {
				t.Errorf("board %s player %d: value %v, equity × pot %v", board, p, e.Values[p], want)
			}
		}
		if math.Abs(e.Exploitability) > 1e-9 {
			t.Errorf("board %s: exploitability %v with no decisions", board, e.Exploitability)
		}
	}
}

// TestOneHandAgainstOneHand: on the river OOP holds the nuts against one
// known hand; IP can only lose by calling, so the value of the game is the
// pot for OOP and the solver finds it.
func TestOneHandAgainstOneHand(t *testing.T) {
	g := mustGame(t, `board = "AhKd7c5s2h"
pot = 100
stack = 300
oop = "AsAd"
ip = "KsKh"
[sizes]
bet = "50%, a"
raise = "a"
`, Options{})
	if len(g.Hands[0]) != 1 || len(g.Hands[1]) != 1 {
		t.Fatalf("hands %v", g.Hands)
	}
	s := solve(t, g, SolveOptions{}, 200)
	e := g.Evaluate(s.Average())
	if math.Abs(e.Values[0]-100) > 0.01 || e.Percent > 0.01 {
		t.Fatalf("OOP value %v (want the pot, 100), exploitability %v%%", e.Values[0], e.Percent)
	}
	if math.Abs(e.Values[0]+e.Values[1]-100) > 1e-9 {
		t.Fatalf("values %v do not add up to the pot", e.Values)
	}
}

// TestExportedEFGAgreesWithBrAndLP exports a small river spot as a Gambit
// game: br's NashConv of the spot's strategy on it equals twice the spot's
// exploitability (1e-9 relative), br's values equal the spot's, the exported
// file reads back to the same tree, and the sequence-form LP value lies in
// the interval the best responses bound it to and within the spot's
// NashConv of its value.
func TestExportedEFGAgreesWithBrAndLP(t *testing.T) {
	g := mustGame(t, riverSmall, Options{})
	x := g.EFG()
	tree, err := efg.Compile(x)
	if err != nil {
		t.Fatal(err)
	}
	for _, iters := range []int{0, 3, 200} {
		var σ Strategy
		if iters == 0 {
			σ = g.Uniform()
		} else {
			σ = solve(t, g, SolveOptions{}, iters).Average()
		}
		e := g.Evaluate(σ)
		prof, err := x.Profile(tree, σ)
		if err != nil {
			t.Fatal(err)
		}
		nc := br.NashConv(tree, prof)
		if math.Abs(nc-2*e.Exploitability) > 1e-9*math.Abs(nc) {
			t.Fatalf("%d iterations: br NashConv %.15g, spot 2×exploitability %.15g", iters, nc, 2*e.Exploitability)
		}
		vals := br.Values(tree, prof)
		for p := range 2 {
			if math.Abs(vals[p]-e.Values[p]) > 1e-9*math.Abs(e.Values[p]) {
				t.Fatalf("%d iterations: player %d br value %.15g, spot %.15g", iters, p, vals[p], e.Values[p])
			}
		}
		if iters == 200 {
			lp, _, err := br.GameValue(tree)
			if err != nil {
				t.Fatal(err)
			}
			v := lp[0]
			if v > e.BestResponse[0]+1e-9 || v < float64(g.Spot.Pot)-e.BestResponse[1]-1e-9 {
				t.Fatalf("LP value %v outside [%v, %v]", v, float64(g.Spot.Pot)-e.BestResponse[1], e.BestResponse[0])
			}
			if math.Abs(v-e.Values[0]) > 2*e.Exploitability+1e-9 {
				t.Fatalf("LP value %v, spot value %v, NashConv %v", v, e.Values[0], 2*e.Exploitability)
			}
			t.Logf("LP value %.6f, spot value %.6f, exploitability %.3g%%", v, e.Values[0], e.Percent)
		}
	}
	var buf bytes.Buffer
	if err := efg.WriteEFG(&buf, tree); err != nil {
		t.Fatal(err)
	}
	back, err := efg.ReadEFG(&buf, "spot.efg")
	if err != nil {
		t.Fatal(err)
	}
	if back.NumNodes() != tree.NumNodes() || back.NumInfoSets() != tree.NumInfoSets() {
		t.Fatalf("read back %d nodes %d infosets, wrote %d %d", back.NumNodes(), back.NumInfoSets(), tree.NumNodes(), tree.NumInfoSets())
	}
}

// TestDCFRConverges: the river spot's exploitability falls below 0.1% of
// the pot, and the solver reports the same number as the exact evaluator
// (within float32 rounding).
func TestDCFRConverges(t *testing.T) {
	g := mustGame(t, riverSmall, Options{})
	s, err := NewSolver(g, SolveOptions{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	last := s.Solve(Stop{TargetPercent: 0.1, Iterations: 2000, Every: 20}, nil)
	if last.Percent > 0.1 {
		t.Fatalf("exploitability %v%% after %d iterations", last.Percent, last.Iteration)
	}
	e := g.Evaluate(s.Average())
	if math.Abs(e.Exploitability-last.Exploitability) > 1e-4*float64(g.Spot.Pot) {
		t.Fatalf("solver says %v, exact evaluation %v", last.Exploitability, e.Exploitability)
	}
}

// TestNoAllocationsPerIteration: an iteration and an exploitability check
// allocate nothing, on one thread and on two (the helper goroutines start
// with the first parallel chance node and are reused).
func TestNoAllocationsPerIteration(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	for _, threads := range []int{1, 2} {
		s := solve(t, g, SolveOptions{Threads: threads}, 1)
		if a := testing.AllocsPerRun(5, func() { s.Iterate(1) }); a != 0 {
			t.Fatalf("%d threads: %v allocations per iteration", threads, a)
		}
		if a := testing.AllocsPerRun(5, func() { s.Exploitability() }); a != 0 {
			t.Fatalf("%d threads: %v allocations per exploitability check", threads, a)
		}
		s.Close()
	}
}
