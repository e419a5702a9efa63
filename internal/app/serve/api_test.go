package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pokerlab/internal/app/table"
	"pokerlab/store"
)

// syncBuffer is a log destination safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type testServer struct {
	*Server
	http *httptest.Server
	log  *syncBuffer
	t    *testing.T
}

// newSQLite opens a new SQLite hand database in t.TempDir() with its
// storage (lease owner "test").
func newSQLite(t testing.TB) *DBStorage {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "hands.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := NewDBStorage(db, "test", "", 10*time.Second, nil)
	t.Cleanup(func() {
		st.Close()
		db.Close()
	})
	return st
}

func newTestServer(t *testing.T, cfg Config) *testServer {
	t.Helper()
	logs := &syncBuffer{}
	if cfg.Storage == nil {
		cfg.Storage = newSQLite(t)
	}
	if cfg.Profiles == nil {
		cfg.Profiles = &DirProfiles{Dir: t.TempDir()}
	}
	cfg.Log = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if cfg.RateLimit == 0 {
		cfg.RateLimit, cfg.Burst = 1e6, 1e6
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		s.Shutdown(context.Background())
		hs.Close()
	})
	return &testServer{Server: s, http: hs, log: logs, t: t}
}

// do sends a request and returns the status code and body.
func (ts *testServer) do(method, path, token string, body any) (int, []byte) {
	ts.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		js, err := json.Marshal(b)
		if err != nil {
			ts.t.Fatal(err)
		}
		rd = bytes.NewReader(js)
	}
	req, err := http.NewRequest(method, ts.http.URL+path, rd)
	if err != nil {
		ts.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := ts.http.Client().Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

func (ts *testServer) create(body string) CreateTableResponse {
	ts.t.Helper()
	code, out := ts.do("POST", "/api/tables", "", body)
	if code != http.StatusCreated {
		ts.t.Fatalf("create: %d %s", code, out)
	}
	var c CreateTableResponse
	if err := json.Unmarshal(out, &c); err != nil {
		ts.t.Fatal(err)
	}
	return c
}

func (ts *testServer) state(id, token string) table.State {
	ts.t.Helper()
	code, out := ts.do("GET", "/api/tables/"+id, token, nil)
	if code != http.StatusOK {
		ts.t.Fatalf("state: %d %s", code, out)
	}
	var st table.State
	if err := json.Unmarshal(out, &st); err != nil {
		ts.t.Fatal(err)
	}
	return st
}

// turn waits until the token's seat is to act.
func (ts *testServer) turn(id, token string) table.State {
	ts.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		st := ts.state(id, token)
		if st.Status == table.StatusPlaying && st.ToAct == st.You {
			return st
		}
		time.Sleep(time.Millisecond)
	}
	ts.t.Fatal("the human's turn never came")
	return table.State{}
}

const humanTable = `{"small_blind":1,"big_blind":2,"stack":200,"seed":7,
	"seats":[{"name":"Nina","profile":"nit"},{"name":"me","human":true},{"name":"Sam","profile":"calling-station"}]}`

// TestCreateAndPlay creates a table through the API, reads the state with
// and without the token, and acts.
func TestCreateAndPlay(t *testing.T) {
	ts := newTestServer(t, Config{Tables: table.Options{NPCDelay: 50 * time.Millisecond}})
	c := ts.create(humanTable)
	if len(c.TableID) == 0 || len(c.Tokens) != 1 || len(c.Tokens["me"]) < 22 || c.OwnerToken == "" {
		t.Fatalf("created %+v: want a table id and one token of ≥ 128 bits for me", c)
	}
	st := ts.turn(c.TableID, c.Tokens["me"])
	if st.You != 2 || len(st.Hole) != 2 || len(st.Seats[1].Cards) != 2 {
		t.Fatalf("the human's state has no hole cards: %+v", st)
	}
	pub := ts.state(c.TableID, "")
	if pub.Hole != nil || pub.You != 0 {
		t.Fatalf("the spectator sees hole cards: %+v", pub)
	}
	for _, s := range pub.Seats {
		if s.Cards != nil {
			t.Fatalf("the spectator sees %s's cards before any showdown", s.Name)
		}
	}
	if len(st.Legal) < 2 || st.Legal[0].Action != "fold" {
		t.Fatalf("legal actions %+v", st.Legal)
	}
	code, out := ts.do("POST", "/api/tables/"+c.TableID+"/actions", c.Tokens["me"], `{"action":"fold"}`)
	if code != http.StatusOK {
		t.Fatalf("fold: %d %s", code, out)
	}
	var after table.State
	json.Unmarshal(out, &after)
	if !after.Seats[1].Folded {
		t.Errorf("after folding the state says not folded: %s", out)
	}
	// The hand is stored and can be downloaded.
	deadline := time.Now().Add(10 * time.Second)
	for ts.state(c.TableID, "").Hand < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	for _, f := range []string{"phh", "pokerstars"} {
		code, out = ts.do("GET", "/api/tables/"+c.TableID+"/hands?format="+f, c.Tokens["me"], nil)
		if code != http.StatusOK || !bytes.Contains(out, []byte("me")) {
			t.Errorf("hands as %s: %d %s", f, code, out)
		}
	}
	if strings.Contains(ts.log.String(), c.Tokens["me"]) || strings.Contains(ts.log.String(), c.OwnerToken) {
		t.Error("a token appears in the log")
	}
	code, out = ts.do("DELETE", "/api/tables/"+c.TableID, c.Tokens["me"], nil)
	if code != http.StatusUnauthorized {
		t.Errorf("closing with a seat token: %d %s", code, out)
	}
	code, out = ts.do("DELETE", "/api/tables/"+c.TableID, c.OwnerToken, nil)
	if code != http.StatusOK {
		t.Errorf("closing with the owner token: %d %s", code, out)
	}
	if code, out := ts.do("GET", "/api/tables/"+c.TableID, "", nil); code != http.StatusGone || !bytes.Contains(out, []byte("the table was closed")) {
		t.Errorf("a closed table: %d %s", code, out)
	}
}

