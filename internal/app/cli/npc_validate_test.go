package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/npc"
)

const topHandHQ = "X+u4T/E5ANkyZLKm1YjqwQ" // the real hands' most frequent player (342 hands)

func realHandHQ(t *testing.T) []string {
	m, _ := filepath.Glob("../../../testdata/handhq/*.phhs")
	if len(m) != 3 {
		t.Fatalf("%d HandHQ files", len(m))
	}
	return m
}

// npc validate --json on a real player: the documented schema, both
// parts of the split, the three models scored preflop, postflop and
// overall, and a figure written.
func TestNPCValidateJSON(t *testing.T) {
	fig := filepath.Join(t.TempDir(), "v.svg")
	v := validateJSON(t, append([]string{"npc", "validate", "--player", topHandHQ, "--hands", "3000", "--calibrate-hands", "1000", "--json", "--out", fig}, realHandHQ(t)...)...)
	if v.Hands != 342 || v.LearnHands+v.HeldOutHands != 342 || v.SimHands != 3000 || v.Holdout != "odd/even" || len(v.Prediction) != 9 {
		t.Fatalf("%+v", v)
	}
	for _, p := range v.Prediction {
		if p.Decisions == 0 || !(p.LogLoss > 0) || p.Accuracy < 0 || p.Accuracy > 100 {
			t.Errorf("prediction %+v", p)
		}
	}
	if len(v.Rates) == 0 || len(v.Sizes) == 0 || v.PreflopLogLossGain == nil {
		t.Fatalf("rates %d sizes %d gain %v", len(v.Rates), len(v.Sizes), v.PreflopLogLossGain)
	}
	if b, err := os.ReadFile(fig); err != nil || !strings.Contains(string(b), "<svg") {
		t.Fatalf("figure: %v", err)
	}
	// The random split takes the share asked for.
	v = validateJSON(t, append([]string{"npc", "validate", "--player", topHandHQ, "--hands", "1000", "--calibrate-hands", "0", "--holdout", "0.3", "--seed", "5", "--json"}, realHandHQ(t)...)...)
	if v.HeldOutHands != 103 || v.Holdout != "0.3" || v.Seed != 5 {
		t.Fatalf("holdout 0.3: %d held out, %q", v.HeldOutHands, v.Holdout)
	}
}

// npc validate: bad flags are usage errors naming the flag; an unknown
// player fails the work.
func TestNPCValidateErrors(t *testing.T) {
	files := realHandHQ(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--player", "x", "--holdout", "1.5"}, ExitUsage, "--holdout 1.5: want odd/even or a fraction between 0 and 1"},
		{[]string{"--player", "x", "--holdout", "half"}, ExitUsage, "--holdout half"},
		{[]string{"--holdout", "0.3"}, ExitUsage, "--player is required"},
		{[]string{"--player", "x", "--out", "fig.txt"}, ExitUsage, "fig.txt"},
		{[]string{"--player", "Nobody"}, ExitError, "player \"Nobody\" is not in the files"},
	} {
		code, _, errOut := run(t, append(append([]string{"npc", "validate"}, c.args...), files...)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

// npc clone --json: every value's sample, prior and source, the profile
// in --out, which reads back; --json without --out is a usage error.
func TestNPCCloneJSON(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.toml")
	code, stdout, errOut := run(t, append([]string{"npc", "clone", "--player", topHandHQ, "--json", "--out", out}, realHandHQ(t)...)...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var j NPCCloneJSON
	if err := json.Unmarshal([]byte(stdout), &j); err != nil {
		t.Fatal(err)
	}
	if j.Method != "learned" || j.Hands != 342 || len(j.Values) <= npc.NumStats || j.Values[0].Key != "vpip" || j.Values[0].Observed == nil {
		t.Fatalf("%+v", j)
	}
	sources := map[string]bool{}
	for _, v := range j.Values {
		sources[v.Source] = true
		if (v.Observed == nil) != (v.Opportunities == 0) || v.Weight < 0 || v.Weight > 1 {
			t.Errorf("%+v", v)
		}
	}
	if !sources["player"] || !sources["shrunk"] || !sources["population"] {
		t.Errorf("sources %v", sources)
	}
	if _, err := npc.ReadProfileFile(out); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = run(t, append([]string{"npc", "clone", "--player", topHandHQ, "--json"}, realHandHQ(t)...)...)
	if code != ExitUsage || !strings.Contains(errOut, "give --out FILE") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

// npc validate on the Pluribus hands (every card shown, gzip-compressed):
// the clone's preflop mixing and the card-conditioned gains are reported,
// the sizes with the held-out median's interval and the learning part's
// median; on HandHQ (cards seen only at the showdown) they are null.
func TestNPCValidateWithCards(t *testing.T) {
	v := validateJSON(t, "npc", "validate", "--player", "Pluribus", "--hands", "2000", "--calibrate-hands", "0", "--json", "../../../npc/testdata/pluribus/pluribus.phhs.gz")
	if v.Hands != 10000 || v.PreflopMixing == nil || *v.PreflopMixing <= 0 || v.KnownCardsGain == nil || v.KnownCardsGainMix == nil || *v.KnownCardsGainMix <= 0 {
		t.Fatalf("hands %d, mixing %v, gains %v %v", v.Hands, v.PreflopMixing, v.KnownCardsGain, v.KnownCardsGainMix)
	}
	withCards := 0
	for _, p := range v.RangePrediction {
		if p.Street == "preflop-with-cards" {
			withCards++
		}
	}
	if withCards != 3 {
		t.Errorf("%d preflop-with-cards rows, want clone, aggregate, aggregate-with-mixing", withCards)
	}
	for _, s := range v.Sizes {
		if s.Learn == nil || !(s.HeldLow <= s.HeldMedian && s.HeldMedian <= s.HeldHigh) {
			t.Errorf("size %s: learn %v, median %v in [%v, %v]", s.Key, s.Learn, s.HeldMedian, s.HeldLow, s.HeldHigh)
		}
	}
	v = validateJSON(t, append([]string{"npc", "validate", "--player", topHandHQ, "--hands", "1000", "--calibrate-hands", "0", "--json"}, realHandHQ(t)...)...)
	if v.PreflopMixing != nil || v.KnownCardsGain != nil {
		t.Errorf("HandHQ: mixing %v, gain %v, want null", v.PreflopMixing, v.KnownCardsGain)
	}
}

// validateJSON runs npc validate --json and decodes its output.
func validateJSON(t *testing.T, args ...string) NPCValidateJSON {
	t.Helper()
	code, out, errOut := run(t, args...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var v NPCValidateJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	return v
}
