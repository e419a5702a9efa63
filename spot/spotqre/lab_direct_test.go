//go:build qrelab

package spotqre

// Measurements of a direct solve at one fixed λ, without the continuation
// from λ = 0 (build tag qrelab), and of the ladder and the continuation
// under other Params (the Anderson → Newton solve measured here is the
// ladder's first rung: path.go, anderson.go):
//
//	go test -tags qrelab ./spot/spotqre -run TestMeasureDirectSolve -v -direct.spot=... -direct.lambda=... -direct.method=...

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"pokerlab/spot"
)

var (
	directSpot   = flag.String("direct.spot", "../testdata/turn-Td9d6hQc-narrow.toml", "spot file of the measurement")
	directLambda = flag.String("direct.lambda", "10", "λ of the measurement (comma-separated: solved in order, each warm-started from the previous with -direct.warm=prev)")
	directMethod = flag.String("direct.method", "anderson", "anderson | newton | anderson+newton | continuation (the plain continuation from 0) | ladder (Solve: the ladder from 0) | auto (Solver.Auto, λ*)")
	directWarm   = flag.String("direct.warm", "zero", "zero | nash | prev")
	directDepth  = flag.Int("direct.m", 10, "Anderson depth")
	directAlpha  = flag.Float64("direct.alpha", 1, "Anderson mixing α (damping of the underlying iteration)")
	directEvals  = flag.Int("direct.evals", 1500, "evaluation budget of Anderson")
	directSwitch = flag.Float64("direct.switch", 1e-3, "anderson+newton: hand over to Newton once the reach-weighted mean residual is below this")
	directMaxP   = flag.Int("direct.maxproducts", 0, "bound on the Newton products per λ (0: none)")
	directCheck  = flag.Int("direct.check", 0, "ladder: Anderson's residual every this many iterations (0: the default)")
	directCold   = flag.Bool("direct.coldzero", true, "ladder: the first rung's Anderson starts from x = 0 (false: from uniform play's action values)")
	directFirst  = flag.Float64("direct.first", 0, "ladder: the first rung (0: the default)")
	directAFirst = flag.String("direct.afirst", "off", "ladder: Anderson-first rungs: off | predict | last")
	directRescue = flag.Bool("direct.rescue", true, "ladder: Anderson rescues failed Newton-first rungs")
	directBack   = flag.Float64("direct.back", 0, "ladder: the point below the cold rung, as a share of its λ (0: the default; negative: none)")
	directHand   = flag.Float64("direct.hand", 0, "ladder: the first rung's hand-over from Anderson to Newton (reach-weighted residual; 0: the default)")
	directAndM   = flag.Int("direct.depth", 0, "ladder: Anderson's depth (0: the default)")
	directFCap   = flag.Float64("direct.fcap", 0, "the forcing term's cap (0: the default)")
	directFC     = flag.Float64("direct.fc", 0, "the forcing term's factor c in c·r^e (0: the default)")
	directFExp   = flag.Float64("direct.fexp", 0, "the forcing term's exponent e in c·r^e (0: the default)")
	directFFirst = flag.Float64("direct.ffirst", 0, "the cap of a Newton iteration's first step (0: the cap)")
	directFShare = flag.Float64("direct.fshare", 0, "the share of the target the last linear solve may leave (0: the default)")
	directRest   = flag.Int("direct.restart", 0, "GMRES's restart length cap (0: the default)")
	directLin    = flag.Bool("direct.lin", false, "log every linear solve")
	directNorm   = flag.String("direct.norm", "plain", "Anderson's least-squares norm: plain (chips) | strategy (the residual in probabilities, reach-weighted as the merit)")
)