// TestBadRequests: every malformed or impossible request is a 4xx with a
// message that says what is wrong; none is a 500.
func TestBadRequests(t *testing.T) {
	ts := newTestServer(t, Config{Tables: table.Options{NPCDelay: time.Hour}})
	c := ts.create(humanTable)
	id, tok := c.TableID, c.Tokens["me"]
	big := `{"small_blind":1,"big_blind":2,"stack":200,"seats":[` + strings.Repeat(" ", 10<<20) + `]}`
	for _, tc := range []struct {
		name, method, path, token, body string
		code                            int
		msg                             string
	}{
		{"malformed JSON", "POST", "/api/tables", "", `{"small_blind":1,`, 400, "malformed JSON"},
		{"not an object", "POST", "/api/tables", "", `[1,2]`, 400, "want a JSON object"},
		{"empty body", "POST", "/api/tables", "", ``, 400, "empty body"},
		{"unknown field", "POST", "/api/tables", "", `{"small_blind":1,"big_blind":2,"stack":200,"sets":[]}`, 400, `unknown field "sets"`},
		{"trailing data", "POST", "/api/tables", "", `{"small_blind":1} {}`, 400, "data after"},
		{"fractional blind", "POST", "/api/tables", "", `{"small_blind":1.5,"big_blind":2,"stack":200}`, 400, "small_blind: want a whole number"},
		{"string stack", "POST", "/api/tables", "", `{"small_blind":1,"big_blind":2,"stack":"lots"}`, 400, "stack"},
		{"10 MB body", "POST", "/api/tables", "", big, 413, "larger than"},
		{"one seat", "POST", "/api/tables", "", `{"small_blind":1,"big_blind":2,"stack":200,"seats":[{"name":"a","profile":"nit"}]}`, 422, "2 to 9"},
		{"ten seats", "POST", "/api/tables", "", `{"small_blind":1,"big_blind":2,"stack":200,"seats":[` + strings.Repeat(`{"name":"a","profile":"nit"},`, 9) + `{"name":"b","profile":"nit"}]}`, 422, "2 to 9"},
		{"unknown profile", "POST", "/api/tables", "", `{"small_blind":1,"big_blind":2,"stack":200,"seats":[{"name":"a","profile":"shark"},{"name":"b","human":true}]}`, 422, `no profile "shark"`},
		{"bad inline profile", "POST", "/api/tables", "", `{"small_blind":1,"big_blind":2,"stack":200,"seats":[{"name":"a","profile":{"stats":{"vpip":10,"pfr":20}}},{"name":"b","human":true}]}`, 422, "PFR"},
		{"negative stack", "POST", "/api/tables", "", `{"small_blind":1,"big_blind":2,"stack":-200,"seats":[{"name":"a","profile":"nit"},{"name":"b","human":true}]}`, 422, "stack"},
		{"seed negative", "POST", "/api/tables", "", `{"small_blind":1,"big_blind":2,"stack":200,"seed":-1}`, 400, "seed"},
		{"unknown table", "GET", "/api/tables/nope", "", "", 404, "no table"},
		{"unknown table action", "POST", "/api/tables/nope/actions", tok, `{"action":"fold"}`, 404, "no table"},
		{"bad token", "GET", "/api/tables/" + id, "wrong", "", 401, "token"},
		{"no token to act", "POST", "/api/tables/" + id + "/actions", "", `{"action":"fold"}`, 401, "token"},
		{"bad token to act", "POST", "/api/tables/" + id + "/actions", "wrong", `{"action":"fold"}`, 401, "token"},
		{"fractional amount", "POST", "/api/tables/" + id + "/actions", tok, `{"action":"raise","amount":4.5}`, 400, "whole number"},
		{"string amount", "POST", "/api/tables/" + id + "/actions", tok, `{"action":"raise","amount":"4"}`, 400, "amount"},
		{"unknown action field", "POST", "/api/tables/" + id + "/actions", tok, `{"action":"fold","why":1}`, 400, "unknown field"},
		{"bad format", "GET", "/api/tables/" + id + "/hands?format=xml", "", "", 400, "format"},
		{"bad limit", "GET", "/api/tables/" + id + "/hands?limit=0", "", "", 400, "limit"},
		{"bad last event id", "GET", "/api/tables/" + id + "/events?last_event_id=x", "", "", 422, "EPOCH:SEQ"},
		{"no route", "GET", "/api/nothing", "", "", 404, "no API route"},
		{"decide without profile", "POST", "/api/decide", "", `{"table":{"small_blind":1,"big_blind":2,"starting_stacks":[100,100]},"seat":2,"hole":"AsKd"}`, 422, "profile"},
		{"decide bad hole", "POST", "/api/decide", "", `{"profile":"tag","table":{"small_blind":1,"big_blind":2,"starting_stacks":[100,100]},"seat":2,"hole":"AsAs"}`, 422, "hole"},
		{"decide bad antes", "POST", "/api/decide", "", `{"profile":"tag","table":{"small_blind":1,"big_blind":2,"antes":"x","starting_stacks":[100,100]},"seat":2,"hole":"AsKd"}`, 400, "antes"},
		{"profile name", "PUT", "/api/profiles/Bad%20Name", "", `name = "x"`, 422, "profile name"},
		{"profile archetype", "PUT", "/api/profiles/nit", "", `name = "x"`, 422, "built-in"},
		{"profile invalid", "PUT", "/api/profiles/mine", "", "[stats]\nvpip = 10\npfr = 30\n", 422, "PFR"},
		{"unknown player", "GET", "/api/players/nobody/hud", "", "", 404, "no stored hands"},
	} {
		code, out := ts.do(tc.method, tc.path, tc.token, tc.body)
		var e struct{ Error string }
		json.Unmarshal(out, &e)
		if code != tc.code || !strings.Contains(e.Error, tc.msg) {
			t.Errorf("%s: %d %s, want %d with %q", tc.name, code, out[:min(len(out), 300)], tc.code, tc.msg)
		}
	}
	// Out of turn and illegal amounts: the NPCs think for an hour, so the
	// human's turn comes only when the human is first to act.
	st := ts.state(id, tok)
	if st.ToAct != st.You {
		code, out := ts.do("POST", "/api/tables/"+id+"/actions", tok, `{"action":"fold"}`)
		if code != http.StatusConflict || !strings.Contains(string(out), "turn") {
			t.Errorf("out of turn: %d %s", code, out)
		}
	}
}

