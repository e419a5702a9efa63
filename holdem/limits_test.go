package holdem

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"pokerlab/cards"
)

// TestConfigMaxChips: stacks adding up to more than MaxChips, and forced
// bets above it, are configuration errors naming the field; a table at the
// limit plays, and conserves its chips.
func TestConfigMaxChips(t *testing.T) {
	for _, c := range []struct {
		cfg   Config
		field string
	}{
		{Config{Stacks: stacks(math.MaxInt64, 100), SmallBlind: 1, BigBlind: 2}, "Stacks"},
		{Config{Stacks: stacks(MaxChips, 1), SmallBlind: 1, BigBlind: 2}, "Stacks"},
		{Config{Stacks: stacks(100, 100, 100), SmallBlind: 1, BigBlind: 2, Straddle: MaxChips + 1}, "Straddle"},
		{Config{Stacks: stacks(100, 100), SmallBlind: 1, BigBlind: 2, Ante: math.MaxInt64}, "Ante"},
		{Config{Stacks: stacks(100, 100), Blinds: []int64{1, MaxChips + 1}}, "Blinds"},
		{Config{Stacks: stacks(100, 100), SmallBlind: 1, BigBlind: 2, Antes: []int64{MaxChips + 1, 0}}, "Antes"},
	} {
		err := c.cfg.Validate()
		var ce *ConfigError
		if !errors.As(err, &ce) || ce.Field != c.field || !strings.Contains(err.Error(), "2^53-1") {
			t.Errorf("%+v: error %v, want a %s error naming the limit", c.cfg, err, c.field)
		}
	}
	cfg := Config{Stacks: stacks(MaxChips-300, 100, 200), SmallBlind: MaxChips / 4, BigBlind: MaxChips / 2}
	var h Hand
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		if err := h.Reset(&cfg, cards.NewDeck(r.Uint64())); err != nil {
			t.Fatal(err)
		}
		PlayRandom(&h, r)
		var sum int64
		for s := range 3 {
			sum += h.Stack(s)
		}
		if sum != MaxChips || !h.Over() {
			t.Fatalf("stacks add up to %d, want %d", sum, int64(MaxChips))
		}
	}
}
