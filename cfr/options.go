package cfr

import (
	"fmt"
	"math"
	"strings"
)

// Algorithm selects a member of the CFR family.
type Algorithm int

// The algorithms. The zero value is vanilla CFR.
const (
	// CFR is vanilla counterfactual regret minimisation (Zinkevich et al.
	// 2007; the CFR lecture's slides 26–31): regret matching on cumulative immediate
	// counterfactual regret, average strategy weighted by the player's own
	// reach probability.
	CFR Algorithm = iota
	// CFRPlus is CFR+ (Tammelin 2014): regret matching+ (cumulative regrets
	// clamped at 0 after every pass) and linear averaging (iteration t
	// weighted by t), as in OpenSpiel's CFRPlusSolver.
	CFRPlus
	// LCFR is Linear CFR (Brown & Sandholm 2019): DCFR with α = β = γ = 1,
	// so regrets and average contributions of iteration t are weighted by t.
	LCFR
	// DCFR is Discounted CFR (Brown & Sandholm 2019) with parameters α, β, γ
	// (default 1.5, 0, 2).
	DCFR
	// PCFRPlus is Predictive CFR+ (Farina, Kroer & Sandholm 2021): regret
	// matching+ on the cumulative regret plus a prediction of the next
	// instantaneous regret (the last one), with quadratic averaging.
	PCFRPlus
	// ESMCCFR is external-sampling Monte Carlo CFR (Lanctot et al. 2009).
	ESMCCFR
	// OSMCCFR is outcome-sampling Monte Carlo CFR (Lanctot et al. 2009) with
	// ε-exploration at the traverser's information sets.
	OSMCCFR
)

var algorithmNames = [...]string{
	CFR:      "cfr",
	CFRPlus:  "cfr+",
	LCFR:     "lcfr",
	DCFR:     "dcfr",
	PCFRPlus: "pcfr+",
	ESMCCFR:  "es-mccfr",
	OSMCCFR:  "os-mccfr",
}

// Algorithms returns every algorithm, in the order of the constants.
func Algorithms() []Algorithm {
	out := make([]Algorithm, len(algorithmNames))
	for i := range out {
		out[i] = Algorithm(i)
	}
	return out
}

// String returns the algorithm's name as the command line spells it:
// cfr, cfr+, lcfr, dcfr, pcfr+, es-mccfr, os-mccfr.
func (a Algorithm) String() string {
	if a < 0 || int(a) >= len(algorithmNames) {
		return fmt.Sprintf("Algorithm(%d)", int(a))
	}
	return algorithmNames[a]
}

// Sampled reports whether the algorithm samples the tree (MCCFR) rather than
// sweeping it completely.
func (a Algorithm) Sampled() bool { return a == ESMCCFR || a == OSMCCFR }

// ParseAlgorithm returns the algorithm named s (case-insensitive; "cfrplus",
// "pcfrplus", "es" and "os" are accepted aliases).
func ParseAlgorithm(s string) (Algorithm, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	switch name {
	case "cfrplus":
		name = "cfr+"
	case "pcfrplus":
		name = "pcfr+"
	case "es":
		name = "es-mccfr"
	case "os":
		name = "os-mccfr"
	}
	for i, n := range algorithmNames {
		if n == name {
			return Algorithm(i), nil
		}
	}
	return 0, fmt.Errorf("unknown algorithm %q (known: %s)", s, strings.Join(algorithmNames[:], ", "))
}

// Discount holds the parameters of Discounted CFR. After iteration t's pass
// of player i, i's positive cumulative regrets are multiplied by
// t^α/(t^α+1), negative ones by t^β/(t^β+1), and i's cumulative average
// strategy by (t/(t+1))^γ (Brown & Sandholm 2019, section 4). β = 0 halves
// negative regrets every iteration; it is not "no discount".
type Discount struct {
	Alpha, Beta, Gamma float64
}

