package store

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"pokerlab/hh"
)

// ImportOptions configure ImportFiles.
type ImportOptions struct {
	// Threads is the number of goroutines that parse and replay hands (0:
	// GOMAXPROCS); one more writes to the database.
	Threads int
	// Batch is the number of hands per transaction (0: 2,000).
	Batch int
	// Progress, if set, is called with the bytes of the input read and
	// stored so far (of Total).
	Progress func(done, total int64)
	// Stdin is read for the path "-" (nil: no standard input).
	Stdin io.Reader
	// NoFold leaves the rows of the import in the tail (HUD counts them
	// all the same; see fold.go) instead of folding them into the HUD
	// cache at the end.
	NoFold bool
}

// Rejection is a hand that was not stored, and why.
type Rejection struct {
	File  string
	Error string
}

// EmptyInput is an input that gave no hand at all, and why: a missing path,
// a directory without hand-history files, a file that cannot be read, is
// empty (or holds only comments) or is not a hand history.
type EmptyInput struct {
	File  string
	Error string // names the file
	// InDir is set on a file found in a directory that was given (the
	// others are named: arguments and "-"): such a file is passed over
	// (hh.Input.InDir); a directory none of whose files gives a hand is an
	// EmptyInput of its own.
	InDir bool
}

// ImportSummary counts what ImportFiles did.
type ImportSummary struct {
	Files int // files read (opened), with hands or not
	// Read counts the hands read, well-formed or not: Stored + Skipped +
	// Rejected.
	Read    int
	Stored  int // new hands stored
	Skipped int // hands already stored (the same site, number and content)
	// Rejected counts the hands not stored: malformed, not replaying, or
	// in conflict with a stored hand (Conflicts of them); Rejections says
	// what each was, in input order.
	Rejected   int
	Conflicts  int
	Rejections []Rejection
	// Empty lists the inputs that gave no hand, in input order.
	Empty []EmptyInput
}

// NamedEmpty returns the inputs of s.Empty that were named (arguments,
// "-", directories none of whose files holds a hand), not found in a
// directory: a command line that names them is wrong.
func (s *ImportSummary) NamedEmpty() []EmptyInput {
	var out []EmptyInput
	for _, e := range s.Empty {
		if !e.InDir {
			out = append(out, e)
		}
	}
	return out
}

// importJob is a part of a file; the writer takes the parts in order.
type importJob struct {
	in    input
	chunk hh.Chunk
	only  bool // the file's one part
	size  int64
	done  chan importPart
}

type importPart struct {
	recs []*Record
	bad  []Rejection
	read int
	// empty is why the part gave nothing (a file that cannot be read, is
	// empty or is not a hand history): "" when it gave hands or errors of
	// hands.
	empty string
}

