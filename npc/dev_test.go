package npc

import (
	"fmt"
	"os"
	"testing"
	"time"
)

func TestDevSim(t *testing.T) {
	if os.Getenv("NPCDEV") == "" {
		t.Skip()
	}
	var tab *Tables
	if f, err := os.Open("/tmp/tb/strength.bin"); err == nil {
		tab, err = ReadTables(f, "x")
		if err != nil {
			t.Fatal(err)
		}
	} else {
		tab, _ = Build(BuildOptions{Samples: 64, Seed: 1, Threads: 2})
	}
	tb := &Table{SmallBlind: 1, BigBlind: 2, Stack: 200}
	for _, n := range []string{"nit", "tag", "lag", "calling-station", "maniac", "regular"} {
		p, err := Archetype(n)
		if err != nil {
			t.Fatal(err)
		}
		tb.Seats = append(tb.Seats, Seat{Name: n, ProfileRef: n, Profile: p})
	}
	rep, err := Calibrate(tb, CalibrateOptions{Hands: 20000, Rounds: 4, Seed: 7, Threads: 2, Tables: tab})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%+v\n", rep)
	t0 := time.Now()
	res, err := Simulate(tb, SimOptions{Hands: 20000, Seed: 1, Threads: 2, Tables: tab})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(time.Since(t0))
	for i, s := range res.Seats {
		fmt.Println(tb.Seats[i].Name)
		for st := range Stat(NumStats) {
			c := s.Policy
			if c.Opps[st] == 0 {
				continue
			}
			fmt.Printf("  %-24s target %5.1f measured %5.1f  (%d)\n", st.Key(), 100*tb.Seats[i].Profile.Stats[st], 100*float64(c.Taken[st])/float64(c.Opps[st]), c.Opps[st])
		}
	}
}

func TestDevSmallTables(t *testing.T) {
	if os.Getenv("NPCSMALL") == "" {
		t.Skip()
	}
	tab, _ := Build(BuildOptions{Samples: 64, Seed: 1, Threads: 2})
	f, _ := os.Create("/tmp/tb/small.bin")
	tab.WriteTo(f)
	f.Close()
}
