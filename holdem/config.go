package holdem

import (
	"fmt"
)

// MinSeats and MaxSeats bound the number of players dealt into a hand.
// Ten seats is the largest table real sites deal (PokerStars' 10-max cash
// games); every per-seat array of a Hand has MaxSeats entries.
const (
	MinSeats = 2
	MaxSeats = 10
)

// MaxChips bounds the amounts of a hand: the starting stacks add up to at
// most MaxChips, and every forced bet and the minimum bet are at most
// MaxChips. It is 2^53 - 1, the largest integer below which every integer
// is exact as a float64, so every amount and total of a hand is also an
// exact JSON number for readers that parse numbers as doubles
// (JavaScript's Number.MAX_SAFE_INTEGER); and every sum the engine and the
// hand-history code form (pots, a bet plus a raise size, up to 2^10
// hands' worth of chips) stays far below the int64 limit of 2^63 - 1.
const MaxChips = 1<<53 - 1

// Config describes the table for one hand: who sits where with how many
// chips, where the button is, and the forced bets. Seats are numbered
// 0..len(Stacks)-1 clockwise; every seat holds a player who is dealt in.
// All amounts are chips in the smallest unit.
//
// The forced bets are given either by the simple fields (SmallBlind,
// BigBlind, Straddle, Ante, BigBlindAnte), which the engine assigns to the
// seats by position, or explicitly per seat by Blinds and Antes (hand-history
// replays); when Blinds or Antes is non-nil the corresponding simple fields
// must be zero.
//
// Positions: with three or more players the small blind is the seat after
// the button, the big blind the next one and the straddle (if any) the one
// after; heads-up the button posts the small blind (nlhe-rules: Heads-up).
type Config struct {
	// Stacks are the starting stacks by seat; their number (2..10) is the
	// number of players. Every stack must be positive.
	Stacks []int64
	// Button is the seat of the dealer button.
	Button int

	SmallBlind int64
	BigBlind   int64
	// Straddle is an optional live blind posted by the player after the big
	// blind (under the gun) before the cards are dealt; 0 means none. It
	// needs at least three players and must exceed the big blind.
	Straddle int64
	// Ante is dead money posted by every player.
	Ante int64
	// BigBlindAnte is dead money posted by the big blind for the whole table
	// (the "big blind ante"); it may be combined with Ante.
	BigBlindAnte int64

	// MinBet is the smallest opening bet on every street; 0 means BigBlind
	// (nlhe-rules: Minimum bet).
	MinBet int64

	// Blinds, when non-nil, gives each seat's blind or straddle (len =
	// players). The largest is the opening bet preflop and the first player
	// to act preflop is the one after its poster; when several seats post
	// the largest amount, the first of them in posting order (from the
	// small blind) opens: a player entering the game who posts a big blind
	// out of position has a live bet and the option, but does not move the
	// opener (nlhe-rules: Posted blinds).
	Blinds []int64
	// Antes, when non-nil, gives each seat's ante (len = players).
	Antes []int64

	// ManualShowdown makes the players at showdown show or muck by calling
	// Show and Muck (replays of recorded hands); otherwise the engine shows
	// in showdown order and mucks hands that cannot win a pot.
	ManualShowdown bool

	// Rules is the rule set where the TDA rules and PokerKit differ: TDA
	// (the zero value) or PokerKit. See RuleSet.
	Rules RuleSet
}

// ConfigError reports an invalid Config; Field names the offending field.
type ConfigError struct {
	Field string
	Msg   string
}

func (e *ConfigError) Error() string { return "holdem: config: " + e.Field + ": " + e.Msg }

