// Package lp solves linear programs in standard form,
//
//	maximise c·x  subject to  A x = b,  x ≥ 0,
//
// by the two-phase tableau simplex method (Dantzig 1963; Chvátal, "Linear
// Programming", 1983, ch. 2–3 and 8).
//
// It exists because the sequence-form programs of poker games (package br)
// are large, very sparse and massively degenerate. A pivot here touches only
// the rows with a non-zero in the pivot column and only the non-zero columns
// of the pivot row, so Leduc Hold'em's program (1,562 rows × 2,655 columns)
// takes a few seconds, where gonum's simplex, which refactorises a dense
// basis at every pivot, needs many minutes.
//
// Degeneracy (most right-hand sides are 0) is handled as in practical
// solvers: the right-hand sides of the starting tableau are perturbed by tiny
// distinct positive amounts (Charnes 1952; Wolfe 1963), so no pivot is
// degenerate and the simplex cannot cycle; at the end the basis found is
// re-installed with the true right-hand side, which gives the exact optimum of
// that basis, and is checked for feasibility and optimality. Pivot rows are
// chosen by Harris's two-pass ratio test (largest pivot among near-ties) for
// numerical stability. Entering columns are priced by steepest edge
// (Goldfarb & Reid 1977) with exact norms, which the explicit tableau makes
// free to maintain; on Leduc it cuts the time six-fold against Dantzig's
// largest-coefficient rule. Bland's rule is the fallback if a run of pivots
// still makes no progress. The tableau is dense: memory is 8·m·(n+1) bytes.
package lp

import (
	"errors"
	"math"
)

// Errors returned by Maximize and MaximizeFrom.
var (
	ErrInfeasible = errors.New("lp: the program is infeasible")
	ErrUnbounded  = errors.New("lp: the program is unbounded")
	ErrNumerical  = errors.New("lp: numerical trouble: the final basis is not optimal and feasible")
	ErrPivots     = errors.New("lp: pivot limit reached")
)

// Result is an optimal solution.
type Result struct {
	X      []float64 // the optimal point, len n
	Value  float64   // c·X
	Pivots int       // simplex pivots in all phases
	// ReducedCosts are c_j − πᵀA_j at the optimum, where π are the optimal
	// dual prices of the rows (all ≤ 0 at an optimum of a maximisation). The
	// reduced cost of a slack column of row i is −π_i, which is how callers
	// read the dual solution.
	ReducedCosts []float64
}

const (
	pivotTol   = 1e-9  // smallest usable pivot element
	costTol    = 1e-9  // reduced costs above this can still improve
	feasTol    = 1e-7  // right-hand sides above −feasTol count as feasible
	zeroTol    = 1e-14 // tableau entries below this are flushed to zero
	harrisTol  = 1e-12 // bound slack of Harris's ratio test
	perturbMin = 1e-7  // right-hand-side perturbation, in [perturbMin, 2·perturbMin)
	blandAfter = 100   // pivots without progress before Bland's rule
)

// Maximize solves max c·x s.t. A x = b, x ≥ 0, where A is m×n in row-major
// order (len m·n). A phase-1 program with artificial variables finds a first
// basis. Inputs are not modified.
func Maximize(A []float64, m, n int, b, c []float64) (Result, error) {
	if len(A) != m*n || len(b) != m || len(c) != n {
		panic("lp: dimension mismatch")
	}
	// Phase 1: [A | I] z = |b|, maximise −Σ artificials.
	cols := n + m
	big := make([]float64, m*cols)
	rhs := make([]float64, m)
	for i := 0; i < m; i++ {
		sign := 1.0
		if b[i] < 0 {
			sign = -1
		}
		for j := 0; j < n; j++ {
			big[i*cols+j] = sign * A[i*n+j]
		}
		big[i*cols+n+i] = 1
		rhs[i] = sign * b[i]
	}
	s := newTableau(big, m, cols, rhs)
	start := make([]int, m)
	for i := range start {
		start[i] = n + i
	}
	if err := s.install(start); err != nil {
		return Result{}, err
	}
	s.perturb()
	phase1 := make([]float64, cols)
	for j := n; j < cols; j++ {
		phase1[j] = -1
	}
	s.setObjective(phase1)
	pivots, err := s.run(cols)
	if err != nil {
		return Result{}, err
	}
	if -s.objValue > feasTol*float64(m)*math.Max(1, maxAbs(b)) {
		return Result{}, ErrInfeasible
	}
	// Pivot the artificials out where an original column can replace them;
	// the rest sit in redundant rows, which install drops.
	for i := 0; i < s.m; i++ {
		if s.basis[i] < n {
			continue
		}
		r := s.row(i)
		best, enter := pivotTol, -1
		for j := 0; j < n; j++ {
			if a := math.Abs(r[j]); a > best {
				best, enter = a, j
			}
		}
		if enter >= 0 {
			s.pivot(i, enter)
			pivots++
		}
	}
	var basis []int
	for _, j := range s.basis {
		if j < n {
			basis = append(basis, j)
		}
	}
	res, err := MaximizeFrom(A, m, n, b, c, basis)
	res.Pivots += pivots
	return res, err
}

