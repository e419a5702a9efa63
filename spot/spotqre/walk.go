package spotqre

import (
	"math"
	"sync/atomic"

	"pokerlab/cards"
	"pokerlab/internal/kernel/vec"
	"pokerlab/spot"
)

// walkMode says what a pass does at the traverser's decision nodes.
type walkMode uint8

const (
	// modeQ: record the action values Q(a|I) of the traverser's hands, the
	// opponent's mass behind them and, when the pass tracks it, the
	// probability of reaching each information set; play the current
	// strategy.
	modeQ walkMode = iota
	// modeRespond: replace the traverser's strategy, bottom up, by the logit
	// response softmax(λQ/pot) to the opponent's strategy and to its own
	// (already replaced) play below: the traverser's agent QRE given the
	// opponent, exact after one pass, because with perfect recall the
	// traverser's own play does not move its beliefs.
	modeRespond
	// modeBR: the traverser best-responds (max over actions, hand by hand).
	modeBR
)

// walker is a traversal of the game tree for one player (the traverser):
// the counterfactual values of all its hands at once given the opponent's
// reach, as package spot's own walks. F is the storage of the strategy,
// the values and the reach: float64 for the evaluations that decide
// convergence (a QRE's probabilities of dominated actions are far below
// float32's resolution of the others), float32 for the passes that need
// only a few digits (the tangent products of an inexact Newton step; see
// lowTangents). Sums over many terms (terminal sweeps, masses) are
// float64 in both, and so are the logit's exponentials. It allocates
// nothing per pass.
type walker[F number] struct {
	g    *spot.Game
	buf  []F
	top  int
	trav int
	mode walkMode
	// σ holds both players' strategies in spot.Strategy's layout.
	σ []F
	// q (spot.Strategy's layout), when set, receives Q(a|I) in chips at
	// the traverser's nodes (modeQ, modeRespond); NaN where the opponent
	// holds no hand against h. nil: each node's in the scratch (visit sees
	// them).
	q []F
	// mass (HandLayout), when set, receives the opponent's compatible
	// reach at the traverser's nodes, the denominator of its beliefs (the
	// tangent passes read it; nil: each node's in the scratch).
	mass []F
	// reachI (HandLayout), when set in modeQ, receives the probability of
	// reaching each of the traverser's information sets: its own reach
	// times mass / Combos.
	reachI []F
	// roff[i], when set, is node i's start in reachI (nil: HandLayout's).
	roff []int64
	// visit, when set, sees every node of the traverser in modeQ once its
	// action values are known (q nil: they are in the scratch only).
	visit visitor[F]
	scale float64 // λ / pot
	// root holds the traverser's values at the root after a pass.
	root []F
	hoff []int64 // HandLayout offsets
	// dσ (spot.Strategy's layout) is the tangent passes' derivative of
	// the strategy along a direction.
	dσ []F
	// The tangent passes' view of the point (setPoint): qh = Q − pot/2
	// (spot.Strategy's layout), inv = Combos/m and xs = m/Combos
	// (HandLayout), 0 without beliefs.
	qh, inv, xs []F
	// dy receives IP's dQ in a tangent pass (modeQ), in the compact layout
	// of IP's unknowns (coff: each node's compact offset), and v's entry
	// where the information set has no beliefs (Solver.tangent's
	// convention): no copy of a tree-layout array.
	dy, v []float64
	coff  []int
	// compl: dy receives v − dQ instead ((I − y')v, the Newton system's
	// product), the subtraction done while the entries are at hand.
	compl bool
	mean  []float64 // direction's scratch
	iso   [][]spot.IsoCard
	ar    *arena
	// crew, when set, walks the children of the outermost chance nodes
	// beside this walker (crew.go); inChance: the walker is inside one
	// of those children; next hands them out.
	crew     *crew[F]
	inChance bool
	next     atomic.Int32
}

// number is the walker's storage type.
type number = spot.Real

