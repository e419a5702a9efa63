package holdem

import (
	"strings"
	"testing"
)

// One test per rule of ../shared/reference/nlhe-rules.md (TDA rules, Robert's
// Rules). Every expected number is derived by hand in the comments.

// Seats in the 3- and 4-handed tests: button 0, small blind 1, big blind 2,
// under the gun 3.

// Rule "Minimum bet": the big blind, or the table's min_bet.
func TestMinimumBet(t *testing.T) {
	h := start(t, Config{Stacks: stacks(10000, 10000, 130), SmallBlind: 50, BigBlind: 100})
	script(t, h, "0:c", "1:c", "2:c")
	board(t, h, "2c7d9c")
	wantActor(t, h, 1)
	if l := h.Legal(); l.ToCall != 0 || l.MinRaiseTo != 100 || l.MaxRaiseTo != 9900 {
		t.Fatalf("flop legal %+v, want bet 100..9900", l)
	}
	wantErr(t, h.VerifyBetRaise(1, 99), ErrBelowMinRaise)
	if err := h.VerifyBetRaise(1, 99); !strings.Contains(err.Error(), "minimum bet 100") {
		t.Fatalf("message %q does not name the minimum bet", err)
	}
	act(t, h, 1, "r100")
	// Seat 2 has 30 behind, less than the 100 to call: it may call all-in
	// for 30 or fold, not raise.
	if l := h.Legal(); l.CanRaise || l.ToCall != 30 {
		t.Fatalf("short stack legal %+v, want call all-in 30 or fold", l)
	}

	// A table min_bet larger than the big blind sets the postflop minimum.
	h = start(t, Config{Stacks: stacks(1000, 1000, 1000), SmallBlind: 5, BigBlind: 10, MinBet: 40})
	script(t, h, "0:c", "1:c", "2:c")
	board(t, h, "2c7d9c")
	if l := h.Legal(); l.MinRaiseTo != 40 {
		t.Fatalf("min bet %d, want the table's 40", l.MinRaiseTo)
	}
	// A player with less than the minimum may still bet all-in.
	h = start(t, Config{Stacks: stacks(1000, 130, 1000), SmallBlind: 50, BigBlind: 100})
	script(t, h, "0:c", "1:c", "2:c")
	board(t, h, "2c7d9c")
	act(t, h, 1, "r30") // all-in for 30 < 100
	// The short bet is not a full bet: the next minimum is 30 + 100.
	if l := h.Legal(); l.MinRaiseTo != 130 {
		t.Fatalf("after a short all-in bet of 30 min raise-to %d, want 130", l.MinRaiseTo)
	}
}

// Rule "Minimum raise": at least the last full bet or raise; preflop the big
// blind is the opening bet (TDA 41, 43).
func TestMinRaiseAfterRaise(t *testing.T) {
	h := start(t, Config{Stacks: stacks(10000, 10000, 10000, 10000), SmallBlind: 50, BigBlind: 100})
	wantActor(t, h, 3)
	if l := h.Legal(); l.MinRaiseTo != 200 || l.ToCall != 100 {
		t.Fatalf("UTG legal %+v, want call 100, min raise to 200 (the big blind is the opening bet)", l)
	}
	act(t, h, 3, "r300") // a raise of 200
	if l := h.Legal(); l.MinRaiseTo != 500 {
		t.Fatalf("after a raise to 300 min raise-to %d, want 300+200 = 500", l.MinRaiseTo)
	}
	wantErr(t, h.VerifyBetRaise(0, 499), ErrBelowMinRaise)
	if msg := h.VerifyBetRaise(0, 499).Error(); !strings.Contains(msg, "500") || !strings.Contains(msg, "200") || !strings.Contains(msg, "TDA 41") {
		t.Fatalf("message %q should give the minimum 500, the last raise 200 and the rule", msg)
	}
	act(t, h, 0, "r500")
	act(t, h, 1, "r1200") // a raise of 700 becomes the new full raise
	if l := h.Legal(); l.MinRaiseTo != 1900 {
		t.Fatalf("after a raise of 700 to 1200 min raise-to %d, want 1900", l.MinRaiseTo)
	}
}

