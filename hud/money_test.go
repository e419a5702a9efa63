package hud_test

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"pokerlab/cards"
	"pokerlab/handeval"
	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// recordedHands reads every hand of the files matching the patterns
// (hh.ReadAny: PHH, PokerStars, GGPoker), the rejected ones left out.
func recordedHands(t *testing.T, patterns ...string) []*hh.Hand {
	t.Helper()
	var out []*hh.Hand
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", p, err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			hands, _, err := hh.ReadAny(f, data)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, hands...)
		}
	}
	return out
}

// realHands are the HandHQ hands and the site fixtures of package hh.
var realPatterns = []string{"../testdata/handhq/*.phhs", "../hh/testdata/pokerstars/*.txt", "../hh/testdata/ggpoker/*.txt"}

// replayMoney replays h and returns its money.
func replayMoney(t *testing.T, h *hh.Hand, r *hh.Replayer) (*hud.HandMoney, bool) {
	t.Helper()
	var c hud.HandCounts
	if err := hud.TallyRecorded(h, r, &c); err != nil {
		return nil, false
	}
	var m hud.HandMoney
	hud.MoneyRecorded(h, r, &m)
	return &m, true
}

func near(x, y, tol float64) bool { return math.Abs(x-y) <= tol*max(1, math.Abs(x), math.Abs(y)) }

// TestAllInEVTurnClosedForm: all-in on the turn, KhQh against AhAd on
// 2h7h9cJs has 8 hearts and 3 tens among 44 cards, equity 11/44 = 1/4 of a
// 400 pot, and misses: the winner's adjusted net is 400·3/4 − 200 = +100.
func TestAllInEVTurnClosedForm(t *testing.T) {
	hands := recordedHands(t, "testdata/allin.phhs")
	var r hh.Replayer
	m, ok := replayMoney(t, hands[0], &r)
	if !ok || hands[0].Name != "turn_flush_and_straight_draw" {
		t.Fatal("the turn hand does not replay")
	}
	if m[0].Net != 200 || m[1].Net != -200 {
		t.Fatalf("nets %d, %d; want 200, -200", m[0].Net, m[1].Net)
	}
	if !near(m[0].EV, 100, 1e-12) || !near(m[1].EV, -100, 1e-12) || !m[0].AllIn {
		t.Errorf("adjusted nets %v, %v; want 100, -100 (11/44 of the pot to KhQh)", m[0].EV, m[1].EV)
	}
}

// TestRiverAllInIsNotAdjusted: with the whole board dealt before the
// betting closed, the adjusted net is the net.
func TestRiverAllInIsNotAdjusted(t *testing.T) {
	var r hh.Replayer
	for _, h := range recordedHands(t, "testdata/allin.phhs") {
		if h.Name != "river_all_in" {
			continue
		}
		m, ok := replayMoney(t, h, &r)
		if !ok {
			t.Fatal("the river hand does not replay")
		}
		for s := range 2 {
			if m[s].AllIn || m[s].EV != float64(m[s].Net) {
				t.Errorf("seat %d: adjusted %v (all-in %v), net %d", s, m[s].EV, m[s].AllIn, m[s].Net)
			}
		}
		return
	}
	t.Fatal("no river hand")
}

