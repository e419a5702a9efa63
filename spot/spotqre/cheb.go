package spotqre

import (
	"math"
	"math/cmplx"

	"gonum.org/v1/gonum/mat"
)

// chebGMRES solves A x = b by GMRES and, once a solve has taken est
// products without converging, continues it by GMRES right-preconditioned
// with a Chebyshev polynomial p(A) of degree deg on the interval
// [chebLow, margin·θ], θ the largest Ritz value of those first est
// steps (the largest eigenvalues are the first a Krylov space finds). A
// solve that converges within est products is plain GMRES.
//
// Why. The spectrum of I − y'(x) is, on the spots measured, real (or
// nearly) and spread continuously over [1, K], K growing like λ² (227 at
// λ = 10 on the full-range turn spot; 641 and 3,230 at λ = 40 and 100 on
// the narrow turn spot). GMRES then needs about √K products, and
// orthogonalises each new Krylov vector against all the earlier ones: at
// the full-range turn's 844,000 unknowns that costs 0.7 ms per earlier vector against 26 ms for
// a product, as much as the products themselves at 75 vectors, and the
// basis (6.75 MB a vector) must restart at 79 vectors within 512 MB. On a
// real interval the Chebyshev polynomial is the best polynomial of its
// degree (the Chebyshev iteration: Saad, "Iterative Methods for Sparse
// Linear Systems", 2nd ed., 2003, Algorithm 12.1; polynomial
// preconditioning of GMRES: e.g. Loe & Morgan, "Toward efficient
// polynomial preconditioning for GMRES", Numer. Linear Algebra Appl. 29,
// 2022): A p(A) has its spectrum near 1, so the outer GMRES needs about
// deg times fewer vectors for a few per cent more products — its
// Gram–Schmidt work falls by about deg², and it does not restart. The
// outer GMRES keeps the method robust when the interval is off (a few
// eigenvalues outside it cost a few outer iterations).
type chebGMRES struct {
	k          *krylov // the Krylov basis, shared by both phases
	deg, est   int
	lo, hi     float64
	margin     float64   // the interval's top over the largest Ritz value (Params.ChebMargin)
	theta      float64   // the largest Ritz value of the last solve that had est steps
	always     bool      // use the polynomial whatever theta (tests and measurements)
	h          []float64 // (est+1)×est Hessenberg of the first phase, as computed
	r          []float64 // the rotated copy (Givens), for the least squares
	cs, sn     []float64
	g, y       []float64
	z, s, d, t []float64 // scratch
	res, u     []float64
}

// The solver's choice: the polynomial's degree and the plain GMRES steps
// before it (docs/benchmarks.md).
// On spots with fewer IP unknowns than chebMinUnknowns the solver keeps
// plain GMRES: there a Krylov vector (under 1 MB) stays in cache, the
// Gram–Schmidt work is small beside the products, and the polynomial's
// extra products (+43 % to λ* on the narrow turn spot) are not repaid.
//
// The polynomial is used only once the spectrum is wide: while the largest
// Ritz value of the last long solve is below chebMinTheta (K ≈ 227 at
// λ = 10 on the full-range turn spot, where the solves are short and the
// polynomial made λ = 10 cost a fifth more products and CPU) the solves
// are plain GMRES, to the digit.
const (
	chebDegree      = 8
	chebAfter       = 20
	chebMinUnknowns = 1 << 17
	chebMinTheta    = 500
)

// chebLow is the interval's bottom: the spectrum's lower end (the Ritz
// values measured reach down to 0.82–1.0; the bulk is at 1).
const chebLow = 0.9

// newChebGMRES prepares the polynomial of degree deg after est plain
// GMRES steps, on the interval [chebLow, margin·θ] (the largest Ritz value
// θ approaches the spectrum's top from below).
func newChebGMRES(k *krylov, deg, est int, margin float64) *chebGMRES {
	est = min(est, k.restart)
	return &chebGMRES{k: k, deg: deg, est: est, lo: chebLow, margin: margin,
		h: make([]float64, (est+1)*est), r: make([]float64, (est+1)*est),
		cs: make([]float64, est), sn: make([]float64, est), g: make([]float64, est+1), y: make([]float64, est)}
}

