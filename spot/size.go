package spot

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SizeKind says how a bet size is measured.
type SizeKind uint8

// The kinds of sizes, in postflop-solver's order (which is also the order a
// size list is sorted in).
const (
	PotRelative     SizeKind = iota // "60%": a fraction of the pot after the mover's call
	PrevBetRelative                 // "2.5x": raise to a multiple of the previous bet-to (raises only)
	Additive                        // "100c", "20c3r": a constant amount, with an optional raise cap
	Geometric                       // "e", "2e", "3e150%": the geometric size over n streets
	AllIn                           // "a": all-in
)

// Size is one entry of a size list such as "60%, e, a".
type Size struct {
	Kind SizeKind
	// Ratio is the pot fraction (PotRelative), the multiplier
	// (PrevBetRelative) or the largest pot fraction (Geometric; +Inf when
	// none is given).
	Ratio float64
	// N is the constant amount (Additive) or the number of streets
	// (Geometric; 0 means the streets left: 3 on the flop, 2 on the turn, 1 on
	// the river).
	N int
	// Cap is the raise cap of an Additive raise ("20c3r": 3); 0 means none.
	Cap int
}

// String writes the size in the notation ParseSizes reads.
func (s Size) String() string {
	switch s.Kind {
	case PotRelative:
		return strconv.FormatFloat(s.Ratio*100, 'g', -1, 64) + "%"
	case PrevBetRelative:
		return strconv.FormatFloat(s.Ratio, 'g', -1, 64) + "x"
	case Additive:
		if s.Cap > 0 {
			return fmt.Sprintf("%dc%dr", s.N, s.Cap)
		}
		return fmt.Sprintf("%dc", s.N)
	case Geometric:
		out := "e"
		if s.N > 0 {
			out = strconv.Itoa(s.N) + "e"
		}
		if !math.IsInf(s.Ratio, 1) {
			out += strconv.FormatFloat(s.Ratio*100, 'g', -1, 64) + "%"
		}
		return out
	case AllIn:
		return "a"
	}
	return "?"
}

// less orders sizes as postflop-solver sorts them: by kind, then by value.
func (s Size) less(t Size) bool {
	if s.Kind != t.Kind {
		return s.Kind < t.Kind
	}
	switch s.Kind {
	case PotRelative, PrevBetRelative:
		return s.Ratio < t.Ratio
	case Additive:
		return s.N < t.N || s.N == t.N && s.Cap < t.Cap
	case Geometric:
		return s.N < t.N || s.N == t.N && s.Ratio < t.Ratio
	}
	return false
}

// SizeError reports a size list that does not parse: the 1-based column of
// the offending item in the list and why.
type SizeError struct {
	Input string
	Item  string
	Col   int
	Msg   string
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("sizes %q: col %d: %q: %s", e.Input, e.Col, e.Item, e.Msg)
}

// SizeUse says where a size list is used: some kinds are legal only for
// raises.
type SizeUse uint8

// The uses of a size list.
const (
	ForBet   SizeUse = iota // first bets of a street
	ForRaise                // raises
	ForDonk                 // OOP's first bet of the turn or river after calling the previous street
)

// ParseSizes reads a comma-separated size list in postflop-solver's notation:
//
//	60%      a fraction of the pot (the pot after the mover would call)
//	2.5x     raise to 2.5 times the previous bet-to (raises only)
//	100c     a constant amount; 20c3r: at most while there are ≤ 3 bets (raises only)
//	e        the geometric size over the streets left (3 on the flop, 2 on the turn,
//	         1 on the river); 2e over two streets; 3e150%: at most 150% of the pot
//	a        all-in
//
// Letters are case-insensitive, blanks around items are ignored and a final
// empty item (a trailing comma) is allowed, as in postflop-solver. The list is
// returned sorted by kind and value. An empty string is an empty list.
func ParseSizes(s string, use SizeUse) ([]Size, error) {
	var out []Size
	items := strings.Split(s, ",")
	if strings.TrimSpace(items[len(items)-1]) == "" {
		items = items[:len(items)-1]
	}
	pos := 0
	for _, raw := range items {
		col := pos + 1 + (len(raw) - len(strings.TrimLeft(raw, " \t")))
		pos += len(raw) + 1
		item := strings.TrimSpace(raw)
		sz, msg := parseSize(item, use)
		if msg != "" {
			return nil, &SizeError{Input: s, Item: item, Col: col, Msg: msg}
		}
		out = append(out, sz)
	}
	// Insertion sort: lists are short and the order must be stable.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].less(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, nil
}

