package br

import (
	"errors"
	"fmt"

	"pokerlab/efg"
	"pokerlab/internal/kernel/lp"
)

// DefaultMaxTableau is the default of LPOptions.MaxTableau: 2·10⁷ entries
// of the dense simplex tableau (rows × (columns + 1)), 160 MB, about a
// minute. Measured on the development machine (one core, "pokerlab game
// value"): Leduc Hold'em, 1,562 × 2,655 (4.1·10⁶ entries), 2.4 s and 107 MB
// peak; 4 ranks, 2,882 × 4,899 (1.4·10⁷), 28 s and 291 MB; 5 ranks,
// 4,602 × 7,823 (3.6·10⁷), 136 s and 685 MB. The time grows like the
// entries to the power 1.7–2.
const DefaultMaxTableau = 20_000_000

// LPOptions limit GameValueWith.
type LPOptions struct {
	// MaxTableau refuses programs whose dense tableau has more entries
	// than this, before it is allocated (*LPTooLargeError); 0 means
	// DefaultMaxTableau, a negative value no limit.
	MaxTableau int64
}

// LPSize is the size of the sequence-form program of a game (player 1's,
// the one GameValue solves): Rows × Cols constraint matrix with Nonzeros
// non-zero entries, from Sequences[p] sequences of each player.
type LPSize struct {
	Rows, Cols, Nonzeros int64
	Sequences            [2]int64
}

// Tableau is the number of entries of the simplex tableau: Rows × (Cols+1).
func (s LPSize) Tableau() int64 { return s.Rows * (s.Cols + 1) }

// Bytes estimates the memory of the solve: the dense constraint matrix and
// the tableau, 8 bytes an entry each.
func (s LPSize) Bytes() int64 { return 8 * (s.Rows*s.Cols + s.Tableau()) }

// LPTooLargeError is returned by GameValueWith when the program's tableau
// has more entries than LPOptions.MaxTableau.
type LPTooLargeError struct {
	Size       LPSize
	MaxTableau int64
}

func (e *LPTooLargeError) Error() string {
	return fmt.Sprintf("the sequence-form LP has %d rows, %d columns and %d nonzeros (%d and %d sequences); "+
		"its dense tableau has %d entries (%s), more than the limit of %d",
		e.Size.Rows, e.Size.Cols, e.Size.Nonzeros, e.Size.Sequences[0], e.Size.Sequences[1],
		e.Size.Tableau(), efg.FormatBytes(e.Size.Bytes()), e.MaxTableau)
}

// ErrNotZeroSum is returned for games the sequence-form LP does not solve.
var ErrNotZeroSum = errors.New("br: the game value by linear programming needs a two-player constant-sum game")

// GameValue solves a two-player constant-sum game by the sequence-form linear
// program of Koller, Megiddo & von Stengel (1994) / von Stengel (1996), once
// for each player, and returns each player's equilibrium value (they add up
// to the tree's Sum) and an equilibrium profile (each player's maximin
// behaviour strategy; at information sets the strategy reaches with
// probability 0 it plays uniformly).
//
// For player 1 with realization plan x (E x = e, x ≥ 0) and player 2's
// constraints F y = f, y ≥ 0, with A the payoff of player 1 per pair of
// sequences weighted by chance, the program is
//
//	maximise f·q  subject to  Fᵀq − Aᵀx ≤ 0,  E x = e,  x ≥ 0,
//
// the dual of player 2's best response inside player 1's maximin. It is
// solved by the sparse-aware tableau simplex of internal/kernel/lp, whose
// tableau is dense: GameValue refuses programs of more than
// DefaultMaxTableau entries (GameValueWith sets the limit). (gonum's simplex
// gives the same answers on Kuhn and AKQ but refactorises a dense basis at
// every pivot and needs many minutes for Leduc; this one takes a few
// seconds.)
func GameValue(t *efg.Tree) (values [2]float64, profile []float64, err error) {
	return GameValueWith(t, LPOptions{})
}

