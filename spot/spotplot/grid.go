// Package spotplot draws the strategy of a solved spot as the 13×13
// starting-hand grid every solver user knows: one cell per class (pairs on
// the diagonal, suited above, offsuit below).
//
// Each cell shows the class's range at the node: it is filled from the
// bottom to the class's weight — the share of its combinations (those the
// board leaves) that the player holds at the node, Σ reach / combinations,
// where a hand's reach is its range weight times the player's own
// probability of playing the line — and that filled part is split left to
// right by the reach-weighted frequency of each action. So the colour mass
// of an action in a cell is frequency × weight: a class with half its
// combinations in the range shows half the colour of a full one, a class
// outside the range is blank. Actions are coloured consistently (fold blue,
// check and call green, bets from orange to vermillion by size, raises in
// purples, all-in dark red). The package is apart from package spot so that
// the solver has no plotting dependency.
package spotplot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"pokerlab/cards"
	"pokerlab/internal/figure/plotx"
	"pokerlab/spot"
)

// Size of the grid figure.
const (
	Width  = 16 * vg.Centimeter
	Height = 19 * vg.Centimeter
)

// Font sizes: the class labels stay legible at the default size (an
// 11-point label is about 17 pixels per em in the PNG, at plotx.DPI, and
// still 12 where the report shows two grids side by side in its column).
const (
	labelSize  = 11
	legendSize = 10
	titleSize  = 11
)

var (
	foldColor  = color.RGBA{0, 114, 178, 255}   // blue
	checkColor = color.RGBA{0, 158, 115, 255}   // bluish green
	allInColor = color.RGBA{140, 20, 40, 255}   // dark red
	betLow     = color.RGBA{240, 190, 60, 255}  // small bet: light orange
	betHigh    = color.RGBA{213, 94, 0, 255}    // large bet: vermillion
	raiseLow   = color.RGBA{220, 150, 200, 255} // small raise: light purple
	raiseHigh  = color.RGBA{130, 60, 140, 255}  // large raise: purple
	// Background is the colour of a cell's empty part: all of a class the
	// player does not hold at the node.
	Background = color.RGBA{238, 238, 238, 255}
)

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x) + t*(float64(y)-float64(x)) + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

// Colors returns the colour of each action of a node: the same kinds get
// the same colours at every node, bets and raises shaded by their order.
func Colors(acts []spot.Action) []color.Color {
	var bets, raises int
	for _, a := range acts {
		switch a.Kind {
		case spot.Bet:
			bets++
		case spot.Raise:
			raises++
		}
	}
	out := make([]color.Color, len(acts))
	var b, r int
	shade := func(i, n int) float64 {
		if n <= 1 {
			return 0.5
		}
		return float64(i) / float64(n-1)
	}
	for i, a := range acts {
		switch a.Kind {
		case spot.Fold:
			out[i] = foldColor
		case spot.Check, spot.Call:
			out[i] = checkColor
		case spot.Bet:
			out[i] = mix(betLow, betHigh, shade(b, bets))
			b++
		case spot.Raise:
			out[i] = mix(raiseLow, raiseHigh, shade(r, raises))
			r++
		default:
			out[i] = allInColor
		}
	}
	return out
}

// Options change how a grid is drawn. The zero value is the default.
type Options struct {
	// Relative divides every class's weight by the largest at the node, so
	// that the strategy at a node the player reaches rarely (a ghost line)
	// stays visible; the proportions between classes are kept. Default
	// false: the absolute weights of the package doc.
	Relative bool
}

// ClassWeights returns the weight of each starting-hand class for the
// player to act at r's node: Σ reach over the class's hands divided by the
// number of its combinations that miss the board (0 when the board blocks
// them all). At the root it is the range weight of the class.
func ClassWeights(r *spot.Report) (w [cards.NumStartingHands]float64) {
	if r.Player < 0 {
		return w
	}
	var board cards.Set
	if r.Line != nil {
		board = cards.SetOf(r.Line.Board...)
	}
	for _, hr := range r.Hands[r.Player] {
		if hr.Reach > 0 {
			w[hr.Hand.Class()] += hr.Reach
		}
	}
	for c := range w {
		if w[c] == 0 {
			continue
		}
		n := 0
		for _, h := range cards.StartingHand(c).Combos() {
			if !h.Set().Overlaps(board) {
				n++
			}
		}
		w[c] /= float64(n)
	}
	return w
}

// grid is the plotter: data coordinates x ∈ [0, 13] (column), y ∈ [0, 13]
// (row 0 at the top), and a legend strip below y = 0.
type grid struct {
	freq   [cards.NumStartingHands][]float64
	weight [cards.NumStartingHands]float64
	acts   []spot.Action
	colors []color.Color
	total  []float64
	// cells are the class cells as last drawn, in canvas coordinates (for
	// the tests, which find them in the image).
	cells [cards.NumStartingHands]vg.Rectangle
}

// Grid returns the grid of the player to act at the report's node, titled
// with the player and boardAndLine.
func Grid(r *spot.Report, boardAndLine string, opt Options) (*plot.Plot, error) {
	p, _, err := newGrid(r, boardAndLine, opt)
	return p, err
}

