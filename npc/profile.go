package npc

import (
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"pokerlab/internal/base/fileerr"
	"pokerlab/internal/base/tomlline"
)

// Variant is the NPC design note's position variant of the postflop stats:
// with two players left in the hand, in position (IP) or out of position
// (OOP); with three, IP, in the middle (MP) or OOP; with four or more, the
// base stats.
type Variant uint8

// The position variants.
const (
	Multiway Variant = iota
	HeadsUpIP
	HeadsUpOOP
	ThreeWayIP
	ThreeWayMP
	ThreeWayOOP
	NumVariants
)

// allVariants names calibration maps pooled over the variants.
const allVariants = NumVariants

var variantNames = [NumVariants + 1]string{"multiway", "two_way.ip", "two_way.oop", "three_way.ip", "three_way.mp", "three_way.oop", "all"}

func (v Variant) String() string { return variantNames[v] }

// Sizes are the bet sizes of a profile (the NPC design note: fixed
// multipliers, "Bet はポットの50%、Raiseはベット額の3倍など").
type Sizes struct {
	Open        float64              // raise first in, big blinds
	OpenLimper  float64              // added per limper, big blinds
	OpenSB      float64              // small blind's raise first in, big blinds
	ThreeBetIP  float64              // 3-bet to this multiple of the raise faced, in position
	ThreeBetOOP float64              // the same out of position (from the blinds)
	FourBet     float64              // 4-bet to this multiple of the 3-bet
	Bet         [numPostflop]float64 // postflop bet, fraction of the pot, by street
	Raise       float64              // postflop raise to this multiple of the bet
	ThreeBet    float64              // postflop 3-bet to this multiple of the raise
}

// DefaultSizes are the sizes a profile leaves out.
var DefaultSizes = Sizes{Open: 2.5, OpenLimper: 1, OpenSB: 3, ThreeBetIP: 3, ThreeBetOOP: 3.75, FourBet: 2.3,
	Bet: [numPostflop]float64{0.5, 0.6, 0.7}, Raise: 3, ThreeBet: 2.5}

var sizeKeys = []struct {
	key      string
	get      func(*Sizes) *float64
	min, max float64
}{
	{"open", func(s *Sizes) *float64 { return &s.Open }, 1, 100},
	{"open_limper", func(s *Sizes) *float64 { return &s.OpenLimper }, 0, 100},
	{"open_sb", func(s *Sizes) *float64 { return &s.OpenSB }, 1, 100},
	{"three_bet_ip", func(s *Sizes) *float64 { return &s.ThreeBetIP }, 1.5, 100},
	{"three_bet_oop", func(s *Sizes) *float64 { return &s.ThreeBetOOP }, 1.5, 100},
	{"four_bet", func(s *Sizes) *float64 { return &s.FourBet }, 1.5, 100},
	{"bet_flop", func(s *Sizes) *float64 { return &s.Bet[FlopIdx] }, 0.05, 10},
	{"bet_turn", func(s *Sizes) *float64 { return &s.Bet[TurnIdx] }, 0.05, 10},
	{"bet_river", func(s *Sizes) *float64 { return &s.Bet[RiverIdx] }, 0.05, 10},
	{"raise", func(s *Sizes) *float64 { return &s.Raise }, 1.5, 100},
	{"three_bet", func(s *Sizes) *float64 { return &s.ThreeBet }, 1.5, 100},
}

