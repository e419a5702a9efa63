package qre

import "math"

// sparseLU is an LU factorisation P A Q = L U of a sparse n × n matrix,
// worked in dense row-major storage that is touched only at nonzeros, by right-looking Gaussian elimination with
// Markowitz-style pivoting: at each step the active column with the fewest
// nonzeros is eliminated, on the row with the fewest nonzeros among those
// whose entry is at least pivotThreshold times the column's largest (threshold
// partial pivoting, Duff, Erisman & Reid, "Direct Methods for Sparse
// Matrices", ch. 7). Only nonzeros are touched (the work matrix is cleared
// entry by entry afterwards), so the cost is the arithmetic on the nonzeros
// and their fill-in plus O(n²) comparisons to choose the columns, not
// (2/3)n³; the dense storage (n² floats) keeps the bookkeeping simple and is
// affordable for the few thousand unknowns of the games the tracer targets.
//
// The QRE Jacobian of a game couples two information sets only when one lies
// above the other in the tree, so it is very sparse (2 % nonzeros for Leduc
// Hold'em) and minimum-degree elimination takes the deepest information sets
// first, keeping the fill within the subtrees of the public states.
type sparseLU struct {
	n    int
	W    []float64 // work matrix, n × n
	mark []uint64  // structural nonzeros of W, bitset n × n

	rows, cols       [][]int32 // per row / column: indices of (possibly stale) nonzeros
	rowCnt, colCnt   []int32   // active nonzeros
	rowDone, colDone []bool

	// The factors: step k pivots on row pRow[k], column qCol[k], value
	// diag[k]; L's column k is lIdx/lVal[lPtr[k]:lPtr[k+1]] (original row
	// indices, multipliers) and U's row k is uIdx/uVal[uPtr[k]:uPtr[k+1]]
	// (original column indices, without the diagonal).
	pRow, qCol []int32
	diag       []float64
	lPtr, uPtr []int32
	lIdx, uIdx []int32
	lVal, uVal []float64

	setLog []int64 // positions marked since the last factorisation
	work   []float64
	flops  int64
}

const pivotThreshold = 0.1

func newSparseLU(n int) *sparseLU {
	f := &sparseLU{
		n:    n,
		W:    make([]float64, n*n),
		mark: make([]uint64, (n*n+63)/64),
		rows: make([][]int32, n), cols: make([][]int32, n),
		rowCnt: make([]int32, n), colCnt: make([]int32, n),
		rowDone: make([]bool, n), colDone: make([]bool, n),
		pRow: make([]int32, n), qCol: make([]int32, n),
		diag: make([]float64, n),
		lPtr: make([]int32, n+1), uPtr: make([]int32, n+1),
		work: make([]float64, n),
	}
	return f
}

func (f *sparseLU) isSet(i, j int) bool {
	b := i*f.n + j
	return f.mark[b>>6]&(1<<(b&63)) != 0
}

func (f *sparseLU) set(i, j int) {
	b := i*f.n + j
	f.mark[b>>6] |= 1 << (b & 63)
	f.setLog = append(f.setLog, int64(b))
}

// factorize computes the factors of the n × n matrix whose first n−1 rows
// are (rowPtr, colIdx, vals) in CSR form and whose last row is the dense
// border. It reports false if the matrix is singular (a column without a
// usable pivot). W and the marks are all zero on entry and are left so.
func (f *sparseLU) factorize(rowPtr, colIdx []int32, vals, border []float64) bool {
	n := f.n
	W := f.W
	for i := 0; i < n; i++ {
		f.rows[i] = f.rows[i][:0]
		f.cols[i] = f.cols[i][:0]
		f.rowDone[i], f.colDone[i] = false, false
	}
	f.setLog = f.setLog[:0]
	put := func(i, j int, v float64) {
		if v == 0 {
			return
		}
		W[i*n+j] = v
		if !f.isSet(i, j) {
			f.set(i, j)
			f.rows[i] = append(f.rows[i], int32(j))
			f.cols[j] = append(f.cols[j], int32(i))
		}
	}
	for i := 0; i < n-1; i++ {
		for k := rowPtr[i]; k < rowPtr[i+1]; k++ {
			put(i, int(colIdx[k]), vals[k])
		}
	}
	for j, v := range border {
		put(n-1, j, v)
	}
	for i := 0; i < n; i++ {
		f.rowCnt[i] = int32(len(f.rows[i]))
		f.colCnt[i] = int32(len(f.cols[i]))
	}
	f.lIdx, f.lVal = f.lIdx[:0], f.lVal[:0]
	f.uIdx, f.uVal = f.uIdx[:0], f.uVal[:0]
	f.flops = 0

	ok := f.eliminate()
	// Leave W and the marks zero: after a full elimination only U's rows
	// remain in W; after a failure anything may.
	if ok {
		for k := 0; k < n; k++ {
			p := int(f.pRow[k])
			W[p*n+int(f.qCol[k])] = 0
			for _, j := range f.uIdx[f.uPtr[k]:f.uPtr[k+1]] {
				W[p*n+int(j)] = 0
			}
		}
	} else {
		for _, b := range f.setLog {
			W[b] = 0
		}
	}
	for _, b := range f.setLog {
		f.mark[b>>6] = 0
	}
	return ok
}

