// Package batch solves a spot template over many flops as jobs on a real
// job queue, River (github.com/riverqueue/river): its SQLite driver for a
// batch on one machine with nothing to install, its PostgreSQL driver when
// several machines work one database (`pokerlab worker`).
//
// A batch is a template (spot.Template: a spot without its board) and a set
// of flops (package flops). Its id is a digest of the two, so that the
// same batch started twice is the same batch; each flop is one job whose
// arguments are (batch, flop), unique on the queue, so a flop is solved
// once however often the batch is started. A job solves its flop to the
// template's target (spot.Solver), writes DIR/FLOP.pls and the flop's row
// of results (store: game values, exploitability, the root strategy), and
// saves a checkpoint (DIR/FLOP.ckpt) as it goes: an attempt after a crash
// (River's rescuer gives a job whose worker died to another after
// RescueAfter) resumes from it, and gives the result an uninterrupted
// solve gives (the solver's checkpoints continue the same solve). A solve
// that fails (a board on which the template's ranges are empty, a tree
// beyond the memory limit) is retried with River's backoff and, after its
// last attempt, marked failed with its error; the batch goes on.
//
// Cancelling a batch marks it and its unfinished flops cancelled; a running
// job sees it at its next check (every few seconds) and stops, its job
// cancelled on the queue.
package batch

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"
	_ "modernc.org/sqlite" // River's SQLite pool, on the file store opens

	"pokerlab/cards"
	"pokerlab/internal/base/atomicfile"
	"pokerlab/spot"
	"pokerlab/spot/flops"
	"pokerlab/spot/handclass"
	"pokerlab/spot/spotqre"
	"pokerlab/store"
)

// SolveArgs are a job's arguments: one flop of one batch.
type SolveArgs struct {
	Batch string `json:"batch"`
	Flop  string `json:"flop"`
}

// Kind names the job on the queue.
func (SolveArgs) Kind() string { return "pokerlab_spot_flop" }

// InsertOpts makes a job unique by its arguments (in every state but
// cancelled and discarded): a flop of a batch is queued once.
func (SolveArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 5}
}

// Options configure a Queue.
type Options struct {
	// Workers is the number of flops solved at once (0: 1); Threads the
	// solver's threads for each (0: 1).
	Workers, Threads int
	// RescueAfter is how long a job may run before the queue gives it to
	// another worker as stuck (its worker died); a live solve that reaches
	// it checkpoints and continues in its next attempt. Longer than a
	// flop's solve takes (0: 30 minutes).
	RescueAfter time.Duration
	// MaxMemory refuses a flop whose solve needs more bytes (0: no limit):
	// the flop fails with the estimate, the batch goes on.
	MaxMemory int64
	// CheckpointEvery is how often a solve saves its state (0: 10 s).
	CheckpointEvery time.Duration
	// Log receives the queue's and the jobs' lines (nil: none).
	Log *slog.Logger
	// Progress, if set, is told of every flop a worker of this queue
	// finishes.
	Progress func(batch, flop, status string)
}

// Queue is the job queue on a hand database: the River client and the
// store the results go to.
type Queue struct {
	db     *store.DB
	client *river.Client[*sql.Tx]
	pgc    *river.Client[pgx.Tx]
	opt    Options
	closer func()
	log    *slog.Logger
}

