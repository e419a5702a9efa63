package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSimFlags(t *testing.T) {
	checkFlagCases(t, newSimCmd, []flagCase[simOptions]{
		{"--table t.toml --hands 100", "", func(o *simOptions) bool { return o.Table == "t.toml" && o.Hands == 100 && o.Seed == 1 }},
		{"--table t.toml --hands 100 --seed 5 --threads 2 --hh out.phhs --json --no-calibrate", "", func(o *simOptions) bool {
			return o.Seed == 5 && o.Threads == 2 && o.HH == "out.phhs" && o.JSON && o.NoCalibrate
		}},
		{"--hands 100", "--table is required", nil},
		{"--table t.toml", "--hands is required", nil},
		{"--table t.toml --hands 10 --calibrate-hands -1", "want 0 or more", nil},
	})
}

func simTableFile(t *testing.T, seats int) string {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("small_blind = 1\nbig_blind = 2\nstack = 200\n")
	names := []string{"nit", "tag", "lag", "calling-station", "maniac", "regular", "nit", "tag", "lag", "maniac"}
	for i := range seats {
		b.WriteString("\n[[seats]]\nname = \"P" + string(rune('A'+i)) + "\"\nprofile = \"" + names[i] + "\"\n")
	}
	path := filepath.Join(dir, "table.toml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSimJSONAndHH(t *testing.T) {
	table := simTableFile(t, 3)
	hh := filepath.Join(filepath.Dir(table), "out.phhs")
	var got [2]SimJSON
	for i, th := range []string{"1", "2"} {
		f, out, _ := cardsTestFactory("")
		args := []string{"sim", "--table", table, "--hands", "600", "--no-calibrate", "--seed", "4", "--threads", th, "--json"}
		if i == 0 {
			args = append(args, "--hh", hh)
		}
		if code := Run(f, args); code != ExitOK {
			t.Fatalf("exit %d", code)
		}
		if err := json.Unmarshal(out.Bytes(), &got[i]); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		got[i].Seconds, got[i].HandsPerSecond = 0, 0
	}
	a, _ := json.Marshal(got[0])
	b, _ := json.Marshal(got[1])
	if string(a) != string(b) {
		t.Errorf("threads change the output")
	}
	if got[0].Hands != 600 || len(got[0].Seats) != 3 || got[0].Seats[1].Name != "PB" || got[0].Seats[1].Profile != "tag" {
		t.Fatalf("%+v", got[0])
	}
	v := got[0].Seats[0].Stats["vpip"]
	if v.Opportunities < 500 || v.Measured == nil || len(v.CI95) != 2 || v.Target != 12 {
		t.Errorf("vpip %+v", v)
	}
	data, err := os.ReadFile(hh)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "[600]") || !strings.Contains(string(data), "'PA'") && !strings.Contains(string(data), "\"PA\"") {
		t.Errorf("PHH output lacks hand 600 or the seat names")
	}
	// The HUD over the written file is what sim reported.
	f, out, _ := cardsTestFactory("")
	if code := Run(f, []string{"npc", "clone", "--player", "PA", hh}); code != ExitOK {
		t.Fatalf("clone exit %d", code)
	}
	if !strings.Contains(out.String(), "name = \"PA\"") {
		t.Errorf("clone output:\n%s", out)
	}
}

func TestSimErrors(t *testing.T) {
	f, _, errOut := cardsTestFactory("")
	if code := Run(f, []string{"sim", "--table", simTableFile(t, 10), "--hands", "10"}); code != ExitError ||
		!strings.Contains(errOut.String(), "10 seats: a table has 2 to 9") {
		t.Errorf("10 seats: exit %d, %s", code, errOut)
	}
	f, _, errOut = cardsTestFactory("")
	if code := Run(f, []string{"npc", "clone", "--player", "nobody", "../../../npc/testdata/none.phhs"}); code != ExitError {
		t.Errorf("missing file: exit %d, %s", code, errOut)
	}
	f, out, _ := cardsTestFactory("")
	if code := Run(f, []string{"npc", "show", "tag"}); code != ExitOK || !strings.Contains(out.String(), "cbet_flop = 65") {
		t.Errorf("show: %d %s", code, out)
	}
}
