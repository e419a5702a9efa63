package cfr

import "math"

// This file is the deterministic family (CFR, CFR+, LCFR, DCFR, PCFR+): one
// iteration is, per player i, a pass over the whole tree — a forward sweep for
// the reach π_{-i}, a backward sweep for the values v_i, the instantaneous
// counterfactual regrets of i's information sets — followed by the update of
// i's regrets, average strategy and current strategy. Both sweeps run over
// edges (one per non-root node: its parent and the index of its probability
// in Solver.w), a branch-free loop that is faster than visiting internal
// nodes with their variable numbers of children.

// sweepIteration runs iteration t = s.iter+1.
func (s *Solver) sweepIteration() {
	t := s.iter + 1
	N := len(s.value)
	if s.opt.Simultaneous {
		for i := 0; i < N; i++ {
			s.pass(i)
		}
		for i := 0; i < N; i++ {
			s.update(i, t)
		}
	} else {
		// Alternating (OpenSpiel's CFRSolverBase): player i+1's pass sees
		// player i's strategy of iteration t+1.
		for i := 0; i < N; i++ {
			s.pass(i)
			s.update(i, t)
		}
	}
	s.iter = t
}

// pass computes, for traverser i under the current profile, π_i(I) for every
// information set of i (ownReach) and i's instantaneous counterfactual regret
// r(I,a) = Σ_{h∈I} π_{-i}(h) (v_i(ha) − v_i(h)) (the CFR lecture's slide 27: the
// weight ρ_{-i} times the difference of action and strategy values).
func (s *Solver) pass(i int) {
	s.ownReachOf(i)
	s.reach[0] = 1
	if s.par != nil {
		s.par.pass(i)
		return
	}
	n := s.lay.nodes
	s.forward(i, 1, n)
	s.backward(i, 1, n, s.lay.internal)
	s.regrets(i, s.lay.isets[i])
}

// ownReachOf fills ownReach for player i's information sets: π_i(I) =
// π_i(I')·σ(a'|I') for i's previous information set I' and action a' (seed
// 001 slide 15, perfect recall), 1 at i's first decisions.
func (s *Solver) ownReachOf(i int) {
	lay, own, w := s.lay, s.ownReach, s.w
	for _, I := range lay.isets[i] {
		if a := lay.parentAct[I]; a >= 0 {
			own[I] = own[lay.parentSet[I]] * w[a]
		} else {
			own[I] = 1
		}
	}
}

// forward sets reach[c] = π_{-i}(c) = reach[parent]·w(edge) for the nodes
// lo ≤ c < hi in ascending order (parents first): chance and the other
// players multiply by their probabilities, the traverser's own edges by the
// constant 1 (Solver.fwd).
func (s *Solver) forward(i, lo, hi int) {
	reach, w := s.reach[:hi], s.w
	parent, off := s.t.Parent[:hi], s.fwd[i][:hi]
	for c := lo; c < hi; c++ {
		reach[c] = reach[parent[c]] * w[off[c]]
	}
}

// forwardList is forward for the listed nodes (ascending).
func (s *Solver) forwardList(i int, nodes []int32) {
	reach, w, parent, off := s.reach, s.w, s.t.Parent, s.fwd[i]
	for _, c := range nodes {
		reach[c] = reach[parent[c]] * w[off[c]]
	}
}

// backward accumulates v_i(parent) += w(edge)·v_i(c) over the nodes
// lo ≤ c < hi in descending order (children first), after zeroing the
// values of the given internal nodes (the parents that receive them);
// terminal values stay as New filled them.
func (s *Solver) backward(i, lo, hi int, internal []int32) {
	v, w := s.value[i], s.w
	for _, n := range internal {
		v[n] = 0
	}
	v = v[:hi]
	parent, edge := s.t.Parent[:hi], s.edge[:hi]
	for c := hi - 1; c >= lo; c-- {
		v[parent[c]] += w[edge[c]] * v[c]
	}
}

// backwardList is backward for the listed nodes (ascending; visited in
// descending order) without zeroing.
func (s *Solver) backwardList(i int, nodes []int32) {
	v, w, parent, edge := s.value[i], s.w, s.t.Parent, s.edge
	for j := len(nodes) - 1; j >= 0; j-- {
		c := nodes[j]
		v[parent[c]] += w[edge[c]] * v[c]
	}
}

// regrets writes the instantaneous counterfactual regrets of the given
// information sets of player i into inst, summing over members in ascending
// node order.
func (s *Solver) regrets(i int, isets []int32) {
	t, reach, v, inst := s.t, s.reach, s.value[i], s.inst
	first := t.FirstChild
	for _, I := range isets {
		lo, hi := t.ActionStart[I], t.ActionStart[I+1]
		r := inst[lo:hi]
		for a := range r {
			r[a] = 0
		}
		for _, h := range t.Members[t.MemberStart[I]:t.MemberStart[I+1]] {
			p := reach[h]
			if p == 0 {
				continue
			}
			vh := v[h]
			vs := v[first[h] : first[h]+int32(len(r))]
			for a, x := range vs {
				r[a] += p * (x - vh)
			}
		}
	}
}

