package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"pokerlab/internal/app/report"
)

type reportOptions struct {
	IO       *IOStreams
	progress func(total int64, description string, quiet bool) *Progress
	Out      string
	Quick    bool
	Seed     uint64
}

func newReportCmd(f *Factory, runF func(*reportOptions) error) *cobra.Command {
	opts := &reportOptions{IO: f.IO, progress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "report [--out DIR] [--quick] [--seed S]",
		Short: "Regenerate every result of the three source documents as a web page",
		Long: `Compute the results of pokerlab's three source documents (the QRE note on
the AKQ game, the CFR lecture, the NPC design note; README: Sources) and write them as a
self-contained web page: DIR/index.html (opens from disk, no network), every
figure as SVG and PNG, and DIR/report.json with every number shown. Each
result names the command that reproduces it.

The default run takes a few minutes on two cores; --quick runs the same
sections with smaller settings in under a minute.`,
		Example: `  pokerlab report
  pokerlab report --quick --out /tmp/report`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return reportRun(opts)
		},
	}
	outputDirVar(cmd.Flags(), &opts.Out, "out", "o", "report", "output directory (created if missing)")
	cmd.Flags().BoolVar(&opts.Quick, "quick", false, "smaller settings, same sections (under a minute)")
	uint64Var(cmd.Flags(), &opts.Seed, "seed", 1, "seed of every random process")
	return cmd
}

func reportRun(opts *reportOptions) error {
	var bar *Progress
	res, err := report.Run(report.Options{
		Dir: opts.Out, Quick: opts.Quick, Seed: opts.Seed,
		Stage: func(i, n int, title string) {
			if bar == nil {
				bar = opts.progress(int64(n), "report", false).Count("sections")
			}
			bar.Set(int64(i - 1)) // section i starts
			bar.Describe(title)
		},
	})
	if bar != nil {
		bar.Done()
	}
	if err != nil {
		return err
	}
	abs, _ := filepath.Abs(filepath.Join(opts.Out, "index.html"))
	fmt.Fprintf(opts.IO.Out, "report written in %.0f s: open %s\n", res.Seconds, abs)
	return nil
}
