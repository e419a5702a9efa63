package spotqre

import (
	"math"
	"math/cmplx"

	"gonum.org/v1/gonum/mat"
)

// chebGMRES solves A x = b by GMRES right-preconditioned with a Chebyshev
// polynomial p(A) of degree deg on the interval [chebLow, 1.15·θ], θ the
// largest Ritz value of est plain Arnoldi steps at the start of each solve
// (whose GMRES iterate is the starting point): A p(A) has its spectrum
// near 1, so the outer GMRES keeps deg times fewer basis vectors (its
// Gram–Schmidt work falls by deg², its memory by deg) for about the same
// products. Chebyshev polynomials are the right ones because the spectrum
// of I − y' is real and spread continuously over [1, K] on the spots
// measured (the Chebyshev iteration: Saad, "Iterative Methods for Sparse
// Linear Systems", 2nd ed., 2003, Algorithm 12.1).
type chebGMRES struct {
	outer         *krylov
	deg           int
	est           int
	lo            float64
	hi            float64 // the interval's top of the last solve
	v             [][]float64
	z, r, d, u, t []float64
}

// chebLow is the interval's bottom: the spectrum's lower end (the Ritz
// values measured reach down to 0.82–1.0; the bulk is at 1).
const chebLow = 0.9

func newChebGMRES(outer *krylov, deg int) *chebGMRES {
	return &chebGMRES{outer: outer, deg: deg, est: 10, lo: chebLow}
}

// apply sets z = p(A) v (deg − 1 products).
func (c *chebGMRES) apply(matvec func(v, out []float64), v, z []float64) {
	θ, δ := (c.hi+c.lo)/2, (c.hi-c.lo)/2
	σ1 := θ / δ
	ρ := 1 / σ1
	r, d := c.r, c.d
	copy(r, v)
	clear(z)
	for i := range d {
		d[i] = r[i] / θ
	}
	for k := 0; k < c.deg; k++ {
		axpy(z, 1, d)
		if k == c.deg-1 {
			break
		}
		matvec(d, c.t)
		axpy(r, -1, c.t)
		ρn := 1 / (2*σ1 - ρ)
		a, b := ρn*ρ, 2*ρn/δ
		for i := range d {
			d[i] = a*d[i] + b*r[i]
		}
		ρ = ρn
	}
}

func (c *chebGMRES) solve(matvec func(v, out []float64), b, x []float64, rtol float64, maxit int) (int, float64) {
	n := len(b)
	if len(c.z) != n {
		c.z, c.r, c.d, c.u, c.t = make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		c.v = make([][]float64, c.est+1)
		for i := range c.v {
			c.v[i] = make([]float64, n)
		}
	}
	clear(x)
	bn := math.Sqrt(dot(b, b))
	if bn == 0 {
		return 0, 0
	}
	// Plain Arnoldi (modified Gram–Schmidt): the spectrum's top and a
	// GMRES iterate.
	m := c.est
	h := mat.NewDense(m+1, m, nil)
	for i := range b {
		c.v[0][i] = b[i] / bn
	}
	used := 0
	for j := range m {
		w := c.v[j+1]
		matvec(c.v[j], w)
		used++
		for i := 0; i <= j; i++ {
			hij := dot(w, c.v[i])
			h.Set(i, j, hij)
			axpy(w, -hij, c.v[i])
		}
		hn := math.Sqrt(dot(w, w))
		h.Set(j+1, j, hn)
		if hn == 0 {
			m = j + 1
			break
		}
		for i := range w {
			w[i] /= hn
		}
	}
	var e mat.Eigen
	top := 0.0
	if e.Factorize(mat.DenseCopyOf(h.Slice(0, m, 0, m)), mat.EigenNone) {
		for _, ev := range e.Values(nil) {
			top = max(top, cmplx.Abs(ev))
		}
	}
	c.hi = max(1.15*top, 2*c.lo)
	// The GMRES iterate of the Arnoldi steps: min ‖β e₁ − H̄ y‖.
	var qr mat.QR
	hb := mat.DenseCopyOf(h.Slice(0, m+1, 0, m))
	qr.Factorize(hb)
	rhs := mat.NewDense(m+1, 1, nil)
	rhs.Set(0, 0, bn)
	var y mat.Dense
	if err := qr.SolveTo(&y, false, rhs); err == nil {
		var hy mat.Dense
		hy.Mul(hb, &y)
		copy(c.r, b)
		for i := 0; i < m; i++ {
			axpy(x, y.At(i, 0), c.v[i])
		}
		// r = V_{m+1}(β e₁ − H̄ y).
		clear(c.r)
		for i := 0; i <= m; i++ {
			coef := -hy.At(i, 0)
			if i == 0 {
				coef += bn
			}
			axpy(c.r, coef, c.v[i])
		}
	} else {
		copy(c.r, b)
	}
	res := append([]float64(nil), c.r...)
	rn := math.Sqrt(dot(res, res))
	if rn <= rtol*bn || used >= maxit {
		return used, rn / bn
	}
	// The outer GMRES on A p(A) u = r, then x += p(A) u.
	pm := func(v, out []float64) {
		c.apply(matvec, v, c.z)
		matvec(c.z, out)
	}
	its, rel := c.outer.solve(pm, res, c.u, rtol*bn/rn, max(1, (maxit-used)/c.deg))
	used += its * c.deg
	c.apply(matvec, c.u, c.z)
	used += c.deg - 1
	axpy(x, 1, c.z)
	return used, rel * rn / bn
}
