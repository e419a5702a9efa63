package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// qre fit: counts whose total overflows are refused with the entry; --json
// never meets an infinite value.
func TestQREFitHugeCounts(t *testing.T) {
	dir := t.TempDir()
	counts := filepath.Join(dir, "c.json")
	os.WriteFile(counts, []byte(`{"game":"kuhn","infosets":[{"player":1,"label":"J:","actions":["check","bet"],"counts":[1e308,1e308]}]}`), 0o644)
	for _, extra := range [][]string{nil, {"--json"}} {
		code, out, errOut := run(t, append([]string{"qre", "fit", "--game", "kuhn", "--counts", counts}, extra...)...)
		want := "pokerlab: " + counts + `:1:95: infosets[0].counts[1]: the counts add up to more than 1.8e+308 (the largest number) at the count of "bet"; give counts of a sensible size` + "\n"
		if code != ExitError || errOut != want || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 1 and %q", extra, code, errOut, out, want)
		}
	}
}

// npc clone of a player with no replayable hand is an error, not a profile
// of nothing.
func TestNPCCloneNoHands(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.phhs")
	os.WriteFile(bad, []byte("[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'p2 cbr 1']\nplayers = ['A', 'B']\n"), 0o644)
	code, out, errOut := run(t, "npc", "clone", "--player", "*", bad)
	want := "pokerlab: no hands of any player could be replayed (1 skipped as not replayable): there is nothing to clone\n"
	if code != ExitError || errOut != want || out != "" {
		t.Errorf("exit %d, stderr %q, stdout %q; want %q", code, errOut, out, want)
	}
	code, _, errOut = run(t, "npc", "clone", "--player", "A", bad)
	if want := "pokerlab: player \"A\" is not in the files (0 players)\n"; code != ExitError || errOut != want {
		t.Errorf("exit %d, stderr %q; want %q", code, errOut, want)
	}
}

// --json on game list, npc show and npc calibrate, with the documented
// schemas.
func TestNewJSONOutputs(t *testing.T) {
	code, out, errOut := run(t, "game", "list", "--json")
	var all GameListAllJSON
	if code != ExitOK || json.Unmarshal([]byte(out), &all) != nil || len(all.Games) != 3 {
		t.Fatalf("game list --json: exit %d, %s %s", code, out, errOut)
	}
	games := all.Games
	if games[0].Name != "akq" || games[1].Name != "kuhn" || len(games[1].Parameters) != 0 || games[1].Parameters == nil ||
		games[2].Name != "leduc" || games[2].Parameters[0] != "ranks (2–13, default 3)" {
		t.Errorf("game list: %+v", games)
	}
	if code, out, _ := run(t, "game", "list"); code != ExitOK || !strings.Contains(out, "leduc  ranks (2–13, default 3), suits (1–4, default 2)") {
		t.Errorf("game list table:\n%s", out)
	}

	code, out, _ = run(t, "npc", "show", "--json")
	var profiles NPCArchetypesJSON
	if code != ExitOK || json.Unmarshal([]byte(out), &profiles) != nil || len(profiles.Profiles) != 6 {
		t.Fatalf("npc show --json: %s", out)
	}
	if list := profiles.Profiles; list[5].Name != "tag" || list[5].Description == "" {
		t.Errorf("npc show --json: %s", out)
	}
	code, out, _ = run(t, "npc", "show", "tag", "--json")
	var prof NPCProfileJSON
	if code != ExitOK || json.Unmarshal([]byte(out), &prof) != nil {
		t.Fatalf("npc show tag --json: %s", out)
	}
	if prof.Name != "tag" || prof.Stats["vpip"] != 21 || prof.Stats["four_bet"] != 2.5 || prof.Sizes["bet_flop"] != 0.5 || prof.Calibrated {
		t.Errorf("npc show tag --json: %+v", prof)
	}
	// The JSON and the TOML say the same.
	_, toml, _ := run(t, "npc", "show", "tag")
	for k, v := range prof.Stats {
		line := k + " = " + strings.TrimRight(strings.TrimRight(jsonNumber(v), "0"), ".")
		if !strings.Contains(toml, "\n"+line+"\n") {
			t.Errorf("TOML lacks %q", line)
		}
	}

	dir := t.TempDir()
	table := filepath.Join(dir, "t.toml")
	os.WriteFile(table, []byte("small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n"), 0o644)
	outFile := filepath.Join(dir, "cal.toml")
	code, out, errOut = run(t, "npc", "calibrate", "--table", table, "--hands", "400", "--rounds", "1", "--out", outFile, "--json")
	var cal NPCCalibrateJSON
	if code != ExitOK || json.Unmarshal([]byte(out), &cal) != nil {
		t.Fatalf("npc calibrate --json: exit %d, %s %s", code, out, errOut)
	}
	if cal.Table != table || cal.Out != outFile || cal.Hands != 400 || cal.Rounds != 1 || cal.Seed != 1 || len(cal.Seats) != 2 ||
		cal.Seats[1].Name != "B" || cal.Seats[1].Profile != "nit" || cal.Seats[0].NotReachable == nil {
		t.Errorf("npc calibrate --json: %+v", cal)
	}
	if _, err := os.Stat(outFile); err != nil {
		t.Error(err)
	}
}

