package store

import (
	"cmp"
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"pokerlab/hud"
)

// The HUD cache behind a watermark (schema version 3).
//
// Commits append hands and their player rows; the cache follows in folds.
// hud_fold.folded (G) is the hand id up to which every hud_cache row is
// complete; the player rows of hands after G are the tail. A fold of the
// hands (G, X]:
//
//  1. claims the range: hud_fold.target = X, in a transaction (on
//     PostgreSQL after locking hands in SHARE ROW EXCLUSIVE mode, which
//     waits for the transactions inserting hands and holds off new ones
//     until it commits: every hand id up to max(id) is then committed,
//     and later ones are larger, since ids are taken while the inserting
//     transaction holds its lock on hands);
//  2. reads the tail rows of (G, X] with their hands' stakes and day and
//     sums them per (player, stakes, position, day) in memory, outside any
//     write transaction;
//  3. adds the sums to the cache rows, a few hundred keys per transaction,
//     each row once: a row takes the sums only if its folded_to is below X,
//     and gets folded_to = X;
//  4. sets hud_fold.folded = X.
//
// A fold that stops between 1 and 4 (a crash, a closed DB) is resumed by
// the next one with the same X: the rows it brought to X are left alone.
// Two processes folding at once do the same work twice and add each sum
// once. No transaction of a fold is long, so commits of new hands go on
// between them (pokerlab serve's tables wait for their hands' commits).
//
// HUD reads, in one read transaction, G and X, the cache rows, and the
// tail rows after G but those of (G, X] whose cache row already has them
// (folded_to ≥ the hand): every stored row is counted exactly once,
// whatever folds are in progress.

// DefaultFoldRows is the player rows written by a DB past which it starts
// a fold in the background.
const DefaultFoldRows = 100_000

// maxFoldHands bounds the hands of one fold (the memory of its sums).
const maxFoldHands = 200_000

// foldKeys is the cache rows one transaction of a fold writes.
const foldKeys = 512

// foldState is a DB's folding bookkeeping.
type foldState struct {
	mu      sync.Mutex
	rows    int   // threshold (0: DefaultFoldRows)
	written int   // player rows written since the last fold started
	running bool  // a background fold is on
	err     error // the last background fold's error
	wg      sync.WaitGroup
	// run serialises this DB's folds.
	run sync.Mutex
}

// SetFoldRows sets the player rows this DB writes before it folds the
// tail into the HUD cache (0: DefaultFoldRows; tests use small values).
func (db *DB) SetFoldRows(n int) {
	db.folds.mu.Lock()
	db.folds.rows = n
	db.folds.mu.Unlock()
}

// afterWrite counts the player rows a commit wrote and starts a fold in the
// background when they pass the threshold. A background fold's error does
// not fail the writes (they are committed): FoldError returns it.
func (db *DB) afterWrite(rows int) {
	f := &db.folds
	f.mu.Lock()
	defer f.mu.Unlock()
	f.written += rows
	limit := f.rows
	if limit <= 0 {
		limit = DefaultFoldRows
	}
	if f.written >= limit && !f.running && !db.closing {
		f.written = 0
		f.running = true
		f.wg.Add(1)
		go func() {
			defer f.wg.Done()
			err := db.fold(context.Background(), maxFoldHands)
			f.mu.Lock()
			f.running = false
			if err != nil {
				f.err = err
			}
			f.mu.Unlock()
		}()
	}
}

// FoldError returns (once) the error of the last fold this DB ran in the
// background, if it failed; the next fold takes its range up again.
func (db *DB) FoldError() error {
	db.folds.mu.Lock()
	defer db.folds.mu.Unlock()
	err := db.folds.err
	db.folds.err = nil
	return err
}

// Fold folds every stored hand's player rows into the HUD cache. HUD
// returns the same before and after; after, the HUD of every player is
// read from the cache alone.
func (db *DB) Fold(ctx context.Context) error {
	if db.readOnly {
		return nil
	}
	for {
		more, err := db.foldOnce(ctx, maxFoldHands)
		if err != nil || !more {
			return err
		}
	}
}

// fold runs folds until the tail is folded.
func (db *DB) fold(ctx context.Context, most int64) error {
	for {
		more, err := db.foldOnce(ctx, most)
		if err != nil || !more {
			return err
		}
	}
}

// foldOnce folds at most most hands (resuming a fold in progress first)
// and reports whether it folded any.
func (db *DB) foldOnce(ctx context.Context, most int64) (bool, error) {
	db.folds.run.Lock()
	defer db.folds.run.Unlock()
	from, to, kept, err := db.foldClaim(ctx, most)
	if err != nil || to <= from {
		return false, err
	}
	var sums []foldSum
	if kept != nil {
		sums = sortSums(kept)
	} else if sums, err = db.foldSums(ctx, from, to); err != nil {
		return false, err
	}
	if err := db.foldApply(ctx, sums, to); err != nil {
		return false, err
	}
	return true, db.foldFinish(ctx, to)
}

