// Package loglog draws line charts on log–log axes with gonum/plot: the
// convergence plots of `pokerlab solve` (NashConv against iterations), the
// exploitability of the QRE against λ in the report and the scaling figure
// of docs/benchmarks.md (time against tree size).
//
// The axes are linear axes over log₁₀ of the data, with ticks at the powers
// of ten labelled 1, 10, 100, 1000 and 10ⁿ beyond (DecadeTicks, drawn with
// plotx.Superscripts) and minor ticks at 2…9 times them. gonum's own LogScale reserves room for a centred axis label at the
// arithmetic midpoint of the data range, which on a log axis lies near the
// top: a long y label ("exploitability (% of the pot)") pushed the data area
// a fifth of the figure down. On linear axes over log₁₀ the label's box is
// where it is drawn.
package loglog

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"pokerlab/internal/figure/plotx"
)

// Series is one line: points (X[i], Y[i]). Points with a coordinate ≤ 0 (or
// not finite) cannot be placed on a log axis and are left out. A named
// series without points is a legend entry only (for example one entry
// "asymptotes" for several unnamed dashed lines).
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
	// Series are drawn in order; those without a Color take the palette's
	// colours in turn, and once the palette is used up they are dashed.
	Series []Series
	// LegendTop puts the legend in the upper left corner (where increasing
	// curves leave room) instead of the lower left (decreasing curves).
	LegendTop bool
	// YMin, when positive, is the lower end of the y axis: points below it
	// are left out.
	YMin float64
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
	p.X.Tick.Marker, p.Y.Tick.Marker = DecadeTicks{}, DecadeTicks{}
	plotx.UseSuperscripts(p)
	p.Legend.Top, p.Legend.Left = c.LegendTop, true
	p.Legend.ThumbnailWidth = vg.Points(20)
	plotx.StyleLegend(p)
	p.Add(plotter.NewGrid())
	drawn := 0
	styles := lineStyles(c.Series)
	for i, s := range c.Series {
		style := styles[i]
		if len(s.X) == 0 {
			if s.Name != "" {
				p.Legend.Add(s.Name, &plotter.Line{LineStyle: style})
			}
			continue
		}
		var xy plotter.XYs
		for k := range s.X {
			x, y := s.X[k], s.Y[k]
			if x > 0 && y > 0 && y >= c.YMin && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
				xy = append(xy, plotter.XY{X: math.Log10(x), Y: math.Log10(y)})
			}
		}
		if len(xy) == 0 {
			continue
		}
		line, err := plotter.NewLine(xy)
		if err != nil {
			return nil, fmt.Errorf("series %q: %w", s.Name, err)
		}
		line.LineStyle = style
		p.Add(line)
		if s.Name != "" {
			p.Legend.Add(s.Name, line)
		}
		drawn++
	}
	if drawn == 0 {
		return nil, fmt.Errorf("no positive values to draw")
	}
	if c.YMin > 0 {
		p.Y.Min = math.Log10(c.YMin)
	}
	return p, nil
}

// lineStyles returns the style of each series: its own colour, or the
// palette's next one (dashed once the palette is used up, so that lines
// stay apart); dashed when the series says so.
func lineStyles(series []Series) []draw.LineStyle {
	styles := make([]draw.LineStyle, len(series))
	palette := 0
	for i, s := range series {
		style := draw.LineStyle{Color: s.Color, Width: vg.Points(1.5)}
		dashed := s.Dashed
		if s.Color == nil {
			style.Color = plotx.Color(palette)
			dashed = dashed || palette >= len(plotx.Palette)
			palette++
		}
		if dashed {
			style.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		styles[i] = style
	}
	return styles
}

// DecadeTicks marks an axis over log₁₀ of the data: a labelled tick at every
// power of ten in range (PowerLabel) and minor ticks at 2…9 times each.
type DecadeTicks struct{}

func (DecadeTicks) Ticks(lo, hi float64) []plot.Tick {
	const eps = 1e-9
	var ticks []plot.Tick
	for e := math.Floor(lo); e <= math.Ceil(hi); e++ {
		for m := 1; m <= 9; m++ {
			v := e + math.Log10(float64(m))
			if v < lo-eps || v > hi+eps {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 {
				t.Label = PowerLabel(int(e))
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// PowerLabel writes 10^e as a reader expects it on an axis: "1", "10",
// "100", "1000" for e from 0 to 3, "10⁴", "10⁻²" (Unicode superscripts,
// which plotx.Superscripts draws) beyond.
func PowerLabel(e int) string {
	if e >= 0 && e <= 3 {
		return strconv.FormatFloat(math.Pow(10, float64(e)), 'f', 0, 64)
	}
	return "10" + plotx.Superscript(e)
}

// PowerTicks labels the powers of ten of a gonum LogScale axis as
// PowerLabel does (the axis's label style needs plotx.Superscripts);
// plot.LogTicks prints them with rounding noise and also
// returns the powers just outside the data range. (For the x axes of
// qreplot, whose labels are short; see the package doc.)
type PowerTicks struct{}

func (PowerTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, t := range (plot.LogTicks{Prec: -1}).Ticks(lo, hi) {
		if t.Value < lo*(1-1e-9) || t.Value > hi*(1+1e-9) {
			continue
		}
		if t.Label != "" {
			t.Label = PowerLabel(int(math.Round(math.Log10(t.Value))))
		}
		ticks = append(ticks, t)
	}
	return ticks
}
