package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/dbtest"
	"pokerlab/store"
)

const handhqDir = "../../../testdata/handhq"

var handhqFiles = []string{
	handhqDir + "/real_handhq_100NLH.phhs", handhqDir + "/real_handhq_200NLH.phhs", handhqDir + "/real_handhq_1000NLH.phhs",
}

// run runs a command line and returns exit code, stdout and stderr.
func dbRun(args ...string) (int, string, string) {
	f, out, errOut := cardsTestFactory("")
	code := Run(f, args)
	return code, out.String(), errOut.String()
}

func dbMustRun(t *testing.T, args ...string) string {
	t.Helper()
	return dbRunExit(t, ExitOK, args...)
}

// dbRunExit runs a command line that must exit with code and returns its
// standard output.
func dbRunExit(t *testing.T, code int, args ...string) string {
	t.Helper()
	got, out, errOut := dbRun(args...)
	if got != code {
		t.Fatalf("%v: exit %d, want %d: %s", args, got, code, errOut)
	}
	return out
}

func TestDBFlags(t *testing.T) {
	for _, tt := range []struct{ argv, want string }{
		{"db import", "give at least one file or directory"},
		{"db import x --batch 0", "--batch 0: want 1 or more"},
		{"db export", `--to "": want phh or pokerstars`},
		{"db export --to phh --stakes 1-2", `--stakes: stakes "1-2": want SMALL/BIG, such as 1/2`},
		{"db export --to phh --since 2009-13-01", `--since: date "2009-13-01": want YYYY-MM-DD`},
		{"db export --to phh --since 2009-07-02 --until 2009-07-01", "--since 2009-07-02 is after --until 2009-07-01"},
		{"db export --to phh --position MP", "--position: position \"MP\": want one of UTG, UTG+1, UTG+2, UTG+3, LJ, HJ, CO, BTN, SB, BB"},
		{"hud --db x.db a.phhs", "give hand-history files or --db, not both"},
		{"hud a.phhs --stakes 1/2", "--stakes, --since, --until and --position need --db (--filter works on files too)"},
		{"hud a.phhs --filter flop=1", `--filter: filter "flop=1": col 5: flop is a flag: write flop or not flop, without a comparison`},
		{"hud a.phhs --by table", `--by breakdown "table": want position or table-size`},
		{"hud --db x.db --filter pos=BTM", `--filter: filter "pos=BTM": col 5: position "BTM": want one of UTG, UTG+1, UTG+2, UTG+3, LJ, HJ, CO, BTN, SB, BB`},
		{"db stats --filter flop=1", `--filter: filter "flop=1": col 5: flop is a flag: write flop or not flop, without a comparison`},
		{"db stats --by size2", `--by "size2": want position or table-size`},
		{"db export --to phh --filter won>x", `--filter: filter "won>x": col 5: won "x": want a number of big blinds (10, -5, 2.5)`},
		{"hud", "give at least one hand-history file (PHH, PokerStars or GGPoker), directory, or - for standard input (or --db URL)"},
		{"npc clone --player x --db x.db a.phhs", "give hand-history files or --db, not both"},
	} {
		code, _, errOut := dbRun(strings.Fields(tt.argv)...)
		if code != ExitUsage || !strings.HasPrefix(errOut, "pokerlab: "+tt.want+"\n") {
			t.Errorf("%s: exit %d, stderr %q", tt.argv, code, errOut)
		}
	}
}

// siteDirs hold the real PokerStars and GGPoker hands of hh's fixtures.
var siteDirs = []string{"../../../hh/testdata/pokerstars", "../../../hh/testdata/ggpoker"}

