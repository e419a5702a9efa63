package npc

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"pokerlab/internal/plotx"
)

// StrengthCurves returns φ_n(p) on the flop, turn and river for a range
// (class weights, nil: every hand) as densities over bins of width 1/bins
// (bins must divide the tables' resolution; 0 means 50): the seed's figure
// of the 3-way distribution is StrengthCurves(t, 3, nil, 0).
func StrengthCurves(t *Tables, n int, classWeights *[numClasses]float64, bins int) (centers []float64, dens [numPostflop][]float64, err error) {
	if bins == 0 {
		bins = 50
	}
	if bins <= 0 || t.Bins%bins != 0 {
		return nil, dens, fmt.Errorf("npc: %d bins do not divide the tables' %d", bins, t.Bins)
	}
	group := t.Bins / bins
	for b := range bins {
		centers = append(centers, (float64(b)+0.5)/float64(bins))
	}
	for street := range numPostflop {
		m, err := t.Mixture(street, n, classWeights)
		if err != nil {
			return nil, dens, err
		}
		d := m.Density()
		out := make([]float64, bins)
		for b := range bins {
			for k := range group {
				out[b] += d[b*group+k]
			}
			out[b] *= float64(bins) // probability density on [0, 1]
		}
		dens[street] = out
	}
	return centers, dens, nil
}

// PlotStrength writes the figure of φ_n(p) by street (seed 003's figure for
// n = 3) in format "svg", "png" or "pdf".
func PlotStrength(w io.Writer, format string, t *Tables, n int) error {
	centers, dens, err := StrengthCurves(t, n, nil, 50)
	if err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Hand strength distribution φ_%d(p), %d players, all hands", n, n)
	p.X.Label.Text = "p (expected pot share against random hands)"
	p.Y.Label.Text = "density"
	p.X.Min, p.X.Max = 0, 1
	colors := []color.Color{color.RGBA{31, 119, 180, 255}, color.RGBA{255, 127, 14, 255}, color.RGBA{44, 160, 44, 255}}
	for street := range numPostflop {
		xy := make(plotter.XYs, len(centers))
		for i := range centers {
			xy[i].X, xy[i].Y = centers[i], dens[street][i]
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return err
		}
		l.Color = colors[street]
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(streetName(street), l)
	}
	p.Legend.Top = true
	return writePlot(w, p, format)
}

// PlotTargets writes a figure of measured against target values of every
// checked stat of every seat (the diagonal is a perfect match), in format
// "png" or "svg". Stats with fewer than minOpps opportunities are left out.
func PlotTargets(w io.Writer, format string, names []string, checks [][]StatCheck, minOpps int64) error {
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
		sc.GlyphStyle.Color = plotColor(i)
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

func plotColor(i int) color.Color {
	pal := []color.Color{
		color.RGBA{31, 119, 180, 255}, color.RGBA{255, 127, 14, 255}, color.RGBA{44, 160, 44, 255},
		color.RGBA{214, 39, 40, 255}, color.RGBA{148, 103, 189, 255}, color.RGBA{140, 86, 75, 255},
		color.RGBA{227, 119, 194, 255}, color.RGBA{127, 127, 127, 255}, color.RGBA{188, 189, 34, 255},
	}
	return pal[i%len(pal)]
}

// writePlot renders p in format ("svg", "png" or "pdf") with plotx's
// conventions (the SVG text rules and the margin).
func writePlot(w io.Writer, p *plot.Plot, format string) error {
	return plotx.Render(w, format, 7*vg.Inch, 4.5*vg.Inch, p.Draw)
}
