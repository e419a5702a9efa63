package hud

import (
	"slices"
	"strconv"

	"pokerlab/hh"
	"pokerlab/holdem"
)

// Player is one player's statistics.
type Player struct {
	Name   string
	Hands  int64
	Counts [NumStats]Count
	// Money is what the player won (money.go).
	Money Money
	// Groups are the player's hands split by Tracker.By, in its order
	// (nil without a breakdown).
	Groups []Group
}

// Tracker accumulates HUD statistics per player over hands. Add takes a
// finished engine hand; package hh replays hand histories into engine hands,
// so recorded and simulated play go through the same code. A Tracker is not
// safe for concurrent use; give each goroutine one and Merge them.
type Tracker struct {
	// NoAllInEV leaves each hand's all-in adjusted net at its net
	// (Money.EV = Money.Net): the enumeration of an all-in's runouts
	// (AllInEV, milliseconds for a multiway preflop all-in) is skipped,
	// for simulations and tests that look at frequencies only. The zero
	// value adjusts.
	NoAllInEV bool
	// By, when set, also splits each player's hands into Player.Groups.
	By Breakdown
	// Keep, when set, chooses the seats of each recorded hand that
	// AddRecorded adds (a filter: store/filter's Match over the hand's
	// facts and the seat's money); the others are left out.
	Keep func(h *hh.Hand, g *holdem.Hand, s int, f *HandFacts, m *SeatMoney) bool
	kept [holdem.MaxSeats]bool // the seats of the last hand AddRecorded added

	index   map[string]int
	players []Player
	scratch HandCounts
	money   HandMoney
}

// NewTracker returns an empty tracker.
func NewTracker() *Tracker { return &Tracker{index: map[string]int{}} }

// Players returns the players in the order they were first seen.
func (t *Tracker) Players() []Player { return t.players }

// Player returns the named player's statistics.
func (t *Tracker) Player(name string) (*Player, bool) {
	i, ok := t.index[name]
	if !ok {
		return nil, false
	}
	return &t.players[i], true
}

// AddCounts adds a player's tallies over `hands` hands, summed elsewhere (a
// database summing Tally rows): the player then reports exactly what Add
// would have reported over the same hands.
func (t *Tracker) AddCounts(name string, hands int64, c *[NumStats]Count) {
	p := t.player(name)
	p.Hands += hands
	for s := range p.Counts {
		p.Counts[s].Taken += c[s].Taken
		p.Counts[s].Opportunities += c[s].Opportunities
	}
}

// AddMoney adds a player's money summed elsewhere (a database summing
// money rows), as AddCounts adds their tallies.
func (t *Tracker) AddMoney(name string, m *Money) {
	t.player(name).Money.Merge(m)
}

// Merge adds o's tallies into t.
func (t *Tracker) Merge(o *Tracker) {
	for i := range o.players {
		p := &o.players[i]
		q := t.player(p.Name)
		q.Money.Merge(&p.Money)
		for j := range p.Groups {
			g := &p.Groups[j]
			t.AddGroup(p.Name, g.Key, g.Hands, &g.Counts, &g.Money)
		}
		q.Hands += p.Hands
		for s := range q.Counts {
			q.Counts[s].Taken += p.Counts[s].Taken
			q.Counts[s].Opportunities += p.Counts[s].Opportunities
		}
	}
}

func (t *Tracker) player(name string) *Player {
	if t.index == nil {
		t.index = map[string]int{}
	}
	i, ok := t.index[name]
	if !ok {
		i = len(t.players)
		t.index[name] = i
		t.players = append(t.players, Player{Name: name})
	}
	return &t.players[i]
}

