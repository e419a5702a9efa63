package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/store"
	"pokerlab/store/watch"
)

type dbWatchOptions struct {
	IO       *IOStreams
	DB       string
	Dir      string
	Once     bool
	JSON     bool
	Poll     time.Duration
	Debounce time.Duration
	Batch    int
	// stop, if set, ends the watcher like a signal (tests).
	stop <-chan struct{}
}

func newDBWatchCmd(f *Factory, runF func(*dbWatchOptions) error) *cobra.Command {
	opts := &dbWatchOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "watch DIR [--db URL] [--once] [--poll D] [--json]",
		Short: "Import hand histories as the poker client writes them",
		Long: `Watch DIR, where the poker client writes its hand histories, and every
directory below it, and store each hand in the database as soon as it is
whole: new files, and hands appended to growing files. The files are those
"db import" reads in a directory (PHH, PokerStars and GGPoker text; .phh,
.phhs, .txt and extensionless files).

A client writes a hand at a time, and a hand caught half written is never
stored: a hand is whole when the next hand's header follows it, or when the
file has been left as it is for --debounce and the hand ends as a whole hand
does (PokerStars and GGPoker: the summary with a line for every seat; PHH:
every field the file's earlier tables have). A burst of writes is read once.

What was read of each file is kept in the database, so the watcher can be
stopped and started again: it reads on from where it stopped, and only the
new hands. A file renamed (a client rotating its files) is read on under its
new name; a file truncated or replaced is read again from its start. A hand
is stored once whatever happens: a hand already stored is skipped, as by
"db import".

A line is printed for each batch of hands imported, and a summary when the
watcher is stopped (Ctrl-C, SIGTERM; exit 0). --once reads what the files
hold now and exits (1 if hands were rejected, as "db import"). --poll D
looks at the files every D instead of waiting for the file system's
notifications: for a network mount, where writes from another machine
raise none.`,
		Example: `  pokerlab db watch ~/PokerStars/HandHistory/Hero --db hands.db
  pokerlab db watch /mnt/share/hh --poll 2s --db postgres://pokerlab@127.0.0.1:5432/hands
  pokerlab db watch hands --once --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Dir = args[0]
			if opts.Poll < 0 {
				return flagErrorf("--poll %v: want a positive interval (0: the file system's notifications)", opts.Poll)
			}
			if opts.Debounce <= 0 {
				return flagErrorf("--debounce %v: want a positive time", opts.Debounce)
			}
			if runF != nil {
				return runF(opts)
			}
			return dbWatchRun(opts)
		},
	}
	dbFlag(cmd, &opts.DB)
	fl := cmd.Flags()
	fl.BoolVar(&opts.Once, "once", false, "read what the files hold now and exit")
	fl.DurationVar(&opts.Poll, "poll", 0, "look at the files every D instead of waiting for notifications (a network mount); 0: notifications")
	fl.DurationVar(&opts.Debounce, "debounce", watch.DefaultDebounce, "quiet time before a file is read, and before its last hand is taken for whole")
	intVar(fl, &opts.Batch, "batch", 2000, "hands per transaction", atLeast(1, "1 or more"))
	fl.BoolVar(&opts.JSON, "json", false, "write JSON lines: one per batch, then the summary (schema in docs/cli.md)")
	return cmd
}

func dbWatchRun(opts *dbWatchOptions) error {
	if st, err := os.Stat(opts.Dir); err != nil {
		return inputErrorf("%s: %v", opts.Dir, unwrapPathErr(err))
	} else if !st.IsDir() {
		return inputErrorf("%s is not a directory: give the directory the poker client writes to", opts.Dir)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		select {
		case <-opts.stop:
		case <-ctx.Done():
		}
		// From the first signal on, a second one has its default effect.
		stop()
	}()
	db, err := store.Open(context.Background(), opts.DB, store.Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	var werr error // the first write error of the output
	out := func(v any, line string) {
		if werr != nil {
			return
		}
		if opts.JSON {
			werr = writeJSONLine(opts.IO, v)
		} else {
			_, werr = fmt.Fprintln(opts.IO.Out, line)
		}
	}
	wopt := watch.Options{Once: opts.Once, Poll: opts.Poll, Debounce: opts.Debounce, Batch: opts.Batch,
		OnNotice: func(msg string) { fmt.Fprintf(opts.IO.ErrOut, "pokerlab: %s\n", msg) },
		OnBatch: func(b watch.Batch) {
			if !opts.JSON {
				for _, r := range b.Rejections {
					fmt.Fprintf(opts.IO.ErrOut, "pokerlab: rejected: %s\n", r.Error)
				}
			}
			out(batchJSON(b), batchLine(b))
		}}
	if !opts.Once && !opts.JSON {
		how := ""
		if opts.Poll > 0 {
			how = " (looking every " + opts.Poll.String() + ")"
		}
		fmt.Fprintf(opts.IO.ErrOut, "pokerlab: watching %s for hand histories%s, into %s (Ctrl-C to stop)\n", opts.Dir, how, db.Where())
	}
	sum, err := watch.Run(ctx, db, opts.Dir, wopt)
	if err != nil {
		n := 0
		if sum != nil {
			n = sum.Stored
		}
		return fmt.Errorf("%v (%d hands stored before it; run the watcher again to go on)", err, n)
	}
	out(DBWatchSummaryJSON{Event: "summary", DB: store.Redact(opts.DB), Dir: sum.Dir, Polling: sum.Polling, Files: sum.Files,
		Read: sum.Read, Stored: sum.Stored, Skipped: sum.Skipped, Rejected: sum.Rejected, Conflicts: sum.Conflicts,
		InDatabase: sum.InDatabase, Seconds: sum.Elapsed.Seconds()}, summaryLine(opts, sum))
	if werr != nil {
		return werr
	}
	if opts.Once && sum.Rejected > 0 {
		if sum.Conflicts > 0 {
			return fmt.Errorf("%d hands rejected, %d of them in conflict with stored hands", sum.Rejected, sum.Conflicts)
		}
		return fmt.Errorf("%d hands rejected", sum.Rejected)
	}
	return nil
}

func batchJSON(b watch.Batch) DBWatchBatchJSON {
	j := DBWatchBatchJSON{Event: "batch", Time: b.Time.Format(time.RFC3339), File: b.File, Read: b.Read, Stored: b.Stored,
		Skipped: b.Skipped, Rejected: len(b.Rejections), Conflicts: b.Conflicts, Rejections: []DBRejectionJSON{}, InDatabase: b.InDatabase}
	for _, r := range b.Rejections {
		j.Rejections = append(j.Rejections, DBRejectionJSON{File: r.File, Error: r.Error})
	}
	return j
}

// batchLine is "12:03:05 hands.txt: 3 hands imported (1,204 in the
// database)", with the hands already stored and rejected when there are
// some.
func batchLine(b watch.Batch) string {
	line := fmt.Sprintf("%s %s: %s imported", b.Time.Format("15:04:05"), b.File, count(b.Stored, "hand"))
	if b.Skipped > 0 {
		line += fmt.Sprintf(", %s already stored", thousands(int64(b.Skipped)))
	}
	if len(b.Rejections) > 0 {
		line += fmt.Sprintf(", %s rejected", thousands(int64(len(b.Rejections))))
	}
	return line + fmt.Sprintf(" (%s in the database)", thousands(b.InDatabase))
}

func summaryLine(opts *dbWatchOptions, sum *watch.Summary) string {
	verb := "watched"
	if opts.Once {
		verb = "read"
	}
	return fmt.Sprintf("%s %s for %s: %s read from %s: %s imported, %s already stored, %s rejected (%s in the database)",
		verb, opts.Dir, sum.Elapsed.Round(100*time.Millisecond), count(sum.Read, "hand"), count(sum.Files, "file"),
		thousands(int64(sum.Stored)), thousands(int64(sum.Skipped)), thousands(int64(sum.Rejected)), thousands(sum.InDatabase))
}

// count is "1 hand", "1,204 hands".
func count(n int, noun string) string {
	return thousands(int64(n)) + " " + plural(n, noun, noun+"s")
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// unwrapPathErr drops the operation and path of a *fs.PathError (the
// message names the path as typed).
func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
