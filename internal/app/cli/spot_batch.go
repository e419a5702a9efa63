package cli

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/internal/app/batch"
	"pokerlab/store"
)

type spotBatchOptions struct {
	IO          *IOStreams
	newProgress func(total int64, description string, quiet bool) *Progress
	Template    string
	Flops       string
	Out         string
	DB          string
	Threads     int
	Workers     int
	EnqueueOnly bool
	RescueAfter time.Duration
	MaxMemory   string
	JSON        bool

	catchInterrupts func(point string) *interruption
}

func newSpotBatchCmd(f *Factory, runF func(*spotBatchOptions) error) *cobra.Command {
	opts := &spotBatchOptions{IO: f.IO, newProgress: f.newProgress, catchInterrupts: f.catchInterrupts}
	cmd := &cobra.Command{
		Use:   "batch TEMPLATE --flops SET --out DIR [--db URL] [--workers W] [--threads T] [--enqueue-only] [--json]",
		Short: "Solve a spot template over many flops on a job queue",
		Long: `Solve a spot template (a spot without its board, docs/spot.md, with a
[batch] table: target, iterations) on every flop of a set, one job per flop
on a River job queue in the database (--db: an SQLite file, by default
pokerlab.db, or postgres://… for several machines). SET is "all" (the 1,755
flops that differ up to suits, each weighted by the flops it stands for), a
count (a representative subset: 25, 49, 95, 184, … by weighted systematic
sampling over texture order; docs/spot.md), or a file of flops, one a line.

Each flop's result goes to the database (game values, exploitability, the
root strategy) and to DIR/FLOP.pls; a solve saves DIR/FLOP.ckpt as it goes
and a new attempt resumes from it. The batch's id is a digest of the
template and the flops: starting the same batch again solves only the flops
not done. The command works the queue itself (--workers flops at once, each
on --threads) until every flop is done or failed, unless --enqueue-only;
"pokerlab worker --db URL" works it from any machine. Template errors are
found before anything is queued (exit 2); a flop that fails is retried with
backoff and after its last attempt marked failed, and the batch goes on
(exit 1 at the end if any failed). "spot batch status ID" and "spot batch
cancel ID" follow and stop a batch.`,
		Example: `  pokerlab spot batch srp.toml --flops 25 --out srp/
  pokerlab spot batch srp.toml --flops all --out /shared/srp --db postgres://poker@db/poker --enqueue-only`,
		Args:        cobra.ExactArgs(1),
		Annotations: map[string]string{takesArgs: "TEMPLATE"},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Template = args[0]
			if opts.Flops == "" {
				return flagErrorf("--flops: want all, a count (25, 49, 95, 184, …) or a file of flops")
			}
			if opts.Out == "" {
				return flagErrorf("--out: want the folder of the results")
			}
			if runF != nil {
				return runF(opts)
			}
			return spotBatchRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Flops, "flops", "", "the flops: all, a count, or a file of flops (required)")
	outputDirVar(fl, &opts.Out, "out", "", "", "folder of the .pls results and checkpoints (required)")
	dbFlag(cmd, &opts.DB)
	intVar(fl, &opts.Workers, "workers", 1, "flops solved at once", atLeast(1, "a positive count"))
	threadsVar(fl, &opts.Threads, 1, "threads of each flop's solve (0: all CPUs)")
	fl.BoolVar(&opts.EnqueueOnly, "enqueue-only", false, "queue the flops and return: workers solve them")
	fl.DurationVar(&opts.RescueAfter, "rescue-after", 30*time.Minute, "a job running this long is given to another worker (its worker died)")
	fl.StringVar(&opts.MaxMemory, "max-memory", "", "a flop needing more than this (e.g. 4GiB) fails instead of being solved (default: no limit)")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	cmd.AddCommand(newSpotBatchStatusCmd(f, nil))
	cmd.AddCommand(newSpotBatchCancelCmd(f, nil))
	return cmd
}

