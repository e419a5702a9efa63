//go:build qrelab

package spotqre

import (
	"fmt"
	"math"
)

// ptcOptions configure a pseudo-transient continuation solve (ptc).
type ptcOptions struct {
	dt0      float64 // the first pseudo-time step δ
	dtMax    float64 // δ is capped here (then the steps are Newton steps)
	switchW  float64 // hand over to Newton once the reach-weighted mean residual is at most this
	maxSteps int
	rtol     float64 // the shifted linear solves' relative tolerance
	logf     func(string, ...any)
}

// ptc solves y(x) = x at λ from x (updated in place) by pseudo-transient
// continuation (Kelley & Keyes, "Convergence analysis of pseudo-transient
// continuation", SIAM J. Numer. Anal. 35, 1998): backward-Euler steps along
// the flow dx/dt = y(x) − x,
//
//	((1/δ + 1)·I − y'(x)) d = y(x) − x,   x ← x + d,
//
// with the pseudo-time step δ set by switched evolution relaxation
// (δ ← δ·‖r_old‖/‖r_new‖, r the reach-weighted strategy residual, as the
// line search's merit): small steps far from the solution, Newton steps
// (δ → ∞) near it. No line search. The flow is stable at the QRE: the
// spectrum of I − y' is (on the spots measured) real and ≥ 1, and in a
// zero-sum game the perturbed best-response dynamics converge to the
// logit equilibrium (Hofbauer & Sandholm, "On the global convergence of
// stochastic fictitious play", Econometrica 70, 2002, for normal-form
// games). The shift also helps the linear solves: the eigenvalues of the
// shifted matrix lie in [1 + 1/δ, K + 1/δ].
//
// It stops once the reach-weighted mean residual is at most o.switchW
// (the caller then finishes with newton), and returns the steps and the
// reach-weighted and largest residuals.
func (s *Solver) ptc(x []float64, lambda float64, o ptcOptions) (steps int, wm, mx float64, err error) {
	mx, wm = s.eval(x, lambda, s.y, s.wt, s.rs)
	s.sig1, s.sigT = s.sigT, s.sig1
	for i := range s.f {
		s.f[i] = s.y[i] - x[i]
	}
	norm := math.Sqrt(2 * merit(s.rs, s.wt))
	dt := o.dt0
	for steps = 0; steps < o.maxSteps; steps++ {
		if wm <= o.switchW {
			return steps, wm, mx, nil
		}
		if s.opt.MaxProducts > 0 && s.products >= s.opt.MaxProducts {
			return steps, wm, mx, fmt.Errorf("spot QRE: at λ = %.6g: %d Jacobian–vector products used (the limit), reach-weighted residual %.3g", lambda, s.products, wm)
		}
		shift := 1 + 1/dt
		mv := func(v, out []float64) {
			s.tangent(x, v, lambda, out)
			for i, a := range v {
				out[i] = shift*a - out[i]
			}
		}
		s.stats.Newton++
		kits, krel := s.lin.solve(mv, s.f, s.d, o.rtol, 300)
		for i := range s.xt {
			s.xt[i] = x[i] + s.d[i]
		}
		mxT, wmT := s.eval(s.xt, lambda, s.yt, s.wtT, s.rsT)
		normT := math.Sqrt(2 * merit(s.rsT, s.wtT))
		if o.logf != nil {
			o.logf("  ptc %d: δ %.3g, %d products (rel %.2g), reach-weighted %.3g → %.3g, largest %.3g → %.3g", steps, dt, kits, krel, wm, wmT, mx, mxT)
		}
		if math.IsNaN(normT) || normT > 100*norm {
			// Rejected: back to x with a shorter pseudo-time step (the
			// evaluation at x is redone: the tangent passes use its state).
			dt /= 4
			mx, wm = s.eval(x, lambda, s.y, s.wt, s.rs)
			s.sig1, s.sigT = s.sigT, s.sig1
			continue
		}
		copy(x, s.xt)
		copy(s.y, s.yt)
		for i := range s.f {
			s.f[i] = s.y[i] - x[i]
		}
		s.wt, s.wtT = s.wtT, s.wt
		s.sig1, s.sigT = s.sigT, s.sig1
		s.rs, s.rsT = s.rsT, s.rs
		dt = min(o.dtMax, dt*norm/normT)
		norm, mx, wm = normT, mxT, wmT
	}
	return steps, wm, mx, errNoConvergence
}
