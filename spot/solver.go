package spot

import (
	"fmt"
	"math"
	"runtime"
	"time"
	"unsafe"

	"pokerlab/internal/kernel/vec"
)

// Discount holds DCFR's parameters (Brown & Sandholm 2019): after
// iteration t, positive cumulative regrets are multiplied by
// t^α/(t^α+1), negative ones by t^β/(t^β+1), and the strategy sums by
// (t/(t+1))^γ.
type Discount struct {
	Alpha, Beta, Gamma float64
}

// DefaultDiscount is the paper's recommended (α, β, γ) = (1.5, 0, 2).
var DefaultDiscount = Discount{Alpha: 1.5, Beta: 0, Gamma: 2}

// SolveOptions configure a Solver. The zero value is DCFR with the default
// discount on one thread.
type SolveOptions struct {
	Discount *Discount // nil: DefaultDiscount
	Threads  int       // goroutines over chance branches; ≤ 1: one
	// Compress keeps regrets and strategy sums in 16 bits, each node's
	// block with a float32 scale (about half the memory; see the package
	// doc).
	Compress bool
}

// Solver runs DCFR on a Game. It owns the per-action arrays: cumulative
// regrets and discounted strategy sums, float32, laid out as Game.Nodes'
// offsets say. An iteration allocates nothing.
type Solver struct {
	g      *Game
	opt    SolveOptions
	disc   Discount
	regret []float32
	cum    []float32
	// Compressed storage (opt.Compress): regrets and strategy sums in 16
	// bits, both in store (Size float32s of memory, which Finalize turns
	// into the strategy in place), with a scale per node.
	store          []float32
	reg16          []int16
	cum16          []uint16
	rscale, cscale []float32
	iter           int
	walkers        []*walker
	elapsed        time.Duration
	avg            *avgSource
	// finalized: Finalize has turned the sums into the strategy.
	finalized bool
}

// ErrMemory reports that solving would need more memory than allowed.
type ErrMemory struct {
	Need, Limit int64
}

func (e *ErrMemory) Error() string {
	return fmt.Sprintf("the spot needs about %s to solve, more than the limit of %s", FormatBytes(e.Need), FormatBytes(e.Limit))
}

// FormatBytes writes a byte count in KiB, MiB or GiB.
func FormatBytes(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}

// NewSolver allocates a solver's arrays for g. maxMemory > 0 refuses (with
// *ErrMemory) when g.MemoryEstimate(threads) exceeds it, before allocating.
func NewSolver(g *Game, opt SolveOptions, maxMemory int64) (*Solver, error) {
	threads := max(opt.Threads, 1)
	if need := g.MemoryEstimateWith(threads, opt.Compress); maxMemory > 0 && need > maxMemory {
		return nil, &ErrMemory{Need: need, Limit: maxMemory}
	}
	d := DefaultDiscount
	if opt.Discount != nil {
		d = *opt.Discount
	}
	if !(d.Gamma >= 0) || math.IsInf(d.Alpha, 0) || math.IsInf(d.Beta, 0) || math.IsNaN(d.Alpha) || math.IsNaN(d.Beta) || math.IsInf(d.Gamma, 0) {
		return nil, fmt.Errorf("spot: discount (α, β, γ) = (%v, %v, %v): want finite values and γ ≥ 0", d.Alpha, d.Beta, d.Gamma)
	}
	s := &Solver{g: g, opt: opt, disc: d}
	if opt.Compress {
		s.store = make([]float32, g.Size)
		s.reg16, s.cum16 = halves(s.store)
		s.rscale, s.cscale = make([]float32, len(g.Nodes)), make([]float32, len(g.Nodes))
	} else {
		s.regret, s.cum = make([]float32, g.Size), make([]float32, g.Size)
	}
	s.avg = &avgSource{cum: s.cum, cum16: s.cum16, cscale: s.cscale}
	s.walkers = make([]*walker, threads)
	for i := range s.walkers {
		s.walkers[i] = newWalker(g)
	}
	if threads > 1 {
		t := &team{helpers: s.walkers[1:]}
		s.walkers[0].team = t
		// The helpers wait on a channel for the solver's lifetime; stop them
		// when the solver is no longer reachable (or on Close).
		runtime.AddCleanup(s, func(t *team) { t.stopOnce() }, t)
	}
	return s, nil
}

// Close stops the solver's helper goroutines (threads > 1). It is optional:
// they also stop when the solver is garbage collected. The solver must not
// be used afterwards.
func (s *Solver) Close() {
	if t := s.walkers[0].team; t != nil {
		t.stopOnce()
	}
}

// Compressed reports whether the solver keeps 16-bit storage
// (SolveOptions.Compress, or a 16-bit checkpoint).
func (s *Solver) Compressed() bool { return s.opt.Compress }

// Game returns the solver's game.
func (s *Solver) Game() *Game { return s.g }

