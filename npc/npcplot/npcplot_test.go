package npcplot

import (
	"bytes"
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