// parseFloat accepts a plain non-negative decimal: no sign, exponent or
// letters (so "1e2%" is not a percentage).
func parseFloat(s string) (float64, bool) {
	if s == "" || strings.ContainsAny(s, "+-") || strings.ContainsFunc(s, func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_'
	}) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// positiveInt reads an integer 1..max written as a plain number.
func positiveInt(s string, max float64) (int, bool) {
	f, ok := parseFloat(s)
	if !ok || f != math.Trunc(f) || f < 1 || f > max {
		return 0, false
	}
	return int(f), true
}

const sizeHint = "a size is a pot percentage (60%), a raise multiple (2.5x), a constant (100c), geometric (e, 2e, 3e150%) or all-in (a)"

func parseSize(item string, use SizeUse) (Size, string) {
	s := strings.ToLower(item)
	switch {
	case s == "":
		return Size{}, "empty size; " + sizeHint
	case s == "a":
		return Size{Kind: AllIn}, ""
	case strings.Contains(s, "x") && !strings.HasSuffix(s, "x"):
		return Size{}, "a raise multiple is written with the number first, e.g. 2.5x"
	case strings.HasSuffix(s, "x"):
		if use != ForRaise {
			return Size{}, "a multiple of the previous bet (x) is only for raises"
		}
		f, ok := parseFloat(s[:len(s)-1])
		if !ok {
			return Size{}, "want a number before x, e.g. 2.5x"
		}
		if f <= 1 {
			return Size{}, "a raise multiple must be greater than 1"
		}
		return Size{Kind: PrevBetRelative, Ratio: f}, ""
	case strings.Contains(s, "c"):
		add, rest, _ := strings.Cut(s, "c")
		f, ok := parseFloat(add)
		if !ok || f != math.Trunc(f) {
			return Size{}, "a constant size is a whole number of chips, e.g. 100c"
		}
		if f > math.MaxInt32 {
			return Size{}, "a constant size must be below 2^31 chips"
		}
		sz := Size{Kind: Additive, N: int(f)}
		if rest != "" {
			if use != ForRaise {
				return Size{}, "a raise cap (r) is only for raises"
			}
			capStr, ok := strings.CutSuffix(rest, "r")
			if !ok {
				return Size{}, "want a raise cap such as 20c3r after c"
			}
			n, ok := positiveInt(capStr, 100)
			if !ok {
				return Size{}, "a raise cap is a whole number from 1 to 100"
			}
			sz.Cap = n
		}
		return sz, ""
	case strings.Contains(s, "e"):
		streets, maxStr, _ := strings.Cut(s, "e")
		sz := Size{Kind: Geometric, Ratio: math.Inf(1)}
		if streets != "" {
			n, ok := positiveInt(streets, 100)
			if !ok {
				return Size{}, "the number of streets before e is a whole number from 1 to 100"
			}
			sz.N = n
		}
		if maxStr != "" {
			pct, ok := strings.CutSuffix(maxStr, "%")
			f, ok2 := parseFloat(pct)
			if !ok || !ok2 {
				return Size{}, "after e, want the largest size as a pot percentage, e.g. e150%"
			}
			sz.Ratio = f / 100
		}
		return sz, ""
	case strings.HasSuffix(s, "%"):
		f, ok := parseFloat(s[:len(s)-1])
		if !ok {
			return Size{}, "want a number before %, e.g. 60%"
		}
		return Size{Kind: PotRelative, Ratio: f / 100}, ""
	}
	return Size{}, sizeHint
}

// FormatSizes writes a size list as ParseSizes reads it.
func FormatSizes(sizes []Size) string {
	parts := make([]string, len(sizes))
	for i, s := range sizes {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}
