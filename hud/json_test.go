package hud_test

import (
	"encoding/json"
	"testing"

	"pokerlab/hud"
)

// TestStatJSONIsNullWithoutData: a proportion has its value and Wilson
// interval, AF (a ratio) its value only, and a stat without opportunities
// neither.
func TestStatJSONIsNullWithoutData(t *testing.T) {
	lo, hi := hud.Count{Taken: 3, Opportunities: 10}.Wilson()
	for _, c := range []struct {
		name string
		stat hud.Stat
		c    hud.Count
		want string
	}{
		{"proportion", hud.VPIP, hud.Count{Taken: 3, Opportunities: 10}, `{"taken":3,"opportunities":10,"value":0.3,"ci95":[` + f(lo) + `,` + f(hi) + `]}`},
		{"ratio", hud.AF, hud.Count{Taken: 6, Opportunities: 4}, `{"taken":6,"opportunities":4,"value":1.5,"ci95":null}`},
		{"no data", hud.PFR, hud.Count{}, `{"taken":0,"opportunities":0,"value":null,"ci95":null}`},
		{"AF without calls", hud.AF, hud.Count{Taken: 2}, `{"taken":2,"opportunities":0,"value":null,"ci95":null}`},
	} {
		b, err := json.Marshal(c.c.JSON(c.stat))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("%s: %s, want %s", c.name, b, c.want)
		}
	}
	p := hud.Player{Hands: 7}
	if pj := p.JSON(); pj.Hands != 7 || len(pj.Stats) != int(hud.NumStats) {
		t.Errorf("player: %d hands, %d stats", pj.Hands, len(pj.Stats))
	}
}

func f(x float64) string {
	b, _ := json.Marshal(x)
	return string(b)
}
