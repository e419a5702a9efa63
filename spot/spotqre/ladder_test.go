package spotqre

import (
	"math"
	"testing"

	"pokerlab/spot"
)

// TestLadderReachesTheContinuationsQRE: the ladder (Anderson → Newton
// rungs) and the plain continuation from λ = 0 end at the same QRE, entry
// by entry, on small spots.
func TestLadderReachesTheContinuationsQRE(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lambda    float64
	}{{"river", riverTiny, 40}, {"turn", turnTiny, 8}} {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.src, spot.Options{})
			solve := func(plain bool) *Result {
				s, err := NewSolver(g, Options{Method: MethodNewton, Tolerance: 1e-9, Params: Params{Continuation: plain}})
				if err != nil {
					t.Fatal(err)
				}
				rs, err := s.Solve([]float64{c.lambda})
				if err != nil {
					t.Fatal(err)
				}
				return rs[0]
			}
			lad, cont := solve(false), solve(true)
			if lad.Stats.Rejected+lad.Stats.Steps == 0 {
				t.Fatal("no rung taken")
			}
			worst := largestDifference(lad.Sigma, cont.Sigma)
			if worst > 1e-7 || lad.Residual > 1e-9 {
				t.Fatalf("λ = %g: largest |σ_ladder − σ_continuation| = %.3g, ladder residual %.3g", c.lambda, worst, lad.Residual)
			}
			t.Logf("λ = %g: largest difference %.2g; ladder %+v, continuation %+v", c.lambda, worst, lad.Stats, cont.Stats)
		})
	}
}

// TestAndersonReportsTheRealResidual: the residual Anderson returns is the
// response map's residual at the point it returns, whether it met its goal
// or ran out of evaluations.
func TestAndersonReportsTheRealResidual(t *testing.T) {
	g := mustGame(t, turnTiny, spot.Options{})
	s, err := NewSolver(g, Options{Method: MethodNewton})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tolW  float64
		evals int
	}{{1e-3, 500}, {1e-12, 7}, {1e-12, 30}} {
		x := make([]float64, s.n1)
		run := s.anderson(x, 12, alphaCold, c.tolW, math.Inf(1), c.evals)
		mx, wm := s.eval(x, 12, s.y, s.wt, s.rs)
		if mx != run.mx || wm != run.wm {
			t.Errorf("goal %g, %d evaluations: Anderson reports %.6g / %.6g, the point has %.6g / %.6g", c.tolW, c.evals, run.mx, run.wm, mx, wm)
		}
		if c.tolW == 1e-3 && wm > c.tolW {
			t.Errorf("goal %g not met: %.3g after %d evaluations", c.tolW, wm, run.evals)
		}
		if run.evals > c.evals {
			t.Errorf("%d evaluations, budget %d", run.evals, c.evals)
		}
	}
}

// TestAndersonAllocatesNothing: an Anderson run allocates nothing once its
// history exists.
func TestAndersonAllocatesNothing(t *testing.T) {
	g := mustGame(t, riverTiny, spot.Options{})
	s, err := NewSolver(g, Options{Method: MethodNewton})
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, s.n1)
	s.anderson(x, 5, alphaCold, 0, 0, 50)
	if a := testing.AllocsPerRun(3, func() {
		clear(x)
		s.anderson(x, 5, alphaCold, 0, 0, 50)
	}); a != 0 {
		t.Errorf("%v allocations per run", a)
	}
}

// TestFailedRungsFallBackToTheContinuation: when every rung fails (here:
// Anderson gets one evaluation), the continuation takes over and reaches
// the same QRE.
func TestFailedRungsFallBackToTheContinuation(t *testing.T) {
	g := mustGame(t, riverTiny, spot.Options{})
	solve := func(evals int) *Result {
		s, err := NewSolver(g, Options{Method: MethodNewton, Tolerance: 1e-9, Params: Params{RungEvaluations: evals}})
		if err != nil {
			t.Fatal(err)
		}
		rs, err := s.Solve([]float64{40})
		if err != nil {
			t.Fatal(err)
		}
		return rs[0]
	}
	starved, normal := solve(1), solve(0)
	if starved.Stats.Rejected < maxRungFails {
		t.Fatalf("%d rungs rejected; the test needs the first rung to fail", starved.Stats.Rejected)
	}
	worst := largestDifference(starved.Sigma, normal.Sigma)
	if worst > 1e-7 || starved.Residual > 1e-9 {
		t.Fatalf("largest |σ_fallback − σ_ladder| = %.3g, residual %.3g", worst, starved.Residual)
	}
	t.Logf("fallback %+v; ladder %+v", starved.Stats, normal.Stats)
}

// TestSolveAfterAutoGoesOn: after Auto (which follows the plain
// continuation), Solve at a larger λ goes on from λ* by the ladder and
// reaches the QRE a fresh solver finds there.
func TestSolveAfterAutoGoesOn(t *testing.T) {
	g := mustGame(t, riverTiny, spot.Options{})
	s, err := NewSolver(g, Options{Method: MethodNewton, Tolerance: 1e-9})
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Auto(0.01)
	if err != nil {
		t.Fatal(err)
	}
	l := 2 * a.Lambda
	warm, err := s.Solve([]float64{l})
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewSolver(g, Options{Method: MethodNewton, Tolerance: 1e-9})
	if err != nil {
		t.Fatal(err)
	}
	cold, err := f.Solve([]float64{l})
	if err != nil {
		t.Fatal(err)
	}
	worst := largestDifference(warm[0].Sigma, cold[0].Sigma)
	if worst > 1e-7 {
		t.Fatalf("λ = %g after λ* = %g: largest |σ_warm − σ_fresh| = %.3g", l, a.Lambda, worst)
	}
}

// TestAndersonKeepsTheGramOfItsHistory: the Gram matrix and ΔFᵀf that
// Anderson updates by one column per iteration (the new column's dot
// products taken in the pass that writes it) are those of the history it
// holds, recomputed afresh, after the ring has wrapped around.
func TestAndersonKeepsTheGramOfItsHistory(t *testing.T) {
	g := mustGame(t, riverTiny, spot.Options{})
	s, err := NewSolver(g, Options{Method: MethodNewton})
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, s.n1)
	s.anderson(x, 5, alphaCold, 0, 0, 3*s.par.AndersonDepth)
	A := s.and
	if len(A.slot) != A.m {
		t.Fatalf("%d columns in the history, want %d", len(A.slot), A.m)
	}
	m := A.m
	f := A.f // the last iteration's f
	for _, o := range A.slot {
		no := math.Sqrt(dot(A.dF[o], A.dF[o]))
		for _, p := range A.slot {
			want := dot(A.dF[o], A.dF[p])
			if got := A.gram[o*m+p]; math.Abs(got-want) > 1e-12*no*math.Sqrt(dot(A.dF[p], A.dF[p])) {
				t.Errorf("gram[%d,%d] = %.15g, the history's %.15g", o, p, got, want)
			}
		}
		want := dot(A.dF[o], f)
		if got := A.b[o]; math.Abs(got-want) > 1e-9*no*math.Sqrt(dot(f, f)) {
			t.Errorf("b[%d] = %.15g, the history's %.15g", o, got, want)
		}
	}
}
