package watch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"pokerlab/hh"
	"pokerlab/store"
)

// headBytes is the most of a file's first bytes its digest covers.
const headBytes = 4096

// file is what the watcher knows of one file.
type file struct {
	path string
	fi   os.FileInfo // at the last look: the file's identity (os.SameFile)
	// size and mod are the file's at the last look; changed is when the
	// watcher first saw them.
	size    int64
	mod     time.Time
	changed time.Time
	// read and lines: the bytes read (every hand before read was stored
	// or rejected) and the lines before read.
	read, lines int64
	// headLen, head: the SHA-256 (hex) of the first headLen bytes,
	// headLen = min(read, headBytes).
	headLen int64
	head    string
	keys    []string // PHH: the keys of every table read (nil before one)
	hands   int64
	format  hh.Format // FormatUnknown until the file's first line is read
	// ignored says why the file is passed over (not a hand history) until
	// it is replaced or truncated (below ignoredAt, its size then).
	ignored   string
	ignoredAt int64
	failure   string // the error of the last read, if it failed
	// settleAt is set when the last hand looks whole and the file has not
	// been left as it is for Debounce yet: it is looked at again then.
	settleAt time.Time
}

func (f *file) row() store.WatchedFile {
	return store.WatchedFile{Path: f.path, HeadLen: f.headLen, HeadDigest: f.head, ReadBytes: f.read, ReadLines: f.lines,
		PHHKeys: joinKeys(f.keys), Hands: f.hands}
}

func fromRow(path string, r store.WatchedFile) *file {
	return &file{path: path, read: r.ReadBytes, lines: r.ReadLines, headLen: r.HeadLen, head: r.HeadDigest,
		keys: splitKeys(r.PHHKeys), hands: r.Hands}
}

// reset starts the file over from its first byte.
func (f *file) reset() {
	*f = file{path: f.path, fi: f.fi, size: f.size, mod: f.mod, changed: f.changed}
}

// look reads what is new in the file at p. A look once begun stores what
// it has read, and the file's row, even if ctx is done meanwhile (a
// signal): ctx stops it between its reads of at most maxRead bytes.
func (w *watcher) look(ctx context.Context, p string) error {
	stop := ctx
	ctx = context.WithoutCancel(ctx)
	st, err := os.Stat(p)
	f := w.files[p]
	if err != nil || !st.Mode().IsRegular() || !w.wanted(p) {
		if f != nil {
			// Gone (renamed, deleted): kept a while for a rename to find.
			delete(w.files, p)
			w.orphan(f)
		}
		return nil
	}
	if f != nil && !os.SameFile(f.fi, st) {
		// Another file under the name (the old one renamed away).
		delete(w.files, p)
		w.orphan(f)
		f = nil
	}
	now := time.Now()
	if f == nil {
		if f, err = w.discover(ctx, p, st); err != nil {
			return err
		}
		w.files[p] = f
	}
	f.fi = st
	if st.Size() != f.size || !st.ModTime().Equal(f.mod) || f.changed.IsZero() {
		f.size, f.mod, f.changed = st.Size(), st.ModTime(), now
	}
	err = w.readFile(stop, ctx, f)
	if w.opt.afterLook != nil {
		w.opt.afterLook(p, f.size, f.read)
	}
	return err
}

func (w *watcher) orphan(f *file) {
	w.orphans = append(w.orphans, f)
	if len(w.orphans) > maxOrphans {
		w.orphans = w.orphans[1:]
	}
}

