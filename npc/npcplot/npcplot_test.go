package npcplot

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"pokerlab/npc"
)

func TestPlotStrengthFormats(t *testing.T) {
	tab := npc.DefaultTables()
	for _, f := range []string{"png", "svg"} {
		var b bytes.Buffer
		if err := PlotStrength(&b, f, tab, 3); err != nil {
			t.Fatal(err)
		}
		if b.Len() < 1000 {
			t.Errorf("%s figure of %d bytes", f, b.Len())
		}
	}
	if err := PlotStrength(&bytes.Buffer{}, "gif", tab, 3); err == nil {
		t.Error("gif: no error")
	}
}

// TestStrengthTitleWritesSubscript: the title names φ₃ with a Unicode
// subscript, not φ_3.
func TestStrengthTitleWritesSubscript(t *testing.T) {
	var b bytes.Buffer
	if err := PlotStrength(&b, "svg", npc.DefaultTables(), 3); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.Contains(s, "φ₃(p)") || strings.Contains(s, "φ_") {
		t.Error("the title does not write φ₃(p)")
	}
}

// TestPlotValidationRates: the validation figure labels every rate with
// enough held-out opportunities, leaves out the others and those the
// simulation did not see, and writes PNG and SVG.
func TestPlotValidationRates(t *testing.T) {
	rep := &npc.ValidateReport{Player: "Alice", Held: 500, SimHands: 20000, Rates: []npc.RateCompare{
		{Key: "vpip", Held: 0.25, HeldOpps: 500, Sim: 0.24, SimOpps: 20000},
		{Key: "position.btn.rfi", Held: 0.45, HeldOpps: 80, Sim: 0.44, SimOpps: 3000},
		{Key: "cbet_river", Held: 0.5, HeldOpps: 10, Sim: 0.5, SimOpps: 400},
		{Key: "srp.ip.donk_flop", Held: 0.1, HeldOpps: 60, Sim: math.NaN()},
	}}
	var svg bytes.Buffer
	if err := PlotValidation(&svg, "svg", rep, 30); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	for _, want := range []string{"vpip", "position.btn.rfi", "Alice"} {
		if !strings.Contains(s, want) {
			t.Errorf("the figure does not name %s", want)
		}
	}
	for _, not := range []string{"cbet_river", "srp.ip.donk_flop"} {
		if strings.Contains(s, not) {
			t.Errorf("the figure names %s", not)
		}
	}
	var png bytes.Buffer
	if err := PlotValidation(&png, "png", rep, 30); err != nil || png.Len() < 1000 {
		t.Fatalf("png: %v, %d bytes", err, png.Len())
	}
}