// andersonExplore runs Anderson acceleration (Walker & Ni, "Anderson acceleration
// for fixed-point iterations", SIAM J. Numer. Anal. 49, 2011; type II,
// depth m, mixing α) on x ← y(x) at λ from x (updated in place), until the
// largest residual of eval is at most tol or after maxEvals evaluations.
// Safeguard: when the largest residual exceeds 100 times the best seen,
// the history is cleared and the iteration restarts from the best point.
// It returns the evaluations used and the largest residual.
//
// With tolW > 0 it also stops once the reach-weighted mean residual is at
// most tolW (a hand-over to Newton).
func andersonExplore(s *Solver, x []float64, lambda float64, m int, alpha, tol, tolW float64, maxEvals int, strategyNorm bool, logf func(string, ...any)) (int, float64) {
	n := len(x)
	f := make([]float64, n)
	best, bestF := make([]float64, n), math.Inf(1)
	wt, rs := make([]float64, n), make([]float64, n)
	// g is the vector whose least-squares combination is minimised:
	// f (chips) or the strategy residual weighted like the merit.
	g, gOld := make([]float64, n), make([]float64, n)
	xOld, fOld := make([]float64, n), make([]float64, n)
	// History, oldest first: dG_j = Δg, dU_j = Δx + α·Δf (the update's
	// columns); gram = dGᵀdG and b = dGᵀg kept incrementally, so that an
	// iteration costs about 2k vector operations besides the evaluation.
	dG := make([][]float64, 0, m)
	dU := make([][]float64, 0, m)
	gram := make([]float64, m*m)
	b := make([]float64, m)
	have := false
	evals := 0
	mx := math.Inf(1)
	dot := func(a, c []float64) float64 {
		var d float64
		for i, v := range a {
			d += v * c[i]
		}
		return d
	}
	for evals < maxEvals {
		var wm float64
		mx, wm = s.eval(x, lambda, s.y, wt, rs)
		evals++
		for i := range f {
			f[i] = s.y[i] - x[i]
		}
		if strategyNorm {
			for i := range g {
				g[i] = math.Sqrt(wt[i]) * rs[i]
			}
		} else {
			copy(g, f)
		}
		if logf != nil && (evals%50 == 0 || mx <= tol) {
			logf("  eval %d: largest residual %.3g, reach-weighted %.3g", evals, mx, wm)
		}
		if mx <= tol || wm <= tolW {
			return evals, mx
		}
		if mx < bestF {
			bestF = mx
			copy(best, x)
		} else if mx > 100*bestF || math.IsNaN(mx) {
			copy(x, best)
			dG, dU = dG[:0], dU[:0]
			have = false
			if logf != nil {
				logf("  eval %d: residual %.3g > 100× best %.3g: restart", evals, mx, bestF)
			}
			continue
		}
		k := len(dG)
		if have {
			var vg, vu []float64
			if k == m {
				vg, vu = dG[0], dU[0]
				dG, dU = dG[1:], dU[1:]
				// Drop the oldest row and column of gram, and b's first entry.
				for i := 1; i < m; i++ {
					for j := 1; j < m; j++ {
						gram[(i-1)*m+j-1] = gram[i*m+j]
					}
					b[i-1] = b[i]
				}
				k--
			} else {
				vg, vu = make([]float64, n), make([]float64, n)
			}
			for i := range vg {
				vg[i] = g[i] - gOld[i]
				vu[i] = (x[i] - xOld[i]) + alpha*(f[i]-fOld[i])
			}
			// b_j = dG_jᵀ g_new = dG_jᵀ g_old + dG_jᵀ vg.
			for j := range k {
				d := dot(dG[j], vg)
				gram[j*m+k], gram[k*m+j] = d, d
				b[j] += d
			}
			gram[k*m+k] = dot(vg, vg)
			b[k] = dot(vg, g)
			dG, dU = append(dG, vg), append(dU, vu)
			k++
		}
		copy(gOld, g)
		copy(xOld, x)
		copy(fOld, f)
		have = true
		var γ []float64
		if k > 0 {
			a := make([]float64, k*k)
			bb := make([]float64, k)
			for i := range k {
				for j := range k {
					a[i*k+j] = gram[i*m+j]
				}
				a[i*k+i] *= 1 + 1e-10
				bb[i] = b[i]
			}
			γ = solveSmall(a, bb, k)
		}
		for i := range x {
			x[i] += alpha * f[i]
		}
		for j := range k {
			gj, u := γ[j], dU[j]
			for i := range x {
				x[i] -= gj * u[i]
			}
		}
	}
	return evals, mx
}

// solveSmall solves the k×k system a·x = b (a and b are overwritten):
// the package's solveSmallInto into a new slice.
func solveSmall(a, b []float64, k int) []float64 {
	x := make([]float64, k)
	solveSmallInto(a, b, x, k)
	return x
}

