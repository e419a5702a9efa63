package watch

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"pokerlab/hh"
	"pokerlab/hud"
	"pokerlab/internal/testsupport/dbtest"
	"pokerlab/store"
)

const (
	psFile = "../../hh/testdata/pokerstars/fpdb-cash-NLHE-6max-USD-0.05-0.10-200911.txt"
	ggFile = "../../hh/testdata/ggpoker/poker-copilot-GGtest.txt"
)

// hand is one hand of a fixture: its text as the file has it (with the
// blank lines after it) and its key in the database.
type hand struct {
	text []byte
	key  string // site and hand number
}

// fixtureHands returns the hands of a real file that read and replay.
func fixtureHands(t testing.TB, path string) []hand {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rd hh.Reader
	var rp hh.Replayer
	var out []hand
	for _, c := range cut(data) {
		h := readOne(&rd, c.Data)
		if h == nil {
			continue
		}
		rec, err := store.RecordOf(h, &rp)
		if err != nil {
			continue
		}
		out = append(out, hand{text: c.Data, key: rec.Site + " " + rec.SiteHand})
	}
	if len(out) < 20 {
		t.Fatalf("%s: only %d hands", path, len(out))
	}
	return out
}

// running is a watcher at work in a test.
type running struct {
	t    *testing.T
	db   *store.DB
	dir  string
	stop context.CancelFunc
	done chan struct{}
	sum  *Summary
	err  error

	mu      sync.Mutex
	looked  map[string][2]int64 // path → size and bytes read at the last look
	looks   int
	batches []Batch
	notices []string
}

// start runs a watcher on dir until the test stops it (or ends).
func start(t *testing.T, db *store.DB, dir string, opt Options) *running {
	t.Helper()
	r := &running{t: t, db: db, dir: dir, done: make(chan struct{}), looked: map[string][2]int64{}}
	if opt.Debounce == 0 {
		opt.Debounce = 10 * time.Millisecond
	}
	opt.OnBatch = func(b Batch) { r.mu.Lock(); r.batches = append(r.batches, b); r.mu.Unlock() }
	opt.OnNotice = func(s string) { r.mu.Lock(); r.notices = append(r.notices, s); r.mu.Unlock() }
	opt.afterLook = func(p string, size, read int64) {
		if os.Getenv("WATCHDEBUG") != "" {
			fmt.Println("look", p, size, read)
		}
		r.mu.Lock()
		r.looked[p] = [2]int64{size, read}
		r.looks++
		r.mu.Unlock()
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.stop = cancel
	go func() {
		defer close(r.done)
		r.sum, r.err = Run(ctx, db, dir, opt)
	}()
	t.Cleanup(func() { r.finish() })
	return r
}

// finish stops the watcher and returns its summary.
func (r *running) finish() *Summary {
	r.t.Helper()
	r.stop()
	<-r.done
	if r.err != nil {
		r.t.Fatalf("watch: %v", r.err)
	}
	return r.sum
}

// seen waits until the watcher has looked at the file at p (absolute) when
// it was size bytes long.
func (r *running) seen(p string, size int64) {
	r.t.Helper()
	waitFor(r.t, fmt.Sprintf("a look at %s at %d bytes", filepath.Base(p), size), func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.looked[p][0] == size
	})
}

// read waits until the watcher has read the file at p up to n bytes.
func (r *running) read(p string, n int64) {
	r.t.Helper()
	waitFor(r.t, fmt.Sprintf("%s read to %d bytes", filepath.Base(p), n), func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.looked[p][1] == n
	})
}

// totals sums the batches so far.
func (r *running) totals() (read, stored, skipped int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, b := range r.batches {
		read += b.Read
		stored += b.Stored
		skipped += b.Skipped
	}
	return
}

