package br_test

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"pokerlab/br"
	"pokerlab/efg"
	"pokerlab/efg/efgtest"
	"pokerlab/games"
)

// randomGame is a seeded random N-player game with chance, imperfect
// information and perfect recall by construction: a player's key is their
// own earlier keys and actions plus the current depth, so two histories
// that differ only in other players' moves (or chance) can share an
// information set.
type randomGame struct {
	seed    uint64
	players int
	depth   int
}

func (g randomGame) Name() string { return fmt.Sprintf("random-%d", g.seed) }
func (g randomGame) PlayerNames() []string {
	n := make([]string, g.players)
	for i := range n {
		n[i] = fmt.Sprintf("P%d", i+1)
	}
	return n
}
func (g randomGame) Root() efg.State { return &randomState{g: g, own: make([]string, g.players)} }

type randomState struct {
	g    randomGame
	path string   // every move so far
	own  []string // per player: own keys and actions so far
	d    int
}

func (s *randomState) hash(extra string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%s", s.g.seed, s.path, extra)
	return h.Sum64()
}

func (s *randomState) Player() int {
	if s.d >= s.g.depth || (s.d > 1 && s.hash("stop")%5 == 0) {
		return efg.Terminal
	}
	// The mover depends on the depth only (and the seed), so an information
	// set never mixes players.
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%d", s.g.seed, s.d)
	m := int(h.Sum64() % uint64(s.g.players+1))
	if m == s.g.players {
		return efg.Chance
	}
	return m
}

func (s *randomState) key() string {
	p := s.Player()
	return fmt.Sprintf("%s@%d", s.own[p], s.d)
}

func (s *randomState) Actions() []string {
	k := 2
	if s.Player() == efg.Chance {
		k = 2 + int(s.hash("k")%2)
	} else {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d|%s", s.g.seed, s.key())
		k = 2 + int(h.Sum64()%2)
	}
	a := make([]string, k)
	for i := range a {
		a[i] = fmt.Sprintf("a%d", i)
	}
	return a
}

func (s *randomState) ChanceProbs() []float64 {
	n := len(s.Actions())
	r := rand.New(rand.NewPCG(s.hash("p"), 1))
	p, sum := make([]float64, n), 0.0
	for i := range p {
		p[i] = 0.1 + r.Float64()
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}

func (s *randomState) Next(a int) efg.State {
	n := &randomState{g: s.g, path: fmt.Sprintf("%s/%d", s.path, a), own: append([]string(nil), s.own...), d: s.d + 1}
	if p := s.Player(); p >= 0 {
		n.own[p] = fmt.Sprintf("%s[%s:%d]", s.own[p], s.key(), a)
	}
	return n
}

func (s *randomState) InfoSet() string { return s.key() }

func (s *randomState) Utilities() []float64 {
	r := rand.New(rand.NewPCG(s.hash("u"), 2))
	u := make([]float64, s.g.players)
	for i := range u {
		u[i] = math.Round(r.NormFloat64()*100) / 10
	}
	return u
}

// bruteForceBest enumerates every pure strategy of player p and returns the
// best value against profile.
func bruteForceBest(t *efg.Tree, profile []float64, p int) float64 {
	var sets []int
	for I := 0; I < t.NumInfoSets(); I++ {
		if int(t.InfoSetPlayer[I]) == p {
			sets = append(sets, I)
		}
	}
	q := append([]float64(nil), profile...)
	best := math.Inf(-1)
	choice := make([]int, len(sets))
	for {
		for k, I := range sets {
			lo, hi := t.Actions(I)
			for g := lo; g < hi; g++ {
				q[g] = 0
			}
			q[lo+choice[k]] = 1
		}
		best = math.Max(best, br.Values(t, q)[p])
		k := 0
		for ; k < len(sets); k++ {
			lo, hi := t.Actions(sets[k])
			choice[k]++
			if choice[k] < hi-lo {
				break
			}
			choice[k] = 0
		}
		if k == len(sets) {
			return best
		}
	}
}

func randomProfile(t *efg.Tree, r *rand.Rand) []float64 {
	p := make([]float64, t.NumActions())
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		s := 0.0
		for g := lo; g < hi; g++ {
			p[g] = r.Float64()
			s += p[g]
		}
		for g := lo; g < hi; g++ {
			p[g] /= s
		}
	}
	return p
}