// TestHudDBEqualsFiles: `hud --db` prints exactly what `hud` prints over the
// files the hands were imported from (the HandHQ hands, PHH, and the real
// PokerStars and GGPoker hands of hh's fixtures), as tables and as JSON (but
// for the files and db fields), for everyone and for one player; `npc
// clone --db` writes the same profile as over the files.
func TestHudDBEqualsFiles(t *testing.T) {
	extras := [][]string{nil, {"--player", "DeZAZcPNNQ5w+Wb+5ujZdA"}, {"--min-hands", "100"}, {"--by", "position", "--min-hands", "100"},
		{"--player", "DeZAZcPNNQ5w+Wb+5ujZdA", "--by", "table-size"}}
	inputs := append(slices.Clone(handhqFiles), siteDirs...)
	fileTables, fileJSON := map[int]string{}, map[int]HudJSON{}
	for i, extra := range extras {
		fileTables[i] = dbMustRun(t, append(append([]string{"hud"}, inputs...), extra...)...)
		var fj HudJSON
		json.Unmarshal([]byte(dbMustRun(t, append(append([]string{"hud", "--json"}, inputs...), extra...)...)), &fj)
		fileJSON[i] = fj
	}
	clones := map[string]string{}
	for _, p := range []string{"DeZAZcPNNQ5w+Wb+5ujZdA", "*"} {
		clones[p] = dbMustRun(t, append([]string{"npc", "clone", "--aggregate", "--player", p}, inputs...)...)
	}
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		out := dbMustRun(t, "db", "import", "--db", d.URL, handhqDir, "--json")
		var imp DBImportJSON
		if err := json.Unmarshal([]byte(out), &imp); err != nil {
			t.Fatal(err)
		}
		if imp.Files != 3 || imp.Read != 1508 || imp.Stored+imp.Rejected != 1508 || imp.Stored < 1400 || len(imp.Rejections) != imp.Rejected {
			t.Fatalf("import: %+v", imp)
		}
		// Filters (on the HandHQ hands): the JSON says which.
		var fj HudJSON
		json.Unmarshal([]byte(dbMustRun(t, "hud", "--json", "--db", d.URL, "--stakes", "$1/$2", "--position", "BTN")), &fj)
		if fj.Filter == nil || fj.Filter.Stakes != "$1/$2" || fj.Filter.Position != "BTN" || fj.Hands != 419 || len(fj.Players) == 0 {
			t.Errorf("filtered: hands %d, filter %+v, %d players", fj.Hands, fj.Filter, len(fj.Players))
		}
		// The site hands: every hand the files' HUD counts is stored (the
		// fixtures' hands of other games and those the engine cannot
		// replay are rejected: exit 1).
		out = dbRunExit(t, ExitError, append([]string{"db", "import", "--db", d.URL, "--json"}, siteDirs...)...)
		var site DBImportJSON
		if err := json.Unmarshal([]byte(out), &site); err != nil {
			t.Fatal(err)
		}
		if site.Files < 10 || int64(imp.Stored+site.Stored) != fileJSON[0].Hands || site.Skipped != 0 || site.Rejected == 0 {
			t.Fatalf("site import: %+v; %d + %d stored, the files' HUD has %d hands", site, imp.Stored, site.Stored, fileJSON[0].Hands)
		}
		for i, extra := range extras {
			files := fileTables[i]
			db := dbMustRun(t, append([]string{"hud", "--db", d.URL}, extra...)...)
			if files != db {
				t.Errorf("hud %v: from files:\n%s\nfrom the database:\n%s", extra, files, db)
			}
			var dj HudJSON
			fj := fileJSON[i]
			json.Unmarshal([]byte(dbMustRun(t, append([]string{"hud", "--json", "--db", d.URL}, extra...)...)), &dj)
			if len(fj.Players) == 0 || !samePlayersJSON(fj.Players, dj.Players) || fj.Hands != dj.Hands || fj.Hero != dj.Hero {
				t.Errorf("hud --json %v: files and database differ (%d and %d players)", extra, len(fj.Players), len(dj.Players))
			}
			if dj.DB != d.URL || len(dj.Files) != 0 {
				t.Errorf("hud --db --json: db %q files %v", dj.DB, dj.Files)
			}
		}
		for _, p := range []string{"DeZAZcPNNQ5w+Wb+5ujZdA", "*"} {
			files := clones[p]
			db := dbMustRun(t, "npc", "clone", "--player", p, "--db", d.URL)
			if files != db {
				t.Errorf("npc clone --player %s: from files:\n%s\nfrom the database:\n%s", p, files, db)
			}
		}
		code, _, errOut := dbRun("hud", "--db", d.URL, "--player", "Nobody")
		if code != ExitError || errOut != "pokerlab: player \"Nobody\" has no hands in the database that match\n" {
			t.Errorf("unknown player: exit %d, %q", code, errOut)
		}
	})
}

