package cfr

import (
	"math"
	"sort"
	"testing"

	"pokerlab/br"
	"pokerlab/efg"
)

// TestSamplingUnbiased checks the estimators of Lanctot et al. (2009): with
// the current strategy held fixed, the mean regret increment of many
// external- or outcome-sampling traversals equals the exact counterfactual
// regret r(I,a) of a full pass (within 5 standard errors), and so do the
// average-strategy increments: outcome sampling's equal
// Σ_{h∈I} π_c(h) · π_i(I)σ(a|I), external sampling's (at the opponent)
// Σ_{h∈I} π_{-i}(h) σ(a|I). The chance factors are constant per
// information set and cancel when the average is normalised.
func TestSamplingUnbiased(t *testing.T) {
	tr := load(t, "kuhn")
	exact := solve(t, tr, Options{Algorithm: CFR}, 5) // a non-uniform σ
	const traverser = 0
	exact.pass(traverser)
	wantS := make([]float64, tr.NumActions())
	for I := 0; I < tr.NumInfoSets(); I++ {
		lo, hi := tr.Actions(I)
		weight := 0.0 // outcome sampling: chance reach of the members × own reach
		for _, h := range tr.NodesOf(I) {
			weight += chanceReach(tr, int(h)) * exact.ownReach[I]
		}
		if int(tr.InfoSetPlayer[I]) != traverser {
			weight = 0 // external sampling: Σ over members of π_{-i}
			for _, h := range tr.NodesOf(I) {
				weight += exact.reach[h]
			}
		}
		for a := lo; a < hi; a++ {
			wantS[a] = weight * exact.w[a]
		}
	}
	for _, alg := range []Algorithm{ESMCCFR, OSMCCFR} {
		s := solve(t, tr, Options{Algorithm: alg, Seed: 11}, 0)
		copy(s.regret, exact.regret) // the same σ = RM(R)
		R0 := append([]float64(nil), s.regret...)
		const n = 200000
		sum, sum2 := make([]float64, len(R0)), make([]float64, len(R0))
		sumS, sum2S := make([]float64, len(R0)), make([]float64, len(R0))
		for k := 0; k < n; k++ {
			for a := range s.strat {
				s.strat[a] = 0
			}
			if alg == ESMCCFR {
				s.externalSample(0, traverser, 0)
			} else {
				s.outcomeSample(0, traverser, 1, 1, 1, DefaultEpsilon, 0)
			}
			for a := range R0 {
				d := s.regret[a] - R0[a]
				sum[a] += d
				sum2[a] += d * d
				sumS[a] += s.strat[a]
				sum2S[a] += s.strat[a] * s.strat[a]
			}
			copy(s.regret, R0)
		}
		check := func(what string, a int, sum, sum2, want float64) {
			mean := sum / n
			se := math.Sqrt(math.Max(sum2/n-mean*mean, 0) / n)
			if math.Abs(mean-want) > 5*se+1e-12 {
				t.Errorf("%s %s[%d] (%s %q): mean %.6f ± %.6f, exact %.6f", alg, what, a,
					tr.InfoSetLabel[infoSetOf(tr, a)], tr.ActionLabel[a], mean, se, want)
			}
		}
		for I := 0; I < tr.NumInfoSets(); I++ {
			lo, hi := tr.Actions(I)
			mine := int(tr.InfoSetPlayer[I]) == traverser
			for a := lo; a < hi; a++ {
				if mine {
					check("regret", a, sum[a], sum2[a], exact.inst[a])
				}
				if mine == (alg == OSMCCFR) {
					check("strategy", a, sumS[a], sum2S[a], wantS[a])
				}
			}
		}
	}
}

// chanceReach returns the product of the chance probabilities on the path
// to node n.
func chanceReach(t *efg.Tree, n int) float64 {
	p := 1.0
	for n > 0 {
		q := int(t.Parent[n])
		if t.Player[q] == efg.Chance {
			p *= t.ChanceProb[int(t.ChanceStart[t.InfoSet[q]])+n-int(t.FirstChild[q])]
		}
		n = q
	}
	return p
}

func infoSetOf(t interface{ Actions(int) (int, int) }, a int) int {
	for I := 0; ; I++ {
		if _, hi := t.Actions(I); a < hi {
			return I
		}
	}
}

// TestSamplingDeterministic: the same seed gives the same profile bit for
// bit; another seed gives another.
func TestSamplingDeterministic(t *testing.T) {
	tr := load(t, "leduc")
	for _, alg := range []Algorithm{ESMCCFR, OSMCCFR} {
		a := solve(t, tr, Options{Algorithm: alg, Seed: 5}, 2000).Average(nil)
		b := solve(t, tr, Options{Algorithm: alg, Seed: 5}, 2000).Average(nil)
		c := solve(t, tr, Options{Algorithm: alg, Seed: 6}, 2000).Average(nil)
		same, differ := true, false
		for i := range a {
			same = same && math.Float64bits(a[i]) == math.Float64bits(b[i])
			differ = differ || a[i] != c[i]
		}
		if !same || !differ {
			t.Errorf("%s: same seed identical %v, other seed different %v", alg, same, differ)
		}
	}
}

// TestMCCFRBounds: the reference bounds. Kuhn ES ≤ 0.05 after 1,000 iterations
// is OpenSpiel's single-seed test (external_sampling_mccfr_test.cc); over
// seeds the NashConv at 1,000 iterations is a random variable whose median
// is about 0.05 (seeds 1–21: median 0.054, range 0.020–0.097), so the test
// asks the median of 21 seeds to be ≤ 0.06 and every seed ≤ 0.12, and the
// median after 2,000 iterations (0.035) to be ≤ 0.05. Leduc ES ≤ 1.0 after
// 100,000 iterations (seeded) holds with a wide margin (0.14); the OS bound
// of 2.0 (measured 0.98) is ours.
func TestMCCFRBounds(t *testing.T) {
	kuhn := load(t, "kuhn")
	ev := br.NewEvaluator(kuhn)
	for _, c := range []struct {
		iterations       int
		median, maxValue float64
	}{{1000, 0.06, 0.12}, {2000, 0.05, 0.1}} {
		var ncs []float64
		for seed := uint64(1); seed <= 21; seed++ {
			ncs = append(ncs, ev.NashConv(solve(t, kuhn, Options{Algorithm: ESMCCFR, Seed: seed}, c.iterations).Average(nil)))
		}
		sort.Float64s(ncs)
		t.Logf("Kuhn ES after %d: NashConv over 21 seeds min %.4f median %.4f max %.4f", c.iterations, ncs[0], ncs[10], ncs[20])
		if ncs[10] > c.median || ncs[20] > c.maxValue {
			t.Errorf("Kuhn ES after %d: median %.4f (want ≤ %g), max %.4f (want ≤ %g)", c.iterations, ncs[10], c.median, ncs[20], c.maxValue)
		}
	}
	leduc := load(t, "leduc")
	for _, c := range []struct {
		alg   Algorithm
		bound float64
	}{{ESMCCFR, 1.0}, {OSMCCFR, 2.0}} {
		nc := br.NewEvaluator(leduc).NashConv(solve(t, leduc, Options{Algorithm: c.alg, Seed: 1}, 100000).Average(nil))
		t.Logf("Leduc %s after 100,000 (seed 1): NashConv %.4f", c.alg, nc)
		if nc > c.bound {
			t.Errorf("Leduc %s after 100,000 iterations: NashConv %.4f, want ≤ %g", c.alg, nc, c.bound)
		}
	}
}
