package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"pokerlab/hh"
	"pokerlab/store"
)

// DefaultDebounce is the quiet time of Options.Debounce.
const DefaultDebounce = 250 * time.Millisecond

// Options configure Run.
type Options struct {
	// Debounce is how long a file must be quiet before it is read (a
	// burst of writes is one read; a burst that goes on is read at least
	// every 4×Debounce), and how long the last hand of a file must have
	// been left as it is before it is taken for whole (0: DefaultDebounce).
	Debounce time.Duration
	// Poll, if set, looks at the files every Poll instead of waiting for
	// the file system's notifications (a network mount, where they do not
	// come).
	Poll time.Duration
	// Once reads what the files hold and returns, without watching.
	Once bool
	// Batch is the number of hands per transaction (0: 2,000).
	Batch int
	// OnBatch is called after the hands read from a file at one look are
	// stored.
	OnBatch func(Batch)
	// OnNotice is called with what the watcher passes over or falls back
	// to (a file that is not a hand history, a file it cannot read, the
	// notifications failing).
	OnNotice func(string)

	// afterLook is called after every look at a file (tests).
	afterLook func(path string, size, read int64)
}

// Batch is what one look at a file read and stored.
type Batch struct {
	Time time.Time
	File string // the path below the watched directory
	// Read counts the hands read: Stored + Skipped + len(Rejections).
	Read, Stored, Skipped int
	// Rejections are the hands not stored: malformed, not replaying, or
	// in conflict with a stored hand (Conflicts of them).
	Rejections []store.Rejection
	Conflicts  int
	// InDatabase is the number of hands in the database after it.
	InDatabase int64
}

// Summary counts what Run did.
type Summary struct {
	Dir string // the directory watched (absolute)
	// Polling is set when the files were polled (Options.Poll, or the
	// notifications failed).
	Polling bool
	// Files counts the files hands were read from.
	Files                                      int
	Read, Stored, Skipped, Rejected, Conflicts int
	InDatabase                                 int64
	Elapsed                                    time.Duration
}

// maxRead is the most of a file read at once: a large file is read in
// parts of whole hands (a part that holds no whole hand is read again
// twice as long). A variable for the tests.
var maxRead int64 = 16 << 20

// maxOrphans bounds the files kept after their path went away, for a
// rename to find them.
const maxOrphans = 64

type watcher struct {
	db    *store.DB
	dir   string
	opt   Options
	skip  []string // the database's own files
	files map[string]*file
	// orphans are files whose path went away (renamed, deleted): a file
	// that appears under another path is found among them by identity.
	orphans []*file
	sum     Summary
	fromAny map[string]bool // paths hands were read from
	rd      hh.Reader
	rp      hh.Replayer
	start   time.Time
}

// Run imports the hands of the hand-history files below dir into db and
// goes on importing what is written to them until ctx is done (or, with
// Once, after one reading); see the package documentation. The error is
// the database's (or dir's): a file that cannot be read is noticed
// (OnNotice) and tried again at its next look, one that is not a hand
// history noticed and passed over until it is truncated or replaced. The
// summary is returned with it.
func Run(ctx context.Context, db *store.DB, dir string, opt Options) (*Summary, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, unwrapPath(err))
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	if opt.Debounce <= 0 {
		opt.Debounce = DefaultDebounce
	}
	if opt.Batch <= 0 {
		opt.Batch = 2000
	}
	w := &watcher{db: db, dir: abs, opt: opt, files: map[string]*file{}, fromAny: map[string]bool{},
		rd: hh.Reader{Reuse: true}, start: time.Now()}
	w.sum.Dir = abs
	if db.Kind() == store.SQLite {
		if p, err := filepath.Abs(db.Where()); err == nil {
			w.skip = []string{p, p + "-wal", p + "-shm", p + "-journal"}
		}
	}
	err = w.run(ctx)
	// The HUD cache takes the tail of the hands stored (HUD counts them
	// either way); not ctx: a watcher stopped by a signal folds all the
	// same.
	if w.sum.Stored > 0 {
		if e := db.Fold(context.Background()); err == nil {
			err = e
		}
	}
	if n, e := db.CountHands(context.Background()); e == nil {
		w.sum.InDatabase = n
	} else if err == nil {
		err = e
	}
	w.sum.Elapsed = time.Since(w.start)
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		err = nil // stopped, as asked
	}
	return &w.sum, err
}

