package spot

import (
	"bytes"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
)

// sameState fails unless two compressed solvers hold the same bits.
func sameState(t *testing.T, a, b *Solver) {
	t.Helper()
	if !slices.Equal(a.reg16, b.reg16) || !slices.Equal(a.cum16, b.cum16) {
		t.Fatal("the 16-bit arrays differ")
	}
	for i := range a.rscale {
		if math.Float32bits(a.rscale[i]) != math.Float32bits(b.rscale[i]) || math.Float32bits(a.cscale[i]) != math.Float32bits(b.cscale[i]) {
			t.Fatalf("node %d: the scales differ", i)
		}
	}
}

// TestCompressedThreadsGiveIdenticalBits: as with float32 storage, the
// thread count does not change a bit.
func TestCompressedThreadsGiveIdenticalBits(t *testing.T) {
	for _, src := range []string{turnSmall, flopSymmetric} {
		g := mustGame(t, src, Options{})
		s1 := solve(t, g, SolveOptions{Threads: 1, Compress: true}, 12)
		s2 := solve(t, g, SolveOptions{Threads: 2, Compress: true}, 12)
		sameState(t, s1, s2)
	}
}

// TestCompressedCheckpointResumesBitForBit: a 16-bit checkpoint continues
// the solve exactly, in 16 bits; a 32-bit checkpoint is not continued in
// 16 bits.
func TestCompressedCheckpointResumesBitForBit(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	whole := solve(t, g, SolveOptions{Compress: true}, 10)
	first := solve(t, g, SolveOptions{Compress: true}, 4)
	var buf bytes.Buffer
	if err := first.WriteCheckpoint(&buf); err != nil {
		t.Fatal(err)
	}
	again, err := LoadCheckpoint(bytes.NewReader(buf.Bytes()), "c.pls", g, SolveOptions{Threads: 2}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if again.store == nil || again.Iterations() != 4 {
		t.Fatalf("resumed at %d, compressed %v", again.Iterations(), again.store != nil)
	}
	again.Iterate(6)
	sameState(t, whole, again)
	var f32 bytes.Buffer
	if err := solve(t, g, SolveOptions{}, 2).WriteCheckpoint(&f32); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCheckpoint(bytes.NewReader(f32.Bytes()), "c.pls", g, SolveOptions{Compress: true}, 0); err == nil || !strings.Contains(err.Error(), "32-bit") {
		t.Fatalf("32-bit checkpoint with Compress: %v", err)
	}
}

// TestCompressedFinalizeIsTheAverage: the strategy written over the 16-bit
// storage is Average's, bit for bit.
func TestCompressedFinalizeIsTheAverage(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	s := solve(t, g, SolveOptions{Compress: true}, 20)
	avg := s.Average()
	fin := s.Finalize()
	for i := range avg {
		if math.Float32bits(avg[i]) != math.Float32bits(fin[i]) {
			t.Fatalf("element %d: Finalize %v, Average %v", i, fin[i], avg[i])
		}
	}
}

// TestCompressedSolveFollowsFloat32 solves a spot with both storages: at
// every check the exploitability of the 16-bit solve is within 0.05 % of
// the pot of the float32 one, and the OOP values agree within the sum of
// the two exploitabilities (each is within its own of the game value).
// The river spot runs always, the turn with -long.
func TestCompressedSolveFollowsFloat32(t *testing.T) {
	spots := []string{"testdata/river-Td9d6hQc2s-pot200-stack900.toml"}
	iters := 60
	if *long {
		spots = append(spots, "testdata/turn-Td9d6hQc-pot200-stack900.toml")
		iters = 100
	}
	for _, file := range spots {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		g := mustGame(t, string(src), Options{})
		var curves [2][]Progress
		var values [2]float64
		for m, compress := range []bool{false, true} {
			s, err := NewSolver(g, SolveOptions{Compress: compress}, 0)
			if err != nil {
				t.Fatal(err)
			}
			s.Solve(Stop{Iterations: iters, Every: 10}, func(p Progress) { curves[m] = append(curves[m], p) })
			values[m] = g.Evaluate(s.Finalize()).Values[0]
		}
		if len(curves[0]) != len(curves[1]) {
			t.Fatalf("%s: %d checks against %d", file, len(curves[1]), len(curves[0]))
		}
		for i := range curves[0] {
			if d := math.Abs(curves[1][i].Percent - curves[0][i].Percent); d > 0.05 {
				t.Errorf("%s iteration %d: exploitability %.4f %% (16-bit) against %.4f %% (float32)", file, curves[0][i].Iteration, curves[1][i].Percent, curves[0][i].Percent)
			}
		}
		n := len(curves[0]) - 1
		bound := curves[0][n].Exploitability + curves[1][n].Exploitability
		if d := math.Abs(values[1] - values[0]); d > bound {
			t.Errorf("%s: OOP value %.5f (16-bit) against %.5f, more apart than %.5f", file, values[1], values[0], bound)
		}
	}
}

// TestCompressedMemoryIsAboutHalf: on the flop spot, the 16-bit storage
// (arrays and scales) is at most 0.55 of the float32 arrays.
func TestCompressedMemoryIsAboutHalf(t *testing.T) {
	src, err := os.ReadFile("testdata/flop-Td9d6h-pot200-stack900.toml")
	if err != nil {
		t.Fatal(err)
	}
	g := mustGame(t, string(src), Options{})
	full, half := g.MemoryEstimateWith(1, false), g.MemoryEstimateWith(1, true)
	other := full - 8*g.Size
	if r := float64(half-other) / float64(8*g.Size); r > 0.55 {
		t.Fatalf("16-bit storage is %.3f of the float32 arrays", r)
	}
	if half >= full {
		t.Fatalf("estimate %d ≥ %d", half, full)
	}
}
