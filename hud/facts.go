package hud

import (
	"pokerlab/cards"
	"pokerlab/holdem"
)

// PotType says how far the preflop betting went: the pot types trackers
// filter hands by.
type PotType uint8

// The pot types, by the number of preflop raises (the big blind and any
// straddle are bet 1, so the first raise is the open, the second the
// 3-bet).
const (
	// PotWalk: nobody called or raised preflop and no flop was dealt (the
	// blinds folded to the big blind).
	PotWalk PotType = iota
	// PotLimped: no preflop raise, but a call (a limp or a small blind's
	// completion), or a flop dealt to players all-in from the blinds.
	PotLimped
	// PotSingleRaised: one preflop raise.
	PotSingleRaised
	// Pot3Bet: two preflop raises.
	Pot3Bet
	// Pot4Bet: three or more preflop raises (4-bet, 5-bet, ...).
	Pot4Bet
)

// NumPotTypes is the number of pot types.
const NumPotTypes = 5

var potTypeNames = [NumPotTypes]string{"walk", "limped", "srp", "3bet", "4bet"}

// String returns the pot type's name in filters: walk, limped, srp, 3bet,
// 4bet.
func (p PotType) String() string {
	if int(p) < len(potTypeNames) {
		return potTypeNames[p]
	}
	return "PotType(?)"
}

// ParsePotType reads a pot type's name (String's, also "single-raised",
// "3-bet", "4-bet", "4bet+", any case).
func ParsePotType(s string) (PotType, bool) {
	switch lower(s) {
	case "walk":
		return PotWalk, true
	case "limped", "limp":
		return PotLimped, true
	case "srp", "single-raised", "single_raised", "raised":
		return PotSingleRaised, true
	case "3bet", "3-bet", "3b":
		return Pot3Bet, true
	case "4bet", "4-bet", "4bet+", "4-bet+", "4b":
		return Pot4Bet, true
	}
	return 0, false
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// SeatFacts are the facts of one player's part of a hand that trackers
// filter on.
type SeatFacts struct {
	// Hole is the player's hole cards as cards.HoleIndex (0…1325), or -1
	// when either card is unknown (not shown).
	Hole int
	// SawFlop: the flop was dealt while the player was in the hand
	// (all-in included): the opportunity of WTSD.
	SawFlop bool
	// Showdown: the player was still in the hand when it ended with two
	// or more players in it (WTSD's taken, but also after an all-in before
	// the flop).
	Showdown bool
	// AllIn: a post, call, bet or raise of the player left them without
	// chips, whether or not it was called.
	AllIn bool
}

// HandFacts are the facts of a finished hand that trackers filter on.
type HandFacts struct {
	Pot   PotType
	Seats [holdem.MaxSeats]SeatFacts
}

// Facts computes the filter facts of a finished hand g from its event log
// (the same log Tally reads). Cost: one pass over the events; no
// allocation.
func Facts(g *holdem.Hand, f *HandFacts) {
	n := g.Players()
	*f = HandFacts{}
	raises, calls := 0, 0
	flop := false
	var folded [holdem.MaxSeats]bool
	for _, e := range g.Events() {
		s := int(e.Seat)
		if e.AllIn && s >= 0 {
			f.Seats[s].AllIn = true
		}
		switch e.Kind {
		case holdem.EvFold:
			folded[s] = true
		case holdem.EvBoard:
			if e.Street == holdem.Flop {
				flop = true
				for t := range n {
					f.Seats[t].SawFlop = !folded[t]
				}
			}
		case holdem.EvRaise, holdem.EvBet:
			if e.Street == holdem.Preflop {
				raises++
			}
		case holdem.EvCall:
			if e.Street == holdem.Preflop {
				calls++
			}
		}
	}
	switch {
	case raises >= 3:
		f.Pot = Pot4Bet
	case raises == 2:
		f.Pot = Pot3Bet
	case raises == 1:
		f.Pot = PotSingleRaised
	case calls > 0 || flop:
		f.Pot = PotLimped
	default:
		f.Pot = PotWalk
	}
	showdown := g.WentToShowdown()
	for s := range n {
		f.Seats[s].Showdown = showdown && !g.Folded(s)
		h := g.Hole(s)
		f.Seats[s].Hole = -1
		if h[0] != holdem.Unknown && h[1] != holdem.Unknown && h[0] != h[1] && h[0].Valid() && h[1].Valid() {
			f.Seats[s].Hole = cards.HoleIndex(h[0], h[1])
		}
	}
}
