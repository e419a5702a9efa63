//go:build qrelab

package spotqre

// Measurements of the first-order method (build tag qrelab):
//
//	go test -tags qrelab ./spot/spotqre -run TestMeasureHeavyBallFixedK -v -fo.k 300
//	go test -tags qrelab ./spot/spotqre -run TestMeasureFirstOrder$ -v -fo.lambda 10
//	go test -tags qrelab ./spot/spotqre -run TestMeasureFirstOrderAuto -v -fo.spot ../testdata/river-Td9d6hQc2s-pot200-stack900.toml

import (
	"flag"
	"math"
	"testing"
	"time"
)

var (
	foSpot   = flag.String("fo.spot", "../testdata/turn-Td9d6hQc-pot200-stack900.toml", "spot file of the measurement")
	foLambda = flag.Float64("fo.lambda", 10, "λ of the measurement")
	foK      = flag.Float64("fo.k", 300, "TestMeasureHeavyBallFixedK: the K of the heavy ball")
	foIts    = flag.Int("fo.its", 400, "TestMeasureHeavyBallFixedK: evaluations")
	foTrace  = flag.Bool("fo.trace", false, "log every residual check")
)

// TestMeasureHeavyBallFixedK: the heavy ball with a fixed K, float64
// evaluations, from x = 0. On the full-range turn at λ = 10 (the top of
// the spectrum of I − y'(x) there about 227): K = 300 reaches 10⁻⁶ in
// about 190 evaluations; K = 120 and 200 stall with the largest residual
// near 1.
func TestMeasureHeavyBallFixedK(t *testing.T) {
	g := loadFile(t, *foSpot)
	s, err := NewSolver(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := s.foInit()
	x := s.x
	clear(x)
	clear(f.d)
	sq := math.Sqrt(*foK)
	alpha, beta := 4/((sq+1)*(sq+1)), ((sq-1)/(sq+1))*((sq-1)/(sq+1))
	start := time.Now()
	for it := range *foIts {
		res := s.eval64(x, *foLambda)
		if it%10 == 0 {
			t.Logf("evaluation %d: largest residual %.3g, %v", it, res, time.Since(start))
		}
		if res <= DefaultTolerance {
			t.Logf("converged after %d evaluations, %v", it+1, time.Since(start))
			return
		}
		for _, b := range s.ip {
			n := b.k * b.nh
			heavyBallR(x[b.c:b.c+n], f.d[b.c:b.c+n], f.r[b.c:b.c+n], alpha, beta)
		}
	}
	t.Logf("not converged after %d evaluations", *foIts)
}

// TestMeasureFirstOrder: Solve by the first-order method at one λ from
// uniform play: evaluations of each kind, K, time, the result's residual
// and exploitability.
func TestMeasureFirstOrder(t *testing.T) {
	g := loadFile(t, *foSpot)
	par := Params{}
	if *foTrace {
		par.TraceSolves = t.Logf
	}
	start := time.Now()
	s, err := NewSolver(g, Options{Method: MethodFirstOrder, Params: par})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := s.Solve([]float64{*foLambda})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	t.Logf("λ = %g: %d float32 and %d float64 evaluations, K = %.4g, %v; residual %.3g, exploitability %.4g%% of the pot",
		*foLambda, s.fo.f32, s.fo.f64, s.fo.K, time.Since(start), r.Residual, r.Evaluation.Percent)
}

// TestMeasureFirstOrderAuto: Auto by the first-order path, every point
// with its exploitability and time.
func TestMeasureFirstOrderAuto(t *testing.T) {
	g := loadFile(t, *foSpot)
	s, err := NewSolver(g, Options{Method: MethodFirstOrder, Progress: func(p PathPoint) {
		t.Logf("λ %.4g: residual %.3g, exploitability %.4g%% of the pot, %.2f s", p.Lambda, p.Residual, p.Percent, p.Seconds)
	}})
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Auto(0.001)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("λ* = %.5g: residual %.3g; %d float32 and %d float64 evaluations, %d Jacobian–vector products", a.Lambda, a.Result.Residual, s.fo.f32, s.fo.f64, s.stats.Products)
}
