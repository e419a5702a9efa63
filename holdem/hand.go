package holdem

import (
	"pokerlab/cards"
)

// Hand is the state of one hand of No-Limit Hold'em. Create one with
// NewHand or declare a zero Hand, and start every hand with Reset; a Hand is
// reused from hand to hand without allocating (its event log keeps its
// capacity). A Hand is not safe for concurrent use.
type Hand struct {
	n        int
	button   int
	minBet   int64
	manualSD bool
	rules    RuleSet
	deck     *cards.Deck

	blind   [MaxSeats]int64 // configured blind or straddle per seat
	anteCfg [MaxSeats]int64 // configured ante per seat
	start   [MaxSeats]int64
	stack   [MaxSeats]int64
	bet     [MaxSeats]int64 // bet on the current street
	total   [MaxSeats]int64 // blinds and bets this hand, after returns
	ante    [MaxSeats]int64 // antes paid (dead money)
	won     [MaxSeats]int64
	folded  [MaxSeats]bool
	allIn   [MaxSeats]bool
	acted   [MaxSeats]bool
	actedAt [MaxSeats]int64 // the current bet just after the player's last action this street
	hole    [MaxSeats][2]cards.Card
	dealt   [MaxSeats]bool
	shown   [MaxSeats]bool
	mucked  [MaxSeats]bool

	board  [5]cards.Card
	nBoard int
	used   cards.Set // known cards out of the deck

	street     Street
	phase      Phase
	actor      int
	nextDeal   int // manual dealing: index in dealing order of the next hole deal
	currentBet int64
	fullRaise  int64 // the minimum raise increment: the last full bet or raise of the street (TDA 41, 43)
	// reopenRaise is the full-raise size against which reopening is
	// measured (TDA 47); it equals fullRaise under TDA rules and is
	// PokerKit's largest increment of the round (from 0) under
	// PKFirstWagerReopens.
	reopenRaise int64
	// allInChain is the sum of the consecutive all-in raises of the street
	// since the last raise that left chips behind, kept under PKAllInSum
	// only (0 otherwise).
	allInChain int64
	// mustAct holds the seats that must act once this round whatever the
	// others do (PKBlindMustAct): PokerKit's actors when the round began.
	mustAct uint16
	// answer holds the seats that could answer a raise (setAnswer).
	answer     uint16
	aggressor  int // last bettor or raiser of the current street, -1 if none
	aggressors [NumStreets]int8
	runout     bool   // betting closed for good before the river: all hands are tabled (TDA 16)
	undecided  uint16 // pots not awarded: unknown cards at showdown

	showOrder [MaxSeats]int8
	nShow     int
	showNext  int // index into showOrder of the next player to show

	lastBoardEvent int

	events []Event
}

// NewHand returns a Hand started with Reset(cfg, deck).
func NewHand(cfg *Config, deck *cards.Deck) (*Hand, error) {
	h := &Hand{}
	if err := h.Reset(cfg, deck); err != nil {
		return nil, err
	}
	return h, nil
}

