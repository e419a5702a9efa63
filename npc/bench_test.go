package npc

import (
	"os"
	"sort"
	"testing"
	"time"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// benchTables returns the tables for benchmarks: the embedded ones, or with
// NPC_TABLES set, a table file.
func benchTables(b testing.TB) *Tables {
	if path := os.Getenv("NPC_TABLES"); path != "" {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		t, err := ReadTables(f, path)
		if err != nil {
			b.Fatal(err)
		}
		return t
	}
	return DefaultTables()
}

func archetypeTable(b testing.TB, names ...string) *Table {
	tb := &Table{SmallBlind: 1, BigBlind: 2, Stack: 200}
	for _, n := range names {
		p, err := Archetype(n)
		if err != nil {
			b.Fatal(err)
		}
		tb.Seats = append(tb.Seats, Seat{Name: n, ProfileRef: n, Profile: p})
	}
	return tb
}

var sixMax = []string{"nit", "tag", "lag", "calling-station", "maniac", "regular"}

func BenchmarkSimulate(b *testing.B) {
	tab := benchTables(b)
	tb := archetypeTable(b, sixMax...)
	b.ReportAllocs()
	hands := 0
	for b.Loop() {
		if _, err := Simulate(tb, SimOptions{Hands: 2000, Seed: uint64(hands), Threads: 1, Tables: tab}); err != nil {
			b.Fatal(err)
		}
		hands += 2000
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}

// decisionStates plays hands of the six-max archetypes and keeps a copy of
// the hand at every decision, with the bot to act.
func decisionStates(b testing.TB, hands int) ([]*holdem.Hand, []*Bot) {
	return mixedDecisionStates(b, hands, 0)
}

// mixedDecisionStates is decisionStates with every profile's preflop
// mixing set to sigma.
func mixedDecisionStates(b testing.TB, hands int, sigma float64) ([]*holdem.Hand, []*Bot) {
	tab := benchTables(b)
	tb := archetypeTable(b, sixMax...)
	bots := make([]*Bot, len(tb.Seats))
	for i, s := range tb.Seats {
		p := *s.Profile
		p.PreflopMixing = sigma
		bots[i], _ = NewBot(&p, tab)
	}
	var states []*holdem.Hand
	var who []*Bot
	cfg := tb.Config(0)
	for i := range hands {
		cfg.Button = i % len(tb.Seats)
		h, err := holdem.NewHand(&cfg, cards.NewDeck(uint64(i)))
		if err != nil {
			b.Fatal(err)
		}
		for !h.Over() {
			s := h.Actor()
			states = append(states, h.Clone())
			who = append(who, bots[s])
			a, err := bots[s].DecideHand(h, uint64(i))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := h.Apply(s, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	return states, who
}

// BenchmarkDecide times the decision API over the decisions of 500 six-max
// hands (preflop and postflop as they come), one core; it reports the mean
// and the 99th percentile.
func BenchmarkDecide(b *testing.B) { benchmarkDecide(b, 0) }

// BenchmarkDecideMixing: the same decisions by bots with a preflop mixing
// of 14 % (Pluribus's, npc/testdata/pluribus).
func BenchmarkDecideMixing(b *testing.B) { benchmarkDecide(b, 0.14) }

func benchmarkDecide(b *testing.B, sigma float64) {
	states, bots := mixedDecisionStates(b, 500, sigma)
	lat := make([]time.Duration, 0, len(states))
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		j := i % len(states)
		t0 := time.Now()
		if _, err := bots[j].DecideHand(states[j], uint64(i)); err != nil {
			b.Fatal(err)
		}
		if len(lat) < cap(lat) {
			lat = append(lat, time.Since(t0))
		}
		i++
	}
	sort.Slice(lat, func(x, y int) bool { return lat[x] < lat[y] })
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds()), "p99-ns")
	}
}

// BenchmarkDecidePostflop times postflop decisions only (the Monte Carlo
// strength estimate dominates).
func BenchmarkDecidePostflop(b *testing.B) {
	states, bots := decisionStates(b, 1500)
	var post []*holdem.Hand
	var pb []*Bot
	for i, h := range states {
		if h.Street() != holdem.Preflop {
			post, pb = append(post, h), append(pb, bots[i])
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		j := i % len(post)
		if _, err := pb[j].DecideHand(post[j], uint64(i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
