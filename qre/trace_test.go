package qre

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"pokerlab/efg"
	"pokerlab/games"
)

func loadGame(t testing.TB, spec string) *efg.Tree {
	t.Helper()
	tree, err := games.Load(spec)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// prob returns σ(action | information set label) of a profile.
func prob(t testing.TB, tree *efg.Tree, p []float64, label, action string) float64 {
	t.Helper()
	for I := 0; I < tree.NumInfoSets(); I++ {
		if tree.InfoSetLabel[I] != label {
			continue
		}
		lo, hi := tree.Actions(I)
		for a := lo; a < hi; a++ {
			if tree.ActionLabel[a] == action {
				return p[a]
			}
		}
	}
	t.Fatalf("no action %q at information set %q", action, label)
	return 0
}

func requested(p *Path) []Point {
	var out []Point
	for _, pt := range p.Points {
		if pt.Requested {
			out = append(out, pt)
		}
	}
	return out
}

// TestJacobianFiniteDifferences compares the analytic Jacobian with central
// differences of H at random points, also after references moved.
func TestJacobianFiniteDifferences(t *testing.T) {
	for _, spec := range []string{"akq:bet=2", "kuhn", "leduc:ranks=2,suits=2", "leduc:ranks=3,suits=1,maxraises=1"} {
		tree := loadGame(t, spec)
		s, err := newSystem(tree)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		m := s.m
		x := make([]float64, m+1)
		for i := 0; i < m; i++ {
			x[i] = 8 * r.NormFloat64()
		}
		x[0] = 20 // at least one reference must move
		x[m] = 2.5
		s.evaluate(x)
		if !s.rebase(x, nil) {
			t.Fatalf("%s: no reference moved", spec)
		}
		s.evaluate(x)
		A := denseJacobian(s)
		xp := append([]float64(nil), x...)
		hp := make([]float64, m)
		worst := 0.0
		for c := 0; c <= m; c++ {
			eps := 1e-6 * math.Max(1, math.Abs(x[c]))
			xp[c] = x[c] + eps
			s.evaluate(xp)
			copy(hp, s.H)
			xp[c] = x[c] - eps
			s.evaluate(xp)
			xp[c] = x[c]
			for r := 0; r < m; r++ {
				fd := (hp[r] - s.H[r]) / (2 * eps)
				d := math.Abs(fd - A[r*(m+1)+c])
				worst = math.Max(worst, d/(1+math.Abs(fd)))
			}
		}
		if worst > 1e-6 {
			t.Errorf("%s: analytic Jacobian differs from finite differences by %.3g (relative)", spec, worst)
		}
	}
}

// TestTracerMatchesAKQSystem: the generic tracer on the compiled AKQ tree
// reproduces the closed AKQ system (the QRE note's eqs (2)–(4)) to 1e-9, at
// landed λ values and at every point of the path.
func TestTracerMatchesAKQSystem(t *testing.T) {
	lambdas := []float64{0, 0.25, 1, 3, 10, 30, 100, 1000, 1e4}
	for _, B := range akqBets {
		g := AKQ{B}
		tree, err := g.Tree()
		if err != nil {
			t.Fatal(err)
		}
		check := func(pt Point, what string) {
			want, err := g.At(pt.Lambda)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				label, action string
				want          float64
			}{{"A", "bet", want.PA}, {"Q", "bet", want.PQ}, {"K", "call", want.PK}} {
				if got := prob(t, tree, pt.Profile, c.label, c.action); math.Abs(got-c.want) > 1e-9 {
					t.Errorf("B=%v %s λ=%v: σ(%s|%s) = %.12g, AKQ system %.12g", B, what, pt.Lambda, c.action, c.label, got, c.want)
				}
			}
		}
		path, err := Trace(tree, Options{Lambdas: lambdas, KeepPath: true})
		if err != nil {
			t.Fatal(err)
		}
		req := requested(path)
		if len(req) != len(lambdas) {
			t.Fatalf("B=%v: %d landed points, want %d", B, len(req), len(lambdas))
		}
		for i, pt := range req {
			if pt.Lambda != lambdas[i] {
				t.Errorf("B=%v: landed at λ = %v, want exactly %v", B, pt.Lambda, lambdas[i])
			}
			check(pt, "landed")
		}
		for _, pt := range path.Points {
			check(pt, "path")
		}
	}
}

