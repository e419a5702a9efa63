package cli

import (
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/internal/testsupport/dbtest"
)

// TestHudGraphEndsAtTheHUDMoney: the graph's lines end at the player's
// money of "pokerlab hud --json" (won, all-in EV, showdown, non-showdown
// in big blinds), from the files and from the database the same, and the
// figure is a valid PNG and an SVG.
func TestHudGraphEndsAtTheHUDMoney(t *testing.T) {
	dir := t.TempDir()
	var h HudJSON
	if err := json.Unmarshal([]byte(dbMustRun(t, "hud", "--json", handhqDir)), &h); err != nil {
		t.Fatal(err)
	}
	m := h.HeroMoney
	if h.Hero == "" || m == nil {
		t.Fatalf("no hero: %+v", h)
	}
	check := func(what string, g HudGraphJSON) {
		t.Helper()
		near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*max(1, math.Abs(y)) }
		if g.Player != h.Hero || g.Hands != h.Players[h.Hero].Hands || !near(g.WonBB, m.NetBB) || !near(g.AllInEVBB, m.EVBB) ||
			!near(g.ShowdownBB, m.ShowdownBB) || !near(g.NonShowdownBB, m.NonShowdownBB) {
			t.Errorf("%s: graph %+v; hud: %s, %d hands, %+v", what, g, h.Hero, h.Players[h.Hero].Hands, *m)
		}
	}
	svg := filepath.Join(dir, "g.svg")
	var g HudGraphJSON
	if err := json.Unmarshal([]byte(dbMustRun(t, "hud", "graph", handhqDir, "--out", svg, "--json")), &g); err != nil {
		t.Fatal(err)
	}
	check("files", g)
	data, err := os.ReadFile(svg)
	if err != nil || !strings.Contains(string(data), "all-in EV") {
		t.Errorf("the SVG has no all-in EV line (%v)", err)
	}
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		dbMustRun(t, "db", "import", "--db", d.URL, handhqDir)
		out := filepath.Join(dir, d.Name+".png")
		var g HudGraphJSON
		if err := json.Unmarshal([]byte(dbMustRun(t, "hud", "graph", "--db", d.URL, "--player", h.Hero, "--out", out, "--json")), &g); err != nil {
			t.Fatal(err)
		}
		check("database", g)
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := png.Decode(f); err != nil {
			t.Errorf("%s: %v", out, err)
		}
	})
}

// TestHudGraphFlags: the graph's command-line errors.
func TestHudGraphFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"hud", "graph", handhqDir}, ExitUsage, "--out is required"},
		{[]string{"hud", "graph", "--out", "x.svg"}, ExitUsage, "give at least one"},
		{[]string{"hud", "graph", handhqDir, "--out", "x.svg", "--stakes", "1/2"}, ExitUsage, "need --db"},
		{[]string{"hud", "graph", handhqDir, "--out", "x.txt"}, ExitUsage, ".svg, .png or .pdf"},
		{[]string{"hud", "graph", handhqDir, "--out", "x.svg", "--filter", "pos=BTM"}, ExitUsage, "--filter: filter \"pos=BTM\": col 5"},
		{[]string{"hud", "graph", handhqDir, "--player", "nobody", "--out", filepath.Join(t.TempDir(), "x.svg")}, ExitError, `player "nobody" has no hands`},
	} {
		code, _, errOut := run(t, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tt.args, code, errOut, tt.code, tt.want)
		}
	}
}
