package serve

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/browsertest"
	"pokerlab/store"
	"pokerlab/store/filter"
)

var trackerShots = flag.String("tracker-screenshots", "", "write screenshots of the tracker page (players, a player, the replayer at 1280 and 768 px) to this directory")

// unitsText writes v units of 10^-dec as the page does ("1,241.00").
func unitsText(v int64, dec int) string {
	neg := v < 0
	if neg {
		v = -v
	}
	s := strconv.FormatInt(v, 10)
	frac := ""
	if dec > 0 {
		for len(s) <= dec {
			s = "0" + s
		}
		s, frac = s[:len(s)-dec], "."+s[len(s)-dec:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s + frac
}

// TestTrackerInBrowser drives the tracker page in headless Chromium over
// real imported hands (a PokerStars file and a GGPoker file in a SQLite
// database): the players list, a player's page (graph, positions, hands),
// and the replayer for every hand of the files, stepped to the end with
// the keys and the buttons: the final stacks it shows are the stored
// result (starting stack + net from the SQL rows). Next and previous walk
// the hands in the order played; each hand's export links download PHH
// and PokerStars text that read back as the stored hand. It checks the
// layout at 1280×800 and 768 px wide, and a console free of errors.
func TestTrackerInBrowser(t *testing.T) {
	t.Parallel()
	br := browsertest.Start(t, 1280, 800)
	ctx := br.Ctx
	ts := newTrackerServer(t, Config{})
	ids, result := storedResult(t, ts.cfg.HandDB)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.http.URL+"/tracker.html")); err != nil {
		t.Fatal(err)
	}
	step, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	run := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(step, actions...); err != nil {
			t.Fatal(err)
		}
	}
	poll := func(js string) {
		t.Helper()
		if _, err := chromedp.Run(step, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			t.Fatalf("waiting for %s: %v", js, err)
		}
	}
	eval := func(js string, out any) {
		t.Helper()
		v, err := chromedp.Run(step, chromedp.Evaluate[json.RawMessage](js))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(v, out); err != nil {
			t.Fatalf("%s: %v", js, err)
		}
	}
	run(chromedp.EmulateViewport(1280, 800))
	shot := func(name string) {
		t.Helper()
		if *trackerShots == "" {
			return
		}
		png, err := chromedp.Run(step, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*trackerShots, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	noOverflow := func(what string) {
		t.Helper()
		var wide bool
		eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &wide)
		if wide {
			t.Errorf("%s: the page is wider than the window", what)
		}
	}

	// The players list: every player, sortable.
	players, _, err := ts.cfg.HandDB.TrackerPlayers(context.Background(), store.Filter{}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	poll(fmt.Sprintf(`document.querySelectorAll("#playerrows tr").length === %d`, len(players)))
	var first string
	eval(`document.querySelector("#playerrows tr").dataset.player`, &first)
	if first != "Hero" { // the most hands, sorted by hands at first
		t.Errorf("first row %q, want Hero", first)
	}
	noOverflow("players")
	shot("players.png")

	// The player page: the graph ends at the net in big blinds; the
	// positions and the hands are listed.
	run(chromedp.Click(`#playerrows tr[data-player="Hero"] a`))
	poll(`document.body.dataset.view === "player" && document.querySelectorAll("#handrows tr").length === 13`)
	hero := players[slices.IndexFunc(players, func(p store.TrackerPlayer) bool { return p.Name == "Hero" })]
	var lines map[string]float64
	eval(`Object.fromEntries([...document.querySelectorAll("#pgraph polyline")].map((l) => [l.dataset.key, +l.dataset.last]))`, &lines)
	_, nsdBB := hero.HUD.Money.NonShowdown()
	for k, want := range map[string]float64{"won_bb": hero.HUD.Money.NetBB, "allin_ev_bb": hero.HUD.Money.EVBB, "showdown_bb": hero.HUD.Money.ShowdownBB,
		"non_showdown_bb": nsdBB} {
		if got, ok := lines[k]; !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("the graph's %s line ends at %g (drawn %v), want %g", k, got, ok, want)
		}
	}
	var positions int
	eval(`document.querySelectorAll("#posrows tr").length`, &positions)
	if positions < 4 {
		t.Errorf("%d positions", positions)
	}
	// The list has the money columns.
	var listed bool
	eval(`["allin_ev_bb_per_100", "showdown_bb", "non_showdown_bb", "rake_bb"].every((k) => document.querySelector('#playerrows tr[data-player="Hero"] td[data-key="' + k + '"]'))`, &listed)
	if !listed {
		t.Error("the players list lacks a money column")
	}
	noOverflow("player")
	shot("player.png")
	// The filter box filters everything on the page: the totals, the
	// positions, the graph and the hands, with the store's count.
	for _, text := range []string{"position=BTN", "won>0 or showdown", "cards=22+,A2+,K2+,Q2+"} {
		e, err := filter.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		f := store.Filter{Player: "Hero", Expr: e}
		ids, err := ts.cfg.HandDB.HandIDs(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		want, _, err := ts.cfg.HandDB.TrackerPlayerByName(context.Background(), "Hero", f)
		if err != nil {
			t.Fatal(err)
		}
		run(chromedp.SetValue("#filter", text), chromedp.Click("#filter"), chromedp.KeyEvent(kb.Enter))
		js, _ := json.Marshal(text)
		poll(fmt.Sprintf(`document.body.dataset.filtered === %s && document.querySelectorAll("#handrows tr").length === %d`, js, len(ids)))
		var got struct {
			Tile, Graph string
			Positions   []string
		}
		eval(`({tile: document.querySelector("#ptiles [data-hands]").dataset.hands, graph: document.getElementById("pgraph").dataset.hands,
			positions: [...document.querySelectorAll("#posrows tr")].map((r) => r.dataset.position)})`, &got)
		var wantPos []string
		for _, p := range want.Positions {
			wantPos = append(wantPos, p.Position)
		}
		if got.Tile != strconv.Itoa(len(ids)) || got.Graph != strconv.Itoa(len(ids)) || !slices.Equal(got.Positions, wantPos) || int64(len(ids)) != want.HUD.Hands {
			t.Errorf("filter %s: the page shows %+v, the store %d hands in %v", text, got, len(ids), wantPos)
		}
		if len(ids) == 0 || len(ids) == 13 {
			t.Errorf("filter %s selects %d of Hero's 13 hands: choose one that tells", text, len(ids))
		}
	}
	// A filter the server refuses: its message, with the column.
	run(chromedp.SetValue("#filter", "position=BTM"), chromedp.Click("#filter"), chromedp.KeyEvent(kb.Enter))
	poll(`document.getElementById("filtererr").textContent.includes("col 10") && document.querySelectorAll("#handrows tr").length === 0`)
	var cleared bool
	eval(`document.getElementById("filter").value = ""; true`, &cleared)
	run(chromedp.Click("#filter"), chromedp.KeyEvent(kb.Enter))
	poll(`document.getElementById("filtererr").textContent === "" && document.querySelectorAll("#handrows tr").length === 13`)
	run(chromedp.EmulateViewport(768, 1024))
	noOverflow("player at 768 px")
	run(chromedp.EmulateViewport(1280, 800))

	// The replayer, from the oldest hand of all to the newest.
	run(chromedp.Navigate(ts.http.URL + fmt.Sprintf("/tracker.html#/hand/%d", ids[0])))
	for i, id := range ids {
		poll(fmt.Sprintf(`document.body.dataset.view === "hand" && document.body.dataset.hand === "%d" && !document.body.dataset.loading && document.body.dataset.step === "0"`, id))
		var steps int
		eval(`+document.body.dataset.steps`, &steps)
		var h DBHandJSON
		ts.getJSON(fmt.Sprintf("/api/db/hands/%d", id), &h)
		// Step to the end: the arrow key, the button, or by streets.
		for s := 1; s < steps; s++ {
			switch i % 3 {
			case 0:
				run(chromedp.KeyEvent(kb.ArrowRight))
			case 1:
				run(chromedp.Click("#snext"))
			default:
				if s%2 == 0 {
					run(chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
				} else {
					run(chromedp.KeyEvent(kb.ArrowRight))
				}
			}
			poll(fmt.Sprintf(`document.body.dataset.step === "%d"`, s))
		}
		var shown struct {
			Stacks []int64
			Texts  []string
			Kind   string
		}
		eval(`(() => { const seats = [...document.querySelectorAll("#rfelt .seat")].sort((a, b) => a.dataset.seat - b.dataset.seat);
			return {stacks: seats.map((s) => +s.querySelector(".stack").dataset.stack), texts: seats.map((s) => s.querySelector(".stack").textContent),
			kind: document.body.dataset.kind}; })()`, &shown)
		if shown.Kind != "result" || !slices.Equal(shown.Stacks, result[id]) {
			t.Fatalf("hand %d: the replayer ends (%s) with %v, stored %v", id, shown.Kind, shown.Stacks, result[id])
		}
		for s, text := range shown.Texts {
			if !strings.HasSuffix(text, unitsText(result[id][s], h.Decimals)) {
				t.Fatalf("hand %d seat %d: shows %q for %d units", id, s+1, text, result[id][s])
			}
		}
		// Street by street from the start reaches the end too.
		if i == 0 {
			run(chromedp.KeyEvent(kb.Home))
			poll(`document.body.dataset.step === "0"`)
			for range steps {
				run(chromedp.KeyEvent(kb.ArrowDown))
			}
			poll(fmt.Sprintf(`document.body.dataset.step === "%d"`, steps-1))
			run(chromedp.KeyEvent(kb.ArrowUp))
			poll(fmt.Sprintf(`+document.body.dataset.step < %d`, steps-1))
			run(chromedp.KeyEvent(kb.End))
			poll(fmt.Sprintf(`document.body.dataset.step === "%d"`, steps-1))
		}
		// The export links.
		var links struct{ PHH, Txt, PHHName string }
		eval(`({phh: document.getElementById("xphh").href, txt: document.getElementById("xtxt").href, phhName: document.getElementById("xphh").download})`, &links)
		if links.PHHName != fmt.Sprintf("hand-%d.phh", id) {
			t.Errorf("hand %d: the PHH link downloads as %q", id, links.PHHName)
		}
		phh := httpGet(t, links.PHH)
		txt := httpGet(t, links.Txt)
		a, err := hh.Parse("export.phh", phh)
		if err != nil || len(a) != 1 {
			t.Fatalf("hand %d: the PHH link: %v", id, err)
		}
		b, _, err := hh.ReadAny("export.txt", txt)
		if err != nil || len(b) != 1 || b[0].ContentDigest() != a[0].ContentDigest() {
			t.Fatalf("hand %d: the PokerStars link does not read back as the PHH: %v", id, err)
		}
		if i == len(ids)/2 {
			shot("hand-1280.png")
			run(chromedp.EmulateViewport(768, 1024))
			noOverflow(fmt.Sprintf("hand %d at 768 px", id))
			shot("hand-768.png")
			run(chromedp.EmulateViewport(1280, 800))
			noOverflow(fmt.Sprintf("hand %d at 1280 px", id))
		}
		// The next hand: the key, or the button.
		var disabled bool
		eval(`document.getElementById("hnext").disabled`, &disabled)
		if disabled != (i == len(ids)-1) {
			t.Fatalf("hand %d of %d: next disabled %v", i, len(ids), disabled)
		}
		if i < len(ids)-1 {
			if i%2 == 0 {
				run(chromedp.KeyEvent("n"))
			} else {
				run(chromedp.Click("#hnext"))
			}
		}
	}
	// And back.
	run(chromedp.KeyEvent("p"))
	poll(fmt.Sprintf(`document.body.dataset.hand === "%d" && !document.body.dataset.loading`, ids[len(ids)-2]))
	// A link to a step.
	run(chromedp.Navigate(ts.http.URL + fmt.Sprintf("/tracker.html#/hand/%d?step=result", ids[0])))
	poll(fmt.Sprintf(`document.body.dataset.hand === "%d" && document.body.dataset.kind === "result"`, ids[0]))
	run(chromedp.Navigate(ts.http.URL + fmt.Sprintf("/tracker.html#/hand/%d?step=2", ids[1])))
	poll(fmt.Sprintf(`document.body.dataset.hand === "%d" && document.body.dataset.step === "1"`, ids[1]))
	if errs := br.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
	t.Logf("replayed %d hands in the page", len(ids))
}

func httpGet(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", url, resp.StatusCode, err)
	}
	return b
}

// TestTrackerInBrowserAsksForTheKey: on a server with keys the page asks
// for one, reads the database with it, and exports through it.
func TestTrackerInBrowserAsksForTheKey(t *testing.T) {
	t.Parallel()
	br := browsertest.Start(t, 1280, 800)
	key := "0123456789abcdef0123"
	ts := newTrackerServer(t, Config{APIKeys: []string{key}})
	if err := chromedp.Do(br.Ctx, chromedp.Navigate(ts.http.URL+"/tracker.html")); err != nil {
		t.Fatal(err)
	}
	step, cancel := context.WithTimeout(br.Ctx, 60*time.Second)
	defer cancel()
	poll := func(js string) {
		t.Helper()
		if _, err := chromedp.Run(step, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			t.Fatalf("waiting for %s: %v", js, err)
		}
	}
	poll(`document.body.dataset.view === "auth"`)
	if err := chromedp.Do(step, chromedp.SetValue("#key", key), chromedp.Click(`#keyform button`)); err != nil {
		t.Fatal(err)
	}
	poll(`document.body.dataset.view === "players" && document.querySelectorAll("#playerrows tr").length > 10`)
	// An export with the key: the page fetches it with the header.
	ids, _ := storedResult(t, ts.cfg.HandDB)
	if err := chromedp.Do(step, chromedp.Navigate(ts.http.URL+fmt.Sprintf("/tracker.html#/hand/%d", ids[0]))); err != nil {
		t.Fatal(err)
	}
	poll(fmt.Sprintf(`document.body.dataset.hand === "%d"`, ids[0]))
	// The page's click on the link fetches with the key and saves the
	// blob through a link of its own: catch the blob and that link's
	// click (the page's policy lets nothing fetch a blob: URL).
	if _, err := chromedp.Run(step, chromedp.Evaluate[bool](`window.saved = new Promise((done) => {
		const blobs = new Map(), make = URL.createObjectURL;
		URL.createObjectURL = (b) => { const u = make(b); blobs.set(u, b); return u; };
		const click = HTMLAnchorElement.prototype.click;
		HTMLAnchorElement.prototype.click = function () {
			if (!blobs.has(this.href)) return click.call(this);
			blobs.get(this.href).text().then((text) => done({name: this.download, text}));
		};
	}); true`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(step, chromedp.Click("#xphh")); err != nil {
		t.Fatal(err)
	}
	saved, err := chromedp.Run(step, chromedp.Evaluate[struct{ Name, Text string }](`window.saved`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if hs, err := hh.Parse("export", []byte(saved.Text)); err != nil || len(hs) != 1 || saved.Name != fmt.Sprintf("hand-%d.phh", ids[0]) {
		t.Fatalf("the export with the key: %q %v %.100q", saved.Name, err, saved.Text)
	}
	if errs := br.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}