// Reset starts a new hand: it posts the antes (first, TDA big-blind-ante
// practice) and the blinds, and, when deck is non-nil, resets the deck, deals
// the hole cards from it and will deal the board from it when needed. With a
// nil deck the caller deals with DealHole and DealBoard (replays, stacked
// decks). The hand then waits for the first action (or deal).
func (h *Hand) Reset(cfg *Config, deck *cards.Deck) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	n := len(cfg.Stacks)
	events := h.events[:0]
	*h = Hand{}
	h.events = events
	h.n = n
	h.button = cfg.Button
	h.minBet = cfg.minBet()
	h.manualSD = cfg.ManualShowdown
	h.rules = cfg.Rules
	h.deck = deck
	cfg.forced(&h.blind, &h.anteCfg)
	copy(h.start[:n], cfg.Stacks)
	copy(h.stack[:n], cfg.Stacks)
	h.actor = -1
	h.aggressor = -1
	for i := range h.aggressors {
		h.aggressors[i] = -1
	}
	for s := range n {
		h.hole[s] = [2]cards.Card{Unknown, Unknown}
	}

	// Antes first, then the blinds in posting order (nlhe-rules: Antes; a
	// player who cannot cover a forced bet is all-in for what they have).
	for i := range n {
		s := h.seatAfterButton(i)
		if a := min(h.anteCfg[s], h.stack[s]); a > 0 {
			h.stack[s] -= a
			h.ante[s] = a
			h.allIn[s] = h.stack[s] == 0
			h.events = append(h.events, Event{Kind: EvAnte, Seat: int8(s), Amount: a, AllIn: h.allIn[s]})
		}
	}
	opener := -1
	for i := range n {
		s := h.blindOrder(i)
		if h.blind[s] > h.currentBet || h.currentBet == 0 {
			// The largest blind opens the betting; on a tie the earlier
			// poster's counts: a later equal post is a new player's live
			// big blind out of position, not a straddle (a straddle is
			// larger than the big blind).
			h.currentBet = h.blind[s]
			opener = s
		}
		if b := min(h.blind[s], h.stack[s]); b > 0 {
			h.stack[s] -= b
			h.bet[s] = b
			h.total[s] = b
			h.allIn[s] = h.stack[s] == 0
			h.events = append(h.events, Event{Kind: EvBlind, Seat: int8(s), Amount: b, To: b, AllIn: h.allIn[s]})
		}
	}
	if h.rules&PKPostedBlinds != 0 {
		// PokerKit: the bet to match is the largest blind actually posted;
		// its poster (the later seat from the button on a tie, the button
		// if nobody posted) is the one the action starts after.
		h.currentBet, opener = 0, h.button
		for i := range n {
			if s := h.seatAfterButton(i); h.bet[s] >= h.currentBet {
				h.currentBet, opener = h.bet[s], s
			}
		}
	}
	// Preflop the largest blind counts as the opening full bet (TDA 41, 43):
	// the first raise must add at least that much. Callers owe the nominal
	// blind even if its poster was short (nlhe-rules: Short blind).
	h.fullRaise = max(h.minBet, h.currentBet)
	h.reopenRaise = h.fullRaise
	if h.rules&PKPreflopMinRaise != 0 {
		h.fullRaise = h.minBet // PokerKit: max(min_bet, largest increment so far = 0)
	}
	if h.rules&PKFirstWagerReopens != 0 {
		h.reopenRaise = 0
	}
	h.setAnswer()
	h.street = Preflop
	h.actor = opener // the first actor is searched from the seat after the opener
	h.phase = PhaseDealHole
	if deck != nil {
		deck.Reset()
		for i := range n {
			s := h.seatAfterButton(i)
			h.dealHole(s, [2]cards.Card{deck.Deal(), deck.Deal()})
		}
		h.beginPreflop()
	}
	return nil
}

// seatAfterButton returns the i-th seat clockwise starting after the button
// (i = 0 is the small blind with three or more players, the big blind
// heads-up). This is the dealing order and the postflop acting order.
func (h *Hand) seatAfterButton(i int) int { return (h.button + 1 + i) % h.n }

// blindOrder returns the i-th seat in the order blinds are posted: from the
// small blind, which heads-up is the button.
func (h *Hand) blindOrder(i int) int {
	if h.n == 2 {
		return (h.button + i) % h.n
	}
	return h.seatAfterButton(i)
}

// beginPreflop starts the first betting round once the hole cards are out.
func (h *Hand) beginPreflop() {
	opener := h.actor
	if opener < 0 {
		opener = h.button
	}
	h.phase = PhaseBetting
	h.actor = -1
	if h.rules&PKBlindMustAct != 0 {
		h.markMustAct()
	}
	h.nextActor(opener + 1)
}

// markMustAct records, under PKBlindMustAct, the players PokerKit puts in
// the round's queue of actors when the round begins: those still in the
// hand with chips behind whom someone else still in the hand could raise
// (another player's bet plus stack exceeds their bet). Each of them acts at
// least once.
func (h *Hand) markMustAct() {
	h.mustAct = 0
	for s := range h.n {
		if h.folded[s] || h.stack[s] == 0 {
			continue
		}
		for t := range h.n {
			if t != s && !h.folded[t] && h.bet[t]+h.stack[t] > h.bet[s] {
				h.mustAct |= 1 << s
				break
			}
		}
	}
}

// nextActor finds the next player to act clockwise from seat from, or closes
// the street when nobody has to act.
func (h *Hand) nextActor(from int) {
	if s := h.findActor(from); s >= 0 {
		h.actor = s
		return
	}
	h.closeStreet()
}