// GameValueWith is GameValue with limits: a program above opt.MaxTableau is
// refused with an *LPTooLargeError before its tableau is allocated.
func GameValueWith(t *efg.Tree, opt LPOptions) (values [2]float64, profile []float64, err error) {
	if !t.ZeroSumTwoPlayer() {
		return values, nil, ErrNotZeroSum
	}
	f := sequenceForm(t)
	limit := opt.MaxTableau
	if limit == 0 {
		limit = DefaultMaxTableau
	}
	if size := f.size(); limit > 0 && size.Tableau() > limit {
		return values, nil, &LPTooLargeError{Size: size, MaxTableau: limit}
	}
	profile = make([]float64, t.NumActions())
	v, err := f.solve(profile)
	if err != nil {
		return values, nil, err
	}
	return [2]float64{v, t.Sum - v}, profile, nil
}

// SequenceFormSize returns the size of the program GameValue would solve
// for t, without allocating its tableau (time and memory linear in the
// tree). t must be a two-player game.
func SequenceFormSize(t *efg.Tree) LPSize { return sequenceForm(t).size() }

// sequences numbers the sequences of one player: 0 is the empty sequence and
// global action g of the player is sequence seq[g] ≥ 1. parentSeq[I] is the
// sequence leading to the player's information set I.
type sequences struct {
	n         int
	seq       []int32 // per global action; -1 for other players' actions
	parentSeq []int32 // per information set of the player; -1 for others
}

// lastOwn returns, per node and player, the sequence (global action index,
// or -1 for the empty sequence) of that player's last action on the path.
func lastOwn(t *efg.Tree) []int32 {
	N := t.NumPlayers()
	last := make([]int32, t.NumNodes()*N)
	for i := 0; i < N; i++ {
		last[i] = -1
	}
	for n := 0; n < t.NumNodes(); n++ {
		pl := t.Player[n]
		if pl == efg.Terminal {
			continue
		}
		row := last[n*N : (n+1)*N]
		f, k := int(t.FirstChild[n]), int(t.NumChildren[n])
		for a := 0; a < k; a++ {
			c := f + a
			copy(last[c*N:(c+1)*N], row)
			if pl >= 0 {
				last[c*N+int(pl)] = t.ActionStart[t.InfoSet[n]] + int32(a)
			}
		}
	}
	return last
}

func playerSequences(t *efg.Tree, p int, last []int32) sequences {
	s := sequences{n: 1, seq: make([]int32, t.NumActions()), parentSeq: make([]int32, t.NumInfoSets())}
	for g := range s.seq {
		s.seq[g] = -1
	}
	for I := 0; I < t.NumInfoSets(); I++ {
		s.parentSeq[I] = -1
		if int(t.InfoSetPlayer[I]) != p {
			continue
		}
		lo, hi := t.Actions(I)
		for g := lo; g < hi; g++ {
			s.seq[g] = int32(s.n)
			s.n++
		}
	}
	N := t.NumPlayers()
	for I := 0; I < t.NumInfoSets(); I++ {
		if int(t.InfoSetPlayer[I]) != p {
			continue
		}
		g := last[int(t.NodesOf(I)[0])*N+p]
		s.parentSeq[I] = 0
		if g >= 0 {
			s.parentSeq[I] = s.seq[g]
		}
	}
	return s
}

// seqForm is the sequence-form LP of player 1 with its constraint matrix
// in sparse form (entries), so that its size is known before the dense
// tableau is allocated, and what solve needs to read the strategies back.
type seqForm struct {
	t            *efg.Tree
	rows, cols   int
	entries      []lpEntry
	b, c         []float64
	basis        []int
	sp, so       sequences
	pSets, oSets []int32
	numQ         int
	M, shift     float64
}

// lpEntry is one non-zero of the constraint matrix.
type lpEntry struct {
	i, j int
	v    float64
}

func (f *seqForm) set(i, j int, v float64) { f.entries = append(f.entries, lpEntry{i, j, v}) }

func (f *seqForm) size() LPSize {
	return LPSize{Rows: int64(f.rows), Cols: int64(f.cols), Nonzeros: int64(len(f.entries)),
		Sequences: [2]int64{int64(f.sp.n), int64(f.so.n)}}
}

