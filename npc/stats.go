package npc

import (
	"fmt"
	"sync"

	"pokerlab/holdem"
	"pokerlab/hud"
)

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

// PostflopKind is one of the NPC design note's eleven postflop stats; with a
// street it makes a Stat (PostflopStat).
type PostflopKind uint8

// The NPC design note's postflop stats
// ("ポストフロップにおけるプレイヤーの統計情報パラメータ").
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

// preflopHUD and postflopHUD tie each stat to the hud package's stat, whose
// key it shares: the keys are defined once, in hud.
var preflopHUD = [numPreflopStats]hud.Stat{hud.VPIP, hud.PFR, hud.ThreeBet, hud.FoldToThreeBet, hud.FourBet,
	hud.FoldToFourBet, hud.Steal, hud.FoldToStealSB, hud.FoldToStealBB, hud.Limp}

var postflopHUD = [numPostflopKinds]hud.Stat{hud.CBet, hud.FoldToCBet, hud.RaiseCBet, hud.Donk, hud.FoldToDonk,
	hud.RaiseDonk, hud.BMCB, hud.FoldToBMCB, hud.RaiseBMCB, hud.ThreeBetPost, hud.FoldToThreeBetPost}

// HUD returns the hud package's stat that measures s.
func (s Stat) HUD() hud.Stat {
	if s < numPreflopStats {
		return preflopHUD[s]
	}
	k, street, ok := s.Postflop()
	if !ok {
		panic(fmt.Sprintf("npc: Stat(%d) out of range", s))
	}
	return hud.ForStreet(postflopHUD[k], holdem.Flop+holdem.Street(street))
}

// outcomeKeys are HUD keys that measure results of play, not choices: they
// cannot be configured.
func outcomeKey(key string) bool { return key == "wtsd" || key == "wsd" || key == "af" || key == "afq" }

// statByKey is built at first use (no work at start-up).
var statByKey = sync.OnceValue(func() map[string]Stat {
	m := map[string]Stat{}
	for s := range Stat(NumStats) {
		m[s.Key()] = s
	}
	return m
})

// Key returns the stat's JSON key, e.g. "vpip" or "cbet_flop" (the key of
// pokerlab hud --json).
func (s Stat) Key() string {
	if int(s) >= NumStats {
		return fmt.Sprintf("Stat(%d)", s)
	}
	return s.HUD().Key()
}

func (s Stat) String() string { return s.Key() }

// StatByKey returns the stat with JSON key key.
func StatByKey(key string) (Stat, bool) {
	s, ok := statByKey()[key]
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
var defaultStats = sync.OnceValue(func() Stats {
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
})

// DefaultStats returns the documented defaults (fractions).
func DefaultStats() Stats { return defaultStats() }
