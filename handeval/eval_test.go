package handeval

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"pokerlab/cards"
)

// Category counts of all five-card hands (standard combinatorics, e.g.
// Wikipedia "Poker probability"), straight flush first.
var want5 = [NumCategories]int{1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40}

// Every five-card hand: the categories match the published counts, there are
// exactly 7462 distinct values 1..7462, and ordering by value is the same as
// ordering by the independent reference evaluator (so equal values are exactly
// ties).
func TestAllFiveCardHands(t *testing.T) {
	var counts [NumCategories]int
	refKey := make(map[Value]uint64, NumValues)
	var cs [5]cards.Card
	for a := cards.Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				for d := c + 1; d < 52; d++ {
					for e := d + 1; e < 52; e++ {
						cs = [5]cards.Card{a, b, c, d, e}
						v := Eval(cards.SetOf(cs[:]...))
						cat, key := refEval5(cs)
						if v < 1 || v > NumValues || v.Category() != cat {
							t.Fatalf("%v: value %d category %v, reference %v", cards.SetOf(cs[:]...), v, v.Category(), cat)
						}
						counts[cat]++
						if k, ok := refKey[v]; ok && k != key {
							t.Fatalf("%v: value %d shared by hands the reference separates", cards.SetOf(cs[:]...), v)
						}
						refKey[v] = key
					}
				}
			}
		}
	}
	if counts != want5 {
		t.Errorf("category counts %v, want %v", counts, want5)
	}
	if len(refKey) != NumValues {
		t.Fatalf("%d distinct values, want %d", len(refKey), NumValues)
	}
	for v := Value(1); v < NumValues; v++ {
		if refKey[v] >= refKey[v+1] {
			t.Fatalf("value %d (%v) is not weaker than %d (%v) by the reference", v, v.Category(), v+1, (v + 1).Category())
		}
	}
}

// Category counts of all 133,784,560 seven-card hands (best five of seven,
// Wikipedia "Poker probability"), straight flush first; 4,824 distinct values.
var want7 = [NumCategories]int{23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584}

// TestAllSevenCardHands enumerates every seven-card hand through the
// incremental Hand (about a second), and Histogram7, which evaluates classes
// of hands, agrees value by value.
func TestAllSevenCardHands(t *testing.T) {
	var hist [NumValues + 1]uint64
	enumerateAll7(&hist)
	if h7 := Histogram7(); *h7 != hist {
		for v := range hist {
			if h7[v] != hist[v] {
				t.Errorf("value %d: Histogram7 %d hands, every hand %d", v, h7[v], hist[v])
			}
		}
	}
	var counts [NumCategories]int
	total, distinct := 0, 0
	for v := Value(1); v <= NumValues; v++ {
		counts[v.Category()] += int(hist[v])
		total += int(hist[v])
		if hist[v] > 0 {
			distinct++
		}
	}
	if total != 133784560 || counts != want7 || distinct != 4824 || hist[0] != 0 {
		t.Errorf("total %d, counts %v (want %v), %d distinct values (want 4824)", total, counts, want7, distinct)
	}
}

// On a seeded sample, the value of 6 and 7 cards is the best value of their
// five-card subsets, the reference agrees on the category, and Eval, NewHand
// and card-by-card Add agree.
func TestSixAndSevenAreBestFive(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	n := 100000
	if testing.Short() {
		n = 10000
	}
	for i := range n {
		k := 6 + i%2
		s := cards.Sample(r, cards.FullDeck, k)
		cs := s.Cards()
		v := Eval(s)
		best := bestOfFives(cs)
		if v != best {
			t.Fatalf("%v: Eval %d, best five %d", s, v, best)
		}
		if cat, _ := refEvalBest(cs); cat != v.Category() {
			t.Fatalf("%v: category %v, reference %v", s, v.Category(), cat)
		}
		h := Hand{}
		for _, j := range r.Perm(k) {
			h = h.Add(cs[j])
		}
		if h.Eval() != v || NewHand(s).Eval() != v || h.Set() != s || h.Count() != k {
			t.Fatalf("%v: Hand.Eval %d, Eval %d", s, h.Eval(), v)
		}
	}
}

