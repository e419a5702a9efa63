package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// cacheKB is the page cache of an SQLite connection, in KiB (a bulk import
// uses less: bulkCacheKB).
const cacheKB = 65536

// DefaultURL is the database of the command line when none is given: an
// SQLite file in the working directory.
const DefaultURL = "pokerlab.db"

// Kind is the database engine behind a DB.
type Kind uint8

const (
	// SQLite is an embedded database file (modernc.org/sqlite, pure Go).
	SQLite Kind = iota
	// Postgres is a PostgreSQL server (github.com/jackc/pgx/v5).
	Postgres
)

func (k Kind) String() string { return [...]string{"sqlite", "postgres"}[k] }

// DB is an open hand database. It is safe for concurrent use.
type DB struct {
	sql  *sql.DB
	kind Kind
	// where names the database in messages: the file, or host:port/dbname
	// (never the password).
	where    string
	url      string // as given to Open (with any password: never print it)
	readOnly bool
	version  int
	players  playerCache
	// w is the writer connection of an SQLite file (see write).
	w sqliteWriter
	// folds is the bookkeeping of the HUD cache's folds (fold.go);
	// closing (under folds.mu) starts no more.
	folds   foldState
	closing bool
	// checkpointEvery (tests; 0: checkpointHands) and checkpoints: the
	// background checkpoints of imports (checkpoint.go).
	checkpointEvery int
	checkpoints     atomic.Int64
	// units are the units of the stored hands, as far as read (tracker.go).
	units unitsMemo
}

// Options configure Open. The zero value opens for reading and writing.
type Options struct {
	// ReadOnly opens without migrating or writing: an SQLite file must exist
	// (and may be read-only); a database of an older schema is refused.
	ReadOnly bool
	// ConnectTimeout bounds connecting to PostgreSQL (0: 5 s, or the URL's
	// connect_timeout).
	ConnectTimeout time.Duration
}

// Open opens the database named by rawURL and brings its schema to the
// current version (Migrations), creating it if needed:
//
//   - "postgres://user:pass@host:port/dbname?sslmode=disable" or
//     "postgresql://…": a PostgreSQL server, through pgx;
//   - anything else is an SQLite file path ("pokerlab.db", "sqlite:x.db"
//     and "file:x.db" name the file x.db), opened in WAL mode with a busy
//     timeout so that several processes can import at once.
//
// A database of a newer schema version than this package knows is refused
// (*VersionError). Errors name the file or the host and say what failed
// without driver internals: an unreachable server, a read-only file.
func Open(ctx context.Context, rawURL string, opt Options) (*DB, error) {
	if rawURL == "" {
		rawURL = DefaultURL
	}
	var db *DB
	var err error
	if isPostgresURL(rawURL) {
		db, err = openPostgres(ctx, rawURL, opt)
	} else {
		db, err = openSQLite(ctx, rawURL, opt)
	}
	if err != nil {
		return nil, err
	}
	db.readOnly = opt.ReadOnly
	db.url = rawURL
	if err := db.migrate(ctx); err != nil {
		db.sql.Close()
		return nil, err
	}
	if !db.readOnly {
		// Hands stored before schema version 9 get their filter facts.
		if err := db.backfillFacts(ctx); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// Close closes the database.
func (db *DB) Close() error {
	db.folds.mu.Lock()
	db.closing = true
	db.folds.mu.Unlock()
	db.folds.wg.Wait() // a fold in the background stops between transactions
	db.w.close()
	return db.sql.Close()
}

// Kind returns the database engine.
func (db *DB) Kind() Kind { return db.kind }

// Where names the database for messages: the SQLite file, or
// host:port/dbname of a server.
func (db *DB) Where() string { return db.where }

// URL returns the URL the database was opened with, for another client
// of the same database (a job queue's pool). It may hold a password: do
// not print it (Where names the database for messages).
func (db *DB) URL() string { return db.url }

// SchemaVersion returns the database's schema version after Open.
func (db *DB) SchemaVersion() int { return db.version }

// SQL returns the database/sql handle, for packages that add their own
// tables through migrations of their own (see Migrations).
func (db *DB) SQL() *sql.DB { return db.sql }

func isPostgresURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// sqlitePath returns the file of an SQLite URL.
func sqlitePath(s string) string {
	for _, p := range []string{"sqlite://", "sqlite:", "file:"} {
		if strings.HasPrefix(s, p) {
			s = strings.TrimPrefix(s, p)
			break
		}
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s = s[:i]
	}
	return s
}

func openSQLite(ctx context.Context, rawURL string, opt Options) (*DB, error) {
	path := sqlitePath(rawURL)
	if path == "" {
		return nil, fmt.Errorf("database %q: no file name", rawURL)
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return nil, fmt.Errorf("database %s: is a directory, not an SQLite file", path)
	case err == nil && !opt.ReadOnly && st.Mode().Perm()&0o222 == 0:
		// Root may write a file whose write bits are all off; this package
		// respects them all the same, as the owner's intent.
		return nil, fmt.Errorf("database %s is read-only (mode %04o): cannot write to it", path, st.Mode().Perm())
	case errors.Is(err, os.ErrNotExist) && opt.ReadOnly:
		return nil, fmt.Errorf("database %s does not exist", path)
	case errors.Is(err, os.ErrNotExist):
		if dir := filepath.Dir(path); dir != "" {
			if _, err := os.Stat(dir); err != nil {
				return nil, fmt.Errorf("database %s: directory %s does not exist", path, dir)
			}
		}
	case err != nil:
		return nil, fmt.Errorf("database %s: %v", path, unwrapPath(err))
	}
	// WAL lets readers work while one writer imports; the busy timeout makes
	// a second writer wait for the first's transaction instead of failing;
	// BEGIN IMMEDIATE takes the write lock at the start of a transaction, so
	// two writers never deadlock upgrading a read lock.
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(30000)")
	q.Add("_pragma", "foreign_keys(1)")
	if opt.ReadOnly {
		q.Set("mode", "ro")
	} else {
		// Bigger pages and cache: a hand with its PHH text is about 1 KB, and
		// 4 KB pages cost a write system call each at commit and checkpoint.
		q.Add("_pragma", "page_size(16384)")
		q.Add("_pragma", "cache_size(-"+strconv.Itoa(cacheKB)+")")
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(NORMAL)")
		// Checkpoint when the WAL reaches 256 MB (16,384 pages), not 16 MB
		// (SQLite's 1,000 pages): an import dirties the same index pages
		// again and again, and each checkpoint writes every page it saw
		// changed, so rarer checkpoints write far fewer pages (300,000
		// hands: 22.3 s -> 18.6 s, alternating runs; docs/benchmarks.md).
		q.Add("_pragma", "wal_autocheckpoint(16384)")
		// Statement journals and temporary indexes in memory, not in
		// temporary files.
		q.Add("_pragma", "temp_store(MEMORY)")
		q.Set("_txlock", "immediate")
	}
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("database %s: %v", path, err)
	}
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, sqliteError(path, err)
	}
	return &DB{sql: sdb, kind: SQLite, where: path}, nil
}

