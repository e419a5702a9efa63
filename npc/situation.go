package npc

import (
	"fmt"
	"strings"

	"pokerlab/holdem"
)

// Kind is the type of a decision: which stat's opportunity it is (the NPC
// design note and reference/hud-stats.md), or a decision no stat measures,
// which the policy plays with the nearest stat (documented at each kind).
type Kind uint8

// Preflop kinds.
const (
	// PreOpen: no raise yet, the player may raise, limp (call) or fold;
	// first in from a position where no steal applies, or after limpers.
	// Raise at Calibration.OpenRate, limp at Limp.
	PreOpen Kind = iota
	// PreSteal: folded to the player in the cutoff, button or small blind:
	// raise at Steal, limp at Limp.
	PreSteal
	// PreOption: the big blind in a limped pot: raise at OpenRate or check.
	PreOption
	// PreVsRaise: facing exactly one raise (a 3-bet opportunity): 3-bet at
	// ThreeBet, call at Calibration.ColdCall.
	PreVsRaise
	// PreVsSteal: in a blind facing a steal: 3-bet at ThreeBet, fold at Fold
	// to Steal (SB or BB), call the rest.
	PreVsSteal
	// PreVsThreeBet: the opener facing a 3-bet: 4-bet at FourBet, fold at
	// Fold to 3Bet, call the rest.
	PreVsThreeBet
	// PreVsThreeBetCold: facing a 3-bet without having opened: 4-bet at
	// FourBet, call half of what the opener would continue with.
	PreVsThreeBetCold
	// PreVsFourBet: the 3-bettor facing a 4-bet: fold at Fold to 4Bet, move
	// all in with 40 % of the rest, call the rest.
	PreVsFourBet
	// PreVsFourBetCold: facing a 4-bet otherwise, or any 5-bet: continue
	// with a quarter of what the 3-bettor would, half all in, half call.
	PreVsFourBetCold

	// Postflop kinds (the NPC design note's stats; street and position variant
	// apply).

	// PostCBet: the aggressor's continuation-bet opportunity: bet at CB.
	PostCBet
	// PostDonk: acting before the previous street's aggressor: bet at DB.
	PostDonk
	// PostBMCB: the aggressor checked (or missed the bet on the previous
	// street): bet at BMCB.
	PostBMCB
	// PostBet: no stat's opportunity (a limped pot, or the aggressor without
	// a CB opportunity): bet at CB if the player holds the initiative, else
	// at BMCB.
	PostBet
	// PostVsCBet, PostVsDonk, PostVsBMCB: facing that bet (no raise yet):
	// fold and raise at the Fold/Raise to CB, DB, BMCB stats.
	PostVsCBet
	PostVsDonk
	PostVsBMCB
	// PostVsBet: facing a bet of kind PostBet: the Fold/Raise to CB stats.
	PostVsBet
	// PostVsRaise: facing a bet and one raise (postflop 3-bet opportunity):
	// raise at 3Bet, fold at Fold to CB (capped so the rates fit).
	PostVsRaise
	// PostVsThreeBet: facing a re-raise: fold at Fold to 3Bet, call the rest
	// (the design note's NPC never raises a 3-bet).
	PostVsThreeBet
	numKinds
)

var kindNames = [numKinds]string{"open", "steal", "option", "vs_raise", "vs_steal", "vs_three_bet", "vs_three_bet_cold",
	"vs_four_bet", "vs_four_bet_cold",
	"cbet", "donk", "bmcb", "bet", "vs_cbet", "vs_donk", "vs_bmcb", "vs_bet", "vs_raise", "vs_three_bet"}

// Postflop reports whether the kind is a postflop decision.
func (k Kind) Postflop() bool { return k >= PostCBet }

