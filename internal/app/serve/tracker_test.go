package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/hud"
	"pokerlab/store"
)

// trackerFiles are real site hands: PokerStars (hero's cards unknown but
// at showdowns, rake) and GGPoker (every player's cards).
var trackerFiles = []string{
	"../../../hh/testdata/pokerstars/hhsmithy-10MultipleHands.txt",
	"../../../hh/testdata/ggpoker/layorx-GG20250829-0702_-_RushAndCash9515431_-_0.01_-_0.02_-_6max.txt",
}

// newTrackerServer is a server whose hand database holds the tracker
// fixtures.
func newTrackerServer(t *testing.T, cfg Config) *testServer {
	t.Helper()
	st := newSQLite(t)
	if _, err := store.ImportFiles(context.Background(), st.DB, trackerFiles, store.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	cfg.Storage, cfg.HandDB = st, st.DB
	return newTestServer(t, cfg)
}

// storedResult is every stored hand's players' starting stack plus net,
// read from the SQL rows directly, in PHH seat order; ids are the hands
// in the order they were played (by time, then id).
func storedResult(t *testing.T, db *store.DB) (ids []int64, result map[int64][]int64) {
	t.Helper()
	rows, err := db.SQL().QueryContext(context.Background(), "SELECT hand_id, starting_stack + net FROM hand_players ORDER BY hand_id, seat")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	result = map[int64][]int64{}
	for rows.Next() {
		var id, x int64
		if err := rows.Scan(&id, &x); err != nil {
			t.Fatal(err)
		}
		if result[id] == nil {
			ids = append(ids, id)
		}
		result[id] = append(result[id], x)
	}
	played := map[int64]string{}
	prow, err := db.SQL().QueryContext(context.Background(), "SELECT id, played_at FROM hands")
	if err != nil {
		t.Fatal(err)
	}
	defer prow.Close()
	for prow.Next() {
		var id int64
		var at string
		if err := prow.Scan(&id, &at); err != nil {
			t.Fatal(err)
		}
		played[id] = at
	}
	slices.SortStableFunc(ids, func(a, b int64) int { return strings.Compare(played[a], played[b]) })
	return ids, result
}

func (ts *testServer) getJSON(path string, v any) {
	ts.t.Helper()
	code, body := ts.do("GET", path, "", nil)
	if code != http.StatusOK {
		ts.t.Fatalf("GET %s: %d %s", path, code, body)
	}
	if err := json.Unmarshal(body, v); err != nil {
		ts.t.Fatalf("GET %s: %v", path, err)
	}
}

// TestDBPlayersList: every player of the database, with the money and
// HUD of store's queries.
func TestDBPlayersList(t *testing.T) {
	ts := newTrackerServer(t, Config{})
	var got DBPlayersJSON
	ts.getJSON("/api/db/players", &got)
	want, total, err := ts.cfg.HandDB.TrackerPlayers(context.Background(), store.Filter{}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Players) != len(want) || len(want) < 10 || got.Total != total {
		t.Fatalf("%d players of %d, want %d", len(got.Players), got.Total, len(want))
	}
	var few DBPlayersJSON
	ts.getJSON("/api/db/players?min_hands=7&limit=2", &few)
	if len(few.Players) != 2 || few.Players[0].Name != want[0].Name || few.Total < 2 || few.Players[1].Hands < 7 {
		t.Fatalf("min_hands=7&limit=2: %+v", few)
	}
	for _, q := range []string{"min_hands=0", "min_hands=x", "limit=0", "limit=100001"} {
		if code, body := ts.do("GET", "/api/db/players?"+q, "", nil); code != http.StatusBadRequest || !strings.Contains(string(body), strings.Split(q, "=")[0]) {
			t.Errorf("%s: %d %s", q, code, body)
		}
	}
	for i, p := range got.Players {
		w := want[i]
		if p.Name != w.Name || p.Hands != w.HUD.Hands || p.Money.NetBB != w.HUD.Money.NetBB || p.Money.Net != w.HUD.Money.Net || p.Stats["vpip"].Opportunities != w.HUD.Counts[hud.VPIP].Opportunities || p.Stats["vpip"].Taken != w.HUD.Counts[hud.VPIP].Taken {
			t.Fatalf("player %d: %+v, want %+v", i, p, w)
		}
	}
}

// TestDBPlayerPage: a player's results by position add up; an unknown
// player is 404.
func TestDBPlayerPage(t *testing.T) {
	ts := newTrackerServer(t, Config{})
	var p DBPlayerPageJSON
	ts.getJSON("/api/db/players/Hero", &p)
	var hands int64
	for _, pos := range p.Positions {
		hands += pos.Hands
	}
	if p.Name != "Hero" || p.Hands != 13 || hands != p.Hands || len(p.Stats) < 40 {
		t.Fatalf("%+v", p)
	}
	if code, body := ts.do("GET", "/api/db/players/nobody", "", nil); code != http.StatusNotFound || !strings.Contains(string(body), "nobody") {
		t.Fatalf("unknown player: %d %s", code, body)
	}
}

// TestDBHandsListPaged: the hands list in pages of 4 is every hand of
// the player, newest first; bad parameters are 400 naming them.
func TestDBHandsListPaged(t *testing.T) {
	ts := newTrackerServer(t, Config{})
	var all []DBHandRowJSON
	path := "/api/db/players/Hero/hands?limit=4"
	for pages := 0; ; pages++ {
		var page DBHandsJSON
		ts.getJSON(path, &page)
		all = append(all, page.Hands...)
		if page.NextBefore == nil {
			break
		}
		path = fmt.Sprintf("/api/db/players/Hero/hands?limit=4&before=%d", *page.NextBefore)
		if pages > 10 {
			t.Fatal("no end")
		}
	}
	if len(all) != 13 || !slices.IsSortedFunc(all, func(a, b DBHandRowJSON) int { return strings.Compare(b.PlayedAt, a.PlayedAt) }) {
		t.Fatalf("%d hands: %+v", len(all), all)
	}
	for _, h := range all {
		if h.Hole[0] == "" || h.Stakes != "0.01/0.02" {
			t.Fatalf("hand %+v", h)
		}
	}
	for _, c := range []struct{ query, param string }{
		{"limit=0", "limit"}, {"limit=501", "limit"}, {"limit=x", "limit"}, {"before=-1", "before"}, {"before=1e3", "before"},
		{"filter=" + url.QueryEscape("position=BTM"), "col 10"}, {"filter=" + url.QueryEscape("pot=3bet and"), "filter"},
	} {
		code, body := ts.do("GET", "/api/db/players/Hero/hands?"+c.query, "", nil)
		if code != http.StatusBadRequest || !strings.Contains(string(body), c.param) {
			t.Errorf("%s: %d %s", c.query, code, body)
		}
	}
	if code, _ := ts.do("GET", "/api/db/players/nobody/hands", "", nil); code != http.StatusNotFound {
		t.Fatalf("unknown player's hands: %d", code)
	}
}

// TestDBGraph: the cumulative series ends at the player's net in big
// blinds.
func TestDBGraph(t *testing.T) {
	ts := newTrackerServer(t, Config{})
	var g DBGraphJSON
	ts.getJSON("/api/db/players/Hero/graph?points=5", &g)
	var p DBPlayerPageJSON
	ts.getJSON("/api/db/players/Hero", &p)
	last := g.Points[len(g.Points)-1]
	if g.Hands != 13 || len(g.Points) > 5 || last.Hand != 13 || !nearBB(last.WonBB, p.Money.NetBB) || !nearBB(last.AllInEVBB, p.Money.EVBB) ||
		!nearBB(last.ShowdownBB, p.Money.ShowdownBB) || !nearBB(last.NonShowdownBB, p.Money.NonShowdownBB) {
		t.Fatalf("%+v, want 13 hands ending at %+v", g, p.Money)
	}
	for _, q := range []string{"points=1", "points=x", "points=10001", "filter=won%3E"} {
		if code, body := ts.do("GET", "/api/db/players/Hero/graph?"+q, "", nil); code != http.StatusBadRequest || !strings.Contains(string(body), strings.Split(q, "=")[0]) {
			t.Errorf("%s: %d %s", q, code, body)
		}
	}
	if code, _ := ts.do("GET", "/api/db/players/nobody/graph", "", nil); code != http.StatusNotFound {
		t.Fatalf("unknown player's graph: %d", code)
	}
}

func nearBB(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestDBHandReplay: for every stored hand the replay's last step has the
// stored result (starting stack + net, from the SQL rows); prev and next
// walk the hands; the exports parse back to the same hand.
func TestDBHandReplay(t *testing.T) {
	ts := newTrackerServer(t, Config{})
	ids, result := storedResult(t, ts.cfg.HandDB)
	if len(ids) < 20 {
		t.Fatalf("%d hands stored", len(ids))
	}
	for i, id := range ids {
		var h DBHandJSON
		ts.getJSON(fmt.Sprintf("/api/db/hands/%d", id), &h)
		last := h.Steps[len(h.Steps)-1]
		if last.Kind != "result" || !slices.Equal(last.Stacks, result[id]) {
			t.Fatalf("hand %d: last step %+v, stored result %v", id, last, result[id])
		}
		for s, seat := range h.Seats {
			if seat.StartingStack+seat.Net != result[id][s] {
				t.Fatalf("hand %d seat %d: %+v", id, s, seat)
			}
		}
		if (i == 0) != (h.Prev == nil) || (i == len(ids)-1) != (h.Next == nil) || i > 0 && *h.Prev != ids[i-1] || i < len(ids)-1 && *h.Next != ids[i+1] {
			t.Fatalf("hand %d: prev %v next %v", id, h.Prev, h.Next)
		}
		code, phh := ts.do("GET", fmt.Sprintf("/api/db/hands/%d.phh", id), "", nil)
		if code != http.StatusOK {
			t.Fatalf("hand %d.phh: %d", id, code)
		}
		back, err := hh.Parse("export", phh)
		if err != nil || len(back) != 1 {
			t.Fatalf("hand %d.phh: %v", id, err)
		}
		code, txt := ts.do("GET", fmt.Sprintf("/api/db/hands/%d.txt", id), "", nil)
		if code != http.StatusOK {
			t.Fatalf("hand %d.txt: %d", id, code)
		}
		again, rejected, err := hh.ReadAny("export.txt", txt)
		if err != nil || len(rejected) > 0 || len(again) != 1 || again[0].ContentDigest() != back[0].ContentDigest() {
			t.Fatalf("hand %d.txt does not read back as the PHH: %v %v\n%s", id, err, rejected, txt)
		}
	}
	for _, c := range []struct {
		path string
		code int
		msg  string
	}{
		{"/api/db/hands/999999", 404, "999999"}, {"/api/db/hands/abc", 400, "hand"}, {"/api/db/hands/0", 400, "hand"},
		{"/api/db/hands/1.zip", 400, "hand"}, {"/api/db/hands/999999.phh", 404, "999999"},
		{fmt.Sprintf("/api/db/hands/%d?player=nobody", ids[0]), 404, "nobody"},
	} {
		code, body := ts.do("GET", c.path, "", nil)
		if code != c.code || !strings.Contains(string(body), c.msg) {
			t.Errorf("%s: %d %s, want %d", c.path, code, body, c.code)
		}
	}
}

// TestDBRoutesNeedTheKey: on a server with keys the hand database is the
// operators' (a browser session is not enough); without a hand database
// the routes are 404.
func TestDBRoutesNeedTheKey(t *testing.T) {
	key := "0123456789abcdef0123"
	ts := newTrackerServer(t, Config{APIKeys: []string{key}})
	for _, p := range []string{"/api/db/players", "/api/db/players/Hero", "/api/db/players/Hero/hands", "/api/db/hands/1", "/api/db/hands/1.phh"} {
		if code, _ := ts.do("GET", p, "", nil); code != http.StatusUnauthorized {
			t.Errorf("%s without the key: %d", p, code)
		}
		if code, _, _ := ts.send(ts.browser(), "GET", p, nil, ""); code != http.StatusUnauthorized {
			t.Errorf("%s from a browser session: %d", p, code)
		}
		if code, body := ts.do("GET", p, key, nil); code != http.StatusOK {
			t.Errorf("%s with the key: %d %s", p, code, body)
		}
	}
	plain := newTestServer(t, Config{})
	if code, body := plain.do("GET", "/api/db/players", "", nil); code != http.StatusNotFound || !strings.Contains(string(body), "hand database") {
		t.Fatalf("no hand database: %d %s", code, body)
	}
}
