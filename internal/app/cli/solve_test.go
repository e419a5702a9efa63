package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/cfr"
)

func TestSolveFlags(t *testing.T) {
	checkFlagCases(t, newSolveCmd, []flagCase[solveOptions]{
		{"--game kuhn --iterations 10", "", func(o *solveOptions) bool {
			return o.algorithm == cfr.CFRPlus && o.Iterations == 10 && o.Every == 0 && o.Seed == 1 && o.Threads == 1 && o.discount == nil
		}},
		{"-g leduc -a dcfr -n 5 --every 2 --threads 2 --alpha 2 --beta 0.5 --gamma 3", "", func(o *solveOptions) bool {
			return o.algorithm == cfr.DCFR && o.Every == 2 && o.Threads == 2 && *o.discount == cfr.Discount{Alpha: 2, Beta: 0.5, Gamma: 3}
		}},
		{"-g kuhn -a dcfr -n 5", "", func(o *solveOptions) bool { return *o.discount == cfr.DefaultDCFR }},
		{"-g kuhn -a pcfr+ -n 5 --gamma 1", "", func(o *solveOptions) bool { return o.discount.Gamma == 1 }},
		{"-g kuhn -a os -n 5 --epsilon 0.3 --seed 9", "", func(o *solveOptions) bool {
			return o.algorithm == cfr.OSMCCFR && o.solverOptions().Epsilon == 0.3 && o.Seed == 9
		}},
		{"-g kuhn -a cfr -n 5 --simultaneous --out s.json --checkpoint c.ckpt --plot p.svg --json", "", func(o *solveOptions) bool {
			return o.Simultaneous && o.Out == "s.json" && o.Checkpoint == "c.ckpt" && o.Plot == "p.svg" && o.JSON
		}},
		{"-g kuhn", "--iterations is required", nil},
		{"-g kuhn -n 5 --algo foo", `unknown algorithm "foo"`, nil},
		{"-g kuhn -n 5 --every -1", "--every -1: want 0 (log-spaced) or a positive count", nil},
		{"-g kuhn -n 5 -a cfr --alpha 2", "only dcfr", nil},
		{"-g kuhn -n 5 -a pcfr+ --beta 2", "pcfr+ takes only --gamma", nil},
		{"-g kuhn -n 5 -a es-mccfr --simultaneous", "--simultaneous does not apply", nil},
		{"-g kuhn -n 5 -a os-mccfr --epsilon 0", "--epsilon 0: want a number in (0, 1]", nil},
		{"-g kuhn -n 5 -a cfr --epsilon 0.5", "os-mccfr only", nil},
		{"-g kuhn -n 5 -a dcfr --gamma -1", "--gamma -1: want a number ≥ 0", nil},
		{"-g kuhn -n 5 -a dcfr --alpha NaN", "--alpha NaN: want a finite number", nil},
	})
}