// Profile configures an NPC by HUD stats (the NPC design note). Stats are
// fractions in [0, 1]; in files they are percentages.
type Profile struct {
	Name        string
	Description string
	// Stats are the base values (every stat; the ones not given are the
	// documented defaults, see DefaultStats).
	Stats Stats
	// Given marks the stats the profile file set.
	Given [NumStats]bool
	// Pos holds the postflop stats by position variant (Pos[Multiway] =
	// Stats); a variant inherits the base value of every stat it does not
	// set.
	Pos      [NumVariants]Stats
	PosGiven [NumVariants][NumStats]bool
	Sizes    Sizes
	// Bluff is the share of the bets and raises taken from the bottom of
	// the range instead of the top (0 = none); the stats are unchanged.
	Bluff float64
	// PreflopMixing is the standard deviation σ of the noise added to a
	// hand's preflop quantile u before the thresholds ([play]
	// preflop_mixing, in percent; 0 = none): the hand acts as
	// fold(u + σz), z standard normal, folded back into [0, 1] at its
	// ends. A uniform u stays uniform under it, so every rate is kept;
	// what changes is that hands near a threshold play both ways, as
	// people (and equilibrium strategies) mix. Clones learn it from the
	// player's hands with known cards (LearnMixing).
	PreflopMixing float64
	// Calibration corrects the thresholds (see Calibrate); zero value: none.
	Calibration Calibration

	// Preflop holds the preflop rates by position ([position.btn] ...)
	// where PreflopGiven says so; the policy uses the aggregate stats
	// elsewhere.
	Preflop      [NumPositions][NumPosStats]float64
	PreflopGiven [NumPositions][NumPosStats]bool
	// Pot holds the heads-up postflop stats by pot type (single-raised,
	// 3-bet pot) and side (in position, out of position): [srp.ip] ...
	// Where not given the heads-up variant applies.
	Pot      [2][2]Stats
	PotGiven [2][2][NumStats]bool
	// BetSizes are learned size distributions ([bet_sizes]); an empty
	// one leaves the fixed size of Sizes.
	BetSizes [NumSizeSpots]SizeDist
	// Ranges are the hand classes seen entering the pot by position
	// (counts of shown hands, [ranges.btn] ...), where RangeGiven.
	Ranges     [NumPositions][numClasses]float64
	RangeGiven [NumPositions]bool
}

// ProfileError reports a bad profile; File and Line locate it when known.
type ProfileError struct {
	File string
	Line int
	Key  string
	Msg  string
}

func (e *ProfileError) Error() string { return fileerr.Format(e.File, e.Line, e.Key, e.Msg) }

// NewProfile returns a profile named name with every stat at its default.
func NewProfile(name string) *Profile {
	p := &Profile{Name: name, Stats: defaultStats(), Sizes: DefaultSizes}
	p.Calibration.reset()
	p.fillVariants()
	return p
}

// Set sets stat s (a fraction) in the base stats and every variant that
// does not override it.
func (p *Profile) Set(s Stat, v float64) {
	p.Stats[s] = v
	p.Given[s] = true
	p.fillVariants()
}

// fillVariants copies the base stats into the variants where not
// overridden.
func (p *Profile) fillVariants() {
	for v := range NumVariants {
		for s := range Stat(NumStats) {
			if v == Multiway || !p.PosGiven[v][s] {
				p.Pos[v][s] = p.Stats[s]
			}
		}
	}
}

// ReadProfileFile reads a profile file.
func ReadProfileFile(path string) (*Profile, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseProfile(string(src), path)
}

