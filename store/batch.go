package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Spot batches (schema version 6): a spot template solved over a set of
// flops, one job per flop on the job queue (internal/app/batch), and what
// each flop's solve gave.
//
//   - spot_batches(id, template, flops, out_dir, created_at, total,
//     cancelled): the template's TOML, how the flops were named ("25",
//     "all", a file's flops), the folder of the .pls files.
//   - spot_batch_flops(batch_id, flop, weight, position, status, error,
//     attempts, value_oop, value_ip, exploitability_pct, iterations,
//     seconds, root, pls, updated_at), primary key (batch_id, flop):
//     status is queued, running, done, failed or cancelled; root the root
//     strategy summary (JSON), pls the result file's path.
func schemaV6(k Kind) string {
	real := "REAL"
	if k == Postgres {
		real = "DOUBLE PRECISION"
	}
	return `CREATE TABLE spot_batches (
  id TEXT PRIMARY KEY,
  template TEXT NOT NULL,
  flops TEXT NOT NULL,
  out_dir TEXT NOT NULL,
  created_at TEXT NOT NULL,
  total INTEGER NOT NULL,
  cancelled INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE spot_batch_flops (
  batch_id TEXT NOT NULL REFERENCES spot_batches (id),
  flop TEXT NOT NULL,
  weight ` + real + ` NOT NULL,
  position INTEGER NOT NULL,
  status TEXT NOT NULL,
  error TEXT NOT NULL DEFAULT '',
  attempts INTEGER NOT NULL DEFAULT 0,
  value_oop ` + real + `,
  value_ip ` + real + `,
  exploitability_pct ` + real + `,
  iterations INTEGER,
  seconds ` + real + `,
  root TEXT,
  pls TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (batch_id, flop)
)`
}

// Batch is a stored batch.
type Batch struct {
	ID, Template, Flops, OutDir string
	Created                     time.Time
	Total                       int
	Cancelled                   bool
}

// BatchFlop is one flop of a batch and its result once solved.
type BatchFlop struct {
	Flop     string
	Weight   float64
	Position int
	Status   string // queued, running, done, failed, cancelled
	Error    string
	Attempts int
	// Set when done.
	ValueOOP, ValueIP, ExploitabilityPct, Seconds float64
	Iterations                                    int
	Root                                          string // JSON
	PLS                                           string
	Updated                                       time.Time
}

// The statuses of BatchFlop.Status.
const (
	FlopQueued    = "queued"
	FlopRunning   = "running"
	FlopDone      = "done"
	FlopFailed    = "failed"
	FlopCancelled = "cancelled"
)

// CreateBatch stores a batch and its flops as queued; a batch of that id
// that exists already is kept as it is (created reports which): starting
// the same batch twice solves each flop once.
func (db *DB) CreateBatch(ctx context.Context, b *Batch, flops []BatchFlop) (created bool, err error) {
	now := time.Now().UTC().Format(time.RFC3339Nano)
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM spot_batches WHERE id = $1`, b.ID).Scan(&one)
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO spot_batches (id, template, flops, out_dir, created_at, total) VALUES ($1, $2, $3, $4, $5, $6)`,
			b.ID, b.Template, b.Flops, b.OutDir, now, len(flops)); err != nil {
			return err
		}
		for i, f := range flops {
			if _, err := tx.ExecContext(ctx, `INSERT INTO spot_batch_flops (batch_id, flop, weight, position, status, updated_at) VALUES ($1, $2, $3, $4, $5, $6)`,
				b.ID, f.Flop, f.Weight, i, FlopQueued, now); err != nil {
				return err
			}
		}
		created = true
		return nil
	})
	return created, db.wrap(err)
}

// GetBatch reads a batch; ok is false if there is none of that id.
func (db *DB) GetBatch(ctx context.Context, id string) (b *Batch, ok bool, err error) {
	b = &Batch{}
	var created string
	var cancelled int
	err = db.sql.QueryRowContext(ctx, `SELECT id, template, flops, out_dir, created_at, total, cancelled FROM spot_batches WHERE id = $1`, id).
		Scan(&b.ID, &b.Template, &b.Flops, &b.OutDir, &created, &b.Total, &cancelled)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, db.wrap(err)
	}
	b.Created, _ = time.Parse(time.RFC3339Nano, created)
	b.Cancelled = cancelled != 0
	return b, true, nil
}

// BatchFlops reads a batch's flops in their order.
func (db *DB) BatchFlops(ctx context.Context, id string) ([]BatchFlop, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT flop, weight, position, status, error, attempts, value_oop, value_ip, exploitability_pct,
iterations, seconds, root, pls, updated_at FROM spot_batch_flops WHERE batch_id = $1 ORDER BY position`, id)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	var out []BatchFlop
	for rows.Next() {
		var f BatchFlop
		var vo, vi, pct, secs sql.NullFloat64
		var iters sql.NullInt64
		var root, pls sql.NullString
		var updated string
		if err := rows.Scan(&f.Flop, &f.Weight, &f.Position, &f.Status, &f.Error, &f.Attempts, &vo, &vi, &pct, &iters, &secs, &root, &pls, &updated); err != nil {
			return nil, db.wrap(err)
		}
		f.ValueOOP, f.ValueIP, f.ExploitabilityPct, f.Seconds = vo.Float64, vi.Float64, pct.Float64, secs.Float64
		f.Iterations, f.Root, f.PLS = int(iters.Int64), root.String, pls.String
		f.Updated, _ = time.Parse(time.RFC3339Nano, updated)
		out = append(out, f)
	}
	return out, db.wrap(rows.Err())
}

// StartBatchFlop marks a flop running (one more attempt).
func (db *DB) StartBatchFlop(ctx context.Context, id, flop string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE spot_batch_flops SET status = $1, attempts = attempts + 1, updated_at = $2 WHERE batch_id = $3 AND flop = $4`,
			FlopRunning, time.Now().UTC().Format(time.RFC3339Nano), id, flop)
		return err
	})
}

// FinishBatchFlop stores a flop's result (status done) or its error
// (status failed, or queued again when it will be retried).
func (db *DB) FinishBatchFlop(ctx context.Context, id string, f *BatchFlop) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE spot_batch_flops SET status = $1, error = $2, value_oop = $3, value_ip = $4, exploitability_pct = $5,
iterations = $6, seconds = $7, root = $8, pls = $9, updated_at = $10 WHERE batch_id = $11 AND flop = $12`,
			f.Status, f.Error, f.ValueOOP, f.ValueIP, f.ExploitabilityPct, f.Iterations, f.Seconds, f.Root, f.PLS,
			time.Now().UTC().Format(time.RFC3339Nano), id, f.Flop)
		return err
	})
}

// CancelBatch marks a batch cancelled and its flops not yet done
// cancelled; it reports whether the batch exists.
func (db *DB) CancelBatch(ctx context.Context, id string) (ok bool, err error) {
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE spot_batches SET cancelled = 1 WHERE id = $1`, id)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		if ok = n > 0; !ok {
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE spot_batch_flops SET status = $1, updated_at = $2 WHERE batch_id = $3 AND status IN ($4, $5)`,
			FlopCancelled, time.Now().UTC().Format(time.RFC3339Nano), id, FlopQueued, FlopRunning)
		return err
	})
	return ok, db.wrap(err)
}
