package report

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"pokerlab/spot"
	"pokerlab/spot/spotqre"
)

// The spot section (river only in the quick report): λ* has the QRE within
// 0.5 % of 0.1 % of the pot, Nash meets its 0.05 %, the numbers hang
// together, the figures are there, and the conclusion quotes the numbers
// the run computed.
func TestQuickReportQRESpots(t *testing.T) {
	_, res := quickReport(t)
	n := res.Numbers["qre-spots"]
	spots := n["spots"].(map[string]any)
	if len(spots) != 1 {
		t.Fatalf("the quick report has %d spots, want the river only", len(spots))
	}
	r := spots["river"].(map[string]any)
	f := func(k string) float64 { return r[k].(float64) }
	if math.Abs(f("qre_exploitability_pct")/0.1-1) > 0.005 {
		t.Errorf("exploitability at λ* = %v %% of the pot, want 0.1 %%", f("qre_exploitability_pct"))
	}
	if f("nash_exploitability_pct") > 0.05 || f("residual") > spotqre.DefaultTolerance {
		t.Errorf("Nash at %v %%, QRE residual %v", f("nash_exploitability_pct"), f("residual"))
	}
	if tv := f("mean_tv"); !(tv > 0 && tv < 1) {
		t.Errorf("mean TV %v", tv)
	}
	if s := f("slope"); !(s < 0) || !(f("c") > 0) {
		t.Errorf("c/λ fit: c %v, slope %v", f("c"), s)
	}
	// The path's exploitability falls with λ beyond λ*.
	path := r["path"].([]map[string]any)
	var last float64 = math.Inf(1)
	for _, p := range path {
		if l := p["lambda"].(float64); l >= f("lambda_star") {
			e := p["exploitability_pct"].(float64)
			if e >= last {
				t.Errorf("exploitability %v at λ %v, not below %v", e, l, last)
			}
			last = e
		}
	}
	conc := n["conclusion"].(string)
	for _, want := range []string{
		fmt.Sprintf("λ* = %.0f", f("lambda_star")),
		fmt.Sprintf("c = %.3f pots", f("c")),
		"slope there is " + fixed(f("slope"), 2),
		fmt.Sprintf("total variation of %.3f", f("mean_tv")),
		fmt.Sprintf("%.2f chips on a pot of 200", math.Abs(f("max_class_ev_difference"))),
	} {
		if !strings.Contains(conc, want) {
			t.Errorf("the conclusion does not quote %q:\n%s", want, conc)
		}
	}
	names := map[string]bool{}
	for _, s := range res.Sections {
		if s.ID != "qre-spots" {
			continue
		}
		for _, b := range s.Blocks {
			if b.Figure != nil {
				names[b.Figure.Name] = true
			}
		}
	}
	for _, want := range []string{"qre-spots-river-root", "qre-spots-river-ghost", "qre-spots-exploitability"} {
		if !names[want] {
			t.Errorf("figure %s missing (have %v)", want, names)
		}
	}
}

// TestQRESpotsConclusionFollowsFigures: the conclusion's words follow the
// numbers — a QRE that loses more than Nash on ghost lines is not said to
// repair them, and no ghost lines is said so.
func TestQRESpotsConclusionFollowsFigures(t *testing.T) {
	mk := func(tv, nashGhost, qreGhost float64, ghosts int) spotRun {
		return spotRun{"test", &spotqre.Study{
			Game:     &spot.Game{Spot: &spot.Spot{Pot: 100}},
			NashEval: spot.Evaluation{Percent: 0.04},
			Auto:     &spotqre.Auto{Lambda: 123},
			Results:  []*spotqre.Result{{Evaluation: spot.Evaluation{Percent: 0.1}}},
			C:        0.25, Slope: -1.1, FitFrom: 30,
			Comparisons: []*spotqre.Comparison{{MeanTV: tv, GhostCount: ghosts, GhostReach: 1e-3, NashLossGhost: nashGhost, QRELossGhost: qreGhost,
				ClassEV: [2][]spotqre.ClassEV{{{Difference: -1.5}}, {{Difference: 0.5}}}}},
		}}
	}
	good := qreSpotsConclusion([]spotRun{mk(0.05, 2, 0.01, 3)})
	for _, want := range []string{"λ* = 123", "c = 0.250 pots", "slope there is −1.10", "total variation of 0.050", "1.50 chips on a pot of 100",
		"the Nash strategy loses 2.000 chips", "200 times less", "So the QRE at λ* plays like Nash where play goes (mean total variation 0.050", "it loses less than the Nash solution."} {
		if !strings.Contains(good, want) {
			t.Errorf("missing %q in:\n%s", want, good)
		}
	}
	bad := qreSpotsConclusion([]spotRun{mk(0.3, 0.01, 0.02, 3)})
	for _, want := range []string{"no less than the Nash strategy's", "does not play like Nash where play goes (mean total variation 0.300", "it does not lose less"} {
		if !strings.Contains(bad, want) {
			t.Errorf("missing %q in:\n%s", want, bad)
		}
	}
	two := qreSpotsConclusion([]spotRun{mk(0.05, 2, 0.01, 3), mk(0.3, 0.01, 0.02, 3)})
	if !strings.Contains(two, "on 1 of 2 spots the QRE at λ* plays like Nash") || !strings.Contains(two, "on 1 of the 2 spots with ghost lines it loses less") {
		t.Errorf("two spots:\n%s", two)
	}
	none := qreSpotsConclusion([]spotRun{mk(0.05, 0, 0, 0)})
	if !strings.Contains(none, "no ghost lines to repair") || strings.Contains(none, "on the ghost lines") {
		t.Errorf("no ghost lines:\n%s", none)
	}
}
