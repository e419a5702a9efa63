package spot

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"pokerlab/cards"
	"pokerlab/equity"
	"pokerlab/internal/base/fileerr"
	"pokerlab/internal/base/tomlline"
)

// Street is a betting round of a spot.
type Street uint8

// The streets a spot can start on.
const (
	Flop Street = iota
	Turn
	River
)

func (s Street) String() string {
	switch s {
	case Flop:
		return "flop"
	case Turn:
		return "turn"
	case River:
		return "river"
	}
	return "?"
}

// Players. OOP (out of position) acts first on every street.
const (
	OOP = 0
	IP  = 1
)

// PlayerName returns "OOP" or "IP".
func PlayerName(p int) string {
	if p == OOP {
		return "OOP"
	}
	return "IP"
}

// BetSizes are the sizes a player may use on one street: first bets and
// raises.
type BetSizes struct {
	Bet   []Size
	Raise []Size
}

// Default thresholds: postflop-solver's example configuration and the
// defaults of its desktop application.
const (
	DefaultAddAllIn   = 1.5
	DefaultForceAllIn = 0.15
	DefaultMerging    = 0.1
)

// MaxChips bounds pot + 2·stack so that every amount fits in 32 bits, as in
// postflop-solver.
const MaxChips = math.MaxInt32

// Spot is a heads-up No-Limit Hold'em subgame: the board, the pot, the
// effective stack, both ranges and the betting abstraction. Parse one with
// ParseSpot; build the action tree with NewActionTree.
type Spot struct {
	Board []cards.Card // 3, 4 or 5 cards in the order given
	Pot   int          // chips in the middle when the spot starts, > 0
	Stack int          // effective stack behind, ≥ 0 (0: the hand goes to showdown)

	// Ranges of OOP and IP as written (standard notation with weights) and as
	// parsed.
	RangeText [2]string
	Ranges    [2]*equity.Range

	// Sizes[street][player]; Donk[Turn] and Donk[River] are OOP's sizes for
	// a first bet after calling the previous street, nil to use Sizes.
	Sizes [3][2]BetSizes
	Donk  [3][]Size

	AddAllIn   float64 // add all-in when max bet ≤ AddAllIn × pot (0: never)
	ForceAllIn float64 // a bet leaving ≤ ForceAllIn × pot after a call becomes all-in (0: never)
	Merging    float64 // merge bets closer than this (PioSOLVER's rule; 0: never)
	Rake       float64 // rake rate in [0, 1]
	RakeCap    float64 // rake cap in chips (+Inf: none)
	MaxRaises  int     // raises allowed per street; -1: no cap
}

// Street returns the street the spot starts on.
func (s *Spot) Street() Street { return Street(len(s.Board) - 3) }

// BoardSet returns the board cards as a set.
func (s *Spot) BoardSet() cards.Set { return cards.SetOf(s.Board...) }

// NewSpot returns a spot with the default thresholds and no sizes; fill
// Board, Pot, Stack and the ranges (SetRange) before use.
func NewSpot() *Spot {
	return &Spot{AddAllIn: DefaultAddAllIn, ForceAllIn: DefaultForceAllIn, Merging: DefaultMerging,
		RakeCap: math.Inf(1), MaxRaises: -1}
}

// SpotError reports a bad spot: the file, the line (0 when unknown), the
// key and why.
type SpotError struct {
	File string
	Line int
	Key  string
	Msg  string
}

func (e *SpotError) Error() string { return fileerr.Format(e.File, e.Line, e.Key, e.Msg) }

