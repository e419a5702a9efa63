package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/hud"
)

const hudStats = "../../../hud/testdata/stats.phhs"

func TestHudFlags(t *testing.T) {
	for _, tt := range []struct {
		argv, wantErr string
	}{
		{"", "at least one hand-history file"},
		{"a.phhs --min-hands -1", "--min-hands -1"},
		{"a.phhs --threads -2", "--threads -2"},
	} {
		f, _, errOut := cardsTestFactory("")
		if code := Run(f, append([]string{"hud"}, strings.Fields(tt.argv)...)); code != ExitUsage || !strings.Contains(errOut.String(), tt.wantErr) {
			t.Errorf("%q: exit %d, stderr %q", tt.argv, code, errOut)
		}
	}
	io, _, _ := TestStreams("", false, false)
	var got *hudOptions
	cmd := newHudCmd(&Factory{IO: io}, func(o *hudOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"a.phhs", "b.phhs", "--player", "Bob", "--min-hands", "50", "--threads", "2", "--json"})
	if err := cmd.Execute(); err != nil || got.Player != "Bob" || got.MinHands != 50 || got.Threads != 2 || !got.JSON || len(got.Files) != 2 {
		t.Errorf("options %+v, error %v", got, err)
	}
}

// TestHudJSON: the command reports exactly the hud package's tallies, with
// every stat key, values and Wilson intervals, the same for any --threads.
func TestHudJSON(t *testing.T) {
	var outs [2]string
	for i, th := range []string{"1", "2"} {
		f, out, errOut := cardsTestFactory("")
		if code := Run(f, []string{"hud", hudStats, "--json", "--threads", th}); code != ExitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		outs[i] = out.String()
	}
	if outs[0] != outs[1] {
		t.Fatal("--threads changes the output")
	}
	var got HudJSON
	if err := json.Unmarshal([]byte(outs[0]), &got); err != nil {
		t.Fatal(err)
	}
	hands, _ := hh.ReadFile(hudStats)
	var r hh.Replayer
	want := hud.NewTracker()
	want.AddPHH(hands, &r)
	if got.Hands != int64(len(hands)) || len(got.Players) != 6 || len(got.Skipped) != 0 {
		t.Fatalf("hands %d players %d skipped %v", got.Hands, len(got.Players), got.Skipped)
	}
	for _, p := range want.Players() {
		gp := got.Players[p.Name]
		if gp.Hands != p.Hands || len(gp.Stats) != int(hud.NumStats) {
			t.Fatalf("%s: %d hands, %d stats", p.Name, gp.Hands, len(gp.Stats))
		}
		for _, st := range hud.Stats() {
			g, c := gp.Stats[st.Key()], p.Counts[st]
			if g.Taken != c.Taken || g.Opportunities != c.Opportunities {
				t.Errorf("%s %s: %d/%d, want %d/%d", p.Name, st.Key(), g.Taken, g.Opportunities, c.Taken, c.Opportunities)
			}
			if c.Opportunities == 0 && (g.Value != nil || g.CI95 != nil) {
				t.Errorf("%s %s: value without opportunities", p.Name, st.Key())
			}
			if c.Opportunities > 0 && !st.IsRatio() && (g.Value == nil || g.CI95 == nil || g.CI95[0] > *g.Value || g.CI95[1] < *g.Value) {
				t.Errorf("%s %s: value %v interval %v", p.Name, st.Key(), g.Value, g.CI95)
			}
		}
	}
	// A stat of every family: preflop, c-bets, donk bets, bets after a missed c-bet, showdown, aggression.
	for _, k := range []string{"vpip", "pfr", "three_bet", "fold_to_three_bet", "four_bet", "fold_to_four_bet", "steal",
		"fold_to_steal_sb", "fold_to_steal_bb", "limp", "cbet_river", "fold_to_cbet_turn", "raise_cbet_flop", "donk_turn",
		"fold_to_donk_river", "raise_donk_flop", "bmcb_turn", "fold_to_bmcb_river", "raise_bmcb_flop", "three_bet_river",
		"fold_to_three_bet_flop", "wtsd", "wsd", "af", "afq"} {
		if _, ok := got.Players["BB"].Stats[k]; !ok {
			t.Errorf("no stat %q", k)
		}
	}
}

func TestHudFiltersAndTables(t *testing.T) {
	f, out, _ := cardsTestFactory("")
	if code := Run(f, []string{"hud", hudStats, "--player", "BTN", "--json"}); code != ExitOK {
		t.Fatal(code)
	}
	var got HudJSON
	json.Unmarshal(out.Bytes(), &got)
	if len(got.Players) != 1 || got.Players["BTN"].Hands != 29 { // 28 six-handed hands and one three-handed
		t.Errorf("--player BTN: %+v", got.Players)
	}
	f, out, _ = cardsTestFactory("")
	Run(f, []string{"hud", hudStats, "--min-hands", "30", "--json"})
	got = HudJSON{}
	json.Unmarshal(out.Bytes(), &got)
	if len(got.Players) != 0 {
		t.Errorf("--min-hands 30 keeps %d players", len(got.Players))
	}
	f, _, errOut := cardsTestFactory("")
	if code := Run(f, []string{"hud", hudStats, "--player", "Nobody"}); code != ExitError || !strings.Contains(errOut.String(), `player "Nobody" is not in the hands`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
	f, out, _ = cardsTestFactory("")
	Run(f, []string{"hud", hudStats})
	if s := out.String(); !strings.Contains(s, "player  hands  vpip") || !strings.Contains(s, "29 hands, 6 players shown") {
		t.Errorf("summary table:\n%s", s)
	}
	f, out, _ = cardsTestFactory("")
	Run(f, []string{"hud", hudStats, "--player", "CO"})
	if s := out.String(); !strings.Contains(s, "CO: 28 hands") || !strings.Contains(s, "cbet_flop") || !strings.Contains(s, "95% CI") {
		t.Errorf("player table:\n%s", s)
	}
}