// MaximizeFrom solves max c·x s.t. A x = b, x ≥ 0 like Maximize, starting
// from basis: column indices whose columns are independent and span the rows
// of A (rows that are combinations of others may be left without one) and
// whose basic solution is feasible, as the caller knows from the structure of
// its problem. It returns ErrInfeasible if the basis is not feasible.
func MaximizeFrom(A []float64, m, n int, b, c []float64, basis []int) (Result, error) {
	if len(A) != m*n || len(b) != m || len(c) != n || len(basis) > m {
		panic("lp: dimension mismatch")
	}
	s := newTableau(A, m, n, b)
	if err := s.install(basis); err != nil {
		return Result{}, err
	}
	if !s.feasible() {
		return Result{}, ErrInfeasible
	}
	total := 0
	for round := 0; ; round++ {
		s.perturb()
		s.setObjective(c)
		pivots, err := s.run(n)
		total += pivots
		if err != nil {
			return Result{}, err
		}
		// Remove the perturbation: the same basis with the true b.
		exact := newTableau(A, m, n, b)
		if err := exact.install(s.basis); err != nil {
			return Result{}, ErrNumerical
		}
		exact.setObjective(c)
		if exact.feasible() && exact.optimal(n) {
			x := make([]float64, n)
			for i, j := range exact.basis {
				x[j] = max(0, exact.row(i)[n])
			}
			v := 0.0
			for j := range x {
				v += c[j] * x[j]
			}
			return Result{X: x, Value: v, Pivots: total, ReducedCosts: exact.obj}, nil
		}
		if round == 2 || !exact.feasible() {
			return Result{}, ErrNumerical
		}
		s = exact // optimal for the perturbed program only: go on from here
	}
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

// tableau is B⁻¹[A | b] for the current basis B, plus reduced costs.
type tableau struct {
	m, cols  int       // rows; columns (the right-hand side is column cols)
	t        []float64 // m × (cols+1)
	basis    []int     // basic column of each row
	obj      []float64 // reduced costs r_j = c_j − c_B B⁻¹ A_j, len cols
	objValue float64   // c_B B⁻¹ b
	nz       []int     // scratch: non-zero columns of the pivot row
	// norm2[j] = 1 + Σ_i T_ij², the squared length of column j's edge
	// direction, kept up to date by pivot once run has computed it.
	norm2 []float64
}

func newTableau(A []float64, m, n int, b []float64) *tableau {
	s := &tableau{m: m, cols: n, basis: make([]int, m), obj: make([]float64, n), nz: make([]int, 0, n+1)}
	s.t = make([]float64, m*(n+1))
	for i := 0; i < m; i++ {
		r := s.row(i)
		copy(r, A[i*n:(i+1)*n])
		r[n] = b[i]
		s.basis[i] = -1
	}
	return s
}

func (s *tableau) row(i int) []float64 { return s.t[i*(s.cols+1) : (i+1)*(s.cols+1)] }

// install makes the given columns basic by Gauss–Jordan elimination, taking
// the largest pivot among the rows not yet assigned. Rows left without a
// basic column must have become zero (redundant equations) and are dropped.
func (s *tableau) install(cols []int) error {
	for _, j := range cols {
		best, r := pivotTol, -1
		for i := 0; i < s.m; i++ {
			if s.basis[i] < 0 {
				if a := math.Abs(s.row(i)[j]); a > best {
					best, r = a, i
				}
			}
		}
		if r < 0 {
			return errors.New("lp: the basis is singular")
		}
		s.pivot(r, j)
	}
	w := s.cols + 1
	for i := 0; i < s.m; i++ {
		if s.basis[i] >= 0 {
			continue
		}
		if math.Abs(s.row(i)[s.cols]) > feasTol {
			return ErrInfeasible // 0 = non-zero: the equations contradict each other
		}
		last := s.m - 1
		copy(s.t[i*w:(i+1)*w], s.t[last*w:(last+1)*w])
		s.basis[i] = s.basis[last]
		s.t = s.t[:last*w]
		s.basis = s.basis[:last]
		s.m--
		i--
	}
	return nil
}

// perturb adds a tiny distinct positive amount to every right-hand side
// (deterministically: the same program always takes the same path).
func (s *tableau) perturb() {
	x := uint64(0x9e3779b97f4a7c15)
	for i := 0; i < s.m; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		u := float64(x>>11) / (1 << 53)
		s.row(i)[s.cols] += perturbMin * (1 + u)
	}
}

func (s *tableau) feasible() bool {
	for i := 0; i < s.m; i++ {
		if s.row(i)[s.cols] < -feasTol {
			return false
		}
	}
	return true
}

func (s *tableau) optimal(limit int) bool {
	for j := 0; j < limit; j++ {
		if s.obj[j] > costTol {
			return false
		}
	}
	return true
}

