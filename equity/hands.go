package equity

import (
	"math/bits"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// handsEnum is the enumeration for exact hole cards: the enumerator's walk
// (one board class per orbit of G, see enumerator) written out for this
// case, with cards of irrelevant suits merged at every level and showdowns
// counted in integers. It keeps its counts in a tally that run merges in
// task order.
type handsEnum struct {
	e     *enumerator
	holes []handeval.Hand
	tally[uint64]
}

// relevant returns the suits in which some player could still hold five
// cards if the left cards to come all fell in that suit (see
// enumerator.relevant).
func (h *handsEnum) relevant(bh handeval.Hand, left int) uint8 {
	var m uint8
	for _, p := range h.holes {
		m |= bh.Union(p).SuitsWithAtLeast(5 - left)
	}
	return m
}

// rec takes every choice at ranks r0 and below with left cards to come.
func (h *handsEnum) rec(r0, left int, bh handeval.Hand, eq uint32, mult uint64) {
	rel := h.relevant(bh, left)
	for r := r0; r >= 0; r-- {
		h.rank(r, left, bh, eq, mult, rel)
	}
}

// rank takes every choice at rank r: a set sr of the relevant suits
// available there and a number k of the irrelevant ones (the k lowest
// stand for all C(n, k)); the orbit check compares sr only.
func (h *handsEnum) rank(r, left int, bh handeval.Hand, eq uint32, mult uint64, rel uint8) {
	e := h.e
	nib := e.nib[r&15]
	rs, irr := nib&rel, nib&^rel
	for sr := rs; ; sr = (sr - 1) & rs {
		if nr := popcount8(sr); nr <= left {
			eq2, ok := eq, true
			if eq != 0 {
				eq2, ok = e.check(eq, sr)
			}
			if ok {
				b, _ := withNibble(bh, 0, r, sr)
				h.take(r, left-nr, b, eq2, mult, irr, sr == 0)
			}
		}
		if sr == 0 {
			break
		}
	}
}

// binom8[n][k] is C(n, k) for n ≤ 4 (rows of eight: k&7 needs no bounds
// check).
var binom8 = [5][8]uint64{{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}}

// take adds k = 0, 1, … cards of the irrelevant suits irr at rank r to the
// board b (room cards may still come) and descends; k = 0 is skipped when
// nothing else was taken at this rank (empty).
func (h *handsEnum) take(r, room int, b handeval.Hand, eq uint32, mult uint64, irr uint8, empty bool) {
	bin := &binom8[popcount8(irr)]
	lim := min(popcount8(irr), room)
	for k := 0; k <= lim; k++ {
		if k > 0 {
			b = b.Add(cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(irr))))
			irr &= irr - 1
		} else if empty {
			continue
		}
		m := mult * bin[k&7]
		switch left := room - k; {
		case left == 0:
			h.full(b, h.e.weight(eq)*m)
		case r == 0:
		case left == 1:
			h.river(r-1, b, eq, m)
		default:
			h.rec(r-1, left, b, eq, m)
		}
	}
}

// river completes the board bh with one card of rank r0 or lower. Only
// suits in which some player holds four cards can make a flush; every
// other card of a rank gives each player the same value and is evaluated
// once for all.
func (h *handsEnum) river(r0 int, bh handeval.Hand, eq uint32, mult uint64) {
	e := h.e
	flushSuits := h.relevant(bh, 1)
	if len(h.holes) == 2 {
		h0, h1 := bh.Union(h.holes[0]), bh.Union(h.holes[1])
		if eq == 0 {
			h.river2(r0, h0, h1, e.gSize*mult, flushSuits)
			return
		}
		for r := r0; r >= 0; r-- {
			nib := e.nib[r&15]
			if plain := nib &^ flushSuits; plain != 0 {
				c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(plain)))
				h.show2(h0.Add(c).Eval(), h1.Add(c).Eval(), e.weight(eq)*mult*uint64(popcount8(plain)))
			}
			for x := nib & flushSuits; x != 0; x &= x - 1 {
				s := x & -x
				if eq2, ok := e.check(eq, s); ok {
					c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(s)))
					h.show2(h0.Add(c).Eval(), h1.Add(c).Eval(), e.weight(eq2)*mult)
				}
			}
		}
		return
	}
	for r := r0; r >= 0; r-- {
		nib := e.nib[r&15]
		if plain := nib &^ flushSuits; plain != 0 {
			c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(plain)))
			h.full(bh.Add(c), e.weight(eq)*mult*uint64(popcount8(plain)))
		}
		for x := nib & flushSuits; x != 0; x &= x - 1 {
			s := x & -x
			if eq2, ok := e.check(eq, s); ok {
				h.full(bh.Add(cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(s)))), e.weight(eq2)*mult)
			}
		}
	}
}