// waitFor polls cond until it holds; the deadline is for a broken watcher,
// not a speed requirement.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 30 s for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// stored returns the keys of the stored hands, each with its count.
func stored(t *testing.T, db *store.DB) map[string]int {
	t.Helper()
	rows, err := db.SQL().Query("SELECT site, site_hand, count(*) FROM hands GROUP BY site, site_hand")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var site, num string
		var n int
		if err := rows.Scan(&site, &num, &n); err != nil {
			t.Fatal(err)
		}
		out[site+" "+num] = n
	}
	return out
}

// holds checks that the database has exactly the hands given, each once.
func holds(t *testing.T, db *store.DB, hands ...[]hand) {
	t.Helper()
	want := map[string]int{}
	for _, hs := range hands {
		for _, h := range hs {
			want[h.key] = 1
		}
	}
	got := stored(t, db)
	if len(got) != len(want) {
		t.Errorf("%d hands stored, want %d", len(got), len(want))
	}
	for k, n := range got {
		if n != 1 || want[k] != 1 {
			t.Errorf("hand %s stored %d times, want %d", k, n, want[k])
		}
	}
	for k := range want {
		if got[k] == 0 {
			t.Errorf("hand %s not stored", k)
		}
	}
}

// exactly checks that the database holds n hands now.
func exactly(t *testing.T, db *store.DB, n int64) {
	t.Helper()
	got, err := db.CountHands(context.Background())
	if err != nil || got != n {
		t.Fatalf("%d hands in the database (%v), want %d", got, err, n)
	}
}

// count waits until the database holds n hands.
func count(t *testing.T, db *store.DB, n int64) {
	t.Helper()
	waitFor(t, fmt.Sprintf("%d hands in the database", n), func() bool {
		got, err := db.CountHands(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return got == n
	})
}

func open(t *testing.T, url string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), url, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func appendFile(t *testing.T, p string, data []byte) int64 {
	t.Helper()
	fh, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fh.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

func size(t *testing.T, p string) int64 {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

func join(hs []hand) []byte {
	var b bytes.Buffer
	for _, h := range hs {
		b.Write(h.text)
	}
	return b.Bytes()
}

// summaryCut returns where a hand's text is cut inside its summary: after
// the "*** SUMMARY ***" line and one seat line, at a line end.
func summaryCut(t *testing.T, text []byte) int {
	i := bytes.Index(text, []byte("*** SUMMARY ***"))
	if i < 0 {
		t.Fatalf("no summary in %s", text)
	}
	n := i
	for range 3 { // the summary line, the pot line, a line after it
		n += bytes.IndexByte(text[n:], '\n') + 1
	}
	return n
}

// A poker client writes a file a hand at a time while the watcher runs:
// each write stops inside a line, then inside the summary at a line end,
// and the watcher looks at the file in each state; the database holds
// exactly the whole hands, each once, after every write. Every other
// hand is finished by the same write that starts the next one (whole by
// the next header), the others by the file going quiet.
func TestWatchHandByHand(t *testing.T) {
	for _, fixture := range []string{psFile, ggFile} {
		hands := fixtureHands(t, fixture)[:6]
		t.Run(filepath.Base(fixture)[:8], func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
				db := open(t, d.URL)
				dir := t.TempDir()
				p := filepath.Join(dir, "HH20091125 May IV.txt")
				r := start(t, db, dir, Options{})
				pending := []byte(nil) // written of the next hand by the last write
				for i, h := range hands {
					rest := h.text[len(pending):]
					mid := len(rest) / 3
					for len(rest) > 0 && rest[mid-1] == '\n' {
						mid++
					}
					r.seen(p, appendFile(t, p, rest[:mid])) // inside a line
					exactly(t, db, int64(i))
					sc := summaryCut(t, h.text) - len(pending) - mid
					if sc <= 0 {
						t.Fatalf("hand %d: the summary is in its first third", i)
					}
					r.seen(p, appendFile(t, p, rest[mid:mid+sc])) // inside the summary, at a line end
					exactly(t, db, int64(i))
					tail := rest[mid+sc:]
					pending = nil
					if i%2 == 1 && i+1 < len(hands) {
						// The next hand's header, cut inside its first line.
						pending = hands[i+1].text[:20]
						tail = append(slices.Clone(tail), pending...)
					}
					appendFile(t, p, tail)
					count(t, db, int64(i+1))
				}
				r.read(p, size(t, p))
				sum := r.finish()
				holds(t, db, hands)
				if sum.Read != len(hands) || sum.Stored != len(hands) || sum.Skipped != 0 || sum.Rejected != 0 || sum.Files != 1 {
					t.Errorf("summary %+v: want %d hands read and stored from 1 file", sum, len(hands))
				}
				if sum.InDatabase != int64(len(hands)) {
					t.Errorf("summary: %d in the database, want %d", sum.InDatabase, len(hands))
				}
			})
		})
	}
}

