package serve

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pokerlab/cards"
	"pokerlab/handeval"
	"pokerlab/hh"
	"pokerlab/internal/app/table"
	"pokerlab/internal/testsupport/browsertest"
)

var shots = flag.String("shots", "", "TestTablePageBrowser: keep the screenshots in this directory (default: the test's temporary directory)")

// rect is an element's box in page coordinates (CSS pixels).
type rect struct {
	Kind, ID   string
	X, Y, W, H float64
}

func (a rect) overlaps(b rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// layoutJS measures the table page: the seats, their HUD boxes, the
// board, the action bar and the session's stat boxes; the visible buttons
// of the action bar; the viewer's cards; the page's scroll width.
const layoutJS = `(() => {
	const r = (kind, id, e) => { const b = e.getBoundingClientRect(); return {kind, id, x: b.left + scrollX, y: b.top + scrollY, w: b.width, h: b.height}; };
	const boxes = [];
	for (const e of document.querySelectorAll(".seat")) boxes.push(r("seat", e.dataset.seat, e));
	for (const e of document.querySelectorAll(".seat .hud")) boxes.push(r("hud", e.closest(".seat").dataset.seat, e));
	boxes.push(r("board", "", document.getElementById("board")));
	boxes.push(r("controls", "", document.getElementById("controls")));
	for (const e of document.querySelectorAll("#stats .stat")) boxes.push(r("stat", e.id, e));
	const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
	return {
		boxes,
		buttons: [...document.querySelectorAll("#controls button")].filter(visible).map((e) => r("button", e.id, e)),
		cards: [...document.querySelectorAll(".seat.me .card, #board .card")].map((e) => r("card", e.dataset.card || "", e)),
		scrollWidth: document.scrollingElement.scrollWidth, innerWidth,
	};
})()`

type layout struct {
	Boxes, Buttons, Cards []rect
	ScrollWidth           float64
	InnerWidth            float64
}

// checkLayout asserts that nothing of the table overlaps, that everything
// is inside the viewport's width (no horizontal scroll), and on a phone
// that the buttons are at least 40 px tall and the cards at least 40 px
// wide.
func checkLayout(t *testing.T, name string, l layout, phone bool, seats int) {
	t.Helper()
	if l.ScrollWidth > l.InnerWidth {
		t.Errorf("%s: the page scrolls sideways: scroll width %v > %v", name, l.ScrollWidth, l.InnerWidth)
	}
	kinds := map[string]int{}
	for i, a := range l.Boxes {
		kinds[a.Kind]++
		if a.W <= 0 || a.H <= 0 {
			t.Errorf("%s: %s %s is empty: %+v", name, a.Kind, a.ID, a)
		}
		if a.X < 0 || a.X+a.W > l.InnerWidth+0.01 {
			t.Errorf("%s: %s %s sticks out of the %v px viewport: %+v", name, a.Kind, a.ID, l.InnerWidth, a)
		}
		for _, b := range l.Boxes[i+1:] {
			if a.Kind == "seat" && b.Kind == "hud" && a.ID == b.ID {
				continue // a seat's HUD is inside it
			}
			if a.overlaps(b) {
				t.Errorf("%s: %s %s overlaps %s %s: %+v, %+v", name, a.Kind, a.ID, b.Kind, b.ID, a, b)
			}
		}
	}
	if kinds["seat"] != seats || kinds["hud"] != seats-1 || kinds["stat"] != 3 || kinds["board"] != 1 || kinds["controls"] != 1 {
		t.Errorf("%s: measured %v, want %d seats, %d HUD boxes, the board, the action bar, 3 stats", name, kinds, seats, seats-1)
	}
	if len(l.Buttons) < 4 {
		t.Errorf("%s: %d buttons visible in the action bar", name, len(l.Buttons))
	}
	for _, b := range l.Buttons {
		if b.X < 0 || b.X+b.W > l.InnerWidth+0.01 {
			t.Errorf("%s: button %s sticks out: %+v", name, b.ID, b)
		}
		if phone && b.H < 40 {
			t.Errorf("%s: button %s is %.0f px tall, want at least 40", name, b.ID, b.H)
		}
	}
	for _, c := range l.Cards {
		if phone && c.W < 40 {
			t.Errorf("%s: card %s is %.0f px wide, want at least 40", name, c.ID, c.W)
		}
	}
}

// pageControls is what the action bar shows.
type pageControls struct {
	Step, Myturn string
	Labels       map[string]string // button id → label, "" when hidden
	Amount       string
}

const controlsJS = `(() => {
	const labels = {};
	for (const id of ["fold", "call", "raise", "allin"]) {
		const b = document.getElementById(id);
		labels[id] = getComputedStyle(b).visibility === "hidden" || b.disabled ? "" : b.querySelector(".label").textContent;
	}
	return {step: document.body.dataset.step, myturn: document.body.dataset.myturn, labels, amount: document.getElementById("amount").value};
})()`

// chips formats an amount as the page does (en-US grouping).
func chips(x int64) string {
	s := fmt.Sprint(x)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// wantLabels are the labels of the legal actions in st (the viewer to
// act), with the bet or raise at amount.
func wantLabels(st table.State, amount int64) map[string]string {
	w := map[string]string{"fold": "Fold", "call": "Check", "raise": "", "allin": ""}
	me := st.Seats[st.You-1]
	var call *table.LegalAction
	for i, l := range st.Legal {
		switch l.Action {
		case "call":
			call = &st.Legal[i]
			w["call"] = "Call " + chips(l.Amount)
		case "bet":
			w["raise"] = "Bet " + chips(amount)
			w["allin"] = "All-in " + chips(l.Max)
		case "raise":
			w["raise"] = "Raise to " + chips(amount)
			w["allin"] = "All-in " + chips(l.Max)
		}
	}
	if w["allin"] == "" && call != nil && call.Amount >= me.Stack {
		w["allin"] = "All-in " + chips(call.Amount)
	}
	return w
}

// styleNames are the page's short names of the archetypes.
var styleNames = map[string]string{"nit": "Nit", "tag": "TAG", "lag": "LAG", "calling-station": "Station", "maniac": "Maniac", "regular": "Reg"}

// hudLine is the seat's HUD line as the page should show it: style, then
// target/measured VPIP and PFR in percent, rounded half up as
// Number.toFixed does.
func hudLine(h SeatHUD) string {
	pct := func(x *float64) string {
		if x == nil {
			return "–"
		}
		return fmt.Sprint(math.Round(100 * *x))
	}
	pair := func(k string) string {
		tg := h.Target[k]
		return pct(&tg) + "/" + pct(h.Measured[k].Value)
	}
	return fmt.Sprintf("%s · VPIP %s · PFR %s", styleNames[h.Profile], pair("vpip"), pair("pfr"))
}

// TestTablePageBrowser checks the table page in headless Chromium at a
// desktop size (1280×800) and a phone's (375×667): nothing overlaps or
// sticks out, the buttons name the legal actions with their amounts at
// every turn across the streets (and the presets and slider size the bet
// by the pot), every shown hand's rank is the evaluator's name of the
// cards on the board, the session panel adds up to the API's results, a
// stored hand replays to its recorded finishing stacks, and each NPC's
// HUD line has its profile's targets and the measured stats.
func TestTablePageBrowser(t *testing.T) {
	t.Parallel()
	br := browsertest.Start(t, 1280, 800)
	ctx := br.Ctx
	ts := newTestServer(t, Config{Tables: table.Options{HandPause: 300 * time.Millisecond, ActionTimeout: time.Minute}})
	dir := *shots
	if dir == "" {
		dir = t.TempDir()
	}
	c := ts.create(`{"small_blind": 5, "big_blind": 10, "stack": 1000, "seed": 12,
		"seats": [{"name": "me", "human": true}, {"name": "Nina", "profile": "nit"}, {"name": "Tom", "profile": "tag"},
			{"name": "Lara", "profile": "lag"}, {"name": "Cal", "profile": "calling-station"}, {"name": "Max", "profile": "maniac"}]}`)
	id, token := c.TableID, c.Tokens["me"]
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.http.URL+"/")); err != nil {
		t.Fatal(err)
	}
	step, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	run := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(step, actions...); err != nil {
			t.Fatal(err)
		}
	}
	eval := func(js string, out any) {
		t.Helper()
		v, err := chromedp.Run(step, chromedp.Evaluate[json.RawMessage](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		if out != nil {
			if err := json.Unmarshal(v, out); err != nil {
				t.Fatalf("%s: %v", js, err)
			}
		}
	}
	seats, _ := json.Marshal(map[string]any{id: map[string]string{"name": "me", "token": token}})
	eval(fmt.Sprintf(`localStorage.setItem("pokerlab.seats", %q); location.hash = "#/table/%s"; true`, seats, id), nil)
	// shot writes the whole page, and with a "-screen" name the
	// viewport alone (what a phone shows without scrolling).
	shot := func(name string) {
		t.Helper()
		grab := chromedp.FullScreenshot(100)
		if strings.HasSuffix(name, "-screen") {
			eval(`window.scrollTo(0, 0); true`, nil)
			grab = chromedp.CaptureScreenshot()
		}
		png, err := chromedp.Run(step, grab)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name+".png")
		if err := os.WriteFile(p, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot %s", p)
	}
	// The bodies of the page's actions, to check that each names the
	// decision it answers.
	eval(`window.actionBodies = []; { const f = window.fetch; window.fetch = (u, o) => {
		if (o && o.method === "POST" && String(u).endsWith("/actions")) window.actionBodies.push(JSON.parse(o.body));
		return f(u, o); }; } true`, nil)
	desktop := chromedp.EmulateViewport(1280, 800)
	phone := chromedp.EmulateViewport(375, 667, chromedp.EmulateMobile, chromedp.EmulateScale(2))
	run(desktop)

	// Play: check or call at every turn, with a slider move and a preset
	// first, until a few hands with showdowns are done and the layout has
	// been measured on the flop or later.
	ways := []string{"key c", "click call", "key c"}
	last, lastOver := "", ""
	turns, showdowns, measured := 0, 0, false
	for hands := 0; hands < 40 && (showdowns < 2 || !measured || hands < 4); {
		var ev struct {
			Kind, Step string
			Hand       int64
			Board      []string
			Seats      []struct {
				Seat  int
				Cards []string
				Rank  string
			}
			Outcome []string
		}
		v, err := chromedp.Run(step, chromedp.PollFunction[json.RawMessage](`(last, lastOver) => {
			const b = document.body.dataset;
			if (b.status === "hand_over" && b.hand !== lastOver) {
				return {kind: "over", hand: +b.hand, board: [...document.querySelectorAll("#board .card")].map((c) => c.dataset.card),
					seats: [...document.querySelectorAll(".seat")].map((s) => ({seat: +s.dataset.seat,
						cards: [...s.querySelectorAll(".card")].map((c) => c.dataset.card || ""), rank: s.querySelector(".rank").textContent})),
					outcome: [...document.querySelectorAll("#outcome .win")].map((e) => e.textContent)};
			}
			if (b.myturn === "1" && b.step !== last) return {kind: "turn", step: b.step};
			return false;
		}`, chromedp.WithPollingArgs(last, lastOver), chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
		if err != nil {
			t.Fatalf("waiting for a turn or a hand's end: %v", err)
		}
		if err := json.Unmarshal(v, &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Kind == "over" {
			// Every face-up hand but a folded one is named, and named as
			// the evaluator names its cards on the board.
			lastOver = fmt.Sprint(ev.Hand)
			hands++
			shown := 0
			for _, s := range ev.Seats {
				if len(s.Cards) != 2 || s.Cards[0] == "" || s.Cards[1] == "" {
					if s.Rank != "" {
						t.Errorf("hand %d: seat %d has no cards face up but the rank %q", ev.Hand, s.Seat, s.Rank)
					}
					continue
				}
				if len(ev.Board) < 3 {
					continue
				}
				set, err := cards.ParseSet(strings.Join(append(slices.Clone(ev.Board), s.Cards...), " "))
				if err != nil {
					t.Fatal(err)
				}
				want := handeval.Eval(set).Describe()
				if s.Seat != 1 || s.Rank != "" { // the viewer's folded hand is not named
					if s.Rank != want {
						t.Errorf("hand %d: seat %d shows %v on %v named %q, want %q", ev.Hand, s.Seat, s.Cards, ev.Board, s.Rank, want)
					}
				}
				if s.Seat != 1 {
					shown++
				}
			}
			if shown > 0 {
				showdowns++
				if showdowns == 1 {
					shot("desktop-showdown")
				}
				if len(ev.Outcome) == 0 || !strings.Contains(strings.Join(ev.Outcome, " "), " wins ") {
					t.Errorf("hand %d: a showdown and no winner shown: %q", ev.Hand, ev.Outcome)
				}
			}
			continue
		}
		last = ev.Step
		st := ts.state(id, token)
		if st.ToAct != st.You || fmt.Sprintf("%d:%d", st.Hand, len(st.Actions)) != ev.Step {
			t.Fatalf("the page is at %s and its turn, the API at %d:%d with seat %d to act", ev.Step, st.Hand, len(st.Actions), st.ToAct)
		}
		var raise *table.LegalAction
		var toCall int64
		for i, l := range st.Legal {
			if l.Action == "bet" || l.Action == "raise" {
				raise = &st.Legal[i]
			}
			if l.Action == "call" {
				toCall = l.Amount
			}
		}
		var pc pageControls
		eval(controlsJS, &pc)
		amount := int64(0)
		if raise != nil {
			amount = raise.Min
		}
		if want := wantLabels(st, amount); !maps.Equal(pc.Labels, want) {
			t.Errorf("%s on the %s: buttons %q, want %q (legal %+v)", ev.Step, st.Street, pc.Labels, want, st.Legal)
		}
		if raise != nil && turns%2 == 0 {
			// The presets: ½, ⅔ and the whole pot (after the call), and
			// the slider.
			me := st.Seats[st.You-1]
			for _, p := range []struct {
				id   string
				frac float64
			}{{"#half", 1.0 / 2}, {"#twothirds", 2.0 / 3}, {"#potsize", 1}} {
				run(chromedp.Click(p.id))
				to := int64(math.Round(float64(me.Bet+toCall) + p.frac*float64(st.Pot+toCall)))
				to = max(raise.Min, min(raise.Max, to))
				eval(controlsJS, &pc)
				if want := wantLabels(st, to); pc.Amount != fmt.Sprint(to) || !maps.Equal(pc.Labels, want) {
					t.Errorf("%s: %s pot sets %s and %q, want %d and %q", ev.Step, p.id, pc.Amount, pc.Labels, to, want)
				}
			}
			to := raise.Min + (raise.Max-raise.Min)/4
			eval(fmt.Sprintf(`(() => { const s = document.getElementById("slider"); s.value = %d; s.dispatchEvent(new Event("input")); return true })()`, to), nil)
			eval(controlsJS, &pc)
			if want := wantLabels(st, to); !maps.Equal(pc.Labels, want) {
				t.Errorf("%s: the slider at %d: %q, want %q", ev.Step, to, pc.Labels, want)
			}
		}
		if !measured && len(st.Board) >= 3 {
			// The layout, with a board, bets and the action bar live.
			measured = true
			for _, size := range []struct {
				name  string
				vp    chromedp.Action[chromedp.Void]
				phone bool
			}{{"desktop", desktop, false}, {"phone", phone, true}} {
				run(size.vp, chromedp.Sleep(150*time.Millisecond))
				var l layout
				eval(layoutJS, &l)
				checkLayout(t, size.name, l, size.phone, 6)
				shot(size.name)
				if size.phone {
					shot(size.name + "-screen")
				}
			}
			run(desktop)
		}
		switch ways[turns%len(ways)] {
		case "key c":
			run(chromedp.KeyEvent("c"))
		default:
			run(chromedp.Click("#call"))
		}
		turns++
		var body struct {
			Action   string
			Hand     int64
			Decision int
			N        int
		}
		eval(`(() => { const b = window.actionBodies; return {...b[b.length - 1], n: b.length}; })()`, &body)
		if body.N != turns || body.Hand != st.Hand || body.Decision != st.Decision {
			t.Errorf("%s: action %d sent %+v, want hand %d decision %d", ev.Step, turns, body, st.Hand, st.Decision)
		}
	}
	if showdowns < 2 || !measured {
		t.Fatalf("%d showdowns; layout measured: %v", showdowns, measured)
	}

	// The session panel: hands, chips won, bb/100 and the graph's points
	// are the API's (polled: the page loads the hands after each hand).
	var ps struct {
		Hands, Won, BB100, Points, Last string
		List                            int
	}
	var want [5]string
	deadline := time.Now().Add(10 * time.Second)
	for {
		eval(`(() => ({hands: document.getElementById("st-hands").dataset.value, won: document.getElementById("st-won").dataset.value,
			bb100: document.getElementById("st-bb100").dataset.value, points: document.getElementById("graph").dataset.points,
			last: document.getElementById("graph").dataset.last, list: document.querySelectorAll("#handlist .handbtn").length}))()`, &ps)
		st := ts.state(id, token)
		played := st.Hand - 1
		if st.Status == table.StatusHandOver {
			played = st.Hand
		}
		net := st.Seats[st.You-1].Net
		want = [5]string{fmt.Sprint(played), fmt.Sprint(net), fmt.Sprint(float64(net) / float64(st.BigBlind) / float64(played) * 100), fmt.Sprint(played), fmt.Sprint(net)}
		got := [5]string{ps.Hands, ps.Won, ps.BB100, ps.Points, ps.Last}
		if got == want && ps.List == int(min(played, 20)) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("session panel: hands, won, bb/100, graph points, graph end %q and %d hands listed; want %q and %d", got, ps.List, want, min(played, 20))
		}
		time.Sleep(20 * time.Millisecond)
	}

	// The replay of the newest hand in the list, stepped to its end: the
	// recorded finishing stacks, the board, one step per action.
	var num int64
	eval(`+document.querySelector("#handlist .handbtn").dataset.hand`, &num)
	run(chromedp.Click("#handlist .handbtn"))
	code, out := ts.do("GET", fmt.Sprintf("/api/tables/%s/hands?after=%d&limit=1", id, num-1), token, nil)
	if code != http.StatusOK {
		t.Fatalf("hand %d: %d %s", num, code, out)
	}
	hs, err := hh.Parse("hand", out)
	if err != nil || len(hs) != 1 {
		t.Fatalf("hand %d: %v", num, err)
	}
	h := hs[0]
	var board []string
	steps := 2 // the deal and the result
	for _, a := range h.Actions {
		if a.Kind == hh.DealHole {
			continue
		}
		steps++
		if a.Kind == hh.DealBoard {
			for _, c := range a.Cards[:a.NCards] {
				board = append(board, c.String())
			}
		}
	}
	var rp struct {
		Steps  string
		Board  []string
		Stacks []int64
	}
	const replayJS = `(() => ({steps: document.getElementById("replay").dataset.steps,
		board: [...document.querySelectorAll("#rboard .card")].map((c) => c.dataset.card),
		stacks: [...document.querySelectorAll("#rseats td[data-stack]")].map((e) => +e.dataset.stack)}))()`
	eval(replayJS, &rp)
	if rp.Steps != fmt.Sprint(steps) || len(rp.Board) != 0 {
		t.Errorf("hand %d's replay: %s steps starting with board %v, want %d from none", num, rp.Steps, rp.Board, steps)
	}
	for range steps - 1 {
		run(chromedp.Click("#rnext"))
	}
	eval(replayJS, &rp)
	if !slices.Equal(rp.Board, board) || !slices.Equal(rp.Stacks, h.FinishingStacks) {
		t.Errorf("hand %d replayed to board %v stacks %v, want %v %v", num, rp.Board, rp.Stacks, board, h.FinishingStacks)
	}

	// Each NPC's HUD line: its style with target/measured VPIP and PFR,
	// as GET /hud says; the box opens to the other stats.
	var huds []SeatHUD
	deadline = time.Now().Add(10 * time.Second)
	for {
		code, out := ts.do("GET", "/api/tables/"+id+"/hud", "", nil)
		if code != http.StatusOK {
			t.Fatalf("hud: %d %s", code, out)
		}
		huds = nil
		if err := json.Unmarshal(out, &huds); err != nil {
			t.Fatal(err)
		}
		var lines map[string]string
		eval(`Object.fromEntries([...document.querySelectorAll(".seat .hud summary")].map((e) => [e.closest(".seat").dataset.seat, e.textContent]))`, &lines)
		bad := ""
		for _, h := range huds {
			if w := hudLine(h); lines[fmt.Sprint(h.Seat)] != w {
				bad += fmt.Sprintf("seat %d %q, want %q; ", h.Seat, lines[fmt.Sprint(h.Seat)], w)
			}
		}
		if len(huds) == 5 && bad == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("HUD lines: %s(%d NPCs)", bad, len(huds))
		}
		time.Sleep(20 * time.Millisecond)
	}
	run(chromedp.Click(`.seat[data-seat="3"] .hud summary`))
	var pop string
	eval(`document.querySelector('.seat[data-seat="3"] .hudpop').innerText`, &pop)
	for _, w := range []string{"TAG", "3-bet", "AF", "WTSD", "target", "measured"} {
		if !strings.Contains(pop, w) {
			t.Errorf("the expanded HUD lacks %q: %q", w, pop)
		}
	}
	run(phone, chromedp.Sleep(150*time.Millisecond))
	shot("phone-replay-hud")

	// A full table of nine, with long names, fits both sizes too.
	c9 := ts.create(`{"small_blind": 50, "big_blind": 100, "stack": 100000, "seed": 3,
		"seats": [{"name": "me", "human": true}, {"name": "Bartholomew the Third", "profile": "nit"}, {"name": "Tom", "profile": "tag"},
			{"name": "Lara", "profile": "lag"}, {"name": "Cal", "profile": "calling-station"}, {"name": "Max", "profile": "maniac"},
			{"name": "Rita", "profile": "regular"}, {"name": "Ned", "profile": "nit"}, {"name": "Maximilian Longname", "profile": "lag"}]}`)
	seats, _ = json.Marshal(map[string]any{c9.TableID: map[string]string{"name": "me", "token": c9.Tokens["me"]}})
	run(desktop)
	eval(fmt.Sprintf(`localStorage.setItem("pokerlab.seats", %q); location.hash = "#/table/%s"; true`, seats, c9.TableID), nil)
	if _, err := chromedp.Run(step, chromedp.Poll[bool](`document.body.dataset.myturn === "1" && document.querySelectorAll(".seat").length === 9 &&
		document.querySelectorAll(".seat .hud .hudpop").length === 8 && document.getElementById("st-hands").dataset.value !== undefined`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the table of nine: %v", err)
	}
	for _, size := range []struct {
		name  string
		vp    chromedp.Action[chromedp.Void]
		phone bool
	}{{"nine-desktop", desktop, false}, {"nine-phone", phone, true}} {
		run(size.vp, chromedp.Sleep(150*time.Millisecond))
		var l layout
		eval(layoutJS, &l)
		checkLayout(t, size.name, l, size.phone, 9)
		shot(size.name)
		if size.phone {
			shot(size.name + "-screen")
		}
	}

	// The lobby fits the phone too.
	eval(`location.hash = "#/"; true`, nil)
	run(chromedp.WaitVisible("#sitdown"), chromedp.Sleep(100*time.Millisecond))
	var widths [2]float64
	eval(`[document.scrollingElement.scrollWidth, innerWidth]`, &widths)
	if widths[0] > widths[1] {
		t.Errorf("the lobby scrolls sideways on a phone: %v > %v", widths[0], widths[1])
	}
	shot("phone-lobby")
	if errs := br.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
	t.Logf("%d turns, %d showdowns", turns, showdowns)
}
