// Package loglog draws line charts on log–log axes with gonum/plot: the
// convergence plots of `pokerlab solve` (NashConv against iterations) and
// the scaling figure of docs/benchmarks.md (time against tree size).
package loglog

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"pokerlab/internal/figure/plotx"
)

// Series is one line: points (X[i], Y[i]). Points with a coordinate ≤ 0 (or
// not finite) cannot be placed on a log axis and are left out.
type Series struct {
	Name   string
	X, Y   []float64
	Dashed bool
	// Color overrides the palette colour (nil: the palette's i-th).
	Color color.Color
}

// Chart describes a figure.
type Chart struct {
	Title, XLabel, YLabel string
	Series                []Series
	// LegendTop puts the legend in the upper left corner (where increasing
	// curves leave room) instead of the lower left (decreasing curves).
	LegendTop bool
}

// CheckPath returns an error unless path names a figure format
// (plotx.Format: .svg, .png or .pdf).
func CheckPath(path string) error {
	if _, err := plotx.Format(path); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Write draws c and saves it to path in the format its extension names
// (plotx.Save: house size and palette; on failure nothing is left at path).
func Write(path string, c Chart) error {
	if err := CheckPath(path); err != nil {
		return err
	}
	p, err := Plot(c)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return plotx.Save(p, path, plotx.Width, plotx.Height)
}

// Plot draws c. It fails if no series has a point with both coordinates
// positive.
func Plot(c Chart) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = c.Title
	p.X.Label.Text, p.Y.Label.Text = c.XLabel, c.YLabel
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = PowerTicks{}, PowerTicks{}
	p.Legend.Top, p.Legend.Left = c.LegendTop, true
	p.Legend.ThumbnailWidth = vg.Points(20)
	p.Add(plotter.NewGrid())
	drawn := 0
	for i, s := range c.Series {
		var xy plotter.XYs
		for k := range s.X {
			x, y := s.X[k], s.Y[k]
			if x > 0 && y > 0 && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
				xy = append(xy, plotter.XY{X: x, Y: y})
			}
		}
		if len(xy) == 0 {
			continue
		}
		line, err := plotter.NewLine(xy)
		if err != nil {
			return nil, fmt.Errorf("series %q: %w", s.Name, err)
		}
		line.Color = plotx.Color(i)
		if s.Color != nil {
			line.Color = s.Color
		}
		line.Width = vg.Points(1.5)
		if s.Dashed || i >= len(plotx.Palette) {
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		p.Add(line)
		if s.Name != "" {
			p.Legend.Add(s.Name, line)
		}
		drawn++
	}
	if drawn == 0 {
		return nil, fmt.Errorf("no positive values to draw")
	}
	return p, nil
}

// PowerTicks labels the powers of ten of a log axis compactly ("1e-04",
// "100"); plot.LogTicks prints them with rounding noise and also returns the
// powers just outside the data range.
type PowerTicks struct{}

func (PowerTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, t := range (plot.LogTicks{Prec: -1}).Ticks(lo, hi) {
		if t.Value < lo*(1-1e-9) || t.Value > hi*(1+1e-9) {
			continue
		}
		if t.Label != "" {
			e := math.Round(math.Log10(t.Value))
			if e >= 0 && e <= 5 {
				t.Label = strconv.FormatFloat(math.Pow(10, e), 'f', 0, 64)
			} else {
				t.Label = fmt.Sprintf("1e%+03d", int(e))
			}
		}
		ticks = append(ticks, t)
	}
	return ticks
}
