package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"pokerlab/hh"
	"pokerlab/hud"
	"pokerlab/internal/testsupport/dbtest"
)

const handhq = "../testdata/handhq"

var handhqFiles = []string{
	handhq + "/real_handhq_100NLH.phhs", handhq + "/real_handhq_200NLH.phhs", handhq + "/real_handhq_1000NLH.phhs",
}

// The real PokerStars and GGPoker hands of package hh's fixtures.
var siteDirs = []string{"../hh/testdata/pokerstars", "../hh/testdata/ggpoker"}

// siteFiles lists the fixtures' hand-history files.
func siteFiles(t *testing.T) []string {
	t.Helper()
	ins, err := hh.ExpandInputs(siteDirs)
	if err != nil || len(ins) < 10 {
		t.Fatalf("site fixtures: %d files, %v", len(ins), err)
	}
	var files []string
	for _, in := range ins {
		files = append(files, in.Path)
	}
	return files
}

// fileHUD is the reference: what `pokerlab hud` computes over files of any
// format (every hand read by hh.ReadAny, replayed and added to a
// hud.Tracker), over the hands keep accepts.
func fileHUD(t *testing.T, files []string, keep func(h *hh.Hand) bool) (*hud.Tracker, int64) {
	tr, n, _ := fileHUDRead(t, files, keep)
	return tr, n
}

// fileHUDRead is fileHUD that also counts the hands read, rejected or not.
func fileHUDRead(t *testing.T, files []string, keep func(h *hh.Hand) bool) (*hud.Tracker, int64, int) {
	t.Helper()
	tr := hud.NewTracker()
	var r hh.Replayer
	var n int64
	read := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hands, rejected, err := hh.ReadAny(f, data)
		if err != nil {
			t.Fatal(err)
		}
		read += len(hands) + len(rejected)
		for _, h := range hands {
			if keep != nil && !keep(h) {
				continue
			}
			if err := tr.AddRecorded(h, &r); err == nil {
				n++
			}
		}
	}
	tr.SortByName()
	return tr, n, read
}

// sameHUD fails unless got and want report the same players, hands,
// counts and money (sameMoney).
func sameHUD(t *testing.T, what string, got, want *hud.Tracker) {
	t.Helper()
	if len(got.Players()) != len(want.Players()) {
		t.Fatalf("%s: %d players, want %d", what, len(got.Players()), len(want.Players()))
	}
	bad := 0
	for i, w := range want.Players() {
		g := got.Players()[i]
		if g.Name != w.Name || g.Hands != w.Hands {
			t.Fatalf("%s: player %d is %s with %d hands, want %s with %d", what, i, g.Name, g.Hands, w.Name, w.Hands)
		}
		if bad < 10 && !sameMoney(&g.Money, &w.Money) {
			bad++
			t.Errorf("%s: %s: money %+v, want %+v", what, w.Name, g.Money, w.Money)
		}
		for _, st := range hud.Stats() {
			if g.Counts[st] != w.Counts[st] && bad < 10 {
				bad++
				t.Errorf("%s: %s %s: %d/%d, want %d/%d", what, w.Name, st.Key(), g.Counts[st].Taken,
					g.Counts[st].Opportunities, w.Counts[st].Taken, w.Counts[st].Opportunities)
			}
		}
	}
}

// sameMoney reports whether a and b are the same sums: the amounts in
// chips and the counts exactly, the real sums (equity shares, big blinds)
// within 1e-9 of their size, since a database adds them in another order.
func sameMoney(a, b *hud.Money) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*max(1, math.Abs(x), math.Abs(y)) }
	return a.Hands == b.Hands && a.Net == b.Net && a.Rake == b.Rake && a.CashOutFee == b.CashOutFee &&
		a.Showdown == b.Showdown && a.ShowdownHands == b.ShowdownHands &&
		near(a.NetBB, b.NetBB) && near(a.NetBB2, b.NetBB2) && near(a.RakeBB, b.RakeBB) && near(a.EV, b.EV) &&
		near(a.EVBB, b.EVBB) && near(a.ShowdownBB, b.ShowdownBB)
}