// Pairs of random seven-card hands are ordered as the reference orders them.
func TestSevenCardOrderMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	for range 20000 {
		a, b := cards.Sample(r, cards.FullDeck, 7), cards.Sample(r, cards.FullDeck, 7)
		_, ka := refEvalBest(a.Cards())
		_, kb := refEvalBest(b.Cards())
		va, vb := Eval(a), Eval(b)
		if (va < vb) != (ka < kb) || (va == vb) != (ka == kb) {
			t.Fatalf("%v (%d) vs %v (%d): reference disagrees", a, va, b, vb)
		}
	}
}

// bestOfFives returns the best Eval over the five-card subsets of cs.
func bestOfFives(cs []cards.Card) Value {
	if len(cs) == 5 {
		return Eval(cards.SetOf(cs...))
	}
	best := Value(0)
	for skip := range cs {
		rest := append(append([]cards.Card(nil), cs[:skip]...), cs[skip+1:]...)
		best = max(best, bestOfFives(rest))
	}
	return best
}

func cmpHands(t *testing.T, a, b string) int {
	t.Helper()
	va, vb := Eval(cards.MustParseSet(a)), Eval(cards.MustParseSet(b))
	switch {
	case va < vb:
		return -1
	case va > vb:
		return 1
	}
	return 0
}

func TestEdgeCases(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want int // sign of value(a) - value(b)
		catA Category
	}{
		{"wheel is a straight", "As 2d 3c 4h 5s Kd Qc", "Ks Kd Kh 2c 3d 9s 8h", 1, Straight},
		{"wheel is the lowest straight", "As 2d 3c 4h 5s", "2s 3d 4c 5h 6s", -1, Straight},
		{"steel wheel is a straight flush", "As 2s 3s 4s 5s Kd Kc", "Ah Ad Ac As Kh Qd Jc", 1, StraightFlush},
		{"steel wheel is the lowest straight flush", "As 2s 3s 4s 5s", "2h 3h 4h 5h 6h", -1, StraightFlush},
		{"no wrap-around: Q-K-A-2-3 is ace high", "Qs Kd Ah 2c 3s", "As Kd Qh Jc 9s", -1, HighCard},
		{"three pairs on seven cards: best two pair and kicker", "As Ad Ks Kd Qs Qd 2c", "As Ad Ks Kd Qc 3s 2h", 0, TwoPair},
		{"third pair's rank can be the kicker", "As Ad Ks Kd 5s 5d 2c", "As Ad Ks Kd 5c 3s 2h", 0, TwoPair},
		{"two sets make a full house, higher set over", "As Ad Ac Ks Kd Kc 2c", "As Ad Ac Ks Kd 3c 2h", 0, FullHouse},
		{"six-card flush uses the top five", "As Ks Qs Js 9s 2s 3d", "As Ks Qs Js 9s 8d 7d", 0, Flush},
		{"six-card flush beats a smaller flush", "As Ks Qs Js 9s 2s 3d", "As Ks Qs Js 8s 7s 3d", 1, Flush},
		{"straight flush inside a six-card flush", "9s Ts Js Qs Ks 2s Ad", "As Ad Ac Ah Kd Qc 2h", 1, StraightFlush},
		{"higher straight wins", "6s 7d 8c 9h Ts", "2s 3d 4c 5h 6s", 1, Straight},
		{"board plays: both hands split", "As Ks Qd Jh Tc 2c 3d", "As Ks Qd Jh Tc 4c 4d", 0, Straight},
		{"counterfeited two pair: board pair above", "8s 8d 7s 7d Ks Kd 2c", "8s 8d 7s 7d Ks Kd Ac", -1, TwoPair},
		{"counterfeit: hole pair no longer plays", "3s 3d Ks Kd Qs Qd 9c", "2s 2d Ks Kd Qs Qd 9c", 0, TwoPair},
		{"pair kicker decides", "As Ad Kc 7h 6s 3c 2d", "As Ad Qc 7h 6s 3c 2d", 1, Pair},
		{"fifth kicker decides", "As Kd Qc Jh 9s", "As Kd Qc Jh 8s", 1, HighCard},
		{"sixth and seventh cards do not play", "As Kd Qc Jh 9s 3c 2h", "As Kd Qc Jh 9s 4c 3h", 0, HighCard},
		{"quads kicker", "7s 7d 7c 7h As", "7s 7d 7c 7h Ks", 1, FourOfAKind},
		{"full house: trips rank first", "3s 3d 3c 2h 2s", "2s 2d 2c Ah As", 1, FullHouse},
		{"trips over two pair", "2s 2d 2c 7h 9s", "As Ad Kc Kh Qs", 1, ThreeOfAKind},
		{"flush over straight", "2s 4s 6s 8s Ts", "Ts Jd Qc Kh As", 1, Flush},
		{"royal flush is 7462", "As Ks Qs Js Ts", "9s Ks Qs Js Ts", 1, StraightFlush},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cmpHands(t, tt.a, tt.b); got != tt.want {
				t.Errorf("compare %q vs %q = %d, want %d", tt.a, tt.b, got, tt.want)
			}
			if cat := Eval(cards.MustParseSet(tt.a)).Category(); cat != tt.catA {
				t.Errorf("%q is %v, want %v", tt.a, cat, tt.catA)
			}
		})
	}
	if v := Eval(cards.MustParseSet("7s 5d 4c 3h 2s")); v != 1 {
		t.Errorf("7-5-4-3-2 offsuit = %d, want 1", v)
	}
	if v := Eval(cards.MustParseSet("As Ks Qs Js Ts")); v != NumValues {
		t.Errorf("royal flush = %d, want 7462", v)
	}
}