// Open opens the queue on db, migrating River's tables.
func Open(ctx context.Context, db *store.DB, opt Options) (*Queue, error) {
	if opt.Workers <= 0 {
		opt.Workers = 1
	}
	if opt.Threads <= 0 {
		opt.Threads = 1
	}
	if opt.RescueAfter <= 0 {
		opt.RescueAfter = 30 * time.Minute
	}
	if opt.CheckpointEvery <= 0 {
		opt.CheckpointEvery = 10 * time.Second
	}
	log := opt.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	q := &Queue{db: db, opt: opt, log: log}
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &solveWorker{q: q}); err != nil {
		return nil, err
	}
	cfg := &river.Config{
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: opt.Workers}},
		Workers: workers,
		// River's rescuer gives a job to another worker only past its
		// timeout: a job whose worker died is rescued after RescueAfter, and
		// a live one that reaches it stops there, keeps its checkpoint and
		// goes on in its next attempt.
		JobTimeout:           opt.RescueAfter,
		RescueStuckJobsAfter: opt.RescueAfter,
		FetchPollInterval:    100 * time.Millisecond,
		FetchCooldown:        50 * time.Millisecond,
		Logger:               log,
	}
	if db.Kind() == store.Postgres {
		return q.openPostgres(ctx, cfg)
	}
	// River's own pool on the SQLite file: one connection (SQLite has one
	// writer), waiting for the store's writer rather than failing.
	pool, err := sql.Open("sqlite", "file:"+db.Where()+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	pool.SetMaxOpenConns(1)
	driver := riversqlite.New(pool)
	if err := migrate(ctx, driver); err != nil {
		pool.Close()
		return nil, err
	}
	client, err := river.NewClient(driver, cfg)
	if err != nil {
		pool.Close()
		return nil, err
	}
	q.client, q.closer = client, func() { pool.Close() }
	return q, nil
}

func (q *Queue) openPostgres(ctx context.Context, cfg *river.Config) (*Queue, error) {
	pool, err := pgxpool.New(ctx, q.db.URL())
	if err != nil {
		return nil, fmt.Errorf("database %s: %v", q.db.Where(), err)
	}
	driver := riverpgxv5.New(pool)
	if err := migrate(ctx, driver); err != nil {
		pool.Close()
		return nil, err
	}
	client, err := river.NewClient(driver, cfg)
	if err != nil {
		pool.Close()
		return nil, err
	}
	q.pgc, q.closer = client, pool.Close
	return q, nil
}

func migrate[TTx any](ctx context.Context, driver riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New(driver, nil)
	if err != nil {
		return err
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("the job queue's tables: %w", err)
	}
	return nil
}

// Close stops the queue's workers (Stop first) and closes its pool.
func (q *Queue) Close() {
	if q.closer != nil {
		q.closer()
	}
}

// Start runs the queue's workers until Stop.
func (q *Queue) Start(ctx context.Context) error {
	if q.pgc != nil {
		return q.pgc.Start(ctx)
	}
	return q.client.Start(ctx)
}

// Stop lets the running jobs finish their checkpoint and stops the
// workers.
func (q *Queue) Stop(ctx context.Context) error {
	if q.pgc != nil {
		return q.pgc.Stop(ctx)
	}
	return q.client.Stop(ctx)
}

// StopAndCancel stops the workers now: the running solves see their
// context end, save their checkpoints and are retried later.
func (q *Queue) StopAndCancel(ctx context.Context) error {
	if q.pgc != nil {
		return q.pgc.StopAndCancel(ctx)
	}
	return q.client.StopAndCancel(ctx)
}

// Batch is a template over a set of flops, as Plan makes it.
type Batch struct {
	ID       string
	Template *spot.Template
	Text     string // the template's TOML
	FlopSet  string // "25", "all", or the file the flops came from
	Flops    []flops.Flop
	OutDir   string
}

// Plan checks a template and names its batch: the template must give a
// game on the first flop (template errors are found before anything is
// queued); the id is a digest of the template's text and the flops.
func Plan(text, file, flopSet string, fs []flops.Flop, outDir string) (*Batch, error) {
	t, err := spot.ParseTemplate(text, file)
	if err != nil {
		return nil, err
	}
	if len(fs) == 0 {
		return nil, errors.New("no flops")
	}
	sp, err := t.For(fs[0].Board[:])
	if err != nil {
		return nil, err
	}
	if _, err := spot.NewGame(sp, spot.Options{}); err != nil {
		return nil, fmt.Errorf("%s on %s: %w", file, fs[0], err)
	}
	h := sha256.New()
	io.WriteString(h, text)
	for _, f := range fs {
		fmt.Fprintf(h, "\n%s %g", f, f.Weight)
	}
	abs, err := filepath.Abs(outDir)
	if err != nil {
		return nil, err
	}
	return &Batch{ID: hex.EncodeToString(h.Sum(nil)[:8]), Template: t, Text: text, FlopSet: flopSet, Flops: fs, OutDir: abs}, nil
}

