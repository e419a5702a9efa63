//go:build qrelab

package spotqre

// Measurements of the Newton steps' linear solvers along the path and at
// one point (build tag qrelab):
//
//	go test -tags qrelab ./spot/spotqre -run TestMeasureLinearSolverAlongPath -v -lin.spot=... -lin.lambda=... -lin.method=gmres|idr|cheb|cg -lin.s=8
//	go test -tags qrelab ./spot/spotqre -run TestWriteLadderPoints -v -lin.lambda=10,20,40 -lin.save=/tmp/x
//	go test -tags qrelab ./spot/spotqre -run TestMeasureLinearSolversAtPoint -v -lin.lambda=40 -lin.load=/tmp/x40.bin

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

var (
	linSpot   = flag.String("lin.spot", "../testdata/turn-Td9d6hQc-narrow.toml", "spot file of the linear solvers' measurements")
	linLambda = flag.String("lin.lambda", "40", "λ of the measurements (comma-separated: one path through them)")
	linMethod = flag.String("lin.method", "gmres", "default (the solver's choice) | gmres | idr | cheb (-lin.s: the degree) | cg")
	linS      = flag.Int("lin.s", 8, "IDR(s): the shadow space's dimension s")
	linMaxP   = flag.Int("lin.maxproducts", 0, "bound on the products of the call (0: none)")
	linAuto   = flag.Bool("lin.auto", false, "TestMeasureLinearSolverAlongPath: search λ* (0.1 % of the pot) instead")
	linFrom   = flag.Float64("lin.from", 0, "TestMeasureLinearSolverAlongPath with -lin.load: the λ of the loaded point")
	linEst    = flag.Int("lin.est", 20, "cheb: plain GMRES steps before the polynomial (and its spectrum estimate)")
	linMargin = flag.Float64("lin.margin", 1.15, "cheb: the interval's top over the largest Ritz value")
)

// setLinear puts the linear solver of -lin.method into s.
func setLinear(t testing.TB, s *Solver) {
	switch *linMethod {
	case "default": // what NewSolver chose, with -lin.margin
		if c, ok := s.lin.(*chebGMRES); ok {
			c.margin = *linMargin
		}
	case "gmres":
		s.lin = s.kr
	case "idr":
		s.lin = newIDRS(*linS, 1)
	case "cheb":
		c := newChebGMRES(s.kr, *linS, *linEst, *linMargin)
		c.always = true
		s.lin = c
	case "cg":
		s.lin = &symCG{s: s}
	default:
		t.Fatalf("-lin.method %q", *linMethod)
	}
}