func (w *watcher) run(ctx context.Context) error {
	var fw *fsnotify.Watcher
	if !w.opt.Once && w.opt.Poll <= 0 {
		var err error
		if fw, err = fsnotify.NewWatcher(); err == nil {
			err = w.addTree(fw, w.dir)
		}
		if err != nil {
			if fw != nil {
				fw.Close()
				fw = nil
			}
			w.opt.Poll = 2 * time.Second
			w.notice(fmt.Sprintf("%s: file notifications are not available (%v): polling every %v", w.dir, err, w.opt.Poll))
		} else {
			defer fw.Close()
		}
	}
	w.sum.Polling = w.opt.Poll > 0
	// Every file as it is now (notifications are on first, so nothing
	// written meanwhile is missed), then the rows of files gone.
	if err := w.pass(ctx, w.walk()); err != nil {
		return err
	}
	if err := w.forget(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	if w.opt.Once {
		// A last hand that looks whole waits for its file to settle.
		for range 8 {
			due, ok := w.due()
			if !ok {
				break
			}
			if err := sleep(ctx, time.Until(due)); err != nil {
				return err
			}
			if err := w.pass(ctx, w.pending()); err != nil {
				return err
			}
		}
		return nil
	}
	if fw == nil {
		return w.poll(ctx)
	}
	return w.notify(ctx, fw)
}

// notify reads the files as the notifications of fw name them.
func (w *watcher) notify(ctx context.Context, fw *fsnotify.Watcher) error {
	dirty := map[string]bool{}
	var first, last time.Time // of the burst of events not read yet
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	// The timer is due at the end of the burst (quiet for Debounce, or
	// 4×Debounce after its first event) or when a pending last hand
	// settles, whichever comes first.
	burst := func() time.Time {
		if a, b := last.Add(w.opt.Debounce), first.Add(4*w.opt.Debounce); a.Before(b) {
			return a
		}
		return first.Add(4 * w.opt.Debounce)
	}
	arm := func() {
		var due time.Time
		if len(dirty) > 0 {
			due = burst()
		}
		if d, ok := w.due(); ok && (due.IsZero() || d.Before(due)) {
			due = d
		}
		if due.IsZero() {
			timer.Stop()
			return
		}
		timer.Reset(max(time.Until(due), 0))
	}
	arm() // the last hands the first pass left to settle
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-fw.Events:
			if !ok {
				return nil
			}
			if ev.Op == fsnotify.Chmod {
				continue
			}
			now := time.Now()
			if len(dirty) == 0 {
				first = now
			}
			last = now
			dirty[ev.Name] = true
			if ev.Has(fsnotify.Create) {
				if st, err := os.Lstat(ev.Name); err == nil && st.IsDir() && !hidden(filepath.Base(ev.Name)) {
					// A new directory: watched, and its files read.
					if err := w.addTree(fw, ev.Name); err != nil {
						w.notice(fmt.Sprintf("%s: %v", w.rel(ev.Name), err))
					}
					for _, p := range w.walkUnder(ev.Name) {
						dirty[p] = true
					}
				}
			}
			arm()
		case err, ok := <-fw.Errors:
			if !ok {
				return nil
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: every file is looked at.
				for _, p := range w.walk() {
					dirty[p] = true
				}
				if len(dirty) > 0 && first.IsZero() {
					first, last = time.Now(), time.Now()
				}
			} else {
				w.notice(fmt.Sprintf("%s: %v", w.dir, err))
			}
			arm()
		case <-timer.C:
			paths := w.pending()
			if len(dirty) > 0 && !time.Now().Before(burst()) {
				for p := range dirty {
					paths = append(paths, p)
				}
				clear(dirty)
			}
			if err := w.pass(ctx, paths); err != nil {
				return err
			}
			arm()
		}
	}
}

