package spotqre

import (
	"testing"
	"unsafe"
)

// TestBigSliceAlignedZeroedDisjoint: a large slice is zeroed, its blocks
// start in a 2 MB-aligned chunk one after another (the first of a fresh
// chunk on a 2 MB boundary), no two overlap, and a small slice is an
// ordinary allocation.
func TestBigSliceAlignedZeroedDisjoint(t *testing.T) {
	const n = 700_000 // 5.6 MB of float64, 2.8 MB of float32
	var a arena
	p := a.alloc(n * 8)
	if uintptr(p)%hugePage != 0 {
		t.Fatalf("first block of a chunk at %#x: not 2 MB-aligned", uintptr(p))
	}
	q := a.alloc(n * 8)
	if got, want := uintptr(q)-uintptr(p), uintptr((n*8+63)&^63); got != want {
		t.Fatalf("second block %d bytes after the first, want %d (packed)", got, want)
	}
	big := a.alloc(chunkSize/4 + 1)
	if uintptr(big)%hugePage != 0 {
		t.Fatalf("a block over a quarter chunk at %#x: not on a chunk of its own", uintptr(big))
	}
	seen := map[uintptr]bool{}
	var vs [][]float64
	var ws [][]float32 // kept alive: a freed chunk's address may come back
	for range 12 {
		v := bigSlice[float64](n)
		w := bigSlice[float32](n)
		for _, x := range v {
			if x != 0 {
				t.Fatal("bigSlice[float64] not zeroed")
			}
		}
		for _, x := range w {
			if x != 0 {
				t.Fatal("bigSlice[float32] not zeroed")
			}
		}
		if len(v) != n || cap(v) != n || len(w) != n || cap(w) != n {
			t.Fatalf("len/cap %d/%d, %d/%d, want %d", len(v), cap(v), len(w), cap(w), n)
		}
		for _, s := range []uintptr{uintptr(unsafe.Pointer(&v[0])), uintptr(unsafe.Pointer(&w[0]))} {
			if seen[s] {
				t.Fatal("a block handed out twice")
			}
			seen[s] = true
		}
		for i := range v {
			v[i] = float64(len(vs) + 1)
		}
		for i := range w {
			w[i] = -1
		}
		vs, ws = append(vs, v), append(ws, w)
	}
	for k, v := range vs { // no later slice wrote over an earlier one
		for _, x := range v {
			if x != float64(k+1) {
				t.Fatalf("slice %d overwritten: %v", k, x)
			}
		}
	}
	if len(ws) != len(vs) {
		t.Fatal("lost a slice")
	}
	if s := bigSlice[float64](1000); cap(s) != 1000 {
		t.Fatalf("small slice cap %d", cap(s))
	}
}
