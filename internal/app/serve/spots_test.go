package serve

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"pokerlab/internal/app/lab"
)

func narrowSpot(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../../spot/testdata/turn-Td9d6hQc-narrow.toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSpotRoutesNeedAClient: on a server with keys, a client that is
// neither a browser session nor an operator may read the lab but not add,
// solve, cancel or delete spots (401), and another browser session may
// not solve or delete a session's spot (403).
func TestSpotRoutesNeedAClient(t *testing.T) {
	ts := newTestServer(t, Config{APIKeys: []string{testKey}})
	b := ts.browser()
	code, _, out := ts.send(b, "POST", "/api/spots", nil, narrowSpot(t))
	if code != http.StatusCreated {
		t.Fatalf("a browser session adds the spot: %d %s", code, out)
	}
	var info lab.SpotInfo
	json.Unmarshal(out, &info)
	for _, r := range []struct{ method, path, body string }{
		{"POST", "/api/spots", narrowSpot(t)},
		{"POST", "/api/spots/" + info.ID + "/solve", `{"nash":{}}`},
		{"DELETE", "/api/spots/" + info.ID + "/solve", ""},
		{"DELETE", "/api/spots/" + info.ID, ""},
		{"POST", "/api/spots/" + info.ID + "/save", `{}`},
	} {
		if code, _, out := ts.send(nil, r.method, r.path, nil, r.body); code != http.StatusUnauthorized {
			t.Errorf("anonymous %s %s: %d %s", r.method, r.path, code, out)
		}
	}
	if code, _, out := ts.send(nil, "GET", "/api/spots/"+info.ID, nil, ""); code != http.StatusOK {
		t.Errorf("anonymous read: %d %s", code, out)
	}
	other := ts.browser()
	for _, r := range []struct{ method, path, body string }{
		{"POST", "/api/spots/" + info.ID + "/solve", `{"nash":{}}`},
		{"DELETE", "/api/spots/" + info.ID, ""},
	} {
		if code, _, out := ts.send(other, r.method, r.path, nil, r.body); code != http.StatusForbidden {
			t.Errorf("another browser session %s %s: %d %s", r.method, r.path, code, out)
		}
	}
	if code, _, out := ts.send(nil, "DELETE", "/api/spots/"+info.ID, map[string]string{"Authorization": "Bearer " + testKey}, ""); code != http.StatusOK {
		t.Errorf("an operator deletes it: %d %s", code, out)
	}
}

// TestSolvesPerMinute: a browser session's solves beyond --lab-per-minute
// are 429, counted per session and per address.
func TestSolvesPerMinute(t *testing.T) {
	ts := newTestServer(t, Config{APIKeys: []string{testKey}, LabPerMinute: 2})
	b := ts.browser()
	_, _, out := ts.send(b, "POST", "/api/spots", nil, narrowSpot(t))
	var info lab.SpotInfo
	json.Unmarshal(out, &info)
	var codes []int
	for range 3 {
		code, _, _ := ts.send(b, "POST", "/api/spots/"+info.ID+"/solve", nil, `{"nash":{"target_pct":5}}`)
		codes = append(codes, code)
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if s, _ := ts.lab.Get(info.ID); s.Status != "queued" && s.Status != "solving" {
				break
			}
		}
	}
	// A new browser session from the same address shares the address's
	// bucket: its own spot's solve is refused too.
	c := ts.browser()
	_, _, out = ts.send(c, "POST", "/api/spots", nil, strings.Replace(narrowSpot(t), "pot = 200", "pot = 300", 1))
	var other lab.SpotInfo
	json.Unmarshal(out, &other)
	code, _, msg := ts.send(c, "POST", "/api/spots/"+other.ID+"/solve", nil, `{"nash":{"target_pct":5}}`)
	if codes[0] != http.StatusAccepted || codes[1] != http.StatusAccepted || codes[2] != http.StatusTooManyRequests || code != http.StatusTooManyRequests ||
		!strings.Contains(string(msg), "--lab-per-minute") || other.ID == info.ID {
		t.Errorf("solves at 2 a minute: %v, then from a new browser session %d %s", codes, code, msg)
	}
}

