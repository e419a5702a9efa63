package qre

import (
	"fmt"
	"math"

	"pokerlab/efg"
)

// Thermo holds the thermodynamic quantities of the QRE note's last section for
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

// Analysis describes a profile at its λ: conditional action values,
// information-set reach and the thermodynamics per information set and per
// player.
type Analysis struct {
	Lambda float64
	// ActionValues[a] is u(a|I): the expected payoff of I's player after
	// action a, conditional on reaching I (Bayes beliefs).
	ActionValues []float64
	// Reach[I] is the probability that play reaches information set I.
	Reach []float64
	// Values[i] is player i's expected payoff.
	Values []float64
	// InfoSet[I] is E, S, F of information set I with u(a|I) as the values
	// (the QRE note's eqs (12)–(13), per hand in the AKQ game).
	InfoSet []Thermo
	// Player[i] aggregates player i's information sets: E_i = −v_i (minus
	// the player's expected payoff), S_i = Σ_I Reach[I]·S_I (the expected
	// entropy of the player's choices in one play of the game), and
	// F_i = E_i − S_i/λ. With one information set per player and no chance
	// this is the per-information-set definition.
	Player []Thermo
	// Residual is max |ln σ(a|I) − ln logit_λ(u)(a|I)|: how far the profile
	// is from being the agent QRE at λ (0 at an exact QRE).
	Residual float64
}

// Analyze evaluates the profile whose logarithm is logProfile (e.g.
// Point.LogProfile; exact where probabilities underflow) at λ ≥ 0.
// Cost: one evaluation of the QRE equations, O(nodes × players).
func Analyze(t *efg.Tree, logProfile []float64, lambda float64) (*Analysis, error) {
	if len(logProfile) != t.NumActions() {
		return nil, fmt.Errorf("qre: profile has %d entries, the game has %d actions", len(logProfile), t.NumActions())
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, fmt.Errorf("qre: λ = %v: λ must be a finite number ≥ 0", lambda)
	}
	s, err := newSystem(t)
	if err != nil {
		return nil, err
	}
	x := make([]float64, s.m+1)
	for c, a := range s.free {
		x[c] = logProfile[a] - logProfile[s.ref[s.actInfo[a]]]
	}
	x[s.m] = lambda
	s.evaluate(x)
	N := t.NumPlayers()
	an := &Analysis{
		Lambda:       lambda,
		ActionValues: append([]float64(nil), s.u...),
		Reach:        make([]float64, t.NumInfoSets()),
		Values:       append([]float64(nil), s.v[:N]...),
		InfoSet:      make([]Thermo, t.NumInfoSets()),
		Player:       make([]Thermo, N),
	}
	for i := range an.Player {
		an.Player[i].Energy = -an.Values[i]
	}
	for I := range an.InfoSet {
		lo, hi := t.Actions(I)
		e, ent := 0.0, 0.0
		for a := lo; a < hi; a++ {
			e -= s.p[a] * s.u[a]
			if s.p[a] > 0 {
				ent -= s.p[a] * s.logp[a]
			}
		}
		an.InfoSet[I] = Thermo{Energy: e, Entropy: ent, FreeEnergy: freeEnergy(e, ent, lambda)}
		an.Reach[I] = math.Exp(s.lse[I])
		an.Player[t.InfoSetPlayer[I]].Entropy += an.Reach[I] * ent
		// Distance from the logit response: ln σ − (λu − logsumexp(λu)).
		mx := math.Inf(-1)
		for a := lo; a < hi; a++ {
			mx = math.Max(mx, lambda*s.u[a])
		}
		z := 0.0
		for a := lo; a < hi; a++ {
			z += math.Exp(lambda*s.u[a] - mx)
		}
		z = mx + math.Log(z)
		for a := lo; a < hi; a++ {
			an.Residual = math.Max(an.Residual, math.Abs(s.logp[a]-(lambda*s.u[a]-z)))
		}
	}
	for i := range an.Player {
		an.Player[i].FreeEnergy = freeEnergy(an.Player[i].Energy, an.Player[i].Entropy, lambda)
	}
	return an, nil
}
