package store

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/hud"
	"pokerlab/internal/testsupport/dbtest"
)

// hasKeyIndex reports whether the SQLite file has its index of hands by
// key.
func hasKeyIndex(t *testing.T, db *DB) bool {
	t.Helper()
	var n int
	if err := db.sql.QueryRow("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = $1", handsKeyIndex).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// checkUniqueKeys fails if two stored hands have the same site and hand.
func checkUniqueKeys(t *testing.T, db *DB) {
	t.Helper()
	var dups int
	if err := db.sql.QueryRow("SELECT count(*) FROM (SELECT 1 FROM hands GROUP BY site, site_hand HAVING count(*) > 1) d").Scan(&dups); err != nil {
		t.Fatal(err)
	}
	if dups > 0 {
		t.Fatalf("%d keys stored twice", dups)
	}
}

// records reads the records of the hands of files.
func records(t *testing.T, files ...string) []*Record {
	t.Helper()
	var r hh.Replayer
	var recs []*Record
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hands, _, err := hh.ReadAny(f, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			if rec, err := RecordOf(h, &r); err == nil {
				recs = append(recs, rec)
			}
		}
	}
	return recs
}

// TestBulkImportKeepsKeysUnique: an import into an empty SQLite file runs
// without the key index and builds it at its end; a hand repeated in
// another batch is found by its key's hash and skipped, also when every
// key has the same hash (each hand is then compared with every stored
// one).
func TestBulkImportKeepsKeysUnique(t *testing.T) {
	t.Parallel()
	want, n := fileHUD(t, handhqFiles[:1], nil)
	for _, same := range []bool{false, true} {
		db := open(t, dbtest.SQLite(t))
		db.w.bulk.sameHash = same
		var during bool
		db.SetFoldRows(1 << 30)
		sum, err := ImportFiles(context.Background(), db, []string{handhqFiles[0], handhqFiles[0]}, ImportOptions{
			Batch: 100,
			Progress: func(done, total int64) {
				if done < total {
					during = during || !hasKeyIndex(t, db)
				}
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		if !during {
			t.Fatal("the key index was there during the import into an empty file")
		}
		if !hasKeyIndex(t, db) {
			t.Fatal("no key index after the import")
		}
		if sum.Stored != int(n) || sum.Skipped != int(n) {
			t.Fatalf("same hash %v: %+v, want %d stored and %d skipped", same, sum, n, n)
		}
		checkUniqueKeys(t, db)
		checkConsistent(t, db, n)
		got, _, _ := db.HUD(context.Background(), Filter{})
		sameHUD(t, "bulk", got, want)
	}
}

// TestBulkImportMeetsAnotherWriter: a writer that finds the key index
// missing (another handle's bulk import) builds it before it writes, and
// the bulk import then goes on with INSERT … ON CONFLICT like any other:
// no hand is stored twice.
func TestBulkImportMeetsAnotherWriter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := dbtest.SQLite(t)
	db, other := open(t, url), open(t, url)
	recs := records(t, handhqFiles[0])
	a, b, c := recs[:100], recs[100:200], recs[200:300]
	if err := db.beginBulk(ctx); err != nil {
		t.Fatal(err)
	}
	if !db.w.bulk.on || hasKeyIndex(t, db) {
		t.Fatal("no bulk import on an empty file")
	}
	res, err := db.Import(ctx, a)
	if err != nil || res.Stored != 100 {
		t.Fatalf("bulk: %+v %v", res, err)
	}
	res, err = other.Import(ctx, slices.Concat(a, b))
	if err != nil || res.Stored != 100 || res.Skipped != 100 {
		t.Fatalf("other writer: %+v %v", res, err)
	}
	if !hasKeyIndex(t, db) {
		t.Fatal("the other writer did not build the key index")
	}
	res, err = db.Import(ctx, slices.Concat(b, c))
	if err != nil || res.Stored != 100 || res.Skipped != 100 || db.w.bulk.on {
		t.Fatalf("bulk after the other writer: %+v %v (bulk on: %v)", res, err, db.w.bulk.on)
	}
	if err := db.endBulk(ctx); err != nil {
		t.Fatal(err)
	}
	checkUniqueKeys(t, db)
	checkConsistent(t, db, 300)
	// A second import into a file that has hands is not a bulk import.
	if err := db.beginBulk(ctx); err != nil || db.w.bulk.on || !hasKeyIndex(t, db) {
		t.Fatalf("bulk import into a file with hands: %v", err)
	}
	db.endBulk(ctx)
}

// TestMigrationV4: a database of schema version 3 with hands in it (the
// hands table with its UNIQUE constraint) is brought to version 4: the
// same hands and ids, the key index, and an import that skips them.
func TestMigrationV4(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := dbtest.SQLite(t)
	// Version 3, as the pokerlab of that version created it.
	raw, err := openSQLite(ctx, url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.sql.Exec(createMigrations); err != nil {
		t.Fatal(err)
	}
	for _, m := range Migrations()[:3] {
		for _, stmt := range strings.Split(m.SQLite, ";\n") {
			if _, err := raw.sql.Exec(stmt); err != nil {
				t.Fatalf("version %d: %v", m.Version, err)
			}
		}
		raw.sql.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 'x')", m.Version, m.Name)
	}
	// Hands and their player rows, written by plain statements (the table
	// has its UNIQUE constraint and no key index).
	recs := records(t, handhqFiles[0])[:200]
	for _, r := range recs {
		res, err := raw.sql.Exec("INSERT INTO hands ("+strings.Join(v4HandColumns, ", ")+") VALUES ("+placeholders(1, len(v4HandColumns))+")",
			appendHandArgs(nil, r)[:len(v4HandColumns)]...)
		if err != nil {
			t.Fatal(err)
		}
		hand, _ := res.LastInsertId()
		for _, p := range r.Players {
			raw.sql.Exec("INSERT INTO players (name) VALUES ($1) ON CONFLICT DO NOTHING", p.Name)
			var player int64
			raw.sql.QueryRow("SELECT id FROM players WHERE name = $1", p.Name).Scan(&player)
			opp, taken, _ := flagMasks(&p.Counts)
			if _, err := raw.sql.Exec("INSERT INTO hand_players ("+strings.Join(playerColumns[:], ", ")+") VALUES ("+placeholders(1, len(playerColumns))+")",
				hand, p.Seat, player, p.TableSeat, p.Position, p.StartingStack, p.Net, opp, taken,
				p.Counts[hud.AF].Taken, p.Counts[hud.AF].Opportunities, p.Counts[hud.AFq].Taken, p.Counts[hud.AFq].Opportunities); err != nil {
				t.Fatal(err)
			}
		}
	}
	if hasKeyIndex(t, raw) {
		t.Fatal("version 3 with the key index of version 4")
	}
	var before []int64
	rows, _ := raw.sql.Query("SELECT id FROM hands ORDER BY id")
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		before = append(before, id)
	}
	rows.Close()
	raw.Close()

	db := open(t, url)
	if db.SchemaVersion() != CurrentVersion() || !hasKeyIndex(t, db) {
		t.Fatalf("version %d, key index %v", db.SchemaVersion(), hasKeyIndex(t, db))
	}
	var after []int64
	rows, _ = db.sql.Query("SELECT id FROM hands ORDER BY id")
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		after = append(after, id)
	}
	rows.Close()
	if len(before) != 200 || !slices.Equal(before, after) {
		t.Fatalf("hands %d before, %d after the migration (ids kept: %v)", len(before), len(after), slices.Equal(before, after))
	}
	sum := importFiles(t, db, handhqFiles[0])
	if sum.Skipped != 200 {
		t.Fatalf("import after the migration: %+v", sum)
	}
	want, n := fileHUD(t, handhqFiles[:1], nil)
	checkUniqueKeys(t, db)
	checkConsistent(t, db, n)
	got, _, _ := db.HUD(ctx, Filter{})
	sameHUD(t, "after the migration", got, want)
}

