// Package npcplot draws the figures of package npc: the strength
// distributions φ_n(p) by street and the target-against-measured chart of
// simulated HUD statistics (gonum/plot). It is apart from npc so that the
// decision code has no plotting dependency.
package npcplot

import (
	"cmp"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"pokerlab/internal/figure/plotx"
	"pokerlab/npc"
)

var streets = [...]string{"flop", "turn", "river"}

// PlotStrength writes the figure of φ_n(p) by street (the NPC design note's
// figure for n = 3) in format "svg", "png" or "pdf".
func PlotStrength(w io.Writer, format string, t *npc.Tables, n int) error {
	centers, dens, err := npc.StrengthCurves(t, n, nil, 50)
	if err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Hand strength distribution φ%s(p), %d players, all hands", subscript(n), n)
	p.X.Label.Text = fmt.Sprintf("hand strength p (expected share of the pot against %d random hands)", n-1)
	p.Y.Label.Text = "density (per unit of p)"
	p.X.Min, p.X.Max = 0, 1
	plotx.StyleLegend(p)
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
	p.Title.Text = "NPC stats: measured against target"
	p.X.Label.Text = "target (% of opportunities)"
	p.Y.Label.Text = "measured (% of opportunities)"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 100, 0, 100
	plotx.StyleLegend(p)
	diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 100, Y: 100}})
	if err != nil {
		return err
	}
	diag.Color = color.Gray{Y: 150}
	diag.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(diag)
	p.Legend.Add("measured = target", diag)
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

// subscript writes n with Unicode subscript digits (φ₃).
func subscript(n int) string {
	var b []rune
	for _, d := range fmt.Sprint(n) {
		if d >= '0' && d <= '9' {
			b = append(b, '₀'+d-'0')
		} else {
			b = append(b, d)
		}
	}
	return string(b)
}

var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PlusGlyph{},
	draw.CrossGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}}

// writePlot renders p in format ("svg", "png" or "pdf") with plotx's
// conventions (the SVG text rules and the margin).
func writePlot(w io.Writer, p *plot.Plot, format string) error {
	return plotx.Render(w, format, 7*vg.Inch, 4.5*vg.Inch, p.Draw)
}

// PlotValidation writes the figure of `pokerlab npc validate`: stat by
// stat, the held-out hands' rate and the simulated clone's, each with its
// 95 % interval (±2 standard errors of its own sample), for the rates with
// at least minOpps held-out opportunities (at most 40, the most sampled),
// in format "svg", "png" or "pdf".
func PlotValidation(w io.Writer, format string, rep *npc.ValidateReport, minOpps int64) error {
	var rs []npc.RateCompare
	for _, c := range rep.Rates {
		if c.HeldOpps >= minOpps && !math.IsNaN(c.Sim) {
			rs = append(rs, c)
		}
	}
	slices.SortStableFunc(rs, func(a, b npc.RateCompare) int { return cmp.Compare(b.HeldOpps, a.HeldOpps) })
	rs = rs[:min(len(rs), 40)]
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: held-out hands against the clone in simulation (%d held out, %d simulated)", rep.Player, rep.Held, rep.SimHands)
	p.Y.Label.Text = "% of opportunities (bars: ±2 standard errors)"
	p.Y.Min, p.Y.Max = 0, 100
	plotx.StyleLegend(p)
	series := []struct {
		name  string
		shift float64
		get   func(c npc.RateCompare) (float64, int64)
	}{
		{"held-out hands", -0.15, func(c npc.RateCompare) (float64, int64) { return c.Held, c.HeldOpps }},
		{"clone, simulated", 0.15, func(c npc.RateCompare) (float64, int64) { return c.Sim, c.SimOpps }},
	}
	for i, s := range series {
		var pts struct {
			plotter.XYs
			plotter.YErrors
		}
		for j, c := range rs {
			v, n := s.get(c)
			e := 200 * math.Sqrt(v*(1-v)/float64(max(n, 1)))
			pts.XYs = append(pts.XYs, plotter.XY{X: float64(j) + s.shift, Y: 100 * v})
			pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{e, e})
		}
		if len(pts.XYs) == 0 {
			break
		}
		sc, err := plotter.NewScatter(pts.XYs)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Color = plotx.Color(i)
		sc.GlyphStyle.Shape = glyphs[i]
		sc.GlyphStyle.Radius = vg.Points(2.5)
		eb, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return err
		}
		eb.Color = plotx.Color(i)
		p.Add(eb, sc)
		p.Legend.Add(s.name, sc)
	}
	ticks := make([]plot.Tick, len(rs))
	for j, c := range rs {
		ticks[j] = plot.Tick{Value: float64(j), Label: c.Key}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Tick.Label.Rotation = math.Pi / 2
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	p.X.Min, p.X.Max = -0.7, float64(max(len(rs), 1))-0.3
	p.Legend.Top = true
	return plotx.Render(w, format, 11*vg.Inch, 6*vg.Inch, p.Draw)
}
