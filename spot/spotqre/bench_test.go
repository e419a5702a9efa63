package spotqre

import (
	"testing"
)

// BenchmarkProduct is one Jacobian–vector product (a tangent evaluation of
// the response map: two tangent passes) and one evaluation (two passes) on
// the turn spot at λ = 10.
func BenchmarkProduct(b *testing.B) {
	g := loadFile(b, "../testdata/issue-turn.toml")
	s, err := NewSolver(g, Options{})
	if err != nil {
		b.Fatal(err)
	}
	v, out := make([]float64, s.n1), make([]float64, s.n1)
	for i := range v {
		v[i] = float64(i%7) - 3
	}
	b.Run("tangent", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.tangent(s.x, v, 10, out)
		}
	})
	b.Run("eval", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.eval(s.x, 10, out, nil, nil)
		}
	})
}