// A file renamed away (a client's rotation) and a new one created under
// its name: the new file is read from its start, the renamed one on from
// where it was (its batch reads only the hands appended to it after).
func TestWatchRotation(t *testing.T) {
	hands := fixtureHands(t, psFile)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		dir := t.TempDir()
		p := filepath.Join(dir, "hands.txt")
		r := start(t, db, dir, Options{})
		r.read(p, appendFile(t, p, join(hands[:8]))) // more than 4 KiB: its digest covers 4 KiB
		count(t, db, 8)
		old := filepath.Join(dir, "hands.1.txt")
		if err := os.Rename(p, old); err != nil {
			t.Fatal(err)
		}
		r.read(p, appendFile(t, p, join(hands[8:12])))
		r.read(old, appendFile(t, old, join(hands[12:14])))
		count(t, db, 14)
		sum := r.finish()
		holds(t, db, hands[:14])
		if sum.Read != 14 || sum.Skipped != 0 {
			t.Errorf("summary %+v: want 14 hands read, none twice", sum)
		}
		// The rows: one per file, each read to its end.
		for _, f := range []string{p, old} {
			row, ok, err := db.WatchedFile(context.Background(), f)
			if err != nil || !ok || row.ReadBytes != size(t, f) {
				t.Errorf("%s: row %+v, %v, %v; want read to %d", f, row, ok, err, size(t, f))
			}
		}
	})
}

// A watcher stopped, the file appended to (and another renamed) while
// none runs, and a new watcher: only the new hands are read.
func TestWatchRestart(t *testing.T) {
	hands := fixtureHands(t, psFile)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		dir := t.TempDir()
		p := filepath.Join(dir, "a.txt")
		q := filepath.Join(dir, "b.txt")
		r := start(t, db, dir, Options{})
		r.read(p, appendFile(t, p, join(hands[:6])))
		r.read(q, appendFile(t, q, join(hands[20:28])))
		count(t, db, 14)
		r.finish()

		appendFile(t, p, join(hands[6:10]))
		appendFile(t, p, hands[10].text[:200]) // half a hand
		moved := filepath.Join(dir, "sub", "b-old.txt")
		if err := os.Mkdir(filepath.Dir(moved), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(q, moved); err != nil {
			t.Fatal(err)
		}
		appendFile(t, moved, join(hands[28:30]))

		r = start(t, db, dir, Options{})
		r.read(p, size(t, p)-200)
		r.read(moved, size(t, moved))
		count(t, db, 20)
		if read, stored, skipped := r.totals(); read != 6 || stored != 6 || skipped != 0 {
			t.Errorf("restarted: %d hands read, %d stored, %d skipped; want the 6 new ones only", read, stored, skipped)
		}
		appendFile(t, p, hands[10].text[200:])
		count(t, db, 21)
		r.finish()
		holds(t, db, hands[:11], hands[20:30])
		// The row of the renamed file's old name is gone.
		if _, ok, err := db.WatchedFile(context.Background(), q); ok || err != nil {
			t.Errorf("%s: row still there (%v)", q, err)
		}
	})
}

