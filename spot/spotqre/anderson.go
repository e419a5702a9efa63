package spotqre

import (
	"math"
	"sort"
)

// Anderson acceleration (Walker & Ni, "Anderson acceleration for
// fixed-point iterations", SIAM J. Numer. Anal. 49, 2011; type II, depth m,
// mixing α) of the response map x ← y(x) at one λ: the ladder's globaliser
// before the Newton corrector (path.go).
//
// The least squares are in the action values in chips (f = y(x) − x), on
// the normal equations of the last m differences ΔF, whose Gram matrix is
// kept in a ring: an iteration adds one column (one blocked pass updating f
// in place, writing Δf and Δx + αΔf and taking the new column's m dot
// products while its block is in cache) and moves x (one blocked pass over
// the m update columns, leaving the move Δx in the next column's slot) —
// about 2m + 4 vector passes, no allocations. The history is in float64:
// these loops are bound by the processor's arithmetic, not by memory, and
// float32's conversions cost more than its halved traffic saved. The
// strategy residual (which needs the exponentials of softmax(λy/pot) and
// the reach of every information set) is computed only every
// Params.AndersonCheck iterations, and always at the point where the
// iteration reports convergence: the residual it returns is the real one
// at the x it returns.
type anderson struct {
	m        int
	n        int
	f        []float64 // the last f = y(x) − x, updated in place
	xb       []float64 // one block of x before the step (andersonStep)
	yb       []float64 // one block of y(x) (yRange)
	best     []float64
	dF, dU   [][]float64 // ring of m columns
	gram     []float64   // m × m, slot-indexed
	b        []float64   // dF_jᵀ f
	a, bb, γ []float64   // the k × k system
	slot     []int       // ring slots in use, oldest first
	acc      []float64   // the new column's dot products
	cols     []int       // the slots of those products, and the new one
}

// newAnderson prepares depth m on n unknowns. With slab (Solver.slab),
// history column j (ΔF_j and ΔU_j) lives in slabs 2j and 2j+1, n float64
// each, which the Krylov basis's vectors 2j and 2j+1 also use: Anderson's
// history is dead once it returns and the Krylov basis outside a linear
// solve, and the two never run at once, so the Newton corrector's first
// linear solves write into memory Anderson already touched instead of
// faulting fresh pages in (40 of the Krylov vectors on the full-range turn
// spot at λ = 10). The other large vectors come from ar (nil: the heap).
func newAnderson(n, m int, slab func(j int) []float64, ar *arena) *anderson {
	a := &anderson{m: m, n: n}
	a.f, a.best = bigSlice[float64](ar, n), bigSlice[float64](ar, n)
	a.xb, a.yb = make([]float64, vecBlock), make([]float64, vecBlock)
	a.dF, a.dU = make([][]float64, m), make([][]float64, m)
	for j := range m {
		if slab != nil {
			if v, w := slab(2*j), slab(2*j+1); len(v) == n && len(w) == n && n > 0 {
				a.dF[j], a.dU[j] = v, w
				continue
			}
		}
		a.dF[j], a.dU[j] = bigSlice[float64](ar, n), bigSlice[float64](ar, n)
	}
	a.gram, a.a = make([]float64, m*m), make([]float64, m*m)
	a.b, a.bb, a.γ = make([]float64, m), make([]float64, m), make([]float64, m)
	a.slot = make([]int, 0, m)
	a.acc = make([]float64, m+2)
	a.cols = make([]int, 0, m+1)
	return a
}

// andersonRun is one run's outcome: the evaluations used and the strategy
// residual (largest, reach-weighted) of eval at the x returned.
type andersonRun struct {
	evals, restarts int
	mx, wm          float64
}