// newWalker prepares a walker of g whose large arrays (setPoint's) come
// from ar (nil: the heap).
func newWalker[F number](g *spot.Game, ar *arena) *walker[F] {
	off, _ := g.HandLayout()
	w := &walker[F]{g: g, ar: ar, hoff: off, iso: make([][]spot.IsoCard, g.NumNodes())}
	for i := range g.Nodes {
		if g.Nodes[i].Kind == spot.ChanceNode {
			w.iso[i] = g.IsoCards(int32(i))
		}
	}
	w.buf = make([]F, scratch(g, 0)+4*max(g.NumHands(0), g.NumHands(1))+64)
	w.mean = make([]float64, max(g.NumHands(0), g.NumHands(1)))
	return w
}

// scratch returns the float64 scratch a pass from node i needs: the largest,
// over paths, of what each node keeps while its children run.
func scratch(g *spot.Game, i int32) int {
	n := &g.Nodes[i]
	nh := max(g.NumHands(0), g.NumHands(1))
	var deepest int
	for c := range int32(n.NumChildren) {
		deepest = max(deepest, scratch(g, n.Child+c))
	}
	switch {
	case n.Kind.Terminal():
		return 0
	case n.Kind == spot.ChanceNode:
		// Scaled reach, a copy per child, the own reach, the rows (and
		// their derivatives in a tangent pass).
		return 2*nh*(3+int(n.NumChildren)) + deepest
	default:
		// Action rows, a child's reach or own reach, a child's values (and
		// their derivatives).
		return 2*(int(n.NumChildren)+3)*nh + deepest
	}
}

// visitor receives, at a traverser's node i in modeQ, its action values
// q (k × nh, NaN without beliefs), its strategy σ and, per hand, the
// traverser's own reach and the opponent's compatible mass (the
// information set's probability is own·mass/Combos).
type visitor[F number] interface {
	node(i int32, q, σ, own, mass []F)
}

func (w *walker[F]) alloc(n int) []F {
	s := w.buf[w.top : w.top+n : w.top+n]
	w.top += n
	return s
}

// pass runs one traversal for player p and returns p's root value in chips
// (its expected share of the pot, as spot.Evaluate).
func (w *walker[F]) pass(p int, mode walkMode) float64 {
	g := w.g
	w.trav, w.mode, w.top = p, mode, 0
	reach := w.alloc(g.NumHands(p ^ 1))
	for i, x := range g.Weights[p^1] {
		reach[i] = F(x)
	}
	var own []F
	if w.reachI != nil || w.visit != nil && mode == modeQ {
		own = w.alloc(g.NumHands(p))
		for i, x := range g.Weights[p] {
			own[i] = F(x)
		}
	}
	out := w.alloc(g.NumHands(p))
	w.walk(0, reach, own, out)
	w.root = out
	var sum float64
	for h, v := range out {
		sum += float64(g.Weights[p][h]) * float64(v)
	}
	return float64(g.Spot.Pot)/2 + sum
}

// walk sets out (one value per traverser hand, counterfactual: weighted by
// the opponent's reach and chance, divided by Combos) at node i given the
// opponent's reach and, when tracked, the traverser's own reach.
func (w *walker[F]) walk(i int32, reach, own, out []F) {
	g := w.g
	n := &g.Nodes[i]
	mark := w.top
	switch {
	case n.Kind.Terminal():
		spot.EvalTerminalOf(g, i, w.trav, reach, out)
	case n.Kind == spot.ChanceNode:
		w.chance(i, n, reach, own, out)
	case g.Player(i) == w.trav:
		w.own(i, n, reach, own, out)
	default:
		w.opp(i, n, reach, own, out)
	}
	w.top = mark
}

// chance deals every representative card: the opponent's reach is scaled by
// the probability of a card and zeroed for its hands holding the card, the
// traverser's values (and own reach) for its hands holding it are 0; a
// left-out isomorphic card adds its representative's values with the suits
// swapped.
func (w *walker[F]) chance(i int32, n *spot.Node, reach, own, out []F) {
	g := w.g
	nh, k := len(out), int(n.NumChildren)
	f := F(g.ChanceFactor(i))
	rs := w.alloc(len(reach))
	for h, r := range reach {
		rs[h] = r * f
	}
	rows := w.alloc(k * nh)
	if w.canFork() {
		w.fork(i, rs, own, rows, nh)
	} else {
		var next atomic.Int32
		w.chanceChildren(i, &next, rs, own, rows, nh)
	}
	copy(out, rows[:nh]) // (no clearing pass: every node writes its out whole)
	for c := 1; c < k; c++ {
		for h, x := range rows[c*nh : (c+1)*nh] {
			out[h] += x
		}
	}
	for _, iso := range w.iso[i] {
		row := rows[int(iso.Child)*nh : int(iso.Child+1)*nh]
		for h, j := range iso.Perm[w.trav] {
			out[h] += row[j]
		}
	}
}

