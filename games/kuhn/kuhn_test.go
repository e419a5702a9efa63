package kuhn_test

import (
	"math"
	"testing"

	"pokerlab/br"
	"pokerlab/efg"
	"pokerlab/efg/efgtest"
	"pokerlab/games/kuhn"
)

func TestConformance(t *testing.T) {
	tr := efgtest.Check(t, kuhn.New(), 200)
	// 1 deal node + 6 deals × 9 histories (4 decisions, 5 terminals).
	if tr.NumNodes() != 55 || tr.NumTerminals() != 30 {
		t.Errorf("nodes %d, terminals %d; want 55, 30", tr.NumNodes(), tr.NumTerminals())
	}
	// 2 players × 3 cards × 2 decision histories each.
	if got := tr.InfoSetsPerPlayer(); tr.NumInfoSets() != 12 || got[0] != 6 || got[1] != 6 {
		t.Errorf("information sets %d %v, want 12 [6 6]", tr.NumInfoSets(), got)
	}
	if !tr.ZeroSumTwoPlayer() || tr.Sum != 0 {
		t.Errorf("Kuhn poker must be detected as zero-sum (sum %v)", tr.Sum)
	}
}

// Kuhn (1950): the game value for player 1 is −1/18.
func TestGameValue(t *testing.T) {
	tr := efgtest.Check(t, kuhn.New(), 0)
	v, profile, err := br.GameValue(tr)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(v[0]+1.0/18) > 1e-9 || math.Abs(v[1]-1.0/18) > 1e-9 {
		t.Errorf("value %v, want ∓1/18", v)
	}
	if nc := br.NashConv(tr, profile); nc > 1e-12 {
		t.Errorf("NashConv of the LP equilibrium = %g", nc)
	}
}

// Against uniform play a best response gains 3/8 for player 1 and 13/24 for
// player 2 (worked out by hand from the 12 information sets), so NashConv is
// 11/12, OpenSpiel's value for the uniform policy.
func TestUniformNashConv(t *testing.T) {
	tr := efgtest.Check(t, kuhn.New(), 0)
	r := br.Evaluate(tr, efg.Uniform(tr))
	if math.Abs(r.Gains[0]-3.0/8) > 1e-12 || math.Abs(r.Gains[1]-13.0/24) > 1e-12 {
		t.Errorf("gains %v, want [3/8 13/24]", r.Gains)
	}
	if nc := r.NashConv; math.Abs(nc-11.0/12) > 1e-12 {
		t.Errorf("NashConv(uniform) = %.15f, want 11/12", nc)
	}
}

// Every member of Kuhn's equilibrium family is an exact equilibrium: player
// 1 bets J with α ∈ [0, 1/3], bets K with 3α, calls with Q with α + 1/3
// (never bets Q, folds J and calls K facing a bet); player 2 calls a bet with
// Q with 1/3 and K always, bets J with 1/3 and K always after a check.
func TestEquilibriumFamily(t *testing.T) {
	tr := efgtest.Check(t, kuhn.New(), 0)
	e := br.NewEvaluator(tr)
	for i := 0; i <= 30; i++ {
		alpha := float64(i) / 90
		p := efgtest.Profile(t, tr, map[string][]float64{
			"1/J:": {1 - alpha, alpha}, "1/Q:": {1, 0}, "1/K:": {1 - 3*alpha, 3 * alpha},
			"1/J:cb": {1, 0}, "1/Q:cb": {1 - (alpha + 1.0/3), alpha + 1.0/3}, "1/K:cb": {0, 1},
			"2/J:b": {1, 0}, "2/Q:b": {2.0 / 3, 1.0 / 3}, "2/K:b": {0, 1},
			"2/J:c": {2.0 / 3, 1.0 / 3}, "2/Q:c": {1, 0}, "2/K:c": {0, 1},
		})
		if nc := e.NashConv(p); nc > 1e-12 {
			t.Errorf("α = %.4f: NashConv %g", alpha, nc)
		}
		if v := e.Values(p, nil); math.Abs(v[0]+1.0/18) > 1e-12 {
			t.Errorf("α = %.4f: value %v, want −1/18", alpha, v[0])
		}
	}
}
