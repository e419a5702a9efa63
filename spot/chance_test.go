package spot

import (
	"math"
	"math/rand/v2"
	"testing"

	"pokerlab/cards"
)

// TestCompatibleMassMatchesDoubleLoop: the per-card O(n) mass equals the sum
// over the opponent's hands that share no card, checked pair by pair.
func TestCompatibleMassMatchesDoubleLoop(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	rng := rand.New(rand.NewPCG(1, 2))
	for p := range 2 {
		o := p ^ 1
		reach := make([]float64, g.NumHands(o))
		for i := range reach {
			reach[i] = rng.Float64()
		}
		got := g.CompatibleMass(make([]float64, g.NumHands(p)), p, reach)
		for h, hp := range g.Hands[p] {
			var want float64
			for j, ho := range g.Hands[o] {
				if !hp.Set().Overlaps(ho.Set()) {
					want += reach[j]
				}
			}
			if math.Abs(got[h]-want) > 1e-12 {
				t.Fatalf("player %d hand %s: mass %v, double loop %v", p, hp, got[h], want)
			}
		}
	}
}

// TestChanceAccessors: at every chance node of a flop with two isomorphic
// suits, the dealt cards and the left-out ones together are the deck minus
// the board and the cards dealt before, each left-out card is its child's
// card with two suits swapped, and Perm maps each hand to the hand with
// those suits swapped; HoldingCard lists exactly the hands holding the card.
func TestChanceAccessors(t *testing.T) {
	g := mustGame(t, flopSymmetric, Options{})
	isoSeen := 0
	for i := range g.Nodes {
		n := int32(i)
		nd := &g.Nodes[n]
		if nd.Kind != ChanceNode {
			continue
		}
		used := g.Spot.BoardSet() | g.Dealt(n)
		left := 52 - used.Count()
		if f := g.ChanceFactor(n); math.Abs(f-1/float64(left-4)) > 1e-15 {
			t.Fatalf("node %d: factor %v, want 1/%d", n, f, left-4)
		}
		isos := g.IsoCards(n)
		if int(nd.NumChildren)+len(isos) != left {
			t.Fatalf("node %d: %d dealt + %d isomorphic, %d cards left", n, nd.NumChildren, len(isos), left)
		}
		for _, iso := range isos {
			isoSeen++
			rep := cards.Card(g.Nodes[nd.Child+iso.Child].Card)
			if rep.Rank() != iso.Card.Rank() || rep.Suit() == iso.Card.Suit() {
				t.Fatalf("node %d: %s stands for %s", n, rep, iso.Card)
			}
			a, b := rep.Suit(), iso.Card.Suit()
			for p := range 2 {
				for h, hole := range g.Hands[p] {
					sw := cards.NewHole(swapSuit(hole[0], a, b), swapSuit(hole[1], a, b))
					if got := g.Hands[p][iso.Perm[p][h]]; got != sw {
						t.Fatalf("node %d, %s for %s: %s maps to %s, want %s", n, iso.Card, rep, hole, got, sw)
					}
				}
			}
		}
		for c := range cards.Card(cards.NumCards) {
			for p := range 2 {
				want := 0
				for _, hole := range g.Hands[p] {
					if hole.Set().Has(c) {
						want++
					}
				}
				hold := g.HoldingCard(p, c)
				if len(hold) != want {
					t.Fatalf("%s: %d hands of player %d hold it, HoldingCard lists %d", c, want, p, len(hold))
				}
				for _, h := range hold {
					if !g.Hands[p][h].Set().Has(c) {
						t.Fatalf("%s: HoldingCard lists %s", c, g.Hands[p][h])
					}
				}
			}
		}
	}
	if isoSeen == 0 {
		t.Fatal("no isomorphic card on a spot built to have them")
	}
}
