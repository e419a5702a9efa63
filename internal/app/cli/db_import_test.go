package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/dbtest"
)

// importJSON runs db import --json, which must exit with code, and returns
// its summary.
func importJSON(t *testing.T, code int, url string, paths ...string) DBImportJSON {
	t.Helper()
	out := dbRunExit(t, code, append([]string{"db", "import", "--db", url, "--json"}, paths...)...)
	var j DBImportJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return j
}

// simHands plays hands of a three-seat table with seed and writes them to
// dir as PHH (name.phhs) and, converted, as PokerStars text (name.txt).
func simHands(t *testing.T, dir, name string, seed, hands int) (phh, stars string) {
	t.Helper()
	table := simTableFile(t, 3)
	phh = filepath.Join(dir, name+".phhs")
	stars = filepath.Join(dir, name+".txt")
	dbMustRun(t, "sim", "--table", table, "--hands", fmt.Sprint(hands), "--no-calibrate", "--seed", fmt.Sprint(seed), "--hh", phh)
	dbMustRun(t, "hh", "convert", "--to", "pokerstars", phh, "--out", stars)
	return phh, stars
}

// TestSimPokerStarsFilesImportWhole: the hands of two simulations with
// different seeds, converted to PokerStars text, are all stored by one
// import (their hand numbers differ), and a second import skips them all.
func TestSimPokerStarsFilesImportWhole(t *testing.T) {
	dir := t.TempDir()
	_, a := simHands(t, dir, "a", 1, 40)
	_, b := simHands(t, dir, "b", 2, 40)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		j := importJSON(t, ExitOK, d.URL, a, b)
		if j.Read != 80 || j.Stored != 80 || j.Skipped != 0 || j.Rejected != 0 || j.Conflicts != 0 {
			t.Fatalf("both files: %+v", j)
		}
		j = importJSON(t, ExitOK, d.URL, b, a)
		if j.Stored != 0 || j.Skipped != 80 || j.Rejected != 0 {
			t.Fatalf("again: %+v", j)
		}
	})
}

// TestDBImportMissingFileExits2: a missing file is named (exit 2); the
// other inputs are imported all the same, and the summary lists it.
func TestDBImportMissingFileExits2(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.phhs")
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		code, out, errOut := dbRun("db", "import", "--db", d.URL, missing, handhqFiles[0])
		if code != ExitUsage || errOut != "pokerlab: "+missing+": no such file or directory\n" ||
			!strings.Contains(out, " 414 stored, ") || !strings.HasSuffix(out, "\nno hands from "+missing+"\n") {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
		j := importJSON(t, ExitUsage, d.URL, missing, handhqFiles[0])
		want := []DBEmptyInputJSON{{File: missing, Error: missing + ": no such file or directory"}}
		if fmt.Sprint(j.EmptyInputs) != fmt.Sprint(want) || j.Skipped != 414 || len(j.Rejections) != 0 {
			t.Fatalf("JSON %+v", j)
		}
	})
}

// TestDBImportEmptyFileNamesIt: an empty file, one of comments only and
// empty standard input are each named (exit 2); several are named
// together.
func TestDBImportEmptyFileNamesIt(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.phhs")
	os.WriteFile(empty, nil, 0o644)
	comments := filepath.Join(dir, "comments.txt")
	os.WriteFile(comments, []byte("# hands to come\n"), 0o644)
	noHands := ": no hands in the file (it is empty or holds only comments)"
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		code, out, errOut := dbRun("db", "import", "--db", d.URL, empty)
		if code != ExitUsage || errOut != "pokerlab: "+empty+noHands+"\n" ||
			!strings.Contains(out, ": 1 files, 0 hands read: 0 stored") || !strings.HasSuffix(out, "\nno hands from "+empty+"\n") {
			t.Fatalf("empty file: exit %d\n%s%s", code, out, errOut)
		}
		code, _, errOut = dbRun("db", "import", "--db", d.URL, empty, comments)
		if want := "pokerlab: 2 inputs give no hands: " + empty + noHands + "; " + comments + noHands + "\n"; code != ExitUsage || errOut != want {
			t.Fatalf("two empty files: exit %d, %q", code, errOut)
		}
		f, _, errOut2 := cardsTestFactory("")
		if code := Run(f, []string{"db", "import", "--db", d.URL, "-"}); code != ExitUsage || errOut2.String() != "pokerlab: "+hh.Stdin+noHands+"\n" {
			t.Fatalf("empty standard input: exit %d, %q", code, errOut2)
		}
	})
}

