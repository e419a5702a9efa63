package holdem

import (
	"fmt"

	"pokerlab/cards"
)

// DealOrder returns the seat that receives the i-th hole deal: hole cards go
// clockwise from the seat after the button (PHH: p1 first).
func (h *Hand) DealOrder(i int) int { return h.seatAfterButton(i) }

// NextDeal returns the seat that must be dealt next in PhaseDealHole, or -1.
func (h *Hand) NextDeal() int {
	if h.phase != PhaseDealHole {
		return -1
	}
	return h.seatAfterButton(h.nextDeal)
}

// VerifyDealHole checks that hole may be dealt to seat now: the hand waits
// for hole cards, seat is next in dealing order, and no known card has
// already been dealt. Either card may be Unknown.
func (h *Hand) VerifyDealHole(seat int, hole [2]cards.Card) error {
	if err := h.verifyDealHole(seat, hole); err != nil {
		return err
	}
	return nil
}

func (h *Hand) verifyDealHole(seat int, hole [2]cards.Card) *ActionError {
	if h.phase != PhaseDealHole {
		return h.phaseErr(-1, "deal hole cards")
	}
	if seat < 0 || seat >= h.n {
		return actionErr(ErrBadSeat, -1, fmt.Sprintf("no seat %d at a table of %d players", seat, h.n), nil)
	}
	if want := h.NextDeal(); seat != want {
		return actionErr(ErrBadDeal, -1, "hole cards dealt to %[1]s out of order: %[2]s is next (cards go clockwise from the seat after the button)", []int{seat, want})
	}
	return h.verifyCards(hole[:], true)
}

// verifyCards checks that known cards are valid and fresh.
func (h *Hand) verifyCards(cs []cards.Card, unknownOK bool) *ActionError {
	var seen cards.Set
	for _, c := range cs {
		if c == Unknown {
			if !unknownOK {
				return actionErr(ErrBadDeal, -1, "board cards must be known", nil)
			}
			continue
		}
		if !c.Valid() {
			return actionErr(ErrBadDeal, -1, fmt.Sprintf("invalid card value %d", c), nil)
		}
		if h.used.Has(c) || seen.Has(c) {
			return h.twiceErr(c)
		}
		seen = seen.Add(c)
	}
	return nil
}

func (h *Hand) twiceErr(c cards.Card) *ActionError {
	for s := range h.n {
		if h.hole[s][0] == c || h.hole[s][1] == c {
			return actionErr(ErrCardTwice, -1, "card "+c.String()+" dealt twice: %[1]s already holds it", []int{s})
		}
	}
	for _, b := range h.board[:h.nBoard] {
		if b == c {
			return actionErr(ErrCardTwice, -1, "card "+c.String()+" dealt twice: it is already on the board", nil)
		}
	}
	return actionErr(ErrCardTwice, -1, "card "+c.String()+" dealt twice", nil)
}

// DealHole deals the two hole cards of seat (manual dealing). After the last
// seat the preflop betting starts.
func (h *Hand) DealHole(seat int, hole [2]cards.Card) (Event, error) {
	if err := h.verifyDealHole(seat, hole); err != nil {
		return Event{}, err
	}
	h.dealHole(seat, hole)
	ev := h.events[len(h.events)-1]
	if h.nextDeal == h.n {
		h.beginPreflop()
	}
	return ev, nil
}

func (h *Hand) dealHole(seat int, hole [2]cards.Card) {
	h.hole[seat] = hole
	h.dealt[seat] = true
	for _, c := range hole {
		if c != Unknown {
			h.used = h.used.Add(c)
		}
	}
	h.nextDeal++
	h.events = append(h.events, Event{Kind: EvDeal, Seat: int8(seat), NCards: 2, Cards: [3]cards.Card{hole[0], hole[1]}})
}

// BoardNeeded returns how many board cards the next DealBoard must carry (3
// for the flop, 1 for the turn or river), or 0 when no board deal is due.
func (h *Hand) BoardNeeded() int {
	if h.phase != PhaseDealBoard {
		return 0
	}
	if h.nBoard == 0 {
		return 3
	}
	return 1
}

// VerifyDealBoard checks that cs may be dealt to the board now.
func (h *Hand) VerifyDealBoard(cs ...cards.Card) error {
	if err := h.verifyDealBoard(cs); err != nil {
		return err
	}
	return nil
}

func (h *Hand) verifyDealBoard(cs []cards.Card) *ActionError {
	if h.phase != PhaseDealBoard {
		return h.phaseErr(-1, "deal board cards")
	}
	if want := h.BoardNeeded(); len(cs) != want {
		return actionErr(ErrBadDeal, -1, fmt.Sprintf("the %s takes %d board card(s), got %d", h.street+1, want, len(cs)), nil)
	}
	return h.verifyCards(cs, false)
}

// DealBoard deals the next street's board cards (manual dealing) and starts
// its betting (or, when everybody is all-in, waits for the next street).
func (h *Hand) DealBoard(cs ...cards.Card) (Event, error) {
	if err := h.verifyDealBoard(cs); err != nil {
		return Event{}, err
	}
	h.dealBoard(cs)
	return h.events[h.lastBoardEvent], nil
}

func (h *Hand) dealBoard(cs []cards.Card) {
	h.street++
	ev := Event{Kind: EvBoard, Street: h.street, Seat: -1, NCards: uint8(len(cs))}
	copy(ev.Cards[:], cs)
	for _, c := range cs {
		h.board[h.nBoard] = c
		h.nBoard++
		h.used = h.used.Add(c)
	}
	h.lastBoardEvent = len(h.events)
	h.events = append(h.events, ev)
	h.startStreet()
}

func (h *Hand) phaseErr(seat int, what string) *ActionError {
	if h.phase == PhaseOver {
		return actionErr(ErrHandOver, seat, "cannot "+what+": the hand is over", nil)
	}
	return actionErr(ErrWrongPhase, seat, "cannot "+what+" now: the hand waits for "+h.waitingFor(), nil)
}

// waitingFor describes what the hand waits for, for error messages.
func (h *Hand) waitingFor() string {
	switch h.phase {
	case PhaseDealHole:
		return "hole cards"
	case PhaseBetting:
		return "a betting action"
	case PhaseDealBoard:
		return "the " + (h.street + 1).String()
	case PhaseShowdown:
		return "the showdown"
	}
	return "nothing"
}
