package hh

import (
	"bytes"
	"io"
	"strconv"
	"strings"

	"pokerlab/holdem"
)

// canonicalOrder is the key order of hands made by this package: the
// required fields first, as the PHH style guide asks.
var canonicalOrder = []string{"variant", "ante_trimming_status", "antes", "blinds_or_straddles", "min_bet",
	"starting_stacks", "actions", "players", "seats", "finishing_stacks", "winnings", "_cap", "_cash_outs", "_cash_out_fees", "_rules"}

// Write writes hands as PHH. A single hand without a Name is written as a
// .phh file (top-level keys); otherwise every hand is a [Name] table (or
// [i] if it has no name) of a .phhs file, separated by blank lines. Keys
// keep the order they were read in; amounts are written in the hand's unit
// (integers when whole, else with exactly Decimals digits); fields the
// reader did not interpret are written back verbatim. A hand read from a
// file written this way is written back byte for byte.
func Write(w io.Writer, hands []*Hand) error {
	var b bytes.Buffer
	single := len(hands) == 1 && hands[0].Name == ""
	for i, h := range hands {
		if !single {
			if i > 0 {
				b.WriteByte('\n')
			}
			name := h.Name
			if name == "" {
				name = strconv.Itoa(i + 1)
			}
			b.WriteString("[" + tomlKey(name) + "]\n")
		}
		h.encode(&b)
	}
	_, err := w.Write(b.Bytes())
	return err
}

func (h *Hand) encode(b *bytes.Buffer) {
	// The keys written so far: a hand has a few dozen at most, so a list
	// beats a map (one per hand written).
	var buf [32]string
	done := buf[:0]
	write := func(key string) {
		for _, k := range done {
			if k == key {
				return
			}
		}
		done = append(done, key)
		if v, ok := h.fieldText(key); ok {
			b.WriteString(tomlKey(key))
			b.WriteString(" = ")
			b.WriteString(v)
			b.WriteByte('\n')
		}
	}
	for _, k := range h.keys {
		write(k)
	}
	for _, k := range canonicalOrder {
		write(k)
	}
	for _, f := range h.Extra {
		write(f.Key)
	}
}

// fieldText renders the value of key, or false if the hand does not have it.
func (h *Hand) fieldText(key string) (string, bool) {
	amounts := func(xs []int64) (string, bool) {
		if xs == nil {
			return "", false
		}
		b := make([]byte, 0, 2+8*len(xs))
		b = append(b, '[')
		for i, x := range xs {
			if i > 0 {
				b = append(b, ", "...)
			}
			if h.Decimals == 0 {
				b = strconv.AppendInt(b, x, 10)
			} else {
				b = append(b, formatUnits(x, h.Decimals)...)
			}
		}
		return string(append(b, ']')), true
	}
	switch key {
	case "variant":
		return quoteTOML(h.Variant), true
	case "ante_trimming_status":
		if h.AnteTrimming == nil {
			return "", false
		}
		return strconv.FormatBool(*h.AnteTrimming), true
	case "antes":
		return amounts(h.Antes)
	case "blinds_or_straddles":
		return amounts(h.Blinds)
	case "min_bet":
		return formatUnits(h.MinBet, h.Decimals), true
	case "starting_stacks":
		return amounts(h.StartingStacks)
	case "finishing_stacks":
		return amounts(h.FinishingStacks)
	case "winnings":
		return amounts(h.Winnings)
	case "_cap":
		if h.Cap <= 0 {
			return "", false
		}
		return formatUnits(h.Cap, h.Decimals), true
	case "_cash_outs":
		return amounts(h.CashOuts)
	case "_cash_out_fees":
		return amounts(h.CashOutFees)
	case "actions":
		// "[\n  'a',\n  'b',\n]" (multiline) or "['a', 'b']", each action
		// quoted as quoteTOML quotes it.
		b := make([]byte, 0, 16*len(h.Actions)+8)
		b = append(b, '[')
		if h.ActionsMultiline {
			b = append(b, '\n')
		}
		var text []byte
		for i := range h.Actions {
			if i > 0 && !h.ActionsMultiline {
				b = append(b, ", "...)
			}
			if h.ActionsMultiline {
				b = append(b, "  "...)
			}
			text = h.Actions[i].appendText(text[:0], h.Decimals)
			if literalTOML(text) {
				b = append(append(append(b, '\''), text...), '\'')
			} else {
				b = append(b, quoteTOML(string(text))...)
			}
			if h.ActionsMultiline {
				b = append(b, ",\n"...)
			}
		}
		return string(append(b, ']')), true
	case "players":
		if h.Players == nil {
			return "", false
		}
		parts := make([]string, len(h.Players))
		for i, p := range h.Players {
			parts[i] = quoteTOML(p)
		}
		return "[" + strings.Join(parts, ", ") + "]", true
	case "_rules":
		// Written when the hand had the field or follows other rules than
		// TDA; as it was written when it still says the same.
		if h.rulesText == "" && h.Rules == holdem.TDA {
			return "", false
		}
		if h.rulesText != "" {
			p := &tomlParser{src: h.rulesText}
			var v tomlValue
			if p.parseValue(&v) == nil && v.kind == tomlString {
				if rs, err := holdem.ParseRuleSet(p.str(v)); err == nil && rs == h.Rules {
					return h.rulesText, true
				}
			}
		}
		return quoteTOML(h.Rules.String()), true
	case "seats":
		if h.Seats == nil {
			return "", false
		}
		parts := make([]string, len(h.Seats))
		for i, s := range h.Seats {
			parts[i] = strconv.FormatInt(s, 10)
		}
		return "[" + strings.Join(parts, ", ") + "]", true
	}
	for _, f := range h.Extra {
		if f.Key == key {
			return f.Value, true
		}
	}
	return "", false
}

