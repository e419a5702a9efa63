package spot

import (
	"errors"
	"math"
	"strings"
	"testing"

	"pokerlab/cards"
	"pokerlab/equity"
)

// TestReportAtRootAveragesToTheValue: each hand's EV at the root, weighted
// by the probability of being dealt it (its weight times the opponent's
// compatible weight, counted here by brute force), averages to the game
// value.
func TestReportAtRootAveragesToTheValue(t *testing.T) {
	g := mustGame(t, riverSmall, Options{})
	σ := solve(t, g, SolveOptions{}, 50).Average()
	e := g.Evaluate(σ)
	l, err := g.ParseLine("")
	if err != nil {
		t.Fatal(err)
	}
	r := g.Report(σ, l)
	for p := range 2 {
		var v float64
		for _, hr := range r.Hands[p] {
			var mass float64
			for j, ho := range g.Hands[p^1] {
				if !ho.Set().Overlaps(hr.Hand.Set()) {
					mass += float64(g.Weights[p^1][j])
				}
			}
			v += hr.Reach * mass / g.Combos * hr.EV
		}
		if math.Abs(v-e.Values[p]) > 1e-9 {
			t.Errorf("player %d: Σ P(h)·EV(h) = %.12f, value %.12f", p, v, e.Values[p])
		}
	}
}

// TestReportAtDecisionNode: after OOP bets, IP's strategy per hand and
// range frequencies sum to 1, and each hand's EV is its strategy's average
// of the action EVs.
func TestReportAtDecisionNode(t *testing.T) {
	g := mustGame(t, riverSmall, Options{})
	σ := solve(t, g, SolveOptions{}, 30).Average()
	l, err := g.ParseLine("b50")
	if err != nil {
		t.Fatal(err)
	}
	r := g.Report(σ, l)
	if r.Player != IP || len(r.Actions) != 3 || r.Pot != 150 {
		t.Fatalf("player %d actions %v pot %d", r.Player, r.Actions, r.Pot)
	}
	var f float64
	for _, x := range r.Frequency {
		f += x
	}
	if math.Abs(f-1) > 1e-9 {
		t.Fatalf("frequencies %v", r.Frequency)
	}
	for _, hr := range r.Hands[IP] {
		var s, ev float64
		for a, x := range hr.Strategy {
			s += x
			ev += x * hr.ActionEV[a]
		}
		if math.Abs(s-1) > 1e-6 || math.Abs(ev-hr.EV) > 1e-6*math.Max(1, math.Abs(ev)) {
			t.Fatalf("%s: Σσ = %v, Σσ·EV(a) = %v, EV %v", hr.Hand, s, ev, hr.EV)
		}
	}
}

// TestEquityMatchesPackageEquity: with no betting left (stack 0) a hand's
// EV is the pot times its equity, and the range equity equals package
// equity's exact enumeration, on a flop, a turn and a river.
func TestEquityMatchesPackageEquity(t *testing.T) {
	for _, board := range []string{"Th7d2h", "Qs8h3d2c", "AhKd7c5s2h"} {
		sp := mustSpot(t, `board = "`+board+`"
pot = 80
stack = 0
oop = "QQ,88,AQs,KQo,J9s,T9s,A3s"
ip = "33,AQ,KK,JTs,87s,A5s"
`)
		g, err := NewGame(sp, Options{})
		if err != nil {
			t.Fatal(err)
		}
		l, _ := g.ParseLine("")
		r := g.Report(g.Uniform(), l)
		for p := range 2 {
			for _, hr := range r.Hands[p] {
				if math.Abs(hr.EV-80*hr.Equity) > 1e-9 {
					t.Fatalf("%s %s: EV %v, 80 × equity %v", board, hr.Hand, hr.EV, 80*hr.Equity)
				}
			}
		}
		res, err := equity.Calculate([]*equity.Range{sp.Ranges[0], sp.Ranges[1]}, equity.Options{Board: sp.BoardSet(), Method: equity.Exact})
		if err != nil {
			t.Fatal(err)
		}
		// Package equity weights each hand by its deals; so does the EV
		// average of TestReportAtRootAveragesToTheValue.
		var num, den float64
		for _, hr := range r.Hands[OOP] {
			var mass float64
			for j, ho := range g.Hands[IP] {
				if !ho.Set().Overlaps(hr.Hand.Set()) {
					mass += float64(g.Weights[IP][j])
				}
			}
			num += hr.Reach * mass * hr.Equity
			den += hr.Reach * mass
		}
		if math.Abs(num/den-res.Players[0].Equity) > 1e-12 {
			t.Fatalf("%s: equity %v, package equity %v", board, num/den, res.Players[0].Equity)
		}
	}
}