func TestCategoryRanges(t *testing.T) {
	sizes := [NumCategories]int{1277, 2860, 858, 858, 10, 1277, 156, 156, 10}
	next := Value(1)
	for c := range Category(NumCategories) {
		lo, hi := c.Range()
		if lo != next || int(hi-lo+1) != sizes[c] {
			t.Errorf("%v: range %d..%d", c, lo, hi)
		}
		for v := lo; v <= hi; v++ {
			if v.Category() != c {
				t.Fatalf("value %d: %v, want %v", v, v.Category(), c)
			}
		}
		next = hi + 1
	}
	names := []string{}
	for c := range Category(NumCategories) {
		names = append(names, c.String())
	}
	if !slices.Equal(names, []string{"high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house", "four of a kind", "straight flush"}) {
		t.Errorf("names %v", names)
	}
}

func TestEvalDoesNotAllocate(t *testing.T) {
	s := cards.MustParseSet("As Kd Qc Jh 9s 3c 2h")
	h := NewHand(s)
	if n := testing.AllocsPerRun(100, func() { Eval(s); h.Eval() }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// SuitCount counts the cards of a suit, and SuitsWithAtLeast agrees with it
// for every suit and threshold on a
// seeded sample of 0..7-card hands.
func TestSuitsWithAtLeast(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		h := NewHand(cards.Sample(r, cards.FullDeck, i%8))
		for s := range cards.Suit(cards.NumSuits) {
			if got, want := h.SuitCount(s), bits.OnesCount(uint(h.Set().SuitMask(s))); got != want {
				t.Fatalf("%v: SuitCount(%v) = %d, want %d", h.Set(), s, got, want)
			}
		}
		for n := range 9 {
			var want uint8
			for s := range cards.Suit(cards.NumSuits) {
				if h.SuitCount(s) >= n {
					want |= 1 << s
				}
			}
			if got := h.SuitsWithAtLeast(n); got != want {
				t.Fatalf("%v: SuitsWithAtLeast(%d) = %04b, want %04b", h.Set(), n, got, want)
			}
		}
	}
}

// The 23 suit permutations besides the identity are distinct bijections.
func TestSuitPerms(t *testing.T) {
	seen := map[[16]uint8]bool{}
	for _, p := range suitPerms {
		var images uint32
		for m := range 16 {
			if bits.OnesCount8(p[m]) != bits.OnesCount8(uint8(m)) {
				t.Fatalf("%v maps %04b to %04b", p, m, p[m])
			}
			images |= 1 << p[m]
		}
		if images != 0xFFFF || p[1]|p[2]<<4 == 0x21 && p[4]|p[8]<<4 == 0x84 || seen[p] {
			t.Fatalf("%v: not a permutation other than the identity, or seen twice", p)
		}
		seen[p] = true
	}
}
