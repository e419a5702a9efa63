package spot

import (
	"errors"
	"math"
	"strings"
	"testing"
)

const goodSpot = `board = "Td9d6hQc"
pot = 200
stack = 900
oop = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"
ip = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"
[sizes]
bet = "60%, a"
raise = "2.5x"
`

// TestBadSpotInput: each bad input is a SpotError naming the key, the
// value and (when it is in the file) the line.
func TestBadSpotInput(t *testing.T) {
	repl := func(old, new string) string { return strings.Replace(goodSpot, old, new, 1) }
	cases := []struct {
		name, src, want string
	}{
		{"combo clashes with the board", repl(`oop = "`, `oop = "TdJd,`), `t.toml:4: oop: "TdJd": Td is on the board Td 9d 6h Qc`},
		{"combo with a weight clashes", repl(`ip = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"`, `ip = "KK, TdTc:0.5"`), `t.toml:5: ip: "TdTc:0.5": Td is on the board`},
		{"empty after card removal", strings.Replace(repl(`ip = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"`, `ip = "QQ"`), `board = "Td9d6hQc"`, `board = "QcQdQh"`, 1), `t.toml:5: ip: "QQ": no combination is left after removing the board cards Qc Qd Qh`},
		{"empty after card removal, classes", repl(`ip = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"`, `ip = "QdTd"`), `ip: "QdTd": Td is on the board`},
		{"no combination left", repl(`oop = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"`, `oop = "TdT9"`), `t.toml:4: oop: range "TdT9": col 1`},
		{"no deal possible", repl(`oop = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"`, `oop = "AsKs"`) + "", ``},
		{"board of 2", repl(`board = "Td9d6hQc"`, `board = "Td9d"`), `t.toml:1: board: "Td9d" has 2 cards; a spot starts on the flop (3 cards), turn (4) or river (5)`},
		{"board of 6", repl(`board = "Td9d6hQc"`, `board = "Td9d6hQc2s3s"`), `board: "Td9d6hQc2s3s" has 6 cards`},
		{"board duplicate", repl(`board = "Td9d6hQc"`, `board = "Td9dTd"`), `board: cards "Td9dTd": col 5: duplicate card "Td"`},
		{"size 60", repl(`bet = "60%, a"`, `bet = "60"`), `t.toml:7: sizes.bet: sizes "60": col 1: "60": a size is a pot percentage`},
		{"size x2.5", repl(`raise = "2.5x"`, `raise = "x2.5"`), `t.toml:8: sizes.raise: sizes "x2.5": col 1: "x2.5": a raise multiple is written with the number first, e.g. 2.5x`},
		{"x for a bet", repl(`bet = "60%, a"`, `bet = "60%, 2x"`), `sizes.bet: sizes "60%, 2x": col 6: "2x": a multiple of the previous bet (x) is only for raises`},
		{"pot 0", repl(`pot = 200`, `pot = 0`), `t.toml:2: pot: 0: the pot must be positive`},
		{"pot negative", repl(`pot = 200`, `pot = -5`), `pot: -5: the pot must be positive`},
		{"stack negative", repl(`stack = 900`, `stack = -1`), `t.toml:3: stack: -1: the stack must be zero or positive`},
		{"stack overflow", repl(`stack = 900`, `stack = 99999999999`), `stack: 99999999999: overflows 2147483647 chips`},
		{"pot + 2 stack overflow", repl(`stack = 900`, `stack = 1500000000`), `stack: pot + 2 × stack = 3000000200 overflows 2147483647 chips`},
		{"pot not whole", repl(`pot = 200`, `pot = 2.5`), `pot: want a whole number of chips, got 2.5`},
		{"pot string", repl(`pot = 200`, `pot = "200"`), `pot: want a whole number of chips, got a string`},
		{"rake above 1", "rake = 1.5\n" + goodSpot, `t.toml:1: rake: 1.5: a rake rate is at most 1`},
		{"negative threshold", "merging = -0.1\n" + goodSpot, `merging: -0.1: must not be negative`},
		{"unknown key", "bets = 3\n" + goodSpot, `t.toml:1: bets: unknown key`},
		{"unknown sizes key", repl(`raise = "2.5x"`, `raise = "2.5x"`+"\nallin = \"a\""), `t.toml:9: sizes.allin: unknown key; sizes takes bet, raise, donk`},
		{"donk on the flop", goodSpot + "[sizes.flop]\ndonk = \"50%\"\n", `t.toml:10: sizes.flop.donk: donk sizes belong to`},
		{"unknown street", goodSpot + "[sizes.preflop]\nbet = \"50%\"\n", `sizes.preflop: unknown table`},
		{"bad range", repl(`ip = "`, `ip = "AKx,`), `t.toml:5: ip: range "AKx,`},
		{"missing board", strings.Replace(goodSpot, `board = "Td9d6hQc"`+"\n", "", 1), `board: missing`},
		{"missing ip", strings.Replace(goodSpot, `ip = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"`+"\n", "", 1), `ip: missing`},
		{"toml syntax", "board = \n", `t.toml:1: `},
	}
	for _, c := range cases {
		if c.want == "" {
			// A single combination against a range that holds its cards:
			// there is still a deal, so this is fine.
			if _, err := ParseSpot(c.src, "t.toml"); err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		_, err := ParseSpot(c.src, "t.toml")
		var se *SpotError
		if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got  %v\n want %q", c.name, err, c.want)
		}
	}
}