// Rule "Short all-in raise": an all-in of less than a full raise does not
// reopen the betting for players who already acted (TDA 47).
func TestShortAllInDoesNotReopen(t *testing.T) {
	h := start(t, Config{Stacks: stacks(10000, 10000, 450), SmallBlind: 50, BigBlind: 100})
	script(t, h, "0:r300", "1:c") // full raise of 200; the small blind calls
	if l := h.Legal(); l.Seat != 2 || l.MinRaiseTo != 450 || l.MaxRaiseTo != 450 {
		t.Fatalf("big blind legal %+v, want only all-in to 450", l)
	}
	act(t, h, 2, "r450") // +150 < 200: short
	for _, s := range []int{0, 1} {
		wantActor(t, h, s)
		if l := h.Legal(); l.CanRaise || l.ToCall != 150 {
			t.Fatalf("seat %d legal %+v: after a short all-in it may only call 150 or fold", s, l)
		}
		wantErr(t, h.VerifyBetRaise(s, 1000), ErrCannotRaise)
		act(t, h, s, "c")
	}
	if h.Phase() != PhaseDealBoard {
		t.Fatalf("phase %v, want the flop", h.Phase())
	}

	// A player who has not yet acted may raise over the short all-in, by at
	// least the last full raise (200): to 650.
	h = start(t, Config{Stacks: stacks(10000, 450, 10000, 10000), SmallBlind: 50, BigBlind: 100})
	script(t, h, "3:r300", "0:c", "1:r450")
	wantActor(t, h, 2)
	if l := h.Legal(); !l.CanRaise || l.MinRaiseTo != 650 {
		t.Fatalf("big blind legal %+v, want a raise from 650", l)
	}
}

// Rule "Short all-in raise" (second half): several short all-ins that add up
// to a full raise reopen the betting.
func TestShortAllInsAddUpToFullRaise(t *testing.T) {
	h := start(t, Config{Stacks: stacks(400, 500, 10000, 10000), SmallBlind: 50, BigBlind: 100})
	script(t, h, "3:r300") // full raise of 200
	act(t, h, 0, "r400")   // all-in, +100: short
	one := h.Clone()
	act(t, h, 1, "r500") // all-in, +100: short; together +200 = a full raise
	act(t, h, 2, "c")
	wantActor(t, h, 3)
	if l := h.Legal(); !l.CanRaise || l.MinRaiseTo != 700 {
		t.Fatalf("UTG legal %+v: 300→500 is a full raise in total, want a raise from 700", l)
	}
	act(t, h, 3, "r700")

	// With only the first short all-in (+100), UTG may not raise.
	act(t, one, 1, "f")
	act(t, one, 2, "c")
	wantActor(t, one, 3)
	if l := one.Legal(); l.CanRaise {
		t.Fatalf("UTG legal %+v: +100 alone does not reopen", l)
	}
}

// Rule "Short call / uncalled bet": the uncalled part of a bet is returned.
func TestUncalledBetReturned(t *testing.T) {
	h := start(t, Config{Stacks: stacks(10000, 10000, 10000), SmallBlind: 50, BigBlind: 100})
	script(t, h, "0:r300", "1:f", "2:f")
	// 300 - 100 (the largest other contribution) = 200 back; the pot
	// 50 + 100 + 100 = 250 goes to seat 0: 10000 - 300 + 200 + 250.
	ret := h.Events()[len(h.Events())-2]
	if ret.Kind != EvReturn || ret.Seat != 0 || ret.Amount != 200 {
		t.Fatalf("event %v, want 200 returned to seat 0", ret)
	}
	wantStacks(t, h, 10150, 9950, 9900)

	// Heads-up: an all-in of 1000 called all-in for 400 returns 600 before
	// the flop; AA beats KK for the 800 pot.
	h = start(t, Config{Stacks: stacks(400, 1000), Button: 1, SmallBlind: 50, BigBlind: 100}, "KsKh", "AsAh")
	script(t, h, "1:r1000", "0:c")
	var got *Event
	for i, e := range h.Events() {
		if e.Kind == EvReturn {
			got = &h.Events()[i]
		}
	}
	if got == nil || got.Seat != 1 || got.Amount != 600 || got.Street != Preflop {
		t.Fatalf("return %v, want 600 to seat 1 preflop", got)
	}
	board(t, h, "2c7d9c")
	board(t, h, "3h")
	board(t, h, "4s")
	wantStacks(t, h, 0, 1400)
}