// TestKuhnGambit: Kuhn poker at λ = 10 against Gambit's gambit-logit (values
// of gambit-logit's output, to 1e-6).
func TestKuhnGambit(t *testing.T) {
	tree := loadGame(t, "kuhn")
	pt, err := Solve(tree, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		label, action string
		want          float64
	}{
		{"J:", "bet", 0.189862},
		{"K:", "bet", 0.591586},
		{"Q:b", "call", 0.430075},
	} {
		if got := prob(t, tree, pt.Profile, c.label, c.action); math.Abs(got-c.want) > 1e-6 {
			t.Errorf("σ(%s|%s) at λ=10 = %.7f, gambit-logit %.6f", c.action, c.label, got, c.want)
		}
	}
}

// TestKuhnLimit: the whole Kuhn path, to max regret 1e-8, ends in Kuhn's
// (1950) equilibrium family with player 1 betting J with α ≈ 0.2017, K with
// 3α and calling with Q with α + 1/3.
func TestKuhnLimit(t *testing.T) {
	tree := loadGame(t, "kuhn")
	path, err := Trace(tree, Options{})
	if err != nil {
		t.Fatal(err)
	}
	last := path.Points[len(path.Points)-1]
	if !path.Stats.StoppedByRegret || last.MaxRegret > 1e-8 {
		t.Fatalf("path ended at λ = %v with max regret %v", last.Lambda, last.MaxRegret)
	}
	alpha := prob(t, tree, last.Profile, "J:", "bet")
	if math.Abs(alpha-0.2017) > 1e-4 {
		t.Errorf("limit J-bet α = %.6f, want ≈ 0.2017", alpha)
	}
	if k := prob(t, tree, last.Profile, "K:", "bet"); math.Abs(k-3*alpha) > 1e-6 {
		t.Errorf("K bets %.7f, want 3α = %.7f", k, 3*alpha)
	}
	if q := prob(t, tree, last.Profile, "Q:cb", "call"); math.Abs(q-(alpha+1.0/3)) > 1e-6 {
		t.Errorf("Q calls %.7f, want α + 1/3 = %.7f", q, alpha+1.0/3)
	}
	if len(path.Points) > 400 {
		t.Errorf("%d points on the Kuhn path (gambit-logit needs 350)", len(path.Points))
	}
}

var leducLambdas = []float64{2, 5, 10, 20}

