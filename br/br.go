// Package br evaluates behaviour profiles of extensive-form games: expected
// payoffs, best responses, NashConv and exploitability, and the value of
// two-player zero-sum games by the sequence-form linear program.
//
// Definitions (the CFR lecture's slides 8–11): the expected payoff of player i under
// profile π is v_i(π) = Σ_z ρ^π(z) u_i(z), the sum over terminals of the
// probability of reaching z times its payoff. A best response of player i
// maximises v_i(π'_i, π_{-i}); with perfect recall a pure behaviour strategy
// attains the maximum, chosen information set by information set from the
// last moves of the player backwards. NashConv(π) = Σ_i [max_{π'_i}
// v_i(π'_i, π_{-i}) − v_i(π)] for any number of players; it is zero exactly at
// Nash equilibria. For two-player constant-sum games the exploitability is
// NashConv/2: the average amount a best-responding opponent wins beyond the
// game value.
//
// Best responses break ties by the lowest action index. Trees come from
// efg.Compile or efg.ReadEFG, which guarantee perfect recall; profiles are
// indexed by global action index (efg.Tree.ActionStart). The cost of a best
// response is one forward and one backward sweep over the nodes, O(nodes +
// actions), with no recursion; an Evaluator reuses its buffers, so repeated
// evaluations do not allocate.
package br

import (
	"fmt"
	"math"

	"pokerlab/efg"
)

// Evaluator computes values and best responses on one tree, reusing its
// buffers. It is not safe for concurrent use; make one per goroutine (the
// tree itself may be shared).
type Evaluator struct {
	t      *efg.Tree
	reach  []float64 // per node: probability of reaching it through chance and the other players
	value  []float64 // per node: expected payoff of the player being evaluated
	values []float64 // per node × player: expected payoffs of every player (Values)
	order  [][]int32 // per player: nodes by decreasing own level, then decreasing index
	levels [][]int32 // per player: order[p][levels[p][L]:levels[p][L+1]] are the nodes at level L
	isets  [][]int32 // per player: the player's information sets by level, bounded like levels
	istart [][]int32
	act    []float64 // per action: Σ over the information set's nodes of reach × child value
	choice []int32   // per information set: the best response's action (global index)

	rootValues []float64 // per player: scratch for NashConv
}

// NewEvaluator prepares an evaluator for t. Preparation is O(nodes) per
// player and happens once.
func NewEvaluator(t *efg.Tree) *Evaluator {
	e := &Evaluator{
		t:      t,
		reach:  make([]float64, t.NumNodes()),
		value:  make([]float64, t.NumNodes()),
		act:    make([]float64, t.NumActions()),
		choice: make([]int32, t.NumInfoSets()),

		values:     make([]float64, t.NumNodes()*t.NumPlayers()),
		rootValues: make([]float64, t.NumPlayers()),
	}
	e.order = make([][]int32, t.NumPlayers())
	e.levels = make([][]int32, t.NumPlayers())
	e.isets = make([][]int32, t.NumPlayers())
	e.istart = make([][]int32, t.NumPlayers())
	for p := range e.order {
		e.prepare(p)
	}
	return e
}

// prepare sorts the nodes of the tree by player p's level: the number of p's
// own decisions on the path to the node. All nodes of one of p's information
// sets share a level (perfect recall), children of p's nodes are one level
// deeper and other children share their parent's level. So after deciding
// p's information sets at level L from values one level deeper, the nodes of
// level L can be valued in decreasing index order (children first).
func (e *Evaluator) prepare(p int) {
	t := e.t
	nodes := t.NumNodes()
	level := make([]int32, nodes)
	maxLevel := int32(0)
	for n := 0; n < nodes; n++ {
		if t.Player[n] == efg.Terminal {
			continue
		}
		l := level[n]
		if int(t.Player[n]) == p {
			l++
		}
		f, k := t.FirstChild[n], t.NumChildren[n]
		for c := f; c < f+k; c++ {
			level[c] = l
		}
		if l > maxLevel {
			maxLevel = l
		}
	}
	// Counting sort by level; within a level keep decreasing node index.
	count := make([]int32, maxLevel+2)
	for _, l := range level {
		count[l+1]++
	}
	for l := 1; l < len(count); l++ {
		count[l] += count[l-1]
	}
	start := append([]int32(nil), count...)
	order := make([]int32, nodes)
	pos := append([]int32(nil), count...)
	for n := nodes - 1; n >= 0; n-- {
		l := level[n]
		order[pos[l]] = int32(n)
		pos[l]++
	}
	e.order[p], e.levels[p] = order, start

	icount := make([]int32, maxLevel+2)
	for I := 0; I < t.NumInfoSets(); I++ {
		if int(t.InfoSetPlayer[I]) == p {
			icount[level[t.NodesOf(I)[0]]+1]++
		}
	}
	for l := 1; l < len(icount); l++ {
		icount[l] += icount[l-1]
	}
	istart := append([]int32(nil), icount...)
	isets := make([]int32, icount[len(icount)-1])
	for I := 0; I < t.NumInfoSets(); I++ {
		if int(t.InfoSetPlayer[I]) == p {
			l := level[t.NodesOf(I)[0]]
			isets[icount[l]] = int32(I)
			icount[l]++
		}
	}
	e.isets[p], e.istart[p] = isets, istart
}