// chanceChildren walks the children of chance node i that next hands out
// (each once, whichever walker takes it): the opponent's scaled reach rs
// zeroed for its hands holding the card, the traverser's own reach
// likewise, child c's values into rows[c·nh:][:nh] with the traverser's
// hands holding the card at 0.
func (w *walker[F]) chanceChildren(i int32, next *atomic.Int32, rs, own, rows []F, nh int) {
	g := w.g
	n := &g.Nodes[i]
	k := int32(n.NumChildren)
	mark := w.top
	rc := w.alloc(len(rs))
	var oc []F
	if own != nil {
		oc = w.alloc(nh)
	}
	for {
		c := next.Add(1) - 1
		if c >= k {
			break
		}
		ci := n.Child + c
		card := cards.Card(g.Nodes[ci].Card)
		copy(rc, rs)
		for _, h := range g.HoldingCard(w.trav^1, card) {
			rc[h] = 0
		}
		if own != nil {
			copy(oc, own)
			for _, h := range g.HoldingCard(w.trav, card) {
				oc[h] = 0
			}
		}
		row := rows[int(c)*nh : int(c+1)*nh]
		w.walk(ci, rc, oc, row)
		for _, h := range g.HoldingCard(w.trav, card) {
			row[h] = 0
		}
	}
	w.top = mark
}

// own: the traverser acts. Values of every action, then Q(a|I) =
// pot/2 + Combos·x(a,h)/mass(h) (the values are counterfactual: dividing by
// the opponent's compatible reach conditions them on reaching the node),
// then the node's value under the strategy (modeRespond: under the logit
// response to these Q, written into σ first).
func (w *walker[F]) own(i int32, n *spot.Node, reach, own, out []F) {
	g := w.g
	nh, k := len(out), int(n.NumChildren)
	x := w.alloc(k * nh)
	σ := w.σ[n.Off : n.Off+int64(k*nh)]
	var oa []F
	if own != nil {
		oa = w.alloc(nh)
	}
	// The opponent's compatible reach first: the beliefs' denominator, and
	// the values of the traverser's fold (foldValues).
	var m []F
	var tot float64
	if w.mode != modeBR {
		if w.mass != nil {
			m = w.mass[w.hoff[i] : w.hoff[i]+int64(nh)]
		} else {
			m = w.alloc(nh)
		}
		tot = spot.CompatibleMassTotal(g, m, w.trav, reach)
	}
	for a := range k {
		c := n.Child + int32(a)
		if m != nil && foldValues(g, c, m, x[a*nh:(a+1)*nh]) {
			continue
		}
		if own != nil {
			sa := σ[a*nh : (a+1)*nh]
			for h, r := range own {
				oa[h] = r * sa[h]
			}
		}
		w.walk(c, reach, oa, x[a*nh:(a+1)*nh])
	}
	if w.mode == modeBR {
		copy(out, x[:nh])
		for a := 1; a < k; a++ {
			for h, v := range x[a*nh : (a+1)*nh] {
				out[h] = max(out[h], v)
			}
		}
		return
	}
	cutMassAt(m, tot)
	if own != nil && w.reachI != nil {
		ro := w.hoff[i]
		if w.roff != nil {
			ro = w.roff[i]
		}
		ri := w.reachI[ro : ro+int64(nh)]
		combos := F(g.Combos)
		for h, r := range own {
			ri[h] = r * m[h] / combos
		}
	}
	var q []F
	if w.q != nil {
		q = w.q[n.Off : n.Off+int64(k*nh)]
	} else {
		q = w.alloc(k * nh)
	}
	half, combos := F(float64(g.Spot.Pot)/2), F(g.Combos)
	// Row by row: Q = pot/2 + inv·x with inv = Combos/m, NaN without
	// beliefs.
	inv := w.alloc(nh)
	for h, mh := range m {
		if mh > 0 {
			inv[h] = combos / mh
		} else {
			inv[h] = F(math.NaN())
		}
	}
	inv = inv[:nh] // (bounds checks)
	for a := range k {
		qa, xa := q[a*nh:(a+1)*nh], x[a*nh:(a+1)*nh]
		qa = qa[:nh]
		for h, v := range xa {
			qa[h] = half + inv[h]*v
		}
	}
	if w.mode == modeRespond {
		logit(σ, q, k, nh, w.scale)
	} else if w.visit != nil {
		w.visit.node(i, q, σ, own, m)
	}
	out = out[:nh]
	s0 := σ[:nh]
	for h, v := range x[:nh] {
		out[h] = s0[h] * v
	}
	for a := 1; a < k; a++ {
		sa := σ[a*nh : (a+1)*nh]
		for h, v := range x[a*nh : (a+1)*nh] {
			out[h] += sa[h] * v
		}
	}
}

