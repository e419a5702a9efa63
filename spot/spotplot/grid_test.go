package spotplot

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"pokerlab/cards"
	"pokerlab/internal/figure/plotx"
	"pokerlab/spot"
)

const riverSpot = `board = "AhKd7c5s2h"
pot = 100
stack = 150
oop = "AA,KK,77,AK,QJs,65s,T9s"
ip = "KK,AQ,77,T9s,JJ"
[sizes]
bet = "50%, a"
raise = "a"
`

// weightedSpot has OOP hold whole classes (AA: the three combinations the
// board leaves; QJs), half classes by weight (KK:0.5, three combinations
// left) and by combinations (three of the six JJ), and nothing else.
const weightedSpot = `board = "AhKd7c5s2h"
pot = 100
stack = 150
oop = "AA,KK:0.5,QJs,JhJd,JcJs,JhJc"
ip = "QQ,T9s"
[sizes]
bet = "50%"
raise = "a"
`

func solved(t *testing.T, src string) (*spot.Game, spot.Strategy) {
	t.Helper()
	sp, err := spot.ParseSpot(src, "t.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := spot.NewGame(sp, spot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := spot.NewSolver(g, spot.SolveOptions{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	s.Iterate(20)
	return g, s.Average()
}

func report(t *testing.T, g *spot.Game, σ spot.Strategy, line string) *spot.Report {
	t.Helper()
	l, err := g.ParseLine(line)
	if err != nil {
		t.Fatal(err)
	}
	return g.Report(σ, l)
}

func class(t *testing.T, s string) cards.StartingHand {
	t.Helper()
	c, err := cards.ParseStartingHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestGridFiles draws a decision node as SVG and PNG: both files are
// written, the SVG holds every class label and the legend; a chance or
// terminal node is an error.
func TestGridFiles(t *testing.T) {
	g, σ := solved(t, riverSpot)
	r := report(t, g, σ, "b50")
	dir := t.TempDir()
	for _, name := range []string{"grid.svg", "grid.png"} {
		path := filepath.Join(dir, name)
		if err := Save(r, "AhKd7c5s2h b50", path); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path)
		if err != nil || st.Size() < 1000 {
			t.Fatalf("%s: %v, %d bytes", name, err, st.Size())
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "grid.svg"))
	for _, want := range []string{"AKs", "AKo", "72o", "AA", "22", "fold", "call", "all-in 150", "IP to act at", "not in the range"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	if err := Save(report(t, g, σ, "x x"), "", filepath.Join(dir, "x.svg")); err == nil {
		t.Errorf("a terminal node drew a grid")
	}
}

// TestClassWeightsAreShareOfCombosHeld: at the root a class's weight is the
// share of its combinations (those the board leaves) in the range — range
// weights and single combinations alike — and 0 outside it; further down
// it is the share still held, the player's own strategy included.
func TestClassWeightsAreShareOfCombosHeld(t *testing.T) {
	g, σ := solved(t, weightedSpot)
	w := ClassWeights(report(t, g, σ, ""))
	for _, c := range []struct {
		class string
		want  float64
	}{{"AA", 1}, {"KK", 0.5}, {"JJ", 0.5}, {"QJs", 1}, {"QQ", 0}, {"72o", 0}, {"AKo", 0}} {
		if got := w[class(t, c.class)]; math.Abs(got-c.want) > 1e-6 {
			t.Errorf("%s: weight %v, want %v", c.class, got, c.want)
		}
	}
	// After OOP's bet, IP to act: IP's weights are its range (IP has not
	// acted). OOP's at its raise decision scale by its betting frequency.
	ip := ClassWeights(report(t, g, σ, "b50"))
	if ip[class(t, "QQ")] != 1 || ip[class(t, "T9s")] != 1 || ip[class(t, "AA")] != 0 {
		t.Errorf("IP facing the bet: QQ %v, T9s %v, AA %v", ip[class(t, "QQ")], ip[class(t, "T9s")], ip[class(t, "AA")])
	}
	root := report(t, g, σ, "")
	lw := ClassWeights(report(t, g, σ, "x b50"))
	var checkMass float64 // the root's first action is the check
	for _, hr := range root.Hands[spot.OOP] {
		if hr.Hand.Class() == class(t, "QJs") {
			checkMass += hr.Reach * hr.Strategy[0]
		}
	}
	if got, want := lw[class(t, "QJs")], checkMass/4; math.Abs(got-want) > 1e-6 {
		t.Errorf("QJs after check and bet: weight %v, want the checked share %v", got, want)
	}
}

// gridImage draws r's grid as the PNG at the default size and returns it
// with the grid (its cells as drawn, in points).
func gridImage(t *testing.T, r *spot.Report, opt Options) (image.Image, *grid) {
	t.Helper()
	p, gr, err := newGrid(r, "test", opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := plotx.Render(&buf, "png", Width, Height, p.Draw); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img, gr
}

// pixelRect is a cell in image pixels: [x0, x1) × [y0, y1), y downwards.
func pixelRect(img image.Image, r vg.Rectangle) (x0, y0, x1, y1 int) {
	h := float64(img.Bounds().Dy())
	d := func(l vg.Length) float64 { return l.Dots(plotx.DPI) }
	return int(math.Ceil(d(r.Min.X))), int(math.Ceil(h - d(r.Max.Y))), int(d(r.Max.X)), int(h - d(r.Min.Y))
}

func same(a color.Color, b color.RGBA) bool {
	r, g, bb, _ := a.RGBA()
	near := func(x uint32, y uint8) bool { return math.Abs(float64(x>>8)-float64(y)) <= 2 }
	return near(r, b.R) && near(g, b.G) && near(bb, b.B)
}

func white(c color.Color) bool { return same(c, color.RGBA{255, 255, 255, 255}) }

// TestGridPNGColoursByWeight: in the PNG at the default size, a column of
// each cell clear of its label is coloured over the class's weight from
// the bottom and background above it — all background for a class outside
// the range, all colour for a full one, half for half a class.
func TestGridPNGColoursByWeight(t *testing.T) {
	g, σ := solved(t, weightedSpot)
	img, gr := gridImage(t, report(t, g, σ, ""), Options{})
	for _, c := range []struct {
		class string
		want  float64
	}{{"AA", 1}, {"QJs", 1}, {"KK", 0.5}, {"JJ", 0.5}, {"72o", 0}, {"KTo", 0}, {"QQ", 0}} {
		x0, y0, x1, y1 := pixelRect(img, gr.cells[class(t, c.class)])
		x := x0 + 3*(x1-x0)/4 // right of the label
		coloured, rows := 0, 0
		for y := y0 + 1; y < y1-1; y++ {
			px := img.At(x, y)
			if white(px) {
				continue // cell border
			}
			rows++
			if !same(px, Background) {
				coloured++
			}
		}
		if got := float64(coloured) / float64(rows); math.Abs(got-c.want) > 2.5/float64(rows) {
			t.Errorf("%s: %d of %d pixel rows coloured (%.2f), want weight %v", c.class, coloured, rows, got, c.want)
		}
	}
	// A class outside the range is background everywhere but its label.
	x0, y0, x1, y1 := pixelRect(img, gr.cells[class(t, "72o")])
	for y := y0 + 1 + (y1-y0)/2; y < y1-1; y++ {
		for x := x0 + 1; x < x1-1; x++ {
			if px := img.At(x, y); !same(px, Background) && !white(px) {
				t.Fatalf("72o (outside the range): pixel (%d, %d) is %v, not the background", x, y, px)
			}
		}
	}
}

// TestGridPNGLabelsLegible: every class label drawn on the background (the
// classes outside the range) is inside its cell, about 17 pixels per em
// tall at the default size, and its ink starts and ends where the font's
// measured layout puts it — the glyphs are not clipped, and not run into
// each other ("ATs", "KTo" used to overlap).
func TestGridPNGLabelsLegible(t *testing.T) {
	g, σ := solved(t, weightedSpot)
	img, gr := gridImage(t, report(t, g, σ, ""), Options{})
	f := font.DefaultCache.Lookup(font.From(plot.DefaultFont, labelSize), labelSize)
	face := f.FontFace(plotx.DPI)
	ink := func(c color.Color) bool {
		r, g, b, _ := c.RGBA()
		return (r+g+b)/3 < 0xC000
	}
	checked := 0
	for cls := range cards.StartingHand(cards.NumStartingHands) {
		if gr.weight[cls] > 0 {
			continue
		}
		x0, y0, x1, y1 := pixelRect(img, gr.cells[cls])
		lo, hi, top, bottom := -1, -1, -1, -1
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if ink(img.At(x, y)) {
					if lo < 0 || x < lo {
						lo = x
					}
					hi = max(hi, x)
					if top < 0 {
						top = y
					}
					bottom = y
				}
			}
		}
		s := cls.String()
		if lo < 0 {
			t.Errorf("%s: no label", s)
			continue
		}
		checked++
		runes := []rune(s)
		first, _, _ := face.GlyphBounds(runes[0])
		last, _, _ := face.GlyphBounds(runes[len(runes)-1])
		d := func(l vg.Length) float64 { return l.Dots(plotx.DPI) }
		start := d(gr.cells[cls].Min.X + vg.Points(2.5))
		wantLo := start + float64(first.Min.X)/64
		wantHi := start + d(f.Width(s)-f.Width(string(runes[len(runes)-1]))) + float64(last.Max.X)/64
		if math.Abs(float64(lo)-wantLo) > 1.2 || math.Abs(float64(hi+1)-wantHi) > 1.2 {
			t.Errorf("%s: label ink from %d to %d px, its measured layout from %.1f to %.1f px", s, lo, hi+1, wantLo, wantHi)
		}
		if lo <= x0 || hi >= x1-1 || top <= y0 || bottom >= y1-1 {
			t.Errorf("%s: label ink [%d, %d]×[%d, %d] touches the cell [%d, %d)×[%d, %d)", s, lo, hi, top, bottom, x0, x1, y0, y1)
		}
		if h := bottom - top + 1; h < 9 {
			t.Errorf("%s: label %d pixels tall, too small to read", s, h)
		}
	}
	if checked < 150 {
		t.Errorf("only %d labels checked", checked)
	}
}

// TestGridRelativeWeights: the relative grid scales every weight by the
// largest, keeping their proportions.
func TestGridRelativeWeights(t *testing.T) {
	g, σ := solved(t, weightedSpot)
	l, _ := g.ParseLine("b50 a")
	r := g.Report(σ, l)
	abs := ClassWeights(r)
	_, gr, err := newGrid(r, "test", Options{Relative: true})
	if err != nil {
		t.Fatal(err)
	}
	top := 0.0
	for _, w := range abs {
		top = max(top, w)
	}
	if top == 0 {
		t.Fatal("OOP holds nothing facing the all-in")
	}
	for c := range abs {
		if math.Abs(gr.weight[c]-abs[c]/top) > 1e-12 {
			t.Fatalf("%s: relative weight %v, want %v/%v", cards.StartingHand(c), gr.weight[c], abs[c], top)
		}
	}
}

// TestColorsAreConsistent: kinds keep their colours, bets are shaded in
// order and differ from each other.
func TestColorsAreConsistent(t *testing.T) {
	a := Colors([]spot.Action{{Kind: spot.Check}, {Kind: spot.Bet, Amount: 50}, {Kind: spot.Bet, Amount: 100}, {Kind: spot.AllInAction, Amount: 150}})
	b := Colors([]spot.Action{{Kind: spot.Fold}, {Kind: spot.Call}, {Kind: spot.AllInAction, Amount: 150}})
	if a[0] != b[1] || a[3] != b[2] || a[1] == a[2] || a[0] == b[0] {
		t.Fatalf("colours %v %v", a, b)
	}
}
