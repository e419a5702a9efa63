package spot

import (
	"pokerlab/cards"
	"pokerlab/internal/kernel/vec"
)

// A traversal takes one street at a time: from a decision node, the nodes
// down to the next chance nodes and the terminal nodes form a street
// subtree. It is walked in three phases:
//
//  1. down, in preorder: the opponent's reach is split at its nodes (and,
//     in a DCFR pass, its strategy sums updated); every node gets a row for
//     its values in its parent's block;
//  2. the leaves: the terminal nodes are evaluated (showdowns two at a
//     time: one sweep of the shared strength order carries two independent
//     reaches, which keeps the processor's arithmetic units busy where one
//     sweep waits on its own running sums; terminals seeing the same reach
//     share its blocker sums) and the chance nodes walked (the next street);
//  3. up, in reverse preorder: the traverser's nodes combine their children
//     (and, in a DCFR pass, update their regrets), the opponent's add them.
//
// Every node's numbers are computed by the same operations as a recursive
// walk would (the nodes' data are disjoint), so the results are the same
// bits.

// streetNode is a decision node of the street being walked.
type streetNode struct {
	node  int32
	reach []float32 // the opponent's reach at the node
	out   []float32 // its values: a row of the parent's vals, or the caller's
	vals  []float32 // one row of values per child
}

// streetLeaf is a terminal or chance node of the street being walked.
type streetLeaf struct {
	node       int32
	bl         int32 // its blocker sums in walker.bls (phase 2), or -1
	reach, out []float32
}

// street walks the street subtree rooted at decision node i.
func (w *walker) street(i int32, reach, out []float32) {
	mark := w.top
	n0, l0 := len(w.nodes), len(w.leaves)
	w.down(i, reach, out)
	w.evalLeaves(w.leaves[l0:])
	w.up(w.nodes[n0:])
	w.nodes, w.leaves = w.nodes[:n0], w.leaves[:l0]
	w.top = mark
}

// down is phase 1 from node i.
func (w *walker) down(i int32, reach, out []float32) {
	g := w.g
	n := &g.Nodes[i]
	if n.Kind.Terminal() || n.Kind == ChanceNode {
		w.leaves = append(w.leaves, streetLeaf{i, -1, reach, out})
		return
	}
	nh := len(out)
	k := int(n.NumChildren)
	vals := w.alloc(k * nh)
	w.nodes = append(w.nodes, streetNode{i, reach, out, vals})
	if int(n.Kind) == w.trav {
		for a := range k {
			w.down(n.Child+int32(a), reach, vals[a*nh:(a+1)*nh])
		}
		return
	}
	no := len(reach)
	sig := w.alloc(k * no)
	switch {
	case w.mode == modeCFR && w.reg16 != nil:
		// Compressed: decode, update in float32, encode with a new scale.
		off, sz := n.Off, int64(k*no)
		mark := w.top
		reg, cum := w.alloc(k*no), w.alloc(k*no)
		vec.Decode16(reg, w.reg16[off:off+sz], w.rscale[i])
		vec.DecodeU16(cum, w.cum16[off:off+sz], w.cscale[i])
		vec.ReachUpdate(sig, cum, reg, reach, w.alloc(no), w.alloc(no), w.disc)
		w.cscale[i] = vec.EncodeU16(w.cum16[off:off+sz], cum)
		w.top = mark
	case w.mode == modeCFR:
		// The opponent's current strategy times its reach, added to its
		// discounted strategy sum: Σ_t w_t·π_opp·σ_t (reach-weighted).
		reg := w.regret[n.Off : n.Off+int64(k*no)]
		mark := w.top
		vec.ReachUpdate(sig, w.cum[n.Off:n.Off+int64(k*no)], reg, reach, w.alloc(no), w.alloc(no), w.disc)
		w.top = mark
	default:
		if st := stored(w.src); st != nil {
			// A stored strategy: read and weighted in one pass.
			vec.MulRowsOf(sig, st[n.Off:n.Off+int64(k*no)], reach)
			break
		}
		w.src.strategyAt(w, i, n, sig)
		vec.MulRows(sig, reach)
	}
	for a := range k {
		w.down(n.Child+int32(a), sig[a*no:(a+1)*no], vals[a*nh:(a+1)*nh])
	}
}