// Rule "Side pots": pots by contribution layers; a folded player's chips
// stay in the pots but the player cannot win them.
func TestSidePotsThreeWayWithFoldedContributor(t *testing.T) {
	h := start(t, Config{Stacks: stacks(300, 1000, 1000, 100), SmallBlind: 5, BigBlind: 10},
		"KsKh", "QsQh", "JsJh", "AsAh")
	script(t, h, "3:r100", "0:r300", "1:c", "2:c")
	board(t, h, "2c7d9c")
	script(t, h, "1:r200", "2:f") // seat 2 folds with 300 in; 200 returns to seat 1
	// Layers: 100 from each of 4 = 400 for {3, 0, 1}; 200 more from seats
	// 0, 1, 2 = 600 for {0, 1}.
	ps := h.AppendPots(nil)
	want := []Pot{{400, 1<<0 | 1<<1 | 1<<3}, {600, 1<<0 | 1<<1}}
	if len(ps) != 2 || ps[0] != want[0] || ps[1] != want[1] {
		t.Fatalf("pots %+v, want %+v", ps, want)
	}
	board(t, h, "3h")
	board(t, h, "4s")
	// AA (seat 3) takes the main pot, KK (seat 0) the side pot.
	wantStacks(t, h, 600, 700, 700, 400)
}

// Rule "Split pots / odd chip": split evenly, each odd chip to the first
// winner left of the button (TDA 19).
func TestOddChipLeftOfButton(t *testing.T) {
	h := start(t, Config{Stacks: stacks(100, 100, 100, 100), SmallBlind: 1, BigBlind: 2, Ante: 1},
		"2c3d", "4c5d", "2d3c", "2h3h")
	script(t, h, "3:c", "0:c", "1:f", "2:c")
	for _, b := range []string{"AsKsQs", "Js", "Ts"} {
		board(t, h, b)
		script(t, h, "2:c", "3:c", "0:c")
	}
	// Pot = 4 antes + 1 + 2 + 2 + 2 = 11, three ways: 3 each and 2 odd
	// chips, to seats 2 and 3 (clockwise from the button, seat 1 folded).
	wantStacks(t, h, 100-3+3, 98, 100-3+4, 100-3+4)
}

// Rule "Heads-up": the button posts the small blind and acts first preflop,
// last after the flop.
func TestHeadsUpBlindsAndOrder(t *testing.T) {
	h := start(t, Config{Stacks: stacks(200, 200), Button: 1, SmallBlind: 1, BigBlind: 2})
	if h.SmallBlindSeat() != 1 || h.BigBlindSeat() != 0 {
		t.Fatalf("blinds at %d/%d, want the button (1) small", h.SmallBlindSeat(), h.BigBlindSeat())
	}
	ev := h.Events()
	if ev[0].Kind != EvBlind || ev[0].Seat != 1 || ev[0].Amount != 1 || ev[1].Seat != 0 || ev[1].Amount != 2 {
		t.Fatalf("posts %v, %v: want the button's small blind 1 then the big blind 2", ev[0], ev[1])
	}
	wantActor(t, h, 1)
	script(t, h, "1:c")
	wantActor(t, h, 0) // the big blind's option
	act(t, h, 0, "c")
	board(t, h, "2c7d9c")
	wantActor(t, h, 0)
	script(t, h, "0:c", "1:c")
	board(t, h, "3h")
	wantActor(t, h, 0)
}

// Rule "Big-blind option": in a limped pot the big blind may check or raise.
func TestBigBlindOption(t *testing.T) {
	h := start(t, Config{Stacks: stacks(100, 100, 100), SmallBlind: 1, BigBlind: 2})
	script(t, h, "0:c", "1:c")
	wantActor(t, h, 2)
	if l := h.Legal(); l.ToCall != 0 || !l.CanRaise || l.MinRaiseTo != 4 {
		t.Fatalf("big blind legal %+v, want check or raise from 4", l)
	}
	raised := h.Clone()
	act(t, h, 2, "c")
	if h.Phase() != PhaseDealBoard {
		t.Fatalf("after the option check phase %v, want the flop", h.Phase())
	}
	act(t, raised, 2, "r6")
	wantActor(t, raised, 0)
	if l := raised.Legal(); !l.CanRaise || l.ToCall != 4 || l.MinRaiseTo != 10 {
		t.Fatalf("limper legal %+v, want call 4 or raise from 10", l)
	}
}

