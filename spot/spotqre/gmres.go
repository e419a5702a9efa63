package spotqre

import "math"

// linSolver solves A x = b from x = 0 until ‖b − A x‖ ≤ rtol·‖b‖ or maxit
// products with A, returning the products used and the relative residual
// reached: krylov (restarted GMRES) and chebGMRES (GMRES with a Chebyshev
// polynomial preconditioner, cheb.go).
type linSolver interface {
	solve(matvec func(v, out []float64), b, x []float64, rtol float64, maxit int) (int, float64)
}

// gmres solves A x = b for x by restarted GMRES (Saad & Schultz 1986)
// with modified Gram–Schmidt and Givens rotations, starting from x = 0,
// until ‖b − A x‖ ≤ rtol·‖b‖ or maxit products with A. The Krylov basis
// lives in k.basis (allocated on first use, kept for the next solves), so a
// solve allocates nothing once warm. It returns the products used and the
// relative residual reached.
type krylov struct {
	restart int
	basis   [][]float64
	h       []float64 // (restart+1) × restart Hessenberg, row-major
	// raw, when set, receives the first cycle's Hessenberg matrix as
	// computed (before the Givens rotations), rawN its columns: for the
	// Ritz values (cheb.go). It changes nothing in the solve.
	raw     []float64
	rawN    int
	rawCols int // columns filled by the last solve
	// spare, when set, gives basis vector i its memory (the solver's
	// slabs, which Anderson's history shares: see Solver.slab).
	spare func(i int) []float64
	// ar gives the other large vectors their memory (nil: the heap).
	ar     *arena
	cs, sn []float64
	g, y   []float64
	r, t   []float64
	hc, h2 []float64 // the new column's coefficients (orth)
	neg    []float64 // scratch of subtract
	// reorth counts orth's second passes, drift the largest relative
	// difference between the small residual |g_j| and the true one
	// (checkResidual) seen (for the tests and measurements).
	reorth int
	drift  float64
	cycle  int  // the last cycle's basis vectors
	twice  bool // orthogonalise twice from the start (the tests)
}

func newKrylov(restart int) *krylov {
	return &krylov{restart: restart, h: make([]float64, (restart+1)*restart),
		cs: make([]float64, restart), sn: make([]float64, restart), g: make([]float64, restart+1), y: make([]float64, restart),
		hc: make([]float64, restart+1), h2: make([]float64, restart+1), neg: make([]float64, restart+1)}
}

func (k *krylov) vec(i, n int) []float64 {
	for len(k.basis) <= i {
		k.basis = append(k.basis, nil)
	}
	if len(k.basis[i]) != n {
		if k.spare != nil {
			if v := k.spare(i); len(v) == n {
				k.basis[i] = v
				return v
			}
		}
		k.basis[i] = bigSlice[float64](k.ar, n)
	}
	return k.basis[i]
}

// dot is the dot product of a and b, with four sums (one waited on its
// adder).
func dot(a, b []float64) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+3 < len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

func axpy(y []float64, a float64, x []float64) {
	x = x[:len(y)]
	for i := range y {
		y[i] += a * x[i]
	}
}

func (k *krylov) solve(matvec func(v, out []float64), b, x []float64, rtol float64, maxit int) (int, float64) {
	n, m := len(b), k.restart
	clear(x)
	bn := math.Sqrt(dot(b, b))
	if bn == 0 {
		return 0, 0
	}
	if len(k.r) != n {
		k.r, k.t = bigSlice[float64](k.ar, n), bigSlice[float64](k.ar, n)
	}
	r := k.r
	copy(r, b)
	used := 0
	rel := 1.0
	first := true
	first0 := true   // the first cycle
	twice := k.twice // orth's re-orthogonalisation (after a basis drifted)
	k.rawCols = 0
	for used < maxit {
		if !first {
			matvec(x, k.t)
			used++
			for i := range r {
				r[i] = b[i] - k.t[i]
			}
		}
		first = false
		beta := math.Sqrt(dot(r, r))
		rel = beta / bn
		if rel <= rtol || used >= maxit {
			return used, rel
		}
		v0 := k.vec(0, n)
		for i := range r {
			v0[i] = r[i] / beta
		}
		clear(k.g)
		k.g[0] = beta
		j := 0
		for j < m && used < maxit {
			vj, vn := k.vec(j, n), k.vec(j+1, n)
			matvec(vj, vn)
			used++
			hn := k.orth(vn, j+1, twice)
			for i := 0; i <= j; i++ {
				k.h[i*m+j] = k.hc[i]
			}
			k.h[(j+1)*m+j] = hn
			if k.raw != nil && first0 && j < k.rawN {
				for i := 0; i <= j+1; i++ {
					k.raw[i*k.rawN+j] = k.h[i*m+j]
				}
				k.rawCols = j + 1
			}
			if hn > 0 {
				inv := 1 / hn
				for i := range vn {
					vn[i] *= inv
				}
			}
			rel = givens(k.h, m, j, hn, k.cs, k.sn, k.g) / bn
			j++
			if rel <= rtol || hn == 0 {
				break
			}
		}
		first0 = false
		k.cycle = j + 1
		// x += V y, H y = g (upper triangular).
		backSolve(k.h, m, j, k.g, k.y)
		k.combine(x, j, k.y)
		if rel <= rtol {
			// The small residual says done: the true one decides.
			tr := k.checkResidual(j) / bn
			d := math.Abs(tr-rel) / max(tr, rel)
			k.drift = max(k.drift, d)
			if d > driftMax {
				twice = true
			}
			if tr <= rtol {
				return used, tr
			}
		}
		// Restart from the true residual.
		matvec(x, k.t)
		used++
		for i := range r {
			r[i] = b[i] - k.t[i]
		}
		first = true
		rel = math.Sqrt(dot(r, r)) / bn
		if rel <= rtol {
			return used, rel
		}
	}
	return used, rel
}