// update applies iteration t's instantaneous regrets of player i to i's
// cumulative regrets, average strategy and current strategy.
func (s *Solver) update(i, t int) {
	if s.opt.Algorithm == PCFRPlus {
		s.updatePredictive(i, t)
		return
	}
	if s.opt.Algorithm == DCFR || s.opt.Algorithm == LCFR {
		s.discountFactors(t) // fill the cache before workers read it
	}
	if s.par != nil {
		s.par.update(i, t)
		return
	}
	s.updateSets(s.lay.isets[i], t, s.scratch)
}

// updateSets updates the given information sets; scratch has maxActions
// entries.
func (s *Solver) updateSets(isets []int32, t int, scratch []float64) {
	tr := s.t
	own := s.ownReach
	switch s.opt.Algorithm {
	case CFR:
		// the CFR lecture's slides 19, 30: R += r; S += π_i σ; σ ← RM(R).
		for _, I := range isets {
			lo, hi := tr.ActionStart[I], tr.ActionStart[I+1]
			R, S, sig, r := s.regret[lo:hi], s.strat[lo:hi], s.w[lo:hi], s.inst[lo:hi]
			rho := own[I]
			for a := range R {
				R[a] += r[a]
				S[a] += rho * sig[a]
			}
			regretMatch(R, sig)
		}
	case CFRPlus:
		// Tammelin 2014: R ← max(R + r, 0); S += t π_i σ.
		wt := float64(t)
		for _, I := range isets {
			lo, hi := tr.ActionStart[I], tr.ActionStart[I+1]
			R, S, sig, r := s.regret[lo:hi], s.strat[lo:hi], s.w[lo:hi], s.inst[lo:hi]
			rho := wt * own[I]
			for a := range R {
				R[a] = max(R[a]+r[a], 0)
				S[a] += rho * sig[a]
			}
			regretMatch(R, sig)
		}
	case LCFR, DCFR:
		// Brown & Sandholm 2019: R ← R + r, then positive entries × t^α/(t^α+1),
		// negative × t^β/(t^β+1); S ← (S + π_i σ)·(t/(t+1))^γ.
		pos, neg, avg := s.discountFactors(t)
		for _, I := range isets {
			lo, hi := tr.ActionStart[I], tr.ActionStart[I+1]
			R, S, sig, r := s.regret[lo:hi], s.strat[lo:hi], s.w[lo:hi], s.inst[lo:hi]
			rho := own[I]
			for a := range R {
				x := R[a] + r[a]
				if x > 0 {
					x *= pos
				} else {
					x *= neg
				}
				R[a] = x
				S[a] = (S[a] + rho*sig[a]) * avg
			}
			regretMatch(R, sig)
		}
	case PCFRPlus:
		panic("cfr: updateSets called for pcfr+")
	}
}

// updatePredictive is Predictive CFR+'s update of player i (Farina, Kroer &
// Sandholm 2021): every decision point runs predictive regret matching+,
//
//	R ← [R + r]^+,   σ^{t+1} ∝ [R + m̂ − ⟨σ^t, m̂⟩]^+,
//
// with the prediction m = ℓ^t (the last utility) turned into counterfactual
// form bottom-up with the strategies σ^{t+1} already chosen below: m̂(I,a) is
// r(I,a) plus, for each of the owner's next information sets J after (I,a),
// ⟨σ^{t+1}(J), m̂(J)⟩ (the predicted change of J's counterfactual value).
// Information sets are visited children first (reverse of isets order).
// The average strategy is weighted t^γ (quadratic by default).
func (s *Solver) updatePredictive(i, t int) {
	tr, lay := s.t, s.lay
	wt := math.Pow(float64(t), s.opt.discount().Gamma)
	adj := s.adj
	isets := lay.isets[i]
	for j := len(isets) - 1; j >= 0; j-- {
		I := isets[j]
		lo, hi := tr.ActionStart[I], tr.ActionStart[I+1]
		R, S, sig, r, d := s.regret[lo:hi], s.strat[lo:hi], s.w[lo:hi], s.inst[lo:hi], adj[lo:hi]
		rho := wt * s.ownReach[I]
		e := 0.0
		for a := range R {
			R[a] = max(R[a]+r[a], 0)
			S[a] += rho * sig[a]
			d[a] += r[a]
			e += sig[a] * d[a]
		}
		m := s.scratch[:len(R)]
		for a := range m {
			m[a] = R[a] + d[a] - e
		}
		regretMatch(m, sig)
		if pa := lay.parentAct[I]; pa >= 0 {
			pv := 0.0
			for a := range d {
				pv += sig[a] * d[a]
			}
			adj[pa] += pv
		}
		for a := range d {
			d[a] = 0
		}
	}
}

// discountFactors returns DCFR's multipliers for iteration t, computed once
// per iteration.
func (s *Solver) discountFactors(t int) (pos, neg, avg float64) {
	if s.discT != t {
		d := s.opt.discount()
		ft := float64(t)
		ta, tb := math.Pow(ft, d.Alpha), math.Pow(ft, d.Beta)
		s.discT = t
		s.disc = [3]float64{ta / (ta + 1), tb / (tb + 1), math.Pow(ft/(ft+1), d.Gamma)}
	}
	return s.disc[0], s.disc[1], s.disc[2]
}