func open(t *testing.T, url string) *DB {
	t.Helper()
	db, err := Open(context.Background(), url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func importFiles(t *testing.T, db *DB, paths ...string) *ImportSummary {
	t.Helper()
	sum, err := ImportFiles(context.Background(), db, paths, ImportOptions{Batch: 300})
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestHUDEqualsFiles: the HUD from the database (from the cache and the
// tail, and from the per-hand rows) is exactly the HUD of the same hands
// read from files, on the 1,508 HandHQ hands and the real PokerStars and
// GGPoker hands of hh's fixtures, whatever has been folded:
// nothing, the first hands, a fold stopped half way (some cache rows with
// its sums, some without), and everything after that fold is resumed.
func TestHUDEqualsFiles(t *testing.T) {
	t.Parallel()
	files := append(slices.Clone(handhqFiles), siteFiles(t)...)
	want, n, read := fileHUDRead(t, files, nil)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		db.SetFoldRows(1 << 30) // no folds in the background: this test makes them
		sum, err := ImportFiles(context.Background(), db, append([]string{handhq}, siteDirs...), ImportOptions{Batch: 100, NoFold: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d files: %d hands read, %d stored", sum.Files, sum.Read, sum.Stored)
		if sum.Stored != int(n) || sum.Skipped != 0 || sum.Read != read || sum.Rejected != read-int(n) || sum.Files != len(files) {
			t.Fatalf("summary %+v, want %d stored of %d read from %d files", sum, n, read, len(files))
		}
		ctx := context.Background()
		check := func(when string) {
			t.Helper()
			got, hands, err := db.HUD(ctx, Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if hands != n {
				t.Errorf("%s: %d hands, want %d", when, hands, n)
			}
			sameHUD(t, when+": cache", got, want)
			rows, _, err := db.HUDRows(ctx, Filter{})
			if err != nil {
				t.Fatal(err)
			}
			sameHUD(t, when+": rows", rows, want)
			checkConsistent(t, db, n)
		}
		check("nothing folded")
		// The first 500 hands folded.
		if more, err := db.foldOnce(ctx, 500); err != nil || !more {
			t.Fatalf("fold: %v %v", more, err)
		}
		if cached, tail := foldCounts(t, db); cached == 0 || tail == 0 {
			t.Fatalf("%d rows folded, %d in the tail: want some of each", cached, tail)
		}
		check("500 hands folded")
		// A fold of the next 500 hands stopped half way (a crash): half of
		// its cache rows have their sums.
		from, to, _, err := db.foldClaim(ctx, 500)
		if err != nil {
			t.Fatal(err)
		}
		sums, err := db.foldSums(ctx, from, to)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.foldApply(ctx, sums[:len(sums)/2], to); err != nil {
			t.Fatal(err)
		}
		check("a fold half done")
		// Resumed, then the rest.
		if err := db.Fold(ctx); err != nil {
			t.Fatal(err)
		}
		if _, tail := foldCounts(t, db); tail != 0 {
			t.Fatalf("%d rows in the tail after Fold", tail)
		}
		check("folded")
	})
}

// foldCounts counts the player rows in the HUD cache and in the tails.
func foldCounts(t *testing.T, db *DB) (cached, tail int64) {
	t.Helper()
	if err := db.sql.QueryRow("SELECT coalesce(sum(hands), 0) FROM hud_cache").Scan(&cached); err != nil {
		t.Fatal(err)
	}
	// The rows after the watermark whose cache row does not have them (a
	// fold in progress).
	if err := db.sql.QueryRow(`SELECT count(*) FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
WHERE hp.hand_id > (SELECT folded FROM hud_fold) AND NOT EXISTS (SELECT 1 FROM hud_cache c WHERE c.player_id = hp.player_id
AND c.stakes = h.stakes AND c.position = hp.position AND c.day = h.day AND c.folded_to >= hp.hand_id)`).Scan(&tail); err != nil {
		t.Fatal(err)
	}
	return cached, tail
}

// TestHUDFilters: each filter of the database (on a cache that holds half
// of the hands, the other half in the tail) equals the file HUD over the
// hands it selects, chosen independently: stakes by the HandHQ file they
// are in, dates by the hand's own day field, a player by name, a position
// by the seat counted from the button.
func TestHUDFilters(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		db.SetFoldRows(1 << 30)
		if _, err := ImportFiles(context.Background(), db, []string{handhq}, ImportOptions{NoFold: true}); err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		// Half of the hands in the cache, half in the tail: each filter
		// applies to both.
		if _, err := db.foldOnce(ctx, 750); err != nil {
			t.Fatal(err)
		}
		check := func(name string, f Filter, files []string, keep func(h *hh.Hand) bool, player string) {
			t.Helper()
			want, n := fileHUD(t, files, keep)
			if player != "" {
				p, _ := want.Player(player)
				one := hud.NewTracker()
				one.AddCounts(p.Name, p.Hands, &p.Counts)
				one.AddMoney(p.Name, &p.Money)
				want = one
			}
			for _, path := range []string{"cache", "rows"} {
				q := db.HUD
				if path == "rows" {
					q = db.HUDRows
				}
				got, hands, err := q(ctx, f)
				if err != nil {
					t.Fatal(err)
				}
				if hands != n {
					t.Errorf("%s %s: %d hands, want %d", name, path, hands, n)
				}
				sameHUD(t, name+" "+path, got, want)
			}
		}
		check("stakes", Filter{Stakes: "1/2"}, handhqFiles[1:2], nil, "")
		check("stakes 0.5/1", Filter{Stakes: "0.5/1"}, handhqFiles[:1], nil, "")
		day := func(h *hh.Hand) int {
			d, _ := h.Field("day")
			var v int
			fmt.Sscan(d, &v)
			return v
		}
		check("since", Filter{Since: 20090710}, handhqFiles, func(h *hh.Hand) bool { return day(h) >= 10 }, "")
		check("until", Filter{Until: 20090705}, handhqFiles, func(h *hh.Hand) bool { return day(h) <= 5 }, "")
		check("range", Filter{Since: 20090703, Until: 20090703, Stakes: "5/10"}, handhqFiles[2:],
			func(h *hh.Hand) bool { return day(h) == 3 }, "")
		// The most frequent player of the 200NLH file.
		all, _ := fileHUD(t, handhqFiles[1:2], nil)
		players := slices.Clone(all.Players())
		slices.SortFunc(players, func(a, b hud.Player) int { return int(b.Hands - a.Hands) })
		top := players[0].Name
		check("player", Filter{Player: top}, handhqFiles, nil, top)
		check("player stakes", Filter{Player: top, Stakes: "1/2"}, handhqFiles[1:2], nil, top)
		// A position: the file HUD of the hands with the player's rows in
		// other positions removed (a tracker over single-player hands).
		for _, pos := range []string{"BTN", "BB", "CO"} {
			want := hud.NewTracker()
			var r hh.Replayer
			for _, f := range handhqFiles {
				hands, _ := hh.ReadFile(f)
				for _, h := range hands {
					if r.Replay(h) != nil {
						continue
					}
					var c hud.HandCounts
					hud.Tally(&r.Hand, &c)
					var m hud.HandMoney
					hud.MoneyRecorded(h, &r, &m)
					n := h.NumPlayers()
					// PHH: the button is the last player, p1 the seat after it.
					for s := range n {
						if hud.Position(n, (s+1)%n) == pos {
							want.AddCounts(h.Players[s], 1, &c[s])
							one := hud.Money{}
							one.Add(&m[s], hud.BigBlind(h))
							want.AddMoney(h.Players[s], &one)
						}
					}
				}
			}
			want.SortByName()
			for _, q := range []func(context.Context, Filter) (*hud.Tracker, int64, error){db.HUD, db.HUDRows} {
				got, _, err := q(ctx, Filter{Position: pos})
				if err != nil {
					t.Fatal(err)
				}
				sameHUD(t, "position "+pos, got, want)
			}
		}
	})
}

// TestImportIdempotent: importing the same hands again stores nothing and
// reports every hand skipped; the HUD does not change.
func TestImportIdempotent(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		first := importFiles(t, db, handhqFiles[0])
		again := importFiles(t, db, handhqFiles[0])
		if again.Stored != 0 || again.Skipped != first.Stored || again.Read != first.Read {
			t.Fatalf("first %+v, again %+v", first, again)
		}
		want, _ := fileHUD(t, handhqFiles[:1], nil)
		got, _, _ := db.HUD(context.Background(), Filter{})
		sameHUD(t, "after two imports", got, want)
		// The same file twice in one run: the second copy is skipped.
		db2 := open(t, strings.Replace(d.URL, "test.db", "test2.db", 1))
		if d.Name == "postgres" {
			db2 = open(t, dbtest.Postgres(t))
		}
		twice := importFiles(t, db2, handhqFiles[0], handhqFiles[0])
		if twice.Stored != first.Stored || twice.Skipped != first.Stored {
			t.Fatalf("one file twice: %+v", twice)
		}
	})
}

// TestConcurrentImports: two imports of the same hands at once, through
// two connections as two processes would, store each hand once.
func TestConcurrentImports(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		open(t, d.URL) // create the schema first, as a first import would
		var wg sync.WaitGroup
		sums := make([]*ImportSummary, 2)
		errs := make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db, err := Open(context.Background(), d.URL, Options{})
				if err != nil {
					errs[i] = err
					return
				}
				defer db.Close()
				files := slices.Clone(handhqFiles)
				if i == 1 {
					slices.Reverse(files) // overlap in another order
				}
				sums[i], errs[i] = ImportFiles(context.Background(), db, files, ImportOptions{Batch: 200, Threads: 1})
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		_, n := fileHUD(t, handhqFiles, nil)
		if sums[0].Stored+sums[1].Stored != int(n) || sums[0].Skipped+sums[1].Skipped != int(n) {
			t.Fatalf("stored %d + %d, skipped %d + %d; want %d stored in all", sums[0].Stored, sums[1].Stored,
				sums[0].Skipped, sums[1].Skipped, n)
		}
		db := open(t, d.URL)
		checkConsistent(t, db, n)
		want, _ := fileHUD(t, handhqFiles, nil)
		got, _, _ := db.HUD(context.Background(), Filter{})
		sameHUD(t, "concurrent", got, want)
	})
}

