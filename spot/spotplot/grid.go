// Package spotplot draws the strategy of a solved spot as the 13×13
// starting-hand grid every solver user knows: one cell per class (pairs on
// the diagonal, suited above, offsuit below), each cell split left to right
// by the reach-weighted frequency of each action, coloured consistently
// (fold blue, check and call green, bets from orange to vermillion by size,
// raises in purples, all-in dark red), classes the player cannot hold at
// the node in grey. It is kept apart from package spot so that the solver
// has no plotting dependency.
package spotplot

import (
	"fmt"
	"image/color"
	"strings"

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

var (
	foldColor  = color.RGBA{0, 114, 178, 255}   // blue
	checkColor = color.RGBA{0, 158, 115, 255}   // bluish green
	allInColor = color.RGBA{140, 20, 40, 255}   // dark red
	emptyColor = color.RGBA{225, 225, 225, 255} // no reach
	betLow     = color.RGBA{240, 190, 60, 255}  // small bet: light orange
	betHigh    = color.RGBA{213, 94, 0, 255}    // large bet: vermillion
	raiseLow   = color.RGBA{220, 150, 200, 255} // small raise: light purple
	raiseHigh  = color.RGBA{130, 60, 140, 255}  // large raise: purple
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

// grid is the plotter: data coordinates x ∈ [0, 13] (column), y ∈ [0, 13]
// (row 0 at the top), and a legend strip below.
type grid struct {
	freq   [cards.NumStartingHands][]float64
	acts   []spot.Action
	colors []color.Color
	total  []float64
}

// Grid returns the grid of the player to act at the report's node.
func Grid(r *spot.Report, boardAndLine string) (*plot.Plot, error) {
	if r.Player < 0 {
		return nil, fmt.Errorf("spotplot: node %q is not a decision node", r.Line)
	}
	freq, _ := r.ClassFrequencies()
	p := plot.New()
	p.HideAxes()
	var parts []string
	for a, act := range r.Actions {
		parts = append(parts, fmt.Sprintf("%s %.0f%%", act.Words(), 100*r.Frequency[a]))
	}
	p.Title.Text = fmt.Sprintf("%s to act at %s\n%s", spot.PlayerName(r.Player), boardAndLine, strings.Join(parts, ", "))
	p.Title.TextStyle.Font.Size = 10
	p.X.Min, p.X.Max = 0, 13
	p.Y.Min, p.Y.Max = -1.6, 13
	p.Add(&grid{freq: freq, acts: r.Actions, colors: Colors(r.Actions), total: r.Frequency})
	return p, nil
}

// Save writes the grid of r as an SVG or PNG file (by extension).
func Save(r *spot.Report, boardAndLine, path string) error {
	p, err := Grid(r, boardAndLine)
	if err != nil {
		return err
	}
	return plotx.Save(p, path, Width, Height)
}

// Plot implements plot.Plotter.
func (gr *grid) Plot(c draw.Canvas, plt *plot.Plot) {
	tx, ty := plt.Transforms(&c)
	rect := func(x0, y0, x1, y1 float64, col color.Color) {
		// y grows downwards in the grid: row r spans [13-r-1, 13-r].
		pts := []vg.Point{{X: tx(x0), Y: ty(y0)}, {X: tx(x1), Y: ty(y0)}, {X: tx(x1), Y: ty(y1)}, {X: tx(x0), Y: ty(y1)}}
		c.FillPolygon(col, pts)
	}
	label := draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, 6.5), Handler: plot.DefaultTextHandler}
	for cls := range cards.StartingHand(cards.NumStartingHands) {
		row, col := int(cls)/13, int(cls)%13
		x0, y1 := float64(col), float64(13-row)
		y0 := y1 - 1
		f := gr.freq[cls]
		if f == nil {
			rect(x0, y0, x0+1, y1, emptyColor)
		} else {
			x := x0
			for a, v := range f {
				if v <= 0 {
					continue
				}
				rect(x, y0, x+v, y1, gr.colors[a])
				x += v
			}
		}
		c.FillText(label, vg.Point{X: tx(x0) + 1.5, Y: ty(y1) - 7.5}, cls.String())
	}
	// Cell borders.
	line := draw.LineStyle{Color: color.White, Width: vg.Points(0.8)}
	for k := 0; k <= 13; k++ {
		c.StrokeLine2(line, tx(float64(k)), ty(0), tx(float64(k)), ty(13))
		c.StrokeLine2(line, tx(0), ty(float64(k)), tx(13), ty(float64(k)))
	}
	// Legend: a swatch and the action with its range frequency.
	legend := draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, 8), Handler: plot.DefaultTextHandler}
	n := len(gr.acts)
	per := 13.0 / float64(max(n, 1))
	for a, act := range gr.acts {
		x := float64(a) * per
		rect(x+0.1, -1.1, x+0.6, -0.6, gr.colors[a])
		c.FillText(legend, vg.Point{X: tx(x + 0.75), Y: ty(-1.05)}, fmt.Sprintf("%s %.0f%%", act.Words(), 100*gr.total[a]))
	}
}