// TestDecideAPI: the decision endpoint answers in the documented shape
// and is deterministic for a seed.
func TestDecideAPI(t *testing.T) {
	ts := newTestServer(t, Config{})
	body := `{"profile":"lag","table":{"small_blind":1,"big_blind":2,"antes":0,"starting_stacks":[200,200,200]},
		"actions":["p3 cbr 6","p1 cc","p2 cc","d db Ah7c2d","p1 cc","p2 cbr 10"],"seat":3,"hole":"AsKd","seed":9}`
	code, out := ts.do("POST", "/api/decide", "", body)
	if code != http.StatusOK {
		t.Fatalf("decide: %d %s", code, out)
	}
	var d table.Decision
	if err := json.Unmarshal(out, &d); err != nil || d.Action == "" || d.Kind == "" {
		t.Fatalf("decide: %s", out)
	}
	want := map[string]string{"fold": "f", "call": "cc", "raise": fmt.Sprintf("cbr %d", d.Amount)}
	if want[d.Kind] != d.Action {
		t.Errorf("facing a bet the decision %+v is not fold, call or raise in PHH", d)
	}
	for range 5 {
		_, again := ts.do("POST", "/api/decide", "", body)
		if !bytes.Equal(again, out) {
			t.Fatalf("same request, another answer: %s vs %s", again, out)
		}
	}
	// An inline profile and a stored one.
	code, out = ts.do("PUT", "/api/profiles/loose", "", "base = \"lag\"\nname = \"loose\"\n[stats]\nvpip = 45\npfr = 30\n")
	if code != http.StatusOK {
		t.Fatalf("put profile: %d %s", code, out)
	}
	for _, p := range []string{`"loose"`, `{"base":"tag","stats":{"vpip":25}}`} {
		code, out = ts.do("POST", "/api/decide", "", strings.Replace(body, `"lag"`, p, 1))
		if code != http.StatusOK {
			t.Errorf("decide with profile %s: %d %s", p, code, out)
		}
	}
	code, out = ts.do("GET", "/api/profiles", "", nil)
	if code != http.StatusOK || !bytes.Contains(out, []byte(`"name":"loose"`)) || !bytes.Contains(out, []byte(`"name":"nit"`)) {
		t.Errorf("profiles: %d %s", code, out[:min(len(out), 200)])
	}
}