// TestDBImportNotHandHistoryExits2: a named file that is not a hand
// history and a directory without hand-history files are named (exit 2);
// a file in a directory that is not one is passed over and listed (exit 0
// when the directory gives hands).
func TestDBImportNotHandHistoryExits2(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("Table notes: tight players\n"), 0o644)
	notHH := notes + `:1: not a hand history: "Table notes: tight players" is neither a PHH (TOML) line nor a PokerStars or GGPoker hand header`
	noFiles := filepath.Join(dir, "images")
	os.Mkdir(noFiles, 0o755)
	os.WriteFile(filepath.Join(noFiles, "table.png"), []byte("\x89PNG"), 0o644)
	mixed := filepath.Join(dir, "mixed")
	os.Mkdir(mixed, 0o755)
	data, _ := os.ReadFile(handhqFiles[0])
	os.WriteFile(filepath.Join(mixed, "hands.phhs"), data, 0o644)
	inDir := filepath.Join(mixed, "readme.txt")
	os.WriteFile(inDir, []byte("Table notes: tight players\n"), 0o644)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		code, _, errOut := dbRun("db", "import", "--db", d.URL, notes)
		if code != ExitUsage || errOut != "pokerlab: "+notHH+"\n" {
			t.Fatalf("not a hand history: exit %d, %q", code, errOut)
		}
		code, _, errOut = dbRun("db", "import", "--db", d.URL, noFiles)
		if want := "pokerlab: " + noFiles + ": no hand-history files in the directory (.phh, .phhs, .txt or no extension)\n"; code != ExitUsage || errOut != want {
			t.Fatalf("directory without hand histories: exit %d, %q", code, errOut)
		}
		code, out, errOut := dbRun("db", "import", "--db", d.URL, mixed)
		passed := strings.Replace(notHH, notes, inDir, 1)
		if code != ExitOK || errOut != "pokerlab: passed over: "+passed+"\n" || !strings.HasSuffix(out, "\nno hands from "+inDir+"\n") {
			t.Fatalf("a file of a directory: exit %d\n%s%s", code, out, errOut)
		}
		j := importJSON(t, ExitOK, d.URL, mixed)
		if len(j.EmptyInputs) != 1 || j.EmptyInputs[0] != (DBEmptyInputJSON{File: inDir, Error: passed, InDir: true}) || j.Skipped != 414 {
			t.Fatalf("JSON %+v", j)
		}
	})
}

// TestDBImportRejectedHandsExit1: a hand that does not replay is rejected
// and listed, the rest stored, and the command exits 1.
func TestDBImportRejectedHandsExit1(t *testing.T) {
	hands, err := hh.ReadFile(handhqFiles[0])
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	hh.Write(&b, hands[:3])
	text := strings.Replace(b.String(), "'p1 cbr 3.00'", "'p1 cbr 0.10'", 1) // hand [1]: a raise below the minimum
	path := filepath.Join(t.TempDir(), "hands.phhs")
	os.WriteFile(path, []byte(text), 0o644)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		code, out, errOut := dbRun("db", "import", "--db", d.URL, path)
		want := "pokerlab: rejected: " + path + `: line 8: hand [1]: action 5 "p1 cbr 0.10": raise to 0.10 is not above the current bet 1: check or call instead` +
			"\npokerlab: 1 hands rejected (listed above)\n"
		if code != ExitError || errOut != want || !strings.Contains(out, ": 1 files, 3 hands read: 2 stored, 0 already stored (skipped), 1 rejected (") {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
	})
}

