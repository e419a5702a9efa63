package hud

import (
	"math"

	"pokerlab/holdem"
)

// Stat identifies one HUD statistic.
type Stat uint8

// The statistics. The per-street ones come in the order flop, turn, river:
// CBet + 0/1/2 is CBetFlop/CBetTurn/CBetRiver, and so on (see ForStreet).
const (
	VPIP Stat = iota
	PFR
	PFRAllHands
	ThreeBet
	FoldToThreeBet
	FourBet
	FoldToFourBet
	Steal
	FoldToStealSB
	FoldToStealBB
	Limp
	CBet // flop; +1 turn, +2 river
	_
	_
	FoldToCBet
	_
	_
	RaiseCBet
	_
	_
	Donk
	_
	_
	FoldToDonk
	_
	_
	RaiseDonk
	_
	_
	BMCB
	_
	_
	FoldToBMCB
	_
	_
	RaiseBMCB
	_
	_
	ThreeBetPost
	_
	_
	FoldToThreeBetPost
	_
	_
	WTSD
	WSD
	AF
	AFq
	NumStats
)

// ForStreet returns the flop/turn/river variant of a per-street stat
// (CBet, FoldToCBet, ..., FoldToThreeBetPost) for street Flop, Turn or River.
func ForStreet(s Stat, street holdem.Street) Stat { return s + Stat(street-holdem.Flop) }

// keys are the JSON keys of the stats (a literal, not filled in by an init:
// no work at start-up; TestKeys checks the per-street pattern).
var keys = [NumStats]string{
	VPIP: "vpip", PFR: "pfr", PFRAllHands: "pfr_all_hands", ThreeBet: "three_bet", FoldToThreeBet: "fold_to_three_bet",
	FourBet: "four_bet", FoldToFourBet: "fold_to_four_bet", Steal: "steal", FoldToStealSB: "fold_to_steal_sb",
	FoldToStealBB: "fold_to_steal_bb", Limp: "limp", WTSD: "wtsd", WSD: "wsd", AF: "af", AFq: "afq",
	CBet: "cbet_flop", CBet + 1: "cbet_turn", CBet + 2: "cbet_river",
	FoldToCBet: "fold_to_cbet_flop", FoldToCBet + 1: "fold_to_cbet_turn", FoldToCBet + 2: "fold_to_cbet_river",
	RaiseCBet: "raise_cbet_flop", RaiseCBet + 1: "raise_cbet_turn", RaiseCBet + 2: "raise_cbet_river",
	Donk: "donk_flop", Donk + 1: "donk_turn", Donk + 2: "donk_river",
	FoldToDonk: "fold_to_donk_flop", FoldToDonk + 1: "fold_to_donk_turn", FoldToDonk + 2: "fold_to_donk_river",
	RaiseDonk: "raise_donk_flop", RaiseDonk + 1: "raise_donk_turn", RaiseDonk + 2: "raise_donk_river",
	BMCB: "bmcb_flop", BMCB + 1: "bmcb_turn", BMCB + 2: "bmcb_river",
	FoldToBMCB: "fold_to_bmcb_flop", FoldToBMCB + 1: "fold_to_bmcb_turn", FoldToBMCB + 2: "fold_to_bmcb_river",
	RaiseBMCB: "raise_bmcb_flop", RaiseBMCB + 1: "raise_bmcb_turn", RaiseBMCB + 2: "raise_bmcb_river",
	ThreeBetPost: "three_bet_flop", ThreeBetPost + 1: "three_bet_turn", ThreeBetPost + 2: "three_bet_river",
	FoldToThreeBetPost: "fold_to_three_bet_flop", FoldToThreeBetPost + 1: "fold_to_three_bet_turn", FoldToThreeBetPost + 2: "fold_to_three_bet_river",
}

// Key returns the stat's JSON key ("vpip", "cbet_flop", ...).
func (s Stat) Key() string { return keys[s] }

func (s Stat) String() string { return keys[s] }

// IsRatio reports whether the stat is a ratio of counts (AF) rather than a
// proportion of opportunities: it has no confidence interval.
func (s Stat) IsRatio() bool { return s == AF }

// Stats lists every stat in order.
func Stats() []Stat {
	out := make([]Stat, NumStats)
	for i := range out {
		out[i] = Stat(i)
	}
	return out
}

// Count is a stat's tally: Taken out of Opportunities (for AF, bets and
// raises out of calls).
type Count struct {
	Taken         int64
	Opportunities int64
}

// Value returns Taken/Opportunities, or NaN with no opportunity.
func (c Count) Value() float64 {
	if c.Opportunities == 0 {
		return math.NaN()
	}
	return float64(c.Taken) / float64(c.Opportunities)
}

// z95 is the 97.5% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of the proportion
// Taken/Opportunities (Wilson 1927): the proportions p the score test
// does not reject, |p̂ − p| ≤ z·sqrt(p(1−p)/n), which are
//
//	(p̂ + z²/2n ± z·sqrt(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n),
//
// with z = 1.95996. With no opportunity no proportion is rejected, and
// the interval is the whole [0, 1]: callers that show nothing without
// data (the JSON's null) test Opportunities first. This is the one
// interval of the HUD and of the NPC checks.
func (c Count) Wilson() (lo, hi float64) {
	n := float64(c.Opportunities)
	if n == 0 {
		return 0, 1
	}
	p := float64(c.Taken) / n
	z2 := z95 * z95
	den := 1 + z2/n
	center := (p + z2/(2*n)) / den
	half := z95 * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / den
	return max(0, center-half), min(1, center+half)
}

// PerHandFlag reports whether the stat's per-hand tally (Tally) is a flag:
// Taken and Opportunities each 0 or 1 in every hand. Every stat is, except
// AF and AFq, which count actions.
func (s Stat) PerHandFlag() bool { return s != AF && s != AFq }

// ParseStat returns the stat of a JSON key ("vpip", "cbet_flop", ...).
func ParseStat(key string) (Stat, bool) {
	for i, k := range keys {
		if k == key {
			return Stat(i), true
		}
	}
	return 0, false
}
