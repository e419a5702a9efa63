// Package qreplot draws the figures of the QRE note (the logit QRE of the
// AKQ game) and the QRE path of any game with gonum/plot, as SVG, PNG or
// PDF. In the AKQ game the pot is 1, so payoffs are in pots and λ in 1/pot.
//
//   - The note's Figure 1: the probabilities p_A (bet with A), p_Q (bet
//     with Q) and p_K (call with K) against λ (log axis) for the bet sizes
//     B = 1/3, 1/2, 1, 2, 3, with the Nash values dotted
//     (AKQProbabilities).
//   - Its Figure 2: the exploitability ε of player 1 against λ, log–log,
//     with the large-λ asymptotes dashed: c/λ for B ≠ 1 and
//     (λ²+12)/(4(λ²+6))·e^(−λ/2) for B = 1 (AKQExploitability).
//   - Its Figure 4: internal energy E, entropy S and free energy
//     F = E − S/λ per hand A, Q, K against λ (AKQThermo).
//   - For any game: the action probabilities along the traced path (Path).
//
// It is a separate package so that importing pokerlab/qre does not pull in
// the plotting libraries.
package qreplot

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"pokerlab/efg"
	"pokerlab/internal/figure/loglog"
	"pokerlab/internal/figure/plotx"
	"pokerlab/qre"
)

// NoteBets are the bet sizes of the QRE note's figures, in pots.
var NoteBets = []float64{1.0 / 3, 0.5, 1, 2, 3}

// Figure is a grid of plots (row-major) with its page size.
type Figure struct {
	Plots         [][]*plot.Plot
	Width, Height vg.Length
	// LegendsOutside draws each panel's legend in a column at the panel's
	// right instead of over its data (for panels whose lines fill every
	// corner). Default false: gonum's legend inside the panel.
	LegendsOutside bool
}

// WriteTo renders the figure in format "svg", "png" or "pdf".
func (f *Figure) WriteTo(w io.Writer, format string) error {
	return plotx.Render(w, strings.ToLower(format), f.Width, f.Height, f.draw)
}

// draw lays the plots out as tiles on dc.
func (f *Figure) draw(dc draw.Canvas) {
	rows := len(f.Plots)
	cols := len(f.Plots[0])
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(f.Plots, tiles, dc)
	for j := range f.Plots {
		for i, p := range f.Plots[j] {
			if p == nil {
				continue
			}
			c := canvases[j][i]
			w := p.Legend.Rectangle(c).Size().X
			if !f.LegendsOutside || w == 0 {
				p.Draw(c)
				continue
			}
			// The panel without its legend, then the legend in the column
			// cut off its right side.
			legend := p.Legend
			p.Legend = plot.NewLegend()
			p.Draw(draw.Crop(c, 0, -(w + legendGap), 0, 0))
			p.Legend = legend
			legend.Top, legend.Left = true, true
			legend.Draw(draw.Crop(c, c.Size().X-w, 0, 0, 0))
		}
	}
}

// legendGap separates a panel from a legend drawn outside it.
const legendGap = 3 * vg.Millimeter

// Save writes the figure to file, in the format named by its extension
// (plotx.Format: .svg, .png or .pdf). Nothing is left behind on error.
func (f *Figure) Save(file string) error {
	return plotx.Draw(file, f.Width, f.Height, f.draw)
}

// logGrid returns n values of λ spaced evenly in log between lo and hi.
func logGrid(lo, hi float64, n int) []float64 {
	g := make([]float64, n)
	for i := range g {
		g[i] = lo * math.Pow(hi/lo, float64(i)/float64(n-1))
	}
	return g
}

func betLabel(b float64) string { return "B = " + BetName(b) }

// BetName writes a bet size of the note's figures as a fraction where it is
// one ("1/3", "1/2") and as a number otherwise.
func BetName(b float64) string {
	switch b {
	case 1.0 / 3:
		return "1/3"
	case 0.5:
		return "1/2"
	}
	return fmt.Sprintf("%g", b)
}

