package qre

import (
	"fmt"
	"math"
	"testing"

	"pokerlab/br"
)

var akqBets = []float64{1.0 / 3, 0.5, 1, 2, 3}

// akqBisect solves the QRE note's eqs (2)–(4) independently of AKQ.Solve: the
// equations written plainly in probabilities, reduced to the one monotone
// equation x_K = λ h(x_K) and solved by bisection on x_K (h decreases in p_K,
// so the root is unique and bracketed by h ∈ [−B, 1+B]).
func akqBisect(B, lambda float64) (pA, pQ, pK float64) {
	probs := func(xK float64) (pA, pQ, pK, f float64) {
		pK = 1 / (1 + math.Exp(-xK))
		pA = 1 / (1 + math.Exp(-lambda*B*pK))
		pQ = 1 / (1 + math.Exp(-lambda*(1-(1+B)*pK)))
		h := (-B*pA + (1+B)*pQ) / (pA + pQ)
		return pA, pQ, pK, xK - lambda*h
	}
	lo, hi := -lambda*B-1, lambda*(1+B)+1
	for i := 0; i < 2000; i++ {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if _, _, _, f := probs(mid); f > 0 {
			hi = mid
		} else {
			lo = mid
		}
	}
	pA, pQ, pK, _ = probs((lo + hi) / 2)
	return pA, pQ, pK
}