// TestNoDealPossible: two single combinations sharing a card.
func TestNoDealPossible(t *testing.T) {
	_, err := ParseSpot(`board = "2c3c4c"
pot = 10
stack = 10
oop = "AsKs"
ip = "AsQs"
`, "t.toml")
	if err == nil || !strings.Contains(err.Error(), "no deal is possible") {
		t.Fatalf("got %v", err)
	}
}

// TestMemoryLimit: a solver that would need more than --max-memory is
// refused before allocating, with the estimate.
func TestMemoryLimit(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	need := g.MemoryEstimate(1)
	_, err := NewSolver(g, SolveOptions{}, need-1)
	var me *ErrMemory
	if !errors.As(err, &me) || me.Need != need || !strings.Contains(err.Error(), "more than the limit") {
		t.Fatalf("got %v", err)
	}
	if _, err := NewSolver(g, SolveOptions{}, need); err != nil {
		t.Fatal(err)
	}
	// NewGame refuses before allocating the tree, with a bound at least the
	// estimate.
	_, err = NewGame(g.Spot, Options{MaxMemory: need / 2})
	if !errors.As(err, &me) || me.Need < need/2 || me.Limit != need/2 {
		t.Fatalf("NewGame: %v", err)
	}
	if _, err := NewGame(g.Spot, Options{MaxMemory: 2 * need}); err != nil {
		t.Fatal(err)
	}
}

// TestFormatRoundTrip: Format writes a spot that parses back to the same
// spot (and the same text).
func TestFormatRoundTrip(t *testing.T) {
	for _, src := range []string{goodSpot, riverSmall, riverRake, turnSmall, flopSymmetric,
		goodSpot + "[sizes.turn]\ndonk = \"33%, e\"\n[sizes.river.ip]\nbet = \"3e150%, 100c\"\nraise = \"20c3r\"\n"} {
		a := mustSpot(t, src)
		b := mustSpot(t, a.Format())
		if a.Format() != b.Format() {
			t.Fatalf("round trip:\n%s\n%s", a.Format(), b.Format())
		}
		ta, _ := NewActionTree(a)
		tb, _ := NewActionTree(b)
		if dumpTree(ta) != dumpTree(tb) {
			t.Fatalf("the trees differ after a round trip")
		}
	}
}

