package npcplot

import (
	"bytes"
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