// setObjective computes the reduced costs and value of c for the basis.
func (s *tableau) setObjective(c []float64) {
	copy(s.obj, c[:s.cols])
	s.objValue = 0
	for i, j := range s.basis {
		cb := c[j]
		if cb == 0 {
			continue
		}
		r := s.row(i)
		for k := 0; k < s.cols; k++ {
			s.obj[k] -= cb * r[k]
		}
		s.objValue += cb * r[s.cols]
	}
	for _, j := range s.basis {
		s.obj[j] = 0
	}
}

// run pivots until no column below limit has a positive reduced cost, and
// returns the number of pivots.
func (s *tableau) run(limit int) (int, error) {
	stalled, pivots := 0, 0
	maxPivots := 20 * (s.m + s.cols)
	s.computeNorms()
	for {
		if pivots > maxPivots {
			return pivots, ErrPivots
		}
		// Steepest-edge pricing (Goldfarb & Reid 1977): the column whose edge
		// improves the objective most per unit length, r_j² / ‖(T_j, 1)‖²;
		// the tableau is explicit, so the norms are exact and updated in
		// pivot at no extra pass. Bland's smallest index when stalled.
		bland := stalled >= blandAfter
		enter, best, score := -1, costTol, 0.0
		for j := 0; j < limit; j++ {
			r := s.obj[j]
			if r <= costTol {
				continue
			}
			if bland {
				enter, best = j, r
				break
			}
			if q := r * r / s.norm2[j]; q > score {
				enter, best, score = j, r, q
			}
		}
		if enter < 0 {
			return pivots, nil
		}
		leave, ratio := s.ratioTest(enter, bland)
		if leave < 0 {
			return pivots, ErrUnbounded
		}
		if ratio*best < 1e-15 {
			stalled++
		} else {
			stalled = 0
		}
		s.pivot(leave, enter)
		pivots++
	}
}

func (s *tableau) computeNorms() {
	if len(s.norm2) == s.cols {
		return
	}
	s.norm2 = make([]float64, s.cols)
	for j := range s.norm2 {
		s.norm2[j] = 1
	}
	for i := 0; i < s.m; i++ {
		for j, v := range s.row(i)[:s.cols] {
			s.norm2[j] += v * v
		}
	}
}

// ratioTest picks the row that leaves when column e enters. Right-hand sides
// that roundoff made slightly negative count as 0. Outside Bland's rule it is
// Harris's two-pass test: the largest step that exceeds no row's bound by
// more than harrisTol, then, among the rows that block within it, the largest
// pivot element. It returns -1 if the column is unbounded.
func (s *tableau) ratioTest(e int, bland bool) (leave int, ratio float64) {
	w := s.cols + 1
	rhs := func(i int) float64 { return max(0, s.t[i*w+s.cols]) }
	leave, ratio = -1, math.Inf(1)
	if bland {
		for i := 0; i < s.m; i++ {
			a := s.t[i*w+e]
			if a <= pivotTol {
				continue
			}
			q := rhs(i) / a
			if q < ratio || q == ratio && s.basis[i] < s.basis[leave] {
				leave, ratio = i, q
			}
		}
		return leave, ratio
	}
	bound := math.Inf(1)
	for i := 0; i < s.m; i++ {
		if a := s.t[i*w+e]; a > pivotTol {
			bound = min(bound, (rhs(i)+harrisTol)/a)
		}
	}
	best := 0.0
	for i := 0; i < s.m; i++ {
		a := s.t[i*w+e]
		if a > pivotTol && rhs(i)/a <= bound && a > best {
			leave, best, ratio = i, a, rhs(i)/a
		}
	}
	return leave, ratio
}

// pivot makes column e basic in row r. Only the rows with a non-zero in
// column e and only the non-zero columns of row r are touched.
func (s *tableau) pivot(r, e int) {
	w := s.cols + 1
	prow := s.row(r)
	inv := 1 / prow[e]
	norms := s.norm2 != nil
	s.nz = s.nz[:0]
	for k, v := range prow {
		if v != 0 {
			old := v
			v *= inv
			if math.Abs(v) < zeroTol {
				v = 0
			} else {
				s.nz = append(s.nz, k)
			}
			prow[k] = v
			if norms && k < s.cols {
				s.norm2[k] += v*v - old*old
			}
		}
	}
	prow[e] = 1
	for i := 0; i < s.m; i++ {
		if i == r {
			continue
		}
		row := s.t[i*w : (i+1)*w]
		f := row[e]
		if f == 0 {
			continue
		}
		if norms {
			for _, k := range s.nz {
				old := row[k]
				v := old - f*prow[k]
				if math.Abs(v) < zeroTol {
					v = 0
				}
				row[k] = v
				if k < s.cols {
					s.norm2[k] += v*v - old*old
				}
			}
		} else {
			for _, k := range s.nz {
				v := row[k] - f*prow[k]
				if math.Abs(v) < zeroTol {
					v = 0
				}
				row[k] = v
			}
		}
		row[e] = 0
	}
	if f := s.obj[e]; f != 0 {
		for _, k := range s.nz {
			if k < s.cols {
				s.obj[k] -= f * prow[k]
			}
		}
		s.objValue += f * prow[s.cols]
		s.obj[e] = 0
	}
	s.basis[r] = e
}