// nashValues returns IP's action values under the Nash profile by DCFR to
// 0.5 % of the pot (what spot solve --target 0.5 computes), NaN → 0.
func nashValues(t *testing.T, s *Solver) []float64 {
	ns, err := spot.NewSolver(s.g, spot.SolveOptions{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	p := ns.Solve(spot.Stop{TargetPercent: 0.5, Iterations: 1 << 20}, nil)
	t.Logf("nash: %+v", p)
	st := ns.Finalize()
	ns.Close()
	for i, v := range st {
		s.σ[i] = float64(v)
	}
	s.w.reachI = nil
	s.w.pass(spot.IP, modeQ)
	x := make([]float64, s.n1)
	for _, b := range s.ip {
		n := b.k * b.nh
		copy(x[b.c:b.c+n], s.q[b.off:b.off+int64(n)])
	}
	for i, v := range x {
		if math.IsNaN(v) {
			x[i] = 0
		}
	}
	return x
}

// directParams are the Params of the measurement's flags.
func directParams() Params {
	return Params{
		AndersonCheck:    *directCheck,
		WarmFirstRung:    !*directCold,
		FirstRung:        *directFirst,
		AndersonFirst:    *directAFirst != "off",
		AndersonFromLast: *directAFirst == "last",
		NoRescue:         !*directRescue,
		BackStep:         *directBack,
		HandOver:         *directHand,
		AndersonDepth:    *directAndM,
		ForcingCap:       *directFCap,
		ForcingFactor:    *directFC,
		ForcingExponent:  *directFExp,
		ForcingFirst:     *directFFirst,
		ForcingShare:     *directFShare,
		Restart:          *directRest,
		Continuation:     *directMethod == "continuation",
	}
}

// TestMeasureDirectSolve measures one solve per λ of -direct.lambda by
// -direct.method.
func TestMeasureDirectSolve(t *testing.T) {
	g := loadFile(t, *directSpot)
	logf := func(f string, a ...any) { t.Logf(f, a...) }
	par := directParams()
	switch *directMethod {
	case "auto", "continuation", "ladder":
		par.TraceRungs = logf
	}
	if *directLin {
		par.TraceSolves = logf
	}
	s, err := NewSolver(g, Options{MaxProducts: *directMaxP, Params: par})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: IP unknowns %d, game size %d", *directSpot, s.n1, g.Size)
	x := make([]float64, s.n1)
	switch *directWarm {
	case "nash":
		t0 := time.Now()
		x = nashValues(t, s)
		t.Logf("nash warm start: %.2f s", time.Since(t0).Seconds())
	case "zero", "prev":
	default:
		t.Fatalf("-direct.warm %q", *directWarm)
	}
	for _, ls := range strings.Split(*directLambda, ",") {
		var lambda float64
		if _, err := fmt.Sscan(ls, &lambda); err != nil {
			t.Fatal(err)
		}
		if *directWarm == "zero" {
			clear(x)
		}
		s.stats = Stats{}
		s.products = 0
		t0 := time.Now()
		evals, mx := 0, math.Inf(1)
		var nerr error
		switch *directMethod {
		case "anderson", "anderson+newton":
			tolW := 0.0
			if *directMethod == "anderson+newton" {
				tolW = *directSwitch
			}
			evals, mx = andersonExplore(s, x, lambda, *directDepth, *directAlpha, DefaultTolerance, tolW, *directEvals, *directNorm == "strategy", logf)
			t.Logf("anderson: %d evaluations, largest residual %.3g, %.1f s", evals, mx, time.Since(t0).Seconds())
			if *directMethod == "anderson+newton" {
				_, mx, nerr = s.newton(x, lambda, math.Inf(1), DefaultTolerance, 60)
			}
		case "newton":
			_, mx, nerr = s.newton(x, lambda, math.Inf(1), DefaultTolerance, 100)
		case "auto":
			a, err := s.Auto(0.001)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("λ* = %g: %+v", a.Lambda, a.Result.Stats)
			continue
		case "continuation", "ladder":
			s.reset()
			_, nerr = s.Solve([]float64{lambda})
			copy(x, s.x)
		default:
			t.Fatalf("-direct.method %q", *directMethod)
		}
		sec := time.Since(t0).Seconds()
		// The package's criterion at the end point (both players).
		st := s.stats
		s.lam = lambda
		copy(s.x, x)
		r := s.result()
		t.Logf("RESULT spot=%s λ=%g method=%s warm=%s m=%d α=%g norm=%s: evaluations %d, Newton %d, products %d, %.1f s, last largest residual %.3g, criterion %.3g, exploitability %.3g %% (err %v)",
			*directSpot, lambda, *directMethod, *directWarm, *directDepth, *directAlpha, *directNorm, st.Evaluations, st.Newton, st.Products, sec, mx, r.Residual, r.Evaluation.Percent, nerr)
		t.Logf("Gram–Schmidt: %d second passes, largest drift of the small residual %.3g", s.kr.reorth, s.kr.drift)
		_ = evals
	}
}
