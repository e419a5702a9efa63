package handeval

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pokerlab/cards"
)

// The batch forms against the per-hand evaluator, and, where the assembly
// loops are built and the CPU runs them, the assembly against the Go loops
// on the same inputs: the values must be identical.

// handsOf returns every k-card hand of the cards in deck.
func handsOf(deck []cards.Card, k int) [][]cards.Card {
	var out [][]cards.Card
	cur := make([]cards.Card, 0, k)
	var rec func(from int)
	rec = func(from int) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := from; i < len(deck); i++ {
			cur = append(cur, deck[i])
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}

// suitPatternHands are all 7-card hands of a few fixed card patterns: the
// 26 cards of two suits (flushes of either suit, straight flushes), the 24
// cards nine to ace (straights, quads, full houses), and the 5-card and
// 6-card hands of the 20 cards of suits 0..1 below ten with the aces of the
// four suits (wheels and flushes with fewer cards).
func suitPatternHands() [][]cards.Card {
	var two, high, low []cards.Card
	for c := cards.Card(0); c < 52; c++ {
		if c.Suit() <= 1 {
			two = append(two, c)
		}
		if c.Rank() >= cards.Nine {
			high = append(high, c)
		}
		if (c.Suit() <= 1 && c.Rank() < cards.Ten) || c.Rank() == cards.Ace {
			low = append(low, c)
		}
	}
	out := handsOf(two, 7)
	out = append(out, handsOf(high, 7)...)
	out = append(out, handsOf(low, 5)...)
	return append(out, handsOf(low, 6)...)
}

// randomCardHands returns n seeded random hands of k cards.
func randomCardHands(r *rand.Rand, n, k int) [][]cards.Card {
	out := make([][]cards.Card, n)
	for i := range out {
		p := r.Perm(52)
		out[i] = make([]cards.Card, k)
		for j := range k {
			out[i][j] = cards.Card(p[j])
		}
	}
	return out
}

// checkBatches evaluates hands (5, 6 or 7 cards each) through every batch
// form that takes them and compares with Eval, hand by hand; with the
// assembly it compares the assembly loops with the Go loops too.
func checkBatches(t *testing.T, name string, hands [][]cards.Card) {
	t.Helper()
	n := len(hands)
	want := make([]Value, n)
	sets := make([]cards.Set, n)
	hs := make([]Hand, n)
	var sevens [][7]cards.Card
	for i, cs := range hands {
		sets[i] = cards.SetOf(cs...)
		hs[i] = NewHand(sets[i])
		want[i] = Eval(sets[i])
		if len(cs) == 7 {
			sevens = append(sevens, [7]cards.Card(cs))
		}
	}
	got := make([]Value, n)
	cmp := func(form string, got, want []Value, in func(i int) any) {
		t.Helper()
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s, %s: hand %d (%v): %d, want %d", name, form, i, in(i), got[i], want[i])
			}
		}
	}
	EvalHands(got, hs)
	cmp("EvalHands", got, want, func(i int) any { return sets[i] })
	EvalSets(got, sets)
	cmp("EvalSets", got, want, func(i int) any { return sets[i] })
	wantSeven := make([]Value, 0, len(sevens))
	for i, cs := range hands {
		if len(cs) == 7 {
			wantSeven = append(wantSeven, want[i])
		}
	}
	got7 := make([]Value, len(sevens))
	EvalCards7(got7, sevens)
	cmp("EvalCards7", got7, wantSeven, func(i int) any { return sevens[i] })
	if !useAsm {
		return
	}
	ref := make([]Value, n)
	evalHandsGo(ref, hs)
	evalHandsAsm(&got[0], &hs[0], n)
	cmp("evalHandsAsm", got, ref, func(i int) any { return sets[i] })
	evalSetsGo(ref, sets)
	evalSetsAsm(&got[0], &sets[0], n)
	cmp("evalSetsAsm", got, ref, func(i int) any { return sets[i] })
	if len(sevens) > 0 {
		evalCards7Go(ref, sevens)
		evalCards7Asm(&got7[0], &sevens[0], len(sevens))
		cmp("evalCards7Asm", got7, ref[:len(sevens)], func(i int) any { return sevens[i] })
	}
}