func (e *Evaluator) checkProfile(profile []float64) {
	if len(profile) != e.t.NumActions() {
		panic(fmt.Sprintf("br: profile has %d probabilities, tree has %d actions", len(profile), e.t.NumActions()))
	}
}

// Values writes the expected payoff of every player under profile into out
// (len NumPlayers) and returns it; out may be nil. One backward sweep.
func (e *Evaluator) Values(profile []float64, out []float64) []float64 {
	e.checkProfile(profile)
	t := e.t
	N := t.NumPlayers()
	v := e.values
	for n := t.NumNodes() - 1; n >= 0; n-- {
		row := v[n*N : (n+1)*N]
		pl := t.Player[n]
		if pl == efg.Terminal {
			copy(row, t.PayoffOf(n))
			continue
		}
		for i := range row {
			row[i] = 0
		}
		f, k := int(t.FirstChild[n]), int(t.NumChildren[n])
		var probs []float64
		if pl == efg.Chance {
			c := t.InfoSet[n]
			probs = t.ChanceProb[t.ChanceStart[c]:t.ChanceStart[c+1]]
		} else {
			lo := t.ActionStart[t.InfoSet[n]]
			probs = profile[lo : lo+int32(k)]
		}
		for a := 0; a < k; a++ {
			q := probs[a]
			if q == 0 {
				continue
			}
			child := v[(f+a)*N : (f+a+1)*N]
			for i := range row {
				row[i] += q * child[i]
			}
		}
	}
	if out == nil {
		out = make([]float64, N)
	}
	copy(out, v[:N])
	return out
}

// BestResponse returns the value to player p of a best response to the other
// players' strategies in profile, and writes the response into response (a
// profile: p's information sets get probability 1 on the chosen action,
// other entries are copied from profile). response may be nil. Ties go to
// the lowest action index.
func (e *Evaluator) BestResponse(profile []float64, p int, response []float64) float64 {
	v := e.bestResponseValue(profile, p)
	if response != nil {
		t := e.t
		copy(response, profile)
		for I := 0; I < t.NumInfoSets(); I++ {
			if int(t.InfoSetPlayer[I]) != p {
				continue
			}
			lo, hi := t.Actions(I)
			for a := lo; a < hi; a++ {
				response[a] = 0
			}
			response[e.choice[I]] = 1
		}
	}
	return v
}

// BestResponseValue returns max over p's strategies of p's expected payoff
// against the others' strategies in profile.
func (e *Evaluator) BestResponseValue(profile []float64, p int) float64 {
	return e.bestResponseValue(profile, p)
}

