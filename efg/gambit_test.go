package efg_test

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"pokerlab/br"
	"pokerlab/efg"
	"pokerlab/efg/efgtest"
	"pokerlab/games/akq"
	"pokerlab/games/kuhn"
)

// A hand-written Gambit file of the AKQ game (bet ½ pot, rationals and
// decimals, outcomes reused by number, an information set referenced without
// its name) loads and solves to the QRE note's value (1+2B)/(2(1+B)) = 2/3.
func TestReadHandWrittenAKQ(t *testing.T) {
	f, err := os.Open("testdata/akq-half.efg")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := efg.ReadEFG(f, "akq-half.efg")
	if err != nil {
		t.Fatal(err)
	}
	if tr.NumPlayers() != 2 || tr.NumInfoSets() != 3 || !tr.ConstantSum || tr.Sum != 1 {
		t.Fatalf("players %d, infosets %d, constant-sum %v (%v)", tr.NumPlayers(), tr.NumInfoSets(), tr.ConstantSum, tr.Sum)
	}
	if !strings.Contains(tr.Comment, "The QRE note") {
		t.Errorf("comment lost: %q", tr.Comment)
	}
	v, _, err := br.GameValue(tr)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(v[0]-2.0/3) > 1e-9 {
		t.Errorf("value %v, want 2/3", v[0])
	}
	// The same game compiled from Go has the same value and uniform NashConv.
	g, _ := akq.New(0.5)
	goTree, _ := efg.Compile(g)
	if a, b := br.NashConv(tr, efg.Uniform(tr)), br.NashConv(goTree, efg.Uniform(goTree)); math.Abs(a-b) > 1e-15 {
		t.Errorf("uniform NashConv %v from the file, %v from Go", a, b)
	}
}

func TestRoundTripKuhn(t *testing.T) {
	tr, _ := efg.Compile(kuhn.New())
	var buf bytes.Buffer
	if err := efg.WriteEFG(&buf, tr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"JQ" 1/6`) {
		t.Errorf("chance probabilities should be written as exact rationals:\n%s", buf.String()[:200])
	}
	back, err := efg.ReadEFG(bytes.NewReader(buf.Bytes()), "kuhn.efg")
	if err != nil {
		t.Fatal(err)
	}
	efgtest.Equal(t, tr, back)
	if a, b := br.NashConv(tr, efg.Uniform(tr)), br.NashConv(back, efg.Uniform(back)); a != b {
		t.Errorf("NashConv(uniform) %v before and %v after", a, b)
	}
	// Writing the re-read tree gives the same bytes.
	var again bytes.Buffer
	efg.WriteEFG(&again, back)
	if again.String() != buf.String() {
		t.Error("write → read → write is not byte-identical")
	}
}

// Outcomes attached to interior nodes add to every terminal below.
func TestInteriorOutcomes(t *testing.T) {
	src := `EFG 2 R "interior" { "A" "B" }
p "" 1 1 "" { "x" "y" } 1 "ante" { -1 1 }
t "" 2 "" { 2 0 }
t "" 0
`
	tr, err := efg.ReadEFG(strings.NewReader(src), "interior.efg")
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.PayoffOf(1); got[0] != 1 || got[1] != 1 {
		t.Errorf("terminal x payoffs %v, want [1 1]", got)
	}
	if got := tr.PayoffOf(2); got[0] != -1 || got[1] != 1 {
		t.Errorf("terminal y payoffs %v, want [-1 1]", got)
	}
	if tr.ConstantSum {
		t.Error("payoff sums 2 and 0 are not constant")
	}
}

func TestReadErrors(t *testing.T) {
	good, err := os.ReadFile("testdata/akq-half.efg")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, src, want string
	}{
		{"empty", "", "1:1: expected EFG"},
		{"not efg", "NFG 1 R", "expected EFG"},
		{"version", `EFG 3 R "x" { "a" }`, "unsupported .efg version 3"},
		{"truncated", strings.Join(strings.Split(string(good), "\n")[:8], "\n"), "8:53: expected a node (c, p or t), found the end of the file (is it truncated?)"},
		{"truncated in a string", string(good[:len(good)/2]), "unterminated string (the file ends inside it)"},
		{"unterminated string", `EFG 2 R "x`, "1:9: unterminated string"},
		{"bad character", "EFG 2 R \"x\" { \"a\" }\n@", "2:1: unexpected character '@'"},
		{"probability sum", `EFG 2 R "x" { "a" }
c "" 1 "" { "h" 1/2 "t" 1/3 } 0
t "" 0
t "" 0`, "2:1: chance node at the root: probabilities sum to 0.833333333333, not 1"},
		{"probability range", `EFG 2 R "x" { "a" }
c "" 1 "" { "h" 3/2 "t" -1/2 } 0`, "2:17: probability 3/2 of \"h\" is not in [0, 1]"},
		{"player out of range", `EFG 2 R "x" { "a" "b" }
p "" 3 1 "" { "l" "r" } 0`, "2:6: player 3 does not exist"},
		{"payoff count", `EFG 2 R "x" { "a" "b" }
t "" 1 "" { 1 2 3 }`, "2:11: outcome has 3 payoffs, the game has 2 players"},
		{"undefined outcome", `EFG 2 R "x" { "a" }
t "" 7`, "2:6: outcome 7 is used before its payoffs are given"},
		{"undefined infoset", `EFG 2 R "x" { "a" }
p "" 1 4 0`, "2:8: information set 4 of player 1 is used before its actions are given"},
		{"action mismatch", `EFG 2 R "x" { "a" "b" }
c "" 1 "" { "h" 1/2 "t" 1/2 } 0
p "" 1 1 "" { "l" "r" } 0
t "" 0
t "" 0
p "" 1 1 "" { "l" "m" "r" } 0`, "information set \"\" of a: node at history [t] has actions [l m r], another member has [l r]"},
		{"imperfect recall", `EFG 2 R "forgetful" { "a" "b" }
p "" 1 1 "first" { "l" "r" } 0
p "" 1 2 "second" { "x" "y" } 0
t "" 0
t "" 0
p "" 1 2 "second" { "x" "y" } 0
t "" 0
t "" 0`, "a information set 2 \"second\" violates perfect recall"},
		{"trailing", `EFG 2 R "x" { "a" }
t "" 0
t "" 0`, "3:1: unexpected \"t\" after the last node"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := efg.ReadEFG(strings.NewReader(tc.src), "bad.efg")
			if err == nil {
				t.Fatalf("accepted:\n%s", tc.src)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "bad.efg") {
				t.Errorf("error %q\nwant it to start with the file name and contain %q", err, tc.want)
			}
		})
	}
}

func FuzzReadEFG(f *testing.F) {
	good, _ := os.ReadFile("testdata/akq-half.efg")
	f.Add(string(good))
	var buf bytes.Buffer
	tr, _ := efg.Compile(kuhn.New())
	efg.WriteEFG(&buf, tr)
	f.Add(buf.String())
	f.Add(`EFG 2 R "x" { "a" } t "" 0`)
	f.Fuzz(func(t *testing.T, src string) {
		tr, err := efg.ReadEFG(strings.NewReader(src), "fuzz.efg")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.efg") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		// Whatever reads must write and read back to the same tree.
		var out bytes.Buffer
		if err := efg.WriteEFG(&out, tr); err != nil {
			t.Fatal(err)
		}
		back, err := efg.ReadEFG(&out, "again.efg")
		if err != nil {
			t.Fatalf("re-reading the written tree: %v\n%s", err, out.String())
		}
		efgtest.Equal(t, tr, back)
		br.NashConv(tr, efg.Uniform(tr))
	})
}
