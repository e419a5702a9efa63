package hh

import (
	"errors"
	"fmt"
	"strconv"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// NumPlayers returns the number of players.
func (h *Hand) NumPlayers() int { return len(h.StartingStacks) }

// defaultNames are the names of players without one.
var defaultNames = [holdem.MaxSeats]string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"}

// PlayerName returns the name of PHH player p(i+1) (engine seat i of
// Config): the players field's, or "p1", "p2", ... for a hand without one
// or a player without a name. The HUD, the hand database and the
// PokerStars writer name players so.
func (h *Hand) PlayerName(i int) string {
	if i < len(h.Players) && h.Players[i] != "" {
		return h.Players[i]
	}
	if i < len(defaultNames) {
		return defaultNames[i]
	}
	return "p" + strconv.Itoa(i+1)
}

// FormatAmount writes an amount of the hand's units in its currency units
// ("200.30").
func (h *Hand) FormatAmount(v int64) string { return formatUnits(v, h.Decimals) }

// Config returns the engine configuration of the hand. Engine seat i is
// player p(i+1) and the button is the last seat, so the small blind is p1
// (PHH seat order). Heads-up the antes and forced bets apply in reverse, as
// the PHH specification says: blinds_or_straddles = [1, 2] makes p1 post 2
// (the big blind) and p2, the button, post 1. The showdown is manual: the
// recorded shows and mucks decide it. A capped hand (Cap > 0) plays every
// stack above the cap as the cap: what a player may put in (the engine's
// all-in is reaching the cap); the rest stays behind, out of the hand.
func (h *Hand) Config() holdem.Config {
	n := len(h.StartingStacks)
	stacks := h.StartingStacks
	if h.Cap > 0 {
		stacks = make([]int64, n)
		for s, x := range h.StartingStacks {
			stacks[s] = min(x, h.Cap)
		}
	}
	cfg := holdem.Config{
		Stacks:         stacks,
		Button:         n - 1,
		MinBet:         h.MinBet,
		Blinds:         h.Blinds,
		Antes:          h.Antes,
		ManualShowdown: true,
		Rules:          h.Rules,
	}
	if n == 2 {
		cfg.Blinds = []int64{h.Blinds[1], h.Blinds[0]}
		cfg.Antes = []int64{h.Antes[1], h.Antes[0]}
	}
	return cfg
}

// ReplayError is an action the engine rejected (or a history that stops
// early): the hand, the 1-based action index, its line and why.
type ReplayError struct {
	File   string
	Hand   string
	Index  int // 1-based index in the actions array; 0 if the history ended early
	Line   int
	Action string
	Err    error // a *holdem.ActionError, or ErrIncomplete
	msg    string
}

// ErrIncomplete is the error of a history that ends before the hand is over
// (allowed by PHH for partial hands, but nothing can be awarded).
var ErrIncomplete = errors.New("the history ends before the hand is over")

// handPlace is the "FILE: line N: hand [NAME]: " that starts the errors
// about one hand, each part left out when unknown.
func handPlace(file string, line int, hand string) string {
	s := ""
	if file != "" {
		s = file + ": "
	}
	if line > 0 {
		s += "line " + strconv.Itoa(line) + ": "
	}
	if hand != "" {
		s += "hand [" + hand + "]: "
	}
	return s
}

func (e *ReplayError) Error() string {
	s := handPlace(e.File, e.Line, e.Hand)
	if e.Index > 0 {
		s += fmt.Sprintf("action %d %q: ", e.Index, e.Action)
	}
	return s + e.msg
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replayer replays PHH hands through the engine, reusing one holdem.Hand.
type Replayer struct {
	// Hand is the engine state after the last Replay.
	Hand holdem.Hand
	// Award says how the last Replay awarded the pots.
	Award AwardSource
	// early[s] holds cards exposed during an all-in run-out (PokerKit writes
	// "sm" after each board card of an all-in hand); they are shown at the
	// showdown if the history does not show them again.
	early [holdem.MaxSeats][2]cards.Card
	// behind[s] is what seat s keeps out of a capped hand: its stack above
	// the cap (Hand.Config).
	behind [holdem.MaxSeats]int64
	// cashOut[s] is seat s's All-in Cash Out (Hand.CashOuts), 0 for none.
	cashOut [holdem.MaxSeats]int64
	cfg     holdem.Config
}

// Stack returns player s's stack (engine seat s, PHH player p(s+1)) after
// the last Replay: r.Hand.Stack, plus what a capped hand kept behind (the
// engine plays the capped stack), and for a player who took an All-in Cash
// Out, the cash-out in place of what the pots award them (the site keeps
// that).
func (r *Replayer) Stack(s int) int64 {
	x := r.Hand.Stack(s) + r.behind[s]
	if c := r.cashOut[s]; c > 0 {
		x += c - r.Hand.Won(s)
	}
	return x
}

// Replay replays h through the engine (r.Hand). It returns nil when every
// action was accepted and the hand is over; a *ReplayError naming the
// action index, line and rule otherwise. With unknown cards at a showdown
// the hand ends with r.Hand.Undecided() (see AwardByWinnings).
func (r *Replayer) Replay(h *Hand) error {
	r.cfg = h.Config()
	if err := r.Hand.Reset(&r.cfg, nil); err != nil {
		return &ReplayError{File: h.File, Hand: h.Name, Line: h.Line, Err: err, msg: err.Error()}
	}
	for s := range r.early {
		r.early[s] = [2]cards.Card{holdem.Unknown, holdem.Unknown}
		r.behind[s], r.cashOut[s] = 0, 0
		if s < len(h.StartingStacks) {
			r.behind[s] = h.StartingStacks[s] - r.cfg.Stacks[s]
		}
		if s < len(h.CashOuts) {
			r.cashOut[s] = h.CashOuts[s]
		}
	}
	g := &r.Hand
	for i := range h.Actions {
		a := &h.Actions[i]
		var err error
		switch a.Kind {
		case NoOp:
			continue
		case DealHole:
			_, err = g.DealHole(a.Receiver-1, a.Hole())
		case DealBoard:
			_, err = g.DealBoard(a.Cards[:a.NCards]...)
		case Fold:
			_, err = g.Fold(a.Player - 1)
		case CheckCall:
			_, err = g.CheckCall(a.Player - 1)
		case BetRaise:
			_, err = g.BetRaise(a.Player-1, a.Amount)
		case ShowMuck:
			err = r.showMuck(a)
		}
		if err != nil {
			return r.actionError(h, i, err)
		}
	}
	if g.Phase() == holdem.PhaseShowdown {
		// Shows recorded only during the run-out complete the showdown.
		for g.Phase() == holdem.PhaseShowdown {
			s := g.ShowdownTurn()
			if s < 0 || r.early[s] == [2]cards.Card{holdem.Unknown, holdem.Unknown} {
				break
			}
			if _, err := g.Show(s, r.early[s]); err != nil {
				break
			}
		}
	}
	if !g.Over() {
		msg := ErrIncomplete.Error() + ": waiting for " + r.waiting()
		return &ReplayError{File: h.File, Hand: h.Name, Line: h.Line, Err: ErrIncomplete, msg: msg}
	}
	r.Award = ByCards
	if !g.Undecided() {
		return nil
	}
	// Cards unknown at the showdown ("sm ????"). The winnings field, when
	// there is one, says who collected; otherwise a player who did not show
	// known cards cannot claim a pot that someone who did show contests.
	var mask uint16
	r.Award = ByWinnings
	if h.Winnings != nil {
		for s, w := range h.Winnings {
			if w > 0 {
				mask |= 1 << s
			}
		}
	} else {
		r.Award = ByShownCards
		for s := range g.Players() {
			if hole := g.Hole(s); hole[0] != holdem.Unknown && hole[1] != holdem.Unknown {
				mask |= 1 << s
			}
		}
	}
	if g.AwardUndecided(mask) != nil {
		r.Award = Undecided
	}
	return nil
}

// AwardSource says how the pots of a replayed hand were awarded.
type AwardSource uint8

const (
	// ByCards: the engine compared the shown hands (or nobody contested).
	ByCards AwardSource = iota
	// ByWinnings: cards were unknown at the showdown; the winnings field
	// named the winners.
	ByWinnings
	// ByShownCards: cards were unknown at the showdown and there is no
	// winnings field; only players who showed known cards could win.
	ByShownCards
	// Undecided: some pot could not be awarded.
	Undecided
)

var awardNames = [...]string{"cards", "winnings", "shown cards", "undecided"}

func (a AwardSource) String() string { return awardNames[a] }

func (r *Replayer) waiting() string {
	g := &r.Hand
	switch g.Phase() {
	case holdem.PhaseDealHole:
		return fmt.Sprintf("hole cards for p%d", g.NextDeal()+1)
	case holdem.PhaseBetting:
		return fmt.Sprintf("p%d to act", g.Actor()+1)
	case holdem.PhaseDealBoard:
		return "the " + (g.Street() + 1).String()
	case holdem.PhaseShowdown:
		return fmt.Sprintf("p%d to show or muck", g.Actor()+1)
	}
	return g.Phase().String()
}

// showMuck applies "pN sm [CARDS|-]". During an all-in run-out it records
// the exposed cards; at the showdown it shows (or, without cards, mucks).
func (r *Replayer) showMuck(a *Action) error {
	g := &r.Hand
	s := a.Player - 1
	muck := a.NCards == 0 && !a.ShowDealt
	hole := a.Hole()
	if a.ShowDealt {
		hole = g.Hole(s)
	}
	if g.Phase() == holdem.PhaseDealBoard && g.AllInShowdown() && s >= 0 && s < g.Players() && !g.Folded(s) {
		// All hands are tabled (TDA 16): a muck changes nothing, shown cards
		// are remembered for the showdown, where Show checks them.
		if !muck {
			for i, c := range hole {
				if c != holdem.Unknown {
					r.early[s][i] = c
				}
			}
		}
		return nil
	}
	if muck {
		_, err := g.Muck(s)
		return err
	}
	if hole[0] == holdem.Unknown && hole[1] == holdem.Unknown && s >= 0 && s < g.Players() {
		hole = r.early[s]
	}
	_, err := g.Show(s, hole)
	return err
}

func (r *Replayer) actionError(h *Hand, i int, err error) error {
	a := &h.Actions[i]
	e := &ReplayError{File: h.File, Hand: h.Name, Index: i + 1, Line: a.Line, Action: a.format(h.Decimals), Err: err}
	var ae *holdem.ActionError
	if errors.As(err, &ae) {
		e.msg = ae.Describe(func(s int) string { return "p" + strconv.Itoa(s+1) },
			func(c int64) string { return formatUnits(c, h.Decimals) })
	} else {
		e.msg = err.Error()
	}
	return e
}

// FinishingStacks returns the stacks after a replay, in units (Stack: a
// capped hand's stacks with what stayed behind), or nil if the hand is not
// over or a pot could not be awarded.
func (r *Replayer) FinishingStacks() []int64 {
	g := &r.Hand
	if !g.Over() || g.Undecided() {
		return nil
	}
	out := make([]int64, g.Players())
	for s := range out {
		out[s] = r.Stack(s)
	}
	return out
}