// poll looks at every file every opt.Poll, reading those that changed.
func (w *watcher) poll(ctx context.Context) error {
	tick := time.NewTicker(w.opt.Poll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
		var paths []string
		seen := map[string]bool{}
		for _, p := range w.walk() {
			seen[p] = true
			f := w.files[p]
			st, err := os.Stat(p)
			if f == nil || err != nil || st.Size() != f.size || !st.ModTime().Equal(f.mod) {
				paths = append(paths, p)
			}
		}
		for p := range w.files {
			if !seen[p] {
				paths = append(paths, p) // gone
			}
		}
		paths = append(paths, w.pending()...)
		if err := w.pass(ctx, paths); err != nil {
			return err
		}
	}
}

// pass looks at each of paths once (in name order).
func (w *watcher) pass(ctx context.Context, paths []string) error {
	slices.Sort(paths)
	paths = slices.Compact(paths)
	for _, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := w.look(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// pending returns the files whose last hand looks whole but has not been
// left as it is for long enough yet.
func (w *watcher) pending() []string {
	var out []string
	for p, f := range w.files {
		if !f.settleAt.IsZero() {
			out = append(out, p)
		}
	}
	return out
}

// due returns the earliest time a pending file is settled.
func (w *watcher) due() (time.Time, bool) {
	var t time.Time
	for _, f := range w.files {
		if !f.settleAt.IsZero() && (t.IsZero() || f.settleAt.Before(t)) {
			t = f.settleAt
		}
	}
	return t, !t.IsZero()
}

// addTree watches dir and every directory below it (but those whose names
// start with ".", which ExpandInputs skips too).
func (w *watcher) addTree(fw *fsnotify.Watcher, dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // a directory that went away or cannot be read
		}
		if !d.IsDir() {
			return nil
		}
		if p != dir && hidden(d.Name()) {
			return filepath.SkipDir
		}
		return fw.Add(p)
	})
}

// walk returns the hand-history files below the watched directory.
func (w *watcher) walk() []string { return w.walkUnder(w.dir) }

func (w *watcher) walkUnder(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if p != dir && hidden(d.Name()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && w.wanted(p) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// wanted reports whether a path may be a hand-history file: the names
// ExpandInputs reads in a directory (.phh, .phhs, .txt or no extension,
// not starting with "."), not the database's own files.
func (w *watcher) wanted(p string) bool {
	base := filepath.Base(p)
	if hidden(base) || slices.Contains(w.skip, p) {
		return false
	}
	switch strings.ToLower(filepath.Ext(base)) {
	case ".phh", ".phhs", ".txt", "":
		return true
	}
	return false
}

func hidden(name string) bool { return strings.HasPrefix(name, ".") }

// rel names a path in messages: below the watched directory.
func (w *watcher) rel(p string) string {
	if r, err := filepath.Rel(w.dir, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

func (w *watcher) notice(msg string) {
	if w.opt.OnNotice != nil {
		w.opt.OnNotice(msg)
	}
}

// forget drops the rows of files below the directory that are gone (after
// the first pass, which found the renamed ones by their content).
func (w *watcher) forget(ctx context.Context) error {
	rows, err := w.db.WatchedFilesUnder(ctx, w.dir)
	if err != nil {
		return err
	}
	var gone []string
	for _, r := range rows {
		if _, err := os.Lstat(r.Path); errors.Is(err, fs.ErrNotExist) {
			gone = append(gone, r.Path)
		}
	}
	return w.db.DeleteWatchedFiles(ctx, gone)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(max(d, 0))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
