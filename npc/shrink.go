package npc

import "math"

// BetaPrior is a beta distribution Beta(α, β) over a stat's rate across
// the players of a population: the prior of empirical Bayes. A player with
// k actions in n opportunities gets the posterior mean (k + α)/(n + α + β),
// the observed rate k/n shrunk toward the population's mean α/(α + β) with
// the weight n/(n + α + β) on the player's own.
type BetaPrior struct{ Alpha, Beta float64 }

// Mean returns α/(α + β).
func (b BetaPrior) Mean() float64 { return b.Alpha / (b.Alpha + b.Beta) }

// Strength returns α + β, the prior's weight in opportunities.
func (b BetaPrior) Strength() float64 { return b.Alpha + b.Beta }

// Posterior returns the posterior mean (k + α)/(n + α + β).
func (b BetaPrior) Posterior(k, n int64) float64 {
	return (float64(k) + b.Alpha) / (float64(n) + b.Alpha + b.Beta)
}

// Weight returns the posterior's weight on the player's own rate,
// n/(n + α + β).
func (b BetaPrior) Weight(n int64) float64 { return float64(n) / (float64(n) + b.Strength()) }

// Prior strengths where the population cannot fix one: DefaultPriorStrength
// when fewer than minPriorPlayers players have opportunities (the weight
// of 50 opportunities, where the aggregate clone's cliff was: a spread
// between players is not measured on a handful of them), and the bounds
// of a fitted strength.
const (
	DefaultPriorStrength = 50
	minPriorPlayers      = 10
	minPriorStrength     = 2
	maxPriorStrength     = 500
)

// FitBetaPrior fits a beta prior to the players' (taken, opportunities)
// by the method of moments for the beta-binomial with unequal sample
// sizes (Kleinman 1973): with N = Σ n_i, the pooled mean μ = Σ k_i / N and
// S = Σ n_i (k_i/n_i − μ)², E[S] = μ(1−μ)[(m−1) + ρ(N − Σ n_i²/N − (m−1))]
// for m players and intra-player correlation ρ = 1/(α + β + 1), so
// ρ̂ = (S/(μ(1−μ)) − (m−1)) / (N − Σ n_i²/N − (m−1)), and α + β = 1/ρ̂ − 1
// (within [2, 500]: the moment estimate of ρ is noisy when players have few
// opportunities each, and a ρ̂ ≤ 0 must not silence a player's own sample;
// a population whose players do not differ beyond
// chance gets the largest strength). Players without opportunities are
// left out. With fewer than ten players, or a mean of 0 or 1, the mean
// is the pooled one (kept inside [0.001, 0.999]) and the strength
// DefaultPriorStrength. Cost O(m).
func FitBetaPrior(taken, opps []int64) BetaPrior {
	var N, K, N2 float64
	m := 0
	for i, n := range opps {
		if n <= 0 {
			continue
		}
		m++
		N += float64(n)
		K += float64(taken[i])
		N2 += float64(n) * float64(n)
	}
	mk := func(mu, strength float64) BetaPrior {
		mu = min(max(mu, 0.001), 0.999)
		return BetaPrior{Alpha: mu * strength, Beta: (1 - mu) * strength}
	}
	if m == 0 {
		return mk(0.5, DefaultPriorStrength)
	}
	mu := K / N
	if m < minPriorPlayers || mu <= 0 || mu >= 1 {
		return mk(mu, DefaultPriorStrength)
	}
	var S float64
	for i, n := range opps {
		if n <= 0 {
			continue
		}
		d := float64(taken[i])/float64(n) - mu
		S += float64(n) * d * d
	}
	den := N - N2/N - float64(m-1)
	strength := float64(maxPriorStrength)
	if den > 0 {
		rho := (S/(mu*(1-mu)) - float64(m-1)) / den
		if rho > 0 {
			strength = min(max(1/rho-1, minPriorStrength), maxPriorStrength)
		}
	}
	return mk(mu, strength)
}

// Sources of a cloned value (StatSource.Source).
const (
	// SourcePlayer: the player's own rate carries at least 95 % of the
	// weight.
	SourcePlayer = "player"
	// SourceShrunk: the player's rate shrunk toward the population's.
	SourceShrunk = "shrunk"
	// SourcePopulation: the player had no opportunity; the population's
	// value.
	SourcePopulation = "population"
)

// StatSource says where a cloned value came from: the player's sample,
// the population's prior, and the weight between them.
type StatSource struct {
	Key string
	// Taken and Opportunities are the player's sample.
	Taken, Opportunities int64
	// Observed is Taken/Opportunities (NaN without opportunities).
	Observed float64
	// Prior is the population's beta prior; Weight the player's share.
	Prior  BetaPrior
	Weight float64
	// Value is the profile's value.
	Value  float64
	Source string
}

// shrinkOne returns the posterior and its source for a sample k of n
// under prior b.
func shrinkOne(key string, k, n int64, b BetaPrior) StatSource {
	s := StatSource{Key: key, Taken: k, Opportunities: n, Observed: math.NaN(), Prior: b, Weight: b.Weight(n), Value: b.Posterior(k, n)}
	if n > 0 {
		s.Observed = float64(k) / float64(n)
	}
	switch {
	case n == 0:
		s.Source = SourcePopulation
	case s.Weight >= 0.95:
		s.Source = SourcePlayer
	default:
		s.Source = SourceShrunk
	}
	return s
}

// centred returns prior b moved to mean mu, its strength kept.
func centred(b BetaPrior, mu float64) BetaPrior {
	mu = min(max(mu, 0.001), 0.999)
	m := b.Strength()
	return BetaPrior{Alpha: mu * m, Beta: (1 - mu) * m}
}