// Facing reports whether the decision faces a bet (fold, call or raise)
// rather than opening (check or bet).
func (k Kind) Facing() bool {
	switch k {
	case PostCBet, PostDonk, PostBMCB, PostBet, PreOption:
		return false
	}
	return true
}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Situation describes a decision: its kind, the street and, postflop, the
// position variant and the number of players at the start of the street.
type Situation struct {
	Kind    Kind
	Street  holdem.Street
	Variant Variant
	Players int // in the hand when the street began (postflop)
}

// Key names a situation for calibration maps: "cbet.flop.two_way.ip",
// "vs_cbet.river.multiway", "vs_three_bet.preflop.multiway".
func (s Situation) Key() string {
	return s.Kind.String() + "." + s.Street.String() + "." + s.Variant.String()
}

func (s Situation) String() string { return s.Key() }

// ParseSituationKey parses a situation key (Situation.Key).
func ParseSituationKey(key string) (Situation, error) {
	kind, rest, ok := strings.Cut(key, ".")
	street, variant, ok2 := strings.Cut(rest, ".")
	if !ok || !ok2 {
		return Situation{}, fmt.Errorf("situation %q: want kind.street.variant, e.g. cbet.flop.two_way.ip", key)
	}
	var s Situation
	switch street {
	case "preflop":
		s.Street = holdem.Preflop
	case "flop":
		s.Street = holdem.Flop
	case "turn":
		s.Street = holdem.Turn
	case "river":
		s.Street = holdem.River
	default:
		return s, fmt.Errorf("situation %q: unknown street %q", key, street)
	}
	found := false
	for k := range numKinds {
		if k.String() == kind && k.Postflop() == (s.Street != holdem.Preflop) {
			s.Kind, found = k, true
		}
	}
	if !found {
		return s, fmt.Errorf("situation %q: unknown decision %q on the %s", key, kind, street)
	}
	found = false
	for v := range NumVariants + 1 {
		if v.String() == variant {
			s.Variant, found = v, true
		}
	}
	if !found {
		return s, fmt.Errorf("situation %q: unknown position variant %q", key, variant)
	}
	return s, nil
}

// tracker follows the public course of one hand from its events and
// classifies each decision. It is a small value, updated in O(1) per event.
type tracker struct {
	n, button int
	bigBlind  int64
	events    int // events observed
	street    holdem.Street

	folded [holdem.MaxSeats]bool
	allIn  [holdem.MaxSeats]bool
	acted  [holdem.MaxSeats]bool // on the current street
	bet    [holdem.MaxSeats]int64
	curBet int64

	// preflop
	raises      int // raises so far (the big blind is bet 1)
	limpers     int
	callers     int // calls of the current raise
	opener      int // first raiser
	threeBettor int
	fourBettor  int
	lastRaiser  int
	folders     int  // players who folded before any voluntary action
	steal       bool // the single raise is a steal (first in from CO/BTN/SB, no limpers)
	sbSeat      int
	bbSeat      int

	// postflop
	aggressor  int  // aggressor for this street (seed: last raiser of the previous round)
	fresh      bool // the aggressor bet or raised on the previous street (or preflop)
	probe      bool // the previous street went check-through after its CB candidate checked
	cbCand     int  // the player with a CB opportunity on this street, -1 if none
	aggChecked bool // the CB candidate checked on this street (a missed CB)
	betKind    Kind // kind of the first bet of the street (PostCBet, ...), numKinds if none
	bettor     int
	postRaises int
	streetAggr int  // last bettor/raiser of the current street
	madeCB     bool // cbCand's first bet of this street was a CB
	cbSeat     int  // who made this street's CB
	startN     int  // players in the hand at the start of the street
	order      [holdem.MaxSeats]int8
	nOrder     int
}

func (t *tracker) reset(players, button int, bigBlind int64) {
	*t = tracker{n: players, button: button, bigBlind: bigBlind, opener: -1, threeBettor: -1, fourBettor: -1,
		lastRaiser: -1, aggressor: -1, cbCand: -1, bettor: -1, streetAggr: -1, cbSeat: -1, betKind: numKinds}
	if players == 2 {
		t.sbSeat, t.bbSeat = button, (button+1)%players
	} else {
		t.sbSeat, t.bbSeat = (button+1)%players, (button+2)%players
	}
}