// ParseSpot reads a spot in TOML (every key is documented in docs/spot.md):
//
//	board = "Td9d6hQc"   # 3, 4 or 5 cards
//	pot = 200            # chips in the middle
//	stack = 900          # effective stack behind
//	oop = "66+,A8s+,AJo+"
//	ip  = "QQ-22,AQs-A2s,ATo+"
//	add_allin = 1.5      # force_allin = 0.15, merging = 0.1, rake = 0.05, rake_cap = 3, max_raises = 3
//	[sizes]              # every street and both players unless overridden
//	bet = "60%, a"
//	raise = "2.5x"
//	donk = "50%"         # optional, turn and river
//	[sizes.river]        # a street: bet, raise, donk
//	[sizes.river.oop]    # a street and a player: bet, raise
//	[sizes.ip]           # a player on every street: bet, raise
//
// file names the source in errors, which give the line and the key.
func ParseSpot(src, file string) (*Spot, error) {
	var raw map[string]any
	if _, err := toml.Decode(src, &raw); err != nil {
		if pe, ok := err.(toml.ParseError); ok {
			return nil, &SpotError{File: file, Line: pe.Position.Line, Msg: pe.Message}
		}
		return nil, &SpotError{File: file, Msg: err.Error()}
	}
	d := &decoder{file: file, lines: tomlline.Index(src)}
	sp := NewSpot()
	if err := d.decode(sp, raw); err != nil {
		return nil, err
	}
	return sp, nil
}

type decoder struct {
	file  string
	lines tomlline.Lines
}

// errAt returns a SpotError for key (dotted path) with its line.
func (d *decoder) errAt(key, format string, args ...any) error {
	return &SpotError{File: d.file, Line: d.lines.Of(key), Key: key, Msg: fmt.Sprintf(format, args...)}
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "an array"
	}
	return fmt.Sprintf("%T", v)
}

func (d *decoder) str(key string, v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", d.errAt(key, "want a string, got %s", tomlType(v))
	}
	return s, nil
}

func (d *decoder) chips(key string, v any) (int64, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int64(x), nil
		}
		return 0, d.errAt(key, "want a whole number of chips, got %v", x)
	}
	return 0, d.errAt(key, "want a whole number of chips, got %s", tomlType(v))
}

func (d *decoder) number(key string, v any) (float64, error) {
	var f float64
	switch x := v.(type) {
	case int64:
		f = float64(x)
	case float64:
		f = x
	default:
		return 0, d.errAt(key, "want a number, got %s", tomlType(v))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, d.errAt(key, "want a finite number, got %v", f)
	}
	return f, nil
}

// sizeSpec collects the size lists given at one level of [sizes].
type sizeSpec struct {
	bet, raise, donk []Size
	hasBet           bool
	hasRaise         bool
	hasDonk          bool
}