func TestBatchSuitPatterns(t *testing.T) {
	checkBatches(t, "suit patterns", suitPatternHands())
}

func TestBatchRandom(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	r := rand.New(rand.NewPCG(7, 11))
	checkBatches(t, "random 7", randomCardHands(r, n, 7))
	checkBatches(t, "random 6", randomCardHands(r, n/4, 6))
	checkBatches(t, "random 5", randomCardHands(r, n/4, 5))
}

// Short batches of every length up to 17 (the loops' edges), and dst
// longer than the input: the places past it stay untouched.
func TestBatchLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for n := 1; n <= 17; n++ {
		hands := randomCardHands(r, n, 7)
		checkBatches(t, "short", hands)
		hs := make([]Hand, n)
		for i, cs := range hands {
			hs[i] = NewHand(cards.SetOf(cs...))
		}
		dst := make([]Value, n+3)
		for i := range dst {
			dst[i] = 0xBEEF
		}
		EvalHands(dst, hs)
		for _, v := range dst[n:] {
			if v != 0xBEEF {
				t.Fatalf("EvalHands wrote past the %d hands: %v", n, dst)
			}
		}
	}
	EvalHands(nil, nil) // empty batches are allowed
	EvalSets(nil, nil)
	EvalCards7(nil, nil)
	if got := (Hand{}).EvalPairs(nil, []cards.Card{3}); got != 0 {
		t.Fatalf("EvalPairs of one card wrote %d values", got)
	}
}

// evalPairsBoth runs EvalPairs and, with the assembly, the Go loop on the
// same hand and cards, and compares them; it returns the values.
func evalPairsBoth(t *testing.T, h Hand, cs []cards.Card, got, ref []Value) []Value {
	m := h.EvalPairs(got, cs)
	if m != len(cs)*(len(cs)-1)/2 {
		t.Fatalf("EvalPairs of %d cards: %d values", len(cs), m)
	}
	if useAsm {
		h.evalPairsGo(ref, cs)
		for i := range m {
			if got[i] != ref[i] {
				t.Fatalf("EvalPairs %v + pairs of %v: value %d is %d, Go loop %d", h.Set(), cs, i, got[i], ref[i])
			}
		}
	}
	return got[:m]
}

// Every 7-card hand through EvalPairs, one call per five lowest cards (as the
// enum7 row of the OMPEval comparison does): against the Go loop, and the
// category counts against the published ones; every 5- and 6-card hand the
// same way from 3 and 4 cards, against Eval.
func TestEvalPairsAllHands(t *testing.T) {
	var deck [52]cards.Card
	for i := range deck {
		deck[i] = cards.Card(i)
	}
	got := make([]Value, 52*51/2)
	ref := make([]Value, 52*51/2)
	if !testing.Short() {
		var counts [NumCategories]int
		for a := cards.Card(0); a < 52; a++ {
			for b := a + 1; b < 52; b++ {
				for c := b + 1; c < 52; c++ {
					for d := c + 1; d < 52; d++ {
						for e := d + 1; e < 51; e++ {
							h := Hand{}.Add(a).Add(b).Add(c).Add(d).Add(e)
							for _, v := range evalPairsBoth(t, h, deck[e+1:], got, ref) {
								counts[v.Category()]++
							}
						}
					}
				}
			}
		}
		if counts != want7 {
			t.Errorf("7-card category counts through EvalPairs %v, want %v", counts, want7)
		}
	}
	for _, k := range []int{3, 4} {
		for _, pre := range handsOf(deck[:], k) {
			h := NewHand(cards.SetOf(pre...))
			last := pre[len(pre)-1]
			vals := evalPairsBoth(t, h, deck[last+1:], got, ref)
			i := 0
			for x := last + 1; x < 52; x++ {
				for y := x + 1; y < 52; y++ {
					s := cards.SetOf(pre...).Add(x).Add(y)
					if w := Eval(s); vals[i] != w {
						t.Fatalf("EvalPairs: %v is %d, Eval %d", s, vals[i], w)
					}
					i++
				}
			}
		}
	}
	// Cards in an arbitrary order, not only ascending.
	r := rand.New(rand.NewPCG(9, 9))
	for range 2000 {
		p := r.Perm(52)
		cs := make([]cards.Card, 52)
		for i := range cs {
			cs[i] = cards.Card(p[i])
		}
		h := NewHand(cards.SetOf(cs[:5]...))
		vals := evalPairsBoth(t, h, cs[5:], got, ref)
		i := 0
		for x := 5; x < 52; x++ {
			for y := x + 1; y < 52; y++ {
				s := cards.SetOf(cs[:5]...).Add(cs[x]).Add(cs[y])
				if w := Eval(s); vals[i] != w {
					t.Fatalf("EvalPairs: %v is %d, Eval %d", s, vals[i], w)
				}
				i++
			}
		}
	}
}

