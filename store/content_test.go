package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/dbtest"
)

// v4HandColumns are the columns of hands before schema version 5 (no
// digest).
var v4HandColumns = handColumns[:12]

// writePHH writes hands as a .phhs file in dir and returns its path.
func writePHH(t *testing.T, dir, name string, hands []*hh.Hand) string {
	t.Helper()
	var b strings.Builder
	if err := hh.Write(&b, hands); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// headerLine is the line of table [name] in the file at path.
func headerLine(t *testing.T, path, name string) int {
	t.Helper()
	data, _ := os.ReadFile(path)
	i := strings.Index(string(data), "["+name+"]\n")
	if i < 0 {
		t.Fatalf("%s has no [%s]", path, name)
	}
	return 1 + strings.Count(string(data[:i]), "\n")
}

// playersText is a players field as the content text writes it.
func playersText(ps []string) string {
	return "['" + strings.Join(ps, "', '") + "']"
}

// TestImportSkipsExactDuplicate: a hand whose site, number and content are
// stored is skipped, however its file is written (key order, one action per
// line or not, comments, table names, the unit of its amounts), in a later
// import and within one batch.
func TestImportSkipsExactDuplicate(t *testing.T) {
	t.Parallel()
	hands, err := hh.ReadFile(handhqFiles[0])
	if err != nil {
		t.Fatal(err)
	}
	hands = hands[:20]
	dir := t.TempDir()
	orig := writePHH(t, dir, "orig.phhs", hands)
	// The same hands written otherwise: actions one per line, other table
	// names, a comment in each, and the blinds of three-handed hands with
	// trailing zeros.
	var b strings.Builder
	for i, h := range hands {
		h.ActionsMultiline = true
		h.Name = fmt.Sprintf("hand-%d", i+1)
		var one strings.Builder
		hh.Write(&one, []*hh.Hand{h})
		text := strings.Replace(one.String(), "\n", "\n# written again\n", 1)
		text = strings.Replace(text, "blinds_or_straddles = [0.50, 1, 0]", "blinds_or_straddles = [0.50, 1.00, 0]", 1)
		b.WriteString(text + "\n")
	}
	again := filepath.Join(dir, "again.phhs")
	os.WriteFile(again, []byte(b.String()), 0o644)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		first := importFiles(t, db, orig)
		if first.Stored != 20 || first.Rejected != 0 {
			t.Fatalf("first import %+v", first)
		}
		sum := importFiles(t, db, again)
		if sum.Stored != 0 || sum.Skipped != 20 || sum.Rejected != 0 || sum.Conflicts != 0 {
			t.Fatalf("the same hands written otherwise: %+v", sum)
		}
		// Within one batch: the second copy is skipped.
		recs := records(t, again)
		res, err := db.Import(context.Background(), append(slices.Clone(recs[:3]), recs[:3]...))
		if err != nil || res.Stored != 0 || res.Skipped != 6 || len(res.Conflicts) != 0 {
			t.Fatalf("repeated in a batch: %+v, %v", res, err)
		}
		checkUniqueKeys(t, db)
		checkConsistent(t, db, 20)
	})
}