// river2 is river for two players once no element of G is tied: every
// board counts w times (times the number of plain suits merged). The
// counts stay in registers until the end.
func (h *handsEnum) river2(r0 int, h0, h1 handeval.Hand, w uint64, flushSuits uint8) {
	e := h.e
	var total, win0, win1, tie uint64
	for r := r0; r >= 0; r-- {
		nib := e.nib[r&15]
		if plain := nib &^ flushSuits; plain != 0 {
			c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(plain)))
			m := w * uint64(popcount8(plain))
			a, b := h0.Add(c).Eval(), h1.Add(c).Eval()
			total += m
			win0 += m * b2u(a > b)
			win1 += m * b2u(b > a)
			tie += m * b2u(a == b)
		}
		for x := nib & flushSuits; x != 0; x &= x - 1 {
			c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(x)))
			a, b := h0.Add(c).Eval(), h1.Add(c).Eval()
			total += w
			win0 += w * b2u(a > b)
			win1 += w * b2u(b > a)
			tie += w * b2u(a == b)
		}
	}
	h.total += total
	h.win[0] += win0
	h.win[1] += win1
	h.tie[0] += tie
}

// show2 books a heads-up showdown of values a and b, w times, without
// branches (finish derives the pot shares).
func (h *handsEnum) show2(a, b handeval.Value, w uint64) {
	h.total += w
	h.win[0] += w * b2u(a > b)
	h.win[1] += w * b2u(b > a)
	h.tie[0] += w * b2u(a == b)
}

// full books the complete board bh w times.
func (h *handsEnum) full(bh handeval.Hand, w uint64) {
	if len(h.holes) == 2 {
		h.show2(bh.Union(h.holes[0]).Eval(), bh.Union(h.holes[1]).Eval(), w)
		return
	}
	var vals [MaxPlayers]handeval.Value
	for p, hole := range h.holes {
		vals[p] = bh.Union(hole).Eval()
	}
	best, nbest := bestOf(vals[:len(h.holes)])
	h.total += w
	for p := range h.holes {
		if vals[p] != best {
			continue
		}
		h.share[p] += w * (shareUnit / uint64(nbest))
		if nbest == 1 {
			h.win[p] += w
		} else {
			h.tie[p] += w
		}
	}
}

// finish completes heads-up counts: a win pays the whole pot, a tie half.
func (h *handsEnum) finish() {
	if len(h.holes) == 2 {
		h.tie[1] = h.tie[0]
		h.share[0] = h.win[0]*shareUnit + h.tie[0]*(shareUnit/2)
		h.share[1] = h.win[1]*shareUnit + h.tie[1]*(shareUnit/2)
	}
}

// runHands enumerates every board for exact hole cards over threads,
// splitting the work by the top rank's choices, and returns the summed
// counts (added in task order).
func runHands(e *enumerator, holes []handeval.Hand, threads int, progress func(done, total int64)) tally[uint64] {
	var sum tally[uint64]
	root := func() *handsEnum { return &handsEnum{e: e, holes: holes} }
	switch e.k {
	case 0:
		h := root()
		h.full(e.board, 1)
		h.finish()
		return h.tally
	case 1:
		h := root()
		h.river(cards.NumRanks-1, e.board, e.allTied(), 1)
		h.finish()
		return h.tally
	}
	// Tasks: the ranks from the top; each task takes the choices at its
	// rank and everything below them.
	rel := root().relevant(e.board, e.k)
	tasks := cards.NumRanks
	parts := make([]*handsEnum, tasks)
	runTasks(tasks, threads, progress, func(i int) {
		h := root()
		h.rank(cards.NumRanks-1-i, e.k, e.board, e.allTied(), 1, rel)
		h.finish()
		parts[i] = h
	})
	for _, h := range parts {
		sum.add(&h.tally)
	}
	return sum
}
