package spot

import "testing"

func benchSpot(b *testing.B, args string) {
	sp := spotFromArgs(b, args)
	g, err := NewGame(sp, Options{})
	if err != nil {
		b.Fatal(err)
	}
	s, err := NewSolver(g, SolveOptions{}, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s.Iterate(1)
	}
}

// BenchmarkIterate is one DCFR iteration (both players' passes) on the
// issue's turn spot.
func BenchmarkIterate(b *testing.B) {
	b.Run("turn", func(b *testing.B) { benchSpot(b, "testdata/postflop/trees/issue-turn.args") })
}