// Best responses agree with brute-force enumeration of all pure strategies
// on random 1- to 3-player games with imperfect information.
func TestBestResponseBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	checked := 0
	for seed := uint64(1); checked < 40 && seed < 400; seed++ {
		g := randomGame{seed: seed, players: 1 + int(seed%3), depth: 5}
		tr := efgtest.Check(t, g, 20)
		if tr.NumInfoSets() > 14 || tr.NumInfoSets() < 3 {
			continue // keep the enumeration small but not trivial
		}
		checked++
		e := br.NewEvaluator(tr)
		profile := randomProfile(tr, r)
		response := make([]float64, tr.NumActions())
		for p := 0; p < tr.NumPlayers(); p++ {
			want := bruteForceBest(tr, profile, p)
			got := e.BestResponse(profile, p, response)
			if math.Abs(got-want) > 1e-9 {
				t.Errorf("seed %d player %d: best response %v, brute force %v", seed, p, got, want)
			}
			if v := br.Values(tr, response)[p]; math.Abs(v-got) > 1e-9 {
				t.Errorf("seed %d player %d: the returned response is worth %v, not %v", seed, p, v, got)
			}
		}
		res := e.Evaluate(profile)
		sum := 0.0
		for p := range res.Gains {
			sum += res.Gains[p]
		}
		if math.Abs(sum-res.NashConv) > 1e-12 || math.Abs(e.NashConv(profile)-res.NashConv) > 1e-12 {
			t.Errorf("seed %d: NashConv %v, Σ gains %v", seed, res.NashConv, sum)
		}
		if tr.NumPlayers() == 2 && !tr.ConstantSum && !math.IsNaN(res.Exploitability) {
			t.Errorf("seed %d: exploitability defined for a general-sum game", seed)
		}
	}
	if checked < 20 {
		t.Fatalf("only %d random games checked", checked)
	}
}

// The LP equilibrium is confirmed independently: its NashConv by best
// responses is zero.
func TestGameValueCertified(t *testing.T) {
	for _, name := range []string{"kuhn", "akq:bet=1/3", "akq:bet=3", "leduc:ranks=2,suits=2", "leduc:ranks=3,suits=1,maxraises=1"} {
		tr, err := games.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		v, profile, err := br.GameValue(tr)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r := br.Evaluate(tr, profile)
		if r.NashConv > 1e-9 || math.Abs(r.Values[0]-v[0]) > 1e-9 || math.Abs(v[0]+v[1]-tr.Sum) > 1e-9 {
			t.Errorf("%s: LP value %v, profile values %v, NashConv %g", name, v, r.Values, r.NashConv)
		}
	}
}

func TestGameValueRejectsGeneralSum(t *testing.T) {
	for seed := uint64(1); seed < 50; seed++ {
		tr, err := efg.Compile(randomGame{seed: seed, players: 2, depth: 4})
		if err != nil || tr.ConstantSum {
			continue
		}
		if _, _, err := br.GameValue(tr); err != br.ErrNotZeroSum {
			t.Fatalf("general-sum game: err = %v", err)
		}
		return
	}
	t.Fatal("no general-sum random game found")
}

func TestEvaluatorDoesNotAllocate(t *testing.T) {
	tr, _ := games.Load("leduc")
	e := br.NewEvaluator(tr)
	u := efg.Uniform(tr)
	if n := testing.AllocsPerRun(10, func() { e.NashConv(u) }); n != 0 {
		t.Errorf("NashConv allocates %v times", n)
	}
}

func BenchmarkNashConv(b *testing.B) {
	for _, name := range []string{"kuhn", "leduc"} {
		b.Run(name, func(b *testing.B) {
			tr, _ := games.Load(name)
			e := br.NewEvaluator(tr)
			u := efg.Uniform(tr)
			b.ReportAllocs()
			for b.Loop() {
				e.NashConv(u)
			}
			b.ReportMetric(float64(tr.NumNodes())*3*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

func BenchmarkCompile(b *testing.B) {
	for _, name := range []string{"kuhn", "leduc"} {
		b.Run(name, func(b *testing.B) {
			g, _ := games.Parse(name)
			b.ReportAllocs()
			for b.Loop() {
				efg.Compile(g)
			}
		})
	}
}
