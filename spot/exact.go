package spot

// exact evaluates a strategy in float64: the same traversal as the solver's
// walker (terminal sweeps, chance nodes with isomorphic cards, values
// through the strategy or a best response) without the solver's float32
// storage, for the numbers a user reads and the tests compare. It is
// sequential; a pass costs about one solver iteration.
type exact struct {
	g    *Game
	σ    Strategy
	trav int
	br   bool // the traverser best-responds
	buf  []float64
	top  int
	// onEnter, when set, sees every node as the walk enters it with the
	// opponent's reach there; onActions sees the traverser's action values
	// at its decision nodes (with the opponent's reach). chance is the
	// product of the chance probabilities on the current line.
	onEnter   func(n int32, oppReach []float64)
	onActions func(n int32, x, oppReach []float64)
	chance    float64
}

func newExact(g *Game, σ Strategy) *exact {
	g.checkStrategy(σ)
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	return &exact{g: g, σ: σ, buf: make([]float64, g.scratch+4*nh+64)}
}

func (e *exact) alloc(n int) []float64 {
	s := e.buf[e.top : e.top+n : e.top+n]
	e.top += n
	return s
}

// run returns the traverser's values at node i (one per hand) given the
// opponent's reach there; the slice is valid until the next run.
func (e *exact) run(i int32, trav int, br bool, oppReach []float64) []float64 {
	e.trav, e.br, e.top, e.chance = trav, br, 0, 1
	out := e.alloc(len(e.g.Hands[trav]))
	e.walk(i, oppReach, out)
	return out
}

func (e *exact) walk(i int32, reach, out []float64) {
	g := e.g
	n := &g.Nodes[i]
	mark := e.top
	if e.onEnter != nil {
		e.onEnter(i, reach)
	}
	switch n.Kind {
	case FoldNode, ShowdownNode:
		evalTerminal(g, i, e.trav, reach, out)
	case ChanceNode:
		bs := &g.boards[n.Board]
		nh, k := len(out), int(n.NumChildren)
		rs := e.alloc(len(reach))
		for h, r := range reach {
			rs[h] = r * bs.factor64
		}
		rows := e.alloc(k * nh)
		rc := e.alloc(len(reach))
		chance := e.chance
		e.chance *= bs.factor64
		for c := range k {
			ci := n.Child + int32(c)
			card := g.Nodes[ci].Card
			copy(rc, rs)
			for _, h := range g.with[e.trav^1][card] {
				rc[h] = 0
			}
			row := rows[c*nh : (c+1)*nh]
			e.walk(ci, rc, row)
			for _, h := range g.with[e.trav][card] {
				row[h] = 0
			}
		}
		e.chance = chance
		clear(out)
		for c := range k {
			for h, x := range rows[c*nh : (c+1)*nh] {
				out[h] += x
			}
		}
		for _, iso := range bs.iso {
			row := rows[int(iso.Child)*nh : int(iso.Child+1)*nh]
			for h, j := range g.perms[e.trav][iso.Pair] {
				out[h] += row[j]
			}
		}
	default:
		k := int(n.NumChildren)
		p := g.Player(i)
		nh := len(g.Hands[p])
		σ := e.strategy(n, k, nh)
		if p == e.trav {
			x := e.alloc(k * len(out))
			for a := range k {
				e.walk(n.Child+int32(a), reach, x[a*nh:(a+1)*nh])
			}
			if e.onActions != nil {
				e.onActions(i, x, reach)
			}
			if e.br {
				copy(out, x[:nh])
				for a := 1; a < k; a++ {
					for h, v := range x[a*nh : (a+1)*nh] {
						out[h] = max(out[h], v)
					}
				}
			} else {
				clear(out)
				for a := range k {
					for h, v := range x[a*nh : (a+1)*nh] {
						out[h] += σ[a*nh+h] * v
					}
				}
			}
		} else {
			ra := e.alloc(len(reach))
			tmp := e.alloc(len(out))
			clear(out)
			for a := range k {
				for h, r := range reach {
					ra[h] = σ[a*nh+h] * r
				}
				e.walk(n.Child+int32(a), ra, tmp)
				for h, v := range tmp {
					out[h] += v
				}
			}
		}
	}
	e.top = mark
}

// strategy returns the node's strategy in float64, each hand's column
// divided by its float64 sum (a float32 strategy sums to 1 only within
// float32 rounding; without this the values would carry that rounding
// times the pot).
func (e *exact) strategy(n *Node, k, nh int) []float64 {
	src := e.σ[n.Off : n.Off+int64(k*nh)]
	σ := e.alloc(k * nh)
	den := σ[:nh]
	for a := range k {
		for h, x := range src[a*nh : (a+1)*nh] {
			σ[a*nh+h] = float64(x)
		}
	}
	sum := e.alloc(nh)
	copy(sum, den)
	for a := 1; a < k; a++ {
		for h, x := range σ[a*nh : (a+1)*nh] {
			sum[h] += x
		}
	}
	for a := range k {
		for h := range nh {
			if sum[h] > 0 {
				σ[a*nh+h] /= sum[h]
			} else {
				σ[a*nh+h] = 1 / float64(k)
			}
		}
	}
	e.top -= nh
	return σ
}

// rootReach returns player p's range weights as float64 (its reach at the
// root).
func (g *Game) rootReach(p int) []float64 {
	r := make([]float64, len(g.Weights[p]))
	for i, w := range g.Weights[p] {
		r[i] = float64(w)
	}
	return r
}

func (g *Game) rootValue64(p int, v []float64) float64 {
	var sum float64
	for h, x := range v {
		sum += float64(g.Weights[p][h]) * x
	}
	return float64(g.Spot.Pot)/2 + sum
}
