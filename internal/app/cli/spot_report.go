package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"pokerlab/internal/app/batch"
)

type spotReportOptions struct {
	IO     *IOStreams
	ID     string
	DB     string
	Out    string
	CSVOut string
	JSON   bool
}

func newSpotReportCmd(f *Factory, runF func(*spotReportOptions) error) *cobra.Command {
	opts := &spotReportOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "report BATCH [--db URL] [--out report.html] [--csv-out flops.csv] [--json]",
		Short: "The aggregate report of a batch: the root strategy and EVs by flop texture",
		Long: `Aggregate a batch's solved flops ("spot batch"): each flop's root strategy
(the frequency of each first action) and both players' game values, and their
averages by texture — all flops, by high card, paired, suits (rainbow,
two-tone, monotone) and connectedness — each flop weighted by the flops it
stands for. --out writes a self-contained page (the texture tables with bars,
every flop in a table sortable by any column), --csv-out one line per flop;
flops without a result are listed as missing.`,
		Example: `  pokerlab spot report 3f2a9c01d4e5b6a7 --out srp.html --csv-out srp.csv`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID = args[0]
			if runF != nil {
				return runF(opts)
			}
			return spotReportRun(opts)
		},
	}
	fl := cmd.Flags()
	dbFlag(cmd, &opts.DB)
	outputFileVar(fl, &opts.Out, "out", "o", "", "write the report page (HTML) to this file")
	outputFileVar(fl, &opts.CSVOut, "csv-out", "", "", "write one CSV line per flop to this file")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func spotReportRun(o *spotReportOptions) error {
	db, err := openDB(o.DB, true)
	if err != nil {
		return err
	}
	defer db.Close()
	r, ok, err := batch.Aggregate(context.Background(), db, o.ID)
	if err != nil {
		return err
	}
	if !ok {
		return inputErrorf("no batch %q in %s", o.ID, db.Where())
	}
	if o.Out != "" {
		if err := writeFileAtomic(o.Out, func(w io.Writer) error { return r.WriteHTML(w) }); err != nil {
			return err
		}
	}
	if o.CSVOut != "" {
		if err := writeFileAtomic(o.CSVOut, func(w io.Writer) error { return r.WriteCSV(w) }); err != nil {
			return err
		}
	}
	if o.JSON {
		return writeJSON(o.IO, r)
	}
	tw := newTable(o.IO.Out)
	head := "group\tflops"
	for _, a := range r.Actions {
		head += "\t" + r.Player + " " + a
	}
	writeLine(tw, head+"\tOOP value\tIP value")
	for _, g := range r.Groups {
		line := g.By + ": " + g.Group + "\t" + itoa(g.Flops)
		for _, x := range g.Frequency {
			line += "\t" + fmtPct(x)
		}
		writeLine(tw, line+"\t"+fmtChips(g.ValueOOP)+"\t"+fmtChips(g.ValueIP))
	}
	for _, q := range r.QRE {
		writeLine(tw, "")
		head := fmt.Sprintf("QRE λ = %g\tflops", q.Lambda)
		for _, a := range r.Actions {
			head += "\t" + r.Player + " " + a
		}
		writeLine(tw, head+"\tOOP value\tIP value\tdistance from Nash")
		for _, g := range q.Groups {
			line := g.By + ": " + g.Group + "\t" + itoa(g.Flops)
			for _, x := range g.Frequency {
				line += "\t" + fmtPct(x)
			}
			writeLine(tw, line+"\t"+fmtChips(g.ValueOOP)+"\t"+fmtChips(g.ValueIP)+"\t"+fmtChips(g.MeanTV))
		}
	}
	writeLine(tw, "")
	head = r.Player + "'s hands\t% of the range"
	for _, a := range r.Actions {
		head += "\t" + a
	}
	writeLine(tw, head)
	for _, c := range r.Classes {
		line := c.Class + "\t" + fmtPct(c.Share)
		for _, x := range c.Frequency {
			line += "\t" + fmtPct(x)
		}
		writeLine(tw, line)
	}
	for _, m := range r.Missing {
		writeLine(tw, "missing: "+m.Flop+"\t"+m.Status+" "+m.Error)
	}
	return tw.Flush()
}

func writeLine(w io.Writer, s string) { io.WriteString(w, s+"\n") }

func itoa(n int) string { return fmt.Sprint(n) }

func fmtPct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func fmtChips(x float64) string { return fmt.Sprintf("%.3f", x) }
