package cfr

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"pokerlab/efg"
)

// Solver runs one algorithm of the family on one tree. It owns all mutable
// state (regrets, cumulative strategies, the current profile, scratch
// buffers); the tree is only read, so several solvers may share it. A Solver
// is not safe for concurrent use.
type Solver struct {
	t    *efg.Tree
	opt  Options
	lay  *layout
	iter int // completed iterations; iteration t counts from 1

	// w holds the current behaviour profile σ^t in w[:NumActions], then the
	// chance probabilities, then the constant 1, so that the weight of the
	// edge into node c is w[edge[c]] whoever moves at its parent.
	w      []float64
	regret []float64 // cumulative counterfactual regret R(I,a), per global action
	strat  []float64 // cumulative (weighted) reach × σ, per global action: the average strategy's numerator

	// The deterministic sweeps.
	edge     []int32     // per node c ≥ 1: index in w of the probability of the edge into c
	fwd      [][]int32   // per player i, per node c ≥ 1: edge[c], or the index of the constant 1 if i moves at c's parent
	reach    []float64   // per node: π_{-i}, the reach of chance and every player but the traverser i
	value    [][]float64 // per player, per node: expected payoff under σ^t (terminals filled once)
	inst     []float64   // per action: the pass's instantaneous counterfactual regret
	ownReach []float64   // per information set: π_i(I), the owner's own reach under σ^t
	scratch  []float64   // maxActions
	adj      []float64   // per action: PCFR+'s predicted change of the owner's later counterfactual values

	// Sampling algorithms.
	pcg *rand.PCG
	rng *rand.Rand
	buf []float64 // per recursion depth: σ and child values at the traverser's nodes

	discT int        // iteration of the cached DCFR multipliers
	disc  [3]float64 // DCFR multipliers of positive regrets, negative regrets, the average

	par *parallel // nil unless Threads > 1 and the tree is large enough
}

// layout is the per-tree data the solver derives once from the immutable
// tree: the internal nodes, per player the information sets in an order
// where every information set comes after the one holding its owner's
// previous action, and what sampling needs about chance.
type layout struct {
	nodes, actions int
	internal       []int32   // non-terminal nodes, ascending (parents first)
	isets          [][]int32 // per player: information sets sorted by first member node
	parentSet      []int32   // per information set: the owner's previous information set, or -1
	parentAct      []int32   // per information set: the owner's previous action (global index), or -1
	maxActions     int
	maxDepth       int       // longest root-to-terminal path, in edges
	uniformChance  []bool    // per chance record: all outcomes equally likely
	chanceCum      []float64 // per chance outcome: cumulative probability within its record
}

// New returns a solver for t with the given options, with uniform current
// strategies and zero regrets. It returns an error for invalid options or a
// tree without information sets.
func New(t *efg.Tree, opt Options) (*Solver, error) {
	if err := opt.validate(); err != nil {
		return nil, err
	}
	if t.NumInfoSets() == 0 {
		return nil, fmt.Errorf("cfr: game %q has no decisions to learn", t.Title)
	}
	lay := newLayout(t)
	nA := t.NumActions()
	s := &Solver{
		t:      t,
		opt:    opt,
		lay:    lay,
		w:      make([]float64, nA+len(t.ChanceProb)+1),
		regret: make([]float64, nA),
		strat:  make([]float64, nA),
	}
	copy(s.w, efg.Uniform(t))
	copy(s.w[nA:], t.ChanceProb)
	one := int32(len(s.w) - 1)
	s.w[one] = 1
	if opt.Algorithm.Sampled() {
		s.pcg = rand.NewPCG(opt.Seed, seedStream)
		s.rng = rand.New(s.pcg)
		s.buf = make([]float64, 2*lay.maxActions*(lay.maxDepth+1))
		return s, nil
	}
	N := t.NumPlayers()
	s.edge = make([]int32, t.NumNodes())
	s.fwd = make([][]int32, N)
	for i := range s.fwd {
		s.fwd[i] = make([]int32, t.NumNodes())
	}
	s.edge[0] = one
	for c := 1; c < t.NumNodes(); c++ {
		p := t.Parent[c]
		a := int32(c) - t.FirstChild[p]
		if t.Player[p] == efg.Chance {
			s.edge[c] = int32(nA) + t.ChanceStart[t.InfoSet[p]] + a
		} else {
			s.edge[c] = t.ActionStart[t.InfoSet[p]] + a
		}
		for i := range s.fwd {
			s.fwd[i][c] = s.edge[c]
			if int(t.Player[p]) == i {
				s.fwd[i][c] = one
			}
		}
	}
	s.reach = make([]float64, t.NumNodes())
	s.inst = make([]float64, nA)
	s.ownReach = make([]float64, t.NumInfoSets())
	s.scratch = make([]float64, lay.maxActions)
	if opt.Algorithm == PCFRPlus {
		s.adj = make([]float64, nA)
	}
	s.value = make([][]float64, N)
	for i := range s.value {
		v := make([]float64, t.NumNodes())
		for n := range v {
			if t.Player[n] == efg.Terminal {
				v[n] = t.Payoff[int(t.InfoSet[n])*N+i]
			}
		}
		s.value[i] = v
	}
	if opt.Threads > 1 && t.NumNodes() >= minParallelNodes {
		s.par = newParallel(s, opt.Threads)
	}
	return s, nil
}

