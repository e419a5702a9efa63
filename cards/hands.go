package cards

import "fmt"

// Hole is a two-card hand. Hole values are kept with the higher card first
// (see NewHole), so equal hands compare equal.
type Hole [2]Card

// NewHole returns the hole cards a and b, higher card first.
func NewHole(a, b Card) Hole {
	if a < b {
		a, b = b, a
	}
	return Hole{a, b}
}

// Set returns the two cards as a set.
func (h Hole) Set() Set { return SetOf(h[0], h[1]) }

// String writes the two cards without a space, higher first: "AsKs".
func (h Hole) String() string {
	if h[0] < h[1] {
		h[0], h[1] = h[1], h[0]
	}
	return h[0].String() + h[1].String()
}

// Class returns the starting-hand class of h (e.g. AKs).
func (h Hole) Class() StartingHand { return ClassOf(h[0], h[1]) }

// NumHoles is the number of two-card combinations, C(52,2).
const NumHoles = 1326

// HoleIndex returns a dense index 0..1325 of the hole cards {a, b}
// (a != b): hi*(hi-1)/2 + lo with hi > lo the card numbers.
func HoleIndex(a, b Card) int {
	if a < b {
		a, b = b, a
	}
	return int(a)*(int(a)-1)/2 + int(b)
}

// HoleAt is the inverse of HoleIndex.
func HoleAt(i int) Hole { return allHoles[i] }

var allHoles = func() (t [NumHoles]Hole) {
	for hi := Card(1); hi < NumCards; hi++ {
		for lo := Card(0); lo < hi; lo++ {
			t[HoleIndex(hi, lo)] = Hole{hi, lo}
		}
	}
	return t
}()

// StartingHand is one of the 169 starting-hand classes, indexed as the
// 13×13 hand chart: row i and column j (0 = ace … 12 = deuce) give index
// 13*i + j; i == j is a pair, i < j suited (row = higher rank), i > j
// offsuit (column = higher rank).
type StartingHand uint8

// NumStartingHands is the number of starting-hand classes.
const NumStartingHands = 169

// NewStartingHand returns the class with ranks hi and lo; suited is ignored
// for pairs.
func NewStartingHand(hi, lo Rank, suited bool) StartingHand {
	if hi < lo {
		hi, lo = lo, hi
	}
	i, j := int(Ace-hi), int(Ace-lo) // i <= j
	if hi == lo || suited {
		return StartingHand(13*i + j)
	}
	return StartingHand(13*j + i)
}

// ClassOf returns the starting-hand class of the hole cards a, b.
func ClassOf(a, b Card) StartingHand {
	return NewStartingHand(a.Rank(), b.Rank(), a.Suit() == b.Suit())
}

// High returns the higher rank of the class.
func (h StartingHand) High() Rank {
	i, j := int(h)/13, int(h)%13
	return Ace - Rank(min(i, j))
}

// Low returns the lower rank of the class.
func (h StartingHand) Low() Rank {
	i, j := int(h)/13, int(h)%13
	return Ace - Rank(max(i, j))
}

// Pair reports whether the class is a pocket pair.
func (h StartingHand) Pair() bool { return int(h)/13 == int(h)%13 }

// Suited reports whether the class is suited (not a pair).
func (h StartingHand) Suited() bool { return int(h)/13 < int(h)%13 }

// Offsuit reports whether the class is offsuit (not a pair).
func (h StartingHand) Offsuit() bool { return int(h)/13 > int(h)%13 }

// NumCombos returns the number of two-card combinations of the class:
// 6 for a pair, 4 suited, 12 offsuit.
func (h StartingHand) NumCombos() int {
	switch {
	case h.Pair():
		return 6
	case h.Suited():
		return 4
	}
	return 12
}

// String returns the class in standard notation: "AA", "AKs", "T9o".
func (h StartingHand) String() string {
	if h >= NumStartingHands {
		return "??"
	}
	b := []byte{h.High().Char(), h.Low().Char()}
	switch {
	case h.Suited():
		b = append(b, 's')
	case h.Offsuit():
		b = append(b, 'o')
	}
	return string(b)
}

// AppendCombos appends the hole cards of the class to dst, ordered by
// card numbers (higher card first in each Hole).
func (h StartingHand) AppendCombos(dst []Hole) []Hole {
	hi, lo := h.High(), h.Low()
	for s1 := range Suit(NumSuits) {
		for s2 := range Suit(NumSuits) {
			a, b := NewCard(hi, s1), NewCard(lo, s2)
			switch {
			case h.Pair() && s2 <= s1:
				continue
			case h.Suited() && s1 != s2:
				continue
			case h.Offsuit() && s1 == s2:
				continue
			}
			dst = append(dst, NewHole(a, b))
		}
	}
	return dst
}

// Combos returns the hole cards of the class.
func (h StartingHand) Combos() []Hole { return h.AppendCombos(make([]Hole, 0, h.NumCombos())) }

// ParseStartingHand reads a class: "AA", "AKs", "t9o" (the suffix is
// required for non-pairs; a pair takes none).
func ParseStartingHand(s string) (StartingHand, error) {
	bad := func(msg string) (StartingHand, error) {
		return 0, fmt.Errorf("starting hand %q: %s", s, msg)
	}
	if len(s) < 2 || len(s) > 3 {
		return bad("want two ranks and s/o, e.g. AKs, T9o, 77")
	}
	r1, ok1 := ParseRank(s[0])
	r2, ok2 := ParseRank(s[1])
	if !ok1 {
		return bad(fmt.Sprintf("col 1: unknown rank %q", s[0]))
	}
	if !ok2 {
		return bad(fmt.Sprintf("col 2: unknown rank %q", s[1]))
	}
	if r1 == r2 {
		if len(s) == 3 {
			return bad("col 3: a pair takes no s/o suffix")
		}
		return NewStartingHand(r1, r2, false), nil
	}
	if len(s) == 2 {
		return bad("col 3: missing s (suited) or o (offsuit)")
	}
	switch s[2] | 0x20 {
	case 's':
		return NewStartingHand(r1, r2, true), nil
	case 'o':
		return NewStartingHand(r1, r2, false), nil
	}
	return bad(fmt.Sprintf("col 3: want s or o, got %q", s[2]))
}

// AllStartingHands returns the 169 classes in chart order.
func AllStartingHands() []StartingHand {
	out := make([]StartingHand, NumStartingHands)
	for i := range out {
		out[i] = StartingHand(i)
	}
	return out
}
