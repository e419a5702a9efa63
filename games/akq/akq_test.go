package akq_test

import (
	"math"
	"testing"

	"pokerlab/br"
	"pokerlab/efg/efgtest"
	"pokerlab/games/akq"
)

var bets = []float64{1.0 / 3, 0.5, 1, 2, 3}

func TestConformance(t *testing.T) {
	for _, B := range bets {
		g, err := akq.New(B)
		if err != nil {
			t.Fatal(err)
		}
		tr := efgtest.Check(t, g, 50)
		if !tr.ConstantSum || tr.Sum != 1 {
			t.Errorf("B = %v: payoffs must add up to the pot, 1 (constant %v, sum %v)", B, tr.ConstantSum, tr.Sum)
		}
		if got := tr.InfoSetsPerPlayer(); got[0] != 2 || got[1] != 1 {
			t.Errorf("B = %v: information sets %v, want [2 1]", B, got)
		}
	}
}

// The QRE note: p_A = 1, p_Q = B/(1+B), p_K = 1/(1+B) is the equilibrium, and
// the sequence-form LP finds player 1's value (1+2B)/(2(1+B)).
func TestNashEquilibrium(t *testing.T) {
	for _, B := range bets {
		g, _ := akq.New(B)
		tr := efgtest.Check(t, g, 0)
		pQ, pK := B/(1+B), 1/(1+B)
		p := efgtest.Profile(t, tr, map[string][]float64{
			"1/A": {1, 0}, "1/Q": {pQ, 1 - pQ}, "2/K": {pK, 1 - pK},
		})
		r := br.Evaluate(tr, p)
		if r.NashConv > 1e-12 {
			t.Errorf("B = %v: NashConv of the closed form %g", B, r.NashConv)
		}
		want := (1 + 2*B) / (2 * (1 + B))
		if math.Abs(r.Values[0]-want) > 1e-12 {
			t.Errorf("B = %v: value %v, want %v", B, r.Values[0], want)
		}
		v, _, err := br.GameValue(tr)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(v[0]-want) > 1e-9 || math.Abs(v[1]-(1-want)) > 1e-9 {
			t.Errorf("B = %v: LP values %v, want [%v %v]", B, v, want, 1-want)
		}
	}
}

func TestBadBet(t *testing.T) {
	for _, B := range []float64{0, -1, math.Inf(1), math.NaN()} {
		if _, err := akq.New(B); err == nil {
			t.Errorf("New(%v) accepted", B)
		}
	}
}