// TestImportRefusesConflictingHand: a hand whose site and number are stored
// with other content is not stored and not counted as skipped: it is a
// Conflict whose message names its file, line and number, the stored
// hand, and what differs; the other hands of its file are stored. Across
// batches (on SQLite through the bulk import into an empty file), against
// hands stored before, and within one batch.
func TestImportRefusesConflictingHand(t *testing.T) {
	t.Parallel()
	hands, err := hh.ReadFile(handhqFiles[0])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	a := writePHH(t, dir, "a.phhs", hands[:3])
	// b: two new hands and hands[1] with its first player renamed.
	other, _ := hh.ReadFile(handhqFiles[0])
	changed := other[1]
	storedPlayers := slices.Clone(changed.Players)
	changed.Players[0] = "Mallory"
	b := writePHH(t, dir, "b.phhs", []*hh.Hand{other[3], changed, other[4]})
	number, _ := changed.Field("hand")
	want := fmt.Sprintf("%s: line %d: Absolute Poker hand #%s: not stored: the database holds another hand with this site and number (hand 2)"+
		" that differs in players (%s here, %s stored)", b, headerLine(t, b, "2"), number, playersText(changed.Players), playersText(storedPlayers))
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		db := open(t, d.URL)
		// One run, a batch per hand: the conflict is met in a later batch.
		sum, err := ImportFiles(ctx, db, []string{a, b}, ImportOptions{Batch: 1})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Stored != 5 || sum.Skipped != 0 || sum.Rejected != 1 || sum.Conflicts != 1 || sum.Read != 6 {
			t.Fatalf("summary %+v", sum)
		}
		if len(sum.Rejections) != 1 || sum.Rejections[0].File != b || sum.Rejections[0].Error != want {
			t.Fatalf("rejections %+v\nwant %s", sum.Rejections, want)
		}
		// Again, into the stored hands: the same conflict, the rest skipped.
		sum = importFiles(t, db, b)
		if sum.Stored != 0 || sum.Skipped != 2 || sum.Conflicts != 1 || sum.Rejections[0].Error != want {
			t.Fatalf("again: %+v", sum)
		}
		// The stored hand is the first one, untouched.
		var phh string
		if err := db.sql.QueryRow("SELECT phh FROM hands WHERE id = 2").Scan(&phh); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(phh, playersText(storedPlayers)) {
			t.Fatalf("stored hand 2 changed:\n%s", phh)
		}
		checkUniqueKeys(t, db)
		checkConsistent(t, db, 5)
	})
	// Within one batch: the second hand of a key conflicts with the first,
	// stored by the same batch.
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		recs := records(t, a, b)
		res, err := db.Import(context.Background(), recs)
		if err != nil || res.Stored != 5 || res.Skipped != 0 || len(res.Conflicts) != 1 {
			t.Fatalf("one batch: %+v, %v", res, err)
		}
		c := res.Conflicts[0]
		inBatch := strings.Replace(want, "(hand 2)", fmt.Sprintf("(hand 2, from %s: line %d)", a, headerLine(t, a, "2")), 1)
		if c.Stored != recs[1] || c.StoredID != 2 || c.Error() != inBatch {
			t.Fatalf("conflict %q\nwant     %q", c.Error(), inBatch)
		}
	})
}

// TestMigrationV5DigestsLazily: a database of schema version 4 with hands
// (no digests) migrates to version 5 without computing them; an import
// that meets a stored hand's key computes its digest from the PHH text
// and stores it: the same hands are skipped (the digest of the stored text
// is the record's), a changed one is a conflict.
func TestMigrationV5DigestsLazily(t *testing.T) {
	t.Parallel()
	recs := records(t, handhqFiles[0])[:60]
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		var raw *DB
		var err error
		if d.Name == "postgres" {
			raw, err = openPostgres(ctx, d.URL, Options{})
		} else {
			raw, err = openSQLite(ctx, d.URL, Options{})
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.sql.Exec(createMigrations); err != nil {
			t.Fatal(err)
		}
		for _, m := range Migrations()[:4] {
			text := m.SQLite
			if d.Name == "postgres" {
				text = m.Postgres
			}
			for _, stmt := range strings.Split(text, ";\n") {
				if strings.TrimSpace(stmt) == "" {
					continue
				}
				if _, err := raw.sql.Exec(stmt); err != nil {
					t.Fatalf("version %d: %v", m.Version, err)
				}
			}
			raw.sql.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 'x')", m.Version, m.Name)
		}
		for _, r := range recs[:50] {
			if _, err := raw.sql.Exec("INSERT INTO hands ("+strings.Join(v4HandColumns, ", ")+") VALUES ("+placeholders(1, len(v4HandColumns))+")",
				appendHandArgs(nil, r)[:len(v4HandColumns)]...); err != nil {
				t.Fatal(err)
			}
		}
		raw.Close()

		db := open(t, d.URL)
		count := func(q string) int {
			t.Helper()
			var n int
			if err := db.sql.QueryRow(q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if db.SchemaVersion() != CurrentVersion() || count("SELECT count(*) FROM hands WHERE digest IS NULL") != 50 {
			t.Fatalf("version %d, %d hands without a digest", db.SchemaVersion(), count("SELECT count(*) FROM hands WHERE digest IS NULL"))
		}
		res, err := db.Import(ctx, recs[:60])
		if err != nil || res.Stored != 10 || res.Skipped != 50 || len(res.Conflicts) != 0 {
			t.Fatalf("import after the migration: %+v, %v", res, err)
		}
		if n := count("SELECT count(*) FROM hands WHERE digest IS NULL"); n != 0 {
			t.Fatalf("%d hands still without a digest", n)
		}
		for i, r := range recs {
			var got int64
			db.sql.QueryRow("SELECT digest FROM hands WHERE site = $1 AND site_hand = $2", r.Site, r.SiteHand).Scan(&got)
			if got != r.Digest {
				t.Fatalf("hand %d: stored digest %d, the record's %d", i, got, r.Digest)
			}
		}
		// A hand of version 4 whose digest is computed now, against a
		// changed copy: a conflict.
		if _, err := db.sql.Exec("UPDATE hands SET digest = NULL WHERE id = 7"); err != nil {
			t.Fatal(err)
		}
		h, _ := parseStored("test", 7, recs[6].PHH)
		h.StartingStacks[0]++
		var rp hh.Replayer
		changed, err := RecordOf(h, &rp)
		if err != nil {
			t.Fatal(err)
		}
		res, err = db.Import(ctx, []*Record{changed})
		if err != nil || len(res.Conflicts) != 1 || res.Conflicts[0].StoredID != 7 || len(res.Conflicts[0].Diffs) == 0 ||
			res.Conflicts[0].Diffs[0].Field != "starting_stacks" {
			t.Fatalf("changed hand: %+v, %v", res, err)
		}
	})
}

