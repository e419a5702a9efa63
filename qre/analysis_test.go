package qre

import (
	"math"
	"testing"

	"pokerlab/br"
)

// TestAnalyzeAKQ: the generic thermodynamics on the AKQ tree equal the
// closed-form per-hand E, S, F of the QRE note (Figure 4), and the entropy
// limits: ln 2 at λ = 0 for every hand, → 0 for A as λ → ∞ while Q and K
// stay mixed.
func TestAnalyzeAKQ(t *testing.T) {
	for _, B := range akqBets {
		g := AKQ{B}
		tree, err := g.Tree()
		if err != nil {
			t.Fatal(err)
		}
		labels := map[string]int{"A": 0, "Q": 1, "K": 2}
		for _, p := range mustAKQ(t, B, 0, 0.5, 2, 10, 100) {
			prof, err := g.Profile(tree, p)
			if err != nil {
				t.Fatal(err)
			}
			logp := make([]float64, len(prof))
			for a := range prof {
				logp[a] = math.Log(prof[a])
			}
			an, err := Analyze(tree, logp, p.Lambda)
			if err != nil {
				t.Fatal(err)
			}
			if an.Residual > 1e-10 {
				t.Errorf("B=%v λ=%v: residual %.3g", B, p.Lambda, an.Residual)
			}
			want := g.Thermo(p)
			for I := 0; I < tree.NumInfoSets(); I++ {
				w := want[labels[tree.InfoSetLabel[I]]]
				got := an.InfoSet[I]
				if math.Abs(got.Energy-w.Energy) > 1e-12 || math.Abs(got.Entropy-w.Entropy) > 1e-12 ||
					(p.Lambda > 0 && math.Abs(got.FreeEnergy-w.FreeEnergy) > 1e-12) {
					t.Errorf("B=%v λ=%v %s: %+v, closed form %+v", B, p.Lambda, tree.InfoSetLabel[I], got, w)
				}
			}
			if p.Lambda == 0 {
				for h, th := range want {
					if math.Abs(th.Entropy-math.Ln2) > 1e-15 || !math.IsInf(th.FreeEnergy, -1) {
						t.Errorf("B=%v hand %d at λ=0: %+v, want S = ln 2, F = −∞", B, h, th)
					}
				}
			}
			// Player aggregates: E_i = −v_i.
			v := br.Values(tree, prof)
			for i := range v {
				if math.Abs(an.Player[i].Energy+v[i]) > 1e-12 {
					t.Errorf("B=%v λ=%v: player %d energy %v, value %v", B, p.Lambda, i, an.Player[i].Energy, v[i])
				}
			}
		}
		big := mustAKQ(t, B, 1e4)[0]
		th := g.Thermo(big)
		if th[0].Entropy > 1e-100 || th[1].Entropy < 0.3 || th[2].Entropy < 0.3 {
			t.Errorf("B=%v λ=1e4: entropies A %v, Q %v, K %v", B, th[0].Entropy, th[1].Entropy, th[2].Entropy)
		}
		if math.Abs(th[1].FreeEnergy-th[1].Energy) > 1e-4 {
			t.Errorf("B=%v: F_Q − E_Q = %v at λ = 1e4, want → 0", B, th[1].FreeEnergy-th[1].Energy)
		}
	}
}

// TestAKQLambdaForExploitability: the λ at which ε = 0.1 % of the pot, and
// the QRE note's claim that λ = 2000 is enough.
func TestAKQLambdaForExploitability(t *testing.T) {
	for _, B := range []float64{0.5, 2} {
		g := AKQ{B}
		l, err := g.LambdaForExploitability(0.001)
		if err != nil {
			t.Fatal(err)
		}
		p := mustAKQ(t, B, l)[0]
		if e := g.Exploitability(p); math.Abs(e-0.001) > 1e-12 {
			t.Errorf("B=%v: ε(%v) = %v", B, l, e)
		}
		// Leading order: λ ≈ c/0.001 with an O(1) correction.
		if c := g.ExploitabilityCoefficient(); math.Abs(l-c/0.001) > 0.05*l {
			t.Errorf("B=%v: λ = %v, leading order %v", B, l, c/0.001)
		}
		if l > 2000 {
			t.Errorf("B=%v: λ = %v exceeds the QRE note's 2000", B, l)
		}
		t.Logf("B=%v: ε = 0.001 at λ = %.4f (2000 gives ε = %.3g)", B, l, g.Exploitability(mustAKQ(t, B, 2000)[0]))
	}
}

// TestKuhnLambdaForExploitability: the exploitability (NashConv/2) of the
// Kuhn QRE falls to 0.1 % of the pot (2 chips) at the returned λ.
func TestKuhnLambdaForExploitability(t *testing.T) {
	tree := loadGame(t, "kuhn")
	c, err := LambdaForExploitability(tree, 0.002, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !(c.Above.Lambda < c.Lambda && c.Lambda < c.Below.Lambda && c.Above.Exploitability > 0.002 && c.Below.Exploitability <= 0.002) {
		t.Fatalf("bad bracket %+v", c)
	}
	for _, q := range []ExploitPoint{c.Above, c.Below} {
		if len(q.Gains) != 2 || math.IsNaN(q.MaxRegret) || math.Abs(q.NashConv-2*q.Exploitability) > 1e-15 {
			t.Errorf("bracket point %+v", q)
		}
	}
	for _, f := range []float64{0.999, 1.001} {
		pt, err := Solve(tree, c.Lambda*f)
		if err != nil {
			t.Fatal(err)
		}
		e := br.NashConv(tree, pt.Profile) / 2
		if (f < 1) != (e > 0.002) {
			t.Errorf("λ = %v·%v: exploitability %v on the wrong side of 0.002", c.Lambda, f, e)
		}
	}
	t.Logf("Kuhn: exploitability 0.002 at λ = %.4f", c.Lambda)
}
