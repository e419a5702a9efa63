package equity

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"pokerlab/cards"
)

// Range is a weighted set of two-card hands: every one of the 1326 hole-card
// combinations has a weight in [0, 1] (0 = not in the range). Ranges are
// indexed by cards.HoleIndex.
type Range struct {
	w [cards.NumHoles]float64
}

// RangeOf returns the range holding exactly the given hole cards, weight 1.
func RangeOf(holes ...cards.Hole) *Range {
	r := new(Range)
	for _, h := range holes {
		r.Set(h, 1)
	}
	return r
}

// RandomRange returns the range of all 1326 combinations (a random hand).
func RandomRange() *Range {
	r := new(Range)
	for i := range r.w {
		r.w[i] = 1
	}
	return r
}

// Weight returns the weight of h in r.
func (r *Range) Weight(h cards.Hole) float64 { return r.w[cards.HoleIndex(h[0], h[1])] }

// Set sets the weight of h (clamped to [0, 1]).
func (r *Range) Set(h cards.Hole, w float64) { r.w[cards.HoleIndex(h[0], h[1])] = min(max(w, 0), 1) }

// Combo is a hole-card combination of a range with its weight.
type Combo struct {
	Hole   cards.Hole
	Weight float64
}

// Combos returns the combinations with positive weight, in HoleIndex order.
func (r *Range) Combos() []Combo {
	var out []Combo
	for i, w := range r.w {
		if w > 0 {
			out = append(out, Combo{cards.HoleAt(i), w})
		}
	}
	return out
}

// NumCombos returns the number of combinations with positive weight.
func (r *Range) NumCombos() int {
	n := 0
	for _, w := range r.w {
		if w > 0 {
			n++
		}
	}
	return n
}

// RangeError reports a malformed range: the item (token) that failed, its
// 1-based column in the input and why.
type RangeError struct {
	Input string
	Token string
	Col   int
	Msg   string
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("range %q: col %d: %q: %s", e.Input, e.Col, e.Token, e.Msg)
}

// ParseRange reads a range in the standard notation: items separated by
// commas, each one of
//
//	random          all 1326 combinations (also "any")
//	AsKs            one exact combination
//	AA  AKs  AKo    a class; "AK" means AKs and AKo
//	QQ+             QQ, KK, AA
//	A5s+  KTo+  AT+ the kicker rising to one below the top card (A5s…AKs)
//	JJ-88           JJ, TT, 99, 88 (either order)
//	AQs-ATs  K9-K6  the same top card, the kicker over a span
//
// optionally followed by ":w", a weight in [0, 1] (e.g. "AKs:0.5"). Ranks
// and the s/o suffix are case-insensitive. A combination named twice gets
// the weight of its last item. Errors name the offending item and column.
func ParseRange(s string) (*Range, error) {
	r := new(Range)
	pos := 0
	for _, item := range strings.Split(s, ",") {
		col := pos + 1
		pos += len(item) + 1
		// Column of the first non-blank byte of the item.
		trimmed := strings.TrimLeft(item, " \t\r\n")
		col += len(item) - len(trimmed)
		trimmed = strings.TrimRight(trimmed, " \t\r\n")
		fail := func(msg string) (*Range, error) {
			return nil, &RangeError{Input: s, Token: trimmed, Col: col, Msg: msg}
		}
		if trimmed == "" {
			return fail("empty item")
		}
		body, weight := trimmed, 1.0
		if i := strings.IndexByte(trimmed, ':'); i >= 0 {
			body = trimmed[:i]
			w, err := strconv.ParseFloat(strings.TrimSpace(trimmed[i+1:]), 64)
			if err != nil || !(w >= 0 && w <= 1) {
				return fail("weight must be a number from 0 to 1")
			}
			weight = w
		}
		body = strings.TrimSpace(body)
		holes, msg := expandItem(body)
		if msg != "" {
			return fail(msg)
		}
		for _, h := range holes {
			r.Set(h, weight)
		}
	}
	return r, nil
}

// MustParseRange is like ParseRange but panics on error; for tests.
func MustParseRange(s string) *Range {
	r, err := ParseRange(s)
	if err != nil {
		panic("equity: " + err.Error())
	}
	return r
}

// classSpec is a parsed "AKs" / "AK" / "77": two ranks and which of
// suited/offsuit it covers.
type classSpec struct {
	hi, lo          cards.Rank
	suited, offsuit bool // both for "AK"; neither matters for pairs
}

func (c classSpec) pair() bool { return c.hi == c.lo }