// bruteEV is the all-in adjusted net computed another way: every
// completion of the board dealt when the betting closed is enumerated and
// evaluated (handeval), the pots are rebuilt from what each player put in
// (layers of contributions, won by the best live hands among those who
// reached the layer, split evenly), and the chips each player collects on
// average replace what they collected. ok is false for hands that are not
// adjusted (no all-in before the river, unknown cards).
func bruteEV(g *holdem.Hand, rake []int64) (ev []float64, ok bool) {
	if !g.AllInShowdown() {
		return nil, false
	}
	n := g.Players()
	closed := holdem.Preflop
	for _, e := range g.Events() {
		if e.Kind.IsAction() {
			closed = e.Street
		}
	}
	var board []cards.Card
	for _, e := range g.Events() {
		if e.Kind == holdem.EvBoard && e.Street <= closed {
			board = append(board, e.CardSlice()...)
		}
	}
	if len(board) == 5 {
		return nil, false
	}
	var used cards.Set
	for _, c := range board {
		used = used.Add(c)
	}
	for s := range n {
		if !g.Folded(s) {
			h := g.Hole(s)
			if h[0] == holdem.Unknown || h[1] == holdem.Unknown {
				return nil, false
			}
			used = used.Add(h[0]).Add(h[1])
		}
	}
	var left []cards.Card
	for c := range cards.Card(52) {
		if !used.Has(c) {
			left = append(left, c)
		}
	}
	// The contribution layers above the antes, which are dead money any
	// live player can win (the engine's rule, nlhe-rules: Side pots).
	put := make([]int64, n)
	var total, totalRake, dead int64
	for _, e := range g.Events() {
		if e.Kind == holdem.EvAnte {
			dead += e.Amount
			put[e.Seat] -= e.Amount
		}
	}
	for s := range n {
		put[s] += g.Committed(s)
		total += g.Committed(s)
		totalRake += rake[s]
	}
	collect := make([]float64, n)
	var runouts float64
	need := 5 - len(board)
	idx := make([]int, need)
	var rec func(from, k int)
	vals := make([]handeval.Value, n)
	rec = func(from, k int) {
		if k == need {
			set := cards.Set(0)
			for _, c := range board {
				set = set.Add(c)
			}
			for _, i := range idx {
				set = set.Add(left[i])
			}
			for s := range n {
				if !g.Folded(s) {
					h := g.Hole(s)
					vals[s] = handeval.Eval(set.Add(h[0]).Add(h[1]))
				}
			}
			runouts++
			var best handeval.Value
			for s := range n {
				if !g.Folded(s) && vals[s] > best {
					best = vals[s]
				}
			}
			winners := 0
			for s := range n {
				if !g.Folded(s) && vals[s] == best {
					winners++
				}
			}
			for s := range n {
				if !g.Folded(s) && vals[s] == best {
					collect[s] += float64(dead) / float64(winners)
				}
			}
			prev := int64(0)
			for {
				// The next layer: the smallest contribution above prev.
				level := int64(math.MaxInt64)
				for s := range n {
					if put[s] > prev && put[s] < level {
						level = put[s]
					}
				}
				if level == math.MaxInt64 {
					break
				}
				var amount int64
				var best handeval.Value
				for s := range n {
					amount += min(put[s], level) - min(put[s], prev)
					if put[s] >= level && !g.Folded(s) && vals[s] > best {
						best = vals[s]
					}
				}
				winners := 0
				for s := range n {
					if put[s] >= level && !g.Folded(s) && vals[s] == best {
						winners++
					}
				}
				for s := range n {
					if put[s] >= level && !g.Folded(s) && vals[s] == best {
						collect[s] += float64(amount) / float64(winners)
					}
				}
				prev = level
			}
			return
		}
		for i := from; i < len(left); i++ {
			idx[k] = i
			rec(i+1, k+1)
		}
	}
	rec(0, 0)
	ev = make([]float64, n)
	keep := 1 - float64(totalRake)/float64(total)
	for s := range n {
		net := g.Net(s) - rake[s]
		ev[s] = float64(net-(g.Won(s)-rake[s])) + collect[s]/runouts*keep
	}
	return ev, true
}

// TestAllInEVEqualsBruteForce: the adjusted nets of the hand-written
// all-in hands (a side pot of two among three players, a preflop all-in)
// and of every all-in of the real hands closed on the flop or turn equal
// the brute-force enumeration of bruteEV.
func TestAllInEVEqualsBruteForce(t *testing.T) {
	var r hh.Replayer
	checked := 0
	for _, h := range append(recordedHands(t, "testdata/allin.phhs"), recordedHands(t, realPatterns...)...) {
		if len(h.CashOuts) > 0 {
			continue
		}
		m, ok := replayMoney(t, h, &r)
		if !ok || !r.Hand.AllInShowdown() || r.Hand.Rules()&holdem.PKPotMerge != 0 {
			continue
		}
		g := &r.Hand
		n := g.Players()
		// Preflop all-ins of the real hands cost 1.7 million boards each:
		// the hand-written one stands for them.
		rake := make([]int64, n)
		for s := range n {
			rake[s] = m[s].Rake
		}
		if h.File != "testdata/allin.phhs" {
			closedBoard := 0
			closed := holdem.Preflop
			for _, e := range g.Events() {
				if e.Kind.IsAction() {
					closed = e.Street
				}
			}
			for _, e := range g.Events() {
				if e.Kind == holdem.EvBoard && e.Street <= closed {
					closedBoard += int(e.NCards)
				}
			}
			if closedBoard < 3 {
				continue
			}
		}
		want, ok := bruteEV(g, rake)
		if !ok {
			continue
		}
		checked++
		for s := range n {
			if !near(m[s].EV, want[s], 1e-9) {
				t.Errorf("%s [%s] seat %d: adjusted net %v, brute force %v", h.File, h.Name, s, m[s].EV, want[s])
			}
		}
	}
	if checked < 6 {
		t.Fatalf("%d all-in hands checked, want at least 6", checked)
	}
	t.Logf("%d all-in hands", checked)
}

