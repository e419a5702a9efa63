package npc

import (
	"math"
	"sort"

	"pokerlab/cards"
)

// Bot plays one profile. It is immutable after NewBot and safe for
// concurrent use; the per-hand state lives in a Player.
type Bot struct {
	prof *Profile
	tab  *Tables
	// order[k-1] lists the 169 classes from the strongest to the weakest by
	// equity against k random hands (the preflop strength ordering for k
	// opponents still in the hand).
	order [MaxPlayers - 1][numClasses]uint8
	// openRate and coldCall are the calibrated free preflop rates, or the
	// estimates from the stats.
	openRate, coldCall float64
	// maps[sitIndex(s)] is the calibration map of postflop situation s.
	maps [numSitIdx][]float64
	// posOrder[pos][k-1], when not nil, is the ordering of the classes
	// for a first-in decision at that position with k opponents,
	// conditioned on the range learned from shown hands (Profile.Ranges),
	// used in place of order there.
	posOrder  [NumPositions]*[MaxPlayers - 1][numClasses]uint8
	hasRanges bool // some posOrder is set
	// hasPosRates and hasPotStats: the profile has rates by position, stats
	// by pot type (the policy skips looking them up otherwise).
	hasPosRates, hasPotStats bool
	// raiseScale[sitIndex(s)] scales the aggressive share of situation s up
	// by 1/q, q the share of its decisions where a raise is legal (facing an
	// all-in bet the raise region can only call, yet the HUD counts the
	// opportunity); 0 or 1: no scaling.
	raiseScale [numSitIdx]float64
}

// NewBot returns a bot for profile p using strength tables t (nil: the
// embedded DefaultTables). The profile must be valid.
func NewBot(p *Profile, t *Tables) (*Bot, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if t == nil {
		t = DefaultTables()
	}
	b := &Bot{prof: p, tab: t}
	for k := 1; k < MaxPlayers; k++ {
		idx := make([]int, numClasses)
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(i, j int) bool {
			return t.PreflopEquity(cards.StartingHand(idx[i]), k) > t.PreflopEquity(cards.StartingHand(idx[j]), k)
		})
		for i, h := range idx {
			b.order[k-1][i] = uint8(h)
		}
	}
	for pos := range Position(NumPositions) {
		for _, g := range p.PreflopGiven[pos] {
			b.hasPosRates = b.hasPosRates || g
		}
		if p.RangeGiven[pos] {
			b.posOrder[pos] = b.learnedOrders(pos)
			b.hasRanges = true
		}
	}
	for pt := range p.PotGiven {
		for ip := range p.PotGiven[pt] {
			for _, g := range p.PotGiven[pt][ip] {
				b.hasPotStats = b.hasPotStats || g
			}
		}
	}
	for i := range b.maps {
		b.maps[i] = p.Calibration.mapFor(sitFromIndex(i))
		b.raiseScale[i] = p.Calibration.RaiseScale[sitFromIndex(i).Key()]
	}
	st := &p.Stats
	b.openRate, b.coldCall = p.Calibration.OpenRate, p.Calibration.ColdCall
	if math.IsNaN(b.openRate) {
		// Before calibration: PFR less the share 3-bets add.
		b.openRate = clamp01(st[PFR] - 0.3*st[ThreeBet])
	}
	if math.IsNaN(b.coldCall) {
		b.coldCall = clamp01(0.6 * (st[VPIP] - st[PFR]))
	}
	return b, nil
}

// rangeMinShown is the number of times a class must be shown entering
// the pot before it joins a learned range.
const rangeMinShown = 2

// poissonCDF returns P(X ≤ x) for X Poisson with mean m.
func poissonCDF(x, m float64) float64 {
	term, sum := math.Exp(-m), 0.0
	for i := 0; float64(i) <= x; i++ {
		sum += term
		term *= m / float64(i+1)
	}
	return sum
}

