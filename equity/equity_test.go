package equity

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pokerlab/cards"
	"pokerlab/handeval"
)

func hole(s string) cards.Hole {
	cs, err := cards.ParseCards(s)
	if err != nil || len(cs) != 2 {
		panic(fmt.Sprintf("bad hole %q", s))
	}
	return cards.NewHole(cs[0], cs[1])
}

func holes(ss ...string) []*Range {
	var out []*Range
	for _, s := range ss {
		out = append(out, RangeOf(hole(s)))
	}
	return out
}

// Exact all-in preflop equities as published by standard calculators
// (PokerStove, ProPokerTools), to 1e-8.
func TestExactPublished(t *testing.T) {
	tests := []struct {
		hands []string
		want  float64
	}{
		{[]string{"AsKs", "QdQc"}, 0.46214457},
		{[]string{"AhAd", "KsKc"}, 0.81255490},
		{[]string{"AsAh", "KsKh", "QsQh"}, 0.67670251},
	}
	for _, tt := range tests {
		for _, threads := range []int{1, 2} {
			res, err := Calculate(holes(tt.hands...), Options{Method: Exact, Threads: threads})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Players[0].Equity; math.Abs(got-tt.want) > 1e-8 {
				t.Errorf("%v threads %d: equity %.10f, want %.8f", tt.hands, threads, got, tt.want)
			}
			sum := 0.0
			for _, p := range res.Players {
				sum += p.Equity
			}
			if math.Abs(sum-1) > 1e-12 || res.Boards != binomial(52-2*len(tt.hands), 5) {
				t.Errorf("%v: equities sum to %v, %d boards", tt.hands, sum, res.Boards)
			}
		}
	}
}

// bruteEquity is the reference: every deal of the ranges (one combination
// per player, no shared card, weight = product of weights) and every board
// completion, evaluated card set by card set. No symmetry, no caching.
func bruteEquity(ranges []*Range, board, dead cards.Set) (eq, win, tie []float64) {
	n := len(ranges)
	eq, win, tie = make([]float64, n), make([]float64, n), make([]float64, n)
	total := 0.0
	deal := make([]cards.Hole, n)
	var rec func(i int, used cards.Set, w float64)
	rec = func(i int, used cards.Set, w float64) {
		if i < n {
			for j := range cards.NumHoles {
				h := cards.HoleAt(j)
				if ranges[i].w[j] > 0 && h.Set()&used == 0 {
					deal[i] = h
					rec(i+1, used|h.Set(), w*ranges[i].w[j])
				}
			}
			return
		}
		rest := (cards.FullDeck &^ used).Cards()
		k := 5 - board.Count()
		idx := make([]int, k)
		var boards func(from, depth int, b cards.Set)
		boards = func(from, depth int, b cards.Set) {
			if depth == k {
				vals := make([]handeval.Value, n)
				best := handeval.Value(0)
				for p := range n {
					vals[p] = handeval.Eval(b | deal[p].Set())
					best = max(best, vals[p])
				}
				winners := 0
				for _, v := range vals {
					if v == best {
						winners++
					}
				}
				total += w
				for p, v := range vals {
					if v == best {
						eq[p] += w / float64(winners)
						if winners == 1 {
							win[p] += w
						} else {
							tie[p] += w
						}
					}
				}
				return
			}
			for j := from; j < len(rest); j++ {
				idx[depth] = j
				boards(j+1, depth+1, b.Add(rest[j]))
			}
		}
		boards(0, 0, board)
	}
	rec(0, board|dead, 1)
	for p := range n {
		eq[p] /= total
		win[p] /= total
		tie[p] /= total
	}
	return eq, win, tie
}