func (d *decoder) decode(sp *Spot, raw map[string]any) error {
	var (
		haveBoard, havePot, haveStack bool
		haveRange                     [2]bool
	)
	// Sizes: level 0 [sizes], per street, per player, per street and player.
	var all sizeSpec
	var street [3]sizeSpec
	var player [2]sizeSpec
	var both [3][2]sizeSpec
	for _, key := range slices.Sorted(maps.Keys(raw)) {
		v := raw[key]
		switch key {
		case "board":
			s, err := d.str(key, v)
			if err != nil {
				return err
			}
			cs, err := cards.ParseCards(s)
			if err != nil {
				return d.errAt(key, "%v", err)
			}
			if len(cs) < 3 || len(cs) > 5 {
				return d.errAt(key, "%q has %d cards; a spot starts on the flop (3 cards), turn (4) or river (5)", s, len(cs))
			}
			sp.Board = cs
			haveBoard = true
		case "pot", "stack":
			n, err := d.chips(key, v)
			if err != nil {
				return err
			}
			if key == "pot" {
				if n <= 0 {
					return d.errAt(key, "%d: the pot must be positive", n)
				}
				if n > MaxChips {
					return d.errAt(key, "%d: overflows %d chips", n, MaxChips)
				}
				sp.Pot, havePot = int(n), true
			} else {
				if n < 0 {
					return d.errAt(key, "%d: the stack must be zero or positive", n)
				}
				if n > MaxChips {
					return d.errAt(key, "%d: overflows %d chips", n, MaxChips)
				}
				sp.Stack, haveStack = int(n), true
			}
		case "oop", "ip":
			p := OOP
			if key == "ip" {
				p = IP
			}
			s, err := d.str(key, v)
			if err != nil {
				return err
			}
			r, err := equity.ParseRange(s)
			if err != nil {
				return d.errAt(key, "%v", err)
			}
			sp.RangeText[p], sp.Ranges[p] = s, r
			haveRange[p] = true
		case "add_allin", "force_allin", "merging", "rake", "rake_cap":
			f, err := d.number(key, v)
			if err != nil {
				return err
			}
			if f < 0 {
				return d.errAt(key, "%v: must not be negative", f)
			}
			switch key {
			case "add_allin":
				sp.AddAllIn = f
			case "force_allin":
				sp.ForceAllIn = f
			case "merging":
				sp.Merging = f
			case "rake":
				if f > 1 {
					return d.errAt(key, "%v: a rake rate is at most 1", f)
				}
				sp.Rake = f
			case "rake_cap":
				sp.RakeCap = f
			}
		case "max_raises":
			n, ok := v.(int64)
			if !ok || n < 0 || n > 100 {
				return d.errAt(key, "want a whole number from 0 to 100, got %v", v)
			}
			sp.MaxRaises = int(n)
		case "sizes":
			tab, ok := v.(map[string]any)
			if !ok {
				return d.errAt(key, "want a table [sizes]")
			}
			if err := d.sizeTable("sizes", tab, &all, true, func(sub string, t map[string]any) error {
				switch sub {
				case "flop", "turn", "river":
					st := map[string]Street{"flop": Flop, "turn": Turn, "river": River}[sub]
					return d.sizeTable("sizes."+sub, t, &street[st], st != Flop, func(pl string, t2 map[string]any) error {
						p, ok := map[string]int{"oop": OOP, "ip": IP}[pl]
						if !ok {
							return d.errAt("sizes."+sub+"."+pl, "unknown table; a street's sizes take bet, raise, donk and the tables oop, ip")
						}
						return d.sizeTable("sizes."+sub+"."+pl, t2, &both[st][p], false, nil)
					})
				case "oop", "ip":
					p := map[string]int{"oop": OOP, "ip": IP}[sub]
					return d.sizeTable("sizes."+sub, t, &player[p], false, nil)
				}
				return d.errAt("sizes."+sub, "unknown table; [sizes] takes bet, raise, donk and the tables flop, turn, river, oop, ip")
			}); err != nil {
				return err
			}
		default:
			return d.errAt(key, "unknown key; a spot has board, pot, stack, oop, ip, [sizes], add_allin, force_allin, merging, rake, rake_cap, max_raises")
		}
	}
	switch {
	case !haveBoard:
		return &SpotError{File: d.file, Key: "board", Msg: `missing: a spot needs board = "..." (3, 4 or 5 cards)`}
	case !havePot:
		return &SpotError{File: d.file, Key: "pot", Msg: "missing: a spot needs pot = <chips>"}
	case !haveStack:
		return &SpotError{File: d.file, Key: "stack", Msg: "missing: a spot needs stack = <chips>"}
	case !haveRange[OOP]:
		return &SpotError{File: d.file, Key: "oop", Msg: `missing: a spot needs the OOP range, oop = "..."`}
	case !haveRange[IP]:
		return &SpotError{File: d.file, Key: "ip", Msg: `missing: a spot needs the IP range, ip = "..."`}
	}
	// Resolve the size lists, most specific first.
	for st := Flop; st <= River; st++ {
		for p := range 2 {
			for _, lv := range []*sizeSpec{&both[st][p], &street[st], &player[p], &all} {
				if lv.hasBet {
					sp.Sizes[st][p].Bet = lv.bet
					break
				}
			}
			for _, lv := range []*sizeSpec{&both[st][p], &street[st], &player[p], &all} {
				if lv.hasRaise {
					sp.Sizes[st][p].Raise = lv.raise
					break
				}
			}
		}
		if st != Flop {
			for _, lv := range []*sizeSpec{&street[st], &all} {
				if lv.hasDonk {
					sp.Donk[st] = lv.donk
					if sp.Donk[st] == nil {
						sp.Donk[st] = []Size{}
					}
					break
				}
			}
		}
	}
	if err := sp.Validate(); err != nil {
		if se, ok := err.(*SpotError); ok {
			se.File = d.file
			se.Line = d.lines.Of(se.Key)
		}
		return err
	}
	return nil
}

