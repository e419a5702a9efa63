package npc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"pokerlab/hud"
)

// SizePriorHands is the weight, in bets seen, of the population's size
// distribution in a learned one: a spot's sizes are the player's counts
// plus SizePriorHands times the population's shares (a Dirichlet prior),
// so that two opens seen do not make a two-point distribution.
const SizePriorHands = 5

// LearnOptions configures Learn.
type LearnOptions struct {
	// Population holds the tallies of the players the priors are fitted
	// on (every player of the files, typically; nil or one player: the
	// priors take DefaultPriorStrength around the base profile's values).
	Population []*Tally
	// Base supplies the fixed sizes and the values of stats no hand
	// measures (nil: the built-in regular).
	Base *Profile
	// Tables are the strength tables the preflop mixing is fitted with
	// (nil: DefaultTables).
	Tables *Tables
}

// Learn turns a player's tally into a profile, every value the
// empirical-Bayes posterior of the player's sample under a beta prior
// fitted on the population (FitBetaPrior): the aggregate stats; the
// preflop rates by position, whose prior is centred on the player's own
// aggregate rate times the population's ratio of the position to the
// aggregate; the heads-up postflop stats by pot type and side, centred on
// the player's aggregate stat times the population's ratio (each
// population mean with a hyperprior of DefaultPriorStrength opportunities
// at the value one level up, smoothMean); bet sizes as
// the player's sizes with SizePriorHands of the population's; and the
// classes shown entering the pot by position (Profile.Ranges); where the
// player's cards are known in nearly every hand, the preflop mixing
// (LearnMixing). Sums of
// rates at one decision above 100 % are scaled down, and PFR ≤ VPIP is
// restored as Clone does. Cost: O(players × cells).
func Learn(t *Tally, name string, opt LearnOptions) (*CloneResult, error) {
	base := opt.Base
	if base == nil {
		var err error
		if base, err = Archetype("regular"); err != nil {
			return nil, err
		}
	}
	pop := opt.Population
	pooled := &Tally{}
	for _, x := range pop {
		pooled.Add(x)
	}
	res := &CloneResult{Hands: t.Hands, Counts: t.Counts}
	p := NewProfile(name)
	p.Description = fmt.Sprintf("cloned from %d hands of %s", t.Hands, name)
	p.Sizes = base.Sizes
	ks, ns := make([]int64, len(pop)), make([]int64, len(pop))
	fit := func(get func(*Tally) (int64, int64)) (BetaPrior, int64, int64) {
		var K, N int64
		for i, x := range pop {
			ks[i], ns[i] = get(x)
			K += ks[i]
			N += ns[i]
		}
		return FitBetaPrior(ks, ns), K, N
	}
	for s := range Stat(NumStats) {
		b, K, N := fit(func(x *Tally) (int64, int64) { return x.Counts.Taken[s], x.Counts.Opps[s] })
		// The population's mean itself has a hyperprior: DefaultPriorStrength
		// opportunities at the base profile's value, so a stat the files
		// barely measure does not take a mean of 0 or 1 from three hands.
		b = centred(b, smoothMean(K, N, base.Stats[s]))
		src := shrinkOne(s.Key(), t.Counts.Taken[s], t.Counts.Opps[s], b)
		p.Stats[s], p.Given[s], res.Own[s] = src.Value, true, src.Source == SourcePlayer
		res.Sources = append(res.Sources, src)
	}
	repair(p, &res.Own)
	for i := range res.Sources[:NumStats] {
		res.Sources[i].Value = p.Stats[i]
	}
	p.fillVariants()

	// Preflop rates by position.
	for ps := range NumPosStats {
		var pk, pn int64
		for pos := range NumPositions {
			pk += t.Pre[pos][ps][0]
			pn += t.Pre[pos][ps][1]
		}
		aggB, aggK, aggN := fit(func(x *Tally) (int64, int64) {
			var k, n int64
			for pos := range NumPositions {
				k += x.Pre[pos][ps][0]
				n += x.Pre[pos][ps][1]
			}
			return k, n
		})
		if aggN == 0 && pn == 0 {
			continue
		}
		playerAgg := aggB.Posterior(pk, pn)
		for pos := range Position(NumPositions) {
			b, K, N := fit(func(x *Tally) (int64, int64) { return x.Pre[pos][ps][0], x.Pre[pos][ps][1] })
			k, n := t.Pre[pos][ps][0], t.Pre[pos][ps][1]
			if N == 0 && n == 0 {
				continue
			}
			mu := playerAgg
			if aggK > 0 {
				popAgg := float64(aggK) / float64(aggN)
				mu = playerAgg * smoothMean(K, N, popAgg) / popAgg
			}
			src := shrinkOne("position."+pos.Key()+"."+ps.Key(), k, n, centred(b, mu))
			p.Preflop[pos][ps], p.PreflopGiven[pos][ps] = src.Value, true
			res.Sources = append(res.Sources, src)
		}
	}
	for pos := range Position(NumPositions) {
		r := &p.Preflop[pos]
		for _, pair := range [][2]PosStat{{RFI, LimpFirst}, {PosThreeBet, ColdCall}, {PosFoldToThreeBet, PosFourBet},
			{IsoRaise, OverLimp}, {LimpRaise, LimpCall}, {ColdFourBet, ColdFoldToThreeBet}, {Squeeze, OverCall}} {
			if sum := r[pair[0]] + r[pair[1]]; sum > 1 {
				r[pair[0]] /= sum
				r[pair[1]] /= sum
			}
		}
		if sum := r[PosThreeBet] + r[PosFoldToSteal]; sum > 1 {
			r[PosFoldToSteal] = 1 - r[PosThreeBet]
		}
	}

	// Heads-up postflop stats by pot type and side.
	for pt := range 2 {
		for ip, side := range []string{"ip", "oop"} {
			for s := range Stat(NumStats) {
				if _, _, post := s.Postflop(); !post {
					continue
				}
				b, K, N := fit(func(x *Tally) (int64, int64) { return x.Pot[pt][ip].Taken[s], x.Pot[pt][ip].Opps[s] })
				k, n := t.Pot[pt][ip].Taken[s], t.Pot[pt][ip].Opps[s]
				if N == 0 && n == 0 {
					continue
				}
				mu := p.Stats[s]
				if bk, bn := pooled.Counts.Taken[s], pooled.Counts.Opps[s]; bk > 0 {
					popBase := float64(bk) / float64(bn)
					mu = p.Stats[s] * smoothMean(K, N, popBase) / popBase
				}
				src := shrinkOne(potTypeKeys[pt+1]+"."+side+"."+s.Key(), k, n, centred(b, mu))
				p.Pot[pt][ip][s], p.PotGiven[pt][ip][s] = src.Value, true
				res.Sources = append(res.Sources, src)
			}
			for street := range numPostflop {
				for _, pair := range [][2]PostflopKind{{FoldToCBet, RaiseCBet}, {FoldToDonk, RaiseDonk}, {FoldToBMCB, RaiseBMCB}} {
					a, b := PostflopStat(pair[0], street), PostflopStat(pair[1], street)
					if sum := p.potStat(PotType(pt+1), ip, a) + p.potStat(PotType(pt+1), ip, b); sum > 1 {
						p.Pot[pt][ip][a], p.Pot[pt][ip][b] = p.potStat(PotType(pt+1), ip, a)/sum, p.potStat(PotType(pt+1), ip, b)/sum
						p.PotGiven[pt][ip][a], p.PotGiven[pt][ip][b] = true, true
					}
				}
			}
		}
	}

	// Bet sizes: the player's, with the population's as a prior.
	for s := range NumSizeSpots {
		mine := t.Sizes[s]
		popH := pooled.Sizes[s]
		var popTot float64
		for _, w := range popH {
			popTot += w
		}
		if len(mine) == 0 && popTot == 0 {
			continue
		}
		h := sizeHist{}
		for k, w := range mine {
			h[k] += w
		}
		for k, w := range popH {
			h[k] += SizePriorHands * w / popTot
		}
		p.BetSizes[s] = h.dist()
	}

	// Entry ranges from the hands shown.
	for pos := range Position(NumPositions) {
		var c float64
		for _, x := range t.Entry[pos] {
			c += x
		}
		if c > 0 {
			p.Ranges[pos], p.RangeGiven[pos] = t.Entry[pos], true
		}
	}
	snapProfile(p)
	for i := range res.Sources[:NumStats] {
		res.Sources[i].Value = p.Stats[i]
	}
	// How the hands near the thresholds split, where the cards are known.
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("npc: clone %s: %w", name, err)
	}
	sigma, n, ok, err := LearnMixing(p, t, opt.Tables)
	if err != nil {
		return nil, fmt.Errorf("npc: clone %s: %w", name, err)
	}
	if ok {
		p.PreflopMixing, res.Mixing = sigma, MixingFit{Fitted: true, Sigma: sigma, Decisions: n}
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("npc: clone %s: %w", name, err)
	}
	res.Profile = p
	return res, nil
}