// ParseProfile reads a profile from TOML source; file names the source in
// errors. The format (docs/npc.md):
//
//	name = "tag"
//	description = "tight-aggressive regular"
//	base = "tag"       # optional: start from a built-in profile
//	[stats]            # percentages, keys as `pokerlab hud --json`
//	vpip = 22
//	cbet_flop = 65
//	[two_way.ip]       # postflop stats when two players are left, in position
//	cbet_flop = 72     # also two_way.oop, three_way.ip/mp/oop
//	[sizes]            # open = 2.5 (bb), bet_flop = 0.5 (pot), raise = 3 (x) ...
//	[play]
//	bluff = 10         # percent of bets and raises from the bottom of the range
//	[calibration]      # written by `pokerlab npc calibrate`
//
// and the optional tables a learned profile has (`pokerlab npc clone`),
// each used by the policy where present, the aggregate stats elsewhere:
//
//	[position.btn]     # preflop rates by position (utg, utg1 ... co, btn, sb, bb), percent:
//	rfi = 45           # rfi, limp, cold_call, three_bet, fold_to_three_bet, four_bet, fold_to_steal,
//	                   # iso_raise, over_limp, option_raise, limp_raise, limp_call, cold_four_bet,
//	                   # cold_fold_to_three_bet, squeeze, over_call
//	[srp.ip]           # heads-up postflop stats in single-raised pots in position
//	cbet_flop = 70     # also srp.oop, three_bet_pot.ip, three_bet_pot.oop
//	[bet_sizes]        # learned distributions, [[size, weight], ...]: open_<pos> (bb),
//	open_btn = [[2.2, 30], [2.5, 10]]  # three_bet_ip|oop, four_bet_ip|oop (× the bet faced),
//	                   # bet_<street>[_srp|_three_bet_pot] (× the pot), raise (× the bet)
//	[ranges.co]        # hand classes shown entering the pot first in, with their counts
//	22 = 3
func ParseProfile(src, file string) (*Profile, error) {
	var raw map[string]any
	if _, err := toml.Decode(src, &raw); err != nil {
		return nil, tomlError(file, err)
	}
	return parseRaw(raw, tomlline.Index(src), file)
}

// parseRaw builds a profile from its decoded tables (TOML or JSON).
func parseRaw(raw map[string]any, lines tomlline.Lines, file string) (*Profile, error) {
	p := NewProfile("")
	if b, ok := raw["base"]; ok {
		name, ok := b.(string)
		if !ok {
			return nil, &ProfileError{File: file, Line: lines.Of("base"), Key: "base", Msg: "want the name of a built-in profile"}
		}
		base, err := Archetype(name)
		if err != nil {
			return nil, &ProfileError{File: file, Line: lines.Of("base"), Key: "base", Msg: err.Error()}
		}
		p.Stats, p.Pos, p.PosGiven, p.Sizes, p.Bluff, p.PreflopMixing = base.Stats, base.Pos, base.PosGiven, base.Sizes, base.Bluff, base.PreflopMixing
		p.Preflop, p.PreflopGiven, p.Pot, p.PotGiven = base.Preflop, base.PreflopGiven, base.Pot, base.PotGiven
		p.BetSizes, p.Ranges, p.RangeGiven = base.BetSizes, base.Ranges, base.RangeGiven
	}
	if err := p.decode(raw, lines, file); err != nil {
		return nil, err
	}
	return p, nil
}

func tomlError(file string, err error) error {
	if pe, ok := err.(toml.ParseError); ok {
		return &ProfileError{File: file, Line: pe.Position.Line, Msg: pe.Message}
	}
	return &ProfileError{File: file, Msg: err.Error()}
}

