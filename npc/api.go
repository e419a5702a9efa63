package npc

import (
	"fmt"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// Decide is the decision API for game servers: given the public state of a
// hand with the bot's seat to act (st.Actor), the hand's event log so far
// (holdem.Hand.Events: posts, deals, actions and board cards; hole cards of
// other players may be holdem.Unknown) and the bot's hole cards, it returns
// the bot's action. The same inputs and seed give the same action; a Bot is
// immutable, so any number of goroutines may call Decide at once. Give each
// hand its own seed (e.g. the hand number) so that the random choices of
// different hands are independent.
//
// The bot replays the log to classify the decision (which stat's
// opportunity it is) and to narrow its own range by its earlier actions in
// the hand, then decides as in a simulation.
func (b *Bot) Decide(st holdem.PublicState, history []holdem.Event, hole cards.Hole, seed uint64) (holdem.Action, error) {
	seat := st.Actor
	switch {
	case st.Phase != holdem.PhaseBetting || seat < 0 || seat >= st.Players:
		return holdem.Action{}, fmt.Errorf("npc: decide: no betting decision pending (phase %v, actor %d)", st.Phase, seat)
	case st.Players < holdem.MinSeats || st.Players > MaxSeats:
		return holdem.Action{}, fmt.Errorf("npc: decide: %d players", st.Players)
	case !hole[0].Valid() || !hole[1].Valid() || hole[0] == hole[1]:
		return holdem.Action{}, fmt.Errorf("npc: decide: hole cards %v %v are not two distinct cards", hole[0], hole[1])
	case st.NBoard < 0 || st.NBoard > 5:
		return holdem.Action{}, fmt.Errorf("npc: decide: %d board cards", st.NBoard)
	}
	var board cards.Set
	for _, c := range st.Board[:st.NBoard] {
		if !c.Valid() || board.Has(c) {
			return holdem.Action{}, fmt.Errorf("npc: decide: bad board card %v", c)
		}
		board = board.Add(c)
	}
	if board.Has(hole[0]) || board.Has(hole[1]) {
		return holdem.Action{}, fmt.Errorf("npc: decide: hole cards %v clash with the board", hole)
	}
	var t tracker
	t.reset(st.Players, st.Button, 0)
	var p Player
	p.Reset(b, seat, cards.NewHole(hole[0], hole[1]), seed)
	for i := range history {
		e := &history[i]
		if int(e.Seat) >= st.Players {
			return holdem.Action{}, fmt.Errorf("npc: decide: event %d (%v) names seat %d of %d", i+1, e, e.Seat, st.Players)
		}
		if e.Kind.IsAction() && int(e.Seat) == seat {
			p.observeOwn(&t, e)
		}
		t.observe(e)
	}
	if t.street != st.Street {
		return holdem.Action{}, fmt.Errorf("npc: decide: the history ends on the %v, the state is on the %v", t.street, st.Street)
	}
	return p.decide(&t, &st), nil
}

// DecideHand is Decide for a hand run by the holdem engine: the player to
// act is the bot.
func (b *Bot) DecideHand(h *holdem.Hand, seed uint64) (holdem.Action, error) {
	s := h.Actor()
	if h.Phase() != holdem.PhaseBetting || s < 0 {
		return holdem.Action{}, fmt.Errorf("npc: decide: no betting decision pending (phase %v)", h.Phase())
	}
	hc := h.Hole(s)
	return b.Decide(h.Public(s), h.Events(), cards.Hole{hc[0], hc[1]}, seed)
}
