package npc

import (
	"fmt"
	"math"

	"pokerlab/hud"
)

// CloneOptions configures Clone.
type CloneOptions struct {
	// MinOpportunities is the number of opportunities a stat needs before
	// the player's own value is used (0 means 50); with fewer the
	// population's value stands in.
	MinOpportunities int64
	// Population supplies the fallback values (nil: the built-in regular).
	Population *Profile
}

// CloneResult is a cloned profile and where each stat came from.
type CloneResult struct {
	Profile *Profile
	Hands   int64
	// Own marks the stats taken from the player's own hands.
	Own [NumStats]bool
	// Counts are the player's HUD tallies.
	Counts Counts
	// Sources says where each learned value came from (Learn): the
	// aggregate stats in Stat order, then the rates by position
	// ("position.btn.rfi") and the stats by pot type ("srp.ip.cbet_flop").
	Sources []StatSource
	// Mixing is the preflop mixing's fit (LearnMixing), where Learn made
	// one.
	Mixing MixingFit
}

// MixingFit is a fit of Profile.PreflopMixing: σ and the first preflop
// decisions with known cards it was fitted on.
type MixingFit struct {
	Fitted    bool
	Sigma     float64
	Decisions int
}

// countsFromHUD converts a hud player's tallies to Counts (by JSON key).
func countsFromHUD(p *hud.Player) Counts {
	var c Counts
	for s := range Stat(NumStats) {
		hs := s.HUD()
		c.Taken[s] = p.Counts[hs].Taken
		c.Opps[s] = p.Counts[hs].Opportunities
	}
	return c
}

// Clone turns a player's HUD over recorded hands into a profile (`pokerlab
// npc clone`): every stat with at least MinOpportunities
// opportunities takes the player's measured value, the others the
// population's; then the combinations a profile must respect are restored
// (PFR ≤ VPIP, fold + raise ≤ 100 % at a decision) by lowering the
// population's stand-ins first.
func Clone(c Counts, hands int64, name string, opt CloneOptions) (*CloneResult, error) {
	if opt.MinOpportunities == 0 {
		opt.MinOpportunities = 50
	}
	pop := opt.Population
	if pop == nil {
		var err error
		if pop, err = Archetype("regular"); err != nil {
			return nil, err
		}
	}
	res := &CloneResult{Hands: hands, Counts: c}
	p := NewProfile(name)
	p.Description = fmt.Sprintf("cloned from %d hands of %s", hands, name)
	p.Sizes = pop.Sizes
	for s := range Stat(NumStats) {
		if c.Opps[s] >= opt.MinOpportunities {
			p.Stats[s] = float64(c.Taken[s]) / float64(c.Opps[s])
			res.Own[s] = true
		} else {
			p.Stats[s] = pop.Stats[s]
		}
		p.Given[s] = true
	}
	repair(p, &res.Own)
	p.fillVariants()
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("npc: clone %s: %w", name, err)
	}
	res.Profile = p
	return res, nil
}

// repair makes a mixed profile playable: each sum of rates at one decision
// is brought to at most 100 % by lowering a stand-in value before a
// measured one.
func repair(p *Profile, own *[NumStats]bool) {
	st := &p.Stats
	fit := func(a, b Stat) {
		over := st[a] + st[b] - 1
		if over <= 0 {
			return
		}
		lower := b
		if own[b] && !own[a] {
			lower = a
		}
		st[lower] = math.Max(st[lower]-over, 0)
	}
	if st[PFR] > st[VPIP] {
		if own[VPIP] && !own[PFR] {
			st[PFR] = st[VPIP]
		} else {
			st[VPIP] = st[PFR]
		}
	}
	fit(FoldToThreeBet, FourBet)
	fit(FoldToStealSB, ThreeBet)
	fit(FoldToStealBB, ThreeBet)
	fit(Steal, Limp)
	for street := range numPostflop {
		fit(PostflopStat(FoldToCBet, street), PostflopStat(RaiseCBet, street))
		fit(PostflopStat(FoldToDonk, street), PostflopStat(RaiseDonk, street))
		fit(PostflopStat(FoldToBMCB, street), PostflopStat(RaiseBMCB, street))
	}
}

// PlayerCounts returns a player's counts and hands from a tracker.
func PlayerCounts(t *hud.Tracker, name string) (Counts, int64, bool) {
	p, ok := t.Player(name)
	if !ok {
		return Counts{}, 0, false
	}
	return countsFromHUD(p), p.Hands, true
}

// PopulationCounts sums every player's counts (the population of the
// hands).
func PopulationCounts(t *hud.Tracker) (Counts, int64) {
	var c Counts
	var hands int64
	for i := range t.Players() {
		p := &t.Players()[i]
		pc := countsFromHUD(p)
		c.add(&pc)
		hands += p.Hands
	}
	return c, hands
}
