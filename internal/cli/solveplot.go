package cli

import (
	"fmt"

	"pokerlab/cfr"
	"pokerlab/internal/loglog"
)

// checkPlotPath returns a usage error unless path ends in .png, .svg or .pdf.
func checkPlotPath(path string) error {
	if err := loglog.CheckPath(path); err != nil {
		return flagErrorf("--plot %v", err)
	}
	return nil
}

// writeConvergencePlot draws NashConv against iterations on log–log axes,
// one line per trace, and saves it to path (format from the extension).
func writeConvergencePlot(path, title string, traces []cfr.Trace) error {
	c := loglog.Chart{Title: title, XLabel: "iterations", YLabel: "NashConv"}
	for _, tr := range traces {
		s := loglog.Series{Name: tr.Algorithm.String()}
		for _, p := range tr.History {
			s.X = append(s.X, float64(p.Iteration))
			s.Y = append(s.Y, p.NashConv)
		}
		c.Series = append(c.Series, s)
	}
	if err := loglog.Write(path, c); err != nil {
		return fmt.Errorf("--plot %w", err)
	}
	return nil
}
