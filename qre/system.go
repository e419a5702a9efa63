package qre

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"pokerlab/efg"
)

// ErrNoDecisions is returned for a game without information sets.
var ErrNoDecisions = errors.New("qre: the game has no decisions (no information sets): there is no strategy to trace")

// system holds the agent-QRE equations of one tree in the coordinates of
// the tracer and the buffers to evaluate them.
//
// Coordinates: at every information set I one action is the reference r(I);
// the unknowns are w_a = ln σ(a|I) − ln σ(r(I)|I) for the other ("free")
// actions a, numbered by column col[a] = 0…m−1, so σ(·|I) = softmax(w) with
// w_r = 0. The equations, one per free action, are the logit conditions
//
//	H_a(w, λ) = w_a − λ (u(a|I) − u(r(I)|I)) = 0,
//
// where u(a|I) is the expected payoff of I's player after a, conditional on
// reaching I, with beliefs μ(h|I) ∝ ρ(h) (the probability of reaching node h
// under σ; Bayes' rule). The player's own reach is the same at every node of
// I (perfect recall), so beliefs are those over the other players' and
// chance's moves. All reach probabilities are kept as logarithms (L), so
// beliefs stay exact when actions on the path have probabilities far below
// the smallest float (e^{−13000} at λ = 1000 in Leduc).
//
// The reference action of an information set is moved to its most probable
// action (rebase) whenever the reference becomes improbable, so that the
// mixed actions keep small log-odds and full precision at large λ.
type system struct {
	t       *efg.Tree
	nPlay   int
	ref     []int32 // per information set: global index of the reference action
	col     []int32 // per action: its column, or −1 for a reference action
	actInfo []int32 // per action: its information set
	free    []int32 // per column: the global action index
	m       int     // number of free actions = equations

	// Per-evaluation state (valid after evaluate).
	w      []float64 // per action: w_a (0 at references)
	logp   []float64 // per action: ln σ(a|I)
	p      []float64 // per action: σ(a|I)
	L      []float64 // per node: ln ρ(node), reach through everybody
	v      []float64 // per node × player: expected payoff under σ
	lse    []float64 // per information set: ln Σ_{h∈I} ρ(h)
	u      []float64 // per action: u(a|I)
	H      []float64 // per column: H_a
	dH     []float64 // per column: ∂H_a/∂λ = −(u(a|I) − u(r(I)|I))
	lambda float64
	gd     []float64 // scratch, per action of one information set

	// The sparse pattern of the Jacobian, fixed for the whole trace (see
	// buildPattern): the columns of information set I are cs[I] … cs[I+1]−1
	// (rebase only swaps actions within this range); rows are in CSR form.
	cs       []int32
	rowPtr   []int32 // len m+1
	colIdx   []int32
	selfOff  []int32    // per information set: offset of its own block within its rows
	ancStart []int32    // per node: its decision ancestors are anc[ancStart[x]:ancStart[x+1]]
	anc      []ancestor // nearest first
}

// ancestor is a decision node m above a decision node x (in information
// sets J and I): child is m's child on the path to x; offIJ is the offset of
// J's columns within the rows of I, offJI that of I's columns within J's rows.
type ancestor struct {
	node, child  int32
	offIJ, offJI int32
}

func newSystem(t *efg.Tree) (*system, error) {
	if t.NumInfoSets() == 0 {
		return nil, fmt.Errorf("%w (game %q)", ErrNoDecisions, t.Title)
	}
	for k, q := range t.ChanceProb {
		if q == 0 {
			return nil, fmt.Errorf("qre: game %q: chance outcome %q has probability 0; the agent QRE conditions on reaching every information set, so remove the outcome", t.Title, t.ChanceLabel[k])
		}
	}
	nA, nI, nN := t.NumActions(), t.NumInfoSets(), t.NumNodes()
	s := &system{
		t:       t,
		nPlay:   t.NumPlayers(),
		ref:     make([]int32, nI),
		col:     make([]int32, nA),
		free:    make([]int32, 0, nA-nI),
		w:       make([]float64, nA),
		logp:    make([]float64, nA),
		p:       make([]float64, nA),
		L:       make([]float64, nN),
		v:       make([]float64, nN*t.NumPlayers()),
		lse:     make([]float64, nI),
		u:       make([]float64, nA),
		actInfo: make([]int32, nA),
	}
	maxK := 0
	for I := 0; I < nI; I++ {
		lo, hi := t.Actions(I)
		s.ref[I] = int32(lo)
		s.col[lo] = -1
		maxK = max(maxK, hi-lo)
		for a := lo; a < hi; a++ {
			s.actInfo[a] = int32(I)
		}
		for a := lo + 1; a < hi; a++ {
			s.col[a] = int32(len(s.free))
			s.free = append(s.free, int32(a))
		}
	}
	s.m = len(s.free)
	s.gd = make([]float64, maxK)
	s.H = make([]float64, s.m)
	s.dH = make([]float64, s.m)
	s.buildPattern()
	return s, nil
}

