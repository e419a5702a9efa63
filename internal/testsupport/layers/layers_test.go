package layers

import (
	"os"
	"strings"
	"testing"
)

const root = "../../.."

func load(t *testing.T) ([]Rule, []Package) {
	t.Helper()
	doc, err := os.ReadFile(root + "/docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	rules, err := ParseTable(doc)
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := Scan(root, "pokerlab")
	if err != nil {
		t.Fatal(err)
	}
	return rules, pkgs
}

// TestImportsFollowTheLayerTable is the check itself: every package of the
// module is in a layer of docs/architecture.md and imports only what its
// layer may.
func TestImportsFollowTheLayerTable(t *testing.T) {
	rules, pkgs := load(t)
	if len(pkgs) < 40 {
		t.Fatalf("scanned only %d packages: is the root right?", len(pkgs))
	}
	for _, v := range Check(rules, pkgs) {
		t.Error(v)
	}
}

// plant returns pkgs with one more import from → to.
func plant(pkgs []Package, from, to string, test bool) []Package {
	out := make([]Package, len(pkgs))
	for i, p := range pkgs {
		out[i] = p
		if p.Path == from {
			if test {
				out[i].TestImports = append(append([]string(nil), p.TestImports...), to)
			} else {
				out[i].Imports = append(append([]string(nil), p.Imports...), to)
			}
		}
	}
	return out
}

// TestPlantedWrongImportIsReported plants imports that break the table into
// the real graph and wants each reported, alone.
func TestPlantedWrongImportIsReported(t *testing.T) {
	rules, pkgs := load(t)
	for _, c := range []struct {
		from, to string
		test     bool
		want     string
	}{
		{"holdem", "internal/app/serve", false, "holdem: (library) imports internal/app/serve (application)"},
		{"spot", "store", false, "spot: (library) imports store (storage)"},
		{"cfr", "internal/figure/loglog", false, "cfr: (library) imports internal/figure/loglog (figure)"},
		{"internal/kernel/vec", "spot", false, "internal/kernel/vec: (kernel) imports spot (library)"},
		{"store", "internal/app/table", false, "store: (storage) imports internal/app/table (application)"},
		{"internal/app/serve", "internal/testsupport/dbtest", false, "for tests only"},
		{"internal/measure/spotbench", "internal/app/cli", false, "internal/measure/spotbench: (measurement) imports internal/app/cli (application)"},
		{"hud", "internal/app/report", true, "hud: (library) has a test that imports internal/app/report (application)"},
	} {
		got := Check(rules, plant(pkgs, c.from, c.to, c.test))
		if len(got) != 1 || !strings.Contains(got[0].String(), c.want) {
			t.Errorf("%s → %s (test %v): got %v, want one violation containing %q", c.from, c.to, c.test, got, c.want)
		}
	}
}

// TestTestsMayImportTestSupport: a _test.go file may import the test-support
// layer; other files may not (above).
func TestTestsMayImportTestSupport(t *testing.T) {
	rules, pkgs := load(t)
	if got := Check(rules, plant(pkgs, "hh", "internal/testsupport/dbtest", true)); len(got) != 0 {
		t.Errorf("a test importing test support: %v", got)
	}
}

// TestPackageInNoLayerIsReported: a new package must be placed in the table.
func TestPackageInNoLayerIsReported(t *testing.T) {
	rules, pkgs := load(t)
	got := Check(rules, append(pkgs, Package{Path: "newthing"}))
	if len(got) != 1 || !strings.Contains(got[0].String(), "newthing: is in no layer") {
		t.Errorf("got %v", got)
	}
}

// TestStaleRowIsReported: a pattern that matches no package is reported.
func TestStaleRowIsReported(t *testing.T) {
	rules, pkgs := load(t)
	rules = append(rules, Rule{Layer: "ghost", Patterns: []string{"gone/…"}})
	got := Check(rules, pkgs)
	if len(got) != 1 || !strings.Contains(got[0].String(), "gone/…, which matches no package") {
		t.Errorf("got %v", got)
	}
}

// TestLongestPatternWins: efg/efgtest is test support although efg/… is
// library.
func TestLongestPatternWins(t *testing.T) {
	rules := []Rule{
		{Layer: "library", Patterns: []string{"efg/…"}},
		{Layer: "test support", Patterns: []string{"efg/efgtest"}, TestsOnly: true},
	}
	if r := layerOf(rules, "efg/efgtest"); r == nil || r.Layer != "test support" {
		t.Errorf("efg/efgtest in %v", r)
	}
	if r := layerOf(rules, "efg"); r == nil || r.Layer != "library" {
		t.Errorf("efg in %v", r)
	}
	if r := layerOf(rules, "efgx"); r != nil {
		t.Errorf("efgx in %v", r.Layer)
	}
}

func TestParseTableErrors(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"# x\n", "no layer table"},
		{"## Layers\n\n| name | x | y |\n|---|---|---|\n| a | `b` | — |\n", "header must start"},
		{"## Layers\n\n| layer | packages | may import |\n|---|---|---|\n| a | `b` | c |\n", `may import "c", which is not a layer`},
		{"## Layers\n\n| layer | packages | may import |\n|---|---|---|\n| a | none | — |\n", "names no packages"},
	} {
		_, err := ParseTable([]byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.doc, err, c.want)
		}
	}
}