// orth orthogonalises w = A v_{j−1} against the basis vectors 0…j−1 by
// classical Gram–Schmidt, leaving the coefficients in k.hc[:j], and returns
// ‖w‖ after. Modified Gram–Schmidt read every basis vector twice, one at a
// time, and w 2j times; here the basis is read twice in all, in row
// blocks with w's block in cache: one pass for the coefficients h = Vᵀw,
// one for w −= V h (these loops are bound by the processor's arithmetic,
// and modified Gram–Schmidt's one-column loops did half the work per load).
// With twice, a re-orthogonalisation follows (classical Gram–Schmidt with
// reorthogonalisation: "twice is enough", Giraud, Langou & Rozložník 2005).
//
// One pass loses orthogonality where the subtraction cancels most of w
// (about u·κ² of the Krylov matrix); solve does not rely on it: the
// residual it reports is computed from the basis as it is (checkResidual),
// and a cycle whose basis has drifted far enough to matter turns twice on.
func (k *krylov) orth(w []float64, j int, twice bool) float64 {
	V := k.basis[:j]
	hc := k.hc[:j]
	k.project(w, V, hc)
	ww := k.subtract(w, V, hc)
	if twice {
		k.reorth++
		h2 := k.h2[:j]
		k.project(w, V, h2)
		ww = k.subtract(w, V, h2)
		for i, v := range h2 {
			hc[i] += v
		}
	}
	return math.Sqrt(ww)
}

// checkResidual returns ‖V_{j+1} z‖, z = βe₁ − H̄y the small least
// squares' residual, through the cycle's basis as it is: by the Arnoldi
// relation A V_j = V_{j+1} H̄ (which holds to rounding whatever the basis's
// orthogonality) this is ‖r₀ − A V_j y‖, the true residual, where the small
// one, |g_j|, equals it only for an orthonormal basis. One blocked pass
// over the j+1 vectors (a fifth of a product's time at 28 vectors on the
// full-range turn spot). z is Qᵀ(g_j e_j), Q the Givens rotations.
func (k *krylov) checkResidual(j int) float64 {
	z := k.h2[:j+1]
	clear(z)
	z[j] = k.g[j]
	for i := j - 1; i >= 0; i-- {
		p, q := z[i], z[i+1]
		z[i] = k.cs[i]*p - k.sn[i]*q
		z[i+1] = k.sn[i]*p + k.cs[i]*q
	}
	V := k.basis[:j+1]
	t := k.t
	var rr float64
	for lo := 0; lo < len(t); lo += vecBlock {
		c := t[lo:min(lo+vecBlock, len(t))]
		clear(c)
		combBlock(c, V, z, lo)
		rr += dot(c, c)
	}
	return math.Sqrt(rr)
}

// driftMax: when the true residual and GMRES's small one differ by more
// than this share, the basis has lost enough orthogonality to matter, and
// the rest of the solve orthogonalises twice.
const driftMax = 0.01

// project sets h = Vᵀw (one blocked pass).
func (k *krylov) project(w []float64, V [][]float64, h []float64) {
	clear(h)
	for lo := 0; lo < len(w); lo += vecBlock {
		dotsBlock(w[lo:min(lo+vecBlock, len(w))], V, lo, h)
	}
}

// subtract sets w −= V h (one blocked pass) and returns ‖w‖² after.
func (k *krylov) subtract(w []float64, V [][]float64, h []float64) float64 {
	neg := k.neg[:len(h)]
	for i, v := range h {
		neg[i] = -v
	}
	var ww float64
	for lo := 0; lo < len(w); lo += vecBlock {
		c := w[lo:min(lo+vecBlock, len(w))]
		combBlock(c, V, neg, lo)
		ww += dot(c, c)
	}
	return ww
}

// combine sets x += Σ_{i<j} y_i v_i (one blocked pass).
func (k *krylov) combine(x []float64, j int, y []float64) {
	V := k.basis[:j]
	for lo := 0; lo < len(x); lo += vecBlock {
		combBlock(x[lo:min(lo+vecBlock, len(x))], V, y[:j], lo)
	}
}

// givens is one step of GMRES's small least squares (Saad & Schultz 1986):
// it applies the earlier rotations (cs, sn)[:j] to column j of the
// Hessenberg matrix h (row-major, m columns), whose entry below the
// diagonal is hn, forms the rotation j that zeroes that entry, applies it
// to the rotated right-hand side g, and returns |g[j+1]|, the residual of
// the least squares after j+1 columns.
func givens(h []float64, m, j int, hn float64, cs, sn, g []float64) float64 {
	for i := 0; i < j; i++ {
		a, c := h[i*m+j], h[(i+1)*m+j]
		h[i*m+j] = cs[i]*a + sn[i]*c
		h[(i+1)*m+j] = -sn[i]*a + cs[i]*c
	}
	d := math.Hypot(h[j*m+j], hn)
	if d == 0 {
		d = 1e-300
	}
	cs[j], sn[j] = h[j*m+j]/d, hn/d
	h[j*m+j] = d
	h[(j+1)*m+j] = 0
	g[j+1] = -sn[j] * g[j]
	g[j] *= cs[j]
	return math.Abs(g[j+1])
}

// backSolve sets y[:j] to the solution of R y = g, R the upper-triangular
// j×j top of the rotated Hessenberg matrix r (row-major, m columns).
func backSolve(r []float64, m, j int, g, y []float64) {
	for i := j - 1; i >= 0; i-- {
		s := g[i]
		for l := i + 1; l < j; l++ {
			s -= r[i*m+l] * y[l]
		}
		y[i] = s / r[i*m+i]
	}
}