// snapPct returns the percentage nearest x whose decimal in a profile file
// reads back as itself (not every float64 is some decimal divided by 100),
// so that a learned profile written and read is the same profile.
func snapPct(x float64) float64 {
	for range 4 {
		y, err := strconv.ParseFloat(fmtPct(x), 64)
		if err != nil || y/100 == x {
			return x
		}
		x = y / 100
	}
	return x
}

// snapProfile snaps every rate of a learned profile (snapPct).
func snapProfile(p *Profile) {
	for s := range p.Stats {
		p.Stats[s] = snapPct(p.Stats[s])
	}
	for pos := range p.Preflop {
		for s := range p.Preflop[pos] {
			p.Preflop[pos][s] = snapPct(p.Preflop[pos][s])
		}
	}
	for pt := range p.Pot {
		for ip := range p.Pot[pt] {
			for s := range p.Pot[pt][ip] {
				p.Pot[pt][ip][s] = snapPct(p.Pot[pt][ip][s])
			}
		}
	}
	p.fillVariants()
}

// smoothMean returns (K + M·m)/(N + M), M = DefaultPriorStrength: a
// population's rate K/N with a hyperprior of M opportunities at m.
func smoothMean(K, N int64, m float64) float64 {
	return (float64(K) + DefaultPriorStrength*m) / (float64(N) + DefaultPriorStrength)
}