// foldClaim is step 1: the range (from, to] of the fold in progress, or of
// a new one of at most most hands (to ≤ from: nothing to fold), and on
// SQLite the sums of its rows if the writer kept exactly those
// (foldacc.go).
func (db *DB) foldClaim(ctx context.Context, most int64) (from, to int64, kept map[cacheKey]*cacheRow, err error) {
	err = db.write(ctx, func(w txWriter) error {
		if st, ok := w.(*sqliteTx); ok {
			defer func() {
				if to > from {
					kept = st.w.acc.take(from, to)
					st.onRollback(func() { kept = nil })
				}
			}()
		}
		var target int64
		if err := w.query(ctx, "SELECT folded, target FROM hud_fold WHERE id = 1", nil, func(scan func(...any) error) error {
			return scan(&from, &target)
		}); err != nil {
			return err
		}
		if target > from {
			to = target // resume
			return nil
		}
		if db.kind == Postgres {
			if err := w.exec(ctx, "LOCK TABLE hands IN SHARE ROW EXCLUSIVE MODE"); err != nil {
				return err
			}
		}
		if err := w.query(ctx, "SELECT coalesce(max(id), 0) FROM hands", nil, func(scan func(...any) error) error {
			return scan(&to)
		}); err != nil {
			return err
		}
		to = min(to, from+most)
		if to <= from {
			return nil
		}
		return w.exec(ctx, "UPDATE hud_fold SET target = $1 WHERE id = 1", to)
	})
	if err != nil {
		kept = nil
	}
	return from, to, kept, db.wrap(err)
}

// foldSum is a cache row's sums in a fold.
type foldSum struct {
	key cacheKey
	row *cacheRow
}

// foldSums is step 2: the sums of the committed player rows of the hands
// (from, to], per cache key, in key order (so that two transactions that
// add to the same rows take their locks in one order). The hands' stakes
// and days are read first, a row per hand, then the player rows by their
// primary key's range.
func (db *DB) foldSums(ctx context.Context, from, to int64) ([]foldSum, error) {
	type handKey struct {
		stakes string
		day    int
		bb     int64
	}
	hands := map[int64]handKey{}
	stakes := map[string]string{} // one string per stakes
	err := db.readRange(ctx, "SELECT id, stakes, day, bb FROM hands WHERE id > $1 AND id <= $2", from, to, func(v []driver.Value) error {
		id, _ := v[0].(int64)
		st := textValue(v[1])
		if s, ok := stakes[st]; ok {
			st = s
		} else {
			stakes[st] = st
		}
		day, _ := v[2].(int64)
		bb, _ := v[3].(int64)
		hands[id] = handKey{st, int(day), bb}
		return nil
	})
	if err != nil {
		return nil, err
	}
	cache := map[cacheKey]*cacheRow{}
	err = db.readRange(ctx, `SELECT hand_id, player_id, position, opp, taken, af_taken, af_opps, afq_taken, afq_opps,
net, rake, showdown, cash_out_fee, ev_adj FROM hand_players WHERE hand_id > $1 AND hand_id <= $2`, from, to, func(v []driver.Value) error {
		var x [13]int64
		for i, c := range v[:13] {
			if i != 2 {
				x[i], _ = c.(int64)
			}
		}
		h := hands[x[0]]
		k := cacheKey{player: x[1], stakes: h.stakes, position: internPosition(textValue(v[2])), day: h.day}
		c := cache[k]
		if c == nil {
			c = &cacheRow{}
			cache[k] = c
		}
		c.hands++
		unpackFlags(&c.counts, x[3], x[4], x[5], x[6], x[7], x[8])
		c.addMoney(x[9], x[10], floatValue(v[13]), x[11], x[12], h.bb)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sortSums(cache), nil
}

// sortSums returns the sums of cache in key order.
func sortSums(cache map[cacheKey]*cacheRow) []foldSum {
	sums := make([]foldSum, 0, len(cache))
	for k, c := range cache {
		sums = append(sums, foldSum{k, c})
	}
	slices.SortFunc(sums, func(x, y foldSum) int {
		a, b := x.key, y.key
		return cmp.Or(cmp.Compare(a.player, b.player), strings.Compare(a.stakes, b.stakes),
			strings.Compare(a.position, b.position), cmp.Compare(a.day, b.day))
	})
	return sums
}

// readRange runs q over the hands (from, to]. On SQLite it reads on the
// writer connection, whose page cache holds the pages just written (any
// other connection's cache is dropped at each commit of the writer), in
// parts of foldRead hands, so that commits go on between the parts.
func (db *DB) readRange(ctx context.Context, q string, from, to int64, row func([]driver.Value) error) error {
	if db.kind != SQLite {
		return db.readRows(ctx, q, []any{from, to}, row)
	}
	q = sqliteParams(q)
	for lo := from; lo < to; lo += foldRead {
		hi := min(lo+foldRead, to)
		err := db.w.withConn(ctx, db.sql, func(c *sql.Conn) error {
			return c.Raw(func(dc any) error {
				t := &sqliteTx{w: &db.w, c: dc.(sqliteConn)}
				st, err := t.stmt(ctx, q)
				if err != nil {
					return err
				}
				rows, err := st.(driver.StmtQueryContext).QueryContext(context.Background(), t.named([]any{lo, hi}))
				if err != nil {
					return err
				}
				return eachRow(rows, row)
			})
		})
		if err != nil {
			return db.wrap(err)
		}
	}
	return nil
}

// foldRead is the hands of one read of a fold on SQLite.
const foldRead = 2000

// readRows runs a query on a connection of the pool and calls row with
// each row's driver values (valid during the call), without database/sql's
// conversions: a fold reads every row of its hands.
func (db *DB) readRows(ctx context.Context, q string, args []any, row func([]driver.Value) error) error {
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return db.wrap(err)
	}
	defer conn.Close()
	return db.wrap(conn.Raw(func(dc any) error {
		qc, ok := dc.(driver.QueryerContext)
		if !ok {
			return fmt.Errorf("store: the %s driver cannot query", db.kind)
		}
		named := make([]driver.NamedValue, len(args))
		for i, a := range args {
			named[i] = driver.NamedValue{Ordinal: i + 1, Value: a}
		}
		rows, err := qc.QueryContext(ctx, q, named)
		if err != nil {
			return err
		}
		return eachRow(rows, row)
	}))
}

// eachRow calls row with each row of rows, its driver values valid during
// the call, and closes rows.
func eachRow(rows driver.Rows, row func([]driver.Value) error) error {
	defer rows.Close()
	vals := make([]driver.Value, len(rows.Columns()))
	for {
		err := rows.Next(vals)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := row(vals); err != nil {
			return err
		}
	}
}

// textValue is a driver's text value as a string.
func textValue(v driver.Value) string {
	switch x := v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	}
	return ""
}

