package npc

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pokerlab/hh"
)

func TestArchetypesAreValid(t *testing.T) {
	names := ArchetypeNames()
	want := []string{"calling-station", "lag", "maniac", "nit", "regular", "tag"}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Fatalf("archetypes %v, want %v", names, want)
	}
	for _, n := range append(names, "tight-aggressive", "loose-aggressive", "station") {
		p, err := Archetype(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if p.Name == "" || p.Description == "" {
			t.Errorf("%s: name %q description %q", n, p.Name, p.Description)
		}
	}
	if _, err := Archetype("shark"); err == nil || !strings.Contains(err.Error(), "nit") {
		t.Errorf("unknown archetype: %v", err)
	}
}

func TestProfileDefaultsAndVariants(t *testing.T) {
	src := `name = "x"
[stats]
vpip = 30
cbet_flop = 70
[two_way.ip]
cbet_flop = 80
[three_way.mp]
fold_to_cbet_turn = 20
`
	p, err := ParseProfile(src, "x.toml")
	if err != nil {
		t.Fatal(err)
	}
	cb := PostflopStat(CBet, FlopIdx)
	ft := PostflopStat(FoldToCBet, TurnIdx)
	for _, c := range []struct {
		name string
		got  float64
		want float64
	}{
		{"vpip given", p.Stats[VPIP], 0.30},
		{"pfr default", p.Stats[PFR], DefaultStats()[PFR]},
		{"cbet base", p.Pos[Multiway][cb], 0.70},
		{"cbet IP override", p.Pos[HeadsUpIP][cb], 0.80},
		{"cbet OOP inherits", p.Pos[HeadsUpOOP][cb], 0.70},
		{"fold to cbet turn MP", p.Pos[ThreeWayMP][ft], 0.20},
		{"fold to cbet turn IP inherits default", p.Pos[ThreeWayIP][ft], DefaultStats()[ft]},
	} {
		if diff := c.got - c.want; diff > 1e-12 || diff < -1e-12 {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	// Target weights the variants by opportunities.
	var by [NumVariants][NumStats]int64
	by[Multiway][cb], by[HeadsUpIP][cb] = 3, 1
	if got := p.Target(cb, &by); got < 0.725-1e-12 || got > 0.725+1e-12 {
		t.Errorf("weighted target %v, want 0.725", got)
	}
}

func TestProfileRoundTrip(t *testing.T) {
	for _, n := range ArchetypeNames() {
		p, _ := Archetype(n)
		p.Calibration.OpenRate = 0.125
		p.Calibration.Maps = map[string][]float64{"cbet.turn.two_way.ip": make([]float64, MapKnots)}
		for i := range MapKnots {
			p.Calibration.Maps["cbet.turn.two_way.ip"][i] = float64(i) / float64(MapKnots-1)
		}
		var b bytes.Buffer
		if err := p.WriteTOML(&b); err != nil {
			t.Fatal(err)
		}
		q, err := ParseProfile(b.String(), n)
		if err != nil {
			t.Fatalf("%s: %v\n%s", n, err, b.String())
		}
		if q.Stats != p.Stats || q.Pos != p.Pos || q.Sizes != p.Sizes || q.Bluff != p.Bluff || q.Name != p.Name {
			t.Errorf("%s: round trip changed the profile", n)
		}
		if q.Calibration.OpenRate != 0.125 || len(q.Calibration.Maps) != 1 {
			t.Errorf("%s: calibration %+v", n, q.Calibration)
		}
	}
}

// Bad profiles: every error names the file, the line and the stat, and
// says why.
func TestProfileErrors(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"pfr above vpip", "name = \"a\"\n[stats]\nvpip = 10\npfr = 15\n", []string{"a.toml:4", "pfr", "PFR 15% > VPIP 10%"}},
		{"fold plus raise", "name = \"a\"\n[stats]\nfold_to_cbet_flop = 70\nraise_cbet_flop = 40\n", []string{"a.toml:3", "fold_to_cbet_flop + raise_cbet_flop", "> 100%"}},
		{"variant fold plus raise", "name = \"a\"\n[two_way.oop]\nfold_to_donk_turn = 90\nraise_donk_turn = 20\n", []string{"two_way.oop.fold_to_donk_turn", "> 100%"}},
		{"above 100", "name = \"a\"\n[stats]\nsteal = 120\n", []string{"a.toml:3", "steal", "outside 0–100"}},
		{"negative", "name = \"a\"\n[stats]\nlimp = -1\n", []string{"a.toml:3", "limp", "outside 0–100"}},
		{"unknown key", "name = \"a\"\n[stats]\nvpip = 20\ncbet_flp = 50\n", []string{"a.toml:4", "unknown stat key \"cbet_flp\"", "did you mean \"cbet_flop\""}},
		{"outcome key", "name = \"a\"\n[stats]\nwtsd = 28\n", []string{"a.toml:3", "wtsd is a result of play"}},
		{"pfr over all hands", "name = \"a\"\n[stats]\npfr_all_hands = 18\n", []string{"a.toml:3", "sets pfr"}},
		{"preflop in variant", "name = \"a\"\n[two_way.ip]\nvpip = 20\n", []string{"a.toml:3", "preflop stat"}},
		{"unknown position", "name = \"a\"\n[two_way.mp]\ncbet_flop = 20\n", []string{"unknown position \"mp\"", "ip, oop"}},
		{"not a number", "name = \"a\"\n[stats]\nvpip = \"high\"\n", []string{"a.toml:3", "want a percentage, got a string"}},
		{"missing name", "[stats]\nvpip = 20\n", []string{"name", "missing"}},
		{"unknown table", "name = \"a\"\n[stat]\nvpip = 20\n", []string{"a.toml:2", "stat", "unknown setting"}},
		{"bad size", "name = \"a\"\n[sizes]\nopen = 0.5\n", []string{"a.toml:3", "sizes.open", "out of range"}},
		{"steal plus limp", "name = \"a\"\n[stats]\nsteal = 80\nlimp = 30\n", []string{"steal + limp", "> 100%"}},
		{"syntax", "name = \"a\"\n[stats\n", []string{"a.toml:", "table name"}},
	}
	for _, c := range cases {
		_, err := ParseProfile(c.src, "a.toml")
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		var pe *ProfileError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %T %v is not a *ProfileError", c.name, err, err)
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not contain %q", c.name, err, w)
			}
		}
	}
}

