package npc

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"pokerlab/holdem"
	"pokerlab/internal/base/tomlline"
)

// Table is a simulated table: blinds, the stack every player starts every
// hand with, and the seats (2–9) with their profiles.
type Table struct {
	SmallBlind, BigBlind, Ante, Stack int64
	Seats                             []Seat
	// Rules is the rule set the table plays under (the setting rules =
	// 'tda' or 'pokerkit'; TDA when absent).
	Rules holdem.RuleSet
	// Path is the table file's path ("" if built in code).
	Path string
}

// Seat is one player at a table.
type Seat struct {
	Name string
	// ProfileRef is how the table file names the profile: a built-in
	// archetype or a path relative to the table file.
	ProfileRef string
	Profile    *Profile
}

// ReadTableFile reads a table file.
func ReadTableFile(path string) (*Table, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseTable(string(src), path)
}

// ParseTable reads a table from TOML source; file names it in errors and
// locates relative profile paths. The format:
//
//	small_blind = 1
//	big_blind = 2
//	stack = 200          # chips, every seat, reset every hand
//	ante = 0             # optional
//	rules = "tda"        # optional: "tda" or "pokerkit" (holdem.RuleSet)
//	[[seats]]
//	name = "Alice"
//	profile = "tag"      # a built-in profile or a profile file, relative to this file
//	[seats.calibration]  # optional, written by `pokerlab npc calibrate`
func ParseTable(src, file string) (*Table, error) {
	var raw map[string]any
	if _, err := toml.Decode(src, &raw); err != nil {
		return nil, tomlError(file, err)
	}
	lines := tomlline.Index(src)
	// errAt: key of the root table, or of seat index's entry of [[seats]]
	// (seats[index+1].key; the entry itself if key is "").
	errAt := func(table []string, index int, key, format string, args ...any) error {
		k := key
		if len(table) > 0 {
			k = fmt.Sprintf("%s[%d]", table[0], index+1)
			if key != "" {
				k += "." + key
			}
		}
		return &ProfileError{File: file, Line: lines.Of(k), Key: k, Msg: fmt.Sprintf(format, args...)}
	}
	t := &Table{Path: file}
	amounts := map[string]*int64{"small_blind": &t.SmallBlind, "big_blind": &t.BigBlind, "ante": &t.Ante, "stack": &t.Stack}
	var seats []map[string]any
	for _, key := range slices.Sorted(maps.Keys(raw)) {
		val := raw[key]
		if p, ok := amounts[key]; ok {
			x, ok := val.(int64)
			if !ok || x < 0 {
				return nil, errAt(nil, 0, key, "want a whole number of chips ≥ 0, got %v", val)
			}
			*p = x
			continue
		}
		if key == "rules" {
			name, _ := val.(string)
			rs, err := holdem.ParseRuleSet(name)
			if err != nil {
				return nil, errAt(nil, 0, key, "%v", err)
			}
			t.Rules = rs
			continue
		}
		if key != "seats" {
			return nil, errAt(nil, 0, key, "unknown setting; a table has small_blind, big_blind, stack, ante, rules and [[seats]]")
		}
		arr, ok := val.([]map[string]any)
		if !ok {
			return nil, errAt(nil, 0, key, "want [[seats]] entries")
		}
		seats = arr
	}
	switch {
	case t.BigBlind <= 0:
		return nil, errAt(nil, 0, "big_blind", "missing or zero: a table needs a positive big blind")
	case t.SmallBlind > t.BigBlind:
		return nil, errAt(nil, 0, "small_blind", "%d exceeds the big blind %d", t.SmallBlind, t.BigBlind)
	case t.Stack <= 0:
		return nil, errAt(nil, 0, "stack", "missing or zero: every seat needs chips")
	case len(seats) < holdem.MinSeats || len(seats) > MaxSeats:
		return nil, &ProfileError{File: file, Line: lines.Of(fmt.Sprintf("seats[%d]", min(len(seats), MaxSeats+1))),
			Key: "seats", Msg: fmt.Sprintf("%d seats: a table has %d to %d", len(seats), holdem.MinSeats, MaxSeats)}
	}
	dir := filepath.Dir(file)
	names := map[string]int{}
	for i, s := range seats {
		var seat Seat
		var cal map[string]any
		for _, key := range slices.Sorted(maps.Keys(s)) {
			switch key {
			case "name", "profile":
				v, ok := s[key].(string)
				if !ok || v == "" {
					return nil, errAt([]string{"seats"}, i, key, "want a non-empty string")
				}
				if key == "name" {
					seat.Name = v
				} else {
					seat.ProfileRef = v
				}
			case "calibration":
				c, ok := s[key].(map[string]any)
				if !ok {
					return nil, errAt([]string{"seats"}, i, key, "want a table")
				}
				cal = c
			default:
				return nil, errAt([]string{"seats"}, i, key, "unknown setting; a seat has name, profile and [seats.calibration]")
			}
		}
		if seat.Name == "" {
			return nil, errAt([]string{"seats"}, i, "", "seat %d has no name", i+1)
		}
		if strings.ContainsAny(seat.Name, "'\"\n") {
			return nil, errAt([]string{"seats"}, i, "name", "%q: quotes and newlines are not allowed in names", seat.Name)
		}
		if j, dup := names[seat.Name]; dup {
			return nil, errAt([]string{"seats"}, i, "name", "%q is also the name of seat %d", seat.Name, j+1)
		}
		names[seat.Name] = i
		if seat.ProfileRef == "" {
			return nil, errAt([]string{"seats"}, i, "profile", "missing: give a built-in profile (%s) or a profile file", strings.Join(ArchetypeNames(), ", "))
		}
		p, err := LoadProfile(seat.ProfileRef, dir)
		if err != nil {
			return nil, fmt.Errorf("%s: seat %d (%s): %w", file, i+1, seat.Name, err)
		}
		if cal != nil {
			p.Calibration.reset()
			if err := p.Calibration.decode(cal, func(k, format string, args ...any) error {
				return errAt([]string{"seats"}, i, "calibration."+k, format, args...)
			}); err != nil {
				return nil, err
			}
		}
		seat.Profile = p
		t.Seats = append(t.Seats, seat)
	}
	// Every sum of chips the engine, the HUD and the writers form is at
	// most the chips at the table; bounding them keeps every sum exact.
	for _, key := range []string{"small_blind", "big_blind", "ante", "stack"} {
		if v := *amounts[key]; v > MaxTableChips {
			return nil, errAt(nil, 0, key, "%d chips is above the limit of %d (2⁵³−1, holdem.MaxChips) chips at a table", v, int64(MaxTableChips))
		}
	}
	if n := int64(len(t.Seats)); t.Stack > MaxTableChips/n {
		return nil, errAt(nil, 0, "stack", "%d seats × %d chips is above the limit of %d (2⁵³−1, holdem.MaxChips) chips at a table", n, t.Stack, int64(MaxTableChips))
	}
	return t, nil
}

