package cfr

import (
	"flag"
	"math"
	"testing"

	"pokerlab/br"
	"pokerlab/efg"
	"pokerlab/games"
	"pokerlab/games/akq"
	"pokerlab/games/kuhn"
	"pokerlab/games/leduc"
)

// long enables the slow checks: go test ./cfr -long (about a minute).
var long = flag.Bool("long", false, "run the slow reference comparisons")

func load(tb testing.TB, spec string) *efg.Tree {
	tb.Helper()
	t, err := games.Load(spec)
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

func solve(tb testing.TB, t *efg.Tree, opt Options, iterations int) *Solver {
	tb.Helper()
	s, err := New(t, opt)
	if err != nil {
		tb.Fatal(err)
	}
	s.Iterate(iterations)
	return s
}

func relErr(got, want float64) float64 { return math.Abs(got-want) / math.Abs(want) }

// TestPublishedNashConv checks the published reference table: NashConv of the
// average profile after exactly N iterations, alternating updates, against
// OpenSpiel's C++ CFRSolver/CFRPlusSolver and the DDCFR repository's result files
// (rpSebastian/DDCFR results/*/data.csv, whose "conv" column is
// exploitability = NashConv/2; the values below are ×2). Vanilla CFR is
// deterministic and must agree to 3 significant digits; CFR+ and DCFR
// within 5 %, LCFR within 10 %.
//
// The two Leduc-1000 entries of DCFR and LCFR are rounding-sensitive: the
// same algorithm with only the order of floating-point sums changed drifts
// up to 25 % (DCFR) and 42 % (LCFR) apart over iterations 300–1,000, 12 %
// and 0.5 % at 1,000 itself (TestRoundingSensitivity, -long). Their
// tolerance here is 25 %, not 5 %/10 %; after 100 iterations,
// before the drift, both agree with the published values to 4 digits.
func TestPublishedNashConv(t *testing.T) {
	cases := []struct {
		game       string
		alg        Algorithm
		iterations int
		want, tol  float64
		source     string
	}{
		{"kuhn", CFR, 1000, 1.875e-3, 5e-4, "OpenSpiel CFRSolver; DDCFR results/CFR/KuhnPoker"},
		{"kuhn", CFRPlus, 1000, 1.7473064504e-4, 0.05, "OpenSpiel CFRPlusSolver; DDCFR results/CFRPlus/KuhnPoker 8.736532252e-5×2"},
		{"kuhn", DCFR, 1000, 2.930004563e-4, 0.05, "DDCFR results/DCFR/KuhnPoker 1.465002282e-4×2"},
		{"kuhn", LCFR, 1000, 1.87e-4, 0.10, "published reference table"},
		{"leduc", CFR, 100, 0.1914327060, 5e-4, "OpenSpiel; DDCFR results/CFR/LeducPoker 0.0957163530×2"},
		{"leduc", CFRPlus, 100, 0.026832, 0.05, "OpenSpiel CFRPlusSolver"},
		{"leduc", DCFR, 100, 0.0155066809, 0.05, "DDCFR results/DCFR/LeducPoker 7.753340469e-3×2"},
		{"leduc", LCFR, 100, 0.06898, 0.10, "published reference table"},
		{"leduc", CFR, 1000, 0.023636, 5e-4, "OpenSpiel CFRSolver"},
		{"leduc", CFRPlus, 1000, 5.14e-4, 0.05, "OpenSpiel CFRPlusSolver"},
		{"leduc", DCFR, 1000, 3.054163055e-4, 0.25, "DDCFR results/DCFR/LeducPoker 1.527081528e-4×2 (rounding-sensitive)"},
		{"leduc", LCFR, 1000, 9.65e-3, 0.25, "published reference table (rounding-sensitive)"},
	}
	trees := map[string]*efg.Tree{}
	for _, c := range cases {
		tr := trees[c.game]
		if tr == nil {
			tr = load(t, c.game)
			trees[c.game] = tr
		}
		s := solve(t, tr, Options{Algorithm: c.alg}, c.iterations)
		got := br.NewEvaluator(tr).NashConv(s.Average(nil))
		if e := relErr(got, c.want); e > c.tol {
			t.Errorf("%s %s after %d: NashConv %.6g, want %.6g ± %g relative (%s); off by %.3g",
				c.game, c.alg, c.iterations, got, c.want, c.tol, c.source, e)
		} else {
			t.Logf("%s %s after %d: NashConv %.6g (published %.6g, off by %.2g)", c.game, c.alg, c.iterations, got, c.want, e)
		}
	}
}

// TestKuhnCFRPlusValue: the game value of Kuhn poker for player 1 is −1/18
// (Kuhn 1950); CFR+'s average after 200 iterations must be within 1e-3.
func TestKuhnCFRPlusValue(t *testing.T) {
	tr := load(t, "kuhn")
	s := solve(t, tr, Options{Algorithm: CFRPlus}, 200)
	v := br.Values(tr, s.Average(nil))
	if math.Abs(v[0]+1.0/18) > 1e-3 {
		t.Errorf("value of player 1 = %.6f, want −1/18 = %.6f ± 1e-3", v[0], -1.0/18)
	}
	if math.Abs(v[0]+v[1]) > 1e-12 {
		t.Errorf("values %v do not sum to 0", v)
	}
}

// TestLeducCFRPlusConverges: CFR+ on Leduc reaches NashConv < 1e-4 within
// 10,000 iterations, and its average's value approaches the game
// value −0.085606424078 (package leduc, from the sequence-form LP).
func TestLeducCFRPlusConverges(t *testing.T) {
	tr := load(t, "leduc")
	s := solve(t, tr, Options{Algorithm: CFRPlus}, 10000)
	avg := s.Average(nil)
	nc := br.NewEvaluator(tr).NashConv(avg)
	if !(nc < 1e-4) {
		t.Errorf("NashConv after 10,000 CFR+ iterations = %.3g, want < 1e-4", nc)
	}
	// |v − value| ≤ NashConv: each player's gain bounds its distance.
	if v := br.Values(tr, avg)[0]; math.Abs(v+0.085606424078) > nc {
		t.Errorf("value %.9f, want −0.085606424078 within NashConv %.3g", v, nc)
	}
}

// TestAKQ: on the AKQ game of the QRE note with B = 2, CFR+ finds p_Q =
// B/(1+B) = 2/3 (bluff frequency) and p_K = 1/(1+B) = 1/3 (call frequency).
// The game is constant-sum with sum 1, which CFR handles as zero-sum.
func TestAKQ(t *testing.T) {
	g, err := akq.New(2)
	if err != nil {
		t.Fatal(err)
	}
	tr := load(t, "akq:bet=2")
	s := solve(t, tr, Options{Algorithm: CFRPlus}, 2000)
	avg := s.Average(nil)
	prob := func(label, action string) float64 {
		for I := 0; I < tr.NumInfoSets(); I++ {
			if tr.InfoSetLabel[I] != label {
				continue
			}
			lo, hi := tr.Actions(I)
			for a := lo; a < hi; a++ {
				if tr.ActionLabel[a] == action {
					return avg[a]
				}
			}
		}
		t.Fatalf("no action %q at information set %q", action, label)
		return 0
	}
	for _, c := range []struct {
		label, action string
		want          float64
	}{
		{"Q", "bet", g.NashBetQ()},
		{"K", "call", g.NashCallK()},
		{"A", "bet", g.NashBetA()},
	} {
		if got := prob(c.label, c.action); math.Abs(got-c.want) > 1e-3 {
			t.Errorf("σ̄(%s|%s) = %.6f, want %.6f ± 1e-3", c.action, c.label, got, c.want)
		}
	}
	if v := br.Values(tr, avg)[0]; math.Abs(v-g.Value()) > 1e-3 {
		t.Errorf("value of player 1 = %.6f, want (1+2B)/(2(1+B)) = %.6f", v, g.Value())
	}
}

// TestAgainstReference compares the flat-tree solver with refSolver, the
// independent recursive implementation on the efg.State interface, on every
// deterministic algorithm and both update schemes: NashConv and the average
// profile must agree to rounding.
func TestAgainstReference(t *testing.T) {
	type game struct {
		name       string
		g          efg.Game
		iterations int
	}
	gs := []game{{"kuhn", kuhn.New(), 300}}
	if *long {
		gs = append(gs, game{"leduc", leduc.New(), 60})
	} else {
		gs = append(gs, game{"leduc", leduc.New(), 8})
	}
	for _, gm := range gs {
		tr, err := efg.Compile(gm.g)
		if err != nil {
			t.Fatal(err)
		}
		ev := br.NewEvaluator(tr)
		for _, alg := range []Algorithm{CFR, CFRPlus, LCFR, DCFR, PCFRPlus} {
			for _, simultaneous := range []bool{false, true} {
				opt := Options{Algorithm: alg, Simultaneous: simultaneous}
				ref := newRefSolver(gm.g, alg, refDiscount(alg))
				ref.simultaneous = simultaneous
				ref.iterate(gm.iterations)
				s := solve(t, tr, opt, gm.iterations)
				want, got := ref.average(tr), s.Average(nil)
				maxDiff := 0.0
				for a := range want {
					maxDiff = math.Max(maxDiff, math.Abs(got[a]-want[a]))
				}
				ncWant, ncGot := ev.NashConv(want), ev.NashConv(got)
				// The discounted variants amplify rounding (see
				// TestRoundingSensitivity): after 60 Leduc iterations the two
				// summation orders already differ by ~3e-8.
				tol := 1e-9
				if alg == DCFR || alg == LCFR {
					tol = 1e-6
				}
				if maxDiff > tol || math.Abs(ncGot-ncWant) > tol*math.Max(1, ncWant) {
					t.Errorf("%s %s simultaneous=%v after %d: max |Δσ̄| = %.3g, NashConv %.10g vs reference %.10g",
						gm.name, alg, simultaneous, gm.iterations, maxDiff, ncGot, ncWant)
				}
			}
		}
	}
}

// TestRoundingSensitivity (-long) shows why the Leduc-1000 DCFR and LCFR
// entries cannot be held to 5 %: the reference implementation run twice,
// with chance outcomes summed first-to-last and last-to-first (identical in
// exact arithmetic), agrees to 1e-3 after 100 iterations, but over
// iterations 300–1,000 the two NashConv curves of DCFR and LCFR part by
// more than 5 % (measured: DCFR up to 25 %, LCFR up to 42 %), while vanilla
// CFR's stay within 1e-3 (measured: the gap grows about tenfold per 100
// iterations, from 2e-14 at 100 to 1.3e-5 at 1,000).
func TestRoundingSensitivity(t *testing.T) {
	if !*long {
		t.Skip("slow (about 1 minute); run with -long")
	}
	tr := load(t, "leduc")
	ev := br.NewEvaluator(tr)
	for _, c := range []struct {
		alg     Algorithm
		chaotic bool
	}{{CFR, false}, {DCFR, true}, {LCFR, true}} {
		opt := Options{Algorithm: c.alg}
		a := newRefSolver(leduc.New(), c.alg, opt.discount())
		b := newRefSolver(leduc.New(), c.alg, opt.discount())
		b.reverseChance = true
		var at100, later float64
		for n := 100; n <= 1000; n += 100 {
			a.iterate(n - a.iter)
			b.iterate(n - b.iter)
			x, y := ev.NashConv(a.average(tr)), ev.NashConv(b.average(tr))
			d := relErr(y, x)
			if n == 100 {
				at100 = d
			} else if n >= 300 {
				later = math.Max(later, d)
			}
			t.Logf("%s after %d: NashConv %.6g (chance first-to-last) vs %.6g (last-to-first), relative difference %.2g", c.alg, n, x, y, d)
		}
		if at100 > 1e-3 {
			t.Errorf("%s: orders already differ by %.2g after 100 iterations", c.alg, at100)
		}
		if c.chaotic && later < 0.05 {
			t.Errorf("%s: orders differ by at most %.2g over 300–1,000 iterations; the 5 %% tolerance would be meaningful", c.alg, later)
		}
		if !c.chaotic && later > 1e-3 {
			t.Errorf("%s: orders differ by %.2g over 300–1,000 iterations", c.alg, later)
		}
	}
}

// TestThreadsBitIdentical: with Threads > 1 on a tree above the parallel
// threshold, every regret, accumulator and probability is bit-identical to
// the single-threaded run.
func TestThreadsBitIdentical(t *testing.T) {
	tr := load(t, "leduc:ranks=4,suits=3") // 100,993 nodes
	if tr.NumNodes() < minParallelNodes {
		t.Fatalf("tree has %d nodes, below the parallel threshold %d", tr.NumNodes(), minParallelNodes)
	}
	for _, alg := range []Algorithm{CFR, DCFR, PCFRPlus} {
		one := solve(t, tr, Options{Algorithm: alg}, 6)
		many := solve(t, tr, Options{Algorithm: alg, Threads: 3}, 6)
		if many.par == nil {
			t.Fatal("Threads = 3 did not enable the parallel sweeps")
		}
		for name, pair := range map[string][2][]float64{
			"regret": {one.regret, many.regret}, "strategy": {one.strat, many.strat}, "current": {one.w, many.w},
		} {
			for a := range pair[0] {
				if math.Float64bits(pair[0][a]) != math.Float64bits(pair[1][a]) {
					t.Fatalf("%s: %s[%d] = %v on 1 thread, %v on 3", alg, name, a, pair[0][a], pair[1][a])
				}
			}
		}
	}
}

// TestZeroAllocations: an iteration of every algorithm allocates nothing.
func TestZeroAllocations(t *testing.T) {
	for _, g := range []string{"kuhn", "leduc"} {
		tr := load(t, g)
		for _, alg := range Algorithms() {
			s := solve(t, tr, Options{Algorithm: alg}, 1)
			if n := testing.AllocsPerRun(20, func() { s.Iterate(1) }); n != 0 {
				t.Errorf("%s %s: %v allocations per iteration", g, alg, n)
			}
		}
		ev := br.NewEvaluator(tr)
		p := efg.Uniform(tr)
		if n := testing.AllocsPerRun(5, func() { ev.NashConv(p) }); n != 0 {
			t.Errorf("%s: br NashConv allocates %v times", g, n)
		}
	}
}

// TestMultiplayer runs every algorithm on a three-player game without
// failure and checks the average profiles are distributions.
func TestMultiplayer(t *testing.T) {
	tr, err := efg.Compile(threeCoins{})
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range Algorithms() {
		s := solve(t, tr, Options{Algorithm: alg, Seed: 3}, 200)
		if err := efg.CheckProfile(tr, s.Average(nil)); err != nil {
			t.Errorf("%s: %v", alg, err)
		}
		if err := efg.CheckProfile(tr, s.Current(nil)); err != nil {
			t.Errorf("%s: current: %v", alg, err)
		}
	}
}

// threeCoins: chance flips a coin only player 1 sees; players 1, 2, 3 each
// say heads or tails in turn (2 and 3 see nothing); a player is paid 1 for
// matching the coin, and player 3 is paid 1 for differing from player 2.
type threeCoins struct{}

func (threeCoins) Name() string          { return "three coins" }
func (threeCoins) PlayerNames() []string { return []string{"P1", "P2", "P3"} }
func (threeCoins) Root() efg.State       { return coinState{coin: -1} }

type coinState struct {
	coin  int
	calls []int
}

func (s coinState) Player() int {
	switch {
	case s.coin < 0:
		return efg.Chance
	case len(s.calls) == 3:
		return efg.Terminal
	}
	return len(s.calls)
}
func (s coinState) Actions() []string      { return []string{"heads", "tails"} }
func (s coinState) ChanceProbs() []float64 { return []float64{0.5, 0.5} }
func (s coinState) Next(a int) efg.State {
	if s.coin < 0 {
		return coinState{coin: a}
	}
	return coinState{coin: s.coin, calls: append(append([]int(nil), s.calls...), a)}
}
func (s coinState) InfoSet() string {
	if len(s.calls) == 0 {
		return []string{"H", "T"}[s.coin]
	}
	return "-"
}
func (s coinState) Utilities() []float64 {
	u := make([]float64, 3)
	for p, c := range s.calls {
		if c == s.coin {
			u[p] = 1
		}
	}
	if s.calls[2] != s.calls[1] {
		u[2]++
	}
	return u
}
