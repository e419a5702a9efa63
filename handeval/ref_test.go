package handeval

import (
	"slices"

	"pokerlab/cards"
)

// refEval5 is a deliberately naive five-card evaluator written from the
// rules, independent of the tables: group the ranks by multiplicity, then
// decide the category from the group shape, flushness and straightness. It
// returns the category and a comparable key (higher is better).
func refEval5(cs [5]cards.Card) (Category, uint64) {
	var count [13]int
	flush := true
	for i, c := range cs {
		count[c.Rank()]++
		if c.Suit() != cs[0].Suit() {
			flush = false
		}
		_ = i
	}
	type group struct{ n, rank int }
	var groups []group
	for r := 12; r >= 0; r-- {
		if count[r] > 0 {
			groups = append(groups, group{count[r], r})
		}
	}
	// Larger groups first, then higher ranks.
	slices.SortStableFunc(groups, func(a, b group) int { return b.n - a.n })
	straight, top := false, 0
	if len(groups) == 5 {
		if groups[0].rank-groups[4].rank == 4 {
			straight, top = true, groups[0].rank
		}
		if groups[0].rank == 12 && groups[1].rank == 3 {
			straight, top = true, 3 // wheel: the ace plays low
		}
	}
	var cat Category
	switch {
	case straight && flush:
		cat = StraightFlush
	case groups[0].n == 4:
		cat = FourOfAKind
	case groups[0].n == 3 && groups[1].n == 2:
		cat = FullHouse
	case flush:
		cat = Flush
	case straight:
		cat = Straight
	case groups[0].n == 3:
		cat = ThreeOfAKind
	case groups[0].n == 2 && groups[1].n == 2:
		cat = TwoPair
	case groups[0].n == 2:
		cat = Pair
	default:
		cat = HighCard
	}
	key := uint64(cat)
	if straight {
		return cat, key<<20 | uint64(top)<<16
	}
	for _, g := range groups {
		key = key<<4 | uint64(g.rank)
	}
	for range 5 - len(groups) {
		key <<= 4
	}
	return cat, key
}

// refEvalBest returns the best refEval5 over all five-card subsets.
func refEvalBest(cs []cards.Card) (Category, uint64) {
	var bestCat Category
	var best uint64
	n := len(cs)
	var sub [5]cards.Card
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for e := d + 1; e < n; e++ {
						sub = [5]cards.Card{cs[a], cs[b], cs[c], cs[d], cs[e]}
						if cat, k := refEval5(sub); k > best {
							bestCat, best = cat, k
						}
					}
				}
			}
		}
	}
	return bestCat, best
}
