package spotqre

import (
	"slices"
	"testing"
	"unsafe"
)

// TestBigSliceAlignedZeroedDisjoint: a large slice is zeroed, its blocks
// start in a 2 MB-aligned chunk one after another (the first of a fresh
// chunk on a 2 MB boundary), no two overlap, and a small slice is an
// ordinary allocation.
func TestBigSliceAlignedZeroedDisjoint(t *testing.T) {
	const n = 700_000 // 5.6 MB of float64, 2.8 MB of float32
	a := &arena{min: hugeMin}
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
		v := bigSlice[float64](a, n)
		w := bigSlice[float32](a, n)
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
	if s := bigSlice[float64](a, 1000); cap(s) != 1000 {
		t.Fatalf("small slice cap %d", cap(s))
	}
	if s := bigSlice[float64](nil, n); len(s) != n {
		t.Fatalf("heap slice len %d", len(s))
	}
}

// TestArenaBlocksOncePerSolver: the arena never hands a block out twice, so
// a solver takes its large vectors from it once; solving again — more λ,
// a λ below the current one (a reset), the same λ — takes nothing more,
// and every result is the same, bit for bit, as with all slices from the
// heap. (Here all slices go through the arena: its smallest slice is
// lowered.)
func TestArenaBlocksOncePerSolver(t *testing.T) {
	g := tinyRiver(t)
	seq := [][]float64{{2, 8}, {1, 4, 8}, {8}, {0.5}, {2, 8}}
	run := func(min uintptr) (out [][]*Result, grew int) {
		s, err := newSolver(g, Options{}, min)
		if err != nil {
			t.Fatal(err)
		}
		var used int
		for i, ls := range seq {
			if i == 1 {
				used = s.ar.used
			}
			rs, err := s.Solve(ls)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, rs)
		}
		return out, s.ar.used - used
	}
	got, grew := run(8)
	if grew != 0 {
		t.Errorf("solving again took %d more bytes from the arena", grew)
	}
	want, _ := run(1 << 40)
	for i := range want {
		for j, w := range want[i] {
			r := got[i][j]
			if r.Evaluation != w.Evaluation || r.Residual != w.Residual || !slices.Equal(r.Sigma, w.Sigma) {
				t.Errorf("solve %d, λ = %v: the arena changed the result (exploitability %v, want %v)", i, w.Lambda, r.Evaluation.Exploitability, w.Evaluation.Exploitability)
			}
		}
	}
}
