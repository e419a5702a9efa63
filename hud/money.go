package hud

import (
	"fmt"
	"math"

	"pokerlab/cards"
	"pokerlab/equity"
	"pokerlab/hh"
	"pokerlab/holdem"
)

// SeatMoney is one player's money in one hand, in the hand's units.
type SeatMoney struct {
	// Net is the chips won or lost: the finishing stack less the starting
	// stack, after rake (see MoneyRecorded for where it comes from).
	Net int64
	// Rake is what the player's winnings were raked: the engine's award
	// less what the player collected (0 for a player who won nothing, and
	// in hands that record no result).
	Rake int64
	// CashOutFee is the fee of the player's All-in Cash Out, apart from
	// rake (it is taken from the cash-out, not from the pots).
	CashOutFee int64
	// EV is the all-in adjusted net: Net, but in a hand whose betting
	// closed with a player all-in before the river, the player's equity
	// share of each pot in place of what the board dealt (see AllInEV).
	EV float64
	// Showdown is set when the player was still in the hand at a showdown.
	Showdown bool
	// AllIn is set when EV was adjusted (EV may still equal Net).
	AllIn bool
}

// HandMoney is one hand's money by engine seat.
type HandMoney [holdem.MaxSeats]SeatMoney

// Money is a player's money summed over hands. Amounts in chips add hands
// of one unit (a table's, a site's currency); the sums in big blinds add
// any hands (each hand's amount divided by its big blind).
type Money struct {
	Hands int64
	// Net, Rake and CashOutFee are in chips; NetBB, RakeBB in big blinds;
	// NetBB2 is Σ (net/bb)², for the standard error of BB100.
	Net, Rake, CashOutFee int64
	NetBB, NetBB2, RakeBB float64
	// EV and EVBB are the all-in adjusted net (SeatMoney.EV), in chips and
	// in big blinds.
	EV, EVBB float64
	// Showdown and ShowdownBB are the net of the hands that went to a
	// showdown (SeatMoney.Showdown), ShowdownHands their number; the
	// non-showdown winnings are the rest (NonShowdown).
	Showdown      int64
	ShowdownBB    float64
	ShowdownHands int64
}

// Add adds one hand's money of a player at a table whose big blind is bb
// chips (bb ≤ 0: the amounts in big blinds are not added).
func (m *Money) Add(s *SeatMoney, bb int64) {
	m.Hands++
	m.Net += s.Net
	m.Rake += s.Rake
	m.CashOutFee += s.CashOutFee
	m.EV += s.EV
	if s.Showdown {
		m.Showdown += s.Net
		m.ShowdownHands++
	}
	if bb > 0 {
		b := float64(bb)
		x := float64(s.Net) / b
		m.NetBB += x
		m.NetBB2 += x * x
		m.RakeBB += float64(s.Rake) / b
		m.EVBB += s.EV / b
		if s.Showdown {
			m.ShowdownBB += x
		}
	}
}

// Merge adds o's sums into m.
func (m *Money) Merge(o *Money) {
	m.Hands += o.Hands
	m.Net += o.Net
	m.Rake += o.Rake
	m.CashOutFee += o.CashOutFee
	m.NetBB += o.NetBB
	m.NetBB2 += o.NetBB2
	m.RakeBB += o.RakeBB
	m.EV += o.EV
	m.EVBB += o.EVBB
	m.Showdown += o.Showdown
	m.ShowdownBB += o.ShowdownBB
	m.ShowdownHands += o.ShowdownHands
}

// NonShowdown returns the net of the hands without a showdown, in chips
// and in big blinds.
func (m *Money) NonShowdown() (chips int64, bb float64) {
	return m.Net - m.Showdown, m.NetBB - m.ShowdownBB
}

// BB100 returns the win rate in big blinds per 100 hands, 100·Σx/n with x
// a hand's net in big blinds, and its standard error 100·s/√n, s the
// sample standard deviation of x (s² = (Σx² − (Σx)²/n)/(n−1)). Without
// hands both are NaN; with one hand the error is NaN.
func (m *Money) BB100() (rate, stdErr float64) {
	n := float64(m.Hands)
	if m.Hands == 0 {
		return math.NaN(), math.NaN()
	}
	rate = 100 * m.NetBB / n
	if m.Hands < 2 {
		return rate, math.NaN()
	}
	v := (m.NetBB2 - m.NetBB*m.NetBB/n) / (n - 1)
	return rate, 100 * math.Sqrt(max(v, 0)/n)
}