func mustAKQ(t testing.TB, B float64, lambdas ...float64) []AKQPoint {
	t.Helper()
	g, err := NewAKQ(B)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Solve(lambdas...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAKQAgainstBisection: Newton with continuation in λ against the
// independent bisection solution, to 1e-12 (source: the QRE note's eqs (2)–(4)).
func TestAKQAgainstBisection(t *testing.T) {
	lambdas := []float64{0, 1e-3, 0.1, 0.7, 1, 2.5, 5, 10, 30, 100, 300}
	for _, B := range akqBets {
		pts := mustAKQ(t, B, lambdas...)
		for i, l := range lambdas {
			pA, pQ, pK := akqBisect(B, l)
			p := pts[i]
			if p.Lambda != l {
				t.Fatalf("B=%v: point %d has λ %v, want %v", B, i, p.Lambda, l)
			}
			for _, c := range []struct {
				name      string
				got, want float64
			}{{"pA", p.PA, pA}, {"pQ", p.PQ, pQ}, {"pK", p.PK, pK}} {
				if d := math.Abs(c.got - c.want); d > 1e-12 {
					t.Errorf("B=%v λ=%v %s = %.15g, bisection %.15g (|Δ| = %.2g)", B, l, c.name, c.got, c.want, d)
				}
			}
		}
	}
}

// TestAKQResidual: the returned probabilities satisfy eqs (2)–(4) written in
// log-odds to 1e-12 relative to λ, up to λ = 10^6, and the deviations agree
// with the probabilities.
func TestAKQResidual(t *testing.T) {
	lambdas := []float64{0, 0.5, 3, 50, 1e3, 1e4, 1e5, 1e6}
	for _, B := range akqBets {
		g := AKQ{B}
		n := g.Nash()
		for _, p := range mustAKQ(t, B, lambdas...) {
			l := p.Lambda
			rA := p.XA - l*B*p.PK
			rQ := p.XQ - l*(-(1+B)*p.DK)
			rK := p.XK - l*(B*p.OneMinusPA+(1+B)*p.DQ)/(p.PA+p.PQ)
			for _, r := range []float64{rA, rQ, rK} {
				if math.Abs(r) > 1e-12*math.Max(1, l) || math.IsNaN(r) {
					t.Errorf("B=%v λ=%v: residuals %.3g %.3g %.3g", B, l, rA, rQ, rK)
					break
				}
			}
			if math.Abs(p.PQ-n.PQ-p.DQ) > 1e-15 || math.Abs(p.PK-n.PK-p.DK) > 1e-15 || math.Abs(1-p.PA-p.OneMinusPA) > 1e-15 {
				t.Errorf("B=%v λ=%v: deviations inconsistent with probabilities", B, l)
			}
		}
	}
}

// TestAKQSmallLambda: all probabilities are ½ at λ = 0 and the slopes at 0
// are the QRE note's expansion (section ①): B/8, (1−B)/8, 1/8.
func TestAKQSmallLambda(t *testing.T) {
	for _, B := range akqBets {
		g := AKQ{B}
		pts := mustAKQ(t, B, 0, 1e-9, 1e-5, 1e-4)
		if p := pts[0]; p.PA != 0.5 || p.PQ != 0.5 || p.PK != 0.5 {
			t.Errorf("B=%v λ=0: (%v, %v, %v), want all ½", B, p.PA, p.PQ, p.PK)
		}
		if p := pts[1]; math.Abs(p.PA-0.5)+math.Abs(p.PQ-0.5)+math.Abs(p.PK-0.5) > 1e-9 {
			t.Errorf("B=%v λ=1e-9: (%v, %v, %v) not → ½", B, p.PA, p.PQ, p.PK)
		}
		// The expansion is first order: the error of (p − ½)/λ is O(λ).
		for _, p := range pts[2:] {
			s := g.SmallLambda(p.Lambda)
			want := [3]float64{(s.PA - 0.5) / p.Lambda, (s.PQ - 0.5) / p.Lambda, (s.PK - 0.5) / p.Lambda}
			got := [3]float64{(p.PA - 0.5) / p.Lambda, (p.PQ - 0.5) / p.Lambda, (p.PK - 0.5) / p.Lambda}
			for i, w := range [3]float64{B / 8, (1 - B) / 8, 1.0 / 8} {
				if math.Abs(want[i]-w) > 1e-9 {
					t.Fatalf("SmallLambda slopes %v", want)
				}
			}
			for i := range got {
				if d := math.Abs(got[i] - want[i]); d > p.Lambda {
					t.Errorf("B=%v λ=%v slope %d: %.9g, expansion %.9g", B, p.Lambda, i, got[i], want[i])
				}
			}
		}
	}
}

// TestAKQAsymptoticsQK: for λ from 100 to 10^4 the errors of eqs (6) and (7)
// shrink like λ^−2, with the derived second-order coefficients; adding the
// second order leaves O(λ^−3).
func TestAKQAsymptoticsQK(t *testing.T) {
	lambdas := []float64{100, 1000, 1e4}
	for _, B := range []float64{1.0 / 3, 0.5, 2, 3} {
		g := AKQ{B}
		c2Q, c2K := g.SecondOrder()
		c1Q, c1K := g.FirstOrder()
		pts := mustAKQ(t, B, lambdas...)
		var prevQ, prevK float64
		for i, p := range pts {
			l := p.Lambda
			_, dq, dk := g.LargeLambdaDeviations(l)
			if math.Abs(dq-c1Q/l) > 1e-15*math.Abs(dq) || math.Abs(dk-c1K/l) > 1e-15*math.Abs(dk) {
				t.Fatalf("FirstOrder disagrees with LargeLambdaDeviations")
			}
			eQ, eK := p.DQ-dq, p.DK-dk // |p − eq (6)|, |p − eq (7)|
			if i > 0 {
				rQ, rK := prevQ/eQ, prevK/eK // λ ×10 → error ÷100
				if rQ < 80 || rQ > 125 || rK < 80 || rK > 125 {
					t.Errorf("B=%v λ=%v: error ratios %.4g %.4g, want ≈ 100 (λ^−2)", B, l, rQ, rK)
				}
			}
			prevQ, prevK = eQ, eK
			if l == 1e4 {
				if math.Abs(eQ*l*l-c2Q) > 0.01*math.Abs(c2Q) || math.Abs(eK*l*l-c2K) > 0.01*math.Abs(c2K) {
					t.Errorf("B=%v: λ²·error = %.6g, %.6g; derived c2 = %.6g, %.6g", B, eQ*l*l, eK*l*l, c2Q, c2K)
				}
			}
			if r3 := math.Abs(p.DQ - dq - c2Q/(l*l)); r3*l*l*l > 50*(1+math.Abs(c2Q)) {
				t.Errorf("B=%v λ=%v: third-order remainder of p_Q %.3g", B, l, r3)
			}
		}
	}
}

// TestAKQLargeLambdaA: 1 − p_A ≈ B^{B/(1+B)} e^{−λB/(1+B)} — the prefactor
// of seed eq (5) printed as (1/B)^{B/(1+B)} is wrong.
func TestAKQLargeLambdaA(t *testing.T) {
	for _, B := range []float64{1.0 / 3, 0.5, 2, 3} {
		g := AKQ{B}
		for _, l := range []float64{200, 1000} {
			p := mustAKQ(t, B, l)[0]
			pref := p.OneMinusPA * math.Exp(l*B/(1+B)) // → prefactor
			want := math.Pow(B, B/(1+B))
			seed := math.Pow(1/B, B/(1+B))
			// The relative error is O(1/λ) (from the 1/λ² term of λBδp_K).
			if math.Abs(pref/want-1) > 5/l {
				t.Errorf("B=%v λ=%v: (1−p_A)e^{λB/(1+B)} = %.6g, want B^{B/(1+B)} = %.6g (the QRE note's (1/B)^{B/(1+B)} = %.6g)", B, l, pref, want, seed)
			}
			a, _, _ := g.LargeLambdaDeviations(l)
			if math.Abs(a/p.OneMinusPA-1) > 5/l {
				t.Errorf("B=%v λ=%v: LargeLambda 1−p_A %.6g, solution %.6g", B, l, a, p.OneMinusPA)
			}
		}
	}
}

// TestAKQBetOneExponential: for B = 1 the deviations vanish like e^{−λ/2}
// with the derived prefactors; the relative error shrinks like λ² e^{−λ/2}.
func TestAKQBetOneExponential(t *testing.T) {
	g := AKQ{1}
	prevErr := math.Inf(1)
	for _, l := range []float64{20, 30, 40, 60, 100, 400} {
		p := mustAKQ(t, 1, l)[0]
		a, dq, dk := g.LargeLambdaDeviations(l)
		worst := 0.0
		for _, r := range []float64{p.OneMinusPA/a - 1, p.DQ/dq - 1, p.DK/dk - 1} {
			worst = math.Max(worst, math.Abs(r))
		}
		bound := 4 * l * l * math.Exp(-l/2)
		if worst > bound+1e-12 {
			t.Errorf("λ=%v: relative error %.3g > 4λ²e^{−λ/2} = %.3g", l, worst, bound)
		}
		if worst > prevErr && worst > 1e-12 {
			t.Errorf("λ=%v: relative error %.3g did not shrink (previous %.3g)", l, worst, prevErr)
		}
		prevErr = worst
		// And the power law of B ≠ 1 is absent: λ·δp_K → 0.
		if l >= 40 && math.Abs(l*p.DK) > 1e-6 {
			t.Errorf("λ=%v: λ·δp_K = %.3g, not exponentially small", l, l*p.DK)
		}
		e := g.Exploitability(p)
		if ea := g.ExploitabilityAsymptote(l); math.Abs(e/ea-1) > bound+1e-12 {
			t.Errorf("λ=%v: ε = %.6g, asymptote %.6g", l, e, ea)
		}
	}
}

// TestAKQExploitabilityLimits: λ·ε(λ) → 5 ln2/18 (B = 2) and 2 ln2/9
// (B = ½) with an O(1/λ) error, and ε < 0.001 at λ = 2000 (the QRE note).
func TestAKQExploitabilityLimits(t *testing.T) {
	cases := []struct {
		B, coef float64
		source  string
	}{
		{2, 5 * math.Ln2 / 18, "the QRE note: 5 ln2/18 ≈ 0.1925"},
		{0.5, 2 * math.Ln2 / 9, "the QRE note: 2 ln2/9 ≈ 0.1540"},
	}
	for _, c := range cases {
		g := AKQ{c.B}
		if math.Abs(g.ExploitabilityCoefficient()-c.coef) > 1e-15 {
			t.Errorf("B=%v: coefficient %.15g, %s", c.B, g.ExploitabilityCoefficient(), c.source)
		}
		for _, l := range []float64{1e3, 1e4, 1e5, 1e6} {
			p := mustAKQ(t, c.B, l)[0]
			le := l * g.Exploitability(p)
			if math.Abs(le-c.coef) > 2/l {
				t.Errorf("B=%v λ=%v: λ·ε = %.9g, want → %.9g (%s)", c.B, l, le, c.coef, c.source)
			}
		}
		p := mustAKQ(t, c.B, 2000)[0]
		if e := g.Exploitability(p); !(e < 0.001) || e <= 0 {
			t.Errorf("B=%v: ε(2000) = %.6g, want in (0, 0.001)", c.B, e)
		}
	}
}

// TestAKQExploitabilityBR: the closed form ε (corrected eq (8)) equals the
// loss computed by br's best response on the compiled AKQ tree, against the
// game value of the sequence-form LP, at every λ (both regimes occur:
// B < 1 is bluff-heavy and B > 1 value-heavy at large λ; at small λ the
// ordering can differ). Eq (8) as printed fails the same comparison.
func TestAKQExploitabilityBR(t *testing.T) {
	lambdas := []float64{0, 0.3, 1, 2, 5, 10, 40, 200, 2000}
	for _, B := range akqBets {
		g := AKQ{B}
		tree, err := g.Tree()
		if err != nil {
			t.Fatal(err)
		}
		val, _, err := br.GameValue(tree)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(val[0]-g.Value()) > 1e-9 {
			t.Fatalf("B=%v: LP value %.12g, closed form %.12g", B, val[0], g.Value())
		}
		ev := br.NewEvaluator(tree)
		printedWrong := false
		for _, p := range mustAKQ(t, B, lambdas...) {
			prof, err := g.Profile(tree, p)
			if err != nil {
				t.Fatal(err)
			}
			loss := val[0] - (tree.Sum - ev.BestResponseValue(prof, 1))
			if e := g.Exploitability(p); math.Abs(e-loss) > 1e-9 {
				t.Errorf("B=%v λ=%v: closed-form ε %.12g, best response %.12g", B, p.Lambda, e, loss)
			}
			v := ev.Values(prof, nil)
			if math.Abs(v[0]-g.ValueP1(p)) > 1e-12 {
				t.Errorf("B=%v λ=%v: ValueP1 %.12g, tree %.12g", B, p.Lambda, g.ValueP1(p), v[0])
			}
			// Seed eq (8) as printed, case by case.
			bluffHeavy := (1+B)*p.PQ > B*p.PA // player 2's best response calls
			printed := B/(2*(1+B)) - p.PQ/2
			if bluffHeavy {
				printed = B/(2*(1+B)) - B/2*(p.PA+p.PQ)
			}
			if math.Abs(printed-loss) > 1e-6 {
				if !bluffHeavy {
					t.Errorf("B=%v λ=%v: the value-heavy case of eq (8) is wrong too", B, p.Lambda)
				}
				printedWrong = true
			}
		}
		if !printedWrong {
			t.Errorf("B=%v: eq (8) as printed agreed everywhere", B)
		}
	}
}

// TestAKQHugeLambda: stable to λ = 10^6: finite log-odds, p_A = 1 to double
// precision, p_Q and p_K within 1e-6 of Nash and on the asymptote.
func TestAKQHugeLambda(t *testing.T) {
	for _, B := range akqBets {
		g := AKQ{B}
		p := mustAKQ(t, B, 1e6)[0]
		n := g.Nash()
		if math.IsNaN(p.XA+p.XQ+p.XK) || math.IsInf(p.XA+p.XQ+p.XK, 0) {
			t.Fatalf("B=%v: log-odds %v %v %v", B, p.XA, p.XQ, p.XK)
		}
		if p.PA != 1 || math.Abs(p.PQ-n.PQ) > 2e-6 || math.Abs(p.PK-n.PK) > 2e-6 {
			t.Errorf("B=%v λ=1e6: (%v, %v, %v), Nash (%v, %v, %v)", B, p.PA, p.PQ, p.PK, n.PA, n.PQ, n.PK)
		}
		if B != 1 {
			_, dq, dk := g.LargeLambdaDeviations(1e6)
			if math.Abs(p.DQ/dq-1) > 1e-5 || math.Abs(p.DK/dk-1) > 1e-5 {
				t.Errorf("B=%v λ=1e6: deviations %.6g %.6g, asymptote %.6g %.6g", B, p.DQ, p.DK, dq, dk)
			}
		}
	}
}

func TestAKQBadInput(t *testing.T) {
	for _, B := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if _, err := NewAKQ(B); err == nil {
			t.Errorf("NewAKQ(%v): no error", B)
		}
		if _, err := (AKQ{B}).Solve(1); err == nil {
			t.Errorf("Solve with B=%v: no error", B)
		}
	}
	for _, l := range []float64{-1, math.NaN(), math.Inf(1)} {
		_, err := AKQ{2}.Solve(1, l)
		if err == nil {
			t.Errorf("λ = %v: no error", l)
			continue
		}
		if want := fmt.Sprintf("λ[1] = %v", l); !contains(err.Error(), want) {
			t.Errorf("λ = %v: error %q does not name %q", l, err, want)
		}
	}
}

func contains(s, sub string) bool {
	return len(sub) == 0 || (len(s) >= len(sub) && indexOf(s, sub) >= 0)
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func BenchmarkAKQSolve(b *testing.B) {
	g := AKQ{2}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Solve(2000); err != nil {
			b.Fatal(err)
		}
	}
}
