package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/store"
)

type dbImportOptions struct {
	IO       *IOStreams
	DB       string
	Paths    []string
	Threads  int
	Batch    int
	JSON     bool
	progress func(total int64) *Progress
}

func newDBImportCmd(f *Factory, runF func(*dbImportOptions) error) *cobra.Command {
	opts := &dbImportOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "import [--db URL] FILE|DIR|-... [--json]",
		Short: "Store hand histories in the database",
		Long: `Store the hands of hand-history files in the database: PHH, PokerStars and
GGPoker text (told apart by content), files, directories (recursively: their
.phh, .phhs, .txt and extensionless files) and - for standard input. Each hand with its site, hand
number, time, stakes, table, seats, button and PHH text, and for each player
the seat, position, starting stack, net result and the HUD tallies of the
hand (package hud), so that "pokerlab hud --db" sums them instead of
replaying hands.

A hand already stored (the same site and hand number: the PHH venue and hand
fields; a hand without them is identified by the SHA-256 of its PHH text) is
skipped and counted. Hands are written in transactions of --batch hands: an
import that is interrupted leaves whole hands only, and running it again
completes it. Several imports may run at once on one database. Into a new
(empty) SQLite file the index of hands by site and hand number is built at
the end of the import, which is faster than keeping it up to date. A file that
cannot be read, a malformed hand, or a hand that does not replay through the
rules engine is rejected with its reason and the rest goes on.`,
		Example: `  pokerlab db import testdata/handhq
  pokerlab db import --db hands.db session1.phhs HH20250101.txt --json
  cat HH20250101.txt | pokerlab db import --db hands.db -
  pokerlab db import --db postgres://pokerlab@127.0.0.1:5432/hands ./histories`,
		Args: cobra.ArbitraryArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return flagErrorf("give at least one file or directory")
			}
			opts.Paths = args
			if runF != nil {
				return runF(opts)
			}
			return dbImportRun(opts)
		},
	}
	opts.progress = func(total int64) *Progress { return f.newProgress(total, "import", opts.JSON) }
	dbFlag(cmd, &opts.DB)
	threadsVar(cmd.Flags(), &opts.Threads, 0, "goroutines that parse and replay hands (0: all CPUs)")
	intVar(cmd.Flags(), &opts.Batch, "batch", 2000, "hands per transaction", atLeast(1, "1 or more"))
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func dbImportRun(opts *dbImportOptions) error {
	db, err := openDB(opts.DB, false)
	if err != nil {
		return err
	}
	defer db.Close()
	var bar *Progress
	start := time.Now()
	sum, err := store.ImportFiles(context.Background(), db, opts.Paths, store.ImportOptions{
		Threads: opts.Threads, Batch: opts.Batch, Stdin: opts.IO.In,
		Progress: func(done, total int64) {
			if bar == nil {
				bar = opts.progress(total)
			}
			bar.Set(done)
		}})
	if bar != nil {
		bar.Done()
	}
	if err != nil {
		return fmt.Errorf("%v (%d hands stored before it; run the import again to complete it)", err, sum.Stored)
	}
	secs := time.Since(start).Seconds()
	if opts.JSON {
		out := DBImportJSON{DB: store.Redact(opts.DB), Paths: opts.Paths, Files: sum.Files, Read: sum.Read, Stored: sum.Stored,
			Skipped: sum.Skipped, Rejected: sum.Rejected, Rejections: []DBRejectionJSON{}, Seconds: secs}
		if secs > 0 {
			out.HandsPerSecond = float64(sum.Read) / secs
		}
		for _, r := range sum.Rejections {
			out.Rejections = append(out.Rejections, DBRejectionJSON{File: r.File, Error: r.Error})
		}
		return writeJSON(opts.IO, out)
	}
	for _, r := range sum.Rejections {
		fmt.Fprintf(opts.IO.ErrOut, "pokerlab: rejected: %s\n", r.Error)
	}
	fmt.Fprintf(opts.IO.Out, "%s: %d files, %d hands read: %d stored, %d already stored (skipped), %d rejected (%.1f s)\n",
		db.Where(), sum.Files, sum.Read, sum.Stored, sum.Skipped, sum.Rejected, secs)
	return nil
}