// evalLeaves is phase 2. The opponent's blocker sums of every reach the
// street's terminals see are computed first, two reaches per sweep (the
// children of a traverser's node, next to each other in preorder, share
// one); then the terminals are evaluated, showdowns two at a time, and the
// chance nodes walked.
func (w *walker) evalLeaves(leaves []streetLeaf) {
	g := w.g
	o := w.trav ^ 1
	b0 := len(w.bls)
	var last *float32
	todo := -1 // a leaf whose new blocker sums wait for a second reach
	for li := range leaves {
		l := &leaves[li]
		l.bl = -1
		n := &g.Nodes[l.node]
		if n.Kind == ChanceNode || len(l.reach) == 0 {
			continue
		}
		if n.Kind == ShowdownNode {
			if _, tie, _ := g.payoffs(n); tie != 0 {
				continue // evalShowdownRake keeps sums of its own
			}
		}
		if p := &l.reach[0]; p == last {
			l.bl = int32(len(w.bls) - 1)
			continue
		}
		last = &l.reach[0]
		w.bls = append(w.bls, blockers{})
		l.bl = int32(len(w.bls) - 1)
		if todo < 0 {
			todo = li
			continue
		}
		t := &leaves[todo]
		blockerSumsPair(g, o, t.reach, &w.bls[t.bl], l.reach, &w.bls[l.bl])
		todo = -1
	}
	if todo >= 0 {
		t := &leaves[todo]
		blockersOf(&w.bls[t.bl], g, o, t.reach)
	}
	// Showdowns go two at a time; a street's odd one out joins the last
	// pair (they all share the street's river board).
	var sd [3]int
	ns := 0
	flush := func() {
		switch ns {
		case 1:
			l := &leaves[sd[0]]
			evalTerminalWith(g, l.node, w.trav, l.reach, l.out, &w.bls[l.bl])
		case 2:
			a, b := &leaves[sd[0]], &leaves[sd[1]]
			evalShowdownPair(g, &g.Nodes[a.node], &g.Nodes[b.node], w.trav, a.reach, a.out, &w.bls[a.bl], b.reach, b.out, &w.bls[b.bl])
		case 3:
			a, b, c := &leaves[sd[0]], &leaves[sd[1]], &leaves[sd[2]]
			evalShowdownTriple(g, &g.Nodes[a.node], &g.Nodes[b.node], &g.Nodes[c.node], w.trav, a.reach, a.out, &w.bls[a.bl], b.reach, b.out, &w.bls[b.bl], c.reach, c.out, &w.bls[c.bl])
		}
		ns = 0
	}
	showdowns := 0
	for li := range leaves {
		if l := &leaves[li]; l.bl >= 0 && g.Nodes[l.node].Kind == ShowdownNode {
			showdowns++
		}
	}
	for li := range leaves {
		l := &leaves[li]
		n := &g.Nodes[l.node]
		switch {
		case n.Kind == ChanceNode:
			w.chance(l.node, n, l.reach, l.out)
		case l.bl < 0:
			g.EvalTerminal(l.node, w.trav, l.reach, l.out)
		case n.Kind == FoldNode:
			evalTerminalWith(g, l.node, w.trav, l.reach, l.out, &w.bls[l.bl])
		default:
			if ns > 0 && g.Nodes[leaves[sd[0]].node].Board != n.Board {
				flush()
			}
			sd[ns] = li
			ns++
			showdowns--
			if ns == 3 || ns == 2 && showdowns != 1 {
				flush()
			}
		}
	}
	flush()
	w.bls = w.bls[:b0]
}

