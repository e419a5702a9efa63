package cli

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/internal/app/batch"
)

type workerOptions struct {
	IO          *IOStreams
	DB          string
	Workers     int
	Threads     int
	RescueAfter time.Duration
	MaxMemory   string
	LogFormat   string
	// stop, if set, ends the worker like a signal (tests).
	stop <-chan struct{}
}

func newWorkerCmd(f *Factory, runF func(*workerOptions) error) *cobra.Command {
	opts := &workerOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "worker [--db URL] [--workers W] [--threads T]",
		Short: "Solve the flops of spot batches from the job queue of a database",
		Long: `Work the job queue of a database: solve the flops that "pokerlab spot batch"
queued (--workers flops at once, each on --threads), on this machine, as
long as it runs. Any number of workers on any machines may share one
PostgreSQL database (a fleet: docs/deploy.md); each flop is solved once. A
worker that dies mid-solve leaves a checkpoint: after --rescue-after the
queue gives its flop to another worker, which resumes from it (the batch's
folder must be shared storage). Logs go to standard error (log/slog;
--log-format json). SIGINT or SIGTERM stops the worker: running solves
save their checkpoints and are retried.`,
		Example: `  pokerlab worker --db postgres://poker@db:5432/poker --workers 2 --threads 1`,
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if opts.LogFormat != "text" && opts.LogFormat != "json" {
				return flagErrorf("--log-format %q: want text or json", opts.LogFormat)
			}
			if runF != nil {
				return runF(opts)
			}
			return workerRun(opts)
		},
	}
	fl := cmd.Flags()
	dbFlag(cmd, &opts.DB)
	intVar(fl, &opts.Workers, "workers", 1, "flops solved at once", atLeast(1, "a positive count"))
	threadsVar(fl, &opts.Threads, 1, "threads of each flop's solve (0: all CPUs)")
	fl.DurationVar(&opts.RescueAfter, "rescue-after", 30*time.Minute, "a job running this long is given to another worker (its worker died)")
	fl.StringVar(&opts.MaxMemory, "max-memory", "", "a flop needing more than this (e.g. 4GiB) fails instead of being solved (default: no limit)")
	fl.StringVar(&opts.LogFormat, "log-format", "text", "log format: text or json")
	return cmd
}

func workerRun(o *workerOptions) error {
	var h slog.Handler = slog.NewTextHandler(o.IO.ErrOut, &slog.HandlerOptions{Level: slog.LevelInfo})
	if o.LogFormat == "json" {
		h = slog.NewJSONHandler(o.IO.ErrOut, nil)
	}
	log := slog.New(h)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if o.stop != nil {
		go func() {
			select {
			case <-o.stop:
				stop()
			case <-ctx.Done():
			}
		}()
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
	q, err := batch.Open(ctx, db, batch.Options{Workers: o.Workers, Threads: cpusFor(o.Threads), RescueAfter: o.RescueAfter, MaxMemory: maxMem, Log: log})
	if err != nil {
		return err
	}
	defer q.Close()
	if err := q.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	log.Info("pokerlab worker: working the queue", "db", db.Where(), "workers", o.Workers)
	<-ctx.Done()
	log.Info("stopping: running solves save their checkpoints")
	sctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := q.StopAndCancel(sctx); err != nil {
		return fmt.Errorf("stopping the workers: %w", err)
	}
	return nil
}