// Field returns the decoded string or integer text of an extra field
// ("hand", "table", "venue", "currency", ...), or false if absent.
func (h *Hand) Field(key string) (string, bool) {
	for _, f := range h.Extra {
		if f.Key == key {
			p := &tomlParser{src: f.Value, line: f.Line}
			var v tomlValue
			if err := p.parseValue(&v); err != nil {
				return f.Value, true
			}
			if v.kind == tomlString {
				return p.str(v), true
			}
			return p.raw(v), true
		}
	}
	return "", false
}

// SetField sets an extra field to the TOML text of value (a string is
// quoted, anything else written as given).
func (h *Hand) SetField(key string, value any) {
	var text string
	switch v := value.(type) {
	case string:
		text = quoteTOML(v)
	case int:
		text = strconv.Itoa(v)
	case int64:
		text = strconv.FormatInt(v, 10)
	default:
		panic("hh: SetField: unsupported value type")
	}
	for i := range h.Extra {
		if h.Extra[i].Key == key {
			h.Extra[i].Value = text
			return
		}
	}
	h.Extra = append(h.Extra, Field{Key: key, Value: text})
}

// literalTOML reports whether s can be a literal string ('s'): quoteTOML
// writes it so.
func literalTOML(s []byte) bool {
	for _, c := range s {
		if c == '\'' || isControl(c) {
			return false
		}
	}
	return true
}

// quoteTOML quotes s as a literal string when it can, else as a basic
// string with escapes.
func quoteTOML(s string) string {
	literal := true
	for i := range len(s) {
		if c := s[i]; c == '\'' || isControl(c) {
			literal = false
			break
		}
	}
	if literal {
		return "'" + s + "'"
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				b.WriteString(`\u` + strings.ToUpper(strconv.FormatInt(int64(r)|0x10000, 16)[1:]))
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlKey writes a key bare when it can.
func tomlKey(k string) string {
	if k == "" {
		return `""`
	}
	for i := range len(k) {
		if !isBareKeyChar(k[i]) {
			return quoteTOML(k)
		}
	}
	return k
}

// FromEngine records a hand played by the engine as a PHH hand: seats are
// renumbered from the seat after the button (p1) to the button (the last
// player), heads-up forced bets are written in PHH's reversed order, every
// deal, action and show becomes an action notation, and, when the hand is
// over, finishing_stacks and winnings (chips collected from the pots) are
// filled in; the hand's rule set becomes Rules (written as _rules unless it
// is TDA). names (optional) are the players by engine seat; decimals is
// the number of decimal digits of the chip unit (0 for whole chips). The
// unit of a PHH hand is implied by its written amounts: if every amount is
// whole in a coarser unit, Parse reads the hand in that unit (the same
// amounts of currency, fewer units).
func FromEngine(g *holdem.Hand, names []string, decimals int) *Hand {
	n := g.Players()
	phh := func(seat int) int { return PlayerOf(seat, g.Button(), n) - 1 } // 0-based PHH index
	h := &Hand{Variant: "NT", Decimals: decimals, MinBet: g.MinBet(), ActionsMultiline: true, Rules: g.Rules(),
		Antes: make([]int64, n), Blinds: make([]int64, n), StartingStacks: make([]int64, n)}
	for s := range n {
		k := phh(s)
		h.Antes[k] = g.ForcedAnte(s)
		h.Blinds[k] = g.ForcedBlind(s)
		h.StartingStacks[k] = g.StartingStack(s)
	}
	if n == 2 {
		h.Antes[0], h.Antes[1] = h.Antes[1], h.Antes[0]
		h.Blinds[0], h.Blinds[1] = h.Blinds[1], h.Blinds[0]
	}
	if names != nil {
		h.Players = make([]string, n)
		for s := range n {
			h.Players[phh(s)] = names[s]
		}
	}
	evs := g.Events()
	for i := range evs {
		e := &evs[i]
		if a, ok := EventAction(e, phh(int(e.Seat))+1); ok {
			h.Actions = append(h.Actions, a)
		}
	}
	if g.Over() && !g.Undecided() {
		h.FinishingStacks = make([]int64, n)
		h.Winnings = make([]int64, n)
		for s := range n {
			h.FinishingStacks[phh(s)] = g.Stack(s)
			h.Winnings[phh(s)] = g.Won(s)
		}
	}
	return h
}