// TestDBStatsAndExport: stats count what was imported; export writes the
// stored hands back, each exactly as it was in its file.
func TestDBStatsAndExport(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		dbMustRun(t, "db", "import", "--db", d.URL, handhqFiles[0])
		var st DBStatsJSON
		json.Unmarshal([]byte(dbMustRun(t, "db", "stats", "--db", d.URL, "--json")), &st)
		orig, _ := hh.ReadFile(handhqFiles[0])
		var r hh.Replayer
		var good []*hh.Hand
		players := map[string]bool{}
		first, last := "9999", ""
		for _, h := range orig {
			if r.Replay(h) == nil {
				y, _ := h.Field("year")
				m, _ := h.Field("month")
				d, _ := h.Field("day")
				c, _ := h.Field("time")
				at := fmt.Sprintf("%s-%02s-%02sT%s", y, m, d, c)
				first, last = min(first, at), max(last, at)
				good = append(good, h)
				for _, p := range h.Players {
					players[p] = true
				}
			}
		}
		if st.Hands != int64(len(good)) || st.Players != int64(len(players)) || st.Sites["Absolute Poker"] != st.Hands ||
			st.First != first || st.Last != last || st.SchemaVersion != store.CurrentVersion() || st.Engine != d.Name {
			t.Errorf("stats %+v (want %d hands, %d players)", st, len(good), len(players))
		}
		text := dbMustRun(t, "db", "stats", "--db", d.URL)
		if !strings.Contains(text, "Absolute Poker  414") || !strings.Contains(text, "played from "+first+" to "+last) {
			t.Errorf("stats table:\n%s", text)
		}
		// PHH: byte for byte the hands of the file, renumbered.
		out := filepath.Join(t.TempDir(), "out.phhs")
		dbMustRun(t, "db", "export", "--db", d.URL, "--to", "phh", "-o", out)
		back, err := hh.ReadFile(out)
		if err != nil || len(back) != len(good) {
			t.Fatalf("export: %d hands, %v", len(back), err)
		}
		for i := range good {
			var a, b strings.Builder
			good[i].Name, back[i].Name = "", ""
			hh.Write(&a, good[i:i+1])
			hh.Write(&b, back[i:i+1])
			if a.String() != b.String() {
				t.Fatalf("hand %d differs:\n%s\n%s", i, a.String(), b.String())
			}
		}
		// PokerStars text: not for the Absolute Poker hands of HandHQ.
		code, _, errOut := dbRun("db", "export", "--db", d.URL, "--to", "pokerstars", "--player", good[0].Players[0])
		if want := "pokerlab: none of the 25 hands selected is a PokerStars hand (Absolute Poker 25): PokerStars text would make them PokerStars hands; export them with --to phh\n"; code != ExitError || errOut != want {
			t.Errorf("pokerstars export of HandHQ hands: exit %d, %q", code, errOut)
		}
		// PokerStars hands: what hh convert writes for the same hands; the
		// others are left out and counted.
		file := "../../../hh/testdata/pokerstars/hhsmithy-10MultipleHands.txt"
		dbMustRun(t, "db", "import", "--db", d.URL, file)
		data, _ := os.ReadFile(file)
		stars, _, err := hh.ReadAny(file, data)
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		hh.WritePokerStars(&want, stars)
		code, ps, errOut := dbRun("db", "export", "--db", d.URL, "--to", "pokerstars")
		wantErr := fmt.Sprintf("%d hands exported\n%d hands left out, not PokerStars hands (Absolute Poker %d): PokerStars text would make them PokerStars hands; export them with --to phh\n",
			len(stars), len(good), len(good))
		if code != ExitOK || ps != want.String()+"\n" || errOut != wantErr {
			t.Errorf("pokerstars export of %d hands: exit %d, same as hh.WritePokerStars: %v, stderr %q", len(stars), code, ps == want.String()+"\n", errOut)
		}
	})
}

