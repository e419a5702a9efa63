package equity

import (
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// shareUnit is the least common multiple of 1..9: a k-way split pays every
// winner shareUnit/k, an integer, so exact enumeration of exact hands counts
// pot shares without rounding.
const shareUnit = 2520

// enumerator walks the boards that complete the known board, visiting one
// board per orbit of the stabilizer group G (the suit permutations that fix
// the dead cards, the known board and every player's weighted range) with the
// orbit size as multiplicity.
//
// Boards are built from the highest rank down, choosing at each rank a set of
// suits (a nibble). A board B is visited only if it is the largest of its
// orbit, as a 52-bit integer: comparing B with πB from the top nibble down,
// the first nibble that differs decides, so a branch is cut as soon as
// π(nibble) > nibble for some π still tied with the identity, and a π drops
// out of the comparison as soon as π(nibble) < nibble. The elements still tied
// at the end fix B, so the orbit size is |G| / (1 + #tied).
//
// With exact hole cards (handsEnum) the enumeration also merges boards that
// differ only in which cards of irrelevant suits fall (suits in which no
// player can make a flush any more; see handsEnum.relevant): at a rank, a
// choice takes a set of relevant suits and a number k of irrelevant ones,
// the k lowest standing for all C(n, k). Such a class of boards is
// evaluated once. G maps classes onto classes (it permutes the irrelevant
// suits among themselves, since it keeps every player's cards and so the
// suit counts that decide relevance), so the orbit argument above applies
// to classes, comparing only the relevant part of each nibble: an element
// still tied maps the class so far onto itself and keeps k. With ranges,
// which card of a suit falls decides which combinations it blocks, so
// there is no such merging.
type enumerator struct {
	nib   [16]uint8   // suits still available at each rank (13 used)
	perms [][16]uint8 // nibble tables of G minus the identity
	gSize uint64
	board handeval.Hand // the known board
	bset  cards.Set
	k     int // board cards to come
}

func newEnumerator(p *problem, stab []suitPerm) *enumerator {
	e := &enumerator{board: handeval.NewHand(p.board), bset: p.board, k: p.toCome, gSize: uint64(len(stab) + 1)}
	avail := p.available()
	for r := range cards.NumRanks {
		e.nib[r] = uint8(uint64(avail) >> (4 * r) & 0xF)
	}
	for _, s := range stab {
		e.perms = append(e.perms, s.nibbleTable())
	}
	return e
}

// binom4[n][k] is C(n, k) for n ≤ 4.
var binom4 = [5][5]uint64{{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}}

// numBoards returns the number of boards (orbits unfolded).
func (e *enumerator) numBoards() int64 {
	n := 0
	for _, x := range e.nib {
		n += popcount8(x)
	}
	return binomial(n, e.k)
}

// check compares the nibble s (the suits chosen at the current rank) with its
// images: it returns the elements still tied, or false if some image is
// larger (the board is not its orbit's representative).
func (e *enumerator) check(eq uint32, s uint8) (uint32, bool) {
	for m := eq; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		ps := e.perms[i][s]
		if ps > s {
			return 0, false
		}
		if ps < s {
			eq &^= 1 << i
		}
	}
	return eq, true
}

// weight returns the orbit size of a board whose tied elements are eq.
func (e *enumerator) weight(eq uint32) uint64 {
	return e.gSize / uint64(1+bits.OnesCount32(eq))
}

func (e *enumerator) allTied() uint32 { return uint32(1)<<len(e.perms) - 1 }

// withNibble adds the cards of suits s at rank r.
func withNibble(h handeval.Hand, set cards.Set, r int, s uint8) (handeval.Hand, cards.Set) {
	for x := s; x != 0; x &= x - 1 {
		c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(x)))
		h = h.Add(c)
		set = set.Add(c)
	}
	return h, set
}

// boardVisitor receives the boards of an enumeration.
type boardVisitor interface {
	// last visits every completion of the board bh/bs by one card of rank
	// r0 or lower; eq are the elements of G still tied.
	last(e *enumerator, bh handeval.Hand, bs cards.Set, r0 int, eq uint32)
	// full visits one complete board with multiplicity w.
	full(bh handeval.Hand, bs cards.Set, w uint64)
}