// Rule "Big-blind option" (second half): a walk ends the hand without a flop.
func TestWalk(t *testing.T) {
	h := start(t, Config{Stacks: stacks(100, 100, 100), SmallBlind: 1, BigBlind: 2})
	script(t, h, "0:f", "1:f")
	if !h.Over() || len(h.Board()) != 0 {
		t.Fatalf("phase %v board %v: a walk ends before the flop", h.Phase(), h.Board())
	}
	for _, e := range h.Events() {
		if e.Kind == EvBoard {
			t.Fatalf("board dealt in a walk: %v", e)
		}
	}
	// The big blind gets 1 back uncalled and wins the 2 in the pot.
	wantStacks(t, h, 100, 99, 101)
}

// Rule "Short blind / ante": a player who cannot cover a blind or ante is
// all-in for what they have; callers still owe the full big blind.
func TestPlayerCannotCoverBlind(t *testing.T) {
	h := start(t, Config{Stacks: stacks(100, 100, 6, 100), SmallBlind: 5, BigBlind: 10},
		"QsQh", "JsJh", "AsAh", "KsKh")
	if !h.AllIn(2) || h.Bet(2) != 6 {
		t.Fatalf("big blind bet %d all-in %v, want all-in for 6", h.Bet(2), h.AllIn(2))
	}
	if l := h.Legal(); l.Seat != 3 || l.ToCall != 10 || l.MinRaiseTo != 20 {
		t.Fatalf("UTG legal %+v, want to call the full 10 or raise from 20", l)
	}
	script(t, h, "3:c", "0:c", "1:c")
	if h.Phase() != PhaseDealBoard {
		t.Fatalf("phase %v: the all-in big blind has no option", h.Phase())
	}
	for _, b := range []string{"2c7d9c", "3h", "4s"} {
		board(t, h, b)
		if b != "4s" {
			script(t, h, "1:c", "3:c", "0:c")
		}
	}
	script(t, h, "1:c", "3:c", "0:c")
	// Main pot 4 × 6 = 24 (AA, seat 2); side pot 3 × 4 = 12 (KK, seat 3).
	wantStacks(t, h, 90, 90, 24, 102)

	// An ante the player cannot cover: the big blind with 3 chips posts the
	// ante 2 first, then 1 of its blind.
	h = start(t, Config{Stacks: stacks(100, 100, 3), SmallBlind: 1, BigBlind: 2, Ante: 2})
	ev := h.Events()
	// Antes are posted from the seat after the button: seat 1, seat 2, seat 0.
	if ev[1].Kind != EvAnte || ev[1].Seat != 2 || ev[1].Amount != 2 || ev[4].Kind != EvBlind || ev[4].Seat != 2 || ev[4].Amount != 1 || !ev[4].AllIn {
		t.Fatalf("posts %v; want seat 2 ante 2 then blind 1 all-in", ev[:5])
	}
}

// Rule "Antes": dead money, not part of the current bet; a big-blind ante is
// allowed.
func TestAntesAreDeadMoney(t *testing.T) {
	h := start(t, Config{Stacks: stacks(100, 100, 100), SmallBlind: 5, BigBlind: 10, Ante: 1})
	if h.Pot() != 18 {
		t.Fatalf("pot %d, want 3 antes + 15 blinds = 18", h.Pot())
	}
	if l := h.Legal(); l.ToCall != 10 || l.MinRaiseTo != 20 {
		t.Fatalf("legal %+v: the antes are not part of the bet to call", l)
	}
	script(t, h, "0:f", "1:f")
	// 5 of the big blind comes back; the big blind wins 3 + 5 + 5 = 13.
	wantStacks(t, h, 99, 94, 107)
}

