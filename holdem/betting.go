package holdem

import (
	"fmt"
)

// ActionKind is a betting decision, in the terms of the PHH notation: fold
// ("f"), check or call ("cc"), bet or raise to an amount ("cbr").
type ActionKind uint8

// The betting decisions.
const (
	Fold ActionKind = iota + 1
	CheckCall
	BetRaise
)

func (k ActionKind) String() string {
	switch k {
	case Fold:
		return "fold"
	case CheckCall:
		return "check/call"
	case BetRaise:
		return "bet/raise"
	}
	return fmt.Sprintf("ActionKind(%d)", k)
}

// Action is a betting decision; To is the bet-or-raise-to amount (the
// player's total bet on the street after the action, as in "raises to").
type Action struct {
	Kind ActionKind
	To   int64
}

func (a Action) String() string {
	if a.Kind == BetRaise {
		return fmt.Sprintf("bet/raise to %d", a.To)
	}
	return a.Kind.String()
}

// Legal describes the legal actions of the player to act. Folding is always
// legal (also when a check is free: a binding fold, as in card rooms and in
// real hand histories, though never better than checking); checking or calling is always legal (ToCall chips, 0 for a
// check; a call for less than owed is all-in); betting or raising to x is
// legal iff CanRaise and MinRaiseTo <= x <= MaxRaiseTo. When the stack does
// not cover a full raise, MinRaiseTo = MaxRaiseTo = the all-in amount.
type Legal struct {
	Seat       int // the player to act, -1 if no betting decision is pending
	ToCall     int64
	CanRaise   bool
	MinRaiseTo int64
	MaxRaiseTo int64
}

// Legal returns the legal actions of the player to act. It does not
// allocate.
func (h *Hand) Legal() Legal {
	if h.phase != PhaseBetting {
		return Legal{Seat: -1}
	}
	s := h.actor
	owe := h.currentBet - h.bet[s]
	l := Legal{Seat: s, ToCall: min(owe, h.stack[s])}
	if h.canRaise(s) {
		l.CanRaise = true
		l.MaxRaiseTo = h.bet[s] + h.stack[s]
		l.MinRaiseTo = min(h.currentBet+h.fullRaise, l.MaxRaiseTo)
	}
	return l
}

// canRaise reports whether seat (the actor) may bet or raise: it has chips
// beyond the call, someone else could still answer (nlhe-rules: Everyone
// else all-in), and the betting is open to it (TDA 47).
func (h *Hand) canRaise(s int) bool {
	return h.stack[s] > h.currentBet-h.bet[s] && h.othersCanAct(s) && h.reopened(s)
}

// reopened reports whether seat may raise under TDA 47: a player who has not
// acted on the street may; one who has may raise again only if the bet has
// risen since their last action by at least a full raise, whether by one
// full raise or by several short all-ins that add up to one.
//
// Under PokerKit's rules (state.py: a raise of at least the round's largest
// increment so far clears the set of players who acted; one who acted may
// raise unless the consecutive all-in raises sum to less than that
// increment) the same test holds with the full-raise size starting at 0
// (PKFirstWagerReopens), plus the sum of the consecutive all-in raises,
// including those before the player's last action (PKAllInSum).
//
// The all-in chain is kept only under PKAllInSum (it stays 0 otherwise) and
// reopenRaise is positive whenever it is compared with it, so the rule set
// costs the TDA path nothing here.
func (h *Hand) reopened(s int) bool {
	return !h.acted[s] || h.currentBet-h.actedAt[s] >= h.reopenRaise || h.allInChain >= h.reopenRaise
}

// othersCanAct reports whether someone else could answer a raise by seat s
// (the answer set, see setAnswer).
func (h *Hand) othersCanAct(s int) bool { return h.answer&^(1<<s) != 0 }

// setAnswer computes the set of players who could answer a raise: under
// TDA rules those still in the hand with chips behind; under PKBlindMustAct
// (PokerKit) those still in the hand whose bet plus stack exceeds the
// current bet. Players leave it as they fold or go all-in. Under TDA rules
// it is computed once, when the blinds are in, and a player whose uncalled
// chips come back rejoins it; under PKBlindMustAct it is computed again
// when a betting round starts and after every bet or raise.
func (h *Hand) setAnswer() {
	h.answer = 0
	if h.rules&PKBlindMustAct != 0 {
		for t := range h.n {
			if !h.folded[t] && h.bet[t]+h.stack[t] > h.currentBet {
				h.answer |= 1 << t
			}
		}
		return
	}
	for t := range h.n {
		if !h.folded[t] && !h.allIn[t] {
			h.answer |= 1 << t
		}
	}
}

