package spot

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// pfsSolve is postflop-bench's solve output.
type pfsSolve struct {
	Iterations     int     `json:"iterations"`
	Exploitability float64 `json:"exploitability"`
	Percent        float64 `json:"exploitability_pct"`
	ValueOOP       float64 `json:"value_oop"`
	ValueIP        float64 `json:"value_ip"`
}

// TestCrossCheckPostflopSolver solves a river, a turn and a flop spot that
// postflop-solver solved (testdata/postflop/solves, README there) to the
// same target and checks that both players' game values agree within the
// sum of the two exploitabilities — the most two ε-equilibria of a
// zero-sum game can differ by. The turn and flop run with -long.
func TestCrossCheckPostflopSolver(t *testing.T) {
	for _, c := range []struct {
		name   string
		target float64
		long   bool
	}{{"river", 0.01, false}, {"turn", 0.41, true}, {"flop", 0.35, true}} {
		t.Run(c.name, func(t *testing.T) {
			if c.long && !*long {
				t.Skip("with -long")
			}
			data, err := os.ReadFile("testdata/postflop/solves/" + c.name + ".json")
			if err != nil {
				t.Fatal(err)
			}
			var want pfsSolve
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			g, err := NewGame(spotFromArgs(t, "testdata/postflop/solves/"+c.name+".args"), Options{})
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewSolver(g, SolveOptions{Threads: 2}, 0)
			if err != nil {
				t.Fatal(err)
			}
			s.Solve(Stop{TargetPercent: c.target, Iterations: 5000}, nil)
			e := g.Evaluate(s.Finalize())
			tol := e.Exploitability + want.Exploitability
			for p, v := range []float64{want.ValueOOP, want.ValueIP} {
				if math.Abs(e.Values[p]-v) > tol {
					t.Errorf("%s value %.6f, postflop-solver %.6f: differ by more than %.6f", PlayerName(p), e.Values[p], v, tol)
				}
			}
			t.Logf("values %.6f %.6f (exploitability %.4f%%), postflop-solver %.6f %.6f (%.4f%%)",
				e.Values[0], e.Values[1], e.Percent, want.ValueOOP, want.ValueIP, want.Percent)
		})
	}
}
