package hh

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/holdem"
)

const goodHand = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [100, 200.30, 50]
actions = [
  'd dh p1 AsKd',
  'd dh p2 ????',
  'd dh p3 7h7c',
  'p3 cbr 3',
  'p1 f',
  'p2 cc',
  'd db 2c3d4h',
  'p2 cc',
  'p3 cbr 5.25',
  'p2 f',
]
`

func TestParseDecimalAmounts(t *testing.T) {
	hands, err := Parse("good.phh", []byte(goodHand))
	if err != nil {
		t.Fatal(err)
	}
	h := hands[0]
	// The finest amount has two decimals: units of 0.01.
	if h.Decimals != 2 || h.Blinds[0] != 50 || h.StartingStacks[1] != 20030 || h.Actions[8].Amount != 525 || h.MinBet != 100 {
		t.Fatalf("decimals %d blinds %v stacks %v cbr %d min_bet %d", h.Decimals, h.Blinds, h.StartingStacks, h.Actions[8].Amount, h.MinBet)
	}
	var r Replayer
	if err := r.Replay(h); err != nil {
		t.Fatal(err)
	}
	// p3 wins 3 (own) + 3 (p2) + 0.50 (p1) = 6.50 after 5.25 returns.
	want := []int64{9950, 20030 - 300, 5000 - 300 + 650}
	if got := r.FinishingStacks(); got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("finishing %v, want %v", got, want)
	}
}

func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		raw  string
		dec  int
		want int64
		frac int
	}{
		{"0.50", 2, 50, 2}, {"200.30", 2, 20030, 2}, {"1171", 2, 117100, 0}, {"0.1", 1, 1, 1},
		{"1e3", 0, 1000, 0}, {"2.5e1", 0, 25, 0}, {"1_000", 0, 1000, 0}, {"+7", 0, 7, 0},
		{"0.15", 2, 15, 2}, {"3.00", 2, 300, 2}, {"12.345", 3, 12345, 3}, {"-0", 0, 0, 0},
		// 0.1 + 0.2 style values are exact: no float64 on the way.
		{"0.3", 1, 3, 1}, {"1234567.89", 2, 123456789, 2},
	} {
		d, err := parseDecimal(c.raw)
		if err != nil {
			t.Fatalf("%s: %v", c.raw, err)
		}
		got, err := d.units(c.dec)
		if err != nil || got != c.want || d.frac != c.frac {
			t.Errorf("%s at %d decimals = %d (frac %d, %v), want %d (frac %d)", c.raw, c.dec, got, d.frac, err, c.want, c.frac)
		}
		if s := formatUnits(got, c.dec); c.raw == "0.50" && s != "0.50" {
			t.Errorf("format %d = %s", got, s)
		}
	}
	for _, bad := range []string{"-1", "inf", "nan", "-2.5", "99999999999999999999"} {
		if _, err := parseDecimal(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestMalformedPHH: every kind of bad input names the line and the key.
func TestMalformedPHH(t *testing.T) {
	replace := func(old, new string) string { return strings.Replace(goodHand, old, new, 1) }
	for _, c := range []struct {
		name, input string
		want        []string // substrings of the error
	}{
		{"syntax", replace("min_bet = 1", "min_bet = = 1"), []string{"line 4", "key min_bet", "invalid value"}},
		{"unterminated string", replace("'p1 f'", "'p1 f"), []string{"line 11", "key actions", "unterminated string"}},
		{"bad action", replace("'p1 f'", "'p1 rase 4'"), []string{"line 11", "key actions", "action 5", `unknown action "rase"`}},
		{"bad amount", replace("'p3 cbr 3'", "'p3 cbr 3x'"), []string{"line 10", "key actions", "action 4", "bad amount"}},
		{"bad card", replace("'d dh p1 AsKd'", "'d dh p1 AsKx'"), []string{"line 7", "key actions", "action 1", `bad card "Kx"`}},
		{"negative stack", replace("[100, 200.30, 50]", "[100, -200.30, 50]"), []string{"line 5", "key starting_stacks", "negative"}},
		{"zero stack", replace("[100, 200.30, 50]", "[100, 0, 50]"), []string{"line 5", "key starting_stacks", "positive"}},
		{"wrong length", replace("antes = [0, 0, 0]", "antes = [0, 0]"), []string{"line 2", "key antes", "2 entries for 3 players"}},
		{"wrong type", replace("min_bet = 1", "min_bet = '1'"), []string{"line 4", "key min_bet", "want a number"}},
		{"missing key", replace("min_bet = 1\n", ""), []string{"key min_bet", "missing"}},
		{"duplicate key", replace("min_bet = 1", "min_bet = 1\nmin_bet = 2"), []string{"line 5", "key min_bet", "defined twice"}},
		{"variant", replace("'NT'", "'FT'"), []string{"line 1", "key variant", "not supported"}},
		{"no such player", replace("'p1 f'", "'p7 f'"), []string{"line 11", "key actions", "no player p7"}},
		{"unknown card count", replace("'d db 2c3d4h'", "'d db 2c3d'"), []string{"line 13", "key actions", "3 cards (flop) or 1"}},
		{"too many decimals", replace("min_bet = 1", "min_bet = 1.0000000001"), []string{"decimals"}},
		{"dotted key", replace("min_bet = 1", "a.b = 1"), []string{"line 4", "dotted"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("bad.phh", []byte(c.input))
			if err == nil {
				t.Fatal("accepted")
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not an *hh.Error", err, err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if !strings.HasPrefix(err.Error(), "bad.phh: line ") {
				t.Errorf("error %q does not start with the file and line", err)
			}
		})
	}
}

// TestIllegalActions: replays of illegal hands name the hand, the action and
// the rule, and never panic.
func TestIllegalActions(t *testing.T) {
	replace := func(old, new string) string { return strings.Replace(goodHand, old, new, 1) }
	for _, c := range []struct {
		name, input string
		kind        error
		want        []string
	}{
		{"out of turn", replace("'p3 cbr 3'", "'p1 cbr 3'"), holdem.ErrOutOfTurn,
			[]string{"line 10", "action 4", "p1 cannot bet or raise: action out of turn, p3 is to act"}},
		{"below minimum", replace("'p3 cbr 3'", "'p3 cbr 1.50'"), holdem.ErrBelowMinRaise,
			[]string{"line 10", "action 4", `"p3 cbr 1.50"`, "below the minimum raise to 2", "last full bet or raise was 1", "TDA 41"}},
		{"more than the stack", replace("'p3 cbr 3'", "'p3 cbr 60'"), holdem.ErrAboveStack,
			[]string{"action 4", "raise to 60 needs more chips than p3 has: the stack is 50, so the most is all-in to 50"}},
		{"card dealt twice", replace("'d dh p3 7h7c'", "'d dh p3 7hKd'"), holdem.ErrCardTwice,
			[]string{"line 9", "action 3", "card Kd dealt twice: p1 already holds it"}},
		{"board card dealt twice", replace("'d db 2c3d4h'", "'d db 2cAs4h'"), holdem.ErrCardTwice,
			[]string{"action 7", "card As dealt twice: p1 already holds it"}},
		{"deal out of order", replace("'d dh p2 ????'", "'d dh p3 ????'"), holdem.ErrBadDeal,
			[]string{"action 2", "out of order: p2 is next"}},
		{"bet after the hand", replace("'p2 f',\n]", "'p2 f',\n  'p2 cc',\n]"), holdem.ErrHandOver,
			[]string{"action 11", "the hand is over"}},
		{"raise not reopened", `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 450, 10000]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 300', 'p1 cc', 'p2 cbr 450', 'p3 cbr 1000']