func spotBatchRun(o *spotBatchOptions) error {
	text, err := os.ReadFile(o.Template)
	if err != nil {
		return err
	}
	fs, set, err := batch.FlopsOf(o.Flops)
	if err != nil {
		return flagErrorf("--flops %s: %v", o.Flops, err)
	}
	b, err := batch.Plan(string(text), o.Template, set, fs, o.Out)
	if err != nil {
		return err // a template that gives no game: found before anything is queued
	}
	if err := os.MkdirAll(b.OutDir, 0o755); err != nil {
		return fmt.Errorf("--out: %v", err)
	}
	var maxMem int64
	if o.MaxMemory != "" {
		b, err := parseBytes(o.MaxMemory)
		if err != nil {
			return flagErrorf("--max-memory %v", err)
		}
		maxMem = b
	}
	db, err := openDB(o.DB, false)
	if err != nil {
		return err
	}
	defer db.Close()
	ctx := context.Background()
	q, err := batch.Open(ctx, db, batch.Options{Workers: o.Workers, Threads: cpusFor(o.Threads), RescueAfter: o.RescueAfter, MaxMemory: maxMem})
	if err != nil {
		return err
	}
	defer q.Close()
	queued, err := q.Enqueue(ctx, b)
	if err != nil {
		return err
	}
	if !o.JSON {
		fmt.Fprintf(o.IO.ErrOut, "batch %s: %d flops (%d queued now) in %s\n", b.ID, len(fs), queued, db.Where())
	}
	if !o.EnqueueOnly {
		if err := workUntilDone(ctx, o.IO, o.newProgress, o.catchInterrupts, q, db, b.ID, o.JSON); err != nil {
			return err
		}
	}
	st, _, err := batch.StatusOf(ctx, db, b.ID)
	if err != nil {
		return err
	}
	if err := writeBatchStatus(o.IO, st, queued, o.JSON); err != nil {
		return err
	}
	if !o.EnqueueOnly && st.Counts[store.FlopFailed] > 0 {
		return fmt.Errorf("%d of %d flops failed (spot batch status %s names them)", st.Counts[store.FlopFailed], len(st.Flops), b.ID)
	}
	return nil
}

// workUntilDone runs the queue's workers until batch id is done, with a
// progress bar of its flops; an interrupt stops the workers (the running
// solves save their checkpoints) and exits 130.
func workUntilDone(ctx context.Context, io *IOStreams, newProgress func(int64, string, bool) *Progress,
	catch func(string) *interruption, q *batch.Queue, db *store.DB, id string, quiet bool) error {
	st, _, err := batch.StatusOf(ctx, db, id)
	if err != nil {
		return err
	}
	bar := newProgress(int64(len(st.Flops)), "solving flops", quiet).Count("flops")
	in := catch("flop")
	if err := q.Start(ctx); err != nil {
		return err
	}
	for {
		st, _, err = batch.StatusOf(ctx, db, id)
		if err != nil {
			break
		}
		bar.Update(int64(len(st.Flops)-st.Counts[store.FlopQueued]-st.Counts[store.FlopRunning]), statusWords(st))
		if st.Done() || in.requested(0) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	stopCtx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	interrupted := in.requested(0)
	if interrupted {
		q.StopAndCancel(stopCtx)
	} else {
		q.Stop(stopCtx)
	}
	bar.Done()
	in.release()
	if err != nil {
		return err
	}
	if interrupted {
		return &InterruptedError{"interrupted: the workers stopped and the running flops saved their checkpoints; run the same command again to go on"}
	}
	return nil
}

func statusWords(st *batch.Status) string {
	s := fmt.Sprintf("%d done, %d running, %d failed", st.Counts[store.FlopDone], st.Counts[store.FlopRunning], st.Counts[store.FlopFailed])
	if st.ETA > 0 {
		s += fmt.Sprintf(", ETA %v", st.ETA.Round(time.Second))
	}
	return s
}

// cpusFor is a --threads value with 0 meaning every CPU.
func cpusFor(threads int) int {
	if threads <= 0 {
		return runtime.NumCPU()
	}
	return threads
}
