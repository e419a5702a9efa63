package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const cliRiverSpot = `board = "AhKd7c5s2h"
pot = 100
stack = 150
oop = "AA,KK,77,AK,QJs,65s,T9s"
ip = "KK,AQ,77,T9s,JJ"
[sizes]
bet = "50%, a"
raise = "a"
`

func writeSpot(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "spot.toml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSpotFlags(t *testing.T) {
	checkFlagCases(t, newSpotSolveCmd, []flagCase[spotSolveOptions]{
		{"s.toml", "", func(o *spotSolveOptions) bool {
			return o.Spot == "s.toml" && o.Target == 0.5 && o.Iterations == 1000 && o.Every == 10 && o.Threads == 1 &&
				o.maxBytes == 0 && o.discount.Alpha == 1.5 && o.discount.Beta == 0 && o.discount.Gamma == 2
		}},
		{"s.toml --target 0.1 -n 50 --every 5 --threads 2 --max-memory 2GiB --alpha 1 --beta 0.5 --gamma 3 --no-isomorphism --json", "", func(o *spotSolveOptions) bool {
			return o.Target == 0.1 && o.Iterations == 50 && o.Every == 5 && o.Threads == 2 && o.maxBytes == 2<<30 &&
				o.discount.Alpha == 1 && o.discount.Beta == 0.5 && o.discount.Gamma == 3 && o.NoIso && o.JSON
		}},
		{"s.toml --max-memory 512M", "", func(o *spotSolveOptions) bool { return o.maxBytes == 512<<20 }},
		{"", "accepts 1 arg", nil},
		{"s.toml --target -1", "--target -1", nil},
		{"s.toml -n 0", "--iterations 0", nil},
		{"s.toml --every 0", "--every 0", nil},
		{"s.toml --threads -2", "--threads -2", nil},
		{"s.toml --gamma -1", "--gamma -1: want a number ≥ 0", nil},
		{"s.toml --max-memory lots", `--max-memory not a size`, nil},
		{"s.toml --out r.json", "--out r.json: the file name must end in .pls", nil},
	})
	checkFlagCases(t, newSpotShowCmd, []flagCase[spotShowOptions]{
		{"r.pls --node x --class AKs --player ip --plot g.svg --json", "", func(o *spotShowOptions) bool {
			return o.Node == "x" && o.hasClass && o.class.String() == "AKs" && o.player == 1 && o.Plot == "g.svg" && o.JSON
		}},
		{"r.pls --hand KsAs", "", func(o *spotShowOptions) bool { return o.hasHand && o.hand.String() == "AsKs" && o.player == -1 }},
		{"r.pls --hand AsKs --class AKs", "exclusive", nil},
		{"r.pls --hand AsK", `--hand "AsK"`, nil},
		{"r.pls --class AKx", "--class", nil},
		{"r.pls --player btn", `--player "btn": want oop or ip`, nil},
		{"r.pls --plot g.jpg", "must end in .svg or .png or .pdf", nil},
	})
	checkFlagCases(t, newSpotTreeCmd, []flagCase[spotTreeOptions]{
		{"s.toml --depth 2 --json", "", func(o *spotTreeOptions) bool { return o.Depth == 2 && o.JSON }},
		{"s.toml --depth -1", "--depth -1", nil},
	})
}

