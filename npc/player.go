package npc

import (
	"math/rand/v2"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// Player is a bot's state in one hand at one seat: its range (what the NPC
// design note's model says it can hold, given its own actions so far) and its
// hand's strength on the current street. Not safe for concurrent use; the Bot
// behind it is.
type Player struct {
	bot  *Bot
	seat int
	hole cards.Hole
	seed uint64

	// w is the preflop range: for each class, the probability that the bot
	// holding it would have acted as it did (1 before any action).
	w [numClasses]float64

	// The current postflop street: the base quantile of the hand in the
	// strength distribution of the range entering the street, and the part
	// of that distribution still in the range after the bot's own actions on
	// this street.
	street   holdem.Street
	haveU    bool
	uBase    float64
	equity   float64
	iv       ivSet
	decision int

	// Record, if non-nil, is called with every decision (for calibration,
	// tests and reports).
	Record func(DecisionRecord)
}

// DecisionRecord describes one decision of a Player.
type DecisionRecord struct {
	Seat      int
	Situation Situation
	// Quantile is the hand's place (0 weakest, 1 strongest) in the range the
	// model says reaches the decision, before calibration.
	Quantile float64
	// Equity is the hand's strength: postflop p (pot share against random hands,
	// the NPC design note), preflop the class's equity against the opponents
	// still in.
	Equity float64
	// Action: 0 fold, 1 check or call, 2 bet or raise.
	Action int
	// Rates are the aggressive and fold shares the decision aimed at.
	Aggr, Fold float64
	// CanRaise says whether a bet or raise was legal.
	CanRaise bool
}

// NewPlayer starts a hand for the bot at seat with hole cards; seed fixes
// its random choices (the same seed and history give the same actions).
func (b *Bot) NewPlayer(seat int, hole cards.Hole, seed uint64) *Player {
	p := &Player{}
	p.Reset(b, seat, hole, seed)
	return p
}

// Reset starts a new hand, reusing p.
func (p *Player) Reset(b *Bot, seat int, hole cards.Hole, seed uint64) {
	rec := p.Record
	*p = Player{bot: b, seat: seat, hole: hole, seed: seed, Record: rec}
	for i := range p.w {
		p.w[i] = 1
	}
}

// classCombos[h] is the number of combinations of class h.
var classCombos = func() (w [numClasses]float64) {
	for h := range cards.StartingHand(numClasses) {
		w[h] = float64(h.NumCombos())
	}
	return w
}()

// mix is SplitMix64's finalizer, to derive independent seeds.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	return x
}

// mixingSalt sets the salt of the preflop mixing's draws apart from the
// quantile's (uniform's salt is the hand's event count).
const mixingSalt = 1 << 31

// uniform returns a uniform number in [0, 1) fixed by the hand's seed, the
// seat and salt.
func (p *Player) uniform(salt uint64) float64 {
	var r rand.PCG
	r.Seed(mix(p.seed^mix(uint64(p.seat)<<32|salt)), 0xDA3E39CB94B95BDB)
	return float64(r.Uint64()>>11) / (1 << 53)
}

// preflopPosition returns the hand's quantile u (1 = strongest) in the
// range w under the ordering for k opponents, with the class's share split
// at random point x ∈ [0, 1): the classes stronger than the hand's take the
// top of [0, 1] in proportion to their combinations.
func (p *Player) preflopPosition(order *[numClasses]uint8, x float64) float64 {
	h := uint8(p.hole.Class())
	var total, above, mine float64
	seen := false
	for _, c := range order {
		m := p.w[c] * classCombos[c]
		total += m
		if c == h {
			mine, seen = m, true
		} else if !seen {
			above += m
		}
	}
	if total == 0 || mine == 0 {
		// The bot's own actions left this class out of its model range
		// (an action forced on it, or a history it did not play): fall back
		// to the ordering over every hand.
		return 1 - (float64(classRank(order, h))+x)/numClasses
	}
	return 1 - (above+x*mine)/total
}

func classRank(order *[numClasses]uint8, h uint8) int {
	for i, c := range order {
		if c == h {
			return i
		}
	}
	return 0
}

// restrictPreflop keeps in w, for every class, the share of its interval of
// quantiles that falls in the given intervals (the action's region).
func (p *Player) restrictPreflop(order *[numClasses]uint8, ivs [2][2]float64, n int) {
	restrictRange(&p.w, order, ivs, n, p.bot.prof.PreflopMixing)
}

