package lp

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	gonumlp "gonum.org/v1/gonum/optimize/convex/lp"
)

// Chvátal, "Linear Programming" (1983), ch. 2: maximise 5x1 + 4x2 + 3x3
// subject to 2x1+3x2+x3 ≤ 5, 4x1+x2+2x3 ≤ 11, 3x1+4x2+2x3 ≤ 8; optimum 13 at
// x = (2, 0, 1).
func TestChvatalExample(t *testing.T) {
	A := []float64{
		2, 3, 1, 1, 0, 0,
		4, 1, 2, 0, 1, 0,
		3, 4, 2, 0, 0, 1,
	}
	b := []float64{5, 11, 8}
	c := []float64{5, 4, 3, 0, 0, 0}
	res, err := Maximize(A, 3, 6, b, c)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.Value-13) > 1e-12 || math.Abs(res.X[0]-2) > 1e-12 || math.Abs(res.X[2]-1) > 1e-12 {
		t.Errorf("value %v at %v, want 13 at (2, 0, 1)", res.Value, res.X[:3])
	}
	// Dual prices (1, 0, 1) appear as the slacks' reduced costs, negated.
	for i, want := range []float64{1, 0, 1} {
		if got := -res.ReducedCosts[3+i]; math.Abs(got-want) > 1e-12 {
			t.Errorf("dual price of row %d = %v, want %v", i, got, want)
		}
	}
}

func TestInfeasibleAndUnbounded(t *testing.T) {
	// x1 + x2 = 1 and x1 + x2 = 2.
	if _, err := Maximize([]float64{1, 1, 1, 1}, 2, 2, []float64{1, 2}, []float64{1, 0}); err != ErrInfeasible {
		t.Errorf("contradictory equations: err = %v", err)
	}
	// x1 − x2 = 1, maximise x1.
	if _, err := Maximize([]float64{1, -1}, 1, 2, []float64{1}, []float64{1, 0}); err != ErrUnbounded {
		t.Errorf("unbounded program: err = %v", err)
	}
}

// On random feasible, bounded programs (some with redundant and degenerate
// rows) the optimum agrees with gonum's independent simplex.
func TestAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	compared := 0
	for trial := 0; trial < 200; trial++ {
		m := 2 + r.IntN(8)
		n := m + 1 + r.IntN(10)
		A := make([]float64, m*n)
		for i := range A {
			if r.Float64() < 0.6 {
				A[i] = math.Round(r.NormFloat64()*10) / 2
			}
		}
		// A feasible point x0 ≥ 0 with zeros (degenerate) gives b = A x0.
		x0 := make([]float64, n)
		for j := range x0 {
			if r.Float64() < 0.5 {
				x0[j] = r.Float64() * 3
			}
		}
		if trial%5 == 0 { // a redundant row: the sum of the first two
			for j := 0; j < n; j++ {
				A[(m-1)*n+j] = A[j] + A[n+j]
			}
		}
		b := make([]float64, m)
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				b[i] += A[i*n+j] * x0[j]
			}
		}
		// Boundedness: add Σx ≤ 10 as a row with its own slack.
		A2 := make([]float64, (m+1)*(n+1))
		for i := 0; i < m; i++ {
			copy(A2[i*(n+1):], A[i*n:(i+1)*n])
		}
		for j := 0; j <= n; j++ {
			A2[m*(n+1)+j] = 1
		}
		b2 := append(append([]float64(nil), b...), 10+sum(x0))
		c := make([]float64, n+1)
		for j := 0; j < n; j++ {
			c[j] = r.NormFloat64()
		}
		res, err := Maximize(A2, m+1, n+1, b2, c)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		// Feasibility of our answer.
		for i := 0; i <= m; i++ {
			s := 0.0
			for j := 0; j <= n; j++ {
				s += A2[i*(n+1)+j] * res.X[j]
			}
			if math.Abs(s-b2[i]) > 1e-7*(1+math.Abs(b2[i])) {
				t.Fatalf("trial %d: row %d gives %v, want %v", trial, i, s, b2[i])
			}
		}
		if trial%5 == 0 {
			continue // gonum requires full row rank
		}
		neg := make([]float64, len(c))
		for j := range c {
			neg[j] = -c[j]
		}
		opt, _, err := gonumlp.Simplex(neg, mat.NewDense(m+1, n+1, A2), b2, 1e-10, nil)
		if err != nil {
			continue // gonum's own numerical failure; ours was checked above
		}
		compared++
		if math.Abs(-opt-res.Value) > 1e-6*(1+math.Abs(opt)) {
			t.Errorf("trial %d: optimum %v, gonum %v", trial, res.Value, -opt)
		}
	}
	if compared < 100 {
		t.Errorf("only %d of 160 programs compared with gonum", compared)
	}
}

func sum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}
