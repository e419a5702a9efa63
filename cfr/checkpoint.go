package cfr

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"pokerlab/efg"
	"pokerlab/internal/base/atomicfile"
	"pokerlab/internal/base/gobfile"
)

// A checkpoint file is checkpointState in the frame of package gobfile
// under checkpointMagic. Floats are stored as their exact bits, so a
// resumed solver continues bit for bit.
const checkpointMagic = "pokerlab cfr checkpoint 1\n"

type checkpointState struct {
	Algorithm    string
	Simultaneous bool
	Discount     *Discount
	Epsilon      float64
	Seed         uint64
	Iteration    int
	Game         string // the tree's title, for messages
	Nodes        int
	Actions      int
	TreeHash     uint64
	Current      []float64 // σ of the next iteration (deterministic algorithms)
	Regret       []float64
	Strategy     []float64
	RNG          []byte // PCG state (sampling algorithms)
}

// WriteCheckpoint writes the solver's complete state to w.
func (s *Solver) WriteCheckpoint(w io.Writer) error {
	st := checkpointState{
		Algorithm:    s.opt.Algorithm.String(),
		Simultaneous: s.opt.Simultaneous,
		Discount:     s.opt.Discount,
		Epsilon:      s.opt.Epsilon,
		Seed:         s.opt.Seed,
		Iteration:    s.iter,
		Game:         s.t.Title,
		Nodes:        s.t.NumNodes(),
		Actions:      s.t.NumActions(),
		TreeHash:     Fingerprint(s.t),
		Regret:       s.regret,
		Strategy:     s.strat,
	}
	if s.pcg != nil {
		b, err := s.pcg.MarshalBinary()
		if err != nil {
			return err
		}
		st.RNG = b
	} else {
		st.Current = s.w[:s.lay.actions]
	}
	return gobfile.Write(w, checkpointMagic, &st)
}

// SaveCheckpoint writes the solver's state to path atomically: to a
// temporary file in the same directory, then renamed over path, so an
// interrupted save never leaves a half-written checkpoint.
func (s *Solver) SaveCheckpoint(path string) error {
	if err := atomicfile.Write(path, s.WriteCheckpoint); err != nil {
		return fmt.Errorf("cfr: checkpoint %s: %w", path, err)
	}
	return nil
}

// ReadCheckpoint restores a solver for t from a checkpoint written by
// WriteCheckpoint. It fails if the data is damaged or was written for a
// different tree. threads sets Options.Threads of the restored solver (the
// results do not depend on it).
func ReadCheckpoint(r io.Reader, t *efg.Tree, threads int) (*Solver, error) {
	var st checkpointState
	if err := gobfile.Read(r, checkpointMagic, "a pokerlab cfr checkpoint", &st); err != nil {
		return nil, err
	}
	alg, err := ParseAlgorithm(st.Algorithm)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if st.Nodes != t.NumNodes() || st.Actions != t.NumActions() || st.TreeHash != Fingerprint(t) {
		return nil, fmt.Errorf("checkpoint was written for game %q (%d nodes, %d actions), not for %q (%d nodes, %d actions)",
			st.Game, st.Nodes, st.Actions, t.Title, t.NumNodes(), t.NumActions())
	}
	opt := Options{Algorithm: alg, Simultaneous: st.Simultaneous, Discount: st.Discount,
		Epsilon: st.Epsilon, Seed: st.Seed, Threads: threads}
	s, err := New(t, opt)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	nA := t.NumActions()
	if len(st.Regret) != nA || len(st.Strategy) != nA || st.Iteration < 0 {
		return nil, errors.New("checkpoint: inconsistent sizes")
	}
	copy(s.regret, st.Regret)
	copy(s.strat, st.Strategy)
	s.iter = st.Iteration
	if alg.Sampled() {
		pcg := new(rand.PCG)
		if err := pcg.UnmarshalBinary(st.RNG); err != nil {
			return nil, fmt.Errorf("checkpoint: generator state: %w", err)
		}
		s.pcg = pcg
		s.rng = rand.New(pcg)
	} else {
		if len(st.Current) != nA {
			return nil, errors.New("checkpoint: inconsistent sizes")
		}
		copy(s.w, st.Current)
	}
	return s, nil
}

// LoadCheckpoint reads the checkpoint file at path (see ReadCheckpoint).
func LoadCheckpoint(path string, t *efg.Tree, threads int) (*Solver, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := ReadCheckpoint(f, t, threads)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Fingerprint returns a 64-bit FNV-1a hash of everything in t that a solver
// depends on: players, node structure, information sets and their labels,
// chance probabilities and payoffs.
func Fingerprint(t *efg.Tree) uint64 {
	h := fnv.New64a()
	var b [8]byte
	u64 := func(x uint64) {
		binary.LittleEndian.PutUint64(b[:], x)
		h.Write(b[:])
	}
	str := func(s string) {
		u64(uint64(len(s)))
		io.WriteString(h, s)
	}
	i32s := func(xs []int32) {
		u64(uint64(len(xs)))
		for _, x := range xs {
			u64(uint64(uint32(x)))
		}
	}
	f64s := func(xs []float64) {
		u64(uint64(len(xs)))
		for _, x := range xs {
			u64(math.Float64bits(x))
		}
	}
	u64(uint64(t.NumPlayers()))
	u64(uint64(t.NumNodes()))
	for _, p := range t.Player {
		h.Write([]byte{byte(p)})
	}
	i32s(t.InfoSet)
	i32s(t.FirstChild)
	i32s(t.NumChildren)
	i32s(t.InfoSetPlayer)
	i32s(t.ActionStart)
	i32s(t.ChanceStart)
	f64s(t.ChanceProb)
	f64s(t.Payoff)
	for _, l := range t.InfoSetLabel {
		str(l)
	}
	for _, l := range t.ActionLabel {
		str(l)
	}
	return h.Sum64()
}
