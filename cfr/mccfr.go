package cfr

import "pokerlab/efg"

// This file is Monte Carlo CFR (Lanctot, Waugh, Zinkevich & Bowling 2009,
// "Monte Carlo Sampling for Regret Minimization in Extensive Games"). Both
// variants keep cumulative regrets and average-strategy weights per global
// action, derive the current strategy by regret matching when an
// information set is visited, and run one traversal per player per
// iteration (player 1 first), as OpenSpiel does.

// externalSamplingIteration runs one external-sampling traversal per player.
func (s *Solver) externalSamplingIteration() {
	for i := range s.t.NumPlayers() {
		s.externalSample(0, i, 0)
	}
	s.iter++
}

// externalSample returns the sampled value of node n for traverser i. Chance
// and the other players sample one action (from their probabilities and
// current strategies); the traverser tries every action and adds the sampled
// counterfactual regret ũ(ha) − ũ(h) (Lanctot et al. 2009, section 3.1; the
// importance weights cancel). The other players' average strategies are
// updated where they are sampled, adding σ(·|I) with weight 1 ("simple"
// averaging: the visit frequency supplies the reach weight in expectation).
// sp is the first free slot of s.buf.
func (s *Solver) externalSample(n int32, i, sp int) float64 {
	t := s.t
	for {
		switch p := t.Player[n]; {
		case p == efg.Terminal:
			return t.Payoff[int(t.InfoSet[n])*len(t.PlayerNames)+i]
		case p == efg.Chance:
			n = t.FirstChild[n] + int32(s.sampleChance(n))
			continue
		case int(p) != i:
			I := t.InfoSet[n]
			lo, hi := t.ActionStart[I], t.ActionStart[I+1]
			sig := s.buf[sp : sp+int(hi-lo)]
			regretMatch(s.regret[lo:hi], sig)
			S := s.strat[lo:hi]
			for a, x := range sig {
				S[a] += x
			}
			n = t.FirstChild[n] + int32(s.sample(sig))
			continue
		}
		I := t.InfoSet[n]
		lo, hi := t.ActionStart[I], t.ActionStart[I+1]
		k := int(hi - lo)
		sig := s.buf[sp : sp+k]
		u := s.buf[sp+k : sp+2*k]
		regretMatch(s.regret[lo:hi], sig)
		f := t.FirstChild[n]
		v := 0.0
		for a := range u {
			u[a] = s.externalSample(f+int32(a), i, sp+2*k)
			v += sig[a] * u[a]
		}
		R := s.regret[lo:hi]
		for a, x := range u {
			R[a] += x - v
		}
		return v
	}
}

// outcomeSamplingIteration runs one outcome-sampling episode per player.
func (s *Solver) outcomeSamplingIteration() {
	eps := s.opt.epsilon()
	for i := range s.t.NumPlayers() {
		s.outcomeSample(0, i, 1, 1, 1, eps, 0)
	}
	s.iter++
}

// outcomeSample follows one sampled history from node n to a terminal z for
// traverser i and returns W = π^σ(n→z) u_i(z) / q(n→z), the tail's
// importance-weighted value (q is the sampling policy: ε-exploration at i's
// information sets, σ elsewhere; chance probabilities cancel and are left
// out of every reach). mine and others are π_i and π_{-i} of n under σ, q
// the sampling probability of the path to n. At i's information sets on the
// path (Lanctot et al. 2009, section 3.2):
//
//	r̃(I,a) = others/q · (1[a = a*] − σ(a*)) · W(ha*)/q(a*|I),
//	S(I,a) += mine/q · σ(a|I)   (stochastically weighted averaging).
func (s *Solver) outcomeSample(n int32, i int, mine, others, q, eps float64, sp int) float64 {
	t := s.t
	for t.Player[n] == efg.Chance {
		n = t.FirstChild[n] + int32(s.sampleChance(n))
	}
	p := t.Player[n]
	if p == efg.Terminal {
		return t.Payoff[int(t.InfoSet[n])*len(t.PlayerNames)+i]
	}
	I := t.InfoSet[n]
	lo, hi := t.ActionStart[I], t.ActionStart[I+1]
	k := int(hi - lo)
	sig := s.buf[sp : sp+k]
	regretMatch(s.regret[lo:hi], sig)
	f := t.FirstChild[n]
	if int(p) != i {
		a := s.sample(sig)
		return s.outcomeSample(f+int32(a), i, mine, others*sig[a], q*sig[a], eps, sp)
	}
	// Sample from ε·uniform + (1−ε)·σ, kept in the second half of the slot.
	qs := s.buf[sp+k : sp+2*k]
	for a, x := range sig {
		qs[a] = eps/float64(k) + (1-eps)*x
	}
	a := s.sample(qs)
	qa := qs[a]
	w := s.outcomeSample(f+int32(a), i, mine*sig[a], others, q*qa, eps, sp+2*k)
	// sig and qs are intact: deeper calls use slots from sp+2k on.
	child := w / qa
	R := s.regret[lo:hi]
	c := others / q
	for b := range R {
		if b == a {
			R[b] += c * (1 - sig[a]) * child
		} else {
			R[b] -= c * sig[a] * child
		}
	}
	S := s.strat[lo:hi]
	m := mine / q
	for b, x := range sig {
		S[b] += m * x
	}
	return sig[a] * child
}

// sampleChance draws an outcome of chance node n.
func (s *Solver) sampleChance(n int32) int {
	t := s.t
	c := t.InfoSet[n]
	if s.lay.uniformChance[c] {
		return s.rng.IntN(int(t.NumChildren[n]))
	}
	lo, hi := t.ChanceStart[c], t.ChanceStart[c+1]
	return drawCumulative(s.lay.chanceCum[lo:hi], s.rng.Float64())
}

// sample draws an index from the distribution probs.
func (s *Solver) sample(probs []float64) int {
	x := s.rng.Float64()
	last := 0
	for a, p := range probs {
		if p > 0 {
			if x < p {
				return a
			}
			x -= p
			last = a
		}
	}
	return last // rounding: x fell beyond the sum
}

// drawCumulative returns the first index whose cumulative probability
// exceeds x.
func drawCumulative(cum []float64, x float64) int {
	for a, c := range cum {
		if x < c {
			return a
		}
	}
	for a := len(cum) - 1; a > 0; a-- { // rounding: the last outcome with mass
		if cum[a] > cum[a-1] {
			return a
		}
	}
	return 0
}