// findActor returns the first seat from `from` (clockwise) that must act, or
// -1. A player must act when they are neither folded nor all-in and either
// owe chips or have not acted yet; a player who has not acted but owes
// nothing does not act when nobody else could answer a raise (nlhe-rules:
// Everyone else all-in). Under PKBlindMustAct that last test is PokerKit's
// instead: a player who has not acted acts if PokerKit queued them when the
// round began (markMustAct), whatever the others have done since.
func (h *Hand) findActor(from int) int {
	active := 0
	for s := range h.n {
		if !h.folded[s] && !h.allIn[s] {
			active++
		}
	}
	for i := range h.n {
		s := (from + i) % h.n
		if h.folded[s] || h.allIn[s] {
			continue
		}
		if h.bet[s] < h.currentBet {
			return s
		}
		if !h.acted[s] {
			if h.rules&PKBlindMustAct == 0 {
				if active >= 2 {
					return s
				}
			} else if h.mustAct>>s&1 != 0 {
				return s
			}
		}
	}
	return -1
}

// inHand counts the players who have not folded.
func (h *Hand) inHand() int {
	k := 0
	for s := range h.n {
		if !h.folded[s] {
			k++
		}
	}
	return k
}

// canAct counts the players who have neither folded nor gone all-in.
func (h *Hand) canAct() int {
	k := 0
	for s := range h.n {
		if !h.folded[s] && !h.allIn[s] {
			k++
		}
	}
	return k
}

// closeStreet ends the betting round: uncalled chips go back, then the hand
// ends, goes to showdown, or waits for the next street.
func (h *Hand) closeStreet() {
	h.actor = -1
	h.returnUncalled()
	h.aggressors[h.street] = int8(h.aggressor)
	for s := range h.n {
		h.bet[s] = 0
	}
	if h.inHand() == 1 {
		h.award()
		return
	}
	if h.street == River {
		h.beginShowdown()
		return
	}
	if h.canAct() < 2 {
		h.runout = true
	}
	h.phase = PhaseDealBoard
	if h.deck != nil {
		h.autoDealBoard()
	}
}

// returnUncalled gives back chips that no player still in the hand can win
// (nlhe-rules: Short call / uncalled bet): the part of the largest
// contribution above the second largest, and, repeatedly, a top layer
// contributed only by folded players (blinds that lost to a short all-in).
// A folded player's chips below that stay in the pots.
func (h *Hand) returnUncalled() {
	for {
		var top, next int64
		holders, live := 0, 0
		for s := range h.n {
			t := h.total[s]
			switch {
			case t > top:
				next, top = top, t
				holders, live = 1, 0
				if !h.folded[s] {
					live = 1
				}
			case t == top:
				holders++
				if !h.folded[s] {
					live++
				}
			case t > next:
				next = t
			}
		}
		if top == 0 || (holders >= 2 && live >= 1) {
			return
		}
		r := top - next
		for s := range h.n {
			if h.total[s] == top {
				h.total[s] -= r
				h.bet[s] = max(h.bet[s]-r, 0)
				h.stack[s] += r
				h.allIn[s] = false
				if !h.folded[s] {
					h.answer |= 1 << s // under PokerKit rules the next round sets it again
				}
				h.events = append(h.events, Event{Kind: EvReturn, Street: h.street, Seat: int8(s), Amount: r})
			}
		}
	}
}

// startStreet begins the betting on a new street (after its cards).
func (h *Hand) startStreet() {
	h.currentBet = 0
	h.fullRaise = h.minBet
	h.reopenRaise = h.minBet
	if h.rules&PKFirstWagerReopens != 0 {
		h.reopenRaise = 0
	}
	h.allInChain = 0
	h.aggressor = -1
	for s := range h.n {
		h.acted[s] = false
		h.actedAt[s] = 0
	}
	if h.runout {
		h.closeStreet()
		return
	}
	h.phase = PhaseBetting
	if h.rules&PKBlindMustAct != 0 {
		h.setAnswer()
		h.markMustAct()
	}
	h.nextActor(h.seatAfterButton(0))
}

// autoDealBoard deals the next street from the deck.
func (h *Hand) autoDealBoard() {
	var cs [3]cards.Card
	k := 1
	if h.nBoard == 0 {
		k = 3
	}
	for i := range k {
		cs[i] = h.deck.Deal()
	}
	h.dealBoard(cs[:k])
}
