package store

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/dbtest"
)

// TestCrashMidImport: an import process killed with SIGKILL between
// batches leaves only whole hands (each with all its player rows and its
// cache counts), and importing again completes the database (on SQLite
// the killed import was a bulk import: the next one builds the key index).
func TestCrashMidImport(t *testing.T) {
	if url := os.Getenv("STORE_CRASH_CHILD"); url != "" {
		crashChild(url)
		return
	}
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		open(t, d.URL).Close()
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashMidImport$")
		cmd.Env = append(os.Environ(), "STORE_CRASH_CHILD="+d.URL)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		db := open(t, d.URL)
		var n int64
		for deadline := time.Now().Add(30 * time.Second); n < 50 && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
			db.sql.QueryRow("SELECT count(*) FROM hands").Scan(&n)
		}
		cmd.Process.Kill()
		cmd.Wait()
		db.sql.QueryRow("SELECT count(*) FROM hands").Scan(&n)
		want, all := fileHUD(t, handhqFiles[:1], nil)
		if n == 0 || n >= all {
			t.Fatalf("killed with %d of %d hands stored: not mid-import", n, all)
		}
		checkConsistent(t, db, n)
		if d.Name == "sqlite" && hasKeyIndex(t, db) {
			t.Fatal("the killed bulk import had the key index")
		}
		sum := importFiles(t, db, handhqFiles[0])
		if int64(sum.Stored+sum.Skipped) != all || int64(sum.Skipped) != n {
			t.Fatalf("re-import %+v after %d hands", sum, n)
		}
		checkConsistent(t, db, all)
		if d.Name == "sqlite" && !hasKeyIndex(t, db) {
			t.Fatal("no key index after the import that followed a killed bulk import")
		}
		checkUniqueKeys(t, db)
		got, _, _ := db.HUD(context.Background(), Filter{})
		sameHUD(t, "after the crash", got, want)
	})
}

// crashChild imports the hands of the first HandHQ file in batches of 50 with a pause
// between them, until it is killed: on SQLite a bulk import (bulk.go), as
// ImportFiles into an empty file runs.
func crashChild(url string) {
	db, err := Open(context.Background(), url, Options{})
	if err != nil {
		os.Exit(3)
	}
	if err := db.beginBulk(context.Background()); err != nil {
		os.Exit(4)
	}
	var r hh.Replayer
	for _, f := range handhqFiles[:1] {
		hands, _ := hh.ReadFile(f)
		var batch []*Record
		for _, h := range hands {
			if rec, err := RecordOf(h, &r); err == nil {
				batch = append(batch, rec)
			}
			if len(batch) == 50 {
				db.Import(context.Background(), batch)
				batch = batch[:0]
				time.Sleep(20 * time.Millisecond)
			}
		}
		db.Import(context.Background(), batch)
	}
	os.Exit(0)
}