// sequenceForm builds the sequence-form LP for player 1 (see solve).
//
// Payoffs enter shifted to u' = u_p − Sum/2 + M ≥ 1 (M = 1 + max |u_p −
// Sum/2|). Shifting by a constant changes no strategy and adds M + Sum/2 − …
// exactly the constant back to the value (the chance weights of the
// terminals add up to 1), and it makes every dual variable q ≥ 0 at the
// optimum (q_J is a best response's chance-weighted value below J, a sum of
// positive terms), so q needs no free-variable split. The simplex starts from
// a known basic feasible solution: player p's pure strategy "first action
// everywhere" and the opponent's best-response values against it.
func sequenceForm(t *efg.Tree) *seqForm {
	const p, o = 0, 1
	last := lastOwn(t)
	sp, so := playerSequences(t, p, last), playerSequences(t, o, last)
	// The opponent's information sets, numbered 1… for the dual variables
	// (q_0 belongs to the empty sequence's constraint).
	oInfo := make([]int32, t.NumInfoSets())
	var oSets, pSets []int32
	for I := 0; I < t.NumInfoSets(); I++ {
		switch int(t.InfoSetPlayer[I]) {
		case o:
			oSets = append(oSets, int32(I))
			oInfo[I] = int32(len(oSets))
		case p:
			pSets = append(pSets, int32(I))
		}
	}
	numQ := 1 + len(oSets)
	// Columns: x (sp.n) | q (numQ) | slack (so.n).
	// Rows: E x = e (1 + len(pSets)) | one per opponent sequence (so.n).
	cols := sp.n + numQ + so.n
	rows := 1 + len(pSets) + so.n
	f := &seqForm{t: t, rows: rows, cols: cols, sp: sp, so: so, pSets: pSets, oSets: oSets, numQ: numQ}
	b := make([]float64, rows)
	c := make([]float64, cols)
	xCol := func(s int32) int { return int(s) }
	qCol := func(j int32) int { return sp.n + int(j) }
	slackCol := func(s int32) int { return sp.n + numQ + int(s) }
	oRow := func(s int32) int { return 1 + len(pSets) + int(s) }

	// E x = e: x_∅ = 1 and, per information set I of p, Σ_a x_{Ia} = x_{parent(I)}.
	f.set(0, xCol(0), 1)
	b[0] = 1
	for k, I := range pSets {
		f.set(1+k, xCol(sp.parentSeq[I]), -1)
		lo, hi := t.Actions(int(I))
		for g := lo; g < hi; g++ {
			f.set(1+k, xCol(sp.seq[g]), 1)
		}
	}
	// (Fᵀq)_s − (Aᵀx)_s + slack_s = 0 for every opponent sequence s, where
	// (Fᵀq)_s = q_{owner(s)} − Σ_{J: parent(J) = s} q_J.
	f.set(oRow(0), qCol(0), 1)
	for _, I := range oSets {
		j := oInfo[I]
		lo, hi := t.Actions(int(I))
		for g := lo; g < hi; g++ {
			f.set(oRow(so.seq[g]), qCol(j), 1)
		}
		f.set(oRow(so.parentSeq[I]), qCol(j), -1)
	}
	for s := int32(0); s < int32(so.n); s++ {
		f.set(oRow(s), slackCol(s), 1)
	}
	// −Aᵀx: shifted payoffs of p weighted by chance, per pair of sequences.
	N := t.NumPlayers()
	chanceReach := chanceReaches(t)
	shift := t.Sum / 2
	M := 1.0
	for r := 0; r < t.NumTerminals(); r++ {
		M = max(M, 1+abs(t.Payoff[r*N+p]-shift))
	}
	payoff := make(map[[2]int32]float64) // (sequence of p, sequence of o) → Σ chance·u'
	for n := 0; n < t.NumNodes(); n++ {
		if t.Player[n] != efg.Terminal || chanceReach[n] == 0 {
			continue
		}
		sP, sO := int32(0), int32(0)
		if g := last[n*N+p]; g >= 0 {
			sP = sp.seq[g]
		}
		if g := last[n*N+o]; g >= 0 {
			sO = so.seq[g]
		}
		payoff[[2]int32{sP, sO}] += chanceReach[n] * (t.PayoffOf(n)[p] - shift + M)
	}
	for k, v := range payoff {
		f.set(oRow(k[1]), xCol(k[0]), -v)
	}
	c[qCol(0)] = 1 // maximise q_0

	// Starting basis. x: the realization plan of "first action everywhere".
	x := make([]float64, sp.n)
	x[0] = 1
	basis := []int{xCol(0)}
	for _, I := range pSets { // pSets is in tree order: parents before children
		lo, _ := t.Actions(int(I))
		x[sp.seq[lo]] = x[sp.parentSeq[I]]
		basis = append(basis, xCol(sp.seq[lo]))
	}
	// (Aᵀx)_s per opponent sequence, then the best-response values q from the
	// deepest information sets up; the minimising action's row is tight and
	// q_J is basic there, every other row keeps its slack basic.
	ax := make([]float64, so.n)
	for k, v := range payoff {
		ax[k[1]] += v * x[k[0]]
	}
	below := make([]float64, so.n) // Σ of q_J over information sets J whose parent sequence is s
	tight := make([]bool, so.n)
	for k := len(oSets) - 1; k >= 0; k-- { // children after parents in tree order
		I := oSets[k]
		lo, hi := t.Actions(int(I))
		bestG, best := lo, ax[so.seq[lo]]+below[so.seq[lo]]
		for g := lo + 1; g < hi; g++ {
			if v := ax[so.seq[g]] + below[so.seq[g]]; v < best {
				bestG, best = g, v
			}
		}
		tight[so.seq[bestG]] = true
		below[so.parentSeq[I]] += best
	}
	tight[0] = true
	basis = append(basis, qCol(0))
	for _, I := range oSets {
		basis = append(basis, qCol(oInfo[I]))
	}
	for s := int32(0); s < int32(so.n); s++ {
		if !tight[s] {
			basis = append(basis, slackCol(s))
		}
	}

	f.b, f.c, f.basis, f.M, f.shift = b, c, basis, M, shift
	return f
}

