package npc

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestDevSim(t *testing.T) {
	name := os.Getenv("NPCTABLE")
	if name == "" {
		t.Skip()
	}
	tb := loadTable(t, name)
	env := func(k string, d int) int {
		if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
			return v
		}
		return d
	}
	rep, err := Calibrate(tb, CalibrateOptions{Hands: env("NPCCAL", 20000), Rounds: env("NPCROUNDS", 4), Seed: 7, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%+v\n", rep)
	for k, m := range tb.Seats[1].Profile.Calibration.Maps {
		if strings.Contains(k, "bmcb") {
			fmt.Printf("%s %.3f\n", k, m)
		}
	}
	rec, _ := NewRecorder(tb, nil)
	res, err := Simulate(tb, SimOptions{Hands: env("NPCHANDS", 40000), Seed: 1, Threads: 2, HandSink: rec.Hand})
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
			if c.Opportunities >= 1000 {
				fmt.Printf("  %-24s target %5.1f measured %5.1f  (%d) %v %.2f\n", c.Stat.Key(), 100*c.Target, 100*c.Measured, c.Opportunities, c.OK, math.Abs(c.Measured-c.Target)/(c.Tolerance+2*c.StdErr))
			}
		}
	}
}
