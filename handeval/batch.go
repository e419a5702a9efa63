package handeval

import "pokerlab/cards"

// The batch forms evaluate many hands in one call. On amd64 with BMI1 and
// BMI2 their loops are in assembly (batch_amd64.s): a Go function call per
// hand cannot be inlined into a loop written in assembly, so the whole loop
// is there, and a call costs one function call for the batch. Elsewhere, or
// built with -tags purego, they run the Go loops below, which are also the
// reference the tests hold the assembly to (identical values).

// EvalHands sets dst[i] to hs[i].Eval() for every hand of hs. dst must be
// at least as long as hs; every hand must hold 5, 6 or 7 cards.
func EvalHands(dst []Value, hs []Hand) {
	dst = dst[:len(hs)]
	if useAsm && len(hs) > 0 {
		evalHandsAsm(&dst[0], &hs[0], len(hs))
		return
	}
	evalHandsGo(dst, hs)
}

// EvalSets sets dst[i] to Eval(ss[i]) for every set of ss. dst must be at
// least as long as ss; every set must hold 5, 6 or 7 cards.
func EvalSets(dst []Value, ss []cards.Set) {
	dst = dst[:len(ss)]
	if useAsm && len(ss) > 0 {
		evalSetsAsm(&dst[0], &ss[0], len(ss))
		return
	}
	evalSetsGo(dst, ss)
}

// EvalCards7 sets dst[i] to the value of the seven cards cs[i] (distinct
// cards of the deck). dst must be at least as long as cs.
func EvalCards7(dst []Value, cs [][7]cards.Card) {
	dst = dst[:len(cs)]
	if useAsm && len(cs) > 0 {
		evalCards7Asm(&dst[0], &cs[0], len(cs))
		return
	}
	evalCards7Go(dst, cs)
}

// EvalPairs evaluates h with every pair of the cards cs added: for i < j,
// in the order (0,1), (0,2), …, (0,n-1), (1,2), …, it writes the value of
// h.Add(cs[i]).Add(cs[j]) to the next place of dst and returns how many it
// wrote, n(n-1)/2 for n = len(cs). h must hold 3, 4 or 5 cards, the cards
// of cs must be distinct and not in h, and dst must hold n(n-1)/2 values
// (at most 1,326: n ≤ 52). It is the two innermost levels of an
// enumeration of hands, e.g. every turn and river of a flop, or all seven-
// card hands in one call per five cards.
func (h Hand) EvalPairs(dst []Value, cs []cards.Card) int {
	n := len(cs)
	m := n * (n - 1) / 2
	if n < 2 {
		return 0
	}
	dst = dst[:m]
	if useAsm {
		evalPairsAsm(&dst[0], h, &cs[0], n)
		return m
	}
	return h.evalPairsGo(dst, cs)
}

// EvalTriples is EvalPairs with three cards added: for i < j < k, in
// lexicographic order, the value of h.Add(cs[i]).Add(cs[j]).Add(cs[k]);
// it returns n(n-1)(n-2)/6 for n = len(cs). h must hold 2, 3 or 4 cards,
// and dst must hold all the values (at most 22,100: n ≤ 52). It is the
// three innermost levels of an enumeration: every flop, turn and river
// of a hand that knows 4 cards, or all seven-card hands in one call per
// four cards.
func (h Hand) EvalTriples(dst []Value, cs []cards.Card) int {
	n := len(cs)
	if n < 3 {
		return 0
	}
	m := n * (n - 1) * (n - 2) / 6
	dst = dst[:m]
	if useAsm {
		evalTriplesAsm(&dst[0], h, &cs[0], n)
		return m
	}
	return h.evalTriplesGo(dst, cs)
}

func evalHandsGo(dst []Value, hs []Hand) {
	dst = dst[:len(hs)]
	for i, h := range hs {
		dst[i] = h.Eval()
	}
}

func evalSetsGo(dst []Value, ss []cards.Set) {
	dst = dst[:len(ss)]
	for i, s := range ss {
		dst[i] = Eval(s)
	}
}

func evalCards7Go(dst []Value, cs [][7]cards.Card) {
	dst = dst[:len(cs)]
	for i := range cs {
		c := &cs[i]
		dst[i] = Hand{}.Add(c[0]).Add(c[1]).Add(c[2]).Add(c[3]).Add(c[4]).Add(c[5]).Add(c[6]).Eval()
	}
}

func (h Hand) evalPairsGo(dst []Value, cs []cards.Card) int {
	k := 0
	for i, a := range cs {
		ha := h.Add(a)
		for _, b := range cs[i+1:] {
			dst[k] = ha.Add(b).Eval()
			k++
		}
	}
	return k
}

func (h Hand) evalTriplesGo(dst []Value, cs []cards.Card) int {
	k := 0
	for i, a := range cs {
		k += h.Add(a).evalPairsGo(dst[k:], cs[i+1:])
	}
	return k
}
