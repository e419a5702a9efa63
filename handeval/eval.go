package handeval

import (
	"math/bits"
	"unsafe"

	"pokerlab/cards"
)

// Eval returns the value of the best five cards of s, which must hold 5, 6
// or 7 cards (other sizes give meaningless values; use Valid to check user
// input). It does not allocate and is safe for concurrent use.
func Eval(s cards.Set) Value {
	// The key word of a Hand holding s (rank key and suit counters), one
	// table lookup per byte of s: seven loads from 14 KB and six additions,
	// where counting ranks and suits arithmetically took six
	// multiplications (evalArith in the tests, which keep it as a second
	// algorithm).
	x := uint64(s)
	t := &tabp.setKey
	k := (t[0][uint8(x)] + t[1][uint8(x>>8)]) + (t[2][uint8(x>>16)] + t[3][uint8(x>>24)]) +
		(t[4][uint8(x>>32)] + t[5][uint8(x>>40)] + t[6][uint8(x>>48)])
	if k&flushTest == 0 {
		return rankLookup(tabp, k)
	}
	return evalFlush(s, k)
}

// evalFlush returns the value of a set s whose key word k shows a flush.
// Not inlined: it is the rare case (3 % of random 7-card hands).
//
//go:noinline
func evalFlush(s cards.Set, k uint64) Value {
	// A set of more than seven cards can get here by its guard bits alone
	// (su = 4); any suit mask indexes inside the flush table.
	su := bits.TrailingZeros32(uint32(k>>suitShift)&(flushBits>>suitShift)) / 8
	return tab.flush[s.SuitMask(cards.Suit(su))]
}

// rankLookup maps a key word whose rank key (its low 32 bits) is below
// 2^keyBits to its value: k&flushTest == 0 says so, and every caller tests
// it first (or knows it, as for any seven cards of the deck). The counters
// in the high 32 bits do not take part.
//
// Both tables are read without a bounds check, on purpose: the row k>>colBits
// of a rank key below 2^keyBits is below len(offs), and the index is the
// row's base plus the column (the low colBits bits), while rankLen is the
// largest base plus 2^colBits (TestRankIndexInBounds checks every row). The
// checks would cost comparisons and branches, 10 % of an evaluation.
func rankLookup(t *tables, k uint64) Value {
	r := uint32(k)
	off := *(*uint32)(unsafe.Add(unsafe.Pointer(&t.offs), uintptr(r>>colBits)*4))
	return *(*Value)(unsafe.Add(unsafe.Pointer(&t.rank), uintptr(r+off)*2))
}

// Valid reports whether s can be evaluated: 5, 6 or 7 cards.
func Valid(s cards.Set) bool {
	n := s.Count()
	return n >= 5 && n <= 7 && s&^cards.FullDeck == 0
}

// Category returns the category of a hand of value v (1..7462).
func (v Value) Category() Category { return tab.category[v] }

// Hand is a partial hand kept in the evaluator's own form, so that cards can
// be added with two additions and a hand of 5..7 cards evaluated without
// recomputing anything (see the package documentation).
//
// Build the board once (NewHand or Add), then combine it with each player's
// hole cards (Union) and call Eval. A Hand holds at most seven cards, and
// the hands combined by Union must not share a card. The zero Hand is empty.
type Hand struct {
	// key holds the rank key in bits 0..31 (linear in the rank counts)
	// and suitStep times the card count of suit s in bits 32+8s..39+8s.
	key uint64
	// suits has one 16-bit lane per suit: bits 0..12 the suit's rank mask.
	suits uint64
}

// NewHand returns the hand of the cards of s (at most seven).
func NewHand(s cards.Set) Hand {
	var h Hand
	for c := range s.All() {
		h = h.Add(c)
	}
	return h
}

// Add returns h with card c added (c must not be in h).
func (h Hand) Add(c cards.Card) Hand {
	t := tabp
	return Hand{h.key + t.cardKey[c], h.suits + t.cardSuits[c]}
}

// Union returns the hand of the cards of h and o, which must be disjoint and
// hold at most seven cards together.
func (h Hand) Union(o Hand) Hand {
	return Hand{h.key + o.key, h.suits + o.suits}
}

// Count returns the number of cards in h.
func (h Hand) Count() int {
	// The four counter bytes summed into the top one (at most 91: no
	// carries), divided by suitStep.
	return int(uint32(h.key>>suitShift)*0x01010101>>24) / suitStep
}

// Set returns the cards of h.
func (h Hand) Set() cards.Set {
	var s cards.Set
	for su := range cards.Suit(4) {
		m := h.suits >> (16 * uint(su)) & 0x1fff
		for ; m != 0; m &= m - 1 {
			s = s.Add(cards.NewCard(cards.Rank(bits.TrailingZeros64(m)), su))
		}
	}
	return s
}

// Eval returns the value of the best five cards of h, which must hold 5, 6
// or 7 cards.
func (h Hand) Eval() Value {
	// The common case first: the compiler lays it out as the fall-through.
	if k := h.key; k&flushTest == 0 {
		return rankLookup(tabp, k)
	}
	return h.flush()
}

// flush returns the value of a hand holding five or more cards of a suit
// (or of a key word with guard bits, which no valid hand has: then the
// value is that of some rank mask).
func (h Hand) flush() Value {
	// Bit 32+8s+6 of the key word is set for the flush suit s; its lane
	// starts at 16s = 2·(32+8s+6) − 76 (52 without a flush bit, as in
	// the assembly, FLUSHLOOKUP).
	lane := 2*uint(bits.TrailingZeros64(h.key&flushBits)) - 76
	return tabp.flush[h.suits>>(lane&63)&0x1fff]
}

// SuitCount returns the number of cards of suit s in h. Enumerators use it
// to see when no flush can arise any more.
func (h Hand) SuitCount(s cards.Suit) int {
	return int(h.key>>((suitShift+8*uint(s))&63)&0xFF) / suitStep
}

// SuitsWithAtLeast returns the suits of which h holds at least n cards
// (0 ≤ n ≤ 8) as a mask: bit s for suit s. It is SuitCount for all four
// suits at once, a handful of instructions.
func (h Hand) SuitsWithAtLeast(n int) uint8 {
	// Adding 128-13n to every counter byte (13·count, at most 91+128: no
	// carries) sets the byte's top bit exactly when it holds n or more; a
	// multiplication gathers the four top bits (shifted down to 0, 8, 16,
	// 24, moved by 21, 14, 7 and 0 to 21..24; the other partial products
	// land elsewhere, all sixteen at distinct bits).
	t := (h.key>>suitShift + uint64(128-suitStep*n)*0x01010101) >> 7 & 0x01010101
	return uint8(t * 0x204081 >> 21 & 0xF)
}
