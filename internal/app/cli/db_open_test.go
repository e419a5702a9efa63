package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestDBOpenServesThePage: db open on port 0 prints the page's URL and
// serves the page and the hand database's players (read-only), and stops
// with exit 0 when told to.
func TestDBOpenServesThePage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "hands.db")
	if code, _, errOut := run(t, "db", "import", "--db", db, "../../../hh/testdata/pokerstars/hhsmithy-10MultipleHands.txt"); code != 0 {
		t.Fatalf("import: %d %s", code, errOut)
	}
	io2, out, _ := TestStreams("", true, false) // a terminal: --no-browser keeps the browser closed
	urls := make(chan string, 1)
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- dbOpenRun(&dbOpenOptions{IO: io2, DB: db, Addr: "127.0.0.1:0", NoBrowser: true, ready: func(u string) { urls <- u }, stop: stop})
	}()
	var url string
	select {
	case url = <-urls:
	case err := <-done:
		t.Fatalf("db open ended: %v", err)
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/tracker.html") || !strings.Contains(out.String(), url) {
		t.Fatalf("url %q, output %q", url, out.String())
	}
	get := func(u string) (int, []byte) {
		t.Helper()
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	if code, page := get(url); code != http.StatusOK || !strings.Contains(string(page), "tracker.js") {
		t.Fatalf("the page: %d %.200s", code, page)
	}
	base := strings.TrimSuffix(url, "/tracker.html")
	if code, page := get(base + "/"); code != http.StatusOK || !strings.Contains(string(page), "tracker.js") {
		t.Fatalf("/ is not the tracker: %d", code)
	}
	code, body := get(base + "/api/db/players")
	var players struct{ Players []struct{ Name string } }
	if code != http.StatusOK || json.Unmarshal(body, &players) != nil || len(players.Players) < 5 {
		t.Fatalf("players: %d %s", code, body)
	}
	if code, _ := get(base + "/api/tables"); code != http.StatusNotFound {
		t.Fatalf("db open serves tables: %d", code)
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestDBOpenRefusesBadInput: a non-loopback address is a usage error
// (exit 2) before anything opens; a missing database fails (exit 1),
// naming it.
func TestDBOpenRefusesBadInput(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":8080", "192.0.2.1:0", "nonsense"} {
		if code, _, errOut := run(t, "db", "open", "--addr", addr, "--db", filepath.Join(t.TempDir(), "x.db")); code != ExitUsage || !strings.Contains(errOut, "--addr") {
			t.Errorf("--addr %s: exit %d %q", addr, code, errOut)
		}
	}
	missing := filepath.Join(t.TempDir(), "missing.db")
	if code, _, errOut := run(t, "db", "open", "--no-browser", "--db", missing); code != ExitError || !strings.Contains(errOut, "missing.db") {
		t.Errorf("a missing database: exit %d %q", code, errOut)
	}
}
