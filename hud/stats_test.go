package hud_test

import (
	"math"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// c is an expected tally: taken / opportunities.
type c [2]int64

// expectations lists, per stat, the hands of testdata/stats.phhs it is
// checked on and the tally derived by hand for every player with an
// opportunity in that hand; every other player must have none. Positions:
// p1 SB, p2 BB, p3 UTG, p4 HJ, p5 CO, p6 BTN; the hands are described in
// the file's _note fields.
var expectations = map[hud.Stat][]struct {
	hand string
	want map[string]c
}{
	hud.VPIP: {
		// Trap: a walk is no hand for the big blind.
		{"walk", map[string]c{"SB": {0, 1}, "UTG": {0, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}}},
		// Trap: the big blind's check is not VPIP; the small blind's completion is.
		{"limped", map[string]c{"UTG": {1, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}, "SB": {1, 1}, "BB": {0, 1}}},
		{"steal", map[string]c{"UTG": {0, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {1, 1}, "SB": {0, 1}, "BB": {1, 1}}},
		{"three-bet", map[string]c{"UTG": {1, 1}, "HJ": {1, 1}, "CO": {1, 1}, "BTN": {0, 1}, "SB": {0, 1}, "BB": {0, 1}}},
		{"all-in", map[string]c{"UTG": {1, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}, "SB": {0, 1}, "BB": {1, 1}}},
	},
	hud.PFR: {
		{"walk", map[string]c{"SB": {0, 1}, "UTG": {0, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}}},
		{"limped", map[string]c{"UTG": {0, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}, "SB": {0, 1}, "BB": {0, 1}}},
		{"three-bet", map[string]c{"UTG": {1, 1}, "HJ": {0, 1}, "CO": {1, 1}, "BTN": {0, 1}, "SB": {0, 1}, "BB": {0, 1}}},
		{"all-in", map[string]c{"UTG": {1, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}, "SB": {0, 1}, "BB": {1, 1}}},
	},
	hud.PFRAllHands: {
		{"walk", map[string]c{"SB": {0, 1}, "UTG": {0, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}}},
		{"three-bet", map[string]c{"UTG": {1, 1}, "HJ": {0, 1}, "CO": {1, 1}, "BTN": {0, 1}, "SB": {0, 1}, "BB": {0, 1}}},
	},
	hud.ThreeBet: {
		{"steal", map[string]c{"SB": {0, 1}, "BB": {0, 1}}},
		{"three-bet", map[string]c{"HJ": {0, 1}, "CO": {1, 1}}},
		{"four-bet", map[string]c{"HJ": {0, 1}, "CO": {0, 1}, "BTN": {1, 1}}},
		{"all-in", map[string]c{"HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}, "SB": {0, 1}, "BB": {1, 1}}},
		{"donk-raised", map[string]c{"BTN": {0, 1}, "SB": {0, 1}, "BB": {0, 1}}},
	},
	hud.FoldToThreeBet: {
		// Trap: only the opener counts, not HJ who cold-called and folded.
		{"three-bet", map[string]c{"UTG": {1, 1}}},
		{"four-bet", map[string]c{"UTG": {0, 1}}},
		{"all-in", map[string]c{"UTG": {0, 1}}},
	},
	hud.FourBet: {
		{"three-bet", map[string]c{"BTN": {0, 1}, "SB": {0, 1}, "BB": {0, 1}, "UTG": {0, 1}, "HJ": {0, 1}}},
		{"four-bet", map[string]c{"SB": {0, 1}, "BB": {0, 1}, "UTG": {1, 1}}},
		// UTG faces an all-in 3-bet with nobody left to raise against.
		{"all-in", map[string]c{}},
	},
	hud.FoldToFourBet: {
		{"four-bet", map[string]c{"BTN": {1, 1}}},
		{"three-bet", map[string]c{}},
	},
	hud.Steal: {
		{"walk", map[string]c{"CO": {0, 1}, "BTN": {0, 1}, "SB": {0, 1}}},
		{"steal", map[string]c{"CO": {0, 1}, "BTN": {1, 1}}},
		{"float", map[string]c{"CO": {0, 1}, "BTN": {0, 1}, "SB": {1, 1}}},
		{"limped", map[string]c{}},
		{"three-bet", map[string]c{}},
		// Trap: three-handed, the seat before the button is the big blind,
		// not a cutoff (CO exists from four players); with the button's
		// straddle the big blind raises first in, which is no steal.
		{"three-handed-straddle", map[string]c{"SB": {0, 1}}},
	},
	hud.FoldToStealSB: {
		{"steal", map[string]c{"SB": {1, 1}}},
		{"donk-raised", map[string]c{"SB": {1, 1}}},
		{"float", map[string]c{}},
		{"three-bet", map[string]c{}},
		{"bb-folds-to-steal", map[string]c{"SB": {1, 1}}},
	},
	hud.FoldToStealBB: {
		{"steal", map[string]c{"BB": {0, 1}}},
		{"donk-raised", map[string]c{"BB": {0, 1}}},
		{"float", map[string]c{"BB": {0, 1}}},
		{"bb-folds-to-steal", map[string]c{"BB": {1, 1}}},
		{"three-bet", map[string]c{}},
	},
	hud.Limp: {
		{"walk", map[string]c{"UTG": {0, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}, "SB": {0, 1}}},
		{"limped", map[string]c{"UTG": {1, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}, "SB": {1, 1}}},
		{"steal", map[string]c{"UTG": {0, 1}, "HJ": {0, 1}, "CO": {0, 1}, "BTN": {0, 1}}},
		{"three-bet", map[string]c{"UTG": {0, 1}}},
	},
	hud.CBet: {
		{"steal", map[string]c{"BTN": {1, 1}}},
		// Trap: CO's raise over BB's donk bet is not a c-bet (no opportunity).
		{"donk-raised", map[string]c{}},
		{"probe", map[string]c{"BTN": {0, 1}}},
		{"float", map[string]c{"SB": {0, 1}}},
		{"cbets", map[string]c{"CO": {1, 1}}},
		{"limped", map[string]c{}},
		{"all-in", map[string]c{}},
	},
	hud.CBet + 1: {
		{"cbets", map[string]c{"CO": {1, 1}}},
		{"turn-donk-3bet", map[string]c{}},
		{"probe", map[string]c{}},
		{"turn-cbet-folded", map[string]c{"CO": {1, 1}}},
	},
	hud.CBet + 2: {
		{"cbets", map[string]c{"CO": {0, 1}}},
		{"river-cbet-3bet", map[string]c{"CO": {1, 1}}},
		{"river-bmcb", map[string]c{"SB": {0, 1}}},
		{"river-donk", map[string]c{}},
	},
	hud.FoldToCBet: {
		{"steal", map[string]c{"BB": {1, 1}}},
		{"cbets", map[string]c{"BB": {0, 1}}},
		{"cbet-raised", map[string]c{"BB": {0, 1}}},
		{"donk-raised", map[string]c{}},
	},
	hud.RaiseCBet: {
		{"steal", map[string]c{"BB": {0, 1}}},
		{"cbets", map[string]c{"BB": {0, 1}}},
		{"cbet-raised", map[string]c{"BB": {1, 1}}},
	},
	hud.FoldToCBet + 1: {
		{"cbets", map[string]c{"BB": {0, 1}}},
		{"turn-cbet-folded", map[string]c{"BB": {1, 1}}},
		{"turn-cbet-raised", map[string]c{"BB": {0, 1}}},
	},
	hud.RaiseCBet + 1: {
		{"cbets", map[string]c{"BB": {0, 1}}},
		{"turn-cbet-raised", map[string]c{"BB": {1, 1}}},
	},
	hud.FoldToCBet + 2: {
		{"river-cbet-3bet", map[string]c{"BB": {0, 1}}},
		{"river-cbet-folded", map[string]c{"BB": {1, 1}}},
	},
	hud.RaiseCBet + 2: {
		{"river-cbet-3bet", map[string]c{"BB": {1, 1}}},
		{"river-cbet-folded", map[string]c{"BB": {0, 1}}},
	},
	hud.Donk: {
		{"steal", map[string]c{"BB": {0, 1}}},
		{"donk-raised", map[string]c{"BB": {1, 1}}},
		{"probe", map[string]c{"BB": {0, 1}}},
		{"float", map[string]c{}},
		{"cbets", map[string]c{"BB": {0, 1}}},
		{"donk-folded", map[string]c{"BB": {1, 1}}},
	},
	hud.Donk + 1: {
		{"cbets", map[string]c{"BB": {0, 1}}},
		{"turn-donk-3bet", map[string]c{"BB": {1, 1}}},
		// After a checked-through flop a bet before the aggressor is a probe, not a donk bet.
		{"probe", map[string]c{}},
		{"river-donk", map[string]c{"BB": {0, 1}}},
	},
	hud.Donk + 2: {
		{"cbets", map[string]c{"BB": {0, 1}}},
		{"river-donk", map[string]c{"BB": {1, 1}}},
		{"river-cbet-3bet", map[string]c{"BB": {0, 1}}},
		// BB bet the turn: it is the aggressor on the river.
		{"probe", map[string]c{}},
	},
	hud.FoldToDonk: {
		{"donk-raised", map[string]c{"CO": {0, 1}}},
		{"donk-folded", map[string]c{"CO": {1, 1}}},
	},
	hud.RaiseDonk: {
		{"donk-raised", map[string]c{"CO": {1, 1}}},
		{"donk-folded", map[string]c{"CO": {0, 1}}},
	},
	hud.FoldToDonk + 1: {
		{"turn-donk-3bet", map[string]c{"CO": {0, 1}}},
		{"turn-donk-folded", map[string]c{"CO": {1, 1}}},
	},
	hud.RaiseDonk + 1: {
		{"turn-donk-3bet", map[string]c{"CO": {1, 1}}},
		{"turn-donk-folded", map[string]c{"CO": {0, 1}}},
	},
	hud.FoldToDonk + 2: {
		{"river-donk", map[string]c{"CO": {1, 1}}},
		{"river-donk-raised", map[string]c{"CO": {0, 1}}},
	},
	hud.RaiseDonk + 2: {
		{"river-donk", map[string]c{"CO": {0, 1}}},
		{"river-donk-raised", map[string]c{"CO": {1, 1}}},
	},
	hud.BMCB: {
		{"float", map[string]c{"BB": {1, 1}}},
		{"fold-to-bmcb", map[string]c{"BB": {1, 1}}},
		// BTN checks behind: nobody is left to bet after the missed c-bet.
		{"probe", map[string]c{}},
		{"steal", map[string]c{}},
	},
	hud.BMCB + 1: {
		{"probe", map[string]c{"BB": {1, 1}}},
		{"probe-raised", map[string]c{"BB": {1, 1}}},
		{"probe-folded", map[string]c{"BB": {1, 1}}},
		{"cbets", map[string]c{}},
	},
	hud.BMCB + 2: {
		{"river-bmcb", map[string]c{"BB": {1, 1}}},
		{"river-bmcb-folded", map[string]c{"BB": {1, 1}}},
	},
	hud.FoldToBMCB: {
		{"float", map[string]c{"SB": {0, 1}}},
		{"fold-to-bmcb", map[string]c{"SB": {1, 1}}},
	},
	hud.RaiseBMCB: {
		{"float", map[string]c{"SB": {1, 1}}},
		{"fold-to-bmcb", map[string]c{"SB": {0, 1}}},
	},
	hud.FoldToBMCB + 1: {
		{"probe", map[string]c{"BTN": {0, 1}}},
		{"probe-raised", map[string]c{"BTN": {0, 1}}},
		{"probe-folded", map[string]c{"BTN": {1, 1}}},
	},
	hud.RaiseBMCB + 1: {
		{"probe", map[string]c{"BTN": {0, 1}}},
		{"probe-raised", map[string]c{"BTN": {1, 1}}},
		{"probe-folded", map[string]c{"BTN": {0, 1}}},
	},
	hud.FoldToBMCB + 2: {
		{"river-bmcb", map[string]c{"SB": {0, 1}}},
		{"river-bmcb-folded", map[string]c{"SB": {1, 1}}},
	},
	hud.RaiseBMCB + 2: {
		{"river-bmcb", map[string]c{"SB": {1, 1}}},
		{"river-bmcb-folded", map[string]c{"SB": {0, 1}}},
	},
	hud.ThreeBetPost: {
		{"float", map[string]c{"BB": {1, 1}}},
		{"donk-raised", map[string]c{"BB": {0, 1}}},
		{"cbet-raised", map[string]c{"CO": {0, 1}}},
	},
	hud.FoldToThreeBetPost: {
		{"float", map[string]c{"SB": {1, 1}}},
		{"donk-raised", map[string]c{}},
	},
	hud.ThreeBetPost + 1: {
		{"turn-donk-3bet", map[string]c{"BB": {1, 1}}},
		{"turn-cbet-raised", map[string]c{"CO": {0, 1}}},
	},
	hud.FoldToThreeBetPost + 1: {
		{"turn-donk-3bet", map[string]c{"CO": {1, 1}}},
		{"turn-3bet-called", map[string]c{"CO": {0, 1}}},
	},
	hud.ThreeBetPost + 2: {
		{"river-cbet-3bet", map[string]c{"CO": {1, 1}}},
		{"river-bmcb", map[string]c{"BB": {0, 1}}},
		{"river-donk-raised", map[string]c{"BB": {0, 1}}},
	},
	hud.FoldToThreeBetPost + 2: {
		{"river-cbet-3bet", map[string]c{"BB": {1, 1}}},
		{"river-3bet-called", map[string]c{"BB": {0, 1}}},
	},
	hud.WTSD: {
		{"limped", map[string]c{"SB": {1, 1}, "BB": {1, 1}, "UTG": {1, 1}}},
		{"probe", map[string]c{"BB": {1, 1}, "BTN": {1, 1}}},
		{"steal", map[string]c{"BB": {0, 1}, "BTN": {0, 1}}},
		// All-in before the flop: both saw the flop and the showdown.
		{"all-in", map[string]c{"BB": {1, 1}, "UTG": {1, 1}}},
		{"cbets", map[string]c{"BB": {1, 1}, "CO": {1, 1}}},
	},
	hud.WSD: {
		{"limped", map[string]c{"UTG": {1, 1}, "SB": {0, 1}, "BB": {0, 1}}},
		{"probe", map[string]c{"BTN": {1, 1}, "BB": {0, 1}}},
		{"all-in", map[string]c{"BB": {1, 1}, "UTG": {0, 1}}},
		{"cbets", map[string]c{"CO": {1, 1}, "BB": {0, 1}}},
		{"steal", map[string]c{}},
	},
	// AF: taken = bets + raises, opportunities = calls (postflop).
	hud.AF: {
		{"steal", map[string]c{"BTN": {1, 0}}},
		{"probe", map[string]c{"BB": {1, 1}, "BTN": {1, 1}}},
		{"float", map[string]c{"SB": {1, 0}, "BB": {2, 0}}},
		{"limped", map[string]c{}},
	},
	hud.AFq: {
		{"steal", map[string]c{"BTN": {1, 1}, "BB": {0, 1}}},
		{"probe", map[string]c{"BB": {1, 2}, "BTN": {1, 2}}},
		{"float", map[string]c{"SB": {1, 2}, "BB": {2, 2}}},
		{"limped", map[string]c{}},
	},
}

// tallies replays every hand of testdata/stats.phhs into its own tracker.
func tallies(t *testing.T) map[string]*hud.Tracker {
	hands, err := hh.ReadFile("testdata/stats.phhs")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*hud.Tracker{}
	var r hh.Replayer
	for _, h := range hands {
		if err := r.Replay(h); err != nil {
			t.Fatal(err)
		}
		tr := hud.NewTracker()
		if !tr.Add(&r.Hand, h.Players) {
			t.Fatalf("hand %s not over", h.Name)
		}
		out[h.Name] = tr
	}
	return out
}

// TestStats checks every stat, one subtest per stat, against the tallies
// derived by hand.
func TestStats(t *testing.T) {
	trackers := tallies(t)
	for _, st := range hud.Stats() {
		t.Run(st.Key(), func(t *testing.T) {
			cases, ok := expectations[st]
			if !ok || len(cases) < 2 {
				t.Fatalf("no hand-derived cases for %s", st.Key())
			}
			taken := false
			for _, cs := range cases {
				tr, ok := trackers[cs.hand]
				if !ok {
					t.Fatalf("no hand %q", cs.hand)
				}
				for _, p := range tr.Players() {
					got := c{p.Counts[st].Taken, p.Counts[st].Opportunities}
					if got != cs.want[p.Name] {
						t.Errorf("hand %s: %s %s = %d/%d, want %d/%d", cs.hand, p.Name, st.Key(), got[0], got[1], cs.want[p.Name][0], cs.want[p.Name][1])
					}
					taken = taken || got[0] > 0
				}
			}
			if !taken {
				t.Errorf("%s is never taken in its cases", st.Key())
			}
		})
	}
}

// TestWilsonMatchesPublishedIntervals compares the interval with
// published values of the Wilson score interval without continuity
// correction (R's prop.test(correct=FALSE); Newcombe 1998, Table I).
func TestWilsonMatchesPublishedIntervals(t *testing.T) {
	for _, w := range []struct {
		k, n   int64
		lo, hi float64
	}{
		{5, 10, 0.2365931, 0.7634069},
		{0, 10, 0, 0.2775328},
		{10, 10, 0.7224672, 1},
		{81, 263, 0.2553, 0.3662}, // Newcombe 1998, example (a): 81/263
		{15, 148, 0.0624, 0.1605}, // Newcombe 1998, example (b): 15/148
		{0, 20, 0, 0.1611},        // Newcombe 1998, example (c): 0/20
		{1, 29, 0.0061, 0.1718},   // Newcombe 1998, example (d): 1/29
	} {
		lo, hi := hud.Count{Taken: w.k, Opportunities: w.n}.Wilson()
		tol := 5e-5
		if math.Abs(lo-w.lo) > tol || math.Abs(hi-w.hi) > tol {
			t.Errorf("%d/%d: [%.7f, %.7f], want [%.7f, %.7f]", w.k, w.n, lo, hi, w.lo, w.hi)
		}
	}
}

// z is the 97.5 % quantile of the standard normal distribution.
const z = 1.959963984540054

// TestWilsonBoundsAreWhereTheScoreTestRejects checks the definition
// (Wilson 1927): each bound p strictly inside (0, 1) is a root of
// (p̂ − p)² = z²·p(1 − p)/n, and p̂ lies between the bounds.
func TestWilsonBoundsAreWhereTheScoreTestRejects(t *testing.T) {
	for _, c := range []hud.Count{{1, 2}, {3, 7}, {50, 100}, {1, 1000}, {999, 1000}, {123456, 1000003}} {
		lo, hi := c.Wilson()
		n, ph := float64(c.Opportunities), float64(c.Taken)/float64(c.Opportunities)
		if !(lo < ph && ph < hi) {
			t.Errorf("%d/%d: p̂ = %g not inside [%g, %g]", c.Taken, c.Opportunities, ph, lo, hi)
		}
		for _, p := range []float64{lo, hi} {
			lhs, rhs := (ph-p)*(ph-p), z*z*p*(1-p)/n
			if math.Abs(lhs-rhs) > 1e-12*math.Max(rhs, 1e-300)+1e-15 {
				t.Errorf("%d/%d: bound %g: (p̂−p)² = %g, z²p(1−p)/n = %g", c.Taken, c.Opportunities, p, lhs, rhs)
			}
		}
	}
}

// TestWilsonAtTheEdgesIsClosedForm checks k = 0 and k = n, where the
// interval has a closed form: [0, z²/(n + z²)] and [n/(n + z²), 1].
func TestWilsonAtTheEdgesIsClosedForm(t *testing.T) {
	for _, n := range []int64{1, 2, 10, 20, 1000} {
		nf := float64(n)
		if lo, hi := (hud.Count{Taken: 0, Opportunities: n}).Wilson(); lo != 0 || math.Abs(hi-z*z/(nf+z*z)) > 1e-15 {
			t.Errorf("0/%d: [%g, %g], want [0, %g]", n, lo, hi, z*z/(nf+z*z))
		}
		if lo, hi := (hud.Count{Taken: n, Opportunities: n}).Wilson(); hi != 1 || math.Abs(lo-nf/(nf+z*z)) > 1e-15 {
			t.Errorf("%d/%d: [%g, %g], want [%g, 1]", n, n, lo, hi, nf/(nf+z*z))
		}
	}
}

// TestWilsonWithNoDataIsTheWholeInterval: without an opportunity no
// proportion is excluded.
func TestWilsonWithNoDataIsTheWholeInterval(t *testing.T) {
	if lo, hi := (hud.Count{}).Wilson(); lo != 0 || hi != 1 {
		t.Errorf("0/0: [%g, %g], want [0, 1]", lo, hi)
	}
}

// The keys are a literal: every stat has a distinct key that ParseStat
// reads back, and the per-street stats follow the pattern name_flop,
// name_turn, name_river (ForStreet).
func TestKeys(t *testing.T) {
	seen := map[string]hud.Stat{}
	for s := range hud.Stat(hud.NumStats) {
		k := s.Key()
		if k == "" {
			t.Fatalf("stat %d has no key", s)
		}
		if o, dup := seen[k]; dup {
			t.Errorf("stats %d and %d share the key %q", o, s, k)
		}
		seen[k] = s
		if p, ok := hud.ParseStat(k); !ok || p != s {
			t.Errorf("ParseStat(%q) = %d, %v; want %d", k, p, ok, s)
		}
	}
	for _, s := range []hud.Stat{hud.CBet, hud.FoldToCBet, hud.RaiseCBet, hud.Donk, hud.FoldToDonk, hud.RaiseDonk,
		hud.BMCB, hud.FoldToBMCB, hud.RaiseBMCB, hud.ThreeBetPost, hud.FoldToThreeBetPost} {
		base, ok := strings.CutSuffix(s.Key(), "_flop")
		if !ok {
			t.Fatalf("%q: a per-street stat's flop key ends in _flop", s.Key())
		}
		for i, street := range []string{"flop", "turn", "river"} {
			if got := hud.ForStreet(s, holdem.Flop+holdem.Street(i)).Key(); got != base+"_"+street {
				t.Errorf("ForStreet(%s, %s) = %q, want %q", s.Key(), street, got, base+"_"+street)
			}
		}
	}
}
