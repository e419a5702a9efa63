package holdem

import (
	"errors"
	"testing"

	"pokerlab/cards"
)

// FuzzActions feeds arbitrary action sequences (any seat, any kind, any
// amount, including out of turn and at the wrong phase) to hands with
// arbitrary stacks, under either rule set. Nothing may panic, every rejection must be an
// *ActionError, accepted actions must keep the chips conserved, and a
// finished hand must have awarded every chip.
func FuzzActions(f *testing.F) {
	f.Add([]byte{3, 0, 9, 200, 1, 50}, []byte{0, 1, 0, 2, 1, 0, 1, 2, 30, 2, 1, 0})
	f.Add([]byte{2, 1, 255, 3}, []byte{1, 2, 255, 0, 1, 0})
	f.Add([]byte{9, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9}, []byte{5, 0, 0, 6, 2, 100, 7, 1, 0})
	f.Add([]byte{3, 0, 4, 200, 0, 50}, []byte{0, 1, 0, 2, 1, 0, 1, 2, 30, 2, 1, 0})
	f.Fuzz(func(t *testing.T, table, moves []byte) {
		if len(table) < 2 {
			return
		}
		n := MinSeats + int(table[0])%(MaxSeats-MinSeats+1)
		cfg := Config{Stacks: make([]int64, n), Button: int(table[1]) % n, SmallBlind: 1, BigBlind: 2}
		if len(table) > 2 {
			cfg.Ante = int64(table[2] % 3)
			if table[2]&4 != 0 {
				cfg.Rules = PokerKit
			}
		}
		var sum int64
		for s := range n {
			cfg.Stacks[s] = 1
			if 3+s < len(table) {
				cfg.Stacks[s] += int64(table[3+s])
			}
			sum += cfg.Stacks[s]
		}
		var h Hand
		if err := h.Reset(&cfg, cards.NewDeck(uint64(len(moves)))); err != nil {
			t.Fatal(err)
		}
		for i := 0; i+2 < len(moves); i += 3 {
			seat := int(moves[i]) % (n + 1) // n is out of range on purpose
			a := Action{Kind: ActionKind(moves[i+1] % 4), To: int64(moves[i+2]) - 5}
			legal := h.Verify(seat, a) == nil
			_, err := h.Apply(seat, a)
			if (err == nil) != legal {
				t.Fatalf("%v by seat %d: verify says legal=%v, apply error %v", a, seat, legal, err)
			}
			var ae *ActionError
			if err != nil && !errors.As(err, &ae) {
				t.Fatalf("error %v is not an *ActionError", err)
			}
			var chips int64
			for s := range n {
				chips += h.Stack(s)
			}
			if chips+h.Pot() != sum {
				t.Fatalf("after %v: stacks %d + pot %d != %d", a, chips, h.Pot(), sum)
			}
		}
		if h.Over() {
			checkLedger(t, 0, &h, sum)
		}
	})
}
