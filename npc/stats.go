package npc

import "fmt"

// Stat identifies one HUD statistic an NPC can be configured by. The names
// (Key) are the JSON keys of `pokerlab hud --json`, so a HUD result can
// become a profile.
type Stat uint8

// The preflop stats.
const (
	VPIP Stat = iota
	PFR
	ThreeBet
	FoldToThreeBet
	FourBet
	FoldToFourBet
	Steal
	FoldToStealSB
	FoldToStealBB
	Limp
	numPreflopStats
)

// PostflopKind is one of the seed's eleven postflop stats; with a street it
// makes a Stat (PostflopStat).
type PostflopKind uint8

// The seed's postflop stats (seed 003, "ポストフロップにおけるプレイヤーの統計情報パラメータ").
const (
	CBet PostflopKind = iota
	FoldToCBet
	RaiseCBet
	Donk
	FoldToDonk
	RaiseDonk
	BMCB
	FoldToBMCB
	RaiseBMCB
	ThreeBetPost
	FoldToThreeBetPost
	numPostflopKinds
)

// NumStats is the number of configurable stats.
const NumStats = int(numPreflopStats) + numPostflop*int(numPostflopKinds)

// PostflopStat returns the stat of kind k on street (FlopIdx, TurnIdx, RiverIdx).
func PostflopStat(k PostflopKind, street int) Stat {
	return Stat(int(numPreflopStats) + street*int(numPostflopKinds) + int(k))
}

// Postflop reports whether s is a postflop stat, and its kind and street.
func (s Stat) Postflop() (k PostflopKind, street int, ok bool) {
	if s < numPreflopStats || int(s) >= NumStats {
		return 0, 0, false
	}
	i := int(s) - int(numPreflopStats)
	return PostflopKind(i % int(numPostflopKinds)), i / int(numPostflopKinds), true
}

var preflopKeys = [numPreflopStats]string{"vpip", "pfr", "three_bet", "fold_to_three_bet", "four_bet",
	"fold_to_four_bet", "steal", "fold_to_steal_sb", "fold_to_steal_bb", "limp"}

var postflopKeys = [numPostflopKinds]string{"cbet", "fold_to_cbet", "raise_cbet", "donk", "fold_to_donk",
	"raise_donk", "bmcb", "fold_to_bmcb", "raise_bmcb", "three_bet", "fold_to_three_bet"}

var streetKeys = [numPostflop]string{"flop", "turn", "river"}

// outcomeKeys are HUD keys that measure results of play, not choices: they
// cannot be configured.
var outcomeKeys = map[string]bool{"wtsd": true, "wsd": true, "af": true, "afq": true}

var statByKey = func() map[string]Stat {
	m := map[string]Stat{}
	for s := range Stat(NumStats) {
		m[s.Key()] = s
	}
	return m
}()

// Key returns the stat's JSON key, e.g. "vpip" or "cbet_flop".
func (s Stat) Key() string {
	if s < numPreflopStats {
		return preflopKeys[s]
	}
	if k, street, ok := s.Postflop(); ok {
		return postflopKeys[k] + "_" + streetKeys[street]
	}
	return fmt.Sprintf("Stat(%d)", s)
}

func (s Stat) String() string { return s.Key() }

// StatByKey returns the stat with JSON key key.
func StatByKey(key string) (Stat, bool) {
	s, ok := statByKey[key]
	return s, ok
}

// AllStats returns every stat in order: preflop, then flop, turn and river.
func AllStats() []Stat {
	out := make([]Stat, NumStats)
	for i := range out {
		out[i] = Stat(i)
	}
	return out
}

// Stats is a value (a fraction in [0, 1]) for every stat.
type Stats [NumStats]float64

// defaultStats are the values of stats a profile leaves out, in percent: a
// typical online six-max regular (PokerTracker population figures of the kind
// poker sites publish; the population profile derived from the HandHQ hands
// is the built-in "regular").
var defaultStats = func() Stats {
	var d Stats
	pre := map[Stat]float64{VPIP: 24, PFR: 18, ThreeBet: 7, FoldToThreeBet: 55, FourBet: 2.5,
		FoldToFourBet: 50, Steal: 35, FoldToStealSB: 75, FoldToStealBB: 60, Limp: 3}
	for s, v := range pre {
		d[s] = v / 100
	}
	post := [numPostflopKinds][numPostflop]float64{
		CBet:               {62, 48, 45},
		FoldToCBet:         {45, 45, 50},
		RaiseCBet:          {8, 7, 6},
		Donk:               {6, 7, 6},
		FoldToDonk:         {40, 45, 50},
		RaiseDonk:          {10, 8, 6},
		BMCB:               {38, 35, 30},
		FoldToBMCB:         {45, 48, 52},
		RaiseBMCB:          {10, 8, 6},
		ThreeBetPost:       {8, 7, 6},
		FoldToThreeBetPost: {45, 45, 45},
	}
	for k := range numPostflopKinds {
		for st := range numPostflop {
			d[PostflopStat(k, st)] = post[k][st] / 100
		}
	}
	return d
}()

// DefaultStats returns the documented defaults (fractions).
func DefaultStats() Stats { return defaultStats }