// Every 7-card hand through EvalTriples, one call per four lowest cards,
// against the Go loop; 5- and 6-card hands from 2 and 3 cards against Eval;
// shuffled cards too.
func TestEvalTriplesAllHands(t *testing.T) {
	var deck [52]cards.Card
	for i := range deck {
		deck[i] = cards.Card(i)
	}
	got := make([]Value, 52*51*50/6)
	ref := make([]Value, len(got))
	check := func(h Hand, cs []cards.Card) []Value {
		m := h.EvalTriples(got, cs)
		n := len(cs)
		if m != n*(n-1)*(n-2)/6 {
			t.Fatalf("EvalTriples of %d cards: %d values", n, m)
		}
		if useAsm {
			h.evalTriplesGo(ref, cs)
			for i := range m {
				if got[i] != ref[i] {
					t.Fatalf("EvalTriples %v + triples of %v: value %d is %d, Go loop %d", h.Set(), cs, i, got[i], ref[i])
				}
			}
		}
		return got[:m]
	}
	if !testing.Short() {
		var counts [NumCategories]int
		for a := cards.Card(0); a < 52; a++ {
			for b := a + 1; b < 52; b++ {
				for c := b + 1; c < 52; c++ {
					for d := c + 1; d < 50; d++ {
						for _, v := range check(Hand{}.Add(a).Add(b).Add(c).Add(d), deck[d+1:]) {
							counts[v.Category()]++
						}
					}
				}
			}
		}
		if counts != want7 {
			t.Errorf("7-card category counts through EvalTriples %v, want %v", counts, want7)
		}
	}
	for _, k := range []int{2, 3} {
		for _, pre := range handsOf(deck[:], k) {
			last := pre[len(pre)-1]
			if last >= 49 {
				continue
			}
			vals := check(NewHand(cards.SetOf(pre...)), deck[last+1:])
			i := 0
			for x := last + 1; x < 52; x++ {
				for y := x + 1; y < 52; y++ {
					for z := y + 1; z < 52; z++ {
						s := cards.SetOf(pre...).Add(x).Add(y).Add(z)
						if w := Eval(s); vals[i] != w {
							t.Fatalf("EvalTriples: %v is %d, Eval %d", s, vals[i], w)
						}
						i++
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 7))
	for range 200 {
		p := r.Perm(52)
		cs := make([]cards.Card, 52)
		for i := range cs {
			cs[i] = cards.Card(p[i])
		}
		vals := check(NewHand(cards.SetOf(cs[:4]...)), cs[4:])
		i := 0
		for x := 4; x < 52; x++ {
			for y := x + 1; y < 52; y++ {
				for z := y + 1; z < 52; z++ {
					s := cards.SetOf(cs[:4]...).Add(cs[x]).Add(cs[y]).Add(cs[z])
					if w := Eval(s); vals[i] != w {
						t.Fatalf("EvalTriples: %v is %d, Eval %d", s, vals[i], w)
					}
					i++
				}
			}
		}
	}
}

// TestEvalCards7OutsideTheContractStaysInBounds: card bytes of 52 or more
// (outside EvalCards7's contract) give some value, never a read outside
// the tables (the pair table has a place for every 16-bit load).
func TestEvalCards7OutsideTheContractStaysInBounds(t *testing.T) {
	cs := make([][7]cards.Card, 0, 256)
	for b := range 256 {
		cs = append(cs, [7]cards.Card{cards.Card(b), cards.Card(255 - b), 255, 52, cards.Card(b), 0, 1})
	}
	dst := make([]Value, len(cs))
	EvalCards7(dst, cs) // must not fault
}