func newGrid(r *spot.Report, boardAndLine string, opt Options) (*plot.Plot, *grid, error) {
	if r.Player < 0 {
		return nil, nil, fmt.Errorf("spotplot: node %q is not a decision node", r.Line)
	}
	freq, _ := r.ClassFrequencies()
	gr := &grid{freq: freq, weight: ClassWeights(r), acts: r.Actions, colors: Colors(r.Actions), total: r.Frequency}
	if opt.Relative {
		top := 0.0
		for _, w := range gr.weight {
			top = max(top, w)
		}
		for c := range gr.weight {
			if top > 0 {
				gr.weight[c] /= top
			}
		}
	}
	p := plot.New()
	p.HideAxes()
	p.Title.Text = fmt.Sprintf("%s to act at %s", spot.PlayerName(r.Player), boardAndLine)
	p.Title.TextStyle.Font.Size = titleSize
	p.X.Min, p.X.Max = 0, 13
	p.Y.Min, p.Y.Max = -1.7, 13
	p.Add(gr)
	return p, gr, nil
}

// Save writes the grid of r (default Options) as an SVG, PNG or PDF file
// (by extension).
func Save(r *spot.Report, boardAndLine, path string) error {
	p, err := Grid(r, boardAndLine, Options{})
	if err != nil {
		return err
	}
	return plotx.Save(p, path, Width, Height)
}

// luminance is the relative luminance of c (sRGB, WCAG 2).
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// Plot implements plot.Plotter.
func (gr *grid) Plot(c draw.Canvas, plt *plot.Plot) {
	tx, ty := plt.Transforms(&c)
	rect := func(x0, y0, x1, y1 float64, col color.Color) {
		pts := []vg.Point{{X: tx(x0), Y: ty(y0)}, {X: tx(x1), Y: ty(y0)}, {X: tx(x1), Y: ty(y1)}, {X: tx(x0), Y: ty(y1)}}
		c.FillPolygon(col, pts)
	}
	label := draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, labelSize), Handler: plot.DefaultTextHandler}
	face := font.DefaultCache.Lookup(label.Font, label.Font.Size)
	cell := tx(1) - tx(0)
	inset := vg.Points(2.5)
	for cls := range cards.StartingHand(cards.NumStartingHands) {
		// Row r spans y ∈ [12−r, 13−r]: row 0 at the top.
		row, col := int(cls)/13, int(cls)%13
		x0, y1 := float64(col), float64(13-row)
		y0 := y1 - 1
		gr.cells[cls] = vg.Rectangle{Min: vg.Point{X: tx(x0), Y: ty(y0)}, Max: vg.Point{X: tx(x0 + 1), Y: ty(y1)}}
		rect(x0, y0, x0+1, y1, Background)
		// The filled part: from the bottom up to the weight, split by the
		// action frequencies. segs records it for the label's colour.
		type seg struct {
			x0, x1 float64
			col    color.Color
		}
		var segs []seg
		w := min(gr.weight[cls], 1)
		if f := gr.freq[cls]; f != nil && w > 0 {
			x := x0
			for a, v := range f {
				if v <= 0 {
					continue
				}
				rect(x, y0, x+v, y0+w, gr.colors[a])
				segs = append(segs, seg{x - x0, x - x0 + v, gr.colors[a]})
				x += v
			}
		}
		// The label's colour: black, or white where what lies under the
		// label (area-weighted luminance) is dark.
		text := cls.String()
		lw := float64(face.Width(text) / cell)
		lh := float64((face.Extents().Ascent + inset) / cell)
		li := float64(inset / cell)
		covered := max(0, min(lh, w-(1-lh))) / lh // share of the label's height over the fill
		lum := (1 - covered) * luminance(Background)
		for _, s := range segs {
			if o := min(s.x1, li+lw) - max(s.x0, li); o > 0 {
				lum += covered * o / lw * luminance(s.col)
			}
		}
		st := label
		if lum < 0.18 {
			st.Color = color.White
		}
		c.FillText(st, vg.Point{X: tx(x0) + inset, Y: ty(y1) - inset - face.Extents().Ascent}, text)
	}
	// Cell borders.
	line := draw.LineStyle{Color: color.White, Width: vg.Points(1)}
	for k := 0; k <= 13; k++ {
		c.StrokeLine2(line, tx(float64(k)), ty(0), tx(float64(k)), ty(13))
		c.StrokeLine2(line, tx(0), ty(float64(k)), tx(13), ty(float64(k)))
	}
	gr.legend(c, tx, ty, rect)
}

// legend draws a swatch and the range frequency of each action, then the
// blank swatch, flowing left to right and onto a second row when the
// entries do not fit on one.
func (gr *grid) legend(c draw.Canvas, tx, ty func(float64) vg.Length, rect func(x0, y0, x1, y1 float64, col color.Color)) {
	st := draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, legendSize), Handler: plot.DefaultTextHandler}
	face := font.DefaultCache.Lookup(st.Font, st.Font.Size)
	cell := float64(tx(1) - tx(0))
	type entry struct {
		text string
		col  color.Color
	}
	var entries []entry
	for a, act := range gr.acts {
		entries = append(entries, entry{fmt.Sprintf("%s %.0f%%", act.Words(), 100*gr.total[a]), gr.colors[a]})
	}
	entries = append(entries, entry{"not in the range", Background})
	const swatch, gap, space = 0.45, 0.15, 0.5 // in cells
	x, y := 0.0, -0.35
	for _, e := range entries {
		w := swatch + gap + float64(face.Width(e.text))/cell
		if x > 0 && x+w > 13 {
			x, y = 0, y-0.65
		}
		rect(x, y-swatch, x+swatch, y, e.col)
		c.FillText(st, vg.Point{X: tx(x + swatch + gap), Y: ty(y-swatch) + vg.Points(1)}, e.text)
		x += w + space
	}
}
