package hh

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// A hand's content is what was played: the variant, the forced bets, the
// stacks, every action with its cards, the players and their seats, and the
// recorded outcome (finishing_stacks, winnings). It leaves out the hand's
// identity (venue, hand), where and when it was played (table, time,
// currency, event, ...), the rule set it is replayed under (_rules,
// ante_trimming_status) and how the file was written (key order, comments,
// one action per line or not, the unit of the amounts: 0.50 and 0.5 are
// the same amount). Two records of one hand have the same content whatever
// wrote them (the site, hh.Write, WritePokerStars read back); two hands
// that share a site and a number but not their content are different hands.

// contentFields are the fields of a hand's content, in the order of the
// canonical text (AppendContent).
var contentFields = [...]string{"variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks",
	"players", "seats", "finishing_stacks", "winnings", "_cap", "_cash_outs", "_cash_out_fees"}

// AppendContent appends the canonical text of h's content to b: one line per
// field the hand has ("starting_stacks [200.3, 81.6, 197]"), then one per
// action ("action 1 d dh p1 ????"; comment-only entries are not actions);
// amounts as exact decimals without trailing zeros, actions without
// comments. ContentDigest hashes it; Diff compares it line by line.
func (h *Hand) AppendContent(b []byte) []byte {
	amount := func(b []byte, x int64) []byte { return appendExact(b, x, h.Decimals) }
	for _, f := range contentFields {
		start := len(b)
		b = append(append(b, f...), ' ')
		switch f {
		case "variant":
			b = append(b, quoteTOML(h.Variant)...)
		case "min_bet":
			b = amount(b, h.MinBet)
		case "_cap":
			if h.Cap > 0 {
				b = amount(b, h.Cap)
			}
		case "players":
			b = appendList(b, h.Players, func(b []byte, p string) []byte { return append(b, quoteTOML(p)...) })
		case "seats":
			b = appendList(b, h.Seats, func(b []byte, s int64) []byte { return strconv.AppendInt(b, s, 10) })
		default:
			b = appendList(b, h.amountsOf(f), amount)
		}
		if len(b) == start+len(f)+1 {
			b = b[:start] // an optional field the hand does not have: no line
			continue
		}
		b = append(b, '\n')
	}
	n := 0
	for i := range h.Actions {
		a := h.Actions[i]
		if a.Kind == NoOp {
			continue // a comment line of the actions array
		}
		n++
		b = strconv.AppendInt(append(b, "action "...), int64(n), 10)
		b = append(b, ' ')
		if a.Kind == BetRaise {
			b = strconv.AppendInt(append(b, 'p'), int64(a.Player), 10)
			b = appendExact(append(b, " cbr "...), a.Amount, h.Decimals)
		} else {
			a.Comment = ""
			b = a.appendText(b, h.Decimals)
		}
		b = append(b, '\n')
	}
	return b
}

// amountsOf returns the amounts of a content field of amounts (nil when
// the hand does not have it).
func (h *Hand) amountsOf(field string) []int64 {
	switch field {
	case "antes":
		return h.Antes
	case "blinds_or_straddles":
		return h.Blinds
	case "starting_stacks":
		return h.StartingStacks
	case "finishing_stacks":
		return h.FinishingStacks
	case "winnings":
		return h.Winnings
	case "_cash_outs":
		return h.CashOuts
	case "_cash_out_fees":
		return h.CashOutFees
	}
	panic("hh: " + field + " is not a field of amounts")
}

// appendList appends "[x1, x2, ...]", each element by item; nothing for a
// nil list (a field the hand does not have).
func appendList[T any](b []byte, xs []T, item func([]byte, T) []byte) []byte {
	if xs == nil {
		return b
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = item(b, x)
	}
	return append(b, ']')
}