// TestAllInEVKeepsTheTotal: on every real hand without a cash-out, the
// adjusted nets add up to the nets (equity moves chips between players,
// it creates none), and a hand without an all-in keeps each net.
func TestAllInEVKeepsTheTotal(t *testing.T) {
	var r hh.Replayer
	adjusted := 0
	for _, h := range recordedHands(t, realPatterns...) {
		if len(h.CashOuts) > 0 {
			continue
		}
		m, ok := replayMoney(t, h, &r)
		if !ok {
			continue
		}
		var net int64
		var ev float64
		for s := range h.NumPlayers() {
			net += m[s].Net
			ev += m[s].EV
			if !m[s].AllIn && m[s].EV != float64(m[s].Net) {
				t.Errorf("%s [%s] seat %d: no all-in, adjusted %v, net %d", h.File, h.Name, s, m[s].EV, m[s].Net)
			}
			if m[s].AllIn && s == 0 {
				adjusted++
			}
		}
		if !near(ev, float64(net), 1e-9) {
			t.Errorf("%s [%s]: adjusted nets add up to %v, nets to %d", h.File, h.Name, ev, net)
		}
	}
	if adjusted == 0 {
		t.Fatal("no adjusted hand among the real hands")
	}
}

// TestRakeAddsUpToTheSites: on every real site hand, the players' rake
// adds up to the summary's rake, their cash-out fees to the fees printed,
// and their nets to −rake − the awards the site kept + the cash-outs
// (SiteInfo: the site's own figures, read from its lines).
func TestRakeAddsUpToTheSites(t *testing.T) {
	var r hh.Replayer
	sites, raked, cashOuts := 0, 0, 0
	for _, h := range recordedHands(t, realPatterns[1:]...) {
		m, ok := replayMoney(t, h, &r)
		if !ok || h.Site == nil {
			continue
		}
		sites++
		var rake, fees, net, paid int64
		for s := range h.NumPlayers() {
			rake += m[s].Rake
			fees += m[s].CashOutFee
			net += m[s].Net
			if s < len(h.CashOuts) {
				paid += h.CashOuts[s]
			}
			if m[s].Rake < 0 || m[s].Rake > 0 && r.Hand.Won(s) == 0 {
				t.Errorf("%s [%s] seat %d: rake %d of an award of %d", h.File, h.Name, s, m[s].Rake, r.Hand.Won(s))
			}
		}
		if rake > 0 {
			raked++
		}
		if paid > 0 {
			cashOuts++
		}
		if rake != h.Site.Rake || fees != h.Site.CashOutFees || net != -h.Site.Rake-h.Site.NotAwarded+paid {
			t.Errorf("%s [%s]: rake %d, fees %d, net %d; the site: rake %d, fees %d, net %d", h.File, h.Name, rake, fees, net,
				h.Site.Rake, h.Site.CashOutFees, -h.Site.Rake-h.Site.NotAwarded+paid)
		}
	}
	if sites < 100 || raked == 0 || cashOuts == 0 {
		t.Fatalf("%d site hands, %d raked, %d with a cash-out", sites, raked, cashOuts)
	}
}

