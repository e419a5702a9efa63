package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"pokerlab/internal/dbtest"
)

// BenchmarkImport imports the hands of $POKERLAB_BENCH_HANDS (a file or
// directory; default the HandHQ hands) into a new database per iteration:
// SQLite, and PostgreSQL when POKERLAB_TEST_POSTGRES is set. hands/s counts
// every hand read (parse, replay, tally, store).
func BenchmarkImport(b *testing.B) {
	src := os.Getenv("POKERLAB_BENCH_HANDS")
	if src == "" {
		src = handhq
	}
	for _, engine := range []string{"sqlite", "postgres"} {
		b.Run(engine, func(b *testing.B) {
			if engine == "postgres" && os.Getenv(dbtest.Env) == "" {
				b.Skip(dbtest.Env + " is not set")
			}
			var read int
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				url := filepath.Join(b.TempDir(), "bench.db")
				if engine == "postgres" {
					url = dbtest.Postgres(b)
				}
				db, err := Open(context.Background(), url, Options{})
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				sum, err := ImportFiles(context.Background(), db, []string{src}, ImportOptions{})
				if err != nil {
					b.Fatal(err)
				}
				read += sum.Read
				b.StopTimer()
				db.Close()
			}
			b.ReportMetric(float64(read)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

// BenchmarkHUD sums the HUD of one player and of every player from the
// database at $POKERLAB_BENCH_DB (made by pokerlab db import; skipped
// without it). One player is $POKERLAB_BENCH_PLAYER (default t050-nit, a
// player of scripts/million-hands).
func BenchmarkHUD(b *testing.B) {
	url := os.Getenv("POKERLAB_BENCH_DB")
	if url == "" {
		b.Skip("POKERLAB_BENCH_DB is not set (see docs/benchmarks.md)")
	}
	player := os.Getenv("POKERLAB_BENCH_PLAYER")
	if player == "" {
		player = "t050-nit"
	}
	db, err := Open(context.Background(), url, Options{ReadOnly: true})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	for _, c := range []struct {
		name string
		f    Filter
		rows bool
	}{
		{"one-player", Filter{Player: player}, false},
		{"one-player-rows", Filter{Player: player}, true},
		{"one-player-stakes-btn", Filter{Player: player, Stakes: "1/2", Position: "BTN"}, false},
		{"every-player", Filter{}, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			q := db.HUD
			if c.rows {
				q = db.HUDRows
			}
			for i := 0; i < b.N; i++ {
				if _, _, err := q(context.Background(), c.f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