func parseClassSpec(s string) (classSpec, string) {
	if len(s) < 2 || len(s) > 3 {
		return classSpec{}, "want a hand class such as AKs, T9o, 77 or AK"
	}
	r1, ok1 := cards.ParseRank(s[0])
	r2, ok2 := cards.ParseRank(s[1])
	if !ok1 {
		return classSpec{}, fmt.Sprintf("unknown rank %q", s[0])
	}
	if !ok2 {
		return classSpec{}, fmt.Sprintf("unknown rank %q", s[1])
	}
	if r1 < r2 {
		r1, r2 = r2, r1
	}
	c := classSpec{hi: r1, lo: r2, suited: true, offsuit: true}
	if len(s) == 3 {
		switch s[2] | 0x20 {
		case 's':
			c.offsuit = false
		case 'o':
			c.suited = false
		default:
			return classSpec{}, fmt.Sprintf("unknown suffix %q (want s, o, + or a range with -)", s[2])
		}
		if c.pair() {
			return classSpec{}, "a pair takes no s/o suffix"
		}
	}
	return c, ""
}

// holes appends the combinations of the class to dst.
func (c classSpec) holes(dst []cards.Hole) []cards.Hole {
	if c.pair() {
		return cards.NewStartingHand(c.hi, c.lo, false).AppendCombos(dst)
	}
	if c.suited {
		dst = cards.NewStartingHand(c.hi, c.lo, true).AppendCombos(dst)
	}
	if c.offsuit {
		dst = cards.NewStartingHand(c.hi, c.lo, false).AppendCombos(dst)
	}
	return dst
}

// expandItem returns the combinations of one range item (without weight),
// or an error message.
func expandItem(s string) ([]cards.Hole, string) {
	if strings.EqualFold(s, "random") || strings.EqualFold(s, "any") {
		out := make([]cards.Hole, cards.NumHoles)
		for i := range out {
			out[i] = cards.HoleAt(i)
		}
		return out, ""
	}
	// Exact hole cards: rank suit rank suit (suit letters are never ranks).
	if len(s) == 4 && isSuit(s[1]) && isSuit(s[3]) {
		cs, err := cards.ParseCards(s)
		if err != nil {
			var pe *cards.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Sprintf("%s %q", pe.Msg, pe.Token)
			}
			return nil, err.Error()
		}
		return []cards.Hole{cards.NewHole(cs[0], cs[1])}, ""
	}
	if strings.HasSuffix(s, "+") {
		c, msg := parseClassSpec(s[:len(s)-1])
		if msg != "" {
			return nil, msg
		}
		var out []cards.Hole
		if c.pair() {
			for r := c.hi; r <= cards.Ace; r++ {
				out = classSpec{hi: r, lo: r}.holes(out)
			}
			return out, ""
		}
		for lo := c.lo; lo < c.hi; lo++ {
			out = classSpec{c.hi, lo, c.suited, c.offsuit}.holes(out)
		}
		return out, ""
	}
	if i := strings.IndexByte(s, '-'); i >= 0 {
		a, msg := parseClassSpec(strings.TrimSpace(s[:i]))
		if msg != "" {
			return nil, msg
		}
		b, msg := parseClassSpec(strings.TrimSpace(s[i+1:]))
		if msg != "" {
			return nil, msg
		}
		var out []cards.Hole
		switch {
		case a.pair() && b.pair():
			lo, hi := min(a.hi, b.hi), max(a.hi, b.hi)
			for r := lo; r <= hi; r++ {
				out = classSpec{hi: r, lo: r}.holes(out)
			}
			return out, ""
		case a.pair() || b.pair():
			return nil, "a span joins two pairs (JJ-88) or two hands with the same top card (AQs-ATs)"
		case a.hi != b.hi:
			return nil, "both ends of a span need the same top card, e.g. AQs-ATs"
		case a.suited != b.suited || a.offsuit != b.offsuit:
			return nil, "both ends of a span need the same suffix (s, o or none)"
		}
		lo, hi := min(a.lo, b.lo), max(a.lo, b.lo)
		for k := lo; k <= hi; k++ {
			out = classSpec{a.hi, k, a.suited, a.offsuit}.holes(out)
		}
		return out, ""
	}
	c, msg := parseClassSpec(s)
	if msg != "" {
		return nil, msg
	}
	return c.holes(nil), ""
}

func isSuit(b byte) bool {
	_, ok := cards.ParseSuit(b)
	return ok
}