// TestParseLine follows lines through actions and cards and names the
// offending token of a bad one.
func TestParseLine(t *testing.T) {
	g := mustGame(t, flopSymmetric, Options{})
	for _, ok := range []string{"", "x", "x x", "x x Qs", "x x Qc x a60 c", "a c 9s", "check check Ks"} {
		if _, err := g.ParseLine(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	// A black card and its twin of the other black suit reach the same
	// subtree with the suits swapped.
	a, _ := g.ParseLine("x x Qs")
	b, _ := g.ParseLine("x x Qc")
	if a.Node != b.Node || a.Perm == b.Perm {
		t.Errorf("Qs: node %d perm %v; Qc: node %d perm %v", a.Node, a.Perm, b.Node, b.Perm)
	}
	for _, c := range []struct{ line, want string }{
		{"b30", `col 1: "b30": not an action here; OOP can x, a60`},
		{"x x Th", `"Th": Th is already on the board`},
		{"x x xx", `"xx": a card is dealt here`},
		{"a f x", `col 5: "x": the hand is over at "a60 f"`},
	} {
		_, err := g.ParseLine(c.line)
		var le *LineError
		if err == nil || !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.line, err, c.want)
		}
	}
}

// FuzzParseLine: any line parses or fails with a LineError, never panics.
func FuzzParseLine(f *testing.F) {
	g := mustGame(f, flopSymmetric, Options{})
	for _, s := range []string{"", "x x Qs x", "a c 9s", "b30", "x,x,Qc", "r1 2 3", "f f f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := g.ParseLine(s)
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("%q: %T %v", s, err, err)
			}
			return
		}
		if l.Node < 0 || int(l.Node) >= g.NumNodes() {
			t.Fatalf("%q: node %d", s, l.Node)
		}
	})
}

// TestActionValuesAndOwnReachMatchReports: the whole-tree arrays agree with
// the node reports (a different code path: a line walked from the root) on
// every decision node of a turn spot, for both players.
func TestActionValuesAndOwnReachMatchReports(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	σ := solve(t, g, SolveOptions{}, 10).Average()
	off, size := g.HandLayout()
	for p := range 2 {
		ev, mass, reach := make([]float64, g.Size), make([]float64, size), make([]float64, size)
		v := g.ActionValues(σ, p, ev, mass)
		if e := g.Evaluate(σ); math.Abs(v-e.Values[p]) > 1e-9 {
			t.Fatalf("player %d: value %v, Evaluate %v", p, v, e.Values[p])
		}
		g.OwnReach(σ, p, reach)
		checked := 0
		for _, line := range []string{"", "x", "b45", "x b45", "x x 5c", "x x 5c b45", "b45 c 7h x", "x x Ad x b45"} {
			l, err := g.ParseLine(line)
			if err != nil {
				t.Fatal(err)
			}
			if g.Player(l.Node) != p {
				continue
			}
			r := g.Report(σ, l)
			nd := &g.Nodes[l.Node]
			nh := g.NumHands(p)
			for _, hr := range r.Hands[p] {
				h := g.TreeHand(l, p, hr.Hand)
				if math.Abs(reach[off[l.Node]+int64(h)]-hr.Reach) > 1e-12 {
					t.Fatalf("%q %s: OwnReach %v, Report %v", line, hr.Hand, reach[off[l.Node]+int64(h)], hr.Reach)
				}
				for a, x := range hr.ActionEV {
					y := ev[nd.Off+int64(a*nh+h)]
					if math.IsNaN(x) != math.IsNaN(y) || !math.IsNaN(x) && math.Abs(x-y) > 1e-9 {
						t.Fatalf("%q %s action %d: ActionValues %v, Report %v", line, hr.Hand, a, y, x)
					}
				}
				checked++
			}
		}
		if checked == 0 {
			t.Fatalf("player %d: no node checked", p)
		}
	}
}