func newPlot(title, x, y string, logX, logY bool) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	if logX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = loglog.PowerTicks{}
	}
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = loglog.PowerTicks{}
	}
	plotx.UseSuperscripts(p)
	p.Legend.Top = true
	plotx.StyleLegend(p)
	return p
}

// Axis labels of the AKQ figures: the pot is 1.
const (
	lambdaPerPot = "λ (1/pot)"
	// LambdaLabel is Path's x label; callers that know the game's payoff
	// unit replace it (the report: "λ (1/chip)" for Kuhn poker).
	LambdaLabel = "λ (1/payoff unit)"
)

// nashStyle is the style of the dotted Nash values (legend entry in grey).
func nashStyle(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
}

// legendOnly adds a legend entry drawn with style that stands for lines
// drawn without entries (the dotted Nash values, the dashed asymptotes).
func legendOnly(p *plot.Plot, name string, style draw.LineStyle) {
	p.Legend.Add(name, &plotter.Line{LineStyle: style})
}

func addLine(p *plot.Plot, xs, ys []float64, c color.Color, dashed bool, legend string) error {
	pts := make(plotter.XYs, 0, len(xs))
	for i := range xs {
		if math.IsNaN(ys[i]) || math.IsInf(ys[i], 0) {
			continue
		}
		pts = append(pts, plotter.XY{X: xs[i], Y: ys[i]})
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return err
	}
	l.Color = c
	l.Width = vg.Points(1.2)
	if dashed {
		l.LineStyle = nashStyle(c)
	}
	p.Add(l)
	if legend != "" {
		p.Legend.Add(legend, l)
	}
	return nil
}