// Iterations returns the number of iterations done.
func (s *Solver) Iterations() int { return s.iter }

// Elapsed returns the time spent in Iterate and in exploitability checks.
func (s *Solver) Elapsed() time.Duration { return s.elapsed }

// factors returns the discounts applied before iteration t's update (t ≥ 1):
// the positive and negative regret factors and the strategy-sum factor of
// the previous iteration t−1.
func (d Discount) factors(t int) (pos, neg, gam float32) {
	if t <= 1 {
		return 0, 0, 0
	}
	u := float64(t - 1)
	a, b := math.Pow(u, d.Alpha), math.Pow(u, d.Beta)
	return float32(a / (a + 1)), float32(b / (b + 1)), float32(math.Pow(u/(u+1), d.Gamma))
}

// Iterate runs n DCFR iterations with alternating updates: OOP's regrets
// are updated against IP's current strategy, then IP's against OOP's new
// one. Each pass also adds the other player's current strategy, weighted by
// its reach, to its discounted strategy sum.
func (s *Solver) Iterate(n int) {
	if s.finalized {
		panic("spot: Iterate after Finalize")
	}
	start := time.Now()
	g := s.g
	w := s.walkers[0]
	for range n {
		s.iter++
		pos, neg, gam := s.disc.factors(s.iter)
		for p := range 2 {
			w.trav, w.mode, w.src = p, modeCFR, nil
			w.regret, w.cum, w.pos, w.neg, w.disc = s.regret, s.cum, pos, neg, gam
			w.reg16, w.cum16, w.rscale, w.cscale = s.reg16, s.cum16, s.rscale, s.cscale
			w.top, w.top64 = 0, 0
			out := w.alloc(len(g.Hands[p]))
			w.walk(0, g.Weights[p^1], out)
		}
	}
	s.elapsed += time.Since(start)
}

// avgSource reads the normalised strategy sums.
type avgSource struct {
	cum    []float32
	cum16  []uint16 // compressed mode, with cscale
	cscale []float32
}

func (a *avgSource) strategyAt(w *walker, i int32, n *Node, dst []float32) {
	nh := len(dst) / int(n.NumChildren)
	inv, uni := w.alloc(nh), w.alloc(nh)
	cum := dst
	if a.cum16 != nil {
		vec.DecodeU16(dst, a.cum16[n.Off:n.Off+int64(len(dst))], a.cscale[i])
	} else {
		cum = a.cum[n.Off : n.Off+int64(len(dst))]
	}
	vec.RegretMatch(dst, cum, inv, uni, false)
	w.top -= 2 * nh
}

// Average returns the average strategy (the normalised strategy sums: the
// output of DCFR), in the layout of Game.Nodes' offsets.
func (s *Solver) Average() Strategy {
	out := make(Strategy, s.g.Size)
	g := s.g
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	inv, uni := make([]float32, nh), make([]float32, nh)
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Off < 0 {
			continue
		}
		nh := len(g.Hands[g.Player(int32(i))])
		sz := int64(int(n.NumChildren) * nh)
		blk := out[n.Off : n.Off+sz]
		cum := blk
		if s.cum16 != nil {
			vec.DecodeU16(blk, s.cum16[n.Off:n.Off+sz], s.cscale[i])
		} else {
			cum = s.cum[n.Off : n.Off+sz]
		}
		vec.RegretMatch(blk, cum, inv[:nh], uni[:nh], false)
	}
	return out
}

// Finalize turns the strategy sums into the average strategy in place and
// returns it, releasing the regrets (as postflop-solver's finalize does, so
// the result costs no extra memory). The solver cannot iterate afterwards;
// save a checkpoint first to continue later.
func (s *Solver) Finalize() Strategy {
	if s.store != nil {
		return s.finalize16()
	}
	g := s.g
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	inv, uni := make([]float32, nh), make([]float32, nh)
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Off < 0 {
			continue
		}
		nh := len(g.Hands[g.Player(int32(i))])
		sz := int64(int(n.NumChildren) * nh)
		blk := s.cum[n.Off : n.Off+sz]
		vec.RegretMatch(blk, blk, inv[:nh], uni[:nh], false)
	}
	out := Strategy(s.cum)
	s.cum, s.regret = nil, nil
	s.finalized = true
	return out
}

// Exploitability returns the best-response values of both players against
// the current average strategy and its exploitability (chips).
func (s *Solver) Exploitability() (br [2]float64, expl float64) {
	start := time.Now()
	src := s.avg
	br = s.g.bestResponse(s.walkers[0], src)
	var ev [2]float64
	if s.g.Spot.Rake > 0 {
		ev = s.g.values(s.walkers[0], src)
	} else {
		// Without rake the values add up to the pot: no need to compute them.
		ev = [2]float64{float64(s.g.Spot.Pot), 0}
	}
	s.elapsed += time.Since(start)
	return br, ((br[0] - ev[0]) + (br[1] - ev[1])) / 2
}