// verifyTurn checks that seat may make a betting decision now.
func (h *Hand) verifyTurn(seat int, what string) *ActionError {
	if h.phase != PhaseBetting {
		return h.phaseErr(seat, what)
	}
	if seat < 0 || seat >= h.n {
		return actionErr(ErrBadSeat, seat, fmt.Sprintf("no seat %d at a table of %d players", seat, h.n), nil)
	}
	if seat != h.actor {
		return actionErr(ErrOutOfTurn, seat, "%[1]s cannot "+what+": action out of turn, %[2]s is to act (TDA 53)", []int{seat, h.actor})
	}
	return nil
}

// VerifyFold returns nil if seat may fold now, else an *ActionError.
func (h *Hand) VerifyFold(seat int) error {
	if err := h.verifyFold(seat); err != nil {
		return err
	}
	return nil
}

func (h *Hand) verifyFold(seat int) *ActionError {
	return h.verifyTurn(seat, "fold")
}

// CanFold reports whether seat may fold now.
func (h *Hand) CanFold(seat int) bool { return h.verifyFold(seat) == nil }

// Fold folds seat's hand. The folded chips stay in the pot.
func (h *Hand) Fold(seat int) (Event, error) {
	if err := h.verifyFold(seat); err != nil {
		return Event{}, err
	}
	ev := Event{Kind: EvFold, Street: h.street, Seat: int8(seat), CouldRaise: h.canRaise(seat), Prev: h.currentBet, To: h.bet[seat]}
	h.folded[seat] = true
	h.acted[seat] = true
	h.answer &^= 1 << seat
	h.events = append(h.events, ev)
	if h.inHand() == 1 {
		h.closeStreet()
	} else {
		h.nextActor(seat + 1)
	}
	return ev, nil
}

// VerifyCheckCall returns nil if seat may check or call now.
func (h *Hand) VerifyCheckCall(seat int) error {
	if err := h.verifyTurn(seat, "check or call"); err != nil {
		return err
	}
	return nil
}

// CanCheckCall reports whether seat may check or call now.
func (h *Hand) CanCheckCall(seat int) bool { return h.verifyTurn(seat, "") == nil }

// CheckCall checks (nothing owed) or calls: the player matches the current
// bet, or puts in the whole stack if it is smaller (a call all-in for less).
func (h *Hand) CheckCall(seat int) (Event, error) {
	if err := h.verifyTurn(seat, "check or call"); err != nil {
		return Event{}, err
	}
	amt := min(h.currentBet-h.bet[seat], h.stack[seat])
	ev := Event{Kind: EvCheck, Street: h.street, Seat: int8(seat), CouldRaise: h.canRaise(seat), Prev: h.currentBet}
	if amt > 0 {
		ev.Kind = EvCall
		h.stack[seat] -= amt
		h.bet[seat] += amt
		h.total[seat] += amt
		if h.stack[seat] == 0 {
			h.allIn[seat] = true
			h.answer &^= 1 << seat
		}
		ev.AllIn = h.allIn[seat]
	}
	ev.Amount, ev.To = amt, h.bet[seat]
	h.acted[seat] = true
	h.actedAt[seat] = h.currentBet
	h.events = append(h.events, ev)
	h.nextActor(seat + 1)
	return ev, nil
}

// VerifyBetRaise returns nil if seat may bet or raise to `to` now, else an
// *ActionError naming the rule and the legal alternative.
func (h *Hand) VerifyBetRaise(seat int, to int64) error {
	if err := h.verifyBetRaise(seat, to); err != nil {
		return err
	}
	return nil
}

