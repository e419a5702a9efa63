package qre

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// The second, independent methods used to confirm the tracer on Leduc: they
// share no code with system/tracer (the logit map is naiveLogit).

// andersonSolve finds a fixed point of the damped logit map
// σ ← σ + β (logit_λ(σ) − σ), accelerated by Anderson mixing over the last
// depth differences (Walker & Ni, SIAM J. Numer. Anal. 49, 2011), starting
// from sigma (overwritten). It reports the final max |logit(σ) − σ|.
func andersonSolve(nl *naiveLogit, sigma []float64, lambda, beta float64, maxIter int) float64 {
	t := nl.t
	n := len(sigma)
	const depth = 10
	g := make([]float64, n)
	var X, F [][]float64
	var xPrev, fPrev []float64
	res := math.Inf(1)
	for it := 0; it < maxIter; it++ {
		res = nl.apply(sigma, lambda, g)
		if res < 1e-14 {
			break
		}
		f := make([]float64, n)
		for a := range f {
			f[a] = g[a] - sigma[a]
		}
		if xPrev != nil {
			dx, df := make([]float64, n), make([]float64, n)
			for a := range dx {
				dx[a], df[a] = sigma[a]-xPrev[a], f[a]-fPrev[a]
			}
			X, F = append(X, dx), append(F, df)
			if len(X) > depth {
				X, F = X[1:], F[1:]
			}
		}
		xPrev, fPrev = append([]float64(nil), sigma...), f
		next := make([]float64, n)
		for a := range next {
			next[a] = sigma[a] + beta*f[a]
		}
		if k := len(F); k > 0 {
			Fm := mat.NewDense(n, k, nil)
			for j := 0; j < k; j++ {
				for a := 0; a < n; a++ {
					Fm.Set(a, j, F[j][a])
				}
			}
			var qr mat.QR
			qr.Factorize(Fm)
			var gam mat.VecDense
			if err := qr.SolveVecTo(&gam, false, mat.NewVecDense(n, f)); err == nil {
				for j := 0; j < k; j++ {
					gj := gam.AtVec(j)
					for a := range next {
						next[a] -= gj * (X[j][a] + beta*F[j][a])
					}
				}
			}
		}
		// Keep a profile: positive, normalised per information set.
		for I := 0; I < t.NumInfoSets(); I++ {
			lo, hi := t.Actions(I)
			s := 0.0
			for a := lo; a < hi; a++ {
				next[a] = math.Max(next[a], 1e-300)
				s += next[a]
			}
			for a := lo; a < hi; a++ {
				next[a] /= s
			}
		}
		copy(sigma, next)
	}
	return res
}
