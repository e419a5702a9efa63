package npc

import (
	"fmt"
	"math"

	"pokerlab/cards"
	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// Decision is one recorded decision of a player, classified as the policy
// classifies its own (the same tracker), so that a profile's rates can be
// learned from it and a policy's prediction scored on it.
type Decision struct {
	Sit Situation
	ctx decisionContext
	// Action: 0 fold, 1 check or call, 2 bet or raise.
	Action int8
	// CanRaise and CanFold say which actions were legal.
	CanRaise, CanFold bool
	// Size is the bet or raise measured as its SizeSpot measures it (big
	// blinds, a fraction of the pot, a multiple of the bet faced); Spot is
	// NumSizeSpots for other actions and for all-in bets and raises (their
	// size is the stack's, not a choice).
	Size float64
	Spot SizeSpot
	// Opponents is the number of other players not folded at the decision
	// (the preflop ordering's k).
	Opponents int8
}

// Pos returns the position of the decision.
func (d *Decision) Pos() Position { return d.ctx.pos }

// HandObs is one player's part in one recorded hand.
type HandObs struct {
	// Index is the hand's place in the input (files in order, hands in
	// file order), the same for every player of the hand.
	Index   int
	Players int
	Pos     Position
	// StackBB is the player's starting stack in big blinds.
	StackBB float64
	// Hole is the player's hole cards when the history shows them (Known).
	Hole  cards.Hole
	Known bool
	// Counts are the hand's HUD tallies of the player (package hud).
	Counts Counts
	// Spot is the postflop spot the player played each street in, when
	// heads-up in a single-raised or 3-bet pot: (pot type − 1)·2 + (0 in
	// position, 1 out of position); −1 otherwise.
	Spot [numPostflop]int8
	// Showdown: the player showed cards at the showdown.
	Showdown  bool
	Decisions []Decision
}

// Observed is the decisions of every player over recorded hands.
type Observed struct {
	// Hands counts the hands read and replayed; Skipped the hands that
	// could not be read or replayed.
	Hands, Skipped int
	// Players holds each player's hands, in input order.
	Players map[string][]HandObs
	// Names lists the players by first appearance.
	Names []string
}

// ObserveOptions configures Observe.
type ObserveOptions struct {
	// Rules, when not nil, replaces every hand's declared rule set.
	Rules *holdem.RuleSet
}

// Observe reads hand histories (hud.ReadFiles), replays every hand through
// the engine and records each player's decisions, HUD tallies, positions
// and shown cards. A named file that is not a hand history is an error;
// hands that cannot be read or replayed are counted as skipped.
func Observe(files []hud.File, opt ObserveOptions) (*Observed, error) {
	o := &Observed{Players: map[string][]HandObs{}}
	var r hh.Replayer
	var rd hh.Reader
	var hc hud.HandCounts
	for _, f := range files {
		if _, err := hh.Detect(f.Name, f.Data); err != nil {
			if f.InDir {
				continue // not a hand history, found in a directory
			}
			return nil, err
		}
		err := rd.Read(f.Name, f.Data, func(h *hh.Hand, err error) error {
			if err != nil {
				o.Skipped++
				return nil
			}
			if opt.Rules != nil {
				h.Rules = *opt.Rules
			}
			if err := hud.TallyRecorded(h, &r, &hc); err != nil {
				o.Skipped++
				return nil
			}
			g := &r.Hand
			obs := observeHand(g, &hc, o.Hands)
			for s := range obs {
				name := h.PlayerName(s)
				if _, ok := o.Players[name]; !ok {
					o.Names = append(o.Names, name)
				}
				o.Players[name] = append(o.Players[name], obs[s])
			}
			o.Hands++
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return o, nil
}

// observeHand returns every seat's observation of a replayed hand.
func observeHand(g *holdem.Hand, hc *hud.HandCounts, index int) []HandObs {
	n := g.Players()
	obs := make([]HandObs, n)
	var t tracker
	bb := int64(1)
	for _, e := range g.Events() {
		if e.Kind == holdem.EvBlind {
			bb = max(bb, e.Amount)
		}
	}
	t.reset(n, g.Button(), bb)
	for s := range n {
		ob := &obs[s]
		ob.Index, ob.Players = index, n
		ob.Pos = positionOf(n, t.position(s))
		ob.StackBB = float64(g.StartingStack(s)) / float64(bb)
		hole := g.Hole(s)
		if hole[0] != holdem.Unknown && hole[1] != holdem.Unknown && hole[0] != hole[1] {
			ob.Hole, ob.Known = cards.NewHole(hole[0], hole[1]), true
		}
		ob.Spot = [numPostflop]int8{-1, -1, -1}
		for st := range Stat(NumStats) {
			c := hc[s][st.HUD()]
			ob.Counts.Taken[st], ob.Counts.Opps[st] = c.Taken, c.Opportunities
		}
	}
	var pot int64
	for i := range g.Events() {
		e := &g.Events()[i]
		s := int(e.Seat)
		switch e.Kind {
		case holdem.EvAnte, holdem.EvBlind:
			pot += e.Amount
		case holdem.EvReturn:
			pot -= e.Amount
		case holdem.EvShow:
			obs[s].Showdown = true
		}
		if e.Kind.IsAction() {
			d := observeDecision(&t, s, e, pot, bb)
			ob := &obs[s]
			if x := int(d.Sit.Street) - 1; x >= 0 && ob.Spot[x] < 0 && d.ctx.pot != LimpedPot &&
				(d.Sit.Variant == HeadsUpIP || d.Sit.Variant == HeadsUpOOP) {
				ob.Spot[x] = int8(int(d.ctx.pot-1)*2 + int(d.Sit.Variant-HeadsUpIP))
			}
			ob.Decisions = append(ob.Decisions, d)
			pot += e.Amount
		}
		t.observe(e)
	}
	return obs
}

// observeDecision classifies the action e of seat s before the tracker
// sees it; pot is the pot before the action.
func observeDecision(t *tracker, s int, e *holdem.Event, pot, bb int64) Decision {
	toCall := t.curBet - t.bet[s]
	d := Decision{Sit: t.situation(s, toCall), ctx: t.context(s), CanRaise: e.CouldRaise, CanFold: toCall > 0, Spot: NumSizeSpots,
		Opponents: int8(opponentsIn(t, s))}
	switch e.Kind {
	case holdem.EvFold:
		d.Action = 0
	case holdem.EvCheck, holdem.EvCall:
		d.Action = 1
	default:
		d.Action = 2
	}
	if d.Action != 2 || e.AllIn {
		return d
	}
	to, prev := float64(e.To), float64(e.Prev)
	switch k := d.Sit.Kind; {
	case (k == PreOpen || k == PreSteal) && d.ctx.firstIn:
		d.Spot, d.Size = SizeOpen+SizeSpot(d.ctx.pos), to/float64(bb)
	case k == PreVsRaise || k == PreVsSteal:
		d.Spot, d.Size = SizeThreeBetIP, to/prev
		if d.ctx.pos == positionSB || d.ctx.pos == positionBB {
			d.Spot = SizeThreeBetOOP
		}
	case k == PreVsThreeBet || k == PreVsThreeBetCold:
		d.Spot, d.Size = t.fourBetSpot(s), to/prev
	case k == PostCBet || k == PostDonk || k == PostBMCB || k == PostBet:
		d.Spot, d.Size = SizeBet+SizeSpot(d.Sit.Street-1), to/float64(max(pot, 1))
	case k == PostVsCBet || k == PostVsDonk || k == PostVsBMCB || k == PostVsBet:
		d.Spot, d.Size = SizeRaise, to/prev
	}
	if d.Spot != NumSizeSpots {
		if lo, hi := d.Spot.sizeRange(); !(d.Size >= lo && d.Size <= hi) || math.IsNaN(d.Size) {
			d.Spot = NumSizeSpots
		}
	}
	return d
}

// The blinds' positions.
const (
	positionSB Position = 8
	positionBB Position = 9
)

// potSizeSpot returns the pot-type spot of a postflop bet spot.
func potSizeSpot(s SizeSpot, pt PotType) (SizeSpot, bool) {
	if s < SizeBet || s >= SizeBetSRP {
		return 0, false
	}
	switch pt {
	case SingleRaised:
		return s - SizeBet + SizeBetSRP, true
	case ThreeBetPot:
		return s - SizeBet + SizeBet3BP, true
	}
	return 0, false
}

// Tally is the sums a profile is learned from, over some hands of one
// player (or of the population).
type Tally struct {
	Hands int64
	// Counts are the HUD tallies (the aggregate stats).
	Counts Counts
	// Pre are the preflop rates by position: taken and opportunities.
	Pre [NumPositions][NumPosStats][2]int64
	// Pot are the HUD tallies by pot type and side (heads-up postflop).
	Pot [2][2]Counts
	// Sizes are the bet sizes seen, by spot.
	Sizes [NumSizeSpots]sizeHist
	// Entry counts the classes shown entering the pot first in (raising
	// or limping when folded to), by position;
	// Shown the hands shown at the showdown by pot type (limped, SRP,
	// 3-bet pot).
	Entry [NumPositions][numClasses]float64
	Shown [3][numClasses]float64
	// Lines counts the classes shown at the showdown by the player's line:
	// the pot type, then the player's postflop actions street by street (x
	// check, b bet, c call, r raise), e.g. "srp.b/x/c".
	Lines map[string]*[numClasses]float64
	// Known counts the hands whose hole cards the histories show; first
	// holds their first preflop decisions with the class (LearnMixing).
	Known int64
	first []knownDecision
}

// TallyHands sums hands.
func TallyHands(hands []HandObs) *Tally {
	t := &Tally{}
	for i := range t.Sizes {
		t.Sizes[i] = sizeHist{}
	}
	for i := range hands {
		t.add(&hands[i])
	}
	return t
}

func (t *Tally) add(h *HandObs) {
	t.Hands++
	t.Counts.add(&h.Counts)
	for st := range Stat(NumStats) {
		_, x, post := st.Postflop()
		if !post || h.Spot[x] < 0 || h.Counts.Opps[st] == 0 {
			continue
		}
		c := &t.Pot[h.Spot[x]/2][h.Spot[x]%2]
		c.Taken[st] += h.Counts.Taken[st]
		c.Opps[st] += h.Counts.Opps[st]
	}
	first := true // the player's first preflop decision
	pt := LimpedPot
	for i := range h.Decisions {
		d := &h.Decisions[i]
		if d.Sit.Street != holdem.Preflop {
			pt = d.ctx.pot
		} else {
			book := func(s PosStat, taken bool) {
				c := &t.Pre[d.ctx.pos][s]
				c[1]++
				if taken {
					c[0]++
				}
			}
			switch k := d.Sit.Kind; {
			case (k == PreOpen || k == PreSteal) && d.ctx.firstIn:
				book(RFI, d.Action == 2)
				book(LimpFirst, d.Action == 1)
			case (k == PreVsRaise || k == PreVsSteal) && first:
				book(PosThreeBet, d.Action == 2)
				if k == PreVsSteal {
					book(PosFoldToSteal, d.Action == 0)
				} else {
					book(ColdCall, d.Action == 1)
				}
				if d.ctx.called {
					book(Squeeze, d.Action == 2)
					book(OverCall, d.Action == 1)
				}
			case k == PreVsThreeBet:
				book(PosFoldToThreeBet, d.Action == 0)
				book(PosFourBet, d.Action == 2)
			case k == PreOpen || k == PreSteal:
				book(IsoRaise, d.Action == 2)
				book(OverLimp, d.Action == 1)
			case k == PreOption:
				book(OptionRaise, d.Action == 2)
			case k == PreVsRaise || k == PreVsSteal:
				book(LimpRaise, d.Action == 2)
				book(LimpCall, d.Action == 1)
			case k == PreVsThreeBetCold:
				book(ColdFourBet, d.Action == 2)
				book(ColdFoldToThreeBet, d.Action == 0)
			}
			first = false
		}
		if d.Spot != NumSizeSpots {
			t.Sizes[d.Spot].add(d.Size)
			if ps, ok := potSizeSpot(d.Spot, d.ctx.pot); ok {
				t.Sizes[ps].add(d.Size)
			}
		}
	}
	t.addFirst(h)
	if h.Known {
		c := h.Hole.Class()
		if len(h.Decisions) > 0 {
			if d := &h.Decisions[0]; d.Sit.Street == holdem.Preflop && d.ctx.firstIn && d.Action > 0 &&
				(d.Sit.Kind == PreOpen || d.Sit.Kind == PreSteal) {
				t.Entry[h.Pos][c]++
			}
		}
		if h.Showdown {
			t.Shown[pt][c]++
			if t.Lines == nil {
				t.Lines = map[string]*[numClasses]float64{}
			}
			key := h.line()
			if t.Lines[key] == nil {
				t.Lines[key] = new([numClasses]float64)
			}
			t.Lines[key][c]++
		}
	}
}

// line returns the hand's showdown line (Tally.Lines).
func (h *HandObs) line() string {
	b := []byte(potTypeKeys[LimpedPot])
	pt := LimpedPot
	var acts [numPostflop][]byte
	for i := range h.Decisions {
		d := &h.Decisions[i]
		x := int(d.Sit.Street) - 1
		if x < 0 {
			continue
		}
		pt = d.ctx.pot
		a := byte('x')
		switch {
		case d.Action == 2 && d.Sit.Kind.Facing():
			a = 'r'
		case d.Action == 2:
			a = 'b'
		case d.Action == 1 && d.CanFold:
			a = 'c'
		}
		acts[x] = append(acts[x], a)
	}
	b = append(b[:0], potTypeKeys[pt]...)
	b = append(b, '.')
	for x := range acts {
		if x > 0 {
			b = append(b, '/')
		}
		if len(acts[x]) == 0 {
			b = append(b, '-')
		}
		b = append(b, acts[x]...)
	}
	return string(b)
}

// ObservedPlayer returns a player's hands, or an error naming the player
// and how many players the hands hold.
func (o *Observed) ObservedPlayer(name string) ([]HandObs, error) {
	h, ok := o.Players[name]
	if !ok {
		return nil, fmt.Errorf("player %q is not in the files (%d players)", name, len(o.Players))
	}
	return h, nil
}
