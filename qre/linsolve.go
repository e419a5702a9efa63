package qre

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// linSolver solves the bordered Newton systems A x = b of the tracer. A is
// (m+1) × (m+1): its first m rows are the Jacobian in the sparse pattern
// (rowPtr, colIdx) of the system with values vals, its last row is the dense
// border (the tangent, or e_λ). A changes a little from one call to the next
// along the path.
//
// Small systems (n ≤ directMax) are factorised afresh each time the matrix
// changes (dense LU with partial pivoting, gonum/mat). Larger ones reuse a
// sparse LU factorisation of an earlier matrix (sparseLU) as the
// preconditioner of restarted GMRES on the current matrix, and refactorise
// only when GMRES fails to converge: along a path the old factors stay good
// preconditioners for many steps. Either way the result solves the current
// system to a relative residual of tol.
type linSolver struct {
	n              int
	rowPtr, colIdx []int32
	vals           []float64 // len rowPtr[n-1]
	border         []float64 // len n

	haveLU bool // some earlier matrix is factorised
	fresh  bool // the current matrix is factorised
	direct bool

	// Small systems: a dense copy and gonum's LU.
	A     []float64
	dense *mat.Dense
	lu    mat.LU
	// Large systems.
	sp *sparseLU

	restart int
	V       []float64 // (restart+1) × n Krylov basis
	Hs      []float64 // (restart+1) × restart Hessenberg matrix
	cs, sn  []float64
	g, y    []float64
	r, z, q []float64
	zv, qv  *mat.VecDense

	// statistics
	factorizations, iterations, solves int
	lastIters                          int
}

// directMax is the largest system factorised densely at every change.
const directMax = 200

func newLinSolver(rowPtr, colIdx []int32) *linSolver {
	n := len(rowPtr)
	ls := &linSolver{n: n, rowPtr: rowPtr, colIdx: colIdx, restart: 40}
	ls.vals = make([]float64, rowPtr[n-1])
	ls.border = make([]float64, n)
	ls.direct = n <= directMax
	if ls.direct {
		ls.A = make([]float64, n*n)
		ls.dense = mat.NewDense(n, n, ls.A)
	} else {
		ls.sp = newSparseLU(n)
	}
	k := ls.restart
	ls.V = make([]float64, (k+1)*n)
	ls.Hs = make([]float64, (k+1)*k)
	ls.cs, ls.sn = make([]float64, k), make([]float64, k)
	ls.g, ls.y = make([]float64, k+1), make([]float64, k)
	ls.r, ls.z, ls.q = make([]float64, n), make([]float64, n), make([]float64, n)
	ls.zv = mat.NewVecDense(n, ls.z)
	ls.qv = mat.NewVecDense(n, ls.q)
	return ls
}

// changed tells the solver that vals or border were rewritten.
func (ls *linSolver) changed() { ls.fresh = false }

// invalidate drops the preconditioner (the coordinates changed).
func (ls *linSolver) invalidate() { ls.haveLU, ls.fresh = false, false }

func (ls *linSolver) factorize() bool {
	ls.factorizations++
	if !ls.direct {
		ok := ls.sp.factorize(ls.rowPtr, ls.colIdx, ls.vals, ls.border)
		ls.haveLU, ls.fresh = ok, ok
		return ok
	}
	n := ls.n
	for i := range ls.A[:(n-1)*n] {
		ls.A[i] = 0
	}
	for i := 0; i < n-1; i++ {
		row := ls.A[i*n : (i+1)*n]
		for k := ls.rowPtr[i]; k < ls.rowPtr[i+1]; k++ {
			row[ls.colIdx[k]] = ls.vals[k]
		}
	}
	copy(ls.A[(n-1)*n:], ls.border)
	ls.lu.Factorize(ls.dense)
	ls.haveLU, ls.fresh = true, true
	c := ls.lu.Cond()
	return !(math.IsInf(c, 0) || math.IsNaN(c))
}

// precond sets dst = M⁻¹ src with the stored factors.
func (ls *linSolver) precond(dst, src []float64) bool {
	if !ls.direct {
		ls.sp.solve(dst, src)
		return true
	}
	copy(ls.q, src)
	if err := ls.lu.SolveVecTo(ls.zv, false, ls.qv); err != nil {
		if _, ok := err.(mat.Condition); !ok {
			return false
		}
	}
	copy(dst, ls.z)
	return true
}

// matvec sets dst = A x.
func (ls *linSolver) matvec(dst, x []float64) {
	m := ls.n - 1
	for i := 0; i < m; i++ {
		lo, hi := ls.rowPtr[i], ls.rowPtr[i+1]
		idx, val := ls.colIdx[lo:hi], ls.vals[lo:hi]
		s := 0.0
		for t, j := range idx {
			s += val[t] * x[j]
		}
		dst[i] = s
	}
	dst[m] = dot(ls.border, x)
}