// MaxTableChips bounds the chips at a simulated table (stack × seats, and
// each blind and the ante): the engine's own limit holdem.MaxChips, 2⁵³−1,
// below which float64 — and so every JSON reader — holds every whole number
// exactly. Sums of amounts at
// such a table cannot overflow int64 anywhere (the pot, the award, a raise
// to twice the largest bet), and the statistics and bet sizes computed in
// float64 stay exact.
const MaxTableChips = holdem.MaxChips

// IsProfileFile reports whether a profile reference names a file (it has a
// path separator or ends in .toml) rather than a built-in archetype.
func IsProfileFile(ref string) bool {
	return strings.ContainsAny(ref, "/\\") || strings.HasSuffix(ref, ".toml")
}

// LoadProfile resolves a profile reference: a built-in archetype's name, or
// a profile file path (relative paths are taken from dir).
func LoadProfile(ref, dir string) (*Profile, error) {
	if !IsProfileFile(ref) {
		return Archetype(ref)
	}
	path := ref
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	return ReadProfileFile(path)
}

// Config returns the engine configuration of the table with the button at
// seat button.
func (t *Table) Config(button int) holdem.Config {
	stacks := make([]int64, len(t.Seats))
	for i := range stacks {
		stacks[i] = t.Stack
	}
	return holdem.Config{Stacks: stacks, Button: button, SmallBlind: t.SmallBlind, BigBlind: t.BigBlind, Ante: t.Ante, Rules: t.Rules}
}

// WriteTOML writes the table file with each seat's calibration; profile
// paths are rewritten relative to the directory outDir the file goes to.
func (t *Table) WriteTOML(w io.Writer, outDir string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "small_blind = %d\nbig_blind = %d\nstack = %d\n", t.SmallBlind, t.BigBlind, t.Stack)
	if t.Ante > 0 {
		fmt.Fprintf(&b, "ante = %d\n", t.Ante)
	}
	if t.Rules != holdem.TDA {
		fmt.Fprintf(&b, "rules = %q\n", t.Rules.String())
	}
	for _, s := range t.Seats {
		ref := s.ProfileRef
		if strings.ContainsAny(ref, "/\\") || strings.HasSuffix(ref, ".toml") {
			abs := ref
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(filepath.Dir(t.Path), ref)
			}
			if a, err := filepath.Abs(abs); err == nil {
				abs = a
			}
			if od, err := filepath.Abs(outDir); err == nil {
				if rel, err := filepath.Rel(od, abs); err == nil {
					abs = rel
				}
			}
			ref = filepath.ToSlash(abs)
		}
		fmt.Fprintf(&b, "\n[[seats]]\nname = %q\nprofile = %q\n", s.Name, ref)
		var cb strings.Builder
		s.Profile.Calibration.writeTOML(&cb)
		text := strings.ReplaceAll(cb.String(), "[calibration", "[seats.calibration")
		b.WriteString(text)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
