package spotqre

import "testing"

func TestZZProf(t *testing.T) {
	g := loadFile(t, "../testdata/turn-Td9d6hQc-pot200-stack900.toml")
	s, err := NewSolver(g, Options{Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve([]float64{10}); err != nil {
		t.Fatal(err)
	}
}
