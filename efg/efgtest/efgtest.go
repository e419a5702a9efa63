// Package efgtest checks that a game written in Go compiles into a
// well-formed efg.Tree: the conformance test every game in pokerlab passes
// (OpenSpiel's shared random-simulation tests play the same role).
package efgtest

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"pokerlab/efg"
)

// Check compiles g and verifies the tree's invariants — parents before
// children, contiguous children, member lists, chance distributions,
// action counts per information set, finite payoffs — and then plays
// playouts seeded random games through both the State interface and the
// tree side by side, requiring the same movers, labels, chance
// probabilities and payoffs. It returns the tree.
func Check(t testing.TB, g efg.Game, playouts int) *efg.Tree {
	t.Helper()
	tr, err := efg.Compile(g)
	if err != nil {
		t.Fatalf("Compile(%s): %v", g.Name(), err)
	}
	N := tr.NumPlayers()
	for n := 0; n < tr.NumNodes(); n++ {
		pl := tr.Player[n]
		if n > 0 {
			p := tr.Parent[n]
			if p < 0 || int(p) >= n {
				t.Fatalf("node %d: parent %d is not before it", n, p)
			}
			if f := tr.FirstChild[p]; int32(n) < f || int32(n) >= f+tr.NumChildren[p] {
				t.Fatalf("node %d is not among its parent's children", n)
			}
		}
		switch {
		case pl == efg.Terminal:
			if tr.NumChildren[n] != 0 {
				t.Fatalf("terminal %d has children", n)
			}
			for _, u := range tr.PayoffOf(n) {
				if math.IsNaN(u) || math.IsInf(u, 0) {
					t.Fatalf("terminal %d: payoff %v", n, u)
				}
			}
		case pl == efg.Chance:
			c := tr.InfoSet[n]
			lo, hi := tr.ChanceStart[c], tr.ChanceStart[c+1]
			if int(hi-lo) != int(tr.NumChildren[n]) {
				t.Fatalf("chance node %d: %d outcomes, %d children", n, hi-lo, tr.NumChildren[n])
			}
			s := 0.0
			for k := lo; k < hi; k++ {
				s += tr.ChanceProb[k]
			}
			if math.Abs(s-1) > 1e-12 {
				t.Fatalf("chance node %d: probabilities sum to %v", n, s)
			}
		case int(pl) >= 0 && int(pl) < N:
			I := int(tr.InfoSet[n])
			if int(tr.InfoSetPlayer[I]) != int(pl) {
				t.Fatalf("node %d of player %d in information set %d of player %d", n, pl, I, tr.InfoSetPlayer[I])
			}
			lo, hi := tr.Actions(I)
			if hi-lo != int(tr.NumChildren[n]) {
				t.Fatalf("node %d: %d children, information set has %d actions", n, tr.NumChildren[n], hi-lo)
			}
			found := false
			for _, m := range tr.NodesOf(I) {
				found = found || int(m) == n
			}
			if !found {
				t.Fatalf("node %d missing from the members of its information set", n)
			}
		default:
			t.Fatalf("node %d: player %d", n, pl)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < playouts; i++ {
		s, n := g.Root(), 0
		for {
			pl := s.Player()
			if pl != int(tr.Player[n]) {
				t.Fatalf("playout %d: state says player %d, tree node %d says %d", i, pl, n, tr.Player[n])
			}
			if pl == efg.Terminal {
				u := s.Utilities()
				for p, x := range tr.PayoffOf(n) {
					if x != u[p] {
						t.Fatalf("playout %d: payoffs %v, tree %v", i, u, tr.PayoffOf(n))
					}
				}
				break
			}
			labels := s.Actions()
			a := rng.IntN(len(labels))
			if got := tr.EdgeLabel(n, a); got != labels[a] {
				t.Fatalf("playout %d: action %d is %q, tree says %q", i, a, labels[a], got)
			}
			if pl == efg.Chance {
				q := s.ChanceProbs()[a]
				if want := tr.ChanceProb[int(tr.ChanceStart[tr.InfoSet[n]])+a]; q != want {
					t.Fatalf("playout %d: chance probability %v, tree %v", i, q, want)
				}
			} else if key := s.InfoSet(); key != tr.InfoSetLabel[tr.InfoSet[n]] {
				t.Fatalf("playout %d: information set %q, tree %q", i, key, tr.InfoSetLabel[tr.InfoSet[n]])
			}
			s, n = s.Next(a), int(tr.FirstChild[n])+a
		}
	}
	return tr
}

// Profile builds a behaviour profile of tr from probabilities keyed
// "<player>/<label>" (players from 1), e.g. "1/J:" → {2/3, 1/3}. Information
// sets not in m play uniformly; an unknown key fails the test.
func Profile(t testing.TB, tr *efg.Tree, m map[string][]float64) []float64 {
	t.Helper()
	p := efg.Uniform(tr)
	used := 0
	for I := 0; I < tr.NumInfoSets(); I++ {
		key := string(rune('0'+tr.InfoSetPlayer[I]+1)) + "/" + tr.InfoSetLabel[I]
		q, ok := m[key]
		if !ok {
			continue
		}
		used++
		lo, hi := tr.Actions(I)
		if len(q) != hi-lo {
			t.Fatalf("Profile: %s has %d actions, got %d probabilities", key, hi-lo, len(q))
		}
		copy(p[lo:hi], q)
	}
	if used != len(m) {
		t.Fatalf("Profile: %d of %d keys match no information set", len(m)-used, len(m))
	}
	if err := efg.CheckProfile(tr, p); err != nil {
		t.Fatalf("Profile: %v", err)
	}
	return p
}

// Equal fails the test unless a and b are the same tree: same players,
// nodes, information sets, labels, probabilities and payoffs (titles and
// comments aside).
func Equal(t testing.TB, a, b *efg.Tree) {
	t.Helper()
	eq := func(what string, x, y any) {
		t.Helper()
		if !reflect.DeepEqual(x, y) {
			t.Fatalf("trees differ in %s", what)
		}
	}
	eq("player names", a.PlayerNames, b.PlayerNames)
	eq("node players", a.Player, b.Player)
	eq("node records", a.InfoSet, b.InfoSet)
	eq("children", a.FirstChild, b.FirstChild)
	eq("child counts", a.NumChildren, b.NumChildren)
	eq("parents", a.Parent, b.Parent)
	eq("information-set players", a.InfoSetPlayer, b.InfoSetPlayer)
	eq("information-set ids", a.InfoSetID, b.InfoSetID)
	eq("information-set labels", a.InfoSetLabel, b.InfoSetLabel)
	eq("action starts", a.ActionStart, b.ActionStart)
	eq("action labels", a.ActionLabel, b.ActionLabel)
	eq("members", a.Members, b.Members)
	eq("chance outcomes", a.ChanceStart, b.ChanceStart)
	eq("chance labels", a.ChanceLabel, b.ChanceLabel)
	eq("chance probabilities", a.ChanceProb, b.ChanceProb)
	eq("payoffs", a.Payoff, b.Payoff)
	eq("outcome labels", a.OutcomeLabel, b.OutcomeLabel)
	eq("constant sum", [2]any{a.ConstantSum, a.Sum}, [2]any{b.ConstantSum, b.Sum})
}
