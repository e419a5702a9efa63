package handeval

import (
	"sync"

	"pokerlab/cards"
)

// Describe names the hand of value v in plain lower-case English, by its
// category and the ranks that make it, without kickers: "ace high", "pair
// of kings", "two pair, kings and sevens", "three of a kind, queens",
// "straight, five high" (the wheel), "flush, ace high", "full house,
// queens full of fours", "four of a kind, nines", "straight flush, nine
// high", "royal flush". It returns "" for 0 or a value above NumValues.
//
// Two hands of the same description can still differ (by kickers, or a
// flush's lower cards): compare values, not names.
func (v Value) Describe() string {
	if v == 0 || v > NumValues {
		return ""
	}
	d := describeTable()[v]
	hi, lo := cards.Rank(d>>4&0xF), cards.Rank(d&0xF)
	switch Category(d >> 8) {
	case HighCard:
		return rankSingular[hi] + " high"
	case Pair:
		return "pair of " + rankPlural[hi]
	case TwoPair:
		return "two pair, " + rankPlural[hi] + " and " + rankPlural[lo]
	case ThreeOfAKind:
		return "three of a kind, " + rankPlural[hi]
	case Straight:
		return "straight, " + rankSingular[hi] + " high"
	case Flush:
		return "flush, " + rankSingular[hi] + " high"
	case FullHouse:
		return "full house, " + rankPlural[hi] + " full of " + rankPlural[lo]
	case FourOfAKind:
		return "four of a kind, " + rankPlural[hi]
	default:
		if hi == cards.Ace {
			return "royal flush"
		}
		return "straight flush, " + rankSingular[hi] + " high"
	}
}

var rankSingular = [cards.NumRanks]string{"deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"}
var rankPlural = [cards.NumRanks]string{"deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"}

// describeTable maps every value to category<<8 | hi<<4 | lo: the ranks a
// description names (hi: the pair, trips, quads, the top pair, the top
// card of a straight or flush, the high card; lo: the second pair, what a
// full house is full of). The evaluator's tables hold values only, so the
// ranks are recovered once, at the first description, by evaluating one
// hand of each of the 7,462 five-card classes (microseconds, 15 KB): every
// multiset of five ranks with at most four of a kind, its cards spread
// over the suits so that it makes no flush, and every set of five distinct
// ranks in one suit.
var describeTable = sync.OnceValue(func() *[NumValues + 1]uint16 {
	t := new([NumValues + 1]uint16)
	var count [cards.NumRanks]int
	var rec func(r cards.Rank, left int)
	rec = func(r cards.Rank, left int) {
		if left == 0 {
			var s cards.Set
			distinct, suit := 0, cards.Suit(0)
			for rk := range cards.Rank(cards.NumRanks) {
				for range count[rk] {
					// Round robin over the suits: no suit gets five.
					s = s.Add(cards.NewCard(rk, suit))
					suit = (suit + 1) % cards.NumSuits
				}
				if count[rk] > 0 {
					distinct++
				}
			}
			t[Eval(s)] = describeRanks(&count, false)
			if distinct == 5 {
				var f cards.Set
				for rk := range cards.Rank(cards.NumRanks) {
					if count[rk] > 0 {
						f = f.Add(cards.NewCard(rk, cards.Spades))
					}
				}
				t[Eval(f)] = describeRanks(&count, true)
			}
			return
		}
		if r == cards.NumRanks {
			return
		}
		for k := min(left, 4); k >= 0; k-- {
			count[r] = k
			rec(r+1, left-k)
		}
		count[r] = 0
	}
	rec(0, 5)
	return t
})

// describeRanks is the entry of describeTable for five cards of the given
// rank counts (flush: all of one suit).
func describeRanks(count *[cards.NumRanks]int, flush bool) uint16 {
	// The ranks of each multiplicity, highest first.
	var by [5][]cards.Rank
	for r := cards.Ace; ; r-- {
		by[count[r]] = append(by[count[r]], r)
		if r == 0 {
			break
		}
	}
	pack := func(c Category, hi, lo cards.Rank) uint16 { return uint16(c)<<8 | uint16(hi)<<4 | uint16(lo) }
	switch {
	case len(by[4]) == 1:
		return pack(FourOfAKind, by[4][0], 0)
	case len(by[3]) == 1 && len(by[2]) == 1:
		return pack(FullHouse, by[3][0], by[2][0])
	case len(by[3]) == 1:
		return pack(ThreeOfAKind, by[3][0], 0)
	case len(by[2]) == 2:
		return pack(TwoPair, by[2][0], by[2][1])
	case len(by[2]) == 1:
		return pack(Pair, by[2][0], 0)
	}
	// Five distinct ranks: a straight if they are consecutive or the
	// wheel (A-5-4-3-2, five high).
	top := by[1][0]
	straight := by[1][0]-by[1][4] == 4
	if by[1][0] == cards.Ace && by[1][1] == cards.Five {
		straight, top = true, cards.Five
	}
	switch {
	case straight && flush:
		return pack(StraightFlush, top, 0)
	case flush:
		return pack(Flush, top, 0)
	case straight:
		return pack(Straight, top, 0)
	}
	return pack(HighCard, top, 0)
}
