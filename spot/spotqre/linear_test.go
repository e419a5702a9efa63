package spotqre

// Measurements of the Newton steps' linear solver (issue 15, fourth pass:
// larger λ), behind -long:
//
//	go test ./spot/spotqre -run TestLinearPath -long -v -lin.spot=... -lin.lambda=... -lin.method=gmres|idr -lin.s=8
//
// The findings are in docs/benchmarks.md ("QRE on spots, fourth pass:
// larger λ").

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

var (
	linSpot   = flag.String("lin.spot", "../testdata/report-turn.toml", "spot file of TestLinearPath")
	linLambda = flag.String("lin.lambda", "40", "λ of TestLinearPath (comma-separated: one path through them)")
	linMethod = flag.String("lin.method", "gmres", "gmres | idr")
	linS      = flag.Int("lin.s", 8, "IDR(s): the shadow space's dimension s")
	linMaxP   = flag.Int("lin.maxproducts", 0, "bound on the products of the call (0: none)")
)

// setLinear puts the linear solver of -lin.method into s.
func setLinear(t testing.TB, s *Solver) {
	switch *linMethod {
	case "gmres":
	case "idr":
		s.lin = newIDRS(*linS, 1)
	default:
		t.Fatalf("-lin.method %q", *linMethod)
	}
}

// TestLinearPath (long) follows the path to each λ of -lin.lambda with the
// linear solver of -lin.method and reports the work and the package's own
// criterion at each.
func TestLinearPath(t *testing.T) {
	if !*long {
		t.Skip("-long: a measurement")
	}
	g := loadFile(t, *linSpot)
	s, err := NewSolver(g, Options{MaxProducts: *linMaxP, Progress: func(p PathPoint) {
		if testing.Verbose() {
			fmt.Printf("  λ = %.4g at %.1f s\n", p.Lambda, p.Seconds)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	setLinear(t, s)
	t0 := time.Now()
	for _, ls := range strings.Split(*linLambda, ",") {
		var lambda float64
		if _, err := fmt.Sscan(ls, &lambda); err != nil {
			t.Fatal(err)
		}
		rs, err := s.Solve([]float64{lambda})
		st := s.Stats()
		if err != nil {
			t.Logf("RESULT spot=%s method=%s s=%d λ=%g: %v; reached λ = %.4g; steps %d (rejected %d), Newton %d, products %d, evaluations %d, %.1f s",
				*linSpot, *linMethod, *linS, lambda, err, s.Lambda(), st.Steps, st.Rejected, st.Newton, st.Products, st.Evaluations, time.Since(t0).Seconds())
			return
		}
		r := rs[0]
		t.Logf("RESULT spot=%s method=%s s=%d λ=%g: steps %d (rejected %d), Newton %d, products %d, evaluations %d, %.1f s, criterion %.3g, exploitability %.4g %%",
			*linSpot, *linMethod, *linS, lambda, st.Steps, st.Rejected, st.Newton, st.Products, st.Evaluations, time.Since(t0).Seconds(), r.Residual, r.Evaluation.Percent)
		if r.Residual > DefaultTolerance {
			t.Errorf("λ = %g: criterion %.3g above the tolerance", lambda, r.Residual)
		}
	}
}

// TestIDRSolvesNonsymmetricSystem: IDR(s) reaches the requested relative
// residual on a nonsymmetric system whose spectrum is spread over [1, 300]
// like the Newton steps' (the residual recomputed here from the matrix, not
// IDR's recursively updated one), and so does GMRES on the same system.
func TestIDRSolvesNonsymmetricSystem(t *testing.T) {
	const n = 300
	rng := rand.New(rand.NewPCG(7, 7))
	// A = D + N: D diagonal in [1, 300], N a small nonsymmetric coupling.
	a := make([]float64, n*n)
	for i := range n {
		a[i*n+i] = 1 + 299*math.Pow(float64(i)/(n-1), 2)
		for j := range n {
			if i != j {
				a[i*n+j] += 0.5 * rng.NormFloat64() / math.Sqrt(n)
			}
		}
	}
	mv := func(v, out []float64) {
		for i := range n {
			var s float64
			for j, x := range v {
				s += a[i*n+j] * x
			}
			out[i] = s
		}
	}
	b := make([]float64, n)
	for i := range b {
		b[i] = rng.NormFloat64()
	}
	bn := math.Sqrt(dot(b, b))
	for _, c := range []struct {
		name string
		lin  linSolver
	}{{"idr(1)", newIDRS(1, 3)}, {"idr(4)", newIDRS(4, 3)}, {"idr(8)", newIDRS(8, 3)}, {"gmres", newKrylov(40)}} {
		for _, rtol := range []float64{1e-3, 1e-8} {
			x := make([]float64, n)
			used, rel := c.lin.solve(mv, b, x, rtol, 2000)
			ax := make([]float64, n)
			mv(x, ax)
			for i := range ax {
				ax[i] = b[i] - ax[i]
			}
			trueRel := math.Sqrt(dot(ax, ax)) / bn
			if rel > rtol || trueRel > 10*rtol {
				t.Errorf("%s, rtol %g: reported %.3g, true %.3g after %d products", c.name, rtol, rel, trueRel, used)
			}
			t.Logf("%s, rtol %g: %d products, reported %.2g, true %.2g", c.name, rtol, used, rel, trueRel)
		}
	}
}
