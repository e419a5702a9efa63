package spot

import (
	"math"
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