func TestBigBlindAnte(t *testing.T) {
	h := start(t, Config{Stacks: stacks(100, 100, 100), SmallBlind: 5, BigBlind: 10, BigBlindAnte: 10})
	if h.Committed(2) != 20 || h.Bet(2) != 10 || h.Committed(0) != 0 {
		t.Fatalf("big blind committed %d bet %d: want ante 10 + blind 10", h.Committed(2), h.Bet(2))
	}
	if l := h.Legal(); l.ToCall != 10 {
		t.Fatalf("to call %d, want 10", l.ToCall)
	}
	script(t, h, "0:c", "1:f", "2:c")
	board(t, h, "2c7d9c")
	script(t, h, "2:r10", "0:f")
	// Pot 10 + 5 + 10 + 10 = 35 to the big blind: 100 - 20 + 35.
	wantStacks(t, h, 90, 95, 115)

	// A short big blind pays the ante first; the dead ante is in the main pot,
	// which the all-in big blind can win.
	h = start(t, Config{Stacks: stacks(100, 100, 15), SmallBlind: 5, BigBlind: 10, BigBlindAnte: 10},
		"KsKh", "QsQh", "AsAh")
	if h.Bet(2) != 5 || !h.AllIn(2) {
		t.Fatalf("short big blind bet %d, want 5 all-in after the 10 ante", h.Bet(2))
	}
	script(t, h, "0:c", "1:c")
	// Main pot 10 + 3 × 5 = 25 for everyone; side pot 2 × 5 = 10 for 0 and 1.
	ps := h.AppendPots(nil)
	if len(ps) != 2 || ps[0].Amount != 25 || ps[1].Amount != 10 {
		t.Fatalf("pots %+v, want 25 and 10", ps)
	}
	board(t, h, "2c7d9c")
	script(t, h, "1:c", "0:c")
	board(t, h, "3h")
	script(t, h, "1:c", "0:c")
	board(t, h, "4s")
	script(t, h, "1:c", "0:c")
	wantStacks(t, h, 100, 90, 25)
}

// Rule "Everyone else all-in": a player facing only all-in opponents may call
// or fold, not raise.
func TestEveryoneElseAllInCannotRaise(t *testing.T) {
	h := start(t, Config{Stacks: stacks(1000, 300), Button: 1, SmallBlind: 1, BigBlind: 2})
	act(t, h, 1, "r300")
	if l := h.Legal(); l.Seat != 0 || l.CanRaise || l.ToCall != 298 {
		t.Fatalf("legal %+v, want only call 298 or fold", l)
	}
	wantErr(t, h.VerifyBetRaise(0, 600), ErrCannotRaise)
	// Three-handed: one opponent all-in, the other folded.
	h = start(t, Config{Stacks: stacks(1000, 1000, 300), SmallBlind: 1, BigBlind: 2})
	script(t, h, "0:f", "1:c", "2:r300")
	if l := h.Legal(); l.Seat != 1 || l.CanRaise {
		t.Fatalf("legal %+v, want no raise against an all-in player alone", l)
	}
}

// Rule "Chips": integers, conserved in every hand. The property test
// TestRandomHands checks conservation over 10^5 random hands (10^6 with
// -long); this test checks a complete hand's ledger by hand.
func TestChipsConserved(t *testing.T) {
	h := start(t, Config{Stacks: stacks(300, 1000, 1000, 100), SmallBlind: 5, BigBlind: 10, Ante: 1},
		"KsKh", "QsQh", "JsJh", "AsAh")
	script(t, h, "3:r99", "0:r299", "1:c", "2:c")
	for _, b := range []string{"2c7d9c", "3h", "4s"} {
		board(t, h, b)
		if !h.Over() && h.Phase() == PhaseBetting {
			script(t, h, "1:c", "2:c")
		}
	}
	var sum, posted, collected int64
	for s := range 4 {
		sum += h.Stack(s)
	}
	for _, e := range h.Events() {
		switch e.Kind {
		case EvAnte, EvBlind, EvCall, EvBet, EvRaise:
			posted += e.Amount
		case EvReturn, EvWin:
			collected += e.Amount
		}
	}
	if sum != 2400 || posted != collected {
		t.Fatalf("stacks sum %d (want 2400), chips in %d, out %d", sum, posted, collected)
	}
}

