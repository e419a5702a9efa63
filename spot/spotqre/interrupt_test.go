package spotqre

import (
	"errors"
	"testing"
	"time"
)

// TestInterruptStopsSolve: Options.Interrupt stops Solve and Auto at the
// next evaluation or product (well within a second on the narrow turn
// spot), with ErrInterrupted, and the solver refuses to go on.
func TestInterruptStopsSolve(t *testing.T) {
	g := loadFile(t, "../testdata/turn-Td9d6hQc-narrow.toml")
	for _, tc := range []struct {
		name string
		run  func(*Solver) error
	}{
		{"Solve", func(s *Solver) error { _, err := s.Solve([]float64{1000}); return err }},
		{"Auto", func(s *Solver) error { _, err := s.Auto(0.0001); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := 0
			var at time.Time
			s, err := NewSolver(g, Options{Interrupt: func() bool {
				asked++
				if asked == 200 {
					at = time.Now()
				}
				return asked >= 200
			}})
			if err != nil {
				t.Fatal(err)
			}
			err = tc.run(s)
			if !errors.Is(err, ErrInterrupted) {
				t.Fatalf("err = %v, want ErrInterrupted", err)
			}
			if d := time.Since(at); asked != 200 || d > time.Second {
				t.Fatalf("asked %d times, stopped %v after the answer", asked, d)
			}
			if _, err := s.Solve([]float64{1}); err == nil || errors.Is(err, ErrInterrupted) {
				t.Fatalf("an interrupted solver went on: %v", err)
			}
		})
	}
}

// TestMemoryEstimateCoversTheArrays: the estimate is at least the
// strategy, action values and tangents the solver allocates (seven arrays
// of the game's size).
func TestMemoryEstimateCoversTheArrays(t *testing.T) {
	g := loadFile(t, "../testdata/turn-Td9d6hQc-narrow.toml")
	if e := MemoryEstimate(g); e < 44*g.Size+g.FixedBytes() {
		t.Fatalf("estimate %d below the arrays' %d bytes", e, 44*g.Size)
	}
}