func configErr(field, format string, args ...any) error {
	return &ConfigError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Players returns the number of players (len(Stacks)).
func (c *Config) Players() int { return len(c.Stacks) }

// Validate checks the configuration; Reset calls it.
func (c *Config) Validate() error {
	n := len(c.Stacks)
	if n < MinSeats || n > MaxSeats {
		return configErr("Stacks", "%d players; a hand needs %d to %d", n, MinSeats, MaxSeats)
	}
	var total int64
	for s, st := range c.Stacks {
		if uint64(st-1) >= MaxChips { // st <= 0 or st > MaxChips, in one test
			if st <= 0 {
				return configErr("Stacks", "seat %d has stack %d; every player dealt in needs chips", s, st)
			}
			return configErr("Stacks", "seat %d has stack %d, above the limit of %d chips (holdem.MaxChips, 2^53-1)", s, st, int64(MaxChips))
		}
		total += st
	}
	if total > MaxChips {
		return configErr("Stacks", "the stacks add up to %d chips, above the limit of %d (holdem.MaxChips, 2^53-1)", total, int64(MaxChips))
	}
	if c.Button < 0 || c.Button >= n {
		return configErr("Button", "seat %d is not one of the %d seats", c.Button, n)
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"SmallBlind", c.SmallBlind}, {"BigBlind", c.BigBlind}, {"Straddle", c.Straddle},
		{"Ante", c.Ante}, {"BigBlindAnte", c.BigBlindAnte}, {"MinBet", c.MinBet}} {
		if uint64(f.v) > MaxChips { // negative or above the limit
			if f.v < 0 {
				return configErr(f.name, "negative amount %d", f.v)
			}
			return configErr(f.name, "%d is above the limit of %d chips (holdem.MaxChips, 2^53-1)", f.v, int64(MaxChips))
		}
	}
	if c.Blinds != nil {
		if c.SmallBlind != 0 || c.BigBlind != 0 || c.Straddle != 0 {
			return configErr("Blinds", "give either Blinds or SmallBlind/BigBlind/Straddle, not both")
		}
		if err := perSeat("Blinds", c.Blinds, n); err != nil {
			return err
		}
	} else {
		if c.BigBlind <= 0 {
			return configErr("BigBlind", "must be positive (or give Blinds per seat)")
		}
		if c.SmallBlind > c.BigBlind {
			return configErr("SmallBlind", "%d exceeds the big blind %d", c.SmallBlind, c.BigBlind)
		}
		if c.Straddle != 0 {
			if n < 3 {
				return configErr("Straddle", "needs at least three players")
			}
			if c.Straddle <= c.BigBlind {
				return configErr("Straddle", "%d must exceed the big blind %d", c.Straddle, c.BigBlind)
			}
		}
	}
	if c.Antes != nil {
		if c.Ante != 0 || c.BigBlindAnte != 0 {
			return configErr("Antes", "give either Antes or Ante/BigBlindAnte, not both")
		}
		if err := perSeat("Antes", c.Antes, n); err != nil {
			return err
		}
	}
	if c.minBet() <= 0 {
		return configErr("MinBet", "must be positive")
	}
	if c.Rules&^PokerKit != 0 {
		return configErr("Rules", "unknown rule bits %#x", uint8(c.Rules&^PokerKit))
	}
	return nil
}

// perSeat checks a per-seat amount list: one non-negative entry per player.
func perSeat(field string, xs []int64, n int) error {
	if len(xs) != n {
		return configErr(field, "%d entries for %d players", len(xs), n)
	}
	for s, x := range xs {
		if uint64(x) > MaxChips { // negative or above the limit
			if x < 0 {
				return configErr(field, "seat %d: negative amount %d", s, x)
			}
			return configErr(field, "seat %d: %d is above the limit of %d chips (holdem.MaxChips, 2^53-1)", s, x, int64(MaxChips))
		}
	}
	return nil
}

func (c *Config) minBet() int64 {
	if c.MinBet > 0 {
		return c.MinBet
	}
	if c.Blinds == nil {
		return c.BigBlind
	}
	var m int64
	for _, b := range c.Blinds {
		m = max(m, b)
	}
	return m
}

// SmallBlindSeat returns the seat in the small-blind position: the button
// heads-up, else the seat after the button.
func (c *Config) SmallBlindSeat() int {
	n := len(c.Stacks)
	if n == 2 {
		return c.Button
	}
	return (c.Button + 1) % n
}

// BigBlindSeat returns the seat in the big-blind position: the seat after the
// small blind.
func (c *Config) BigBlindSeat() int { return (c.SmallBlindSeat() + 1) % len(c.Stacks) }

// forced fills the per-seat blinds and antes.
func (c *Config) forced(blind, ante *[MaxSeats]int64) {
	n := len(c.Stacks)
	*blind = [MaxSeats]int64{}
	*ante = [MaxSeats]int64{}
	if c.Blinds != nil {
		copy(blind[:n], c.Blinds)
	} else {
		sb, bb := c.SmallBlindSeat(), c.BigBlindSeat()
		blind[sb] = c.SmallBlind
		blind[bb] = c.BigBlind
		if c.Straddle > 0 {
			blind[(bb+1)%n] = c.Straddle
		}
	}
	if c.Antes != nil {
		copy(ante[:n], c.Antes)
	} else {
		for s := range n {
			ante[s] = c.Ante
		}
		ante[c.BigBlindSeat()] += c.BigBlindAnte
	}
}
