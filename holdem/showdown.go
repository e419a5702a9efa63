package holdem

import (
	"fmt"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// Pot is a main or side pot: an amount and the seats that can win it.
type Pot struct {
	Amount   int64
	Eligible uint16 // bit s is set when seat s can win the pot
}

// CanWin reports whether seat is eligible for the pot.
func (p Pot) CanWin(seat int) bool { return p.Eligible>>seat&1 != 0 }

// maxPots bounds the number of pots: the antes plus one layer per distinct
// contribution.
const maxPots = MaxSeats + 1

// pots builds the pots by contribution layers (nlhe-rules: Side pots): for
// consecutive distinct contribution levels L' < L, the layer pot holds
// Σ_s min(c_s, L) − min(c_s, L') and can be won by the players still in the
// hand who contributed at least L. The antes are dead money at level 0, which
// every player in the hand can win (PHH ante_trimming_status = false).
// Consecutive layers with the same eligible players are merged. Folded
// players' chips stay in the layers they reached.
func (h *Hand) pots(dst *[maxPots]Pot) int {
	var levels [MaxSeats]int64
	nl := 0
	for s := range h.n {
		t := h.total[s]
		if t == 0 {
			continue
		}
		i := nl
		for i > 0 && levels[i-1] > t {
			i--
		}
		if i > 0 && levels[i-1] == t {
			continue
		}
		copy(levels[i+1:nl+1], levels[i:nl])
		levels[i] = t
		nl++
	}
	np := 0
	add := func(amount int64, elig uint16) {
		if amount == 0 {
			return
		}
		if np > 0 && dst[np-1].Eligible == elig {
			dst[np-1].Amount += amount
			return
		}
		dst[np] = Pot{Amount: amount, Eligible: elig}
		np++
	}
	var dead int64
	var live uint16
	for s := range h.n {
		dead += h.ante[s]
		if !h.folded[s] {
			live |= 1 << s
		}
	}
	add(dead, live)
	prev := int64(0)
	for _, l := range levels[:nl] {
		var amount int64
		var elig uint16
		for s := range h.n {
			amount += min(h.total[s], l) - min(h.total[s], prev)
			if h.total[s] >= l && !h.folded[s] {
				elig |= 1 << s
			}
		}
		add(amount, elig)
		prev = l
	}
	return np
}

// AppendPots appends the current main and side pots (main pot first) to dst
// and returns it. Bets of the street in progress are included. Once the
// hand is over they are the pots as awarded (under PKPotMerge, rebuilt
// after the losing hands were dropped; EvWin's Pot indexes them).
func (h *Hand) AppendPots(dst []Pot) []Pot {
	var ps [maxPots]Pot
	k := h.pots(&ps)
	if h.phase == PhaseOver && h.rules&PKPotMerge != 0 {
		k = h.dropLosers(&ps, k)
	}
	return append(dst, ps[:k]...)
}

// beginShowdown fixes the showing order: the last aggressor of the river
// first, otherwise the first player in the hand left of the button, then
// clockwise (nlhe-rules: Showdown order).
func (h *Hand) beginShowdown() {
	h.phase = PhaseShowdown
	first := h.seatAfterButton(0)
	if a := h.aggressors[River]; a >= 0 {
		first = int(a)
	}
	h.nShow = 0
	for i := range h.n {
		s := (first + i) % h.n
		if !h.folded[s] {
			h.showOrder[h.nShow] = int8(s)
			h.nShow++
		}
	}
	h.showNext = 0
	if !h.manualSD {
		h.autoShowdown()
		return
	}
	h.advanceShowdown()
}

// autoShowdown shows the hands in order; a hand that cannot win or tie any
// pot against the hands already shown is mucked, except after an all-in
// when all hands are tabled (TDA 16).
func (h *Hand) autoShowdown() {
	var ps [maxPots]Pot
	np := h.pots(&ps)
	var best [maxPots]handeval.Value
	for _, s8 := range h.showOrder[:h.nShow] {
		s := int(s8)
		v, known := h.value(s)
		show := !known || h.runout
		for p := range np {
			if ps[p].CanWin(s) && (best[p] == 0 || v >= best[p]) {
				show = true
			}
		}
		if show {
			h.shown[s] = true
			for p := range np {
				if ps[p].CanWin(s) && known && v > best[p] {
					best[p] = v
				}
			}
			h.events = append(h.events, Event{Kind: EvShow, Street: h.street, Seat: s8, NCards: 2, Cards: [3]cards.Card{h.hole[s][0], h.hole[s][1]}})
		} else {
			h.mucked[s] = true
			h.events = append(h.events, Event{Kind: EvMuck, Street: h.street, Seat: s8})
		}
	}
	h.award()
}

// value evaluates seat's best hand; known is false if a card is unknown.
func (h *Hand) value(s int) (v handeval.Value, known bool) {
	hole := h.hole[s]
	if hole[0] == Unknown || hole[1] == Unknown || h.nBoard < 5 {
		return 0, false
	}
	set := cards.SetOf(hole[0], hole[1])
	for _, c := range h.board[:h.nBoard] {
		set = set.Add(c)
	}
	return handeval.Eval(set), true
}

// advanceShowdown moves to the next player who must show or muck. A player
// who is the only one left (not mucked) in every pot they can win takes them
// without showing. When nobody is left to act the pots are awarded.
func (h *Hand) advanceShowdown() {
	var ps [maxPots]Pot
	np := h.pots(&ps)
	for ; h.showNext < h.nShow; h.showNext++ {
		s := int(h.showOrder[h.showNext])
		if h.shown[s] || h.mucked[s] {
			continue
		}
		if !h.uncontested(s, ps[:np]) {
			return
		}
	}
	h.award()
}

// uncontested reports whether every pot seat can win has no other unmucked
// contender.
func (h *Hand) uncontested(s int, ps []Pot) bool {
	for _, p := range ps {
		if !p.CanWin(s) {
			continue
		}
		for t := range h.n {
			if t != s && p.CanWin(t) && !h.mucked[t] {
				return false
			}
		}
	}
	return true
}

// ShowdownTurn returns the seat that must show or muck next, or -1.
func (h *Hand) ShowdownTurn() int {
	if h.phase != PhaseShowdown || h.showNext >= h.nShow {
		return -1
	}
	return int(h.showOrder[h.showNext])
}

func (h *Hand) verifyShowdownTurn(seat int, what string) *ActionError {
	if h.phase != PhaseShowdown {
		return h.phaseErr(seat, what)
	}
	if seat < 0 || seat >= h.n {
		return actionErr(ErrBadSeat, seat, fmt.Sprintf("no seat %d at a table of %d players", seat, h.n), nil)
	}
	if h.folded[seat] {
		return actionErr(ErrBadShow, seat, "%[1]s folded and has no hand to "+what, []int{seat})
	}
	if h.shown[seat] || h.mucked[seat] {
		return actionErr(ErrBadShow, seat, "%[1]s has already shown or mucked", []int{seat})
	}
	// With a player all-in and the betting over, all hands are tabled and
	// the order does not matter (TDA 16); otherwise it is the showdown order.
	if turn := h.ShowdownTurn(); !h.runout && seat != turn {
		return actionErr(ErrOutOfTurn, seat, "%[1]s cannot "+what+" yet: %[2]s shows first (nlhe-rules: Showdown order)", []int{seat, turn})
	}
	return nil
}

// VerifyShow checks that seat may show hole at the showdown now, or, once
// the hand is over, show it voluntarily (no effect on the pots). If the hole
// cards were dealt known, hole must be the same two cards; if they were dealt
// Unknown, hole reveals them (and may itself hold Unknown cards).
func (h *Hand) VerifyShow(seat int, hole [2]cards.Card) error {
	if err := h.verifyShow(seat, hole); err != nil {
		return err
	}
	return nil
}

func (h *Hand) verifyShow(seat int, hole [2]cards.Card) *ActionError {
	if h.phase == PhaseOver && seat >= 0 && seat < h.n {
		// Anyone may show their cards once the hand is over; it changes
		// nothing but the record.
		if h.shown[seat] {
			return actionErr(ErrBadShow, seat, "%[1]s has already shown", []int{seat})
		}
	} else if err := h.verifyShowdownTurn(seat, "show"); err != nil {
		return err
	}
	if hole[0] != Unknown && hole[0] == hole[1] {
		return actionErr(ErrCardTwice, seat, "%[1]s shows "+formatCards(hole[:])+": the same card twice", []int{seat})
	}
	dealt := h.hole[seat]
	known := dealt[0] != Unknown && dealt[1] != Unknown
	for _, c := range hole {
		if c == Unknown || c == dealt[0] || c == dealt[1] {
			continue
		}
		if !c.Valid() {
			return actionErr(ErrBadShow, seat, fmt.Sprintf("invalid card value %d", c), nil)
		}
		if known {
			return actionErr(ErrBadShow, seat, "%[1]s shows "+formatCards(hole[:])+" but was dealt "+formatCards(dealt[:]), []int{seat})
		}
		if h.used.Has(c) {
			return h.twiceErr(c)
		}
	}
	if _, n := mergeHole(dealt, hole); n > 2 {
		return actionErr(ErrBadShow, seat, "%[1]s shows "+formatCards(hole[:])+" but was dealt "+formatCards(dealt[:])+": that is more than two cards", []int{seat})
	}
	return nil
}

// mergeHole combines the known cards of a dealt and a shown hole; n is the
// number of distinct known cards (more than 2 is a contradiction).
func mergeHole(dealt, shown [2]cards.Card) (merged [2]cards.Card, n int) {
	merged = [2]cards.Card{Unknown, Unknown}
	for _, c := range [4]cards.Card{dealt[0], dealt[1], shown[0], shown[1]} {
		if c == Unknown || (n > 0 && merged[0] == c) || (n > 1 && merged[1] == c) {
			continue
		}
		if n < 2 {
			merged[n] = c
		}
		n++
	}
	return merged, n
}

// Show shows seat's hole cards at the showdown; shown cards replace cards
// dealt Unknown.
func (h *Hand) Show(seat int, hole [2]cards.Card) (Event, error) {
	if err := h.verifyShow(seat, hole); err != nil {
		return Event{}, err
	}
	merged, _ := mergeHole(h.hole[seat], hole)
	for _, c := range merged {
		if c != Unknown {
			h.used = h.used.Add(c)
		}
	}
	h.hole[seat] = merged
	h.shown[seat] = true
	ev := Event{Kind: EvShow, Street: h.street, Seat: int8(seat), NCards: 2, Cards: [3]cards.Card{hole[0], hole[1]}}
	h.events = append(h.events, ev)
	if h.phase == PhaseShowdown {
		h.advanceShowdown()
	}
	return ev, nil
}

// VerifyMuck checks that seat may muck now: it is their turn at the showdown,
// the hands are not all tabled after an all-in (TDA 16), and someone else
// can still win every pot they are in.
func (h *Hand) VerifyMuck(seat int) error {
	if err := h.verifyMuck(seat); err != nil {
		return err
	}
	return nil
}

func (h *Hand) verifyMuck(seat int) *ActionError {
	if err := h.verifyShowdownTurn(seat, "muck"); err != nil {
		return err
	}
	if h.runout {
		return actionErr(ErrCannotMuck, seat, "%[1]s cannot muck: a player is all-in and the betting is over, so all hands are tabled (TDA 16)", []int{seat})
	}
	var ps [maxPots]Pot
	np := h.pots(&ps)
	for p := range np {
		if !ps[p].CanWin(seat) {
			continue
		}
		other := false
		for t := range h.n {
			if t != seat && ps[p].CanWin(t) && !h.mucked[t] {
				other = true
			}
		}
		if !other {
			return actionErr(ErrCannotMuck, seat, "%[1]s cannot muck: nobody else can win pot %[2]s; show instead", []int{seat}, int64(p))
		}
	}
	return nil
}

// Muck gives up seat's claim to every pot at the showdown (nlhe-rules:
// players may muck losing hands).
func (h *Hand) Muck(seat int) (Event, error) {
	if err := h.verifyMuck(seat); err != nil {
		return Event{}, err
	}
	h.mucked[seat] = true
	ev := Event{Kind: EvMuck, Street: h.street, Seat: int8(seat)}
	h.events = append(h.events, ev)
	h.advanceShowdown()
	return ev, nil
}

// award gives every pot to the best hand(s) among its eligible players who
// did not muck, splitting ties evenly; each odd chip goes to the first
// winner clockwise from the button (nlhe-rules: Split pots / odd chip, TDA
// 19). A pot with one contender needs no cards. A pot whose contenders
// include unknown cards cannot be decided and is left unawarded (Undecided).
// Under PKPotMerge the hands that cannot win are dropped first (dropLosers).
func (h *Hand) award() {
	h.actor = -1
	h.phase = PhaseOver
	var ps [maxPots]Pot
	np := h.pots(&ps)
	if h.rules&PKPotMerge != 0 {
		np = h.dropLosers(&ps, np)
	}
	for p := range np {
		if !h.awardPot(p, ps[p], 0xFFFF, false) {
			h.undecided |= 1 << p
		}
	}
}

// dropLosers is PokerKit's showdown (state.py: hand killing, then chips
// pushing): every hand that cannot win or tie some pot is dropped, then the
// pots are built again among the remaining hands, so adjacent pots left
// with the same contenders merge before they are split. PokerKit asks, for
// each hand, whether it is at least as good as the best remaining hand of
// any pot, including pots the player is not in; the hands kept are those at
// least as good as the smallest of the pots' best hands. With unknown cards
// among the hands at the showdown the pots stay as they are (they are
// settled as under TDA rules: Undecided, AwardUndecided).
func (h *Hand) dropLosers(ps *[maxPots]Pot, np int) int {
	if h.inHand() < 2 {
		return np
	}
	var val [MaxSeats]handeval.Value
	var alive uint16
	for s := range h.n {
		if h.folded[s] || h.mucked[s] {
			continue
		}
		v, known := h.value(s)
		if !known {
			return np
		}
		val[s], alive = v, alive|1<<s
	}
	low := ^handeval.Value(0)
	for p := range np {
		var best handeval.Value // 0: no contender left, every hand can win it (as in PokerKit)
		for s := range h.n {
			if alive>>s&1 != 0 && ps[p].CanWin(s) {
				best = max(best, val[s])
			}
		}
		low = min(low, best)
	}
	// PokerKit kills the other hands, which then lose their claim as a
	// folded (or mucked) hand does: the pots are built again as if they, and
	// the mucked hands, had folded.
	folded := h.folded
	for s := range h.n {
		if alive>>s&1 == 0 || val[s] < low {
			h.folded[s] = true
		}
	}
	np = h.pots(ps)
	h.folded = folded
	return np
}

// awardPot pays pot p to the best hands among its contenders in mask. With
// unknown cards among several contenders it pays nothing and returns false,
// unless split is set: then the contenders share it.
func (h *Hand) awardPot(p int, pot Pot, mask uint16, split bool) bool {
	var contenders [MaxSeats]int
	nc := 0
	for i := range h.n {
		s := h.seatAfterButton(i) // clockwise from the button: odd-chip order
		if pot.CanWin(s) && !h.mucked[s] && mask>>s&1 != 0 {
			contenders[nc] = s
			nc++
		}
	}
	if nc == 0 {
		return false
	}
	var winners [MaxSeats]int
	nw := 0
	var best handeval.Value
	for _, s := range contenders[:nc] {
		if nc == 1 {
			winners[0], nw = s, 1
			break
		}
		v, known := h.value(s)
		if !known {
			if !split {
				return false
			}
			copy(winners[:], contenders[:nc])
			nw = nc
			break
		}
		switch {
		case v > best:
			best, winners[0], nw = v, s, 1
		case v == best:
			winners[nw] = s
			nw++
		}
	}
	share, odd := pot.Amount/int64(nw), pot.Amount%int64(nw)
	for i, s := range winners[:nw] {
		amt := share
		if h.rules&PKOddChips != 0 {
			if i == 0 {
				amt += odd // PokerKit: the whole remainder to the first winner
			}
		} else if int64(i) < odd {
			amt++
		}
		h.stack[s] += amt
		h.won[s] += amt
		h.events = append(h.events, Event{Kind: EvWin, Street: h.street, Seat: int8(s), Pot: int8(p), Amount: amt})
	}
	return true
}

// AwardUndecided decides the pots that unknown cards left undecided (see
// Undecided) as a hand history records them: only the players in mask (bit
// s for seat s) contend; among them the best known hands win, and if their
// cards are unknown too they share the pot. Replays pass the players the
// record names as winners, or the players who showed known cards (a player
// who does not show cannot claim a pot). It fails, awarding nothing, if an
// undecided pot has no contender in mask.
func (h *Hand) AwardUndecided(mask uint16) error {
	if h.undecided == 0 {
		return nil
	}
	var ps [maxPots]Pot
	np := h.pots(&ps)
	for p := range np {
		if h.undecided>>p&1 == 0 {
			continue
		}
		found := false
		for s := range h.n {
			found = found || ps[p].CanWin(s) && !h.mucked[s] && mask>>s&1 != 0
		}
		if !found {
			return actionErr(ErrBadShow, -1, fmt.Sprintf("pot %d has no contender among the given players", p), nil)
		}
	}
	for p := range np {
		if h.undecided>>p&1 != 0 {
			h.awardPot(p, ps[p], mask, true)
		}
	}
	h.undecided = 0
	return nil
}
