package spotqre

import (
	"sync"
	"sync/atomic"
)

// crew walks the children of a float64 walker's outermost chance nodes on
// helper walkers beside it (Options.Threads − 1 goroutines, each with its
// own scratch, started once). Every child's values are computed alone,
// whoever computes them, and the chance node adds them in order, so a pass
// gives the same bits for every number of threads; a visitor that keeps a
// running total (an order-dependent sum) keeps its pass on one thread
// (parallelVisitor). A pass allocates nothing: a job is a value sent on
// each helper's channel.
type crew[F number] struct {
	helpers []*walker[F]
	jobs    []chan crewJob[F]
	wg      sync.WaitGroup
	stop    sync.Once
	forks   int // chance nodes shared out (the tests' witness)
}

// crewJob is one outermost chance node's children to share out: child c's
// values go to rows[c·nh:][:nh]; next hands out the children.
type crewJob[F number] struct {
	lead    *walker[F]
	node    int32
	rs, own []F
	rows    []F
	nh      int
	next    *atomic.Int32
	visit   visitor[F]
}

// parallelVisitor is a visitor whose work splits over the crew: helper(j)
// returns helper j's own visitor, reset, and join(j) folds it back (by
// operations that do not depend on the order, such as a largest value).
type parallelVisitor[F number] interface {
	visitor[F]
	helper(j int) visitor[F]
	join(j int)
}

// newCrew starts n helpers of w's game.
func newCrew[F number](w *walker[F], n int) *crew[F] {
	c := &crew[F]{}
	for j := range n {
		h := newWalker[F](w.g, nil)
		h.hoff, h.iso = w.hoff, w.iso
		c.helpers = append(c.helpers, h)
		ch := make(chan crewJob[F], 1)
		c.jobs = append(c.jobs, ch)
		go c.help(j, h, ch)
	}
	return c
}

// help is helper j's loop.
func (c *crew[F]) help(j int, h *walker[F], jobs chan crewJob[F]) {
	for job := range jobs {
		l := job.lead
		h.trav, h.mode, h.σ, h.q, h.mass, h.reachI, h.roff = l.trav, l.mode, l.σ, l.q, l.mass, l.reachI, l.roff
		h.scale, h.coff, h.visit = l.scale, l.coff, job.visit
		h.inChance, h.top = true, 0
		h.chanceChildren(job.node, job.next, job.rs, job.own, job.rows, job.nh)
		// (nothing of the pass kept: the crew outlives no solver)
		h.σ, h.q, h.mass, h.reachI, h.visit = nil, nil, nil, nil, nil
		c.wg.Done()
	}
}

// close ends the helpers.
func (c *crew[F]) close() {
	c.stop.Do(func() {
		for _, ch := range c.jobs {
			close(ch)
		}
	})
}

// canFork reports whether w shares out the children of chance node it
// is at: it has a crew, is not inside another shared chance node, and its
// visitor (if any) splits.
func (w *walker[F]) canFork() bool {
	if w.crew == nil || w.inChance {
		return false
	}
	if w.visit == nil {
		return true
	}
	_, ok := w.visit.(parallelVisitor[F])
	return ok
}

// fork walks chance node i's children on w and its crew.
func (w *walker[F]) fork(i int32, rs, own, rows []F, nh int) {
	c := w.crew
	c.forks++
	pv, _ := w.visit.(parallelVisitor[F])
	w.next.Store(0)
	c.wg.Add(len(c.helpers))
	for j, ch := range c.jobs {
		job := crewJob[F]{lead: w, node: i, rs: rs, own: own, rows: rows, nh: nh, next: &w.next}
		if pv != nil {
			job.visit = pv.helper(j)
		}
		ch <- job
	}
	w.inChance = true
	w.chanceChildren(i, &w.next, rs, own, rows, nh)
	w.inChance = false
	c.wg.Wait()
	if pv != nil {
		for j := range c.helpers {
			pv.join(j)
		}
	}
}
