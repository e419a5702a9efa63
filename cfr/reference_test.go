package cfr

import (
	"math"
	"strconv"

	"pokerlab/efg"
)

// refSolver is an independent, deliberately plain second implementation of
// the deterministic algorithms, used only by the tests: it recurses over the
// game's efg.State interface (never the compiled tree), keys information sets
// by string in a map, accumulates per history as the textbook (and
// OpenSpiel/DDCFR) do, and writes DCFR as DDCFR's recurrence
// R_t = R_{t-1}·d(t−1) + r_t instead of the solver's equivalent
// R_t = (R_{t-1} + r_t)·d(t). PCFR+ builds its counterfactual prediction
// from a map of each information set's parent sequence recorded during the
// walk.
type refSolver struct {
	game  efg.Game
	alg   Algorithm
	d     Discount
	sets  map[string]*refInfoSet
	iter  int
	order []string // keys in discovery order, for deterministic updates
	// reverseChance visits chance outcomes last to first: the same
	// arithmetic in exact terms, another rounding in floating point.
	reverseChance bool
	simultaneous  bool
}

type refInfoSet struct {
	player                           int
	regret, strat, policy, inst, adj []float64
	reach                            float64
	parent                           *refInfoSet // the owner's previous information set, if any
	parentAction                     int
	seen                             bool // parent recorded
}

// refDiscount is the reference's own copy of each algorithm's published
// parameters, written out here rather than taken from the code under test
// (DefaultDCFR, linearCFR, Options.discount), so that a wrong default there
// shows as a difference: DCFR α = 1.5, β = 0, γ = 2 (Brown & Sandholm 2019,
// the parameters they recommend); Linear CFR weights iteration t by t, that
// is α = β = γ = 1 in DCFR's form (ibid.); PCFR+ averages with weight t²
// (Farina, Kroer & Sandholm 2021, "quadratic averaging"): γ = 2. CFR and
// CFR+ take none.
func refDiscount(alg Algorithm) Discount {
	switch alg {
	case DCFR:
		return Discount{Alpha: 1.5, Beta: 0, Gamma: 2}
	case LCFR:
		return Discount{Alpha: 1, Beta: 1, Gamma: 1}
	case PCFRPlus:
		return Discount{Gamma: 2}
	}
	return Discount{}
}

func newRefSolver(g efg.Game, alg Algorithm, d Discount) *refSolver {
	return &refSolver{game: g, alg: alg, d: d, sets: map[string]*refInfoSet{}}
}

func refKey(player int, infoSet string) string { return strconv.Itoa(player) + "/" + infoSet }

func (r *refSolver) infoSet(player int, key string, k int) *refInfoSet {
	id := refKey(player, key)
	s := r.sets[id]
	if s == nil {
		s = &refInfoSet{player: player, regret: make([]float64, k), strat: make([]float64, k),
			policy: make([]float64, k), inst: make([]float64, k), adj: make([]float64, k)}
		for a := range s.policy {
			s.policy[a] = 1 / float64(k)
		}
		r.sets[id] = s
		r.order = append(r.order, id)
	}
	return s
}

// walk returns traverser i's expected payoff at s under the current
// policies, adding the counterfactual regrets and own reach at i's
// information sets.
func (r *refSolver) walk(s efg.State, i int, mine, others float64, parent *refInfoSet, parentAction int) float64 {
	p := s.Player()
	switch p {
	case efg.Terminal:
		return s.Utilities()[i]
	case efg.Chance:
		probs := s.ChanceProbs()
		v := 0.0
		for j := range probs {
			a := j
			if r.reverseChance {
				a = len(probs) - 1 - j
			}
			v += probs[a] * r.walk(s.Next(a), i, mine, others*probs[a], parent, parentAction)
		}
		return v
	}
	set := r.infoSet(p, s.InfoSet(), len(s.Actions()))
	if p != i {
		v := 0.0
		for a, q := range set.policy {
			v += q * r.walk(s.Next(a), i, mine, others*q, parent, parentAction)
		}
		return v
	}
	if !set.seen {
		set.parent, set.parentAction, set.seen = parent, parentAction, true
	}
	u := make([]float64, len(set.policy))
	v := 0.0
	for a, q := range set.policy {
		u[a] = r.walk(s.Next(a), i, mine*q, others, set, a)
		v += q * u[a]
	}
	for a := range u {
		set.inst[a] += others * (u[a] - v)
	}
	set.reach += mine
	return v
}

