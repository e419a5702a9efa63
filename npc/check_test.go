package npc

import (
	"testing"

	"pokerlab/hud"
)

// TestCheckUsesTheHUDInterval: a check's interval is the HUD's Wilson
// interval of the same counts, and the whole [0, 1] for a stat never
// measured.
func TestCheckUsesTheHUDInterval(t *testing.T) {
	p, err := Archetype("regular")
	if err != nil {
		t.Fatal(err)
	}
	var c Counts
	c.Taken[VPIP], c.Opps[VPIP] = 27, 100
	checks := CheckStats(p, &c, nil)
	lo, hi := hud.Count{Taken: 27, Opportunities: 100}.Wilson()
	if got := checks[VPIP].CI95; got != [2]float64{lo, hi} {
		t.Errorf("vpip 27/100: %v, want [%g, %g]", got, lo, hi)
	}
	if got := checks[PFR].CI95; got != [2]float64{0, 1} {
		t.Errorf("pfr 0/0: %v, want [0, 1]", got)
	}
}
