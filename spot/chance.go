package spot

import "pokerlab/cards"

// This file exposes what a traversal of its own (another solver's, on the
// same game tree) needs at chance nodes and for beliefs: the probability of
// each card, the hands holding a card, the isomorphic cards left out and the
// opponent mass behind a hand's beliefs. The solver's and the exact
// evaluator's walks use the same data.

// ChanceFactor returns the probability of each card dealt at chance node n:
// 1 / (cards left in the deck, both players' hole cards excluded).
func (g *Game) ChanceFactor(n int32) float64 {
	return g.boards[g.Nodes[n].Board].factor64
}

// HoldingCard returns the indices of player p's hands that hold card c
// (shared; do not modify). A walk zeroes the opponent's reach of these hands
// when c is dealt, and the traverser's values of its own.
func (g *Game) HoldingCard(p int, c cards.Card) []uint16 {
	return g.with[p][c]
}

// IsoCard is a card that chance node n does not deal because it is
// isomorphic to the card of child Child: its values are that child's, read
// through a suit swap of the hands, hand h's value being the child's value
// of hand Perm[p][h] for player p.
type IsoCard struct {
	Child int32 // index among n's children
	Card  cards.Card
	Perm  [2][]uint16 // shared; do not modify
}

// IsoCards returns the isomorphic cards chance node n leaves out (none with
// Options.NoIsomorphism). A walk adds, for each, the row of values of child
// Child permuted by Perm[traverser] to the node's values.
func (g *Game) IsoCards(n int32) []IsoCard {
	bs := &g.boards[g.Nodes[n].Board]
	out := make([]IsoCard, len(bs.iso))
	for i, iso := range bs.iso {
		out[i] = IsoCard{Child: iso.Child, Card: iso.Card, Perm: [2][]uint16{g.perms[OOP][iso.Pair], g.perms[IP][iso.Pair]}}
	}
	return out
}

// CompatibleMass sets out[h] (length NumHands(p)), for every hand h of
// player p, to the opponent's reach summed over its hands that share no card
// with h: the denominator of h's beliefs. Cost O(n_p + n_o) (per-card sums,
// inclusion–exclusion for the opponent's copy of h). It returns out.
func (g *Game) CompatibleMass(out []float64, p int, oppReach []float64) []float64 {
	return g.compatibleMassTo(out, p, oppReach)
}

// CompatibleMassOf is CompatibleMass for either storage type (the sums in
// float64, rounded once to F).
func CompatibleMassOf[F Real](g *Game, out []F, p int, oppReach []F) []F {
	out, _ = compatibleMassOf(g, out, p, oppReach)
	return out
}

// CompatibleMassTotal is CompatibleMassOf that also returns the
// opponent's total reach Σ oppReach, which its sweep sums anyway.
func CompatibleMassTotal[F Real](g *Game, out []F, p int, oppReach []F) float64 {
	_, tot := compatibleMassOf(g, out, p, oppReach)
	return tot
}