// position returns the seat's distance clockwise from the button.
func (t *tracker) position(seat int) int { return (seat - t.button + t.n) % t.n }

// stealSeat reports whether seat is in the cutoff, on the button or in the
// small blind (reference/hud-stats.md: Steal), the cutoff being the seat
// right of the button when that is not the big blind.
func (t *tracker) stealSeat(seat int) bool {
	if seat == t.button || seat == t.sbSeat {
		return true
	}
	return t.n >= 4 && t.position(seat) == t.n-1
}

// inHand counts the players who have not folded.
func (t *tracker) inHand() int {
	k := 0
	for s := range t.n {
		if !t.folded[s] {
			k++
		}
	}
	return k
}

// observe updates the tracker with one event of the hand's log.
func (t *tracker) observe(e *holdem.Event) {
	t.events++
	if e.Street != t.street && e.Kind.IsAction() {
		t.newStreet(e.Street)
	}
	if e.Kind == holdem.EvBoard {
		t.newStreet(e.Street)
		return
	}
	s := int(e.Seat)
	switch e.Kind {
	case holdem.EvBlind:
		t.bigBlind = max(t.bigBlind, e.Amount)
		t.bet[s] += e.Amount
		t.curBet = max(t.curBet, t.bet[s])
		if e.AllIn {
			t.allIn[s] = true
		}
		return
	case holdem.EvAnte:
		if e.AllIn {
			t.allIn[s] = true
		}
		return
	}
	if !e.Kind.IsAction() {
		return
	}
	if e.AllIn {
		t.allIn[s] = true
	}
	if e.Kind == holdem.EvCall || e.Kind == holdem.EvBet || e.Kind == holdem.EvRaise {
		t.bet[s] = e.To
		t.curBet = max(t.curBet, e.To)
	}
	if t.street == holdem.Preflop {
		t.observePreflop(s, e)
	} else {
		t.observePostflop(s, e)
	}
	t.acted[s] = true
}

func (t *tracker) observePreflop(s int, e *holdem.Event) {
	switch e.Kind {
	case holdem.EvFold:
		t.folded[s] = true
		if t.raises == 0 && t.limpers == 0 {
			t.folders++
		}
	case holdem.EvCall:
		if t.raises == 0 {
			t.limpers++
		} else {
			t.callers++
		}
	case holdem.EvBet, holdem.EvRaise:
		t.raises++
		switch t.raises {
		case 1:
			t.opener = s
			t.steal = t.limpers == 0 && t.stealSeat(s)
		case 2:
			t.threeBettor = s
		case 3:
			t.fourBettor = s
		}
		t.lastRaiser = s
		t.callers = 0
	}
}

// newStreet moves the tracker to street st (the board was dealt).
func (t *tracker) newStreet(st holdem.Street) {
	if st == t.street {
		return
	}
	prev := t.street
	t.street = st
	// The NPC design note: the aggressor is the last raiser of the previous
	// round; after a round without a bet the old aggressor keeps the role, and
	// if that round's CB candidate checked, bets before it are probes
	// (reference/hud-stats.md: Bet vs missed CB).
	switch {
	case prev == holdem.Preflop:
		t.aggressor, t.fresh, t.probe, t.cbCand = t.lastRaiser, t.lastRaiser >= 0, false, t.lastRaiser
	case t.streetAggr >= 0:
		t.aggressor, t.fresh, t.probe, t.cbCand = t.streetAggr, true, false, -1
		if t.madeCB && t.streetAggr == t.cbSeat {
			t.cbCand = t.cbSeat
		}
	default:
		t.fresh, t.probe, t.cbCand = false, t.cbCand >= 0 && t.aggChecked, -1
	}
	t.aggChecked, t.betKind, t.bettor, t.postRaises, t.streetAggr = false, numKinds, -1, 0, -1
	t.madeCB, t.cbSeat = false, -1
	t.acted = [holdem.MaxSeats]bool{}
	t.bet, t.curBet = [holdem.MaxSeats]int64{}, 0
	// Acting order among the players in the hand: from the seat after the
	// button; the last is in position.
	t.nOrder, t.startN = 0, 0
	for i := range t.n {
		seat := (t.button + 1 + i) % t.n
		if !t.folded[seat] {
			t.order[t.nOrder] = int8(seat)
			t.nOrder++
		}
	}
	t.startN = t.nOrder
}