// solve sets x to the solution of A x = b (relative residual ≤ tol). It
// reports false if A is singular to working precision.
func (ls *linSolver) solve(x, b []float64, tol float64) bool {
	ls.solves++
	if ls.direct || !ls.haveLU {
		if !ls.fresh && !ls.factorize() {
			return false
		}
	}
	if ls.fresh {
		ls.lastIters = 0
		return ls.precond(x, b) && ls.refine(x, b, tol)
	}
	if ls.gmres(x, b, tol) {
		return true
	}
	// The old factors no longer precondition well: refactorise.
	if !ls.factorize() {
		return false
	}
	ls.lastIters = 0
	return ls.precond(x, b) && ls.refine(x, b, tol)
}

// refine performs at most two steps of iterative refinement with fresh
// factors; it guards against a poor pivot sequence.
func (ls *linSolver) refine(x, b []float64, tol float64) bool {
	nb := norm2(b)
	for it := 0; it < 2; it++ {
		ls.matvec(ls.r, x)
		for i := range ls.r {
			ls.r[i] = b[i] - ls.r[i]
		}
		if norm2(ls.r) <= tol*nb {
			return true
		}
		if !ls.precond(ls.z, ls.r) {
			return false
		}
		for i := range x {
			x[i] += ls.z[i]
		}
	}
	return allFinite(x)
}

// gmres runs right-preconditioned restarted GMRES (Saad & Schultz 1986)
// from x = M⁻¹b.
func (ls *linSolver) gmres(x, b []float64, tol float64) bool {
	n, k := ls.n, ls.restart
	nb := norm2(b)
	if nb == 0 {
		for i := range x {
			x[i] = 0
		}
		return true
	}
	if !ls.precond(x, b) {
		return false
	}
	iters := 0
	defer func() { ls.iterations += iters; ls.lastIters = iters }()
	for cycle := 0; cycle < 3; cycle++ {
		ls.matvec(ls.r, x)
		for i := range ls.r {
			ls.r[i] = b[i] - ls.r[i]
		}
		beta := norm2(ls.r)
		if beta <= tol*nb {
			return true
		}
		if !(beta < math.Inf(1)) {
			return false
		}
		V, Hs := ls.V, ls.Hs
		for i := 0; i < n; i++ {
			V[i] = ls.r[i] / beta
		}
		for i := range ls.g {
			ls.g[i] = 0
		}
		ls.g[0] = beta
		j := 0
		for ; j < k; j++ {
			iters++
			vj := V[j*n : (j+1)*n]
			if !ls.precond(ls.z, vj) {
				return false
			}
			w := V[(j+1)*n : (j+2)*n]
			ls.matvec(w, ls.z)
			// Modified Gram–Schmidt.
			for i := 0; i <= j; i++ {
				vi := V[i*n : (i+1)*n]
				h := dot(w, vi)
				Hs[i*k+j] = h
				axpy(-h, vi, w)
			}
			hn := norm2(w)
			Hs[(j+1)*k+j] = hn
			if hn > 0 {
				for i := range w {
					w[i] /= hn
				}
			}
			// Apply the previous Givens rotations to column j, then a new one.
			for i := 0; i < j; i++ {
				a, c := Hs[i*k+j], Hs[(i+1)*k+j]
				Hs[i*k+j] = ls.cs[i]*a + ls.sn[i]*c
				Hs[(i+1)*k+j] = -ls.sn[i]*a + ls.cs[i]*c
			}
			a, c := Hs[j*k+j], Hs[(j+1)*k+j]
			d := math.Hypot(a, c)
			if d == 0 {
				return false
			}
			ls.cs[j], ls.sn[j] = a/d, c/d
			Hs[j*k+j] = d
			Hs[(j+1)*k+j] = 0
			ls.g[j+1] = -ls.sn[j] * ls.g[j]
			ls.g[j] = ls.cs[j] * ls.g[j]
			if math.Abs(ls.g[j+1]) <= 0.5*tol*nb || hn == 0 {
				j++
				break
			}
		}
		// y = R⁻¹ g, x += M⁻¹ V y.
		for i := j - 1; i >= 0; i-- {
			s := ls.g[i]
			for l := i + 1; l < j; l++ {
				s -= Hs[i*k+l] * ls.y[l]
			}
			ls.y[i] = s / Hs[i*k+i]
		}
		for i := range ls.r {
			ls.r[i] = 0
		}
		for i := 0; i < j; i++ {
			axpy(ls.y[i], V[i*n:(i+1)*n], ls.r)
		}
		if !ls.precond(ls.z, ls.r) {
			return false
		}
		for i := range x {
			x[i] += ls.z[i]
		}
		if iters > 2*k {
			break
		}
	}
	ls.matvec(ls.r, x)
	for i := range ls.r {
		ls.r[i] = b[i] - ls.r[i]
	}
	return norm2(ls.r) <= tol*nb
}

func dot(a, b []float64) float64 {
	b = b[:len(a)]
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

func axpy(alpha float64, x, y []float64) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] += alpha * v
	}
}

func norm2(x []float64) float64 { return math.Sqrt(dot(x, x)) }

func allFinite(x []float64) bool {
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