// step takes the choice of suits s at rank r with left cards to come (s
// included) and descends.
func (e *enumerator) step(v boardVisitor, r, left int, s uint8, bh handeval.Hand, bs cards.Set, eq uint32) {
	n := popcount8(s)
	if n > left {
		return
	}
	eq, ok := e.check(eq, s)
	if !ok {
		return
	}
	bh, bs = withNibble(bh, bs, r, s)
	switch {
	case n == left:
		v.full(bh, bs, e.weight(eq))
	case r == 0:
	case left-n == 1:
		v.last(e, bh, bs, r-1, eq)
	default:
		e.rec(v, r-1, left-n, bh, bs, eq)
	}
}

func (e *enumerator) rec(v boardVisitor, r0, left int, bh handeval.Hand, bs cards.Set, eq uint32) {
	for r := r0; r >= 0; r-- {
		nib := e.nib[r]
		for s := nib; s != 0; s = (s - 1) & nib {
			e.step(v, r, left, s, bh, bs, eq)
		}
	}
}

// task is one top-level choice (rank, suits) of the enumeration.
type task struct {
	r int
	s uint8
}

// run enumerates all boards, splitting the work by the top-level choice
// over threads. newVisitor makes one visitor per task; merge is called on the
// visitors in task order, so float sums do not depend on scheduling.
// progress (if not nil) is told how many of the tasks are done.
func (e *enumerator) run(threads int, progress func(done, total int64), newVisitor func() boardVisitor, merge func(boardVisitor)) {
	switch e.k {
	case 0:
		v := newVisitor()
		v.full(e.board, e.bset, 1)
		merge(v)
		return
	case 1:
		v := newVisitor()
		v.last(e, e.board, e.bset, cards.NumRanks-1, e.allTied())
		merge(v)
		return
	}
	var tasks []task
	for r := cards.NumRanks - 1; r >= 0; r-- {
		nib := e.nib[r]
		for s := nib; s != 0; s = (s - 1) & nib {
			tasks = append(tasks, task{r, s})
		}
	}
	visitors := make([]boardVisitor, len(tasks))
	runTasks(len(tasks), threads, progress, func(i int) {
		v := newVisitor()
		e.step(v, tasks[i].r, e.k, tasks[i].s, e.board, e.bset, e.allTied())
		visitors[i] = v
	})
	for _, v := range visitors {
		merge(v)
	}
}