// akqCurves solves the AKQ system on grid for every bet.
func akqCurves(bets, grid []float64) ([][]qre.AKQPoint, error) {
	out := make([][]qre.AKQPoint, len(bets))
	for i, b := range bets {
		g, err := qre.NewAKQ(b)
		if err != nil {
			return nil, err
		}
		if out[i], err = g.Solve(grid...); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// AKQProbabilities is the QRE note's Figure 1: p_A, p_Q and p_K against λ
// (log axis, 10^−2 … 10^4), one colour per bet size, the Nash values dotted.
func AKQProbabilities(bets []float64) (*Figure, error) {
	grid := logGrid(1e-2, 1e4, 400)
	curves, err := akqCurves(bets, grid)
	if err != nil {
		return nil, err
	}
	names := []string{"player 1 bets with A", "player 1 bets with Q", "player 2 calls with K"}
	row := make([]*plot.Plot, 3)
	for k := range row {
		p := newPlot(names[k], lambdaPerPot, "probability", true, false)
		p.Y.Min, p.Y.Max = 0, 1.05
		for i, b := range bets {
			c := plotx.Color(i)
			ys := make([]float64, len(grid))
			for j, pt := range curves[i] {
				ys[j] = [3]float64{pt.PA, pt.PQ, pt.PK}[k]
			}
			if err := addLine(p, grid, ys, c, false, betLabel(b)); err != nil {
				return nil, err
			}
			n := qre.AKQ{Bet: b}.Nash()
			v := [3]float64{n.PA, n.PQ, n.PK}[k]
			if err := addLine(p, []float64{grid[0], grid[len(grid)-1]}, []float64{v, v}, c, true, ""); err != nil {
				return nil, err
			}
		}
		// One legend, in the empty lower right of the p_A panel.
		if k != 0 {
			p.Legend = plot.NewLegend()
		} else {
			legendOnly(p, "Nash value", nashStyle(color.Gray{Y: 90}))
		}
		p.Legend.Top = false
		row[k] = p
	}
	return &Figure{Plots: [][]*plot.Plot{row}, Width: 30 * vg.Centimeter, Height: 10 * vg.Centimeter}, nil
}

// AKQExploitability is the QRE note's Figure 2: player 1's exploitability
// ε (pots) against λ, log–log (10^−1 … 10^4, ε down to 10^−8), with the
// large-λ asymptotes dashed.
func AKQExploitability(bets []float64) (*Figure, error) {
	grid := logGrid(1e-1, 1e4, 400)
	curves, err := akqCurves(bets, grid)
	if err != nil {
		return nil, err
	}
	const floor = 1e-8
	chart := loglog.Chart{Title: "Exploitability of player 1", XLabel: lambdaPerPot, YLabel: "ε (pots)", YMin: floor}
	for i, b := range bets {
		g := qre.AKQ{Bet: b}
		c := plotx.Color(i)
		eps := loglog.Series{Name: betLabel(b), Color: c}
		asym := loglog.Series{Color: c, Dashed: true}
		for j, pt := range curves[i] {
			eps.X, eps.Y = append(eps.X, grid[j]), append(eps.Y, g.Exploitability(pt))
			if grid[j] >= 2 {
				asym.X, asym.Y = append(asym.X, grid[j]), append(asym.Y, g.ExploitabilityAsymptote(grid[j]))
			}
		}
		chart.Series = append(chart.Series, eps, asym)
	}
	chart.Series = append(chart.Series, loglog.Series{Name: "large-λ asymptote", Dashed: true, Color: color.Gray{Y: 90}})
	p, err := loglog.Plot(chart)
	if err != nil {
		return nil, err
	}
	return &Figure{Plots: [][]*plot.Plot{{p}}, Width: 16 * vg.Centimeter, Height: 12 * vg.Centimeter}, nil
}

// AKQThermo is the QRE note's Figure 4: internal energy E (pots), entropy S
// (nats) and free energy F = E − S/λ (pots) (rows) of each hand A, Q, K
// (columns) against λ (log axis, 10^−1 … 10^4).
func AKQThermo(bets []float64) (*Figure, error) {
	grid := logGrid(1e-1, 1e4, 300)
	curves, err := akqCurves(bets, grid)
	if err != nil {
		return nil, err
	}
	hands := []string{"A", "Q", "K"}
	qty := []struct{ name, axis string }{
		{"internal energy E", "E (pots)"}, {"entropy S", "S (nats)"}, {"free energy F = E − S/λ", "F (pots)"},
	}
	plots := make([][]*plot.Plot, 3)
	for r := range plots {
		plots[r] = make([]*plot.Plot, 3)
		for h := range hands {
			p := newPlot(fmt.Sprintf("%s, hand %s", qty[r].name, hands[h]), lambdaPerPot, qty[r].axis, true, false)
			p.X.Min = grid[0]
			if r == 2 {
				p.Y.Min = -3
			}
			for i, b := range bets {
				g := qre.AKQ{Bet: b}
				ys := make([]float64, len(grid))
				for j, pt := range curves[i] {
					th := g.Thermo(pt)[h]
					ys[j] = [3]float64{th.Energy, th.Entropy, th.FreeEnergy}[r]
					if r == 2 && ys[j] < p.Y.Min {
						ys[j] = math.NaN()
					}
				}
				// One legend, in the empty upper right of the entropy of
				// A (which falls to 0: A's Nash strategy is pure).
				legend := ""
				if r == 1 && h == 0 {
					legend = betLabel(b)
				}
				if err := addLine(p, grid, ys, plotx.Color(i), false, legend); err != nil {
					return nil, err
				}
			}
			p.Legend.Left = false
			plots[r][h] = p
		}
	}
	return &Figure{Plots: plots, Width: 30 * vg.Centimeter, Height: 27 * vg.Centimeter}, nil
}

// Path draws the action probabilities of t along a traced path against λ
// (log axis; the λ = 0 start is left out), one panel per player with its
// legend at its right, one line per action — but one per two-action
// information set, its second action (bet, call), the first being its
// complement — at most maxLines per panel (the most variable ones, when
// the game is large; 0 means all). The x axis is labelled LambdaLabel.
func Path(t *efg.Tree, path *qre.Path, title string, maxLines int) (*Figure, error) {
	var pts []qre.Point
	for _, pt := range path.Points {
		if pt.Lambda > 0 {
			pts = append(pts, pt)
		}
	}
	if len(pts) < 2 {
		return nil, fmt.Errorf("qreplot: the path has %d points with λ > 0; at least 2 are needed", len(pts))
	}
	xs := make([]float64, len(pts))
	for k, pt := range pts {
		xs[k] = pt.Lambda
	}
	row := make([]*plot.Plot, t.NumPlayers())
	for pl := range row {
		p := newPlot(fmt.Sprintf("%s: %s", title, t.PlayerNames[pl]), LambdaLabel, "probability", true, false)
		p.Y.Min, p.Y.Max = 0, 1
		var actions []int
		for I := 0; I < t.NumInfoSets(); I++ {
			if int(t.InfoSetPlayer[I]) != pl {
				continue
			}
			lo, hi := t.Actions(I)
			if hi-lo == 2 {
				lo++ // the first is 1 minus the second
			}
			for a := lo; a < hi; a++ {
				actions = append(actions, a)
			}
		}
		if maxLines > 0 && len(actions) > maxLines {
			actions = mostVariable(actions, pts, maxLines)
		}
		legend := len(actions) <= 12
		for n, a := range actions {
			ys := make([]float64, len(pts))
			for k, pt := range pts {
				ys[k] = pt.Profile[a]
			}
			label := ""
			if legend {
				label = fmt.Sprintf("%s %s", t.InfoSetLabel[infoSetOf(t, a)], t.ActionLabel[a])
			}
			if err := addLine(p, xs, ys, plotx.Color(n), n >= len(plotx.Palette), label); err != nil {
				return nil, err
			}
		}
		row[pl] = p
	}
	w := vg.Length(len(row)) * 16 * vg.Centimeter
	return &Figure{Plots: [][]*plot.Plot{row}, Width: w, Height: 11 * vg.Centimeter, LegendsOutside: true}, nil
}

func infoSetOf(t *efg.Tree, a int) int {
	for I := 0; I < t.NumInfoSets(); I++ {
		if lo, hi := t.Actions(I); a >= lo && a < hi {
			return I
		}
	}
	return -1
}

// mostVariable keeps the n actions whose probability varies most along the
// path (largest max − min), in their original order.
func mostVariable(actions []int, pts []qre.Point, n int) []int {
	spread := make(map[int]float64, len(actions))
	for _, a := range actions {
		lo, hi := 1.0, 0.0
		for _, pt := range pts {
			lo, hi = math.Min(lo, pt.Profile[a]), math.Max(hi, pt.Profile[a])
		}
		spread[a] = hi - lo
	}
	keep := append([]int(nil), actions...)
	// Partial selection by spread (stable for equal spreads).
	for i := 0; i < n; i++ {
		b := i
		for j := i + 1; j < len(keep); j++ {
			if spread[keep[j]] > spread[keep[b]] {
				b = j
			}
		}
		keep[i], keep[b] = keep[b], keep[i]
	}
	keep = keep[:n]
	order := make(map[int]int, len(actions))
	for i, a := range actions {
		order[a] = i
	}
	for i := 1; i < len(keep); i++ {
		for j := i; j > 0 && order[keep[j]] < order[keep[j-1]]; j-- {
			keep[j], keep[j-1] = keep[j-1], keep[j]
		}
	}
	return keep
}

// AKQFigures are Figures 1, 2 and 4 of the QRE note, by file stem: the
// names "pokerlab qre figures" and the report both give the files
// (stem.svg, stem.png).
var AKQFigures = []struct {
	Name string
	Make func(bets []float64) (*Figure, error)
}{
	{"akq-fig1-probabilities", AKQProbabilities},
	{"akq-fig2-exploitability", AKQExploitability},
	{"akq-fig4-thermo", AKQThermo},
}

// WriteAKQFigures writes AKQFigures into dir (created if missing), each as
// .svg and .png, for the bet sizes NoteBets, and returns the files written.
func WriteAKQFigures(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	for _, m := range AKQFigures {
		f, err := m.Make(NoteBets)
		if err != nil {
			return files, err
		}
		for _, ext := range []string{".svg", ".png"} {
			file := filepath.Join(dir, m.Name+ext)
			if err := f.Save(file); err != nil {
				return files, err
			}
			files = append(files, file)
		}
	}
	return files, nil
}
