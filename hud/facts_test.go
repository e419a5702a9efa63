package hud

import (
	"os"
	"path/filepath"
	"testing"

	"pokerlab/cards"
	"pokerlab/hh"
	"pokerlab/holdem"
)

// phhFacts computes the facts of h from its PHH actions alone, without
// the engine: the reference of Facts. Preflop raises are the cbr actions
// before the first board; a call is a cc facing more than the player has
// in (a check faces nothing); a player sees the flop without having
// folded before it; a showdown is two or more players left at the end;
// all-in is a player's chips all committed (blinds, antes, raise-to
// amounts and calls capped by the stack); hole cards are the dealt ones,
// else the shown ones.
func phhFacts(h *hh.Hand) (pot PotType, seats []SeatFacts) {
	n := h.NumPlayers()
	seats = make([]SeatFacts, n)
	folded := make([]bool, n)
	committed := make([]int64, n) // before this street
	bet := make([]int64, n)       // this street
	holes := make([][2]cards.Card, n)
	for i := range holes {
		holes[i] = [2]cards.Card{holdem.Unknown, holdem.Unknown}
		seats[i].Hole = -1
	}
	var current int64
	blinds := make([]int64, n)
	copy(blinds, h.Blinds)
	// Heads-up files write the blinds in either order: the first to act
	// preflop posted the small one.
	if n == 2 {
		for _, a := range h.Actions {
			if a.Player > 0 {
				if p := a.Player - 1; blinds[p] > blinds[1-p] {
					blinds[0], blinds[1] = blinds[1], blinds[0]
				}
				break
			}
		}
	}
	for i := range n {
		if i < len(h.Antes) {
			committed[i] += min(h.Antes[i], h.StartingStacks[i])
		}
		// A blind short of chips posts what it has; the bet to call is
		// the blind all the same.
		bet[i] = min(blinds[i], h.StartingStacks[i]-committed[i])
		current = max(current, blinds[i])
	}
	allIn := func(p int) {
		if committed[p]+bet[p] >= h.StartingStacks[p] {
			seats[p].AllIn = true
		}
	}
	for p := range n {
		allIn(p)
	}
	raises, calls, boards := 0, 0, 0
	for _, a := range h.Actions {
		p := a.Player - 1
		switch a.Kind {
		case hh.DealHole:
			r := a.Receiver - 1
			holes[r] = a.Hole()
		case hh.DealBoard:
			boards++
			if boards == 1 {
				for q := range n {
					seats[q].SawFlop = !folded[q]
				}
			}
			for q := range n {
				committed[q] += bet[q]
				bet[q] = 0
			}
			current = 0
		case hh.Fold:
			folded[p] = true
		case hh.CheckCall:
			if current > bet[p] && boards == 0 {
				calls++
			}
			bet[p] = min(current, h.StartingStacks[p]-committed[p])
			allIn(p)
		case hh.BetRaise:
			if boards == 0 {
				raises++
			}
			bet[p] = min(a.Amount, h.StartingStacks[p]-committed[p])
			current = max(current, bet[p])
			allIn(p)
		case hh.ShowMuck:
			if a.NCards >= 2 && holes[p][0] == holdem.Unknown {
				holes[p] = a.Hole()
			}
		}
	}
	left := 0
	for q := range n {
		if !folded[q] {
			left++
		}
	}
	for q := range n {
		seats[q].Showdown = left >= 2 && !folded[q]
		if hc := holes[q]; hc[0] != holdem.Unknown && hc[1] != holdem.Unknown {
			seats[q].Hole = cards.HoleIndex(hc[0], hc[1])
		}
	}
	switch {
	case raises >= 3:
		pot = Pot4Bet
	case raises == 2:
		pot = Pot3Bet
	case raises == 1:
		pot = PotSingleRaised
	case calls > 0 || boards > 0:
		pot = PotLimped
	default:
		pot = PotWalk
	}
	return pot, seats
}

// TestFactsEqualPHHReading: the facts of every real hand (HandHQ and the
// PokerStars and GGPoker fixtures of package hh), from the engine's event
// log, equal those read from the PHH actions by phhFacts; every pot type,
// flag and known and unknown cards occur.
func TestFactsEqualPHHReading(t *testing.T) {
	files, _ := filepath.Glob("../testdata/handhq/*.phhs")
	for _, dir := range []string{"../hh/testdata/pokerstars", "../hh/testdata/ggpoker"} {
		more, _ := filepath.Glob(dir + "/*.txt")
		files = append(files, more...)
	}
	if len(files) < 10 {
		t.Fatalf("%d files", len(files))
	}
	var r hh.Replayer
	var f HandFacts
	var seen [NumPotTypes]int
	var flop, sd, allin, known, unknown, hands int
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		hs, _, err := hh.ReadAny(file, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hs {
			if h.Cap > 0 || len(h.CashOuts) > 0 {
				continue // the engine's cap and cash-outs: no PHH reading of them here
			}
			if err := r.Replay(h); err != nil {
				continue
			}
			hands++
			Facts(&r.Hand, &f)
			pot, seats := phhFacts(h)
			if f.Pot != pot {
				t.Errorf("%s:%d: pot %s, PHH %s", h.File, h.Line, f.Pot, pot)
			}
			seen[f.Pot]++
			for s, want := range seats {
				if got := f.Seats[s]; got != want {
					t.Errorf("%s:%d: p%d facts %+v, PHH %+v", h.File, h.Line, s+1, got, want)
				}
				if want.SawFlop {
					flop++
				}
				if want.Showdown {
					sd++
				}
				if want.AllIn {
					allin++
				}
				if want.Hole >= 0 {
					known++
				} else {
					unknown++
				}
			}
		}
	}
	t.Logf("%d hands: pots %v, saw flop %d, showdown %d, all-in %d, cards known %d, unknown %d", hands, seen, flop, sd, allin, known, unknown)
	for p, n := range seen {
		if n == 0 {
			t.Errorf("no %s pot", PotType(p))
		}
	}
	if hands < 1500 || flop == 0 || sd == 0 || allin == 0 || known == 0 || unknown == 0 {
		t.Errorf("the hands do not cover the facts")
	}
}

// TestFactsAllocateNothing: Facts runs once per imported hand.
func TestFactsAllocateNothing(t *testing.T) {
	data, err := os.ReadFile("../testdata/handhq/real_handhq_100NLH.phhs")
	if err != nil {
		t.Fatal(err)
	}
	hs, err := hh.Parse("x", data)
	if err != nil {
		t.Fatal(err)
	}
	var r hh.Replayer
	if err := r.Replay(hs[1]); err != nil {
		t.Fatal(err)
	}
	var f HandFacts
	if n := testing.AllocsPerRun(100, func() { Facts(&r.Hand, &f) }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}