// Progress is reported while solving.
type Progress struct {
	Iteration      int
	Exploitability float64 // chips
	Percent        float64 // of the starting pot
	Elapsed        time.Duration
	// Interrupted: Stop.Interrupt stopped the solve here, before its end.
	Interrupted bool
}

// Stop says when Solve stops: at the target exploitability (% of the pot)
// or after Iterations, checking every Every iterations (0: 10).
type Stop struct {
	TargetPercent float64
	Iterations    int
	Every         int
	// Interrupt, if not nil, is asked before every iteration with the
	// iterations done; when it answers true the solve stops there, between
	// two iterations, with a check of the exploitability at that point
	// (Progress.Interrupted). The solver is then ready for WriteCheckpoint,
	// and the solve it continues is the one it would have been.
	Interrupt func(iteration int) bool
}

// Solve iterates until the average strategy's exploitability is at most
// stop.TargetPercent of the pot or stop.Iterations are done, checking every
// stop.Every iterations (and before the first), and reports each check to
// progress (nil: none). It returns the last check.
//
// The target is tested at the scheduled checks only (multiples of Every):
// a solve resumed from a checkpoint written between two of them (an
// interrupted solve) checks where it starts, but goes on to the next
// scheduled check as the uninterrupted solve did.
func (s *Solver) Solve(stop Stop, progress func(Progress)) Progress {
	every := stop.Every
	if every <= 0 {
		every = 10
	}
	pot := float64(s.g.Spot.Pot)
	check := func() Progress {
		_, e := s.Exploitability()
		p := Progress{Iteration: s.iter, Exploitability: e, Percent: 100 * e / pot, Elapsed: s.elapsed}
		if progress != nil {
			progress(p)
		}
		return p
	}
	last := check()
	for s.iter < stop.Iterations && !(s.iter%every == 0 && last.Percent <= stop.TargetPercent) {
		n := min(every-s.iter%every, stop.Iterations-s.iter)
		if s.iterate(n, stop.Interrupt) {
			if last.Iteration != s.iter {
				last = check()
			}
			last.Interrupted = true
			return last
		}
		last = check()
	}
	return last
}

// iterate runs n iterations, asking interrupt (if not nil) before each, and
// reports whether interrupt stopped it.
func (s *Solver) iterate(n int, interrupt func(int) bool) bool {
	if interrupt == nil {
		s.Iterate(n)
		return false
	}
	for ; n > 0; n-- {
		if interrupt(s.iter) {
			return true
		}
		s.Iterate(1)
	}
	return false
}

// halves views the memory of store (n float32s) as n int16 regrets and n
// uint16 strategy sums, the regrets first.
func halves(store []float32) ([]int16, []uint16) {
	n := len(store)
	if n == 0 {
		return nil, nil
	}
	p := unsafe.Pointer(unsafe.SliceData(store))
	return unsafe.Slice((*int16)(p), n), unsafe.Slice((*uint16)(unsafe.Add(p, 2*n)), n)
}

// finalize16 is Finalize in the compressed mode: the strategy is written
// over the storage itself, block by block in increasing offset (the tree's
// preorder, in which expand gave the offsets). Block [off, off+sz) as
// float32 takes bytes [4·off, 4·(off+sz)), and a later block's strategy
// sums start at byte 2·Size + 2·(off+sz) ≥ 4·(off+sz), so no block's sums
// are overwritten before they are read (each block's own are read first,
// into scratch).
func (s *Solver) finalize16() Strategy {
	g := s.g
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	inv, uni := make([]float32, nh), make([]float32, nh)
	maxK := 0
	for i := range g.Nodes {
		maxK = max(maxK, int(g.Nodes[i].NumChildren))
	}
	tmp := make([]float32, maxK*nh)
	out := Strategy(s.store)
	next := int64(0) // the offset the preorder must reach next
	var visit func(i int32)
	visit = func(i int32) {
		n := &g.Nodes[i]
		if n.Off >= 0 {
			if n.Off != next {
				panic("spot: the offsets do not follow the tree's preorder")
			}
			nh := len(g.Hands[g.Player(i)])
			sz := int64(int(n.NumChildren) * nh)
			t := tmp[:sz]
			vec.DecodeU16(t, s.cum16[n.Off:n.Off+sz], s.cscale[i])
			vec.RegretMatch(out[n.Off:n.Off+sz], t, inv[:nh], uni[:nh], false)
			next += sz
		}
		for c := range int32(n.NumChildren) {
			visit(n.Child + c)
		}
	}
	visit(0)
	s.store, s.reg16, s.cum16, s.rscale, s.cscale = nil, nil, nil, nil, nil
	s.finalized = true
	return out
}