// TestReportThroughIsomorphicCard: the report after a card that shares its
// twin's subtree equals the twin's report with the two suits swapped, hand
// by hand (reach, strategy, EV, equity).
func TestReportThroughIsomorphicCard(t *testing.T) {
	g := mustGame(t, flopSymmetric, Options{})
	σ := solve(t, g, SolveOptions{}, 10).Average()
	for _, lines := range [][2]string{{"x x Qs", "x x Qc"}, {"x x Qs x", "x x Qc x"}, {"a c 9s", "a c 9c"}} {
		la, _ := g.ParseLine(lines[0])
		lb, _ := g.ParseLine(lines[1])
		ra, rb := g.Report(σ, la), g.Report(σ, lb)
		for p := range 2 {
			byHand := map[string]HandReport{}
			for _, h := range rb.Hands[p] {
				byHand[h.Hand.String()] = h
			}
			for _, a := range ra.Hands[p] {
				sw := cards.NewHole(swapSuit(a.Hand[0], cards.Spades, cards.Clubs), swapSuit(a.Hand[1], cards.Spades, cards.Clubs))
				b, ok := byHand[sw.String()]
				if !ok {
					t.Fatalf("%s: no %s", lines[1], sw)
				}
				same := func(x, y float64) bool {
					return math.IsNaN(x) && math.IsNaN(y) || math.Abs(x-y) <= 1e-9*math.Max(1, math.Abs(x))
				}
				if !same(a.Reach, b.Reach) || !same(a.EV, b.EV) || !same(a.Equity, b.Equity) {
					t.Fatalf("%s %s vs %s %s: reach %v/%v EV %v/%v equity %v/%v", lines[0], a.Hand, lines[1], b.Hand, a.Reach, b.Reach, a.EV, b.EV, a.Equity, b.Equity)
				}
				for k := range a.Strategy {
					if !same(a.Strategy[k], b.Strategy[k]) {
						t.Fatalf("%s %s: strategy %v vs %v", lines[0], a.Hand, a.Strategy, b.Strategy)
					}
				}
			}
		}
	}
}

// TestNodeReach: the root has probability 1, a decision node's children
// add up to it, a chance node's children (each counted with its isomorphic
// twins) add up to it, and every terminal's probabilities add up to 1.
func TestNodeReach(t *testing.T) {
	for _, src := range []string{flopSymmetric, turnSmall} {
		g := mustGame(t, src, Options{})
		σ := solve(t, g, SolveOptions{}, 5).Average()
		pr := g.NodeReach(σ)
		if math.Abs(pr[0]-1) > 1e-12 {
			t.Fatalf("root %v", pr[0])
		}
		var terminals float64
		for i := range g.Nodes {
			n := &g.Nodes[i]
			if n.Kind.Terminal() {
				terminals += pr[i] * g.twins(int32(i))
				continue
			}
			var sum float64
			for k := range int32(n.NumChildren) {
				c := n.Child + k
				w := 1.0
				if n.Kind == ChanceNode {
					w = 1 + float64(g.isoCount(n, k))
				}
				sum += w * pr[c]
			}
			if math.Abs(sum-pr[i]) > 1e-12 {
				t.Fatalf("node %d: children %v, node %v", i, sum, pr[i])
			}
		}
		if math.Abs(terminals-1) > 1e-9 {
			t.Fatalf("terminals add up to %v", terminals)
		}
	}
}