// discover returns what is known of a file the watcher has no state for:
// the state of a file it knew under another name (renamed; by identity),
// else the database's row of its path or of its first bytes (a rename
// while the watcher was not running), else nothing read.
func (w *watcher) discover(ctx context.Context, p string, st os.FileInfo) (*file, error) {
	for i, o := range w.orphans {
		if os.SameFile(o.fi, st) {
			w.orphans = append(w.orphans[:i], w.orphans[i+1:]...)
			old := o.path
			o.path = p
			if o.read > 0 {
				if err := w.moved(ctx, o, old); err != nil {
					return nil, err
				}
			}
			return o, nil
		}
	}
	r, ok, err := w.db.WatchedFile(ctx, p)
	if err != nil {
		return nil, err
	}
	if ok && w.sameHead(p, st, r) {
		return fromRow(p, r), nil
	}
	n := min(st.Size(), headBytes)
	digest, err := headDigest(p, n)
	if err != nil || n == 0 {
		return &file{path: p}, nil // read from the start (and the error met there)
	}
	rows, err := w.db.WatchedFilesByHead(ctx, n, digest)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.Path != p && r.ReadBytes <= st.Size() {
			f := fromRow(p, r)
			if err := w.moved(ctx, f, r.Path); err != nil {
				return nil, err
			}
			return f, nil
		}
	}
	return &file{path: p}, nil
}

// moved stores the row of a file found renamed from old, and drops old's
// row when no file is left there.
func (w *watcher) moved(ctx context.Context, f *file, old string) error {
	if err := w.db.SaveWatchedFile(ctx, f.row()); err != nil {
		return err
	}
	if _, err := os.Lstat(old); errors.Is(err, fs.ErrNotExist) {
		return w.db.DeleteWatchedFiles(ctx, []string{old})
	}
	return nil
}

// sameHead reports whether the file at p still holds what row r read: it
// is as long, and its first bytes have r's digest.
func (w *watcher) sameHead(p string, st os.FileInfo, r store.WatchedFile) bool {
	if st.Size() < r.ReadBytes || st.Size() < r.HeadLen {
		return false
	}
	d, err := headDigest(p, r.HeadLen)
	return err == nil && d == r.HeadDigest
}

// headDigest is the SHA-256 (hex) of the first n bytes of the file at p.
func headDigest(p string, n int64) (string, error) {
	fh, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer fh.Close()
	buf := make([]byte, n)
	if _, err := io.ReadFull(fh, buf); err != nil {
		return "", err
	}
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:]), nil
}

// readHead returns the first n bytes of the file at p (fewer if it is
// shorter).
func readHead(p string, n int) ([]byte, error) {
	fh, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	buf := make([]byte, n)
	got, err := io.ReadFull(fh, buf)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return buf[:got], err
}

// readFile reads the file from f.read on and stores its whole hands
// (with ctx), until stop is done.
func (w *watcher) readFile(stop, ctx context.Context, f *file) error {
	f.settleAt = time.Time{}
	// Truncated, or replaced by a file with other first bytes: from the
	// start (the hands stored from it stay; Import skips them if they
	// come again).
	if f.size < f.read || f.ignored != "" && f.size < f.ignoredAt {
		f.reset()
	} else if f.headLen > 0 {
		if d, err := headDigest(f.path, f.headLen); err != nil || d != f.head {
			f.reset()
		}
	}
	if f.ignored != "" || f.size == f.read {
		return nil
	}
	fh, err := os.Open(f.path)
	if err != nil {
		w.failed(f, fmt.Sprintf("%s: %v", w.rel(f.path), unwrapPath(err)))
		return nil
	}
	defer fh.Close()
	f.failure = ""
	window := maxRead
	for f.read < f.size && stop.Err() == nil {
		n := min(f.size-f.read, window)
		data := make([]byte, n)
		got, err := fh.ReadAt(data, f.read)
		if err != nil && !errors.Is(err, io.EOF) {
			w.failed(f, fmt.Sprintf("%s: %v", w.rel(f.path), unwrapPath(err)))
			return nil
		}
		data = data[:got]
		eof := f.read+int64(got) >= f.size
		used, err := w.take(ctx, f, data, eof)
		switch {
		case err != nil || used == 0 && eof || f.ignored != "":
			return err
		case used == 0 && window >= 2*hh.MaxHand:
			// Not hand histories: no hand is that long.
			w.ignore(f, fmt.Sprintf("%s:%d: no whole hand in %d MiB (a hand is at most %d MiB)",
				w.rel(f.path), f.lines+1, window>>20, hh.MaxHand>>20))
			return nil
		case used == 0:
			window *= 2 // a hand longer than the part read
		default:
			window = maxRead
		}
	}
	return nil
}

