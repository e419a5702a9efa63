package qre

import (
	"math"
	"testing"
)

// TestAKQAsymptoticsTable: the measured coefficients agree with the
// formulas; eq (5)'s printed prefactor does not (B ≠ 1).
func TestAKQAsymptoticsTable(t *testing.T) {
	for _, B := range akqBets {
		a, err := AKQ{B}.Asymptotics()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name string
			c    Coefficient
			tol  float64
		}{
			{"c1_Q", a.C1Q, 1e-6}, {"c1_K", a.C1K, 1e-6}, {"c2_Q", a.C2Q, 1e-3}, {"c2_K", a.C2K, 1e-3},
			{"prefactor", a.PrefactorA, 1e-3}, {"λε", a.Exploitability, 1e-6},
		} {
			if math.Abs(c.c.Numeric-c.c.Formula) > c.tol*math.Max(1, math.Abs(c.c.Formula)) {
				t.Errorf("B=%v %s: numeric %.9g, formula %.9g", B, c.name, c.c.Numeric, c.c.Formula)
			}
		}
		if B != 1 && math.Abs(a.PrefactorA.Numeric-a.PrintedFormula) < 0.01 {
			t.Errorf("B=%v: the QRE note's prefactor %.6g matches %.6g", B, a.PrintedFormula, a.PrefactorA.Numeric)
		}
		if !(a.Eps2000 < 0.001) || !(a.LambdaEps001 < 2000) {
			t.Errorf("B=%v: ε(2000) = %v, λ(ε=0.001) = %v", B, a.Eps2000, a.LambdaEps001)
		}
		t.Logf("B=%.4g: c1Q %.6g/%.6g c1K %.6g/%.6g pref %.6g (seed %.6g) λε %.6g/%.6g ε(2000) %.3g λ(0.001) %.1f",
			B, a.C1Q.Numeric, a.C1Q.Formula, a.C1K.Numeric, a.C1K.Formula, a.PrefactorA.Numeric, a.PrintedFormula,
			a.Exploitability.Numeric, a.Exploitability.Formula, a.Eps2000, a.LambdaEps001)
	}
}

func TestSummarizeKuhn(t *testing.T) {
	s, err := Summarize(loadGame(t, "kuhn"), 2, 0.001, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Exploit) != len(s.Path.Points) || s.Crossing == nil || math.Abs(s.Crossing.Lambda-62) > 2 {
		t.Fatalf("summary: %d points, crossing %+v", len(s.Exploit), s.Crossing)
	}
	// Exploitability ≤ max regret ≤ NashConv, and it falls to ~0 at the end.
	for _, e := range s.Exploit {
		if e.Exploitability > e.MaxRegret+1e-15 || e.MaxRegret > e.NashConv+1e-15 {
			t.Errorf("λ=%v: exploitability %v, max regret %v, NashConv %v", e.Lambda, e.Exploitability, e.MaxRegret, e.NashConv)
		}
	}
	if last := s.Exploit[len(s.Exploit)-1]; last.Exploitability > 1e-8 {
		t.Errorf("final exploitability %v", last.Exploitability)
	}
}
