package holdem

import (
	"fmt"
	"strings"

	"pokerlab/cards"
)

// Street is a betting round.
type Street uint8

// The streets in order.
const (
	Preflop Street = iota
	Flop
	Turn
	River
)

// NumStreets is the number of betting rounds.
const NumStreets = 4

var streetNames = [...]string{"preflop", "flop", "turn", "river"}

func (s Street) String() string {
	if int(s) < len(streetNames) {
		return streetNames[s]
	}
	return fmt.Sprintf("Street(%d)", s)
}

// Phase is what the hand waits for.
type Phase uint8

// The phases of a hand.
const (
	// PhaseDealHole: the dealer must deal hole cards (DealHole).
	PhaseDealHole Phase = iota
	// PhaseBetting: Actor must fold, check or call, or bet or raise.
	PhaseBetting
	// PhaseDealBoard: the dealer must deal the next street (DealBoard).
	PhaseDealBoard
	// PhaseShowdown: the player returned by Actor must Show or Muck.
	PhaseShowdown
	// PhaseOver: every pot has been awarded (or, with unknown cards at a
	// showdown, could not be; see Undecided).
	PhaseOver
)

var phaseNames = [...]string{"deal hole cards", "betting", "deal board", "showdown", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", p)
}

// EventKind says what an Event records.
type EventKind uint8

// The kinds of events, in the order they can occur in a hand.
const (
	EvAnte   EventKind = iota + 1 // Seat posts Amount as an ante (dead money)
	EvBlind                       // Seat posts Amount as a blind or straddle
	EvDeal                        // Seat is dealt two hole cards (Cards[:2]; may be Unknown)
	EvBoard                       // the board gets Cards[:NCards] (3 on the flop, then 1)
	EvFold                        // Seat folds
	EvCheck                       // Seat checks
	EvCall                        // Seat calls Amount (To is their street total)
	EvBet                         // Seat bets To (Amount = chips added)
	EvRaise                       // Seat raises from Prev to To (Amount = chips added)
	EvReturn                      // the uncalled Amount goes back to Seat
	EvShow                        // Seat shows Cards[:2] at showdown
	EvMuck                        // Seat mucks at showdown
	EvWin                         // Seat collects Amount from pot Pot (0 = main pot)
)

var kindNames = [...]string{"", "ante", "blind", "deal", "board", "fold", "check", "call", "bet", "raise",
	"return", "show", "muck", "win"}

func (k EventKind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", k)
}

// IsAction reports whether k is a player's betting decision (fold, check,
// call, bet, raise).
func (k EventKind) IsAction() bool { return k >= EvFold && k <= EvRaise }

// Unknown stands for a card nobody has seen (a hole card in a replayed hand
// history written as "??").
const Unknown cards.Card = 0xFF

// Event is one entry of a hand's log. Events are small values; the log of a
// hand is Hand.Events. Hand histories (package hh) are written from the log
// and HUD statistics (package hud) are computed from it.
type Event struct {
	Kind   EventKind
	Street Street
	// Seat is the player concerned, or -1 for board cards.
	Seat int8
	// AllIn is set on a post, call, bet or raise that leaves the player with
	// no chips.
	AllIn bool
	// CouldRaise, on an action, says whether the player was allowed to bet
	// or raise at that decision (HUD opportunities depend on it).
	CouldRaise bool
	// Pot is the pot index of an EvWin (0 = main pot, 1.. side pots).
	Pot    int8
	NCards uint8
	Cards  [3]cards.Card
	// Amount is the number of chips the event moves: from the player's
	// stack for posts, calls, bets and raises (the chips added by this
	// action), to it for returns and wins.
	Amount int64
	// Prev is the bet to match before the action (call, bet, raise).
	Prev int64
	// To is the player's total bet on the street after a call, bet or raise.
	To int64
}

// CardSlice returns the event's cards.
func (e *Event) CardSlice() []cards.Card { return e.Cards[:e.NCards] }

// String renders the event for logs and test failures, e.g.
// "flop: seat 2 raise 40 to 60 (all-in)".
func (e Event) String() string {
	var b strings.Builder
	b.WriteString(e.Street.String())
	b.WriteString(": ")
	if e.Seat >= 0 {
		fmt.Fprintf(&b, "seat %d ", e.Seat)
	}
	b.WriteString(e.Kind.String())
	switch e.Kind {
	case EvAnte, EvBlind, EvCall, EvReturn:
		fmt.Fprintf(&b, " %d", e.Amount)
	case EvBet:
		fmt.Fprintf(&b, " %d", e.To)
	case EvRaise:
		fmt.Fprintf(&b, " %d to %d", e.To-e.Prev, e.To)
	case EvWin:
		fmt.Fprintf(&b, " %d from pot %d", e.Amount, e.Pot)
	}
	if e.NCards > 0 {
		b.WriteString(" ")
		b.WriteString(formatCards(e.CardSlice()))
	}
	if e.AllIn {
		b.WriteString(" (all-in)")
	}
	return b.String()
}

// formatCards writes cards without separators ("AsKd"), "??" for Unknown.
func formatCards(cs []cards.Card) string {
	var b strings.Builder
	for _, c := range cs {
		if c == Unknown {
			b.WriteString("??")
		} else {
			b.WriteString(c.String())
		}
	}
	return b.String()
}