func jsonNumber(v float64) string {
	b, _ := json.Marshal(v)
	return string(b) + "."
}

// sim --json: a stat without an opportunity is "not measured" — measured
// null, no ci95 and no ok — and the table names it instead of a row.
func TestSimNotMeasured(t *testing.T) {
	table := simTableFile(t, 2)
	code, out, errOut := run(t, "sim", "--table", table, "--hands", "30", "--no-calibrate", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var raw struct {
		Seats []struct {
			Stats map[string]map[string]any `json:"stats"`
		} `json:"seats"`
	}
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	unmeasured, measured := 0, 0
	for _, s := range raw.Seats {
		for key, st := range s.Stats {
			_, hasCI := st["ci95"]
			_, hasOK := st["ok"]
			switch {
			case st["opportunities"].(float64) == 0:
				unmeasured++
				if st["measured"] != nil || hasCI || hasOK || st["status"] != "not measured" {
					t.Errorf("%s at 0 opportunities: %v", key, st)
				}
			default:
				measured++
				if st["measured"] == nil || !hasCI || !hasOK || st["status"] == "not measured" {
					t.Errorf("%s measured: %v", key, st)
				}
			}
		}
	}
	if unmeasured == 0 || measured == 0 {
		t.Fatalf("%d unmeasured, %d measured stats: the test needs both", unmeasured, measured)
	}
	_, out, _ = run(t, "sim", "--table", table, "--hands", "30", "--no-calibrate")
	if !strings.Contains(out, "  not measured (no opportunity): ") {
		t.Errorf("table:\n%s", out)
	}
}

// npc tables build --merge writes exactly the file of a single build.
func TestTablesMergeIsTheSingleBuild(t *testing.T) {
	dir := t.TempDir()
	file := func(n string) string { return filepath.Join(dir, n) }
	for _, args := range [][]string{
		{"--out", file("whole.bin")},
		{"--shard", "1/2", "--out", file("p1.bin")},
		{"--shard", "2/2", "--out", file("p2.bin")},
		{"--merge", file("p2.bin") + "," + file("p1.bin"), "--out", file("merged.bin")},
	} {
		if code, _, errOut := run(t, append([]string{"npc", "tables", "build", "--samples", "2", "--bins", "10", "--threads", "2"}, args...)...); code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	whole, _ := os.ReadFile(file("whole.bin"))
	merged, _ := os.ReadFile(file("merged.bin"))
	if len(whole) == 0 || !bytes.Equal(whole, merged) {
		t.Errorf("merged file (%d bytes) differs from the single build (%d bytes)", len(merged), len(whole))
	}
}