// foldValues sets x, when child c of one of the traverser's nodes is its
// fold, to the fold's values given the opponent's compatible reach m at
// the node (the reach the fold sees: the traverser's own action does not
// change it), and says whether it did. The folder loses half the pot
// against every compatible opponent hand: x = −(pot/2)/Combos · m, the
// arithmetic of spot's fold sweep (which sums the same reach the same way
// to get m) without sweeping the reach again.
func foldValues[F number](g *spot.Game, c int32, m, x []F) bool {
	if g.Nodes[c].Kind != spot.FoldNode {
		return false
	}
	pay := -(float64(g.Pot(c)) / 2) / g.Combos
	x = x[:len(m)]
	for h, mh := range m {
		x[h] = F(pay * float64(mh))
	}
	return true
}

// massCut is the share of the opponent's total reach at a node below which
// a hand's compatible mass counts as 0 (no beliefs: the information set is
// not reached). The O(n) card-removal sweeps compute the mass as the total
// minus the reach of the hands that share a card, with a rounding error of
// about n·2⁻⁵³ of the total (10⁻¹³ for a thousand hands); a mass near that
// is noise, and so are the beliefs and action values divided by it — on a
// turn spot such a hand's action value jumped by 70 chips between nearby λ
// (its true mass was 0, the sweep left 10⁻¹⁶ of the total), and the
// continuation stalled on it. 10⁻¹⁰ leaves three digits of margin.
const massCut = 1e-10

// cutMass zeroes the masses at or below massCut of the opponent's total
// reach.
func cutMass[F number](m, reach []F) {
	var tot float64
	for _, r := range reach {
		tot += float64(r)
	}
	cutMassAt(m, tot)
}

// cutMassAt is cutMass given the total (the mass sweep's own sum).
func cutMassAt[F number](m []F, tot float64) {
	cut := F(massCut * tot)
	for h, x := range m {
		if x <= cut {
			m[h] = 0
		}
	}
}

// opp: the opponent acts. Its reach splits by its strategy; the values add.
func (w *walker[F]) opp(i int32, n *spot.Node, reach, own, out []F) {
	no, k := len(reach), int(n.NumChildren)
	σ := w.σ[n.Off : n.Off+int64(k*no)]
	ra := w.alloc(no)
	tmp := w.alloc(len(out))
	ra, out = ra[:no], out[:len(tmp)] // (bounds checks)
	for a := range k {
		sa := σ[a*no : (a+1)*no]
		for h, r := range reach {
			ra[h] = sa[h] * r
		}
		if a == 0 {
			w.walk(n.Child, ra, own, out) // the first action's values are out's start
			continue
		}
		w.walk(n.Child+int32(a), ra, own, tmp)
		for h, v := range tmp {
			out[h] += v
		}
	}
}

// logit sets σ (one block, [k × nh]) to softmax(scale·q) column by column,
// by log-sum-exp: the largest value is subtracted before scaling, so no
// exponent overflows whatever λ (the differences are ≤ 0 and exp underflows
// to 0). A column whose values are NaN (a hand the opponent holds no hand
// against: no beliefs) is left as it is. The differences are float64
// whatever the storage; the rest is in σ's precision (logitRows).
func logit[F, G number](σ []F, q []G, k, nh int, scale float64) {
	q, σ = q[:k*nh], σ[:k*nh]
	// (an assertion on any(σ) the compiler keeps off the heap; a type
	// switch boxes the slice)
	if s, ok := any(σ).([]float32); ok {
		logitRows(s, q, k, nh, scale)
	} else if s, ok := any(σ).([]float64); ok {
		logitRows(s, q, k, nh, scale)
	}
}

