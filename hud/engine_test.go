package hud_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"pokerlab/cards"
	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// TestEngineAndPHHAgree: simulated hands tallied from the engine directly
// and the same hands written as PHH, read back and tallied give identical
// statistics (one code path, and a lossless history).
func TestEngineAndPHHAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	deck := cards.NewDeck(13)
	names := []string{"A", "B", "C", "D", "E", "F"}
	cfg := holdem.Config{Stacks: make([]int64, 6), SmallBlind: 1, BigBlind: 2}
	// Random play goes all-in multiway preflop every few hands: the
	// adjustment is compared in TestEngineAndRecordedMoneyAgree.
	direct := hud.NewTracker()
	direct.NoAllInEV = true
	var hands []*hh.Hand
	var g holdem.Hand
	for i := range 3000 {
		cfg.Button = i % 6
		// Seats rotate with the button, players stay: seat s holds names[(s+i)%6].
		seated := make([]string, 6)
		for s := range 6 {
			cfg.Stacks[s] = 40 + r.Int64N(400)
			seated[s] = names[(s+i)%6]
		}
		if err := g.Reset(&cfg, deck); err != nil {
			t.Fatal(err)
		}
		holdem.PlayRandom(&g, r)
		direct.Add(&g, seated)
		h := hh.FromEngine(&g, seated, 0)
		h.Name = fmt.Sprint(i + 1)
		hands = append(hands, h)
	}
	var b bytes.Buffer
	if err := hh.Write(&b, hands); err != nil {
		t.Fatal(err)
	}
	back, err := hh.Parse("sim.phhs", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	viaPHH := hud.NewTracker()
	viaPHH.NoAllInEV = true
	var rp hh.Replayer
	if n, skipped := viaPHH.AddPHH(back, &rp); n != 3000 || len(skipped) != 0 {
		t.Fatalf("%d hands, skipped %v", n, skipped)
	}
	var taken [hud.NumStats]bool
	for _, name := range names {
		p, _ := direct.Player(name)
		q, _ := viaPHH.Player(name)
		if p.Hands != 3000 || p.Hands != q.Hands || p.Counts != q.Counts || p.Money != q.Money {
			t.Fatalf("%s: engine tally %+v, PHH tally %+v", name, p, q)
		}
		for st, c := range p.Counts {
			taken[st] = taken[st] || c.Taken > 0
		}
	}
	for st, ok := range taken {
		if !ok {
			t.Errorf("stat %s never taken in random play", hud.Stat(st).Key())
		}
	}
}

// BenchmarkAddEngineHand is the cost the HUD adds to a simulation: tally one
// finished six-handed hand from its events.
func BenchmarkAddEngineHand(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	deck := cards.NewDeck(3)
	cfg := holdem.Config{Stacks: []int64{200, 200, 200, 200, 200, 200}, SmallBlind: 1, BigBlind: 2}
	var hs [64]holdem.Hand
	for i := range hs {
		cfg.Button = i % 6
		if err := hs[i].Reset(&cfg, deck); err != nil {
			b.Fatal(err)
		}
		holdem.PlayRandom(&hs[i], r)
	}
	names := []string{"A", "B", "C", "D", "E", "F"}
	t := hud.NewTracker()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		t.Add(&hs[i%len(hs)], names)
		i++
	}
}

// Tally simulated hands directly from the engine.
func Example() {
	cfg := holdem.Config{Stacks: []int64{100, 100, 100}, SmallBlind: 1, BigBlind: 2}
	var g holdem.Hand
	g.Reset(&cfg, cards.NewDeck(1))
	g.BetRaise(0, 6) // the button steals
	g.Fold(1)        // the small blind folds
	g.Fold(2)        // the big blind folds
	t := hud.NewTracker()
	t.Add(&g, []string{"Ann", "Bob", "Cat"})
	for _, name := range []string{"Ann", "Bob", "Cat"} {
		p, _ := t.Player(name)
		steal, fsb, fbb := p.Counts[hud.Steal], p.Counts[hud.FoldToStealSB], p.Counts[hud.FoldToStealBB]
		fmt.Printf("%s: steal %d/%d, fold to steal SB %d/%d, BB %d/%d\n", name,
			steal.Taken, steal.Opportunities, fsb.Taken, fsb.Opportunities, fbb.Taken, fbb.Opportunities)
	}
	lo, hi := hud.Count{Taken: 5, Opportunities: 10}.Wilson()
	fmt.Printf("5/10: 95%% CI %.4f..%.4f\n", lo, hi)
	// Output:
	// Ann: steal 1/1, fold to steal SB 0/0, BB 0/0
	// Bob: steal 0/0, fold to steal SB 1/1, BB 0/0
	// Cat: steal 0/0, fold to steal SB 0/0, BB 1/1
	// 5/10: 95% CI 0.2366..0.7634
}