// TestMeasureLinearSolverAlongPath follows the path to each λ of
// -lin.lambda with the linear solver of -lin.method and reports the work
// and the package's own criterion at each.
func TestMeasureLinearSolverAlongPath(t *testing.T) {
	g := loadFile(t, *linSpot)
	var s *Solver
	s, err := NewSolver(g, Options{MaxProducts: *linMaxP, Progress: func(p PathPoint) {
		if testing.Verbose() {
			var ru syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
			st := s.Stats()
			fmt.Printf("  λ = %.4g: %.1f s wall, %.1f s CPU, steps %d (rejected %d), Newton %d, products %d, evaluations %d\n", p.Lambda, p.Seconds, float64(ru.Utime.Nano())/1e9, st.Steps, st.Rejected, st.Newton, st.Products, st.Evaluations)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	setLinear(t, s)
	if *linLoad != "" {
		// Start the path at a saved QRE (TestWriteLadderPoints) at λ = -lin.from.
		x, err := readFloats(*linLoad, s.n1)
		if err != nil {
			t.Fatal(err)
		}
		s.lam = *linFrom
		copy(s.x, x)
		s.hist = []pathPoint{{s.lam, x}}
	}
	t0 := time.Now()
	if *linAuto {
		a, err := s.Auto(0.001)
		if err != nil {
			t.Fatal(err)
		}
		st := a.Result.Stats
		t.Logf("RESULT spot=%s method=%s s=%d λ* = %.4g: steps %d (rejected %d), Newton %d, products %d, evaluations %d, %.1f s, criterion %.3g, exploitability %.4g %%",
			*linSpot, *linMethod, *linS, a.Lambda, st.Steps, st.Rejected, st.Newton, st.Products, st.Evaluations, time.Since(t0).Seconds(), a.Result.Residual, a.Result.Evaluation.Percent)
		return
	}
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

var (
	linSave = flag.String("lin.save", "", "TestWriteLadderPoints: write IP's action values at each rung to this prefix (+λ.bin)")
	linLoad = flag.String("lin.load", "", "TestMeasureLinearSolversAtPoint: IP's action values (a file TestWriteLadderPoints wrote)")
	linStep = flag.Float64("lin.step", 0.01, "TestMeasureLinearSolversAtPoint: the system is the Newton step at λ·(1+step) from the loaded point")
	linRtol = flag.String("lin.rtol", "0.1,0.01,0.001", "TestMeasureLinearSolversAtPoint: relative tolerances")
	linList = flag.String("lin.methods", "gmres,idr4,idr8", "TestMeasureLinearSolversAtPoint: linear solvers compared (gmres, idrS, chebD)")
)

// TestWriteLadderPoints solves the rungs of -lin.lambda by Anderson →
// Newton, each from the last, and writes each rung's IP action values to
// -lin.save, for TestMeasureLinearSolversAtPoint.
func TestWriteLadderPoints(t *testing.T) {
	if *linSave == "" {
		t.Skip("-lin.save=PREFIX")
	}
	g := loadFile(t, *linSpot)
	s, err := NewSolver(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.newtonInit() // (the products are the Newton corrector's)
	x := make([]float64, s.n1)
	t0 := time.Now()
	for _, ls := range strings.Split(*linLambda, ",") {
		var lambda float64
		if _, err := fmt.Sscan(ls, &lambda); err != nil {
			t.Fatal(err)
		}
		ev, _ := andersonExplore(s, x, lambda, 20, 0.01, DefaultTolerance, 1e-4, 400, false, nil)
		_, mx, err := s.newton(x, lambda, math.Inf(1), DefaultTolerance, 60)
		st := s.Stats()
		t.Logf("λ = %g: Anderson %d, then Newton: largest residual %.3g (%v); in all %d evaluations, %d products, %.1f s", lambda, ev, mx, err, st.Evaluations, st.Products, time.Since(t0).Seconds())
		if err != nil {
			t.Fatal(err)
		}
		if err := writeFloats(fmt.Sprintf("%s%g.bin", *linSave, lambda), x); err != nil {
			t.Fatal(err)
		}
	}
}

func writeFloats(name string, x []float64) error {
	b := make([]byte, 8*len(x))
	for i, v := range x {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
	}
	return os.WriteFile(name, b, 0o644)
}

func readFloats(name string, n int) ([]float64, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if len(b) != 8*n {
		return nil, fmt.Errorf("%s: %d bytes, want %d", name, len(b), 8*n)
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return x, nil
}

// TestMeasureLinearSolversAtPoint: from the QRE at -lin.lambda (loaded),
// the Newton system of a path step to λ·(1 + -lin.step), solved by each
// linear solver of -lin.methods at each tolerance: products, true relative
// residual and CPU seconds of the solve.
func TestMeasureLinearSolversAtPoint(t *testing.T) {
	if *linLoad == "" {
		t.Skip("-lin.load=FILE")
	}
	g := loadFile(t, *linSpot)
	s, err := NewSolver(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.newtonInit() // (the products are the Newton corrector's)
	var lambda float64
	fmt.Sscan(*linLambda, &lambda)
	x, err := readFloats(*linLoad, s.n1)
	if err != nil {
		t.Fatal(err)
	}
	mx, wm := s.eval(x, lambda, s.y, s.wt, s.rs)
	t.Logf("loaded λ = %g: largest residual %.3g, reach-weighted %.3g", lambda, mx, wm)
	l2 := lambda * (1 + *linStep)
	mx, wm = s.eval(x, l2, s.y, s.wt, s.rs)
	s.sig1, s.sigT = s.sigT, s.sig1
	t.Logf("the step to λ = %g: largest residual %.3g, reach-weighted %.3g", l2, mx, wm)
	f := make([]float64, s.n1)
	for i := range f {
		f[i] = s.y[i] - x[i]
	}
	fn := math.Sqrt(dot(f, f))
	mv := func(v, out []float64) {
		s.tangent(x, v, l2, out)
		for i, a := range v {
			out[i] = a - out[i]
		}
	}
	d, ad := make([]float64, s.n1), make([]float64, s.n1)
	for _, rs := range strings.Split(*linRtol, ",") {
		var rtol float64
		fmt.Sscan(rs, &rtol)
		for _, name := range strings.Split(*linList, ",") {
			var lin linSolver
			var k int
			switch {
			case name == "gmres":
				lin = s.kr
			case strings.HasPrefix(name, "idr"):
				fmt.Sscan(name[3:], &k)
				lin = newIDRS(k, 1)
			case strings.HasPrefix(name, "cheb"):
				fmt.Sscan(name[4:], &k)
				c := newChebGMRES(s.kr, k, *linEst, *linMargin)
				c.always = true
				lin = c
			default:
				t.Fatalf("-lin.methods: %q", name)
			}
			var ru0, ru1 syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
			used, rel := lin.solve(mv, f, d, rtol, 1000)
			syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
			cpu := float64(ru1.Utime.Nano()-ru0.Utime.Nano()) / 1e9
			mv(d, ad)
			for i := range ad {
				ad[i] = f[i] - ad[i]
			}
			t.Logf("RESULT spot=%s λ=%g→%g rtol=%g %s: %d products, reported %.3g, true %.3g, %.2f s CPU", *linSpot, lambda, l2, rtol, name, used, rel, math.Sqrt(dot(ad, ad))/fn, cpu)
		}
	}
}
