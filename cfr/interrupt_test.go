package cfr

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"pokerlab/br"
)

// TestRunInterruptStopsAtIteration: Run stops before the iteration at which
// Interrupt first answers true, between the scheduled measurements, and its
// trace ends with the NashConv of the average profile at that iteration (an
// independent evaluation by br agrees to the bit).
func TestRunInterruptStopsAtIteration(t *testing.T) {
	tr := load(t, "kuhn")
	for _, tc := range []struct {
		name     string
		k, every int
		points   []int // the history's iterations
	}{
		{"between measurements", 37, 10, []int{10, 20, 30, 37}},
		{"at a measurement", 30, 10, []int{10, 20, 30}},
		{"before the first iteration", 0, 10, []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := solve(t, tr, Options{Algorithm: CFRPlus}, 0)
			var asked []int
			trace := Run(s, RunOptions{Iterations: 100, Every: tc.every, Interrupt: func(it int) bool {
				asked = append(asked, it)
				return it >= tc.k
			}})
			if !trace.Interrupted || trace.Iterations != tc.k || s.Iterations() != tc.k {
				t.Fatalf("interrupted %v at %d (solver at %d), want at %d", trace.Interrupted, trace.Iterations, s.Iterations(), tc.k)
			}
			// Asked once before every iteration, and once more where it stopped.
			for i, it := range asked {
				if it != i {
					t.Fatalf("Interrupt asked at %v, want 0, 1, …, %d", asked, tc.k)
				}
			}
			if len(asked) != tc.k+1 {
				t.Fatalf("Interrupt asked %d times, want %d", len(asked), tc.k+1)
			}
			var got []int
			for _, p := range trace.History {
				got = append(got, p.Iteration)
			}
			if !slices.Equal(got, tc.points) {
				t.Errorf("history at %v, want %v", got, tc.points)
			}
			want := br.Evaluate(tr, s.Average(nil)).NashConv
			if math.Float64bits(trace.NashConv) != math.Float64bits(want) {
				t.Errorf("NashConv at the interruption %v, br says %v", trace.NashConv, want)
			}
		})
	}
}

// TestRunInterruptedResumesBitForBit: a run interrupted at iteration k,
// checkpointed and resumed to N ends with the regrets, accumulators,
// profiles, generator and NashConv of an uninterrupted run to N, for
// deterministic and sampling algorithms on Kuhn and Leduc poker.
func TestRunInterruptedResumesBitForBit(t *testing.T) {
	const n = 120
	for _, tc := range []struct {
		game string
		opt  Options
		k    int
	}{
		{"kuhn", Options{Algorithm: CFR}, 41},
		{"kuhn", Options{Algorithm: OSMCCFR, Seed: 9, Epsilon: 0.6}, 77},
		{"leduc", Options{Algorithm: DCFR}, 53},
		{"leduc", Options{Algorithm: PCFRPlus}, 13},
		{"leduc", Options{Algorithm: ESMCCFR, Seed: 5}, 64},
	} {
		t.Run(tc.game+"/"+tc.opt.Algorithm.String(), func(t *testing.T) {
			tr := load(t, tc.game)
			straightS := solve(t, tr, tc.opt, 0)
			straight := Run(straightS, RunOptions{Iterations: n})

			first := solve(t, tr, tc.opt, 0)
			cut := Run(first, RunOptions{Iterations: n, Interrupt: func(it int) bool { return it >= tc.k }})
			if !cut.Interrupted || cut.Iterations != tc.k {
				t.Fatalf("interrupted %v at %d, want at %d", cut.Interrupted, cut.Iterations, tc.k)
			}
			var buf bytes.Buffer
			if err := first.WriteCheckpoint(&buf); err != nil {
				t.Fatal(err)
			}
			resumedS, err := ReadCheckpoint(&buf, tr, 1)
			if err != nil {
				t.Fatal(err)
			}
			resumed := Run(resumedS, RunOptions{Iterations: n})
			if resumed.Interrupted || resumed.Iterations != n {
				t.Fatalf("resumed run: interrupted %v at %d", resumed.Interrupted, resumed.Iterations)
			}
			if math.Float64bits(resumed.NashConv) != math.Float64bits(straight.NashConv) {
				t.Errorf("NashConv %v resumed, %v uninterrupted", resumed.NashConv, straight.NashConv)
			}
			if err := sameState(straightS, resumedS); err != nil {
				t.Fatal(err)
			}
		})
	}
}
