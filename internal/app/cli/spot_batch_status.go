package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/internal/app/batch"
	"pokerlab/store"
)

type spotBatchStatusOptions struct {
	IO   *IOStreams
	ID   string
	DB   string
	JSON bool
}

func newSpotBatchStatusCmd(f *Factory, runF func(*spotBatchStatusOptions) error) *cobra.Command {
	opts := &spotBatchStatusOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "status ID [--db URL] [--json]",
		Short: "Show a batch's progress: each flop done, running, failed or queued",
		Long: `Show a batch's flops (done with their game values and exploitability, running,
failed with the error, queued, cancelled), the counts, the rate so far and
the time left at that rate.`,
		Example: `  pokerlab spot batch status 3f2a9c01d4e5b6a7 --db postgres://poker@db/poker`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID = args[0]
			if runF != nil {
				return runF(opts)
			}
			return spotBatchStatusRun(opts)
		},
	}
	dbFlag(cmd, &opts.DB)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func spotBatchStatusRun(o *spotBatchStatusOptions) error {
	db, err := openDB(o.DB, true)
	if err != nil {
		return err
	}
	defer db.Close()
	st, ok, err := batch.StatusOf(context.Background(), db, o.ID)
	if err != nil {
		return err
	}
	if !ok {
		return inputErrorf("no batch %q in %s", o.ID, db.Where())
	}
	return writeBatchStatus(o.IO, st, -1, o.JSON)
}

// SpotBatchJSON is the output of "pokerlab spot batch --json" and "spot
// batch status --json".
type SpotBatchJSON struct {
	Batch   string         `json:"batch"`
	Flops   string         `json:"flop_set"`
	Out     string         `json:"out"`
	Created time.Time      `json:"created"`
	Total   int            `json:"total"`
	Queued  *int           `json:"queued_now,omitempty"`
	Counts  map[string]int `json:"counts"`
	Rate    float64        `json:"flops_per_second"`
	ETA     float64        `json:"eta_seconds"`
	Results []SpotFlopJSON `json:"results"`
}

// SpotFlopJSON is one flop of a SpotBatchJSON.
type SpotFlopJSON struct {
	Flop              string   `json:"flop"`
	Weight            float64  `json:"weight"`
	Status            string   `json:"status"`
	Error             string   `json:"error,omitempty"`
	Attempts          int      `json:"attempts"`
	ValueOOP          *float64 `json:"value_oop,omitempty"`
	ValueIP           *float64 `json:"value_ip,omitempty"`
	ExploitabilityPct *float64 `json:"exploitability_pct,omitempty"`
	Iterations        int      `json:"iterations,omitempty"`
	Seconds           float64  `json:"seconds,omitempty"`
	PLS               string   `json:"pls,omitempty"`
}

func writeBatchStatus(io *IOStreams, st *batch.Status, queued int, asJSON bool) error {
	if asJSON {
		out := SpotBatchJSON{Batch: st.Batch.ID, Flops: st.Batch.Flops, Out: st.Batch.OutDir, Created: st.Batch.Created,
			Total: st.Batch.Total, Counts: st.Counts, Rate: st.Rate, ETA: st.ETA.Seconds(), Results: []SpotFlopJSON{}}
		if queued >= 0 {
			out.Queued = &queued
		}
		for _, f := range st.Flops {
			fj := SpotFlopJSON{Flop: f.Flop, Weight: f.Weight, Status: f.Status, Error: f.Error, Attempts: f.Attempts}
			if f.Status == store.FlopDone {
				vo, vi, pct := f.ValueOOP, f.ValueIP, f.ExploitabilityPct
				fj.ValueOOP, fj.ValueIP, fj.ExploitabilityPct = &vo, &vi, &pct
				fj.Iterations, fj.Seconds, fj.PLS = f.Iterations, f.Seconds, f.PLS
			}
			out.Results = append(out.Results, fj)
		}
		return writeJSON(io, out)
	}
	w := io.Out
	fmt.Fprintf(w, "batch %s: %d flops (%s) in %s\n", st.Batch.ID, st.Batch.Total, st.Batch.Flops, st.Batch.OutDir)
	fmt.Fprintf(w, "%s\n", statusWords(st))
	tw := newTable(w)
	fmt.Fprintln(tw, "flop\tweight\tstatus\tOOP EV\tIP EV\texploitability\tseconds")
	for _, f := range st.Flops {
		if f.Status == store.FlopDone {
			fmt.Fprintf(tw, "%s\t%.1f\t%s\t%.3f\t%.3f\t%.3f%%\t%.2f\n", f.Flop, f.Weight, f.Status, f.ValueOOP, f.ValueIP, f.ExploitabilityPct, f.Seconds)
			continue
		}
		msg := f.Status
		if f.Error != "" {
			msg += ": " + f.Error
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%s\t\t\t\t\n", f.Flop, f.Weight, msg)
	}
	return tw.Flush()
}
