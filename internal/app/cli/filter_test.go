package cli

import (
	"encoding/json"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pokerlab/internal/testsupport/dbtest"
)

// TestHudByEqualsOverFilesAndDB: each player's groups of hud --by over the
// files equal, group by group, the same player's HUD from the database
// with --position P and with --filter position=P, and hud --db --by with a
// filter that reads the rows (every row selected) gives the files' groups.
func TestHudByEqualsOverFilesAndDB(t *testing.T) {
	inputs := append([]string{handhqDir}, siteDirs...)
	files := map[string]HudJSON{}
	for _, by := range []string{"position", "table-size"} {
		var j HudJSON
		if err := json.Unmarshal([]byte(dbMustRun(t, append([]string{"hud", "--json", "--by", by}, inputs...)...)), &j); err != nil {
			t.Fatal(err)
		}
		files[by] = j
	}
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		dbRunExit(t, ExitError, append([]string{"db", "import", "--db", d.URL}, inputs...)...) // the fixtures' other games are rejected
		for _, by := range []string{"position", "table-size"} {
			var j HudJSON
			json.Unmarshal([]byte(dbMustRun(t, "hud", "--db", d.URL, "--json", "--by", by, "--filter", "flop or not flop")), &j)
			if len(j.Players) == 0 || !samePlayers(j.Players, files[by].Players) {
				t.Errorf("by %s with a filter over the rows: the players differ from the files'", by)
			}
		}
		byPos := map[string]map[string]HudPlayerJSON{} // position → player → the files' group
		for name, p := range files["position"].Players {
			for _, g := range p.Groups {
				if byPos[g.Key] == nil {
					byPos[g.Key] = map[string]HudPlayerJSON{}
				}
				byPos[g.Key][name] = HudPlayerJSON{Hands: g.Hands, Stats: g.Stats, Money: g.Money}
			}
		}
		if len(byPos) < 9 {
			t.Fatalf("%d positions", len(byPos))
		}
		for pos, want := range byPos {
			for _, args := range [][]string{{"--position", pos}, {"--filter", "position=" + pos}, {"--filter", "position=" + pos + " and (flop or not flop)"}} {
				var j HudJSON
				json.Unmarshal([]byte(dbMustRun(t, append([]string{"hud", "--db", d.URL, "--json"}, args...)...)), &j)
				for name := range j.Players {
					p := j.Players[name]
					p.Groups = nil
					j.Players[name] = p
				}
				if !samePlayers(j.Players, want) {
					t.Errorf("%v: players differ from the files' %s groups", args, pos)
				}
			}
		}
	})
}

// TestDBFilterExportAndStats: db export --filter writes the hands with a
// selected row; imported into a new database, they are every hand there,
// and db stats --filter over the first database counts them.
func TestDBFilterExportAndStats(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		dbMustRun(t, "db", "import", "--db", d.URL, handhqDir)
		const f = "pot>=3bet and flop or player=DeZAZcPNNQ5w+Wb+5ujZdA and won>10"
		out := filepath.Join(t.TempDir(), "sel.phhs")
		dbMustRun(t, "db", "export", "--db", d.URL, "--to", "phh", "--filter", f, "-o", out)
		var sel DBStatsJSON
		json.Unmarshal([]byte(dbMustRun(t, "db", "stats", "--db", d.URL, "--filter", f, "--json")), &sel)
		if sel.Hands < 20 || sel.Filter == nil || sel.Filter.Expr != f {
			t.Fatalf("stats: %+v", sel)
		}
		other := filepath.Join(t.TempDir(), "other.db")
		dbMustRun(t, "db", "import", "--db", other, out)
		var all, again DBStatsJSON
		json.Unmarshal([]byte(dbMustRun(t, "db", "stats", "--db", other, "--json")), &all)
		json.Unmarshal([]byte(dbMustRun(t, "db", "stats", "--db", other, "--filter", f, "--json")), &again)
		if all.Hands != sel.Hands || again.Hands != sel.Hands || again.Players != sel.Players {
			t.Errorf("exported %d hands, %d selected again (%d players, first %d); stats said %d", all.Hands, again.Hands, again.Players, sel.Players, sel.Hands)
		}
		// By position: every stat with its sample.
		var by DBStatsJSON
		json.Unmarshal([]byte(dbMustRun(t, "db", "stats", "--db", d.URL, "--by", "position", "--json")), &by)
		if len(by.Groups) < 6 || by.Groups[len(by.Groups)-1].Group != "BB" {
			t.Fatalf("groups %+v", by.Groups)
		}
		var rows int64
		for _, g := range by.Groups {
			rows += g.Rows
			if v := g.Stats["vpip"]; v.Opportunities == 0 || v.CI95 == nil {
				t.Errorf("%s: vpip %+v", g.Group, v)
			}
		}
		if rows < 2*by.Hands {
			t.Errorf("%d rows over %d hands", rows, by.Hands)
		}
		text := dbMustRun(t, "db", "stats", "--db", d.URL, "--by", "seats")
		if !strings.Contains(text, "\n6-handed: ") || !strings.Contains(text, "taken/opportunities") || !strings.Contains(text, "95% CI") {
			t.Errorf("text:\n%s", text)
		}
	})
}