// TestLeduc: the agent QRE of Leduc Hold'em (936 information sets) at
// λ = 2, 5, 10, 20 satisfies the logit equations evaluated by the
// independent naive map to 1e-12; at λ = 2 a damped, Anderson-accelerated
// fixed-point iteration continued from the centroid finds the same point to
// 1e-7 (with -long: at every λ; about 3 minutes). The same game written as a
// Gambit .efg file and read back traces to the same points.
func TestLeduc(t *testing.T) {
	tree := loadGame(t, "leduc")
	if tree.NumInfoSets() != 936 {
		t.Fatalf("Leduc has %d information sets, want 936", tree.NumInfoSets())
	}
	path, err := Trace(tree, Options{Lambdas: leducLambdas})
	if err != nil {
		t.Fatal(err)
	}
	pts := requested(path)
	if len(pts) != len(leducLambdas) {
		t.Fatalf("%d points, want %d", len(pts), len(leducLambdas))
	}
	nl := newNaiveLogit(tree)
	out := make([]float64, tree.NumActions())
	for _, pt := range pts {
		if res := nl.apply(pt.Profile, pt.Lambda, out); res > 1e-12 {
			t.Errorf("λ=%v: |logit(σ) − σ| = %.3g", pt.Lambda, res)
		}
	}

	// Second method from the centroid: the damped logit map, Anderson
	// accelerated, continued in λ (damping β = min(0.1, 0.5/λ)).
	sigma := efg.Uniform(tree)
	next := 0
	steps := []float64{0.5, 1, 1.5, 2}
	if *long {
		steps = append(steps, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20)
	}
	for _, l := range steps {
		if res := andersonSolve(nl, sigma, l, math.Min(0.1, 0.5/l), 20000); res > 1e-11 {
			t.Fatalf("fixed-point iteration at λ=%v stopped at residual %.3g", l, res)
		}
		if next < len(pts) && pts[next].Lambda == l {
			if d := maxDiff(sigma, pts[next].Profile); d > 1e-7 {
				t.Errorf("λ=%v: tracer and fixed-point iteration differ by %.3g", l, d)
			} else {
				t.Logf("λ=%v: tracer and fixed-point iteration differ by %.3g", l, d)
			}
			next++
		}
	}
	if *long && next != len(pts) {
		t.Errorf("second method reached %d of %d points", next, len(pts))
	}

	// Gambit round trip.
	var buf bytes.Buffer
	if err := efg.WriteEFG(&buf, tree); err != nil {
		t.Fatal(err)
	}
	back, err := efg.ReadEFG(&buf, "leduc.efg")
	if err != nil {
		t.Fatal(err)
	}
	path2, err := Trace(back, Options{Lambdas: leducLambdas})
	if err != nil {
		t.Fatal(err)
	}
	pts2 := requested(path2)
	if len(pts2) != len(pts) {
		t.Fatalf(".efg: %d points, want %d", len(pts2), len(pts))
	}
	nl2 := newNaiveLogit(back)
	out2 := make([]float64, back.NumActions())
	for i := range pts {
		a, b := profileByLabel(tree, pts[i].Profile), profileByLabel(back, pts2[i].Profile)
		if len(a) != len(b) {
			t.Fatalf(".efg tree has %d actions, want %d", len(b), len(a))
		}
		worst := 0.0
		for k, v := range a {
			w, ok := b[k]
			if !ok {
				t.Fatalf(".efg tree lacks %s", k)
			}
			worst = math.Max(worst, math.Abs(v-w))
		}
		if worst > 1e-9 {
			t.Errorf(".efg λ=%v: differs from the compiled game by %.3g", pts[i].Lambda, worst)
		}
		if res := nl2.apply(pts2[i].Profile, pts2[i].Lambda, out2); res > 1e-12 {
			t.Errorf(".efg λ=%v: |logit(σ) − σ| = %.3g", pts2[i].Lambda, res)
		}
	}
}

// TestTurningPoint: a 3×3 general-sum game (found by a seeded search) whose
// principal branch turns back in λ twice (at λ ≈ 0.824 and 0.756): λ = 0.8
// is crossed three times, at three different QREs, each satisfying the
// logit equations.
func TestTurningPoint(t *testing.T) {
	u := [][][2]float64{
		{{-6, -4}, {2, 10}, {9, -2}},
		{{-1, 3}, {-1, 0}, {5, -10}},
		{{-10, -4}, {9, -7}, {9, -7}},
	}
	tree, err := efg.Compile(bimatrix{name: "turning", u: u})
	if err != nil {
		t.Fatal(err)
	}
	path, err := Trace(tree, Options{Lambdas: []float64{0.8}, MaxLambda: 100, KeepPath: true})
	if err != nil {
		t.Fatal(err)
	}
	turns := 0
	for i := 2; i < len(path.Points); i++ {
		a, b, c := path.Points[i-2].Lambda, path.Points[i-1].Lambda, path.Points[i].Lambda
		if (b-a)*(c-b) < 0 {
			turns++
		}
	}
	if turns < 2 {
		t.Errorf("%d turning points on the path, want 2", turns)
	}
	pts := requested(path)
	if len(pts) != 3 {
		t.Fatalf("%d crossings of λ = 0.8, want 3", len(pts))
	}
	nl := newNaiveLogit(tree)
	out := make([]float64, tree.NumActions())
	for i, pt := range pts {
		if pt.Lambda != 0.8 {
			t.Errorf("crossing %d at λ = %v", i, pt.Lambda)
		}
		if res := nl.apply(pt.Profile, 0.8, out); res > 1e-12 {
			t.Errorf("crossing %d: |logit(σ) − σ| = %.3g", i, res)
		}
		for j := 0; j < i; j++ {
			if d := maxDiff(pt.Profile, pts[j].Profile); d < 1e-3 {
				t.Errorf("crossings %d and %d are the same QRE (Δ = %.3g)", j, i, d)
			}
		}
	}
}

