//go:build qrelab

package spotqre

// Measurements of the first-order method (build tag qrelab):
//
//	go test -tags qrelab ./spot/spotqre -run TestMeasureHeavyBallFixedK -v -fo.k 300
//	go test -tags qrelab ./spot/spotqre -run TestMeasureFirstOrder$ -v -fo.lambda 10
//	go test -tags qrelab ./spot/spotqre -run TestMeasureFirstOrderAuto -v -fo.spot ../testdata/river-Td9d6hQc2s-pot200-stack900.toml
//	go test -tags qrelab ./spot/spotqre -run TestMeasureSpectrumTop -v -fo.lambdas 10,20,40
//	go test -tags qrelab ./spot/spotqre -run TestMeasureSubgameSpectra -v -fo.lambda 20 -fo.steps 40

import (
	"flag"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"pokerlab/spot"
)

var (
	foSpot   = flag.String("fo.spot", "../testdata/turn-Td9d6hQc-pot200-stack900.toml", "spot file of the measurement")
	foLambda = flag.Float64("fo.lambda", 10, "λ of the measurement")
	foK      = flag.Float64("fo.k", 300, "TestMeasureHeavyBallFixedK: the K of the heavy ball")
	foIts    = flag.Int("fo.its", 400, "TestMeasureHeavyBallFixedK: evaluations")
	foTrace  = flag.Bool("fo.trace", false, "log every residual check")
	foLams   = flag.String("fo.lambdas", "10,20,40", "TestMeasureSpectrumTop: the λ, in increasing order")
	foSteps  = flag.Int("fo.steps", 60, "TestMeasureSpectrumTop: power-iteration steps")
)

// TestMeasureSpectrumTop: the top of the spectrum of I − y'(x) at the
// QRE of each λ (solved to 10⁻⁵ along the first-order path), by the power
// iteration on finite differences of float32 evaluations from x. On the
// full-range turn: about 223 at λ = 10, 915 at 20, 3,761 at 40 — 2.3·λ².
func TestMeasureSpectrumTop(t *testing.T) {
	g := loadFile(t, *foSpot)
	s, err := NewSolver(g, Options{Method: MethodFirstOrder, Tolerance: 1e-5})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Split(*foLams, ",") {
		lambda, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Solve([]float64{lambda}); err != nil {
			t.Fatal(err)
		}
		theta := powerTop(s, lambda, *foSteps)
		t.Logf("λ = %g: top of the spectrum %.4g (%.3g·λ²)", lambda, theta, theta/(lambda*lambda))
	}
}

// powerTop runs steps of the power iteration at s.x and returns the
// largest ratio ‖(I − y')v‖/‖v‖ (estimateK's, without its margin).
func powerTop(s *Solver, lambda float64, steps int) float64 {
	s.narrowσ()
	defer s.widenσ()
	n := len(s.fo.r)
	return s.power(s.x, lambda, make([]float32, n), make([]float32, n), steps)
}

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

// TestMeasureSubgameSpectra: where the top of the spectrum of I − y'(x)
// lives. IP's unknowns are grouped by subgame (the nearest card dealt
// above each node; the spot's own street is one group), and the power
// iteration runs with each group normalised on its own, so each group's
// ratio approaches the top of its own block (plus what the other groups
// feed into it through the streets above). If a few subgames carried the
// top, solving them by local iterations (their passes cost their size)
// would leave the rest a smaller K; the size-weighted mean of √K against
// √K_max bounds what that could gain. On the full-range turn at λ = 20:
// 337 groups, the largest 1,181, the median 534, the 90th percentile 88;
// the bound 1.47 — the stiffness is in nearly every river subgame.
func TestMeasureSubgameSpectra(t *testing.T) {
	g := loadFile(t, *foSpot)
	s, err := NewSolver(g, Options{Method: MethodFirstOrder, Tolerance: 1e-5})
	if err != nil {
		t.Fatal(err)
	}
	lambda := *foLambda
	if _, err := s.Solve([]float64{lambda}); err != nil {
		t.Fatal(err)
	}
	group, ng := subgameGroups(s)
	f := s.fo
	x := s.x
	s.narrowσ()
	defer s.widenσ()
	base := make([]float32, len(f.r))
	s.eval32(x, nil, 0, lambda)
	copy(base, f.r)
	eps := 1e-2 * s.pot / lambda
	v := make([]float32, len(f.r))
	for i := range v {
		v[i] = float32(math.Sin(float64(3*i + 1)))
	}
	theta, size := make([]float64, ng), make([]int, ng)
	for bi, b := range s.ip {
		size[group[bi]] += b.k * b.nh
	}
	mx, num, den := make([]float32, ng), make([]float64, ng), make([]float64, ng)
	for range *foSteps {
		clear(mx)
		for bi, b := range s.ip {
			for _, a := range v[b.c : b.c+b.k*b.nh] {
				mx[group[bi]] = max(mx[group[bi]], abs32(a))
			}
		}
		for bi, b := range s.ip {
			if m := mx[group[bi]]; m > 0 {
				for i := b.c; i < b.c+b.k*b.nh; i++ {
					v[i] /= m
				}
			}
		}
		s.eval32(x, v, eps, lambda)
		clear(num)
		clear(den)
		for bi, b := range s.ip {
			gr := group[bi]
			for i := b.c; i < b.c+b.k*b.nh; i++ {
				vi := float64(v[i])
				av := 0.0
				if y, b := f.r[i], base[i]; y == y && b == b {
					av = vi - (float64(y)-float64(b))/eps
				}
				num[gr] += av * av
				den[gr] += vi * vi
				v[i] = float32(av)
			}
		}
		for gr := range ng {
			if den[gr] > 0 {
				theta[gr] = math.Sqrt(num[gr] / den[gr])
			}
		}
	}
	var top, total, weighted float64
	for gr := range ng {
		top = max(top, theta[gr])
		total += float64(size[gr])
		weighted += float64(size[gr]) * math.Sqrt(max(theta[gr], 1))
	}
	sorted := append([]float64(nil), theta...)
	sort.Sort(sort.Reverse(sort.Float64Slice(sorted)))
	t.Logf("λ = %g: %d subgames; the largest top %.4g, the median %.4g, the 90th percentile %.4g; size-weighted mean √K %.3g against √K_max %.3g: at most %.2f× fewer passes by local iterations",
		lambda, ng, top, sorted[ng/2], sorted[ng*9/10], weighted/total, math.Sqrt(top), math.Sqrt(top)/(weighted/total))
}

// subgameGroups numbers the subgames of IP's blocks: a block's group is
// the nearest node below a chance node above it (−1, the spot's own
// street, is a group too).
func subgameGroups(s *Solver) (group []int, n int) {
	g := s.g
	root := make([]int32, len(g.Nodes))
	var walk func(i, r int32)
	walk = func(i, r int32) {
		root[i] = r
		nd := &g.Nodes[i]
		if nd.Kind.Terminal() {
			return
		}
		for a := range int32(nd.NumChildren) {
			c := nd.Child + a
			if nd.Kind == spot.ChanceNode {
				walk(c, c)
			} else {
				walk(c, r)
			}
		}
	}
	walk(0, -1)
	ids := map[int32]int{}
	for _, b := range s.ip {
		r := root[b.node]
		if _, ok := ids[r]; !ok {
			ids[r] = len(ids)
		}
		group = append(group, ids[r])
	}
	return group, len(ids)
}
