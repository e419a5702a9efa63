package qre

import "math"

// sigmoid is the logistic function 1/(1+e^{−x}), evaluated without overflow.
func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// logSigmoid is ln σ(x) = −ln(1+e^{−x}), accurate for large |x|.
func logSigmoid(x float64) float64 {
	if x >= 0 {
		return -math.Log1p(math.Exp(-x))
	}
	return x - math.Log1p(math.Exp(x))
}

// sigmoidDiff returns σ(x) − σ(y) without cancellation:
// σ(x) − σ(y) = sinh((x−y)/2) / (cosh((x+y)/2) + cosh((x−y)/2)).
func sigmoidDiff(x, y float64) float64 {
	if math.Abs(x)+math.Abs(y) > 1400 {
		return sigmoid(x) - sigmoid(y)
	}
	d, s := (x-y)/2, (x+y)/2
	return math.Sinh(d) / (math.Cosh(s) + math.Cosh(d))
}

// logSumExp returns ln Σ e^{x_i}, shifting by the maximum.
func logSumExp(x []float64) float64 {
	m := math.Inf(-1)
	for _, v := range x {
		if v > m {
			m = v
		}
	}
	if math.IsInf(m, 0) {
		return m
	}
	s := 0.0
	for _, v := range x {
		s += math.Exp(v - m)
	}
	return m + math.Log(s)
}
