package holdem

import (
	"pokerlab/cards"
)

// Players returns the number of players dealt in.
func (h *Hand) Players() int { return h.n }

// Rules returns the hand's rule set (Config.Rules).
func (h *Hand) Rules() RuleSet { return h.rules }

// Button returns the button's seat.
func (h *Hand) Button() int { return h.button }

// SmallBlindSeat returns the seat in the small-blind position (the button
// heads-up).
func (h *Hand) SmallBlindSeat() int { return h.blindOrder(0) }

// BigBlindSeat returns the seat in the big-blind position.
func (h *Hand) BigBlindSeat() int { return h.blindOrder(1) }

// Position returns seat's distance clockwise from the button: 0 for the
// button, 1 for the seat after it (the small blind with three or more
// players), ..., n-1 for the cutoff.
func (h *Hand) Position(seat int) int { return (seat - h.button + h.n) % h.n }

// ForcedBlind returns seat's configured blind or straddle (what it owes,
// which it may not have covered).
func (h *Hand) ForcedBlind(seat int) int64 { return h.blind[seat] }

// ForcedAnte returns seat's configured ante.
func (h *Hand) ForcedAnte(seat int) int64 { return h.anteCfg[seat] }

// Phase returns what the hand waits for.
func (h *Hand) Phase() Phase { return h.phase }

// Over reports whether the hand is finished.
func (h *Hand) Over() bool { return h.phase == PhaseOver }

// Street returns the current betting round (the last one once the hand is
// over).
func (h *Hand) Street() Street { return h.street }

// Actor returns the seat to act: the player to bet in PhaseBetting, the
// player to show or muck in PhaseShowdown, otherwise -1.
func (h *Hand) Actor() int {
	switch h.phase {
	case PhaseBetting:
		return h.actor
	case PhaseShowdown:
		return h.ShowdownTurn()
	}
	return -1
}

// Stack returns seat's chips behind (not yet bet).
func (h *Hand) Stack(seat int) int64 { return h.stack[seat] }

// StartingStack returns seat's stack before the hand.
func (h *Hand) StartingStack(seat int) int64 { return h.start[seat] }

// Bet returns seat's bet on the current street.
func (h *Hand) Bet(seat int) int64 { return h.bet[seat] }

// Committed returns the chips seat has put into the pot this hand: antes,
// blinds and bets, less uncalled chips returned.
func (h *Hand) Committed(seat int) int64 { return h.ante[seat] + h.total[seat] }

// Won returns the chips seat collected from the pots.
func (h *Hand) Won(seat int) int64 { return h.won[seat] }

// Net returns seat's result so far: stack now minus stack before the hand.
func (h *Hand) Net(seat int) int64 { return h.stack[seat] - h.start[seat] }

// Folded reports whether seat has folded.
func (h *Hand) Folded(seat int) bool { return h.folded[seat] }

// AllIn reports whether seat has no chips left behind.
func (h *Hand) AllIn(seat int) bool { return h.allIn[seat] }

// Mucked reports whether seat mucked at the showdown.
func (h *Hand) Mucked(seat int) bool { return h.mucked[seat] }

// Hole returns seat's hole cards (Unknown where not known).
func (h *Hand) Hole(seat int) [2]cards.Card { return h.hole[seat] }

// Board returns the board cards dealt so far. The slice aliases the hand's
// memory: do not modify it, and copy it if it must outlive the next action.
func (h *Hand) Board() []cards.Card { return h.board[:h.nBoard] }

// Pot returns the chips in the middle: antes, blinds and bets of every
// street including the current one, less what has been awarded.
func (h *Hand) Pot() int64 {
	var p int64
	for s := range h.n {
		p += h.ante[s] + h.total[s] - h.won[s]
	}
	return p
}

// CurrentBet returns the amount to match on the current street.
func (h *Hand) CurrentBet() int64 { return h.currentBet }

// MinBet returns the minimum opening bet.
func (h *Hand) MinBet() int64 { return h.minBet }

// LastFullRaise returns the size of the last full bet or raise on the
// street (preflop the big blind or straddle at first).
func (h *Hand) LastFullRaise() int64 { return h.fullRaise }

// ToCall returns what seat owes to match the current bet (not capped by the
// stack; Legal().ToCall is).
func (h *Hand) ToCall(seat int) int64 { return h.currentBet - h.bet[seat] }

