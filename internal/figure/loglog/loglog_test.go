package loglog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	for _, want := range []string{">1e-02<", ">100<", ">a<", ">b<"} {
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
	if got := strings.Join(labels, " "); got != "1e-02 1e-01 1 10 100 1000" {
		t.Errorf("labels %q", got)
	}
}
