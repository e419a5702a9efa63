package lab

import (
	"context"
	"errors"
	"math"
	"os"
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
