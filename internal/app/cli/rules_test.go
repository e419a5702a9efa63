package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/holdem"
)

const pokerkitFile = "../../../testdata/pokerkit/random_1000.phhs"

// TestRulesFlag: the commands that play or replay hands take --rules
// tda|pokerkit; without it the hands (or the table) keep their own rule set
// (nil override); a bad value is a usage error naming it.
func TestRulesFlag(t *testing.T) {
	pk := func(r *holdem.RuleSet) bool { return r != nil && *r == holdem.PokerKit }
	checkFlagCases(t, newHHReplayCmd, []flagCase[hhReplayOptions]{
		{"a.phh", "", func(o *hhReplayOptions) bool { return o.Rules == nil }},
		{"--rules pokerkit a.phh", "", func(o *hhReplayOptions) bool { return pk(o.Rules) }},
		{"--rules tda a.phh", "", func(o *hhReplayOptions) bool { return o.Rules != nil && *o.Rules == holdem.TDA }},
		{"--rules pk a.phh", `--rules "pk": want tda or pokerkit`, nil},
	})
	checkFlagCases(t, newHHConvertCmd, []flagCase[hhConvertOptions]{
		{"--to phh --rules pokerkit a.phh", "", func(o *hhConvertOptions) bool { return pk(o.Rules) }},
		{"--to phh --rules TDA a.phh", `--rules "TDA": want tda or pokerkit`, nil},
	})
	checkFlagCases(t, newHudCmd, []flagCase[hudOptions]{
		{"a.phh", "", func(o *hudOptions) bool { return o.Rules == nil }},
		{"--rules pokerkit a.phh", "", func(o *hudOptions) bool { return pk(o.Rules) }},
		{"--rules x a.phh", `--rules "x"`, nil},
		{"--db x.db --rules tda", "--rules applies to hand files; hands in the database were replayed when imported", nil},
	})
	checkFlagCases(t, newNPCCloneCmd, []flagCase[npcCloneOptions]{
		{"--player A --rules pokerkit a.phh", "", func(o *npcCloneOptions) bool { return pk(o.Rules) }},
		{"--player A --rules '' a.phh", `--rules "''"`, nil},
		{"--player A --db x.db --rules pokerkit", "--rules applies to hand files; hands in the database were replayed when imported", nil},
	})
	checkFlagCases(t, newSimCmd, []flagCase[simOptions]{
		{"--table t.toml --hands 10", "", func(o *simOptions) bool { return o.Rules == nil }},
		{"--table t.toml --hands 10 --rules pokerkit", "", func(o *simOptions) bool { return pk(o.Rules) }},
		{"--table t.toml --hands 10 --rules poker", `--rules "poker"`, nil},
	})
	// Through Run: exit 2 and the message.
	for _, argv := range [][]string{
		{"hh", "replay", "--rules", "bogus", pokerkitFile},
		{"hud", "--rules", "bogus", pokerkitFile},
		{"sim", "--table", "t.toml", "--hands", "5", "--rules", "bogus"},
	} {
		code, _, errOut := run(t, argv...)
		if code != ExitUsage || !strings.Contains(errOut, `--rules "bogus": want tda or pokerkit`) {
			t.Errorf("%v: exit %d, stderr %q", argv, code, errOut)
		}
	}
}

// replayLines runs hh replay --json and decodes its lines.
func replayLines(t *testing.T, args ...string) (int, []HHReplayJSON, string) {
	t.Helper()
	code, out, errOut := run(t, append([]string{"hh", "replay", "--json"}, args...)...)
	var lines []HHReplayJSON
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l HHReplayJSON
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	return code, lines, errOut
}

// TestHHReplayPokerKitRules: PokerKit's hands replay to their recorded
// stacks with --rules pokerkit (exit 0, every record exact); under the
// default TDA rules some fail and some contradict their records (exit 1).
func TestHHReplayPokerKitRules(t *testing.T) {
	code, lines, errOut := replayLines(t, "--rules", "pokerkit", pokerkitFile)
	if code != ExitOK || len(lines) != 1000 {
		t.Fatalf("exit %d, %d lines: %s", code, len(lines), errOut)
	}
	for _, l := range lines {
		if !l.OK || l.Rules != "pokerkit" || l.Recorded != "exact" || l.Rake == nil || *l.Rake != "0" || len(l.Contradictions) != 0 {
			t.Fatalf("%+v", l)
		}
	}
	code, lines, errOut = replayLines(t, pokerkitFile)
	failed, contradict := 0, 0
	for _, l := range lines {
		if l.Rules != "tda" {
			t.Fatalf("%+v", l)
		}
		if !l.OK {
			failed++
		}
		if l.Recorded == "contradicts" {
			contradict++
			if l.Rake != nil || len(l.Contradictions) == 0 || !strings.Contains(l.Contradictions[0], "finishing_stacks: p") {
				t.Fatalf("%+v", l)
			}
		}
	}
	if code != ExitError || failed == 0 || contradict == 0 || !strings.Contains(errOut, "did not replay and") {
		t.Fatalf("exit %d, %d failed, %d contradict: %s", code, failed, contradict, errOut)
	}
}

