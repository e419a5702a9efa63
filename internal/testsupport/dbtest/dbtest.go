// Package dbtest gives tests the real databases they run against: a new
// SQLite file in t.TempDir() and, on the PostgreSQL server named by
// POKERLAB_TEST_POSTGRES, a new schema dropped when the test ends (so
// packages testing in parallel never see each other's tables).
//
// Without POKERLAB_TEST_POSTGRES the PostgreSQL cases fail when CI or
// POKERLAB_REQUIRE_POSTGRES is set (.ci/run sets both), and are skipped
// otherwise with a message saying how to run them: eval "$(scripts/pg-test-server start)".
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the pgx database/sql driver
)

// Env is the variable holding the test server's URL.
const Env = "POKERLAB_TEST_POSTGRES"

// DB is one database for a test.
type DB struct {
	Name string // "sqlite" or "postgres"
	URL  string
}

// Each runs f as a subtest against a new SQLite file and a new PostgreSQL
// schema.
func Each(t *testing.T, f func(t *testing.T, db DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { f(t, DB{"sqlite", SQLite(t)}) })
	t.Run("postgres", func(t *testing.T) { f(t, DB{"postgres", Postgres(t)}) })
}

// SQLite returns the path of a new SQLite file (not created yet).
func SQLite(t testing.TB) string {
	return filepath.Join(t.TempDir(), "test.db")
}

// Required reports whether the PostgreSQL tests must run (CI).
func Required() bool {
	return os.Getenv("CI") != "" || os.Getenv("POKERLAB_REQUIRE_POSTGRES") != ""
}

// Postgres returns the URL of a new, empty schema on the test server; the
// schema is dropped when the test ends.
func Postgres(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if Required() {
			t.Fatalf("%s is not set: CI must start PostgreSQL (scripts/pg-test-server) and export it", Env)
		}
		t.Skipf("PostgreSQL tests skipped: %s is not set; run eval \"$(scripts/pg-test-server start)\" first", Env)
	}
	var b [6]byte
	rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		db.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