// DefaultDCFR is the parameter set recommended by Brown & Sandholm (2019).
var DefaultDCFR = Discount{Alpha: 1.5, Beta: 0, Gamma: 2}

// linearCFR is LCFR's parameter set.
var linearCFR = Discount{Alpha: 1, Beta: 1, Gamma: 1}

// Options configures a Solver. The zero value is vanilla CFR with alternating
// updates on one thread.
type Options struct {
	// Algorithm is the member of the family; the zero value is CFR.
	Algorithm Algorithm
	// Simultaneous, when true, computes every player's regrets against the
	// same profile σ^t before updating anyone. The default (false) is
	// alternating updates: player 1's pass and update, then player 2's pass
	// against player 1's updated strategy, and so on, as OpenSpiel and
	// Tammelin's CFR+ do. Not available for the sampling algorithms, whose
	// iterations are one traversal per player by construction.
	Simultaneous bool
	// Discount sets α, β, γ for DCFR (nil means DefaultDCFR: 1.5, 0, 2).
	// For PCFRPlus only Gamma is used, as the averaging exponent (iteration t
	// weighted t^γ; nil means 2, quadratic averaging). LCFR is always (1, 1, 1),
	// and other algorithms ignore Discount.
	Discount *Discount
	// Epsilon is outcome sampling's exploration: at the traverser's
	// information sets actions are sampled from ε·uniform + (1−ε)·σ. Zero
	// means 0.6 (Lanctot et al. 2009; OpenSpiel's default). Must lie in (0, 1].
	Epsilon float64
	// Seed seeds the sampling algorithms' PCG generator (every value, zero
	// included, is a valid seed). Deterministic algorithms ignore it.
	Seed uint64
	// Threads is the number of goroutines the deterministic algorithms may use
	// on large trees (0 or 1: one). Results are bit-identical for every
	// thread count: threads only change the order in which nodes and
	// information sets are visited, never the arithmetic. The sampling
	// algorithms always run on one thread.
	Threads int
}

// DefaultEpsilon is outcome sampling's exploration when Options.Epsilon is 0.
const DefaultEpsilon = 0.6

// discount returns the effective DCFR parameters of o.
func (o Options) discount() Discount {
	switch {
	case o.Algorithm == LCFR:
		return linearCFR
	case o.Discount != nil:
		return *o.Discount
	case o.Algorithm == PCFRPlus:
		return Discount{Gamma: 2}
	}
	return DefaultDCFR
}

func (o Options) epsilon() float64 {
	if o.Epsilon == 0 {
		return DefaultEpsilon
	}
	return o.Epsilon
}

// validate returns an error describing the first invalid option.
func (o Options) validate() error {
	if o.Algorithm < 0 || int(o.Algorithm) >= len(algorithmNames) {
		return fmt.Errorf("cfr: unknown algorithm %d", int(o.Algorithm))
	}
	if o.Simultaneous && o.Algorithm.Sampled() {
		return fmt.Errorf("cfr: %s has no simultaneous mode (each iteration is one traversal per player)", o.Algorithm)
	}
	if o.Discount != nil {
		for _, p := range []struct {
			name string
			v    float64
		}{{"alpha", o.Discount.Alpha}, {"beta", o.Discount.Beta}, {"gamma", o.Discount.Gamma}} {
			if math.IsNaN(p.v) || math.IsInf(p.v, 0) {
				return fmt.Errorf("cfr: discount %s = %v, want a finite number", p.name, p.v)
			}
		}
		if o.Discount.Gamma < 0 {
			return fmt.Errorf("cfr: discount gamma = %v, want ≥ 0", o.Discount.Gamma)
		}
	}
	if e := o.Epsilon; math.IsNaN(e) || e < 0 || e > 1 {
		return fmt.Errorf("cfr: epsilon = %v, want a number in (0, 1]", e)
	}
	if o.Threads < 0 {
		return fmt.Errorf("cfr: threads = %d, want ≥ 0", o.Threads)
	}
	return nil
}
