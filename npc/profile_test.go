package npc

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func FuzzParseProfile(f *testing.F) {
	for _, n := range ArchetypeNames() {
		src, _ := archetypeFS.ReadFile("archetypes/" + n + ".toml")
		f.Add(string(src))
	}
	f.Add("name = \"a\"\n[two_way.ip]\ncbet_flop = 50\n[calibration]\nopen_rate = 10\n")
	f.Fuzz(func(t *testing.T, src string) {
		p, err := ParseProfile(src, "fuzz.toml")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := p.WriteTOML(&b); err != nil {
			t.Fatal(err)
		}
		if _, err := ParseProfile(b.String(), "again.toml"); err != nil {
			t.Fatalf("written profile does not parse: %v\n%s", err, b.String())
		}
	})
}

func FuzzParseTable(f *testing.F) {
	f.Add("small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n")
	f.Add("small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[seats.calibration]\nopen_rate = 5\n")
	f.Fuzz(func(t *testing.T, src string) {
		tb, err := ParseTable(src, filepath.Join(t.TempDir(), "t.toml"))
		if err != nil {
			return
		}
		if len(tb.Seats) < 2 || len(tb.Seats) > 9 {
			t.Fatalf("%d seats accepted", len(tb.Seats))
		}
	})
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
