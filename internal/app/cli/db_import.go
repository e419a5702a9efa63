package cli

import (
	"context"
	"fmt"
	"strings"
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
fields; a hand without them is identified by the SHA-256 of its PHH text) and
with the same content (players, stacks, blinds, actions and cards, results)
is skipped and counted. A hand with a stored site and number but other
content is a different hand: it is refused, naming its file, line and number
and what differs, and the stored one is kept. Hands are written in
transactions of --batch hands: an import that is interrupted leaves whole
hands only, and running it again completes it. Several imports may run at
once on one database. Into a new (empty) SQLite file the index of hands by
site and hand number is built at the end of the import, which is faster than
keeping it up to date.

A malformed hand, a hand that does not replay through the rules engine, or
one in conflict with a stored hand is rejected with its reason and the rest
goes on; the command then exits 1. An input named on the command line that
gives no hand (missing, unreadable, empty, not a hand history, a directory
without hand histories) is named in the summary and the command exits 2
after importing the others; a file found in a directory that gives no hand is
listed and passed over.`,
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
	opts.progress = func(total int64) *Progress {
		return f.newProgress(total, "importing", opts.JSON).Bytes("of hand histories")
	}
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
			Skipped: sum.Skipped, Rejected: sum.Rejected, Conflicts: sum.Conflicts, Rejections: []DBRejectionJSON{},
			EmptyInputs: []DBEmptyInputJSON{}, Seconds: secs}
		if secs > 0 {
			out.HandsPerSecond = float64(sum.Read) / secs
		}
		for _, r := range sum.Rejections {
			out.Rejections = append(out.Rejections, DBRejectionJSON{File: r.File, Error: r.Error})
		}
		for _, e := range sum.Empty {
			out.EmptyInputs = append(out.EmptyInputs, DBEmptyInputJSON{File: e.File, Error: e.Error, InDir: e.InDir})
		}
		if err := writeJSON(opts.IO, out); err != nil {
			return err
		}
		return importOutcome(sum, "in rejections")
	}
	for _, r := range sum.Rejections {
		fmt.Fprintf(opts.IO.ErrOut, "pokerlab: rejected: %s\n", r.Error)
	}
	for _, e := range sum.Empty {
		if e.InDir {
			fmt.Fprintf(opts.IO.ErrOut, "pokerlab: passed over: %s\n", e.Error)
		}
	}
	conflicts := ""
	if sum.Conflicts > 0 {
		conflicts = fmt.Sprintf(" (%d in conflict with stored hands)", sum.Conflicts)
	}
	fmt.Fprintf(opts.IO.Out, "%s: %d files, %d hands read: %d stored, %d already stored (skipped), %d rejected%s (%.1f s)\n",
		db.Where(), sum.Files, sum.Read, sum.Stored, sum.Skipped, sum.Rejected, conflicts, secs)
	if len(sum.Empty) > 0 {
		names := make([]string, len(sum.Empty))
		for i, e := range sum.Empty {
			names[i] = e.File
		}
		fmt.Fprintf(opts.IO.Out, "no hands from %s\n", strings.Join(names, ", "))
	}
	return importOutcome(sum, "above")
}

// importOutcome is the error of an import that went through (exit 0 when
// nil): an input named on the command line that gave no hand is a wrong
// command line (exit 2, naming it); rejected hands are work that failed
// (exit 1). listed says where the rejections are listed.
func importOutcome(sum *store.ImportSummary, listed string) error {
	if named := sum.NamedEmpty(); len(named) == 1 {
		return inputErrorf("%s", named[0].Error)
	} else if len(named) > 1 {
		msgs := make([]string, len(named))
		for i, e := range named {
			msgs[i] = e.Error
		}
		return inputErrorf("%d inputs give no hands: %s", len(named), strings.Join(msgs, "; "))
	}
	if sum.Rejected == 0 {
		return nil
	}
	if sum.Conflicts > 0 {
		return fmt.Errorf("%d hands rejected, %d of them in conflict with stored hands (listed %s)", sum.Rejected, sum.Conflicts, listed)
	}
	return fmt.Errorf("%d hands rejected (listed %s)", sum.Rejected, listed)
}
