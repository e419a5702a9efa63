// Package plotx holds the small conventions pokerlab's figures share on top
// of gonum/plot: one size, one rule for the file format (the extension:
// .svg, .png or .pdf, Format), saving through atomic files, and a palette
// that stays distinguishable in print.
//
// SVG text. gonum/plot lays text out with the metrics of its embedded
// Liberation Serif and names that font in the SVG; a browser without it
// substitutes another font, whose different widths used to cut tick labels
// at the edge ("100(" for 1000) and run neighbours together ("1000001e+06").
// plotx's SVG canvas therefore (1) names a font stack that starts with
// Liberation Serif's metric-compatible equivalents (Times New Roman, Tinos,
// Nimbus Roman, Times) and ends in the generic serif, and (2) gives every
// text element the width gonum measured (textLength, with glyph spacing and
// size adjusted), so that whatever font a browser picks, each label keeps
// exactly the box the layout reserved for it.
//
// PNG text. gonum's PNG writer draws strings with x/image's opentype faces,
// whose kerning is that of a 32-pixel font whatever the size
// (golang/go#46727): at the sizes of tick and grid labels, pairs such as
// "AT" and "Ts" were pulled together until their glyphs overlapped ("ATs"
// drawn three pixels narrower than measured). plotx's PNG canvas therefore
// draws glyph by glyph, each where gonum's layout measured it (its advances
// and kerning, scaled correctly). The PDF writer draws with the embedded
// font and its own metrics and needs none of this.
package plotx

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"pokerlab/internal/base/atomicfile"
)

// Default figure size.
const (
	Width  = 16 * vg.Centimeter
	Height = 10 * vg.Centimeter
)

// DPI is the resolution of PNG figures.
const DPI = 110

// Palette is a colour-blind-friendly cycle (Okabe & Ito 2008).
var Palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{0, 158, 115, 255},   // bluish green
	color.RGBA{204, 121, 167, 255}, // reddish purple
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{0, 0, 0, 255},       // black
	color.RGBA{240, 228, 66, 255},  // yellow
}

// Legend sizes: gonum's default 12-point legend with no space between rows
// runs the rows together in browsers whose substitute fonts are taller.
const (
	LegendFontSize           = 10
	LegendPadding  vg.Length = 2 // points
)

// StyleLegend gives p's legend the house font size and row spacing.
func StyleLegend(p *plot.Plot) {
	p.Legend.TextStyle.Font.Size = LegendFontSize
	p.Legend.Padding = LegendPadding
}

// Color returns the i-th colour of the palette, cycling.
func Color(i int) color.Color { return Palette[i%len(Palette)] }

// Formats are the figure formats, by file extension.
var Formats = []string{"svg", "png", "pdf"}

// Format returns the figure format a file name asks for by its extension
// ("svg", "png" or "pdf", any case), or an error naming the choices. Every
// command and the report decide formats with it.
func Format(path string) (string, error) {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	for _, f := range Formats {
		if ext == f {
			return f, nil
		}
	}
	return "", fmt.Errorf("the file name must end in .svg, .png or .pdf")
}

// NewCanvas returns a canvas of size w × h for format ("svg", "png" or
// "pdf").
func NewCanvas(format string, w, h vg.Length) (vg.CanvasWriterTo, error) {
	switch format {
	case "svg":
		return &svgCanvas{Canvas: vgsvg.New(w, h)}, nil
	case "png":
		return pngCanvas{vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI))}}, nil
	case "pdf":
		return vgpdf.New(w, h), nil
	}
	return nil, fmt.Errorf("plotx: unknown figure format %q (want svg, png or pdf)", format)
}

// Margin is the room left free at the right and top edges of every figure,
// so that the last tick label of an axis never touches the border.
const Margin = 3 * vg.Millimeter

// Render draws drawFn on a w × h canvas of format ("svg", "png" or "pdf"),
// leaving Margin free at the right and top, and writes the figure to out.
func Render(out io.Writer, format string, w, h vg.Length, drawFn func(dc draw.Canvas)) error {
	c, err := NewCanvas(format, w, h)
	if err != nil {
		return err
	}
	drawFn(draw.Crop(draw.New(c), 0, -Margin, 0, -Margin))
	_, err = c.WriteTo(out)
	return err
}