// expRows is vec.Exp or vec.Exp64 by E, addRows dst += x and mulRows
// dst *= x (vec.Add and vec.Mul in float32), each called directly so that
// the caller's buffers stay on its stack.
func expRows[E float32 | float64](dst, x []E) {
	if d, ok := any(dst).([]float32); ok {
		vec.Exp(d, any(x).([]float32))
		return
	}
	vec.Exp64(any(dst).([]float64), any(x).([]float64))
}

func addRows[E float32 | float64](dst, x []E) {
	if d, ok := any(dst).([]float32); ok {
		vec.Add(d, any(x).([]float32))
		return
	}
	for i, v := range x[:len(dst)] {
		dst[i] += v
	}
}

// maxRows is best = max(best, float64(x)) by the rule x > best (vec.Max64,
// vec.Max64From32 in float64 and float32).
func maxRows[G number](best []float64, x []G) {
	if v, ok := any(x).([]float64); ok {
		vec.Max64(best, v)
		return
	}
	if v, ok := any(x).([]float32); ok {
		vec.Max64From32(best, v)
		return
	}
	for i, v := range x[:len(best)] {
		if x := float64(v); x > best[i] {
			best[i] = x
		}
	}
}

// shiftScale is d = E((float64(x) − best)·scale) (vec.ShiftScale32,
// ShiftScale32From32 and ShiftScale64 where they apply).
func shiftScale[E float32 | float64, G number](d []E, x []G, best []float64, scale float64) {
	if d32, ok := any(d).([]float32); ok {
		if v, ok := any(x).([]float64); ok {
			vec.ShiftScale32(d32, v, best, scale)
			return
		}
		if v, ok := any(x).([]float32); ok {
			vec.ShiftScale32From32(d32, v, best, scale)
			return
		}
	} else if d64, ok := any(d).([]float64); ok {
		if v, ok := any(x).([]float64); ok {
			vec.ShiftScale64(d64, v, best, scale)
			return
		}
	}
	for i, v := range x[:len(d)] {
		d[i] = E((float64(v) - best[i]) * scale)
	}
}

func mulRows[E float32 | float64](dst, x []E) {
	if d, ok := any(dst).([]float32); ok {
		vec.Mul(d, any(x).([]float32))
		return
	}
	for i, v := range x[:len(dst)] {
		dst[i] *= v
	}
}

// logitRows is logit for float32 and float64 strategies, the
// exponentials eight or four at a time (vec.Exp, vec.Exp64: within 1 and 2
// ulp of math.Exp's): the differences to each hand's largest value in
// float64, scaled and rounded to E, the sums and the normalisation in E.
// A chunk of hands without a NaN column goes straight into σ.
func logitRows[E float32 | float64, G number](σ []E, q []G, k, nh int, scale float64) {
	const chunk = 256
	var bestA [chunk]float64
	var sumA, eA, dA [chunk]E
	for h0 := 0; h0 < nh; h0 += chunk {
		h1 := min(h0+chunk, nh)
		m := h1 - h0
		best, sum, e, d := bestA[:m], sumA[:m], eA[:m], dA[:m]
		for i, v := range q[h0:h1] {
			best[i] = float64(v)
		}
		for a := 1; a < k; a++ {
			maxRows(best, q[a*nh+h0:a*nh+h1])
		}
		whole := true
		for _, b := range best {
			whole = whole && b == b
		}
		clear(sum)
		for a := range k {
			shiftScale(d, q[a*nh+h0:a*nh+h1], best, scale)
			sa := σ[a*nh+h0 : a*nh+h1]
			if whole {
				expRows(sa, d)
				addRows(sum, sa)
				continue
			}
			expRows(e, d)
			for i, b := range best {
				if b == b { // NaN: no beliefs, left as it is
					sa[i] = e[i]
					sum[i] += e[i]
				}
			}
		}
		for i, x := range sum {
			sum[i] = 1 / x
		}
		for a := range k {
			sa := σ[a*nh+h0 : a*nh+h1]
			if whole {
				mulRows(sa, sum)
				continue
			}
			for i, b := range best {
				if b == b {
					sa[i] *= sum[i]
				}
			}
		}
	}
}

