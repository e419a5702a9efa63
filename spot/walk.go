package spot

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"pokerlab/internal/kernel/vec"
)

// walkMode says what a traversal does at the traverser's decision nodes.
type walkMode uint8

const (
	// modeCFR: regret matching on the solver's regrets, the discounted regret
	// update at the traverser's nodes, the discounted strategy sum at the
	// opponent's (weighted by the opponent's reach).
	modeCFR walkMode = iota
	// modeBR: the traverser best-responds (max over actions, hand by hand);
	// the opponent plays the given strategy.
	modeBR
	// modeEV: both players play the given strategy.
	modeEV
	// modeHook: the opponent plays the given strategy; the traverser's
	// nodes are combined by a NodeHook (hook.go).
	modeHook
)

// strategySource gives the behaviour strategy at a decision node: it fills
// dst with the [actions × hands] block of the player to act.
type strategySource interface {
	strategyAt(w *walker, i int32, n *Node, dst []float32)
}

// passParams are what a pass walks with: the traverser, the mode and its
// arrays. A parallel chance node's helpers take a copy from its task
// (team), not from the lead walker, which goes on to other passes.
type passParams struct {
	trav int
	mode walkMode
	src  strategySource
	hook NodeHook // modeHook
	// modeCFR
	regret, cum    []float32
	pos, neg, disc float32
	// modeCFR, compressed (cum16 and cscale also for the average)
	reg16          []int16
	cum16          []uint16
	rscale, cscale []float32
}

// walker is one goroutine's traversal state: its scratch stack (allocated
// once; a node takes what it needs and gives it back when it returns) and
// the pass's parameters.
type walker struct {
	g     *Game
	buf   []float32
	top   int
	buf64 []float64
	top64 int
	passParams
	// parallel chance nodes (nil: sequential); inPar when already inside one.
	team  *team
	inPar bool
	// the streets being walked (street.go), innermost last
	nodes  []streetNode
	leaves []streetLeaf
	bls    []blockers
}

func newWalker(g *Game) *walker {
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	need := g.walkBound(0, 0)
	return &walker{g: g, buf: make([]float32, need.floats+64), buf64: make([]float64, 3*nh),
		nodes: make([]streetNode, 0, need.nodes), leaves: make([]streetLeaf, 0, need.leaves),
		bls: make([]blockers, 0, need.leaves)}
}

func (w *walker) alloc(n int) []float32 {
	s := w.buf[w.top : w.top+n : w.top+n]
	w.top += n
	return s
}

func (w *walker) alloc64(n int) []float64 {
	s := w.buf64[w.top64 : w.top64+n : w.top64+n]
	w.top64 += n
	return s
}

// walk sets out (one value per traverser hand) to the traverser's
// counterfactual values at node i given the opponent's reach.
func (w *walker) walk(i int32, reach, out []float32) {
	g := w.g
	n := &g.Nodes[i]
	switch n.Kind {
	case FoldNode, ShowdownNode:
		g.EvalTerminal(i, w.trav, reach, out)
	case ChanceNode:
		w.chance(i, n, reach, out)
	default:
		w.street(i, reach, out)
	}
}

// chance: deal every representative card; the opponent's reach is scaled by
// the probability of a card and zeroed for its hands holding the card, the
// traverser's values for its hands holding it are 0; a left-out isomorphic
// card adds its representative's values with the suits swapped. Sums are
// float64, in a fixed order whatever the number of threads.
func (w *walker) chance(i int32, n *Node, reach, out []float32) {
	g := w.g
	mark, mark64 := w.top, w.top64
	bs := &g.boards[n.Board]
	nh, no := len(out), len(reach)
	k := int(n.NumChildren)
	rs := w.alloc(no)
	vec.Scale(rs, reach, bs.factor)
	// One row per card, each starting on a cache line of its own (rows
	// of different threads never share one).
	stride := (nh + 15) &^ 15
	rows := w.alloc(k * stride)
	if w.team != nil && !w.inPar && k > 1 {
		w.team.run(w, i, n, rs, rows, nh, stride)
	} else {
		for c := range k {
			w.chanceChild(n.Child+int32(c), rs, rows[c*stride:c*stride+nh])
		}
	}
	sum := w.alloc64(nh)
	clear(sum)
	for c := range k {
		vec.AddTo64(sum, rows[c*stride:c*stride+nh])
	}
	for _, iso := range bs.iso {
		c := int(iso.Child) * stride
		vec.AddPerm64(sum, rows[c:c+nh], g.perms[w.trav][iso.Pair])
	}
	vec.From64(out, sum)
	w.top, w.top64 = mark, mark64
}

// chanceChild evaluates one dealt card c (child node ci).
func (w *walker) chanceChild(ci int32, rs, row []float32) {
	g := w.g
	mark := w.top
	card := g.Nodes[ci].Card
	rc := w.alloc(len(rs))
	copy(rc, rs)
	for _, h := range g.with[w.trav^1][card] {
		rc[h] = 0
	}
	w.walk(ci, rc, row)
	for _, h := range g.with[w.trav][card] {
		row[h] = 0
	}
	w.top = mark
}

