package spot

// Strategy is a behaviour strategy for both players: at every decision node
// n, the block at Nodes[n].Off holds one row per action of the probability of
// that action for each hand of the player to act ([actions × hands],
// row-major); every column sums to 1. A DCFR average, a stored result and a
// QRE are all Strategies.
type Strategy []float32

func (s Strategy) strategyAt(_ *walker, _ int32, n *Node, dst []float32) {
	copy(dst, s[n.Off:n.Off+int64(len(dst))])
}

// stored returns src's array when it is a stored Strategy (a value or a
// pointer to one), nil otherwise.
func stored(src strategySource) Strategy {
	switch st := src.(type) {
	case Strategy:
		return st
	case *Strategy:
		return *st
	}
	return nil
}

// Uniform returns the strategy that plays every action with equal
// probability.
func (g *Game) Uniform() Strategy {
	s := make(Strategy, g.Size)
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Off < 0 {
			continue
		}
		nh := len(g.Hands[g.Player(int32(i))])
		k := int(n.NumChildren)
		blk := s[n.Off : n.Off+int64(k*nh)]
		for j := range blk {
			blk[j] = 1 / float32(k)
		}
	}
	return s
}

// rootValue turns root counterfactual values into chips: Σ_h w(h)·v(h) is
// the expected gain over half the starting pot.
func (g *Game) rootValue(p int, v []float32) float64 {
	var sum float64
	for h, x := range v {
		sum += float64(g.Weights[p][h]) * float64(x)
	}
	return float64(g.Spot.Pot)/2 + sum
}

// pass runs one traversal for player p on w and returns p's root value.
func (g *Game) pass(w *walker, p int, mode walkMode, src strategySource) float64 {
	w.trav, w.mode, w.src = p, mode, src
	w.top, w.top64 = 0, 0
	out := w.alloc(len(g.Hands[p]))
	w.walk(0, g.Weights[p^1], out)
	return g.rootValue(p, out)
}

func (g *Game) bestResponse(w *walker, src strategySource) (br [2]float64) {
	for p := range 2 {
		br[p] = g.pass(w, p, modeBR, src)
	}
	return br
}

func (g *Game) values(w *walker, src strategySource) (v [2]float64) {
	for p := range 2 {
		v[p] = g.pass(w, p, modeEV, src)
	}
	return v
}

// Evaluation is what a strategy is worth: each player's expected share of
// the pot (chips; the two add up to the pot minus the expected rake), each
// player's best-response value against the other, and the exploitability
// (NashConv / 2, chips and % of the starting pot).
type Evaluation struct {
	Values         [2]float64
	BestResponse   [2]float64
	Exploitability float64
	Percent        float64
}

// Evaluate computes the values, best responses and exploitability of σ in
// float64 (sequential passes over the tree: both best responses and each
// player's value; without rake IP's value is the pot minus OOP's, one pass
// fewer).
func (g *Game) Evaluate(σ Strategy) Evaluation {
	e := newExact(g, σ)
	var ev Evaluation
	for p := range 2 {
		if p == IP && g.Spot.Rake == 0 {
			ev.Values[p] = float64(g.Spot.Pot) - ev.Values[OOP]
		} else {
			ev.Values[p] = g.rootValue64(p, e.run(0, p, false, g.rootReach(p^1)))
		}
		ev.BestResponse[p] = g.rootValue64(p, e.run(0, p, true, g.rootReach(p^1)))
	}
	ev.Exploitability = ((ev.BestResponse[0] - ev.Values[0]) + (ev.BestResponse[1] - ev.Values[1])) / 2
	ev.Percent = 100 * ev.Exploitability / float64(g.Spot.Pot)
	return ev
}

func (g *Game) checkStrategy(σ Strategy) {
	if int64(len(σ)) != g.Size {
		panic("spot: strategy has the wrong length for this game")
	}
}