// checkConsistent checks that the database holds n whole hands: each with
// one player row per seat, every row's hand and player stored, and a HUD
// cache and tails that count every row once.
func checkConsistent(t *testing.T, db *DB, n int64) {
	t.Helper()
	ctx := context.Background()
	var hands, seats, rows, orphans int64
	q := func(s string, v *int64) {
		if err := db.sql.QueryRowContext(ctx, s).Scan(v); err != nil {
			t.Fatal(err)
		}
	}
	q("SELECT count(*) FROM hands", &hands)
	q("SELECT coalesce(sum(seats), 0) FROM hands", &seats)
	q("SELECT count(*) FROM hand_players", &rows)
	q(`SELECT count(*) FROM hand_players hp WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.id = hp.hand_id)
OR NOT EXISTS (SELECT 1 FROM players p WHERE p.id = hp.player_id)`, &orphans)
	cached, tail := foldCounts(t, db)
	if hands != n || rows != seats || cached+tail != rows || orphans != 0 {
		t.Fatalf("%d hands (want %d), %d seats, %d player rows (%d without their hand or player), %d cached + %d in tails",
			hands, n, seats, rows, orphans, cached, tail)
	}
}

// TestBadDatabaseURL: an unreachable server is named, with the reason, in
// one line.
func TestBadDatabaseURL(t *testing.T) {
	for _, tt := range []struct{ url, want string }{
		{"postgres://u@127.0.0.1:1/db?sslmode=disable", "cannot reach the PostgreSQL server at 127.0.0.1:1/db: connection refused"},
		{"postgres://u@no-such-host.invalid:5432/db?sslmode=disable", "cannot reach the PostgreSQL server at no-such-host.invalid:5432/db: unknown host no-such-host.invalid"},
		{"postgres://u@127.0.0.1:99999/db", "database URL postgres://u@127.0.0.1:99999/db: "},
	} {
		_, err := Open(context.Background(), tt.url, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want %q", tt.url, err, tt.want)
		}
	}
}