// statsRange returns q, the range the stats imply for a first-in
// decision at pos with k opponents, as shares by class: the entry share
// of the hands at the top of the generic ordering for k opponents.
func (b *Bot) statsRange(pos Position, k int) [numClasses]float64 {
	var q [numClasses]float64
	left := b.entryShare(pos) * 1326
	for _, c := range b.order[min(max(k, 1), MaxPlayers-1)-1] {
		take := min(classCombos[c], left)
		if take <= 0 {
			break
		}
		q[c] = take
		left -= take
	}
	var qt float64
	for _, x := range q {
		qt += x
	}
	for h := range q {
		q[h] /= qt
	}
	return q
}

// EntryShares returns the learned first-in range at pos, for a decision
// with k opponents, as shares of the range by class (summing to 1): the
// design note's preflop range with the classes the player was seen
// entering with mixed in — the stats' range q (the entry share at the top
// of the generic ordering for k opponents) weighted RangePriorHands
// against the c shown hands, (c_h + κ q_h) / (c + κ). Without a learned
// range it is q.
func (b *Bot) EntryShares(pos Position, k int) [numClasses]float64 {
	p := b.prof
	q := b.statsRange(pos, k)
	var ct float64
	if p.RangeGiven[pos] {
		for _, x := range p.Ranges[pos] {
			ct += x
		}
	}
	var out [numClasses]float64
	for h := range out {
		var c float64
		if p.RangeGiven[pos] {
			c = p.Ranges[pos][h]
		}
		out[h] = (c + RangePriorHands*q[h]) / (ct + RangePriorHands)
	}
	return out
}

// entryShare is the share of hands the player enters the pot with at
// pos: raise or limp first in where the profile has them there, else
// VPIP.
func (b *Bot) entryShare(pos Position) float64 {
	p := b.prof
	v := p.Stats[VPIP]
	if g := &p.PreflopGiven[pos]; g[RFI] {
		v = p.Preflop[pos][RFI]
		if g[LimpFirst] {
			v += p.Preflop[pos][LimpFirst]
		}
	}
	return min(max(v, 0.005), 1)
}

// learnedOrders returns the first-in orderings at pos conditioned on the
// learned range, one per number k of opponents: the classes the player
// enters with first, then the others, each group in the generic strength
// order for k opponents — so the range decides which hands play, and
// strength still decides which of them raise. A class's membership is the
// stats' (the entry share at the top of the generic ordering) unless the
// shown hands say otherwise with some certainty: a class outside is taken
// in when it was shown entering at least rangeMinShown times and its
// estimated probability of entering (its share of the learned range,
// EntryShares, times the range's combinations over its own) is at least
// one half; a class inside is taken out when a Poisson count with the
// mean the stats' range implies (c·q_h for c shown hands) would fall as
// low as its count with probability under 0.1 %; and while the range
// holds more combinations than the entry share, the classes of the stats'
// range shown least against that mean (the weakest first on ties) make
// room for the ones taken in.
func (b *Bot) learnedOrders(pos Position) *[MaxPlayers - 1][numClasses]uint8 {
	v := b.entryShare(pos) * 1326
	p := b.prof
	var c float64
	for _, x := range p.Ranges[pos] {
		c += x
	}
	var o [MaxPlayers - 1][numClasses]uint8
	for k := range o {
		q := b.statsRange(pos, k+1)
		sh := b.EntryShares(pos, k+1)
		var in, taken [numClasses]bool
		var mass float64
		for h := range in {
			seen := p.Ranges[pos][h]
			switch generic := q[h]*v/classCombos[h] >= 0.5; {
			case !generic:
				in[h] = seen >= rangeMinShown && sh[h]*v/classCombos[h] >= 0.5
				taken[h] = in[h]
			default:
				in[h] = poissonCDF(seen, c*q[h]) >= 0.001
			}
			if in[h] {
				mass += classCombos[h]
			}
		}
		// Make room: drop the least shown of the stats' classes, weakest
		// first on ties, while the range is too big.
		gen := &b.order[k]
		cand := make([]uint8, 0, numClasses)
		for i := len(gen) - 1; i >= 0; i-- {
			if h := gen[i]; in[h] && !taken[h] {
				cand = append(cand, h)
			}
		}
		ratio := func(h uint8) float64 { return (p.Ranges[pos][h] + 0.5) / (c*q[h] + 0.5) }
		sort.SliceStable(cand, func(i, j int) bool { return ratio(cand[i]) < ratio(cand[j]) })
		for _, h := range cand {
			if mass-classCombos[h] < v {
				break
			}
			in[h] = false
			mass -= classCombos[h]
		}
		i := 0
		for _, first := range []bool{true, false} {
			for _, c := range b.order[k] {
				if in[c] == first {
					o[k][i] = c
					i++
				}
			}
		}
	}
	return &o
}