func (e *Evaluator) bestResponseValue(profile []float64, p int) float64 {
	e.checkProfile(profile)
	t := e.t
	N := t.NumPlayers()
	player, infoSet, first, numChildren := t.Player, t.InfoSet, t.FirstChild, t.NumChildren
	actionStart := t.ActionStart
	reach, value, act := e.reach, e.value, e.act

	// Forward: reach[n] = product of chance and the other players' action
	// probabilities on the path to n (ρ_{-p}, the CFR lecture's slide 15).
	reach[0] = 1
	for n := 0; n < len(player); n++ {
		pl := player[n]
		if pl == efg.Terminal {
			continue
		}
		r := reach[n]
		f, k := first[n], numChildren[n]
		switch {
		case int(pl) == p:
			for c := f; c < f+k; c++ {
				reach[c] = r
			}
		case pl == efg.Chance:
			cs := t.ChanceStart[infoSet[n]]
			for a := int32(0); a < k; a++ {
				reach[f+a] = r * t.ChanceProb[cs+a]
			}
		default:
			lo := actionStart[infoSet[n]]
			for a := int32(0); a < k; a++ {
				reach[f+a] = r * profile[lo+a]
			}
		}
	}

	// Backward by p's level (see prepare): decide the information sets of a
	// level from the values one level deeper, then value that level's nodes.
	order, levels, isets, istart := e.order[p], e.levels[p], e.isets[p], e.istart[p]
	payoff := t.Payoff
	for L := len(levels) - 2; L >= 0; L-- {
		for _, I := range isets[istart[L]:istart[L+1]] {
			lo, hi := actionStart[I], actionStart[I+1]
			for a := lo; a < hi; a++ {
				act[a] = 0
			}
			for _, n := range t.NodesOf(int(I)) {
				r := reach[n]
				f := first[n]
				for a := lo; a < hi; a++ {
					act[a] += r * value[f+a-lo]
				}
			}
			best := lo
			for a := lo + 1; a < hi; a++ {
				if act[a] > act[best] {
					best = a
				}
			}
			e.choice[I] = best
		}
		for _, n := range order[levels[L]:levels[L+1]] {
			pl := player[n]
			f, k := first[n], numChildren[n]
			switch {
			case pl == efg.Terminal:
				value[n] = payoff[int(infoSet[n])*N+p]
			case int(pl) == p:
				I := infoSet[n]
				value[n] = value[f+e.choice[I]-actionStart[I]]
			case pl == efg.Chance:
				cs := t.ChanceStart[infoSet[n]]
				s := 0.0
				for a := int32(0); a < k; a++ {
					s += t.ChanceProb[cs+a] * value[f+a]
				}
				value[n] = s
			default:
				lo := actionStart[infoSet[n]]
				s := 0.0
				for a := int32(0); a < k; a++ {
					s += profile[lo+a] * value[f+a]
				}
				value[n] = s
			}
		}
	}
	return value[0]
}

// Result is the evaluation of a profile.
type Result struct {
	Values             []float64 // v_i(π) per player
	BestResponseValues []float64 // max over π'_i of v_i(π'_i, π_{-i}) per player
	Gains              []float64 // BestResponseValues − Values per player (each ≥ 0)
	NashConv           float64   // Σ_i Gains_i
	// Exploitability is NashConv/2 for two-player constant-sum games and NaN
	// otherwise (it is not defined there).
	Exploitability float64
}

// Evaluate returns the values, best-response values, gains, NashConv and
// (two-player constant-sum) exploitability of profile.
func (e *Evaluator) Evaluate(profile []float64) Result {
	N := e.t.NumPlayers()
	r := Result{Values: e.Values(profile, nil), BestResponseValues: make([]float64, N), Gains: make([]float64, N)}
	for p := 0; p < N; p++ {
		r.BestResponseValues[p] = e.BestResponseValue(profile, p)
		// A best response can never be worse than the profile itself; clamp
		// the rounding noise of the two different summation orders.
		r.Gains[p] = math.Max(0, r.BestResponseValues[p]-r.Values[p])
		r.NashConv += r.Gains[p]
	}
	r.Exploitability = math.NaN()
	if e.t.ZeroSumTwoPlayer() {
		r.Exploitability = r.NashConv / 2
	}
	return r
}

// NashConv returns Σ_i [max_{π'_i} v_i(π'_i, π_{-i}) − v_i(π)] without
// allocating.
func (e *Evaluator) NashConv(profile []float64) float64 {
	v := e.Values(profile, e.rootValues)
	nc := 0.0
	for p := range v {
		nc += math.Max(0, e.BestResponseValue(profile, p)-v[p])
	}
	return nc
}

// Values returns every player's expected payoff under profile.
func Values(t *efg.Tree, profile []float64) []float64 {
	return NewEvaluator(t).Values(profile, nil)
}

// Evaluate returns the full evaluation of profile on t.
func Evaluate(t *efg.Tree, profile []float64) Result {
	return NewEvaluator(t).Evaluate(profile)
}

// NashConv returns the NashConv of profile on t.
func NashConv(t *efg.Tree, profile []float64) float64 {
	return NewEvaluator(t).NashConv(profile)
}
