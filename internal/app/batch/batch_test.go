package batch

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pokerlab/internal/testsupport/dbtest"
	"pokerlab/spot"
	"pokerlab/spot/flops"
	"pokerlab/store"
)

// smallTemplate is a flop spot small enough to solve in well under a
// second: narrow ranges, one bet size, all-in raises.
const smallTemplate = `pot = 20
stack = 10
oop = "AA,KK,AK"
ip = "QQ,JJ,AQs"
[sizes]
bet = "50%"
raise = "a"
[batch]
target = 2
iterations = 200
`

func waitDone(t *testing.T, db *store.DB, id string) *Status {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		st, ok, err := StatusOf(context.Background(), db, id)
		if err != nil || !ok {
			t.Fatalf("status: %v %v", ok, err)
		}
		if st.Done() {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the batch is not done: %v", st.Counts)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBatchSolvesEveryFlopOnce: a 3-flop batch on each database is solved
// by the queue's workers, each flop's game values equal a direct solve of
// the same spot (the same solver, bit for bit), the .pls files are
// written, and queueing the batch again queues nothing.
func TestBatchSolvesEveryFlopOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		db, err := store.Open(ctx, d.URL, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		fs, _, err := FlopsOf("3")
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		b, err := Plan(smallTemplate, "small.toml", "3", fs, out)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Open(ctx, db, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		defer q.Close()
		n, err := q.Enqueue(ctx, b)
		if err != nil || n != 3 {
			t.Fatalf("queued %d: %v", n, err)
		}
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		st := waitDone(t, db, b.ID)
		if err := q.Stop(ctx); err != nil {
			t.Fatal(err)
		}
		if st.Counts[store.FlopDone] != 3 {
			t.Fatalf("counts %v: %+v", st.Counts, st.Flops)
		}
		if n, err := q.Enqueue(ctx, b); err != nil || n != 0 {
			t.Errorf("the same batch again queued %d: %v", n, err)
		}
		tp, _ := spot.ParseTemplate(smallTemplate, "small.toml")
		for _, row := range st.Flops {
			f, _ := flops.Parse(row.Flop)
			sp, _ := tp.For(f.Board[:])
			g, err := spot.NewGame(sp, spot.Options{Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			s, _ := spot.NewSolver(g, spot.SolveOptions{Threads: 1}, 0)
			last := s.Solve(spot.Stop{TargetPercent: tp.Target, Iterations: tp.Iterations, Every: 10}, nil)
			e := g.Evaluate(s.Finalize())
			if e.Values[0] != row.ValueOOP || e.Values[1] != row.ValueIP || last.Iteration != row.Iterations {
				t.Errorf("%s: batch %v, %v after %d; direct %v, %v after %d", row.Flop, row.ValueOOP, row.ValueIP, row.Iterations, e.Values[0], e.Values[1], last.Iteration)
			}
			if _, err := os.Stat(filepath.Join(out, row.Flop+".pls")); err != nil {
				t.Error(err)
			}
			if row.Root == "" || row.Weight != flops.Total/3.0 {
				t.Errorf("%s: root %q, weight %g", row.Flop, row.Root, row.Weight)
			}
			// The hand classes partition the range: their shares sum to
			// one, and their frequencies average to the root's (computed
			// apart, by spot.Game.RootSummary).
			var root RootJSON
			if err := json.Unmarshal([]byte(row.Root), &root); err != nil {
				t.Fatal(err)
			}
			share, mix := 0.0, make([]float64, len(root.Frequency))
			for _, c := range root.Classes {
				share += c.Share
				for a, x := range c.Frequency {
					mix[a] += c.Share * x
				}
			}
			if math.Abs(share-1) > 1e-9 || len(root.Classes) < 2 {
				t.Errorf("%s: %d classes, shares sum to %g", row.Flop, len(root.Classes), share)
			}
			for a := range mix {
				if math.Abs(mix[a]-root.Frequency[a]) > 1e-6 {
					t.Errorf("%s, %s: the classes average %g, the root %g", row.Flop, root.Actions[a], mix[a], root.Frequency[a])
				}
			}
		}
	})
}

// solveBatch solves a template over a flop set on a new SQLite file with
// two workers and returns the database (closed with the test), the batch
// and its final status.
func solveBatch(t *testing.T, text, set string) (*store.DB, *Batch, *Status) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "b.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	fs, set, err := FlopsOf(set)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Plan(text, "template.toml", set, fs, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	q, err := Open(ctx, db, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if _, err := q.Enqueue(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	st := waitDone(t, db, b.ID)
	if err := q.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	return db, b, st
}

// TestTemplateErrorsBeforeQueueing: a template that does not give a game
// is refused by Plan, before anything is stored.
func TestTemplateErrorsBeforeQueueing(t *testing.T) {
	fs, _, _ := FlopsOf("3")
	if _, err := Plan("pot = 20\nstack = 20\noop = \"AA\"\n", "bad.toml", "3", fs, t.TempDir()); err == nil {
		t.Error("a template without ip range planned")
	}
	if _, err := Plan(`board = "AsKsQs"`+"\n"+smallTemplate, "bad.toml", "3", fs, t.TempDir()); err == nil {
		t.Error("a template with a board planned")
	}
}

// TestAFailedFlopDoesNotStopTheBatch: a flop on which the template gives
// no game (its one OOP hand is on the board) is marked failed with the
// error, after its first attempt (no retry mends it), and the other flops
// are solved.
func TestAFailedFlopDoesNotStopTheBatch(t *testing.T) {
	list := filepath.Join(t.TempDir(), "flops.txt")
	os.WriteFile(list, []byte("KhQd2c\n# the next one holds OOP's only hand's ace\nAsKd7h\n9c8c3d\n"), 0o644)
	text := strings.Replace(smallTemplate, `oop = "AA,KK,AK"`, `oop = "AsAh"`, 1)
	db, b, st := solveBatch(t, text, list)
	if len(st.Flops) != 3 {
		t.Fatalf("%d flops", len(st.Flops))
	}
	if st.Counts[store.FlopDone] != 2 || st.Counts[store.FlopFailed] != 1 {
		t.Fatalf("counts %v: %+v", st.Counts, st.Flops)
	}
	for _, f := range st.Flops {
		if f.Status == store.FlopFailed && (f.Flop != "AsKh7d" || !strings.Contains(f.Error, "As is on the board") || f.Attempts != 1) {
			t.Errorf("the failed flop: %+v", f)
		}
	}
	r, _, _ := Aggregate(context.Background(), db, b.ID)
	if len(r.Missing) != 1 || r.Missing[0].Flop != "AsKh7d" {
		t.Errorf("report's missing flops: %+v", r.Missing)
	}
}

// TestCancelStopsTheBatch: cancelling a batch while a flop is solved marks
// the unfinished flops cancelled; the running solve stops at its next
// check (it does not overwrite the mark with a result) and no queued flop
// is solved afterwards.
func TestCancelStopsTheBatch(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	fs, _, _ := FlopsOf("3")
	b, err := Plan(slowTemplate, "slow.toml", "3", fs, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	q, err := Open(ctx, db, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	q.Enqueue(ctx, b)
	q.Start(ctx)
	defer q.Stop(ctx)
	deadline := time.Now().Add(time.Minute)
	for {
		st, _, _ := StatusOf(ctx, db, b.ID)
		if st.Counts[store.FlopRunning] == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no flop started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if ok, err := q.Cancel(ctx, b.ID); !ok || err != nil {
		t.Fatal(ok, err)
	}
	// Past the running solve's next check (every 2 s) and longer than a
	// flop takes: nothing is solved any more.
	time.Sleep(4 * time.Second)
	st, _, _ := StatusOf(ctx, db, b.ID)
	if st.Counts[store.FlopCancelled] != 3 || st.Counts[store.FlopDone] != 0 {
		t.Errorf("after the cancel: %v", st.Counts)
	}
}
