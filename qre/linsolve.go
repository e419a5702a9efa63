package qre

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// linSolver solves the bordered Newton systems A x = b of the tracer, where
// A (n × n, row-major, owned by the caller) changes a little from one call
// to the next along the path.
//
// Small systems (n ≤ directMax) are factorised afresh each time the matrix
// changes (dense LU with partial pivoting, gonum/mat). Larger ones reuse an
// LU factorisation of an earlier matrix as a preconditioner for restarted
// GMRES on the current matrix, and refactorise only when GMRES needs many
// iterations: a factorisation costs (2/3)n³ flops, a GMRES iteration 3n²,
// and along a path the old factors stay good preconditioners for many steps.
// The result is the solution of the current system to a relative residual of
// tol either way.
type linSolver struct {
	n      int
	A      []float64
	dense  *mat.Dense
	lu     mat.LU
	haveLU bool // lu holds some earlier matrix
	fresh  bool // lu holds the current matrix
	direct bool
	sp     *sparseLU // large systems: sparse factors

	// Compressed rows of A for products (large systems), rebuilt after a change.
	csrOK          bool
	csrPtr, csrIdx []int32
	csrVal         []float64

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

// directMax is the largest system factorised at every change.
const directMax = 200

func newLinSolver(n int) *linSolver {
	ls := &linSolver{n: n, A: make([]float64, n*n), restart: 40}
	ls.dense = mat.NewDense(n, n, ls.A)
	ls.direct = n <= directMax
	if !ls.direct {
		ls.sp = newSparseLU(n)
		ls.csrPtr = make([]int32, n+1)
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

// changed tells the solver that A was rewritten.
func (ls *linSolver) changed() { ls.fresh, ls.csrOK = false, false }

// invalidate drops the preconditioner (the coordinates changed).
func (ls *linSolver) invalidate() { ls.haveLU, ls.fresh = false, false }

func (ls *linSolver) factorize() bool {
	if !ls.direct {
		ls.factorizations++
		ok := ls.sp.factorize(ls.A)
		ls.haveLU, ls.fresh = ok, ok
		return ok
	}
	ls.lu.Factorize(ls.dense)
	ls.factorizations++
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
		var c mat.Condition
		if !asCondition(err, &c) {
			return false
		}
	}
	copy(dst, ls.z)
	return true
}

func asCondition(err error, c *mat.Condition) bool {
	v, ok := err.(mat.Condition)
	if ok {
		*c = v
	}
	return ok
}

// matvec sets dst = A x.
func (ls *linSolver) matvec(dst, x []float64) {
	n := ls.n
	if !ls.direct {
		if !ls.csrOK {
			ls.buildCSR()
		}
		for i := 0; i < n; i++ {
			lo, hi := ls.csrPtr[i], ls.csrPtr[i+1]
			idx, val := ls.csrIdx[lo:hi], ls.csrVal[lo:hi]
			s := 0.0
			for t, j := range idx {
				s += val[t] * x[j]
			}
			dst[i] = s
		}
		return
	}
	for i := 0; i < n; i++ {
		row := ls.A[i*n : (i+1)*n]
		s := 0.0
		for j, a := range row {
			s += a * x[j]
		}
		dst[i] = s
	}
}

func (ls *linSolver) buildCSR() {
	n := ls.n
	ls.csrIdx, ls.csrVal = ls.csrIdx[:0], ls.csrVal[:0]
	for i := 0; i < n; i++ {
		ls.csrPtr[i] = int32(len(ls.csrIdx))
		for j, v := range ls.A[i*n : (i+1)*n] {
			if v != 0 {
				ls.csrIdx = append(ls.csrIdx, int32(j))
				ls.csrVal = append(ls.csrVal, v)
			}
		}
	}
	ls.csrPtr[n] = int32(len(ls.csrIdx))
	ls.csrOK = true
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
// factors; it guards against a bad pivot sequence.
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

// gmres runs right-preconditioned restarted GMRES from x = M⁻¹b.
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
