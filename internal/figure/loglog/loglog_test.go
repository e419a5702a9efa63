package loglog

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"pokerlab/internal/figure/plotx"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	c := Chart{Title: "t", XLabel: "x", YLabel: "y", Series: []Series{
		{Name: "a", X: []float64{1, 10, 100}, Y: []float64{1, 0.1, 0.01}},
		{Name: "b", X: []float64{1, 10, 100}, Y: []float64{0, 0.5, 0.05}, Dashed: true}, // the 0 is left out
	}}
	for _, name := range []string{"f.svg", "f.png", "f.pdf"} {
		path := filepath.Join(dir, name)
		if err := Write(path, c); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(path); err != nil || st.Size() < 500 {
			t.Errorf("%s: %v", name, err)
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "f.svg"))
	for _, want := range []string{">−2<", ">100<", ">a<", ">b<"} { // 10⁻²: its exponent
		if !strings.Contains(string(svg), want) {
			t.Errorf("SVG lacks %s", want)
		}
	}
	for _, tc := range []struct {
		path string
		c    Chart
		want string
	}{
		{filepath.Join(dir, "f.gif"), c, "must end in .svg, .png or .pdf"},
		{filepath.Join(dir, "g.svg"), Chart{Series: []Series{{X: []float64{1}, Y: []float64{-1}}}}, "no positive values"},
		{filepath.Join(dir, "missing", "h.svg"), c, "h.svg"},
	} {
		if err := Write(tc.path, tc.c); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.path, err, tc.want)
		}
		if _, err := os.Stat(tc.path); err == nil {
			t.Errorf("%s was left behind", tc.path)
		}
	}
}

func TestPowerTicks(t *testing.T) {
	var labels []string
	for _, tk := range (PowerTicks{}).Ticks(0.003, 2000) {
		if tk.Value < 0.003 || tk.Value > 2000 {
			t.Errorf("tick %v outside the range", tk.Value)
		}
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "10⁻² 10⁻¹ 1 10 100 1000" {
		t.Errorf("labels %q", got)
	}
}

func TestDecadeTicks(t *testing.T) {
	var labels []string
	minor := 0
	for _, tk := range (DecadeTicks{}).Ticks(math.Log10(0.003), math.Log10(2000)) {
		if tk.Value < math.Log10(0.003)-1e-9 || tk.Value > math.Log10(2000)+1e-9 {
			t.Errorf("tick %v outside the range", tk.Value)
		}
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		} else {
			minor++
		}
	}
	if got := strings.Join(labels, " "); got != "10⁻² 10⁻¹ 1 10 100 1000" {
		t.Errorf("labels %q", got)
	}
	if want := 7 + 5*8 + 1; minor != want { // 0.003…0.009, five full decades, 2000
		t.Errorf("%d minor ticks, want %d", minor, want)
	}
}

// TestLongYLabelKeepsDataArea: the data area does not shrink with the
// length of the y label (gonum's LogScale reserved room for it near the
// top of the axis).
func TestLongYLabelKeepsDataArea(t *testing.T) {
	top := func(label string) vg.Length {
		p, err := Plot(Chart{Title: "t", XLabel: "λ", YLabel: label, Series: []Series{{Name: "a", X: []float64{1, 10, 600}, Y: []float64{27, 3, 0.02}}}})
		if err != nil {
			t.Fatal(err)
		}
		return p.DataCanvas(draw.New(vgimg.New(plotx.Width, plotx.Height))).Max.Y
	}
	if short, long := top("e"), top("exploitability (% of the pot), a long label"); math.Abs(float64(short-long)) > 0.01 {
		t.Errorf("the data area ends at %v with a short y label, at %v with a long one", short, long)
	}
}

// TestLegendOnlySeries: a named series without points adds a legend entry
// and draws nothing.
func TestLegendOnlySeries(t *testing.T) {
	p, err := Plot(Chart{Series: []Series{
		{Name: "a", X: []float64{1, 10}, Y: []float64{1, 0.1}},
		{X: []float64{1, 10}, Y: []float64{2, 0.2}, Dashed: true},
		{Name: "asymptotes", Dashed: true},
	}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := plotx.Render(&buf, "svg", plotx.Width, plotx.Height, p.Draw); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">a<", ">asymptotes<"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("the legend lacks %s", want)
		}
	}
	if _, err := Plot(Chart{Series: []Series{{Name: "asymptotes"}}}); err == nil {
		t.Error("a chart of legend entries only was drawn")
	}
}

func TestPowerLabelWritesPowersOfTen(t *testing.T) {
	for _, c := range []struct {
		e    int
		want string
	}{{-8, "10⁻⁸"}, {-1, "10⁻¹"}, {0, "1"}, {1, "10"}, {3, "1000"}, {4, "10⁴"}, {12, "10¹²"}} {
		if got := PowerLabel(c.e); got != c.want {
			t.Errorf("PowerLabel(%d) = %q, want %q", c.e, got, c.want)
		}
	}
}

// TestColouredSeriesStaySolid: only series that take the palette's colours
// are dashed once it is used up; a series with its own colour is drawn as
// it says, wherever it stands in the list (a chart of five solid curves,
// each with its dashed asymptote, dashed the fifth curve).
func TestColouredSeriesStaySolid(t *testing.T) {
	var c Chart
	for i := range 6 {
		c.Series = append(c.Series,
			Series{Name: fmt.Sprint("curve ", i), Color: plotx.Color(i)},
			Series{Color: plotx.Color(i), Dashed: true})
	}
	for i := range len(plotx.Palette) + 1 {
		c.Series = append(c.Series, Series{Name: fmt.Sprint("auto ", i)})
	}
	styles := lineStyles(c.Series)
	for i, l := range styles {
		s := c.Series[i]
		auto := i - 12 // index among the palette-coloured series
		want := s.Dashed || (s.Color == nil && auto >= len(plotx.Palette))
		if got := len(l.Dashes) > 0; got != want {
			t.Errorf("series %d (%q): dashed %t, want %t", i, s.Name, got, want)
		}
		if s.Color == nil && l.Color != plotx.Color(auto) {
			t.Errorf("series %d (%q): colour %v, want the palette's %d", i, s.Name, l.Color, auto)
		}
	}
}