// randomMatchup draws a seeded spot: 2-4 players with exact hands or small
// weighted ranges, a board of 0 (rarely), 3, 4 or 5 cards and 0-2 dead cards.
func randomMatchup(r *rand.Rand, preflop bool) ([]*Range, cards.Set, cards.Set) {
	d := cards.NewDeckRand(r)
	n := 2 + r.IntN(3)
	boardSize := []int{3, 3, 4, 4, 5}[r.IntN(5)]
	if preflop {
		n, boardSize = 2, 0
	}
	board := d.DealN(boardSize)
	dead := d.DealN(r.IntN(3))
	ranges := make([]*Range, n)
	isRange := make([]bool, n)
	for i := range ranges {
		ranges[i] = new(Range)
		isRange[i] = !preflop && r.IntN(3) == 0
		if !isRange[i] {
			ranges[i].Set(cards.NewHole(d.Deal(), d.Deal()), 1)
		}
	}
	// Ranged players draw 2-4 weighted combinations from what the board,
	// dead cards and exact hands leave, so their combinations may clash
	// with each other (such deals must be skipped).
	left := d.Remaining().Cards()
	for i := range ranges {
		if !isRange[i] {
			continue
		}
		for range 2 + r.IntN(3) {
			a, b := r.IntN(len(left)), r.IntN(len(left)-1)
			if b >= a {
				b++
			}
			ranges[i].Set(cards.NewHole(left[a], left[b]), []float64{1, 0.5, 0.25}[r.IntN(3)])
		}
	}
	return ranges, board, dead
}

func TestBruteForceAgreement(t *testing.T) {
	r := rand.New(rand.NewPCG(2024, 5))
	cases := 300
	preflop := 3
	if testing.Short() {
		cases, preflop = 60, 1
	}
	for i := range cases {
		ranges, board, dead := randomMatchup(r, i < preflop)
		res, err := Calculate(ranges, Options{Board: board, Dead: dead, Method: Exact, Threads: 1 + i%2})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		eq, win, tie := bruteEquity(ranges, board, dead)
		for p := range ranges {
			got := res.Players[p]
			if math.Abs(got.Equity-eq[p]) > 1e-9 || math.Abs(got.Win-win[p]) > 1e-9 || math.Abs(got.Tie-tie[p]) > 1e-9 {
				t.Fatalf("case %d (board %v, dead %v) player %d: got %+v, brute force %v/%v/%v",
					i, board, dead, p, got, eq[p], win[p], tie[p])
			}
		}
	}
}