// sqliteError turns a driver error into a message naming the file.
func sqliteError(path string, err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_READONLY:
			return fmt.Errorf("database %s is read-only: cannot write to it", path)
		case sqlite3.SQLITE_NOTADB:
			return fmt.Errorf("database %s is not an SQLite database", path)
		case sqlite3.SQLITE_CANTOPEN:
			return fmt.Errorf("database %s cannot be opened", path)
		case sqlite3.SQLITE_CORRUPT:
			return fmt.Errorf("database %s is corrupt", path)
		}
	}
	return fmt.Errorf("database %s: %v", path, err)
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func openPostgres(ctx context.Context, rawURL string, opt Options) (*DB, error) {
	cfg, err := pgx.ParseConfig(rawURL)
	if err != nil {
		return nil, fmt.Errorf("database URL %s: %v", redact(rawURL), shortPGError(err))
	}
	where := fmt.Sprintf("%s:%d/%s", cfg.Host, cfg.Port, cfg.Database)
	if strings.HasPrefix(cfg.Host, "/") {
		where = fmt.Sprintf("%s/.s.PGSQL.%d/%s", cfg.Host, cfg.Port, cfg.Database)
	}
	if opt.ConnectTimeout > 0 {
		cfg.ConnectTimeout = opt.ConnectTimeout
	} else if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = 5 * time.Second
	}
	// Fallbacks (other hosts of a multi-host URL) would hide which host
	// failed; connect to the first only.
	cfg.Fallbacks = nil
	sdb := stdlib.OpenDB(*cfg)
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, pgConnectError(where, err)
	}
	return &DB{sql: sdb, kind: Postgres, where: where}, nil
}

// redact hides the password of a URL.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// Redact returns the database URL with its password hidden, for output.
func Redact(rawURL string) string { return redact(rawURL) }

// pgConnectError says why the server at where could not be reached, in a
// line: refused, unknown host, timed out, or the server's own message
// (authentication, missing database).
func pgConnectError(where string, err error) error {
	var pgErr *pgconn.PgError
	var dnsErr *net.DNSError
	var reason string
	switch {
	case errors.As(err, &pgErr):
		reason = pgErr.Message
	case errors.As(err, &dnsErr):
		reason = "unknown host " + dnsErr.Name
	case errors.Is(err, syscall.ECONNREFUSED):
		reason = "connection refused"
	case errors.Is(err, syscall.ENOENT):
		reason = "no server socket"
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		reason = "timed out"
	default:
		reason = shortPGError(err).Error()
	}
	return fmt.Errorf("cannot reach the PostgreSQL server at %s: %s", where, reason)
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// shortPGError drops pgx's "failed to connect to `user=… database=…`:"
// preambles, keeping the innermost reason.
func shortPGError(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}