// TestBackgroundCheckpoints: an import on SQLite checkpoints the WAL from
// a connection of its own while the writer goes on (checkpoint.go); the
// hands are whole and the HUD is the files'.
func TestBackgroundCheckpoints(t *testing.T) {
	t.Parallel()
	want, n := fileHUD(t, handhqFiles, nil)
	db := open(t, dbtest.SQLite(t))
	db.checkpointEvery = 100
	if _, err := ImportFiles(context.Background(), db, []string{handhq}, ImportOptions{Batch: 50}); err != nil {
		t.Fatal(err)
	}
	if db.checkpoints.Load() == 0 {
		t.Fatal("no checkpoint ran beside the import")
	}
	checkConsistent(t, db, n)
	got, _, _ := db.HUD(context.Background(), Filter{})
	sameHUD(t, "after background checkpoints", got, want)
}

// TestPlayerRowsStored: every hand_players row holds its record's values,
// whether its batch went in packed (insertPlayerRowsPacked: seat and
// position, the AF counts, in fewer values) or not (a batch with an AF
// count that does not fit 16 bits: no real hand has one, so the test gives
// one player of the first batch 70,000 aggressive actions).
func TestPlayerRowsStored(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	recs := records(t, append(slices.Clone(handhqFiles), siteFiles(t)...)...)
	recs[0].Players[0].Counts[hud.AF] = hud.Count{Taken: 70000, Opportunities: 70001}
	db := open(t, dbtest.SQLite(t))
	for start := 0; start < len(recs); start += 100 {
		if _, err := db.Import(ctx, recs[start:min(start+100, len(recs))]); err != nil {
			t.Fatal(err)
		}
	}
	ids := make([]int64, 100) // every hand stored
	for i := range ids {
		ids[i] = 1
	}
	var packed, unpacked int
	for start := 0; start < len(recs); start += 100 {
		batch := recs[start:min(start+100, len(recs))]
		if packable(batch, ids[:len(batch)]) {
			packed++
		} else {
			unpacked++
		}
	}
	if packed == 0 || unpacked == 0 {
		t.Fatalf("%d batches packed, %d not: want both", packed, unpacked)
	}
	rows, err := db.sql.Query(`SELECT h.site, h.site_hand, hp.seat, p.name, hp.table_seat, hp.position, hp.starting_stack, hp.net,
hp.opp, hp.taken, hp.af_taken, hp.af_opps, hp.afq_taken, hp.afq_opps FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
JOIN players p ON p.id = hp.player_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	byKey := map[[2]string]*Record{}
	for _, r := range recs {
		byKey[[2]string{r.Site, r.SiteHand}] = r
	}
	n := 0
	for rows.Next() {
		var site, siteHand, name, pos string
		var seat, tableSeat int
		var stack, net, opp, taken, afT, afO, afqT, afqO int64
		if err := rows.Scan(&site, &siteHand, &seat, &name, &tableSeat, &pos, &stack, &net, &opp, &taken, &afT, &afO, &afqT, &afqO); err != nil {
			t.Fatal(err)
		}
		r := byKey[[2]string{site, siteHand}]
		if r == nil || seat < 1 || seat > len(r.Players) {
			t.Fatalf("row of hand %s %s seat %d: no such record", site, siteHand, seat)
		}
		p := &r.Players[seat-1]
		wOpp, wTaken, _ := flagMasks(&p.Counts)
		af, afq := p.Counts[hud.AF], p.Counts[hud.AFq]
		if name != p.Name || tableSeat != p.TableSeat || pos != p.Position || stack != p.StartingStack || net != p.Net ||
			opp != wOpp || taken != wTaken || afT != af.Taken || afO != af.Opportunities || afqT != afq.Taken || afqO != afq.Opportunities {
			t.Fatalf("hand %s %s seat %d: stored %s %d %s %d %d %d %d %d/%d %d/%d, want %+v", site, siteHand, seat,
				name, tableSeat, pos, stack, net, opp, taken, afT, afO, afqT, afqO, p)
		}
		n++
	}
	want := 0
	for _, r := range byKey {
		want += len(r.Players)
	}
	if n != want {
		t.Fatalf("%d rows, want %d", n, want)
	}
}
