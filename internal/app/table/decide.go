package table

import (
	"fmt"
	"strconv"
	"sync"

	"pokerlab/cards"
	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/npc"
)

// DecideRequest is a decision asked for by a game server that runs its own
// table (POST /api/decide): the table's forced bets and starting stacks in
// PHH player order (p1 is the seat after the button, the button is last),
// the hand's actions so far in PHH notation, the bot's player number
// (1-based, as in the actions) and hole cards, and a seed.
type DecideRequest struct {
	SmallBlind, BigBlind int64
	// Antes is every player's ante (nil: none).
	Antes          []int64
	StartingStacks []int64
	Actions        []string
	Seat           int // PHH player number, 1-based
	Hole           string
	Seed           uint64
}

// Decision is the bot's action: PHH notation without the player ("cbr 6",
// "cc", "f"), the kind (fold, check, call, bet, raise) and the amount (the
// "to" total for bet and raise, the chips a call adds, 0 otherwise).
type Decision struct {
	Action string `json:"action"`
	Kind   string `json:"kind"`
	Amount int64  `json:"amount"`
}

var replayers = sync.Pool{New: func() any { return new(hh.Replayer) }}

// Decide replays the request's hand through the engine and asks bot for
// the action of the player to act, who must be req.Seat. Deal actions may
// be left out (every player is dealt; the others' cards are unknown to the
// bot) or given with "????" for unknown cards. Errors are ErrInvalid and
// name the field or the action.
func Decide(bot *npc.Bot, req *DecideRequest) (Decision, error) {
	n := len(req.StartingStacks)
	switch {
	case n < holdem.MinSeats || n > npc.MaxSeats:
		return Decision{}, fieldErr("table.starting_stacks", "%d players: a table has 2 to 9", n)
	case req.Seat < 1 || req.Seat > n:
		return Decision{}, fieldErr("seat", "%d: want a player number from 1 to %d (p1 is the seat after the button)", req.Seat, n)
	case req.Antes != nil && len(req.Antes) != n:
		return Decision{}, fieldErr("table.antes", "%d antes for %d players", len(req.Antes), n)
	case len(req.Actions) > 1000:
		return Decision{}, fieldErr("actions", "%d actions: a hand has at most 1000", len(req.Actions))
	}
	for i, s := range req.StartingStacks {
		if s <= 0 || s > MaxChips {
			return Decision{}, fieldErr(fmt.Sprintf("table.starting_stacks[%d]", i), "%d: want 1 to %d chips", s, int64(MaxChips))
		}
	}
	if req.SmallBlind < 0 || req.BigBlind <= 0 || req.SmallBlind > req.BigBlind || req.BigBlind > MaxChips {
		return Decision{}, fieldErr("table", "blinds %d/%d: want 0 <= small blind <= big blind, big blind > 0", req.SmallBlind, req.BigBlind)
	}
	hc, err := cards.ParseCards(req.Hole)
	if err != nil || len(hc) != 2 || hc[0] == hc[1] {
		msg := "want two cards such as AsKd"
		if err != nil {
			msg = err.Error()
		}
		return Decision{}, fieldErr("hole", "%q: %s", req.Hole, msg)
	}
	hole := [2]cards.Card{hc[0], hc[1]}
	h := &hh.Hand{Variant: "NT", MinBet: req.BigBlind, StartingStacks: req.StartingStacks,
		Antes: make([]int64, n), Blinds: make([]int64, n)}
	if req.Antes != nil {
		for i, a := range req.Antes {
			if a < 0 || a > MaxChips {
				return Decision{}, fieldErr(fmt.Sprintf("table.antes[%d]", i), "%d: want 0 or more chips", a)
			}
		}
		copy(h.Antes, req.Antes)
	}
	h.Blinds[0], h.Blinds[1] = req.SmallBlind, req.BigBlind
	dealt := false
	acts := make([]hh.Action, 0, len(req.Actions)+n)
	for i, s := range req.Actions {
		a, err := hh.ParseAction(s)
		if err != nil {
			return Decision{}, fieldErr("actions["+strconv.Itoa(i)+"]", "%q: %v", s, err)
		}
		if a.Kind == hh.DealHole {
			dealt = true
			if a.Receiver == req.Seat {
				if a.Cards[0] != holdem.Unknown && (a.Cards[0] != hole[0] || a.Cards[1] != hole[1]) {
					return Decision{}, fieldErr("actions["+strconv.Itoa(i)+"]", "%q deals p%d other cards than hole %s", s, req.Seat, req.Hole)
				}
				a.Cards[0], a.Cards[1] = hole[0], hole[1]
			}
		}
		if (a.Player > n) || (a.Receiver > n) {
			return Decision{}, fieldErr("actions["+strconv.Itoa(i)+"]", "%q names a player beyond p%d", s, n)
		}
		acts = append(acts, a)
	}
	if !dealt {
		deals := make([]hh.Action, n)
		for p := range n {
			deals[p] = hh.Action{Kind: hh.DealHole, Receiver: p + 1, NCards: 2}
			deals[p].Cards[0], deals[p].Cards[1] = holdem.Unknown, holdem.Unknown
			if p+1 == req.Seat {
				deals[p].Cards[0], deals[p].Cards[1] = hole[0], hole[1]
			}
		}
		acts = append(deals, acts...)
	}
	h.Actions = acts
	r := replayers.Get().(*hh.Replayer)
	defer replayers.Put(r)
	if err := r.Replay(h); err != nil {
		re, ok := err.(*hh.ReplayError)
		if !ok || re.Err != hh.ErrIncomplete {
			return Decision{}, fieldErr("actions", "%v", err)
		}
	}
	g := &r.Hand
	if g.Phase() != holdem.PhaseBetting {
		return Decision{}, fieldErr("actions", "no betting decision is pending after these actions (the hand waits for: %v)", g.Phase())
	}
	seat := req.Seat - 1
	if g.Actor() != seat {
		return Decision{}, fieldErr("seat", "p%d is to act after these actions, not p%d", g.Actor()+1, req.Seat)
	}
	a, err := bot.Decide(g.Public(seat), g.Events(), cards.Hole{hole[0], hole[1]}, req.Seed)
	if err != nil {
		return Decision{}, fieldErr("actions", "%v", err)
	}
	l := g.Legal()
	switch a.Kind {
	case holdem.Fold:
		return Decision{Action: "f", Kind: "fold"}, nil
	case holdem.CheckCall:
		if l.ToCall == 0 {
			return Decision{Action: "cc", Kind: "check"}, nil
		}
		return Decision{Action: "cc", Kind: "call", Amount: l.ToCall}, nil
	}
	kind := "raise"
	if g.CurrentBet() == 0 {
		kind = "bet"
	}
	return Decision{Action: "cbr " + strconv.FormatInt(a.To, 10), Kind: kind, Amount: a.To}, nil
}
