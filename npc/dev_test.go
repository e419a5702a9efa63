package npc

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestDevSim(t *testing.T) {
	name := os.Getenv("NPCTABLE")
	if name == "" {
		t.Skip()
	}
	tb := loadTable(t, name)
	rep, err := Calibrate(tb, CalibrateOptions{Hands: 20000, Rounds: 4, Seed: 7, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%+v\n", rep)
	for k, m := range tb.Seats[1].Profile.Calibration.Maps {
		if strings.Contains(k, "turn") {
			fmt.Printf("%s %.3f\n", k, m)
		}
	}
	rec, _ := NewRecorder(tb, nil)
	res, err := Simulate(tb, SimOptions{Hands: 40000, Seed: 1, Threads: 2, HandSink: rec.Hand})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(res.Elapsed)
	checks := rec.Check(res)
	for i, s := range tb.Seats {
		fmt.Println(s.Name)
		for _, c := range checks[i] {
			if c.Opportunities == 0 {
				continue
			}
			fmt.Printf("  %-24s target %5.1f measured %5.1f  (%d) %v\n", c.Stat.Key(), 100*c.Target, 100*c.Measured, c.Opportunities, c.OK)
		}
	}
}
