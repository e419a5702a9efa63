package cli

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"pokerlab/spot/spotqre"
)

func TestSpotQREFlags(t *testing.T) {
	checkFlagCases(t, newSpotQRECmd, []flagCase[spotQREOptions]{
		{"s.toml --lambda 10,100 --lambda 1000", "", func(o *spotQREOptions) bool {
			return len(o.Lambdas.Values) == 3 && o.Lambdas.Values[2] == 1000 && !o.Lambdas.Auto && o.Tolerance == 1e-6 && o.TargetPct == 0.1
		}},
		{"s.toml --lambda auto,50 --target-pct 0.5 --tolerance 1e-8 --out q.pls --json", "", func(o *spotQREOptions) bool {
			return o.Lambdas.Auto && len(o.Lambdas.Values) == 1 && o.TargetPct == 0.5 && o.Tolerance == 1e-8 && o.Out == "q.pls" && o.JSON
		}},
		{"s.toml --lambda 0", "", func(o *spotQREOptions) bool { return o.Lambdas.Values[0] == 0 }},
		{"s.toml", "--lambda is required", nil},
		{"s.toml --lambda -1", "--lambda -1: λ must be ≥ 0", nil},
		{"s.toml --lambda NaN", "--lambda NaN", nil},
		{"s.toml --lambda Inf", "above 100000", nil},
		{"s.toml --lambda -Inf", "λ must be ≥ 0", nil},
		{"s.toml --lambda 1e6", "above 100000", nil},
		{"s.toml --lambda 1e300", "above 100000", nil},
		{"s.toml --lambda 10,x", `"x"`, nil},
		{"s.toml --lambda 10 --tolerance 0", "--tolerance 0: want a tolerance > 0", nil},
		{"s.toml --lambda 10 --tolerance -1e-6", "--tolerance -1e-6: want a tolerance > 0", nil},
		{"s.toml --lambda 10 --tolerance NaN", "--tolerance NaN", nil},
		{"s.toml --lambda auto --target-pct 0", "--target-pct 0", nil},
		{"s.toml --lambda 10 --out q.json", "--out q.json: the file name must end in .pls", nil},
	})
	checkFlagCases(t, newSpotCompareCmd, []flagCase[spotCompareOptions]{
		{"s.toml", "", func(o *spotCompareOptions) bool {
			return len(o.Lambdas.Values) == 0 && o.NashTarget == 0.05 && o.TargetPct == 0.1 && o.Ghost == 1e-3 && o.Top == 10 && o.Tolerance == 1e-6
		}},
		{"s.toml --lambda 30,300 --nash n.pls --ghost 1e-4 --top 3 --json", "", func(o *spotCompareOptions) bool {
			return len(o.Lambdas.Values) == 2 && o.Nash == "n.pls" && o.Ghost == 1e-4 && o.Top == 3 && o.JSON
		}},
		{"s.toml --lambda -5", "λ must be ≥ 0", nil},
		{"s.toml --tolerance 0", "--tolerance 0", nil},
		{"s.toml --ghost 0", "--ghost 0: want a probability between 0 and 1", nil},
		{"s.toml --nash-target -1", "--nash-target -1", nil},
	})
}

// TestSpotQREAndShow: the QRE at two λ is written to two result files that
// spot show reads like Nash results (method qre, the exploitability
// written); the root frequencies agree; the residual meets the tolerance;
// the larger λ is less exploitable.
func TestSpotQREAndShow(t *testing.T) {
	dir := t.TempDir()
	path := writeSpot(t, cliRiverSpot)
	out := filepath.Join(dir, "q.pls")
	q := spotJSON[SpotQREJSON](t, "spot", "qre", path, "--lambda", "50,5", "--out", out)
	if len(q.Points) != 2 || q.Points[0].Lambda != 50 || q.Points[1].Lambda != 5 || q.Auto != nil || q.Evaluations == 0 || q.Method != "default" || q.Threads != 1 {
		t.Fatalf("%+v", q)
	}
	if !(q.Points[0].Exploitability < q.Points[1].Exploitability) {
		t.Errorf("exploitability %v at λ 50, %v at λ 5", q.Points[0].Exploitability, q.Points[1].Exploitability)
	}
	for _, p := range q.Points {
		if p.Residual > 1e-6 || p.LogitRegret < 0 || math.Abs(p.ExploitabilityPct-p.Exploitability) > 1e-9 {
			t.Errorf("λ %v: %+v", p.Lambda, p)
		}
		want := filepath.Join(dir, "q-lambda"+map[float64]string{50: "50", 5: "5"}[p.Lambda]+".pls")
		if p.Out != want {
			t.Fatalf("out %q, want %q", p.Out, want)
		}
		show := spotJSON[SpotShowJSON](t, "spot", "show", p.Out)
		if show.Method != "qre" || show.Exploitability == nil || math.Abs(*show.Exploitability-p.ExploitabilityPct) > 1e-12 {
			t.Fatalf("show %s: %+v", p.Out, show)
		}
		for a, f := range show.Frequency {
			if math.Abs(f-p.Root.Frequency[a]) > 1e-6 {
				t.Errorf("λ %v: root frequency %v in the file, %v in qre's output", p.Lambda, show.Frequency, p.Root.Frequency)
			}
		}
	}
	grid := filepath.Join(dir, "g.svg")
	if code, _, errOut := run(t, "spot", "show", q.Points[0].Out, "--node", "b50", "--plot", grid); code != ExitOK {
		t.Fatal(errOut)
	}
	if st, err := os.Stat(grid); err != nil || st.Size() < 1000 {
		t.Fatalf("grid: %v", err)
	}
	code, text, _ := run(t, "spot", "qre", path, "--lambda", "0")
	if code != ExitOK || !strings.Contains(text, "x 33.3% b50 33.3% a150 33.3%") {
		t.Errorf("λ = 0 is uniform play: exit %d\n%s", code, text)
	}
}