// Enqueue stores the batch (if it is new) and queues a job for each flop
// not done yet; it returns how many jobs were queued anew (a batch started
// twice queues none the second time).
func (q *Queue) Enqueue(ctx context.Context, b *Batch) (int, error) {
	rows := make([]store.BatchFlop, len(b.Flops))
	for i, f := range b.Flops {
		rows[i] = store.BatchFlop{Flop: f.String(), Weight: f.Weight}
	}
	if _, err := q.db.CreateBatch(ctx, &store.Batch{ID: b.ID, Template: b.Text, Flops: b.FlopSet, OutDir: b.OutDir}, rows); err != nil {
		return 0, err
	}
	params := make([]river.InsertManyParams, 0, len(b.Flops))
	for _, f := range b.Flops {
		params = append(params, river.InsertManyParams{Args: SolveArgs{Batch: b.ID, Flop: f.String()}})
	}
	var res []*rivertype.JobInsertResult
	var err error
	if q.pgc != nil {
		res, err = q.pgc.InsertMany(ctx, params)
	} else {
		res, err = q.client.InsertMany(ctx, params)
	}
	if err != nil {
		return 0, fmt.Errorf("queueing the flops: %w", err)
	}
	n := 0
	for _, r := range res {
		if !r.UniqueSkippedAsDuplicate {
			n++
		}
	}
	return n, nil
}

// Cancel marks a batch cancelled (running jobs stop at their next check);
// ok is false if there is no such batch.
func (q *Queue) Cancel(ctx context.Context, id string) (bool, error) {
	return q.db.CancelBatch(ctx, id)
}

// Status is a batch's progress.
type Status struct {
	Batch  *store.Batch
	Flops  []store.BatchFlop
	Counts map[string]int // by store.Flop* status
	// Rate is flops finished a second over the batch's life so far, and
	// ETA the time left at that rate (0 when unknown or done).
	Rate float64
	ETA  time.Duration
}

// Done reports whether every flop is done, failed or cancelled.
func (s *Status) Done() bool {
	return s.Counts[store.FlopQueued]+s.Counts[store.FlopRunning] == 0
}

// StatusOf reads a batch's progress; ok is false if there is no batch of
// that id.
func StatusOf(ctx context.Context, db *store.DB, id string) (*Status, bool, error) {
	b, ok, err := db.GetBatch(ctx, id)
	if err != nil || !ok {
		return nil, ok, err
	}
	fs, err := db.BatchFlops(ctx, id)
	if err != nil {
		return nil, false, err
	}
	s := &Status{Batch: b, Flops: fs, Counts: map[string]int{}}
	finished := 0
	var last time.Time
	for _, f := range fs {
		s.Counts[f.Status]++
		if f.Status == store.FlopDone || f.Status == store.FlopFailed {
			finished++
			if f.Updated.After(last) {
				last = f.Updated
			}
		}
	}
	if finished > 0 && last.After(b.Created) {
		s.Rate = float64(finished) / last.Sub(b.Created).Seconds()
		if left := s.Counts[store.FlopQueued] + s.Counts[store.FlopRunning]; left > 0 && s.Rate > 0 {
			s.ETA = time.Duration(float64(left) / s.Rate * float64(time.Second))
		}
	}
	return s, true, nil
}