// The tangent passes: forward-mode derivatives of the same traversal. With
// w.dσ holding the derivative of the strategy along a direction (the
// opponent's entries set by the caller), walkT carries each reach vector and
// its derivative down and each value vector and its derivative up; at the
// traverser's nodes it writes the derivative of Q into w.dy (modeQ) or of
// the logit response into w.dσ (modeRespond). Terminal values and the
// opponent's mass are linear in the opponent's reach, so their derivatives
// are the same sweeps applied to the derivative of the reach; Q =
// pot/2 + Combos·x/m gives dQ = Combos·(dx − x·dm/m)/m; softmax gives
// dσ_a = σ_a·scale·(dQ_a − Σ_b σ_b dQ_b).

// passT runs a tangent pass for player p (modeQ or modeRespond) at the
// point of the last evaluation: the primal quantities it needs — the
// strategy σ, the action values and the opponent's masses at the
// traverser's nodes — are those the evaluation left (σ, and setPoint's
// view of Q and the masses; all products of a linear solve are taken at
// one point), so the tangent pass computes derivatives only: one terminal
// sweep per terminal node instead of two, no primal values carried up.
// The reach is carried down (the opponent's nodes need it for σ·dreach).
func (w *walker[F]) passT(p int, mode walkMode) {
	g := w.g
	w.trav, w.mode, w.top = p, mode, 0
	no, nh := g.NumHands(p^1), g.NumHands(p)
	reach, dreach := w.alloc(no), w.alloc(no)
	for i, x := range g.Weights[p^1] {
		reach[i] = F(x)
	}
	clear(dreach)
	dout := w.alloc(nh)
	w.walkT(0, reach, dreach, dout)
}

func (w *walker[F]) walkT(i int32, reach, dreach, dout []F) {
	g := w.g
	n := &g.Nodes[i]
	mark := w.top
	switch {
	case n.Kind.Terminal():
		spot.EvalTerminalOf(g, i, w.trav, dreach, dout)
	case n.Kind == spot.ChanceNode:
		w.chanceT(i, n, reach, dreach, dout)
	case g.Player(i) == w.trav:
		w.ownT(i, n, reach, dreach, dout)
	default:
		w.oppT(i, n, reach, dreach, dout)
	}
	w.top = mark
}

func (w *walker[F]) chanceT(i int32, n *spot.Node, reach, dreach, dout []F) {
	g := w.g
	nh, no, k := len(dout), len(reach), int(n.NumChildren)
	f := F(g.ChanceFactor(i))
	drows := w.alloc(k * nh)
	rc, drc := w.alloc(no), w.alloc(no)
	for c := range k {
		ci := n.Child + int32(c)
		card := cards.Card(g.Nodes[ci].Card)
		for h, r := range reach {
			rc[h], drc[h] = r*f, dreach[h]*f
		}
		for _, h := range g.HoldingCard(w.trav^1, card) {
			rc[h], drc[h] = 0, 0
		}
		drow := drows[c*nh : (c+1)*nh]
		w.walkT(ci, rc, drc, drow)
		for _, h := range g.HoldingCard(w.trav, card) {
			drow[h] = 0
		}
	}
	copy(dout, drows[:nh])
	for c := 1; c < k; c++ {
		drow := drows[c*nh : (c+1)*nh]
		for h := range dout {
			dout[h] += drow[h]
		}
	}
	for _, iso := range w.iso[i] {
		drow := drows[int(iso.Child)*nh : int(iso.Child+1)*nh]
		for h, j := range iso.Perm[w.trav] {
			dout[h] += drow[j]
		}
	}
}

