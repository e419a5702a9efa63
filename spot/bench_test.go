package spot

import (
	"os"
	"testing"
)

func benchGame(b *testing.B, file string) *Game {
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	g, err := NewGame(mustSpot(b, string(src)), Options{})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkIterate is one DCFR iteration (both players' passes) on the
// full-range turn spot (testdata/turn-Td9d6hQc-pot200-stack900.toml) and on its river (Qc then 2s), one thread, and on the
// turn with two threads.
func BenchmarkIterate(b *testing.B) {
	for _, c := range []struct {
		name, file string
		threads    int
	}{{"turn", "testdata/turn-Td9d6hQc-pot200-stack900.toml", 1}, {"turn-2threads", "testdata/turn-Td9d6hQc-pot200-stack900.toml", 2}, {"river", "testdata/river-Td9d6hQc2s-pot200-stack900.toml", 1}} {
		b.Run(c.name, func(b *testing.B) {
			g := benchGame(b, c.file)
			s, err := NewSolver(g, SolveOptions{Threads: c.threads}, 0)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				s.Iterate(1)
			}
		})
	}
}

// BenchmarkExploitability is one check (both best responses, float32) on the
// turn spot.
func BenchmarkExploitability(b *testing.B) {
	g := benchGame(b, "testdata/turn-Td9d6hQc-pot200-stack900.toml")
	s, err := NewSolver(g, SolveOptions{}, 0)
	if err != nil {
		b.Fatal(err)
	}
	s.Iterate(10)
	b.ReportAllocs()
	for b.Loop() {
		s.Exploitability()
	}
}

// BenchmarkActionValues is one whole-tree evaluation of every action's EV
// for one player (float64, what a QRE iteration needs) on the turn spot.
func BenchmarkActionValues(b *testing.B) {
	g := benchGame(b, "testdata/turn-Td9d6hQc-pot200-stack900.toml")
	σ := g.Uniform()
	ev := make([]float64, g.Size)
	_, size := g.HandLayout()
	mass := make([]float64, size)
	b.ReportAllocs()
	for b.Loop() {
		g.ActionValues(σ, OOP, ev, mass)
	}
}