// team runs the children of a chance node on several walkers. Each child
// is computed by exactly the same arithmetic whichever walker takes it and
// writes only its own row and its own subtree's arrays, so results do not
// depend on the number of threads.
//
// The helpers are goroutines started once (on the first parallel chance
// node). Between two chance nodes they spin for a short while (a pass
// reaches the next chance node within microseconds, far sooner than a
// parked goroutine can be woken) and then park until woken; the lead spins
// likewise until every child is done. A chance node's task is published in
// one of two slots: a helper joins a slot (joined) and then checks that it
// is still the current one before reading it, and the lead reuses a slot
// only when no helper is in it, so a helper late from an older node never
// reads a slot being filled. A parallel chance node allocates nothing;
// stopOnce ends the helpers.
type team struct {
	helpers []*walker
	start   sync.Once
	stopped sync.Once
	slots   [2]teamTask
	cur     atomic.Pointer[teamTask]
	gen     atomic.Uint64 // tasks published so far
	quit    atomic.Bool
	parked  []atomic.Int32 // 1 while helper i is parked (or about to be)
	wake    []chan struct{}
}

// teamTask is one chance node's children to share out.
type teamTask struct {
	lead   *walker
	params passParams // the lead's, when the task was published
	first  int32      // first child
	k      int32      // children
	rs     []float32
	rows   []float32 // child c's values at rows[c·stride:][:nh]
	stride int
	nh     int
	// ends packs the children not yet taken, [front, back): the lead
	// takes from the front, helpers from the back, so each walks a run of
	// neighbouring subtrees (contiguous in memory) rather than every other.
	ends   atomic.Uint64
	done   atomic.Int32 // children finished
	joined atomic.Int32 // helpers inside this slot
}

// spinFor is how long an idle helper spins before parking.
const spinFor = 200 * time.Microsecond

// take returns the next child for a walker (from the front for the lead,
// the back for a helper), false when none is left.
func (t *teamTask) take(lead bool) (int32, bool) {
	for {
		e := t.ends.Load()
		front, back := uint32(e), uint32(e>>32)
		if front >= back {
			return 0, false
		}
		c, n := front, e+1
		if !lead {
			back--
			c, n = back, uint64(back)<<32|uint64(front)
		}
		if t.ends.CompareAndSwap(e, n) {
			return int32(c), true
		}
	}
}

// work takes children until none is left, and counts them done at the end
// (one write to the shared counter per walker, not per child).
func (t *teamTask) work(v *walker) {
	var did int32
	for {
		c, ok := t.take(v == t.lead)
		if !ok {
			break
		}
		r := int(c) * t.stride
		v.chanceChild(t.first+c, t.rs, t.rows[r:r+t.nh])
		did++
	}
	if did > 0 {
		t.done.Add(did)
	}
}

// help is helper i's loop: wait for a new task, join it, work.
func (t *team) help(i int, h *walker) {
	var seen uint64
	for {
		g, ok := t.wait(i, seen)
		if !ok {
			return
		}
		seen = g
		task := t.cur.Load()
		task.joined.Add(1)
		if t.cur.Load() == task {
			h.passParams = task.params
			h.inPar, h.top, h.top64 = true, 0, 0
			task.work(h)
		}
		task.joined.Add(-1)
	}
}

// wait returns the generation of a task newer than seen, spinning for
// spinFor and then parking; false when the team stops.
func (t *team) wait(i int, seen uint64) (uint64, bool) {
	var since time.Time
	for spin := 0; ; spin++ {
		if t.quit.Load() {
			return 0, false
		}
		if g := t.gen.Load(); g != seen {
			return g, true
		}
		if spin%64 != 63 {
			continue
		}
		runtime.Gosched()
		if since.IsZero() {
			since = time.Now()
			continue
		}
		if time.Since(since) < spinFor {
			continue
		}
		// Park. The lead stores gen before it looks at parked, and we
		// store parked before we look at gen, so one of us sees the other.
		t.parked[i].Store(1)
		if t.gen.Load() != seen || t.quit.Load() {
			if !t.parked[i].CompareAndSwap(1, 0) {
				<-t.wake[i] // the lead is waking us: take its token
			}
		} else {
			<-t.wake[i]
		}
		since, spin = time.Time{}, 0
	}
}

// wakeAll wakes the parked helpers.
func (t *team) wakeAll() {
	for i := range t.parked {
		if t.parked[i].CompareAndSwap(1, 0) {
			t.wake[i] <- struct{}{}
		}
	}
}

func (t *team) run(w *walker, i int32, n *Node, rs, rows []float32, nh, stride int) {
	t.start.Do(func() {
		t.parked = make([]atomic.Int32, len(t.helpers))
		t.wake = make([]chan struct{}, len(t.helpers))
		for i, h := range t.helpers {
			t.wake[i] = make(chan struct{}, 1)
			go t.help(i, h)
		}
	})
	task := &t.slots[t.gen.Load()%2]
	for task.joined.Load() != 0 {
		runtime.Gosched()
	}
	task.lead, task.first, task.k, task.rs, task.rows, task.nh, task.stride = w, n.Child, int32(n.NumChildren), rs, rows, nh, stride
	task.params = w.passParams
	task.ends.Store(uint64(task.k) << 32)
	task.done.Store(0)
	t.cur.Store(task)
	t.gen.Add(1)
	t.wakeAll()
	w.inPar = true
	task.work(w)
	w.inPar = false
	for spin := 0; task.done.Load() != task.k; spin++ {
		if spin%64 == 63 {
			runtime.Gosched()
		}
	}
}

// stopOnce ends the helper goroutines (at most once).
func (t *team) stopOnce() {
	t.stopped.Do(func() {
		t.start.Do(func() {}) // never started: nothing to stop
		t.quit.Store(true)
		t.wakeAll()
	})
}
