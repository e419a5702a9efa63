package lab

import (
	"math"

	"pokerlab/spot/spotqre"
)

// qreETA estimates the seconds a QRE solve still needs from the points of
// its path so far (see the package doc, "Solves"). Its zero value knows
// nothing; it keeps the points with λ > 0 in increasing λ.
type qreETA struct {
	pot     float64
	target  float64   // the exploitability of λ* in chips (λ* search), 0: a list
	lambdas []float64 // the list's λ values (a list solve)
	path    []spotqre.PathPoint
	crossed bool // the λ* search went below its target: the refinement runs
}

// add records an accepted point (its Seconds since the phase began) and
// returns the ETA in seconds (-1: unknown) and the λ it aims at (0:
// unknown). A nil qreETA knows nothing.
func (q *qreETA) add(p spotqre.PathPoint) (eta, aim float64) {
	if q == nil {
		return -1, 0
	}
	if q.target > 0 && p.Exploitability <= q.target {
		q.crossed = true
	}
	if q.crossed {
		return -1, 0
	}
	if p.Lambda > 0 && (len(q.path) == 0 || p.Lambda > q.path[len(q.path)-1].Lambda) {
		q.path = append(q.path, p)
	}
	n := len(q.path)
	if n == 0 {
		return -1, 0
	}
	last := q.path[n-1]
	if q.target > 0 {
		// λ* from the c/λ fit of the measured points with λ ≥ λ/4 (the
		// range where the exploitability falls like c/λ).
		c, _, m := spotqre.FitInverse(q.path, q.pot, last.Lambda/4)
		if m < 2 || !(c > 0) {
			return -1, 0
		}
		aim = c * q.pot / q.target
	} else {
		for _, l := range q.lambdas {
			aim = max(aim, l)
		}
	}
	if !(aim > 0) {
		return -1, 0
	}
	if aim <= last.Lambda {
		if q.target > 0 {
			// The fit says λ* is behind: it does not describe the path
			// yet.
			return -1, aim
		}
		return 0, aim
	}
	// Seconds per unit of log λ over the same window.
	first := -1
	for i, x := range q.path {
		if x.Lambda >= last.Lambda/4 {
			first = i
			break
		}
	}
	if first < 0 || first == n-1 {
		return -1, aim
	}
	a := q.path[first]
	rate := (last.Seconds - a.Seconds) / math.Log(last.Lambda/a.Lambda)
	if !(rate >= 0) || math.IsInf(rate, 0) {
		return -1, aim
	}
	return rate * math.Log(aim/last.Lambda), aim
}