func (p *Profile) decode(raw map[string]any, lines tomlline.Lines, file string) error {
	errAt := func(table []string, key, format string, args ...any) error {
		k := key
		if len(table) > 0 {
			k = strings.Join(table, ".") + "." + key
		}
		return &ProfileError{File: file, Line: lines.Of(k), Key: k, Msg: fmt.Sprintf(format, args...)}
	}
	for _, key := range slices.Sorted(maps.Keys(raw)) {
		val := raw[key]
		switch key {
		case "base":
			// handled by ParseProfile
		case "name", "description":
			s, ok := val.(string)
			if !ok {
				return errAt(nil, key, "want a string, got %s", tomlType(val))
			}
			if key == "name" {
				p.Name = s
			} else {
				p.Description = s
			}
		case "stats":
			tab, ok := val.(map[string]any)
			if !ok {
				return errAt(nil, key, "want a table [stats]")
			}
			for _, k := range slices.Sorted(maps.Keys(tab)) {
				s, v, err := statValue(tab[k], k, false)
				if err != nil {
					return errAt([]string{"stats"}, k, "%s", err)
				}
				p.Stats[s] = v
				p.Given[s] = true
			}
		case "two_way", "three_way":
			tab, ok := val.(map[string]any)
			if !ok {
				return errAt(nil, key, "want tables [%s.ip] ...", key)
			}
			for _, pos := range slices.Sorted(maps.Keys(tab)) {
				v, ok := variantByName()[key+"."+pos]
				if !ok {
					want := "ip, oop"
					if key == "three_way" {
						want = "ip, mp, oop"
					}
					return errAt([]string{key}, pos, "unknown position %q: want %s", pos, want)
				}
				sub, ok := tab[pos].(map[string]any)
				if !ok {
					return errAt([]string{key}, pos, "want a table [%s.%s]", key, pos)
				}
				for _, k := range slices.Sorted(maps.Keys(sub)) {
					s, x, err := statValue(sub[k], k, true)
					if err != nil {
						return errAt([]string{key, pos}, k, "%s", err)
					}
					p.Pos[v][s] = x
					p.PosGiven[v][s] = true
				}
			}
		case "sizes":
			tab, ok := val.(map[string]any)
			if !ok {
				return errAt(nil, key, "want a table [sizes]")
			}
			for _, k := range slices.Sorted(maps.Keys(tab)) {
				found := false
				for _, sk := range sizeKeys {
					if sk.key != k {
						continue
					}
					found = true
					x, ok := number(tab[k])
					if !ok {
						return errAt([]string{"sizes"}, k, "want a number, got %s", tomlType(tab[k]))
					}
					if x < sk.min || x > sk.max || math.IsNaN(x) {
						return errAt([]string{"sizes"}, k, "%v is out of range [%v, %v]", x, sk.min, sk.max)
					}
					*sk.get(&p.Sizes) = x
				}
				if !found {
					var names []string
					for _, sk := range sizeKeys {
						names = append(names, sk.key)
					}
					return errAt([]string{"sizes"}, k, "unknown size; want one of %s", strings.Join(names, ", "))
				}
			}
		case "play":
			tab, ok := val.(map[string]any)
			if !ok {
				return errAt(nil, key, "want a table [play]")
			}
			for _, k := range slices.Sorted(maps.Keys(tab)) {
				if k != "bluff" && k != "preflop_mixing" {
					return errAt([]string{"play"}, k, "unknown setting; want bluff or preflop_mixing")
				}
				x, ok := number(tab[k])
				if !ok || x < 0 || x > 50 || math.IsNaN(x) {
					return errAt([]string{"play"}, k, "want a percentage from 0 to 50")
				}
				if k == "bluff" {
					p.Bluff = x / 100
				} else {
					p.PreflopMixing = x / 100
				}
			}
		case "calibration":
			tab, ok := val.(map[string]any)
			if !ok {
				return errAt(nil, key, "want a table [calibration]")
			}
			if err := p.Calibration.decode(tab, func(k, format string, args ...any) error {
				return errAt([]string{"calibration"}, k, format, args...)
			}); err != nil {
				return err
			}
		default:
			if ok, err := p.decodeSpots(key, val, errAt); ok {
				if err != nil {
					return err
				}
				continue
			}
			return errAt(nil, key, "unknown setting; a profile has name, description, base, [stats], [two_way.ip|oop], [three_way.ip|mp|oop], [position.<pos>], [srp.ip|oop], [three_bet_pot.ip|oop], [sizes], [bet_sizes], [ranges.<pos>], [play], [calibration]")
		}
	}
	if p.Name == "" {
		return &ProfileError{File: file, Line: 1, Key: "name", Msg: "missing: a profile needs name = \"...\""}
	}
	p.fillVariants()
	if err := p.Validate(); err != nil {
		if pe, ok := err.(*ProfileError); ok {
			pe.File = file
			if pe.Line == 0 {
				pe.Line = pe.line(lines)
			}
		}
		return err
	}
	return nil
}