// MinRaiseTo returns the smallest legal raise-to for the player to act: the
// current bet plus the last full raise, or their all-in if smaller.
func (h *Hand) MinRaiseTo() int64 { return h.Legal().MinRaiseTo }

// MaxRaiseTo returns the largest legal raise-to for the player to act (all-in).
func (h *Hand) MaxRaiseTo() int64 { return h.Legal().MaxRaiseTo }

// Aggressor returns the last player to bet or raise on the current street,
// or -1.
func (h *Hand) Aggressor() int { return h.aggressor }

// StreetAggressor returns the last bettor or raiser of a finished street, or
// -1 if nobody bet (or the street was not reached).
func (h *Hand) StreetAggressor(s Street) int { return int(h.aggressors[s]) }

// PreflopAggressor returns the last preflop raiser, or -1. During the
// preflop betting it is the last raiser so far.
func (h *Hand) PreflopAggressor() int {
	if h.street == Preflop && h.phase != PhaseOver {
		return h.aggressor
	}
	return int(h.aggressors[Preflop])
}

// WentToShowdown reports whether the hand ended with two or more players
// still in it, so that the pots were decided by a showdown.
func (h *Hand) WentToShowdown() bool { return h.phase == PhaseOver && h.inHand() >= 2 }

// AllInShowdown reports whether the betting closed before the river with
// players all-in, so the rest of the board is run out without betting.
func (h *Hand) AllInShowdown() bool { return h.runout }

// Undecided reports whether a pot could not be awarded because contenders'
// cards were unknown at showdown (replays of hand histories only).
func (h *Hand) Undecided() bool { return h.undecided != 0 }

// Events returns the hand's log. The slice aliases the hand's memory and is
// overwritten by the next Reset.
func (h *Hand) Events() []Event { return h.events }

// CopyFrom makes h a copy of src, reusing h's memory. A copy shares src's
// deck, so explore alternatives on copies of hands dealt by hand (nil deck).
func (h *Hand) CopyFrom(src *Hand) {
	events := append(h.events[:0], src.events...)
	*h = *src
	h.events = events
}

// Clone returns a copy of h (see CopyFrom).
func (h *Hand) Clone() *Hand {
	c := &Hand{}
	c.CopyFrom(h)
	return c
}

// PublicState is what every player at the table can see, as plain values for
// decision code and servers: no hole cards except the viewer's own.
type PublicState struct {
	Players        int
	Button         int
	Street         Street
	Phase          Phase
	Actor          int // -1 if nobody is to act
	Viewer         int // the seat the state was made for, -1 for a spectator
	Hole           [2]cards.Card
	Board          [5]cards.Card
	NBoard         int
	Pot            int64
	CurrentBet     int64
	ToCall         int64 // for the actor, capped by their stack
	MinRaiseTo     int64 // for the actor; 0 if they cannot raise
	MaxRaiseTo     int64
	CanRaise       bool
	LastFullRaise  int64
	PreflopRaiser  int
	StreetAggr     int // last bettor or raiser of the current street
	Stacks         [MaxSeats]int64
	Bets           [MaxSeats]int64
	Committed      [MaxSeats]int64
	Folded, AllIns [MaxSeats]bool
}

// Public returns the public state as seen from seat viewer (-1 for a
// spectator). It does not allocate; the action history is Events.
func (h *Hand) Public(viewer int) PublicState {
	l := h.Legal()
	p := PublicState{
		Players: h.n, Button: h.button, Street: h.street, Phase: h.phase, Actor: h.Actor(), Viewer: viewer,
		Hole: [2]cards.Card{Unknown, Unknown}, Board: h.board, NBoard: h.nBoard, Pot: h.Pot(),
		CurrentBet: h.currentBet, ToCall: l.ToCall, CanRaise: l.CanRaise,
		MinRaiseTo: l.MinRaiseTo, MaxRaiseTo: l.MaxRaiseTo, LastFullRaise: h.fullRaise,
		PreflopRaiser: h.PreflopAggressor(), StreetAggr: h.aggressor,
		Stacks: h.stack, Bets: h.bet,
	}
	if viewer >= 0 && viewer < h.n {
		p.Hole = h.hole[viewer]
	}
	for s := range h.n {
		p.Committed[s] = h.ante[s] + h.total[s]
		p.Folded[s] = h.folded[s]
		p.AllIns[s] = h.allIn[s]
	}
	return p
}