// TestBB100StdErrIsTheDirectFormula: bb/100 and its standard error from
// the running sums equal the two-pass mean and sample standard deviation
// of the per-hand nets in big blinds.
func TestBB100StdErrIsTheDirectFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var m hud.Money
	var xs []float64
	for range 5000 {
		bb := []int64{2, 10, 100}[rng.IntN(3)]
		net := rng.Int64N(40*bb) - 19*bb
		m.Add(&hud.SeatMoney{Net: net, EV: float64(net)}, bb)
		xs = append(xs, float64(net)/float64(bb))
	}
	var mean float64
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(len(xs)-1))
	rate, se := m.BB100()
	if !near(rate, 100*mean, 1e-12) || !near(se, 100*sd/math.Sqrt(float64(len(xs))), 1e-9) {
		t.Errorf("bb/100 %v ± %v, direct %v ± %v", rate, se, 100*mean, 100*sd/math.Sqrt(float64(len(xs))))
	}
	var none hud.Money
	if r, e := none.BB100(); !math.IsNaN(r) || !math.IsNaN(e) {
		t.Errorf("no hands: %v ± %v, want NaN", r, e)
	}
}

// TestEngineAndRecordedMoneyAgree: simulated hands' money from the engine
// (MoneyOf) equals that of the same hands written as PHH and read back
// (MoneyRecorded: nets from the finishing stacks), all-in adjustments
// included.
func TestEngineAndRecordedMoneyAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	deck := cards.NewDeck(7)
	cfg := holdem.Config{Stacks: make([]int64, 4), SmallBlind: 1, BigBlind: 2}
	var g holdem.Hand
	var r hh.Replayer
	allIn := 0
	for i := range 200 {
		cfg.Button = i % 4
		for s := range 4 {
			cfg.Stacks[s] = 10 + rng.Int64N(100)
		}
		if err := g.Reset(&cfg, deck); err != nil {
			t.Fatal(err)
		}
		holdem.PlayRandom(&g, rng)
		var direct hud.HandMoney
		if !hud.MoneyOf(&g, &direct) {
			t.Fatal("hand not over")
		}
		names := []string{"0", "1", "2", "3"}
		h := hh.FromEngine(&g, names, 0)
		m, ok := replayMoney(t, h, &r)
		if !ok {
			t.Fatalf("hand %d does not replay", i)
		}
		// The PHH players are in their own order (the button last).
		for p := range 4 {
			s := int(h.PlayerName(p)[0] - '0')
			if direct[s] != m[p] {
				t.Fatalf("hand %d seat %d: engine %+v, recorded %+v", i, s, direct[s], m[p])
			}
		}
		if direct[0].AllIn {
			allIn++
		}
	}
	if allIn == 0 {
		t.Fatal("no all-in hand")
	}
}

// sameMoney reports whether a and b are the same sums: chips and counts
// exactly, the real sums within 1e-9 of their size (added in another
// order).
func sameMoney(a, b *hud.Money) bool {
	return a.Hands == b.Hands && a.Net == b.Net && a.Rake == b.Rake && a.CashOutFee == b.CashOutFee &&
		a.Showdown == b.Showdown && a.ShowdownHands == b.ShowdownHands &&
		near(a.NetBB, b.NetBB, 1e-9) && near(a.NetBB2, b.NetBB2, 1e-9) && near(a.RakeBB, b.RakeBB, 1e-9) &&
		near(a.EV, b.EV, 1e-9) && near(a.EVBB, b.EVBB, 1e-9) && near(a.ShowdownBB, b.ShowdownBB, 1e-9)
}

// TestCurvesAreRunningSums: the graph's lines are the running sums of the
// hands' nets (won), adjusted nets (all-in EV), and the nets split by
// showdown, the last two adding up to the first.
func TestCurvesAreRunningSums(t *testing.T) {
	points := []hud.Point{{Net: 2, EV: 1, Showdown: true}, {Net: -1, EV: -1}, {Net: 3, EV: 3.5}, {Net: -4, EV: -2, Showdown: true}}
	c := hud.CurvesOf(points)
	want := hud.Curves{Won: []float64{2, 1, 4, 0}, EV: []float64{1, 0, 3.5, 1.5}, Showdown: []float64{2, 2, 2, -2}, NonShowdown: []float64{0, -1, 2, 2}}
	for i := range points {
		if c.Won[i] != want.Won[i] || c.EV[i] != want.EV[i] || c.Showdown[i] != want.Showdown[i] || c.NonShowdown[i] != want.NonShowdown[i] ||
			c.Showdown[i]+c.NonShowdown[i] != c.Won[i] {
			t.Errorf("hand %d: %v %v %v %v", i, c.Won[i], c.EV[i], c.Showdown[i], c.NonShowdown[i])
		}
	}
}