// line finds the line of the error's first key in the source (a key
// without a table is a stat of [stats]).
func (e *ProfileError) line(lines tomlline.Lines) int {
	key := e.Key
	if i := strings.IndexAny(key, " +>,"); i >= 0 {
		key = key[:i]
	}
	if !strings.Contains(key, ".") {
		key = "stats." + key
	}
	return lines.Of(key)
}

// variantByName is built at first use (no work at start-up).
var variantByName = sync.OnceValue(func() map[string]Variant {
	m := map[string]Variant{}
	for v := HeadsUpIP; v < NumVariants; v++ {
		m[v.String()] = v
	}
	return m
})

// statValue checks one stat entry: a known key, a number in [0, 100].
func statValue(val any, key string, postflopOnly bool) (Stat, float64, error) {
	s, ok := StatByKey(key)
	if !ok {
		if outcomeKey(key) {
			return 0, 0, fmt.Errorf("%s is a result of play (a HUD outcome), not a setting; remove it", key)
		}
		if key == "pfr_all_hands" {
			return 0, 0, fmt.Errorf("pfr_all_hands is PFR over all hands (older PokerTracker); a profile sets pfr (over the hands where a raise was possible)")
		}
		if sugg := suggestKey(key); sugg != "" {
			return 0, 0, fmt.Errorf("unknown stat key %q (did you mean %q?)", key, sugg)
		}
		return 0, 0, fmt.Errorf("unknown stat key %q; the keys are those of `pokerlab hud --json`", key)
	}
	if _, _, post := s.Postflop(); postflopOnly && !post {
		return 0, 0, fmt.Errorf("%s is a preflop stat; position variants hold postflop stats only", key)
	}
	x, ok := number(val)
	if !ok {
		return 0, 0, fmt.Errorf("want a percentage, got %s", tomlType(val))
	}
	if !(x >= 0 && x <= 100) {
		return 0, 0, fmt.Errorf("%v%% is outside 0–100", x)
	}
	return s, x / 100, nil
}

// suggestKey returns the known key closest to key by edit distance, if
// close.
func suggestKey(key string) string {
	best, bestD := "", 3
	for s := range Stat(NumStats) { // in stat order, so that a tie is decided the same way every time
		k := s.Key()
		if d := editDistance(k, key); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "an array"
	case int64, float64:
		return "a number"
	}
	return fmt.Sprintf("%T", v)
}

// Validate rejects profiles that cannot be played: a stat outside 0–100 %,
// PFR above VPIP, fold + raise above 100 % at a decision, and the other
// combinations whose actions at one decision add up to more than 100 %.
func (p *Profile) Validate() error {
	bad := func(key, format string, args ...any) error {
		return &ProfileError{Key: key, Msg: fmt.Sprintf(format, args...)}
	}
	for v := range NumVariants {
		for s := range Stat(NumStats) {
			if x := p.Pos[v][s]; !(x >= 0 && x <= 1) {
				return bad(s.Key(), "%v%% is outside 0–100", pct(x))
			}
		}
	}
	if x := p.PreflopMixing; !(x >= 0 && x <= MaxPreflopMixing) {
		return bad("play.preflop_mixing", "%v%% is outside 0–%v", pct(x), pct(MaxPreflopMixing))
	}
	st := &p.Stats
	if st[PFR] > st[VPIP] {
		return bad("pfr", "PFR %v%% > VPIP %v%%: every raise puts money in the pot voluntarily", pct(st[PFR]), pct(st[VPIP]))
	}
	sum := func(a, b Stat, what string) error {
		if st[a]+st[b] > 1+1e-9 {
			return bad(a.Key()+" + "+b.Key(), "%v%% + %v%% > 100%%: %s", pct(st[a]), pct(st[b]), what)
		}
		return nil
	}
	for _, c := range []struct {
		a, b Stat
		what string
	}{
		{FoldToThreeBet, FourBet, "an opener facing a 3-bet folds, calls or 4-bets"},
		{FoldToStealSB, ThreeBet, "the small blind facing a steal folds, calls or 3-bets"},
		{FoldToStealBB, ThreeBet, "the big blind facing a steal folds, calls or 3-bets"},
		{Steal, Limp, "a player first in raises, limps or folds"},
	} {
		if err := sum(c.a, c.b, c.what); err != nil {
			return err
		}
	}
	if st[PFR] > 0 && st[VPIP] == 0 {
		return bad("vpip", "0%% with PFR %v%%", pct(st[PFR]))
	}
	for v := range NumVariants {
		for street := range numPostflop {
			for _, pair := range [][2]PostflopKind{{FoldToCBet, RaiseCBet}, {FoldToDonk, RaiseDonk}, {FoldToBMCB, RaiseBMCB}} {
				a, b := PostflopStat(pair[0], street), PostflopStat(pair[1], street)
				if p.Pos[v][a]+p.Pos[v][b] > 1+1e-9 {
					key := a.Key() + " + " + b.Key()
					if v != Multiway {
						key = v.String() + "." + a.Key() + " + " + b.Key()
					}
					return bad(key, "%v%% + %v%% > 100%%: facing that bet the player folds, calls or raises",
						pct(p.Pos[v][a]), pct(p.Pos[v][b]))
				}
			}
		}
	}
	return p.validateSpots()
}