// up is phase 3 over the street's decision nodes (in preorder).
func (w *walker) up(nodes []streetNode) {
	g := w.g
	for j := len(nodes) - 1; j >= 0; j-- {
		s := &nodes[j]
		n := &g.Nodes[s.node]
		nh := len(s.out)
		k := int(n.NumChildren)
		if int(n.Kind) != w.trav {
			// The opponent acts: its children's values add, in order.
			copy(s.out, s.vals[:nh])
			for a := 1; a < k; a++ {
				vec.Add(s.out, s.vals[a*nh:(a+1)*nh])
			}
			continue
		}
		mark := w.top
		switch w.mode {
		case modeCFR:
			if w.reg16 != nil {
				off, sz := n.Off, int64(k*nh)
				reg := w.alloc(k * nh)
				vec.Decode16(reg, w.reg16[off:off+sz], w.rscale[s.node])
				vec.RegretValueUpdate(s.out, reg, s.vals, w.alloc(nh), w.alloc(nh), w.pos, w.neg)
				w.rscale[s.node] = vec.Encode16(w.reg16[off:off+sz], reg)
				break
			}
			reg := w.regret[n.Off : n.Off+int64(k*nh)]
			vec.RegretValueUpdate(s.out, reg, s.vals, w.alloc(nh), w.alloc(nh), w.pos, w.neg)
		case modeBR:
			vec.MaxRows(s.out, s.vals)
		case modeEV:
			if st := stored(w.src); st != nil {
				vec.DotRows(s.out, st[n.Off:n.Off+int64(k*nh)], s.vals)
				break
			}
			sig := w.alloc(k * nh)
			w.src.strategyAt(w, s.node, n, sig)
			vec.DotRows(s.out, sig, s.vals)
		case modeHook:
			w.hook.Combine(s.node, s.reach, s.vals, s.out, w.alloc(2*nh))
		}
		w.top = mark
	}
}

// walkNeed is what a walker needs from action-tree node a: float32
// scratch, street nodes and street leaves held at once (upper bounds:
// every chance node dealing every card left).
type walkNeed struct{ floats, nodes, leaves int }

// walkBound returns the walkNeed of a traversal from action-tree node a
// with dealt cards dealt so far (besides the spot's board).
func (g *Game) walkBound(a int32, dealt int) walkNeed {
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	an := &g.Tree.Nodes[a]
	switch {
	case an.Kind.Terminal():
		return walkNeed{}
	case an.Kind == ChanceNode:
		// The scaled reach, one row per card (on cache-line strides), each
		// card's copy of the reach.
		k := cards.NumCards - len(g.Spot.Board) - dealt
		c := g.walkBound(an.Children[0], dealt+1)
		c.floats += nh + k*((nh+15)&^15) + nh
		return c
	}
	// A street: every node's rows, the largest temporary of phase 3 (a
	// strategy block and two rows), and the deepest next street.
	var own walkNeed
	var next walkNeed
	temp := 0
	var visit func(a int32)
	visit = func(a int32) {
		an := &g.Tree.Nodes[a]
		switch {
		case an.Kind.Terminal():
			own.leaves++
		case an.Kind == ChanceNode:
			own.leaves++
			c := g.walkBound(a, dealt)
			next.floats, next.nodes, next.leaves = max(next.floats, c.floats), max(next.nodes, c.nodes), max(next.leaves, c.leaves)
		default:
			k := len(an.Children)
			own.nodes++
			own.floats += 2 * k * nh
			temp = max(temp, 2*k*nh+2*nh) // the compressed mode's decoded blocks
			for _, c := range an.Children {
				visit(c)
			}
		}
	}
	visit(a)
	return walkNeed{own.floats + max(temp, next.floats), own.nodes + next.nodes, own.leaves + next.leaves}
}
