package spot

import (
	"bytes"
	"math"
	"testing"
)

// interruptedAt solves g with Stop.Interrupt answering true from iteration
// k on and returns the solver and the last check.
func interruptedAt(t *testing.T, g *Game, stop Stop, k int) (*Solver, Progress) {
	t.Helper()
	s := solve(t, g, SolveOptions{}, 0)
	var asked []int
	stop.Interrupt = func(it int) bool {
		asked = append(asked, it)
		return it >= k
	}
	last := s.Solve(stop, nil)
	if len(asked) != k+1 || asked[0] != 0 || asked[k] != k {
		t.Fatalf("Interrupt asked at %v, want once before each iteration 0…%d", asked, k)
	}
	return s, last
}

// resume writes s's checkpoint and loads it back.
func resume(t *testing.T, g *Game, s *Solver) *Solver {
	t.Helper()
	var buf bytes.Buffer
	if err := s.WriteCheckpoint(&buf); err != nil {
		t.Fatal(err)
	}
	r, err := LoadCheckpoint(&buf, "c.pls", g, SolveOptions{Threads: 2}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSolveInterruptStopsAtIteration: Solve stops before the iteration at
// which Interrupt first answers true, between scheduled checks, and returns
// a check of the exploitability there, equal to the exploitability after
// the same number of iterations without Solve.
func TestSolveInterruptStopsAtIteration(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	for _, k := range []int{0, 10, 13} {
		s, last := interruptedAt(t, g, Stop{Iterations: 30, Every: 10}, k)
		if !last.Interrupted || last.Iteration != k || s.Iterations() != k {
			t.Fatalf("k=%d: stopped at %+v (solver at %d)", k, last, s.Iterations())
		}
		_, want := solve(t, g, SolveOptions{}, k).Exploitability()
		if math.Float64bits(last.Exploitability) != math.Float64bits(want) {
			t.Errorf("k=%d: exploitability %v at the interruption, %v after %d iterations", k, last.Exploitability, want, k)
		}
	}
}

// TestSolveInterruptedResumesBitForBit: a solve interrupted at iteration 13
// and resumed from its checkpoint ends with the regrets and strategy sums
// of an uninterrupted solve, at the same iteration and exploitability.
func TestSolveInterruptedResumesBitForBit(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	stop := Stop{Iterations: 40, Every: 10}
	whole := solve(t, g, SolveOptions{}, 0)
	want := whole.Solve(stop, nil)
	first, _ := interruptedAt(t, g, stop, 13)
	again := resume(t, g, first)
	got := again.Solve(stop, nil)
	if got.Interrupted || got.Iteration != want.Iteration || got.Exploitability != want.Exploitability {
		t.Fatalf("resumed solve ends at %+v, uninterrupted at %+v", got, want)
	}
	for i := range whole.regret {
		if math.Float32bits(whole.regret[i]) != math.Float32bits(again.regret[i]) || math.Float32bits(whole.cum[i]) != math.Float32bits(again.cum[i]) {
			t.Fatalf("element %d differs after resuming", i)
		}
	}
}

// TestSolveTargetOnlyAtScheduledChecks: a solve resumed between two
// scheduled checks, whose first check is already within the target, goes
// on to the next scheduled check, where the uninterrupted solve stopped.
func TestSolveTargetOnlyAtScheduledChecks(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	const k = 13
	_, atK := solve(t, g, SolveOptions{}, k).Exploitability()
	stop := Stop{TargetPercent: 100 * atK / float64(g.Spot.Pot), Iterations: 1000, Every: 10}
	want := solve(t, g, SolveOptions{}, 0).Solve(stop, nil)
	if want.Iteration <= k {
		t.Fatalf("the uninterrupted solve stops at %d, before the interruption at %d: the test needs a later stop", want.Iteration, k)
	}
	first, cut := interruptedAt(t, g, stop, k)
	if !(cut.Percent <= stop.TargetPercent) {
		t.Fatalf("the check at the interruption, %v%%, is not within the target %v%%", cut.Percent, stop.TargetPercent)
	}
	got := resume(t, g, first).Solve(stop, nil)
	if got.Iteration != want.Iteration || got.Exploitability != want.Exploitability {
		t.Errorf("resumed solve stops at %d (%v), uninterrupted at %d (%v)", got.Iteration, got.Exploitability, want.Iteration, want.Exploitability)
	}
}