// seedStream is the second PCG word; Options.Seed is the first.
const seedStream = 0x706f6b65726c6162 // "pokerlab"

func newLayout(t *efg.Tree) *layout {
	nodes := t.NumNodes()
	lay := &layout{
		nodes:     nodes,
		actions:   t.NumActions(),
		isets:     make([][]int32, t.NumPlayers()),
		parentSet: make([]int32, t.NumInfoSets()),
		parentAct: make([]int32, t.NumInfoSets()),
	}
	depth := make([]int32, nodes)
	for n := 0; n < nodes; n++ {
		if n > 0 {
			depth[n] = depth[t.Parent[n]] + 1
			lay.maxDepth = max(lay.maxDepth, int(depth[n]))
		}
		if t.Player[n] != efg.Terminal {
			lay.internal = append(lay.internal, int32(n))
		}
	}
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		lay.maxActions = max(lay.maxActions, hi-lo)
		p := t.InfoSetPlayer[I]
		lay.isets[p] = append(lay.isets[p], int32(I))
		// Walk up from the first member to the owner's previous decision
		// (perfect recall makes it the same for every member).
		lay.parentSet[I], lay.parentAct[I] = -1, -1
		c := int(t.NodesOf(I)[0])
		for q := int(t.Parent[c]); q >= 0; c, q = q, int(t.Parent[q]) {
			if int32(t.Player[q]) == p {
				J := t.InfoSet[q]
				lay.parentSet[I] = J
				lay.parentAct[I] = t.ActionStart[J] + int32(c-int(t.FirstChild[q]))
				break
			}
		}
	}
	for _, list := range lay.isets {
		// A previous information set has a member that is an ancestor of
		// this one's first member, so sorting by first member puts it first.
		sort.Slice(list, func(a, b int) bool { return t.NodesOf(int(list[a]))[0] < t.NodesOf(int(list[b]))[0] })
	}
	for n := 0; n < nodes; n++ {
		if t.Player[n] == efg.Chance {
			lay.maxActions = max(lay.maxActions, int(t.NumChildren[n]))
		}
	}
	lay.uniformChance = make([]bool, t.NumChanceNodes())
	lay.chanceCum = make([]float64, len(t.ChanceProb))
	for c := range lay.uniformChance {
		lo, hi := t.ChanceStart[c], t.ChanceStart[c+1]
		uniform, sum := true, 0.0
		for k := lo; k < hi; k++ {
			uniform = uniform && t.ChanceProb[k] == t.ChanceProb[lo]
			sum += t.ChanceProb[k]
			lay.chanceCum[k] = sum
		}
		lay.uniformChance[c] = uniform
	}
	return lay
}

// Tree returns the solver's tree.
func (s *Solver) Tree() *efg.Tree { return s.t }