// TestOpenerFacesEachReRaiseOnce shows why the guards of Fold to 3Bet and
// Fold to 4Bet (count the opener only at its first decision facing exactly
// two raises; the 3-bettor only at its first facing exactly three) change
// no count, so that removing one leaves every test green (a mutant that
// survived): the preflop raise count never falls, and after a player's
// decision at a given count the player acts again only when the bet rises,
// that is after another raise (a short all-in over the bet is a raise too).
// A fold ends the player's hand and a raise moves the count on. So no player
// has two decisions at one raise count, which this test checks on 30,000
// random hands of 2 to 9 players with random short stacks, antes and
// straddles — all-ins for less than a raise included — and on the real
// HandHQ hands. The guards stay, as the definition's wording.
func TestOpenerFacesEachReRaiseOnce(t *testing.T) {
	check := func(where string, g *holdem.Hand) {
		raises := 0
		var seen [holdem.MaxSeats][16]bool // seat, raise count: a decision there
		for _, e := range g.Events() {
			if e.Kind == holdem.EvBoard {
				return // preflop only
			}
			if !e.Kind.IsAction() {
				continue
			}
			k := min(raises, 15)
			if seen[e.Seat][k] {
				t.Fatalf("%s: seat %d decides twice facing %d raises", where, e.Seat, raises)
			}
			seen[e.Seat][k] = true
			if e.Kind == holdem.EvRaise || e.Kind == holdem.EvBet {
				raises++
			}
		}
	}
	r := rand.New(rand.NewPCG(20, 11))
	deck := cards.NewDeck(21)
	var g holdem.Hand
	shortAllIns := 0
	for i := range 30000 {
		n := 2 + i%8
		cfg := holdem.Config{Stacks: make([]int64, n), SmallBlind: 1, BigBlind: 2, Button: i % n}
		for s := range cfg.Stacks {
			cfg.Stacks[s] = 1 + r.Int64N(60) // many all-ins, often for less than a raise
		}
		if i%3 == 0 {
			cfg.Ante = 1
		}
		if n >= 3 && i%4 == 1 {
			cfg.Straddle = 4
		}
		if err := g.Reset(&cfg, deck); err != nil {
			t.Fatal(err)
		}
		holdem.PlayRandom(&g, r)
		check(fmt.Sprintf("random hand %d", i+1), &g)
		// Count preflop all-in raises smaller than the last full raise.
		lastFull := cfg.BigBlind
		for _, e := range g.Events() {
			if e.Kind == holdem.EvBoard {
				break
			}
			if e.Kind == holdem.EvRaise {
				if inc := e.To - e.Prev; inc < lastFull {
					shortAllIns++
				} else {
					lastFull = inc
				}
			}
		}
	}
	if shortAllIns < 100 {
		t.Errorf("only %d all-in raises for less than a full raise: the hands should exercise them", shortAllIns)
	}
	files, _ := filepath.Glob("../testdata/handhq/*.phhs")
	if len(files) == 0 {
		t.Fatal("no HandHQ data in ../testdata/handhq")
	}
	var rp hh.Replayer
	real := 0
	for _, f := range files {
		hands, err := hh.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			if rp.Replay(h) == nil {
				check(f+" "+h.Name, &rp.Hand)
				real++
			}
		}
	}
	t.Logf("30000 random hands (%d short all-in raises), %d real hands", shortAllIns, real)
}
