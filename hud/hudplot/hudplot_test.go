package hudplot

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"pokerlab/hud"
)

// TestGraphWritesEachFormat: the graph of a few hands is a valid PNG and
// an SVG naming the four lines with their totals.
func TestGraphWritesEachFormat(t *testing.T) {
	points := []hud.Point{{Net: 2, EV: 1, Showdown: true}, {Net: -1, EV: -1}, {Net: 3, EV: 3.5}}
	var b bytes.Buffer
	if err := Write(&b, "svg", "Hero", points); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"won (+4.0 bb)", "all-in EV (+3.5 bb)", "showdown (+2.0 bb)", "non-showdown (+2.0 bb)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the SVG does not name %q", want)
		}
	}
	b.Reset()
	if err := Write(&b, "png", "Hero", points); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&b); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, "svg", "Hero", nil); err == nil || !strings.Contains(err.Error(), "no hands") {
		t.Errorf("no hands: %v", err)
	}
}

// TestThinKeepsTheEnds: a long curve is drawn with at most MaxPoints+2
// points, from the origin to its last hand.
func TestThinKeepsTheEnds(t *testing.T) {
	for _, n := range []int{1, 5, MaxPoints, MaxPoints + 1, 3*MaxPoints + 7} {
		ys := make([]float64, n)
		for i := range ys {
			ys[i] = float64(i)
		}
		xy := thin(ys)
		if len(xy) > MaxPoints+2 || xy[0].X != 0 || xy[len(xy)-1].X != float64(n) || xy[len(xy)-1].Y != ys[n-1] {
			t.Errorf("%d hands: %d points, from %v to %v", n, len(xy), xy[0], xy[len(xy)-1])
		}
		for i := 1; i < len(xy); i++ {
			if xy[i].X <= xy[i-1].X {
				t.Fatalf("%d hands: x not increasing at %d", n, i)
			}
		}
	}
}
