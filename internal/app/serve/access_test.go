package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"slices"
	"strings"
	"testing"
	"time"

	"pokerlab/internal/app/table"
)

const testKey = "operator-key-0123456789abcdef"

const npcTable = `{"small_blind":1,"big_blind":2,"stack":200,"hands":%d,
	"seats":[{"name":"Nina","profile":"nit"},{"name":"Sam","profile":"calling-station"}]}`

// send is ts.do with headers of the caller's choice and a client of its
// own (a cookie jar for a browser).
func (ts *testServer) send(c *http.Client, method, path string, header map[string]string, body string) (int, http.Header, []byte) {
	ts.t.Helper()
	req, err := http.NewRequest(method, ts.http.URL+path, strings.NewReader(body))
	if err != nil {
		ts.t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	if c == nil {
		c = ts.http.Client()
	}
	resp, err := c.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, out
}

// browser returns a client with a cookie jar that has loaded the page (and
// so holds a session cookie).
func (ts *testServer) browser() *http.Client {
	ts.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	if code, _, _ := ts.send(c, "GET", "/", nil, ""); code != http.StatusOK {
		ts.t.Fatalf("the page: %d", code)
	}
	return c
}

// TestOperatorRoutesNeedTheKey: with a key configured, creating a table
// over the API, storing and deleting profiles, /api/decide and a player's
// HUD answer 401 without it (or with a wrong one) and work with it.
func TestOperatorRoutesNeedTheKey(t *testing.T) {
	ts := newTestServer(t, Config{APIKeys: []string{testKey}})
	key := map[string]string{"Authorization": "Bearer " + testKey}
	wrong := map[string]string{"Authorization": "Bearer not-the-key-at-all-0000"}
	profile := "[stats]\nvpip = 30\npfr = 20\n"
	decide := `{"profile":"tag","table":{"small_blind":1,"big_blind":2,"starting_stacks":[100,100]},"actions":[],"seat":2,"hole":"AsKd"}`
	for _, c := range []struct {
		method, path, body string
		ok                 int
	}{
		{"POST", "/api/tables", humanTable, http.StatusCreated},
		{"PUT", "/api/profiles/mine", profile, http.StatusOK},
		{"POST", "/api/decide", decide, http.StatusOK},
		{"GET", "/api/players/Nina/hud", "", http.StatusNotFound}, // no stored hands yet: past the check
		{"DELETE", "/api/profiles/mine", "", http.StatusOK},
	} {
		for _, h := range []map[string]string{nil, wrong} {
			code, _, out := ts.send(nil, c.method, c.path, h, c.body)
			if code != http.StatusUnauthorized || !bytes.Contains(out, []byte("API key")) {
				t.Errorf("%s %s without the key: %d %s", c.method, c.path, code, out)
			}
		}
		if code, _, out := ts.send(nil, c.method, c.path, key, c.body); code != c.ok {
			t.Errorf("%s %s with the key: %d %s, want %d", c.method, c.path, code, out, c.ok)
		}
	}
	// Reading is open: the profiles, a table's state.
	if code, _, _ := ts.send(nil, "GET", "/api/profiles", nil, ""); code != http.StatusOK {
		t.Errorf("listing profiles: %d", code)
	}
}

// TestOpenServerTreatsAPIClientsAsOperators: without a key (a loopback
// server) API clients keep the open behaviour.
func TestOpenServerTreatsAPIClientsAsOperators(t *testing.T) {
	ts := newTestServer(t, Config{})
	if code, out := ts.do("PUT", "/api/profiles/mine", "", "[stats]\nvpip = 30\n"); code != http.StatusOK {
		t.Errorf("storing a profile on an open server: %d %s", code, out)
	}
	if code, out := ts.do("POST", "/api/tables", "", fmt.Sprintf(npcTable, 0)); code != http.StatusCreated {
		t.Errorf("an NPC-only table that deals forever, from an open server's API client: %d %s", code, out)
	}
}

// TestBrowserSessionCookie: the page sets a signed session cookie
// (HttpOnly, SameSite=Lax); with it a browser creates tables up to its
// quota (403 naming the limit beyond), and a forged cookie is nobody's.
func TestBrowserSessionCookie(t *testing.T) {
	ts := newTestServer(t, Config{APIKeys: []string{testKey}, MaxTablesPerSession: 2})
	code, hdr, _ := ts.send(nil, "GET", "/", nil, "")
	cookie := hdr.Get("Set-Cookie")
	if code != http.StatusOK || !strings.HasPrefix(cookie, sessionCookie+"=") || !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") {
		t.Fatalf("the page: %d, Set-Cookie %q", code, cookie)
	}
	if strings.Contains(cookie, "Secure") {
		t.Errorf("Secure on a plain-HTTP page: %q", cookie)
	}
	if _, hdr, _ := ts.send(nil, "GET", "/", map[string]string{"X-Forwarded-Proto": "https"}, ""); !strings.Contains(hdr.Get("Set-Cookie"), "Secure") {
		t.Errorf("behind TLS the cookie is not Secure: %q", hdr.Get("Set-Cookie"))
	}
	b := ts.browser()
	for i := range 2 {
		if code, _, out := ts.send(b, "POST", "/api/tables", nil, humanTable); code != http.StatusCreated {
			t.Fatalf("table %d of the browser session: %d %s", i+1, code, out)
		}
	}
	code, _, out := ts.send(b, "POST", "/api/tables", nil, humanTable)
	if code != http.StatusForbidden || !bytes.Contains(out, []byte("--max-tables-per-session 2")) {
		t.Errorf("a third table: %d %s", code, out)
	}
	if code, _, _ := ts.send(ts.browser(), "POST", "/api/tables", nil, humanTable); code != http.StatusCreated {
		t.Errorf("another browser's first table: %d", code)
	}
	forged := map[string]string{"Cookie": sessionCookie + "=AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA"}
	if code, _, _ := ts.send(nil, "POST", "/api/tables", forged, humanTable); code != http.StatusUnauthorized {
		t.Errorf("a forged cookie: %d", code)
	}
	if code, _, _ := ts.send(nil, "POST", "/api/tables", nil, humanTable); code != http.StatusUnauthorized {
		t.Errorf("no cookie and no key: %d", code)
	}
}

