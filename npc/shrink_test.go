package npc

import (
	"math"
	"math/rand/v2"
	"testing"
)

// betaBinomial draws m players' samples: rate ~ Beta(a, b) by the ratio of
// gamma draws (Marsaglia–Tsang needs none: a and b are integers here, so a
// gamma(k) is a sum of k exponentials), then k ~ Binomial(n, rate).
func betaBinomial(r *rand.Rand, a, b, m int, n func(i int) int64) (ks, ns []int64) {
	gamma := func(k int) float64 {
		var s float64
		for range k {
			s += r.ExpFloat64()
		}
		return s
	}
	for i := range m {
		x, y := gamma(a), gamma(b)
		p := x / (x + y)
		ni := n(i)
		var k int64
		for range ni {
			if r.Float64() < p {
				k++
			}
		}
		ks, ns = append(ks, k), append(ns, ni)
	}
	return ks, ns
}

// TestFitBetaPriorRecoversPopulation: the moment fit of a simulated
// beta-binomial population (Beta(6, 14): mean 0.3, strength 20; 400
// players of 20 to 400 opportunities) recovers the mean within 0.01 and
// the strength within 25 %.
func TestFitBetaPriorRecoversPopulation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ks, ns := betaBinomial(r, 6, 14, 400, func(i int) int64 { return int64(20 + i) })
	b := FitBetaPrior(ks, ns)
	if math.Abs(b.Mean()-0.3) > 0.01 || math.Abs(b.Strength()-20)/20 > 0.25 {
		t.Fatalf("fit %+v: mean %.4f strength %.2f, want 0.3 and 20", b, b.Mean(), b.Strength())
	}
}

// TestFitBetaPriorSameRate: players who all share one rate differ only by
// chance, so the prior takes the largest strength (full shrinkage).
func TestFitBetaPriorSameRate(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var ks, ns []int64
	for range 300 {
		var k int64
		for range 100 {
			if r.Float64() < 0.25 {
				k++
			}
		}
		ks, ns = append(ks, k), append(ns, 100)
	}
	if b := FitBetaPrior(ks, ns); b.Strength() < 200 || math.Abs(b.Mean()-0.25) > 0.01 {
		t.Fatalf("fit %+v: strength %.1f mean %.4f", b, b.Strength(), b.Mean())
	}
}

// TestFitBetaPriorDegenerate: no players, one player, and a mean of 0
// give the documented stand-ins.
func TestFitBetaPriorDegenerate(t *testing.T) {
	for _, c := range []struct {
		name       string
		ks, ns     []int64
		mean, strg float64
	}{
		{"no players", nil, nil, 0.5, DefaultPriorStrength},
		{"one player", []int64{3}, []int64{10}, 0.3, DefaultPriorStrength},
		{"mean zero", []int64{0, 0}, []int64{10, 20}, 0.001, DefaultPriorStrength},
		{"nine players", []int64{1, 2, 3, 4, 5, 6, 7, 8, 9}, []int64{10, 10, 10, 10, 10, 10, 10, 10, 10}, 0.5, DefaultPriorStrength},
		{"no opportunities", []int64{0, 0}, []int64{0, 0}, 0.5, DefaultPriorStrength},
	} {
		b := FitBetaPrior(c.ks, c.ns)
		if math.Abs(b.Mean()-c.mean) > 1e-12 || math.Abs(b.Strength()-c.strg) > 1e-9 {
			t.Errorf("%s: %+v", c.name, b)
		}
	}
}

// TestPosteriorIsBetaBinomialMean: the posterior mean is (k + α)/(n + α +
// β) — the closed form of the beta-binomial posterior — and the source
// follows the weight n/(n + α + β).
func TestPosteriorIsBetaBinomialMean(t *testing.T) {
	b := BetaPrior{Alpha: 3, Beta: 7}
	for _, c := range []struct {
		k, n   int64
		want   float64
		source string
	}{
		{0, 0, 0.3, SourcePopulation},
		{5, 10, 8.0 / 20, SourceShrunk},
		{100, 200, 103.0 / 210, SourcePlayer},
	} {
		s := shrinkOne("x", c.k, c.n, b)
		if math.Abs(s.Value-c.want) > 1e-15 || s.Source != c.source || math.Abs(s.Weight-float64(c.n)/float64(c.n+10)) > 1e-15 {
			t.Errorf("k=%d n=%d: %+v, want %v %s", c.k, c.n, s, c.want, c.source)
		}
	}
}
