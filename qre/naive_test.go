package qre

import (
	"flag"
	"fmt"
	"math"

	"pokerlab/efg"
)

var long = flag.Bool("long", false, "run the long checks (the second method on Leduc at every λ, about 3 minutes)")

// naiveLogit is an implementation of the agent logit map written
// independently of system: a plain recursion over the tree in probability
// space computes reach probabilities and values, then u(a|I) = Σ_h ρ(h)
// v_i(h·a) / Σ_h ρ(h), and out = softmax(λ u). It is slow and would
// underflow at large λ, which is fine for checks at moderate λ.
type naiveLogit struct {
	t     *efg.Tree
	reach []float64
	val   []float64
	u     []float64
}

func newNaiveLogit(t *efg.Tree) *naiveLogit {
	return &naiveLogit{t: t, reach: make([]float64, t.NumNodes()), val: make([]float64, t.NumNodes()*t.NumPlayers()), u: make([]float64, t.NumActions())}
}

func (nl *naiveLogit) walk(n int, r float64, sigma []float64) {
	t := nl.t
	N := t.NumPlayers()
	nl.reach[n] = r
	row := nl.val[n*N : n*N+N]
	switch t.Player[n] {
	case efg.Terminal:
		copy(row, t.PayoffOf(n))
		return
	}
	for i := range row {
		row[i] = 0
	}
	f, k := int(t.FirstChild[n]), int(t.NumChildren[n])
	for a := 0; a < k; a++ {
		var q float64
		if t.Player[n] == efg.Chance {
			q = t.ChanceProb[int(t.ChanceStart[t.InfoSet[n]])+a]
		} else {
			q = sigma[int(t.ActionStart[t.InfoSet[n]])+a]
		}
		nl.walk(f+a, r*q, sigma)
		for i := range row {
			row[i] += q * nl.val[(f+a)*N+i]
		}
	}
}

// apply sets out = logit_λ(σ) and returns max |out − σ|.
func (nl *naiveLogit) apply(sigma []float64, lambda float64, out []float64) float64 {
	t := nl.t
	N := t.NumPlayers()
	nl.walk(0, 1, sigma)
	res := 0.0
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		i := int(t.InfoSetPlayer[I])
		u := nl.u[lo:hi]
		for a := range u {
			u[a] = 0
		}
		tot := 0.0
		for _, h := range t.NodesOf(I) {
			tot += nl.reach[h]
			for a := lo; a < hi; a++ {
				u[a-lo] += nl.reach[h] * nl.val[(int(t.FirstChild[h])+a-lo)*N+i]
			}
		}
		mx := math.Inf(-1)
		for a := range u {
			u[a] = lambda * u[a] / tot
			mx = math.Max(mx, u[a])
		}
		s := 0.0
		for a := range u {
			s += math.Exp(u[a] - mx)
		}
		for a := lo; a < hi; a++ {
			out[a] = math.Exp(u[a-lo]-mx) / s
			res = math.Max(res, math.Abs(out[a]-sigma[a]))
		}
	}
	return res
}

// maxDiff returns max_a |p[a] − q[a]|.
func maxDiff(p, q []float64) float64 {
	d := 0.0
	for i := range p {
		d = math.Max(d, math.Abs(p[i]-q[i]))
	}
	return d
}

// profileByLabel maps "player/label/action" to probability, to compare
// profiles of two trees of the same game (e.g. after a Gambit round trip).
func profileByLabel(t *efg.Tree, p []float64) map[string]float64 {
	m := make(map[string]float64, len(p))
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		for a := lo; a < hi; a++ {
			m[fmt.Sprintf("%d/%s/%s", t.InfoSetPlayer[I], t.InfoSetLabel[I], t.ActionLabel[a])] = p[a]
		}
	}
	return m
}

// denseJacobian returns the system's Jacobian [∂H/∂w | ∂H/∂λ] at the last
// evaluated point as a dense m × (m+1) row-major matrix.
func denseJacobian(s *system) []float64 {
	m := s.m
	vals := make([]float64, s.nnz())
	s.jacobian(vals)
	A := make([]float64, m*(m+1))
	for r := 0; r < m; r++ {
		for k := s.rowPtr[r]; k < s.rowPtr[r+1]; k++ {
			A[r*(m+1)+int(s.colIdx[k])] = vals[k]
		}
	}
	return A
}
