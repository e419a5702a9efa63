package equity

import "pokerlab/cards"

// A suit permutation π maps suit s to π[s]. Poker values are invariant under
// any suit permutation applied to every card at once, which is what the exact
// enumeration exploits: boards in the same orbit under the permutations that
// fix the dead cards, the known board and every player's range are worth the
// same, so only one board per orbit is evaluated, weighted by the orbit size.
type suitPerm [cards.NumSuits]uint8

// allSuitPerms lists the 24 permutations, identity first.
var allSuitPerms = func() (out [24]suitPerm) {
	n := 0
	for a := range uint8(4) {
		for b := range uint8(4) {
			for c := range uint8(4) {
				for d := range uint8(4) {
					if a != b && a != c && a != d && b != c && b != d && c != d {
						out[n] = suitPerm{a, b, c, d}
						n++
					}
				}
			}
		}
	}
	return out
}()

const nibbleLow = 0x1111111111111

// apply returns the image of the card set s.
func (p suitPerm) apply(s cards.Set) cards.Set {
	x := uint64(s)
	var y uint64
	for su := range uint8(4) {
		y |= (x >> su & nibbleLow) << p[su]
	}
	return cards.Set(y)
}

// nibbleTable returns the permutation's action on one rank's four suit bits.
func (p suitPerm) nibbleTable() (t [16]uint8) {
	for m := range uint8(16) {
		for su := range uint8(4) {
			if m>>su&1 != 0 {
				t[m] |= 1 << p[su]
			}
		}
	}
	return t
}

func (p suitPerm) identity() bool { return p == suitPerm{0, 1, 2, 3} }

// applyHole returns the image of hole cards h.
func (p suitPerm) applyHole(h cards.Hole) cards.Hole {
	return cards.NewHole(cards.NewCard(h[0].Rank(), cards.Suit(p[h[0].Suit()])), cards.NewCard(h[1].Rank(), cards.Suit(p[h[1].Suit()])))
}

// stabilizer returns the suit permutations (identity excluded) that map the
// given sets onto themselves and every player's weights onto themselves.
func stabilizer(fixed []cards.Set, players []*playerCombos) []suitPerm {
	var out []suitPerm
next:
	for _, p := range allSuitPerms[1:] {
		for _, s := range fixed {
			if p.apply(s) != s {
				continue next
			}
		}
		for _, pl := range players {
			for _, c := range pl.combos {
				img := p.applyHole(c.hole)
				i := pl.index[cards.HoleIndex(img[0], img[1])]
				if i < 0 || pl.combos[i].weight != c.weight {
					continue next
				}
			}
		}
		out = append(out, p)
	}
	return out
}