// restrictRange keeps in the range w, for every class, the share of its
// interval of quantiles (in order) that takes the action whose region is
// ivs: under mixing σ the mean probability of its quantiles (meanShare).
// A region the range has no share of leaves w as it was.
func restrictRange(w *[numClasses]float64, order *[numClasses]uint8, ivs [2][2]float64, n int, sigma float64) {
	var total float64
	for _, c := range order {
		total += w[c] * classCombos[c]
	}
	if total == 0 {
		return
	}
	next := *w
	if sigma > 0 {
		var bounds [numClasses + 1]float64
		var idx [numClasses]uint8
		bounds[0] = 1
		k := 0
		for _, c := range order {
			if m := w[c] * classCombos[c] / total; m > 0 {
				bounds[k+1] = bounds[k] - m
				idx[k] = c
				k++
			}
		}
		bounds[k] = max(bounds[k], 0)
		var share [numClasses]float64
		for _, v := range ivs[:n] {
			spanShares(bounds[:k+1], v[0], v[1], sigma, share[:k])
		}
		for i, c := range idx[:k] {
			next[c] = w[c] * min(max(share[i], 0), 1)
		}
	} else {
		top := 1.0 // u of the top of the next class
		for _, c := range order {
			m := w[c] * classCombos[c] / total
			if m == 0 {
				continue
			}
			lo, hi := top-m, top
			top = lo
			var in float64
			for _, v := range ivs[:n] {
				if a, b := max(lo, v[0]), min(hi, v[1]); b > a {
					in += b - a
				}
			}
			next[c] = w[c] * in / m
		}
	}
	var sum float64
	for _, x := range next {
		sum += x
	}
	if sum > 0 {
		*w = next
	}
}

// preflopOrder returns the ordering of the classes for the bot's preflop
// decision with k opponents in: first in (nobody has raised or limped),
// the learned one of its position if the profile has a range there; else
// the generic ordering for k opponents.
func (p *Player) preflopOrder(t *tracker, k int) *[numClasses]uint8 {
	if p.bot.hasRanges && t.raises == 0 && t.limpers == 0 {
		if o := p.bot.posOrder[positionOf(t.n, t.position(p.seat))]; o != nil {
			return &o[k-1]
		}
	}
	return &p.bot.order[k-1]
}

// opponentsIn counts the players other than the bot not folded.
func opponentsIn(t *tracker, seat int) int {
	k := 0
	for s := range t.n {
		if s != seat && !t.folded[s] {
			k++
		}
	}
	return max(k, 1)
}

// enterStreet resets the street state when the tracker has moved on.
func (p *Player) enterStreet(t *tracker) {
	if p.street != t.street {
		p.street = t.street
		p.haveU = false
		p.iv = fullIvSet()
	}
}

// strength computes the hand's p on this street (once per street) and its
// base quantile in the mixture of φ_n(p | h) over the preflop range
// (the NPC design note), n = players in the hand when the street began.
func (p *Player) strength(t *tracker, board cards.Set) {
	if p.haveU {
		return
	}
	tab := p.bot.tab
	street := int(t.street) - 1
	n := min(max(t.startN, MinPlayers), MaxPlayers)
	var d dealer
	d.seed(mix(p.seed^uint64(p.seat)<<8^uint64(t.street)), 0x243F6A8885A308D3)
	var sums [8]uint64
	d.potShares(p.hole, board, n-1, tab.Inner, &sums)
	sum := sums[n-2]
	p.equity = float64(sum) / float64(uint64(tab.Inner)*shareUnit)
	bin := tab.bin(sum)
	var total, below, in float64
	for h := range cards.StartingHand(numClasses) {
		wt := p.w[h] * classCombos[h]
		if wt == 0 {
			continue
		}
		c := tab.cdf(street, n, h)
		total += wt
		below += wt * float64(c[bin])
		in += wt * float64(c[bin+1]-c[bin])
	}
	x := d.float()
	if total == 0 {
		p.uBase = p.equity
	} else {
		// Randomized place within the bin: u is exactly uniform over the
		// range when the range follows the tables (ties and atoms included).
		p.uBase = (below + x*in) / total
	}
	p.haveU = true
}

