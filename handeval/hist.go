package handeval

import (
	"math/bits"

	"pokerlab/cards"
)

// Histogram7 returns how many of the 133,784,560 seven-card hands have each
// value (index 0 is unused), evaluating one hand per class of hands known to
// share their value:
//
//   - The cards are chosen rank by rank from the ace down, a set of suits at
//     each rank. A suit is irrelevant once it cannot reach five cards with
//     the cards still to come; at a rank, any k of the irrelevant suits give
//     the same values below, so one choice of k stands for all C(n, k).
//   - Values do not change when the suits are permuted, so one class per
//     orbit of the 24 suit permutations is evaluated, the largest (comparing
//     the relevant suits chosen at each rank, from the ace down), counted
//     with the orbit's size; a branch is cut as soon as a permutation still
//     tied maps the choice to a larger one.
//
// The equity package enumerates boards the same way. The counts are exact
// integers; TestAllSevenCardHands checks them against evaluating every hand.
func Histogram7() *[NumValues + 1]uint64 {
	hist := new([NumValues + 1]uint64)
	histRank(cards.NumRanks-1, 7, Hand{}, 1<<len(suitPerms)-1, 1, hist)
	return hist
}

// suitPerms are the nibble tables (the image of each set of suits) of the
// 23 suit permutations other than the identity.
var suitPerms = func() (ps [23][16]uint8) {
	n := 0
	for a := range uint8(4) {
		for b := range uint8(4) {
			for c := range uint8(4) {
				d := 6 - a - b - c
				if a == b || a == c || b == c || d > 3 || d == a || d == b || d == c {
					continue
				}
				perm := [4]uint8{a, b, c, d}
				if perm == [4]uint8{0, 1, 2, 3} {
					continue
				}
				for m := range uint8(16) {
					for s := range uint8(4) {
						if m>>s&1 != 0 {
							ps[n][m] |= 1 << perm[s]
						}
					}
				}
				n++
			}
		}
	}
	return ps
}()

// check compares the suits s chosen at a rank with their images under the
// permutations still tied (eq): false if some image is larger, else the
// permutations that stay tied.
func check(eq uint32, s uint8) (uint32, bool) {
	for m := eq; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		ps := suitPerms[i][s&15]
		if ps > s {
			return 0, false
		}
		if ps < s {
			eq &^= 1 << i
		}
	}
	return eq, true
}

// orbit is the number of hands a class with tied permutations eq stands for
// per hand of the class: 24 over the size of its stabiliser.
func orbit(eq uint32) uint64 { return 24 / uint64(1+bits.OnesCount32(eq)) }

// binom5[n][k] is C(n, k) for n ≤ 4 (rows of eight for a bounds-check-free
// k&7).
var binom5 = [5][8]uint64{{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}}

// histRank chooses the cards of rank r and below: left more cards, mult
// hands per class, eq the permutations still tied.
func histRank(r, left int, h Hand, eq uint32, mult uint64, hist *[NumValues + 1]uint64) {
	if 4*(r+1) < left {
		return // not enough cards left
	}
	if left == 1 {
		histLast(r, h, eq, mult, hist)
		return
	}
	rel := h.SuitsWithAtLeast(5 - left)
	irr := 0xF &^ rel
	nIrr := bits.OnesCount8(irr)
	for sr := rel; ; sr = (sr - 1) & rel {
		nr := bits.OnesCount8(sr)
		eq2, ok := check(eq, sr)
		if nr <= left && ok {
			b := h
			for x := sr; x != 0; x &= x - 1 {
				b = b.Add(cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(x))))
			}
			rest := irr
			for k := 0; k <= nIrr && nr+k <= left; k++ {
				if k > 0 {
					b = b.Add(cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(rest))))
					rest &= rest - 1
				}
				m := mult * binom5[nIrr][k&7]
				switch n := left - nr - k; {
				case n == 0:
					hist[b.Eval()] += m * orbit(eq2)
				case r > 0:
					histRank(r-1, n, b, eq2, m, hist)
				}
			}
		}
		if sr == 0 {
			break
		}
	}
}

// histLast adds the last card, of rank r or below: only a suit with four
// cards already can make a flush; the other suits of a rank give the same
// value, evaluated once (and leave every tied permutation tied).
func histLast(r int, h Hand, eq uint32, mult uint64, hist *[NumValues + 1]uint64) {
	flushSuits := h.SuitsWithAtLeast(4)
	plainSuits := 0xF &^ flushSuits
	plain := uint64(bits.OnesCount8(plainSuits)) * orbit(eq) * mult
	for ; r >= 0; r-- {
		if plain != 0 {
			c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(plainSuits)))
			hist[h.Add(c).Eval()] += plain
		}
		for x := flushSuits; x != 0; x &= x - 1 {
			s := x & -x
			if eq2, ok := check(eq, s); ok {
				hist[h.Add(cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(s)))).Eval()] += mult * orbit(eq2)
			}
		}
	}
}