// TestSessionCookieIsCheckedBySignature: a cookie verifies under the
// secret that signed it and under no other.
func TestSessionCookieIsCheckedBySignature(t *testing.T) {
	a, b := newSessions([]byte("secret one")), newSessions([]byte("secret two"))
	v := a.sign([]byte("0123456789abcdef"))
	if _, ok := a.check(v); !ok {
		t.Error("a cookie does not verify under its own secret")
	}
	if _, ok := b.check(v); ok {
		t.Error("a cookie verifies under another secret")
	}
	for _, bad := range []string{"", ".", v + "x", strings.Replace(v, ".", "", 1), "MDEyMzQ1Njc4OWFiY2RlZg." + strings.Repeat("A", 22)} {
		if _, ok := a.check(bad); ok {
			t.Errorf("%q verifies", bad)
		}
	}
}

// TestCrossOriginPostIsRefused: a page elsewhere posting text/plain (a
// "simple" request no preflight guards) gets 403; an allowed origin gets
// through with CORS headers; preflights are answered for it alone.
func TestCrossOriginPostIsRefused(t *testing.T) {
	ts := newTestServer(t, Config{AllowOrigins: []string{"https://club.example"}})
	evil := map[string]string{"Origin": "https://evil.example", "Content-Type": "text/plain", "Sec-Fetch-Site": "cross-site"}
	code, hdr, out := ts.send(nil, "POST", "/api/tables", evil, humanTable)
	if code != http.StatusForbidden || hdr.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("cross-origin text/plain POST: %d %s (CORS %q)", code, out, hdr.Get("Access-Control-Allow-Origin"))
	}
	// Without Sec-Fetch-Site (older browsers) the Origin decides.
	delete(evil, "Sec-Fetch-Site")
	if code, _, _ := ts.send(nil, "POST", "/api/tables", evil, humanTable); code != http.StatusForbidden {
		t.Errorf("cross-origin POST without Sec-Fetch-Site: %d", code)
	}
	if n := ts.mgr.Open(); n != 0 {
		t.Errorf("%d tables after refused requests", n)
	}
	club := map[string]string{"Origin": "https://club.example", "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}
	code, hdr, out = ts.send(nil, "POST", "/api/tables", club, humanTable)
	if code != http.StatusCreated || hdr.Get("Access-Control-Allow-Origin") != "https://club.example" {
		t.Errorf("an allowed origin: %d %s (CORS %q)", code, out, hdr.Get("Access-Control-Allow-Origin"))
	}
	same := map[string]string{"Origin": ts.http.URL, "Sec-Fetch-Site": "same-origin"}
	if code, _, out := ts.send(nil, "POST", "/api/tables", same, humanTable); code != http.StatusCreated {
		t.Errorf("the server's own page: %d %s", code, out)
	}
	if code, _, _ := ts.send(nil, "GET", "/api/profiles", map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, ""); code != http.StatusOK {
		t.Errorf("a cross-origin GET (reads nothing private): %d", code)
	}
	pre := map[string]string{"Origin": "https://club.example", "Access-Control-Request-Method": "POST"}
	if code, hdr, _ := ts.send(nil, "OPTIONS", "/api/tables", pre, ""); code != http.StatusNoContent || !strings.Contains(hdr.Get("Access-Control-Allow-Headers"), "Authorization") {
		t.Errorf("preflight from the allowed origin: %d %v", code, hdr)
	}
	pre["Origin"] = "https://evil.example"
	if code, hdr, _ := ts.send(nil, "OPTIONS", "/api/tables", pre, ""); code != http.StatusForbidden || hdr.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight from another origin: %d %v", code, hdr)
	}
}