// TestThreePlayers: a three-player game from a Gambit file: the tracer's
// points satisfy the logit equations (values per player).
func TestThreePlayers(t *testing.T) {
	tree, err := efg.ReadEFG(strings.NewReader(threePlayerEFG), "three.efg")
	if err != nil {
		t.Fatal(err)
	}
	path, err := Trace(tree, Options{Lambdas: []float64{0.5, 3, 12}})
	if err != nil {
		t.Fatal(err)
	}
	nl := newNaiveLogit(tree)
	out := make([]float64, tree.NumActions())
	for _, pt := range requested(path) {
		if res := nl.apply(pt.Profile, pt.Lambda, out); res > 1e-12 {
			t.Errorf("λ=%v: |logit(σ) − σ| = %.3g", pt.Lambda, res)
		}
	}
}

// threePlayerEFG: player 1 moves, player 2 sees it, player 3 does not see
// player 2's move but is told player 1's; chance deals a signal first.
const threePlayerEFG = `EFG 2 R "three players" { "P1" "P2" "P3" }
""
c "" 1 "" { "hi" 1/3 "lo" 2/3 } 0
p "" 1 1 "" { "L" "R" } 0
p "" 2 1 "" { "l" "r" } 0
p "" 3 1 "" { "x" "y" } 0
t "" 1 "" { 3, 0, 1 }
t "" 2 "" { 0, 2, 2 }
p "" 3 1 "" { "x" "y" } 0
t "" 3 "" { 1, 1, 0 }
t "" 4 "" { 2, 3, 1 }
p "" 2 2 "" { "l" "r" } 0
p "" 3 2 "" { "x" "y" } 0
t "" 5 "" { 0, 1, 3 }
t "" 6 "" { 4, 0, 0 }
p "" 3 2 "" { "x" "y" } 0
t "" 7 "" { 1, 2, 2 }
t "" 8 "" { 0, 0, 4 }
p "" 1 2 "" { "L" "R" } 0
p "" 2 1 "" { "l" "r" } 0
p "" 3 1 "" { "x" "y" } 0
t "" 9 "" { 2, 1, 0 }
t "" 10 "" { 1, 1, 1 }
p "" 3 1 "" { "x" "y" } 0
t "" 11 "" { 0, 3, 2 }
t "" 12 "" { 3, 0, 1 }
p "" 2 2 "" { "l" "r" } 0
p "" 3 2 "" { "x" "y" } 0
t "" 13 "" { 1, 0, 2 }
t "" 14 "" { 2, 2, 0 }
p "" 3 2 "" { "x" "y" } 0
t "" 15 "" { 0, 4, 1 }
t "" 16 "" { 3, 1, 3 }
`

