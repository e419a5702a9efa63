package npc

import (
	"bytes"
	"math"
	"testing"

	"pokerlab/hh"
	"pokerlab/hud"
)

// The real hands hold no player with 2,000 hands (the most is 342; see the
// report), so the must-show uses a synthetic history: the LAG seat of the
// six-max table plays 6,000 hands written as PHH, is cloned back from the
// file through the HUD, and the clone, seated in its place, reproduces the
// player's VPIP, PFR and flop CB within 2 points in simulation.
func TestCloneReproducesPlayer(t *testing.T) {
	tb := loadTable(t, "sixmax.toml")
	if _, err := Calibrate(tb, CalibrateOptions{Hands: 8000, Rounds: 6, Seed: 21, Threads: -1}); err != nil {
		t.Fatal(err)
	}
	var phh bytes.Buffer
	rec, _ := NewRecorder(tb, &phh)
	res, err := Simulate(tb, SimOptions{Hands: 6000, Seed: 22, Threads: -1, HandSink: rec.Hand})
	if err != nil || rec.Err() != nil {
		t.Fatal(err, rec.Err())
	}
	hands, err := hh.Parse("sim.phhs", phh.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	tr := hud.NewTracker()
	var r hh.Replayer
	if n, skipped := tr.AddPHH(hands, &r); n != len(hands) || len(skipped) > 0 {
		t.Fatalf("%d of %d hands replayed: %v", n, len(hands), skipped)
	}
	const who = "Lara"
	c, n, ok := PlayerCounts(tr, who)
	if !ok || n < 2000 {
		t.Fatalf("%s: %d hands", who, n)
	}
	// The HUD over the PHH file equals the HUD over the engine's hands.
	seat := 2
	if live := rec.Measured(seat); *live != c {
		t.Fatal("HUD over the PHH file differs from the HUD over the simulated hands")
	}
	cl, err := Clone(c, n, who+"-clone", CloneOptions{})
	if err != nil {
		t.Fatal(err)
	}
	real := map[Stat]float64{}
	for _, s := range []Stat{VPIP, PFR, PostflopStat(CBet, FlopIdx)} {
		real[s] = float64(c.Taken[s]) / float64(c.Opps[s])
		if !cl.Own[s] {
			t.Fatalf("%v fell back to the population with %d opportunities", s, c.Opps[s])
		}
	}
	tb.Seats[seat].Profile = cl.Profile
	tb.Seats[seat].ProfileRef = "clone"
	if _, err := Calibrate(tb, CalibrateOptions{Hands: 8000, Rounds: 6, Seed: 23, Threads: -1}); err != nil {
		t.Fatal(err)
	}
	rec2, _ := NewRecorder(tb, nil)
	if _, err := Simulate(tb, SimOptions{Hands: 20000, Seed: 24, Threads: -1, HandSink: rec2.Hand}); err != nil {
		t.Fatal(err)
	}
	got := rec2.Measured(seat)
	for s, want := range real {
		m := float64(got.Taken[s]) / float64(got.Opps[s])
		t.Logf("%s: player %.2f%% (%d opportunities), clone in simulation %.2f%% (%d)", s.Key(), 100*want, c.Opps[s], 100*m, got.Opps[s])
		if math.Abs(m-want) > 0.02 {
			t.Errorf("%s: clone %.2f%%, player %.2f%%: more than 2 points apart", s.Key(), 100*m, 100*want)
		}
	}
	_ = res
}

func TestCloneFallsBackAndRepairs(t *testing.T) {
	var c Counts
	c.Opps[VPIP], c.Taken[VPIP] = 100, 20
	c.Opps[PFR], c.Taken[PFR] = 100, 15
	fc := PostflopStat(FoldToCBet, FlopIdx)
	c.Opps[fc], c.Taken[fc] = 60, 57 // 95 % folds; the population's raise must give way
	cl, err := Clone(c, 100, "x", CloneOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p := cl.Profile
	if p.Stats[VPIP] != 0.20 || !cl.Own[VPIP] || cl.Own[ThreeBet] {
		t.Errorf("vpip %v own %v, three_bet own %v", p.Stats[VPIP], cl.Own[VPIP], cl.Own[ThreeBet])
	}
	pop, _ := Archetype("regular")
	if p.Stats[ThreeBet] != pop.Stats[ThreeBet] {
		t.Errorf("three_bet %v, population %v", p.Stats[ThreeBet], pop.Stats[ThreeBet])
	}
	if rc := p.Stats[PostflopStat(RaiseCBet, FlopIdx)]; math.Abs(rc-0.05) > 1e-9 {
		t.Errorf("raise_cbet_flop %v, want lowered to 5%%", rc)
	}
}
