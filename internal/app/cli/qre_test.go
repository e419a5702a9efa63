package cli

import (
	"encoding/json"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/games"
	"pokerlab/qre"
)

func TestQREAKQJSON(t *testing.T) {
	code, out, errOut := run(t, "qre", "akq", "--bet", "1/3", "--lambda", "0,5", "--lambda", "2000", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc QREAKQListJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	pts := doc.Points
	if len(pts) != 3 {
		t.Fatalf("%d points", len(pts))
	}
	g := qre.AKQ{Bet: 1.0 / 3}
	wants, _ := g.Solve(0, 5, 2000)
	for i, l := range []float64{0, 5, 2000} {
		want := wants[i]
		p := pts[i]
		if p.Lambda != l || p.Bet != 1.0/3 || p.PA != want.PA || p.PQ != want.PQ || p.PK != want.PK ||
			p.ExploitabilityP1 != g.Exploitability(want) || p.ValueP1 != g.ValueP1(want) {
			t.Errorf("point %d: %+v", i, p)
		}
		th := g.Thermo(want)
		if *p.Energy.Q != th[1].Energy || *p.Entropy.K != th[2].Entropy {
			t.Errorf("point %d: thermodynamics %+v %+v", i, p.Energy, p.Entropy)
		}
	}
	if pts[0].FreeEnergy.A != nil || pts[1].FreeEnergy.A == nil {
		t.Errorf("free energy must be null exactly at λ = 0: %+v, %+v", pts[0].FreeEnergy, pts[1].FreeEnergy)
	}
}

func TestQREAKQTable(t *testing.T) {
	code, out, _ := run(t, "qre", "akq", "--bet", "2", "--lambda", "10")
	if code != 0 || !strings.Contains(out, "0.998220071") || !strings.Contains(out, "pA") {
		t.Errorf("exit %d, table:\n%s", code, out)
	}
}

func TestQREBadInput(t *testing.T) {
	dir := t.TempDir()
	lottery := filepath.Join(dir, "lottery.efg")
	os.WriteFile(lottery, []byte("EFG 2 R \"lottery\" { \"P1\" \"P2\" }\n\"\"\nc \"\" 1 \"\" { \"a\" 1/2 \"b\" 1/2 } 0\nt \"\" 1 \"\" { 1, -1 }\nt \"\" 2 \"\" { -1, 1 }\n"), 0o644)
	badCounts := filepath.Join(dir, "counts.json")
	os.WriteFile(badCounts, []byte(`{"infosets": [{"player": 1, "label": "Ks:", "actions": ["bet"], "counts": [4]}]}`), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"qre", "akq", "--bet", "0", "--lambda", "1"}, ExitUsage, "pokerlab: --bet 0: bet size 0 must be a positive number of pots\n"},
		{[]string{"qre", "akq", "--bet", "-2", "--lambda", "1"}, ExitUsage, "--bet -2: bet size -2 must be a positive number of pots"},
		{[]string{"qre", "akq", "--bet", "x", "--lambda", "1"}, ExitUsage, `--bet x: bet="x" is not a number`},
		{[]string{"qre", "akq", "--bet", "2", "--lambda", "-1"}, ExitUsage, "--lambda -1: λ must be ≥ 0"},
		{[]string{"qre", "akq", "--bet", "2", "--lambda", "1,inf"}, ExitUsage, "--lambda 1,inf: +Inf: want a finite number"},
		{[]string{"qre", "akq", "--lambda", "1"}, ExitUsage, "--bet is required"},
		{[]string{"qre", "akq", "--bet", "2"}, ExitUsage, "--lambda is required"},
		{[]string{"qre", "trace", "--game", "kuhn", "--lambda", "-0.5"}, ExitUsage, "--lambda -0.5: λ must be ≥ 0"},
		{[]string{"qre", "trace", "--game", "kuhn", "--json", "--csv"}, ExitUsage, "at most one of --json and --csv"},
		{[]string{"qre", "trace", "--game", "kuhn", "--max-regret", "0"}, ExitUsage, "can never be reached"},
		{[]string{"qre", "trace", "--game", "kuhn", "--plot", "x.gif"}, ExitUsage, "pokerlab: --plot x.gif: the file name must end in .svg, .png or .pdf\n"},
		{[]string{"qre", "trace"}, ExitUsage, "--game is required"},
		{[]string{"qre", "trace", "--game", lottery}, ExitError, "no decisions"},
		{[]string{"qre", "fit", "--game", "kuhn"}, ExitUsage, "pokerlab: --counts is required\n"},
		{[]string{"qre", "fit", "--game", "kuhn", "--counts", badCounts}, ExitError, `counts.json:1:15: infosets[0] (player 1, id 0, label "Ks:"): no such information set in game "kuhn"`},
		{[]string{"qre", "fit", "--game", "kuhn", "--counts", filepath.Join(dir, "missing.json")}, ExitError, "no such file"},
		{[]string{"qre", "figures"}, ExitUsage, "pokerlab: --out is required\n"},
	} {
		code, _, errOut := run(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

func TestQRETraceJSON(t *testing.T) {
	code, out, errOut := run(t, "qre", "trace", "--game", "kuhn", "--lambda", "10", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var tr QRETraceJSON
	if err := json.Unmarshal([]byte(out), &tr); err != nil {
		t.Fatal(err)
	}
	if len(tr.Points) != 1 || tr.Points[0].Lambda != 10 || len(tr.Points[0].InfoSets) != 12 {
		t.Fatalf("%+v", tr)
	}
	for _, is := range tr.Points[0].InfoSets {
		if is.Player == 1 && is.Label == "J:" && (is.Actions[1] != "bet" || math.Abs(is.Probs[1]-0.189862) > 1e-6) {
			t.Errorf("J: %+v", is)
		}
	}
	// The whole path ends at the maximum regret asked for.
	code, out, _ = run(t, "qre", "trace", "--game", "kuhn", "--max-regret", "1e-8", "--json")
	if code != 0 {
		t.Fatal("exit", code)
	}
	json.Unmarshal([]byte(out), &tr)
	last := tr.Points[len(tr.Points)-1]
	if len(tr.Points) < 10 || tr.Points[0].Lambda != 0 || last.MaxRegret > 1e-8 {
		t.Errorf("%d points, last λ %v, regret %v", len(tr.Points), last.Lambda, last.MaxRegret)
	}
}

var long = flag.Bool("long", false, "run the long checks too")

// qre trace without --lambda or --max-regret traces every built-in game (and,
// with -long, Leduc Hold'em with 4 ranks) to its default stop, 1e-5 of the game's
// largest payoff, and exits 0: the default is a point the tracer reaches.
func TestQRETraceDefaultsReachEveryBuiltInGame(t *testing.T) {
	cases := []struct {
		game  string
		scale float64 // the largest |payoff| (qre.PayoffScale)
	}{{"kuhn", 2}, {"akq", 1.5}, {"leduc", 13}, {"leduc:ranks=4", 13}}
	for _, tc := range cases {
		if tc.game == "leduc:ranks=4" && !*long {
			continue // 15–25 s: with -long
		}
		code, out, errOut := run(t, "qre", "trace", "--game", tc.game, "--json")
		if code != ExitOK {
			t.Errorf("qre trace --game %s: exit %d: %s", tc.game, code, errOut)
			continue
		}
		var tr QRETraceJSON
		if err := json.Unmarshal([]byte(out), &tr); err != nil || len(tr.Points) < 2 {
			t.Fatalf("qre trace --game %s: %v, %d points", tc.game, err, len(tr.Points))
		}
		last, before := tr.Points[len(tr.Points)-1], tr.Points[len(tr.Points)-2]
		if limit := 1e-5 * tc.scale; last.MaxRegret > limit || before.MaxRegret <= limit || last.Lambda <= 0 {
			t.Errorf("qre trace --game %s: ends at λ %v, max regret %v after %v: want the first point at most %v",
				tc.game, last.Lambda, last.MaxRegret, before.MaxRegret, limit)
		}
	}
}

func TestQRETraceCSVAndPlot(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "path.svg")
	code, out, errOut := run(t, "qre", "trace", "--game", "akq:bet=2", "--lambda", "1,10", "--csv", "--plot", plot)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || lines[0] != "lambda,max_regret,P1:A:bet,P1:A:check,P2:K:call,P2:K:fold,P1:Q:bet,P1:Q:check" || !strings.HasPrefix(lines[2], "10,") {
		t.Errorf("csv:\n%s", out)
	}
	if st, err := os.Stat(plot); err != nil || st.Size() < 1000 {
		t.Errorf("plot: %v", err)
	}
}

func TestQRETraceTable(t *testing.T) {
	code, out, _ := run(t, "qre", "trace", "--game", "kuhn", "--max-regret", "1e-4")
	if code != 0 || !strings.Contains(out, "QRE at λ =") || !strings.Contains(out, "K:cb") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestQREFit(t *testing.T) {
	tree, err := games.Load("kuhn")
	if err != nil {
		t.Fatal(err)
	}
	pt, err := qre.Solve(tree, 3)
	if err != nil {
		t.Fatal(err)
	}
	counts := qre.SampleCounts(tree, pt.Profile, 50000, rand.New(rand.NewPCG(3, 3)))
	data, _ := json.Marshal(qre.NewCountsFile(tree, "kuhn", counts))
	file := filepath.Join(t.TempDir(), "counts.json")
	os.WriteFile(file, data, 0o644)
	code, out, errOut := run(t, "qre", "fit", "--game", "kuhn", "--counts", file, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var fit QREFitJSON
	if err := json.Unmarshal([]byte(out), &fit); err != nil {
		t.Fatal(err)
	}
	if math.Abs(fit.Lambda/3-1) > 0.1 || fit.StdErr == nil || fit.CI95[0] == nil || fit.Observations != 50000 || len(fit.InfoSets) != 12 || len(fit.Profile) < 10 {
		t.Errorf("fit %+v", fit)
	}
	code, out, _ = run(t, "qre", "fit", "--game", "kuhn", "--counts", file)
	if code != 0 || !strings.Contains(out, "λ̂") || !strings.Contains(out, "95 % interval") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestQREFigures(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "figs")
	code, out, errOut := run(t, "qre", "figures", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(out, "\n"); n != 6 {
		t.Errorf("%d files listed:\n%s", n, out)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 6 {
		t.Errorf("%d files in %s", len(entries), dir)
	}
}
