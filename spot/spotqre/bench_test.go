package spotqre

import (
	"testing"

	"pokerlab/spot"
)

// BenchmarkProduct is one Jacobian–vector product (a tangent evaluation of
// the response map: two tangent passes, in float64 and in float32) and one
// evaluation (two passes) on the full-range turn spot at λ = 10.
func BenchmarkProduct(b *testing.B) {
	g := loadFile(b, "../testdata/turn-Td9d6hQc-pot200-stack900.toml")
	s, err := NewSolver(g, Options{})
	if err != nil {
		b.Fatal(err)
	}
	s.newtonInit() // (the products are the Newton corrector's)
	v, out := make([]float64, s.n1), make([]float64, s.n1)
	for i := range v {
		v[i] = float64(i%7) - 3
	}
	for _, low := range []bool{false, true} {
		name := "tangent64"
		if low {
			name = "tangent32"
		}
		b.Run(name, func(b *testing.B) {
			defer func(old bool) { s.par.Float64Products = old }(s.par.Float64Products)
			s.par.Float64Products = !low
			s.σAtSig1 = false // choose the precision afresh
			s.tangent(s.x, v, 10, out)
			if s.low != low {
				b.Fatalf("float32 products: %v, want %v", s.low, low)
			}
			b.ReportAllocs()
			for b.Loop() {
				s.tangent(s.x, v, 10, out)
			}
		})
	}
	b.Run("eval", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.eval(s.x, 10, out, nil, nil)
		}
	})
	// The first-order iteration's evaluations: float32 on spot.Passer,
	// float64 on the exact evaluator.
	s.foInit()
	b.Run("eval32", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.eval32(s.x, nil, 0, 10)
		}
	})
	b.Run("eval64", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.eval64(s.x, 10)
		}
	})
}

// BenchmarkRiver is the QRE on the river spot, single-threaded,
// from uniform play: at one λ (the path from λ = 0 included), the path
// through 10, 30, 100 in one call (warm starts) against three cold calls,
// λ* (Auto), and beside them the Nash solve by DCFR to 0.5 % of the pot
// (checks every 10 iterations, as spot solve).
func BenchmarkRiver(b *testing.B) {
	g := loadFile(b, "../testdata/river-Td9d6hQc2s-pot200-stack900.toml")
	solve := func(b *testing.B, lambdas ...float64) {
		s, err := NewSolver(g, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Solve(lambdas); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("lambda=100", func(b *testing.B) {
		for b.Loop() {
			solve(b, 100)
		}
	})
	b.Run("path-warm=10,30,100", func(b *testing.B) {
		for b.Loop() {
			solve(b, 10, 30, 100)
		}
	})
	b.Run("path-cold=10,30,100", func(b *testing.B) {
		for b.Loop() {
			solve(b, 10)
			solve(b, 30)
			solve(b, 100)
		}
	})
	b.Run("auto", func(b *testing.B) {
		for b.Loop() {
			s, err := NewSolver(g, Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := s.Auto(0.001); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("nash-0.5%", func(b *testing.B) {
		for b.Loop() {
			s, err := spot.NewSolver(g, spot.SolveOptions{}, 0)
			if err != nil {
				b.Fatal(err)
			}
			s.Solve(spot.Stop{TargetPercent: 0.5, Iterations: 1 << 20}, nil)
		}
	})
}
