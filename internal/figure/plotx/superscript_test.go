package plotx

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

func TestSuperscriptWritesInteger(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "⁰"}, {4, "⁴"}, {-4, "⁻⁴"}, {12, "¹²"}, {-1089, "⁻¹⁰⁸⁹"}} {
		if got := Superscript(c.n); got != c.want {
			t.Errorf("Superscript(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// inkBox returns the pixel rows and columns of img with ink in columns
// [x0, x1): top, bottom, left, right, or ok false.
func inkBox(img image.Image, x0, x1 int) (top, bottom, left, right int, ok bool) {
	top, left = math.MaxInt, math.MaxInt
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := max(x0, b.Min.X); x < min(x1, b.Max.X); x++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			if (r+g+bb)/3 < 0xC000 {
				top, bottom = min(top, y), max(bottom, y)
				left, right = min(left, x), max(right, x)
				ok = true
			}
		}
	}
	return top, bottom, left, right, ok
}

// TestSuperscriptsDrawnSmallerAndRaised: "10⁻⁴" is drawn in the PNG as
// "10" and, beside it, a smaller "−4" whose ink sits higher — the
// embedded font lacks ⁻, so without the handler the exponent's minus
// would be missing.
func TestSuperscriptsDrawnSmallerAndRaised(t *testing.T) {
	const size = 14
	sty := text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, size), Handler: Superscripts}
	origin := vg.Point{X: 10, Y: 20}
	var buf bytes.Buffer
	if err := Render(&buf, "png", 100, 50, func(dc draw.Canvas) { dc.FillText(sty, origin, "10⁻⁴") }); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	base := font.DefaultCache.Lookup(sty.Font, size)
	split := int(math.Round((origin.X + base.Width("10")).Dots(DPI)))
	bTop, bBottom, _, _, ok := inkBox(img, 0, split)
	if !ok {
		t.Fatal("no ink for the base 10")
	}
	eTop, eBottom, eLeft, eRight, ok := inkBox(img, split, img.Bounds().Dx())
	if !ok {
		t.Fatal("no ink for the exponent")
	}
	em := vg.Length(size).Dots(DPI)
	if raised := float64(bBottom - eBottom); raised < 0.25*em {
		t.Errorf("the exponent's ink ends %v px above the base's, want at least %.1f", raised, 0.25*em)
	}
	if eh, bh := eBottom-eTop, bBottom-bTop; eh >= bh {
		t.Errorf("the exponent is %d px tall, the base %d", eh, bh)
	}
	// "−4": a minus and a digit, so the exponent's ink is wider than a
	// lone 4 at that size.
	small := font.DefaultCache.Lookup(sty.Font, size*SuperscriptScale)
	if w := float64(eRight - eLeft + 1); w < small.Width("−4").Dots(DPI)*0.7 {
		t.Errorf("the exponent's ink is %v px wide, less than the minus and the 4 (%.1f px)", w, small.Width("−4").Dots(DPI))
	}
	if w, _, _ := Superscripts.Box("10⁻⁴", sty.Font); math.Abs(float64(w-base.Width("10")-small.Width("−4"))) > 1e-9 {
		t.Errorf("Box width %v, want %v + %v", w, base.Width("10"), small.Width("−4"))
	}
}

// TestSuperscriptsInSVG: the SVG holds the base and the exponent as two
// text elements, the exponent at the smaller size.
func TestSuperscriptsInSVG(t *testing.T) {
	sty := text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, 10), Handler: Superscripts}
	var buf bytes.Buffer
	if err := Render(&buf, "svg", 100, 50, func(dc draw.Canvas) { dc.FillText(sty, vg.Point{X: 10, Y: 20}, "10⁻⁴") }); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	for _, want := range []string{">10<", ">−4<", "font-size:7px"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %s", want)
		}
	}
	if strings.Contains(svg, "⁻") {
		t.Error("the SVG holds the superscript minus itself")
	}
}
