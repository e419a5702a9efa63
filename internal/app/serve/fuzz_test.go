package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"pokerlab/internal/app/table"
	"pokerlab/store"
)

var fuzzRoutes = []struct{ method, path string }{
	{"POST", "/api/tables"},
	{"GET", "/api/tables/{id}"},
	{"POST", "/api/tables/{id}/actions"},
	{"GET", "/api/tables/{id}/events"},
	{"GET", "/api/tables/{id}/hands"},
	{"GET", "/api/tables/{id}/hud"},
	{"DELETE", "/api/tables/{id}"},
	{"POST", "/api/decide"},
	{"GET", "/api/players/{name}/hud"},
	{"GET", "/api/profiles"},
	{"PUT", "/api/profiles/{name}"},
	{"GET", "/healthz"},
	{"DELETE", "/api/profiles/{name}"},
	{"OPTIONS", "/api/tables"},
	{"GET", "/api/db/players"},
	{"GET", "/api/db/players/{name}"},
	{"GET", "/api/db/players/{name}/hands"},
	{"GET", "/api/db/players/{name}/graph"},
	{"GET", "/api/db/hands/{hand}"},
}

var (
	fuzzOnce   sync.Once
	fuzzServer *Server
	fuzzTable  CreateTableResponse
)

// FuzzHandlers sends arbitrary bodies, paths, queries and tokens to every
// route: the answer is never a 5xx, and an error is JSON with a message.
func FuzzHandlers(f *testing.F) {
	profiles := f.TempDir()
	storage := newSQLite(f)
	// The hand database's routes read real hands.
	if _, err := store.ImportFiles(context.Background(), storage.DB, trackerFiles, store.ImportOptions{}); err != nil {
		f.Fatal(err)
	}
	for _, q := range []string{"before=1&limit=500", "before=-1", "limit=0", "limit=99999999999999999999", "filter=pot%3D3bet",
		"points=2", "points=1e9", "player=Hero", "player=%00"} {
		for route := range uint8(len(fuzzRoutes)) {
			f.Add(route, uint8(0), "", q, []byte{})
		}
	}
	f.Add(uint8(0), uint8(0), "", "", []byte(humanTable))
	f.Add(uint8(0), uint8(0), "", "", []byte(`{"small_blind":1,"big_blind":2,"stack":1e400,"seats":[]}`))
	f.Add(uint8(0), uint8(0), "", "", []byte(`{"small_blind":1,"big_blind":9223372036854775807,"stack":9223372036854775807,"seats":[{"name":"a","profile":"nit"},{"name":"b","profile":{"base":"lag","sizes":{"open":100}}}]}`))
	f.Add(uint8(2), uint8(1), "", "", []byte(`{"action":"raise","amount":-9223372036854775808}`))
	f.Add(uint8(2), uint8(1), "", "", []byte(`{"action":"bet","amount":1e3}`))
	f.Add(uint8(2), uint8(2), "", "", []byte(`{"action":"call"}`))
	f.Add(uint8(4), uint8(1), "", "format=pokerstars&after=99999999999999999999", []byte{})
	f.Add(uint8(3), uint8(1), "", "last_event_id=18446744073709551615:18446744073709551615", []byte{})
	f.Add(uint8(7), uint8(0), "", "", []byte(`{"profile":"tag","table":{"small_blind":1,"big_blind":2,"antes":[1,1],"starting_stacks":[100,100]},"actions":["p1 cbr 99999999999999999999"],"seat":2,"hole":"AsKd"}`))
	f.Add(uint8(7), uint8(0), "", "", []byte(`{"profile":{"stats":{"vpip":100,"pfr":100,"three_bet":100}},"table":{"small_blind":0,"big_blind":1,"starting_stacks":[1,1,1,1,1,1,1,1,1]},"actions":[],"seat":3,"hole":"2c2d"}`))
	f.Add(uint8(10), uint8(3), "", "", []byte("name = \"x\"\n[stats]\nvpip = 1e9\n"))
	f.Add(uint8(10), uint8(3), "", "", []byte(`{"calibration":{"open_rate":"x"}}`))
	f.Add(uint8(8), uint8(4), "", "", []byte{})
	f.Add(uint8(1), uint8(0), "garbage", "", []byte{})
	// Bodies of the wrong shape, with each content type (which picks it).
	for _, body := range []string{"null", "[]", "[{}]", `"x"`, "1", "true", `{"seats":null}`, `{"seats":[null]}`, `{"seats":[{"profile":[]}]}`, `{"amount":{}}`, `{"table":null}`, `{"table":[]}`} {
		for route := range uint8(len(fuzzRoutes)) {
			for which := range uint8(3) {
				f.Add(route, which, "", "", []byte(body))
			}
		}
	}
	f.Fuzz(func(t *testing.T, route, which uint8, token, query string, body []byte) {
		fuzzOnce.Do(func() {
			s, err := New(Config{Storage: storage, HandDB: storage.DB, Profiles: &DirProfiles{Dir: profiles},
				Tables: table.Options{NPCDelay: time.Millisecond, ActionTimeout: 10 * time.Millisecond}, RateLimit: 1e9, Burst: 1e9})
			if err != nil {
				t.Fatal(err)
			}
			fuzzServer = s
			req := httptest.NewRequest("POST", "/api/tables", strings.NewReader(humanTable))
			w := httptest.NewRecorder()
			s.Handler().ServeHTTP(w, req)
			json.Unmarshal(w.Body.Bytes(), &fuzzTable)
		})
		r := fuzzRoutes[int(route)%len(fuzzRoutes)]
		ids := []string{fuzzTable.TableID, "nope", "../..", ""}
		names := []string{"Nina", "me", "new-profile", "nit", "%00", "Hero", "jimmyhoo"}
		hands := []string{"1", "2.phh", "3.txt", "0", "x.y", "-1", "99999999999999999999", "1.", ".phh"}
		path := strings.ReplaceAll(r.path, "{hand}", hands[int(which)%len(hands)])
		path = strings.ReplaceAll(path, "{id}", ids[int(which)%len(ids)])
		path = strings.ReplaceAll(path, "{name}", names[int(which)%len(names)])
		tokens := []string{token, fuzzTable.Tokens["me"], fuzzTable.OwnerToken}
		tok := tokens[int(which)%len(tokens)]
		target := path
		if query != "" {
			target += "?" + strings.Map(func(r rune) rune {
				if r <= ' ' || r == '#' || r > '~' {
					return '_'
				}
				return r
			}, query)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		req := httptest.NewRequestWithContext(ctx, r.method, "http://x"+target, strings.NewReader(string(body)))
		if tok != "" && strings.IndexFunc(tok, func(r rune) bool { return r < ' ' || r > '~' }) < 0 {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		if ct := []string{"", "application/json", "application/toml"}[int(which)%3]; ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		w := httptest.NewRecorder()
		fuzzServer.Handler().ServeHTTP(w, req)
		if w.Code >= 500 && !(w.Code == http.StatusServiceUnavailable && strings.Contains(w.Body.String(), "too long")) {
			t.Fatalf("%s %s: %d %s", r.method, target, w.Code, w.Body.String())
		}
		if w.Code >= 400 && strings.HasPrefix(path, "/api/") {
			var e struct{ Error string }
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
				t.Fatalf("%s %s: %d without a JSON error: %q", r.method, target, w.Code, w.Body.String())
			}
		}
	})
}