// TestWrongShapeBodiesAre400: null, an array, a string, a number where a
// JSON object belongs is 400 naming what came, on every route that takes
// a body (PUT /api/profiles with null once panicked into a 500).
func TestWrongShapeBodiesAre400(t *testing.T) {
	ts := newTestServer(t, Config{})
	c := ts.create(humanTable)
	routes := []struct{ method, path, ct string }{
		{"POST", "/api/tables", ""},
		{"POST", "/api/tables/" + c.TableID + "/actions", ""},
		{"POST", "/api/decide", ""},
		{"PUT", "/api/profiles/mine", "application/json"},
	}
	for _, r := range routes {
		for _, body := range []string{"null", "[]", "[{}]", `"x"`, "12", "true", " null "} {
			h := map[string]string{"Authorization": "Bearer " + c.Tokens["me"]}
			if r.ct != "" {
				h["Content-Type"] = r.ct
			}
			code, _, out := ts.send(nil, r.method, r.path, h, body)
			if code != http.StatusBadRequest || !bytes.Contains(out, []byte("want a JSON object")) {
				t.Errorf("%s %s %s: %d %s", r.method, r.path, body, code, out)
			}
		}
	}
}

// TestNPCOnlyTablesAreCapped: a browser session's table without a human
// must deal 1 to --max-npc-hands hands; an operator's need not.
func TestNPCOnlyTablesAreCapped(t *testing.T) {
	ts := newTestServer(t, Config{APIKeys: []string{testKey}, MaxNPCHands: 1000, MaxTablesPerSession: 10})
	b := ts.browser()
	for _, c := range []struct {
		hands int
		code  int
	}{{0, http.StatusForbidden}, {1001, http.StatusForbidden}, {1000, http.StatusCreated}} {
		code, _, out := ts.send(b, "POST", "/api/tables", nil, fmt.Sprintf(npcTable, c.hands))
		if code != c.code || code == http.StatusForbidden && !bytes.Contains(out, []byte("--max-npc-hands")) {
			t.Errorf("a browser session's NPC-only table of %d hands: %d %s, want %d", c.hands, code, out, c.code)
		}
	}
	key := map[string]string{"Authorization": "Bearer " + testKey}
	if code, _, out := ts.send(nil, "POST", "/api/tables", key, fmt.Sprintf(npcTable, 0)); code != http.StatusCreated {
		t.Errorf("an operator's NPC-only table that deals forever: %d %s", code, out)
	}
}

// TestMaxTables: beyond --max-tables a new table is 429 with the limit.
func TestMaxTables(t *testing.T) {
	ts := newTestServer(t, Config{MaxTables: 2})
	ts.create(humanTable)
	ts.create(humanTable)
	code, out := ts.do("POST", "/api/tables", "", humanTable)
	if code != http.StatusTooManyRequests || !bytes.Contains(out, []byte("--max-tables 2")) {
		t.Errorf("a third table: %d %s", code, out)
	}
}

// TestTablesPerMinuteCountsTheAddress: new browser sessions from one
// address share its budget of new tables.
func TestTablesPerMinuteCountsTheAddress(t *testing.T) {
	ts := newTestServer(t, Config{APIKeys: []string{testKey}, TablesPerMinute: 3})
	codes := map[int]int{}
	for range 5 {
		code, _, _ := ts.send(ts.browser(), "POST", "/api/tables", nil, humanTable)
		codes[code]++
	}
	if codes[http.StatusCreated] != 3 || codes[http.StatusTooManyRequests] != 2 {
		t.Errorf("5 browser sessions from one address at 3 tables a minute: %v", codes)
	}
}

// TestSessionMintingIsLimited: an address that drops its cookie on every
// load gets at most 20 sessions at once.
func TestSessionMintingIsLimited(t *testing.T) {
	ts := newTestServer(t, Config{})
	minted := 0
	for range 30 {
		if _, hdr, _ := ts.send(nil, "GET", "/", nil, ""); hdr.Get("Set-Cookie") != "" {
			minted++
		}
	}
	if minted != 20 {
		t.Errorf("%d sessions for 30 cookie-less loads from one address, want 20", minted)
	}
}