// RootJSON is a flop's root strategy summary as stored.
type RootJSON struct {
	Player    string     `json:"player"`
	Actions   []string   `json:"actions"`
	Frequency []float64  `json:"frequency"`
	Equity    [2]float64 `json:"equity"`
	// Classes are the acting player's hands grouped by class on the flop
	// (package handclass), with each class's share of the range and its
	// action frequencies.
	Classes []ClassJSON `json:"classes"`
	// QRE are the agent logit QREs at the template's λ, if any.
	QRE []QREJSON `json:"qre,omitempty"`
}

// QREJSON is one λ's QRE of a flop.
type QREJSON struct {
	Lambda            float64    `json:"lambda"`
	Frequency         []float64  `json:"frequency"` // the root's actions
	Values            [2]float64 `json:"values"`
	ExploitabilityPct float64    `json:"exploitability_pct"`
	// MeanTV is the total variation between the QRE's and the Nash
	// equilibrium's action distributions, averaged over the information
	// sets with the QRE's probabilities (spotqre.Compare).
	MeanTV float64 `json:"mean_tv"`
}

// ClassJSON is one hand class at the root.
type ClassJSON struct {
	Class     string    `json:"class"`
	Share     float64   `json:"share"` // of the acting player's range, by weight
	Frequency []float64 `json:"frequency"`
}

// solveQRE solves the agent logit QRE of g at each λ, warm-started along
// the path, and compares each with the Nash strategy σ.
func solveQRE(g *spot.Game, σ spot.Strategy, lambdas []float64) ([]QREJSON, error) {
	s, err := spotqre.NewSolver(g, spotqre.Options{})
	if err != nil {
		return nil, err
	}
	res, err := s.Solve(lambdas)
	if err != nil {
		return nil, err
	}
	nash := spotqre.Normalize(g, σ)
	np := spotqre.Analyze(g, nash)
	out := make([]QREJSON, 0, len(res))
	for _, r := range res {
		freq := spot.RootFrequency(g, r.Sigma)
		c := spotqre.Compare(g, nash, r.Sigma, r.Lambda, np, spotqre.Analyze(g, r.Sigma), spotqre.CompareOptions{})
		out = append(out, QREJSON{Lambda: r.Lambda, Frequency: freq, Values: r.Evaluation.Values,
			ExploitabilityPct: r.Evaluation.Percent, MeanTV: c.MeanTV})
	}
	return out, nil
}

// rootClasses groups the root player's hands by class: each hand's
// strategy at the root (normalised) weighted by its range weight.
func rootClasses(g *spot.Game, σ spot.Strategy, p int) []ClassJSON {
	k := int(g.Nodes[0].NumChildren)
	play := make([]float64, k)
	board := g.Spot.BoardSet()
	index := map[string]int{}
	var out []ClassJSON
	total := 0.0
	for h, hole := range g.Hands[p] {
		w := float64(g.Weights[p][h])
		if w == 0 {
			continue
		}
		name := handclass.Of([2]cards.Card{hole[0], hole[1]}, board).String()
		i, ok := index[name]
		if !ok {
			i = len(out)
			index[name] = i
			out = append(out, ClassJSON{Class: name, Frequency: make([]float64, k)})
		}
		spot.RootPlay(g, σ, h, play)
		for a, x := range play {
			out[i].Frequency[a] += w * x
		}
		out[i].Share += w
		total += w
	}
	for i := range out {
		for a := range out[i].Frequency {
			out[i].Frequency[a] /= out[i].Share
		}
		out[i].Share /= total
	}
	slices.SortFunc(out, func(a, b ClassJSON) int { return strings.Compare(a.Class, b.Class) })
	return out
}

// solveWorker works one flop.
type solveWorker struct {
	river.WorkerDefaults[SolveArgs]
	q *Queue
}