// localQuantile returns the hand's quantile within what is left of the
// range on this street.
func (p *Player) localQuantile() float64 {
	tot := p.iv.total()
	if tot <= 0 {
		return p.uBase
	}
	return clamp01(p.iv.below(p.uBase) / tot)
}

// Decide returns the bot's action at the public state st (its seat must be
// to act) given the tracker of the hand's events so far.
func (p *Player) decide(t *tracker, st *holdem.PublicState) holdem.Action {
	sit := t.situation(p.seat, st.ToCall)
	r := p.bot.rates(sit, t, p.seat)
	var u, eq float64
	var g regions
	var uCal float64
	if sit.Street == holdem.Preflop {
		k := opponentsIn(t, p.seat)
		x := p.uniform(uint64(t.events))
		u = p.preflopPosition(p.preflopOrder(t, k), x)
		eq = p.bot.tab.PreflopEquity(p.hole.Class(), k)
		g = makeRegions(r, 0)
		ut := u
		if sigma := p.bot.prof.PreflopMixing; sigma > 0 {
			z := normalQuantile(p.uniform(uint64(t.events)|mixingSalt) + 0x1p-54)
			ut = foldUnit(u + sigma*z)
		}
		uCal = applyMap(p.bot.maps[sitIndex(sit)], ut)
	} else {
		p.enterStreet(t)
		var board cards.Set
		for _, c := range st.Board[:st.NBoard] {
			board = board.Add(c)
		}
		p.strength(t, board)
		u = p.localQuantile()
		eq = p.equity
		g = makeRegions(r, p.bot.prof.Bluff)
		uCal = applyMap(p.bot.maps[sitIndex(sit)], u)
	}
	p.decision++
	a := g.action(uCal)
	if p.Record != nil {
		p.Record(DecisionRecord{Seat: p.seat, Situation: sit, Quantile: u, Equity: eq, Action: a, Aggr: r.aggr, Fold: r.fold, CanRaise: st.CanRaise})
	}
	return p.bot.toAction(a, sit, t, p, st)
}

// observeOwn narrows the range by the bot's own action (before the tracker
// sees it): the part of the range whose decision region is the action
// taken.
func (p *Player) observeOwn(t *tracker, e *holdem.Event) {
	a := 1
	switch e.Kind {
	case holdem.EvFold:
		a = 0
	case holdem.EvBet, holdem.EvRaise:
		a = 2
	}
	toCall := t.curBet - t.bet[p.seat]
	sit := t.situation(p.seat, toCall)
	r := p.bot.rates(sit, t, p.seat)
	if a == 1 && !t.canRaise(p.seat) {
		// The raise region had to call: the caller's range is both.
		r = rates{pass: r.pass + r.aggr, fold: r.fold}
	}
	bluff := p.bot.prof.Bluff
	if sit.Street == holdem.Preflop {
		bluff = 0
	}
	ivs, n := makeRegions(r, bluff).intervals(a)
	cal := p.bot.maps[sitIndex(sit)]
	for i := range ivs[:n] {
		ivs[i][0], ivs[i][1] = invertMap(cal, ivs[i][0]), invertMap(cal, ivs[i][1])
	}
	if sit.Street == holdem.Preflop {
		p.restrictPreflop(p.preflopOrder(t, opponentsIn(t, p.seat)), ivs, n)
		return
	}
	p.enterStreet(t)
	p.iv.restrict(ivs, n)
}

// invertMap returns the model quantile u whose calibrated value is ũ.
func invertMap(m []float64, ut float64) float64 {
	if len(m) < 2 {
		return ut
	}
	x := ut * float64(len(m)-1)
	i := min(int(x), len(m)-2)
	f := x - float64(i)
	return m[i] + f*(m[i+1]-m[i])
}

// toAction turns an action class into a legal engine action with the
// profile's sizes (a learned size drawn with the player's seeded uniform).
func (b *Bot) toAction(a int, sit Situation, t *tracker, p *Player, st *holdem.PublicState) holdem.Action {
	switch {
	case a == 0 && st.ToCall > 0:
		return holdem.Action{Kind: holdem.Fold}
	case a == 2 && st.CanRaise:
		return holdem.Action{Kind: holdem.BetRaise, To: b.raiseTo(sit, t, p, st)}
	}
	return holdem.Action{Kind: holdem.CheckCall}
}