// anderson iterates from x (updated in place) at λ until the reach-weighted
// residual is at most tolW and the largest at most tolMax, or maxEvals
// evaluations. It returns at a point whose residual was computed: the one
// that met the goal, or else the checked point with the smallest
// reach-weighted residual. When ‖f‖ grows a hundredfold over the smallest
// seen (or turns NaN) the history is cleared and the iteration goes on from
// that best checked point.
func (s *Solver) anderson(x []float64, lambda, alpha, tolW, tolMax float64, maxEvals int) andersonRun {
	if s.and == nil || s.and.n != len(x) {
		s.and = newAnderson(len(x), s.par.AndersonDepth, s.slab, s.ar)
	}
	A := s.and
	A.slot = A.slot[:0]
	bestNorm := math.Inf(1)
	have := false
	run := andersonRun{mx: math.Inf(1), wm: math.Inf(1)}
	for it := 0; run.evals < maxEvals; it++ {
		if it%s.par.AndersonCheck == 0 {
			mx, wm := s.eval(x, lambda, nil, s.wt, s.rs)
			run.evals++
			if wm <= tolW && mx <= tolMax {
				run.mx, run.wm = mx, wm
				return run
			}
			if wm < run.wm || math.IsNaN(run.wm) {
				run.mx, run.wm = mx, wm
				copy(A.best, x)
			}
		} else {
			s.eval(x, lambda, nil, nil, nil)
			run.evals++
		}
		f := A.f
		// f, ‖f‖², and (with a previous point) the new column: Δf and
		// Δx + αΔf, with its dot products (andersonColumn), in one pass.
		var nf float64
		j := -1
		if !have {
			for lo := 0; lo < len(f); lo += vecBlock {
				hi := min(lo+vecBlock, len(f))
				yb := s.yRange(lo, hi, x, A.yb)
				for i, yv := range yb {
					d := yv - x[lo+i]
					f[lo+i] = d
					nf += d * d
				}
			}
		} else {
			if len(A.slot) == A.m {
				// The oldest column's slot takes the new one.
				j = A.slot[0]
				copy(A.slot, A.slot[1:])
				A.slot = A.slot[:A.m-1]
			} else {
				j = len(A.slot)
			}
			nf = s.andersonColumn(j, x, alpha)
		}
		if math.IsNaN(nf) || nf > 1e4*bestNorm {
			copy(x, A.best)
			A.slot = A.slot[:0]
			have = false
			bestNorm = math.Inf(1)
			it = -1 // check the restart point
			run.restarts++
			continue
		}
		bestNorm = min(bestNorm, nf)
		if j >= 0 {
			A.slot = append(A.slot, j)
		}
		have = true
		s.andersonStep(x, f, alpha)
	}
	copy(x, A.best)
	return run
}

// andersonColumn updates f to y − x, writes slot j's new column (Δf = f −
// f_old, and Δx + αΔf: the step left Δx in the slot's ΔU) and adds it to
// the Gram matrix and b = ΔFᵀf, and returns ‖f‖²: one blocked pass, each
// block of the new column taking its dot products with the m history
// columns while it is in cache. f and ΔU_j are updated in place (read, then
// written: no memory read for ownership of lines the pass did not read).
func (s *Solver) andersonColumn(j int, x []float64, alpha float64) float64 {
	A := s.and
	m := A.m
	acc := A.acc
	clear(acc)
	nj, uj := A.dF[j], A.dU[j]
	f := A.f
	n := len(nj)
	var nf float64
	// The columns to take dot products with: the history's slots, then the
	// new column j itself (not in A.slot yet: acc[j] is its own square).
	A.cols = append(append(A.cols[:0], A.slot...), j)
	for lo := 0; lo < n; lo += vecBlock {
		hi := min(lo+vecBlock, n)
		c, u := nj[lo:hi], uj[lo:hi]
		fb, xb := f[lo:hi], x[lo:hi]
		yb := s.yRange(lo, hi, x, A.yb)
		xb, yb = xb[:len(fb)], yb[:len(fb)]
		c, u = c[:len(fb)], u[:len(fb)]
		var fd float64
		for i := range fb {
			d := yb[i] - xb[i]
			nf += d * d
			df := d - fb[i]
			fb[i] = d
			c[i] = df
			u[i] += alpha * df
			fd += df * d
		}
		acc[m+1] += fd
		// Four columns at a time: c is read once for four independent
		// sums (one column at a time, the loop waited on its adder).
		sl := A.cols
		for ; len(sl) >= 4; sl = sl[4:] {
			d0, d1, d2, d3 := dot4(c, A.dF[sl[0]][lo:hi], A.dF[sl[1]][lo:hi], A.dF[sl[2]][lo:hi], A.dF[sl[3]][lo:hi])
			acc[sl[0]] += d0
			acc[sl[1]] += d1
			acc[sl[2]] += d2
			acc[sl[3]] += d3
		}
		for _, o := range sl {
			acc[o] += dot(c, A.dF[o][lo:hi])
		}
	}
	for _, o := range A.slot {
		A.gram[o*m+j], A.gram[j*m+o] = acc[o], acc[o]
		// b_o = ΔF_oᵀ f_new = ΔF_oᵀ f_old + ΔF_oᵀ Δf.
		A.b[o] += acc[o]
	}
	A.gram[j*m+j] = acc[j]
	A.b[j] = acc[m+1]
	return nf
}