// TestSpotEventsStream: the event stream of a solve has a queued event,
// progress with iterations and exploitability, and done, with increasing
// ids; resuming after an id gives the events after it only.
func TestSpotEventsStream(t *testing.T) {
	ts := newTestServer(t, Config{})
	code, out := ts.do("POST", "/api/spots", "", map[string]string{"toml": narrowSpot(t)})
	if code != http.StatusCreated {
		t.Fatalf("%d %s", code, out)
	}
	var info lab.SpotInfo
	json.Unmarshal(out, &info)
	if code, out := ts.do("POST", "/api/spots/"+info.ID+"/solve", "", map[string]any{"nash": map[string]any{"target_pct": 1}}); code != http.StatusAccepted {
		t.Fatalf("%d %s", code, out)
	}
	read := func(after string) []lab.Event {
		resp, err := http.Get(ts.http.URL + "/api/spots/" + info.ID + "/events?last_event_id=" + after)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
			t.Fatalf("content type %q", ct)
		}
		var evs []lab.Event
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var ev lab.Event
				if err := json.Unmarshal([]byte(d), &ev); err != nil {
					t.Fatal(err)
				}
				evs = append(evs, ev)
				if ev.Type == "done" || ev.Type == "error" || ev.Type == "cancelled" {
					return evs
				}
			}
		}
		t.Fatalf("the stream ended without done: %+v", evs)
		return nil
	}
	evs := read("0")
	if evs[0].Type != "queued" || evs[len(evs)-1].Type != "done" || len(evs) < 3 {
		t.Fatalf("events %+v", evs)
	}
	for i, ev := range evs[1 : len(evs)-1] {
		if ev.Type != "progress" || ev.Phase != "nash" || ev.Percent == nil || ev.ID != evs[i].ID+1 {
			t.Fatalf("event %d: %+v", i+1, ev)
		}
	}
	if again := read("2"); again[0].ID != 3 {
		t.Errorf("resumed after 2: first %+v", again[0])
	}
}

// TestSpotErrorsNameKeyAndLine: a bad spot file is refused with 422 and an
// answer that names the key at fault and its line, for an estimate as for
// an addition; an error without a place has neither field.
func TestSpotErrorsNameKeyAndLine(t *testing.T) {
	ts := newTestServer(t, Config{})
	b := ts.browser()
	good := narrowSpot(t)
	cases := []struct {
		name, path, toml, key string
		line                  int
	}{
		{"a bad size", "/api/spots?estimate=1", strings.Replace(good, `bet = "60%"`, "[sizes.turn.ip]\nbet = \"60\"", 1), "sizes.turn.ip.bet", 17},
		{"a bad rake", "/api/spots", "rake = 2\n" + good, "rake", 1},
		{"an unknown key", "/api/spots", good + "donkey = 1\n", "sizes.donkey", 17},
		{"a bad board", "/api/spots?estimate=1", strings.Replace(good, `"Td9d6hQc"`, `"Td9d6hTd"`, 1), "board", 6},
	}
	for _, c := range cases {
		code, _, out := ts.send(b, "POST", c.path, nil, c.toml)
		var e struct {
			Error string
			Key   *string
			Line  *int
		}
		json.Unmarshal(out, &e)
		if code != http.StatusUnprocessableEntity || e.Key == nil || *e.Key != c.key || e.Line == nil || *e.Line != c.line {
			t.Errorf("%s: %d %s, want 422 naming %s at line %d", c.name, code, out, c.key, c.line)
		}
	}
	code, _, out := ts.send(b, "POST", "/api/spots/nosuchspot/solve", nil, `{"nash":{}}`)
	if code != http.StatusNotFound || strings.Contains(string(out), `"key"`) {
		t.Errorf("an unknown spot: %d %s", code, out)
	}
}