// Profile returns the bot's profile.
func (b *Bot) Profile() *Profile { return b.prof }

func clamp01(x float64) float64 { return min(max(x, 0), 1) }

// rates are the shares of the range taking each action at a decision:
// aggressive (bet or raise), passive (check or call) and fold; they sum to 1.
type rates struct{ aggr, pass, fold float64 }

func makeRates(aggr, fold float64) rates {
	aggr = clamp01(aggr)
	fold = clamp01(min(fold, 1-aggr))
	return rates{aggr: aggr, fold: fold, pass: 1 - aggr - fold}
}

// rates returns the action shares of a situation for seat (the profile's
// stats for it, the NPC design note, and the documented stand-ins of
// decisions no stat measures; see the Kind constants).
func (b *Bot) rates(sit Situation, t *tracker, seat int) rates {
	return b.ratesIn(sit, t.context(seat))
}

// ratesIn returns the action shares of a situation in context c.
func (b *Bot) ratesIn(sit Situation, c decisionContext) rates {
	r := b.baseRates(sit, c)
	if k := b.raiseScale[sitIndex(sit)]; k > 1 && r.aggr > 0 {
		aggr := min(r.aggr*k, 1-r.fold)
		r.pass -= aggr - r.aggr
		r.aggr = aggr
	}
	return r
}