// Draw renders drawFn on a w × h canvas of the format path's extension
// names and writes it to path through a temporary file (nothing is left at
// path on failure).
func Draw(path string, w, h vg.Length, drawFn func(dc draw.Canvas)) error {
	format, err := Format(path)
	if err != nil {
		return fmt.Errorf("figure %s: %w", path, err)
	}
	return atomicfile.Write(path, func(out io.Writer) error { return Render(out, format, w, h, drawFn) })
}

// Save writes p as path with the extension's format (.svg, .png or .pdf).
// A path without one of those extensions is an error.
func Save(p *plot.Plot, path string, w, h vg.Length) error {
	return Draw(path, w, h, p.Draw)
}

// SaveBoth writes p as dir/name.svg and dir/name.png and returns the two
// file names (relative to dir).
func SaveBoth(p *plot.Plot, dir, name string, w, h vg.Length) (svg, png string, err error) {
	svg, png = name+".svg", name+".png"
	if err := Save(p, filepath.Join(dir, svg), w, h); err != nil {
		return "", "", err
	}
	if err := Save(p, filepath.Join(dir, png), w, h); err != nil {
		return "", "", err
	}
	return svg, png, nil
}

// pngCanvas is gonum's PNG canvas with the text rule of the package doc:
// each glyph of a string is drawn on its own, at the position the layout
// gives it (the measured width of the string up to and including it, less
// its own advance), so no kerning but the measured one applies.
type pngCanvas struct{ vgimg.PngCanvas }

func (c pngCanvas) FillString(f font.Face, pt vg.Point, s string) {
	runes := []rune(s)
	for i, r := range runes {
		g := string(r)
		x := pt.X + f.Width(string(runes[:i+1])) - f.Width(g)
		c.PngCanvas.FillString(f, vg.Point{X: x, Y: pt.Y}, g)
	}
}

// svgCanvas is gonum's SVG canvas with the text rules of the package doc:
// it records the width of every string drawn and writes it as the text
// element's textLength, and replaces each font family by a stack.
type svgCanvas struct {
	*vgsvg.Canvas
	widths []vg.Length
}

func (c *svgCanvas) FillString(f font.Face, pt vg.Point, s string) {
	c.widths = append(c.widths, f.Width(s))
	c.Canvas.FillString(f, pt, s)
}

// The expressions of WriteTo, compiled at first use (no work at start-up).
var (
	svgTextRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<text x="[^"]*" y="[^"]*"`) })
	svgFamilyRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`font-family:([^;"]*);`) })
)

// fontStack returns the stack written instead of a family gonum names.
func fontStack(family string) (string, bool) {
	switch family {
	case "Liberation Serif":
		return `'Liberation Serif','Times New Roman',Tinos,'Nimbus Roman','Nimbus Roman No9 L',Times,serif`, true
	case "Liberation Sans":
		return `'Liberation Sans',Arial,Arimo,Helvetica,'Nimbus Sans',sans-serif`, true
	case "Liberation Mono":
		return `'Liberation Mono','Courier New',Cousine,Courier,monospace`, true
	}
	return "", false
}

func (c *svgCanvas) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	if _, err := c.Canvas.WriteTo(&buf); err != nil {
		return 0, err
	}
	i := 0
	out := svgTextRE().ReplaceAllFunc(buf.Bytes(), func(m []byte) []byte {
		if i >= len(c.widths) {
			return m
		}
		tl := strconv.FormatFloat(c.widths[i].Points(), 'g', 6, 64)
		i++
		// m aliases the input: build a new slice, never append to it.
		return []byte(string(m) + ` textLength="` + tl + `" lengthAdjust="spacingAndGlyphs"`)
	})
	out = svgFamilyRE().ReplaceAllFunc(out, func(m []byte) []byte {
		fam := string(svgFamilyRE().FindSubmatch(m)[1])
		if stack, ok := fontStack(fam); ok {
			return []byte("font-family:" + stack + ";")
		}
		if !strings.Contains(fam, ",") {
			return []byte("font-family:'" + fam + "',serif;")
		}
		return m
	})
	n, err := w.Write(out)
	return int64(n), err
}
