package qre

import "math"

// Thermo holds the thermodynamic quantities of seed 000's last section for
// one information set or one player at inverse temperature λ:
// internal energy E = −Σ_a σ(a) u(a) (eq 13), entropy S = −Σ_a σ(a) ln σ(a)
// and free energy F = E − S/λ (eq 12). At λ = 0, F = −∞ whenever S > 0.
type Thermo struct {
	Energy, Entropy, FreeEnergy float64
}

func freeEnergy(e, s, lambda float64) float64 {
	if s == 0 {
		return e
	}
	return e - s/lambda
}

var _ = math.Inf