// foldApply is step 3: the sums added to the cache rows that do not have
// them yet, foldKeys rows per transaction.
func (db *DB) foldApply(ctx context.Context, sums []foldSum, to int64) error {
	args := make([]any, 0, foldKeys*upsertCache.cols)
	for start := 0; start < len(sums); start += foldKeys {
		part := sums[start:min(start+foldKeys, len(sums))]
		args = args[:0]
		for _, s := range part {
			k, c := s.key, s.row
			args = append(args, k.player, k.stakes, k.position, int64(k.day), c.hands)
			for _, st := range statOf() {
				args = append(args, c.counts[st].Taken, c.counts[st].Opportunities)
			}
			args = moneyArgs(args, &c.money)
			args = append(args, to)
		}
		if err := db.write(ctx, func(w txWriter) error { return w.rows(ctx, upsertCache, len(part), args, nil) }); err != nil {
			return db.wrap(err)
		}
	}
	return nil
}

// foldFinish is step 4: the watermark moves to to.
func (db *DB) foldFinish(ctx context.Context, to int64) error {
	return db.wrap(db.write(ctx, func(w txWriter) error {
		return w.exec(ctx, "UPDATE hud_fold SET folded = $1 WHERE id = 1 AND folded < $2", to, to)
	}))
}

// cacheKey is a row of hud_cache.
type cacheKey struct {
	player           int64
	stakes, position string
	day              int
}

type cacheRow struct {
	hands  int64
	counts [hud.NumStats]hud.Count
	money  hud.Money // schema version 8: moneyCacheColumns
}

// addMoney adds a hand_players row's money (schema version 8) at a table
// whose big blind is bb.
func (c *cacheRow) addMoney(net, rake int64, ev float64, showdown, cashOutFee, bb int64) {
	m := hud.SeatMoney{Net: net, Rake: rake, EV: ev, Showdown: showdown != 0, CashOutFee: cashOutFee}
	c.money.Add(&m, bb)
}

// moneyArgs appends the values of moneyCacheColumns of m.
func moneyArgs(args []any, m *hud.Money) []any {
	return append(args, m.Net, m.NetBB, m.NetBB2, m.EV, m.EVBB, m.Rake, m.RakeBB, m.Showdown, m.ShowdownBB, m.ShowdownHands, m.CashOutFee)
}

// moneyDest returns the scan destinations of moneyCacheColumns into m.
func moneyDest(m *hud.Money) []any {
	return []any{&m.Net, &m.NetBB, &m.NetBB2, &m.EV, &m.EVBB, &m.Rake, &m.RakeBB, &m.Showdown, &m.ShowdownBB, &m.ShowdownHands, &m.CashOutFee}
}

// floatValue is a driver's numeric value as a float64 (SQLite may return
// a REAL column's integral value as an integer).
func floatValue(v driver.Value) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int64:
		return float64(x)
	}
	return 0
}

// internPosition returns hud's string for a position name (the driver
// makes a new string per row).
func internPosition(p string) string {
	for _, q := range hud.Positions {
		if p == q {
			return q
		}
	}
	return p
}
