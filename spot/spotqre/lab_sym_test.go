//go:build qrelab

package spotqre

// Measurement (build tag qrelab): how far the Newton matrix is from
// self-adjoint in a weighted inner product, the condition for CG-type
// short recurrences (symCG, lab_symcg_test.go):
//
//	go test -tags qrelab ./spot/spotqre -run TestMeasureJacobianSymmetry -v -rec.spot=... -rec.lambda=40 [-sym.reach]

import (
	"flag"
	"math"
	"testing"
)

var symReach = flag.Bool("sym.reach", false, "weight J by the information sets' reach")

// jMul sets out = J_I v: the derivative of IP's logit strategy along v
// (scale·σ_a·(v_a − Σ_b σ_b v_b) per information set) at the probabilities
// of s.sig1, times wReach of each information set's reach.
func jMul(s *Solver, lambda float64, v, out []float64, wReach func(r float64) float64) {
	scale := lambda / s.pot
	for _, b := range s.ip {
		ri := s.reachIS[b.ro : b.ro+int64(b.nh)]
		σ := s.sig1[b.c : b.c+b.k*b.nh]
		for h := range b.nh {
			var m float64
			for a := range b.k {
				m += σ[a*b.nh+h] * v[b.c+a*b.nh+h]
			}
			for a := range b.k {
				i := a*b.nh + h
				out[b.c+i] = scale * σ[i] * (v[b.c+i] - m) * wReach(ri[h])
			}
		}
	}
}

// TestMeasureJacobianSymmetry: is J_I·y' symmetric (then I − y' is
// self-adjoint in the J_I-weighted product, and CG-type short
// recurrences apply)? Compares (J u)ᵀ(y' v) with (J v)ᵀ(y' u).
func TestMeasureJacobianSymmetry(t *testing.T) {
	lam := *recLambda
	s, x := solvedPoint(t, *recSpot, lam)
	n := s.n1
	wReach := func(r float64) float64 { return 1 }
	if *symReach {
		wReach = func(r float64) float64 { return r }
	}
	u, v := make([]float64, n), make([]float64, n)
	for trial := range 4 {
		for i := range u {
			u[i] = math.Sin(float64((3+trial)*i + 1))
			v[i] = math.Cos(float64((5+2*trial)*i + 2))
		}
		yu, yv, ju, jv := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		s.tangent(x, u, lam, yu)
		s.tangent(x, v, lam, yv)
		jMul(s, lam, u, ju, wReach)
		jMul(s, lam, v, jv, wReach)
		a, b := dot(ju, yv), dot(jv, yu)
		t.Logf("trial %d: (Ju)ᵀ(y'v) = %.6g, (Jv)ᵀ(y'u) = %.6g, relative difference %.3g; |Ju||y'v| = %.3g", trial, a, b, math.Abs(a-b)/max(math.Abs(a), math.Abs(b)), math.Sqrt(dot(ju, ju)*dot(yv, yv)))
	}
}
