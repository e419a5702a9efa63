//go:build qrelab

package spotqre

import (
	"flag"
	"math"
	"os"
	"testing"
	"time"

	"pokerlab/spot"
)

var (
	hbSpot = flag.String("hb.spot", "../testdata/turn-Td9d6hQc-pot200-stack900.toml", "")
	hbLam  = flag.Float64("hb.lambda", 10, "")
	hbK    = flag.Float64("hb.k", 300, "")
	hbIts  = flag.Int("hb.its", 400, "")
)

func TestLabHB(t *testing.T) {
	src, err := os.ReadFile(*hbSpot)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := spot.ParseSpot(string(src), *hbSpot)
	if err != nil {
		t.Fatal(err)
	}
	g, err := spot.NewGame(sp, spot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := s.n1
	t.Logf("n1 %d size %d", n, g.Size)
	x, xp, y := make([]float64, n), make([]float64, n), make([]float64, n)
	wt, rs := make([]float64, n), make([]float64, n)
	t0 := time.Now()
	for range 5 {
		s.eval(x, *hbLam, y, nil, nil)
	}
	t.Logf("eval %v", time.Since(t0)/5)
	K := *hbK
	sq := math.Sqrt(K)
	alpha := 4 / ((sq + 1) * (sq + 1))
	beta := ((sq - 1) / (sq + 1)) * ((sq - 1) / (sq + 1))
	t0 = time.Now()
	for it := range *hbIts {
		res := it%10 == 0
		var mx, wm float64
		if res {
			mx, wm = s.eval(x, *hbLam, y, wt, rs)
		} else {
			s.eval(x, *hbLam, y, nil, nil)
		}
		if res {
			t.Logf("it %d max %.3g w %.3g  %v", it, mx, wm, time.Since(t0))
			if mx < 1e-6 {
				break
			}
		}
		for i := range x {
			xn := x[i] + alpha*(y[i]-x[i]) + beta*(x[i]-xp[i])
			xp[i] = x[i]
			x[i] = xn
		}
	}
}

func TestLabFO(t *testing.T) {
	src, err := os.ReadFile(*hbSpot)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := spot.ParseSpot(string(src), *hbSpot)
	if err != nil {
		t.Fatal(err)
	}
	g, err := spot.NewGame(sp, spot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	s, err := NewSolver(g, Options{Params: Params{TraceSolves: t.Logf}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.foSolve(*hbLam, 1e-6, 3000)
	t.Logf("res %.3g err %v f32 %d f64 %d K %.4g  %v", res, err, s.fo.f32, s.fo.f64, s.fo.K, time.Since(t0))
	s.lam = *hbLam
	r := s.result()
	t.Logf("criterion %.3g expl %.4g%%", r.Residual, r.Evaluation.Percent)
}

func TestLabF32Speed(t *testing.T) {
	src, _ := os.ReadFile(*hbSpot)
	sp, _ := spot.ParseSpot(string(src), *hbSpot)
	g, _ := spot.NewGame(sp, spot.Options{})
	s, _ := NewSolver(g, Options{})
	s.foInit()
	x := s.x
	t0 := time.Now()
	for range 20 {
		s.eval32(x, 10)
	}
	t.Logf("eval32 %v", time.Since(t0)/20)
	t0 = time.Now()
	for range 20 {
		s.residual32(x, 10)
	}
	t.Logf("residual32 %v", time.Since(t0)/20)
	t0 = time.Now()
	for range 5 {
		s.eval64(x, 10)
	}
	t.Logf("eval64 %v", time.Since(t0)/5)
}

func TestLabFOTiny(t *testing.T) {
	src := riverTiny
	if *hbSpot == "turnTiny" {
		src = turnTiny
	}
	g := mustGame(t, src, spot.Options{})
	s, err := NewSolver(g, Options{Method: MethodFirstOrder, Tolerance: 1e-7, Params: Params{TraceSolves: t.Logf}})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	_, err = s.Solve([]float64{2, 5, 12, *hbLam})
	t.Log(time.Since(t0), s.fo.f32, s.fo.f64)
	t.Log(err)
}
