package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"pokerlab/internal/app/lab"
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
	for _, q := range []string{"before=1&limit=500", "before=-1", "limit=0", "limit=99999999999999999999", "filter=pot%3D3bet", "filter=pos%3DBTM%20and%20(", "filter=won%3E1e308%20or%20cards%3DAA",
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

var spotRoutes = []struct{ method, path string }{
	{"POST", "/api/spots"},
	{"GET", "/api/spots"},
	{"GET", "/api/spots/{id}"},
	{"DELETE", "/api/spots/{id}"},
	{"POST", "/api/spots/{id}/solve"},
	{"DELETE", "/api/spots/{id}/solve"},
	{"GET", "/api/spots/{id}/events"},
	{"GET", "/api/spots/{id}/node"},
	{"GET", "/api/spots/{id}/compare"},
	{"GET", "/api/spots/{id}/export"},
	{"GET", "/api/spots/{id}/toml"},
	{"POST", "/api/spots/{id}/save"},
	{"GET", "/api/library"},
	{"POST", "/api/library/{id}/open"},
	{"GET", "/api/ranges"},
}

var (
	spotFuzzOnce   sync.Once
	spotFuzzServer *Server
	spotFuzzID     string
)

// FuzzSpotHandlers sends arbitrary bodies and queries to the spot lab's
// routes, on a lab holding the narrow turn spot solved to Nash: the answer
// is never a 5xx, and an error is JSON with a message.
func FuzzSpotHandlers(f *testing.F) {
	dir, profiles := f.TempDir(), f.TempDir()
	storage := newSQLite(f)
	narrow, err := os.ReadFile("../../../spot/testdata/turn-Td9d6hQc-narrow.toml")
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range []struct {
		route uint8
		query string
		body  string
	}{
		{0, "", string(narrow)},
		{0, "estimate=1", `{"toml":"board = \"AsKsQs\"\npot = 0\n"}`},
		{0, "", `{"toml":"board = \"AsKs\"","name":"../x"}`},
		{0, "", "board = \"Td9d6hQc\"\npot = 200\nstack = 900\noop = \"random\"\nip = \"random\"\n[sizes]\nbet = \"10%,20%,30%,40%,50%,60%,70%,80%,90%,100%\"\nraise = \"2x,3x,4x\"\n"},
		{4, "", `{"nash":{"target_pct":-1}}`},
		{4, "", `{"nash":{"max_iterations":1e300}}`},
		{4, "", `{"qre":{"lambdas":[0,-1,1e400]}}`},
		{4, "", `{"qre":{"auto":true,"auto_pct":100}}`},
		{4, "", `{}`},
		{7, "line=x%20b120&view=nash", ""},
		{7, "line=x%20b120%20c%20Ks&view=nash&cards=1", ""},
		{7, "line=zz&view=qre&lambda=-3", ""},
		{7, "line=x%20x%20Td&player=ip", ""},
		{8, "lambda=nan", ""},
		{9, "format=png&line=x", ""},
		{9, "format=svg&line=x%20x", ""},
		{9, "format=csv&line=", ""},
		{9, "format=gif", ""},
		{6, "last_event_id=-5", ""},
		{6, "last_event_id=99999999999999999999", ""},
		{11, "", `{"name":"../../etc"}`},
		{11, "", `{"name":"ok-name"}`},
		{13, "", ""},
	} {
		f.Add(c.route, uint8(0), c.query, []byte(c.body))
		f.Add(c.route, uint8(1), c.query, []byte(c.body))
	}
	f.Fuzz(func(t *testing.T, route, which uint8, query string, body []byte) {
		spotFuzzOnce.Do(func() {
			s, err := New(Config{Storage: storage, Profiles: &DirProfiles{Dir: profiles}, RateLimit: 1e9, Burst: 1e9,
				Lab: lab.New(lab.Config{Memory: 16 << 20, Workers: 1, MaxQueue: 2, Dir: dir})})
			if err != nil {
				t.Fatal(err)
			}
			spotFuzzServer = s
			info, err := s.lab.Add(string(narrow), "narrow.toml", "")
			if err != nil {
				t.Fatal(err)
			}
			spotFuzzID = info.ID
			if _, err := s.lab.Solve(info.ID, lab.SolveRequest{Nash: &lab.NashRequest{TargetPct: 1}}, "", true); err != nil {
				t.Fatal(err)
			}
			for st := ""; st != "solved"; {
				time.Sleep(10 * time.Millisecond)
				g, _ := s.lab.Get(info.ID)
				st = g.Status
			}
		})
		r := spotRoutes[int(route)%len(spotRoutes)]
		ids := []string{spotFuzzID, "nope", "..", "narrow"}
		path := strings.ReplaceAll(r.path, "{id}", ids[int(which)%len(ids)])
		target := path
		if query != "" {
			target += "?" + strings.Map(func(r rune) rune {
				if r <= ' ' || r == '#' || r > '~' {
					return '_'
				}
				return r
			}, query)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		req := httptest.NewRequestWithContext(ctx, r.method, "http://x"+target, strings.NewReader(string(body)))
		w := httptest.NewRecorder()
		spotFuzzServer.Handler().ServeHTTP(w, req)
		if w.Code >= 500 && w.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s %s: %d %s", r.method, target, w.Code, w.Body.String())
		}
		if w.Code >= 400 {
			var e struct{ Error string }
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
				t.Fatalf("%s %s: %d without a JSON error: %q", r.method, target, w.Code, w.Body.String())
			}
		}
		// Whatever was queued stops: the next input starts from an idle lab.
		for _, sp := range spotFuzzServer.lab.List() {
			if sp.Status == "queued" || sp.Status == "solving" {
				spotFuzzServer.lab.Cancel(sp.ID, "", true)
			}
		}
	})
}
