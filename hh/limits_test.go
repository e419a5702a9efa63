package hh

import (
	"errors"
	"strings"
	"testing"

	"pokerlab/holdem"
)

// TestAmountLimits: amounts above holdem.MaxChips (2^53-1 units), and
// starting stacks, finishing stacks or winnings adding up to more, are
// rejected when the file is read, naming the line, the key, the element and
// the limit in the hand's units; amounts at the limit are read and replay.
func TestAmountLimits(t *testing.T) {
	hand := func(stacks, blinds, antes, minBet, bet, extra string) string {
		return "variant = 'NT'\nantes = " + antes + "\nblinds_or_straddles = " + blinds + "\nmin_bet = " + minBet +
			"\nstarting_stacks = " + stacks + "\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr " + bet + "', 'p1 f']\n" + extra
	}
	ok := func(stacks, bet, extra string) string { return hand(stacks, "[1, 2]", "[0, 0]", "2", bet, extra) }
	for _, c := range []struct {
		name, input string
		want        []string
	}{
		{"stack above", ok("[9007199254740992, 10]", "4", ""),
			[]string{"line 5", "key starting_stacks", "element 1: 9007199254740992 is above the limit 9007199254740991 (2^53-1 units"}},
		{"stack beyond int64", ok("[9223372036854775807, 10]", "4", ""),
			[]string{"line 5", "key starting_stacks", "element 1: the amount is above the limit 9007199254740991"}},
		{"stacks add up above", ok("[9007199254740981, 11]", "4", ""),
			[]string{"line 5", "key starting_stacks", "add up to 9007199254740992, above the limit 9007199254740991"}},
		{"decimals", ok("[90071992547409.92, 10]", "4", ""),
			[]string{"key starting_stacks", "element 1: 90071992547409.92 is above the limit 90071992547409.91"}},
		{"blind above", hand("[100, 100]", "[1, 9007199254740992]", "[0, 0]", "2", "4", ""),
			[]string{"line 3", "key blinds_or_straddles", "element 2"}},
		{"ante above", hand("[100, 100]", "[1, 2]", "[9007199254740992, 0]", "2", "4", ""),
			[]string{"line 2", "key antes", "element 1"}},
		{"min bet above", hand("[100, 100]", "[1, 2]", "[0, 0]", "9007199254740992", "4", ""),
			[]string{"line 4", "key min_bet", "9007199254740992 is above the limit"}},
		{"bet above", ok("[100, 100]", "9007199254740992", ""),
			[]string{"line 6", "key actions", `action 3 "p2 cbr 9007199254740992"`, "above the limit"}},
		{"finishing stacks add up above", ok("[100, 100]", "4", "finishing_stacks = [9007199254740991, 1]\n"),
			[]string{"line 7", "key finishing_stacks", "add up to"}},
		{"winnings above", ok("[100, 100]", "4", "winnings = [0, 9007199254740992]\n"),
			[]string{"line 7", "key winnings", "element 2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("big.phh", []byte(c.input))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v, want an *hh.Error", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}

	// At the limit: read, replayed, and the big blind collects.
	hands, err := Parse("max.phh", []byte(ok("[10, 9007199254740981]", "9007199254740981", "")))
	if err != nil {
		t.Fatal(err)
	}
	var r Replayer
	if err := r.Replay(hands[0]); err != nil {
		t.Fatal(err)
	}
	if got := r.FinishingStacks(); got[0] != 8 || got[1] != holdem.MaxChips-8 {
		t.Fatalf("stacks %v", got)
	}
}
