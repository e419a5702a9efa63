package spotqre

import "math"

// linSolver solves A x = b from x = 0 until ‖b − A x‖ ≤ rtol·‖b‖ or maxit
// products with A, returning the products used and the relative residual
// reached: krylov (restarted GMRES) and cheb (GMRES with a Chebyshev
// polynomial preconditioner, cheb.go); IDR(s), measured and rejected, is in
// idrs_test.go.
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
	spare  func(i int) []float64
	cs, sn []float64
	g, y   []float64
	r, t   []float64
}

func newKrylov(restart int) *krylov {
	return &krylov{restart: restart, h: make([]float64, (restart+1)*restart),
		cs: make([]float64, restart), sn: make([]float64, restart), g: make([]float64, restart+1), y: make([]float64, restart)}
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
		k.basis[i] = bigSlice[float64](n)
	}
	return k.basis[i]
}

func dot(a, b []float64) float64 {
	b = b[:len(a)]
	var s0, s1 float64
	i := 0
	for ; i+1 < len(a); i += 2 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
	}
	if i < len(a) {
		s0 += a[i] * b[i]
	}
	return s0 + s1
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
		k.r, k.t = bigSlice[float64](n), bigSlice[float64](n)
	}
	r := k.r
	copy(r, b)
	used := 0
	rel := 1.0
	first := true
	first0 := true // the first cycle
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
			for i := 0; i <= j; i++ {
				hij := dot(vn, k.vec(i, n))
				k.h[i*m+j] = hij
				axpy(vn, -hij, k.vec(i, n))
			}
			hn := math.Sqrt(dot(vn, vn))
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
			for i := 0; i < j; i++ {
				a, c := k.h[i*m+j], k.h[(i+1)*m+j]
				k.h[i*m+j] = k.cs[i]*a + k.sn[i]*c
				k.h[(i+1)*m+j] = -k.sn[i]*a + k.cs[i]*c
			}
			d := math.Hypot(k.h[j*m+j], hn)
			if d == 0 {
				d = 1e-300
			}
			k.cs[j], k.sn[j] = k.h[j*m+j]/d, hn/d
			k.h[j*m+j] = d
			k.h[(j+1)*m+j] = 0
			k.g[j+1] = -k.sn[j] * k.g[j]
			k.g[j] *= k.cs[j]
			j++
			rel = math.Abs(k.g[j]) / bn
			if rel <= rtol || hn == 0 {
				break
			}
		}
		first0 = false
		// x += V y, H y = g (upper triangular).
		for i := j - 1; i >= 0; i-- {
			s := k.g[i]
			for l := i + 1; l < j; l++ {
				s -= k.h[i*m+l] * k.y[l]
			}
			k.y[i] = s / k.h[i*m+i]
		}
		for i := range j {
			axpy(x, k.y[i], k.vec(i, n))
		}
		if rel <= rtol {
			return used, rel
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