// failed notices a file that cannot be read (once until it can be), to be
// tried again at its next look.
func (w *watcher) failed(f *file, msg string) {
	if f.failure != msg {
		f.failure = msg
		w.notice("cannot read: " + msg)
	}
}

func (w *watcher) ignore(f *file, msg string) {
	if f.ignored == "" {
		f.ignored, f.ignoredAt = msg, f.size
		w.notice("passed over: " + msg)
	}
}

// take stores the whole hands at the start of data (the file's bytes from
// f.read on; eof: to its end as last looked at) and moves f.read past
// them. It returns the bytes taken.
func (w *watcher) take(ctx context.Context, f *file, data []byte, eof bool) (int, error) {
	name := w.rel(f.path)
	if f.format == hh.FormatUnknown && f.read > 0 {
		// Read on from a row: the format is the file's first hand's.
		if head, err := readHead(f.path, 64<<10); err == nil {
			f.format, _ = hh.Detect(name, head)
		}
	}
	if f.format == hh.FormatUnknown {
		format, err := hh.Detect(name, data)
		if err != nil {
			// Nothing yet, or the first line not written to its end: wait.
			if blank(data) || !firstLineEnded(data) {
				return 0, nil
			}
			w.ignore(f, err.Error())
			return 0, nil
		}
		f.format = format
	}
	var recs []*store.Record
	var bad []store.Rejection
	used, lines := 0, 0
	if _, err := hh.Detect(name, data); err != nil && !blank(data) {
		// Lines that are no hand before the next hand's header (a hand
		// read whole when the file was quiet, then something else
		// written after it): rejected up to that header.
		if !firstLineEnded(data) {
			return 0, nil
		}
		k := nextHeader(data, f.format)
		if k < 0 {
			return 0, nil // the header may be on its way
		}
		bad = append(bad, store.Rejection{File: name, Error: fmt.Sprintf("%s:%d: not a hand: %q", name, f.lines+int64(contentLine(data)), firstLine(data))})
		used, lines = k, bytes.Count(data[:k], []byte{'\n'})
		data = data[k:]
	}
	chunks := cut(data)
	keys := f.keys
	base := int(f.lines) + lines // lines before data
	for i, c := range chunks {
		c.Line += base
		last := i == len(chunks)-1
		if last && !eof {
			break // cut by the read's end: the next read starts here
		}
		if blank(c.Data) {
			used += len(c.Data)
			lines += bytes.Count(c.Data, []byte{'\n'})
			continue
		}
		var hands []*store.Record
		var errs []store.Rejection
		n, players := 0, 0
		err := w.rd.ReadChunk(name, c, func(h *hh.Hand, err error) error {
			n++
			if err != nil {
				errs = append(errs, store.Rejection{File: name, Error: err.Error()})
				return nil
			}
			rec, err := store.RecordOf(h, &w.rp)
			if err != nil {
				errs = append(errs, store.Rejection{File: name, Error: err.Error()})
				return nil
			}
			players = h.NumPlayers()
			hands = append(hands, rec)
			return nil
		})
		if err != nil {
			n++
			errs = append(errs, store.Rejection{File: name, Error: err.Error()})
		}
		if last {
			// The last hand: whole when it reads as one hand that
			// replays, ends as a whole hand does, and the file has been
			// left as it is for Debounce.
			if n != 1 || len(errs) > 0 || !complete(f.format, c.Data, players, keys) {
				break
			}
			if at := w.settled(f); !at.IsZero() {
				f.settleAt = at
				break
			}
		}
		recs = append(recs, hands...)
		bad = append(bad, errs...)
		used += len(c.Data)
		lines += bytes.Count(c.Data, []byte{'\n'})
		if f.format == hh.FormatPHH {
			keys = commonKeys(keys, tableKeys(c.Data))
		}
	}
	if used == 0 {
		return 0, nil
	}
	b, err := w.store(ctx, name, recs, bad)
	if err != nil {
		return 0, err
	}
	f.read += int64(used)
	f.lines += int64(lines)
	f.keys = keys
	f.hands += int64(b.Read)
	if f.headLen < headBytes && f.headLen < f.read {
		f.headLen = min(f.read, headBytes)
		if f.head, err = headDigest(f.path, f.headLen); err != nil {
			f.headLen, f.head = 0, ""
		}
	}
	if err := w.db.SaveWatchedFile(ctx, f.row()); err != nil {
		return 0, err
	}
	if b.Read > 0 {
		if !w.fromAny[f.path] {
			w.fromAny[f.path] = true
			w.sum.Files++
		}
		if w.opt.OnBatch != nil {
			w.opt.OnBatch(b)
		}
	}
	return used, nil
}

