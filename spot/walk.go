package spot

import (
	"sync"
	"sync/atomic"

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
)

// strategySource gives the behaviour strategy at a decision node: it fills
// dst with the [actions × hands] block of the player to act.
type strategySource interface {
	strategyAt(w *walker, n *Node, dst []float32)
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
	trav  int
	mode  walkMode
	src   strategySource
	// modeCFR
	regret, cum    []float32
	pos, neg, disc float32
	// parallel chance nodes (nil: sequential); inPar when already inside one.
	team  *team
	inPar bool
}

func newWalker(g *Game) *walker {
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	return &walker{g: g, buf: make([]float32, g.scratch+64), buf64: make([]float64, 3*nh)}
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
		if int(n.Kind) == w.trav {
			w.own(i, n, reach, out)
		} else {
			w.opp(i, n, reach, out)
		}
	}
}

// own: the traverser acts. Values of every action, then the node's value and
// (CFR) the regret update, or (BR) the best action per hand.
func (w *walker) own(i int32, n *Node, reach, out []float32) {
	mark := w.top
	nh := len(out)
	k := int(n.NumChildren)
	x := w.alloc(k * nh)
	for a := range k {
		w.walk(n.Child+int32(a), reach, x[a*nh:(a+1)*nh])
	}
	switch w.mode {
	case modeCFR:
		reg := w.regret[n.Off : n.Off+int64(k*nh)]
		vec.RegretValueUpdate(out, reg, x, w.alloc(nh), w.alloc(nh), w.pos, w.neg)
	case modeBR:
		vec.MaxRows(out, x)
	case modeEV:
		sig := w.alloc(k * nh)
		w.src.strategyAt(w, n, sig)
		vec.DotRows(out, sig, x)
	}
	w.top = mark
}

// opp: the opponent acts. Its reach splits by its strategy; the values add.
func (w *walker) opp(i int32, n *Node, reach, out []float32) {
	mark := w.top
	no := len(reach)
	k := int(n.NumChildren)
	sig := w.alloc(k * no)
	if w.mode == modeCFR {
		// The opponent's current strategy times its reach, added to its
		// discounted strategy sum: Σ_t w_t·π_opp·σ_t (reach-weighted).
		reg := w.regret[n.Off : n.Off+int64(k*no)]
		vec.ReachUpdate(sig, w.cum[n.Off:n.Off+int64(k*no)], reg, reach, w.alloc(no), w.alloc(no), w.disc)
	} else {
		w.src.strategyAt(w, n, sig)
		vec.MulRows(sig, reach)
	}
	w.walk(n.Child, sig[:no], out)
	if k > 1 {
		tmp := w.alloc(len(out))
		for a := 1; a < k; a++ {
			w.walk(n.Child+int32(a), sig[a*no:(a+1)*no], tmp)
			vec.Add(out, tmp)
		}
	}
	w.top = mark
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
	rows := w.alloc(k * nh)
	if w.team != nil && !w.inPar && k > 1 {
		w.team.run(w, i, n, rs, rows, nh)
	} else {
		for c := range k {
			w.chanceChild(n.Child+int32(c), rs, rows[c*nh:(c+1)*nh])
		}
	}
	sum := w.alloc64(nh)
	clear(sum)
	for c := range k {
		vec.AddTo64(sum, rows[c*nh:(c+1)*nh])
	}
	for _, iso := range bs.iso {
		vec.AddPerm64(sum, rows[int(iso.Child)*nh:int(iso.Child+1)*nh], g.perms[w.trav][iso.Pair])
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
// depend on the number of threads. The helpers are goroutines started once
// (on the first parallel chance node) that wait for tasks on a channel, so a
// parallel chance node allocates nothing; stop closes the channel.
type team struct {
	helpers []*walker
	start   sync.Once
	stopped sync.Once
	tasks   chan *teamTask
	wg      sync.WaitGroup
	task    teamTask
}

// teamTask is one chance node's children to share out.
type teamTask struct {
	lead  *walker
	first int32 // first child
	k     int32 // children
	rs    []float32
	rows  []float32
	nh    int
	next  atomic.Int32
}

// work takes children until none is left.
func (t *teamTask) work(v *walker) {
	for {
		c := t.next.Add(1) - 1
		if c >= t.k {
			return
		}
		v.chanceChild(t.first+c, t.rs, t.rows[int(c)*t.nh:int(c+1)*t.nh])
	}
}

func (t *team) run(w *walker, i int32, n *Node, rs, rows []float32, nh int) {
	t.start.Do(func() {
		t.tasks = make(chan *teamTask)
		for _, h := range t.helpers {
			go func(h *walker) {
				for task := range t.tasks {
					l := task.lead
					h.trav, h.mode, h.src = l.trav, l.mode, l.src
					h.regret, h.cum, h.pos, h.neg, h.disc = l.regret, l.cum, l.pos, l.neg, l.disc
					h.inPar, h.top, h.top64 = true, 0, 0
					task.work(h)
					t.wg.Done()
				}
			}(h)
		}
	})
	task := &t.task
	task.lead, task.first, task.k, task.rs, task.rows, task.nh = w, n.Child, int32(n.NumChildren), rs, rows, nh
	task.next.Store(0)
	helpers := min(len(t.helpers), int(task.k)-1)
	t.wg.Add(helpers)
	for range helpers {
		t.tasks <- task
	}
	w.inPar = true
	task.work(w)
	w.inPar = false
	t.wg.Wait()
}

// stopOnce ends the helper goroutines (at most once).
func (t *team) stopOnce() {
	t.stopped.Do(func() {
		t.start.Do(func() {}) // never started: nothing to stop
		if t.tasks != nil {
			close(t.tasks)
		}
	})
}
