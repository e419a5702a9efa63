// Package npcplot draws the figures of package npc: the strength
// distributions φ_n(p) by street and the target-against-measured chart of
// simulated HUD statistics (gonum/plot). It is apart from npc so that the
// decision code has no plotting dependency.
package npcplot

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"pokerlab/internal/figure/plotx"
	"pokerlab/npc"
)

var streets = [...]string{"flop", "turn", "river"}

// PlotStrength writes the figure of φ_n(p) by street (the NPC design note's figure for
// n = 3) in format "svg", "png" or "pdf".
func PlotStrength(w io.Writer, format string, t *npc.Tables, n int) error {
	centers, dens, err := npc.StrengthCurves(t, n, nil, 50)
	if err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Hand strength distribution φ_%d(p), %d players, all hands", n, n)
	p.X.Label.Text = "p (expected pot share against random hands)"
	p.Y.Label.Text = "density"
	p.X.Min, p.X.Max = 0, 1
	for street := range len(dens) {
		xy := make(plotter.XYs, len(centers))
		for i := range centers {
			xy[i].X, xy[i].Y = centers[i], dens[street][i]
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return err
		}
		l.Color = plotx.Color(street)
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(streets[street], l)
	}
	p.Legend.Top = true
	return writePlot(w, p, format)
}

// PlotTargets writes a figure of measured against target values of every
// checked stat of every seat (the diagonal is a perfect match), in format
// "png" or "svg". Stats with fewer than minOpps opportunities are left out.
func PlotTargets(w io.Writer, format string, names []string, checks [][]npc.StatCheck, minOpps int64) error {
	p := plot.New()
	p.Title.Text = "NPC stats: target vs measured"
	p.X.Label.Text = "target (%)"
	p.Y.Label.Text = "measured (%)"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 100, 0, 100
	diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 100, Y: 100}})
	if err != nil {
		return err
	}
	diag.Color = color.Gray{Y: 150}
	diag.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(diag)
	for i, cs := range checks {
		var xy plotter.XYs
		for _, c := range cs {
			if c.Opportunities < minOpps || math.IsNaN(c.Measured) {
				continue
			}
			xy = append(xy, plotter.XY{X: 100 * c.Target, Y: 100 * c.Measured})
		}
		if len(xy) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Color = plotx.Color(i)
		sc.GlyphStyle.Shape = glyphs[i%len(glyphs)]
		sc.GlyphStyle.Radius = vg.Points(3)
		p.Add(sc)
		name := fmt.Sprintf("seat %d", i+1)
		if i < len(names) {
			name = names[i]
		}
		p.Legend.Add(name, sc)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return writePlot(w, p, format)
}

var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PlusGlyph{},
	draw.CrossGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}}

// writePlot renders p in format ("svg", "png" or "pdf") with plotx's
// conventions (the SVG text rules and the margin).
func writePlot(w io.Writer, p *plot.Plot, format string) error {
	return plotx.Render(w, format, 7*vg.Inch, 4.5*vg.Inch, p.Draw)
}
