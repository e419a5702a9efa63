package qre

import (
	"math"

	"pokerlab/efg"
)

// Coefficient pairs a number measured on the solutions with a formula.
type Coefficient struct {
	Numeric, Formula float64
}

// AKQAsymptotics compares the large-λ behaviour of the AKQ QRE measured on
// the solved system with the formulas of the QRE note (and their corrections).
type AKQAsymptotics struct {
	Bet float64
	// C1Q, C1K: the 1/λ coefficients of p_Q and p_K (eqs (6), (7)),
	// measured by Richardson extrapolation of λ(p − p*) at λ = 10⁴, 2·10⁴.
	C1Q, C1K Coefficient
	// C2Q, C2K: the 1/λ² coefficients (AKQ.SecondOrder).
	C2Q, C2K Coefficient
	// PrefactorA is lim (1 − p_A) e^{λB/(1+B)}: Formula is the corrected
	// B^{B/(1+B)}, PrintedFormula the (1/B)^{B/(1+B)} printed in eq (5).
	PrefactorA     Coefficient
	PrintedFormula float64
	// Exploitability is lim λ ε(λ) (0 for B = 1, where ε decays like
	// e^{−λ/2}).
	Exploitability Coefficient
	// Eps2000 is ε at λ = 2000 (the QRE note's example), LambdaEps001 the λ at
	// which ε falls to 0.001 (0.1 % of the pot).
	Eps2000, LambdaEps001 float64
}

// Asymptotics measures the AKQ QRE's large-λ coefficients (see
// AKQAsymptotics).
func (g AKQ) Asymptotics() (*AKQAsymptotics, error) {
	B := g.Bet
	const l1, l2 = 1e4, 2e4
	pts, err := g.Solve(200, 400, l1, l2, 2000)
	if err != nil {
		return nil, err
	}
	p200, p400, p1, p2, p2000 := pts[0], pts[1], pts[2], pts[3], pts[4]
	c1Q, c1K := g.FirstOrder()
	c2Q, c2K := g.SecondOrder()
	a := &AKQAsymptotics{Bet: B}
	rich := func(f1, f2 float64) float64 { return 2*f2 - f1 } // f(λ) = c + d/λ
	a.C1Q = Coefficient{rich(l1*p1.DQ, l2*p2.DQ), c1Q}
	a.C1K = Coefficient{rich(l1*p1.DK, l2*p2.DK), c1K}
	a.C2Q = Coefficient{rich(l1*(l1*p1.DQ-c1Q), l2*(l2*p2.DQ-c1Q)), c2Q}
	a.C2K = Coefficient{rich(l1*(l1*p1.DK-c1K), l2*(l2*p2.DK-c1K)), c2K}
	// ln((1−p_A) e^{λB/(1+B)}) = ln A + O(1/λ).
	lpref := func(p AKQPoint) float64 { return math.Log(p.OneMinusPA) + p.Lambda*B/(1+B) }
	a.PrefactorA = Coefficient{math.Exp(rich(lpref(p200), lpref(p400))), math.Pow(B, B/(1+B))}
	a.PrintedFormula = math.Pow(1/B, B/(1+B))
	a.Exploitability = Coefficient{rich(l1*g.Exploitability(p1), l2*g.Exploitability(p2)), g.ExploitabilityCoefficient()}
	if B == 1 {
		a.Exploitability.Formula = 0
	}
	a.Eps2000 = g.Exploitability(p2000)
	if a.LambdaEps001, err = g.LambdaForExploitability(0.001); err != nil {
		return nil, err
	}
	return a, nil
}

// PathSummary is what a report shows of a game's QRE path: the path, the
// exploitability of every point, and where it falls to a fraction of the pot.
type PathSummary struct {
	Path    *Path
	Exploit []ExploitPoint
	// Pot and Target: Target = TargetFraction × Pot.
	Pot, TargetFraction, Target float64
	// Crossing is where the exploitability falls to Target for the last
	// time (nil if the path ends before).
	Crossing *Crossing
}

// Summarize traces t's principal branch with opt, evaluates the
// exploitability (NashConv/2) of every point, and finds the λ at which it
// falls to fraction × pot (e.g. 0.001 × 2 for "0.1 % of the pot" in Kuhn
// poker and Leduc Hold'em, whose antes make a pot of 2). t must be a
// two-player constant-sum game.
func Summarize(t *efg.Tree, pot, fraction float64, opt Options) (*PathSummary, error) {
	path, err := Trace(t, opt)
	if err != nil {
		return nil, err
	}
	s := &PathSummary{Path: path, Exploit: ExploitabilityAlong(t, path), Pot: pot, TargetFraction: fraction, Target: fraction * pot}
	c, err := LambdaForExploitability(t, s.Target, Options{MaxSteps: opt.MaxSteps, Step: opt.Step, MaxLambda: opt.MaxLambda})
	if err == nil {
		s.Crossing = c
	}
	return s, nil
}