// yRange returns y(x) at IP's unknowns lo ≤ i < hi (at most vecBlock) in
// buf: the action values eval left in s.q, or x at the hands whose first
// action's value is NaN (eval's rule) — what eval would have copied into y,
// read while the block is in cache instead of through a vector of its own.
func (s *Solver) yRange(lo, hi int, x, buf []float64) []float64 {
	buf = buf[:hi-lo]
	// The first IP block holding lo (blocks are contiguous in c).
	bi := sort.Search(len(s.ip), func(i int) bool { return s.ip[i].c+s.ip[i].k*s.ip[i].nh > lo })
	for i := lo; i < hi; bi++ {
		b := s.ip[bi]
		q := s.q[b.off : b.off+int64(b.k*b.nh)]
		end := min(hi, b.c+b.k*b.nh)
		for i < end {
			j := i - b.c
			h := j % b.nh
			run := min(end-i, b.nh-h)
			out, qs, qh, xs := buf[i-lo:i-lo+run], q[j:j+run], q[h:h+run], x[i:i+run]
			for t := range out {
				if math.IsNaN(qh[t]) {
					out[t] = xs[t]
				} else {
					out[t] = qs[t]
				}
			}
			i += run
		}
	}
	return buf
}

// andersonStep moves x to x + αf − Σ γ_j ΔU_j, γ the least-squares
// coefficients min ‖f − ΔF γ‖ (normal equations, with a relative 10⁻¹⁰ on
// the diagonal against exact rank deficiency), and writes the move Δx into
// the ΔU of the slot the next column takes (the oldest when the ring is
// full: each block of it is read for this step before it is overwritten),
// where andersonColumn adds αΔf.
func (s *Solver) andersonStep(x, f []float64, alpha float64) {
	A := s.and
	k, m := len(A.slot), A.m
	γ := A.γ[:k]
	if k > 0 {
		a, bb := A.a[:k*k], A.bb[:k]
		for r, sr := range A.slot {
			for c, sc := range A.slot {
				a[r*k+c] = A.gram[sr*m+sc]
			}
			a[r*k+r] *= 1 + 1e-10
			bb[r] = A.b[sr]
		}
		solveSmallInto(a, bb, γ, k)
	}
	next := len(A.slot)
	if next == m {
		next = A.slot[0]
	}
	dx := A.dU[next]
	n := len(x)
	for lo := 0; lo < n; lo += vecBlock {
		hi := min(lo+vecBlock, n)
		xb, fb := x[lo:hi], f[lo:hi]
		x0 := A.xb[:len(xb)]
		copy(x0, xb)
		for i := range xb {
			xb[i] += alpha * fb[i]
		}
		// Four columns at a time: x's block is loaded and stored once
		// for four updates.
		r := 0
		for ; r+4 <= len(A.slot); r += 4 {
			sl := A.slot[r : r+4]
			axpy4(xb, -γ[r], -γ[r+1], -γ[r+2], -γ[r+3], A.dU[sl[0]][lo:hi], A.dU[sl[1]][lo:hi], A.dU[sl[2]][lo:hi], A.dU[sl[3]][lo:hi])
		}
		for ; r < len(A.slot); r++ {
			axpy(xb, -γ[r], A.dU[A.slot[r]][lo:hi])
		}
		d := dx[lo:hi]
		for i, v := range xb {
			d[i] = v - x0[i]
		}
	}
}

// solveSmallInto solves the k×k system a·x = b by Gaussian elimination with
// partial pivoting into x (a and b are overwritten); a zero pivot leaves
// its unknown at 0.
func solveSmallInto(a, b, x []float64, k int) {
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r*k+c]) > math.Abs(a[p*k+c]) {
				p = r
			}
		}
		if a[p*k+c] == 0 {
			continue
		}
		if p != c {
			for j := range k {
				a[c*k+j], a[p*k+j] = a[p*k+j], a[c*k+j]
			}
			b[c], b[p] = b[p], b[c]
		}
		for r := c + 1; r < k; r++ {
			f := a[r*k+c] / a[c*k+c]
			for j := c; j < k; j++ {
				a[r*k+j] -= f * a[c*k+j]
			}
			b[r] -= f * b[c]
		}
	}
	for c := k - 1; c >= 0; c-- {
		x[c] = 0
		if a[c*k+c] == 0 {
			continue
		}
		v := b[c]
		for j := c + 1; j < k; j++ {
			v -= a[c*k+j] * x[j]
		}
		x[c] = v / a[c*k+c]
	}
}
