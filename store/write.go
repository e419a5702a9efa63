package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Writing. Every write transaction of this package runs through write: on
// SQLite through one connection of the DB (sqliteWriter), on PostgreSQL
// through a pgx connection of the pool. Statements are prepared once and
// reused; rows go in by multi-row statements of power-of-two sizes (a
// batch of n rows is at most log2(max) statements beyond the full ones,
// each prepared once per connection).

// txWriter is a write transaction on either engine. Statements use $1, $2,
// ... parameters, each once and in order.
type txWriter interface {
	// exec runs a statement.
	exec(ctx context.Context, q string, args ...any) error
	// query runs a statement and calls row for each row it returns.
	query(ctx context.Context, q string, args []any, row func(scan func(...any) error) error) error
	// rows runs m over n rows: args holds m.cols values per row, row by
	// row; row (if not nil) is called for each row the statements return.
	rows(ctx context.Context, m *multi, n int, args []any, row func(scan func(...any) error) error) error
}

// multi is a statement over many rows (INSERT ... VALUES (...), (...)).
type multi struct {
	cols int
	// max is the most rows in one statement, a power of two (the SQLite
	// limit is 32,766 parameters, PostgreSQL's 65,535).
	max int
	// text returns the statement for n rows on engine k.
	text  func(k Kind, n int) string
	texts sync.Map // [2]int{kind, n} → string
}

func (m *multi) sql(k Kind, n int) string {
	key := [2]int{int(k), n}
	if q, ok := m.texts.Load(key); ok {
		return q.(string)
	}
	q := m.text(k, n)
	if k == SQLite {
		q = sqliteParams(q)
	}
	m.texts.Store(key, q)
	return q
}

// chunks calls f for consecutive runs of rows, of sizes m.max and then
// the powers of two of the rest, largest first.
func (m *multi) chunks(n int, f func(start, size int) error) error {
	start := 0
	for n-start >= m.max {
		if err := f(start, m.max); err != nil {
			return err
		}
		start += m.max
	}
	for size := m.max / 2; size > 0; size /= 2 {
		if n-start >= size {
			if err := f(start, size); err != nil {
				return err
			}
			start += size
		}
	}
	return nil
}

// values returns "($1, $2), ($3, $4)" for rows × cols parameters.
func values(rows, cols int) string {
	var b strings.Builder
	b.Grow(rows * cols * 6)
	k := 1
	for r := range rows {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := range cols {
			if c > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(k))
			k++
		}
		b.WriteByte(')')
	}
	return b.String()
}

// placeholders returns "$from, ..., $(from+n-1)".
func placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(from+i))
	}
	return b.String()
}

// sqliteParams rewrites the $1, $2, ... parameters of q (each used once, in
// order, as every statement of this package does) to SQLite's anonymous
// "?": SQLite looks named parameters up in a list, which makes a statement
// of thousands of them quadratic to prepare.
func sqliteParams(q string) string {
	var b strings.Builder
	b.Grow(len(q))
	next := 1
	for i := 0; i < len(q); i++ {
		if q[i] == '$' && i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9' {
			b.WriteByte('?')
			n := 0
			for i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9' {
				n = 10*n + int(q[i+1]-'0')
				i++
			}
			if n != next {
				// A statement of this package with its parameters out of
				// order: the anonymous ones would bind the wrong values.
				panic(fmt.Sprintf("store: parameter $%d where $%d belongs: %.80s", n, next, q))
			}
			next++
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// write runs f in one write transaction.
func (db *DB) write(ctx context.Context, f func(w txWriter) error) error {
	if db.kind == SQLite {
		return db.w.run(ctx, db.sql, f)
	}
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		tx, err := pc.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if err := f(pgTx{tx}); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
}

// inTx runs f in a write transaction of database/sql (the server's small
// writes); on SQLite on the writer connection.
func (db *DB) inTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	run := func(tx *sql.Tx, err error) error {
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if err := f(tx); err != nil {
			return err
		}
		return tx.Commit()
	}
	if db.kind == SQLite {
		return db.wrap(db.w.withConn(ctx, db.sql, func(c *sql.Conn) error { return run(c.BeginTx(ctx, nil)) }))
	}
	return db.wrap(run(db.sql.BeginTx(ctx, nil)))
}

