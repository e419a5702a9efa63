package plotx

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Superscripts is the text handler of labels written with Unicode
// superscripts, such as the tick label "10⁻⁴": it draws the superscript
// characters (⁰ … ⁹, ⁺, ⁻) as the ordinary ones at SuperscriptScale of the
// size, raised by SuperscriptRaise of it. gonum's embedded Liberation
// fonts lack ⁰, ⁹ and ⁻, so a PNG or PDF drawing "10⁻⁴" as it is would
// lose glyphs; the SVG gets the same layout, whatever font a browser picks.
// Everything else is drawn as by gonum's plain handler.
var Superscripts text.Handler = superscripts{text.Plain{Fonts: font.DefaultCache}}

// Placement of superscripts, in units of the text's font size (those of
// TeX's scriptstyle, roughly).
const (
	SuperscriptScale = 0.7
	SuperscriptRaise = 0.4
)

// UseSuperscripts makes p's tick labels use the Superscripts handler.
func UseSuperscripts(p *plot.Plot) {
	p.X.Tick.Label.Handler = Superscripts
	p.Y.Tick.Label.Handler = Superscripts
}

// superscriptDigits maps each superscript character to the one it stands
// for (the minus sign, not the hyphen).
var superscriptDigits = map[rune]rune{
	'⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁺': '+', '⁻': '−',
}

// Superscript writes the integer n in superscript characters ("⁻⁴").
func Superscript(n int) string {
	digits := []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")
	var b strings.Builder
	for _, d := range strconv.Itoa(n) {
		if d == '-' {
			b.WriteRune('⁻')
			continue
		}
		b.WriteRune(digits[d-'0'])
	}
	return b.String()
}

type superscripts struct{ text.Plain }

// run is a piece of a line: ordinary text, or superscript characters
// already mapped to the ordinary ones.
type run struct {
	text string
	sup  bool
}

func splitRuns(line string) []run {
	var runs []run
	var cur strings.Builder
	sup := false
	flush := func() {
		if cur.Len() > 0 {
			runs = append(runs, run{cur.String(), sup})
			cur.Reset()
		}
	}
	for _, r := range line {
		normal, isSup := superscriptDigits[r]
		if isSup != sup {
			flush()
			sup = isSup
		}
		if isSup {
			r = normal
		}
		cur.WriteRune(r)
	}
	flush()
	return runs
}

// faces returns the faces of ordinary and superscript text.
func (h superscripts) faces(f font.Font) (base, small font.Face) {
	return h.Fonts.Lookup(f, f.Size), h.Fonts.Lookup(f, f.Size*SuperscriptScale)
}

// Box implements text.Handler: the runs side by side, as high as the
// raised superscripts reach.
func (h superscripts) Box(line string, f font.Font) (width, height, depth vg.Length) {
	base, small := h.faces(f)
	height, depth = base.Extents().Ascent, base.Extents().Descent
	for _, r := range splitRuns(line) {
		if r.sup {
			width += small.Width(r.text)
			height = max(height, SuperscriptRaise*f.Size+small.Extents().Ascent)
		} else {
			width += base.Width(r.text)
		}
	}
	return width, height, depth
}

// Draw implements text.Handler, placing lines as gonum's plain handler
// does and the runs of each line one after the other.
func (h superscripts) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	base, small := h.faces(sty.Font)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		defer c.Pop()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	sin, cos := vg.Length(sin64), vg.Length(cos64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin

	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - base.Extents().Ascent
	for i, line := range lines {
		w, _, _ := h.Box(line, sty.Font)
		at := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * w, Y: vg.Length(len(lines)-i) * sty.Font.Size})
		for _, r := range splitRuns(line) {
			if r.sup {
				c.FillString(small, vg.Point{X: at.X, Y: at.Y + SuperscriptRaise*sty.Font.Size}, r.text)
				at.X += small.Width(r.text)
				continue
			}
			c.FillString(base, at, r.text)
			at.X += base.Width(r.text)
		}
	}
}