// Rule "Showdown order": the river's last aggressor shows first, otherwise
// the first player left of the button; players may muck losing hands.
func TestShowdownOrder(t *testing.T) {
	cfg := Config{Stacks: stacks(100, 100, 100), SmallBlind: 1, BigBlind: 2, ManualShowdown: true}
	h := start(t, cfg, "QsQh", "JsJh", "AsAh")
	script(t, h, "0:c", "1:c", "2:c")
	board(t, h, "2c7d9c")
	script(t, h, "1:c", "2:c", "0:c")
	board(t, h, "3h")
	script(t, h, "1:c", "2:c", "0:c")
	board(t, h, "4s")
	checked := h.Clone()
	script(t, h, "1:c", "2:r10", "0:c", "1:f")
	if h.Phase() != PhaseShowdown || h.ShowdownTurn() != 2 {
		t.Fatalf("phase %v, turn %d: the river bettor (2) shows first", h.Phase(), h.ShowdownTurn())
	}
	_, err := h.Show(0, h.Hole(0))
	wantErr(t, err, ErrOutOfTurn)
	if _, err := h.Show(2, h.Hole(2)); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Muck(0); err != nil { // QQ loses to AA: mucked
		t.Fatal(err)
	}
	// Pot 3 × 2 + 10 + 10 = 26 to seat 2.
	wantStacks(t, h, 88, 98, 114)

	// Checked down: the first player left of the button (seat 1) shows first.
	script(t, checked, "1:c", "2:c", "0:c")
	if checked.ShowdownTurn() != 1 {
		t.Fatalf("turn %d, want seat 1 left of the button", checked.ShowdownTurn())
	}
	// The last player in a pot cannot muck it: after 1 and 2 muck, seat 0
	// takes the pot without showing.
	if _, err := checked.Muck(1); err != nil {
		t.Fatal(err)
	}
	if _, err := checked.Muck(2); err != nil {
		t.Fatal(err)
	}
	if !checked.Over() || checked.Stack(0) != 104 {
		t.Fatalf("phase %v stack %d: seat 0 wins 6 uncontested", checked.Phase(), checked.Stack(0))
	}
}

// A straddle is a live blind: the first action is after it, the minimum raise
// is twice it, and the straddler has the option.
func TestStraddle(t *testing.T) {
	h := start(t, Config{Stacks: stacks(100, 100, 100, 100), SmallBlind: 1, BigBlind: 2, Straddle: 4})
	wantActor(t, h, 0)
	if l := h.Legal(); l.ToCall != 4 || l.MinRaiseTo != 8 {
		t.Fatalf("legal %+v, want call 4 or raise from 8", l)
	}
	script(t, h, "0:c", "1:c", "2:c")
	wantActor(t, h, 3)
	if l := h.Legal(); l.ToCall != 0 || !l.CanRaise {
		t.Fatalf("straddler legal %+v, want the option", l)
	}
}

// A player entering the game may post a big blind out of position (a
// "posted" blind, PokerStars' "posts big blind" from any seat): the post is
// a live bet, so the poster owes nothing more to call and has the option
// when the action reaches them, but the betting still starts after the big
// blind. Button 0, blinds 1 and 2 at seats 1 and 2, seat 4 posts 2: seat 3
// acts first; after 3 calls, 4 may check or raise; 5 and 0 call, 1
// completes, and the big blind (seat 2) closes the round with the option.
func TestPostedBlindOutOfPosition(t *testing.T) {
	h := start(t, Config{Stacks: stacks(100, 100, 100, 100, 100, 100), Button: 0, Blinds: []int64{0, 1, 2, 0, 2, 0}})
	wantActor(t, h, 3)
	script(t, h, "3:c")
	wantActor(t, h, 4)
	if l := h.Legal(); l.ToCall != 0 || !l.CanRaise || l.MinRaiseTo != 4 {
		t.Fatalf("poster legal %+v, want the option: check, or raise to 4", l)
	}
	script(t, h, "4:c", "5:c", "0:c", "1:c")
	wantActor(t, h, 2)
	if l := h.Legal(); l.ToCall != 0 || !l.CanRaise {
		t.Fatalf("big blind legal %+v, want the option", l)
	}
	script(t, h, "2:c")
	if h.Phase() != PhaseDealBoard || h.Pot() != 12 {
		t.Fatalf("phase %v pot %d, want the flop with 6 x 2 = 12 in the pot", h.Phase(), h.Pot())
	}
}