// TestDBImportConflictExits1: a hand whose site and number are stored
// with other content is refused with its file, line, number and what
// differs; the command exits 1 and the JSON counts it.
func TestDBImportConflictExits1(t *testing.T) {
	dir := t.TempDir()
	_, a := simHands(t, dir, "a", 1, 5)
	_, b := simHands(t, dir, "b", 2, 5)
	// b's first hand under a's first hand's number: another hand.
	aText, _ := os.ReadFile(a)
	bText, _ := os.ReadFile(b)
	numberOf := func(text []byte) string {
		s := string(text)
		return s[len("PokerStars Hand #"):strings.Index(s, ":")]
	}
	clash := strings.Replace(string(bText), numberOf(bText), numberOf(aText), 1)
	os.WriteFile(b, []byte(clash), 0o644)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		dbMustRun(t, "db", "import", "--db", d.URL, a)
		code, out, errOut := dbRun("db", "import", "--db", d.URL, b)
		prefix := "pokerlab: rejected: " + b + ": line 1: PokerStars hand #" + numberOf(aText) +
			": not stored: the database holds another hand with this site and number (hand 1) that differs in "
		if code != ExitError || !strings.HasPrefix(errOut, prefix) ||
			!strings.HasSuffix(errOut, "\npokerlab: 1 hands rejected, 1 of them in conflict with stored hands (listed above)\n") ||
			!strings.Contains(out, ": 1 files, 5 hands read: 4 stored, 0 already stored (skipped), 1 rejected (1 in conflict with stored hands) (") {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
		j := importJSON(t, ExitError, d.URL, b)
		if j.Conflicts != 1 || j.Rejected != 1 || j.Skipped != 4 || len(j.Rejections) != 1 || !strings.HasPrefix("pokerlab: rejected: "+j.Rejections[0].Error, prefix) {
			t.Fatalf("JSON %+v", j)
		}
	})
}

// TestExportImportRoundTripStoresNothingNew: every hand exported, in
// either format, comes back as itself: importing the export into the same
// database stores nothing (real PokerStars, GGPoker and HandHQ hands,
// simulated hands as PHH and as PokerStars text). PokerStars text holds
// the PokerStars hands only.
func TestExportImportRoundTripStoresNothingNew(t *testing.T) {
	dir := t.TempDir()
	simPHH, _ := simHands(t, dir, "sim3", 3, 30)
	_, simStars := simHands(t, dir, "sim4", 4, 30)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		site := importJSON(t, ExitError, d.URL, siteDirs...) // the fixtures' other games are rejected
		other := importJSON(t, ExitOK, d.URL, handhqFiles[0], simPHH, simStars)
		total := site.Stored + other.Stored
		var st DBStatsJSON
		json.Unmarshal([]byte(dbMustRun(t, "db", "stats", "--db", d.URL, "--json")), &st)
		stars := int(st.Sites["PokerStars"])
		if st.Hands != int64(total) || stars < 100 || st.Sites["GGPoker"] == 0 || st.Sites["Absolute Poker"] != 414 || st.Sites[""] != 30 {
			t.Fatalf("stored %+v", st)
		}
		for _, to := range []struct {
			format  string
			written int
		}{{"phh", total}, {"pokerstars", stars}} {
			out := filepath.Join(t.TempDir(), "export."+to.format)
			code, _, errOut := dbRun("db", "export", "--db", d.URL, "--to", to.format, "-o", out)
			if code != ExitOK || !strings.HasPrefix(errOut, fmt.Sprintf("%d hands exported\n", to.written)) {
				t.Fatalf("export --to %s: exit %d, %q", to.format, code, errOut)
			}
			j := importJSON(t, ExitOK, d.URL, out)
			if j.Read != to.written || j.Stored != 0 || j.Skipped != to.written || j.Rejected != 0 {
				t.Errorf("export --to %s imported again: %+v", to.format, j)
			}
		}
		json.Unmarshal([]byte(dbMustRun(t, "db", "stats", "--db", d.URL, "--json")), &st)
		if st.Hands != int64(total) {
			t.Errorf("%d hands after the round trips, %d before", st.Hands, total)
		}
	})
}