// ownT: the derivative of Q = pot/2 + Combos·x/m is Combos·(dx − x·dm/m)/m
// = inv·(dx − qh·dm/Combos) with inv = Combos/m and qh = Q − pot/2 (x =
// qh·m/Combos), from the point's arrays (setPoint: inv, xs = m/Combos and
// qh, all 0 for a hand without beliefs — whose mass was cut: dQ = 0, and
// its values, at most 10⁻¹⁰ of the node's, are taken as 0 — so no test
// per entry). The node's derivative is Σ_a σ_a·dx_a + dσ_a·qh_a·xs. The
// loops run row by row, over contiguous hands, each row once (modeQ) or
// twice (modeRespond: the mean first).
func (w *walker[F]) ownT(i int32, n *spot.Node, reach, dreach, dout []F) {
	g := w.g
	nh, k := len(dout), int(n.NumChildren)
	dx := w.alloc(k * nh)
	dm := w.alloc(nh)
	spot.CompatibleMassOf(g, dm, w.trav, dreach)
	for a := range k {
		c := n.Child + int32(a)
		if !foldValues(g, c, dm, dx[a*nh:(a+1)*nh]) {
			w.walkT(c, reach, dreach, dx[a*nh:(a+1)*nh])
		}
	}
	ho := w.hoff[i]
	inv, xs := w.inv[ho:ho+int64(nh)], w.xs[ho:ho+int64(nh)]
	ic := F(1 / g.Combos)
	for h := range dm {
		dm[h] *= ic
	}
	σ := w.σ[n.Off : n.Off+int64(k*nh)]
	dσ := w.dσ[n.Off : n.Off+int64(k*nh)]
	qh := w.qh[n.Off : n.Off+int64(k*nh)]
	clear(dout)
	if w.mode == modeQ {
		// IP's dQ, the product's output, straight into dy (v's entry
		// without beliefs); the traverser's own dσ (the direction) is the
		// caller's.
		c := w.coff[i]
		inv, xs, dm, dout := inv[:nh], xs[:nh], dm[:nh], dout[:nh] // (bounds checks)
		for a := range k {
			qa, dxa, sa, dsa := qh[a*nh:(a+1)*nh], dx[a*nh:(a+1)*nh], σ[a*nh:(a+1)*nh], dσ[a*nh:(a+1)*nh]
			dya, va := w.dy[c+a*nh:c+(a+1)*nh], w.v[c+a*nh:c+(a+1)*nh]
			qa, dxa, sa, dsa, va = qa[:nh], dxa[:nh], sa[:nh], dsa[:nh], va[:nh]
			if w.compl {
				// (I − y')v: v − dQ, 0 without beliefs.
				for h := range nh {
					x, q := dxa[h], qa[h]
					if inv[h] != 0 {
						dya[h] = va[h] - float64(inv[h]*(x-q*dm[h]))
					} else {
						dya[h] = 0
					}
					dout[h] += sa[h]*x + dsa[h]*q*xs[h]
				}
				continue
			}
			for h := range nh {
				x, q := dxa[h], qa[h]
				if inv[h] != 0 {
					dya[h] = float64(inv[h] * (x - q*dm[h]))
				} else {
					dya[h] = va[h]
				}
				dout[h] += sa[h]*x + dsa[h]*q*xs[h]
			}
		}
		return
	}
	// modeRespond: dσ_a = σ_a·scale·(dQ_a − Σ_b σ_b dQ_b), dQ kept in dσ's
	// block until the mean is known.
	mean := w.alloc(nh)
	clear(mean)
	inv, xs, dm, dout, mean = inv[:nh], xs[:nh], dm[:nh], dout[:nh], mean[:nh]
	for a := range k {
		qa, dxa, sa, dsa := qh[a*nh:(a+1)*nh], dx[a*nh:(a+1)*nh], σ[a*nh:(a+1)*nh], dσ[a*nh:(a+1)*nh]
		qa, dxa, sa, dsa = qa[:nh], dxa[:nh], sa[:nh], dsa[:nh]
		for h := range nh {
			d := inv[h] * (dxa[h] - qa[h]*dm[h])
			dsa[h] = d
			mean[h] += sa[h] * d
		}
	}
	sc := F(w.scale)
	for a := range k {
		qa, dxa, sa, dsa := qh[a*nh:(a+1)*nh], dx[a*nh:(a+1)*nh], σ[a*nh:(a+1)*nh], dσ[a*nh:(a+1)*nh]
		qa, dxa, sa, dsa = qa[:nh], dxa[:nh], sa[:nh], dsa[:nh]
		for h := range nh {
			p := sa[h]
			d := p * sc * (dsa[h] - mean[h])
			dsa[h] = d
			dout[h] += p*dxa[h] + d*qa[h]*xs[h]
		}
	}
}

