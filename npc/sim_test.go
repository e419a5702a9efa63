package npc

import (
	"flag"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"pokerlab/cards"
	"pokerlab/holdem"
)

var long = flag.Bool("long", false, "run the 200,000-hand acceptance simulations")

func loadTable(t testing.TB, name string) *Table {
	tb, err := ReadTableFile(filepath.Join("testdata", "tables", name))
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// acceptance calibrates a table, plays hands and applies the acceptance rule:
// every stat with at least 1,000 opportunities within its tolerance (1 point
// for VPIP, PFR, 3Bet and flop CB, 2 points otherwise) plus two standard
// errors; the measured stats come from the HUD over the hands played.
func acceptance(t *testing.T, tb *Table, calHands, rounds, hands int, seed uint64) *SimResult {
	t.Helper()
	if _, err := Calibrate(tb, CalibrateOptions{Hands: calHands, Rounds: rounds, Seed: seed + 1000, Threads: -1}); err != nil {
		t.Fatal(err)
	}
	rec, _ := NewRecorder(tb, nil)
	res, err := Simulate(tb, SimOptions{Hands: hands, Seed: seed, Threads: -1, HandSink: rec.Hand})
	if err != nil {
		t.Fatal(err)
	}
	checks := rec.Check(res)
	checked, worst := 0, 0.0
	var report strings.Builder
	for i, seat := range tb.Seats {
		fmt.Fprintf(&report, "%s (%s):", seat.Name, seat.ProfileRef)
		for _, c := range checks[i] {
			if c.Opportunities < MinCheckedOpportunities {
				continue
			}
			checked++
			d := math.Abs(c.Measured-c.Target) / (c.Tolerance + 2*c.StdErr)
			worst = max(worst, d)
			fmt.Fprintf(&report, " %s %.1f/%.1f", c.Stat.Key(), 100*c.Measured, 100*c.Target)
			if !c.OK {
				t.Errorf("%s %s: measured %.2f%% target %.2f%% (%d opportunities, tolerance %.0f + 2·%.2f points)",
					seat.Name, c.Stat.Key(), 100*c.Measured, 100*c.Target, c.Opportunities, 100*c.Tolerance, 100*c.StdErr)
			}
		}
		report.WriteString("\n")
	}
	t.Logf("%d hands, %.0f hands/s; %d stats with ≥ %d opportunities, worst |error|/allowed = %.2f\n%s",
		hands, float64(hands)/res.Elapsed.Seconds(), checked, MinCheckedOpportunities, worst, report.String())
	if checked == 0 {
		t.Fatal("no stat reached the opportunity threshold")
	}
	return res
}

func TestAcceptanceShort(t *testing.T) {
	if *long {
		t.Skip("the -long run replaces it")
	}
	for _, c := range []struct {
		table           string
		calHands, hands int
	}{
		{"sixmax.toml", 12000, 30000},
		{"threehanded.toml", 8000, 20000},
		{"headsup.toml", 8000, 20000},
	} {
		t.Run(c.table, func(t *testing.T) {
			res := acceptance(t, loadTable(t, c.table), c.calHands, 6, c.hands, 11)
			checkMonotone(t, loadTable(t, c.table), res, 200)
		})
	}
}

// TestAcceptanceLong is the long acceptance run: 200,000 hands at a six-max,
// a three-handed and a heads-up table, after calibrating with 6 rounds of
// 300,000 hands (other seeds). Run with
//
//	go test ./npc -run AcceptanceLong -long -timeout 60m -v
func TestAcceptanceLong(t *testing.T) {
	if !*long {
		t.Skip("run with -long")
	}
	for _, name := range []string{"sixmax.toml", "threehanded.toml", "headsup.toml"} {
		t.Run(name, func(t *testing.T) {
			tb := loadTable(t, name)
			res := acceptance(t, tb, 300000, 6, 200000, 2026)
			checkMonotone(t, tb, res, 1000)
		})
	}
}

// checkMonotone checks that at every decision type the mean strength of the
// hands that raise exceeds that of the hands that call, which exceeds that of
// the hands that fold, and that bets are stronger than checks (seats that
// bluff are exempt from the aggressive side: their bluffs come from the
// bottom of the range by design).
func checkMonotone(t *testing.T, tb *Table, res *SimResult, minN int64) {
	t.Helper()
	pairs := 0
	for i, seat := range tb.Seats {
		s := &res.Seats[i]
		for k := range numKinds {
			for st := range holdem.NumStreets {
				var mean [3]float64
				var n [3]int64
				for a := range 3 {
					n[a] = s.EquityN[k][st][a]
					if n[a] > 0 {
						mean[a] = s.EquitySum[k][st][a] / float64(n[a])
					}
				}
				check := func(hi, lo int) {
					if n[hi] < minN || n[lo] < minN {
						return
					}
					if hi == 2 && seat.Profile.Bluff > 0 {
						return
					}
					pairs++
					if mean[hi] <= mean[lo] {
						t.Errorf("%s %v %v: mean strength of action %d (%.4f, n=%d) ≤ action %d (%.4f, n=%d)",
							seat.Name, holdem.Street(st), k, hi, mean[hi], n[hi], lo, mean[lo], n[lo])
					}
				}
				check(2, 1)
				check(1, 0)
				check(2, 0)
			}
		}
	}
	if pairs == 0 {
		t.Error("no decision type had enough samples to compare")
	}
}

func TestSimulateDeterministic(t *testing.T) {
	tb := loadTable(t, "sixmax.toml")
	a, err := Simulate(tb, SimOptions{Hands: 600, Seed: 5, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Simulate(tb, SimOptions{Hands: 600, Seed: 5, Threads: 2})
	c, _ := Simulate(tb, SimOptions{Hands: 600, Seed: 6, Threads: 2})
	for i := range a.Seats {
		if a.Seats[i].Policy != b.Seats[i].Policy || a.Seats[i].EquitySum != b.Seats[i].EquitySum {
			t.Fatalf("seat %d: one and two threads differ", i)
		}
	}
	same := true
	for i := range a.Seats {
		same = same && a.Seats[i].Policy == c.Seats[i].Policy
	}
	if same {
		t.Fatal("seeds 5 and 6 played the same hands")
	}
}

// The decision API replays the log and must choose exactly what the
// incremental simulation path chooses; concurrent calls agree.
func TestDecideMatchesSimulation(t *testing.T) {
	tb := loadTable(t, "sixmax.toml")
	tab := DefaultTables()
	bots := make([]*Bot, len(tb.Seats))
	for i, s := range tb.Seats {
		bots[i], _ = NewBot(s.Profile, tab)
	}
	w := newSimWorker(tb, bots, SimOptions{Seed: 3})
	for s := range w.players {
		w.players[s].Record = nil
	}
	decisions := 0
	for i := range 150 {
		handSeed := uint64(i) * 1234567
		w.deal(i, handSeed)
		seen := 0
		for {
			w.sync(&seen)
			if w.hand.Over() {
				break
			}
			s := w.hand.Actor()
			st := w.hand.Public(s)
			want := w.players[s].decide(&w.tr, &st)
			var got [4]holdem.Action
			var errs [4]error
			var wg sync.WaitGroup
			for g := range got {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[g], errs[g] = bots[s].DecideHand(&w.hand, handSeed)
				}()
			}
			wg.Wait()
			for g := range got {
				if errs[g] != nil || got[g] != want {
					t.Fatalf("hand %d seat %d: Decide gave %v (%v), the simulation %v", i, s, got[g], errs[g], want)
				}
			}
			decisions++
			if _, err := w.hand.Apply(s, want); err != nil {
				t.Fatal(err)
			}
		}
	}
	if decisions < 500 {
		t.Fatalf("only %d decisions", decisions)
	}
}

func TestDecideErrors(t *testing.T) {
	p, _ := Archetype("tag")
	b, _ := NewBot(p, nil)
	cfg := holdem.Config{Stacks: []int64{200, 200, 200}, SmallBlind: 1, BigBlind: 2}
	h, err := holdem.NewHand(&cfg, cards.NewDeck(1))
	if err != nil {
		t.Fatal(err)
	}
	st := h.Public(h.Actor())
	hole := cards.Hole{cards.MustParse("As"), cards.MustParse("As")}
	if _, err := b.Decide(st, h.Events(), hole, 1); err == nil || !strings.Contains(err.Error(), "distinct") {
		t.Errorf("same card twice: %v", err)
	}
	st.Phase = holdem.PhaseOver
	if _, err := b.Decide(st, h.Events(), cards.Hole{cards.MustParse("As"), cards.MustParse("Kd")}, 1); err == nil {
		t.Error("no decision pending: no error")
	}
}
