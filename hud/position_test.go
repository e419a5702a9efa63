package hud

import (
	"strings"
	"testing"
)

// TestPositionTable: the names of every table size, written out by hand
// from the rule (BTN SB BB, CO HJ [LJ] back from the button, UTG+k for
// the rest), in order from the first seat to act preflop.
func TestPositionTable(t *testing.T) {
	want := map[int]string{
		2: "BTN BB", 3: "BTN SB BB", 4: "CO BTN SB BB", 5: "HJ CO BTN SB BB", 6: "UTG HJ CO BTN SB BB",
		7: "UTG LJ HJ CO BTN SB BB", 8: "UTG UTG+1 LJ HJ CO BTN SB BB", 9: "UTG UTG+1 UTG+2 LJ HJ CO BTN SB BB", 10: "UTG UTG+1 UTG+2 UTG+3 LJ HJ CO BTN SB BB",
	}
	for n := 2; n <= 10; n++ {
		var got []string
		first := 3 % n // the seat after the BB acts first (heads-up: the button)
		if n == 3 {
			first = 0
		}
		if n == 2 {
			first = 0
		}
		for i := range n {
			got = append(got, Position(n, (first+i)%n))
		}
		if s := strings.Join(got, " "); s != want[n] {
			t.Errorf("%d players: %s, want %s", n, s, want[n])
		}
		for _, p := range got {
			found := false
			for _, q := range Positions {
				found = found || p == q
			}
			if !found {
				t.Errorf("%s is not in Positions", p)
			}
		}
	}
}