// ImportFiles stores the hands of hand-history files and directories in db:
// PHH, PokerStars and GGPoker text (hh.Reader; a directory stands for its
// hand-history files, recursively, and "-" for opt.Stdin). Parts of the
// files are parsed and replayed in parallel; one writer stores them in
// input order, a transaction per Batch hands (Import), and at the end folds
// the players' tails into the HUD cache (Fold). A malformed hand, one that
// does not replay or one in conflict with a stored hand is rejected with
// its reason, an input that gives no hand is listed in Empty, and the rest
// goes on; the error returned is the database's (the hands of the batches
// committed before it stay stored, so running the import again completes
// it).
func ImportFiles(ctx context.Context, db *DB, paths []string, opt ImportOptions) (*ImportSummary, error) {
	threads := opt.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	batch := opt.Batch
	if batch <= 0 {
		batch = 2000
	}
	inputs, args, empty := expandPaths(paths)
	sum := &ImportSummary{Empty: empty}
	var total int64
	for _, in := range inputs {
		if st, err := os.Stat(in.Path); err == nil && in.Path != "" {
			total += st.Size()
		}
	}
	// Into an empty SQLite file: the key index is built at the end
	// (bulk.go).
	if err := db.beginBulk(ctx); err != nil {
		return sum, err
	}
	bulkOn := true
	endBulk := func() error {
		if !bulkOn {
			return nil
		}
		bulkOn = false
		// Not the caller's context: a cancelled import still leaves the
		// index built (or the next writer builds it).
		return db.endBulk(context.Background())
	}
	defer endBulk()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// Producer: reads the files one at a time and hands out their parts;
	// at most 2×threads parts are in flight, bounding memory.
	jobs := make(chan *importJob)
	order := make(chan *importJob, 2*threads)
	go func() {
		defer close(jobs)
		defer close(order)
		for _, in := range inputs {
			data, err := readInput(in.Input, opt.Stdin)
			j0 := &importJob{in: in, only: true, done: make(chan importPart, 1)}
			if err != nil {
				j0.done <- importPart{empty: err.Error()}
				select {
				case order <- j0:
				case <-ctx.Done():
					return
				}
				continue
			}
			sum.Files++
			chunks := splitFile(data)
			for _, c := range chunks {
				j := &importJob{in: in, chunk: c, only: len(chunks) == 1, size: int64(len(c.Data)), done: make(chan importPart, 1)}
				select {
				case order <- j:
				case <-ctx.Done():
					return
				}
				select {
				case jobs <- j:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r hh.Replayer
			rd := hh.Reader{Reuse: true}
			for j := range jobs {
				var p importPart
				f := j.in.Name
				err := scanHands(&rd, f, j.chunk, func(h *hh.Hand) {
					p.read++
					rec, err := RecordOf(h, &r)
					if err != nil {
						p.bad = append(p.bad, Rejection{File: f, Error: err.Error()})
						return
					}
					p.recs = append(p.recs, rec)
				}, func(err error) {
					p.read++
					p.bad = append(p.bad, Rejection{File: f, Error: err.Error()})
				})
				if err != nil && j.only {
					p.empty = err.Error()
				} else if err != nil {
					p.read++
					p.bad = append(p.bad, Rejection{File: f, Error: err.Error()})
				}
				j.done <- p
			}
		}()
	}
	// Writer: the parts in input order, Batch hands per transaction;
	// checkpoints beside it (checkpoint.go).
	ckpt := db.startCheckpoints()
	defer ckpt.stop()
	var pending []*Record
	var done int64
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		res, err := db.Import(ctx, pending)
		if err != nil {
			return err
		}
		sum.Stored += res.Stored
		sum.Skipped += res.Skipped
		sum.Rejected += len(res.Conflicts)
		sum.Conflicts += len(res.Conflicts)
		for _, c := range res.Conflicts {
			sum.Rejections = append(sum.Rejections, Rejection{File: c.Record.File, Error: c.Error()})
		}
		pending = pending[:0]
		ckpt.stored(res.Stored)
		return nil
	}
	var err error
	argHands := make([]int, len(args)) // hands read per directory argument
	for j := range order {
		p := <-j.done
		if p.empty != "" {
			sum.Empty = append(sum.Empty, EmptyInput{File: j.in.Name, Error: p.empty, InDir: j.in.InDir})
		}
		argHands[j.in.arg] += p.read
		sum.Read += p.read
		sum.Rejected += len(p.bad)
		sum.Rejections = append(sum.Rejections, p.bad...)
		pending = append(pending, p.recs...)
		if len(pending) >= batch {
			if err = flush(); err != nil {
				break
			}
		}
		done += j.size
		if opt.Progress != nil {
			opt.Progress(done, total)
		}
	}
	if err == nil {
		err = flush()
	}
	if err == nil {
		for i, a := range args {
			if a.dir && a.files > 0 && argHands[i] == 0 {
				sum.Empty = append(sum.Empty, EmptyInput{File: a.path,
					Error: fmt.Sprintf("%s: none of the %d hand-history files of the directory holds a hand", a.path, a.files)})
			}
		}
	}
	ckpt.kick()
	if e := endBulk(); err == nil {
		err = e
	}
	if err == nil && !opt.NoFold && sum.Stored > 0 {
		db.FoldError() // a background fold's error: Fold takes its range up again
		err = db.Fold(ctx)
	}
	cancel()
	for range order { // let the producer finish
	}
	wg.Wait()
	if err != nil {
		return sum, err
	}
	return sum, nil
}