// SortByName orders the players by name.
func (t *Tracker) SortByName() {
	slices.SortFunc(t.players, func(a, b Player) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	for i := range t.players {
		t.index[t.players[i].Name] = i
	}
}

// Add tallies a finished hand. names[s] names the player in engine seat s
// (nil: "seat1", "seat2", ...). A hand that is not over is ignored and
// reported false.
func (t *Tracker) Add(g *holdem.Hand, names []string) bool {
	if !g.Over() {
		return false
	}
	c := &t.scratch
	Tally(g, c)
	moneyOf(g, &t.money, !t.NoAllInEV)
	bb := g.ForcedBlind(g.BigBlindSeat())
	for s := range g.Players() {
		name := ""
		if names != nil {
			name = names[s]
		} else {
			name = "seat" + strconv.Itoa(s+1)
		}
		p := t.addHand(name, &c[s])
		p.Money.Add(&t.money[s], bb)
		if t.By != NoBreakdown {
			gr := p.group(t.By, t.By.Key(g, s))
			gr.add(&c[s])
			gr.Money.Add(&t.money[s], bb)
		}
	}
	return true
}

// addHand adds one hand's tallies of a player and returns the player.
func (t *Tracker) addHand(name string, c *[NumStats]Count) *Player {
	p := t.player(name)
	p.Hands++
	for st := range c {
		p.Counts[st].Taken += c[st].Taken
		p.Counts[st].Opportunities += c[st].Opportunities
	}
	return p
}

// Opening bets of a postflop street, by what they were.
const (
	openOther uint8 = iota
	openCBet
	openDonk
	openBMCB
)

// street is the state of one postflop street during the tally.
type street struct {
	aggr        int  // the street's aggressor: the previous street's last bettor (or carried over), -1
	fresh       bool // aggr bet or raised on the previous street
	aggrActed   bool
	cand        int  // the continuation-bet candidate, -1
	candChecked bool // the candidate checked (a missed CB)
	probe       bool // the previous street's candidate checked and nobody bet: bets before aggr are probes
	bets        int  // bets and raises so far
	open        uint8
	firstRaiser int
	raiserFaced bool
	lastAggr    int
	cbetBy      int
}

// HandCounts are one hand's tallies by engine seat: HandCounts[s][st] is
// seat s's count of stat st in the hand (0 or 1 of each for every stat but
// AF and AFq, see Stat.PerHandFlag).
type HandCounts [holdem.MaxSeats][NumStats]Count

// Tally sets c to the per-seat tallies of one finished hand, the same ones
// Tracker.Add sums (definitions in the package documentation). Stores that
// keep a row per hand and player keep these and sum them later, so a sum of
// Tally over hands equals what a Tracker reports for them. It reports false,
// leaving c cleared, for a hand that is not over. It does not allocate.
func Tally(g *holdem.Hand, c *HandCounts) bool {
	clear(c[:])
	if !g.Over() {
		return false
	}
	tally(g, c)
	return true
}

// tally computes one hand's per-seat opportunities and actions from its
// events (definitions in the package documentation).
func tally(g *holdem.Hand, c *HandCounts) {
	n := g.Players()
	set := func(s int, st Stat, taken bool) {
		c[s][st].Opportunities = 1
		if taken {
			c[s][st].Taken = 1
		}
	}
	button, sbSeat, bbSeat := g.Button(), g.SmallBlindSeat(), g.BigBlindSeat()
	co := -1
	if n >= 4 {
		co = (button - 1 + n) % n
	}
	stealPos := func(s int) bool { return s == co || s == button || s == sbSeat }

	var bet [holdem.MaxSeats]int64
	var folded, allIn, decided, sawFlop [holdem.MaxSeats]bool
	// Preflop.
	raises := 0
	var raiser [8]int
	anyVoluntary, callSinceRaise, steal := false, false, false
	var faced3, faced4 [holdem.MaxSeats]bool
	// Postflop.
	var st street
	var prev street
	preflopAggr := -1
	cur := holdem.Preflop

	for _, e := range g.Events() {
		s := int(e.Seat)
		switch e.Kind {
		case holdem.EvBlind:
			bet[s] += e.Amount
			allIn[s] = allIn[s] || e.AllIn
			continue
		case holdem.EvAnte:
			allIn[s] = allIn[s] || e.AllIn
			continue
		case holdem.EvBoard:
			if e.Street == holdem.Flop {
				for t := range n {
					sawFlop[t] = !folded[t]
				}
				if raises > 0 {
					preflopAggr = raiser[min(raises, len(raiser)-1)]
				}
			}
			prev = st
			st = nextStreet(e.Street, prev, preflopAggr)
			cur = e.Street
			for t := range bet {
				bet[t] = 0
			}
			continue
		case holdem.EvReturn:
			allIn[s] = false
			continue
		}
		if !e.Kind.IsAction() {
			continue
		}
		raise := e.Kind == holdem.EvRaise || e.Kind == holdem.EvBet
		fold := e.Kind == holdem.EvFold
		call := e.Kind == holdem.EvCall
		if cur == holdem.Preflop {
			first := !decided[s]
			decided[s] = true
			set(s, VPIP, call || raise)
			set(s, PFRAllHands, raise)
			if e.CouldRaise {
				set(s, PFR, raise)
			}
			switch raises {
			case 0:
				if first && !anyVoluntary && stealPos(s) && e.CouldRaise {
					set(s, Steal, raise)
					steal = raise
				}
				if first && e.Prev > bet[s] {
					set(s, Limp, call)
				}
			case 1:
				if e.CouldRaise {
					set(s, ThreeBet, raise)
				}
				if steal && !callSinceRaise && s != raiser[1] {
					switch s {
					case sbSeat:
						if sbSeat != button {
							set(s, FoldToStealSB, fold)
						}
					case bbSeat:
						set(s, FoldToStealBB, fold)
					}
				}
			case 2:
				if e.CouldRaise {
					set(s, FourBet, raise)
				}
				// The opener at its first decision facing the 3-bet. It
				// never has a second one at this count (the count only
				// rises before it acts again), so the guard is the
				// definition's wording, not a filter that changes a count:
				// TestOpenerFacesEachReRaiseOnce.
				if s == raiser[1] && !faced3[s] {
					faced3[s] = true
					set(s, FoldToThreeBet, fold)
				}
			case 3:
				if s == raiser[2] && !faced4[s] {
					faced4[s] = true
					set(s, FoldToFourBet, fold)
				}
			}
			if raise {
				raises++
				raiser[min(raises, len(raiser)-1)] = s
				callSinceRaise = false
			}
			if call || raise {
				anyVoluntary = true
			}
			if call && raises > 0 {
				callSinceRaise = true
			}
		} else {
			postflop(&st, cur, s, e, set, folded[:], allIn[:])
			switch {
			case raise:
				c[s][AF].Taken++
				c[s][AFq].Taken++
				c[s][AFq].Opportunities++
			case call:
				c[s][AF].Opportunities++
				c[s][AFq].Opportunities++
			case fold:
				c[s][AFq].Opportunities++
			}
		}
		if raise || call {
			bet[s] = e.To
		}
		folded[s] = folded[s] || fold
		allIn[s] = allIn[s] || e.AllIn
	}
	showdown := g.WentToShowdown()
	for s := range n {
		if sawFlop[s] {
			went := showdown && !g.Folded(s)
			set(s, WTSD, went)
			if went {
				set(s, WSD, g.Won(s) > 0)
			}
		}
	}
}

// nextStreet sets up street x from the previous street's state: the
// aggressor is the previous street's last bettor or raiser (the last
// preflop raiser on the flop); after a street without a bet it carries over,
// and if its candidate then checked, bets before it are probes. The
// continuation-bet candidate is the preflop raiser on the flop, and on the
// turn and river the aggressor if it made the previous street's
// continuation bet.
func nextStreet(x holdem.Street, prev street, preflopAggr int) street {
	st := street{aggr: -1, cand: -1, firstRaiser: -1, lastAggr: -1, cbetBy: -1}
	switch {
	case x == holdem.Flop:
		st.aggr, st.fresh, st.cand = preflopAggr, preflopAggr >= 0, preflopAggr
	case prev.bets > 0:
		st.aggr, st.fresh = prev.lastAggr, true
		if prev.cbetBy >= 0 && prev.cbetBy == prev.lastAggr {
			st.cand = prev.lastAggr
		}
	default:
		st.aggr = prev.aggr
		st.probe = prev.cand >= 0 && prev.candChecked
	}
	return st
}

// postflop tallies one postflop decision.
func postflop(st *street, x holdem.Street, s int, e holdem.Event, set func(int, Stat, bool), folded, allIn []bool) {
	raise := e.Kind == holdem.EvRaise || e.Kind == holdem.EvBet
	fold := e.Kind == holdem.EvFold
	aggrCanAct := st.aggr >= 0 && !st.aggrActed && st.aggr != s && !folded[st.aggr] && !allIn[st.aggr]
	switch st.bets {
	case 0:
		switch {
		case s == st.cand:
			set(s, ForStreet(CBet, x), raise)
			if raise {
				st.open, st.cbetBy = openCBet, s
			} else {
				st.candChecked = true
			}
		case st.fresh && aggrCanAct:
			set(s, ForStreet(Donk, x), raise)
			if raise {
				st.open = openDonk
			}
		case st.cand >= 0 && st.candChecked, st.probe && aggrCanAct:
			set(s, ForStreet(BMCB, x), raise)
			if raise {
				st.open = openBMCB
			}
		}
	case 1:
		switch st.open {
		case openCBet:
			set(s, ForStreet(FoldToCBet, x), fold)
			set(s, ForStreet(RaiseCBet, x), raise)
		case openDonk:
			set(s, ForStreet(FoldToDonk, x), fold)
			set(s, ForStreet(RaiseDonk, x), raise)
		case openBMCB:
			set(s, ForStreet(FoldToBMCB, x), fold)
			set(s, ForStreet(RaiseBMCB, x), raise)
		}
	case 2:
		if e.CouldRaise {
			set(s, ForStreet(ThreeBetPost, x), raise)
		}
	case 3:
		if s == st.firstRaiser && !st.raiserFaced {
			st.raiserFaced = true
			set(s, ForStreet(FoldToThreeBetPost, x), fold)
		}
	}
	if s == st.aggr {
		st.aggrActed = true
	}
	if raise {
		st.bets++
		st.lastAggr = s
		if st.bets == 2 {
			st.firstRaiser = s
		}
	}
}

// MostHands returns the player with the most hands (the first by name
// among equals): the hero of a player's own hand histories, who is dealt
// into every hand. It reports false without players.
func (t *Tracker) MostHands() (*Player, bool) {
	var best *Player
	for i := range t.players {
		p := &t.players[i]
		if best == nil || p.Hands > best.Hands || p.Hands == best.Hands && p.Name < best.Name {
			best = p
		}
	}
	return best, best != nil
}
