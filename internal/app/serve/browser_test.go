package serve

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pokerlab/internal/testsupport/browsertest"

	"pokerlab/hh"
	"pokerlab/internal/app/table"
)

var screenshot = flag.String("screenshot", "", "write a screenshot of the table page to this file (README's docs/img/serve.png)")

// TestPlayInBrowser plays 30 hands through the web page in headless
// Chromium: it creates the table in the lobby, then acts with clicks on the
// buttons, the slider and the preset sizes, and the keyboard shortcuts.
// Before each action it checks that the page shows what the API says (the
// human's cards, every stack, the board); after it, that the hand's
// history has the action the page sent. The console must stay free of
// errors. CI sets POKERLAB_REQUIRE_BROWSER=1: no browser is a failure.
func TestPlayInBrowser(t *testing.T) {
	t.Parallel() // long and independent: the package's time is the longest, not the sum
	br := browsertest.Start(t, 1480, 960)
	ctx := br.Ctx
	ts := newTestServer(t, Config{Tables: table.Options{HandPause: 40 * time.Millisecond, ActionTimeout: time.Minute}})
	// The first step starts the browser and must not carry a timeout.
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.http.URL+"/")); err != nil {
		t.Fatal(err)
	}
	step, cancelStep := context.WithTimeout(ctx, 60*time.Second)
	defer cancelStep()
	run := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(step, actions...); err != nil {
			t.Fatal(err)
		}
	}
	poll := func(js string, timeout time.Duration) {
		t.Helper()
		if _, err := chromedp.Run(step, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			t.Fatalf("waiting for %s: %v", js, err)
		}
	}
	eval := func(js string, out any) {
		t.Helper()
		v, err := chromedp.Run(step, chromedp.Evaluate[json.RawMessage](js))
		if err != nil {
			t.Fatal(err)
		}
		if out != nil {
			if err := json.Unmarshal(v, out); err != nil {
				t.Fatalf("%s: %v", js, err)
			}
		}
	}

	// The lobby: six seats by default (the human and five archetypes).
	run(chromedp.WaitVisible("#sitdown"))
	poll(`document.querySelectorAll("#seatrows tr").length === 6`, 10*time.Second)
	// Three seats (the human, a nit and a TAG) keep the test short; the
	// screenshot keeps all six.
	npcs := 5
	if *screenshot == "" {
		for range 3 {
			run(chromedp.Click("#seatrows tr:last-child button"))
		}
		npcs = 2
		poll(`document.querySelectorAll("#seatrows tr").length === 3`, 10*time.Second)
	}
	run(chromedp.SetValue("#seed", "42"), chromedp.SetValue("#stack", "300"), chromedp.Click("#sitdown"))
	poll(`+document.body.dataset.hand >= 1`, 20*time.Second)
	var loc string
	eval(`location.hash`, &loc)
	id := strings.TrimPrefix(loc, "#/table/")
	var token string
	eval(`JSON.parse(localStorage.getItem("pokerlab.seats"))["`+id+`"].token`, &token)
	if token == "" {
		t.Fatal("the page kept no token")
	}

	ways := []string{"click call", "key c", "slider raise", "key h+r", "click call", "preset pot", "key c", "click fold", "key a", "key f"}
	done, acts, last := 0, 0, ""
	for done < 30 {
		// The next turn (a step hand:actions after the one just acted in),
		// and what the page shows then, in one round trip.
		var page struct {
			Hole, Board []string
			Stacks      []int64
			Over        bool
		}
		snap, err := chromedp.Run(step, chromedp.PollFunction[json.RawMessage](`(last) => {
			const b = document.body.dataset;
			if (+b.hand > 30 && b.myturn !== "1") return {over: true};
			if (b.myturn !== "1" || b.step === last) return false;
			return {hole: [...document.querySelectorAll(".seat.me .card")].map(c => c.dataset.card),
				board: [...document.querySelectorAll("#board .card")].map(c => c.dataset.card),
				stacks: [...document.querySelectorAll(".seat")].sort((a, b) => a.dataset.seat - b.dataset.seat).map(s => +s.querySelector(".stack").dataset.stack)};
		}`, chromedp.WithPollingArgs(last), chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
		if err != nil {
			t.Fatalf("waiting for the human's turn: %v", err)
		}
		if err := json.Unmarshal(snap, &page); err != nil {
			t.Fatal(err)
		}
		st := ts.state(id, token)
		done = int(st.Hand) - 1
		if st.Status == table.StatusHandOver {
			done = int(st.Hand)
		}
		if page.Over {
			continue
		}
		if st.ToAct != st.You {
			t.Fatalf("the page says it is my turn, the API says seat %d", st.ToAct)
		}
		last = fmt.Sprintf("%d:%d", st.Hand, len(st.Actions))
		// The page shows the API's state.
		var stacks []int64
		for _, s := range st.Seats {
			stacks = append(stacks, s.Stack)
		}
		if !slices.Equal(page.Hole, st.Hole) || !slices.Equal(page.Board, st.Board) || !slices.Equal(page.Stacks, stacks) {
			t.Fatalf("hand %d: the page shows hole %v board %v stacks %v; the API %v %v %v", st.Hand, page.Hole, page.Board, page.Stacks, st.Hole, st.Board, stacks)
		}
		// Act one of the ways.
		var raise *table.LegalAction
		for i := range st.Legal {
			if st.Legal[i].Action == "bet" || st.Legal[i].Action == "raise" {
				raise = &st.Legal[i]
			}
		}
		way := ways[acts%len(ways)]
		if strings.Contains(way, "raise") || strings.Contains(way, "pot") || strings.Contains(way, "+r") || way == "key a" {
			if raise == nil {
				way = "key c"
			}
		}
		me := fmt.Sprintf("p%d ", slices.Index(st.PHHSeats, st.You)+1)
		call := "cc"
		var want string
		switch way {
		case "click call":
			run(chromedp.Click("#call"))
			want = me + call
		case "key c":
			run(chromedp.KeyEvent("c"))
			want = me + call
		case "click fold":
			run(chromedp.Click("#fold"))
			want = me + "f"
		case "key f":
			run(chromedp.KeyEvent("f"))
			want = me + "f"
		case "slider raise":
			to := raise.Min + (raise.Max-raise.Min)/3
			eval(fmt.Sprintf(`(() => { const s = document.getElementById("slider"); s.value = %d; s.dispatchEvent(new Event("input")); return s.value })()`, to), nil)
			run(chromedp.Click("#raise"))
			want = fmt.Sprintf("%scbr %d", me, to)
		case "key a":
			run(chromedp.KeyEvent("a"))
			want = fmt.Sprintf("%scbr %d", me, raise.Max)
		case "key h+r", "preset pot":
			if way == "key h+r" {
				run(chromedp.KeyEvent("h"))
			} else {
				run(chromedp.Click("#potsize"))
			}
			var amount string
			eval(`document.getElementById("amount").value`, &amount)
			if way == "preset pot" {
				run(chromedp.Click("#raise"))
			} else {
				run(chromedp.KeyEvent("r"))
			}
			want = me + "cbr " + amount
		}
		acts++
		// The hand's history has the action: in the state if the hand goes
		// on, else in the stored hand.
		n := len(st.Actions)
		deadline := time.Now().Add(10 * time.Second)
		for {
			after := ts.state(id, token)
			var got []string
			switch {
			case after.Hand == st.Hand && len(after.Actions) > n:
				got = after.Actions
			case after.Hand > st.Hand || after.Status == table.StatusHandOver:
				got = storedActions(t, ts, id, token, st.Hand)
			}
			if got != nil {
				if len(got) <= n || got[n] != want {
					t.Fatalf("hand %d: after %q the history has %v, want %q at %d", st.Hand, way, got, want, n)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("hand %d: %q had no effect", st.Hand, way)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	if acts < 30 {
		t.Errorf("%d actions in 30 hands", acts)
	}
	// The HUD beside every NPC, with counts.
	poll(fmt.Sprintf(`document.querySelectorAll(".seat .hud").length === %d`, npcs), 10*time.Second)
	var hud string
	eval(`document.querySelector(".seat .hud").textContent`, &hud)
	if !strings.Contains(hud, "VPIP") || !strings.Contains(hud, "hands") {
		t.Errorf("HUD box: %q", hud)
	}
	// The download of the session's hands.
	run(chromedp.Click("#dlphh"))
	if *screenshot != "" {
		poll(`document.body.dataset.myturn === "1"`, 20*time.Second)
		run(chromedp.KeyEvent("h"), chromedp.Sleep(300*time.Millisecond))
		eval(`window.scrollTo(0, 0)`, nil)
		shot, err := chromedp.Run(step, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if errs := br.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
	t.Logf("%d actions through the page in %d hands", acts, done)
}

// storedActions returns the actions of a stored hand as the human may see
// them (hh.Write of the download).
func storedActions(t *testing.T, ts *testServer, id, token string, hand int64) []string {
	t.Helper()
	code, out := ts.do("GET", fmt.Sprintf("/api/tables/%s/hands?after=%d&limit=1", id, hand-1), token, nil)
	if code != http.StatusOK {
		return nil // not stored yet
	}
	hs, err := hh.Parse("download", out)
	if err != nil || len(hs) != 1 {
		return nil
	}
	var lines []string
	in := false
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "actions = ["):
			in = true
		case in && line == "]":
			in = false
		case in:
			lines = append(lines, strings.Trim(strings.TrimSuffix(line, ","), `'"`))
		}
	}
	return lines
}