// sqliteWriter is the one connection through which a DB writes to an
// SQLite file. SQLite drops a connection's whole page cache whenever
// another connection has committed, so writes spread over a pool would
// each start with a cold cache; and a connection keeps its prepared
// statements.
type sqliteWriter struct {
	mu    sync.Mutex
	conn  *sql.Conn
	stmts map[string]driver.Stmt
	args  []driver.NamedValue // reused by each statement
	// bulk is the bulk import of the DB (bulk.go), acc the sums of the
	// player rows it has written (fold.go): both change only with a
	// commit of this connection.
	bulk bulkState
	acc  foldAcc
}

// sqliteConn is what the writer needs of the driver's connection.
type sqliteConn interface {
	driver.ConnPrepareContext
	driver.ExecerContext
}

// withConn calls f with the writer connection, opening it if needed. A
// connection that failed is closed and opened again on the next call.
func (w *sqliteWriter) withConn(ctx context.Context, pool *sql.DB, f func(c *sql.Conn) error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.conn == nil {
		c, err := pool.Conn(ctx)
		if err != nil {
			return err
		}
		w.conn, w.stmts = c, map[string]driver.Stmt{}
	}
	err := f(w.conn)
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) {
		w.closeLocked()
	}
	return err
}

func (w *sqliteWriter) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closeLocked()
}

func (w *sqliteWriter) closeLocked() {
	if w.conn == nil {
		return
	}
	w.conn.Raw(func(any) error {
		for _, s := range w.stmts {
			s.Close()
		}
		return nil
	})
	w.conn.Close()
	w.conn, w.stmts = nil, nil
}

// run runs f in a transaction on the writer connection: BEGIN IMMEDIATE
// takes the file's write lock at once (waiting up to the busy timeout for
// another process's transaction), so two writers never deadlock upgrading
// a read lock.
func (w *sqliteWriter) run(ctx context.Context, pool *sql.DB, f func(w txWriter) error) error {
	return w.withConn(ctx, pool, func(c *sql.Conn) error {
		return c.Raw(func(dc any) error {
			t := &sqliteTx{w: w, c: dc.(sqliteConn)}
			if err := t.execText(ctx, "BEGIN IMMEDIATE", nil); err != nil {
				return err
			}
			err := f(t)
			if err == nil {
				err = ctx.Err()
			}
			if err == nil {
				err = t.execText(ctx, "COMMIT", nil)
			}
			if err != nil {
				t.execText(context.Background(), "ROLLBACK", nil)
				for _, h := range t.rollback {
					h()
				}
				return err
			}
			for _, h := range t.commit {
				h()
			}
			return nil
		})
	})
}

// sqliteTx is a transaction on the writer connection, through the
// driver's statements directly (database/sql would convert and copy every
// argument once more). Statements run without the caller's context (the
// driver would start a goroutine per statement to watch it); the context
// is checked before each statement, and bounds BEGIN's wait for the lock.
type sqliteTx struct {
	w *sqliteWriter
	c sqliteConn
	// commit and rollback are called after the transaction commits or
	// rolls back, still holding the writer: state kept beside the
	// database (bulk.go, fold.go) changes with its commits only.
	commit, rollback []func()
}

func (t *sqliteTx) onCommit(f func())   { t.commit = append(t.commit, f) }
func (t *sqliteTx) onRollback(f func()) { t.rollback = append(t.rollback, f) }

// stmt returns q (SQLite parameters) prepared on the writer connection.
func (t *sqliteTx) stmt(ctx context.Context, q string) (driver.Stmt, error) {
	if s, ok := t.w.stmts[q]; ok {
		return s, nil
	}
	s, err := t.c.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	t.w.stmts[q] = s
	return s, nil
}

func (t *sqliteTx) named(args []any) []driver.NamedValue {
	t.w.args = t.w.args[:0]
	for i, a := range args {
		switch v := a.(type) {
		case int:
			a = int64(v)
		case int16:
			a = int64(v)
		case int32:
			a = int64(v)
		}
		t.w.args = append(t.w.args, driver.NamedValue{Ordinal: i + 1, Value: a})
	}
	return t.w.args
}

