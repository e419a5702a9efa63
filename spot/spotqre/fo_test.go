package spotqre

import (
	"math"
	"runtime"
	"testing"

	"pokerlab/efg"
	"pokerlab/qre"
	"pokerlab/spot"
)

// solveWith solves lambdas on g by method with threads and fails the test
// unless every result's residual, computed afresh by the float64
// evaluator, meets the tolerance.
func solveWith(t *testing.T, g *spot.Game, method Method, threads int, tol float64, lambdas []float64) ([]*Result, *Solver) {
	t.Helper()
	s, err := NewSolver(g, Options{Method: method, Threads: threads, Tolerance: tol})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := s.Solve(lambdas)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if !(r.Residual <= tol) {
			t.Fatalf("%v, λ = %g: residual %.3g above the tolerance %g", method, r.Lambda, r.Residual, tol)
		}
	}
	return rs, s
}

// largestDifference returns max |a_i − b_i| over a's entries (b at least
// as long).
func largestDifference(a, b []float64) float64 {
	var worst float64
	for i, x := range a {
		worst = max(worst, math.Abs(x-b[i]))
	}
	return worst
}

// TestFirstOrderEqualsQRETrace: the first-order method's QRE equals, at
// several λ, the agent QRE qre.Trace follows on the spot's .efg export, to
// 1e-6, information set by information set.
func TestFirstOrderEqualsQRETrace(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lambdas   []float64
	}{{"river", riverTiny, []float64{1, 10, 40}}, {"turn", turnTiny, []float64{12}}} {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.src, spot.Options{})
			x := g.EFG()
			tree, err := efg.Compile(x)
			if err != nil {
				t.Fatal(err)
			}
			rs, s := solveWith(t, g, MethodFirstOrder, 1, 1e-7, c.lambdas)
			if s.fo == nil || s.fo.f32 == 0 {
				t.Fatal("the first-order method did not run")
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
				if worst := largestDifference(prof, pt.Profile); worst > 1e-6 {
					t.Fatalf("λ = %g: largest difference from qre trace %.3g", r.Lambda, worst)
				}
			}
		})
	}
}

// TestFirstOrderEqualsNewton: on the narrow turn spot the first-order
// method and the Newton continuation return the same QRE (both to a
// residual of 10⁻⁸; the strategies within 10⁻⁶).
func TestFirstOrderEqualsNewton(t *testing.T) {
	g := loadFile(t, "../testdata/turn-Td9d6hQc-narrow.toml")
	lambdas := []float64{5, 20}
	fo, _ := solveWith(t, g, MethodFirstOrder, 2, 1e-8, lambdas)
	nw, _ := solveWith(t, g, MethodNewton, 1, 1e-8, lambdas)
	for i := range lambdas {
		if worst := largestDifference(fo[i].Sigma, nw[i].Sigma); worst > 1e-6 {
			t.Fatalf("λ = %g: largest difference between the methods %.3g", lambdas[i], worst)
		}
		if d := math.Abs(fo[i].Evaluation.Exploitability - nw[i].Evaluation.Exploitability); d > 1e-6*float64(g.Spot.Pot) {
			t.Fatalf("λ = %g: exploitability %.9g against %.9g", lambdas[i], fo[i].Evaluation.Exploitability, nw[i].Evaluation.Exploitability)
		}
	}
}

// TestFirstOrderThreadsBitIdentical: the first-order method's answer is
// the same bits for every number of threads.
func TestFirstOrderThreadsBitIdentical(t *testing.T) {
	g := loadFile(t, "../testdata/turn-Td9d6hQc-narrow.toml")
	lambdas := []float64{8, 15}
	one, s1 := solveWith(t, g, MethodFirstOrder, 1, 1e-6, lambdas)
	for _, th := range []int{2, 3} {
		rs, s := solveWith(t, g, MethodFirstOrder, th, 1e-6, lambdas)
		if s.fo.f32 != s1.fo.f32 || s.fo.f64 != s1.fo.f64 {
			t.Fatalf("%d threads: %d + %d evaluations, one thread %d + %d", th, s.fo.f32, s.fo.f64, s1.fo.f32, s1.fo.f64)
		}
		for i := range rs {
			for j, x := range rs[i].Sigma {
				if math.Float64bits(x) != math.Float64bits(one[i].Sigma[j]) {
					t.Fatalf("%d threads, λ = %g: entry %d is %v, one thread %v", th, lambdas[i], j, x, one[i].Sigma[j])
				}
			}
		}
	}
}