// settled returns zero when the file has been left as it is for Debounce
// (by its modification time, or since the watcher saw it so: a network
// mount's clock may differ), else when it will have been.
func (w *watcher) settled(f *file) time.Time {
	now := time.Now()
	if now.Sub(f.mod) >= w.opt.Debounce || now.Sub(f.changed) >= w.opt.Debounce {
		return time.Time{}
	}
	return f.changed.Add(w.opt.Debounce)
}

// store imports recs in transactions of opt.Batch hands.
func (w *watcher) store(ctx context.Context, name string, recs []*store.Record, bad []store.Rejection) (Batch, error) {
	b := Batch{File: name, Read: len(recs) + len(bad), Rejections: bad}
	for len(recs) > 0 {
		n := min(len(recs), w.opt.Batch)
		res, err := w.db.Import(ctx, recs[:n])
		if err != nil {
			return b, err
		}
		b.Stored += res.Stored
		b.Skipped += res.Skipped
		b.Conflicts += len(res.Conflicts)
		for _, c := range res.Conflicts {
			b.Rejections = append(b.Rejections, store.Rejection{File: c.Record.File, Error: c.Error()})
		}
		recs = recs[n:]
	}
	if b.Read > 0 {
		var err error
		if b.InDatabase, err = w.db.CountHands(ctx); err != nil {
			return b, err
		}
	}
	b.Time = time.Now()
	w.sum.Read += b.Read
	w.sum.Stored += b.Stored
	w.sum.Skipped += b.Skipped
	w.sum.Rejected += len(b.Rejections)
	w.sum.Conflicts += b.Conflicts
	return b, nil
}

// firstLineEnded reports whether the first line with content ends.
func firstLineEnded(data []byte) bool {
	for l := range bytes.Lines(data) {
		if len(bytes.TrimSpace(l)) > 0 {
			return endsLine(l)
		}
	}
	return false
}

// nextHeader returns the offset of the first line of data at which text of
// format f starts (a hand's header), -1 if none.
func nextHeader(data []byte, f hh.Format) int {
	for off := 0; off < len(data); {
		if g, err := hh.Detect("", data[off:]); err == nil && g == f {
			return off
		}
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return -1
}

// contentLine returns the number (from 1) of data's first line with
// content.
func contentLine(data []byte) int {
	n := 0
	for l := range bytes.Lines(data) {
		n++
		if len(bytes.TrimSpace(l)) > 0 {
			return n
		}
	}
	return max(n, 1)
}

// firstLine returns data's first line with content, trimmed and cut to 60
// bytes.
func firstLine(data []byte) string {
	for l := range bytes.Lines(data) {
		if l = bytes.TrimSpace(l); len(l) > 0 {
			if len(l) > 60 {
				return string(l[:60]) + "..."
			}
			return string(l)
		}
	}
	return ""
}