func pct(x float64) float64 { return math.Round(x*1e6) / 1e4 }

// WriteTOML writes the profile in the file format, every stat explicit
// (sorted as AllStats), variants and calibration included.
func (p *Profile) WriteTOML(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "name = %q\n", p.Name)
	if p.Description != "" {
		fmt.Fprintf(&b, "description = %q\n", p.Description)
	}
	b.WriteString("\n[stats]\n")
	for s := range Stat(NumStats) {
		fmt.Fprintf(&b, "%s = %s\n", s.Key(), fmtPct(p.Stats[s]))
	}
	for v := HeadsUpIP; v < NumVariants; v++ {
		first := true
		for s := range Stat(NumStats) {
			if !p.PosGiven[v][s] {
				continue
			}
			if first {
				fmt.Fprintf(&b, "\n[%s]\n", v)
				first = false
			}
			fmt.Fprintf(&b, "%s = %s\n", s.Key(), fmtPct(p.Pos[v][s]))
		}
	}
	b.WriteString("\n[sizes]\n")
	for _, sk := range sizeKeys {
		fmt.Fprintf(&b, "%s = %v\n", sk.key, *sk.get(&p.Sizes))
	}
	p.writeSpots(&b)
	if p.Bluff > 0 || p.PreflopMixing > 0 {
		b.WriteString("\n[play]\n")
		if p.Bluff > 0 {
			fmt.Fprintf(&b, "bluff = %s\n", fmtPct(p.Bluff))
		}
		if p.PreflopMixing > 0 {
			fmt.Fprintf(&b, "preflop_mixing = %s\n", fmtPct(p.PreflopMixing))
		}
	}
	p.Calibration.writeTOML(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// SizeValues returns the bet sizes by their profile-file keys (open,
// bet_flop, raise, …).
func (p *Profile) SizeValues() map[string]float64 {
	m := make(map[string]float64, len(sizeKeys))
	for _, sk := range sizeKeys {
		m[sk.key] = *sk.get(&p.Sizes)
	}
	return m
}

// fmtPct writes the fraction x as a percentage: the shortest decimal that
// reads back as exactly x (ParseProfile divides by 100), so a profile
// written and read again is the same profile.
func fmtPct(x float64) string {
	for dec := 0; dec <= 17; dec++ {
		d := strconv.FormatFloat(x*100, 'f', dec, 64)
		if v, err := strconv.ParseFloat(d, 64); err == nil && v/100 == x {
			return d
		}
	}
	return strconv.FormatFloat(x*100, 'f', -1, 64)
}