// TestFirstOrderEvaluationAllocatesNothing: an evaluation of the
// first-order iteration, float32 (with threads) or float64, allocates
// nothing.
func TestFirstOrderEvaluationAllocatesNothing(t *testing.T) {
	g := mustGame(t, turnTiny, spot.Options{})
	for _, threads := range []int{1, 2} {
		s, err := NewSolver(g, Options{Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		s.foInit()
		x := s.x
		s.eval32(x, nil, 0, 10)
		if n := testing.AllocsPerRun(5, func() { s.eval32(x, nil, 0, 10) }); n != 0 {
			t.Fatalf("%d threads: %v allocations per float32 evaluation", threads, n)
		}
		if n := testing.AllocsPerRun(5, func() { s.eval64(x, 10) }); n != 0 {
			t.Fatalf("%v allocations per float64 evaluation", n)
		}
		s.fo.ps.Close()
	}
}

// TestNarrowingKeepsTheStrategy: the float32 phase's strategy, narrowed in
// place in σ's bytes, widens back to float32(σ) entry by entry — the
// overlapping halves are read before they are written in both directions.
func TestNarrowingKeepsTheStrategy(t *testing.T) {
	g := mustGame(t, turnTiny, spot.Options{})
	s, err := NewSolver(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.foInit()
	want := make([]float64, len(s.σ))
	for i := range s.σ {
		s.σ[i] = 1 / float64(i+3) // distinct, not float32 numbers
		want[i] = float64(float32(s.σ[i]))
	}
	s.narrowσ()
	for i, x := range s.fo.σ32 {
		if float64(x) != want[i] {
			t.Fatalf("narrowed entry %d is %v, want %v", i, x, want[i])
		}
	}
	s.widenσ()
	for i, x := range s.σ {
		if x != want[i] {
			t.Fatalf("widened entry %d is %v, want %v", i, x, want[i])
		}
	}
}

// TestResultKeepsItsStrategy: a Result takes the solver's strategy array;
// solving on from there leaves it as it was and gives what a solver asked
// for both λ at once gives.
func TestResultKeepsItsStrategy(t *testing.T) {
	g := mustGame(t, riverTiny, spot.Options{})
	s, err := NewSolver(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.Solve([]float64{3})
	if err != nil {
		t.Fatal(err)
	}
	kept := append([]float64(nil), first[0].Sigma...)
	second, err := s.Solve([]float64{10})
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range first[0].Sigma {
		if x != kept[i] {
			t.Fatalf("entry %d of λ = 3's strategy changed from %v to %v by the solve of λ = 10", i, kept[i], x)
		}
	}
	both, _ := solveWith(t, g, MethodDefault, 1, DefaultTolerance, []float64{3, 10})
	for i, x := range second[0].Sigma {
		if x != both[1].Sigma[i] {
			t.Fatalf("λ = 10 after λ = 3: entry %d is %v, %v solved together", i, x, both[1].Sigma[i])
		}
	}
}

// TestFirstOrderSolveMemory: the first-order method keeps no action
// values and no reach of the information sets (it sees each node in the
// walk), and a solve after the first (which allocates the method's state:
// the float32 momentum and responses, the passes' scratch) allocates the
// fresh strategy array that replaces the one its Result takes, and no
// vector of IP's unknowns or copy of the tree.
func TestFirstOrderSolveMemory(t *testing.T) {
	g := loadFile(t, "../testdata/river-Td9d6hQc2s-pot200-stack900.toml")
	s, err := NewSolver(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve([]float64{3}); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := s.Solve([]float64{10}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if s.q != nil || s.reachIS != nil {
		t.Fatal("the first-order method kept the action values or the information sets' reach")
	}
	got := after.TotalAlloc - before.TotalAlloc
	want := uint64(8 * g.Size)
	slack := uint64(4 * s.n1) // half a vector of IP's float64 unknowns
	t.Logf("allocated %d bytes: the strategy %d; IP's unknowns %d, tree %d", got, want, s.n1, g.Size)
	if got > want+slack {
		t.Fatalf("a first-order solve allocated %d bytes, want at most %d + %d", got, want, slack)
	}
}

// TestHeavyBallReturnsTheRestartTest: heavyBall and heavyBallR return
// ⟨y − x, d⟩ of the momentum before the step (NaN responses counting as
// y = x), the gradient restart's test.
func TestHeavyBallReturnsTheRestartTest(t *testing.T) {
	x := []float64{1, 2, 3}
	d := []float32{0.5, -1, 2}
	y := []float32{2, 1, float32(math.NaN())}
	// (2 − 1)·0.5 + (1 − 2)·(−1) + 0·2
	if got := heavyBall(x, d, y, 0.5, 0.25); got != 1.5 {
		t.Fatalf("heavyBall: %v, want 1.5", got)
	}
	r := []float32{-1, 0.5, 2}
	d = []float32{2, 2, -1}
	if got := heavyBallR(x, d, r, 0.5, 0.25); got != -2+1-2 {
		t.Fatalf("heavyBallR: %v, want -3", got)
	}
}

// TestGradientRestartSavesEvaluations: on the river's path λ = 10 … 80
// the heavy ball that drops its momentum after a step against the
// responses finds the same QRE in fewer evaluations than the one that
// keeps it (Params.KeepMomentum).
func TestGradientRestartSavesEvaluations(t *testing.T) {
	g := loadFile(t, "../testdata/river-Td9d6hQc2s-pot200-stack900.toml")
	lambdas := []float64{10, 20, 40, 80}
	solve := func(keep bool) ([]*Result, *Solver) {
		s, err := NewSolver(g, Options{Method: MethodFirstOrder, Params: Params{KeepMomentum: keep}})
		if err != nil {
			t.Fatal(err)
		}
		rs, err := s.Solve(lambdas)
		if err != nil {
			t.Fatalf("KeepMomentum %v: %v", keep, err)
		}
		for _, r := range rs {
			if !(r.Residual <= DefaultTolerance) {
				t.Fatalf("KeepMomentum %v, λ = %g: residual %.3g", keep, r.Lambda, r.Residual)
			}
		}
		return rs, s
	}
	rr, sr := solve(false)
	rk, sk := solve(true)
	if sk.fo.restarts != 0 || sr.fo.restarts == 0 {
		t.Fatalf("restarts: %d keeping the momentum, %d by default", sk.fo.restarts, sr.fo.restarts)
	}
	if er, ek := sr.fo.f32+sr.fo.f64, sk.fo.f32+sk.fo.f64; er >= ek {
		t.Fatalf("%d evaluations with the restart, %d without", er, ek)
	}
	for i := range lambdas {
		if worst := largestDifference(rr[i].Sigma, rk[i].Sigma); worst > 1e-5 {
			t.Fatalf("λ = %g: the two QREs differ by %.3g", lambdas[i], worst)
		}
	}
}

// TestStalledFloat32HandsOverToFloat64: at large λ float32's floor is
// above 10⁻³ (on the river's first-order path at λ = 128); a float32
// phase stalled there hands over to float64 evaluations and converges,
// where growing K instead ran out of evaluations.
func TestStalledFloat32HandsOverToFloat64(t *testing.T) {
	g := loadFile(t, "../testdata/river-Td9d6hQc2s-pot200-stack900.toml")
	var path []float64 // the first-order Auto's points, each from the last
	for lam := 5.0; lam < 130; lam *= 1.5 {
		path = append(path, lam)
	}
	_, s := solveWith(t, g, MethodFirstOrder, 1, 1e-4, path)
	if s.fo.f64 == 0 {
		t.Fatal("no float64 evaluations")
	}
}

// TestFloat64PassesThreadsBitIdentical: the float64 evaluation shared out
// over a crew (3 threads) gives the bits of one thread: the residual, the
// responses and the exploitability.
func TestFloat64PassesThreadsBitIdentical(t *testing.T) {
	g := mustGame(t, turnTiny, spot.Options{})
	var want []float32
	var wantRes, wantExp float64
	for _, threads := range []int{1, 3} {
		s, err := NewSolver(g, Options{Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		s.foInit()
		x := s.x
		for i := range x {
			x[i] = 30 * math.Sin(float64(i))
		}
		res := s.eval64(x, 12)
		ev := s.evaluate()
		if threads == 1 {
			want, wantRes, wantExp = append([]float32(nil), s.fo.r...), res, ev.Exploitability
			continue
		}
		if s.w.crew.forks == 0 {
			t.Fatal("the crew took no chance node")
		}
		if math.Float64bits(res) != math.Float64bits(wantRes) || math.Float64bits(ev.Exploitability) != math.Float64bits(wantExp) {
			t.Fatalf("%d threads: residual %v, exploitability %v; one thread %v, %v", threads, res, ev.Exploitability, wantRes, wantExp)
		}
		for i, v := range s.fo.r {
			if math.Float32bits(v) != math.Float32bits(want[i]) {
				t.Fatalf("%d threads: response %d is %v, one thread %v", threads, i, v, want[i])
			}
		}
		s.fo.ps.Close()
	}
}
