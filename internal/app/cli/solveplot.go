package cli

import (
	"fmt"

	"pokerlab/cfr"
	"pokerlab/cfr/cfrplot"
	"pokerlab/internal/figure/loglog"
)

// writeConvergencePlot draws NashConv against iterations on log–log axes,
// one line per trace, and saves it to path (format from the extension).
func writeConvergencePlot(path, title string, traces []cfr.Trace) error {
	if err := loglog.Write(path, cfrplot.Convergence(title, traces)); err != nil {
		return fmt.Errorf("--plot %w", err)
	}
	return nil
}
