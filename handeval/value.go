package handeval

// Value is the strength of a hand: higher is better, equal means a tie. For
// five cards the values are exactly 1..7462; 0 is never the value of a hand.
type Value uint16

// Category is the kind of a poker hand, from HighCard (weakest) to
// StraightFlush.
type Category uint8

// The categories, weakest first.
const (
	HighCard Category = iota
	Pair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
)

// NumCategories is the number of categories.
const NumCategories = 9

// NumValues is the number of distinct five-card hand classes.
const NumValues = 7462

// categoryTop[c] is the highest value of category c. The sizes are the
// numbers of five-card classes per category: 1277 high card, 2860 one pair,
// 858 two pair, 858 trips, 10 straights, 1277 flushes, 156 full houses,
// 156 quads, 10 straight flushes.
var categoryTop = [NumCategories]Value{1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7462}

// Range returns the lowest and highest value of category c.
func (c Category) Range() (lo, hi Value) {
	if c == 0 {
		return 1, categoryTop[0]
	}
	return categoryTop[c-1] + 1, categoryTop[c]
}

var categoryNames = [NumCategories]string{
	"high card", "pair", "two pair", "three of a kind", "straight",
	"flush", "full house", "four of a kind", "straight flush",
}

// String returns the category name in lower case, e.g. "two pair".
func (c Category) String() string {
	if c >= NumCategories {
		return "invalid category"
	}
	return categoryNames[c]
}