// A file truncated and written again: read from its start; hands it held
// before and holds again are not stored twice.
func TestWatchTruncation(t *testing.T) {
	hands := fixtureHands(t, psFile)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		dir := t.TempDir()
		p := filepath.Join(dir, "hands.txt")
		r := start(t, db, dir, Options{})
		r.read(p, appendFile(t, p, join(hands[:6])))
		count(t, db, 6)
		// Shorter than what was read, with other hands.
		if err := os.WriteFile(p, join(hands[30:33]), 0o644); err != nil {
			t.Fatal(err)
		}
		r.read(p, size(t, p))
		count(t, db, 9)
		// Longer than what was read, the first hands again and new ones:
		// the first bytes differ from those read.
		if err := os.WriteFile(p, join(append(slices.Clone(hands[:3]), hands[40:48]...)), 0o644); err != nil {
			t.Fatal(err)
		}
		r.read(p, size(t, p))
		count(t, db, 17)
		sum := r.finish()
		holds(t, db, hands[:6], hands[30:33], hands[40:48])
		if sum.Read != 6+3+11 || sum.Skipped != 3 {
			t.Errorf("summary %+v: want 20 hands read, 3 of them already stored", sum)
		}
	})
}

// The row of a file lost: the file is read again from its start, and
// Import's identity check stores nothing twice.
func TestWatchIdentityWithoutOffsets(t *testing.T) {
	hands := fixtureHands(t, psFile)
	db := open(t, dbtest.SQLite(t))
	dir := t.TempDir()
	p := filepath.Join(dir, "hands.txt")
	if err := os.WriteFile(p, join(hands[:12]), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), db, dir, Options{Once: true, Debounce: 20 * time.Millisecond})
	if err != nil || sum.Stored != 12 {
		t.Fatalf("%+v, %v", sum, err)
	}
	abs, _ := filepath.Abs(p)
	if err := db.DeleteWatchedFiles(context.Background(), []string{abs}); err != nil {
		t.Fatal(err)
	}
	appendFile(t, p, join(hands[12:15]))
	sum, err = Run(context.Background(), db, dir, Options{Once: true, Debounce: 20 * time.Millisecond})
	if err != nil || sum.Read != 15 || sum.Stored != 3 || sum.Skipped != 12 {
		t.Fatalf("without the row: %+v, %v; want 15 read, 3 stored, 12 skipped", sum, err)
	}
	holds(t, db, hands[:15])
}

// Polling (a network mount) and a directory created below the watched
// one; a file that is not a hand history is passed over once.
func TestWatchPollAndSubdirectories(t *testing.T) {
	hands := fixtureHands(t, ggFile)
	for _, poll := range []time.Duration{0, 10 * time.Millisecond} {
		t.Run(fmt.Sprintf("poll=%v", poll), func(t *testing.T) {
			db := open(t, dbtest.SQLite(t))
			dir := t.TempDir()
			r := start(t, db, dir, Options{Poll: poll})
			sub := filepath.Join(dir, "2025", "08")
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(sub, "GG20250808.txt")
			r.read(p, appendFile(t, p, join(hands[:5])))
			notes := filepath.Join(dir, "notes.txt")
			appendFile(t, notes, []byte("my notes on the regulars\n"))
			r.seen(notes, size(t, notes))
			r.read(p, appendFile(t, p, join(hands[5:9])))
			count(t, db, 9)
			hidden := filepath.Join(dir, ".cache", "x.txt")
			os.Mkdir(filepath.Dir(hidden), 0o755)
			appendFile(t, hidden, join(hands[9:12]))
			r.read(p, appendFile(t, p, join(hands[12:13])))
			sum := r.finish()
			holds(t, db, hands[:9], hands[12:13])
			if sum.Polling != (poll > 0) || sum.Files != 1 {
				t.Errorf("summary %+v", sum)
			}
			r.mu.Lock()
			defer r.mu.Unlock()
			if len(r.notices) != 1 || !bytes.Contains([]byte(r.notices[0]), []byte("passed over: notes.txt:1: not a hand history")) {
				t.Errorf("notices %q", r.notices)
			}
		})
	}
}