// Options returns the solver's options.
func (s *Solver) Options() Options { return s.opt }

// Iterations returns the number of completed iterations.
func (s *Solver) Iterations() int { return s.iter }

// Iterate runs n more iterations (n ≤ 0 does nothing). One iteration is one
// pass per player over the whole tree for the deterministic algorithms and
// one sampled traversal (external sampling) or episode (outcome sampling)
// per player for MCCFR. The deterministic algorithms do not allocate.
func (s *Solver) Iterate(n int) {
	for ; n > 0; n-- {
		switch s.opt.Algorithm {
		case ESMCCFR:
			s.externalSamplingIteration()
		case OSMCCFR:
			s.outcomeSamplingIteration()
		default:
			s.sweepIteration()
		}
	}
}

// Average writes the average profile σ̄ into dst (allocated when nil) and
// returns it: σ̄(a|I) = S(I,a) / Σ_b S(I,b), where S accumulates the
// (algorithm-weighted) own reach probability times the current strategy
// (the CFR lecture's slide 19). Information sets whose weights are all zero (never
// reached by their owner) get the uniform distribution.
func (s *Solver) Average(dst []float64) []float64 {
	dst = s.profileBuffer(dst)
	t := s.t
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		normalize(s.strat[lo:hi], dst[lo:hi])
	}
	return dst
}

// Current writes the current profile σ^{t+1} (the strategies the next
// iteration will play) into dst (allocated when nil) and returns it.
func (s *Solver) Current(dst []float64) []float64 {
	dst = s.profileBuffer(dst)
	if s.opt.Algorithm.Sampled() {
		t := s.t
		for I := 0; I < t.NumInfoSets(); I++ {
			lo, hi := t.Actions(I)
			regretMatch(s.regret[lo:hi], dst[lo:hi])
		}
		return dst
	}
	copy(dst, s.w[:s.lay.actions])
	return dst
}

func (s *Solver) profileBuffer(dst []float64) []float64 {
	if dst == nil {
		return make([]float64, s.lay.actions)
	}
	if len(dst) != s.lay.actions {
		panic(fmt.Sprintf("cfr: profile buffer has %d entries, the tree has %d actions", len(dst), s.lay.actions))
	}
	return dst
}

// Bytes returns the memory held by the solver's own arrays (not counting the
// tree), in bytes.
func (s *Solver) Bytes() int64 {
	f := int64(len(s.w) + len(s.regret) + len(s.strat) + len(s.reach) + len(s.inst) + len(s.ownReach) + len(s.scratch) + len(s.adj) + len(s.buf))
	for _, v := range s.value {
		f += int64(len(v))
	}
	i32 := int64(len(s.lay.internal) + len(s.edge) + len(s.lay.parentSet) + len(s.lay.parentAct))
	for _, f := range s.fwd {
		i32 += int64(len(f))
	}
	for _, l := range s.lay.isets {
		i32 += int64(len(l))
	}
	b := 8*f + 4*i32 + 8*int64(len(s.lay.chanceCum)) + int64(len(s.lay.uniformChance))
	if s.par != nil {
		b += s.par.bytes()
	}
	return b
}

// regretMatch writes the regret-matching strategy of regrets r into out
// (the CFR lecture's slide 30): σ(a) = max(R(a),0) / Σ_b max(R(b),0) when the sum is
// positive, else uniform.
func regretMatch(r, out []float64) {
	out = out[:len(r)]
	sum := 0.0
	for _, x := range r {
		if x > 0 {
			sum += x
		}
	}
	if sum > 0 {
		for a, x := range r {
			if x > 0 {
				out[a] = x / sum
			} else {
				out[a] = 0
			}
		}
		return
	}
	u := 1 / float64(len(r))
	for a := range out {
		out[a] = u
	}
}

// normalize writes s/Σs into out, or the uniform distribution when Σs = 0.
func normalize(s, out []float64) {
	out = out[:len(s)]
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	if sum > 0 {
		for a, x := range s {
			out[a] = x / sum
		}
		return
	}
	u := 1 / float64(len(s))
	for a := range out {
		out[a] = u
	}
}