// isoCount is the number of left-out cards child k of chance node n stands
// for.
func (g *Game) isoCount(n *Node, k int32) int {
	c := 0
	for _, iso := range g.boards[n.Board].iso {
		if iso.Child == k {
			c++
		}
	}
	return c
}

// twins is the number of real nodes node i stands for (the product of the
// isomorphic multiplicities of the cards on its line).
func (g *Game) twins(i int32) float64 {
	// Walk down from the root to i by node indices (subtrees are contiguous
	// blocks after their roots).
	w, n := 1.0, int32(0)
	for n != i {
		nd := &g.Nodes[n]
		next := nd.Child
		for k := range int32(nd.NumChildren) {
			c := nd.Child + k
			if c == i || c < i && (g.Nodes[c].NumChildren > 0 && g.Nodes[c].Child <= i) {
				next = c
			}
		}
		if nd.Kind == ChanceNode {
			w *= 1 + float64(g.isoCount(nd, next-nd.Child))
		}
		n = next
	}
	return w
}

// TestRootSummaryMatchesReport: the root frequencies and range equities
// without tree passes equal the root report's.
func TestRootSummaryMatchesReport(t *testing.T) {
	for _, src := range []string{riverSmall, turnSmall, flopSymmetric} {
		g := mustGame(t, src, Options{})
		σ := solve(t, g, SolveOptions{}, 5).Average()
		l, _ := g.ParseLine("")
		r := g.Report(σ, l)
		freq, eq := g.RootSummary(σ)
		for a := range freq {
			if math.Abs(freq[a]-r.Frequency[a]) > 1e-12 {
				t.Fatalf("frequency %v, report %v", freq, r.Frequency)
			}
		}
		for p := range 2 {
			// The report weights each hand's equity by its reach; the
			// summary by its deals (weight × compatible mass): compare with
			// the deal weighting computed from the report.
			var n, d float64
			for _, hr := range r.Hands[p] {
				var mass float64
				for j, ho := range g.Hands[p^1] {
					if !ho.Set().Overlaps(hr.Hand.Set()) {
						mass += float64(g.Weights[p^1][j])
					}
				}
				n += hr.Reach * mass * hr.Equity
				d += hr.Reach * mass
			}
			if math.Abs(eq[p]-n/d) > 1e-12 {
				t.Fatalf("player %d equity %v, report %v", p, eq[p], n/d)
			}
		}
	}
}

// TestRootFrequencyOfAFloat64Strategy: RootFrequency of a float64 strategy
// equals RootSummary's of its float32 rounding to float32's precision, and
// a hand whose root probabilities are all 0 counts as uniform play.
func TestRootFrequencyOfAFloat64Strategy(t *testing.T) {
	g := mustGame(t, riverSmall, Options{})
	σ := solve(t, g, SolveOptions{}, 5).Average()
	σ64 := make([]float64, len(σ))
	for i, x := range σ {
		σ64[i] = float64(x)
	}
	want, _ := g.RootSummary(σ)
	got := RootFrequency(g, σ64)
	for a := range want {
		if math.Abs(got[a]-want[a]) > 1e-6 {
			t.Fatalf("frequency %v, from float32 %v", got, want)
		}
	}
	nd := &g.Nodes[0]
	k, nh := int(nd.NumChildren), len(g.Hands[g.Player(0)])
	for a := range k {
		σ64[nd.Off+int64(a*nh)] = 0
	}
	play := make([]float64, k)
	RootPlay(g, σ64, 0, play)
	for a, x := range play {
		if x != 1/float64(k) {
			t.Fatalf("action %d of a hand without probabilities: %v, want 1/%d", a, x, k)
		}
	}
}
