package hh

import (
	"math/bits"

	"pokerlab/cards"
	"pokerlab/handeval"
	"pokerlab/holdem"
)

var rankSingular = [13]string{"Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"}
var rankPlural = [13]string{"Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"}

// DescribeHand names the best five-card hand of hole and board the way
// PokerStars hand histories do: "a pair of Aces", "two pair, Kings and
// Sevens", "a straight, Ace to Five", "a Royal Flush". It returns "" if a
// card is unknown or there are fewer than five cards.
func DescribeHand(hole [2]cards.Card, board []cards.Card) string {
	all := make([]cards.Card, 0, 7)
	for _, c := range hole {
		all = append(all, c)
	}
	all = append(all, board...)
	for _, c := range all {
		if c == holdem.Unknown {
			return ""
		}
	}
	if len(all) < 5 {
		return ""
	}
	// The best five cards: the five-card subset of the highest value.
	var best cards.Set
	var bestV handeval.Value
	for m := uint(0); m < 1<<len(all); m++ {
		if bits.OnesCount(m) != 5 {
			continue
		}
		var s cards.Set
		for i, c := range all {
			if m>>i&1 != 0 {
				s = s.Add(c)
			}
		}
		if v := handeval.Eval(s); v > bestV {
			bestV, best = v, s
		}
	}
	return describeFive(best, bestV.Category())
}

// describeFive names a five-card hand of the given category.
func describeFive(s cards.Set, cat handeval.Category) string {
	var count [13]int
	for c := range s.All() {
		count[c.Rank()]++
	}
	// Ranks by multiplicity then rank, highest first.
	var byCount [5][]int
	for r := 12; r >= 0; r-- {
		byCount[count[r]] = append(byCount[count[r]], r)
	}
	straightTop := func() (lo, hi int) {
		if count[12] == 1 && count[3] == 1 && count[0] == 1 && byCount[1][0] == 12 && byCount[1][1] == 3 {
			return 12, 3 // the wheel: Ace to Five
		}
		return byCount[1][4], byCount[1][0]
	}
	switch cat {
	case handeval.StraightFlush:
		lo, hi := straightTop()
		if hi == 12 {
			return "a Royal Flush"
		}
		return "a straight flush, " + rankSingular[lo] + " to " + rankSingular[hi]
	case handeval.FourOfAKind:
		return "four of a kind, " + rankPlural[byCount[4][0]]
	case handeval.FullHouse:
		return "a full house, " + rankPlural[byCount[3][0]] + " full of " + rankPlural[byCount[2][0]]
	case handeval.Flush:
		return "a flush, " + rankSingular[byCount[1][0]] + " high"
	case handeval.Straight:
		lo, hi := straightTop()
		return "a straight, " + rankSingular[lo] + " to " + rankSingular[hi]
	case handeval.ThreeOfAKind:
		return "three of a kind, " + rankPlural[byCount[3][0]]
	case handeval.TwoPair:
		return "two pair, " + rankPlural[byCount[2][0]] + " and " + rankPlural[byCount[2][1]]
	case handeval.Pair:
		return "a pair of " + rankPlural[byCount[2][0]]
	}
	return "high card " + rankSingular[byCount[1][0]]
}
