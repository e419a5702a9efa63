package holdem

import (
	"testing"
)

// One test per place where PokerKit departs from the TDA rules (RuleSet,
// docs/rules.md): a small hand played under both rule sets, with the stacks
// derived by hand in the comments. Each PokerKit line was also played on
// PokerKit itself (github.com/uoftcprg/pokerkit, state.py at 0.7.4), which
// ended with the same stacks.
//
// Seats: button 0, small blind 1, big blind 2, then 3, 4; PokerKit numbers
// the same players from the small blind (its p1 is our seat 1).

// bothRules runs play once under TDA and once under PokerKit rules.
func bothRules(t *testing.T, cfg Config, holes []string, tda, pk func(t *testing.T, h *Hand)) {
	t.Helper()
	for _, c := range []struct {
		rules RuleSet
		play  func(*testing.T, *Hand)
	}{{TDA, tda}, {PokerKit, pk}} {
		t.Run(c.rules.String(), func(t *testing.T) {
			cfg.Rules = c.rules
			h := start(t, cfg, holes...)
			c.play(t, h)
			if !h.Over() {
				t.Fatalf("hand not over: phase %v", h.Phase())
			}
		})
	}
}

// checkDown deals the rest of the board, the remaining players checking.
func checkDown(t *testing.T, h *Hand, boards ...string) {
	t.Helper()
	for _, b := range boards {
		for h.Phase() == PhaseBetting {
			act(t, h, h.Actor(), "c")
		}
		board(t, h, b)
	}
	for h.Phase() == PhaseBetting {
		act(t, h, h.Actor(), "c")
	}
}

// Departure 1. Blinds 1/2 with a 5 straddle: TDA treats the straddle as the
// opening bet (minimum raise to 10); PokerKit's raise size starts at 0 and
// is floored by min_bet 2 (raise to 7).
func TestPokerKitPreflopMinRaise(t *testing.T) {
	cfg := Config{Stacks: stacks(100, 100, 100, 100), SmallBlind: 1, BigBlind: 2, Straddle: 5}
	holes := []string{"AsAh", "7d8d", "6c6h", "7c2d"}
	bothRules(t, cfg, holes, func(t *testing.T, h *Hand) {
		wantActor(t, h, 0)
		if l := h.Legal(); l.MinRaiseTo != 10 {
			t.Fatalf("min raise-to %d, want 5 + 5 = 10", l.MinRaiseTo)
		}
		wantErr(t, h.VerifyBetRaise(0, 7), ErrBelowMinRaise)
		script(t, h, "0:r10", "1:f", "2:f", "3:c")
		checkDown(t, h, "Kd9s4h", "3c", "2s")
		// Pot 1 + 2 + 10 + 10 = 23 to the aces: 100 - 10 + 23 = 113.
		wantStacks(t, h, 113, 99, 98, 90)
	}, func(t *testing.T, h *Hand) {
		if l := h.Legal(); l.MinRaiseTo != 7 {
			t.Fatalf("min raise-to %d, want 5 + max(min_bet 2, 0) = 7", l.MinRaiseTo)
		}
		script(t, h, "0:r7", "1:f", "2:f", "3:c")
		// A raise of 2 is the round's largest, so the next minimum is 9.
		checkDown(t, h, "Kd9s4h", "3c", "2s")
		// Pot 1 + 2 + 7 + 7 = 17: 100 - 7 + 17 = 110.
		wantStacks(t, h, 110, 99, 98, 93)
	})
}