// TestDeterministic: the same trace twice gives bit-identical points.
func TestDeterministic(t *testing.T) {
	tree := loadGame(t, "kuhn")
	a, err := Trace(tree, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Trace(tree, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Points) != len(b.Points) {
		t.Fatalf("%d vs %d points", len(a.Points), len(b.Points))
	}
	for i := range a.Points {
		if a.Points[i].Lambda != b.Points[i].Lambda || maxDiff(a.Points[i].Profile, b.Points[i].Profile) != 0 {
			t.Fatalf("point %d differs", i)
		}
	}
}

func TestTraceBadInput(t *testing.T) {
	kuhn := loadGame(t, "kuhn")
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{Lambdas: []float64{1, -2}}, "λ[1] = -2"},
		{Options{Lambdas: []float64{math.NaN()}}, "λ[0] = NaN"},
		{Options{MaxLambda: -1}, "maximum λ -1"},
		{Options{Step: -1}, "initial step -1"},
	} {
		_, err := Trace(kuhn, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want it to mention %q", c.opt, err, c.want)
		}
	}
	noDecisions, err := efg.ReadEFG(strings.NewReader(`EFG 2 R "lottery" { "P1" "P2" }
""
c "" 1 "" { "a" 1/2 "b" 1/2 } 0
t "" 1 "" { 1, -1 }
t "" 2 "" { -1, 1 }
`), "lottery.efg")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Trace(noDecisions, Options{}); !errors.Is(err, ErrNoDecisions) {
		t.Errorf("a game without decisions: error %v", err)
	}
	if _, err := Solve(kuhn, -1); err == nil {
		t.Errorf("Solve(λ = −1): no error")
	}
}

// TestStepLimit: running out of steps is an error that says where the path
// got to.
func TestStepLimit(t *testing.T) {
	_, err := Trace(loadGame(t, "kuhn"), Options{MaxSteps: 3})
	if err == nil || !strings.Contains(err.Error(), "3 steps reached only λ =") {
		t.Errorf("error %v", err)
	}
}

func ExampleSolve() {
	tree, _ := games.Load("kuhn")
	pt, _ := Solve(tree, 10)
	for I := 0; I < tree.NumInfoSets(); I++ {
		if tree.InfoSetLabel[I] == "J:" {
			lo, _ := tree.Actions(I)
			fmt.Printf("P1 bets J with probability %.6f\n", pt.Profile[lo+1])
		}
	}
	// Output: P1 bets J with probability 0.189862
}

// TestLeducLargeLambda (-long): the Leduc path continues far beyond the
// report's λ = 1000, to λ = 10⁶, with the maximum regret falling like 1/λ.
func TestLeducLargeLambda(t *testing.T) {
	if !*long {
		t.Skip("run with -args -long")
	}
	tree := loadGame(t, "leduc")
	path, err := Trace(tree, Options{MaxLambda: 1e6, KeepPath: true})
	if err != nil {
		t.Fatal(err)
	}
	last := path.Points[len(path.Points)-1]
	if last.Lambda != 1e6 {
		t.Fatalf("path ended at λ = %v", last.Lambda)
	}
	for _, pt := range path.Points {
		if pt.Lambda >= 100 && pt.MaxRegret*pt.Lambda > 0.5 {
			t.Errorf("λ = %v: max regret %v, λ·regret = %v", pt.Lambda, pt.MaxRegret, pt.Lambda*pt.MaxRegret)
		}
	}
	t.Logf("λ = 10⁶: max regret %.3g after %d steps, %v", last.MaxRegret, path.Stats.Steps, path.Stats.Elapsed)
}

// TestLeducFullPath (-long): asked for max regret 10⁻⁸, the Leduc trace
// either gets there or stops with ErrStalled, returning the path so far
// (about λ = 6·10⁶, max regret 6·10⁻⁸, in double precision).
func TestLeducFullPath(t *testing.T) {
	if !*long {
		t.Skip("run with -args -long")
	}
	path, err := Trace(loadGame(t, "leduc"), Options{})
	if err != nil && !errors.Is(err, ErrStalled) {
		t.Fatal(err)
	}
	last := path.Points[len(path.Points)-1]
	if last.Lambda < 1e6 || last.MaxRegret > 1e-6 {
		t.Errorf("path ends at λ = %v, max regret %v", last.Lambda, last.MaxRegret)
	}
	t.Logf("ended at λ = %.3g, max regret %.3g (%v)", last.Lambda, last.MaxRegret, err)
}
