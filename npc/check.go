package npc

import (
	"math"

	"pokerlab/hud"
)

// StatCheck compares one measured stat with its target.
type StatCheck struct {
	Stat          Stat
	Target        float64 // fraction
	Measured      float64 // fraction (NaN without opportunities)
	Taken         int64
	Opportunities int64
	CI95          [2]float64 // Wilson interval of the measurement (hud.Count.Wilson; [0, 1] without opportunities)
	// Tolerance is the allowed distance besides two standard errors: 1
	// point for VPIP, PFR, 3Bet and flop CB, 2 points for the rest (the
	// acceptance rule of the simulation checks).
	Tolerance float64
	// StdErr is the standard error of a measurement of the target over the
	// same opportunities, √(t(1−t)/n).
	StdErr float64
	// OK: |measured − target| ≤ Tolerance + 2·StdErr.
	OK bool
}

// MinCheckedOpportunities is the number of opportunities from which the
// acceptance rule applies.
const MinCheckedOpportunities = 1000

// Tolerance returns the acceptance tolerance of stat s (a fraction).
func Tolerance(s Stat) float64 {
	switch s {
	case VPIP, PFR, ThreeBet, PostflopStat(CBet, FlopIdx):
		return 0.01
	}
	return 0.02
}

// Target returns the target of stat s for a player of profile p whose
// opportunities fell into the position variants as byVariant counts (nil:
// the base value): the opportunity-weighted mean of the variants' values.
func (p *Profile) Target(s Stat, byVariant *[NumVariants][NumStats]int64) float64 {
	if _, _, post := s.Postflop(); !post || byVariant == nil {
		return p.Stats[s]
	}
	var num, den float64
	for v := range NumVariants {
		n := float64(byVariant[v][s])
		num += n * p.Pos[v][s]
		den += n
	}
	if den == 0 {
		return p.Stats[s]
	}
	return num / den
}

// CheckStats compares measured counts with profile p's targets.
func CheckStats(p *Profile, measured *Counts, byVariant *[NumVariants][NumStats]int64) []StatCheck {
	out := make([]StatCheck, NumStats)
	for s := range Stat(NumStats) {
		c := StatCheck{Stat: s, Target: p.Target(s, byVariant), Taken: measured.Taken[s],
			Opportunities: measured.Opps[s], Tolerance: Tolerance(s), Measured: math.NaN()}
		c.CI95[0], c.CI95[1] = hud.Count{Taken: c.Taken, Opportunities: c.Opportunities}.Wilson()
		if n := float64(c.Opportunities); n > 0 {
			c.Measured = float64(c.Taken) / n
			c.StdErr = math.Sqrt(c.Target * (1 - c.Target) / n)
			c.OK = math.Abs(c.Measured-c.Target) <= c.Tolerance+2*c.StdErr+1e-12
		} else {
			c.OK = true
		}
		out[s] = c
	}
	return out
}
