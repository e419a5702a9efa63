package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/internal/app/serve"
	"pokerlab/internal/testsupport/dbtest"
)

// TestTrackerFiltersEqualHud: the tracker's API under a filter (db open's
// server) reports the figures of hud --db --filter on the same database:
// every player's hands, money and summary stats in the list; a player's
// every stat and the groups of --by position on the player page; the hands
// list holds the player's hands hud counts, and the graph ends at its
// money; on SQLite and PostgreSQL.
func TestTrackerFiltersEqualHud(t *testing.T) {
	inputs := append([]string{handhqDir}, siteDirs...)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		dbRunExit(t, ExitError, append([]string{"db", "import", "--db", d.URL}, inputs...)...) // the fixtures' other games are rejected
		io2, _, _ := TestStreams("", true, false)
		urls := make(chan string, 1)
		stop := make(chan struct{})
		done := make(chan error, 1)
		go func() {
			done <- dbOpenRun(&dbOpenOptions{IO: io2, DB: d.URL, Addr: "127.0.0.1:0", NoBrowser: true, ready: func(u string) { urls <- u }, stop: stop})
		}()
		var base string
		select {
		case u := <-urls:
			base = u[:len(u)-len("/tracker.html")]
		case err := <-done:
			t.Fatalf("db open ended: %v", err)
		}
		defer func() {
			close(stop)
			if err := <-done; err != nil {
				t.Error(err)
			}
		}()
		get := func(path string, v any) {
			t.Helper()
			resp, err := http.Get(base + path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusOK || json.Unmarshal(b, v) != nil {
				t.Fatalf("GET %s: %d %s", path, resp.StatusCode, b)
			}
		}
		for _, f := range []string{"", "position=BTN and pot>=3bet", "cards=QQ+,AKs or allin", "showdown and won<-5", "flop and not showdown and seats<=6",
			"stakes=0.5/1 or date>=2010-01-01", "position in (CO, BTN)"} {
			q := "?filter=" + url.QueryEscape(f)
			var h HudJSON
			json.Unmarshal([]byte(dbMustRun(t, "hud", "--db", d.URL, "--json", "--filter", f)), &h)
			var list serve.DBPlayersJSON
			get("/api/db/players"+q+"&limit=100000", &list)
			if len(list.Players) != len(h.Players) || list.Total != len(h.Players) || len(list.Players) == 0 {
				t.Fatalf("%q: %d players listed (of %d), hud has %d", f, len(list.Players), list.Total, len(h.Players))
			}
			api := map[string]HudPlayerJSON{}
			want := map[string]HudPlayerJSON{}
			for _, p := range list.Players {
				api[p.Name] = HudPlayerJSON{Hands: p.Hands, Stats: p.Stats, Money: p.Money}
				w := h.Players[p.Name]
				stats := map[string]serve.HUDStatJSON{}
				for k := range p.Stats {
					stats[k] = w.Stats[k]
				}
				want[p.Name] = HudPlayerJSON{Hands: w.Hands, Stats: stats, Money: w.Money}
			}
			if !samePlayers(api, want) {
				t.Fatalf("%q: the players list differs from hud --db --filter", f)
			}
			// The player with the most hands selected, on its page.
			name := list.Players[0].Name
			var hp HudJSON
			json.Unmarshal([]byte(dbMustRun(t, "hud", "--db", d.URL, "--json", "--filter", f, "--player", name, "--by", "position")), &hp)
			w := hp.Players[name]
			var page serve.DBPlayerPageJSON
			get("/api/db/players/"+url.PathEscape(name)+q, &page)
			if !samePlayers(map[string]HudPlayerJSON{"": {Hands: page.Hands, Stats: page.Stats, Money: page.Money}},
				map[string]HudPlayerJSON{"": {Hands: w.Hands, Stats: w.Stats, Money: w.Money}}) || len(page.Positions) != len(w.Groups) {
				t.Fatalf("%q: %s's page differs from hud --db --filter --player", f, name)
			}
			for i, pos := range page.Positions {
				g := w.Groups[i]
				stats := map[string]serve.HUDStatJSON{}
				for k := range pos.Stats {
					stats[k] = g.Stats[k]
				}
				if pos.Position != g.Key || !samePlayers(map[string]HudPlayerJSON{"": {Hands: pos.Hands, Stats: pos.Stats, Money: pos.Money}},
					map[string]HudPlayerJSON{"": {Hands: g.Hands, Stats: stats, Money: g.Money}}) {
					t.Fatalf("%q: %s in %s differs from hud --by position's group %s", f, name, pos.Position, g.Key)
				}
			}
			// The hands list, every page, and the graph.
			var n int64
			path := "/api/db/players/" + url.PathEscape(name) + "/hands" + q + "&limit=500"
			for {
				var hs serve.DBHandsJSON
				get(path, &hs)
				n += int64(len(hs.Hands))
				if hs.NextBefore == nil {
					break
				}
				path = fmt.Sprintf("/api/db/players/%s/hands%s&limit=500&before=%d", url.PathEscape(name), q, *hs.NextBefore)
			}
			var g serve.DBGraphJSON
			get("/api/db/players/"+url.PathEscape(name)+"/graph"+q, &g)
			var hg HudGraphJSON
			json.Unmarshal([]byte(dbMustRun(t, "hud", "graph", "--db", d.URL, "--player", name, "--filter", f, "--out", filepath.Join(t.TempDir(), "g.svg"), "--json")), &hg)
			last := g.Points[len(g.Points)-1]
			close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
			if n != w.Hands || g.Hands != w.Hands || hg.Hands != w.Hands || !close(last.WonBB, hg.WonBB) || !close(last.AllInEVBB, hg.AllInEVBB) ||
				!close(last.ShowdownBB, hg.ShowdownBB) || !close(last.NonShowdownBB, hg.NonShowdownBB) || !close(last.WonBB, w.Money.NetBB) {
				t.Fatalf("%q: %s: %d hands listed, graph %d hands ending at %+v; hud %d hands, hud graph %+v", f, name, n, g.Hands, last, w.Hands, hg)
			}
		}
		// A filter that does not parse: 400 naming the column.
		resp, err := http.Get(base + "/api/db/players?filter=" + url.QueryEscape("pot=3bet and pos=BTM"))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !json.Valid(b) || !strings.Contains(string(b), "col 18") {
			t.Fatalf("a bad filter: %d %s", resp.StatusCode, b)
		}
	})
}