func TestTableFile(t *testing.T) {
	dir := t.TempDir()
	prof := "name = \"mine\"\n[stats]\nvpip = 33\npfr = 20\n"
	if err := os.WriteFile(filepath.Join(dir, "mine.toml"), []byte(prof), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"mine.toml\"\n"
	path := filepath.Join(dir, "t.toml")
	tb, err := ParseTable(src, path)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Seats) != 2 || tb.Seats[1].Profile.Stats[VPIP] != 0.33 || tb.Seats[0].Profile.Name != "tag" {
		t.Fatalf("table %+v", tb)
	}
	ten := "small_blind = 1\nbig_blind = 2\nstack = 200\n" + strings.Repeat("[[seats]]\nname = \"S\"\nprofile = \"nit\"\n", 10)
	for i := 0; i < 10; i++ {
		ten = strings.Replace(ten, "name = \"S\"", "name = \"P"+string(rune('0'+i))+"\"", 1)
	}
	bad := []struct {
		name, src string
		want      []string
	}{
		{"ten seats", ten, []string{"t.toml:", "10 seats: a table has 2 to 9"}},
		{"one seat", "small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n", []string{"1 seats"}},
		{"unknown profile", "small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"shark\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n", []string{"seat 1 (A)", "no built-in profile \"shark\""}},
		{"missing file", "small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"nope.toml\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n", []string{"seat 1 (A)", "nope.toml"}},
		{"duplicate name", "small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"A\"\nprofile = \"nit\"\n", []string{"t.toml:8", "also the name of seat 1"}},
		{"no big blind", "small_blind = 1\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n", []string{"big_blind", "missing"}},
		{"stack beyond the chip limit", "small_blind = 1\nbig_blind = 2\nstack = 9223372036854775807\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n",
			[]string{"t.toml:3: stack: 9223372036854775807 chips is above the limit of 9007199254740991 (2⁵³−1, holdem.MaxChips) chips at a table"}},
		{"seats × stack beyond the chip limit", "small_blind = 1\nbig_blind = 2\nstack = 4503599627370497\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n",
			[]string{"t.toml:3: stack: 2 seats × 4503599627370497 chips is above the limit of 9007199254740991 (2⁵³−1, holdem.MaxChips) chips at a table"}},
		{"blind beyond the chip limit", "small_blind = 1\nbig_blind = 9007199254740993\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n",
			[]string{"t.toml:2: big_blind: 9007199254740993 chips is above the limit of 9007199254740991 (2⁵³−1, holdem.MaxChips) chips at a table"}},
		{"second seat's calibration", "small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[seats.calibration]\nopen_rate = 5\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n[seats.calibration]\nopen_rate = 500\n",
			[]string{"t.toml:13: seats[2].calibration.open_rate"}},
		{"unknown key", "small_blind = 1\nbig_blind = 2\nstack = 200\nblinds = 3\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n", []string{"t.toml:4", "blinds", "unknown setting"}},
	}
	for _, c := range bad {
		_, err := ParseTable(c.src, path)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not contain %q", c.name, err, w)
			}
		}
	}
}

