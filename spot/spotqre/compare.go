package spotqre

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"pokerlab/cards"
	"pokerlab/spot"
)

// Profile is what one pass per player measures of a strategy: the action
// values of every information set (conditional on reaching it, as in the
// QRE's definition), the probability of reaching each information set and
// each decision node, and each hand's value at the root.
type Profile struct {
	// Q holds Q(a|I) in chips, spot.Strategy's layout (NaN where the
	// opponent holds no hand against h).
	Q []float64
	// Reach (HandLayout) is P(I): the probability that the deal and both
	// players' play reach the information set.
	Reach []float64
	// NodeReach[n] is the probability that play reaches decision node n
	// given the cards dealt on its line: Σ_h P(n, h) divided by the chance
	// probability of those cards (0 at chance and terminal nodes).
	NodeReach []float64
	// RootEV[p][h] is hand h's expected value at the root in chips, as
	// spot's reports give it.
	RootEV [2][]float64
}

// Analyze measures σ (spot.Strategy's layout, float64) on g: two passes.
func Analyze(g *spot.Game, σ []float64) *Profile {
	if int64(len(σ)) != g.Size {
		panic("spotqre: Analyze: strategy has the wrong length for this game")
	}
	off, size := g.HandLayout()
	w := newWalker[float64](g, nil)
	pr := &Profile{Q: make([]float64, g.Size), Reach: make([]float64, size), NodeReach: make([]float64, g.NumNodes())}
	w.σ, w.q, w.reachI = σ, pr.Q, pr.Reach
	for p := range 2 {
		w.pass(p, modeQ)
		pr.RootEV[p] = rootEV(g, w, p)
	}
	chance := chanceProducts(g)
	for i := range g.Nodes {
		p := g.Player(int32(i))
		if p < 0 {
			continue
		}
		var s float64
		for _, r := range pr.Reach[off[i] : off[i]+int64(g.NumHands(p))] {
			s += r
		}
		pr.NodeReach[i] = s / chance[i]
	}
	return pr
}

// rootEV turns the values of the last pass (the walker's root vector) into
// each hand's EV: pot/2 + Combos·v(h)/m(h), m the opponent's compatible
// range.
func rootEV(g *spot.Game, w *walker[float64], p int) []float64 {
	o := p ^ 1
	reach := make([]float64, g.NumHands(o))
	for i, x := range g.Weights[o] {
		reach[i] = float64(x)
	}
	m := g.CompatibleMass(make([]float64, g.NumHands(p)), p, reach)
	ev := make([]float64, g.NumHands(p))
	for h := range ev {
		ev[h] = math.NaN()
		if m[h] > 0 {
			ev[h] = float64(g.Spot.Pot)/2 + g.Combos*w.root[h]/m[h]
		}
	}
	return ev
}

// chanceProducts returns, per node, the product of the chance
// probabilities of the cards dealt on its line.
func chanceProducts(g *spot.Game) []float64 {
	c := make([]float64, g.NumNodes())
	c[0] = 1
	for i := range g.Nodes {
		n := &g.Nodes[i]
		f := 1.0
		if n.Kind == spot.ChanceNode {
			f = g.ChanceFactor(int32(i))
		}
		for k := range int32(n.NumChildren) {
			c[n.Child+k] = c[i] * f
		}
	}
	return c
}

// Lines returns every node's line from the root in spot's node notation
// ("x b120 c 7s"; the root is ""). A card is the one the game tree deals
// (one per class of isomorphic cards).
func Lines(g *spot.Game) []string {
	steps := make([][]string, g.NumNodes())
	for i := range g.Nodes {
		n := &g.Nodes[i]
		for k := range int32(n.NumChildren) {
			c := n.Child + k
			var s string
			if n.Kind == spot.ChanceNode {
				s = cards.Card(g.Nodes[c].Card).String()
			} else {
				s = g.Actions(int32(i))[k].String()
			}
			steps[c] = append(slices.Clip(steps[i]), s)
		}
	}
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = strings.Join(s, " ")
	}
	return out
}

// CompareOptions configure Compare.
type CompareOptions struct {
	// GhostReach is the node reach below which a node of the Nash profile is
	// a ghost line (0: 1e-3).
	GhostReach float64
	// Top is the number of ghost nodes and of hand changes listed (0: 10).
	Top int
}

// NodeDistance is the distance between two strategies at one decision node.
type NodeDistance struct {
	Node                int32
	Line                string
	Player              int
	NashReach, QREReach float64 // node reach (Profile.NodeReach)
	TV                  float64 // P_QRE(I)-weighted mean total variation over the hands
	NashLoss, QRELoss   float64 // P_QRE(I)-weighted mean loss, chips (see Compare)
	Ghost               bool
	Actions             []spot.Action
	NashFreq, QREFreq   []float64 // range frequencies of each action (P_QRE(I)-weighted)
}