func (w *solveWorker) Work(ctx context.Context, job *river.Job[SolveArgs]) error {
	err := w.q.solve(ctx, job.Args, job.Attempt)
	if err == nil {
		return nil
	}
	if errors.Is(err, errCancelled) {
		return river.JobCancel(err)
	}
	row := &store.BatchFlop{Flop: job.Args.Flop, Status: store.FlopQueued, Error: err.Error()}
	if job.Attempt >= job.MaxAttempts || errors.Is(err, errPermanent) {
		row.Status = store.FlopFailed
	}
	if ferr := w.q.db.FinishBatchFlop(context.WithoutCancel(ctx), job.Args.Batch, row); ferr != nil {
		w.q.log.Error("storing a flop's failure", "batch", job.Args.Batch, "flop", job.Args.Flop, "err", ferr)
	}
	if w.q.opt.Progress != nil && row.Status == store.FlopFailed {
		w.q.opt.Progress(job.Args.Batch, job.Args.Flop, row.Status)
	}
	if errors.Is(err, errPermanent) {
		return river.JobCancel(err)
	}
	return err
}

var (
	errCancelled = errors.New("the batch was cancelled")
	// errPermanent is a failure no retry mends (the template on this
	// board).
	errPermanent = errors.New("the spot cannot be solved")
)

// solve solves one flop of a batch, resuming from its checkpoint.
func (q *Queue) solve(ctx context.Context, a SolveArgs, attempt int) error {
	b, ok, err := q.db.GetBatch(ctx, a.Batch)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: no batch %s", errPermanent, a.Batch)
	}
	if b.Cancelled {
		return errCancelled
	}
	done, err := q.flopDone(ctx, a)
	if err != nil || done {
		return err
	}
	if err := q.db.StartBatchFlop(ctx, a.Batch, a.Flop); err != nil {
		return err
	}
	t, err := spot.ParseTemplate(b.Template, "batch "+b.ID)
	if err != nil {
		return fmt.Errorf("%w: %v", errPermanent, err)
	}
	f, err := flops.Parse(a.Flop)
	if err != nil {
		return fmt.Errorf("%w: %v", errPermanent, err)
	}
	sp, err := t.For(f.Board[:])
	if err != nil {
		return fmt.Errorf("%w: %v", errPermanent, err)
	}
	g, err := spot.NewGame(sp, spot.Options{Threads: q.opt.Threads, MaxMemory: q.opt.MaxMemory})
	if err != nil {
		return fmt.Errorf("%w: %v", errPermanent, err)
	}
	q.log.Info("solving a flop", "batch", a.Batch, "flop", a.Flop, "attempt", attempt)
	if err := os.MkdirAll(b.OutDir, 0o755); err != nil {
		return err
	}
	base := filepath.Join(b.OutDir, a.Flop)
	sopt := spot.SolveOptions{Threads: q.opt.Threads}
	var s *spot.Solver
	if fh, err := os.Open(base + ".ckpt"); err == nil {
		s, err = spot.LoadCheckpoint(fh, base+".ckpt", g, sopt, q.opt.MaxMemory)
		fh.Close()
		if err != nil {
			q.log.Warn("a checkpoint that does not load: solving from the start", "flop", a.Flop, "err", err)
			s = nil
		}
	}
	if s == nil {
		if s, err = spot.NewSolver(g, sopt, q.opt.MaxMemory); err != nil {
			return fmt.Errorf("%w: %v", errPermanent, err)
		}
	}
	save := func() error {
		return atomicfile.Write(base+".ckpt", func(w io.Writer) error { return s.WriteCheckpoint(w) })
	}
	lastSave, lastCheck := time.Now(), time.Now()
	cancelled := false
	interrupt := func(int) bool {
		if ctx.Err() != nil {
			return true
		}
		if time.Since(lastCheck) > 2*time.Second {
			lastCheck = time.Now()
			if bb, ok, err := q.db.GetBatch(ctx, a.Batch); err == nil && ok && bb.Cancelled {
				cancelled = true
				return true
			}
		}
		return false
	}
	last := s.Solve(spot.Stop{TargetPercent: t.Target, Iterations: t.Iterations, Every: 10, Interrupt: interrupt}, func(spot.Progress) {
		if time.Since(lastSave) > q.opt.CheckpointEvery {
			if err := save(); err != nil {
				q.log.Warn("saving a checkpoint", "flop", a.Flop, "err", err)
			}
			lastSave = time.Now()
		}
	})
	if cancelled {
		return errCancelled
	}
	if last.Interrupted {
		// The worker is stopping: keep the state for the next attempt.
		if err := save(); err != nil {
			return err
		}
		return fmt.Errorf("interrupted at iteration %d: %w", last.Iteration, context.Cause(ctx))
	}
	seconds := s.Elapsed().Seconds()
	σ := s.Finalize()
	e := g.Evaluate(σ)
	freq, equity := g.RootSummary(σ)
	root := RootJSON{Frequency: freq, Equity: equity}
	if p := g.Player(0); p >= 0 {
		root.Player = spot.PlayerName(p)
		for _, act := range g.Actions(0) {
			root.Actions = append(root.Actions, act.Words())
		}
		root.Classes = rootClasses(g, σ, p)
	}
	if len(t.Lambdas) > 0 {
		qs, err := solveQRE(g, σ, t.Lambdas)
		if err != nil {
			return fmt.Errorf("%w: the QRE: %v", errPermanent, err)
		}
		root.QRE = qs
	}
	rj, _ := json.Marshal(root)
	h := spot.FileHeader{Method: "dcfr", Iterations: last.Iteration, Seconds: seconds, Evaluation: &e}
	if err := atomicfile.Write(base+".pls", func(w io.Writer) error { return spot.WriteResult(w, g, σ, h) }); err != nil {
		return err
	}
	row := &store.BatchFlop{Flop: a.Flop, Status: store.FlopDone, ValueOOP: e.Values[0], ValueIP: e.Values[1],
		ExploitabilityPct: e.Percent, Iterations: last.Iteration, Seconds: seconds, Root: string(rj), PLS: base + ".pls"}
	if err := q.db.FinishBatchFlop(ctx, a.Batch, row); err != nil {
		return err
	}
	os.Remove(base + ".ckpt")
	if q.opt.Progress != nil {
		q.opt.Progress(a.Batch, a.Flop, store.FlopDone)
	}
	q.log.Info("flop solved", "batch", a.Batch, "flop", a.Flop, "exploitability_pct", e.Percent, "seconds", seconds)
	return nil
}