func spotJSON[T any](t *testing.T, args ...string) T {
	t.Helper()
	code, out, errOut := run(t, append(args, "--json")...)
	if code != ExitOK {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	if errOut != "" {
		t.Errorf("%v: --json wrote to stderr: %q", args, errOut)
	}
	var v T
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return v
}

// TestSpotTree: the tree of the river spot, as JSON and as text.
func TestSpotTree(t *testing.T) {
	path := writeSpot(t, cliRiverSpot)
	tr := spotJSON[SpotTreeJSON](t, "spot", "tree", path)
	if tr.Board != "AhKd7c5s2h" || tr.Pot != 100 || tr.Hands != [2]int{29, 28} || tr.Nodes[0].Kind != "oop" ||
		len(tr.Nodes[0].Actions) != 3 || tr.Nodes[0].Actions[1].Action != "b50" || tr.MemoryEstimate <= 0 {
		t.Fatalf("%+v", tr)
	}
	var bet *SpotTreeNodeJSON
	for i := range tr.Nodes {
		if tr.Nodes[i].Line == "b50" {
			bet = &tr.Nodes[i]
		}
	}
	if bet == nil || bet.Pot != 150 || bet.Kind != "ip" || bet.Actions[2].Label != "all-in 150" {
		t.Fatalf("node b50: %+v", bet)
	}
	code, out, _ := run(t, "spot", "tree", path, "--depth", "1")
	if code != ExitOK || !strings.Contains(out, "b50  IP to act, pot 150: f c a150") || strings.Contains(out, "b50 a150  OOP") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// TestSpotSolveAndShow: solve writes a result whose numbers show reads back
// (the root EV of each player is the value), a node's frequencies sum to 1
// and the grid is drawn.
func TestSpotSolveAndShow(t *testing.T) {
	dir := t.TempDir()
	path := writeSpot(t, cliRiverSpot)
	res := filepath.Join(dir, "r.pls")
	s := spotJSON[SpotSolveJSON](t, "spot", "solve", path, "--target", "0.2", "--out", res)
	if s.ExploitabilityPct > 0.2 || s.Iterations == 0 || math.Abs(s.Values[0]+s.Values[1]-100) > 1e-9 ||
		s.Root == nil || s.Root.Player != "OOP" || len(s.History) < 2 || s.Out != res || s.PeakRSS <= 0 {
		t.Fatalf("%+v", s)
	}
	var f float64
	for _, x := range s.Root.Frequency {
		f += x
	}
	if math.Abs(f-1) > 1e-6 {
		t.Fatalf("root frequencies %v", s.Root.Frequency)
	}
	root := spotJSON[SpotShowJSON](t, "spot", "show", res, "--player", "oop")
	if math.Abs(*root.Exploitability-s.ExploitabilityPct) > 1e-12 || root.Player != "OOP" {
		t.Fatalf("%+v", root)
	}
	grid := filepath.Join(dir, "g.svg")
	node := spotJSON[SpotShowJSON](t, "spot", "show", res, "--node", "b50", "--class", "AQo", "--plot", grid)
	if node.Kind != "ip" || node.Pot != 150 || len(node.Players) != 1 || len(node.Players[0].Hands) != 9 || node.Plot != grid {
		t.Fatalf("%+v", node)
	}
	for _, h := range node.Players[0].Hands {
		var sum, ev float64
		for a, x := range h.Strategy {
			sum += x
			ev += x * *h.ActionEV[a]
		}
		if math.Abs(sum-1) > 1e-6 || math.Abs(ev-*h.EV) > 1e-6 {
			t.Fatalf("%s: Σσ %v, Σσ·EV %v, EV %v", h.Hand, sum, ev, *h.EV)
		}
	}
	if st, err := os.Stat(grid); err != nil || st.Size() < 1000 {
		t.Fatalf("grid: %v", err)
	}
	hand := spotJSON[SpotShowJSON](t, "spot", "show", res, "--node", "b50", "--hand", "KsKh")
	if len(hand.Players) != 2 || len(hand.Players[0].Hands) != 1 || len(hand.Players[1].Hands) != 1 {
		t.Fatalf("KsKh is in both ranges: %+v", hand.Players)
	}
	code, out, _ := run(t, "spot", "show", res, "--node", "b50")
	if code != ExitOK || !strings.Contains(out, "IP to act: fold") || !strings.Contains(out, "EV a150") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// TestSpotSolveCheckpoint: 30 iterations through a checkpoint and 30 more
// end where 60 straight iterations do.
func TestSpotSolveCheckpoint(t *testing.T) {
	dir := t.TempDir()
	path := writeSpot(t, cliRiverSpot)
	ck := filepath.Join(dir, "c.ckpt")
	straight := spotJSON[SpotSolveJSON](t, "spot", "solve", path, "--target", "0", "-n", "60")
	first := spotJSON[SpotSolveJSON](t, "spot", "solve", path, "--target", "0", "-n", "30", "--checkpoint", ck)
	if first.ResumedFrom != nil || first.Iterations != 30 {
		t.Fatalf("%+v", first)
	}
	second := spotJSON[SpotSolveJSON](t, "spot", "solve", path, "--target", "0", "-n", "60", "--checkpoint", ck, "--threads", "2")
	if second.ResumedFrom == nil || *second.ResumedFrom != 30 || second.Exploitability != straight.Exploitability || second.Values != straight.Values {
		t.Fatalf("resumed %+v\nstraight %+v", second, straight)
	}
}

// TestSpotBadInput: bad spots, files and lines exit 1 with a message naming
// the input; usage errors exit 2.
func TestSpotBadInput(t *testing.T) {
	dir := t.TempDir()
	good := writeSpot(t, cliRiverSpot)
	bad := writeSpot(t, strings.Replace(cliRiverSpot, `bet = "50%, a"`, `bet = "60"`, 1))
	res := filepath.Join(dir, "r.pls")
	if code, _, errOut := run(t, "spot", "solve", good, "-n", "5", "--out", res); code != ExitOK {
		t.Fatal(errOut)
	}
	data, _ := os.ReadFile(res)
	trunc := filepath.Join(dir, "t.pls")
	os.WriteFile(trunc, data[:len(data)/2], 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"spot", "solve", bad}, ExitError, `spot.toml:7: sizes.bet: sizes "60"`},
		{[]string{"spot", "solve", filepath.Join(dir, "missing.toml")}, ExitError, "missing.toml"},
		{[]string{"spot", "solve", good, "--max-memory", "1KiB"}, ExitError, "more than the limit of 1.0 KiB"},
		{[]string{"spot", "solve", good, "--max-memory", "x"}, ExitUsage, "--max-memory"},
		{[]string{"spot", "show", trunc}, ExitError, "t.pls: truncated"},
		{[]string{"spot", "show", good}, ExitError, "not a pokerlab spot file"},
		{[]string{"spot", "show", res, "--node", "b51"}, ExitError, `node "b51": col 1: "b51": not an action here`},
		{[]string{"spot", "show", res, "--node", "x x", "--plot", filepath.Join(dir, "g.svg")}, ExitError, "the grid shows a decision"},
		{[]string{"spot", "show", res, "--hand", "2c3c"}, ExitError, "in neither range"},
		{[]string{"spot", "tree"}, ExitUsage, "accepts 1 arg"},
	} {
		code, _, errOut := run(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}