// raiseTo returns the bet or raise-to amount of the profile's sizes for the
// situation, within the legal bounds; a raise that would leave less than
// a fifth of the stack behind goes all in. Where the profile has a learned
// distribution for the spot (BetSizes) the size is drawn from it with the
// player's uniform for this decision (seeded: the hand's seed, the seat
// and the event count).
func (b *Bot) raiseTo(sit Situation, t *tracker, p *Player, st *holdem.PublicState) int64 {
	sz := &b.prof.Sizes
	seat := p.seat
	bb := float64(max(t.bigBlind, 1))
	cur := float64(st.CurrentBet)
	if d := b.learnedSize(sit, t, seat); d != nil {
		draw := p.uniform(uint64(t.events) ^ 0x51ED27)
		return clampRaise(b.learnedTo(d.Sample(draw), sit, t, st, bb, cur), st)
	}
	var x float64
	switch sit.Kind {
	case PreOpen, PreSteal, PreOption:
		open := sz.Open
		if seat == t.sbSeat && t.n > 2 {
			open = sz.OpenSB
		}
		x = (open + sz.OpenLimper*float64(t.limpers)) * bb
	case PreVsRaise, PreVsSteal:
		m := sz.ThreeBetIP
		if seat == t.sbSeat || seat == t.bbSeat {
			m = sz.ThreeBetOOP
		}
		x = cur * (m + float64(t.callers))
	case PreVsThreeBet, PreVsThreeBetCold:
		x = cur * sz.FourBet
	case PreVsFourBet, PreVsFourBetCold:
		x = float64(st.MaxRaiseTo)
	case PostCBet, PostDonk, PostBMCB, PostBet:
		x = sz.Bet[int(sit.Street)-1] * float64(st.Pot)
	case PostVsRaise:
		x = cur * sz.ThreeBet
	default:
		x = cur * sz.Raise
	}
	return clampRaise(x, st)
}

// learnedSize returns the learned size distribution of the spot, nil if
// none.
func (b *Bot) learnedSize(sit Situation, t *tracker, seat int) *SizeDist {
	ls := &b.prof.BetSizes
	pick := func(s SizeSpot) *SizeDist {
		if ls[s].Empty() {
			return nil
		}
		return &ls[s]
	}
	switch sit.Kind {
	case PreOpen, PreSteal, PreOption:
		return pick(SizeOpen + SizeSpot(positionOf(t.n, t.position(seat))))
	case PreVsRaise, PreVsSteal:
		if seat == t.sbSeat || seat == t.bbSeat {
			return pick(SizeThreeBetOOP)
		}
		return pick(SizeThreeBetIP)
	case PreVsThreeBet, PreVsThreeBetCold:
		return pick(t.fourBetSpot(seat))
	case PostCBet, PostDonk, PostBMCB, PostBet:
		x := SizeSpot(sit.Street - 1)
		switch potTypeOf(t.raises) {
		case SingleRaised:
			if d := pick(SizeBetSRP + x); d != nil {
				return d
			}
		case ThreeBetPot:
			if d := pick(SizeBet3BP + x); d != nil {
				return d
			}
		}
		return pick(SizeBet + x)
	case PostVsCBet, PostVsDonk, PostVsBMCB, PostVsBet:
		return pick(SizeRaise)
	}
	return nil
}

// learnedTo converts a learned size v to chips, by what the spot's sizes
// measure (Observe measures them the same way).
func (b *Bot) learnedTo(v float64, sit Situation, t *tracker, st *holdem.PublicState, bb, cur float64) float64 {
	switch sit.Kind {
	case PreOpen, PreSteal, PreOption:
		return (v + b.prof.Sizes.OpenLimper*float64(t.limpers)) * bb
	case PostCBet, PostDonk, PostBMCB, PostBet:
		return v * float64(st.Pot)
	}
	return v * cur
}

// clampRaise rounds x to chips within the legal bounds; a raise that would
// leave less than a fifth of the stack behind goes all in.
func clampRaise(x float64, st *holdem.PublicState) int64 {
	to := int64(x + 0.5)
	to = min(max(to, st.MinRaiseTo), st.MaxRaiseTo)
	if behind := st.MaxRaiseTo - to; float64(behind) < 0.2*float64(st.MaxRaiseTo) {
		to = st.MaxRaiseTo
	}
	return to
}