// baseRates returns the stats' shares for a situation.
func (b *Bot) baseRates(sit Situation, c decisionContext) rates {
	if !sit.Kind.Postflop() {
		st := &b.prof.Stats
		pr, pg := &b.prof.Preflop[c.pos], &b.prof.PreflopGiven[c.pos]
		// The rates by position, where the profile has them.
		switch {
		case !b.hasPosRates:
		case (sit.Kind == PreOpen || sit.Kind == PreSteal) && c.firstIn && pg[RFI]:
			limp := st[Limp]
			if pg[LimpFirst] {
				limp = pr[LimpFirst]
			}
			return rates{aggr: pr[RFI], pass: min(limp, 1-pr[RFI]), fold: clamp01(1 - pr[RFI] - limp)}
		case (sit.Kind == PreVsRaise || sit.Kind == PreVsSteal) && c.limped && pg[LimpRaise] && pg[LimpCall]:
			return makeRates(pr[LimpRaise], 1-pr[LimpRaise]-min(pr[LimpCall], 1-pr[LimpRaise]))
		case sit.Kind == PreVsRaise && c.called && !c.limped && pg[Squeeze] && pg[OverCall]:
			return makeRates(pr[Squeeze], 1-pr[Squeeze]-min(pr[OverCall], 1-pr[Squeeze]))
		case sit.Kind == PreVsRaise && pg[PosThreeBet] && pg[ColdCall]:
			return makeRates(pr[PosThreeBet], 1-pr[PosThreeBet]-min(pr[ColdCall], 1-pr[PosThreeBet]))
		case sit.Kind == PreVsSteal && pg[PosThreeBet] && pg[PosFoldToSteal]:
			return makeRates(pr[PosThreeBet], pr[PosFoldToSteal])
		case sit.Kind == PreVsSteal && pg[PosThreeBet] && pg[ColdCall]:
			return makeRates(pr[PosThreeBet], 1-pr[PosThreeBet]-min(pr[ColdCall], 1-pr[PosThreeBet]))
		case sit.Kind == PreVsThreeBet && pg[PosFoldToThreeBet] && pg[PosFourBet]:
			return makeRates(pr[PosFourBet], pr[PosFoldToThreeBet])
		case (sit.Kind == PreOpen || sit.Kind == PreSteal) && !c.firstIn && pg[IsoRaise] && pg[OverLimp]:
			return makeRates(pr[IsoRaise], 1-pr[IsoRaise]-min(pr[OverLimp], 1-pr[IsoRaise]))
		case sit.Kind == PreOption && pg[OptionRaise]:
			return rates{aggr: pr[OptionRaise], pass: 1 - pr[OptionRaise]}
		case sit.Kind == PreVsThreeBetCold && pg[ColdFourBet] && pg[ColdFoldToThreeBet]:
			return makeRates(pr[ColdFourBet], pr[ColdFoldToThreeBet])
		}
		switch sit.Kind {
		case PreOpen:
			return rates{aggr: b.openRate, pass: min(st[Limp], 1-b.openRate), fold: clamp01(1 - b.openRate - st[Limp])}
		case PreSteal:
			return rates{aggr: st[Steal], pass: min(st[Limp], 1-st[Steal]), fold: clamp01(1 - st[Steal] - st[Limp])}
		case PreOption:
			return rates{aggr: b.openRate, pass: 1 - b.openRate}
		case PreVsRaise:
			return makeRates(st[ThreeBet], 1-st[ThreeBet]-min(b.coldCall, 1-st[ThreeBet]))
		case PreVsSteal:
			f := st[FoldToStealBB]
			if c.sb {
				f = st[FoldToStealSB]
			}
			return makeRates(st[ThreeBet], f)
		case PreVsThreeBet:
			return makeRates(st[FourBet], st[FoldToThreeBet])
		case PreVsThreeBetCold:
			call := (1 - st[FoldToThreeBet] - st[FourBet]) / 2
			return makeRates(st[FourBet], 1-st[FourBet]-call)
		case PreVsFourBet:
			cont := 1 - st[FoldToFourBet]
			return makeRates(0.4*cont, st[FoldToFourBet])
		default: // PreVsFourBetCold
			cont := (1 - st[FoldToFourBet]) / 4
			return makeRates(cont/2, 1-cont)
		}
	}
	ps := &b.prof.Pos[sit.Variant]
	x := int(sit.Street) - 1
	get := func(k PostflopKind) float64 { return ps[PostflopStat(k, x)] }
	if b.hasPotStats && (sit.Variant == HeadsUpIP || sit.Variant == HeadsUpOOP) && c.pot != LimpedPot {
		// Heads-up in a single-raised or 3-bet pot: the pot type's stats
		// where the profile has them.
		pt, ip := int(c.pot)-1, int(sit.Variant-HeadsUpIP)
		pot, given := &b.prof.Pot[pt][ip], &b.prof.PotGiven[pt][ip]
		get = func(k PostflopKind) float64 {
			s := PostflopStat(k, x)
			if given[s] {
				return pot[s]
			}
			return ps[s]
		}
	}
	switch sit.Kind {
	case PostCBet:
		return makeRates(get(CBet), 0)
	case PostDonk:
		return makeRates(get(Donk), 0)
	case PostBMCB:
		return makeRates(get(BMCB), 0)
	case PostBet:
		if c.aggressor {
			return makeRates(get(CBet), 0)
		}
		return makeRates(get(BMCB), 0)
	case PostVsCBet, PostVsBet:
		return makeRates(get(RaiseCBet), get(FoldToCBet))
	case PostVsDonk:
		return makeRates(get(RaiseDonk), get(FoldToDonk))
	case PostVsBMCB:
		return makeRates(get(RaiseBMCB), get(FoldToBMCB))
	case PostVsRaise:
		return makeRates(get(ThreeBetPost), get(FoldToCBet))
	default: // PostVsThreeBet
		return makeRates(0, get(FoldToThreeBetPost))
	}
}