func (r *refSolver) iterate(n int) {
	for ; n > 0; n-- {
		r.iter++
		t := float64(r.iter)
		players := len(r.game.PlayerNames())
		if r.simultaneous {
			for i := 0; i < players; i++ {
				r.walk(r.game.Root(), i, 1, 1, nil, 0)
			}
			for i := 0; i < players; i++ {
				r.updatePlayer(i, t)
			}
			continue
		}
		for i := 0; i < players; i++ {
			r.walk(r.game.Root(), i, 1, 1, nil, 0)
			r.updatePlayer(i, t)
		}
	}
}

// updatePlayer updates player i's information sets, later-discovered first
// (a depth-first walk discovers a parent sequence before its children).
func (r *refSolver) updatePlayer(i int, t float64) {
	for j := len(r.order) - 1; j >= 0; j-- {
		s := r.sets[r.order[j]]
		if s.player != i {
			continue
		}
		r.updateSet(s, t)
		for a := range s.inst {
			s.inst[a] = 0
		}
		s.reach = 0
	}
}

func (r *refSolver) updateSet(s *refInfoSet, t float64) {
	switch r.alg {
	case CFR:
		for a := range s.regret {
			s.regret[a] += s.inst[a]
			s.strat[a] += s.reach * s.policy[a]
		}
		refMatch(s.regret, s.policy)
	case CFRPlus:
		for a := range s.regret {
			s.regret[a] = math.Max(s.regret[a]+s.inst[a], 0)
			s.strat[a] += t * s.reach * s.policy[a]
		}
		refMatch(s.regret, s.policy)
	case DCFR, LCFR:
		for a := range s.regret {
			if t == 1 {
				s.regret[a] = s.inst[a]
				s.strat[a] = s.reach * s.policy[a]
				continue
			}
			e := r.d.Beta
			if s.regret[a] > 0 {
				e = r.d.Alpha
			}
			f := math.Pow(t-1, e)
			s.regret[a] = s.regret[a]*f/(f+1) + s.inst[a]
			s.strat[a] = s.strat[a]*math.Pow((t-1)/t, r.d.Gamma) + s.reach*s.policy[a]
		}
		refMatch(s.regret, s.policy)
	case PCFRPlus:
		// Predictive RM+ with the counterfactual prediction built bottom-up:
		// d = r + (predicted value changes of the later sets, in adj).
		d := make([]float64, len(s.regret))
		e := 0.0
		for a := range s.regret {
			s.regret[a] = math.Max(s.regret[a]+s.inst[a], 0)
			s.strat[a] += math.Pow(t, r.d.Gamma) * s.reach * s.policy[a]
			d[a] = s.inst[a] + s.adj[a]
			e += s.policy[a] * d[a]
			s.adj[a] = 0
		}
		m := make([]float64, len(d))
		for a := range m {
			m[a] = s.regret[a] + d[a] - e
		}
		refMatch(m, s.policy)
		if s.parent != nil {
			for a := range d {
				s.parent.adj[s.parentAction] += s.policy[a] * d[a]
			}
		}
	default:
		panic("refSolver: no reference for " + r.alg.String())
	}
}

func refMatch(regret, policy []float64) {
	sum := 0.0
	for _, x := range regret {
		sum += math.Max(x, 0)
	}
	for a, x := range regret {
		if sum > 0 {
			policy[a] = math.Max(x, 0) / sum
		} else {
			policy[a] = 1 / float64(len(regret))
		}
	}
}

// average returns the reference average strategy as a profile of t.
func (r *refSolver) average(t *efg.Tree) []float64 {
	p := efg.Uniform(t)
	for I := 0; I < t.NumInfoSets(); I++ {
		s := r.sets[refKey(int(t.InfoSetPlayer[I]), t.InfoSetLabel[I])]
		if s == nil {
			continue
		}
		lo, hi := t.Actions(I)
		sum := 0.0
		for _, x := range s.strat {
			sum += x
		}
		if sum > 0 {
			for a := lo; a < hi; a++ {
				p[a] = s.strat[a-lo] / sum
			}
		}
	}
	return p
}
