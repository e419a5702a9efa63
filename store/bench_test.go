package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/dbtest"
	"pokerlab/store/filter"
)

// BenchmarkImport imports the hands of $POKERLAB_BENCH_HANDS (a file or
// directory; default the HandHQ hands) into a new database per iteration:
// SQLite, and PostgreSQL when POKERLAB_TEST_POSTGRES is set. hands/s counts
// every hand read (parse, replay, tally, store, close) per second of wall
// time and per second of this process's CPU time (on a shared machine the
// second is the steadier figure).
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
			var cpu, server time.Duration
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
				c0, s0 := cpuTime(), serverCPU()
				sum, err := ImportFiles(context.Background(), db, []string{src}, ImportOptions{})
				if err != nil {
					b.Fatal(err)
				}
				err = db.Close()
				cpu += cpuTime() - c0
				server += serverCPU() - s0
				b.StopTimer()
				if err != nil {
					b.Fatal(err)
				}
				read += sum.Read
			}
			b.ReportMetric(float64(read)/b.Elapsed().Seconds(), "hands/s")
			b.ReportMetric(float64(read)/cpu.Seconds(), "hands/CPU-s")
			if engine == "postgres" {
				// Both sides' CPU: the importing process and the server.
				b.ReportMetric(float64(read)/(cpu+server).Seconds(), "hands/CPU-s-with-server")
			}
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

// benchRecords reads the hands of $POKERLAB_BENCH_HANDS (default the
// HandHQ hands) into records, at most max of them.
func benchRecords(b *testing.B, max int) []*Record {
	b.Helper()
	src := os.Getenv("POKERLAB_BENCH_HANDS")
	if src == "" {
		src = handhq
	}
	files, _, bad := expandPaths([]string{src})
	if len(bad) > 0 {
		b.Fatal(bad[0].Error)
	}
	var recs []*Record
	var r hh.Replayer
	var rd hh.Reader
	for _, f := range files {
		data, err := os.ReadFile(f.Path)
		if err != nil {
			b.Fatal(err)
		}
		scanHands(&rd, f.Name, hh.Chunk{Data: data, Line: 1}, func(h *hh.Hand) {
			if rec, err := RecordOf(h, &r); err == nil && len(recs) < max {
				recs = append(recs, rec)
			}
		}, func(error) {})
		if len(recs) >= max {
			break
		}
	}
	return recs
}

// BenchmarkWrite stores records already built (the database's part of an
// import alone: statements, B-trees, the HUD cache, commits) in batches of
// 2,000 into a new database per iteration, and reports the CPU time per
// hand (µs/hand-CPU) beside the wall time per hand. On SQLite: "sqlite" as
// ImportFiles writes into a new file (a bulk import, bulk.go: the key
// index built at the end, which is timed), "sqlite-indexed" with the key
// index kept (an import into a file that has hands).
func BenchmarkWrite(b *testing.B) {
	recs := benchRecords(b, 30000)
	for _, engine := range []string{"sqlite", "sqlite-indexed", "postgres"} {
		b.Run(engine, func(b *testing.B) {
			if engine == "postgres" && os.Getenv(dbtest.Env) == "" {
				b.Skip(dbtest.Env + " is not set")
			}
			bulk := engine == "sqlite"
			var cpu, server time.Duration
			var n int
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
				c0, s0 := cpuTime(), serverCPU()
				if bulk {
					if err := db.beginBulk(context.Background()); err != nil {
						b.Fatal(err)
					}
				}
				for start := 0; start < len(recs); start += 2000 {
					if _, err := db.Import(context.Background(), recs[start:min(start+2000, len(recs))]); err != nil {
						b.Fatal(err)
					}
				}
				if bulk {
					if err := db.endBulk(context.Background()); err != nil {
						b.Fatal(err)
					}
				}
				cpu += cpuTime() - c0
				server += serverCPU() - s0
				b.StopTimer()
				db.Close()
				n += len(recs)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/hand")
			b.ReportMetric(float64(cpu.Microseconds())/float64(n), "µs/hand-CPU")
			if engine == "postgres" {
				b.ReportMetric(float64(server.Microseconds())/float64(n), "µs/hand-server-CPU")
			}
		})
	}
}

// BenchmarkRecords parses and replays hands and builds their records (an
// import's work before the database), on one goroutine.
func BenchmarkRecords(b *testing.B) {
	src := os.Getenv("POKERLAB_BENCH_HANDS")
	if src == "" {
		src = handhq
	}
	files, _, _ := expandPaths([]string{src})
	var data [][]byte
	for _, f := range files {
		d, err := os.ReadFile(f.Path)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
		if len(data) == 1 && len(d) > 1<<20 {
			break // one big file is enough
		}
	}
	var r hh.Replayer
	rd := hh.Reader{Reuse: true}
	n := 0
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for k, d := range data {
			scanHands(&rd, files[k].Name, hh.Chunk{Data: d, Line: 1}, func(h *hh.Hand) {
				if _, err := RecordOf(h, &r); err == nil {
					n++
				}
			}, func(error) {})
		}
	}
	cpu := cpuTime() - c0
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/hand")
	b.ReportMetric(float64(cpu.Microseconds())/float64(n), "µs/hand-CPU")
}

// BenchmarkFilter times filters over the benchmark database
// ($POKERLAB_BENCH_DB, docs/benchmarks.md): a position and pot type over
// every player (the rows of the 3-bet pots, through hands_pot_type), the
// same hands listed, a filter on the cache's keys, and one that reads
// every row (saw the flop).
func BenchmarkFilter(b *testing.B) {
	url := os.Getenv("POKERLAB_BENCH_DB")
	if url == "" {
		b.Skip("POKERLAB_BENCH_DB is not set (see docs/benchmarks.md)")
	}
	db, err := Open(context.Background(), url, Options{ReadOnly: true})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	for _, c := range []struct {
		name, filter string
		by           GroupBy
		hands        bool
	}{
		{"btn-3bet-hud", "position=BTN and pot=3bet", ByNone, false},
		{"btn-3bet-hands", "position=BTN and pot=3bet", ByNone, true},
		{"4bet-by-position", "pot=4bet", ByPosition, false},
		{"btn-since-hud-cache", "position=BTN and date>=2000-01-01", ByNone, false},
		{"flop-not-showdown-hud", "flop and not showdown", ByNone, false},
	} {
		e, err := filter.Parse(c.filter)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			var n int
			for i := 0; i < b.N; i++ {
				if c.hands {
					ids, err := db.HandIDs(ctx, Filter{Expr: e})
					if err != nil {
						b.Fatal(err)
					}
					n = len(ids)
				} else {
					gs, err := db.HUDGroups(ctx, Filter{Expr: e}, c.by)
					if err != nil {
						b.Fatal(err)
					}
					n = int(gs[0].Hands)
				}
			}
			b.ReportMetric(float64(n), "hands")
		})
	}
}
