package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pokerlab/equity"
	"pokerlab/internal/app/lab"
	"pokerlab/internal/testsupport/browsertest"
	"pokerlab/spot"
)

// startLab runs `pokerlab lab` without a spot (the page builds it) with a
// library in a temporary folder; it returns the page's URL and the folder.
func startLab(t *testing.T) (string, string) {
	t.Helper()
	dir := t.TempDir()
	stop := make(chan struct{})
	urls := make(chan string, 1)
	done := make(chan error, 1)
	io, _, _ := TestStreams("", false, false)
	o := &labOptions{NoBrowser: true, serve: serveOptions{IO: io, Listen: "127.0.0.1:0", LabDir: dir, LabPerMinute: 60, stop: stop}}
	go func() {
		o.serve.labReady = func(u string) { urls <- u }
		done <- labRun(o)
	}()
	t.Cleanup(func() {
		close(stop)
		if err := <-done; err != nil {
			t.Errorf("lab: %v", err)
		}
	})
	select {
	case u := <-urls:
		return u, dir
	case err := <-done:
		t.Fatalf("lab did not start: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("lab did not start")
	}
	return "", ""
}

// labRect is an element's box.
type labRect struct {
	ID         string
	X, Y, W, H float64
}

// labLayoutJS measures the page's panels and the tree browser's parts.
const labLayoutJS = `(() => {
	const r = (e) => { const b = e.getBoundingClientRect(); return {id: e.id, x: b.left + scrollX, y: b.top + scrollY, w: b.width, h: b.height}; };
	const ids = ["builder", "solve", "library", "browser", "compare"];
	const inner = ["crumbs", "actions", "grid", "hover", "groups", "export"];
	return {panels: ids.map((i) => r(document.getElementById(i))), inner: inner.map((i) => r(document.getElementById(i))),
		scrollWidth: document.scrollingElement.scrollWidth, innerWidth};
})()`

type labLayout struct {
	Panels, Inner []labRect
	ScrollWidth   float64
	InnerWidth    float64
}

func (a labRect) overlaps(b labRect) bool {
	return a.X < b.X+b.W-0.5 && b.X < a.X+a.W-0.5 && a.Y < b.Y+b.H-0.5 && b.Y < a.Y+a.H-0.5
}

// checkLabLayout: no panel overlaps another, no part of the tree browser
// overlaps another, nothing is empty, and the page does not scroll
// sideways.
func checkLabLayout(t *testing.T, name string, l labLayout) {
	t.Helper()
	if l.ScrollWidth > l.InnerWidth {
		t.Errorf("%s: the page scrolls sideways: %v > %v", name, l.ScrollWidth, l.InnerWidth)
	}
	for _, set := range [][]labRect{l.Panels, l.Inner} {
		for i, a := range set {
			if a.W <= 0 || a.H <= 0 {
				t.Errorf("%s: #%s is empty: %+v", name, a.ID, a)
			}
			if a.X < 0 || a.X+a.W > l.InnerWidth+0.5 {
				t.Errorf("%s: #%s leaves the window: %+v (width %v)", name, a.ID, a, l.InnerWidth)
			}
			for _, b := range set[i+1:] {
				if a.overlaps(b) {
					t.Errorf("%s: #%s %+v overlaps #%s %+v", name, a.ID, a, b.ID, b)
				}
			}
		}
	}
}

// setValue types v into an input and tells the page.
func setValue(sel, v string) chromedp.Action[chromedp.Void] {
	return js(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event("input", {bubbles: true})); e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, sel, v))
}

// js runs a script for its effect.
func js(script string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[json.RawMessage](script)(ctx, t)
		return chromedp.Void{}, err
	}
}

// waitJS polls a JavaScript condition.
func waitJS(cond string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		deadline := time.Now().Add(90 * time.Second)
		var err error
		for {
			_, err = chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(20*time.Millisecond))(ctx, t)
			// A navigation (the reopened link) can replace the page's
			// execution context under a poll that started in the old one:
			// poll again in the new one.
			if err == nil || !strings.Contains(err.Error(), "Cannot find context with specified id") || time.Now().After(deadline) {
				break
			}
		}
		if err != nil {
			err = fmt.Errorf("waiting for %s: %w", cond, err)
		}
		return chromedp.Void{}, err
	}
}