// TestRateLimit: a client over its budget gets 429; a seat whose token
// checks out has a budget of its own.
func TestRateLimit(t *testing.T) {
	ts := newTestServer(t, Config{RateLimit: 1, Burst: 6})
	c := ts.create(humanTable) // the address's first request
	codes := map[int]int{}
	for range 10 {
		code, _ := ts.do("GET", "/api/profiles", "", nil)
		codes[code]++
	}
	if codes[http.StatusOK] != 5 || codes[http.StatusTooManyRequests] != 5 {
		t.Errorf("10 more requests at burst 6: %v", codes)
	}
	if code, out := ts.do("GET", "/api/tables/"+c.TableID, c.Tokens["me"], nil); code != http.StatusOK {
		t.Errorf("the seat's own token: %d %s", code, out)
	}
}

// TestRandomTokensShareTheAddressBudget: a token that is no seat's, no
// owner's and no key does not open a bucket of its own; it counts against
// the address (else a flood with a fresh random token per request is
// never limited).
func TestRandomTokensShareTheAddressBudget(t *testing.T) {
	ts := newTestServer(t, Config{RateLimit: 1, Burst: 5})
	codes := map[int]int{}
	for i := range 12 {
		code, _ := ts.do("GET", "/api/profiles", fmt.Sprintf("random-%d", i), nil)
		codes[code]++
	}
	if codes[http.StatusOK] != 5 || codes[http.StatusTooManyRequests] != 7 {
		t.Errorf("12 requests with fresh random tokens at burst 5: %v", codes)
	}
	if n := ts.lim.size(); n != 1 {
		t.Errorf("%d rate-limit buckets after a flood from one address, want 1", n)
	}
}

// TestWrongTokenStormIsLimited: an address that keeps sending wrong seat
// tokens gets 429 after 20 answers of 401, whatever its request budget.
func TestWrongTokenStormIsLimited(t *testing.T) {
	ts := newTestServer(t, Config{})
	c := ts.create(humanTable)
	codes := map[int]int{}
	for i := range 40 {
		code, _ := ts.do("GET", "/api/tables/"+c.TableID, fmt.Sprintf("guess-%d", i), nil)
		codes[code]++
	}
	if codes[http.StatusUnauthorized] != 20 || codes[http.StatusTooManyRequests] != 20 {
		t.Errorf("40 wrong tokens: %v, want 20 × 401 then 20 × 429", codes)
	}
}

// TestHealthAndMetrics: /healthz answers ok and /metrics exposes the
// server's counters after some play.
func TestHealthAndMetrics(t *testing.T) {
	ts := newTestServer(t, Config{})
	code, out := ts.do("GET", "/healthz", "", nil)
	if code != http.StatusOK || !bytes.Contains(out, []byte(`"status":"ok"`)) {
		t.Errorf("healthz: %d %s", code, out)
	}
	c := ts.create(`{"small_blind":1,"big_blind":2,"stack":100,"seed":1,"hands":20,"seats":[{"name":"a","profile":"tag"},{"name":"b","profile":"lag"}]}`)
	deadline := time.Now().Add(10 * time.Second)
	for ts.state(c.TableID, "").Status != table.StatusFinished && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	code, out = ts.do("GET", "/metrics", "", nil)
	for _, m := range []string{"pokerlab_hands_dealt_total 20", "pokerlab_hands_finished_total 20", "pokerlab_decisions_total{by=\"npc\"}",
		"pokerlab_decision_seconds_bucket", "pokerlab_open_tables 1", "pokerlab_errors_total"} {
		if code != http.StatusOK || !bytes.Contains(out, []byte(m)) {
			t.Errorf("metrics lack %q", m)
		}
	}
}

// TestPage: the page and its files are served with a strict content
// security policy and reference no external URL.
func TestPage(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, p := range []string{"/", "/app.js", "/phh.js", "/style.css"} {
		code, out := ts.do("GET", p, "", nil)
		if code != http.StatusOK {
			t.Errorf("%s: %d", p, code)
		}
		for _, ext := range []string{"http://", "https://", "//cdn", "@import"} {
			if bytes.Contains(out, []byte(ext)) {
				t.Errorf("%s references %q", p, ext)
			}
		}
	}
}