// Departure 2. The big blind has 1 chip for a blind of 2. TDA: the bet to
// match is the full blind 2 (the small blind owes 1 more; a minimum raise
// is to 4). PokerKit: the largest blind posted, 1 (calling costs 1, the
// small blind owes nothing and checks; minimum raise to 1 + 2 = 3).
func TestPokerKitPostedBlinds(t *testing.T) {
	cfg := Config{Stacks: stacks(100, 100, 1), SmallBlind: 1, BigBlind: 2}
	holes := []string{"KsKh", "7c2d", "AsAh"}
	bothRules(t, cfg, holes, func(t *testing.T, h *Hand) {
		if l := h.Legal(); l.Seat != 0 || l.ToCall != 2 || l.MinRaiseTo != 4 {
			t.Fatalf("button legal %+v, want call 2, raise to 4", l)
		}
		script(t, h, "0:c", "1:c")
		checkDown(t, h, "Qd9s4h", "3c", "8s")
		// Main pot 1 x 3 = 3 to the big blind's aces; side pot 1 + 1 = 2
		// to the button's kings.
		wantStacks(t, h, 100, 98, 3)
	}, func(t *testing.T, h *Hand) {
		if l := h.Legal(); l.Seat != 0 || l.ToCall != 1 || l.MinRaiseTo != 3 {
			t.Fatalf("button legal %+v, want call 1, raise to 3", l)
		}
		act(t, h, 0, "c")
		if l := h.Legal(); l.Seat != 1 || l.ToCall != 0 || !l.CanRaise {
			t.Fatalf("small blind legal %+v, want a free check or a raise", l)
		}
		act(t, h, 1, "c")
		checkDown(t, h, "Qd9s4h", "3c", "8s")
		// One pot, 1 x 3 = 3, to the aces.
		wantStacks(t, h, 99, 99, 3)
	})

	// Heads-up with a big blind of 1 chip: TDA makes the button (small
	// blind) call 1 more, which comes back uncalled; under PokerKit the
	// small blind already matches the largest post and nobody can raise
	// it, so nobody acts. The aces win 2 either way.
	hu := Config{Stacks: stacks(10, 1), SmallBlind: 1, BigBlind: 2}
	bothRules(t, hu, []string{"7c2d", "AsAh"}, func(t *testing.T, h *Hand) {
		if l := h.Legal(); l.Seat != 0 || l.ToCall != 1 {
			t.Fatalf("legal %+v, want the button to call 1", l)
		}
		act(t, h, 0, "c")
		checkDown(t, h, "Qd9s4h", "3c", "8s")
		wantStacks(t, h, 9, 2)
	}, func(t *testing.T, h *Hand) {
		if h.Phase() != PhaseDealBoard {
			t.Fatalf("phase %v, want the board dealt without action", h.Phase())
		}
		checkDown(t, h, "Qd9s4h", "3c", "8s")
		wantStacks(t, h, 9, 2)
	})
}

// Departure 3. On the flop the small blind checks and the big blind bets
// all-in 1, below the minimum bet 2; the button calls. TDA 47: the short
// bet does not reopen the betting for the small blind, who may only call.
// PokerKit: the round's raise size starts at 0, so the bet of 1 is "full"
// and the small blind may raise (to at least 1 + 2 = 3).
func TestPokerKitFirstWagerReopens(t *testing.T) {
	cfg := Config{Stacks: stacks(100, 100, 3), SmallBlind: 1, BigBlind: 2}
	holes := []string{"KsKh", "7c2d", "AsAh"}
	flop := func(t *testing.T, h *Hand) {
		script(t, h, "0:c", "1:c", "2:c")
		board(t, h, "Qd9s4h")
		script(t, h, "1:c", "2:r1", "0:c")
	}
	bothRules(t, cfg, holes, func(t *testing.T, h *Hand) {
		flop(t, h)
		wantErr(t, h.VerifyBetRaise(1, 3), ErrCannotRaise)
		act(t, h, 1, "c")
		checkDown(t, h, "3c", "8s")
		// One pot, 3 x 3 = 9, to the big blind's aces.
		wantStacks(t, h, 97, 97, 9)
	}, func(t *testing.T, h *Hand) {
		flop(t, h)
		if l := h.Legal(); !l.CanRaise || l.MinRaiseTo != 3 {
			t.Fatalf("small blind legal %+v, want a raise to 3 or more", l)
		}
		script(t, h, "1:r3", "0:c")
		checkDown(t, h, "3c", "8s")
		// Main pot 3 x 3 = 9 to the aces; side pot 2 + 2 = 4 to the
		// button's kings: 100 - 5 + 4 = 99.
		wantStacks(t, h, 99, 95, 9)
	})
}