func (t *tracker) observePostflop(s int, e *holdem.Event) {
	switch e.Kind {
	case holdem.EvFold:
		t.folded[s] = true
	case holdem.EvCheck:
		if s == t.cbCand && t.betKind == numKinds {
			t.aggChecked = true
		}
	case holdem.EvBet, holdem.EvRaise:
		if t.betKind == numKinds {
			t.betKind = t.openKind(s)
			t.bettor = s
			if t.betKind == PostCBet {
				t.madeCB, t.cbSeat = true, s
			}
		} else {
			t.postRaises++
		}
		t.streetAggr = s
	}
}

// openKind classifies an opening bet (or the chance to make one) by seat s
// on the current street (reference/hud-stats.md: CB, Donk, BMCB).
func (t *tracker) openKind(s int) Kind {
	a := t.aggressor
	aggrCanAct := a >= 0 && a != s && !t.acted[a] && !t.folded[a] && !t.allIn[a]
	switch {
	case s == t.cbCand:
		return PostCBet
	case t.fresh && aggrCanAct:
		return PostDonk
	case (t.cbCand >= 0 && t.aggChecked) || (t.probe && aggrCanAct):
		return PostBMCB
	}
	return PostBet
}

// variant returns the position variant of seat on this street.
func (t *tracker) variant(seat int) Variant {
	switch t.startN {
	case 2:
		if int(t.order[1]) == seat {
			return HeadsUpIP
		}
		return HeadsUpOOP
	case 3:
		switch seat {
		case int(t.order[2]):
			return ThreeWayIP
		case int(t.order[1]):
			return ThreeWayMP
		}
		return ThreeWayOOP
	}
	return Multiway
}

// canRaise reports whether seat could raise: someone else not folded can
// still act (the engine's Legal is authoritative; this is for replays).
func (t *tracker) canRaise(seat int) bool {
	for s := range t.n {
		if s != seat && !t.folded[s] && !t.allIn[s] {
			return true
		}
	}
	return false
}

// situation classifies the decision of seat, who is to act facing toCall.
func (t *tracker) situation(seat int, toCall int64) Situation {
	if t.street == holdem.Preflop {
		return Situation{Kind: t.preflopKind(seat, toCall), Street: holdem.Preflop, Players: t.n}
	}
	sit := Situation{Street: t.street, Variant: t.variant(seat), Players: t.startN}
	switch {
	case t.betKind == numKinds:
		sit.Kind = t.openKind(seat)
	case t.postRaises == 0:
		sit.Kind = t.betKind + (PostVsCBet - PostCBet)
	case t.postRaises == 1:
		sit.Kind = PostVsRaise
	default:
		sit.Kind = PostVsThreeBet
	}
	return sit
}

func (t *tracker) preflopKind(seat int, toCall int64) Kind {
	switch t.raises {
	case 0:
		switch {
		case toCall == 0:
			return PreOption
		case t.limpers == 0 && t.stealSeat(seat):
			return PreSteal
		}
		return PreOpen
	case 1:
		if t.steal && t.callers == 0 && (seat == t.sbSeat || seat == t.bbSeat) && seat != t.opener {
			return PreVsSteal
		}
		return PreVsRaise
	case 2:
		if seat == t.opener {
			return PreVsThreeBet
		}
		return PreVsThreeBetCold
	case 3:
		if seat == t.threeBettor {
			return PreVsFourBet
		}
	}
	return PreVsFourBetCold
}
