package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/dbtest"
)

const watchFixture = "../../../hh/testdata/pokerstars/fpdb-cash-NLHE-6max-USD-0.05-0.10-200911.txt"

// watchHands returns the first n hands of the fixture as text, each with
// the blank lines after it.
func watchHands(t *testing.T, n int) [][]byte {
	t.Helper()
	data, err := os.ReadFile(watchFixture)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, c := range hh.SplitHands(data, len(data)) {
		if len(out) < n {
			out = append(out, c.Data)
		}
	}
	if len(out) < n {
		t.Fatalf("only %d hands", len(out))
	}
	return out
}

// watchLines decodes the JSON lines of db watch --json.
func watchLines(t *testing.T, out string) (batches []DBWatchBatchJSON, sum DBWatchSummaryJSON) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var ev struct{ Event string }
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		switch ev.Event {
		case "batch":
			var b DBWatchBatchJSON
			if err := json.Unmarshal(sc.Bytes(), &b); err != nil {
				t.Fatal(err)
			}
			batches = append(batches, b)
		case "summary":
			if sum.Event != "" {
				t.Fatalf("two summaries: %s", out)
			}
			if err := json.Unmarshal(sc.Bytes(), &sum); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("event %q: %s", ev.Event, sc.Text())
		}
	}
	if sum.Event == "" {
		t.Fatalf("no summary: %s", out)
	}
	return batches, sum
}

// db watch --once --json: a line per batch, then the summary; the half
// of a hand the file ends with is left for the next run, a file that is
// not a hand history passed over, a hand that does not replay rejected
// (exit 1, as db import).
func TestDBWatchOnce(t *testing.T) {
	hands := watchHands(t, 6)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		dir := t.TempDir()
		p := filepath.Join(dir, "HH20091125.txt")
		half := len(hands[4]) / 2
		if err := os.WriteFile(p, bytes.Join(append(hands[:4:4], hands[4][:half]), nil), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("regulars: none\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := run(t, "db", "watch", dir, "--once", "--db", d.URL, "--json", "--debounce", "10ms")
		if code != ExitOK || errOut != "pokerlab: passed over: notes.txt:1: not a hand history: \"regulars: none\" is neither a PHH (TOML) line nor a PokerStars or GGPoker hand header\n" {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		batches, sum := watchLines(t, out)
		if len(batches) != 1 || batches[0].File != "HH20091125.txt" || batches[0].Stored != 4 || batches[0].InDatabase != 4 ||
			len(batches[0].Rejections) != 0 {
			t.Errorf("batches %+v", batches)
		}
		if sum.Files != 1 || sum.Read != 4 || sum.Stored != 4 || sum.InDatabase != 4 || sum.Polling || sum.Dir != dir {
			t.Errorf("summary %+v", sum)
		}
		// The rest of the hand, and a hand that does not replay (a pot
		// collected that nobody put in).
		bad := bytes.Replace(hands[5], []byte("collected $"), []byte("collected $9"), 1)
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(hands[4][half:])
		f.Write(bad)
		f.Write([]byte("\n\n\nPokerStars Hand #1: "))
		f.Close()
		code, out, errOut = run(t, "db", "watch", dir, "--once", "--db", d.URL, "--json", "--debounce", "10ms")
		batches, sum = watchLines(t, out)
		if code != ExitError || !strings.HasSuffix(errOut, "pokerlab: 1 hands rejected\n") || len(batches) != 1 ||
			batches[0].Stored != 1 || batches[0].Rejected != 1 || !strings.HasPrefix(batches[0].Rejections[0].Error, "HH20091125.txt:211: PokerStars hand #") ||
			sum.Read != 2 || sum.InDatabase != 5 {
			t.Errorf("exit %d, stderr %q, batches %+v, summary %+v", code, errOut, batches, sum)
		}
	})
}

// The command's errors: the directory as typed (exit 2), flags.
func TestDBWatchErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.txt")
	os.WriteFile(file, nil, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{filepath.Join(dir, "none")}, "pokerlab: " + filepath.Join(dir, "none") + ": no such file or directory\n"},
		{[]string{file}, "pokerlab: " + file + " is not a directory: give the directory the poker client writes to\n"},
		{[]string{dir, "--poll", "-2s"}, "pokerlab: --poll -2s: want a positive interval (0: the file system's notifications)\n"},
		{[]string{dir, "--debounce", "0s"}, "pokerlab: --debounce 0s: want a positive time\n"},
		{[]string{}, "pokerlab: accepts 1 arg(s), received 0\n"},
	} {
		code, out, errOut := run(t, append([]string{"db", "watch", "--db", filepath.Join(dir, "x.db")}, c.args...)...)
		if code != ExitUsage || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// syncBuffer is an output the watcher writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The watcher at work, stopped as by a signal: a line per batch as the
// file grows, then the summary (exit 0).
func TestDBWatchLines(t *testing.T) {
	hands := watchHands(t, 5)
	dir := t.TempDir()
	var out, errOut syncBuffer
	stop := make(chan struct{})
	opts := &dbWatchOptions{IO: &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}, DB: dbtest.SQLite(t), Dir: dir,
		Debounce: 10 * time.Millisecond, Batch: 2000, stop: stop}
	done := make(chan error, 1)
	go func() { done <- dbWatchRun(opts) }()
	p := filepath.Join(dir, "hands.txt")
	wait := func(re *regexp.Regexp) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for !re.MatchString(out.String()) {
			if time.Now().After(deadline) {
				t.Fatalf("waited 30 s for %s in %q (stderr %q)", re, out.String(), errOut.String())
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	os.WriteFile(p, bytes.Join(hands[:3], nil), 0o644)
	// One batch, or two when the watcher first looks before the file
	// has settled (the last hand then waits for it).
	wait(regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d hands.txt: [1-3] hands? imported \(3 in the database\)\n`))
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.Write(hands[3])
	f.Close()
	wait(regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d hands.txt: 1 hand imported \(4 in the database\)\n`))
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := regexp.MustCompile(`^watched ` + regexp.QuoteMeta(dir) + ` for [0-9.]+m?s: 4 hands read from 1 file: 4 imported, 0 already stored, 0 rejected \(4 in the database\)$`)
	if len(lines) < 3 || len(lines) > 4 || !want.MatchString(lines[len(lines)-1]) {
		t.Errorf("output %q", out.String())
	}
	if e := errOut.String(); !strings.HasPrefix(e, "pokerlab: watching "+dir+" for hand histories, into ") || strings.Count(e, "\n") != 1 {
		t.Errorf("stderr %q", e)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1204: "1,204", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
