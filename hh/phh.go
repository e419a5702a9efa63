package hh

import (
	"fmt"
	"strconv"
	"strings"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// Hand is one PHH hand of No-Limit Texas Hold'em (variant NT). Per-player
// arrays run in PHH seat order: p1 (index 0) is the small blind, ..., the
// last player the button; heads-up p1 is the big blind and p2 the button
// (the forced bets are applied in reverse, see Config).
//
// Amounts are integers in units of 10^-Decimals of the file's currency:
// "200.30" in a hand whose amounts have at most two decimals is 20030 with
// Decimals = 2. They are read from the text, never through float64.
type Hand struct {
	// Name is the table name in a .phhs file ("1", "2", ...), "" in a .phh.
	Name string
	// Line is the line of the [Name] header (1 in a .phh).
	Line int
	// File is the name the hand was parsed from, for messages.
	File string
	// Decimals is the number of decimal digits of the amount unit.
	Decimals int

	Variant        string
	AnteTrimming   *bool // ante_trimming_status, nil if absent
	Antes          []int64
	Blinds         []int64 // blinds_or_straddles, as written (not reversed)
	MinBet         int64
	StartingStacks []int64
	Actions        []Action
	// ActionsMultiline is set when the actions array is written one action
	// per line.
	ActionsMultiline bool

	// Optional fields; nil or empty when absent.
	Players         []string
	Seats           []int64
	FinishingStacks []int64
	Winnings        []int64

	// Cap is a capped No-Limit table's cap (PokerStars' "Cap" tables, the
	// user-defined field _cap): the most a player puts into the pots in the
	// hand, forced bets included; a player who reaches it takes no further
	// part in the betting, as if all-in for the rest of the hand. 0: no cap.
	Cap int64
	// CashOuts and CashOutFees are the All-in Cash Outs of the hand
	// (PokerStars; the user-defined fields _cash_outs and _cash_out_fees),
	// by player, nil when nobody cashed out: the site pays player i
	// CashOuts[i] (its fee CashOutFees[i] already taken) instead of what the
	// pots award them, which the site keeps. Winnings still records the
	// pots' award (after rake) as the site's summary prints it ("won
	// ($38.95) ... (pot not awarded as player cashed out)"); the finishing
	// stack is the starting stack less what the player put in plus the
	// cash-out.
	CashOuts, CashOutFees []int64

	// Rules is the rule set the hand is replayed under: the user-defined
	// field _rules ('tda' or 'pokerkit'), TDA when absent. Set it to replay
	// a hand under other rules; Write writes it back (as _rules, unless it
	// is TDA and the hand had no such field).
	Rules holdem.RuleSet

	// Extra holds every other field (hand, table, venue, time, day, month,
	// year, currency, user-defined "_..." fields, ...) with its TOML text,
	// in file order, so that writing the hand back reproduces them.
	Extra []Field

	// Site is set on hands read from a site's text (PokerStars, GGPoker):
	// where the hand is and the rake. Nil for PHH hands.
	Site *SiteInfo

	// keys is the order of the keys as read, for writing back.
	keys []string
	// backing holds the amount arrays (reused by Scan).
	backing []int64
	// finishingLine and winningsLine are the lines of those fields, for
	// messages (0 if absent).
	finishingLine, winningsLine int
	// rulesText is the _rules value as written, to write it back as it was.
	rulesText string
}

// Field is a key and the TOML text of its value.
type Field struct {
	Key   string
	Value string
	Line  int
}

// ActionKind is the kind of a PHH action notation.
type ActionKind uint8

// The action notations of NT hands.
const (
	NoOp      ActionKind = iota // empty or commentary only
	DealHole                    // d dh pN CARDS
	DealBoard                   // d db CARDS
	Fold                        // pN f
	CheckCall                   // pN cc
	BetRaise                    // pN cbr AMOUNT (to)
	ShowMuck                    // pN sm [CARDS|-]
)

// Action is one entry of the actions array.
type Action struct {
	Line int
	// Player is the acting player pN (1-based), 0 for the dealer.
	Player int
	// Receiver is the player pN dealt hole cards by a DealHole.
	Receiver int
	// Amount is the bet-or-raise-to of a cbr, in units.
	Amount int64
	// Comment is the commentary after "#", without it.
	Comment   string
	amountRaw string
	// Cards are the dealt or shown cards (holdem.Unknown for "??"); a
	// show without cards is a muck, ShowDealt is "sm -".
	Cards     [5]cards.Card
	NCards    uint8
	Kind      ActionKind
	ShowDealt bool
}

// Hole returns the first two cards as hole cards.
func (a *Action) Hole() [2]cards.Card { return [2]cards.Card{a.Cards[0], a.Cards[1]} }

// Error is malformed input: the file, line, hand and key at fault.
type Error struct {
	File string
	Line int
	Hand string // table name in a .phhs
	Key  string
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "line %d: ", e.Line)
	if e.Hand != "" {
		fmt.Fprintf(&b, "hand [%s]: ", e.Hand)
	}
	if e.Key != "" {
		fmt.Fprintf(&b, "key %s: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ReadFile reads a .phh or .phhs file (within MaxLine and MaxHand).
func ReadFile(path string) ([]*Hand, error) {
	data, err := readFileLimited(path)
	if err != nil {
		if le, ok := err.(*LimitError); ok {
			le.File = path
		}
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads the hands of a .phh file (top-level keys: one hand) or a .phhs
// file ([1], [2], ... tables: one hand each). name labels errors.
func Parse(name string, data []byte) ([]*Hand, error) { return ParseAt(name, data, 1) }

// ParseAt is Parse for a part of a file that starts at line firstLine, so
// that messages name the lines of the whole file (see SplitTables).
func ParseAt(name string, data []byte, firstLine int) ([]*Hand, error) {
	var hands []*Hand
	err := scanEach(name, data, firstLine, nil, func(h *Hand, err *Error) error {
		if err != nil {
			return err
		}
		hands = append(hands, h)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return hands, nil
}

// Scan reads the hands of data (a .phh, a .phhs, or a Chunk of one starting
// at line firstLine) and calls fn for each in order, stopping at the first
// error. It decodes every hand into the same *Hand, reusing its memory, so
// reading allocates almost nothing per hand: fn must not keep h or its
// slices (copy what it needs). Errors are those of Parse, or fn's.
func Scan(name string, data []byte, firstLine int, fn func(h *Hand) error) error {
	return scanEach(name, data, firstLine, &Hand{}, func(h *Hand, err *Error) error {
		if err != nil {
			return err
		}
		return fn(h)
	})
}

// grow returns s resized to n elements, reusing its memory when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// Chunk is a part of a .phhs file holding whole [tables].
type Chunk struct {
	Data []byte
	Line int // line of the chunk's first byte in the file
}

// SplitTables cuts a .phhs file into about `parts` chunks at table headers
// (lines starting with "["), for parsing in parallel with ParseAt. A file
// with top-level keys (a .phh) is one chunk. A "[" line inside a multi-line
// string would cut the string: then a chunk fails to parse, and the caller
// should parse the whole file with Parse to report the error exactly.
func SplitTables(data []byte, parts int) []Chunk {
	// Header candidates: offsets of lines that start with '['.
	var heads []int
	line := 1
	lineOf := map[int]int{}
	for i := 0; i < len(data); i++ {
		if (i == 0 || data[i-1] == '\n') && data[i] == '[' {
			heads = append(heads, i)
			lineOf[i] = line
		}
		if data[i] == '\n' {
			line++
		}
	}
	if parts <= 1 || len(heads) < 2 || strings.TrimSpace(stripComments(string(data[:heads[0]]))) != "" {
		return []Chunk{{Data: data, Line: 1}}
	}
	chunks := []Chunk{{Line: 1}}
	start := 0
	size := len(data) / parts
	for _, h := range heads[1:] {
		if h-start >= size && len(chunks) < parts {
			chunks[len(chunks)-1].Data = data[start:h]
			chunks = append(chunks, Chunk{Line: lineOf[h]})
			start = h
		}
	}
	chunks[len(chunks)-1].Data = data[start:]
	return chunks
}

// stripComments drops "#..." comments line by line.
func stripComments(s string) string {
	var b strings.Builder
	for l := range strings.Lines(s) {
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		b.WriteString(l)
	}
	return b.String()
}

// decoder converts one table's values, remembering where errors are.
type decoder struct {
	t *tomlTableDef
	p *tomlParser
	// Buffers reused from hand to hand.
	dec  [7][]decimal
	keys [][]string // key orders seen, shared by the hands that have them
}

func (d *decoder) errAt(line int, key, format string, args ...any) *Error {
	return &Error{Line: line, Hand: d.t.name, Key: key, Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) want(kv *tomlKeyVal, kind tomlKind) *Error {
	if kv.val.kind != kind {
		return d.errAt(kv.line, kv.key, "want a %v, got a %v (%s)", kind, kv.val.kind, short(d.p.raw(kv.val)))
	}
	return nil
}

func short(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// numbers reads an array of amounts into buffer slot (their decimals are
// checked later).
func (d *decoder) numbers(kv *tomlKeyVal, slot int) ([]decimal, *Error) {
	if err := d.want(kv, tomlArray); err != nil {
		return nil, err
	}
	out := d.dec[slot][:0]
	for range d.p.items(kv.val) {
		out = append(out, decimal{})
	}
	d.dec[slot] = out
	for i, it := range d.p.items(kv.val) {
		x, err := d.number(kv.key, it, i)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

func (d *decoder) number(key string, v tomlValue, index int) (decimal, *Error) {
	where := func() string {
		if index < 0 {
			return ""
		}
		return fmt.Sprintf("element %d: ", index+1)
	}
	if v.kind != tomlInteger && v.kind != tomlFloat {
		return decimal{}, d.errAt(int(v.line), key, "%swant a number, got a %v (%s)", where(), v.kind, short(d.p.raw(v)))
	}
	x, err := parseDecimal(d.p.raw(v))
	if err != nil {
		return decimal{}, d.errAt(int(v.line), key, "%s%s: %v", where(), d.p.raw(v), err)
	}
	return x, nil
}

// optionalKinds returns the TOML kinds allowed for an optional field of the
// PHH specification, or nil for a key that is not one; the decoder
// interprets the other keys itself and sends unknown ones to Extra. A switch
// rather than a map, so that the package has no initialisation work.
func optionalKinds(key string) []tomlKind {
	switch key {
	case "author", "event", "url", "venue", "address", "city", "region", "postal_code",
		"country", "time_zone", "time_zone_abbreviation", "currency", "currency_symbol":
		return kindsString
	case "time":
		return kindsDatetime
	case "day", "month", "year", "level", "seat_count":
		return kindsInteger
	case "hand", "table":
		return kindsStringInteger
	case "time_limit":
		return kindsIntegerFloat
	case "time_banks":
		return kindsArray
	}
	return nil
}

// The kind lists of optionalKinds (static data: slices of constants).
var (
	kindsString        = []tomlKind{tomlString}
	kindsDatetime      = []tomlKind{tomlDatetime}
	kindsInteger       = []tomlKind{tomlInteger}
	kindsStringInteger = []tomlKind{tomlString, tomlInteger}
	kindsIntegerFloat  = []tomlKind{tomlInteger, tomlFloat}
	kindsArray         = []tomlKind{tomlArray}
)

// decodeHand decodes table t into h, reusing the memory of h's slices.
func (d *decoder) decodeHand(t *tomlTableDef, h *Hand) *Error {
	d.t = t
	actions, players, seats, extra, backing := h.Actions[:0], h.Players[:0], h.Seats[:0], h.Extra[:0], h.backing[:0]
	*h = Hand{Name: t.name, Line: t.line, Actions: actions}
	if extra != nil {
		h.Extra = extra
	}
	var antes, blinds, stacks, finishing, winnings, cashOuts, cashOutFees []decimal
	var minBet, capAmt decimal
	hasCap := false
	var seen [6]bool // variant, antes, blinds, min_bet, stacks, actions
	var arrays [10]*tomlKeyVal
	narrays := 0
	// The key order, shared with earlier hands that have the same.
	h.keys = nil
	for _, ks := range d.keys {
		same := len(ks) == len(t.kvs)
		for i := 0; same && i < len(ks); i++ {
			same = ks[i] == t.kvs[i].key
		}
		if same {
			h.keys = ks
			break
		}
	}
	if h.keys == nil {
		h.keys = make([]string, len(t.kvs))
		for i := range t.kvs {
			h.keys[i] = t.kvs[i].key
		}
		if len(d.keys) < 8 {
			d.keys = append(d.keys, h.keys)
		}
	}
	for i := range t.kvs {
		kv := &t.kvs[i]
		var err *Error
		switch kv.key {
		case "variant":
			seen[0] = true
			if err = d.want(kv, tomlString); err == nil {
				h.Variant = d.p.str(kv.val)
				if h.Variant != "NT" {
					err = d.errAt(kv.line, kv.key, "variant %q is not supported: this reader plays NT (No-Limit Texas Hold'em)", h.Variant)
				}
			}
		case "ante_trimming_status":
			if err = d.want(kv, tomlBool); err == nil {
				b := d.p.raw(kv.val) == "true"
				h.AnteTrimming = &b
			}
		case "antes":
			seen[1] = true
			antes, err = d.numbers(kv, 0)
			arrays[narrays] = kv
			narrays++
		case "blinds_or_straddles":
			seen[2] = true
			blinds, err = d.numbers(kv, 1)
			arrays[narrays] = kv
			narrays++
		case "min_bet":
			seen[3] = true
			minBet, err = d.number(kv.key, kv.val, -1)
		case "starting_stacks":
			seen[4] = true
			stacks, err = d.numbers(kv, 2)
			for j, it := range d.p.items(kv.val) {
				if err == nil && stacks[j].mant == 0 {
					err = d.errAt(int(it.line), kv.key, "element %d: every starting stack must be positive", j+1)
				}
			}
		case "finishing_stacks":
			h.finishingLine = kv.line
			finishing, err = d.numbers(kv, 3)
			arrays[narrays] = kv
			narrays++
		case "winnings":
			h.winningsLine = kv.line
			winnings, err = d.numbers(kv, 4)
			arrays[narrays] = kv
			narrays++
		case "actions":
			seen[5] = true
			err = d.actions(h, kv)
		case "players":
			if err = d.want(kv, tomlArray); err == nil {
				h.Players = grow(players, len(d.p.items(kv.val)))
				for j, it := range d.p.items(kv.val) {
					if it.kind != tomlString {
						err = d.errAt(int(it.line), kv.key, "element %d: want a string, got a %v", j+1, it.kind)
						break
					}
					h.Players[j] = d.p.str(it)
				}
			}
			arrays[narrays] = kv
			narrays++
		case "_cap":
			// User-defined fields (PHH: names starting with "_"): the cap
			// of a capped No-Limit table, the All-in Cash Outs.
			hasCap = true
			capAmt, err = d.number(kv.key, kv.val, -1)
		case "_cash_outs":
			cashOuts, err = d.numbers(kv, 5)
			arrays[narrays] = kv
			narrays++
		case "_cash_out_fees":
			cashOutFees, err = d.numbers(kv, 6)
			arrays[narrays] = kv
			narrays++
		case "_rules":
			// A user-defined field (PHH: names starting with "_"): the rule
			// set the hand was played under.
			if err = d.want(kv, tomlString); err == nil {
				rs, perr := holdem.ParseRuleSet(d.p.str(kv.val))
				if perr != nil {
					err = d.errAt(kv.line, kv.key, "%v", perr)
				} else {
					h.Rules, h.rulesText = rs, d.p.raw(kv.val)
				}
			}
		case "seats":
			if err = d.want(kv, tomlArray); err == nil {
				h.Seats = grow(seats, len(d.p.items(kv.val)))
				for j, it := range d.p.items(kv.val) {
					if it.kind != tomlInteger {
						err = d.errAt(int(it.line), kv.key, "element %d: want an integer, got a %v", j+1, it.kind)
						break
					}
					h.Seats[j], _ = parseTOMLInt(d.p.raw(it))
				}
			}
			arrays[narrays] = kv
			narrays++
		default:
			if kinds := optionalKinds(kv.key); kinds != nil {
				good := false
				for _, k := range kinds {
					good = good || kv.val.kind == k
				}
				if !good {
					err = d.errAt(kv.line, kv.key, "want a %v, got a %v (%s)", kinds[0], kv.val.kind, short(d.p.raw(kv.val)))
				}
			}
			if h.Extra == nil {
				h.Extra = make([]Field, 0, len(t.kvs)-i)
			}
			h.Extra = append(h.Extra, Field{Key: kv.key, Value: d.p.raw(kv.val), Line: kv.line})
		}
		if err != nil {
			return err
		}
	}
	for i, name := range []string{"variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"} {
		if !seen[i] {
			return d.errAt(t.line, name, "missing (a required field of an NT hand)")
		}
	}
	n := len(stacks)
	if n < holdem.MinSeats || n > holdem.MaxSeats {
		return d.errAt(lineOf(t, "starting_stacks"), "starting_stacks", "%d players; a hand needs %d to %d", n, holdem.MinSeats, holdem.MaxSeats)
	}
	for _, kv := range arrays[:narrays] {
		if len(d.p.items(kv.val)) != n {
			return d.errAt(kv.line, kv.key, "%d entries for %d players (starting_stacks)", len(d.p.items(kv.val)), n)
		}
	}
	// The unit: the most fraction digits of any amount in the hand.
	dec := max(minBet.frac, capAmt.frac)
	for _, xs := range [][]decimal{antes, blinds, stacks, finishing, winnings, cashOuts, cashOutFees} {
		for _, x := range xs {
			dec = max(dec, x.frac)
		}
	}
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == BetRaise {
			x, _ := parseDecimal(a.amountRaw)
			dec = max(dec, x.frac)
		}
	}
	if dec > maxDecimals {
		return d.errAt(t.line, "", "amounts with %d decimals; at most %d are supported", dec, maxDecimals)
	}
	h.Decimals = dec
	// One backing array for all the amount arrays of the hand.
	backing = grow(backing, len(antes)+len(blinds)+len(stacks)+len(finishing)+len(winnings)+len(cashOuts)+len(cashOutFees))[:0]
	h.backing = backing
	conv := func(key string, xs []decimal) ([]int64, *Error) {
		if xs == nil {
			return nil, nil
		}
		at := len(backing)
		backing = backing[:at+len(xs)]
		out := backing[at : at+len(xs) : at+len(xs)]
		for i, x := range xs {
			v, err := x.units(dec)
			if err == errTooLarge {
				return nil, d.errAt(lineOf(t, key), key, "element %d: the amount is above the limit %s", i+1, limitText(dec))
			}
			if err != nil {
				return nil, d.errAt(lineOf(t, key), key, "element %d: %v", i+1, err)
			}
			out[i] = v
		}
		return out, nil
	}
	var err *Error
	if h.Antes, err = conv("antes", antes); err != nil {
		return err
	}
	if h.Blinds, err = conv("blinds_or_straddles", blinds); err != nil {
		return err
	}
	if h.StartingStacks, err = conv("starting_stacks", stacks); err != nil {
		return err
	}
	if h.FinishingStacks, err = conv("finishing_stacks", finishing); err != nil {
		return err
	}
	if h.Winnings, err = conv("winnings", winnings); err != nil {
		return err
	}
	if h.CashOuts, err = conv("_cash_outs", cashOuts); err != nil {
		return err
	}
	if h.CashOutFees, err = conv("_cash_out_fees", cashOutFees); err != nil {
		return err
	}
	if (h.CashOuts == nil) != (h.CashOutFees == nil) {
		return d.errAt(lineOf(t, "_cash_outs"), "_cash_outs", "_cash_outs and _cash_out_fees come together (the fee of each cash-out)")
	}
	if err := checkLimits(d, t, h, dec); err != nil {
		return err
	}
	mb, e := minBet.units(dec)
	if e == errTooLarge || mb > holdem.MaxChips {
		return d.errAt(lineOf(t, "min_bet"), "min_bet", "%s is above the limit %s", minBet.text(), limitText(dec))
	}
	if e != nil || mb <= 0 {
		return d.errAt(lineOf(t, "min_bet"), "min_bet", "must be a positive amount")
	}
	h.MinBet = mb
	if hasCap {
		c, e := capAmt.units(dec)
		if e == errTooLarge || c > holdem.MaxChips {
			return d.errAt(lineOf(t, "_cap"), "_cap", "%s is above the limit %s", capAmt.text(), limitText(dec))
		}
		if e != nil || c <= 0 {
			return d.errAt(lineOf(t, "_cap"), "_cap", "must be a positive amount")
		}
		h.Cap = c
	}
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != BetRaise {
			continue
		}
		x, _ := parseDecimal(a.amountRaw)
		if a.Amount, e = x.units(dec); e == errTooLarge {
			return d.errAt(a.Line, "actions", "action %d %q: the amount is above the limit %s", i+1, a.text(), limitText(dec))
		} else if e != nil {
			return d.errAt(a.Line, "actions", "action %d %q: %v", i+1, a.text(), e)
		}
		if a.Amount > holdem.MaxChips {
			return d.errAt(a.Line, "actions", "action %d %q: %s is above the limit %s", i+1, a.text(), formatUnits(a.Amount, dec), limitText(dec))
		}
	}
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Player > n || a.Receiver > n {
			return d.errAt(a.Line, "actions", "action %d %q: no player p%d among %d players", i+1, a.text(), max(a.Player, a.Receiver), n)
		}
	}
	return nil
}

// limitText describes holdem.MaxChips in a hand's units.
func limitText(dec int) string {
	return formatUnits(holdem.MaxChips, dec) + " (2^53-1 units, holdem.MaxChips)"
}

// checkLimits rejects amounts above holdem.MaxChips, and starting stacks,
// finishing stacks or winnings that add up to more: the engine's sums of a
// hand's chips then cannot overflow, and every amount written to JSON is
// exact in readers that parse numbers as doubles.
func checkLimits(d *decoder, t *tomlTableDef, h *Hand, dec int) *Error {
	for _, f := range [...]struct {
		key   string
		xs    []int64
		total bool
	}{
		{"antes", h.Antes, false}, {"blinds_or_straddles", h.Blinds, false}, {"starting_stacks", h.StartingStacks, true},
		{"finishing_stacks", h.FinishingStacks, true}, {"winnings", h.Winnings, true},
		{"_cash_outs", h.CashOuts, true}, {"_cash_out_fees", h.CashOutFees, true},
	} {
		var sum int64
		for i, x := range f.xs {
			if x > holdem.MaxChips {
				return d.errAt(lineOf(t, f.key), f.key, "element %d: %s is above the limit %s", i+1, formatUnits(x, dec), limitText(dec))
			}
			sum += x
		}
		if f.total && sum > holdem.MaxChips {
			return d.errAt(lineOf(t, f.key), f.key, "the amounts add up to %s, above the limit %s", formatUnits(sum, dec), limitText(dec))
		}
	}
	return nil
}

func lineOf(t *tomlTableDef, key string) int {
	for _, kv := range t.kvs {
		if kv.key == key {
			return kv.line
		}
	}
	return t.line
}

func (d *decoder) actions(h *Hand, kv *tomlKeyVal) *Error {
	if err := d.want(kv, tomlArray); err != nil {
		return err
	}
	h.ActionsMultiline = kv.multiline
	h.Actions = grow(h.Actions, len(d.p.items(kv.val)))
	for i, it := range d.p.items(kv.val) {
		if it.kind != tomlString {
			return d.errAt(int(it.line), kv.key, "action %d: want a string, got a %v (%s)", i+1, it.kind, short(d.p.raw(it)))
		}
		if err := parseAction(d.p.str(it), &h.Actions[i]); err != "" {
			return d.errAt(int(it.line), kv.key, "action %d %q: %s", i+1, d.p.str(it), err)
		}
		h.Actions[i].Line = int(it.line)
	}
	return nil
}

// parseAction reads one action notation; it returns a message on error.
func parseAction(s string, a *Action) string {
	*a = Action{}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		a.Comment = strings.TrimSpace(s[i+1:])
		s = s[:i]
	}
	var tok [5]string
	nt := 0
	for i := 0; i < len(s); {
		for i < len(s) && isSpaceByte(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpaceByte(s[j]) {
			j++
		}
		if j > i {
			if nt == len(tok) {
				return "too many words"
			}
			tok[nt] = s[i:j]
			nt++
		}
		i = j
	}
	if nt == 0 {
		a.Kind = NoOp
		return ""
	}
	actor := tok[0]
	switch {
	case actor == "d":
		if nt < 2 {
			return "the dealer's action is missing (dh or db)"
		}
		switch tok[1] {
		case "dh":
			if nt != 4 {
				return "want d dh pN CARDS"
			}
			p, msg := parsePlayer(tok[2])
			if msg != "" {
				return msg
			}
			a.Kind, a.Receiver = DealHole, p
			if msg := parseCardsInto(tok[3], a); msg != "" {
				return msg
			}
			if a.NCards != 2 {
				return fmt.Sprintf("an NT hand deals 2 hole cards, not %d", a.NCards)
			}
		case "db":
			if nt != 3 {
				return "want d db CARDS"
			}
			a.Kind = DealBoard
			if msg := parseCardsInto(tok[2], a); msg != "" {
				return msg
			}
			if a.NCards != 3 && a.NCards != 1 {
				return fmt.Sprintf("a board deal is 3 cards (flop) or 1 (turn, river), not %d", a.NCards)
			}
			for _, c := range a.Cards[:a.NCards] {
				if c == holdem.Unknown {
					return "board cards must be known"
				}
			}
		default:
			return fmt.Sprintf("unknown dealer action %q (want dh or db)", tok[1])
		}
		return ""
	case actor != "" && actor[0] == 'p':
		p, msg := parsePlayer(actor)
		if msg != "" {
			return msg
		}
		a.Player = p
	default:
		return fmt.Sprintf("unknown actor %q (want d or pN)", actor)
	}
	if nt < 2 {
		return "the action is missing"
	}
	switch tok[1] {
	case "f", "cc":
		if nt != 2 {
			return "unexpected words after " + tok[1]
		}
		a.Kind = Fold
		if tok[1] == "cc" {
			a.Kind = CheckCall
		}
	case "cbr":
		if nt != 3 {
			return "want pN cbr AMOUNT"
		}
		x, err := parseDecimal(tok[2])
		if err != nil || !isTOMLFloat(tok[2]) && !isDecInt(tok[2]) {
			return fmt.Sprintf("bad amount %q", tok[2])
		}
		if x.mant == 0 {
			return "a bet or raise must be positive"
		}
		a.Kind, a.amountRaw = BetRaise, tok[2]
	case "sm":
		a.Kind = ShowMuck
		switch nt {
		case 2:
		case 3:
			if tok[2] == "-" {
				a.ShowDealt = true
				break
			}
			if msg := parseCardsInto(tok[2], a); msg != "" {
				return msg
			}
			if a.NCards != 2 {
				return fmt.Sprintf("a show is 2 hole cards, not %d", a.NCards)
			}
		default:
			return "want pN sm [CARDS]"
		}
	case "pb":
		return "bring-ins (pb) do not exist in NT hands"
	case "sd":
		return "draws (sd) do not exist in NT hands"
	default:
		return fmt.Sprintf("unknown action %q (want f, cc, cbr or sm)", tok[1])
	}
	return ""
}

// isSpaceByte reports the ASCII whitespace that separates words of an action.
func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func parsePlayer(s string) (int, string) {
	if len(s) < 2 || s[0] != 'p' {
		return 0, fmt.Sprintf("bad player %q (want p1, p2, ...)", s)
	}
	p, err := strconv.Atoi(s[1:])
	if err != nil || p < 1 || s[1] == '0' || s[1] == '+' {
		return 0, fmt.Sprintf("bad player %q (want p1, p2, ...)", s)
	}
	return p, ""
}

// parseCardsInto reads concatenated cards ("AsKd", "????") into a.Cards.
func parseCardsInto(s string, a *Action) string {
	if len(s)%2 != 0 {
		return fmt.Sprintf("cards %q: a card is two characters", s)
	}
	if len(s)/2 > len(a.Cards) {
		return fmt.Sprintf("cards %q: too many cards", s)
	}
	a.NCards = 0
	for i := 0; i < len(s); i += 2 {
		c := holdem.Unknown
		if s[i] != '?' || s[i+1] != '?' {
			r, ok1 := cards.ParseRank(s[i])
			su, ok2 := cards.ParseSuit(s[i+1])
			if !ok1 || !ok2 {
				return fmt.Sprintf("cards %q: bad card %q at column %d", s, s[i:i+2], i+1)
			}
			c = cards.NewCard(r, su)
			for _, d := range a.Cards[:a.NCards] {
				if d == c {
					return fmt.Sprintf("cards %q: %s appears twice", s, c)
				}
			}
		}
		a.Cards[a.NCards] = c
		a.NCards++
	}
	return ""
}

// text renders the action in canonical notation with integer amounts, for
// messages before the hand's unit is known.
func (a *Action) text() string { return a.format(-1) }

// format renders the action in canonical PHH notation with amounts in
// 10^-decimals units (decimals < 0: the amount as written).
func (a *Action) format(decimals int) string {
	return string(a.appendText(make([]byte, 0, 32), decimals))
}

// appendText appends the action's notation to b (format's text; a
// hand's actions are written this way, without fmt, as every stored hand
// is written once).
func (a *Action) appendText(b []byte, decimals int) []byte {
	player := func(b []byte, p int) []byte {
		return strconv.AppendInt(append(b, 'p'), int64(p), 10)
	}
	switch a.Kind {
	case DealHole:
		b = player(append(b, "d dh "...), a.Receiver)
		b = appendCards(append(b, ' '), a.Cards[:a.NCards])
	case DealBoard:
		b = appendCards(append(b, "d db "...), a.Cards[:a.NCards])
	case Fold:
		b = append(player(b, a.Player), " f"...)
	case CheckCall:
		b = append(player(b, a.Player), " cc"...)
	case BetRaise:
		// The amount as written when it still says the same ("3.00"),
		// else in canonical form.
		text := a.amountRaw
		if decimals >= 0 {
			text = formatUnits(a.Amount, decimals)
		}
		if a.amountRaw != "" && decimals >= 0 {
			if x, err := parseDecimal(a.amountRaw); err == nil {
				if v, err := x.units(decimals); err == nil && v == a.Amount {
					text = a.amountRaw
				}
			}
		}
		b = append(append(player(b, a.Player), " cbr "...), text...)
	case ShowMuck:
		b = append(player(b, a.Player), " sm"...)
		if a.ShowDealt {
			b = append(b, " -"...)
		} else if a.NCards > 0 {
			b = appendCards(append(b, ' '), a.Cards[:a.NCards])
		}
	}
	if a.Comment != "" {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(append(b, "# "...), a.Comment...)
	}
	return b
}

// appendCards appends cards as cardText writes them.
func appendCards(b []byte, cs []cards.Card) []byte {
	for _, c := range cs {
		if c == holdem.Unknown {
			b = append(b, "??"...)
		} else {
			b = append(b, c.String()...)
		}
	}
	return b
}

func cardText(cs []cards.Card) string {
	var b strings.Builder
	for _, c := range cs {
		if c == holdem.Unknown {
			b.WriteString("??")
		} else {
			b.WriteString(c.String())
		}
	}
	return b.String()
}
