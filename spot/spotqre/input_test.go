package spotqre

import (
	"errors"
	"math"
	"strings"
	"testing"

	"pokerlab/spot"
)

// tinyRiver is riverTiny's game, built once per test that needs it.
func tinyRiver(t *testing.T) *spot.Game { return mustGame(t, riverTiny, spot.Options{}) }

func wantLambdaError(t *testing.T, lambda float64, msg string) {
	t.Helper()
	s, err := NewSolver(tinyRiver(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := s.Solve([]float64{5, lambda})
	var le *ErrLambda
	if !errors.As(err, &le) || rs != nil {
		t.Fatalf("λ = %v: got %v, %v; want an *ErrLambda", lambda, rs, err)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Errorf("λ = %v: %q does not say %q", lambda, err, msg)
	}
}

func TestLambdaBelowZeroIsRefused(t *testing.T) {
	wantLambdaError(t, -1, "must be ≥ 0")
	wantLambdaError(t, math.Inf(-1), "must be ≥ 0")
}

func TestLambdaNaNIsRefused(t *testing.T) { wantLambdaError(t, math.NaN(), "not a number") }

func TestLambdaInfinityIsRefused(t *testing.T) { wantLambdaError(t, math.Inf(1), "above 100000") }

// TestHugeLambdaIsRefused: λ beyond MaxLambda (1e6, 1e300) is an error that
// says why, before any work.
func TestHugeLambdaIsRefused(t *testing.T) {
	for _, l := range []float64{1e6, 1e300, math.MaxFloat64} {
		wantLambdaError(t, l, "above 100000")
	}
}

// TestLogitDoesNotOverflow: the logit response is computed by log-sum-exp,
// so at any scale — λ/pot up to the largest float64 — every probability is
// finite, the columns sum to 1, the best action takes everything and tied
// best actions share equally; at scale 0 play is uniform.
func TestLogitDoesNotOverflow(t *testing.T) {
	// Two blocks: 2 actions and 3 actions, 3 hands each ([actions × hands]).
	q2 := []float64{
		10, 0, 5, // action 0
		0, 10, 5, // action 1
	}
	q3 := []float64{
		1000, -1e6, 7,
		999, 3, 7,
		-1000, 3, 6,
	}
	for _, scale := range []float64{0, 1e-300, 1, 1e6, 1e300, math.MaxFloat64} {
		σ2, σ3 := make([]float64, 6), make([]float64, 9)
		logit(σ2, q2, 2, 3, scale)
		logit(σ3, q3, 3, 3, scale)
		for _, c := range []struct {
			σ, q []float64
			k    int
		}{{σ2, q2, 2}, {σ3, q3, 3}} {
			for h := range 3 {
				var sum float64
				best := math.Inf(-1)
				for a := range c.k {
					best = max(best, c.q[a*3+h])
				}
				nbest := 0
				for a := range c.k {
					if c.q[a*3+h] == best {
						nbest++
					}
				}
				for a := range c.k {
					p := c.σ[a*3+h]
					if math.IsNaN(p) || p < 0 || p > 1 {
						t.Fatalf("scale %g: σ(%d|%d) = %v", scale, a, h, p)
					}
					sum += p
					// The exact value: 1/Σ_b exp(scale·(q_b − q_a)).
					var den float64
					for b := range c.k {
						den += math.Exp(scale * (c.q[b*3+h] - c.q[a*3+h]))
					}
					want := 1 / den
					if scale == 0 {
						want = 1 / float64(c.k)
					}
					if math.Abs(p-want) > 1e-15 {
						t.Errorf("scale %g: σ(%d|%d) = %v, want %v", scale, a, h, p, want)
					}
					if scale >= 1e300 {
						w := 0.0
						if c.q[a*3+h] == best {
							w = 1 / float64(nbest)
						}
						if p != w {
							t.Errorf("scale %g: σ(%d|%d) = %v, want %v (the best actions share)", scale, a, h, p, w)
						}
					}
				}
				if math.Abs(sum-1) > 1e-15 {
					t.Errorf("scale %g, hand %d: the column sums to %v", scale, h, sum)
				}
			}
		}
	}
}

// TestToleranceNotPositiveIsRefused: a negative or NaN tolerance is an
// error (0 is the default, 1e-6).
func TestToleranceNotPositiveIsRefused(t *testing.T) {
	g := tinyRiver(t)
	for _, tol := range []float64{-1e-6, math.NaN(), math.Inf(-1)} {
		if _, err := NewSolver(g, Options{Tolerance: tol}); err == nil || !strings.Contains(err.Error(), "tolerance") {
			t.Errorf("tolerance %v: got %v, want an error naming the tolerance", tol, err)
		}
	}
	s, err := NewSolver(g, Options{})
	if err != nil || s.opt.Tolerance != DefaultTolerance {
		t.Fatalf("tolerance 0: %v, %v; want the default", err, s.opt.Tolerance)
	}
}

// TestLambdaZeroIsUniform: at λ = 0 every action of every decision is
// equally likely, the residual and the logit regret are 0, and the
// exploitability is that of uniform play measured by package spot.
func TestLambdaZeroIsUniform(t *testing.T) {
	g := tinyRiver(t)
	s, err := NewSolver(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// λ = 0 after a larger λ: the solver goes back to the start.
	rs, err := s.Solve([]float64{20, 0})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[1]
	uni := make(spot.Strategy, g.Size)
	for i := range g.Nodes {
		p := g.Player(int32(i))
		if p < 0 {
			continue
		}
		n := &g.Nodes[i]
		k, nh := int(n.NumChildren), g.NumHands(p)
		for j := range k * nh {
			want := 1 / float64(k)
			uni[n.Off+int64(j)] = float32(want)
			if r.Sigma[n.Off+int64(j)] != want {
				t.Fatalf("node %d entry %d: σ = %v, want %v", i, j, r.Sigma[n.Off+int64(j)], want)
			}
		}
	}
	// 0 up to the rounding of 1/3.
	if r.Residual > 1e-15 || r.LogitRegret != 0 {
		t.Errorf("λ = 0: residual %v, logit regret %v; want 0", r.Residual, r.LogitRegret)
	}
	e := g.Evaluate(uni)
	if d := math.Abs(e.Exploitability - r.Evaluation.Exploitability); d > 1e-4*max(1, e.Exploitability) {
		t.Errorf("uniform play: exploitability %v here, %v by spot.Evaluate", r.Evaluation.Exploitability, e.Exploitability)
	}
	if rs[0].Residual > DefaultTolerance {
		t.Errorf("λ = 20: residual %v", rs[0].Residual)
	}
}

// TestFitInverseClosedForm: points exactly on c/λ (in pots) give c and
// slope −1; points on c/λ² give slope −2; points below minLambda are left
// out; fewer than two points give NaN.
func TestFitInverseClosedForm(t *testing.T) {
	const pot = 200
	var path, path2 []PathPoint
	for _, l := range []float64{1, 10, 50, 100, 400} {
		path = append(path, PathPoint{Lambda: l, Exploitability: pot * 0.37 / l})
		path2 = append(path2, PathPoint{Lambda: l, Exploitability: pot * 3 / (l * l)})
	}
	path = append(path, PathPoint{Lambda: 0, Exploitability: 50})
	c, slope, n := FitInverse(path, pot, 10)
	if n != 4 || math.Abs(c-0.37) > 1e-12 || math.Abs(slope+1) > 1e-12 {
		t.Errorf("c/λ: c %v slope %v over %d points; want 0.37, −1, 4", c, slope, n)
	}
	if _, slope, _ := FitInverse(path2, pot, 1); math.Abs(slope+2) > 1e-12 {
		t.Errorf("c/λ²: slope %v, want −2", slope)
	}
	if c, _, n := FitInverse(path, pot, 200); n != 1 || !math.IsNaN(c) {
		t.Errorf("one point: c %v, n %d; want NaN, 1", c, n)
	}
}

// TestNoConvergenceSaysWhere: a path that cannot be followed (here: the
// continuation cut off by the product budget) ends with an error, never a
// result with NaN.
func TestNoConvergenceSaysWhere(t *testing.T) {
	s, err := NewSolver(tinyRiver(t), Options{MaxProducts: 5, Method: MethodNewton})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := s.Solve([]float64{200})
	if err == nil || rs != nil {
		t.Fatalf("got %v, %v; want an error", rs, err)
	}
	if !strings.Contains(err.Error(), "products") || !strings.Contains(err.Error(), "at λ = ") {
		t.Errorf("error %q does not say what ran out", err)
	}
}

// TestMassAtRoundingLevelCountsAsUnreached: a hand's compatible mass at or
// below massCut of the opponent's total reach is set to 0 (the information
// set has no beliefs and is not reached); larger masses are kept as they
// are.
func TestMassAtRoundingLevelCountsAsUnreached(t *testing.T) {
	reach := []float64{0.25, 0.5, 0.25, 0} // total 1
	m := []float64{0.75, 2.17e-19, massCut, 3 * massCut, 0}
	cutMass(m, reach)
	want := []float64{0.75, 0, 0, 3 * massCut, 0}
	for i := range m {
		if m[i] != want[i] {
			t.Errorf("mass %d: %v, want %v", i, m[i], want[i])
		}
	}
}