// PHH written a table at a time: a table cut between two lines, left as
// it is, is not stored while it lacks a key every earlier table has.
func TestWatchPHHTables(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(handhqDir, "real_handhq_200NLH.phhs"))
	if err != nil {
		t.Fatal(err)
	}
	var tables []hand
	var rd hh.Reader
	var rp hh.Replayer
	for _, c := range cut(data)[:10] { // [9] is the first table without winnings
		rec, err := store.RecordOf(readOne(&rd, c.Data), &rp)
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, hand{text: c.Data, key: rec.Site + " " + rec.SiteHand})
	}
	db := open(t, dbtest.SQLite(t))
	dir := t.TempDir()
	p := filepath.Join(dir, "hands.phhs")
	r := start(t, db, dir, Options{})
	r.read(p, appendFile(t, p, tables[0].text))
	count(t, db, 1)
	keys, late := tableKeys(tables[0].text), 0
	for i, h := range tables[1:] {
		// Up to the line of the actions: it reads and replays as a hand.
		a := bytes.Index(h.text, []byte("\nvenue"))
		r.seen(p, appendFile(t, p, h.text[:a+1]))
		exactly(t, db, int64(i+1))
		r.seen(p, appendFile(t, p, h.text[a+1:]))
		if !complete(hh.FormatPHH, h.text, 2, keys) {
			// Without a key every table before had (winnings): it
			// waits for the next table's header, the next write.
			late++
			exactly(t, db, int64(i+1))
		} else {
			count(t, db, int64(i+2))
		}
		keys = commonKeys(keys, tableKeys(h.text))
	}
	r.finish()
	holds(t, db, tables)
	if late != 1 {
		t.Errorf("%d tables waited for the next header, want 1", late)
	}
}

// --once reads what is whole and returns; a half-written last hand is
// left for the next run.
func TestWatchOnce(t *testing.T) {
	hands := fixtureHands(t, psFile)
	db := open(t, dbtest.SQLite(t))
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(p, append(join(hands[:4]), hands[4].text[:summaryCut(t, hands[4].text)]...), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), db, dir, Options{Once: true, Debounce: 20 * time.Millisecond})
	if err != nil || sum.Stored != 4 || sum.InDatabase != 4 || sum.Polling {
		t.Fatalf("%+v, %v", sum, err)
	}
	appendFile(t, p, hands[4].text[summaryCut(t, hands[4].text):])
	sum, err = Run(context.Background(), db, dir, Options{Once: true, Debounce: 20 * time.Millisecond})
	if err != nil || sum.Read != 1 || sum.Stored != 1 || sum.InDatabase != 5 {
		t.Fatalf("%+v, %v", sum, err)
	}
	holds(t, db, hands[:5])
	if _, err := Run(context.Background(), db, filepath.Join(dir, "nothing"), Options{Once: true}); err == nil ||
		err.Error() != filepath.Join(dir, "nothing")+": no such file or directory" {
		t.Errorf("a missing directory: %v", err)
	}
	if _, err := Run(context.Background(), db, p, Options{Once: true}); err == nil || err.Error() != p+" is not a directory" {
		t.Errorf("a file: %v", err)
	}
}