// runTasks calls do(i) for i in 0..n-1 on up to threads goroutines, each
// taking the next task when it is done with one, and returns when all are
// done. progress, when not nil, is told the tasks finished after each one.
func runTasks(n, threads int, progress func(done, total int64), do func(i int)) {
	var next atomic.Int64
	var mu sync.Mutex
	finished := int64(0)
	var wg sync.WaitGroup
	for range max(1, min(threads, n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				do(i)
				if progress != nil {
					mu.Lock()
					finished++
					progress(finished, int64(n))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
}

// bestOf returns the best value and how many players hold it.
func bestOf(vals []handeval.Value) (best handeval.Value, n int) {
	for _, x := range vals {
		switch {
		case x > best:
			best, n = x, 1
		case x == best:
			n++
		}
	}
	return best, n
}

// tally sums showdown outcomes per player: integers for exact hands
// (shares in units of 1/shareUnit), floats for weighted ranges.
type tally[T uint64 | float64] struct {
	share [MaxPlayers]T // Σ weight · pot share
	win   [MaxPlayers]T // Σ weight over outright wins
	tie   [MaxPlayers]T // Σ weight over split wins
	total T             // Σ weight
}

func (t *tally[T]) add(o *tally[T]) {
	t.total += o.total
	for i := range t.share {
		t.share[i] += o.share[i]
		t.win[i] += o.win[i]
		t.tie[i] += o.tie[i]
	}
}

// results turns the sums into equities; unit is the value of a whole pot.
func (t *tally[T]) results(players int, unit float64) []PlayerResult {
	out := make([]PlayerResult, players)
	total := float64(t.total)
	for i := range out {
		out[i] = PlayerResult{
			Equity: float64(t.share[i]) / (unit * total),
			Win:    float64(t.win[i]) / total,
			Tie:    float64(t.tie[i]) / total,
		}
	}
	return out
}

// b2u is 1 for true and 0 for false; the compiler makes it a SETcc.
func b2u(b bool) uint64 {
	var x uint64
	if b {
		x = 1
	}
	return x
}

// rangeVisitor evaluates every combination of every player on each board and
// books every valid deal (one combination per player, no shared card) with
// the product of the weights.
type rangeVisitor struct {
	p     *problem
	hu    *huPlan   // two players: the sweep's plan
	deals []int32   // flat: len(players) combination indices per deal
	dealW []float64 // weight of each deal
	vals  [][]handeval.Value
	sw    *huSweep
	tally[float64]
}

func newRangeVisitor(p *problem, deals []int32, dealW []float64, hu *huPlan) *rangeVisitor {
	v := &rangeVisitor{p: p, deals: deals, dealW: dealW, hu: hu}
	for _, pl := range p.players {
		v.vals = append(v.vals, make([]handeval.Value, len(pl.combos)))
	}
	if hu != nil {
		v.sw = newHUSweep(hu)
	}
	return v
}

func (v *rangeVisitor) last(e *enumerator, bh handeval.Hand, bs cards.Set, r0 int, eq uint32) {
	for r := r0; r >= 0; r-- {
		for x := e.nib[r]; x != 0; x &= x - 1 {
			s := x & -x
			eq2, ok := e.check(eq, s)
			if !ok {
				continue
			}
			c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(s)))
			v.full(bh.Add(c), bs.Add(c), e.weight(eq2))
		}
	}
}

func (v *rangeVisitor) full(bh handeval.Hand, bs cards.Set, w uint64) {
	for p, pl := range v.p.players {
		vals := v.vals[p][:len(pl.combos)]
		for i := range pl.combos {
			c := &pl.combos[i]
			if c.set&bs != 0 {
				vals[i] = 0 // the combination uses a board card
				continue
			}
			vals[i] = bh.Union(c.hand).Eval()
		}
	}
	var share, win, tie [MaxPlayers]float64
	total := 0.0
	n := len(v.p.players)
	if n == 2 {
		v.sw.counts(v.vals[0], v.vals[1])
		hu := v.hu
		for i := range hu.rowW {
			if v.vals[0][i] == 0 {
				continue
			}
			less, level, valid := v.sw.less[i], v.sw.level[i], v.sw.valid[i]
			rw := hu.rowW[i]
			total += rw * valid
			win[0] += rw * less
			tie[0] += rw * level
			win[1] += rw * (valid - less - level)
		}
		tie[1] = tie[0]
		share[0] = win[0] + tie[0]/2
		share[1] = win[1] + tie[1]/2
	} else {
		var vals [MaxPlayers]handeval.Value
	deal:
		for t, wt := range v.dealW {
			for p := range n {
				x := v.vals[p][v.deals[n*t+p]]
				if x == 0 {
					continue deal
				}
				vals[p] = x
			}
			best, nbest := bestOf(vals[:n])
			total += wt
			for p := range n {
				if vals[p] != best {
					continue
				}
				share[p] += wt / float64(nbest)
				if nbest == 1 {
					win[p] += wt
				} else {
					tie[p] += wt
				}
			}
		}
	}
	fw := float64(w)
	v.total += fw * total
	for p := range n {
		v.share[p] += fw * share[p]
		v.win[p] += fw * win[p]
		v.tie[p] += fw * tie[p]
	}
}

// huPlan prepares two ranges for the sweep of huSweep. The second
// player's combinations fall into weight classes (equal weights); a deal's
// counts are kept per class in integers, so that the per-combination sums
//
//	less_i  = Σ_k w_k·#{j in class k, compatible with i, 0 < v_j < v_i}
//	level_i = Σ_k w_k·#{… v_j = v_i},  valid_i = Σ_k w_k·#{… v_j > 0}
//
// are formed class by class, in the order in which the classes first appear
// among the combinations compatible with i (the order the pairwise count
// of earlier versions used, so the floating-point results are the same bit
// for bit).
type huPlan struct {
	rowW   []float64  // weight of each of the first player's combinations
	hole0  [][2]uint8 // the first player's cards
	same   []int32    // the second player's index of the same combination, or -1
	rowCls []int32    // flat: the classes of row i at rowCls[rowOff[i]:rowOff[i+1]]
	rowOff []int32
	cls1   []int32    // class of each of the second player's combinations
	hole1  [][2]uint8 // the second player's cards
	clsW   []float64  // weight of each class
	// pairwise: the ranges are lopsided (a few hands against many), where
	// comparing every compatible pair beats sorting. opp lists, for row i
	// and its class rowCls[c], the compatible hands at
	// opp[oppOff[c]:oppOff[c+1]] (c indexes rowCls).
	pairwise bool
	opp      []int32
	oppOff   []int32
}

func newHUPlan(p *problem) *huPlan {
	p0, p1 := p.players[0], p.players[1]
	h := &huPlan{}
	for _, b := range p1.combos {
		k := slicesIndex(h.clsW, b.weight)
		if k < 0 {
			k = len(h.clsW)
			h.clsW = append(h.clsW, b.weight)
		}
		h.cls1 = append(h.cls1, int32(k))
		h.hole1 = append(h.hole1, [2]uint8{uint8(b.hole[0]), uint8(b.hole[1])})
	}
	h.rowOff = append(h.rowOff, 0)
	for _, a := range p0.combos {
		h.rowW = append(h.rowW, a.weight)
		h.hole0 = append(h.hole0, [2]uint8{uint8(a.hole[0]), uint8(a.hole[1])})
		h.same = append(h.same, p1.index[cards.HoleIndex(a.hole[0], a.hole[1])])
		start := len(h.rowCls)
		for j, b := range p1.combos {
			if a.set&b.set != 0 {
				continue
			}
			k := h.cls1[j]
			if !slicesContains(h.rowCls[start:], k) {
				h.rowCls = append(h.rowCls, k)
			}
		}
		h.rowOff = append(h.rowOff, int32(len(h.rowCls)))
	}
	// A board costs the sweep about β·(n+m)·log₂(n+m) and the pairs
	// α·n·m; α/β ≈ 1.6 was measured at both ends (QQ+,AKs vs
	// JJ-88,AQs-ATs, 22×36 hands: the sweep is 4× faster; AA vs a random
	// hand, 1×1225: the pairs are 6.6× faster).
	n, m := len(p0.combos), len(p1.combos)
	h.pairwise = 1.6*float64(n*m) <= float64(n+m)*math.Log2(float64(n+m))
	if h.pairwise {
		h.oppOff = append(h.oppOff, 0)
		for i, a := range p0.combos {
			for _, k := range h.rowCls[h.rowOff[i]:h.rowOff[i+1]] {
				for j, b := range p1.combos {
					if a.set&b.set == 0 && h.cls1[j] == k {
						h.opp = append(h.opp, int32(j))
					}
				}
				h.oppOff = append(h.oppOff, int32(len(h.opp)))
			}
		}
	}
	return h
}

func slicesIndex(s []float64, x float64) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

func slicesContains(s []int32, x int32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// huSweep computes less, level and valid (see huPlan) for every
// combination of the first player on one board in O((n+m) log(n+m)):
// both players' combinations sorted by value are swept together, keeping
// per class the number of the second player's hands below (and at or
// below) the current value, in total and per card. The hands compatible
// with combination i = {c, d} are all hands minus those holding c or d
// plus the one holding both (inclusion–exclusion); that one, the same
// combination, ties with i.
type huSweep struct {
	plan  *huPlan
	keys0 []uint32 // value<<16 | index, sorted
	keys1 []uint32
	// Counters per class (k) and per class and card (k*52 + card).
	lt, le, nz    []int32
	ltC, leC, nzC []int32
	less, level   []float64 // per combination of the first player
	valid         []float64
}

func newHUSweep(h *huPlan) *huSweep {
	k, n := len(h.clsW), len(h.rowW)
	return &huSweep{
		plan:  h,
		keys0: make([]uint32, 0, n),
		keys1: make([]uint32, 0, len(h.cls1)),
		lt:    make([]int32, k), le: make([]int32, k), nz: make([]int32, k),
		ltC: make([]int32, k*cards.NumCards), leC: make([]int32, k*cards.NumCards), nzC: make([]int32, k*cards.NumCards),
		less: make([]float64, n), level: make([]float64, n), valid: make([]float64, n),
	}
}

func (s *huSweep) counts(v0, v1 []handeval.Value) {
	h := s.plan
	if h.pairwise {
		s.pairCounts(v0, v1)
		return
	}
	s.keys0, s.keys1 = s.keys0[:0], s.keys1[:0]
	for i, x := range v0 {
		if x != 0 {
			s.keys0 = append(s.keys0, uint32(x)<<16|uint32(i))
		}
	}
	for j, x := range v1 {
		if x != 0 {
			s.keys1 = append(s.keys1, uint32(x)<<16|uint32(j))
		}
	}
	sortUint32(s.keys0)
	sortUint32(s.keys1)
	if len(h.clsW) == 1 {
		s.counts1()
		return
	}
	for _, key := range s.keys1 {
		j := key & 0xFFFF
		k := int(h.cls1[j]) * cards.NumCards
		s.nz[h.cls1[j]]++
		s.nzC[k+int(h.hole1[j][0])]++
		s.nzC[k+int(h.hole1[j][1])]++
	}
	k1 := s.keys1
	pl, pe := 0, 0 // hands of the second player below / at or below
	for _, key := range s.keys0 {
		a := key >> 16
		for ; pl < len(k1) && k1[pl]>>16 < a; pl++ {
			j := k1[pl] & 0xFFFF
			c := h.cls1[j]
			s.lt[c]++
			s.ltC[int(c)*cards.NumCards+int(h.hole1[j][0])]++
			s.ltC[int(c)*cards.NumCards+int(h.hole1[j][1])]++
		}
		for ; pe < len(k1) && k1[pe]>>16 <= a; pe++ {
			j := k1[pe] & 0xFFFF
			c := h.cls1[j]
			s.le[c]++
			s.leC[int(c)*cards.NumCards+int(h.hole1[j][0])]++
			s.leC[int(c)*cards.NumCards+int(h.hole1[j][1])]++
		}
		i := key & 0xFFFF
		c0, c1 := int(h.hole0[i][0]), int(h.hole0[i][1])
		sameCls := int32(-1)
		if j := h.same[i]; j >= 0 {
			sameCls = h.cls1[j] // valid: it holds the same cards as i
		}
		var less, level, valid float64
		for _, k := range h.rowCls[h.rowOff[i]:h.rowOff[i+1]] {
			o := int(k) * cards.NumCards
			lt := s.lt[k] - s.ltC[o+c0] - s.ltC[o+c1]
			le := s.le[k] - s.leC[o+c0] - s.leC[o+c1]
			nz := s.nz[k] - s.nzC[o+c0] - s.nzC[o+c1]
			if k == sameCls {
				le++
				nz++
			}
			w := h.clsW[k]
			less += w * float64(lt)
			level += w * float64(le-lt)
			valid += w * float64(nz)
		}
		s.less[i], s.level[i], s.valid[i] = less, level, valid
	}
	// Clear the counters for the next board.
	for _, key := range k1 {
		j := key & 0xFFFF
		c := h.cls1[j]
		o := int(c) * cards.NumCards
		s.lt[c], s.le[c], s.nz[c] = 0, 0, 0
		for _, x := range h.hole1[j] {
			s.ltC[o+int(x)], s.leC[o+int(x)], s.nzC[o+int(x)] = 0, 0, 0
		}
	}
}

// counts1 is counts for one weight class (every hand of the second player
// weighs the same), the usual case: per-card counters of hands below the
// current value and of valid hands, and hands of equal value checked one
// by one for a shared card.
func (s *huSweep) counts1() {
	h := s.plan
	w := h.clsW[0]
	var below, valid [cards.NumCards]int32
	k1 := s.keys1
	for _, key := range k1 {
		j := key & 0xFFFF
		valid[h.hole1[j][0]]++
		valid[h.hole1[j][1]]++
	}
	nValid := int32(len(k1))
	nBelow := int32(0)
	pl := 0
	for _, key := range s.keys0 {
		a := key >> 16
		for ; pl < len(k1) && k1[pl]>>16 < a; pl++ {
			j := k1[pl] & 0xFFFF
			below[h.hole1[j][0]]++
			below[h.hole1[j][1]]++
			nBelow++
		}
		i := key & 0xFFFF
		if h.rowOff[i] == h.rowOff[i+1] {
			s.less[i], s.level[i], s.valid[i] = 0, 0, 0 // no compatible hand
			continue
		}
		c0, c1 := h.hole0[i][0], h.hole0[i][1]
		lt := nBelow - below[c0] - below[c1]
		nz := nValid - valid[c0] - valid[c1]
		if h.same[i] >= 0 {
			nz++ // the same combination was taken away twice
		}
		// Hands of equal value that share no card with i.
		eq := int32(0)
		for p := pl; p < len(k1) && k1[p]>>16 == a; p++ {
			j := k1[p] & 0xFFFF
			b0, b1 := h.hole1[j][0], h.hole1[j][1]
			if b0 != c0 && b0 != c1 && b1 != c0 && b1 != c1 {
				eq++
			}
		}
		s.less[i] = w * float64(lt)
		s.level[i] = w * float64(eq)
		s.valid[i] = w * float64(nz)
	}
}

// pairCounts counts every compatible pair of hands (the plan's pairwise
// case).
func (s *huSweep) pairCounts(v0, v1 []handeval.Value) {
	h := s.plan
	for i, a := range v0 {
		if a == 0 {
			continue
		}
		var less, level, valid float64
		for c := h.rowOff[i]; c < h.rowOff[i+1]; c++ {
			// Sign bits of 32-bit differences of 16-bit values count
			// without branches: lt counts b-1 < a-1, le counts b-1 < a
			// (b ≤ a), nz counts b != 0. An invalid hand has value 0,
			// whose b-1 wraps to 0xFFFF, above every a-1.
			var lt, le, nz uint32
			a1, a0 := uint32(a)-1, uint32(a)
			for _, j := range h.opp[h.oppOff[c]:h.oppOff[c+1]] {
				b1 := uint32(v1[j] - 1)
				lt += (b1 - a1) >> 31
				le += (b1 - a0) >> 31
				nz += (b1 - 0xFFFF) >> 31
			}
			w := h.clsW[h.rowCls[c]]
			less += w * float64(lt)
			level += w * float64(le-lt)
			valid += w * float64(nz)
		}
		s.less[i], s.level[i], s.valid[i] = less, level, valid
	}
}

// sortUint32 sorts a short slice in place: insertion sort up to 48
// elements (ranges are usually small), the library sort beyond.
func sortUint32(x []uint32) {
	if len(x) > 48 {
		slices.Sort(x)
		return
	}
	for i := 1; i < len(x); i++ {
		y := x[i]
		j := i
		for ; j > 0 && x[j-1] > y; j-- {
			x[j] = x[j-1]
		}
		x[j] = y
	}
}

// maxDeals caps the deals (combinations of one hand per player) that exact
// enumeration of ranges will book on every board.
const maxDeals = 1 << 20

// deals lists every valid deal with its weight, or false if there are more
// than limit.
func (p *problem) deals(limit int) ([]int32, []float64, bool) {
	n := len(p.players)
	var flat []int32
	var ws []float64
	idx := make([]int32, n)
	var dfs func(i int, used cards.Set, w float64) bool
	dfs = func(i int, used cards.Set, w float64) bool {
		if i == n {
			if len(ws) >= limit {
				return false
			}
			flat = append(flat, idx...)
			ws = append(ws, w)
			return true
		}
		for j, c := range p.players[i].combos {
			if c.set&used != 0 {
				continue
			}
			idx[i] = int32(j)
			if !dfs(i+1, used|c.set, w*c.weight) {
				return false
			}
		}
		return true
	}
	if !dfs(0, 0, 1) {
		return nil, nil, false
	}
	return flat, ws, true
}

// defaultThreads is the thread count used when Options.Threads is 0.
func defaultThreads() int { return 1 }

var _ = runtime.NumCPU