// A range matchup against the brute force, preflop: two small ranges.
func TestRangeVsRangeBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force over every board of 4 deals")
	}
	ranges := []*Range{MustParseRange("AsAh,KdKc:0.5"), MustParseRange("QsQh,Td9d")}
	res, err := Calculate(ranges, Options{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	eq, _, _ := bruteEquity(ranges, 0, 0)
	if math.Abs(res.Players[0].Equity-eq[0]) > 1e-9 {
		t.Errorf("equity %v, brute force %v", res.Players[0].Equity, eq[0])
	}
}

// Degenerate spots with closed-form answers.
func TestDegenerate(t *testing.T) {
	// The board is a royal flush: everybody splits.
	res, err := Calculate(holes("2c3d", "4h5h", "7c8c"), Options{Board: cards.MustParseSet("As Ks Qs Js Ts")})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Players {
		if math.Abs(p.Equity-1.0/3) > 1e-15 || p.Tie != 1 || p.Win != 0 {
			t.Errorf("royal board: %+v", p)
		}
	}
	// Quad aces with the nuts locked on the river: equity 1.
	res, err = Calculate(holes("AsAh", "KsKh"), Options{Board: cards.MustParseSet("Ad Ac 2s 7h 9d")})
	if err != nil || res.Players[0].Equity != 1 || res.Players[1].Equity != 0 {
		t.Errorf("locked river: %+v %v", res.Players, err)
	}
}

func TestMonteCarloReproducible(t *testing.T) {
	in := []*Range{MustParseRange("QQ+,AKs"), MustParseRange("JJ-88,AQs-ATs"), RandomRange()}
	for _, opt := range []Options{
		{Method: MonteCarlo, Samples: 100000, Seed: 7},
		{Method: MonteCarlo, StdErr: 2e-3, Seed: 7},
		{Method: MonteCarlo, Samples: 50000, Seed: 9, Board: cards.MustParseSet("Ah 7c 2d")},
	} {
		var results [][]PlayerResult
		for _, threads := range []int{1, 2, 2} {
			o := opt
			o.Threads = threads
			res, err := Calculate(in, o)
			if err != nil {
				t.Fatal(err)
			}
			results = append(results, res.Players)
		}
		for _, r := range results[1:] {
			if !slices.Equal(r, results[0]) {
				t.Errorf("%+v: threads change the result: %v vs %v", opt, r, results[0])
			}
		}
		if opt.Samples == 100000 {
			if res, _ := Calculate(in, opt); res.Samples != 100000 {
				t.Errorf("Samples %d, want 100000", res.Samples)
			}
		}
	}
	a, _ := Calculate(in, Options{Method: MonteCarlo, Samples: 20000, Seed: 1})
	b, _ := Calculate(in, Options{Method: MonteCarlo, Samples: 20000, Seed: 2})
	if slices.Equal(a.Players, b.Players) {
		t.Error("seeds 1 and 2 gave the same numbers")
	}
}

// Monte Carlo is unbiased: 20 hands against N random hands (1 to 3), on
// flop, turn and river boards, agree within 4 standard errors with their
// exact equity, counted by bruteForceVsRandom — an independent algorithm
// that uses only handeval.Eval, not this package's enumerator (for one
// opponent the two exact computations must also agree). Preflop equities
// are checked against published figures by TestAcesVsRandomExact.
func TestMonteCarloUnbiased(t *testing.T) {
	r := rand.New(rand.NewPCG(77, 1))
	// (board cards, random opponents): every combination except three
	// opponents on the flop, whose exact count costs seconds (three on the
	// turn cost about a second: once).
	plan := [][2]int{{3, 1}, {4, 2}, {5, 3}, {3, 2}, {4, 1}, {5, 2}, {4, 3}, {3, 1}, {5, 1}, {4, 2},
		{3, 2}, {5, 3}, {4, 1}, {3, 1}, {4, 2}, {5, 2}, {3, 2}, {5, 3}, {5, 1}, {3, 2}}
	for i, c := range plan {
		d := cards.NewDeckRand(r)
		h := cards.NewHole(d.Deal(), d.Deal())
		board := d.DealN(c[0])
		opponents := c[1]
		in := []*Range{RangeOf(h)}
		for range opponents {
			in = append(in, RandomRange())
		}
		want := bruteForceVsRandom(h, board, 0, opponents)
		if opponents == 1 {
			ex, err := Calculate(in, Options{Method: Exact, Board: board})
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(ex.Players[0].Equity-want) > 1e-12 {
				t.Fatalf("%v on %q vs 1 random: Exact %.15f, brute force %.15f", h, board, ex.Players[0].Equity, want)
			}
		}
		mc, err := Calculate(in, Options{Method: MonteCarlo, Board: board, Samples: 200000, Seed: uint64(i), Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		got, se := mc.Players[0].Equity, mc.Players[0].StdErr
		if math.Abs(got-want) > 4*se {
			t.Errorf("%v on %q vs %d random: Monte Carlo %.5f ± %.5f, exact %.5f", h, board, opponents, got, se, want)
		}
		// The fast path agrees too.
		est := NewSampler(uint64(i)).VsRandom(h, board, 0, opponents, 200000)
		if math.Abs(est.Equity-want) > 4*est.StdErr {
			t.Errorf("%v on %q vs %d random: Sampler %.5f ± %.5f, exact %.5f", h, board, opponents, est.Equity, est.StdErr, want)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// bruteForceVsRandom is the exact pot-share equity of hole cards h on
// board (3, 4 or 5 cards) against n (1 to 3) players holding random hands
// (from the cards not dead),
// counted without this package: for every runout of the board, every
// opponent hand is classed as beating, tying or losing to h (handeval.Eval),
// and the ordered n-tuples of pairwise disjoint opponent hands are counted
// by class. h's share of a tuple is 0 if any hand beats it, else 1/(1 +
// ties). For two opponents the tuples are counted from per-card counts
// (the hands disjoint from c are all hands minus those through either of
// c's cards, plus c itself); for three, every disjoint pair is visited and
// the third hand counted by inclusion–exclusion over its four cards.
func bruteForceVsRandom(h cards.Hole, board, dead cards.Set, n int) float64 {
	const beat, tie, lose = 0, 1, 2
	deck := cards.FullDeck.Minus(h.Set()).Minus(board).Minus(dead)
	var share, tuples float64
	var runouts func(from cards.Set, need int, full cards.Set)
	runouts = func(from cards.Set, need int, full cards.Set) {
		if need > 0 {
			for c := range from.All() {
				from = from.Remove(c) // each runout once: only cards above c follow
				runouts(from, need-1, full.Add(c))
			}
			return
		}
		hv := handeval.Eval(full.Union(h.Set()))
		rest := deck.Minus(full).Cards()
		m := len(rest)
		class := make([][]int8, m) // class[i][j] of the hand {rest[i], rest[j]}
		var total [3]float64
		perCard := make([][3]float64, m)
		for i := range m {
			class[i] = make([]int8, m)
		}
		for i := range m {
			for j := i + 1; j < m; j++ {
				v := handeval.Eval(full.Add(rest[i]).Add(rest[j]))
				k := int8(lose)
				switch {
				case v > hv:
					k = beat
				case v == hv:
					k = tie
				}
				class[i][j], class[j][i] = k, k
				total[k]++
				perCard[i][k]++
				perCard[j][k]++
			}
		}
		// weight of a tuple with these classes: 0 if any beats h
		weight := func(ties int) float64 { return 1 / float64(1+ties) }
		switch n {
		case 1:
			share += total[tie]*weight(1) + total[lose]*weight(0)
			tuples += total[beat] + total[tie] + total[lose]
		case 2:
			for i := range m {
				for j := i + 1; j < m; j++ {
					k := class[i][j]
					// hands disjoint from {i, j}, by class
					var disj [3]float64
					for c := range 3 {
						disj[c] = total[c] - perCard[i][c] - perCard[j][c]
					}
					disj[k]++ // {i, j} itself was removed twice
					tuples += disj[beat] + disj[tie] + disj[lose]
					if k == beat {
						continue
					}
					t0 := b2i(k == tie)
					share += disj[tie]*weight(t0+1) + disj[lose]*weight(t0)
				}
			}
		case 3:
			for i := range m {
				for j := i + 1; j < m; j++ {
					k1 := class[i][j]
					ci, cj := class[i], class[j]
					for a := range m {
						if a == i || a == j {
							continue
						}
						ca := class[a]
						for b := a + 1; b < m; b++ {
							if b == i || b == j {
								continue
							}
							k2 := ca[b]
							// third hands disjoint from {i, j, a, b}, by
							// class: all, minus those through one of the
							// four cards, plus the six pairs of them
							// (each removed twice).
							var disj [3]float64
							for c := range 3 {
								disj[c] = total[c] - perCard[i][c] - perCard[j][c] - perCard[a][c] - perCard[b][c]
							}
							disj[k1]++
							disj[k2]++
							disj[ci[a]]++
							disj[ci[b]]++
							disj[cj[a]]++
							disj[cj[b]]++
							// (i, j) runs over every first hand and (a, b)
							// over every second: each ordered tuple once.
							tuples += disj[beat] + disj[tie] + disj[lose]
							if k1 == beat || k2 == beat {
								continue
							}
							t0 := b2i(k1 == tie) + b2i(k2 == tie)
							share += disj[tie]*weight(t0+1) + disj[lose]*weight(t0)
						}
					}
				}
			}
		default:
			panic("bruteForceVsRandom: 1 to 3 opponents")
		}
	}
	runouts(deck, 5-board.Count(), board)
	return share / tuples
}

// bruteForceVsRandom's counting formulas against the plain enumeration of
// every ordered tuple of disjoint opponent hands, on decks small enough to
// enumerate (30 or 33 dead cards).
func TestBruteForceVsRandomCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for i := range 6 {
		d := cards.NewDeckRand(r)
		h := cards.NewHole(d.Deal(), d.Deal())
		board := d.DealN(4 + i%2)
		dead := d.DealN(33 - i%2*3)
		for n := 1; n <= 3; n++ {
			got := bruteForceVsRandom(h, board, dead, n)
			want := naiveVsRandom(h, board, dead, n)
			if math.Abs(got-want) > 1e-12 {
				t.Errorf("%v on %q, %d dead, %d opponents: counted %.15f, enumerated %.15f", h, board, dead.Count(), n, got, want)
			}
		}
	}
}

// naiveVsRandom enumerates every runout and every ordered tuple of n
// disjoint opponent hands.
func naiveVsRandom(h cards.Hole, board, dead cards.Set, n int) float64 {
	deck := cards.FullDeck.Minus(h.Set()).Minus(board).Minus(dead)
	var share, count float64
	var deal func(full, used cards.Set, left int, vals []handeval.Value)
	deal = func(full, used cards.Set, left int, vals []handeval.Value) {
		if left == 0 {
			hv := handeval.Eval(full.Union(h.Set()))
			ties := 0
			for _, v := range vals {
				if v > hv {
					count++
					return
				}
				if v == hv {
					ties++
				}
			}
			share += 1 / float64(1+ties)
			count++
			return
		}
		avail := deck.Minus(full).Minus(used).Cards()
		for x := range avail {
			for y := x + 1; y < len(avail); y++ {
				hand := cards.SetOf(avail[x], avail[y])
				deal(full, used.Union(hand), left-1, append(vals, handeval.Eval(full.Union(hand))))
			}
		}
	}
	var runouts func(from cards.Set, need int, full cards.Set)
	runouts = func(from cards.Set, need int, full cards.Set) {
		if need == 0 {
			deal(full, 0, n, nil)
			return
		}
		for c := range from.All() {
			from = from.Remove(c)
			runouts(from, need-1, full.Add(c))
		}
	}
	runouts(deck, 5-board.Count(), board)
	return share / count
}

// AA against one random hand is 85.20% (PokerStove's classic table); the
// exact enumeration agrees to the published digits.
func TestAcesVsRandomExact(t *testing.T) {
	if testing.Short() {
		t.Skip("exact enumeration of 1225 hands on every board")
	}
	res, err := Calculate([]*Range{RangeOf(hole("AsAh")), RandomRange()}, Options{Method: Exact, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Players[0].Equity; math.Abs(got-0.8520) > 0.00005 {
		t.Errorf("AA vs random = %.6f, want 0.8520", got)
	}
}

func TestSampler(t *testing.T) {
	h := hole("AsKs")
	a := NewSampler(5).VsRandom(h, 0, 0, 3, 10000)
	b := NewSampler(5).VsRandom(h, 0, 0, 3, 10000)
	if a != b {
		t.Errorf("same seed, different estimates: %+v %+v", a, b)
	}
	s := NewSampler(1)
	board := cards.MustParseSet("2d 7h Kc")
	if n := testing.AllocsPerRun(20, func() { s.VsRandom(h, board, 0, 2, 1000) }); n != 0 {
		t.Errorf("VsRandom allocates %v times", n)
	}
	for _, bad := range []func(){
		func() { s.VsRandom(h, 0, 0, 0, 10) },
		func() { s.VsRandom(h, 0, 0, 9, 10) },
		func() { s.VsRandom(h, cards.MustParseSet("As 2d 3d"), 0, 1, 10) },
		func() { s.VsRandom(h, cards.MustParseSet("2d 3d"), 0, 1, 10) },
		func() { s.VsRandom(h, 0, 0, 1, 0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("misuse did not panic")
				}
			}()
			bad()
		}()
	}
}

func comboNames(r *Range) []string {
	var out []string
	for _, c := range r.Combos() {
		out = append(out, c.Hole.String())
	}
	slices.Sort(out)
	return out
}

func classesOf(r *Range) []string {
	seen := map[string]bool{}
	for _, c := range r.Combos() {
		seen[c.Hole.Class().String()] = true
	}
	var out []string
	for k := range seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in      string
		classes string
		combos  int
	}{
		{"JJ-88", "88 99 JJ TT", 24},
		{"88-JJ", "88 99 JJ TT", 24},
		{"QQ+", "AA KK QQ", 18},
		{"AQs-ATs", "AJs AQs ATs", 12},
		{"A5s+", "A5s A6s A7s A8s A9s AJs AKs AQs ATs", 36},
		{"KTo+", "KJo KQo KTo", 36},
		{"AT+", "AJo AJs AKo AKs AQo AQs ATo ATs", 64},
		{"AK", "AKo AKs", 16},
		{"KQo", "KQo", 12},
		{"K9-K6", "K6o K6s K7o K7s K8o K8s K9o K9s", 64},
		{"22+", "22 33 44 55 66 77 88 99 AA JJ KK QQ TT", 78},
		{"random", "", 1326},
		{" QQ+ , AKs ,AsKd", "AA AKo AKs KK QQ", 23},
		{"AKs:0.5", "AKs", 4},
		{"aks, t9O", "AKs T9o", 16},
		{"AsKs", "AKs", 1},
	}
	for _, tt := range tests {
		r, err := ParseRange(tt.in)
		if err != nil {
			t.Errorf("ParseRange(%q): %v", tt.in, err)
			continue
		}
		if r.NumCombos() != tt.combos {
			t.Errorf("ParseRange(%q): %d combos, want %d", tt.in, r.NumCombos(), tt.combos)
		}
		if tt.classes != "" && strings.Join(classesOf(r), " ") != tt.classes {
			t.Errorf("ParseRange(%q) classes %v, want %v", tt.in, classesOf(r), tt.classes)
		}
	}
	r := MustParseRange("AKs:0.5,AsKs")
	if r.Weight(hole("AsKs")) != 1 || r.Weight(hole("AhKh")) != 0.5 {
		t.Error("later items must override weights")
	}
	// JJ-88 is exactly JJ, TT, 99, 88.
	want := MustParseRange("JJ,TT,99,88")
	if got := MustParseRange("JJ-88"); !slices.Equal(comboNames(got), comboNames(want)) {
		t.Errorf("JJ-88 = %v", comboNames(got))
	}
}

func TestRangeErrors(t *testing.T) {
	tests := []struct {
		in, token string
		col       int
	}{
		{"AKx", "AKx", 1},
		{"QQ+,AKx", "AKx", 5},
		{"QQ+, AKs:2", "AKs:2", 6},
		{"JJ-AKs", "JJ-AKs", 1},
		{"AQs-KTs", "AQs-KTs", 1},
		{"AQs-ATo", "AQs-ATo", 1},
		{"TsTs", "TsTs", 1},
		{"AsKx", "AsKx", 1},
		{"QQ,,KK", "", 4},
		{"AKs:x", "AKs:x", 1},
		{"1K", "1K", 1},
		{"AAs", "AAs", 1},
		{"", "", 1},
	}
	for _, tt := range tests {
		_, err := ParseRange(tt.in)
		var re *RangeError
		if !errors.As(err, &re) {
			t.Errorf("ParseRange(%q) = %v, want *RangeError", tt.in, err)
			continue
		}
		if re.Token != tt.token || re.Col != tt.col {
			t.Errorf("ParseRange(%q): token %q col %d, want %q col %d (%v)", tt.in, re.Token, re.Col, tt.token, tt.col, err)
		}
	}
}

func TestCalculateErrors(t *testing.T) {
	many := make([]*Range, 24)
	for i := range many {
		many[i] = RandomRange()
	}
	tests := []struct {
		name   string
		ranges []*Range
		opt    Options
		want   string
	}{
		{"24 players", many, Options{}, "24 players"},
		{"one player", holes("AsKs"), Options{}, "1 players"},
		{"card on board and in hand", holes("AsKs", "QdQc"), Options{Board: cards.MustParseSet("As 7d 2c"), Labels: []string{"AsKs", "QdQc"}}, `player 1 "AsKs": card As is also in the board`},
		{"same card twice", holes("AsKs", "AsQc"), Options{}, "card As is held by both player 1 and player 2"},
		{"dead card in hand", holes("AsKs", "QdQc"), Options{Dead: cards.MustParseSet("Qc")}, "card Qc is also in the dead cards"},
		{"board of two", holes("AsKs", "QdQc"), Options{Board: cards.MustParseSet("2d 3d")}, "want 0, 3, 4 or 5"},
		{"board and dead", holes("AsKs", "QdQc"), Options{Board: cards.MustParseSet("2d 3d 4d"), Dead: cards.MustParseSet("2d")}, "both on the board and dead"},
		{"no deal", []*Range{MustParseRange("AA"), MustParseRange("AA"), MustParseRange("AA")}, Options{}, "no deal"},
		{"empty range", []*Range{new(Range), RandomRange()}, Options{}, "empty range"},
	}
	for _, tt := range tests {
		_, err := Calculate(tt.ranges, tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}

func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"QQ+,AKs", "JJ-88", "AQs-ATs", "A5s+", "KQo", "AK", "random", "AKs:0.5", "AKx", "TsTs", "", ",", "22+:0", "K9-K6", "AsKs:1e-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRange(s)
		if err != nil {
			var re *RangeError
			if !errors.As(err, &re) || re.Col < 1 || re.Col > len(s)+1 {
				t.Fatalf("ParseRange(%q): bad error %v", s, err)
			}
			return
		}
		for _, w := range r.w {
			if !(w >= 0 && w <= 1) {
				t.Fatalf("ParseRange(%q): weight %v", s, w)
			}
		}
	})
}

// Two weighted ranges are drawn as one pair (pairDraw): the Monte Carlo
// estimate agrees with exact enumeration within 4 standard errors, and the
// pair table is used (or not, past maxPairs) as documented.
func TestPairDrawUnbiased(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		board string
	}{
		{"QQ+,AKs:0.5", "JJ-88,AQs-ATs", ""},
		{"QQ+,AKs", "JJ-88,AQs-ATs", ""}, // equal weights: drawn from the card words
		{"AKs,T9s", "QQ,76s", "Ts 7s 2c"},
		{"AKs:0.5,QQ,77:0.25", "JJ:0.25,T9s,A7s:0.75", "Ah 7c 2d"},
		{"AA,KK:0.3", "AKo,QJs:0.6", "Kd 9s 4s 2h"},
	} {
		rs := []*Range{MustParseRange(tc.a), MustParseRange(tc.b)}
		var board cards.Set
		if tc.board != "" {
			board = cards.MustParseSet(tc.board)
		}
		ex, err := Calculate(rs, Options{Method: Exact, Board: board})
		if err != nil {
			t.Fatal(err)
		}
		mc, err := Calculate(rs, Options{Method: MonteCarlo, Board: board, Samples: 200000, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		got, se, want := mc.Players[0].Equity, mc.Players[0].StdErr, ex.Players[0].Equity
		if math.Abs(got-want) > 4*se {
			t.Errorf("%s vs %s on %q: Monte Carlo %.5f ± %.5f, exact %.5f", tc.a, tc.b, tc.board, got, se, want)
		}
		p, err := newProblem(rs, nil, board, 0)
		if err != nil {
			t.Fatal(err)
		}
		if s := newSampler(p); s.pairs == nil {
			t.Errorf("%s vs %s: no pair table", tc.a, tc.b)
		}
	}
	p, err := newProblem([]*Range{MustParseRange("22+,A2+,K2+,Q2+"), MustParseRange("22+,A2+,K2+,Q2+,J2+")}, nil, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s := newSampler(p); s.pairs != nil {
		t.Errorf("%d×%d combinations: pair table built past maxPairs", len(p.players[0].combos), len(p.players[1].combos))
	}
}
