package spotqre

import (
	"math"
	"math/rand/v2"
	"testing"
)

// BenchmarkKrylovSolve: one GMRES solve at the full-range turn spot's size (844,000
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

// BenchmarkAndersonIteration: Anderson's vector work of one iteration at
// the full-range turn spot's size (844,000 unknowns, the default depth,
// the ring full): the column pass and the step, without the evaluation.
func BenchmarkAndersonIteration(b *testing.B) {
	const n = 844000
	rng := rand.New(rand.NewPCG(3, 4))
	s := &Solver{}
	s.and = newAnderson(n, DefaultParams().AndersonDepth, nil, nil)
	A := s.and
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()
		A.f[i] = rng.NormFloat64()
	}
	for j := range A.m {
		for i := range n {
			A.dF[j][i], A.dU[j][i] = rng.NormFloat64(), rng.NormFloat64()
		}
		A.slot = append(A.slot, j)
		A.gram[j*A.m+j] = 1
	}
	// y(x) where eval leaves it: one IP block of n hands, one action.
	s.ip, s.q = []block{{k: 1, nh: n}}, y
	for b.Loop() {
		j := A.slot[0]
		copy(A.slot, A.slot[1:])
		A.slot = A.slot[:A.m-1]
		s.andersonColumn(j, x, 1)
		A.slot = append(A.slot, j)
		s.andersonStep(x, A.f, 1)
		for i := range x {
			x[i] = x[i]*1e-3 + y[i] // keep x bounded
		}
	}
}