func solveJSON(t *testing.T, args ...string) SolveJSON {
	t.Helper()
	code, out, errOut := run(t, append([]string{"solve", "--json"}, args...)...)
	if code != ExitOK {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	if errOut != "" {
		t.Errorf("%v: --json wrote to stderr: %q", args, errOut)
	}
	var s SolveJSON
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return s
}

// The JSON of a Kuhn CFR run carries the published NashConv after 1,000
// iterations (OpenSpiel: 1.875e-3), the exploitability NashConv/2, values
// that add up to 0 and a history ending at the last iteration.
func TestSolveJSON(t *testing.T) {
	s := solveJSON(t, "--game", "kuhn", "--algo", "cfr", "--iterations", "1000", "--every", "250")
	if s.Game != "kuhn" || s.Algo != "cfr" || s.Iterations != 1000 {
		t.Errorf("header %+v", s)
	}
	if math.Abs(s.NashConv-1.875e-3) > 1e-6 || s.Exploitability == nil || *s.Exploitability != s.NashConv/2 {
		t.Errorf("NashConv %v exploitability %v", s.NashConv, s.Exploitability)
	}
	if len(s.Values) != 2 || math.Abs(s.Values[0]+s.Values[1]) > 1e-12 || math.Abs(s.Values[0]+1.0/18) > 2e-3 {
		t.Errorf("values %v", s.Values)
	}
	want := []int{250, 500, 750, 1000}
	if len(s.History) != len(want) {
		t.Fatalf("history %v, want iterations %v", s.History, want)
	}
	for i, p := range s.History {
		if p.Iteration != want[i] {
			t.Errorf("history[%d] at %d, want %d", i, p.Iteration, want[i])
		}
	}
	if s.History[3].NashConv != s.NashConv || s.Seconds <= 0 || s.MicrosPerIteration <= 0 || s.Seed != nil {
		t.Errorf("final %+v", s)
	}
	m := solveJSON(t, "--game", "kuhn", "--algo", "es-mccfr", "--iterations", "100", "--seed", "4")
	if m.Seed == nil || *m.Seed != 4 {
		t.Errorf("sampling run should report its seed: %+v", m.Seed)
	}
}

// A run interrupted by a checkpoint and resumed ends bit for bit where an
// uninterrupted run ends, and --out writes the average strategy that
// exploit evaluates to the same NashConv.
func TestSolveCheckpointResume(t *testing.T) {
	dir := t.TempDir()
	for _, algo := range []string{"dcfr", "os-mccfr"} {
		ckpt := filepath.Join(dir, algo+".ckpt")
		straight := solveJSON(t, "--game", "kuhn", "--algo", algo, "--iterations", "600")
		first := solveJSON(t, "--game", "kuhn", "--algo", algo, "--iterations", "250", "--checkpoint", ckpt)
		if first.ResumedFrom != nil {
			t.Errorf("%s: fresh run reports resumed_from %d", algo, *first.ResumedFrom)
		}
		strat := filepath.Join(dir, algo+".json")
		resumed := solveJSON(t, "--game", "kuhn", "--algo", algo, "--iterations", "600", "--checkpoint", ckpt, "--out", strat)
		if resumed.ResumedFrom == nil || *resumed.ResumedFrom != 250 {
			t.Errorf("%s: resumed_from %v, want 250", algo, resumed.ResumedFrom)
		}
		if resumed.NashConv != straight.NashConv || resumed.Values[0] != straight.Values[0] {
			t.Errorf("%s: resumed run ends at NashConv %v, uninterrupted at %v", algo, resumed.NashConv, straight.NashConv)
		}
		_, out, _ := run(t, "exploit", "--game", "kuhn", "--strategy", strat, "--json")
		var e ExploitJSON
		json.Unmarshal([]byte(out), &e)
		if math.Abs(e.NashConv-resumed.NashConv) > 1e-12 {
			t.Errorf("%s: exploit on --out says NashConv %v, solve said %v", algo, e.NashConv, resumed.NashConv)
		}
	}
	ckpt := filepath.Join(dir, "dcfr.ckpt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "kuhn", "--algo", "cfr", "--iterations", "700", "--checkpoint", ckpt}, "holds a dcfr run"},
		{[]string{"--game", "kuhn", "--algo", "dcfr", "--iterations", "100", "--checkpoint", ckpt}, "beyond --iterations 100"},
		{[]string{"--game", "leduc", "--algo", "dcfr", "--iterations", "700", "--checkpoint", ckpt}, `written for game "kuhn"`},
	} {
		code, _, errOut := run(t, append([]string{"solve"}, tc.args...)...)
		if code != ExitError || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want %q", tc.args, code, errOut, tc.want)
		}
	}
	os.WriteFile(ckpt, []byte("garbage"), 0o644)
	code, _, errOut := run(t, "solve", "--game", "kuhn", "--algo", "dcfr", "--iterations", "700", "--checkpoint", ckpt)
	if code != ExitError || !strings.Contains(errOut, "not a pokerlab cfr checkpoint") {
		t.Errorf("damaged checkpoint: exit %d, %q", code, errOut)
	}
}

func TestSolveTableAndPlot(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"c.png", "c.svg"} {
		path := filepath.Join(dir, name)
		code, out, errOut := run(t, "solve", "--game", "akq:bet=2", "--algo", "cfr+", "--iterations", "100", "--plot", path)
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		for _, want := range []string{"iteration  NashConv", "algorithm       cfr+", "exploitability", "value P1", "µs per iteration"} {
			if !strings.Contains(out, want) {
				t.Errorf("table lacks %q:\n%s", want, out)
			}
		}
		if st, err := os.Stat(path); err != nil || st.Size() < 1000 {
			t.Errorf("plot %s: %v", path, err)
		}
	}
}

func TestSolveCompare(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cmp.svg")
	code, out, errOut := run(t, "solve", "compare", "--game", "kuhn", "--iterations", "300", "--plot", path, "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var c SolveCompareJSON
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	if c.Game != "kuhn" || c.Iterations != 300 || len(c.Runs) != len(cfr.Algorithms()) {
		t.Fatalf("compare %+v", c)
	}
	for i, r := range c.Runs {
		if r.Algo != cfr.Algorithms()[i].String() || r.NashConv <= 0 || r.History[len(r.History)-1].Iteration != 300 ||
			*r.Exploitability != r.NashConv/2 {
			t.Errorf("run %+v", r)
		}
	}
	if st, err := os.Stat(path); err != nil || st.Size() < 1000 {
		t.Errorf("plot: %v", err)
	}
	code, out, _ = run(t, "solve", "compare", "--game", "kuhn", "--iterations", "100", "--algos", "cfr,dcfr")
	if code != ExitOK || !strings.Contains(out, "dcfr") || strings.Contains(out, "pcfr+") {
		t.Errorf("--algos cfr,dcfr:\n%s", out)
	}
	for _, tc := range []struct{ args, want string }{
		{"solve compare --game kuhn", "pokerlab: --iterations is required\n"},
		{"solve compare --game kuhn -n 5 --algos cfr,nope", `unknown algorithm "nope"`},
		{"solve compare --game kuhn -n 5 --plot x.gif", "pokerlab: --plot x.gif: the file name must end in .svg, .png or .pdf\n"},
		{"solve --game kuhn -n 5 --plot p.jpg", "pokerlab: --plot p.jpg: the file name must end in .svg, .png or .pdf\n"},
	} {
		code, _, errOut := run(t, strings.Fields(tc.args)...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, %q", tc.args, code, errOut)
		}
	}
}