// TestNewerSchemaRefused: a database written by a newer pokerlab is refused
// with both versions named, and left untouched.
func TestNewerSchemaRefused(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		future := CurrentVersion() + 1
		if _, err := db.sql.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'future', 'x')`, future); err != nil {
			t.Fatal(err)
		}
		_, err := Open(context.Background(), d.URL, Options{})
		want := fmt.Sprintf("database %s has schema version %d, newer than this pokerlab knows (%d): use a newer pokerlab", db.Where(), future, CurrentVersion())
		var ve *VersionError
		if err == nil || err.Error() != want || !errors.As(err, &ve) || ve.Version != future {
			t.Fatalf("got %v, want %q", err, want)
		}
		if _, err := Open(context.Background(), d.URL, Options{ReadOnly: true}); err == nil || err.Error() != want {
			t.Fatalf("read-only: got %v", err)
		}
	})
}

// TestReadOnlyFile: a read-only SQLite file is refused for writing with its
// name, and can still be read.
func TestReadOnlyFile(t *testing.T) {
	t.Parallel()
	path := dbtest.SQLite(t)
	db := open(t, path)
	importFiles(t, db, handhqFiles[0])
	db.Close()
	// Fold the WAL into the file, as a last close does.
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), path, Options{})
	if want := "database " + path + " is read-only (mode 0444): cannot write to it"; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
	ro, err := Open(context.Background(), path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	got, _, err := ro.HUD(context.Background(), Filter{})
	if err != nil || len(got.Players()) == 0 {
		t.Fatalf("reading a read-only file: %v", err)
	}
	if _, err := ro.Import(context.Background(), nil); err == nil || err.Error() != "database "+path+" is open read-only" {
		t.Fatalf("import into a read-only handle: %v", err)
	}
}

// TestNotADatabase: a file that is not SQLite is named.
func TestNotADatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	os.WriteFile(path, []byte(strings.Repeat("not a database\n", 100)), 0o644)
	_, err := Open(context.Background(), path, Options{})
	if want := "database " + path + " is not an SQLite database"; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}

// TestImportGarbage: a malformed hand is rejected with its reason, a
// missing file and one that is not a hand history give no hands (Empty),
// and the other files and hands are stored.
func TestImportGarbage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.phhs")
	os.WriteFile(garbage, []byte("\x00\x01\x02 this is not a hand history\n"), 0o644)
	missing := filepath.Join(dir, "missing.phhs")
	// A file with a malformed hand between two good ones.
	hands, _ := hh.ReadFile(handhqFiles[0])
	var b strings.Builder
	hh.Write(&b, hands[:2])
	b.WriteString("\n[bad]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, x]\nactions = []\n\n")
	hh.Write(&b, hands[2:3])
	mixed := filepath.Join(dir, "mixed.phhs")
	os.WriteFile(mixed, []byte(b.String()), 0o644)
	badLine := 1 + strings.Count(b.String()[:strings.Index(b.String(), "starting_stacks = [100, x]")], "\n")
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		sum := importFiles(t, db, garbage, missing, mixed)
		var msgs []string
		for _, r := range sum.Rejections {
			msgs = append(msgs, r.Error)
		}
		want := []string{mixed + fmt.Sprintf(": line %d: key starting_stacks: invalid value \"x\"", badLine)}
		if !slices.Equal(msgs, want) {
			t.Fatalf("rejections:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
		}
		wantEmpty := []EmptyInput{
			{File: missing, Error: missing + ": no such file or directory"},
			{File: garbage, Error: garbage + `:1: not a hand history: "\x00\x01\x02 this is not a hand history" is neither a PHH (TOML) line nor a PokerStars or GGPoker hand header`},
		}
		if !slices.Equal(sum.Empty, wantEmpty) {
			t.Fatalf("empty inputs %+v, want %+v", sum.Empty, wantEmpty)
		}
		if sum.Stored != 3 || sum.Files != 2 || sum.Read != 4 || sum.Rejected != 1 {
			t.Fatalf("summary %+v", sum)
		}
	})
}

// TestConcurrentFolds: two handles (as two processes would) fold the same
// tail at once, in small folds; every row is added to the cache once and
// the HUD equals the files'.
func TestConcurrentFolds(t *testing.T) {
	t.Parallel()
	want, n := fileHUD(t, handhqFiles, nil)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		db := open(t, d.URL)
		db.SetFoldRows(1 << 30)
		if _, err := ImportFiles(ctx, db, []string{handhq}, ImportOptions{NoFold: true}); err != nil {
			t.Fatal(err)
		}
		other := open(t, d.URL)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, h := range []*DB{db, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = h.fold(ctx, 100) // folds of 100 hands, racing
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if _, tail := foldCounts(t, db); tail != 0 {
			t.Fatalf("%d rows in the tail after both folds", tail)
		}
		checkConsistent(t, db, n)
		got, _, err := db.HUD(ctx, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		sameHUD(t, "after concurrent folds", got, want)
	})
}

// TestBackgroundFolds: folds started by the writes themselves (a small
// threshold) run beside the import; Close waits for them; the HUD equals
// the files' whatever they had folded. On SQLite they take the sums the
// writer kept (foldacc.go), and TestHUDEqualsFiles's folds of 500 hands
// read the rows: both paths meet the files' HUD.
func TestBackgroundFolds(t *testing.T) {
	t.Parallel()
	want, n := fileHUD(t, handhqFiles, nil)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		db, err := Open(ctx, d.URL, Options{})
		if err != nil {
			t.Fatal(err)
		}
		db.SetFoldRows(600) // a fold about every 100 hands
		if _, err := ImportFiles(ctx, db, []string{handhq}, ImportOptions{Batch: 50, NoFold: true}); err != nil {
			t.Fatal(err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if err := db.FoldError(); err != nil {
			t.Fatal(err)
		}
		if d.Name == "sqlite" && db.w.acc.used == 0 {
			t.Fatal("no fold took the sums the writer kept (foldacc.go)")
		}
		db = open(t, d.URL)
		if cached, _ := foldCounts(t, db); cached == 0 {
			t.Fatal("no fold ran in the background")
		}
		checkConsistent(t, db, n)
		got, _, err := db.HUD(ctx, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		sameHUD(t, "after background folds", got, want)
	})
}

// TestHUDByEqualsFiles: the database's breakdowns by position (from the
// cache, half folded) and by table size (from the rows) equal hud's over
// the files, group by group.
func TestHUDByEqualsFiles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		db.SetFoldRows(1 << 30)
		ctx := context.Background()
		if _, err := ImportFiles(ctx, db, []string{handhq}, ImportOptions{NoFold: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.foldOnce(ctx, 750); err != nil {
			t.Fatal(err)
		}
		var files []hud.File
		for _, f := range handhqFiles {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, hud.File{Name: f, Data: data})
		}
		for _, by := range []hud.Breakdown{hud.ByPosition, hud.ByTableSize} {
			want, err := hud.TallyFiles(files, hud.FilesOptions{By: by})
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := db.HUDBy(ctx, Filter{}, by)
			if err != nil {
				t.Fatal(err)
			}
			sameHUD(t, by.String(), got, want.Tracker)
			groups := 0
			for _, w := range want.Tracker.Players() {
				g, _ := got.Player(w.Name)
				if len(g.Groups) != len(w.Groups) {
					t.Fatalf("%s %s: %d groups, want %d", by, w.Name, len(g.Groups), len(w.Groups))
				}
				for i := range w.Groups {
					a, b := &g.Groups[i], &w.Groups[i]
					groups++
					if a.Key != b.Key || a.Hands != b.Hands || a.Counts != b.Counts || !sameMoney(&a.Money, &b.Money) {
						t.Errorf("%s %s %s: %d hands, want %s with %d", by, w.Name, a.Key, a.Hands, b.Key, b.Hands)
					}
				}
			}
			if groups < 20 {
				t.Errorf("%s: %d groups", by, groups)
			}
		}
	})
}
