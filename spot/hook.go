package spot

import "runtime"

// NodeHook is another solver's work at the traverser's decision nodes of a
// float32 pass (Passer.Pass): the pass carries the opponent's reach down and
// the traverser's counterfactual values up exactly as a DCFR pass does, and
// at each of the traverser's nodes, once its children's values are known,
// asks the hook to combine them into the node's value.
//
// Combine receives the node, the opponent's reach at the node (indexed by
// the opponent's hands), the children's values vals ([actions × hands],
// counterfactual: weighted by the opponent's reach and chance, divided by
// Combos), out to set (one value per traverser hand) and tmp, 2·hands
// float32 of scratch of its own. With Passer threads > 1 it is called
// concurrently for nodes of different subtrees of a chance node: it must
// write only data of its node (and tmp).
type NodeHook interface {
	Combine(node int32, reach, vals, out, tmp []float32)
}

// Passer runs float32 passes over a Game's tree with a NodeHook at the
// traverser's nodes: the vectorised street walk and the O(n) terminal
// sweeps of the DCFR solver, threads over chance nodes (the children of a
// chance node shared out, their values summed in a fixed order, so the
// results are the same bits for any number of threads). A pass allocates
// nothing.
type Passer struct {
	g       *Game
	walkers []*walker
	σ       Strategy // the pass's (behind a pointer: no interface conversion of the slice)
}

// NewPasser prepares threads walkers (≤ 1: one) for passes over g.
func (g *Game) NewPasser(threads int) *Passer {
	threads = max(threads, 1)
	p := &Passer{g: g, walkers: make([]*walker, threads)}
	for i := range p.walkers {
		p.walkers[i] = newWalker(g)
	}
	if threads > 1 {
		t := &team{helpers: p.walkers[1:]}
		p.walkers[0].team = t
		runtime.AddCleanup(p, func(t *team) { t.stopOnce() }, t)
	}
	return p
}

// Close stops the helper goroutines (threads > 1); the Passer must not be
// used afterwards. Optional: they also stop when it is garbage collected.
func (p *Passer) Close() {
	if t := p.walkers[0].team; t != nil {
		t.stopOnce()
	}
}

// Threads returns the number of walkers.
func (p *Passer) Threads() int { return len(p.walkers) }

// Pass walks the tree for traverser trav: the opponent plays σ (only its
// blocks are read), hook combines the traverser's nodes bottom up. It
// returns trav's counterfactual values at the root (one per hand, valid
// until another pass).
func (p *Passer) Pass(trav int, σ Strategy, hook NodeHook) []float32 {
	g := p.g
	w := p.walkers[0]
	p.σ = σ
	w.trav, w.mode, w.src, w.hook = trav, modeHook, &p.σ, hook
	w.top, w.top64 = 0, 0
	out := w.alloc(len(g.Hands[trav]))
	w.walk(0, g.Weights[trav^1], out)
	w.hook, w.src, p.σ = nil, nil, nil
	return out
}