// Departure 4. On the flop seat 1 bets 10, seat 2 raises all-in to 28 (a
// full raise of 18), seat 3 calls, seat 0 raises all-in to 33 (short: 5)
// and seat 1 calls. TDA 47: since seat 3 acted the bet rose by 5 only, so
// seat 3 may only call. PokerKit: the consecutive all-in raises 18 + 5 = 23
// add up to a full raise of 18, so seat 3 may raise (to 33 + 18 = 51).
func TestPokerKitAllInSum(t *testing.T) {
	cfg := Config{Stacks: stacks(35, 200, 30, 200), SmallBlind: 1, BigBlind: 2}
	holes := []string{"KsKh", "7c2d", "AsAh", "QsQh"}
	flop := func(t *testing.T, h *Hand) {
		script(t, h, "3:c", "0:c", "1:c", "2:c")
		board(t, h, "Jd9s4h")
		script(t, h, "1:r10", "2:r28", "3:c", "0:r33", "1:c")
		wantActor(t, h, 3)
	}
	bothRules(t, cfg, holes, func(t *testing.T, h *Hand) {
		flop(t, h)
		if l := h.Legal(); l.CanRaise || l.ToCall != 5 {
			t.Fatalf("legal %+v, want call 5 or fold", l)
		}
		act(t, h, 3, "c")
		checkDown(t, h, "3c", "8s")
		// Main pot 30 x 4 = 120 to seat 2's aces; side pot 5 x 3 = 15 to
		// seat 0's kings.
		wantStacks(t, h, 15, 165, 120, 165)
	}, func(t *testing.T, h *Hand) {
		flop(t, h)
		if l := h.Legal(); !l.CanRaise || l.MinRaiseTo != 51 {
			t.Fatalf("legal %+v, want a raise to 51 or more", l)
		}
		script(t, h, "3:r60", "1:c")
		checkDown(t, h, "3c", "8s")
		// As above, plus a second side pot 27 x 2 = 54 to seat 3's queens:
		// 200 - 62 + 54 = 192.
		wantStacks(t, h, 15, 138, 120, 192)
	})
}

// Departure 5. The small blind is all-in for its 1 chip and the button
// folds. TDA: nothing can change, so the big blind does not act. PokerKit:
// the big blind was an actor when the round began and must act once; it may
// only check. The aces win 2 either way (1 returned to the big blind).
func TestPokerKitBlindMustAct(t *testing.T) {
	cfg := Config{Stacks: stacks(100, 1, 100), SmallBlind: 1, BigBlind: 2}
	holes := []string{"KsKh", "7c2d", "AsAh"}
	bothRules(t, cfg, holes, func(t *testing.T, h *Hand) {
		act(t, h, 0, "f")
		if h.Phase() != PhaseDealBoard || h.Actor() != -1 {
			t.Fatalf("phase %v actor %d, want the board dealt without action", h.Phase(), h.Actor())
		}
		checkDown(t, h, "Qd9s4h", "3c", "8s")
		wantStacks(t, h, 100, 0, 101)
	}, func(t *testing.T, h *Hand) {
		act(t, h, 0, "f")
		wantActor(t, h, 2)
		if l := h.Legal(); l.CanRaise || l.ToCall != 0 {
			t.Fatalf("big blind legal %+v, want a check only", l)
		}
		wantErr(t, h.VerifyBetRaise(2, 4), ErrCannotRaise)
		act(t, h, 2, "c")
		checkDown(t, h, "Qd9s4h", "3c", "8s")
		wantStacks(t, h, 100, 0, 101)
	})

	// The same test of who can answer a raise: seat 1 bets all-in 58 on
	// the flop and seat 0 has 28 behind. TDA: seat 0 is not all-in, so seat
	// 2 may raise. PokerKit: nobody else has more than 58 in front and
	// behind, so seat 2 may only call.
	cfg = Config{Stacks: stacks(30, 60, 200), SmallBlind: 1, BigBlind: 2}
	holes = []string{"AsAh", "KsKh", "QsQh"}
	flop := func(t *testing.T, h *Hand) {
		script(t, h, "0:c", "1:c", "2:c")
		board(t, h, "2c7d9c")
		act(t, h, 1, "r58")
	}
	finish := func(t *testing.T, h *Hand) {
		script(t, h, "2:c", "0:c")
		checkDown(t, h, "3h", "4s")
		// Main pot 30 x 3 = 90 to the aces, side pot 30 x 2 = 60 to the
		// kings.
		wantStacks(t, h, 90, 60, 140)
	}
	bothRules(t, cfg, holes, func(t *testing.T, h *Hand) {
		flop(t, h)
		if l := h.Legal(); !l.CanRaise {
			t.Fatalf("legal %+v, want a raise allowed", l)
		}
		finish(t, h)
	}, func(t *testing.T, h *Hand) {
		flop(t, h)
		if l := h.Legal(); l.CanRaise {
			t.Fatalf("legal %+v, want call or fold", l)
		}
		finish(t, h)
	})
}