// TestHHReplayRecordedResults: HandHQ's winnings are raked; hand [266] of
// the $5/$10 file records 35 for a pot of 25 (+5 uncalled) and is reported
// with the player and both amounts, exit 1.
func TestHHReplayRecordedResults(t *testing.T) {
	file := "../../../testdata/handhq/real_handhq_1000NLH.phhs"
	code, lines, errOut := replayLines(t, file)
	raked := 0
	for _, l := range lines {
		switch l.Recorded {
		case "raked":
			raked++
			if l.Rake == nil || *l.Rake == "0" {
				t.Fatalf("%+v", l)
			}
		case "contradicts":
			if l.Name != "266" || len(l.Contradictions) != 1 ||
				!strings.Contains(l.Contradictions[0], "hand [266]: winnings: p2 is recorded winning 35 but the replay pays 25 from the pots and 5 uncalled returned") {
				t.Fatalf("%+v", l)
			}
		}
	}
	if code != ExitError || raked == 0 || !strings.Contains(errOut, "1 of 675 hands contradict their recorded results") {
		t.Fatalf("exit %d, %d raked: %s", code, raked, errOut)
	}
	// The human table shows the rake and the contradiction.
	_, out, _ := run(t, "hh", "replay", file)
	if !strings.Contains(out, "(rake 2.50)") || !strings.Contains(out, "the recorded result contradicts the replay: ") ||
		!strings.Contains(out, "1 contradict the replay") {
		t.Errorf("table lacks the rake or the contradiction:\n%s", out[len(out)-400:])
	}
}

// TestRulesDeclaredInPHH: a hand declaring _rules = 'pokerkit' replays
// under PokerKit rules without --rules; --rules tda overrides it; hh convert
// --rules writes the rule set used into the PHH output.
func TestRulesDeclaredInPHH(t *testing.T) {
	dir := t.TempDir()
	hands, err := hh.ReadFile(pokerkitFile)
	if err != nil {
		t.Fatal(err)
	}
	// Hand [81]: a raise over the straddle that only PokerKit allows.
	h := hands[80]
	if h.Name != "81" {
		t.Fatal(h.Name)
	}
	h.Rules = holdem.PokerKit
	path := filepath.Join(dir, "pk.phhs")
	f, _ := os.Create(path)
	hh.Write(f, []*hh.Hand{h})
	f.Close()
	if code, lines, _ := replayLines(t, path); code != ExitOK || lines[0].Rules != "pokerkit" || lines[0].Recorded != "exact" {
		t.Fatalf("declared: exit %d, %+v", code, lines)
	}
	if code, lines, _ := replayLines(t, "--rules", "tda", path); code != ExitError || lines[0].Rules != "tda" || lines[0].OK {
		t.Fatalf("overridden: exit %d, %+v", code, lines)
	}
	out := filepath.Join(dir, "out.phhs")
	if code, _, errOut := run(t, "hh", "convert", "--to", "phh", "--rules", "pokerkit", "--out", out, pokerkitFile); code != ExitOK {
		t.Fatalf("convert: exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(out)
	if n := strings.Count(string(data), "\n_rules = 'pokerkit'\n"); n != 1000 {
		t.Fatalf("%d hands declare _rules = 'pokerkit'", n)
	}
	if code, _, errOut := run(t, "hh", "replay", out); code != ExitOK {
		t.Fatalf("converted file: exit %d: %s", code, errOut)
	}
}

// TestHudAndCloneRules: hud and npc clone skip the PokerKit hands that do
// not replay under TDA rules, and none with --rules pokerkit.
func TestHudAndCloneRules(t *testing.T) {
	var skipped [2]int
	for i, args := range [][]string{{"hud", "--json", pokerkitFile}, {"hud", "--json", "--rules", "pokerkit", pokerkitFile}} {
		code, out, errOut := run(t, args...)
		var h HudJSON
		if code != ExitOK || json.Unmarshal([]byte(out), &h) != nil {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		skipped[i] = len(h.Skipped)
		if h.Hands+int64(len(h.Skipped)) != 1000 {
			t.Fatalf("%v: %d hands, %d skipped", args, h.Hands, len(h.Skipped))
		}
	}
	if skipped[0] == 0 || skipped[1] != 0 {
		t.Fatalf("skipped %v, want some under tda, none under pokerkit", skipped)
	}
	code, _, errOut := run(t, "npc", "clone", "--player", "*", "--rules", "pokerkit", pokerkitFile)
	if code != ExitOK || !strings.Contains(errOut, "(0 not replayable skipped)") {
		t.Fatalf("clone: exit %d: %s", code, errOut)
	}
}

// TestSimRules: a table's rules setting is played and recorded (_rules in
// the PHH written by --hh); --rules overrides it.
func TestSimRules(t *testing.T) {
	table := simTableFile(t, 3)
	src, _ := os.ReadFile(table)
	os.WriteFile(table, append([]byte("rules = 'pokerkit'\n"), src...), 0o644)
	dir := filepath.Dir(table)
	for _, c := range []struct {
		args []string
		want int
	}{{nil, 100}, {[]string{"--rules", "tda"}, 0}} {
		out := filepath.Join(dir, "out.phhs")
		args := append([]string{"sim", "--table", table, "--hands", "100", "--no-calibrate", "--hh", out, "--json"}, c.args...)
		if code, _, errOut := run(t, args...); code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		data, _ := os.ReadFile(out)
		if n := strings.Count(string(data), "_rules = 'pokerkit'"); n != c.want {
			t.Fatalf("%v: %d hands declare pokerkit rules, want %d", c.args, n, c.want)
		}
		if code, _, errOut := run(t, "hh", "replay", out); code != ExitOK {
			t.Fatalf("%v: replay of the simulated hands: exit %d: %s", c.args, code, errOut)
		}
	}
	os.WriteFile(table, append([]byte("rules = 'pk'\n"), src...), 0o644)
	if code, _, errOut := run(t, "sim", "--table", table, "--hands", "10", "--no-calibrate"); code == ExitOK || !strings.Contains(errOut, `rules`) || !strings.Contains(errOut, `unknown rule set "pk"`) {
		t.Fatalf("bad table rules: exit %d: %s", code, errOut)
	}
}
