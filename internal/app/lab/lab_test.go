package lab

import (
	"context"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"pokerlab/cards"
	"pokerlab/spot"
)

const narrow = "../../../spot/testdata/turn-Td9d6hQc-narrow.toml"

func readSpot(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(narrow)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// wait waits for the spot's solve to end and returns its last event.
func wait(t *testing.T, l *Lab, id string) Event {
	t.Helper()
	var last int64
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for {
		evs, _, err := l.Events(ctx, id, last)
		if err != nil || ctx.Err() != nil {
			t.Fatalf("events: %v %v", err, ctx.Err())
		}
		for _, ev := range evs {
			last = ev.ID
			switch ev.Type {
			case "done", "cancelled", "error":
				return ev
			}
		}
	}
}

// TestNodeMatchesTheSpotReport: after a Nash and a QRE solve, a node two
// actions deep shows per hand the strategy spot.Game.Report computes from
// the saved .pls file (what spot show reads), and the frequencies of the
// actions add up to 1.
func TestNodeMatchesTheSpotReport(t *testing.T) {
	dir := t.TempDir()
	l := New(Config{Workers: 1, Dir: dir})
	defer l.Close()
	info, err := l.Add(readSpot(t), "narrow.toml", "me")
	if err != nil {
		t.Fatal(err)
	}
	if info.Nodes == 0 || info.NashMemory == 0 || info.QREMemory < info.NashMemory/4 {
		t.Fatalf("info %+v", info)
	}
	if _, err := l.Solve(info.ID, SolveRequest{Nash: &NashRequest{TargetPct: 0.5}, QRE: &QRERequest{Auto: true, AutoPct: 1}}, "me", false); err != nil {
		t.Fatal(err)
	}
	if ev := wait(t, l, info.ID); ev.Type != "done" {
		t.Fatalf("last event %+v", ev)
	}
	got, _ := l.Get(info.ID)
	if got.Nash == nil || got.Nash.Percent > 0.5 || len(got.QRE) != 1 || !got.QRE[0].Star || math.Abs(got.QRE[0].Percent-1) > 0.01 {
		t.Fatalf("solved %+v", got)
	}
	for _, view := range []string{"nash", "qre"} {
		v, err := l.Node(info.ID, NodeRequest{Line: "x b120", View: view, Player: -1})
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(dir + "/narrow.pls")
		if view == "qre" {
			f, err = os.Open(dir + "/narrow-lambda" + formatLambda(got.QRE[0].Lambda) + ".pls")
		}
		if err != nil {
			t.Fatal(err)
		}
		res, err := spot.ReadResult(f, "x")
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		line, _ := res.Game.ParseLine("x b120")
		r := res.Game.Report(res.Strategy, line)
		if v.Player != "OOP" || len(v.Actions) != len(r.Actions) {
			t.Fatalf("%s: player %s, %d actions", view, v.Player, len(v.Actions))
		}
		sum := 0.0
		for a := range v.Actions {
			sum += v.Actions[a].Frequency
			if math.Abs(v.Actions[a].Frequency-r.Frequency[a]) > 1e-12 {
				t.Errorf("%s: frequency %d %v, report %v", view, a, v.Actions[a].Frequency, r.Frequency[a])
			}
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: frequencies add to %v", view, sum)
		}
		byHand := map[string]HandView{}
		for _, h := range v.Hands {
			byHand[h.Hand] = h
		}
		n := 0
		for _, hr := range r.Hands[r.Player] {
			if hr.Reach == 0 {
				continue
			}
			h, ok := byHand[hr.Hand.String()]
			if !ok {
				t.Fatalf("%s: hand %s missing", view, hr.Hand)
			}
			for a := range hr.Strategy {
				if math.Abs(h.Strategy[a]-hr.Strategy[a]) > 1e-12 {
					t.Errorf("%s %s: strategy %v, report %v", view, hr.Hand, h.Strategy, hr.Strategy)
				}
			}
			n++
		}
		if n == 0 || len(v.Grid) != cards.NumStartingHands || len(v.Groups) == 0 {
			t.Fatalf("%s: %d hands, %d cells, %d groups", view, n, len(v.Grid), len(v.Groups))
		}
	}
	// The library lists the spot; a new lab opens it without solving.
	lib, err := l.Library()
	if err != nil || len(lib) != 1 || !lib[0].Nash || len(lib[0].QRE) != 1 {
		t.Fatalf("library %+v %v", lib, err)
	}
	l2 := New(Config{Workers: 1, Dir: dir})
	defer l2.Close()
	o, err := l2.Open(lib[0].Name, "you")
	if err != nil || o.Nash == nil || len(o.QRE) != 1 {
		t.Fatalf("open: %+v %v", o, err)
	}
	if _, err := l2.Node(o.ID, NodeRequest{Line: "x b120 c", View: "qre", Player: -1, Cards: true}); err != nil {
		t.Fatal(err)
	}
}

func formatLambda(x float64) string { return fmtG(x) }

// TestCancelStopsWithinASecond: a long Nash solve and a long QRE search
// both stop within a second of Cancel.
func TestCancelStopsWithinASecond(t *testing.T) {
	l := New(Config{Workers: 1})
	defer l.Close()
	info, err := l.Add(readSpot(t), "narrow.toml", "me")
	if err != nil {
		t.Fatal(err)
	}
	for _, req := range []SolveRequest{
		{Nash: &NashRequest{TargetPct: 1e-9, MaxIterations: maxIterations}},
		{QRE: &QRERequest{Auto: true, AutoPct: 1e-6}},
	} {
		if _, err := l.Solve(info.ID, req, "me", false); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		if g, _ := l.Get(info.ID); g.Status != "solving" {
			t.Fatalf("status %s", g.Status)
		}
		d, err := l.Cancel(info.ID, "me", false)
		if err != nil || d > time.Second {
			t.Fatalf("cancel took %v (%v)", d, err)
		}
		if g, _ := l.Get(info.ID); g.Status != "cancelled" {
			t.Fatalf("status after cancel %s", g.Status)
		}
	}
}

// TestBudgetRefusesBeforeAllocating: a spot whose solve does not fit is
// refused with ErrTooBig, and another client may not solve or delete it.
func TestBudgetRefusesBeforeAllocating(t *testing.T) {
	l := New(Config{Workers: 1, Memory: 64 << 10})
	defer l.Close()
	_, err := l.Add(readSpot(t), "narrow.toml", "me")
	if !errors.Is(err, ErrTooBig) {
		t.Fatalf("err = %v, want ErrTooBig", err)
	}
	l2 := New(Config{Workers: 1})
	defer l2.Close()
	info, err := l2.Add(readSpot(t), "narrow.toml", "me")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l2.Solve(info.ID, SolveRequest{Nash: &NashRequest{}}, "you", false); !errors.Is(err, ErrForbidden) {
		t.Fatalf("solve by another: %v", err)
	}
	if err := l2.Delete(info.ID, "you", false); !errors.Is(err, ErrForbidden) {
		t.Fatalf("delete by another: %v", err)
	}
	if _, err := l2.Node(info.ID, NodeRequest{View: "nash"}); !errors.Is(err, ErrNoResult) {
		t.Fatalf("node before solving: %v", err)
	}
}

// TestSpotIDIgnoresSpelling: the id is the spot's, not its text's: ranges
// spelt differently and comments give the same id, another pot another.
func TestSpotIDIgnoresSpelling(t *testing.T) {
	src := readSpot(t)
	a, err := spot.ParseSpot(src, "a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := spot.ParseSpot(strings.Replace(src, `"QQ,TT,99,`, `"QQ,TT-99,`, 1)+"\n# a comment\n", "b")
	if err != nil {
		t.Fatal(err)
	}
	c, err := spot.ParseSpot(strings.Replace(src, "pot = 200", "pot = 201", 1), "c")
	if err != nil {
		t.Fatal(err)
	}
	if SpotID(a) != SpotID(b) || SpotID(a) == SpotID(c) {
		t.Fatalf("ids %s %s %s", SpotID(a), SpotID(b), SpotID(c))
	}
}

// TestEvictionKeepsTheBudget: a second spot's solve evicts the idle first
// one (least recently used); the saved first spot reads back from the
// library on its next request with the same strategy, and the bytes held
// never exceed the budget.
func TestEvictionKeepsTheBudget(t *testing.T) {
	src := readSpot(t)
	probe := New(Config{Workers: 1})
	info, err := probe.Add(src, "narrow.toml", "me")
	probe.Close()
	if err != nil {
		t.Fatal(err)
	}
	// Room for one spot with its Nash solution and a running Nash solve,
	// not for two spots solved.
	budget := info.NashMemory + info.Resident + 4*info.Size + 4096
	l := New(Config{Workers: 1, Memory: budget, Dir: t.TempDir()})
	defer l.Close()
	first, _ := l.Add(src, "first.toml", "me")
	if _, err := l.Solve(first.ID, SolveRequest{Nash: &NashRequest{TargetPct: 1}}, "me", false); err != nil {
		t.Fatal(err)
	}
	wait(t, l, first.ID)
	before, err := l.Node(first.ID, NodeRequest{Line: "x", View: "nash", Player: -1})
	if err != nil {
		t.Fatal(err)
	}
	second, err := l.Add(strings.Replace(src, "pot = 200", "pot = 300", 1), "second.toml", "me")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Solve(second.ID, SolveRequest{Nash: &NashRequest{TargetPct: 1}}, "me", false); err != nil {
		t.Fatal(err)
	}
	if ev := wait(t, l, second.ID); ev.Type != "done" {
		t.Fatalf("second solve: %+v", ev)
	}
	if g, _ := l.Get(first.ID); g.Status != "evicted" {
		t.Fatalf("first spot %s after the second's solve", g.Status)
	}
	if used, b := l.Usage(); used > b {
		t.Fatalf("%d bytes held, budget %d", used, b)
	}
	after, err := l.Node(first.ID, NodeRequest{Line: "x", View: "nash", Player: -1})
	if err != nil {
		t.Fatal(err)
	}
	for a := range before.Actions {
		if before.Actions[a].Frequency != after.Actions[a].Frequency {
			t.Fatalf("read back: %v, solved: %v", after.Actions, before.Actions)
		}
	}
	if used, b := l.Usage(); used > b {
		t.Fatalf("%d bytes held after the read back, budget %d", used, b)
	}
}

// TestNodeAggregatesAddUp: a node's grid cells and hand classes are the
// reach-weighted means of its hands (checked against spot's own class
// aggregation), and a chance node's card report gives each card the
// frequencies of the node after it.
func TestNodeAggregatesAddUp(t *testing.T) {
	l := New(Config{Workers: 1})
	defer l.Close()
	info, _ := l.Add(readSpot(t), "narrow.toml", "me")
	l.Solve(info.ID, SolveRequest{Nash: &NashRequest{TargetPct: 1}}, "me", false)
	wait(t, l, info.ID)
	v, err := l.Node(info.ID, NodeRequest{Line: "x b120", View: "nash", Player: -1})
	if err != nil {
		t.Fatal(err)
	}
	e, _ := l.lookup(info.ID)
	line, _ := e.g.ParseLine("x b120")
	r := e.g.Report(e.nash.σ, line)
	freq, reach := r.ClassFrequencies()
	for i, c := range v.Grid {
		sh, _ := cards.ParseStartingHand(c.Class)
		if math.Abs(c.Combos-reach[sh]) > 1e-12 || (freq[sh] == nil) != (c.Frequency == nil) {
			t.Fatalf("cell %d %s: %v combos, spot %v", i, c.Class, c.Combos, reach[sh])
		}
		for a := range c.Frequency {
			if math.Abs(c.Frequency[a]-freq[sh][a]) > 1e-12 {
				t.Fatalf("cell %s: %v, spot %v", c.Class, c.Frequency, freq[sh])
			}
		}
	}
	var tot, groups float64
	for _, h := range v.Hands {
		tot += h.Reach
	}
	for _, g := range v.Groups {
		groups += g.Combos
	}
	if math.Abs(tot-groups) > 1e-12 || math.Abs(tot-r.Combos[r.Player]) > 1e-12 {
		t.Fatalf("hands %v, groups %v, range %v", tot, groups, r.Combos[r.Player])
	}
	c, err := l.Node(info.ID, NodeRequest{Line: "x b120 c", View: "nash", Player: -1, Cards: true})
	if err != nil {
		t.Fatal(err)
	}
	if c.Kind != "chance" || len(c.Cards) != 52-4 {
		t.Fatalf("chance node: %s, %d cards", c.Kind, len(c.Cards))
	}
	for _, cs := range c.Cards {
		nv, err := l.Node(info.ID, NodeRequest{Line: cs.Line, View: "nash", Player: -1})
		if err != nil {
			t.Fatal(err)
		}
		for a := range cs.Actions {
			if math.Abs(cs.Actions[a].Frequency-nv.Actions[a].Frequency) > 1e-12 {
				t.Fatalf("card %s: %v, node %v", cs.Card, cs.Actions, nv.Actions)
			}
		}
	}
}

// TestNamesAreFileNames: a spot's name from a path or with odd characters
// becomes a library file name.
func TestNamesAreFileNames(t *testing.T) {
	for in, want := range map[string]string{"dir/turn.toml": "turn", `a\b c"d.toml`: "b_c_d", "..x": "x", "-": "", "ok-1.2_x": "ok-1.2_x"} {
		got := cleanName(strings.TrimSuffix(baseName(in), ".toml"))
		if got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
		if got != "" && CheckName(got) != nil {
			t.Errorf("%q: %q is refused by CheckName", in, got)
		}
	}
}

// TestPresetsReadTheRangesFolder: each DIR/ranges/NAME.txt is a preset,
// its lines joined by commas without comments; other files are left out.
func TestPresetsReadTheRangesFolder(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(dir+"/ranges", 0o755)
	os.WriteFile(dir+"/ranges/btn-open.txt", []byte("# button open\n22+,A2s+\nKTo+, \n"), 0o644)
	os.WriteFile(dir+"/ranges/notes.md", []byte("not a range"), 0o644)
	l := New(Config{Workers: 1, Dir: dir})
	defer l.Close()
	p, err := l.Presets()
	if err != nil || len(p) != 1 || p[0].Name != "btn-open" || p[0].Range != "22+,A2s+,KTo+" {
		t.Fatalf("presets %+v %v", p, err)
	}
}

// TestNashETAOnAPowerLaw: when the exploitability falls exactly like 1/t,
// the ETA is the time of the iterations left to the target at the pace so
// far; capped by the iteration limit; unknown before three checks.
func TestNashETAOnAPowerLaw(t *testing.T) {
	var hist []spot.Progress
	for _, it := range []int{10, 20, 40} {
		hist = append(hist, spot.Progress{Iteration: it, Percent: 100 / float64(it), Elapsed: time.Duration(it) * time.Millisecond})
	}
	// 100/t = 0.5 at t = 200: 160 iterations left at 1 ms each.
	if eta := nashETA(hist, 0.5, 1_000_000); math.Abs(eta-0.160) > 1e-9 {
		t.Errorf("eta %v, want 0.160", eta)
	}
	if eta := nashETA(hist, 0.5, 100); math.Abs(eta-0.060) > 1e-9 {
		t.Errorf("capped eta %v, want 0.060", eta)
	}
	if eta := nashETA(hist[:2], 0.5, 1000); eta != -1 {
		t.Errorf("eta after two checks %v, want -1", eta)
	}
}

// TestSaveUnderAName: a solved spot saved under a name is a manifest and
// .pls results `spot show` reads; a name that is not a plain file name is
// refused before anything is written.
func TestSaveUnderAName(t *testing.T) {
	dir := t.TempDir()
	l := New(Config{Workers: 1, Dir: dir})
	defer l.Close()
	info, _ := l.Add(readSpot(t), "narrow.toml", "me")
	if _, err := l.Save(info.ID, "", false); !errors.Is(err, ErrNoResult) {
		t.Fatalf("saving an unsolved spot: %v", err)
	}
	l.Solve(info.ID, SolveRequest{Nash: &NashRequest{TargetPct: 1}}, "me", false)
	wait(t, l, info.ID)
	for _, bad := range []string{"../x", ".hidden", "a/b", "sp ace"} {
		if _, err := l.Save(info.ID, bad, false); !errors.Is(err, ErrInvalid) {
			t.Errorf("name %q: %v", bad, err)
		}
	}
	file, err := l.Save(info.ID, "my-turn", false)
	if err != nil || file != "my-turn.lab.json" {
		t.Fatalf("save: %q %v", file, err)
	}
	f, err := os.Open(dir + "/my-turn.pls")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if res, err := spot.ReadResult(f, "my-turn.pls"); err != nil || res.Header.Method != "dcfr" || res.Header.Evaluation == nil {
		t.Fatalf("the saved result: %+v %v", res, err)
	}
	if _, err := l.Open("nope", "me"); !errors.Is(err, ErrNotFound) {
		t.Errorf("opening a missing spot: %v", err)
	}
}