// sizeTable reads bet, raise and (when donk is allowed) donk from tab and
// passes sub-tables to sub.
func (d *decoder) sizeTable(path string, tab map[string]any, out *sizeSpec, donk bool, sub func(string, map[string]any) error) error {
	for _, k := range slices.Sorted(maps.Keys(tab)) {
		v := tab[k]
		key := path + "." + k
		if t, ok := v.(map[string]any); ok {
			if sub == nil {
				return d.errAt(key, "unknown table; %s takes bet and raise", path)
			}
			if err := sub(k, t); err != nil {
				return err
			}
			continue
		}
		var use SizeUse
		switch k {
		case "bet":
			use = ForBet
		case "raise":
			use = ForRaise
		case "donk":
			if !donk {
				return d.errAt(key, "donk sizes belong to [sizes], [sizes.turn] or [sizes.river] (OOP's first bet after calling the previous street)")
			}
			use = ForDonk
		default:
			want := "bet, raise"
			if donk {
				want += ", donk"
			}
			return d.errAt(key, "unknown key; %s takes %s", path, want)
		}
		s, err := d.str(key, v)
		if err != nil {
			return err
		}
		sizes, err := ParseSizes(s, use)
		if err != nil {
			return d.errAt(key, "%v", err)
		}
		switch k {
		case "bet":
			out.bet, out.hasBet = sizes, true
		case "raise":
			out.raise, out.hasRaise = sizes, true
		case "donk":
			out.donk, out.hasDonk = sizes, true
		}
	}
	return nil
}

// Validate checks a spot built in Go (ParseSpot calls it): board, pot,
// stack, ranges and thresholds. The error names the key.
func (s *Spot) Validate() error {
	bad := func(key, format string, args ...any) error {
		return &SpotError{Key: key, Msg: fmt.Sprintf(format, args...)}
	}
	if len(s.Board) < 3 || len(s.Board) > 5 {
		return bad("board", "%d cards; a spot starts on the flop (3 cards), turn (4) or river (5)", len(s.Board))
	}
	var seen cards.Set
	for _, c := range s.Board {
		if !c.Valid() {
			return bad("board", "invalid card %d", c)
		}
		if seen.Has(c) {
			return bad("board", "%s appears twice", c)
		}
		seen = seen.Add(c)
	}
	switch {
	case s.Pot <= 0:
		return bad("pot", "%d: the pot must be positive", s.Pot)
	case s.Stack < 0:
		return bad("stack", "%d: the stack must be zero or positive", s.Stack)
	case int64(s.Pot)+2*int64(s.Stack) > MaxChips:
		return bad("stack", "pot + 2 × stack = %d overflows %d chips", int64(s.Pot)+2*int64(s.Stack), MaxChips)
	}
	for _, th := range []struct {
		key string
		v   float64
	}{{"add_allin", s.AddAllIn}, {"force_allin", s.ForceAllIn}, {"merging", s.Merging}, {"rake", s.Rake}, {"rake_cap", s.RakeCap}} {
		if !(th.v >= 0) || math.IsInf(th.v, -1) {
			return bad(th.key, "%v: must not be negative", th.v)
		}
	}
	if s.Rake > 1 {
		return bad("rake", "%v: a rake rate is at most 1", s.Rake)
	}
	if math.IsInf(s.AddAllIn, 1) || math.IsInf(s.ForceAllIn, 1) || math.IsInf(s.Merging, 1) {
		return bad("add_allin", "thresholds must be finite")
	}
	board := s.BoardSet()
	for p, key := range []string{"oop", "ip"} {
		r := s.Ranges[p]
		if r == nil {
			return bad(key, "missing range")
		}
		// An exact combination written in the range must not use a board
		// card: that is a typo, not card removal.
		if item, c, ok := clashingCombo(s.RangeText[p], board); ok {
			return bad(key, "%q: %s is on the board %s", item, c, cards.FormatCards(s.Board))
		}
		n := 0
		for _, cb := range r.Combos() {
			if !cb.Hole.Set().Overlaps(board) {
				n++
			}
		}
		if n == 0 {
			return bad(key, "%q: no combination is left after removing the board cards %s", s.RangeText[p], cards.FormatCards(s.Board))
		}
	}
	var mass float64
	ip := s.Ranges[IP].Combos()
	for _, a := range s.Ranges[OOP].Combos() {
		if a.Hole.Set().Overlaps(board) {
			continue
		}
		for _, b := range ip {
			if !b.Hole.Set().Overlaps(board | a.Hole.Set()) {
				mass += a.Weight * b.Weight
			}
		}
	}
	if mass == 0 {
		return bad("ip", "no deal is possible: every IP combination shares a card with every OOP combination")
	}
	for st := range s.Sizes {
		for p := range s.Sizes[st] {
			for _, sz := range s.Sizes[st][p].Bet {
				if sz.Kind == PrevBetRelative || sz.Cap != 0 {
					return bad("sizes", "%s bet size %s of %s is only for raises", Street(st), sz, PlayerName(p))
				}
			}
		}
	}
	return nil
}