// buildPattern lays out the Jacobian's nonzeros. Entry (row of I, column of
// J) can be nonzero only if I = J or a node of one lies above a node of the
// other (the belief and value terms of jacobian), so each information set's
// rows hold the columns of the information sets coupled to it this way,
// in increasing order, then the λ column. Cost O(nodes × depth).
func (s *system) buildPattern() {
	t := s.t
	nI := t.NumInfoSets()
	s.cs = make([]int32, nI+1)
	for I := 0; I < nI; I++ {
		lo, hi := t.Actions(I)
		s.cs[I+1] = s.cs[I] + int32(hi-lo-1)
	}
	width := func(I int32) int32 { return s.cs[I+1] - s.cs[I] }
	// Coupled pairs, as I<<32 | J.
	var pairs []uint64
	for I := 0; I < nI; I++ {
		pairs = append(pairs, uint64(I)<<32|uint64(I))
	}
	s.ancStart = make([]int32, t.NumNodes()+1)
	for x := range t.Player {
		s.ancStart[x] = int32(len(s.anc))
		if t.Player[x] < 0 {
			continue
		}
		I := uint64(t.InfoSet[x])
		y := int32(x)
		for mn := t.Parent[x]; mn >= 0; y, mn = mn, t.Parent[mn] {
			if t.Player[mn] < 0 {
				continue
			}
			J := uint64(t.InfoSet[mn])
			pairs = append(pairs, I<<32|J, J<<32|I)
			s.anc = append(s.anc, ancestor{node: mn, child: y})
		}
	}
	s.ancStart[t.NumNodes()] = int32(len(s.anc))
	sort.Slice(pairs, func(a, b int) bool { return pairs[a] < pairs[b] })
	coupled := make([][]int32, nI)
	for k, p := range pairs {
		if k > 0 && p == pairs[k-1] {
			continue
		}
		coupled[p>>32] = append(coupled[p>>32], int32(p&0xffffffff))
	}
	// Offsets of each coupled block within the rows of I.
	offsets := make([][]int32, nI)
	s.selfOff = make([]int32, nI)
	s.rowPtr = make([]int32, s.m+1)
	rowLen := make([]int32, nI)
	for I := range coupled {
		offsets[I] = make([]int32, len(coupled[I]))
		o := int32(0)
		for k, J := range coupled[I] {
			offsets[I][k] = o
			if int(J) == I {
				s.selfOff[I] = o
			}
			o += width(J)
		}
		rowLen[I] = o + 1 // and λ
	}
	nnz := int32(0)
	for I := 0; I < nI; I++ {
		for r := s.cs[I]; r < s.cs[I+1]; r++ {
			s.rowPtr[r] = nnz
			nnz += rowLen[I]
		}
	}
	s.rowPtr[s.m] = nnz
	s.colIdx = make([]int32, 0, nnz)
	for I := 0; I < nI; I++ {
		for r := s.cs[I]; r < s.cs[I+1]; r++ {
			for _, J := range coupled[I] {
				for c := s.cs[J]; c < s.cs[J+1]; c++ {
					s.colIdx = append(s.colIdx, c)
				}
			}
			s.colIdx = append(s.colIdx, int32(s.m))
		}
	}
	off := func(I, J int32) int32 {
		k := sort.Search(len(coupled[I]), func(k int) bool { return coupled[I][k] >= J })
		return offsets[I][k]
	}
	for x := range t.Player {
		if t.Player[x] < 0 {
			continue
		}
		I := t.InfoSet[x]
		for k := s.ancStart[x]; k < s.ancStart[x+1]; k++ {
			J := t.InfoSet[s.anc[k].node]
			s.anc[k].offIJ, s.anc[k].offJI = off(I, J), off(J, I)
		}
	}
}

// nnz is the number of stored entries of the Jacobian's first m rows.
func (s *system) nnz() int { return int(s.rowPtr[s.m]) }

// point copies the free coordinates and λ into x (len m+1).
func (s *system) point(x []float64) {
	for c, a := range s.free {
		x[c] = s.w[a]
	}
	x[s.m] = s.lambda
}