// TestIdleTablesEnd: a table nobody asks about for --idle-timeout ends,
// and asking afterwards says why; a table someone watches does not.
func TestIdleTablesEnd(t *testing.T) {
	ts := newTestServer(t, Config{IdleTimeout: 300 * time.Millisecond, Tables: table.Options{ActionTimeout: time.Minute}})
	idle := ts.create(humanTable)
	watched := ts.create(humanTable)
	deadline := time.Now().Add(10 * time.Second)
	for ts.mgr.Has(idle.TableID) && time.Now().Before(deadline) {
		ts.state(watched.TableID, "")
		time.Sleep(50 * time.Millisecond)
	}
	code, out := ts.do("GET", "/api/tables/"+idle.TableID, idle.Tokens["me"], nil)
	if code != http.StatusGone || !bytes.Contains(out, []byte("idle-timeout")) {
		t.Errorf("the idle table: %d %s", code, out)
	}
	if !ts.mgr.Has(watched.TableID) {
		t.Error("the watched table ended too")
	}
	var e struct{ Error string }
	json.Unmarshal(out, &e)
	t.Log(e.Error)
}

// TestRetriedActionGetsTheFirstAnswer: an action names the decision it
// answers; sent again (a client that timed out and resent) it gets the
// first answer and is not applied twice; another action for that decision,
// or one for a decision that is not the current one, is 409 with the
// current decision.
func TestRetriedActionGetsTheFirstAnswer(t *testing.T) {
	ts := newTestServer(t, Config{Tables: table.Options{NPCDelay: time.Millisecond, ActionTimeout: time.Minute}})
	c := ts.create(humanTable)
	tok := c.Tokens["me"]
	st := ts.turn(c.TableID, tok)
	kind := "check"
	for _, l := range st.Legal {
		if l.Action == "call" {
			kind = "call"
		}
	}
	body := fmt.Sprintf(`{"action":%q,"hand":%d,"decision":%d}`, kind, st.Hand, st.Decision)
	code, first := ts.do("POST", "/api/tables/"+c.TableID+"/actions", tok, body)
	if code != http.StatusOK {
		t.Fatalf("the action: %d %s", code, first)
	}
	var after table.State
	json.Unmarshal(first, &after)
	if after.Hand == st.Hand && after.Decision <= st.Decision {
		t.Errorf("decision %d after answering decision %d of the same hand", after.Decision, st.Decision)
	}
	code, again := ts.do("POST", "/api/tables/"+c.TableID+"/actions", tok, body)
	if code != http.StatusOK || !bytes.Equal(first, again) {
		t.Errorf("the retry: %d\n%s\nwant the first answer\n%s", code, again, first)
	}
	other := fmt.Sprintf(`{"action":"fold","hand":%d,"decision":%d}`, st.Hand, st.Decision)
	if code, out := ts.do("POST", "/api/tables/"+c.TableID+"/actions", tok, other); code != http.StatusConflict || !bytes.Contains(out, []byte("answered already")) {
		t.Errorf("another action for the answered decision: %d %s", code, out)
	}
	stale := fmt.Sprintf(`{"action":"fold","hand":%d,"decision":%d}`, st.Hand, st.Decision+50)
	code, out := ts.do("POST", "/api/tables/"+c.TableID+"/actions", tok, stale)
	var e struct {
		Error    string
		Hand     int64
		Decision *int
	}
	json.Unmarshal(out, &e)
	if code != http.StatusConflict || e.Decision == nil || e.Hand < st.Hand {
		t.Errorf("a decision that is not the current one: %d %s", code, out)
	}
	// The hand's history has the human's action once (its first in the hand).
	if now := ts.state(c.TableID, tok); now.Hand == st.Hand {
		me := fmt.Sprintf("p%d ", slices.Index(now.PHHSeats, now.You)+1)
		n := 0
		for _, a := range now.Actions {
			if strings.HasPrefix(a, me) && !strings.HasPrefix(a, me+"sm") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("the human's actions in the hand: %d, want 1 (%v)", n, now.Actions)
		}
	} else {
		t.Logf("hand %d ended before the check; hand %d now", st.Hand, now.Hand)
	}
	if code, out := ts.do("POST", "/api/tables/"+c.TableID+"/actions", tok, `{"action":"fold","hand":1}`); code != http.StatusBadRequest {
		t.Errorf("hand without decision: %d %s", code, out)
	}
}