// apply sets z = p(A) v (deg − 1 products): deg steps of the Chebyshev
// iteration for A z = v from z = 0.
func (c *chebGMRES) apply(matvec func(v, out []float64), v, z []float64) {
	θ, δ := (c.hi+c.lo)/2, (c.hi-c.lo)/2
	σ1 := θ / δ
	ρ := 1 / σ1
	r, d := c.s, c.d
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

// ritzTop returns the largest |eigenvalue| of the m×m leading block of the
// row-major Hessenberg matrix h with ld columns (0 if it cannot be found).
func ritzTop(h []float64, ld, m int) float64 {
	sq := mat.NewDense(m, m, nil)
	for i := range m {
		for l := range m {
			sq.Set(i, l, h[i*ld+l])
		}
	}
	var e mat.Eigen
	top := 0.0
	if e.Factorize(sq, mat.EigenNone) {
		for _, ev := range e.Values(nil) {
			top = max(top, cmplx.Abs(ev))
		}
	}
	if math.IsInf(top, 0) || math.IsNaN(top) {
		return 0
	}
	return top
}

func (c *chebGMRES) solve(matvec func(v, out []float64), b, x []float64, rtol float64, maxit int) (int, float64) {
	if !c.always && c.theta < chebMinTheta {
		// A narrow spectrum (by the last solve): plain GMRES, whose first
		// cycle's Hessenberg matrix updates the estimate.
		c.k.raw, c.k.rawN = c.h, c.est
		used, rel := c.k.solve(matvec, b, x, rtol, maxit)
		if c.k.rawCols == c.est {
			c.theta = ritzTop(c.h, c.est, c.est)
		}
		c.k.raw = nil
		return used, rel
	}
	n, m := len(b), c.est
	if len(c.z) != n {
		for _, p := range []*[]float64{&c.z, &c.s, &c.d, &c.t, &c.res, &c.u} {
			*p = bigSlice[float64](c.k.ar, n)
		}
	}
	clear(x)
	bn := math.Sqrt(dot(b, b))
	if bn == 0 {
		return 0, 0
	}
	// Phase 1: plain GMRES (modified Gram–Schmidt, Givens rotations),
	// keeping the Hessenberg matrix as computed for its Ritz values.
	v0 := c.k.vec(0, n)
	for i := range b {
		v0[i] = b[i] / bn
	}
	clear(c.g)
	c.g[0] = bn
	h, r := c.h, c.r
	used, j := 0, 0
	rel := 1.0
	for j < m && used < maxit {
		vj, vn := c.k.vec(j, n), c.k.vec(j+1, n)
		matvec(vj, vn)
		used++
		for i := 0; i <= j; i++ {
			hij := dot(vn, c.k.vec(i, n))
			h[i*m+j] = hij
			axpy(vn, -hij, c.k.vec(i, n))
		}
		hn := math.Sqrt(dot(vn, vn))
		h[(j+1)*m+j] = hn
		if hn > 0 {
			inv := 1 / hn
			for i := range vn {
				vn[i] *= inv
			}
		}
		for i := 0; i <= j+1; i++ {
			r[i*m+j] = h[i*m+j]
		}
		rel = givens(r, m, j, hn, c.cs, c.sn, c.g) / bn
		j++
		if rel <= rtol || hn == 0 {
			break
		}
	}
	// x = V y, R y = g.
	backSolve(r, m, j, c.g, c.y)
	for i := range j {
		axpy(x, c.y[i], c.k.vec(i, n))
	}
	if rel <= rtol || used >= maxit || j < m {
		return used, rel
	}
	// The spectrum's top: the largest Ritz value (eigenvalues of the
	// square Hessenberg matrix).
	top := ritzTop(h, m, m)
	c.theta = top
	c.hi = max(c.margin*top, 2*c.lo)
	usePoly := top > 0
	// The residual b − A x = V_{m+1}(β e₁ − H̄ y), without a product.
	res := c.res
	clear(res)
	for i := 0; i <= m; i++ {
		coef := 0.0
		if i == 0 {
			coef = bn
		}
		for l := range m {
			coef -= h[i*m+l] * c.y[l]
		}
		axpy(res, coef, c.k.vec(i, n))
	}
	rn := math.Sqrt(dot(res, res))
	if !usePoly {
		// No spectrum estimate (the eigenvalue routine failed): plain
		// GMRES goes on.
		its, rel2 := c.k.solve(matvec, res, c.u, rtol*bn/rn, maxit-used)
		axpy(x, 1, c.u)
		return used + its, rel2 * rn / bn
	}
	// Phase 2: GMRES on A p(A) u = res, then x += p(A) u.
	pm := func(v, out []float64) {
		c.apply(matvec, v, c.z)
		matvec(c.z, out)
	}
	its, rel2 := c.k.solve(pm, res, c.u, rtol*bn/rn, max(1, (maxit-used)/c.deg))
	used += its * c.deg
	c.apply(matvec, c.u, c.z)
	used += c.deg - 1
	axpy(x, 1, c.z)
	return used, rel2 * rn / bn
}