// evaluate sets w and λ from x (len m+1) and computes σ, reach, values,
// conditional values and the residual H. Cost: O(nodes × players).
func (s *system) evaluate(x []float64) {
	t := s.t
	N := s.nPlay
	for c, a := range s.free {
		s.w[a] = x[c]
	}
	for I := range s.ref {
		s.w[s.ref[I]] = 0
	}
	s.lambda = x[s.m]

	// σ(·|I) = softmax(w), in logs.
	for I := range s.ref {
		lo, hi := t.Actions(I)
		z := logSumExp(s.w[lo:hi])
		for a := lo; a < hi; a++ {
			s.logp[a] = s.w[a] - z
			s.p[a] = math.Exp(s.logp[a])
		}
	}

	// Forward: log reach.
	player, infoSet, first, numCh := t.Player, t.InfoSet, t.FirstChild, t.NumChildren
	L := s.L
	L[0] = 0
	for n := range player {
		pl := player[n]
		if pl == efg.Terminal {
			continue
		}
		f, k := first[n], numCh[n]
		if pl == efg.Chance {
			cs := t.ChanceStart[infoSet[n]]
			for a := int32(0); a < k; a++ {
				L[f+a] = L[n] + math.Log(t.ChanceProb[cs+a])
			}
			continue
		}
		lo := t.ActionStart[infoSet[n]]
		for a := int32(0); a < k; a++ {
			L[f+a] = L[n] + s.logp[lo+a]
		}
	}

	// Backward: values of every player.
	v := s.v
	for n := len(player) - 1; n >= 0; n-- {
		row := v[n*N : n*N+N]
		pl := player[n]
		if pl == efg.Terminal {
			copy(row, t.PayoffOf(n))
			continue
		}
		for i := range row {
			row[i] = 0
		}
		f, k := int(first[n]), int(numCh[n])
		var probs []float64
		if pl == efg.Chance {
			c := infoSet[n]
			probs = t.ChanceProb[t.ChanceStart[c]:t.ChanceStart[c+1]]
		} else {
			lo := int(t.ActionStart[infoSet[n]])
			probs = s.p[lo : lo+k]
		}
		for a := 0; a < k; a++ {
			q := probs[a]
			if q == 0 {
				continue
			}
			child := v[(f+a)*N : (f+a)*N+N]
			for i := range row {
				row[i] += q * child[i]
			}
		}
	}

	// Conditional values u(a|I) = Σ_h μ(h|I) v_i(h·a).
	for I := range s.ref {
		members := t.NodesOf(I)
		mx := math.Inf(-1)
		for _, h := range members {
			mx = math.Max(mx, L[h])
		}
		sum := 0.0
		for _, h := range members {
			sum += math.Exp(L[h] - mx)
		}
		s.lse[I] = mx + math.Log(sum)
		lo, hi := t.Actions(I)
		i := int(t.InfoSetPlayer[I])
		for a := lo; a < hi; a++ {
			s.u[a] = 0
		}
		for _, h := range members {
			mu := math.Exp(L[h] - s.lse[I])
			f := int(first[h])
			for a := lo; a < hi; a++ {
				s.u[a] += mu * v[(f+a-lo)*N+i]
			}
		}
	}

	for c, a := range s.free {
		d := s.u[a] - s.u[s.ref[s.actInfo[a]]]
		s.H[c] = s.w[a] - s.lambda*d
		s.dH[c] = -d
	}
}