// solve solves the program, writes both players' equilibrium behaviour
// strategies into profile (player 1's from the realization plan x, player
// 2's from the optimal dual prices of the constraints Fᵀq − Aᵀx ≤ 0, which
// form player 2's minimax realization plan y) and returns player 1's value.
func (f *seqForm) solve(profile []float64) (float64, error) {
	A := make([]float64, f.rows*f.cols)
	for _, e := range f.entries {
		A[e.i*f.cols+e.j] = e.v
	}
	res, err := lp.MaximizeFrom(A, f.rows, f.cols, f.b, f.c, f.basis)
	if err != nil {
		return 0, fmt.Errorf("br: sequence-form LP for %s: %w", f.t.PlayerNames[0], err)
	}
	slack := f.sp.n + f.numQ // the first slack column
	behaviour(f.t, f.pSets, f.sp, func(s int32) float64 { return res.X[s] }, profile)
	behaviour(f.t, f.oSets, f.so, func(s int32) float64 { return -res.ReducedCosts[slack+int(s)] }, profile)
	return res.Value - f.M + f.shift, nil
}

// behaviour converts a realization plan (plan(s) for each sequence s of the
// player owning sets) into behaviour probabilities σ(a|I) = plan(Ia) /
// plan(parent(I)), uniform where the plan does not reach I.
func behaviour(t *efg.Tree, sets []int32, seqs sequences, plan func(s int32) float64, profile []float64) {
	for _, I := range sets {
		lo, hi := t.Actions(int(I))
		parent := plan(seqs.parentSeq[I])
		for g := lo; g < hi; g++ {
			if parent > 1e-12 {
				profile[g] = max(0, plan(seqs.seq[g])) / parent
			} else {
				profile[g] = 1 / float64(hi-lo)
			}
		}
		normalize(profile[lo:hi])
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func normalize(p []float64) {
	s := 0.0
	for _, x := range p {
		s += x
	}
	for i := range p {
		p[i] /= s
	}
}

// chanceReaches returns, per node, the product of the chance probabilities on
// its path.
func chanceReaches(t *efg.Tree) []float64 {
	r := make([]float64, t.NumNodes())
	r[0] = 1
	for n := 0; n < t.NumNodes(); n++ {
		f, k := int(t.FirstChild[n]), int(t.NumChildren[n])
		switch t.Player[n] {
		case efg.Terminal:
		case efg.Chance:
			cs := int(t.ChanceStart[t.InfoSet[n]])
			for a := 0; a < k; a++ {
				r[f+a] = r[n] * t.ChanceProb[cs+a]
			}
		default:
			for a := 0; a < k; a++ {
				r[f+a] = r[n]
			}
		}
	}
	return r
}
