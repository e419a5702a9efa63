package spotqre

import (
	"math"
	"testing"

	"pokerlab/spot"
)

// depth returns the largest number of decision and chance nodes on a path
// from node i to a terminal node.
func depth(g *spot.Game, i int32) int {
	n := &g.Nodes[i]
	if n.Kind.Terminal() {
		return 0
	}
	var d int
	for c := range int32(n.NumChildren) {
		d = max(d, depth(g, n.Child+c))
	}
	return d + 1
}

// lowSpots are the spots of the float32 checks: the river and turn of the
// QRE trace comparison and the river spot.
func lowSpots(t *testing.T) []struct {
	name string
	g    *spot.Game
} {
	return []struct {
		name string
		g    *spot.Game
	}{
		{"riverTiny", mustGame(t, riverTiny, spot.Options{})},
		{"turnTiny", mustGame(t, turnTiny, spot.Options{})},
		{"river", loadFile(t, "../testdata/river-Td9d6hQc2s-pot200-stack900.toml")},
	}
}

// TestLowTangentMatchesFloat64: a float32 Jacobian–vector product equals
// the float64 one to a relative error (2-norm) of 8·(2D)·2⁻²⁴, D the
// tree's depth: each of the two tangent passes rounds the reach, its
// derivative and the values at each of the D levels of a path a few times
// (a product, a sum, the store), and the errors of the levels add. Taken at
// QRE points of the path (λ = 5 and 15) in directions that move every
// entry.
func TestLowTangentMatchesFloat64(t *testing.T) {
	for _, sp := range lowSpots(t) {
		g := sp.g
		d := depth(g, 0)
		tol := 8 * float64(2*d) * 0x1p-24
		s, err := NewSolver(g, Options{Method: MethodNewton})
		if err != nil {
			t.Fatal(err)
		}
		for _, lambda := range []float64{5, 15} {
			s.par.Float64Products = true
			if _, err := s.Solve([]float64{lambda}); err != nil {
				t.Fatal(err)
			}
			x := append([]float64(nil), s.x...)
			s.eval(x, lambda, s.y, s.wt, s.rs)
			copy(s.sig1, s.sigT)
			for dir := range 2 {
				v := make([]float64, s.n1)
				for i := range v {
					v[i] = math.Sin(float64((3+dir)*i + 1))
				}
				dy := [2][]float64{make([]float64, s.n1), make([]float64, s.n1)}
				for k, low := range []bool{false, true} {
					s.par.Float64Products = !low
					s.σAtSig1 = false
					s.tangent(x, v, lambda, dy[k])
					if s.low != low {
						t.Fatalf("%s: float32 products %v, want %v", sp.name, s.low, low)
					}
				}
				var num, den, worst, big float64
				for i := range dy[0] {
					e := dy[1][i] - dy[0][i]
					num += e * e
					den += dy[0][i] * dy[0][i]
					worst = max(worst, math.Abs(e))
					big = max(big, math.Abs(dy[0][i]))
				}
				rel := math.Sqrt(num / den)
				t.Logf("%s (depth %d) λ = %g: ‖J32·v − J64·v‖/‖J64·v‖ = %.2g (bound %.2g), largest entry error %.2g of %.3g", sp.name, d, lambda, rel, tol, worst, big)
				if !(rel <= tol) {
					t.Errorf("%s λ = %g: relative error %.3g above %.3g", sp.name, lambda, rel, tol)
				}
			}
		}
	}
}

// TestLowTangentsKeepTheQRE: the float32 products change the Newton steps,
// not the fixed point: solved to 10⁻¹⁰ with and without them, the QREs
// agree to 10⁻⁸ in every probability, and the float32 run uses at most
// 20 % (plus 10) more products. At λ = 10; with -long also at λ = 20
// (where the small turn takes 1,700 products) and at the default
// tolerance, which both runs must meet.
func TestLowTangentsKeepTheQRE(t *testing.T) {
	lambdas, tols := []float64{10}, []float64{1e-10}
	if *long {
		lambdas, tols = append(lambdas, 20), append(tols, DefaultTolerance)
	}
	for _, sp := range lowSpots(t) {
		for _, lambda := range lambdas {
			for _, tol := range tols {
				var sig [2][]float64
				var st [2]Stats
				for k, low := range []bool{false, true} {
					s, err := NewSolver(sp.g, Options{Method: MethodNewton, Tolerance: tol, Params: Params{Float64Products: !low}})
					if err != nil {
						t.Fatal(err)
					}
					r, err := s.Solve([]float64{lambda})
					if err != nil {
						t.Fatal(err)
					}
					if !(r[0].Residual <= tol) {
						t.Errorf("%s λ = %g float32 %v: residual %.3g above %.3g", sp.name, lambda, low, r[0].Residual, tol)
					}
					if low && r[0].Stats.LowProducts == 0 {
						t.Errorf("%s λ = %g: no float32 product", sp.name, lambda)
					}
					sig[k], st[k] = r[0].Sigma, r[0].Stats
				}
				var worst float64
				for i := range sig[0] {
					worst = max(worst, math.Abs(sig[1][i]-sig[0][i]))
				}
				t.Logf("%s λ = %g, tolerance %g: largest |σ32 − σ64| = %.2g; products %d → %d (%d float32), Newton %d → %d", sp.name, lambda, tol, worst, st[0].Products, st[1].Products, st[1].LowProducts, st[0].Newton, st[1].Newton)
				if tol <= 1e-10 && !(worst <= 1e-8) {
					t.Errorf("%s λ = %g: the QREs differ by %.3g", sp.name, lambda, worst)
				}
				if st[1].Products > st[0].Products*6/5+10 {
					t.Errorf("%s λ = %g: %d products with float32, %d without", sp.name, lambda, st[1].Products, st[0].Products)
				}
			}
		}
	}
}

// TestLowTangentsStayFloat64WhereTheyCouldMatter: above lowLambdaMax, or
// with a belief's mass below lowMassMin (float32's range), the products
// are float64.
func TestLowTangentsStayFloat64WhereTheyCouldMatter(t *testing.T) {
	s, err := NewSolver(mustGame(t, turnTiny, spot.Options{}), Options{Method: MethodNewton})
	if err != nil {
		t.Fatal(err)
	}
	if !s.lowTangents(lowLambdaMax) {
		t.Errorf("λ = %v: float64 products", float64(lowLambdaMax))
	}
	if s.lowTangents(lowLambdaMax * 1.01) {
		t.Errorf("λ = %v: float32 products", lowLambdaMax*1.01)
	}
	i := len(s.mass) / 2
	old := s.mass[i]
	s.mass[i] = lowMassMin / 2
	if s.lowTangents(1) {
		t.Errorf("a mass of %g: float32 products", s.mass[i])
	}
	s.mass[i] = old
	if !s.lowTangents(1) {
		t.Error("float64 products after the mass is restored")
	}
}