// ClassEV is a starting-hand class's value under both strategies.
type ClassEV struct {
	Class        cards.StartingHand
	Combos       float64 // range weight
	Nash, QRE    float64 // mean EV, chips
	Difference   float64 // QRE − Nash
	Player       int
	InRangeHands int
}

// HandChange is one information set where the strategies differ.
type HandChange struct {
	Line        string
	Player      int
	Hand        cards.Hole
	Actions     []spot.Action
	Nash, QRE   []float64
	TV          float64
	Probability float64 // P_QRE(I)
}

// Comparison measures how far a QRE is from a Nash equilibrium of the
// same spot.
type Comparison struct {
	Lambda float64
	// MeanTV is the total variation between the two action distributions,
	// averaged over all information sets weighted by the QRE's probability
	// of reaching them.
	MeanTV float64
	Nodes  []NodeDistance
	// ClassEV lists each player's classes with their root EV under both.
	ClassEV [2][]ClassEV
	// GhostReach is the threshold; Ghosts the ghost nodes by decreasing
	// loss of the Nash strategy (Top of them), GhostCount all of them.
	GhostReach float64
	Ghosts     []NodeDistance
	GhostCount int
	// Mean losses (chips per information set, P_QRE(I)-weighted) at ghost
	// nodes and at the other nodes.
	NashLossGhost, QRELossGhost, NashLossOther, QRELossOther float64
	// Changes are the information sets with the largest P_QRE(I)·TV.
	Changes []HandChange
}

// Compare measures the QRE qre against the Nash strategy nash (both
// spot.Strategy's layout, float64; nash normalised per column) on g, with
// qp = Analyze(g, qre) and np = Analyze(g, nash):
//
//   - per node, the total variation ½Σ_a|σ_QRE(a|I) − σ_Nash(a|I)| averaged
//     over the acting player's hands with the QRE's information-set
//     probabilities P_QRE(I) (the QRE reaches every node; the Nash profile
//     does not);
//   - per class, each player's root EV under both;
//   - ghost lines: the decision nodes the Nash profile reaches with
//     probability below GhostReach (given the cards dealt on the line), and
//     at every node how much each strategy loses against a best response
//     restricted to the node: max_a Q(a|I) − Σ_a σ(a|I)·Q(a|I), with the
//     action values of the QRE (its beliefs and continuation, well defined
//     where Nash play never goes), averaged over hands with P_QRE(I) — as
//     the report does for Kuhn poker and Leduc Hold'em;
//   - the information sets whose action distribution moves most, ranked by
//     P_QRE(I)·TV.
func Compare(g *spot.Game, nash, qre []float64, lambda float64, np, qp *Profile, opt CompareOptions) *Comparison {
	if opt.GhostReach == 0 {
		opt.GhostReach = 1e-3
	}
	if opt.Top == 0 {
		opt.Top = 10
	}
	off, _ := g.HandLayout()
	lines := Lines(g)
	c := &Comparison{Lambda: lambda, GhostReach: opt.GhostReach}
	var tvSum, wSum float64
	var lossN, lossQ, lossW [2]float64 // [other, ghost]
	var changes []HandChange
	for i := range g.Nodes {
		n := int32(i)
		p := g.Player(n)
		if p < 0 {
			continue
		}
		nd := &g.Nodes[i]
		k, nh := int(nd.NumChildren), g.NumHands(p)
		d := NodeDistance{Node: n, Line: lines[i], Player: p, NashReach: np.NodeReach[i], QREReach: qp.NodeReach[i],
			Actions: g.Actions(n), NashFreq: make([]float64, k), QREFreq: make([]float64, k)}
		d.Ghost = d.NashReach < opt.GhostReach
		var w, tv, ln, lq float64
		for h := range nh {
			pI := qp.Reach[off[i]+int64(h)]
			if pI <= 0 {
				continue
			}
			var t, best, vN, vQ float64
			best = math.Inf(-1)
			valid := true
			for a := range k {
				j := nd.Off + int64(a*nh+h)
				t += math.Abs(qre[j] - nash[j])
				d.NashFreq[a] += pI * nash[j]
				d.QREFreq[a] += pI * qre[j]
				q := qp.Q[j]
				if math.IsNaN(q) {
					valid = false
					continue
				}
				best = max(best, q)
				vN += nash[j] * q
				vQ += qre[j] * q
			}
			t /= 2
			w += pI
			tv += pI * t
			if valid {
				ln += pI * (best - vN)
				lq += pI * (best - vQ)
			}
			if t > 0 {
				hc := HandChange{Line: lines[i], Player: p, Hand: g.Hands[p][h], Actions: d.Actions, TV: t, Probability: pI,
					Nash: make([]float64, k), QRE: make([]float64, k)}
				for a := range k {
					j := nd.Off + int64(a*nh+h)
					hc.Nash[a], hc.QRE[a] = nash[j], qre[j]
				}
				changes = append(changes, hc)
			}
		}
		if w > 0 {
			d.TV, d.NashLoss, d.QRELoss = tv/w, ln/w, lq/w
			for a := range k {
				d.NashFreq[a] /= w
				d.QREFreq[a] /= w
			}
		}
		tvSum += tv
		wSum += w
		gi := 0
		if d.Ghost {
			gi = 1
			c.GhostCount++
		}
		lossN[gi] += ln
		lossQ[gi] += lq
		lossW[gi] += w
		c.Nodes = append(c.Nodes, d)
	}
	if wSum > 0 {
		c.MeanTV = tvSum / wSum
	}
	div := func(a, b float64) float64 {
		if b == 0 {
			return 0
		}
		return a / b
	}
	c.NashLossOther, c.QRELossOther = div(lossN[0], lossW[0]), div(lossQ[0], lossW[0])
	c.NashLossGhost, c.QRELossGhost = div(lossN[1], lossW[1]), div(lossQ[1], lossW[1])
	for _, d := range c.Nodes {
		if d.Ghost {
			c.Ghosts = append(c.Ghosts, d)
		}
	}
	slices.SortStableFunc(c.Ghosts, func(a, b NodeDistance) int { return cmp.Compare(b.NashLoss, a.NashLoss) })
	if len(c.Ghosts) > opt.Top {
		c.Ghosts = c.Ghosts[:opt.Top]
	}
	slices.SortStableFunc(changes, func(a, b HandChange) int { return cmp.Compare(b.Probability*b.TV, a.Probability*a.TV) })
	if len(changes) > opt.Top {
		changes = changes[:opt.Top]
	}
	c.Changes = slices.Clip(changes)
	for p := range 2 {
		c.ClassEV[p] = classEVs(g, p, np.RootEV[p], qp.RootEV[p])
	}
	return c
}