// clashingCombo finds an exact combination item ("AsKs", "AsKs:0.5") of a
// range text that uses a card of board.
func clashingCombo(text string, board cards.Set) (item string, c cards.Card, ok bool) {
	for _, it := range strings.Split(text, ",") {
		it = strings.TrimSpace(it)
		body, _, _ := strings.Cut(it, ":")
		body = strings.TrimSpace(body)
		if len(body) != 4 {
			continue
		}
		cs, err := cards.ParseCards(body)
		if err != nil || len(cs) != 2 {
			continue
		}
		for _, x := range cs {
			if board.Has(x) {
				return it, x, true
			}
		}
	}
	return "", 0, false
}

// Format writes the spot as TOML that ParseSpot reads back to an equal spot
// (every size list spelt out per street and player).
func (s *Spot) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "board = %q\n", strings.ReplaceAll(cards.FormatCards(s.Board), " ", ""))
	fmt.Fprintf(&b, "pot = %d\nstack = %d\n", s.Pot, s.Stack)
	fmt.Fprintf(&b, "oop = %q\nip = %q\n", s.RangeText[OOP], s.RangeText[IP])
	fmt.Fprintf(&b, "add_allin = %s\nforce_allin = %s\nmerging = %s\n", ftoa(s.AddAllIn), ftoa(s.ForceAllIn), ftoa(s.Merging))
	if s.Rake > 0 {
		fmt.Fprintf(&b, "rake = %s\n", ftoa(s.Rake))
	}
	if !math.IsInf(s.RakeCap, 1) {
		fmt.Fprintf(&b, "rake_cap = %s\n", ftoa(s.RakeCap))
	}
	if s.MaxRaises >= 0 {
		fmt.Fprintf(&b, "max_raises = %d\n", s.MaxRaises)
	}
	for st := s.Street(); st <= River; st++ {
		if st != Flop && s.Donk[st] != nil {
			fmt.Fprintf(&b, "[sizes.%s]\ndonk = %q\n", st, FormatSizes(s.Donk[st]))
		}
		for p, name := range []string{"oop", "ip"} {
			fmt.Fprintf(&b, "[sizes.%s.%s]\nbet = %q\nraise = %q\n", st, name,
				FormatSizes(s.Sizes[st][p].Bet), FormatSizes(s.Sizes[st][p].Raise))
		}
	}
	return b.String()
}

func ftoa(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}
