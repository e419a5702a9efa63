package efg_test

import (
	"bytes"
	"strings"
	"testing"

	"pokerlab/efg"
	"pokerlab/games/kuhn"
)

// forgetful is a one-player game in which the player forgets their first
// action: both second-move nodes share the key "second".
type forgetful struct{ moves string }

func (forgetful) Name() string          { return "forgetful" }
func (forgetful) PlayerNames() []string { return []string{"Amnesiac"} }
func (forgetful) Root() efg.State       { return forgetful{} }
func (s forgetful) Player() int {
	if len(s.moves) == 2 {
		return efg.Terminal
	}
	return 0
}
func (s forgetful) Actions() []string      { return []string{"l", "r"} }
func (s forgetful) ChanceProbs() []float64 { return nil }
func (s forgetful) Next(a int) efg.State   { return forgetful{s.moves + "lr"[a:a+1]} }
func (s forgetful) InfoSet() string {
	if s.moves == "" {
		return "first"
	}
	return "second"
}
func (s forgetful) Utilities() []float64 { return []float64{float64(len(s.moves))} }

func TestPerfectRecallViolation(t *testing.T) {
	_, err := efg.Compile(forgetful{})
	if err == nil {
		t.Fatal("imperfect recall accepted")
	}
	for _, want := range []string{`Amnesiac information set 2 "second" violates perfect recall`, "[l]", "[r]"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

func TestOnePlayerGame(t *testing.T) {
	// A one-player decision problem (N ≥ 1) compiles when recall is perfect.
	tr, err := efg.ReadEFG(strings.NewReader(`EFG 2 R "solo" { "Me" }
p "" 1 1 "" { "a" "b" } 0
t "" 1 "" { 3 }
t "" 2 "" { 5 }`), "solo.efg")
	if err != nil {
		t.Fatal(err)
	}
	if tr.NumPlayers() != 1 || tr.ZeroSumTwoPlayer() {
		t.Fatalf("players %d, two-player zero-sum %v", tr.NumPlayers(), tr.ZeroSumTwoPlayer())
	}
}

func TestLabels(t *testing.T) {
	tr, _ := efg.Compile(kuhn.New())
	// The first deal JQ, player 1 checks, player 2 bets: player 1's "J:cb".
	n := int(tr.FirstChild[0]) // deal JQ
	n = int(tr.FirstChild[n])  // check
	n = int(tr.FirstChild[n]) + 1
	if got := strings.Join(tr.History(n), " "); got != "JQ check bet" {
		t.Errorf("History = %q", got)
	}
	if got := tr.InfoSetLabel[tr.InfoSet[n]]; got != "J:cb" {
		t.Errorf("label %q, want J:cb", got)
	}
	if got := tr.InfoSetName(int(tr.InfoSet[n])); !strings.HasPrefix(got, "P1 information set") {
		t.Errorf("InfoSetName = %q", got)
	}
}

func TestProfileFileRoundTrip(t *testing.T) {
	tr, _ := efg.Compile(kuhn.New())
	p := efg.Uniform(tr)
	p[0], p[1] = 0.25, 0.75
	var buf bytes.Buffer
	if err := efg.WriteProfile(&buf, tr, "kuhn", p); err != nil {
		t.Fatal(err)
	}
	back, err := efg.ReadProfile(&buf, tr, "s.json")
	if err != nil {
		t.Fatal(err)
	}
	for i := range p {
		if p[i] != back[i] {
			t.Fatalf("probability %d: %v, read back %v", i, p[i], back[i])
		}
	}
}

func TestReadProfileErrors(t *testing.T) {
	tr, _ := efg.Compile(kuhn.New())
	var buf bytes.Buffer
	efg.WriteProfile(&buf, tr, "kuhn", efg.Uniform(tr))
	good := buf.String()
	for _, tc := range []struct{ name, src, want string }{
		{"syntax", "{\n  \"infosets\": [\n  }", "s.json:3:3: infosets[0]: unexpected character '}': want a value"},
		{"truncated", strings.TrimSuffix(good[:len(good)/2], "\n"), "is the file truncated?"},
		{"duplicate key", `{"infosets": [], "infosets": []}`, `s.json:1:18: key "infosets" given twice in one object (first at line 1, column 2)`},
		{"type", strings.Replace(good, "0.5,", `"half",`, 1), `s.json:13:9: infosets[0].probs[0]: want a number, found the string "half"`},
		{"semantic error with position", strings.Replace(good, `"player": 2`, `"player": 3`, 1), `s.json:17:5: infosets[1] (player 3, id 1, label "Q:c"): player must be 1…2`},
		{"label and id disagree", strings.Replace(good, `"label": "J:cb"`, `"label": "J:bb"`, 1), `label "J:bb"): the game's information set 2 is labelled "J:cb"`},
		{"unknown infoset", strings.Replace(strings.Replace(good, `"label": "J:cb"`, `"label": "J:bb"`, 1), `"id": 2,`, `"id": 99,`, 1), `(player 1, id 99, label "J:bb"): no such information set`},
		{"sum", strings.Replace(good, "0.5,\n        0.5", "0.5,\n        0.4", 1), "probabilities sum to 0.9, not 1"},
		{"unknown action", strings.Replace(good, `"check"`, `"raise"`, 1), `unknown action "raise"; the actions are [check bet]`},
		{"negative", strings.Replace(good, "0.5,\n        0.5", "1.5,\n        -0.5", 1), "is 1.5, not in [0, 1]"},
		{"missing", `{"infosets": []}`, "is missing (a profile must give every information set; 0 given, the game has 12)"},
		{"unknown field", `{"infoset": []}`, `s.json:1:2: unknown key "infoset" (known: game, infosets)`},
		{"player", strings.Replace(good, `"player": 2`, `"player": 3`, 1), "player must be 1…2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := efg.ReadProfile(strings.NewReader(tc.src), tr, "s.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func FuzzReadProfile(f *testing.F) {
	tr, _ := efg.Compile(kuhn.New())
	var buf bytes.Buffer
	efg.WriteProfile(&buf, tr, "kuhn", efg.Uniform(tr))
	f.Add(buf.String())
	f.Add(`{"infosets": [{"player": 1, "id": 1, "label": "", "actions": ["check"], "probs": [1]}]}`)
	f.Fuzz(func(t *testing.T, src string) {
		p, err := efg.ReadProfile(strings.NewReader(src), tr, "fuzz.json")
		if err != nil {
			return
		}
		if err := efg.CheckProfile(tr, p); err != nil {
			t.Fatalf("accepted a profile that is not one: %v", err)
		}
	})
}