// samePlayers compares players of hud --json: hands and stats exactly, the
// money within rounding (its real sums are added in another order over
// files and in the database).
func samePlayers(a, b map[string]HudPlayerJSON) bool {
	if len(a) != len(b) {
		return false
	}
	for name, p := range a {
		q, ok := b[name]
		if !ok || p.Hands != q.Hands || !reflect.DeepEqual(p.Stats, q.Stats) || len(p.Groups) != len(q.Groups) {
			return false
		}
		for i, g := range p.Groups {
			h := q.Groups[i]
			gp := map[string]HudPlayerJSON{"": {Hands: g.Hands, Stats: g.Stats, Money: g.Money}}
			gq := map[string]HudPlayerJSON{"": {Hands: h.Hands, Stats: h.Stats, Money: h.Money}}
			if g.Key != h.Key || !samePlayers(gp, gq) {
				return false
			}
		}
		var pm, qm map[string]any
		pj, _ := json.Marshal(p.Money)
		qj, _ := json.Marshal(q.Money)
		json.Unmarshal(pj, &pm)
		json.Unmarshal(qj, &qm)
		for k, v := range pm {
			x, okx := v.(float64)
			y, oky := qm[k].(float64)
			if okx != oky || okx && math.Abs(x-y) > 1e-9*math.Max(1, math.Abs(x)) || !okx && !reflect.DeepEqual(v, qm[k]) {
				return false
			}
		}
	}
	return true
}

// TestHudGraphFilter: hud graph --filter draws the player's rows the
// filter selects: it ends at the money hud --db --filter reports.
func TestHudGraphFilter(t *testing.T) {
	db := filepath.Join(t.TempDir(), "h.db")
	dbMustRun(t, "db", "import", "--db", db, handhqDir)
	const player, f = "DeZAZcPNNQ5w+Wb+5ujZdA", "position in (CO, BTN) and pot>=srp"
	var h HudJSON
	json.Unmarshal([]byte(dbMustRun(t, "hud", "--db", db, "--player", player, "--filter", f, "--json")), &h)
	var g HudGraphJSON
	json.Unmarshal([]byte(dbMustRun(t, "hud", "graph", "--db", db, "--player", player, "--filter", f, "--out", filepath.Join(t.TempDir(), "g.svg"), "--json")), &g)
	p := h.Players[player]
	if p.Hands == 0 || g.Hands != p.Hands || math.Abs(g.WonBB-p.Money.NetBB) > 1e-9*max(1, math.Abs(g.WonBB)) || g.Filter == nil || g.Filter.Expr != f {
		t.Errorf("graph %d hands, %v bb (filter %+v); hud %d hands, %v bb", g.Hands, g.WonBB, g.Filter, p.Hands, p.Money.NetBB)
	}
}

// TestHudFilterOverFilesEqualsDB: hud --filter over the files (the filter
// evaluated in Go on each replayed hand) and over the database (the
// filter's SQL) give the same players and hands.
func TestHudFilterOverFilesEqualsDB(t *testing.T) {
	inputs := append([]string{handhqDir}, siteDirs...)
	db := filepath.Join(t.TempDir(), "h.db")
	dbRunExit(t, ExitError, append([]string{"db", "import", "--db", db}, inputs...)...) // the fixtures' other games are rejected
	for _, f := range []string{"position=BTN and pot>=3bet", "cards=QQ+,AKs or allin", "showdown and won<-5", "flop and not showdown and seats<=6",
		"site=pokerstars and date>=2010-01-01", "not (pot=limped or pot=walk) and stakes!=0.5/1"} {
		var files, fromDB HudJSON
		json.Unmarshal([]byte(dbMustRun(t, append([]string{"hud", "--json", "--filter", f}, inputs...)...)), &files)
		json.Unmarshal([]byte(dbMustRun(t, "hud", "--db", db, "--json", "--filter", f)), &fromDB)
		if len(files.Players) == 0 || files.Hands != fromDB.Hands || !samePlayers(files.Players, fromDB.Players) {
			t.Errorf("%s: files %d hands, %d players; database %d hands, %d players", f, files.Hands, len(files.Players), fromDB.Hands, len(fromDB.Players))
		}
	}
}

// TestHudGraphFilterOverFilesEqualsDB: hud graph FILE... --filter (the
// filter evaluated in Go on each replayed hand) draws the hands hud graph
// --db --filter draws from the same files imported: the same player by
// default, hands and the four lines' ends.
func TestHudGraphFilterOverFilesEqualsDB(t *testing.T) {
	inputs := append([]string{handhqDir}, siteDirs...)
	db := filepath.Join(t.TempDir(), "h.db")
	dbRunExit(t, ExitError, append([]string{"db", "import", "--db", db}, inputs...)...) // the fixtures' other games are rejected
	for _, f := range []string{"position=BTN and pot>=srp", "showdown or allin", "flop and seats<=6 and won<0"} {
		var files, fromDB HudGraphJSON
		json.Unmarshal([]byte(dbMustRun(t, append([]string{"hud", "graph", "--json", "--filter", f, "--out", filepath.Join(t.TempDir(), "f.svg")}, inputs...)...)), &files)
		json.Unmarshal([]byte(dbMustRun(t, "hud", "graph", "--db", db, "--json", "--filter", f, "--out", filepath.Join(t.TempDir(), "d.svg"))), &fromDB)
		near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
		if files.Hands == 0 || files.Player != fromDB.Player || files.Hands != fromDB.Hands || !near(files.WonBB, fromDB.WonBB) ||
			!near(files.AllInEVBB, fromDB.AllInEVBB) || !near(files.ShowdownBB, fromDB.ShowdownBB) || !near(files.NonShowdownBB, fromDB.NonShowdownBB) ||
			files.Filter == nil || files.Filter.Expr != f {
			t.Errorf("%s: files %+v; database %+v", f, files, fromDB)
		}
	}
	// The database's flags stay the database's.
	if code, _, errOut := dbRun("hud", "graph", "--position", "BTN", "--out", filepath.Join(t.TempDir(), "x.svg"), handhqDir); code != ExitUsage || !strings.Contains(errOut, "--filter works on files too") {
		t.Errorf("--position over files: exit %d %q", code, errOut)
	}
}