// EVBB100 returns the all-in adjusted win rate in big blinds per 100
// hands (NaN without hands).
func (m *Money) EVBB100() float64 {
	if m.Hands == 0 {
		return math.NaN()
	}
	return 100 * m.EVBB / float64(m.Hands)
}

// BigBlind returns a recorded hand's big blind in its units: the larger of
// the first two blinds_or_straddles (heads-up files write them in either
// order), 0 without blinds.
func BigBlind(h *hh.Hand) int64 {
	var bb int64
	for i := range min(2, len(h.Blinds)) {
		bb = max(bb, h.Blinds[i])
	}
	return bb
}

// MoneyOf sets m to the money of a finished engine hand (simulated play):
// Net from the engine's stacks, no rake, EV adjusted at an all-in
// (AllInEV). It reports false, leaving m cleared, for a hand that is not
// over.
func MoneyOf(g *holdem.Hand, m *HandMoney) bool { return moneyOf(g, m, true) }

func moneyOf(g *holdem.Hand, m *HandMoney, ev bool) bool {
	clear(m[:])
	if !g.Over() {
		return false
	}
	for s := range g.Players() {
		m[s].Net = g.Net(s)
	}
	finishMoney(g, nil, m, ev)
	return true
}

// MoneyRecorded sets m to the money of recorded hand h, which r has just
// replayed (TallyRecorded): the one conversion of a hand history into
// money, shared by files and the hand database (store.RecordOf).
//
// Net is the file's finishing stack less the starting stack when it has
// finishing_stacks; else, with winnings, what the engine says the player
// put in against what the file says they collected (after rake); else the
// engine's. A player who took an All-in Cash Out nets the cash-out less
// what they put in, and their fee is CashOutFee. Rake is the engine's net
// less the recorded one (what the site took of the player's award); for a
// player who cashed out, what the site took of the award it kept (the
// engine's award less the recorded winnings), so that the players' rake
// adds up to the site's.
func MoneyRecorded(h *hh.Hand, r *hh.Replayer, m *HandMoney) { moneyRecorded(h, r, m, true) }

func moneyRecorded(h *hh.Hand, r *hh.Replayer, m *HandMoney, ev bool) {
	clear(m[:])
	g := &r.Hand
	for s := range h.NumPlayers() {
		p := &m[s]
		start := h.StartingStacks[s]
		cashOut := s < len(h.CashOuts) && h.CashOuts[s] > 0
		// r.Stack: a capped hand's stack with what stayed behind the cap,
		// and a cash-out in place of the award.
		engine := r.Stack(s) - start
		switch {
		case h.FinishingStacks != nil:
			p.Net = h.FinishingStacks[s] - start
		case h.Winnings != nil && !cashOut:
			p.Net = r.Stack(s) - g.Won(s) + h.Winnings[s] - start
		default:
			p.Net = engine
		}
		switch {
		case !cashOut && engine > p.Net:
			p.Rake = engine - p.Net
		case cashOut && h.Winnings != nil && g.Won(s) > h.Winnings[s]:
			// The rake of the award the site kept: the player won the pot
			// and it was raked, though the cash-out is what they got.
			p.Rake = g.Won(s) - h.Winnings[s]
		}
		if cashOut && s < len(h.CashOutFees) {
			p.CashOutFee = h.CashOutFees[s]
		}
	}
	finishMoney(g, h, m, ev)
}

// finishMoney sets the showdown flags and the all-in adjusted nets of m,
// whose Net and Rake are set (h: the recorded hand, nil for simulated
// play; ev false: no all-in adjustment).
func finishMoney(g *holdem.Hand, h *hh.Hand, m *HandMoney, ev bool) {
	n := g.Players()
	sd := g.WentToShowdown()
	for s := range n {
		m[s].Showdown = sd && !g.Folded(s)
		m[s].EV = float64(m[s].Net)
	}
	if !ev || !g.AllInShowdown() {
		return
	}
	var cashedOut uint16
	if h != nil {
		for s := range min(n, len(h.CashOuts)) {
			if h.CashOuts[s] > 0 {
				cashedOut |= 1 << s
			}
		}
	}
	var eq [holdem.MaxSeats]float64
	if !AllInEV(g, &eq) {
		return
	}
	// The pots lose the hand's rake in proportion to their size, so the
	// adjusted nets add up to the nets (a raked hand loses its rake in
	// either case).
	var rake, pots, won int64
	for s := range n {
		rake += m[s].Rake
		won += g.Won(s)
	}
	pots = won
	keep := 1.0
	if pots > 0 {
		keep = 1 - float64(rake)/float64(pots)
	}
	for s := range n {
		if cashedOut>>s&1 != 0 {
			// The cash-out replaced the dealt result: it is the player's
			// result either way.
			continue
		}
		collected := g.Won(s) - m[s].Rake
		m[s].EV = float64(m[s].Net-collected) + eq[s]*keep
		m[s].AllIn = true
	}
}

