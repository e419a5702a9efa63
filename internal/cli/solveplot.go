package cli

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"pokerlab/cfr"
)

// convergenceColors is the Okabe–Ito colour-blind-safe palette.
var convergenceColors = []color.Color{
	color.RGBA{0, 114, 178, 255}, color.RGBA{213, 94, 0, 255}, color.RGBA{0, 158, 115, 255},
	color.RGBA{204, 121, 167, 255}, color.RGBA{230, 159, 0, 255}, color.RGBA{86, 180, 233, 255},
	color.RGBA{0, 0, 0, 255},
}

// checkPlotPath returns a usage error unless path ends in .png, .svg or .pdf.
func checkPlotPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png", ".svg", ".pdf":
		return nil
	}
	return flagErrorf("--plot %s: the file name must end in .png, .svg or .pdf", path)
}

// writeConvergencePlot draws NashConv against iterations on log–log axes,
// one line per trace, and saves it to path (format from the extension).
// Points with NashConv ≤ 0 cannot be shown on a log axis and are left out.
func writeConvergencePlot(path, title string, traces []cfr.Trace) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "iterations"
	p.Y.Label.Text = "NashConv"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = powerTicks{}, powerTicks{}
	p.Legend.Left = true // convergence curves leave the lower left empty
	p.Add(plotter.NewGrid())
	drawn := 0
	for i, tr := range traces {
		var xy plotter.XYs
		for _, pt := range tr.History {
			if pt.NashConv > 0 && !math.IsInf(pt.NashConv, 0) {
				xy = append(xy, plotter.XY{X: float64(pt.Iteration), Y: pt.NashConv})
			}
		}
		if len(xy) == 0 {
			continue
		}
		line, err := plotter.NewLine(xy)
		if err != nil {
			return err
		}
		line.Color = convergenceColors[i%len(convergenceColors)]
		line.Width = vg.Points(1.5)
		if i >= len(convergenceColors) {
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		p.Add(line)
		p.Legend.Add(tr.Algorithm.String(), line)
		drawn++
	}
	if drawn == 0 {
		return fmt.Errorf("--plot %s: no positive NashConv to draw", path)
	}
	p.Legend.ThumbnailWidth = vg.Points(20)
	if err := p.Save(16*vg.Centimeter, 10*vg.Centimeter, path); err != nil {
		os.Remove(path)
		return fmt.Errorf("--plot %s: %w", path, err)
	}
	return nil
}

// powerTicks labels the powers of ten of a log axis compactly ("1e-04",
// "100"), which plot.LogTicks prints with rounding noise.
type powerTicks struct{}

func (powerTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, t := range (plot.LogTicks{Prec: -1}).Ticks(lo, hi) {
		// LogTicks also returns the powers just outside [lo, hi], which
		// would stretch the axis.
		if t.Value >= lo*(1-1e-9) && t.Value <= hi*(1+1e-9) {
			ticks = append(ticks, t)
		}
	}
	for i := range ticks {
		if ticks[i].Label == "" {
			continue
		}
		e := math.Round(math.Log10(ticks[i].Value))
		if e >= 0 && e <= 5 {
			ticks[i].Label = strconv.FormatFloat(math.Pow(10, e), 'f', 0, 64)
		} else {
			ticks[i].Label = fmt.Sprintf("1e%+03d", int(e))
		}
	}
	return ticks
}
