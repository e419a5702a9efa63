package equity

import (
	"math/bits"
	"runtime"
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
type enumerator struct {
	nib   [cards.NumRanks]uint8 // suits still available at each rank
	perms [][16]uint8           // nibble tables of G minus the identity
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
	threads = max(1, min(threads, len(tasks)))
	var next atomic.Int64
	var mu sync.Mutex
	finished := int64(0)
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				v := newVisitor()
				e.step(v, tasks[i].r, e.k, tasks[i].s, e.board, e.bset, e.allTied())
				visitors[i] = v
				if progress != nil {
					mu.Lock()
					finished++
					progress(finished, int64(len(tasks)))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, v := range visitors {
		merge(v)
	}
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

// handsVisitor counts showdowns of exact hole cards in integers.
type handsVisitor struct {
	holes []handeval.Hand
	tally[uint64]
}

// show evaluates every player on the board ph[p]+c and books w.
func (v *handsVisitor) show(ph *[MaxPlayers]handeval.Hand, bh handeval.Hand, c cards.Card, w uint64) {
	if len(v.holes) == 2 {
		v.total += w
		a, b := ph[0].Add(c).Eval(), ph[1].Add(c).Eval()
		switch {
		case a > b:
			v.win[0] += w
			v.share[0] += w * shareUnit
		case b > a:
			v.win[1] += w
			v.share[1] += w * shareUnit
		default:
			v.tie[0] += w
			v.tie[1] += w
			v.share[0] += w * shareUnit / 2
			v.share[1] += w * shareUnit / 2
		}
		return
	}
	v.full(bh.Add(c), 0, w)
}

func (v *handsVisitor) book(vals *[MaxPlayers]handeval.Value, best handeval.Value, nbest int, w uint64) {
	for p := range v.holes {
		if vals[p] != best {
			continue
		}
		v.share[p] += w * (shareUnit / uint64(nbest))
		if nbest == 1 {
			v.win[p] += w
		} else {
			v.tie[p] += w
		}
	}
}

func (v *handsVisitor) last(e *enumerator, bh handeval.Hand, _ cards.Set, r0 int, eq uint32) {
	var ph [MaxPlayers]handeval.Hand
	// Suits in which some player holds four cards: only a card of such a
	// suit can change a flush. Every other card of a rank gives each player
	// the same value, so it is evaluated once and counted for all.
	var flushSuits uint8
	for p, h := range v.holes {
		ph[p] = bh.Union(h)
		for s := range cards.Suit(cards.NumSuits) {
			if ph[p].SuitCount(s) >= 4 {
				flushSuits |= 1 << s
			}
		}
	}
	for r := r0; r >= 0; r-- {
		nib := e.nib[r]
		if nib == 0 {
			continue
		}
		if eq == 0 {
			if plain := nib &^ flushSuits; plain != 0 {
				c := cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(plain)))
				v.show(&ph, bh, c, e.gSize*uint64(popcount8(plain)))
			}
			for x := nib & flushSuits; x != 0; x &= x - 1 {
				v.show(&ph, bh, cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(x))), e.gSize)
			}
			continue
		}
		for x := nib; x != 0; x &= x - 1 {
			s := x & -x
			eq2, ok := e.check(eq, s)
			if !ok {
				continue
			}
			v.show(&ph, bh, cards.NewCard(cards.Rank(r), cards.Suit(bits.TrailingZeros8(s))), e.weight(eq2))
		}
	}
}

func (v *handsVisitor) full(bh handeval.Hand, _ cards.Set, w uint64) {
	var vals [MaxPlayers]handeval.Value
	for p, h := range v.holes {
		vals[p] = bh.Union(h).Eval()
	}
	best, nbest := bestOf(vals[:len(v.holes)])
	v.total += w
	v.book(&vals, best, nbest, w)
}

// rangeVisitor evaluates every combination of every player on each board and
// books every valid deal (one combination per player, no shared card) with
// the product of the weights.
type rangeVisitor struct {
	p     *problem
	hu    []huRow   // two players: the first player's combinations and their opponents
	deals []int32   // flat: len(players) combination indices per deal
	dealW []float64 // weight of each deal
	vals  [][]handeval.Value
	tally[float64]
}

func newRangeVisitor(p *problem, deals []int32, dealW []float64, hu []huRow) *rangeVisitor {
	v := &rangeVisitor{p: p, deals: deals, dealW: dealW, hu: hu}
	for _, pl := range p.players {
		v.vals = append(v.vals, make([]handeval.Value, len(pl.combos)))
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
		v0, v1 := v.vals[0], v.vals[1]
		for i := range v.hu {
			row := &v.hu[i]
			a := v0[i]
			if a == 0 {
				continue
			}
			// Count the opponent's hands below, level with and valid against
			// a. Invalid hands have value 0, which b-1 wraps to 0xFFFF, above
			// every a-1, so they count as neither lower nor level.
			var less, level, valid float64
			for _, seg := range row.segs {
				// Sign bits of 32-bit differences of 16-bit values count
				// without branches: lt counts b-1 < a-1, le counts
				// b-1 < a (b ≤ a), nz counts b != 0.
				var lt, le, nz uint32
				a1, a0 := uint32(a)-1, uint32(a)
				for _, j := range seg.opp {
					b1 := uint32(v1[j] - 1)
					lt += (b1 - a1) >> 31
					le += (b1 - a0) >> 31
					nz += (b1 - 0xFFFF) >> 31
				}
				less += seg.weight * float64(lt)
				level += seg.weight * float64(le-lt)
				valid += seg.weight * float64(nz)
			}
			total += row.weight * valid
			win[0] += row.weight * less
			tie[0] += row.weight * level
			win[1] += row.weight * (valid - less - level)
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

// huRow lists, for one combination of the first of two players, the
// second player's combinations that share no card with it, grouped by
// weight, so that each group is counted in integers.
type huRow struct {
	weight float64
	segs   []huSegment
}

type huSegment struct {
	weight float64
	opp    []int32 // indices into the second player's combinations
}

func headsUpRows(p *problem) []huRow {
	p0, p1 := p.players[0], p.players[1]
	rows := make([]huRow, len(p0.combos))
	for i, a := range p0.combos {
		rows[i].weight = a.weight
		for j, b := range p1.combos {
			if a.set&b.set != 0 {
				continue
			}
			k := 0
			for k < len(rows[i].segs) && rows[i].segs[k].weight != b.weight {
				k++
			}
			if k == len(rows[i].segs) {
				rows[i].segs = append(rows[i].segs, huSegment{weight: b.weight})
			}
			rows[i].segs[k].opp = append(rows[i].segs[k].opp, int32(j))
		}
	}
	return rows
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
