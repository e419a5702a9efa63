package batch

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"pokerlab/internal/testsupport/dbtest"
	"pokerlab/spot"
	"pokerlab/spot/flops"
	"pokerlab/store"
)

var long = flag.Bool("long", false, "run the long checks: a killed worker's flop rescued")

// slowTemplate solves a flop in a few seconds (a fixed 30 iterations):
// long enough to kill a worker in the middle of one.
const slowTemplate = `pot = 20
stack = 20
oop = "AA-TT,AK,AQ"
ip = "99-66,KQ,QJ,JT"
[sizes]
bet = "50%"
raise = "a"
[batch]
target = 0
iterations = 30
`

// TestHelperWorker is not a test: run by TestKilledWorkerIsResumed as a
// worker process (the test binary again, with POKERLAB_BATCH_WORKER set
// to the database's URL), it works the queue until killed.
func TestHelperWorker(t *testing.T) {
	url := os.Getenv("POKERLAB_BATCH_WORKER")
	if url == "" {
		t.Skip("a worker process of TestKilledWorkerIsResumed")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, url, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rescue, _ := time.ParseDuration(os.Getenv("POKERLAB_BATCH_RESCUE"))
	// POKERLAB_BATCH_WORKER_LOG (set by hand when a run needs a look) gets
	// the queue's debug lines.
	log := slog.New(slog.DiscardHandler)
	if os.Getenv("POKERLAB_BATCH_WORKER_LOG") != "" {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	q, err := Open(ctx, db, Options{Workers: 1, RescueAfter: rescue, CheckpointEvery: 200 * time.Millisecond, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	select {} // until killed
}

func startWorker(t *testing.T, url string, rescue time.Duration) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWorker$", "-test.v")
	cmd.Env = append(os.Environ(), "POKERLAB_BATCH_WORKER="+url, "POKERLAB_BATCH_RESCUE="+rescue.String())
	if f := os.Getenv("POKERLAB_BATCH_WORKER_LOG"); f != "" {
		w, _ := os.OpenFile(f, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		cmd.Stderr = w
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

// TestKilledWorkerIsResumed: two worker processes on one database (SQLite
// and PostgreSQL); one is killed with SIGKILL in the middle of a flop.
// After the queue's rescuer gives that flop to the other worker, which
// resumes from the checkpoint, every flop is done once, with the game
// values of an uninterrupted solve of the same spot, bit for bit.
//
// It waits for River's rescuer, which runs every 30 s: a long check (-long;
// .ci/run runs it).
func TestKilledWorkerIsResumed(t *testing.T) {
	if !*long {
		t.Skip("waits 40 s for the queue's rescuer: run with -long")
	}
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		t.Parallel() // the rescuer runs every 30 s: the two databases wait together
		ctx := context.Background()
		db, err := store.Open(ctx, d.URL, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		fs, _, _ := FlopsOf("4")
		out := t.TempDir()
		b, err := Plan(slowTemplate, "slow.toml", "4", fs, out)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Open(ctx, db, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer q.Close()
		if _, err := q.Enqueue(ctx, b); err != nil {
			t.Fatal(err)
		}
		const rescue = 6 * time.Second
		a := startWorker(t, d.URL, rescue)
		// Kill A once it has solved part of a flop and saved a checkpoint.
		var victim string
		deadline := time.Now().Add(time.Minute)
		for victim == "" {
			if time.Now().After(deadline) {
				t.Fatal("no checkpoint within a minute")
			}
			rows, _ := db.BatchFlops(ctx, b.ID)
			for _, r := range rows {
				if _, err := os.Stat(filepath.Join(out, r.Flop+".ckpt")); err == nil && r.Status == store.FlopRunning {
					victim = r.Flop
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		a.Process.Signal(syscall.SIGKILL)
		a.Wait()
		startWorker(t, d.URL, rescue)
		st := waitDone(t, db, b.ID)
		tp, _ := spot.ParseTemplate(slowTemplate, "slow.toml")
		for _, row := range st.Flops {
			if row.Status != store.FlopDone {
				t.Errorf("%s: %s %s", row.Flop, row.Status, row.Error)
				continue
			}
			if row.Flop == victim && row.Attempts < 2 {
				t.Errorf("the killed flop %s was solved in %d attempt", row.Flop, row.Attempts)
			}
			f, _ := flops.Parse(row.Flop)
			sp, _ := tp.For(f.Board[:])
			g, _ := spot.NewGame(sp, spot.Options{Threads: 1})
			s, _ := spot.NewSolver(g, spot.SolveOptions{Threads: 1}, 0)
			s.Solve(spot.Stop{TargetPercent: tp.Target, Iterations: tp.Iterations, Every: 10}, nil)
			e := g.Evaluate(s.Finalize())
			if e.Values[0] != row.ValueOOP || e.Values[1] != row.ValueIP {
				t.Errorf("%s (killed: %v): %v, %v; uninterrupted %v, %v", row.Flop, row.Flop == victim, row.ValueOOP, row.ValueIP, e.Values[0], e.Values[1])
			}
		}
		t.Logf("killed the worker during %s; %s", victim, fmt.Sprint(st.Counts)+" "+strconv.Itoa(len(st.Flops)))
	})
}