// classEVs aggregates root EVs by starting-hand class, weighted by the
// range weights.
func classEVs(g *spot.Game, p int, nash, qre []float64) []ClassEV {
	var acc [cards.NumStartingHands]ClassEV
	for h, hole := range g.Hands[p] {
		if math.IsNaN(nash[h]) || math.IsNaN(qre[h]) {
			continue
		}
		cl := hole.Class()
		w := float64(g.Weights[p][h])
		a := &acc[cl]
		a.Class, a.Player = cl, p
		a.Combos += w
		a.Nash += w * nash[h]
		a.QRE += w * qre[h]
		a.InRangeHands++
	}
	var out []ClassEV
	for _, a := range acc {
		if a.Combos == 0 {
			continue
		}
		a.Nash /= a.Combos
		a.QRE /= a.Combos
		a.Difference = a.QRE - a.Nash
		out = append(out, a)
	}
	slices.SortStableFunc(out, func(a, b ClassEV) int { return cmp.Compare(math.Abs(b.Difference), math.Abs(a.Difference)) })
	return out
}

// Normalize returns σ in float64 with each column divided by its sum (a
// float32 strategy's columns sum to 1 only within float32 rounding).
func Normalize(g *spot.Game, σ spot.Strategy) []float64 {
	out := make([]float64, len(σ))
	for i := range g.Nodes {
		n := &g.Nodes[i]
		p := g.Player(int32(i))
		if p < 0 {
			continue
		}
		k, nh := int(n.NumChildren), g.NumHands(p)
		for h := range nh {
			var s float64
			for a := range k {
				s += float64(σ[n.Off+int64(a*nh+h)])
			}
			for a := range k {
				j := n.Off + int64(a*nh+h)
				if s > 0 {
					out[j] = float64(σ[j]) / s
				} else {
					out[j] = 1 / float64(k)
				}
			}
		}
	}
	return out
}

// FitInverse fits the exploitability along the path to c/λ: over the
// points with λ ≥ minLambda, slope is the least-squares slope of log
// exploitability against log λ (−1 for c/λ) and c the geometric mean of
// λ·exploitability/pot (the coefficient with the slope fixed at −1, in
// units of the pot, as the QRE note's c/λ).
func FitInverse(path []PathPoint, pot, minLambda float64) (c, slope float64, n int) {
	var sx, sy, sxx, sxy, sl float64
	for _, p := range path {
		if p.Lambda < minLambda || !(p.Exploitability > 0) {
			continue
		}
		x, y := math.Log(p.Lambda), math.Log(p.Exploitability)
		sx += x
		sy += y
		sxx += x * x
		sxy += x * y
		sl += math.Log(p.Lambda * p.Exploitability / pot)
		n++
	}
	if n < 2 {
		return math.NaN(), math.NaN(), n
	}
	fn := float64(n)
	slope = (fn*sxy - sx*sy) / (fn*sxx - sx*sx)
	return math.Exp(sl / fn), slope, n
}
