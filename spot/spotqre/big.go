package spotqre

import "unsafe"

// bigSlice returns a new zeroed slice of n numbers. Past hugeMin bytes it
// asks the kernel for transparent huge pages over it (adviseHuge; a hint,
// no change in what the slice holds): the solver's large vectors (the
// Krylov basis, Anderson's history, the game's arrays, 3–11 MB each on the
// issue's turn) are written first by a pass over the whole vector, and with
// 4 KB pages each such first touch took one page fault per 4 KB — on the
// issue's turn at λ = 10 the first touches of the 48 Krylov vectors alone
// were about 1.3 s of CPU (half of it user time: fault entry and exit, TLB
// misses). With 2 MB pages a 60-vector test program took 0.25 s of user
// time instead of 0.92 (docs/benchmarks.md, fifth pass).
func bigSlice[T float32 | float64](n int) []T {
	s := make([]T, n)
	if size := uintptr(n) * unsafe.Sizeof(s[0]); n > 0 && size >= hugeMin {
		adviseHuge(unsafe.Pointer(unsafe.SliceData(s)), size)
	}
	return s
}

// hugeMin is the smallest slice, in bytes, worth huge pages (one 2 MB page
// and its neighbours' margins).
const hugeMin = 4 << 20
