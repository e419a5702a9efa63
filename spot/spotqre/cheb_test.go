package spotqre

import (
	"math"
	"math/rand/v2"
	"testing"
)

// nonsymmetricSystem is a dense nonsymmetric n × n system whose spectrum is
// spread over [1, 300] like the Newton steps' (a diagonal from 1 to 300
// plus a small nonsymmetric coupling), with a right-hand side, from the
// seed.
func nonsymmetricSystem(n int, seed uint64) (mv func(v, out []float64), b []float64) {
	rng := rand.New(rand.NewPCG(seed, seed))
	a := make([]float64, n*n)
	for i := range n {
		a[i*n+i] = 1 + 299*math.Pow(float64(i)/float64(n-1), 2)
		for j := range n {
			if i != j {
				a[i*n+j] += 0.5 * rng.NormFloat64() / math.Sqrt(float64(n))
			}
		}
	}
	mv = func(v, out []float64) {
		for i := range n {
			var s float64
			for j, x := range v {
				s += a[i*n+j] * x
			}
			out[i] = s
		}
	}
	b = make([]float64, n)
	for i := range b {
		b[i] = rng.NormFloat64()
	}
	return mv, b
}

// trueResidual returns ‖b − A x‖/‖b‖.
func trueResidual(mv func(v, out []float64), b, x []float64) float64 {
	ax := make([]float64, len(b))
	mv(x, ax)
	for i := range ax {
		ax[i] = b[i] - ax[i]
	}
	return math.Sqrt(dot(ax, ax) / dot(b, b))
}

// TestLinearSolversReachTheTolerance: GMRES and the Chebyshev-preconditioned
// GMRES (with the polynomial from the start, and gated by the spectrum's
// width as the solver uses it) reach the requested relative residual on a
// nonsymmetric system with a wide spectrum, by the residual recomputed from
// the matrix.
func TestLinearSolversReachTheTolerance(t *testing.T) {
	mv, b := nonsymmetricSystem(300, 7)
	margin := DefaultParams().ChebMargin
	for _, c := range []struct {
		name string
		lin  linSolver
	}{
		{"gmres", newKrylov(40)},
		{"cheb(5)", alwaysCheb(newKrylov(40), 5, 10)},
		{"cheb(10)", alwaysCheb(newKrylov(40), 10, 10)},
		{"cheb(8), gated", newChebGMRES(newKrylov(40), 8, 20, margin)},
	} {
		for _, rtol := range []float64{1e-3, 1e-8} {
			x := make([]float64, len(b))
			used, rel := c.lin.solve(mv, b, x, rtol, 2000)
			tr := trueResidual(mv, b, x)
			if rel > rtol || tr > 10*rtol {
				t.Errorf("%s, rtol %g: reported %.3g, true %.3g after %d products", c.name, rtol, rel, tr, used)
			}
			t.Logf("%s, rtol %g: %d products, reported %.2g, true %.2g", c.name, rtol, used, rel, tr)
		}
	}
}

// TestChebyshevPolynomialIsScaledChebyshev: the preconditioner's residual
// polynomial 1 − μ·p(μ) is the Chebyshev polynomial of the interval scaled
// to 1 at 0, T_d((θ − μ)/δ)/T_d(θ/δ) (θ, δ the interval's centre and
// half-width), checked on a diagonal matrix against the closed form
// T_d(t) = cos(d·acos t) for |t| ≤ 1, cosh(d·acosh t) for t > 1.
func TestChebyshevPolynomialIsScaledChebyshev(t *testing.T) {
	mus := []float64{0.9, 1, 3, 50, 120, 299, 345}
	c := newChebGMRES(newKrylov(20), 7, 10, DefaultParams().ChebMargin)
	c.lo, c.hi = 0.9, 345
	n := len(mus)
	c.s, c.d, c.t = make([]float64, n), make([]float64, n), make([]float64, n)
	mv := func(v, out []float64) {
		for i, m := range mus {
			out[i] = m * v[i]
		}
	}
	v, z := make([]float64, n), make([]float64, n)
	for i := range v {
		v[i] = 1
	}
	c.apply(mv, v, z)
	cheb := func(d int, x float64) float64 {
		if math.Abs(x) <= 1 {
			return math.Cos(float64(d) * math.Acos(x))
		}
		return math.Cosh(float64(d) * math.Acosh(x))
	}
	θ, δ := (c.hi+c.lo)/2, (c.hi-c.lo)/2
	for i, mu := range mus {
		want := cheb(7, (θ-mu)/δ) / cheb(7, θ/δ)
		got := 1 - mu*z[i]
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("μ = %g: 1 − μ·p(μ) = %.15g, want %.15g", mu, got, want)
		}
	}
}

// alwaysCheb is a chebGMRES that uses the polynomial whatever the spectrum's
// width (the solver's waits for a wide spectrum).
func alwaysCheb(k *krylov, deg, est int) *chebGMRES {
	c := newChebGMRES(k, deg, est, DefaultParams().ChebMargin)
	c.always = true
	return c
}