// Lines that are no hand written after a hand read whole: rejected up to
// the next hand's header, which is read.
func TestWatchLinesBetweenHands(t *testing.T) {
	hands := fixtureHands(t, psFile)
	db := open(t, dbtest.SQLite(t))
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(p, join(hands[:3]), 0o644); err != nil {
		t.Fatal(err)
	}
	once := Options{Once: true, Debounce: 10 * time.Millisecond}
	if sum, err := Run(context.Background(), db, dir, once); err != nil || sum.Stored != 3 {
		t.Fatalf("%+v, %v", sum, err)
	}
	lines := bytes.Count(join(hands[:3]), []byte{'\n'})
	appendFile(t, p, append([]byte("Hero: tilted\nnotes\n"), join(hands[3:5])...))
	var batches []Batch
	once.OnBatch = func(b Batch) { batches = append(batches, b) }
	sum, err := Run(context.Background(), db, dir, once)
	if err != nil || sum.Read != 3 || sum.Stored != 2 || sum.Rejected != 1 {
		t.Fatalf("%+v, %v", sum, err)
	}
	want := fmt.Sprintf(`a.txt:%d: not a hand: "Hero: tilted"`, lines+1)
	var rejected []store.Rejection
	for _, b := range batches {
		rejected = append(rejected, b.Rejections...)
	}
	if len(rejected) != 1 || rejected[0].Error != want {
		t.Errorf("rejections %+v, want %q", rejected, want)
	}
	holds(t, db, hands[:5])
}

// A file read in parts shorter than some of its hands: every hand stored
// once, the messages naming the lines of the whole file.
func TestWatchReadsInParts(t *testing.T) {
	defer func(n int64) { maxRead = n }(maxRead)
	maxRead = 700 // most hands are longer
	hands := fixtureHands(t, psFile)[:30]
	db := open(t, dbtest.SQLite(t))
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	bad := bytes.Replace(hands[20].text, []byte("collected $"), []byte("collected $9"), 1)
	text := append(join(hands[:20]), append(bad, join(hands[21:])...)...)
	if err := os.WriteFile(p, text, 0o644); err != nil {
		t.Fatal(err)
	}
	var batches []Batch
	sum, err := Run(context.Background(), db, dir, Options{Once: true, Debounce: 10 * time.Millisecond,
		OnBatch: func(b Batch) { batches = append(batches, b) }})
	if err != nil || sum.Read != 30 || sum.Stored != 29 || sum.Rejected != 1 || len(batches) < 10 {
		t.Fatalf("%+v, %v (%d batches)", sum, err, len(batches))
	}
	holds(t, db, hands[:20], hands[21:])
	// The rejection names the line of the file it is about.
	line := bytes.Count(text[:bytes.Index(text, []byte("collected $9"))], []byte{'\n'}) + 1
	var rejected []store.Rejection
	for _, b := range batches {
		rejected = append(rejected, b.Rejections...)
	}
	if len(rejected) != 1 || !bytes.HasPrefix([]byte(rejected[0].Error), []byte(fmt.Sprintf("a.txt:%d: PokerStars hand #", line))) {
		t.Errorf("rejections %+v, want one at line %d", rejected, line)
	}
}

// The watcher writes each hand's money as an import does: every player's
// money in the database (cache and tail) equals hud's over the file, on
// the fixture with an All-in Cash Out and on a raked one.
func TestWatchWritesMoney(t *testing.T) {
	for _, fixture := range []string{psFile, "../../hh/testdata/pokerstars/italytoast-CashOut.txt"} {
		data, err := os.ReadFile(fixture)
		if err != nil {
			t.Fatal(err)
		}
		want, err := hud.TallyFiles([]hud.File{{Name: fixture, Data: data}}, hud.FilesOptions{})
		if err != nil {
			t.Fatal(err)
		}
		dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
			db := open(t, d.URL)
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "a.txt"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Run(context.Background(), db, dir, Options{Once: true, Debounce: 20 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
			got, _, err := db.HUD(context.Background(), store.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*max(1, math.Abs(y)) }
			for _, w := range want.Tracker.Players() {
				g, ok := got.Player(w.Name)
				a, b := &g.Money, &w.Money
				if !ok || a.Hands != b.Hands || a.Net != b.Net || a.Rake != b.Rake || a.CashOutFee != b.CashOutFee ||
					a.Showdown != b.Showdown || !near(a.EV, b.EV) || !near(a.NetBB2, b.NetBB2) {
					t.Errorf("%s: %s: database %+v, files %+v", fixture, w.Name, *a, *b)
				}
			}
		})
	}
}