// TestSizeOverrides: [sizes.<street>.<player>] beats [sizes.<street>],
// which beats [sizes.<player>], which beats [sizes].
func TestSizeOverrides(t *testing.T) {
	sp := mustSpot(t, goodSpot+`[sizes.ip]
bet = "33%"
[sizes.river]
bet = "75%"
[sizes.river.oop]
bet = "150%"
`)
	check := func(st Street, p int, want string) {
		if got := FormatSizes(sp.Sizes[st][p].Bet); got != want {
			t.Errorf("%s %s: %q, want %q", st, PlayerName(p), got, want)
		}
	}
	check(Turn, OOP, "60%, a")
	check(Turn, IP, "33%")
	check(River, IP, "75%")
	check(River, OOP, "150%")
}

// TestParseSizes follows postflop-solver's accepted and rejected sizes.
func TestParseSizes(t *testing.T) {
	for s, want := range map[string]Size{
		"75%": {Kind: PotRelative, Ratio: 0.75}, "112.5%": {Kind: PotRelative, Ratio: 1.125},
		"3.5X": {Kind: PrevBetRelative, Ratio: 3.5}, "123C": {Kind: Additive, N: 123},
		"100C100R": {Kind: Additive, N: 100, Cap: 100}, "e": {Kind: Geometric, Ratio: math.Inf(1)},
		"2e": {Kind: Geometric, N: 2, Ratio: math.Inf(1)}, "E37.5%": {Kind: Geometric, Ratio: 0.375},
		"a": {Kind: AllIn},
	} {
		got, err := ParseSizes(s, ForRaise)
		if err != nil || len(got) != 1 || got[0] != want {
			t.Errorf("%q: %v %v, want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "0", "1.23", "%", "+42%", "-30%", "x", "0x", "1x", "c", "12.3c", "10c10", "42cr",
		"c3r", "0c0r", "123c101r", "1c2r3", "12c3.4r", "0e", "2.7e", "101e", "3e7", "E%", "1e2e3", "bet", "1a", "a1", ","} {
		if got, err := ParseSizes(s, ForRaise); err == nil && !(s == "" && len(got) == 0) {
			t.Errorf("%q: accepted as %v", s, got)
		}
	}
}

// FuzzParseSpot: any text parses or fails with a SpotError; a parsed spot
// builds its action tree.
func FuzzParseSpot(f *testing.F) {
	for _, s := range []string{goodSpot, riverSmall, riverRake, flopSymmetric, "board = 1", "[sizes]\nbet = \"e150%\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sp, err := ParseSpot(src, "f.toml")
		if err != nil {
			var se *SpotError
			if !errors.As(err, &se) {
				t.Fatalf("%T %v", err, err)
			}
			return
		}
		if _, err := NewActionTree(sp); err != nil {
			t.Fatalf("parsed but no tree: %v", err)
		}
	})
}

// FuzzParseSizes: any size list parses or fails with a SizeError.
func FuzzParseSizes(f *testing.F) {
	for _, s := range []string{"60%, a", "2.5x", "e, 2e, 3e150%", "20c3r", "x2.5", "60"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, use := range []SizeUse{ForBet, ForRaise, ForDonk} {
			if _, err := ParseSizes(s, use); err != nil {
				var se *SizeError
				if !errors.As(err, &se) {
					t.Fatalf("%q: %T %v", s, err, err)
				}
			}
		}
	})
}

// TestHugeBettingTree: a tree that would grow past MaxActionNodes is refused
// with an error naming the sizes.
func TestHugeBettingTree(t *testing.T) {
	defer func(m int) { maxActionNodes = m }(maxActionNodes)
	maxActionNodes = 20000
	_, err := NewActionTree(mustSpot(t, `board = "AhKd7c"
pot = 1
stack = 1000000000
oop = "AA"
ip = "KK"
add_allin = 0
[sizes]
bet = "1c, 2c, 3c, 5c"
raise = "2x, 3x, 4x, 5x, 6x"
`))
	var se *SpotError
	if !errors.As(err, &se) || se.Key != "sizes" || !strings.Contains(err.Error(), "max_raises") {
		t.Fatalf("got %v", err)
	}
}
