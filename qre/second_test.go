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

// fdNewton solves the logit equations at λ by Newton's method in the log-odds
// w_a = ln σ_a − ln σ_first(I), with a forward-difference Jacobian of the
// naive map and gonum's dense LU, starting from sigma (overwritten). The
// Jacobian is reused while the iteration contracts (chord method). It
// returns the final max |logit(σ) − σ|.
func fdNewton(nl *naiveLogit, sigma []float64, lambda float64) float64 {
	t := nl.t
	var free, firstOf []int
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		for a := lo + 1; a < hi; a++ {
			free = append(free, a)
			firstOf = append(firstOf, lo)
		}
	}
	m := len(free)
	toW := func(s []float64, w []float64) {
		for c, a := range free {
			w[c] = math.Log(s[a]) - math.Log(s[firstOf[c]])
		}
	}
	toSigma := func(w []float64, s []float64) {
		for I := 0; I < t.NumInfoSets(); I++ {
			lo, _ := t.Actions(I)
			s[lo] = 0
		}
		for c, a := range free {
			s[a] = w[c]
		}
		for I := 0; I < t.NumInfoSets(); I++ {
			lo, hi := t.Actions(I)
			z := logSumExpNaive(s[lo:hi])
			for a := lo; a < hi; a++ {
				s[a] = math.Exp(s[a] - z)
			}
		}
	}
	out := make([]float64, len(sigma))
	resid := func(w, r []float64) {
		s := make([]float64, len(sigma))
		toSigma(w, s)
		nl.apply(s, lambda, out)
		for c, a := range free {
			r[c] = w[c] - (math.Log(out[a]) - math.Log(out[firstOf[c]]))
		}
	}
	w := make([]float64, m)
	toW(sigma, w)
	r := make([]float64, m)
	var lu mat.LU
	haveJ := false
	jac := func() {
		J := mat.NewDense(m, m, nil)
		rp := make([]float64, m)
		resid(w, r)
		for j := 0; j < m; j++ {
			h := 1e-7 * math.Max(1, math.Abs(w[j]))
			w[j] += h
			resid(w, rp)
			w[j] -= h
			for i := 0; i < m; i++ {
				J.Set(i, j, (rp[i]-r[i])/h)
			}
		}
		lu.Factorize(J)
		haveJ = true
	}
	prev := math.Inf(1)
	for it := 0; it < 60; it++ {
		if !haveJ {
			jac()
		}
		resid(w, r)
		var d mat.VecDense
		if err := lu.SolveVecTo(&d, false, mat.NewVecDense(m, r)); err != nil {
			break
		}
		size := 0.0
		for i := 0; i < m; i++ {
			w[i] -= d.AtVec(i)
			size = math.Max(size, math.Abs(d.AtVec(i)))
		}
		if size < 1e-13 {
			break
		}
		if size > prev/2 {
			haveJ = false // not contracting: fresh Jacobian
		}
		prev = size
	}
	toSigma(w, sigma)
	return nl.apply(sigma, lambda, out)
}

func logSumExpNaive(x []float64) float64 {
	m := math.Inf(-1)
	for _, v := range x {
		m = math.Max(m, v)
	}
	s := 0.0
	for _, v := range x {
		s += math.Exp(v - m)
	}
	return m + math.Log(s)
}
