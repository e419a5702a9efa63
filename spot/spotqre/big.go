package spotqre

import "unsafe"

// bigSlice returns a new zeroed slice of n numbers. From hugeMin bytes on
// (ar's min; with ar nil always from the heap) it is cut from ar's chunks,
// which ask for transparent huge pages (a hint to the kernel, no change in
// what the slice holds): the solver's large vectors (the Krylov basis,
// Anderson's history, the game's arrays, 3–11 MB each on the full-range
// turn spot) are written first by a pass over the whole vector, and with
// 4 KB pages each such first touch takes one page fault per 4 KB — on
// that spot at λ = 10 the first touches of the Krylov vectors alone were
// about 1.3 s of CPU (a program touching 60 such vectors took a quarter of
// the user time with 2 MB pages).
//
// The kernel maps a huge page only over a whole 2 MB-aligned range of an
// advised region, and a Go large allocation is only 8 KB-aligned: advising
// each vector on its own leaves its unaligned head and tail (and the 2 MB
// range two neighbouring vectors share, when the second is not yet
// advised at the first touch) in 4 KB pages, and rounding each vector out
// to whole 2 MB pages costs memory (100 MB on that spot) while the kernel's
// zeroing of fresh pages, not the number of faults, is most of the system
// time. So large slices are cut one after another from 2 MB-aligned chunks
// advised whole: a huge page at a vector's end also holds the next
// vector's start, nothing is touched twice, and the chunk's unused
// remainder, never touched, costs no memory.
//
// The rule that comes with it: an arena never hands a block out twice, and
// a chunk lives while any block of it does, so a vector that a solver
// allocates again and again must not come from there (it would hold its
// dead predecessors' memory): only vectors allocated once per solver do
// (TestArenaBlocksOncePerSolver), and one that outlives the solver (a
// Result's) comes from bigOwn. Each solver has its own arena, which goes
// with it.
func bigSlice[T float32 | float64](ar *arena, n int) []T {
	var z T
	size := uintptr(n) * unsafe.Sizeof(z)
	if n <= 0 || ar == nil || size < ar.min {
		return make([]T, n)
	}
	return unsafe.Slice((*T)(ar.alloc(size)), n)
}

// hugeMin is the smallest slice, in bytes, worth huge pages (one 2 MB page
// and its neighbours' margins); hugePage is the size of a huge page on
// x86-64 and arm64 with 4 KB base pages; chunkSize is the size of the
// arenas' chunks (a slice over a quarter of it gets a chunk of its own).
const (
	hugeMin   = 4 << 20
	hugePage  = 2 << 20
	chunkSize = 64 << 20
)

// arena cuts zeroed, 8-byte-aligned blocks of at least min bytes from
// huge-page-advised chunks of the Go heap. A block is never handed out
// twice; a chunk lives (for the garbage collector, through the interior
// pointers of its blocks) while any block of it, or the arena's current
// chunk, does. An arena belongs to one solver (no locking).
type arena struct {
	min  uintptr // smaller slices come from the heap (hugeMin)
	cur  []byte  // the current chunk's unused remainder, 2 MB-aligned start
	used int     // bytes handed out, for tests
}

// alloc returns a zeroed block of size bytes.
func (a *arena) alloc(size uintptr) unsafe.Pointer {
	size = (size + 63) &^ 63 // keep blocks cache-line aligned
	a.used += int(size)
	if size > chunkSize/4 {
		return unsafe.Pointer(unsafe.SliceData(newChunk(size)))
	}
	if uintptr(len(a.cur)) < size {
		a.cur = newChunk(chunkSize)
	}
	p := unsafe.Pointer(unsafe.SliceData(a.cur))
	a.cur = a.cur[size:]
	return p
}

// newChunk returns a zeroed 2 MB-aligned block of size rounded up to whole
// 2 MB pages, advised for huge pages.
func newChunk(size uintptr) []byte {
	span := (size + hugePage - 1) &^ (hugePage - 1)
	buf := make([]uint64, (span+hugePage)/8)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	off := (p+hugePage-1)&^(hugePage-1) - p
	c := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(buf)), off)), span)
	adviseHuge(unsafe.Pointer(unsafe.SliceData(c)), span)
	return c
}

// bigOwn is bigSlice for a slice that outlives the solver (a Result's
// strategy): a chunk of its own, so that it keeps none of the solver's
// memory alive.
func bigOwn[T float32 | float64](n int) []T {
	var z T
	size := uintptr(n) * unsafe.Sizeof(z)
	if n <= 0 || size < hugeMin {
		return make([]T, n)
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(newChunk(size)))), n)
}