`, holdem.ErrCannotRaise, []string{"action 7", "TDA 47", "call 150 or fold"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hands, err := Parse("bad.phh", []byte(c.input))
			if err != nil {
				t.Fatal(err)
			}
			var r Replayer
			err = r.Replay(hands[0])
			if !errors.Is(err, c.kind) {
				t.Fatalf("error %v, want %v", err, c.kind)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestRealHands replays all 1,508 HandHQ hands: every action must be
// accepted and every pot awarded; the files must round-trip byte for byte.
// Where a record's winnings field exists, our pots must agree with it up to
// rake (the record's amount is never larger than what we award, and the
// same players collect), with one known exception in the source data.
func TestRealHands(t *testing.T) {
	files, _ := filepath.Glob("../testdata/handhq/*.phhs")
	if len(files) == 0 {
		t.Fatal("no HandHQ data in ../testdata/handhq")
	}
	var r Replayer
	total := 0
	byAward := map[AwardSource]int{}
	exact, rake, mismatch := 0, 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hands, err := Parse(f, data)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Write(&b, hands); err != nil || !bytes.Equal(b.Bytes(), data) {
			t.Errorf("%s: not written back byte for byte (%v)", f, err)
		}
		for _, h := range hands {
			total++
			if err := r.Replay(h); err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			byAward[r.Award]++
			if h.Winnings == nil {
				continue
			}
			// A site's "collected" may include the uncalled part of a bet.
			var ret [holdem.MaxSeats]int64
			for _, e := range r.Hand.Events() {
				if e.Kind == holdem.EvReturn {
					ret[e.Seat] += e.Amount
				}
			}
			isExact, isRake := true, true
			for s, w := range h.Winnings {
				won := r.Hand.Won(s)
				isExact = isExact && (won == w || won+ret[s] == w)
				isRake = isRake && (won > 0) == (w > 0) && w <= won+ret[s]
			}
			switch {
			case isExact:
				exact++
			case isRake:
				rake++
			default:
				mismatch++
				t.Logf("%s [%s]: winnings %v disagree with the pots", filepath.Base(f), h.Name, h.Winnings)
			}
		}
	}
	t.Logf("%d hands: pots awarded by %v; winnings field: %d exact, %d less by rake, %d inconsistent", total, byAward, exact, rake, mismatch)
	if total != 1508 || byAward[Undecided] != 0 || mismatch > 1 {
		t.Errorf("%d hands, %d undecided, %d inconsistent with their winnings", total, byAward[Undecided], mismatch)
	}
}

// TestScanMatchesParse: Scan, which reuses one Hand, decodes every hand of
// the real files as Parse does (compared through their PHH text).
func TestScanMatchesParse(t *testing.T) {
	files, _ := filepath.Glob("../testdata/handhq/*.phhs")
	files = append(files, "testdata/golden/side-pots.phhs")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := Parse(f, data)
		if err != nil {
			t.Fatal(err)
		}
		i := 0
		err = Scan(f, data, 1, func(h *Hand) error {
			var a, b bytes.Buffer
			Write(&a, []*Hand{h})
			Write(&b, []*Hand{parsed[i]})
			if a.String() != b.String() {
				t.Fatalf("%s hand %d: Scan gives\n%s\nParse gives\n%s", f, i+1, a.String(), b.String())
			}
			i++
			return nil
		})
		if err != nil || i != len(parsed) {
			t.Fatalf("%s: %d hands scanned of %d, %v", f, i, len(parsed), err)
		}
	}
}

// TestParseAction reads single actions with whole-chip amounts.
func TestParseAction(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind ActionKind
		p    int
		amt  int64
		err  string
	}{
		{"p3 cbr 6", BetRaise, 3, 6, ""},
		{"p1 cc", CheckCall, 1, 0, ""},
		{"p2 f", Fold, 2, 0, ""},
		{"d db AhKd7c", DealBoard, 0, 0, ""},
		{"p3 cbr 6.5", 0, 0, 0, "whole chips"},
		{"p3 cbr -6", 0, 0, 0, "bad amount"},
		{"p3 rase 6", 0, 0, 0, "unknown action"},
	} {
		a, err := ParseAction(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || a.Kind != c.kind || a.Player != c.p || a.Amount != c.amt {
			t.Errorf("%q: %+v %v", c.in, a, err)
		}
	}
}
