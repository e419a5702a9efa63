package spotqre

import (
	"math"
	"math/rand/v2"
	"testing"
)

// BenchmarkKrylovSolve: one GMRES solve at the issue turn's size (844,000
// unknowns) on a diagonal operator with the spectrum of I − y'(x) there
// ([1, 227]), to a relative 10⁻³: the vector work of a Newton step's
// linear solve without its tree passes.
func BenchmarkKrylovSolve(b *testing.B) {
	const n = 844000
	rng := rand.New(rand.NewPCG(1, 2))
	d, rhs := make([]float64, n), make([]float64, n)
	for i := range d {
		d[i] = 1 + 226*math.Pow(rng.Float64(), 4)
		rhs[i] = rng.NormFloat64()
	}
	mv := func(v, out []float64) {
		for i, x := range v {
			out[i] = d[i] * x
		}
	}
	k := newKrylov(100)
	x := make([]float64, n)
	var used int
	for b.Loop() {
		used, _ = k.solve(mv, rhs, x, 1e-3, 300)
	}
	b.ReportMetric(float64(used), "products")
}