func (h *Hand) verifyBetRaise(seat int, to int64) *ActionError {
	if err := h.verifyTurn(seat, "bet or raise"); err != nil {
		return err
	}
	verb := "raise to"
	if h.currentBet == 0 {
		verb = "bet"
	}
	allIn := h.bet[seat] + h.stack[seat]
	owe := h.currentBet - h.bet[seat]
	if to <= h.currentBet {
		return actionErr(ErrNotARaise, seat, verb+" %[2]s is not above the current bet %[3]s: check or call instead", []int{seat}, to, h.currentBet)
	}
	if to > allIn {
		return actionErr(ErrAboveStack, seat, verb+" %[2]s needs more chips than %[1]s has: the stack is %[3]s, so the most is all-in to %[4]s", []int{seat}, to, h.stack[seat], allIn)
	}
	if !h.othersCanAct(seat) {
		if h.rules&PKBlindMustAct != 0 {
			return actionErr(ErrCannotRaise, seat, "%[1]s cannot "+verb+" %[2]s: nobody else in the hand has more chips than the current bet %[3]s (PokerKit rules: Everyone else all-in); call %[4]s or fold", []int{seat}, to, h.currentBet, min(owe, h.stack[seat]))
		}
		return actionErr(ErrCannotRaise, seat, "%[1]s cannot "+verb+" %[2]s: every other player is all-in (nlhe-rules: Everyone else all-in); call %[3]s or fold", []int{seat}, to, min(owe, h.stack[seat]))
	}
	if !h.reopened(seat) {
		if h.rules&PKAllInSum != 0 {
			return actionErr(ErrCannotRaise, seat, "%[1]s cannot raise: they already acted and the all-in raises since the last full raise add up to %[2]s, less than a full raise of %[3]s, so the betting is not reopened (PokerKit rules: short all-in); call %[4]s or fold",
				[]int{seat}, h.allInChain, h.reopenRaise, min(owe, h.stack[seat]))
		}
		return actionErr(ErrCannotRaise, seat, "%[1]s cannot raise: they already acted at %[2]s and the bet has risen only to %[3]s since, less than a full raise of %[4]s, so the betting is not reopened (TDA 47: short all-in); call %[5]s or fold",
			[]int{seat}, h.actedAt[seat], h.currentBet, h.reopenRaise, min(owe, h.stack[seat]))
	}
	if minTo := h.currentBet + h.fullRaise; to < minTo && to != allIn {
		if h.currentBet == 0 {
			return actionErr(ErrBelowMinRaise, seat, "bet %[2]s is below the minimum bet %[3]s (nlhe-rules: Minimum bet); bet at least %[3]s, or all-in %[4]s", []int{seat}, to, minTo, allIn)
		}
		if h.rules&PKPreflopMinRaise != 0 {
			return actionErr(ErrBelowMinRaise, seat, "raise to %[2]s is below the minimum raise to %[3]s: a raise adds at least %[4]s, the minimum bet or the round's largest raise (PokerKit rules); raise to at least %[3]s, go all-in to %[5]s, or call",
				[]int{seat}, to, minTo, h.fullRaise, allIn)
		}
		return actionErr(ErrBelowMinRaise, seat, "raise to %[2]s is below the minimum raise to %[3]s: the last full bet or raise was %[4]s (TDA 41, 43); raise to at least %[3]s, go all-in to %[5]s, or call",
			[]int{seat}, to, minTo, h.fullRaise, allIn)
	}
	return nil
}

// CanBetRaise reports whether seat may bet or raise to `to` now.
func (h *Hand) CanBetRaise(seat int, to int64) bool { return h.verifyBetRaise(seat, to) == nil }

// BetRaise bets or raises seat's street total to `to`. A raise of at least
// the last full raise is itself a full raise and sets the new minimum; a
// smaller all-in raise does not (TDA 41, 43, 47).
func (h *Hand) BetRaise(seat int, to int64) (Event, error) {
	if err := h.verifyBetRaise(seat, to); err != nil {
		return Event{}, err
	}
	ev := Event{Kind: EvRaise, Street: h.street, Seat: int8(seat), CouldRaise: true, Prev: h.currentBet, To: to}
	if h.currentBet == 0 {
		ev.Kind = EvBet
	}
	amt := to - h.bet[seat]
	h.stack[seat] -= amt
	h.bet[seat] = to
	h.total[seat] += amt
	h.allIn[seat] = h.stack[seat] == 0
	ev.Amount, ev.AllIn = amt, h.allIn[seat]
	inc := to - h.currentBet
	if inc >= h.fullRaise {
		h.fullRaise = inc
	}
	if inc >= h.reopenRaise {
		h.reopenRaise = inc
	}
	h.currentBet = to
	if h.allIn[seat] {
		h.answer &^= 1 << seat
	}
	if h.rules&(PKAllInSum|PKBlindMustAct) != 0 {
		if h.allIn[seat] && h.rules&PKAllInSum != 0 {
			h.allInChain += inc
		} else {
			h.allInChain = 0
		}
		if h.rules&PKBlindMustAct != 0 {
			h.setAnswer() // the bet to answer rose
		}
	}
	h.aggressor = seat
	h.acted[seat] = true
	h.actedAt[seat] = to
	h.events = append(h.events, ev)
	h.nextActor(seat + 1)
	return ev, nil
}

// Verify returns nil if seat may take action a now.
func (h *Hand) Verify(seat int, a Action) error {
	switch a.Kind {
	case Fold:
		return h.VerifyFold(seat)
	case CheckCall:
		return h.VerifyCheckCall(seat)
	case BetRaise:
		return h.VerifyBetRaise(seat, a.To)
	}
	return actionErr(ErrWrongPhase, seat, fmt.Sprintf("unknown action kind %d", a.Kind), nil)
}

// Apply takes action a for seat.
func (h *Hand) Apply(seat int, a Action) (Event, error) {
	switch a.Kind {
	case Fold:
		return h.Fold(seat)
	case CheckCall:
		return h.CheckCall(seat)
	case BetRaise:
		return h.BetRaise(seat, a.To)
	}
	return Event{}, actionErr(ErrWrongPhase, seat, fmt.Sprintf("unknown action kind %d", a.Kind), nil)
}