func (f *sparseLU) eliminate() bool {
	n := f.n
	W := f.W
	for k := 0; k < n; k++ {
		f.lPtr[k] = int32(len(f.lIdx))
		f.uPtr[k] = int32(len(f.uIdx))
		// Column with the fewest active nonzeros.
		q := -1
		for j := 0; j < n; j++ {
			if !f.colDone[j] && (q < 0 || f.colCnt[j] < f.colCnt[q]) {
				q = j
			}
		}
		// Compact column q's list and find its largest entry.
		cq := f.cols[q][:0]
		big := 0.0
		for _, i := range f.cols[q] {
			if f.rowDone[i] {
				continue
			}
			cq = append(cq, i)
			big = math.Max(big, math.Abs(W[int(i)*n+q]))
		}
		f.cols[q] = cq
		if big == 0 || math.IsNaN(big) {
			return false
		}
		p := -1
		for _, i := range cq {
			if math.Abs(W[int(i)*n+q]) >= pivotThreshold*big && (p < 0 || f.rowCnt[i] < f.rowCnt[p]) {
				p = int(i)
			}
		}
		// Compact row p's list.
		rp := f.rows[p][:0]
		for _, j := range f.rows[p] {
			if !f.colDone[j] {
				rp = append(rp, j)
			}
		}
		f.rows[p] = rp
		piv := W[p*n+q]
		f.pRow[k], f.qCol[k], f.diag[k] = int32(p), int32(q), piv
		f.rowDone[p], f.colDone[q] = true, true
		for _, j := range rp {
			if int(j) != q {
				f.uIdx = append(f.uIdx, j)
				f.uVal = append(f.uVal, W[p*n+int(j)])
			}
			f.colCnt[j]--
		}
		rowP := W[p*n : (p+1)*n]
		for _, i32 := range cq {
			i := int(i32)
			if i == p {
				continue
			}
			f.rowCnt[i]--
			l := W[i*n+q] / piv
			W[i*n+q] = 0
			if l == 0 {
				continue
			}
			f.lIdx = append(f.lIdx, i32)
			f.lVal = append(f.lVal, l)
			rowI := W[i*n : (i+1)*n]
			for _, j32 := range rp {
				j := int(j32)
				if j == q {
					continue
				}
				if !f.isSet(i, j) {
					f.set(i, j)
					f.rows[i] = append(f.rows[i], j32)
					f.cols[j] = append(f.cols[j], i32)
					f.rowCnt[i]++
					f.colCnt[j]++
				}
				rowI[j] -= l * rowP[j]
			}
			f.flops += 2 * int64(len(rp))
		}
	}
	f.lPtr[n] = int32(len(f.lIdx))
	f.uPtr[n] = int32(len(f.uIdx))
	return true
}

// solve sets x = A⁻¹ b with the factors (x and b may be the same slice).
func (f *sparseLU) solve(x, b []float64) {
	n := f.n
	y := f.work
	copy(y, b)
	// Forward: eliminate column k's multipliers from the remaining rows;
	// z_k, the right-hand side of U's row k, is left in y[pRow[k]].
	for k := 0; k < n; k++ {
		z := y[f.pRow[k]]
		if z == 0 {
			continue
		}
		lo, hi := f.lPtr[k], f.lPtr[k+1]
		idx, val := f.lIdx[lo:hi], f.lVal[lo:hi]
		for t, i := range idx {
			y[i] -= val[t] * z
		}
	}
	// Backward: x[qCol[k]] = (z_k − Σ u_kj x_j) / u_kk.
	for k := n - 1; k >= 0; k-- {
		s := y[f.pRow[k]]
		lo, hi := f.uPtr[k], f.uPtr[k+1]
		idx, val := f.uIdx[lo:hi], f.uVal[lo:hi]
		for t, j := range idx {
			s -= val[t] * x[j]
		}
		x[f.qCol[k]] = s / f.diag[k]
	}
}