// TestSpotQREAuto: λ* has the exploitability asked for (within the search's
// 0.5 %), the path is ordered by λ and reaches the target from above (the
// search may stop at a point within 0.5 % above it), and the c/λ fit is
// reported.
func TestSpotQREAuto(t *testing.T) {
	path := writeSpot(t, cliRiverSpot)
	q := spotJSON[SpotQREJSON](t, "spot", "qre", path, "--lambda", "auto", "--target-pct", "0.5")
	a := q.Auto
	if a == nil || len(q.Points) != 1 || q.Points[0].Lambda != a.LambdaStar || a.TargetPct != 0.5 || a.Target != 0.5 {
		t.Fatalf("%+v", q)
	}
	if math.Abs(q.Points[0].ExploitabilityPct/0.5-1) > 0.005 {
		t.Errorf("exploitability at λ* %v%%, want 0.5%%", q.Points[0].ExploitabilityPct)
	}
	if !sort.SliceIsSorted(a.Path, func(i, j int) bool { return a.Path[i].Lambda < a.Path[j].Lambda }) || a.Path[0].Lambda != 0 {
		t.Errorf("path not ordered from λ = 0: %+v", a.Path)
	}
	above, below := false, false
	for _, p := range a.Path {
		above = above || p.Percent > 0.5
		below = below || p.Percent <= 0.5*(1+0.005)
	}
	if !above || !below || a.C == nil || a.Slope == nil || a.FitPoints < 2 || a.FitFrom != a.LambdaStar/4 {
		t.Errorf("%+v", a)
	}
}

// TestSpotCompare: the comparison's numbers hang together: λ* first, ghost
// nodes are exactly those below the threshold, the mean total variation is
// a probability, the Nash side meets its target; and a Nash result of
// another spot is refused (exit 2) before any work.
func TestSpotCompare(t *testing.T) {
	dir := t.TempDir()
	path := writeSpot(t, cliRiverSpot)
	c := spotJSON[SpotCompareJSON](t, "spot", "compare", path, "--lambda", "20", "--out-dir", dir)
	if len(c.Lambdas) != 2 || !c.Lambdas[0].Star || c.Lambdas[1].Lambda != 20 || c.Auto == nil || c.Lambdas[0].Lambda != c.Auto.LambdaStar ||
		c.Nash.ExploitabilityPct > 0.05 || c.GhostReach != 1e-3 {
		t.Fatalf("%+v", c)
	}
	for _, l := range c.Lambdas {
		ghosts := 0
		for _, n := range l.Nodes {
			if n.Ghost != (n.NashReach < c.GhostReach) {
				t.Errorf("λ %v node %q: ghost %v with Nash reach %v", l.Lambda, n.Line, n.Ghost, n.NashReach)
			}
			if n.Ghost {
				ghosts++
			}
			if n.TV < 0 || n.TV > 1 || n.NashLoss < -1e-9 || n.QRELoss < -1e-9 {
				t.Errorf("λ %v node %q: %+v", l.Lambda, n.Line, n)
			}
		}
		if ghosts != l.GhostCount || l.MeanTV < 0 || l.MeanTV > 1 || len(l.ClassEV) == 0 {
			t.Errorf("λ %v: %d ghost nodes counted, %d reported; %+v", l.Lambda, ghosts, l.GhostCount, l)
		}
		if _, err := os.Stat(l.Out); err != nil {
			t.Errorf("λ %v: %v", l.Lambda, err)
		}
	}
	nash := filepath.Join(dir, "nash.pls")
	if c.Nash.Out != nash {
		t.Fatalf("nash out %q", c.Nash.Out)
	}
	// The written Nash result, given back, gives the same λ*.
	again := spotJSON[SpotCompareJSON](t, "spot", "compare", path, "--nash", nash)
	if again.Auto.LambdaStar != c.Auto.LambdaStar || again.Nash.Iterations != 0 || again.Nash.File != nash {
		t.Errorf("with --nash: λ* %v, want %v; %+v", again.Auto.LambdaStar, c.Auto.LambdaStar, again.Nash)
	}
	other := writeSpot(t, strings.Replace(cliRiverSpot, "pot = 100", "pot = 120", 1))
	code, _, errOut := run(t, "spot", "compare", other, "--nash", nash)
	if code != ExitUsage || !strings.Contains(errOut, "--nash "+nash+": a result of another spot (board AhKd7c5s2h, pot 100") {
		t.Errorf("another spot's result: exit %d, %q", code, errOut)
	}
}

// FuzzLambdaSpec: --lambda's parser never panics, and whatever it accepts
// is a valid λ (0 ≤ λ ≤ spotqre.MaxLambda, not NaN) or auto.
func FuzzLambdaSpec(f *testing.F) {
	for _, s := range []string{"10,100,1000", "auto", "auto,5", "0", "-1", "NaN", "Inf", "1e300", "1e5", " 7 , auto ", ",", "", "x", "1_0", "0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var l lambdaSpec
		if err := l.Set(s); err != nil {
			return
		}
		for _, x := range l.Values {
			if !(x >= 0 && x <= spotqre.MaxLambda) {
				t.Fatalf("%q: accepted λ = %v", s, x)
			}
		}
	})
}