// jacobian writes [∂H/∂w | ∂H/∂λ] at the last evaluated point into vals,
// the values of the sparse pattern (rowPtr, colIdx).
//
// With G(a, b) = ∂u(a|I)/∂w_b, row a of ∂H/∂w is e_a − λ(G(a,·) − G(r(I),·)).
// Using ∂ln σ(c|J)/∂w_b = δ_cb − σ(b|J) and ∂v(m)/∂w_b = σ(b)(v(m·b) − v(m))
// at the nodes m of b's information set, G has two parts, and both are sums
// over pairs (x, m) of a decision node x and a decision node m above it
// (m in information set J of player j, the path leaving m by action c; x in
// information set I of player i):
//
//   - beliefs: if j ≠ i, moving w_b (b at J) changes ln ρ(x) by δ_cb − σ(b|J)
//     and so u(a|I) by μ(x|I) (δ_cb − σ(b|J)) (v_i(x·a) − u(a|I));
//   - values: moving w_b (b at I) changes v_j(m·c), hence u(c|J), by
//     μ(m|J) ρ(x | m·c) σ(b|I) (v_j(x·b) − v_j(x)).
//
// (Own moves on the path to x do not change i's beliefs at I: by perfect
// recall they are the same for every node of I.) Walking up from every
// decision node costs O(nodes × depth × actions²): the Jacobian is built in
// sweeps over the flat tree, never by per-entry tree walks. μ(m|J) ρ(x|m·c)
// is computed as exp(L[x] − ln σ(c|J) − lse(J)), so it is exact even when
// σ(c|J) underflows.
func (s *system) jacobian(vals []float64) {
	t := s.t
	N := s.nPlay
	m := s.m
	lambda := s.lambda
	rowPtr, cs := s.rowPtr, s.cs
	for r := 0; r < m; r++ {
		row := vals[rowPtr[r]:rowPtr[r+1]]
		for k := range row {
			row[k] = 0
		}
		row[len(row)-1] = s.dH[r]
	}
	for I := range s.selfOff {
		for r := cs[I]; r < cs[I+1]; r++ {
			vals[rowPtr[r]+s.selfOff[I]+r-cs[I]] = 1
		}
	}
	if lambda == 0 {
		return
	}
	player, infoSet, first := t.Player, t.InfoSet, t.FirstChild
	v, L, p, col := s.v, s.L, s.p, s.col
	gd := s.gd
	for x := range player {
		pi := player[x]
		if pi < 0 {
			continue
		}
		I := int(infoSet[x])
		i := int(pi)
		loI, hiI := t.Actions(I)
		refI := int(s.ref[I])
		csI := cs[I]
		fx := int(first[x])
		mux := math.Exp(L[x] - s.lse[I])
		// gd[a] = μ(x|I)((v_i(x·a) − u(a|I)) − (v_i(x·r) − u(r|I))): the
		// belief part of row a, before the factor for b.
		if mux > 0 {
			base := v[(fx+refI-loI)*N+i] - s.u[refI]
			for a := loI; a < hiI; a++ {
				gd[a-loI] = mux * ((v[(fx+a-loI)*N+i] - s.u[a]) - base)
			}
		}
		for _, an := range s.anc[s.ancStart[x]:s.ancStart[x+1]] {
			mnode := an.node
			J := int(infoSet[mnode])
			j := int(player[mnode])
			loJ, hiJ := t.Actions(J)
			csJ := cs[J]
			c := loJ + int(an.child-first[mnode]) // the action at m on the path to x

			// Beliefs: rows of I, columns of J.
			if j != i && mux > 0 {
				for b := loJ; b < hiJ; b++ {
					cb := col[b]
					if cb < 0 {
						continue
					}
					k := -p[b]
					if b == c {
						k++
					}
					if k == 0 {
						continue
					}
					k *= lambda
					pos := an.offIJ + cb - csJ
					for a := loI; a < hiI; a++ {
						if ra := col[a]; ra >= 0 {
							vals[rowPtr[ra]+pos] -= k * gd[a-loI]
						}
					}
				}
			}

			// Values: row(s) of c at J, columns of I.
			f := math.Exp(L[x] - s.logp[c] - s.lse[J])
			if f == 0 {
				continue
			}
			vx := v[x*N+j]
			rc := col[c]
			for b := loI; b < hiI; b++ {
				cb := col[b]
				if cb < 0 {
					continue
				}
				val := lambda * f * p[b] * (v[(fx+b-loI)*N+j] - vx)
				pos := an.offJI + cb - csI
				if rc >= 0 {
					vals[rowPtr[rc]+pos] -= val
					continue
				}
				// c is J's reference: G(r(J), b) enters every row of J.
				for r := csJ; r < cs[J+1]; r++ {
					vals[rowPtr[r]+pos] += val
				}
			}
		}
	}
}

// rebase moves the reference of every information set whose reference
// action has become less likely than e^{−rebaseGap} times its most likely
// action to that action, transforming the point x (len m+1) and the
// tangent tan (may be nil) to the new coordinates. It reports whether any
// reference moved. Call after evaluate(x).
func (s *system) rebase(x, tan []float64) bool {
	t := s.t
	moved := false
	for I := range s.ref {
		lo, hi := t.Actions(I)
		best := lo
		for a := lo + 1; a < hi; a++ {
			if s.w[a] > s.w[best] {
				best = a
			}
		}
		r := int(s.ref[I])
		if best == r || s.w[best] < rebaseGap {
			continue
		}
		moved = true
		cb := s.col[best]
		wb := s.w[best]
		var tb float64
		if tan != nil {
			tb = tan[cb]
		}
		// w'_a = w_a − w_best for every action; the old reference takes the
		// new reference's column.
		for a := lo; a < hi; a++ {
			if a == best || a == r {
				continue
			}
			x[s.col[a]] -= wb
			if tan != nil {
				tan[s.col[a]] -= tb
			}
		}
		x[cb] = -wb
		if tan != nil {
			tan[cb] = -tb
		}
		s.col[r], s.col[best] = cb, -1
		s.free[cb] = int32(r)
		s.ref[I] = int32(best)
	}
	if moved && tan != nil {
		normalize(tan)
	}
	return moved
}

// rebaseGap is the log-odds by which the most likely action must beat the
// reference before the reference moves: e^{7} ≈ 1100.
const rebaseGap = 7

func normalize(x []float64) {
	n := 0.0
	for _, v := range x {
		n += v * v
	}
	n = math.Sqrt(n)
	for i := range x {
		x[i] /= n
	}
}
