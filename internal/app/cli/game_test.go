package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// run executes a command line with test streams (stdout not a TTY) and
// returns the exit code, stdout and stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	io, out, errOut := TestStreams("", false, false)
	code := Run(&Factory{IO: io}, args)
	return code, out.String(), errOut.String()
}

func TestGameInfoJSON(t *testing.T) {
	code, out, errOut := run(t, "game", "info", "--game", "kuhn", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var info GameInfoJSON
	if err := json.Unmarshal([]byte(out), &info); err != nil {
		t.Fatal(err)
	}
	if info.Players != 2 || info.Nodes != 55 || info.Terminals != 30 || info.ChanceNodes != 1 ||
		info.InfoSets != 12 || info.InfoSetsPerPlayer[0] != 6 || info.Actions != 24 || !info.ConstantSum {
		t.Errorf("info %+v", info)
	}
	if strings.Count(out, "\n") != 1 {
		t.Errorf("piped JSON should be one line:\n%s", out)
	}
}

func TestGameInfoTable(t *testing.T) {
	_, out, _ := run(t, "game", "info", "--game", "akq:bet=1/3")
	for _, want := range []string{"information sets  3 [2 1]", "constant-sum      yes (payoffs add up to 1)"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestGameValueAKQ(t *testing.T) {
	code, out, errOut := run(t, "game", "value", "--game", "akq:bet=2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var v GameValueJSON
	json.Unmarshal([]byte(out), &v)
	if len(v.Value) != 2 || math.Abs(v.Value[0]-5.0/6) > 1e-9 {
		t.Errorf("value %v, want [5/6 1/6]", v.Value)
	}
}

// export → .efg file → exploit gives the same numbers as the built-in game,
// and "game value --out" writes a strategy that exploit evaluates as an
// equilibrium.
func TestExportValueExploit(t *testing.T) {
	dir := t.TempDir()
	efgPath := filepath.Join(dir, "kuhn.efg")
	if code, _, e := run(t, "game", "export", "--game", "kuhn", "--out", efgPath); code != 0 {
		t.Fatal(e)
	}
	var a, b ExploitJSON
	_, outA, _ := run(t, "exploit", "--game", "kuhn", "--uniform", "--json")
	_, outB, _ := run(t, "exploit", "--game", efgPath, "--uniform", "--json")
	json.Unmarshal([]byte(outA), &a)
	json.Unmarshal([]byte(outB), &b)
	if a.NashConv != b.NashConv || math.Abs(a.NashConv-11.0/12) > 1e-12 || *a.Exploitability != a.NashConv/2 {
		t.Errorf("uniform NashConv %v (built-in) vs %v (.efg)", a.NashConv, b.NashConv)
	}
	stratPath := filepath.Join(dir, "nash.json")
	if code, _, e := run(t, "game", "value", "--game", efgPath, "--out", stratPath); code != 0 {
		t.Fatal(e)
	}
	_, out, _ := run(t, "exploit", "--game", efgPath, "--strategy", stratPath, "--json")
	var c ExploitJSON
	json.Unmarshal([]byte(out), &c)
	if c.NashConv > 1e-9 || math.Abs(c.Values[0]+1.0/18) > 1e-9 {
		t.Errorf("LP strategy: NashConv %v, values %v", c.NashConv, c.Values)
	}
}

func TestExploitGeneralSumHasNoExploitability(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pd.efg")
	os.WriteFile(path, []byte(`EFG 2 R "dilemma" { "A" "B" }
p "" 1 1 "" { "c" "d" } 0
p "" 2 1 "" { "c" "d" } 0
t "" 1 "" { 3 3 }
t "" 2 "" { 0 5 }
p "" 2 1 "" { "c" "d" } 0
t "" 3 "" { 5 0 }
t "" 4 "" { 1 1 }
`), 0o644)
	code, out, errOut := run(t, "exploit", "--game", path, "--uniform", "--json")
	if code != 0 {
		t.Fatal(errOut)
	}
	if !strings.Contains(out, `"exploitability":null`) {
		t.Errorf("general-sum game: %s", out)
	}
	var e ExploitJSON
	json.Unmarshal([]byte(out), &e)
	// Against a uniform opponent cooperating is worth (3+0)/2, defecting
	// (5+1)/2: each player's value is 2.25, a best response (defect) 3, so
	// each gains 0.75 and NashConv is 1.5.
	if math.Abs(e.NashConv-1.5) > 1e-12 || e.Values[0] != 2.25 || e.BestResponseValues[1] != 3 {
		t.Errorf("NashConv %v values %v best responses %v, want 1.5, 2.25, 3", e.NashConv, e.Values, e.BestResponseValues)
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.efg")
	os.WriteFile(bad, []byte("EFG 2 R \"x\" { \"a\" }\nc \"\" 1 \"\" { \"h\" 1/2 \"t\" 1/3 } 0\n"), 0o644)
	strat := filepath.Join(dir, "s.json")
	os.WriteFile(strat, []byte(`{"infosets": [{"player": 1, "label": "X:", "actions": ["check", "bet"], "probs": [0.5, 0.5]}]}`), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"game", "info", "--game", "chess"}, ExitUsage, `pokerlab: --game chess: unknown game "chess"`},
		{[]string{"game", "info"}, ExitUsage, "--game is required"},
		{[]string{"game", "info", "--game", "akq:bet=0"}, ExitUsage, "pokerlab: --game akq:bet=0: bet size 0 must be a positive number of pots\n"},
		{[]string{"game", "info", "--game", "akq:size=2"}, ExitUsage, `pokerlab: --game akq:size=2: unknown parameter "size"`},
		{[]string{"game", "info", "--game", "missing.efg"}, ExitError, "missing.efg: no such file"},
		{[]string{"game", "info", "--game", bad}, ExitError, "bad.efg:2:1: chance node at the root: probabilities sum to 0.833333333333, not 1"},
		{[]string{"exploit", "--game", "kuhn"}, ExitUsage, "give exactly one of --uniform and --strategy FILE"},
		{[]string{"exploit", "--game", "kuhn", "--strategy", strat}, ExitError, `label "X:"): no such information set`},
		{[]string{"game", "export", "--game", "kuhn", "--format", "xml"}, ExitUsage, `--format "xml" is not supported`},
		{[]string{"game", "info", "--gmae", "kuhn"}, ExitUsage, "unknown flag: --gmae"},
		{[]string{"frobnicate"}, ExitUsage, `unknown command "frobnicate"`},
	} {
		code, _, errOut := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
		if !strings.HasPrefix(errOut, "pokerlab: ") {
			t.Errorf("%v: stderr should start with \"pokerlab: \": %q", tc.args, errOut)
		}
	}
}

// game value computes the size of the sequence-form LP before building it
// and refuses a tableau above --max-lp-size at once (exit 2), with the size
// and the flag that lifts the limit; the default admits Leduc Hold'em and
// refuses Leduc Hold'em with 5 ranks, which takes over two minutes.
func TestGameValueRefusesALargeLPBeforeBuildingIt(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--game", "leduc:ranks=5"}, ExitUsage, "pokerlab: game leduc:ranks=5: the sequence-form LP has 4602 rows, 7823 columns and 45183 nonzeros (3221 and 3221 sequences); " +
			"its dense tableau has 36006048 entries (549 MiB), more than the limit of 20000000 (--max-lp-size 20000000; raise it to try anyway; the time grows about like the square of the entries)\n"},
		{[]string{"--game", "kuhn", "--max-lp-size", "679"}, ExitUsage, "pokerlab: game kuhn: the sequence-form LP has 20 rows, 33 columns and 81 nonzeros (13 and 13 sequences); " +
			"its dense tableau has 680 entries (10.5 KiB), more than the limit of 679 (--max-lp-size 679; raise it to try anyway; the time grows about like the square of the entries)\n"},
		{[]string{"--game", "kuhn", "--max-lp-size", "680"}, ExitOK, ""},
		{[]string{"--game", "kuhn", "--max-lp-size", "0"}, ExitUsage, "pokerlab: --max-lp-size 0: want a positive number of entries\nRun 'pokerlab game value --help' for usage.\n"},
	} {
		start := time.Now()
		code, out, errOut := run(t, append([]string{"game", "value"}, tc.args...)...)
		if code != tc.code || errOut != tc.want {
			t.Errorf("game value %v: exit %d, stderr %q\nwant exit %d, %q", tc.args, code, errOut, tc.code, tc.want)
		}
		if code == ExitOK && !strings.Contains(out, "solved by the sequence-form LP") {
			t.Errorf("game value %v: %s", tc.args, out)
		}
		if d := time.Since(start); code != ExitOK && d > 5*time.Second {
			t.Errorf("game value %v: refused after %v, not before the work", tc.args, d)
		}
	}
}
