package npc

import (
	"os"
	"testing"
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
