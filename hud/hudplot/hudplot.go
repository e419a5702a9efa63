// Package hudplot draws the figures of package hud: a player's results
// graph, the cumulative winnings against hands played as trackers draw
// them (PokerTracker 4, Hold'em Manager 3): won, all-in adjusted
// ("all-in EV"), showdown and non-showdown lines, in big blinds, on
// gonum/plot. It is apart from hud so that the HUD has no plotting
// dependency.
//
// Cost: a line of n points per curve; curves of more than MaxPoints hands
// are thinned to every k-th hand (the last one always kept), which a
// figure a few inches wide cannot tell apart.
package hudplot

import (
	"fmt"
	"image/color"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"pokerlab/hud"
	"pokerlab/internal/figure/plotx"
)

// MaxPoints is the most points a curve is drawn with.
const MaxPoints = 4000

// Width and Height are the figure's size.
const (
	Width  = 7 * vg.Inch
	Height = 4.5 * vg.Inch
)

// Graph returns the results graph of player over points (hand by hand,
// in order).
func Graph(player string, points []hud.Point) (*plot.Plot, error) {
	if len(points) == 0 {
		return nil, fmt.Errorf("hudplot: %s has no hands to draw", player)
	}
	c := hud.CurvesOf(points)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: results over %d hands", player, len(points))
	p.X.Label.Text = "hands played"
	p.Y.Label.Text = "winnings (big blinds)"
	p.X.Min = 0
	plotx.StyleLegend(p)
	p.Legend.Top, p.Legend.Left = true, true
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: float64(len(points)), Y: 0}})
	if err != nil {
		return nil, err
	}
	zero.Color = color.Gray{Y: 170}
	zero.Width = vg.Points(0.5)
	p.Add(zero)
	for _, l := range []struct {
		name  string
		ys    []float64
		color color.Color
		width vg.Length
	}{
		{fmt.Sprintf("won (%+.1f bb)", last(c.Won)), c.Won, plotx.Color(0), 1.6},
		{fmt.Sprintf("all-in EV (%+.1f bb)", last(c.EV)), c.EV, plotx.Color(1), 1.2},
		{fmt.Sprintf("showdown (%+.1f bb)", last(c.Showdown)), c.Showdown, plotx.Color(2), 1},
		{fmt.Sprintf("non-showdown (%+.1f bb)", last(c.NonShowdown)), c.NonShowdown, plotx.Color(3), 1},
	} {
		line, err := plotter.NewLine(thin(l.ys))
		if err != nil {
			return nil, err
		}
		line.Color = l.color
		line.Width = vg.Points(float64(l.width))
		p.Add(line)
		p.Legend.Add(l.name, line)
	}
	return p, nil
}

// Write writes the graph in format ("svg", "png" or "pdf").
func Write(w io.Writer, format, player string, points []hud.Point) error {
	p, err := Graph(player, points)
	if err != nil {
		return err
	}
	return plotx.Render(w, format, Width, Height, p.Draw)
}

func last(ys []float64) float64 { return ys[len(ys)-1] }

// thin returns the points (i+1, ys[i]) from the origin, every k-th when
// there are more than MaxPoints, the last always included.
func thin(ys []float64) plotter.XYs {
	k := (len(ys) + MaxPoints - 1) / MaxPoints
	xy := plotter.XYs{{X: 0, Y: 0}}
	for i := k - 1; i < len(ys); i += k {
		xy = append(xy, plotter.XY{X: float64(i + 1), Y: ys[i]})
	}
	if n := len(ys); (n-1)%k != k-1 {
		xy = append(xy, plotter.XY{X: float64(n), Y: ys[n-1]})
	}
	return xy
}