func (t *sqliteTx) execText(ctx context.Context, q string, args []any) error {
	_, err := t.c.ExecContext(ctx, q, t.named(args))
	return err
}

func (t *sqliteTx) exec(ctx context.Context, q string, args ...any) error {
	return t.queryStmt(ctx, sqliteParams(q), args, nil)
}

func (t *sqliteTx) query(ctx context.Context, q string, args []any, row func(func(...any) error) error) error {
	return t.queryStmt(ctx, sqliteParams(q), args, row)
}

func (t *sqliteTx) queryStmt(ctx context.Context, q string, args []any, row func(func(...any) error) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ctx = context.Background()
	s, err := t.stmt(ctx, q)
	if err != nil {
		return err
	}
	if row == nil {
		_, err = s.(driver.StmtExecContext).ExecContext(ctx, t.named(args))
		return err
	}
	rows, err := s.(driver.StmtQueryContext).QueryContext(ctx, t.named(args))
	if err != nil {
		return err
	}
	var vals []driver.Value
	scan := func(dest ...any) error { return scanValues(vals, dest) }
	return eachRow(rows, func(v []driver.Value) error {
		vals = v
		return row(scan)
	})
}

func (t *sqliteTx) rows(ctx context.Context, m *multi, n int, args []any, row func(func(...any) error) error) error {
	return m.chunks(n, func(start, size int) error {
		return t.queryStmt(ctx, m.sql(SQLite, size), args[start*m.cols:(start+size)*m.cols], row)
	})
}

// scanValues converts a driver row to dest (*int64, *int, *string).
func scanValues(vals []driver.Value, dest []any) error {
	if len(dest) != len(vals) {
		return fmt.Errorf("store: %d values for %d columns", len(dest), len(vals))
	}
	for i, v := range vals {
		switch d := dest[i].(type) {
		case *int64:
			x, ok := v.(int64)
			if !ok {
				return fmt.Errorf("store: column %d is %T, not an integer", i, v)
			}
			*d = x
		case *int:
			x, ok := v.(int64)
			if !ok {
				return fmt.Errorf("store: column %d is %T, not an integer", i, v)
			}
			*d = int(x)
		case *string:
			switch x := v.(type) {
			case string:
				*d = x
			case []byte:
				*d = string(x)
			default:
				return fmt.Errorf("store: column %d is %T, not text", i, v)
			}
		default:
			return fmt.Errorf("store: cannot scan into %T", d)
		}
	}
	return nil
}

// pgTx is a pgx transaction (PostgreSQL). pgx prepares each statement text
// once per connection and keeps it (its statement cache).
type pgTx struct{ tx pgx.Tx }

func (t pgTx) exec(ctx context.Context, q string, args ...any) error {
	_, err := t.tx.Exec(ctx, q, args...)
	return err
}

func (t pgTx) query(ctx context.Context, q string, args []any, row func(func(...any) error) error) error {
	rows, err := t.tx.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (t pgTx) rows(ctx context.Context, m *multi, n int, args []any, row func(func(...any) error) error) error {
	return m.chunks(n, func(start, size int) error {
		q, part := m.sql(Postgres, size), args[start*m.cols:(start+size)*m.cols]
		if row == nil {
			return t.exec(ctx, q, part...)
		}
		return t.query(ctx, q, part, row)
	})
}

// copyFrom writes rows by COPY (PostgreSQL only).
func (t pgTx) copyFrom(ctx context.Context, table string, cols []string, n int, args []any) error {
	_, err := t.tx.CopyFrom(ctx, pgx.Identifier{table}, cols, &flatRows{cols: len(cols), n: n, args: args, i: -1})
	return err
}

// flatRows is a pgx.CopyFromSource over rows laid out one after another.
type flatRows struct {
	cols, n, i int
	args       []any
}

func (r *flatRows) Next() bool { r.i++; return r.i < r.n }
func (r *flatRows) Values() ([]any, error) {
	return r.args[r.i*r.cols : (r.i+1)*r.cols], nil
}
func (r *flatRows) Err() error { return nil }