// regions turns rates into intervals of the calibrated quantile ũ ∈ [0, 1]
// (1 = strongest): the aggressive share from the top, with a bluff share of
// it from the very bottom; the fold share next above the bluffs; the passive
// share in between.
type regions struct {
	aggrTop, aggrBottom float64 // aggressive: [aggrTop, 1] ∪ [0, aggrBottom]
	foldHi              float64 // fold: [aggrBottom, foldHi]
	// passive: [foldHi, aggrTop]
}

func makeRegions(r rates, bluff float64) regions {
	bl := bluff * r.aggr
	return regions{aggrTop: 1 - (r.aggr - bl), aggrBottom: bl, foldHi: bl + r.fold}
}

// action returns the action class for quantile u: 2 aggressive, 1 passive,
// 0 fold.
func (g regions) action(u float64) int {
	switch {
	case u >= g.aggrTop || u < g.aggrBottom:
		return 2
	case u < g.foldHi:
		return 0
	}
	return 1
}

// intervals returns the ũ-intervals of action a.
func (g regions) intervals(a int) (out [2][2]float64, n int) {
	switch a {
	case 2:
		out[0] = [2]float64{g.aggrTop, 1}
		n = 1
		if g.aggrBottom > 0 {
			out[1] = [2]float64{0, g.aggrBottom}
			n = 2
		}
	case 0:
		out[0] = [2]float64{g.aggrBottom, g.foldHi}
		n = 1
	default:
		out[0] = [2]float64{g.foldHi, g.aggrTop}
		n = 1
	}
	return out, n
}

// ivSet is a union of disjoint intervals of the street's base quantile: the
// part of the NPC's range still in the hand on this street (exact within a
// street, since the hand's strength p does not change until the next card).
type ivSet struct {
	iv [8][2]float64
	n  int
}

func fullIvSet() ivSet { return ivSet{iv: [8][2]float64{{0, 1}}, n: 1} }

func (s *ivSet) total() float64 {
	var t float64
	for _, v := range s.iv[:s.n] {
		t += v[1] - v[0]
	}
	return t
}

// below returns the measure of the set below x.
func (s *ivSet) below(x float64) float64 {
	var m float64
	for _, v := range s.iv[:s.n] {
		if x > v[0] {
			m += min(x, v[1]) - v[0]
		}
	}
	return m
}

// locate returns the x at which below(x) = m.
func (s *ivSet) locate(m float64) float64 {
	for _, v := range s.iv[:s.n] {
		w := v[1] - v[0]
		if m <= w {
			return v[0] + m
		}
		m -= w
	}
	if s.n == 0 {
		return 0
	}
	return s.iv[s.n-1][1]
}

// restrict keeps the parts of the set whose local quantile (measure below,
// divided by the total) lies in one of the given intervals.
func (s *ivSet) restrict(local [2][2]float64, k int) {
	tot := s.total()
	var out ivSet
	for _, l := range local[:k] {
		lo, hi := s.locate(l[0]*tot), s.locate(l[1]*tot)
		for _, v := range s.iv[:s.n] {
			a, b := max(v[0], lo), min(v[1], hi)
			if b > a && out.n < len(out.iv) {
				out.iv[out.n] = [2]float64{a, b}
				out.n++
			}
		}
	}
	sort.Slice(out.iv[:out.n], func(i, j int) bool { return out.iv[i][0] < out.iv[j][0] })
	if out.total() > 0 {
		*s = out
	}
}