// TestDBBadInput: the database errors a user meets, each with its exact
// message and exit code 1, without a stack trace.
func TestDBBadInput(t *testing.T) {
	check := func(args []string, want string) {
		t.Helper()
		code, _, errOut := dbRun(args...)
		if code != ExitError || errOut != "pokerlab: "+want+"\n" {
			t.Errorf("%v: exit %d, stderr %q, want %q", args, code, errOut, want)
		}
	}
	check([]string{"db", "stats", "--db", "postgres://u@127.0.0.1:1/hands?sslmode=disable"},
		"cannot reach the PostgreSQL server at 127.0.0.1:1/hands: connection refused")
	check([]string{"hud", "--db", "postgres://u:secret@no-such-host.invalid/hands?sslmode=disable"},
		"cannot reach the PostgreSQL server at no-such-host.invalid:5432/hands: unknown host no-such-host.invalid")
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.db")
	check([]string{"hud", "--db", missing}, "database "+missing+" does not exist")
	ro := filepath.Join(dir, "ro.db")
	dbMustRun(t, "db", "import", "--db", ro, handhqFiles[0])
	os.Chmod(ro, 0o444)
	check([]string{"db", "import", "--db", ro, handhqFiles[1]}, "database "+ro+" is read-only (mode 0444): cannot write to it")
	// Reading a read-only file works.
	dbMustRun(t, "hud", "--db", ro, "--min-hands", "50")
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		dbMustRun(t, "db", "import", "--db", d.URL, handhqFiles[0])
		db, err := openDB(d.URL, false)
		if err != nil {
			t.Fatal(err)
		}
		future := store.CurrentVersion() + 1
		db.SQL().Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'from the future', 'x')", future)
		where := db.Where()
		db.Close()
		newer := fmt.Sprintf("database %s has schema version %d, newer than this pokerlab knows (%d): use a newer pokerlab", where, future, future-1)
		check([]string{"hud", "--db", d.URL}, newer)
		check([]string{"db", "import", "--db", d.URL, handhqFiles[0]}, newer)
	})
	// A garbage file among good ones: named, the rest stored, exit 2.
	garbage := filepath.Join(dir, "garbage.phhs")
	os.WriteFile(garbage, []byte("PK\x03\x04 not a hand history"), 0o644)
	code, out, errOut := dbRun("db", "import", "--db", filepath.Join(dir, "g.db"), garbage, handhqFiles[0])
	if code != ExitUsage || errOut != "pokerlab: "+garbage+`:1: not a hand history: "PK\x03\x04 not a hand history" is neither a PHH (TOML) line nor a PokerStars or GGPoker hand header`+"\n" ||
		!strings.Contains(out, ": 2 files, 414 hands read: 414 stored, 0 already stored (skipped), 0 rejected") ||
		!strings.HasSuffix(out, "\nno hands from "+garbage+"\n") {
		t.Errorf("garbage: exit %d\n%s%s", code, out, errOut)
	}
}

// TestDBImportStdin: "-" imports standard input, a site file as any other:
// the same hands as from the file's path.
func TestDBImportStdin(t *testing.T) {
	dir := t.TempDir()
	file := "../../../hh/testdata/pokerstars/hhsmithy-10MultipleHands.txt"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var fromPath, fromStdin DBImportJSON
	json.Unmarshal([]byte(dbMustRun(t, "db", "import", "--db", filepath.Join(dir, "a.db"), file, "--json")), &fromPath)
	f, out, errOut := cardsTestFactory(string(data))
	if code := Run(f, []string{"db", "import", "--db", filepath.Join(dir, "b.db"), "-", "--json"}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	json.Unmarshal(out.Bytes(), &fromStdin)
	if fromPath.Stored == 0 || fromStdin.Stored != fromPath.Stored || fromStdin.Files != 1 || fromStdin.Rejected != fromPath.Rejected {
		t.Fatalf("from the path %+v, from standard input %+v", fromPath, fromStdin)
	}
}

// samePlayersJSON reports whether a and b hold the same players, stats and
// money: the money's real sums (big blinds, equity shares) within 1e-9 of
// their size, since a database adds them in another order.
func samePlayersJSON(a, b map[string]HudPlayerJSON) bool {
	if len(a) != len(b) {
		return false
	}
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*max(1, math.Abs(x), math.Abs(y)) }
	nearP := func(x, y *float64) bool { return x == nil && y == nil || x != nil && y != nil && near(*x, *y) }
	sameMoney := func(m, n HudMoneyJSON) bool {
		return m.Net == n.Net && m.Rake == n.Rake && m.Showdown == n.Showdown && m.ShowdownHands == n.ShowdownHands &&
			m.NonShowdown == n.NonShowdown && m.CashOutFee == n.CashOutFee && near(m.NetBB, n.NetBB) && nearP(m.BB100, n.BB100) &&
			nearP(m.BB100StdErr, n.BB100StdErr) && near(m.EV, n.EV) && near(m.EVBB, n.EVBB) && nearP(m.EVBB100, n.EVBB100) &&
			near(m.RakeBB, n.RakeBB) && near(m.ShowdownBB, n.ShowdownBB) && near(m.NonShowdownBB, n.NonShowdownBB)
	}
	for name, p := range a {
		q, ok := b[name]
		if !ok || p.Hands != q.Hands || !reflect.DeepEqual(p.Stats, q.Stats) || !sameMoney(p.Money, q.Money) || len(p.Groups) != len(q.Groups) {
			return false
		}
		for i, g := range p.Groups {
			h := q.Groups[i]
			if g.Key != h.Key || g.Hands != h.Hands || !reflect.DeepEqual(g.Stats, h.Stats) || !sameMoney(g.Money, h.Money) {
				return false
			}
		}
	}
	return true
}