// appendExact appends v units of 10^-decimals as a decimal without
// trailing zeros ("0.5", "2"), without allocating.
func appendExact(b []byte, v int64, decimals int) []byte {
	if v < 0 {
		b, v = append(b, '-'), -v
	}
	if decimals == 0 {
		return strconv.AppendInt(b, v, 10)
	}
	q := pow10[decimals]
	b = strconv.AppendInt(b, v/q, 10)
	frac := v % q
	if frac == 0 {
		return b
	}
	for frac%10 == 0 { // trailing zeros dropped
		frac /= 10
		q /= 10
	}
	b = append(b, '.')
	for q /= 10; q > frac; q /= 10 { // leading zeros of the fraction
		b = append(b, '0')
	}
	return strconv.AppendInt(b, frac, 10)
}

// ContentDigest is the SHA-256 of h's canonical content (AppendContent):
// two hands have the same digest exactly when they have the same content.
func (h *Hand) ContentDigest() [32]byte {
	var buf [2048]byte
	return sha256.Sum256(h.AppendContent(buf[:0]))
}

// FieldDiff is one way two hands' contents differ: a field ("actions",
// "action 7", "starting_stacks", ...) and its value in each ("" when the
// hand does not have it).
type FieldDiff struct {
	Field       string
	This, Other string
}

// Diff lists how h's content differs from o's, in the order of the
// canonical text (nil: the same content): fields with their values as the
// canonical text writes them, then actions one by one ("action 7", the
// action quoted: 'p2 cbr 4'); hands with different numbers of actions also
// differ in "actions".
func (h *Hand) Diff(o *Hand) []FieldDiff {
	parse := func(x *Hand) (fields map[string]string, actions []string) {
		fields = map[string]string{}
		for _, line := range strings.Split(strings.TrimSuffix(string(x.AppendContent(nil)), "\n"), "\n") {
			key, val, _ := strings.Cut(line, " ")
			if key == "action" {
				_, text, _ := strings.Cut(val, " ")
				actions = append(actions, text)
				continue
			}
			fields[key] = val
		}
		return fields, actions
	}
	af, aa := parse(h)
	bf, ba := parse(o)
	var out []FieldDiff
	for _, f := range contentFields {
		if af[f] != bf[f] {
			out = append(out, FieldDiff{Field: f, This: af[f], Other: bf[f]})
		}
	}
	if len(aa) != len(ba) {
		out = append(out, FieldDiff{Field: "actions", This: fmt.Sprintf("%d actions", len(aa)), Other: fmt.Sprintf("%d actions", len(ba))})
	}
	for i := range min(len(aa), len(ba)) {
		if aa[i] != ba[i] {
			out = append(out, FieldDiff{Field: "action " + strconv.Itoa(i+1), This: quoteTOML(aa[i]), Other: quoteTOML(ba[i])})
		}
	}
	return out
}

// HandIDDigits is the width of the hand numbers HandID makes: 18 digits,
// wider than any real PokerStars hand number (12 digits in 2025) so that
// none is ever a real hand's, and below 2^63 so that trackers that keep
// hand numbers in 64-bit integers read them (and hh's site reader keeps
// them as PHH integers).
const HandIDDigits = 18

// HandID is the hand number of a hand without one (a simulated hand): a
// number of HandIDDigits digits derived from the SHA-256 of seed, number
// and h's content (AppendContent). The same hand of the same seed always
// gets the same number; hands of different seeds, numbers or content get
// different ones (but for a chance of about 10^-18 per pair). seed and
// number are what the caller knows of the hand's origin: the simulation's
// seed and the hand's number in it, or 0 and 0 for a hand known only by
// its content.
func HandID(h *Hand, seed uint64, number int64) int64 {
	var buf [2048]byte
	b := binary.LittleEndian.AppendUint64(buf[:0], seed)
	b = binary.LittleEndian.AppendUint64(b, uint64(number))
	sum := sha256.Sum256(h.AppendContent(b))
	const low = 100_000_000_000_000_000 // 10^(HandIDDigits-1)
	return low + int64(binary.BigEndian.Uint64(sum[:8])%(9*low))
}