// clickJS clicks an element once the page has no request under way (a
// late answer redraws the node, replacing its buttons).
func clickJS(sel string) chromedp.Action[chromedp.Void] {
	return waitJS(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || document.body.dataset.busy !== "0") return false; e.click(); return true; })()`, sel))
}

// evalJS evaluates a script (awaiting a promise) into out.
func evalJS(t *testing.T, ctx context.Context, script string, out any) {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](script, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	if out != nil {
		if err := json.Unmarshal(v, out); err != nil {
			t.Fatalf("%s: %v", script, err)
		}
	}
}

// showHand runs `pokerlab spot show FILE --node LINE --hand HAND --json`.
func showHand(t *testing.T, file, line, hand string) SpotHandJSON {
	t.Helper()
	code, out, errOut := run(t, "spot", "show", file, "--node", line, "--hand", hand, "--json")
	if code != 0 {
		t.Fatalf("spot show: exit %d: %s", code, errOut)
	}
	var js SpotShowJSON
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatal(err)
	}
	for _, p := range js.Players {
		for _, h := range p.Hands {
			if h.Hand == hand && h.Strategy != nil {
				return h
			}
		}
	}
	t.Fatalf("spot show: no strategy of %s at %q", hand, line)
	return SpotHandJSON{}
}

// hoverRow reads the strategy (percentages) of one hand from the page's
// hover panel after hovering its class's cell.
func hoverRow(t *testing.T, b *browsertest.Browser, class, hand string) []float64 {
	t.Helper()
	var cells []string
	// Hover until the panel shows the hand (a redraw of the node after a
	// late answer empties it).
	if err := chromedp.Do(b.Ctx,
		waitJS(fmt.Sprintf(`document.querySelector('#grid [data-class=%q]').dispatchEvent(new MouseEvent("mouseenter")), document.body.dataset.busy === "0" && !!document.querySelector('#hover tr[data-hand=%q]')`, class, hand)),
	); err != nil {
		t.Fatal(err)
	}
	evalJS(t, b.Ctx, fmt.Sprintf(`[...document.querySelectorAll('#hover tr[data-hand=%q] td')].map((e) => e.textContent)`, hand), &cells)
	var out []float64
	for _, c := range cells[2:] { // hand, reach, then one per action
		if !strings.HasSuffix(c, "%") {
			break
		}
		x, err := strconv.ParseFloat(strings.TrimSuffix(c, "%"), 64)
		if err != nil {
			t.Fatalf("hover cell %q", c)
		}
		out = append(out, x/100)
	}
	return out
}

// TestLabPageBrowser is the spot lab's acceptance test in Chromium: the
// narrow turn spot built from nothing on the page, solved to Nash and to
// the QRE at λ*, a node two actions deep read from the page and checked
// against `spot show --json` on the library's .pls files, the λ slider
// moved, a grid exported, the layout checked at 1280×800 and 768×1024,
// the link reopened, and a solve cancelled from the page within a second.
func TestLabPageBrowser(t *testing.T) {
	start := time.Now()
	b := browsertest.Start(t, 1280, 800)
	url, dir := startLab(t)
	t.Logf("%v: lab started", time.Since(start))
	shots := t.TempDir()
	if *labShots != "" {
		shots = *labShots
	}
	shot := func(name string) {
		png, err := chromedp.Run(b.Ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(shots, name), png, 0o644)
	}
	// Build the spot: board, pot and stack, sizes, both ranges (one cell
	// painted, the rest typed).
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(url),
		waitJS(`document.body.dataset.ready === "1"`),
	}
	for _, c := range []string{"Td", "9d", "6h", "Qc"} {
		actions = append(actions, chromedp.Click(fmt.Sprintf(`#board-picker [data-card=%q]`, c)))
	}
	actions = append(actions,
		setValue("#pot", "200"), setValue("#stack", "900"),
		setValue("#add-allin", "0"), setValue("#force-allin", "0"), setValue("#merging", "0"), setValue("#max-raises", "0"),
		setValue("#bet-turn-oop", "60%"), setValue("#raise-turn-oop", ""), setValue("#bet-river-oop", "60%"), setValue("#raise-river-oop", ""),
		setValue("#bet-turn-ip", "60%"), setValue("#raise-turn-ip", ""), setValue("#bet-river-ip", "60%"), setValue("#raise-river-ip", ""),
		chromedp.Click(`#range-grid [data-class="QQ"]`),
		waitJS(`document.querySelector("#range-text").value === "QQ"`),
		setValue("#range-text", "QQ,TT,99,AQs,KQs,JTs,87s,A5s"),
		chromedp.Click("#range-ip"),
		setValue("#range-text", "JJ,88,AQs,KJs,QTs,T8s,65s,A4s"),
		waitJS(`document.querySelector("#range-grid [data-class='KJs']").classList.contains("on")`),
		waitJS(`document.querySelector("#estimate").textContent.startsWith("Tree:")`),
		setValue("#target", "0.3"), setValue("#lambdas", "10"), setValue("#auto-pct", "1"),
		// Keep every status the QRE's progress shows.
		js(`window.qreStatus = []; new MutationObserver(() => { const t = document.querySelector("#status").textContent; if (t.startsWith("QRE:")) window.qreStatus.push(t); }).observe(document.querySelector("#status"), {childList: true, characterData: true, subtree: true})`),
		chromedp.Click("#solve-btn"),
		waitJS(`document.querySelector("#status").dataset.state === "solved"`),
		waitJS(`document.querySelector("#grid").children.length === 169 && document.querySelector("#node-info").textContent.includes("OOP to act")`),
	)
	if err := chromedp.Do(b.Ctx, actions...); err != nil {
		t.Fatal(err)
	}
	t.Logf("%v: built and solved", time.Since(start))
	// The QRE's progress: λ reached and the exploitability, with an ETA
	// toward a λ once the path supports one, "unknown" otherwise.
	var statuses []string
	evalJS(t, b.Ctx, `window.qreStatus`, &statuses)
	var measured, eta bool
	for _, st := range statuses {
		measured = measured || strings.Contains(st, "λ = ") && strings.Contains(st, "% of the pot")
		eta = eta || strings.Contains(st, "→ ") && strings.Contains(st, "ETA ") && !strings.Contains(st, "ETA unknown")
		if !strings.Contains(st, "ETA ") {
			t.Errorf("QRE status without an ETA: %q", st)
		}
	}
	if !measured || !eta {
		t.Errorf("the QRE's progress never showed λ and exploitability (%v) or an ETA (%v): %q", measured, eta, statuses)
	}
	checkRangeText(t, b)
	// The page built the narrow turn spot: the same spot, hence the same id.
	src, err := os.ReadFile("../../../spot/testdata/turn-Td9d6hQc-narrow.toml")
	if err != nil {
		t.Fatal(err)
	}
	narrow, err := spot.ParseSpot(string(src), "narrow")
	if err != nil {
		t.Fatal(err)
	}
	var hash string
	evalJS(t, b.Ctx, `location.hash`, &hash)
	if id := lab.SpotID(narrow); !strings.Contains(hash, "spot="+id) {
		t.Fatalf("the page's spot %s is not the narrow turn spot %s", hash, id)
	}
	// Two actions deep: OOP checks, IP bets 120; OOP to act.
	if err := chromedp.Do(b.Ctx,
		clickJS(`#actions [data-action="x"]`),
		waitJS(`document.querySelector('#crumbs').textContent.includes("check")`),
		clickJS(`#actions [data-action="b120"]`),
		waitJS(`document.querySelector('#crumbs').textContent.includes("bet 120") && !!document.querySelector('#actions [data-action="c"]')`),
	); err != nil {
		t.Fatal(err)
	}
	var info lab.SpotInfo
	evalJS(t, b.Ctx, `fetch("/api/spots/`+lab.SpotID(narrow)+`").then((r) => r.json())`, &info)
	var star float64
	for _, q := range info.QRE {
		if q.Star {
			star = q.Lambda
		}
	}
	if info.Nash == nil || star == 0 || len(info.QRE) != 2 {
		t.Fatalf("solved: %+v", info)
	}
	check := func(view, file string) {
		// The hand whose strategy is the most mixed at the node.
		var pick struct{ Hand, Class string }
		evalJS(t, b.Ctx, `fetch("/api/spots/`+lab.SpotID(narrow)+`/node?line=x%20b120&view=`+strings.Fields(view)[0]+`").then((r) => r.json()).then((v) => {
			let best = v.hands[0];
			for (const h of v.hands) if (Math.min(...h.strategy) > Math.min(...best.strategy)) best = h;
			return {hand: best.hand, class: best.class};
		})`, &pick)
		hand, class := pick.Hand, pick.Class
		got := hoverRow(t, b, class, hand)
		want := showHand(t, filepath.Join(dir, file), "x b120", hand)
		if len(got) != len(want.Strategy) {
			t.Fatalf("%s: page %v, spot show %v", view, got, want.Strategy)
		}
		for a := range got {
			if math.Abs(got[a]-want.Strategy[a]) > 0.0005+1e-9 { // the page rounds to 0.1 %
				t.Errorf("%s: %s action %d: page %.4f, spot show %.6f", view, hand, a, got[a], want.Strategy[a])
			}
		}
		t.Logf("%s at x b120, %s: page %v, spot show %v", view, hand, got, want.Strategy)
	}
	check("nash", "spot.pls")
	if err := chromedp.Do(b.Ctx,
		clickJS("#view-qre"),
		waitJS(`document.querySelector("#node-info").textContent.includes("qre")`),
	); err != nil {
		t.Fatal(err)
	}
	check("qre λ*", "spot-lambda"+strconv.FormatFloat(star, 'g', -1, 64)+".pls")
	// Move the λ slider to the first λ: the value shown and the QRE grid
	// follow, and the difference grid is drawn.
	var lamText, diffFreq string
	if err := chromedp.Do(b.Ctx,
		setValue("#lambda", "0"),
		waitJS(`document.querySelector("#lambda-val").textContent === "10.00"`),
		waitJS(`document.querySelector("#node-info").textContent.includes("λ = 10.00")`),
	); err != nil {
		t.Fatal(err)
	}
	evalJS(t, b.Ctx, `document.querySelector("#lambda-val").textContent`, &lamText)
	evalJS(t, b.Ctx, `document.querySelector('#cmp-diff [data-class="KQs"]').dataset.freq`, &diffFreq)
	if tv, err := strconv.ParseFloat(diffFreq, 64); err != nil || !(tv > 0 && tv <= 1) {
		t.Fatalf("difference grid at λ = %s: KQs %q", lamText, diffFreq)
	}
	// Export the grid: a PNG and an SVG of this node.
	var exported []string
	evalJS(t, b.Ctx, `Promise.all(["exp-png", "exp-svg"].map((id) => fetch(document.getElementById(id).href).then(async (r) => r.status + " " + r.headers.get("content-type") + " " + (await r.arrayBuffer()).byteLength)))`, &exported)
	for i, want := range []string{"200 image/png ", "200 image/svg+xml "} {
		n, _ := strconv.Atoi(strings.TrimPrefix(exported[i], want))
		if !strings.HasPrefix(exported[i], want) || n < 2000 {
			t.Errorf("export %d: %s", i, exported[i])
		}
	}
	t.Logf("%v: node checked, slider moved, grid exported", time.Since(start))
	// Layout at both sizes.
	var l labLayout
	if err := chromedp.Do(b.Ctx, chromedp.EmulateViewport(1280, 800), chromedp.Sleep(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	evalJS(t, b.Ctx, labLayoutJS, &l)
	checkLabLayout(t, "1280×800", l)
	shot("lab-1280x800.png")
	if err := chromedp.Do(b.Ctx, chromedp.EmulateViewport(768, 1024), chromedp.Sleep(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	evalJS(t, b.Ctx, labLayoutJS, &l)
	checkLabLayout(t, "768×1024", l)
	shot("lab-768x1024.png")
	if err := chromedp.Do(b.Ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	// The link reopens the same spot, node and view.
	var link, crumbs, nodeInfo string
	evalJS(t, b.Ctx, `document.getElementById("permalink").href`, &link)
	if err := chromedp.Do(b.Ctx,
		chromedp.Navigate("about:blank"),
		chromedp.Navigate(link),
		waitJS(`document.querySelector('#crumbs').textContent.includes("bet 120") && document.querySelector("#node-info").textContent.includes("qre")`),
	); err != nil {
		t.Fatal(err)
	}
	evalJS(t, b.Ctx, `document.querySelector("#crumbs").textContent`, &crumbs)
	evalJS(t, b.Ctx, `document.querySelector("#node-info").textContent`, &nodeInfo)
	if !strings.Contains(nodeInfo, "qre (λ = 10.00)") || !strings.Contains(crumbs, "check") {
		t.Errorf("the link %s opened %q, %q", link, crumbs, nodeInfo)
	}
	t.Logf("%v: layout checked, link reopened", time.Since(start))
	// Cancel a long solve from the page: it stops within a second.
	var stopped string
	var elapsed float64
	if err := chromedp.Do(b.Ctx,
		clickJS("#do-qre"),
		setValue("#target", "0.00001"),
		clickJS("#solve-btn"),
		waitJS(`document.querySelector("#status").textContent.startsWith("Nash: iteration") && !document.querySelector("#cancel-btn").disabled`),
		js(`window.cancelStart = performance.now()`),
		chromedp.Click("#cancel-btn"),
		waitJS(`document.querySelector("#status").dataset.stopped !== undefined`),
	); err != nil {
		t.Fatal(err)
	}
	evalJS(t, b.Ctx, `(performance.now() - window.cancelStart) / 1000`, &elapsed)
	evalJS(t, b.Ctx, `document.querySelector("#status").dataset.stopped`, &stopped)
	if err := chromedp.Do(b.Ctx, waitJS(`document.querySelector("#status").dataset.state === "cancelled"`)); err != nil {
		t.Fatal(err)
	}
	// The server's stop is measured by the server (Lab.Cancel: the solve
	// acknowledged); the page's answer includes the click, the request and
	// the rendering in a browser sharing two cores with the other test
	// binaries (1.07 s seen under that load), so it is only bounded well
	// above the poll's 20 ms: a page that never answers fails the wait above.
	if s, err := strconv.ParseFloat(stopped, 64); err != nil || s > 1 || elapsed > 5 {
		t.Errorf("cancel: the server stopped the solve in %s s, the page saw it after %.3f s", stopped, elapsed)
	}
	t.Logf("cancelled: the solve stopped in %s s, the page answered in %.3f s", stopped, elapsed)
	t.Logf("%v: cancelled", time.Since(start))
	checkBuilderSpot(t, b)
	t.Logf("%v: per-player and donk sizes built, a bad size shown at its field", time.Since(start))
	checkBuilderRoundTrip(t, b)
	t.Logf("%v: every test spot loaded and written back", time.Since(start))
	if errs := b.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}

// handSpot is the spot checkBuilderSpot builds through the page, written
// by hand: different OOP and IP sizes on each street, donk sizes on the
// turn (and none on the river: OOP checks there after calling), the
// thresholds, rake and a raise cap.
const handSpot = `board = "Td9d6hQc"
pot = 200
stack = 900
oop = "QQ,TT,99,AQs,KQs,JTs,87s,A5s"
ip = "JJ,88,AQs,KJs,QTs,T8s,65s,A4s"
add_allin = 1.2
force_allin = 0.1
merging = 0.05
rake = 0.05
rake_cap = 10
max_raises = 1
[sizes.turn]
donk = "25%"
[sizes.turn.oop]
bet = "33%, 75%"
raise = "3x"
[sizes.turn.ip]
bet = "50%"
raise = "2.5x, a"
[sizes.river]
donk = ""
[sizes.river.oop]
bet = "e"
raise = ""
[sizes.river.ip]
bet = "60%, 120%"
raise = "2x"
`

// layeredSpot writes its sizes at every level of [sizes], so that only
// the server's order (street and player, then street, then player, then
// [sizes]) reads it right, with comments and a literal string.
const layeredSpot = `# sizes at every level
board = "Td 9d 6h Qc"   # spaces allowed
pot = 200
stack = 900
oop = 'QQ,TT,99,AQs,KQs,JTs,87s,A5s'
ip = "JJ,88,AQs,KJs,QTs,T8s,65s,A4s"
[sizes]
bet = "60%, a"
raise = "2.5x"
donk = "50%"
[sizes.ip]
bet = "75%"        # IP on every street but the turn
[sizes.turn]
bet = "33%"        # the street beats the player
[sizes.river]
donk = ""
[sizes.river.oop]
bet = "33%, 75%"   # street and player beat both
raise = "3x"
`

// checkBuilderSpot builds handSpot through the page's fields (the board
// and ranges of the narrow turn spot are still there), solves it and
// checks that the spot the server holds (GET /api/spots/{id}/toml) is the
// one written by hand; then a bad size is shown next to its field.
func checkBuilderSpot(t *testing.T, b *browsertest.Browser) {
	t.Helper()
	want, err := spot.ParseSpot(handSpot, "hand")
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(b.Ctx,
		setValue("#add-allin", "1.2"), setValue("#force-allin", "0.1"), setValue("#merging", "0.05"), setValue("#max-raises", "1"),
		setValue("#rake", "0.05"), setValue("#rake-cap", "10"),
		setValue("#bet-turn-oop", "33%, 75%"), setValue("#raise-turn-oop", "3x"), setValue("#bet-turn-ip", "50%"), setValue("#raise-turn-ip", "2.5x, a"),
		setValue("#bet-river-oop", "e"), setValue("#raise-river-oop", ""), setValue("#bet-river-ip", "60%, 120%"), setValue("#raise-river-ip", "2x"),
		clickJS("#donk-on-turn"), setValue("#donk-turn", "25%"), clickJS("#donk-on-river"), setValue("#donk-river", ""),
		setValue("#target", "1"),
		waitJS(`!document.querySelector("#do-qre").checked && !document.querySelector("#solve-btn").disabled`),
		clickJS("#solve-btn"),
		waitJS(`location.hash.includes("spot=`+lab.SpotID(want)+`") && document.querySelector("#status").dataset.state === "solved"`),
	); err != nil {
		var hash, page string
		evalJS(t, b.Ctx, `location.hash`, &hash)
		evalJS(t, b.Ctx, `window.labBuilder.toTOML()`, &page)
		t.Fatalf("building the hand-written spot %s: %v (page at %s with\n%s)", lab.SpotID(want), err, hash, page)
	}
	var held string
	evalJS(t, b.Ctx, `fetch("/api/spots/`+lab.SpotID(want)+`/toml").then((r) => r.text())`, &held)
	got, err := spot.ParseSpot(held, "server")
	if err != nil {
		t.Fatalf("the server's TOML: %v\n%s", err, held)
	}
	if lab.SpotID(got) != lab.SpotID(want) || !reflect.DeepEqual(got.Sizes[spot.Turn:], want.Sizes[spot.Turn:]) || !reflect.DeepEqual(got.Donk, want.Donk) ||
		got.AddAllIn != want.AddAllIn || got.ForceAllIn != want.ForceAllIn || got.Merging != want.Merging ||
		got.Rake != want.Rake || got.RakeCap != want.RakeCap || got.MaxRaises != want.MaxRaises {
		t.Errorf("the server holds\n%s\nnot the spot written by hand\n%s", held, want.Format())
	}
	// A size without its unit: the server's error is shown at the field.
	var note string
	if err := chromedp.Do(b.Ctx,
		setValue("#bet-river-ip", "60, 120%"),
		waitJS(`!!document.querySelector('.ferr[data-for="sizes.river.ip.bet"]') && document.querySelector("#bet-river-ip").classList.contains("bad")`),
	); err != nil {
		t.Fatal(err)
	}
	evalJS(t, b.Ctx, `document.querySelector('.ferr[data-for="sizes.river.ip.bet"]').textContent`, &note)
	if !strings.Contains(note, `"60"`) {
		t.Errorf("the error at the river's IP bet sizes: %q", note)
	}
	if err := chromedp.Do(b.Ctx,
		setValue("#bet-river-ip", "60%, 120%"),
		waitJS(`!document.querySelector(".ferr") && document.querySelector("#estimate").textContent.startsWith("Tree:")`),
	); err != nil {
		t.Fatal(err)
	}
}

// argsTOML writes a postflop-solver driver's .args spot (the key=value
// lines of spot/testdata/postflop; thresholds 0 unless given) as a spot
// file.
func argsTOML(t *testing.T, path string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kv := map[string]string{"add_allin": "0", "force_allin": "0", "merging": "0"}
	for _, l := range strings.Split(string(src), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok {
			kv[k] = v
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "board = %q\npot = %s\nstack = %s\noop = %q\nip = %q\n", kv["board"], kv["pot"], kv["stack"], kv["oop"], kv["ip"])
	for _, k := range []string{"add_allin", "force_allin", "merging"} {
		fmt.Fprintf(&b, "%s = %s\n", k, kv[k])
	}
	fmt.Fprintf(&b, "[sizes]\nbet = %q\nraise = %q\n", kv["bet"], kv["raise"])
	for _, st := range []string{"flop", "turn", "river"} {
		fmt.Fprintf(&b, "[sizes.%s]\n", st)
		for _, k := range []string{"bet", "raise", "donk"} {
			if v, ok := kv[st+"_"+k]; ok {
				fmt.Fprintf(&b, "%s = %q\n", k, v)
			}
		}
	}
	return b.String()
}

// checkBuilderRoundTrip loads every spot of spot/testdata, of
// spot/testdata/postflop, handSpot and layeredSpot through the page's file input; the
// lab gets the file's spot and the builder, written back (what Download
// TOML saves), is the same spot: the same id.
func checkBuilderRoundTrip(t *testing.T, b *browsertest.Browser) {
	t.Helper()
	files := map[string]string{"hand.toml": handSpot, "layered.toml": layeredSpot}
	tomls, _ := filepath.Glob("../../../spot/testdata/*.toml")
	args, _ := filepath.Glob("../../../spot/testdata/postflop/*/*.args")
	if len(tomls) < 4 || len(args) < 12 {
		t.Fatalf("test spots: %d TOML, %d args", len(tomls), len(args))
	}
	for _, f := range tomls {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(f)] = string(src)
	}
	for _, f := range args {
		files[filepath.Base(filepath.Dir(f))+"-"+strings.TrimSuffix(filepath.Base(f), ".args")+".toml"] = argsTOML(t, f)
	}
	dir := t.TempDir()
	loads := 0
	evalJS(t, b.Ctx, `Number(document.body.dataset.loads || 0)`, &loads)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		sp, err := spot.ParseSpot(files[name], name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		loads++
		id := lab.SpotID(sp)
		if err := chromedp.Do(b.Ctx,
			chromedp.SetUploadFiles("#load-toml", []string{path}),
			waitJS(fmt.Sprintf(`Number(document.body.dataset.loads) === %d && document.body.dataset.busy === "0"`, loads)),
		); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var hash, back, shown string
		evalJS(t, b.Ctx, `location.hash`, &hash)
		evalJS(t, b.Ctx, `window.labBuilder.toTOML()`, &back)
		evalJS(t, b.Ctx, `document.querySelectorAll("#board-sel .card").length + " " + document.querySelector("#error").textContent`, &shown)
		// A spot beyond the lab's memory is refused (413): the fields are
		// then filled by the page's own reading of the file.
		tooBig := strings.Contains(shown, "--lab-memory")
		if !tooBig && !strings.Contains(hash, "spot="+id) || !strings.HasPrefix(shown, fmt.Sprintf("%d ", len(sp.Board))) || !tooBig && shown != fmt.Sprintf("%d ", len(sp.Board)) {
			t.Errorf("%s: the page opened %s, shows %q; want spot %s and %d board cards", name, hash, shown, id, len(sp.Board))
			continue
		}
		// The page's own reading of the file (what it shows when the
		// server refuses one) gives the same spot too.
		var raw string
		js, _ := json.Marshal(files[name])
		evalJS(t, b.Ctx, `(window.labBuilder.fromTOML(`+string(js)+`), window.labBuilder.toTOML())`, &raw)
		for _, w := range []struct{ how, src string }{{"loaded", back}, {"read by the page", raw}} {
			got, err := spot.ParseSpot(w.src, "page")
			if err != nil {
				t.Errorf("%s %s: the builder writes a spot the server refuses: %v\n%s", name, w.how, err, w.src)
				continue
			}
			if lab.SpotID(got) != id {
				t.Errorf("%s %s and written back: spot %s is not %s:\n%s\nwant\n%s", name, w.how, lab.SpotID(got), id, got.Format(), sp.Format())
			}
		}
	}
}

var labShots = flag.String("lab-shots", "", "TestLabPageBrowser: keep the screenshots in this directory")

// checkRangeText: the page's range text, parsed and written back, means
// the same combinations and weights as equity.ParseRange (the server's
// parser) reads from the original, for every form of the notation.
func checkRangeText(t *testing.T, b *browsertest.Browser) {
	t.Helper()
	texts := []string{"QQ+,AKs,A5s:0.5", "JJ-88,AQs-ATs,K9-K6", "A5s+,KTo+,AT+", "AsKs,AhKh:0.25,random:0.1", "22+:0.7,AK", "T9s,98s:0.333,87o"}
	js, _ := json.Marshal(texts)
	var got []struct {
		Text   string
		Combos map[string]float64
	}
	evalJS(t, b.Ctx, `import("/lab/range.js").then((m) => `+string(js)+`.map((t) => {
		const text = m.formatRange(m.parseRange(t));
		const w = m.parseRange(text), combos = {};
		for (let a = 0; a < 52; a++) for (let c = 0; c < a; c++) if (w[a * 52 + c] > 0) combos[m.holeName(a, c)] = w[a * 52 + c];
		return {text, combos};
	}))`, &got)
	for i, in := range texts {
		r, err := equity.ParseRange(in)
		if err != nil {
			t.Fatal(err)
		}
		back, err := equity.ParseRange(got[i].Text)
		if err != nil {
			t.Fatalf("%q written back as %q: %v", in, got[i].Text, err)
		}
		want := map[string]float64{}
		for _, c := range r.Combos() {
			want[c.Hole.String()] = c.Weight
			if back.Weight(c.Hole) != c.Weight {
				t.Errorf("%q written back as %q: %s weighs %v, not %v", in, got[i].Text, c.Hole, back.Weight(c.Hole), c.Weight)
			}
		}
		if len(back.Combos()) != len(want) || len(got[i].Combos) != len(want) {
			t.Errorf("%q: %d combos, written back %d, page %d", in, len(want), len(back.Combos()), len(got[i].Combos))
		}
		for h, x := range got[i].Combos {
			if want[h] != x {
				t.Errorf("%q: the page weighs %s %v, the server %v", in, h, x, want[h])
			}
		}
	}
}