// Departure 6. Blinds 2/4; the small blind folds and three players tie with
// a royal flush on the board: a pot of 4 x 3 + 2 = 14 split three ways,
// 4 each and 2 odd chips. TDA: one odd chip each to the first two winners
// from the button (seats 2, 3): 5, 5, 4. PokerKit: both to the first: 6, 4, 4.
func TestPokerKitOddChips(t *testing.T) {
	cfg := Config{Stacks: stacks(100, 100, 100, 100), SmallBlind: 2, BigBlind: 4}
	holes := []string{"4c5d", "5c6d", "2c3d", "2h3h"}
	play := func(t *testing.T, h *Hand) {
		script(t, h, "3:c", "0:c", "1:f", "2:c")
		checkDown(t, h, "AsKsQs", "Js", "Ts")
	}
	bothRules(t, cfg, holes, func(t *testing.T, h *Hand) {
		play(t, h)
		wantStacks(t, h, 100, 98, 101, 101)
	}, func(t *testing.T, h *Hand) {
		play(t, h)
		wantStacks(t, h, 100, 98, 102, 100)
	})
}

// Departure 7. Seat 3 is all-in for 5; seat 2 and seat 4 tie with a
// straight and beat seat 3's nines; seat 0 folds on the flop after putting
// 8 in. Pots: main 1 + 5 x 4 = 21 (seats 2, 3, 4), side 3 x 3 + 10 x 2 = 29
// (seats 2, 4). TDA splits each: 11 + 15 = 26 to seat 2 (first from the
// button), 10 + 14 = 24 to seat 4. PokerKit drops seat 3's losing hand,
// the two pots have the same contenders and merge into 50: 25 each.
func TestPokerKitPotMerge(t *testing.T) {
	cfg := Config{Stacks: stacks(100, 100, 100, 5, 100), SmallBlind: 1, BigBlind: 2}
	holes := []string{"3c4d", "5c6d", "JcTc", "9s9h", "JdTh"}
	play := func(t *testing.T, h *Hand) {
		script(t, h, "3:r5", "4:r8", "0:c", "1:f", "2:c")
		board(t, h, "AsKsQd")
		script(t, h, "2:r10", "4:c", "0:f")
		checkDown(t, h, "7c", "2h")
	}
	bothRules(t, cfg, holes, func(t *testing.T, h *Hand) {
		play(t, h)
		wantStacks(t, h, 92, 99, 108, 0, 106)
	}, func(t *testing.T, h *Hand) {
		play(t, h)
		wantStacks(t, h, 92, 99, 107, 0, 107)
	})
}

// Under PokerKit rules the pots a finished hand reports are the pots as
// awarded, merged: EvWin's pot index refers to them.
func TestPokerKitPotsAsAwarded(t *testing.T) {
	cfg := Config{Stacks: stacks(100, 100, 100, 5, 100), SmallBlind: 1, BigBlind: 2, Rules: PokerKit}
	h := start(t, cfg, "3c4d", "5c6d", "JcTc", "9s9h", "JdTh")
	script(t, h, "3:r5", "4:r8", "0:c", "1:f", "2:c")
	board(t, h, "AsKsQd")
	script(t, h, "2:r10", "4:c", "0:f")
	checkDown(t, h, "7c", "2h")
	ps := h.AppendPots(nil)
	if len(ps) != 1 || ps[0].Amount != 50 || ps[0].Eligible != 1<<2|1<<4 {
		t.Fatalf("pots %+v, want one pot of 50 for seats 2 and 4", ps)
	}
	for _, e := range h.Events() {
		if e.Kind == EvWin && (e.Pot != 0 || e.Amount != 25) {
			t.Fatalf("win %v, want 25 from pot 0", e)
		}
	}
}