// direction sets one block of IP's dσ to the derivative of σ =
// softmax(scale·x) along v: dσ_a = σ_a·scale·(v_a − Σ_b σ_b v_b), row by
// row (contiguous), the mean in float64. OOP's tangent pass does it at
// IP's nodes, where σ's block is read anyway, instead of a pass of its own
// over IP's unknowns.
func (w *walker[F]) direction(σ, dσ []F, v []float64, k, nh int) {
	mean := w.mean[:nh]
	clear(mean)
	for a := range k {
		sa, va := σ[a*nh:(a+1)*nh], v[a*nh:(a+1)*nh]
		for h, p := range sa {
			mean[h] += float64(p) * va[h]
		}
	}
	sc := w.scale
	for a := range k {
		sa, va, da := σ[a*nh:(a+1)*nh], v[a*nh:(a+1)*nh], dσ[a*nh:(a+1)*nh]
		for h, p := range sa {
			da[h] = F(float64(p) * sc * (va[h] - mean[h]))
		}
	}
}

// setPoint fills the tangent passes' arrays of the current point from the
// evaluation's (float64) strategy, action values and masses: σ (nil when
// the walker shares the evaluation's), qh = Q − pot/2 (0 where Q is NaN: no beliefs),
// inv = Combos/m and xs = m/Combos (0 without beliefs).
func (w *walker[F]) setPoint(σ, q, mass []float64, pot float64) {
	if len(w.qh) != len(q) {
		w.qh = bigSlice[F](w.ar, len(q))
		w.inv, w.xs = make([]F, len(mass)), make([]F, len(mass))
	}
	for i, x := range σ {
		w.σ[i] = F(x)
	}
	half := pot / 2
	for i, x := range q {
		if x == x {
			w.qh[i] = F(x - half)
		} else {
			w.qh[i] = 0
		}
	}
	combos := w.g.Combos
	for i, m := range mass {
		if m > 0 {
			w.inv[i], w.xs[i] = F(combos/m), F(m/combos)
		} else {
			w.inv[i], w.xs[i] = 0, 0
		}
	}
}

func (w *walker[F]) oppT(i int32, n *spot.Node, reach, dreach, dout []F) {
	no, k := len(reach), int(n.NumChildren)
	σ := w.σ[n.Off : n.Off+int64(k*no)]
	dσ := w.dσ[n.Off : n.Off+int64(k*no)]
	if w.mode == modeRespond && w.v != nil {
		// OOP's pass of a product, at IP's node: IP's dσ from the
		// direction (see direction), written for IP's pass too.
		w.direction(σ, dσ, w.v[w.coff[i]:w.coff[i]+k*no], k, no)
	}
	ra, dra := w.alloc(no), w.alloc(no)
	dtmp := w.alloc(len(dout))
	dreach, ra, dra = dreach[:no], ra[:no], dra[:no] // (bounds checks)
	for a := range k {
		sa, dsa := σ[a*no:(a+1)*no], dσ[a*no:(a+1)*no]
		for h, r := range reach {
			ra[h] = sa[h] * r
			dra[h] = dsa[h]*r + sa[h]*dreach[h]
		}
		if a == 0 {
			w.walkT(n.Child, ra, dra, dout) // the first action's derivatives are dout's start
			continue
		}
		w.walkT(n.Child+int32(a), ra, dra, dtmp)
		dtmp := dtmp[:len(dout)]
		for h := range dout {
			dout[h] += dtmp[h]
		}
	}
}

// expSum returns the largest of hand h's k action values (column h of q,
// k rows of nh) and Σ_a exp((q_a − best)·scale): the parts of the
// log-sum-exp, which cannot overflow at any scale.
func expSum(q []float64, k, nh, h int, scale float64) (best, sum float64) {
	best = q[h]
	for a := 1; a < k; a++ {
		best = max(best, q[a*nh+h])
	}
	for a := range k {
		sum += expNeg((q[a*nh+h] - best) * scale)
	}
	return best, sum
}