// flopDone reports whether the flop's row is finished (a job run again
// after a crash between storing the result and completing the job).
func (q *Queue) flopDone(ctx context.Context, a SolveArgs) (bool, error) {
	fs, err := q.db.BatchFlops(ctx, a.Batch)
	if err != nil {
		return false, err
	}
	for _, f := range fs {
		if f.Flop == a.Flop {
			return f.Status == store.FlopDone || f.Status == store.FlopCancelled, nil
		}
	}
	return false, fmt.Errorf("%w: batch %s has no flop %s", errPermanent, a.Batch, a.Flop)
}

// FlopsOf reads a flop set: "all", a count (flops.Subset), or a file of
// flops, one a line ("AsKhQd"; "# comments"; each with its class's
// weight).
func FlopsOf(set string) ([]flops.Flop, string, error) {
	if set == "all" {
		return flops.All(), "all", nil
	}
	var n int
	if _, err := fmt.Sscanf(set, "%d", &n); err == nil && fmt.Sprint(n) == set {
		fs, err := flops.Subset(n)
		return fs, set, err
	}
	text, err := os.ReadFile(set)
	if err != nil {
		return nil, "", err
	}
	var out []flops.Flop
	seen := map[string]bool{}
	for i, line := range strings.Split(string(text), "\n") {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		f, err := flops.Parse(line)
		if err != nil {
			return nil, "", fmt.Errorf("%s:%d: %v", set, i+1, err)
		}
		if seen[f.String()] {
			return nil, "", fmt.Errorf("%s:%d: %s is the flop of an earlier line (up to suits)", set, i+1, line)
		}
		seen[f.String()] = true
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil, "", fmt.Errorf("%s: no flop", set)
	}
	return out, set, nil
}
