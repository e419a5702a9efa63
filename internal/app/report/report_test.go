package report

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/qre"
)

// runQuick runs the quick report once per test binary.
var quick struct {
	dir string
	res *Result
	err error
}

func quickReport(t *testing.T) (string, *Result) {
	t.Helper()
	if quick.dir == "" {
		dir, err := os.MkdirTemp("", "pokerlab-report-")
		if err != nil {
			t.Fatal(err)
		}
		quick.dir = dir
		quick.res, quick.err = Run(Options{Dir: dir, Quick: true, Seed: 1})
	}
	if quick.err != nil {
		t.Fatal(quick.err)
	}
	return quick.dir, quick.res
}

func TestMain(m *testing.M) {
	code := m.Run()
	if quick.dir != "" {
		os.RemoveAll(quick.dir)
	}
	os.Exit(code)
}

// Every section has its figures on disk (SVG and PNG), its numbers in
// report.json, and appears in index.html.
func TestQuickReport(t *testing.T) {
	dir, res := quickReport(t)
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Seed     uint64                    `json:"seed"`
		Sections map[string]map[string]any `json:"sections"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Sections {
		if !strings.Contains(string(html), `<section id="`+s.ID+`">`) {
			t.Errorf("index.html lacks section %s", s.ID)
		}
		if len(doc.Sections[s.ID]) < 2 {
			t.Errorf("report.json has no numbers for section %s", s.ID)
		}
		figures := 0
		for _, b := range s.Blocks {
			if b.Figure == nil {
				continue
			}
			figures++
			for _, f := range []string{b.Figure.SVG, b.Figure.PNG} {
				st, err := os.Stat(filepath.Join(dir, f))
				if err != nil || st.Size() < 1000 {
					t.Errorf("section %s: figure %s missing or empty", s.ID, f)
				}
			}
			if b.Command == "" {
				t.Errorf("section %s: figure %s has no command", s.ID, b.Figure.Name)
			}
		}
		if figures == 0 {
			t.Errorf("section %s has no figure", s.ID)
		}
	}
	if len(res.Sections) != len(sections()) {
		t.Errorf("%d sections written, %d defined", len(res.Sections), len(sections()))
	}
}

// The numbers are sane: the exact equities match the published values.
func TestQuickReportHoldem(t *testing.T) {
	_, res := quickReport(t)
	h := res.Numbers["holdem"]
	for _, e := range h["exact_equities"].([]map[string]any) {
		if d := e["equity"].(float64) - e["published"].(float64); d > 1e-8 || d < -1e-8 {
			t.Errorf("%s: equity %v, published %v", e["matchup"], e["equity"], e["published"])
		}
	}
	if ns := h["eval_ns_per_hand"].(float64); ns <= 0 || ns > 200 {
		t.Errorf("evaluation takes %v ns per hand", ns)
	}
	aa := h["equity_vs_random"].(map[string][]float64)["AA"]
	if len(aa) != 8 || aa[0] < 0.84 || aa[0] > 0.86 { // AA vs one random hand: 85.2 %
		t.Errorf("AA vs random: %v", aa)
	}
}

// The QRE sections' numbers are sane: the measured asymptotic coefficients
// match the (corrected) formulas, ε(2000) < 0.1 % of the pot, Kuhn's QRE
// comes within 0.1 % of the pot near λ = 62 and selects α ≈ 0.2017, and
// CFR+'s play on ghost lines loses more than elsewhere.
func TestQuickReportQRE(t *testing.T) {
	_, res := quickReport(t)
	for _, a := range res.Numbers["akq"]["asymptotics"].([]map[string]any) {
		B := a["bet"].(float64)
		for _, key := range []string{"c1_pq", "c1_pk", "prefactor_pa"} {
			c := a[key].(qre.Coefficient)
			if math.Abs(c.Numeric-c.Formula) > 1e-3*math.Max(1, math.Abs(c.Formula)) {
				t.Errorf("B = %v %s: measured %v, formula %v", B, key, c.Numeric, c.Formula)
			}
		}
		if e := a["eps_at_2000"].(float64); !(e >= 0 && e < 0.001) {
			t.Errorf("B = %v: ε(2000) = %v", B, e)
		}
	}
	q := res.Numbers["qre-games"]
	kuhn := q["paths"].(map[string]any)["kuhn"].(map[string]any)
	if l, ok := kuhn["lambda_within_0_1_percent_of_pot"].(float64); !ok || math.Abs(l-62) > 2 {
		t.Errorf("Kuhn: λ within 0.1 %% of the pot = %v, want ≈ 62", kuhn["lambda_within_0_1_percent_of_pot"])
	}
	if a := q["kuhn_alpha"].(float64); math.Abs(a-0.2017) > 1e-3 {
		t.Errorf("Kuhn QRE limit α = %v, want 0.2017", a)
	}
	g := q["ghost_lines"].(map[string]any)
	if g["count"].(int) == 0 || g["mean_cfr_loss_ghosts"].(float64) <= g["mean_cfr_loss_others"].(float64) {
		t.Errorf("ghost lines: %v", g)
	}
}

// CFR converges in the report's runs: vanilla CFR's NashConv falls, and
// CFR+ ends below vanilla CFR on Leduc.
func TestQuickReportCFR(t *testing.T) {
	_, res := quickReport(t)
	algs := res.Numbers["cfr"]["algorithms"].(map[string]any)
	leduc := func(a string) float64 {
		return algs[a].(map[string]any)["leduc"].(map[string]any)["nash_conv"].(float64)
	}
	if !(leduc("cfr+") < leduc("cfr") && leduc("cfr") < 4.747) {
		t.Errorf("Leduc NashConv: cfr %v, cfr+ %v", leduc("cfr"), leduc("cfr+"))
	}
}

// The NPC section's seats reproduce their targets: every stat with at least
// 1,000 opportunities is within tolerance.
func TestQuickReportNPC(t *testing.T) {
	_, res := quickReport(t)
	n := res.Numbers["npc"]
	if n["checked"].(int) < 40 || n["within_tolerance"].(int) != n["checked"].(int) {
		t.Errorf("NPC stats: %v of %v within tolerance (worst %.2f of the allowance)",
			n["within_tolerance"], n["checked"], n["worst_error_over_allowance"])
	}
	if hps := n["hands_per_second"].(float64); hps < 1000 {
		t.Errorf("simulation at %.0f hands/s", hps)
	}
}
