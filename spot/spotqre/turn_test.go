package spotqre

import (
	"flag"
	"math"
	"testing"

	"pokerlab/spot"
)

var long = flag.Bool("long", false, "run the long checks (λ* on the narrow turn spot, float32 products at λ = 20)")

// TestTangentIsDerivativeOfResponseMap: a Jacobian–vector product (the
// tangent passes, which reuse the evaluation's σ, Q and masses) equals the
// central finite difference of the response map along the same direction,
// on a turn spot at a point of the path, in float64 and in float32.
func TestTangentIsDerivativeOfResponseMap(t *testing.T) {
	g := mustGame(t, turnTiny, spot.Options{})
	s, err := NewSolver(g, Options{Method: MethodNewton})
	if err != nil {
		t.Fatal(err)
	}
	const lambda = 12
	if _, err := s.Solve([]float64{lambda}); err != nil {
		t.Fatal(err)
	}
	x := append([]float64(nil), s.x...)
	v := make([]float64, s.n1)
	for i := range v {
		v[i] = math.Sin(float64(3*i + 1)) // a fixed direction, every entry moved
	}
	const h = 1e-5
	xp, xm := make([]float64, s.n1), make([]float64, s.n1)
	for i := range x {
		xp[i], xm[i] = x[i]+h*v[i], x[i]-h*v[i]
	}
	yp, ym := make([]float64, s.n1), make([]float64, s.n1)
	s.eval(xp, lambda, yp, nil, nil)
	s.eval(xm, lambda, ym, nil, nil)
	// Both products: float64 and float32 (lowTangents).
	for _, low := range []bool{false, true} {
		s.par.Float64Products = !low
		jv := make([]float64, s.n1)
		s.eval(x, lambda, s.y, s.wt, s.rs)
		copy(s.sig1, s.sigT)
		s.tangent(x, v, lambda, jv)
		if s.low != low {
			t.Fatalf("float32 products %v, want %v", s.low, low)
		}
		var worst, scale float64
		for i := range jv {
			fd := (yp[i] - ym[i]) / (2 * h)
			if math.IsNaN(fd) {
				continue
			}
			worst = max(worst, math.Abs(fd-jv[i]))
			scale = max(scale, math.Abs(fd))
		}
		if !(scale > 0) || worst > 1e-5*scale {
			t.Fatalf("float32 %v: largest |J·v − finite difference| = %.3g (largest entry %.3g)", low, worst, scale)
		}
		t.Logf("float32 %v: largest |J·v − finite difference| = %.2g of %.3g", low, worst, scale)
	}
}

// TestAutoMeetsTheTargetOnTheNarrowTurn (long): on the narrow turn spot
// (the report's) the search for λ* ends with the QRE's exploitability
// within 0.5 % of 0.1 % of the pot, solved to the default tolerance.
func TestAutoMeetsTheTargetOnTheNarrowTurn(t *testing.T) {
	if !*long {
		t.Skip("-long: about 20 s")
	}
	g := loadFile(t, "../testdata/turn-Td9d6hQc-narrow.toml")
	s, err := NewSolver(g, Options{Method: MethodNewton})
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Auto(0.001)
	if err != nil {
		t.Fatal(err)
	}
	r := a.Result
	if math.Abs(r.Evaluation.Percent/0.1-1) > autoRel || r.Residual > DefaultTolerance {
		t.Fatalf("λ* = %g: exploitability %.5g %% of the pot, residual %.3g", a.Lambda, r.Evaluation.Percent, r.Residual)
	}
	t.Logf("λ* = %.2f, exploitability %.5g %%, residual %.2g, %d products", a.Lambda, r.Evaluation.Percent, r.Residual, r.Stats.Products)
}
