package plotx

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// inkColumns returns the first and last pixel column of img with ink
// (a pixel darker than light grey) in rows [y0, y1), or -1, -1.
func inkColumns(img image.Image, y0, y1 int) (int, int) {
	lo, hi := -1, -1
	b := img.Bounds()
	for x := b.Min.X; x < b.Max.X; x++ {
		for y := max(y0, b.Min.Y); y < min(y1, b.Max.Y); y++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			if (r+g+bb)/3 < 0xC000 {
				if lo < 0 {
					lo = x
				}
				hi = x
				break
			}
		}
	}
	return lo, hi
}

// TestPNGTextKeepsMeasuredWidth: the PNG writer draws every string where
// the layout measured it, kerning included. gonum's PNG backend kerns with
// x/image's opentype faces, whose kerning is that of a 32-pixel font at
// every size (golang/go#46727): at the small sizes of tick labels and grid
// labels pairs like "AT" and "Ts" were pulled together until the glyphs
// overlapped. The ink of each string must start and end where the font's
// glyph bounds, placed by the measured advances and kerning, say.
func TestPNGTextKeepsMeasuredWidth(t *testing.T) {
	for _, size := range []font.Length{6.5, 9, 14} {
		for _, s := range []string{"ATs", "KTs", "QTo", "JT", "TT", "AVAT", "To Ta"} {
			f := font.DefaultCache.Lookup(plot.DefaultFont, size)
			origin := vg.Point{X: 20, Y: 20}
			var buf bytes.Buffer
			if err := Render(&buf, "png", 200, 60, func(dc draw.Canvas) { dc.FillString(f, origin, s) }); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			px := func(l vg.Length) float64 { return l.Dots(DPI) }
			// Expected ink: the first glyph's bounds at the origin, the last
			// glyph's at its measured position Width(s) − Width(last).
			face := f.FontFace(DPI)
			runes := []rune(s)
			first, _, _ := face.GlyphBounds(runes[0])
			last, _, _ := face.GlyphBounds(runes[len(runes)-1])
			lastX := px(f.Width(s) - f.Width(string(runes[len(runes)-1])))
			wantLo := px(origin.X) + float64(first.Min.X)/64
			wantHi := px(origin.X) + lastX + float64(last.Max.X)/64
			h := img.Bounds().Dy()
			base := h - int(px(origin.Y))
			lo, hi := inkColumns(img, base-int(px(vg.Length(size))), base+int(px(vg.Length(size)))/3)
			if lo < 0 {
				t.Fatalf("%q at %v pt: no ink", s, size)
			}
			// Pixel columns [lo, hi] hold ink: the ink spans lo … hi+1.
			if math.Abs(float64(lo)-wantLo) > 1.2 || math.Abs(float64(hi+1)-wantHi) > 1.2 {
				t.Errorf("%q at %v pt: ink from %d to %d px, the measured layout puts it from %.1f to %.1f px", s, size, lo, hi+1, wantLo, wantHi)
			}
		}
	}
}
