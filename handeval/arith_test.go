package handeval

import (
	"math/rand/v2"
	"testing"

	"pokerlab/cards"
	"pokerlab/handeval/internal/tablegen"
)

const (
	nibbleLow = 0x1111111111111 // bit 4r for every rank r
	pairs01   = 0x5555555555555
	nibble2   = 0x3333333333333
)

// evalArith is Eval computed without the byte tables: ranks counted by a
// nibble-wise popcount and weighted by tablegen's per-rank keys, suits by
// multiplications. It was Eval until the
// byte tables replaced it (one multiplication per
// suit and two for the key cost more than seven loads); the tests keep it
// as a second algorithm that reaches the value table by another key
// computation.
func evalArith(s cards.Set) Value {
	x := uint64(s)
	// A suit with five or more cards decides the hand (see package doc).
	// Multiplying the suit's bits (at 4r) by Σ16^k sums them into nibble 12
	// (no carries: every partial sum is at most 7); adding 3 sets bit 51
	// exactly when the count is at least 5. Multiplies beat POPCNT here:
	// they need no CPU-feature branch.
	const bias, top = 3 << 48, 8 << 48
	s0 := (x&nibbleLow)*nibbleLow + bias
	s1 := (x>>1&nibbleLow)*nibbleLow + bias
	s2 := (x>>2&nibbleLow)*nibbleLow + bias
	s3 := (x>>3&nibbleLow)*nibbleLow + bias
	// The common case first: the compiler lays it out as the fall-through.
	if (s0|s1|s2|s3)&top == 0 {
		// Nibble-wise popcount: the nibble of rank r becomes its card count.
		y := x - (x >> 1 & pairs01)
		y = y&nibble2 + y>>2&nibble2
		// The rank key: the counts times the per-rank keys, taken from
		// the generator rather than from the card tables.
		var k uint64
		for r := range cards.NumRanks {
			k += (y >> (4 * r) & 0xF) * uint64(tablegen.RankKey[r])
		}
		return rankLookup(tabp, k)
	}
	// At most one suit can hold five of at most seven cards.
	su := (s1&top)>>51 | (s2&top)>>50 | (s3&top)>>51*3
	return tab.flush[cards.Set(x).SuitMask(cards.Suit(su))]
}

// Eval (byte tables), evalArith (arithmetic), NewHand (card by card) and
// the five-of-seven reference agree on every 5- and 6-card hand and on a
// seeded sample of 7-card hands.
func TestEvalAlgorithmsAgree(t *testing.T) {
	check := func(s cards.Set) {
		v := Eval(s)
		if a := evalArith(s); a != v {
			t.Fatalf("%v: Eval %d, arithmetic %d", s, v, a)
		}
		if h := NewHand(s).Eval(); h != v {
			t.Fatalf("%v: Eval %d, Hand %d", s, v, h)
		}
	}
	for a := cards.Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				for d := c + 1; d < 52; d++ {
					for e := d + 1; e < 52; e++ {
						s := cards.SetOf(a, b, c, d, e)
						check(s)
						for f := e + 1; f < 52; f++ {
							check(s.Add(f))
						}
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(16, 3))
	for range 1 << 17 {
		s := cards.Sample(r, cards.FullDeck, 7)
		check(s)
		if v := Eval(s); v != bestOfFives(s.Cards()) {
			t.Fatalf("%v: Eval %d, best five %d", s, v, bestOfFives(s.Cards()))
		}
	}
}