// AllInEV sets eq[s] to seat s's expected chips from the pots of a
// finished hand whose betting closed before the river with a player
// all-in (holdem.Hand.AllInShowdown): Σ over the pots of the pot times
// the seat's pot-share equity against the pot's other contenders, given
// the board dealt when the betting closed, by exact enumeration of the
// rest of the board (package equity). Every live player's hole cards are
// out of the deck for every pot. A pot with one contender is theirs. It
// reports false, leaving eq cleared, when the hand is not such a hand, a
// contender's hole cards are unknown, or the hand was played under
// PokerKit's pot merge (holdem.PKPotMerge). Cost: one exact enumeration per pot
// with two or more contenders (a few milliseconds preflop); it allocates.
func AllInEV(g *holdem.Hand, eq *[holdem.MaxSeats]float64) bool {
	clear(eq[:])
	if !g.Over() || !g.AllInShowdown() || g.Rules()&holdem.PKPotMerge != 0 {
		// Under PokerKit's pot merge the pots of a finished hand are
		// rebuilt without the losers: their contenders are no longer known.
		return false
	}
	n := g.Players()
	// The street on which the betting closed: that of the last action (the
	// blinds alone can put everyone all-in preflop).
	closed := holdem.Preflop
	for _, e := range g.Events() {
		if e.Kind.IsAction() {
			closed = e.Street
		}
	}
	var board cards.Set
	nb := 0
	for _, e := range g.Events() {
		if e.Kind == holdem.EvBoard && e.Street <= closed {
			for _, c := range e.CardSlice() {
				board = board.Add(c)
				nb++
			}
		}
	}
	if nb >= 5 {
		return false
	}
	var live cards.Set
	for s := range n {
		if g.Folded(s) {
			continue
		}
		hole := g.Hole(s)
		if hole[0] == holdem.Unknown || hole[1] == holdem.Unknown {
			return false
		}
		live = live.Add(hole[0]).Add(hole[1])
	}
	pots := g.AppendPots(make([]holdem.Pot, 0, holdem.MaxSeats+1))
	var seats []int
	var ranges []*equity.Range
	for _, p := range pots {
		seats, ranges = seats[:0], ranges[:0]
		var own cards.Set
		for s := range n {
			if p.CanWin(s) && !g.Folded(s) {
				hole := g.Hole(s)
				seats = append(seats, s)
				ranges = append(ranges, equity.RangeOf(cards.NewHole(hole[0], hole[1])))
				own = own.Add(hole[0]).Add(hole[1])
			}
		}
		switch len(seats) {
		case 0:
			clear(eq[:])
			return false
		case 1:
			eq[seats[0]] += float64(p.Amount)
			continue
		}
		res, err := equity.Calculate(ranges, equity.Options{Board: board, Dead: live &^ own, Method: equity.Exact})
		if err != nil {
			panic(fmt.Sprintf("hud: all-in equity of a replayed hand: %v", err))
		}
		for i, s := range seats {
			eq[s] += res.Players[i].Equity * float64(p.Amount)
		}
	}
	return true
}

// Point is one hand of a player's money, in big blinds, for graphs.
type Point struct {
	Net, EV  float64
	Showdown bool
}

// PointOf returns s at a table whose big blind is bb chips (bb ≤ 0: 1).
func PointOf(s *SeatMoney, bb int64) Point {
	b := float64(max(bb, 1))
	return Point{Net: float64(s.Net) / b, EV: s.EV / b, Showdown: s.Showdown}
}

// Curves are the cumulative lines trackers draw against hands played, in
// big blinds: won, all-in adjusted, showdown and non-showdown winnings.
// Element i is the total after hand i+1.
type Curves struct {
	Won, EV, Showdown, NonShowdown []float64
}

// CurvesOf returns the cumulative sums of the points, in order.
func CurvesOf(points []Point) Curves {
	n := len(points)
	c := Curves{Won: make([]float64, n), EV: make([]float64, n), Showdown: make([]float64, n), NonShowdown: make([]float64, n)}
	var won, ev, sd, nsd float64
	for i, p := range points {
		won += p.Net
		ev += p.EV
		if p.Showdown {
			sd += p.Net
		} else {
			nsd += p.Net
		}
		c.Won[i], c.EV[i], c.Showdown[i], c.NonShowdown[i] = won, ev, sd, nsd
	}
	return c
}
