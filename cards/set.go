package cards

import (
	"iter"
	"math/bits"
	"strings"
)

// Set is a set of cards: bit i is set when Card(i) is in the set. The zero
// value is the empty set. Methods that change a set return the new set
// (Set is a value, like an int): s = s.Add(c).
type Set uint64

// FullDeck is the set of all 52 cards.
const FullDeck Set = 1<<NumCards - 1

// SetOf returns the set of the given cards.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// Add returns s with c added.
func (s Set) Add(c Card) Set { return s | 1<<c }

// Remove returns s without c.
func (s Set) Remove(c Card) Set { return s &^ (1 << c) }

// Has reports whether c is in s.
func (s Set) Has(c Card) bool { return s>>c&1 != 0 }

// Count returns the number of cards in s.
func (s Set) Count() int { return bits.OnesCount64(uint64(s)) }

// Union returns the cards in s or t.
func (s Set) Union(t Set) Set { return s | t }

// Intersect returns the cards in both s and t.
func (s Set) Intersect(t Set) Set { return s & t }

// Minus returns the cards in s and not in t.
func (s Set) Minus(t Set) Set { return s &^ t }

// Overlaps reports whether s and t share a card.
func (s Set) Overlaps(t Set) bool { return s&t != 0 }

// Lowest returns the lowest card in a non-empty set.
func (s Set) Lowest() Card { return Card(bits.TrailingZeros64(uint64(s))) }

// Highest returns the highest card in a non-empty set.
func (s Set) Highest() Card { return Card(63 - bits.LeadingZeros64(uint64(s))) }

// All iterates over the cards of s from the lowest (2s) to the highest (Ac).
func (s Set) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for x := uint64(s); x != 0; x &= x - 1 {
			if !yield(Card(bits.TrailingZeros64(x))) {
				return
			}
		}
	}
}

// AppendCards appends the cards of s in ascending order to dst.
func (s Set) AppendCards(dst []Card) []Card {
	for x := uint64(s); x != 0; x &= x - 1 {
		dst = append(dst, Card(bits.TrailingZeros64(x)))
	}
	return dst
}

// Cards returns the cards of s in ascending order.
func (s Set) Cards() []Card { return s.AppendCards(make([]Card, 0, s.Count())) }

// RankMask returns a 13-bit mask with bit r set when s holds a card of rank r.
func (s Set) RankMask() uint16 {
	// Fold the four suit bits of each nibble onto its lowest bit, then gather
	// the 13 nibble bits into 13 consecutive bits.
	x := uint64(s)
	x = (x | x>>1 | x>>2 | x>>3) & 0x1111111111111
	return uint16(gatherNibbles(x))
}

// SuitMask returns a 13-bit mask with bit r set when s holds the card of rank
// r and suit su.
func (s Set) SuitMask(su Suit) uint16 {
	return uint16(gatherNibbles(uint64(s) >> su & 0x1111111111111))
}

// gatherNibbles moves bit 4r of x to bit r, for x with only bits 4r set.
func gatherNibbles(x uint64) uint64 {
	x = (x | x>>3) & 0x0303030303030303
	x = (x | x>>6) & 0x000F000F000F000F
	x = (x | x>>12) & 0x000000FF000000FF
	x = (x | x>>24) & 0xFFFF
	return x
}

// String lists the cards from the highest to the lowest, separated by
// spaces: "As Kd 7h". The empty set prints as "".
func (s Set) String() string {
	var b strings.Builder
	first := true
	for x := uint64(s & FullDeck); x != 0; {
		c := Card(63 - bits.LeadingZeros64(x))
		x &^= 1 << c
		if !first {
			b.WriteByte(' ')
		}
		first = false
		b.WriteString(c.String())
	}
	return b.String()
}
