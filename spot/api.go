package spot

import (
	"math"
	"slices"
	"sync"
)

// This file is the interface other solvers of the same spots build on (a
// logit QRE by damped fixed-point iteration or magnetic mirror descent, for
// example): everything is computed on the same game tree, in float64, for
// any Strategy, and written into flat arrays in two layouts:
//
//   - the per-action layout of Strategy: at decision node n of player p,
//     entry Nodes[n].Off + a·NumHands(p) + h is action a for hand h;
//   - the per-hand layout of HandLayout: at decision node n of player p,
//     entry off[n] + h is hand h.

var handLayouts sync.Map // *Game → handLayout

type handLayout struct {
	off  []int64
	size int64
}

// HandLayout returns, for every node, the offset of its hand vector (one
// entry per hand of the player to act) in a flat per-node array, -1 at
// chance and terminal nodes, and the length of such an array. It is
// computed once per game.
func (g *Game) HandLayout() (off []int64, size int64) {
	if v, ok := handLayouts.Load(g); ok {
		l := v.(*handLayout)
		return l.off, l.size
	}
	l := &handLayout{off: make([]int64, len(g.Nodes))}
	for i := range g.Nodes {
		p := g.Player(int32(i))
		if p < 0 {
			l.off[i] = -1
			continue
		}
		l.off[i] = l.size
		l.size += int64(len(g.Hands[p]))
	}
	v, _ := handLayouts.LoadOrStore(g, l)
	l = v.(*handLayout)
	return l.off, l.size
}

// ActionValues evaluates σ for player p and fills, at every decision node of
// p:
//
//   - ev (Strategy's layout, length Size): the expected value in chips of
//     each action for each hand, conditional on reaching the node with that
//     hand (Bayes beliefs over the opponent's hands from its strategy and
//     card removal): Q(a|I) in the convention of the spot's values (share of
//     the pot minus what the player put in beyond the starting pot); NaN
//     where the opponent holds no hand that reaches the node against h;
//   - mass (HandLayout, may be nil): the probability weight of the
//     opponent's and chance's part of reaching the node with each hand,
//     Σ over the opponent's hands sharing no card with h of their reach
//     (range weight × strategy along the line × chance), the denominator of
//     those beliefs.
//
// Entries at other nodes are left alone. It returns p's value of σ. Cost:
// one pass over the tree. With isomorphic cards merged (the default), a node
// stands for all its isomorphic twins: the values are those of the
// representative, which is exact for suit-symmetric strategies.
func (g *Game) ActionValues(σ Strategy, p int, ev, mass []float64) float64 {
	if int64(len(ev)) != g.Size {
		panic("spot: ActionValues: ev has the wrong length")
	}
	off, size := g.HandLayout()
	if mass != nil && int64(len(mass)) != size {
		panic("spot: ActionValues: mass has the wrong length")
	}
	e := newExact(g, σ)
	nh := len(g.Hands[p])
	m := make([]float64, nh)
	e.onActions = func(n int32, x, oppReach []float64) {
		nd := &g.Nodes[n]
		g.compatibleMassTo(m, p, oppReach)
		for a := range int(nd.NumChildren) {
			for h := range nh {
				v := math.NaN()
				if m[h] > 0 {
					v = float64(g.Spot.Pot)/2 + g.Combos*x[a*nh+h]/m[h]
				}
				ev[nd.Off+int64(a*nh+h)] = v
			}
		}
		if mass != nil {
			copy(mass[off[n]:off[n]+int64(nh)], m)
		}
	}
	return g.rootValue64(p, e.run(0, p, false, g.rootReach(p^1)))
}

// OwnReach fills reach (HandLayout) at every decision node of player p with
// p's reach of each hand under σ: its range weight times the probability of
// its own actions on the line to the node (chance excluded; 0 for hands
// holding a card dealt on the line). Entries at other nodes are left alone.
func (g *Game) OwnReach(σ Strategy, p int, reach []float64) {
	off, size := g.HandLayout()
	if int64(len(reach)) != size {
		panic("spot: OwnReach: reach has the wrong length")
	}
	e := newExact(g, σ)
	// In the opponent's pass, p's reach is the "opponent reach" at every
	// node; chance scaling is divided out.
	e.onEnter = func(n int32, oppReach []float64) {
		if g.Player(n) != p {
			return
		}
		c := e.chance
		dst := reach[off[n] : off[n]+int64(len(g.Hands[p]))]
		for h, r := range oppReach {
			dst[h] = r / c
		}
	}
	e.run(0, p^1, false, g.rootReach(p))
}

// NodeReach returns, for every node, the probability that play under σ
// reaches it: Σ over compatible deals of both players' reach (range weights ×
// strategies along the line) and the chance probabilities, divided by
// Combos. The root has probability 1; a decision node's children add up to
// it; a chance node's children add up to it once each child is counted as
// many times as the cards it stands for (itself and its isomorphic twins).
// Cost: one forward pass, O(nodes × hands).
func (g *Game) NodeReach(σ Strategy) []float64 {
	g.checkStrategy(σ)
	out := make([]float64, len(g.Nodes))
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	mass := make([]float64, nh)
	var walk func(i int32, r0, r1 []float64, chance float64)
	walk = func(i int32, r0, r1 []float64, chance float64) {
		g.compatibleMassTo(mass, 0, r1)
		var p float64
		for h, x := range r0 {
			p += x * mass[h]
		}
		out[i] = p * chance / g.Combos
		n := &g.Nodes[i]
		switch {
		case n.Kind.Terminal():
		case n.Kind == ChanceNode:
			bs := &g.boards[n.Board]
			for k := range int32(n.NumChildren) {
				c := n.Child + k
				card := g.Nodes[c].Card
				c0, c1 := slices.Clone(r0), slices.Clone(r1)
				for _, h := range g.with[0][card] {
					c0[h] = 0
				}
				for _, h := range g.with[1][card] {
					c1[h] = 0
				}
				walk(c, c0, c1, chance*bs.factor64)
			}
		default:
			p := g.Player(i)
			nhp := len(g.Hands[p])
			k := int(n.NumChildren)
			for a := range k {
				src := r0
				if p == IP {
					src = r1
				}
				r := make([]float64, len(src))
				for h := range nhp {
					var s float64
					for b := range k {
						s += float64(σ[n.Off+int64(b*nhp+h)])
					}
					x := 1 / float64(k)
					if s > 0 {
						x = float64(σ[n.Off+int64(a*nhp+h)]) / s
					}
					r[h] = src[h] * x
				}
				if p == OOP {
					walk(n.Child+int32(a), r, r1, chance)
				} else {
					walk(n.Child+int32(a), r0, r, chance)
				}
			}
		}
	}
	walk(0, g.rootReach(0), g.rootReach(1), 1)
	return out
}