// A table at the chip limit (nine seats of 2⁵³/9 chips) plays without
// overflow: every hand written replays through the engine to finishing
// stacks that are all ≥ 0 and add up to the chips at the table.
func TestTableAtTheChipLimit(t *testing.T) {
	stack := int64(MaxTableChips / 9)
	var src strings.Builder
	fmt.Fprintf(&src, "small_blind = %d\nbig_blind = %d\nstack = %d\n", stack/200, stack/100, stack)
	for i, p := range []string{"maniac", "lag", "calling-station", "maniac", "tag", "lag", "maniac", "nit", "regular"} {
		fmt.Fprintf(&src, "[[seats]]\nname = \"P%d\"\nprofile = \"%s\"\n", i+1, p)
	}
	tb, err := ParseTable(src.String(), "limit.toml")
	if err != nil {
		t.Fatal(err)
	}
	var phh bytes.Buffer
	rec, _ := NewRecorder(tb, &phh)
	if _, err := Simulate(tb, SimOptions{Hands: 300, Seed: 3, Threads: 1, HandSink: rec.Hand}); err != nil {
		t.Fatal(err)
	}
	if err := rec.Err(); err != nil {
		t.Fatal(err)
	}
	hands, err := hh.Parse("limit.phhs", phh.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var r hh.Replayer
	allIns := 0
	for i, h := range hands {
		if err := r.Replay(h); err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
		sum := int64(0)
		for _, x := range r.FinishingStacks() {
			if x < 0 {
				t.Fatalf("hand %d: finishing stacks %v", i+1, r.FinishingStacks())
			}
			if x == 0 {
				allIns++
			}
			sum += x
		}
		if sum != 9*stack {
			t.Fatalf("hand %d: finishing stacks add up to %d, want %d", i+1, sum, 9*stack)
		}
	}
	if len(hands) != 300 || allIns == 0 {
		t.Errorf("%d hands, %d busted stacks: the test should reach all-ins", len(hands), allIns)
	}
}

// FuzzParseProfile: a profile that parses is written out (WriteTOML) and
// read back equal — the same name, description, stats of every position
// variant, sizes, bluff share and calibration — and writing it again gives
// the same bytes. (The file written lists every stat, so which stats the
// original file gave is not compared.)
func FuzzParseProfile(f *testing.F) {
	for _, n := range ArchetypeNames() {
		src, _ := archetypeFS.ReadFile("archetypes/" + n + ".toml")
		f.Add(string(src))
	}
	f.Add("name = \"a\"\n[two_way.ip]\ncbet_flop = 50\n[calibration]\nopen_rate = 10\n")
	f.Add("name = \"a\"\n[stats]\nvpip = 33.333\npfr = 0.005\n[sizes]\nopen = 2.123456789\n[play]\nbluff = 12.5\n")
	person, _ := os.ReadFile(filepath.Join("testdata", "person", "positional-reg.toml"))
	f.Add(string(person))
	f.Add("name = \"a\"\n[position.btn]\nrfi = 40\nlimp = 2\n[srp.ip]\ncbet_flop = 70\n[three_bet_pot.oop]\ndonk_flop = 5\n[bet_sizes]\nopen_btn = [[2.2, 3], [2.5, 1.5]]\n[ranges.co]\n22 = 3\nAKs = 1.5\n")
	f.Fuzz(func(t *testing.T, src string) {
		p, err := ParseProfile(src, "fuzz.toml")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := p.WriteTOML(&b); err != nil {
			t.Fatal(err)
		}
		back, err := ParseProfile(b.String(), "again.toml")
		if err != nil {
			t.Fatalf("written profile does not parse: %v\n%s", err, b.String())
		}
		for _, c := range []struct {
			what       string
			orig, read any
		}{
			{"name", p.Name, back.Name}, {"description", p.Description, back.Description},
			{"stats", p.Stats, back.Stats}, {"position stats", p.Pos, back.Pos},
			{"position stats given", p.PosGiven, back.PosGiven}, {"sizes", p.Sizes, back.Sizes},
			{"bluff", p.Bluff, back.Bluff}, {"calibration", p.Calibration, back.Calibration},
			{"rates by position", p.Preflop, back.Preflop}, {"rates by position given", p.PreflopGiven, back.PreflopGiven},
			{"pot-type stats", p.Pot, back.Pot}, {"pot-type stats given", p.PotGiven, back.PotGiven},
			{"learned sizes", p.BetSizes, back.BetSizes}, {"ranges", p.Ranges, back.Ranges}, {"ranges given", p.RangeGiven, back.RangeGiven},
		} {
			if !sameValue(reflect.ValueOf(c.orig), reflect.ValueOf(c.read)) {
				t.Fatalf("%s differs after writing and reading back:\n%+v\n%+v\nwritten:\n%s", c.what, c.orig, c.read, b.String())
			}
		}
		var again bytes.Buffer
		if err := back.WriteTOML(&again); err != nil {
			t.Fatal(err)
		}
		if again.String() != b.String() {
			t.Fatalf("written twice, different files:\n%s\n---\n%s", b.String(), again.String())
		}
	})
}

// FuzzParseTable: a table that parses is written out (WriteTOML) and read
// back equal: blinds, ante, stack, and every seat's name, profile reference
// and profile (stats, sizes, calibration).
func FuzzParseTable(f *testing.F) {
	f.Add("small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n")
	f.Add("small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[seats.calibration]\nopen_rate = 5\n")
	f.Add("small_blind = 5\nbig_blind = 10\nante = 1\nstack = 1000\n[[seats]]\nname = \"A\"\nprofile = \"lag\"\n[seats.calibration]\nopen_rate = 5\ncold_call = 3.5\n[[seats]]\nname = \"B\"\nprofile = \"maniac\"\n")
	f.Fuzz(func(t *testing.T, src string) {
		dir := t.TempDir()
		tb, err := ParseTable(src, filepath.Join(dir, "t.toml"))
		if err != nil {
			return
		}
		if len(tb.Seats) < 2 || len(tb.Seats) > 9 {
			t.Fatalf("%d seats accepted", len(tb.Seats))
		}
		var b bytes.Buffer
		if err := tb.WriteTOML(&b, dir); err != nil {
			t.Fatal(err)
		}
		back, err := ParseTable(b.String(), filepath.Join(dir, "again.toml"))
		if err != nil {
			t.Fatalf("written table does not parse: %v\n%s", err, b.String())
		}
		if tb.SmallBlind != back.SmallBlind || tb.BigBlind != back.BigBlind || tb.Ante != back.Ante || tb.Stack != back.Stack || len(tb.Seats) != len(back.Seats) {
			t.Fatalf("table %+v read back as %+v\n%s", tb, back, b.String())
		}
		for i, s := range tb.Seats {
			r := back.Seats[i]
			if s.Name != r.Name || s.ProfileRef != r.ProfileRef {
				t.Fatalf("seat %d: %q %q read back as %q %q", i+1, s.Name, s.ProfileRef, r.Name, r.ProfileRef)
			}
			if !sameValue(reflect.ValueOf(*s.Profile), reflect.ValueOf(*r.Profile)) {
				t.Fatalf("seat %d: profile\n%+v\nread back as\n%+v\nwritten:\n%s", i+1, *s.Profile, *r.Profile, b.String())
			}
		}
	})
}

// sameValue is reflect.DeepEqual with NaN equal to NaN (an unset
// calibration rate is NaN) and nil maps equal to empty ones.
func sameValue(a, b reflect.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y || (math.IsNaN(x) && math.IsNaN(y))
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !sameValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Array, reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !sameValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() || !sameValue(a.MapIndex(k), bv) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameValue(a.Elem(), b.Elem())
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return a.Uint() == b.Uint()
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// TestParseProfileJSON: a profile given as JSON reads to the same profile
// as its TOML text, and bad values are rejected naming the key.
func TestParseProfileJSON(t *testing.T) {
	fromTOML, err := ParseProfile("name = \"x\"\nbase = \"tag\"\n[stats]\nvpip = 30\npfr = 20.5\n[two_way.ip]\ncbet_flop = 80\n[sizes]\nopen = 3\n[play]\nbluff = 10\n", "x.toml")
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := ParseProfileJSON([]byte(`{"name":"x","base":"tag","stats":{"vpip":30,"pfr":20.5},"two_way":{"ip":{"cbet_flop":80}},"sizes":{"open":3},"play":{"bluff":10}}`), "inline")
	if err != nil {
		t.Fatal(err)
	}
	if fromJSON.Stats != fromTOML.Stats || fromJSON.Pos != fromTOML.Pos || fromJSON.Sizes != fromTOML.Sizes || fromJSON.Bluff != fromTOML.Bluff {
		t.Error("the JSON profile differs from the same profile in TOML")
	}
	for _, c := range []struct{ src, msg string }{
		{`{"name":"x","stats":{"vpip":20,"pfr":30}}`, "pfr: PFR 30% > VPIP 20%"},
		{`{"name":"x","stats":{"vpipp":20}}`, "vpipp"},
		{`{"stats":{"vpip":20}}`, "name: missing"},
		{`[1,2]`, "want a JSON object"},
		{`{"name":"x"} {}`, "data after"},
		{`{"name":"x","stats":{"vpip":"high"}}`, "stats.vpip"},
	} {
		_, err := ParseProfileJSON([]byte(c.src), "inline")
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want an error containing %q", c.src, err, c.msg)
		}
	}
}