// Add adds o's sums to t (the population's tally is the sum of its
// players').
func (t *Tally) Add(o *Tally) {
	t.Hands += o.Hands
	t.Known += o.Known // not o's decisions: a population's mixing is not fitted
	t.Counts.add(&o.Counts)
	for pos := range t.Pre {
		for s := range t.Pre[pos] {
			t.Pre[pos][s][0] += o.Pre[pos][s][0]
			t.Pre[pos][s][1] += o.Pre[pos][s][1]
		}
	}
	for pt := range t.Pot {
		for ip := range t.Pot[pt] {
			t.Pot[pt][ip].add(&o.Pot[pt][ip])
		}
	}
	for s := range t.Sizes {
		if t.Sizes[s] == nil {
			t.Sizes[s] = sizeHist{}
		}
		for k, w := range o.Sizes[s] {
			t.Sizes[s][k] += w
		}
	}
	for pos := range t.Entry {
		for h := range t.Entry[pos] {
			t.Entry[pos][h] += o.Entry[pos][h]
		}
	}
	for pt := range t.Shown {
		for h := range t.Shown[pt] {
			t.Shown[pt][h] += o.Shown[pt][h]
		}
	}
	for k, w := range o.Lines {
		if t.Lines == nil {
			t.Lines = map[string]*[numClasses]float64{}
		}
		if t.Lines[k] == nil {
			t.Lines[k] = new([numClasses]float64)
		}
		for h := range w {
			t.Lines[k][h] += w[h]
		}
	}
}

// TallyTracker returns one tally per player of a HUD tracker (aggregate
// stats only: a hand database keeps no decisions), for Learn's priors.
// The tallies are in the order of the players' names, so that a tracker
// from files and one from a database give the same priors to the bit.
func TallyTracker(tr *hud.Tracker) []*Tally {
	ps := make([]*hud.Player, 0, len(tr.Players()))
	for i := range tr.Players() {
		ps = append(ps, &tr.Players()[i])
	}
	slices.SortFunc(ps, func(a, b *hud.Player) int { return strings.Compare(a.Name, b.Name) })
	out := make([]*Tally, 0, len(ps))
	for _, p := range ps {
		out = append(out, &Tally{Hands: p.Hands, Counts: countsFromHUD(p)})
	}
	return out
}
