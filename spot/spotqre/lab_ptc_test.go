//go:build qrelab

package spotqre

// Measurements of pseudo-transient continuation at fixed λ (build tag
// qrelab; the solver does not use it: it oscillates on long λ steps):
//
//	go test -tags qrelab ./spot/spotqre -run TestMeasurePseudoTransientContinuation -v -ptc.spot=... -ptc.lambda=10,50 -ptc.warm=prev|nash|zero

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

var (
	ptcSpot   = flag.String("ptc.spot", "../testdata/turn-Td9d6hQc-narrow.toml", "spot file of the measurement")
	ptcLambda = flag.String("ptc.lambda", "40", "λ of the measurement (comma-separated: a ladder)")
	ptcWarm   = flag.String("ptc.warm", "prev", "zero | nash (DCFR to 0.5 %) | prev (the last rung's solution; the first from zero)")
	ptcDt0    = flag.Float64("ptc.dt0", 0.1, "first pseudo-time step")
	ptcSwitch = flag.Float64("ptc.switch", 1e-4, "hand over to Newton at this reach-weighted residual")
	ptcRtol   = flag.Float64("ptc.rtol", 0.1, "the shifted linear solves' relative tolerance")
	ptcSteps  = flag.Int("ptc.steps", 200, "bound on the pseudo-time steps per rung")
	ptcMaxP   = flag.Int("ptc.maxproducts", 0, "bound on the products of the whole ladder (0: none)")
)

// TestMeasurePseudoTransientContinuation: Ψtc then Newton at each λ of
// -ptc.lambda, ending with the package's own criterion.
func TestMeasurePseudoTransientContinuation(t *testing.T) {
	g := loadFile(t, *ptcSpot)
	s, err := NewSolver(g, Options{MaxProducts: *ptcMaxP})
	if err != nil {
		t.Fatal(err)
	}
	setLinear(t, s)
	t0 := time.Now()
	x := make([]float64, s.n1)
	if *ptcWarm == "nash" {
		x = nashValues(t, s)
		t.Logf("nash warm start: %.2f s", time.Since(t0).Seconds())
	}
	logf := func(f string, a ...any) {
		if testing.Verbose() {
			fmt.Printf(f+"\n", a...)
		}
	}
	for _, ls := range strings.Split(*ptcLambda, ",") {
		var lambda float64
		if _, err := fmt.Sscan(ls, &lambda); err != nil {
			t.Fatal(err)
		}
		if *ptcWarm == "zero" {
			clear(x)
		}
		steps, wm, mx, err := s.ptc(x, lambda, ptcOptions{dt0: *ptcDt0, dtMax: 1e12, switchW: *ptcSwitch, maxSteps: *ptcSteps, rtol: *ptcRtol, logf: logf})
		st := s.Stats()
		t.Logf("ptc at λ = %g: %d steps, reach-weighted %.3g, largest %.3g, products %d, evaluations %d, %.1f s (%v)", lambda, steps, wm, mx, st.Products, st.Evaluations, time.Since(t0).Seconds(), err)
		if err != nil {
			t.Logf("RESULT spot=%s λ=%g ptc failed: %v", *ptcSpot, lambda, err)
			return
		}
		its, _, err := s.newton(x, lambda, math.Inf(1), DefaultTolerance, 60)
		st = s.Stats()
		s.lam = lambda
		copy(s.x, x)
		r := s.result()
		t.Logf("RESULT spot=%s λ=%g warm=%s lin=%s dt0=%g switch=%g rtol=%g: ptc %d + Newton %d; total Newton-type steps %d, products %d, evaluations %d, %.1f s, criterion %.3g, exploitability %.4g %% (err %v)",
			*ptcSpot, lambda, *ptcWarm, *linMethod, *ptcDt0, *ptcSwitch, *ptcRtol, steps, its, st.Newton, st.Products, st.Evaluations, time.Since(t0).Seconds(), r.Residual, r.Evaluation.Percent, err)
		if err != nil {
			return
		}
	}
}