// TestImportFilesListsEmptyInputs: an input that gives no hand — a missing
// path, an empty file, one of comments only, a file that is not a hand
// history, a directory without hand-history files, a directory none of
// whose files holds a hand — is listed in Empty with its reason, named or
// found in a directory; nothing of it counts as a hand read or rejected.
func TestImportFilesListsEmptyInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	missing := filepath.Join(dir, "missing.phhs")
	empty := write("empty.phhs", "")
	comments := write("comments.phhs", "# nothing but a comment\n\n")
	garbage := write("garbage.txt", "PK\x03\x04 not a hand history\n")
	noFiles := filepath.Join(dir, "no-files")
	os.MkdirAll(noFiles, 0o755)
	write("no-files/notes.md", "hands elsewhere\n")
	emptyDir := filepath.Join(dir, "empty-dir")
	inDir := write("empty-dir/blank.txt", "\n")
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		sum := importFiles(t, db, missing, empty, handhqFiles[0], comments, garbage, noFiles, emptyDir)
		want := []EmptyInput{
			{File: missing, Error: missing + ": no such file or directory"},
			{File: noFiles, Error: noFiles + ": no hand-history files in the directory (.phh, .phhs, .txt or no extension)"},
			{File: empty, Error: empty + ": no hands in the file (it is empty or holds only comments)"},
			{File: comments, Error: comments + ": no hands in the file (it is empty or holds only comments)"},
			{File: garbage, Error: garbage + `:1: not a hand history: "PK\x03\x04 not a hand history" is neither a PHH (TOML) line nor a PokerStars or GGPoker hand header`},
			{File: inDir, Error: inDir + ": no hands in the file (it is empty or holds only comments)", InDir: true},
			{File: emptyDir, Error: emptyDir + ": none of the 1 hand-history files of the directory holds a hand"},
		}
		if !slices.Equal(sum.Empty, want) {
			t.Fatalf("empty inputs:\n%+v\nwant\n%+v", sum.Empty, want)
		}
		if named := sum.NamedEmpty(); len(named) != 6 || slices.Contains(named, want[5]) {
			t.Fatalf("named: %+v", named)
		}
		if sum.Stored != 414 || sum.Read != 414 || sum.Rejected != 0 || len(sum.Rejections) != 0 || sum.Files != 5 {
			t.Fatalf("summary %+v", sum)
		}
	})
}
