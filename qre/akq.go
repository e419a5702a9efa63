package qre

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"pokerlab/efg"
	"pokerlab/games/akq"
)

// AKQ is the AKQ game of the QRE note with bet size Bet (in pots) solved in
// closed form: the logit QRE is the solution of the three equations (2)–(4)
// of the seed,
//
//	p_A = σ(λ B p_K)
//	p_Q = σ(λ (1 − (1+B) p_K))
//	p_K = σ(λ (−B p_A + (1+B) p_Q) / (p_A + p_Q))
//
// with σ(x) = 1/(1+e^{−x}): p_A and p_Q are player 1's betting frequencies
// with the ace and the queen, p_K player 2's calling frequency. The
// denominator of the last equation is Bayes' rule: player 2 values the call
// conditional on facing a bet.
//
// The system has exactly one solution for every λ ≥ 0: given p_K the first
// two equations fix p_A (increasing in p_K) and p_Q (decreasing), so the
// right-hand side of the third is a decreasing function of p_K and the fixed
// point is unique.
type AKQ struct {
	Bet float64
}

// NewAKQ returns the AKQ system for bet size bet > 0.
func NewAKQ(bet float64) (AKQ, error) {
	if !(bet > 0) || math.IsInf(bet, 0) {
		return AKQ{}, fmt.Errorf("qre: AKQ bet size B = %v: it must be a positive finite number of pots", bet)
	}
	return AKQ{Bet: bet}, nil
}

// AKQPoint is the logit QRE of the AKQ game at one λ.
//
// The solver works in log-odds measured from the Nash log-odds (see
// AKQ.Solve), so the distances from the Nash limit are known to full relative
// precision even when they are far below the resolution of the probabilities
// themselves (B = 1, where they vanish like e^{−λ/2}).
type AKQPoint struct {
	Bet, Lambda float64
	PA, PQ, PK  float64 // P(bet | A), P(bet | Q), P(call | K)
	// OneMinusPA = 1 − p_A, DQ = p_Q − B/(1+B), DK = p_K − 1/(1+B): the
	// deviations from the Nash equilibrium, each to full relative precision.
	OneMinusPA, DQ, DK float64
	// XA, XQ, XK are the log-odds ln(p/(1−p)) of the three probabilities.
	XA, XQ, XK float64
}

// AKQProbs is an approximation of (p_A, p_Q, p_K).
type AKQProbs struct{ PA, PQ, PK float64 }

// Nash returns the λ → ∞ limit: p_A = 1, p_Q = B/(1+B), p_K = 1/(1+B).
func (g AKQ) Nash() AKQProbs {
	B := g.Bet
	return AKQProbs{1, B / (1 + B), 1 / (1 + B)}
}

// Value returns player 1's equilibrium value (1+2B)/(2(1+B)) (pot 1).
func (g AKQ) Value() float64 {
	B := g.Bet
	return (1 + 2*B) / (2 * (1 + B))
}

// SmallLambda returns the first-order expansion around λ = 0 (the QRE note,
// section ①): p_A ≈ ½(1 + Bλ/4), p_Q ≈ ½(1 + (1−B)λ/4), p_K ≈ ½(1 + λ/4).
func (g AKQ) SmallLambda(lambda float64) AKQProbs {
	B := g.Bet
	return AKQProbs{
		0.5 * (1 + B*lambda/4),
		0.5 * (1 + (1-B)*lambda/4),
		0.5 * (1 + lambda/4),
	}
}

// LargeLambda returns the leading large-λ asymptotics of the QRE.
//
// For B ≠ 1 (the QRE note's eqs (5)–(7), with eq (5) corrected):
//
//	1 − p_A ≈ B^{B/(1+B)} e^{−λB/(1+B)}
//	p_Q ≈ B/(1+B) − (1+2B) ln B / ((1+B)² λ)
//	p_K ≈ 1/(1+B) − ln B / ((1+B) λ)
//
// The seed prints the prefactor of eq (5) as (1/B)^{B/(1+B)}; its own
// derivation gives δp_A = −e^{−λB/(1+B) − λB δp_K} with λB δp_K →
// −B ln B/(1+B), i.e. the prefactor e^{+B ln B/(1+B)} = B^{B/(1+B)}. The
// numbers agree with B^{B/(1+B)} (TestAKQLargeLambdaA).
//
// For B = 1 the 1/λ terms vanish and the approach is exponential. With
// a = 1 − p_A, linearising (3) and (4) around ½ gives p_Q − ½ = −λ δp_K/2 and
// δp_K = λ(a + 2δp_Q)/6, hence
//
//	1 − p_A ≈ e^{−λ/2}
//	p_Q ≈ ½ − λ² e^{−λ/2} / (2(λ²+6))
//	p_K ≈ ½ + λ e^{−λ/2} / (λ²+6)
//
// with relative errors O(λ² e^{−λ/2}) (the neglected cubic terms of the
// logistic function and the e^{−λ δp_K} factor of a).
func (g AKQ) LargeLambda(lambda float64) AKQProbs {
	a, dq, dk := g.LargeLambdaDeviations(lambda)
	n := g.Nash()
	return AKQProbs{1 - a, n.PQ + dq, n.PK + dk}
}

// LargeLambdaDeviations returns the asymptotic 1 − p_A, p_Q − p_Q* and
// p_K − p_K* of LargeLambda without rounding them against the Nash values.
func (g AKQ) LargeLambdaDeviations(lambda float64) (oneMinusA, dq, dk float64) {
	B := g.Bet
	if B == 1 {
		e := math.Exp(-lambda / 2)
		l2 := lambda * lambda
		return e, -l2 * e / (2 * (l2 + 6)), lambda * e / (l2 + 6)
	}
	lnB := math.Log(B)
	oneMinusA = math.Exp(B/(1+B)*lnB - lambda*B/(1+B))
	dq = -(1 + 2*B) * lnB / ((1 + B) * (1 + B) * lambda)
	dk = -lnB / ((1 + B) * lambda)
	return oneMinusA, dq, dk
}

// SecondOrder returns the coefficients c2 of the λ^{−2} terms of p_Q and p_K
// (B ≠ 1), derived by carrying the expansion of the QRE note's section ② one order
// further: with y the log-odds deviations, y_Q ≈ −(1+2B) ln B/(Bλ) and
// y_K ≈ −(1+B) ln B/(Bλ), and
//
//	c2_Q = (1+2B)/(1+B)² · (−(1+B) ln B / B + (ln B)²/(1+B))
//	c2_K = (1+2B) ln B / (B(1+B))
//
// so p_Q = p_Q* + c1_Q/λ + c2_Q/λ² + O(λ^{−3}) and likewise p_K.
func (g AKQ) SecondOrder() (c2Q, c2K float64) {
	B := g.Bet
	l := math.Log(B)
	c2Q = (1 + 2*B) / ((1 + B) * (1 + B)) * (-(1+B)*l/B + l*l/(1+B))
	c2K = (1 + 2*B) * l / (B * (1 + B))
	return c2Q, c2K
}

// FirstOrder returns the coefficients c1 of the 1/λ terms of p_Q and p_K of
// eqs (6) and (7) (zero for B = 1).
func (g AKQ) FirstOrder() (c1Q, c1K float64) {
	B := g.Bet
	l := math.Log(B)
	return -(1 + 2*B) * l / ((1 + B) * (1 + B)), -l / (1 + B)
}

// ExploitabilityCoefficient returns lim λ·ε(λ) for B ≠ 1: (1+2B) ln B/(2(1+B)²)
// for B > 1 (value-heavy: player 2 folds) and −B(1+2B) ln B/(2(1+B)²) for
// B < 1 (bluff-heavy: player 2 calls); 5 ln 2/18 for B = 2 and 2 ln 2/9 for
// B = ½. For B = 1 it is 0: ε ≈ (λ²+12)/(4(λ²+6)) e^{−λ/2} (see
// ExploitabilityAsymptote).
func (g AKQ) ExploitabilityCoefficient() float64 {
	B := g.Bet
	l := math.Log(B)
	c := (1 + 2*B) * l / (2 * (1 + B) * (1 + B))
	if B < 1 {
		return -B * c
	}
	return c
}

// ExploitabilityAsymptote returns the leading large-λ form of ε(λ): the
// coefficient over λ for B ≠ 1, and for B = 1 the exponential form
// (λ²+12)/(4(λ²+6)) e^{−λ/2} obtained from the B = 1 asymptotics of
// LargeLambda in ε = ½(a + δp_Q).
func (g AKQ) ExploitabilityAsymptote(lambda float64) float64 {
	if g.Bet == 1 {
		l2 := lambda * lambda
		return (l2 + 12) / (4 * (l2 + 6)) * math.Exp(-lambda/2)
	}
	return g.ExploitabilityCoefficient() / lambda
}

// Exploitability returns the QRE note's ε for a QRE point: player 1's loss
// against a best-responding player 2 relative to the game value,
// ε = V − min(EV_call, EV_fold), where player 2 always calls or always folds.
// Against always-call player 1 gets ½ + (B/2)(p_A − p_Q), against
// always-fold ½(1 + p_Q), so
//
//	ε = max( (B/2)(1 − p_A + δp_Q), −δp_Q/2 ),   δp_Q = p_Q − B/(1+B).
//
// The first case is bluff-heavy play (player 2 calls): seed eq (8) prints it
// as B/(2(1+B)) − (B/2)(p_A + p_Q), which is misprinted — it should read
// B/(2(1+B)) − (B/2)(p_A − p_Q): the printed form is −B²/(1+B) < 0 at the
// Nash equilibrium, where ε must vanish, while the corrected one is 0 there,
// matches the QRE note's own asymptotic line −(B/2)(δp_A − δp_Q) and agrees with
// a best response computed on the game tree (TestAKQExploitabilityBR).
// The value-heavy case B/(2(1+B)) − p_Q/2 is correct.
func (g AKQ) Exploitability(p AKQPoint) float64 {
	B := g.Bet
	return math.Max(B/2*(p.OneMinusPA+p.DQ), -p.DQ/2)
}

// ValueP1 returns player 1's expected payoff when both play the QRE point:
// ½[p_A(1 + B p_K) + (1 − p_A)] + ½ p_Q [(1 − p_K) − B p_K].
func (g AKQ) ValueP1(p AKQPoint) float64 {
	B := g.Bet
	return 0.5*(p.PA*(1+B*p.PK)+(1-p.PA)) + 0.5*p.PQ*((1-p.PK)-B*p.PK)
}

// ActionValues returns the conditional expected payoffs of each action at
// the three information sets under the point's profile: player 1 with A
// (bet 1 + B p_K, check 1), with Q (bet 1 − (1+B) p_K, check 0), and player
// 2 facing a bet (call (−B p_A + (1+B) p_Q)/(p_A + p_Q), fold 0). The payoffs
// are the game tree's (constant-sum, pot 1).
func (g AKQ) ActionValues(p AKQPoint) (bet, check [2]float64, call, fold float64) {
	B := g.Bet
	bet = [2]float64{1 + B*p.PK, 1 - (1+B)*p.PK}
	check = [2]float64{1, 0}
	call = (-B*p.PA + (1+B)*p.PQ) / (p.PA + p.PQ)
	return bet, check, call, 0
}

// Thermo returns the internal energy, entropy and free energy of each hand
// (the QRE note's eqs (12)–(13)): index 0 is A, 1 is Q (player 1), 2 is K
// (player 2 facing a bet).
func (g AKQ) Thermo(p AKQPoint) [3]Thermo {
	bet, check, call, fold := g.ActionValues(p)
	return [3]Thermo{
		binaryThermo(p.PA, p.XA, bet[0], check[0], p.Lambda),
		binaryThermo(p.PQ, p.XQ, bet[1], check[1], p.Lambda),
		binaryThermo(p.PK, p.XK, call, fold, p.Lambda),
	}
}

// binaryThermo is Thermo of a two-action information set that plays the
// first action with probability q = σ(x).
func binaryThermo(q, x, u1, u2, lambda float64) Thermo {
	lq, l1q := logSigmoid(x), logSigmoid(-x)
	e := -(q*u1 + (1-q)*u2)
	s := -(q*lq + (1-q)*l1q)
	return Thermo{Energy: e, Entropy: s, FreeEnergy: freeEnergy(e, s, lambda)}
}

// ErrNotConverged reports that a Newton iteration did not converge.
var ErrNotConverged = errors.New("qre: Newton iteration did not converge")

// Solve returns the QRE at each λ (any order, each ≥ 0).
//
// Method: Newton's method on the three equations in the unknowns
// (x_A, y_Q, y_K), where x_A is the log-odds of p_A and y_Q = x_Q − ln B,
// y_K = x_K + ln B are the log-odds of p_Q and p_K measured from their Nash
// values, with continuation in λ from λ = 0 (all probabilities ½): an Euler
// predictor along dλ, at most doubling λ per step, the step halved when
// Newton fails. Working in log-odds keeps the logistic function from
// saturating (p_A = 1 − 10^{−200000} at λ = 10^6 is just x_A ≈ 5·10^5), and
// the deviation variables y make 1 − (1+B)p_K and −Bp_A + (1+B)p_Q, which
// are multiplied by λ, exact differences (sinh form, see sigmoidDiff).
// The result solves the system to a relative accuracy of about 1e-15.
func (g AKQ) Solve(lambdas ...float64) ([]AKQPoint, error) {
	if _, err := NewAKQ(g.Bet); err != nil {
		return nil, err
	}
	for i, l := range lambdas {
		if !(l >= 0) || math.IsInf(l, 0) {
			return nil, fmt.Errorf("qre: λ[%d] = %v: λ must be a finite number ≥ 0", i, l)
		}
	}
	order := make([]int, len(lambdas))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return lambdas[order[i]] < lambdas[order[j]] })
	out := make([]AKQPoint, len(lambdas))
	s := g.newAKQSolver()
	for _, i := range order {
		if err := s.continueTo(lambdas[i]); err != nil {
			return nil, err
		}
		out[i] = s.point()
	}
	return out, nil
}

// At returns the QRE at one λ.
func (g AKQ) At(lambda float64) (AKQPoint, error) {
	p, err := g.Solve(lambda)
	if err != nil {
		return AKQPoint{}, err
	}
	return p[0], nil
}

type akqSolver struct {
	B, lnB, lambda float64
	u              [3]float64 // x_A, y_Q, y_K
}

func (g AKQ) newAKQSolver() *akqSolver {
	lnB := math.Log(g.Bet)
	return &akqSolver{B: g.Bet, lnB: lnB, u: [3]float64{0, -lnB, lnB}}
}

func (s *akqSolver) point() AKQPoint {
	xA, xQ, xK := s.u[0], s.u[1]+s.lnB, s.u[2]-s.lnB
	return AKQPoint{
		Bet: s.B, Lambda: s.lambda,
		PA: sigmoid(xA), PQ: sigmoid(xQ), PK: sigmoid(xK),
		OneMinusPA: sigmoid(-xA),
		DQ:         sigmoidDiff(xQ, s.lnB),
		DK:         sigmoidDiff(xK, -s.lnB),
		XA:         xA, XQ: xQ, XK: xK,
	}
}

// residual evaluates the three equations at u and λ, and optionally their
// Jacobian with respect to u and derivative with respect to λ.
//
//	R_A = x_A − λ B p_K
//	R_Q = y_Q + ln B + λ (1+B) δp_K            (eq 3: x_Q = λ(1 − (1+B)p_K))
//	R_K = y_K − ln B − λ (B a + (1+B) δp_Q)/(p_A + p_Q)   (eq 4)
//
// with a = 1 − p_A, δp = p − p*.
func (s *akqSolver) residual(u [3]float64, lambda float64, jac *[3][3]float64, dl *[3]float64) [3]float64 {
	B, lnB := s.B, s.lnB
	xA, xQ, xK := u[0], u[1]+lnB, u[2]-lnB
	pA, pQ, pK := sigmoid(xA), sigmoid(xQ), sigmoid(xK)
	a := sigmoid(-xA)
	dQ, dK := sigmoidDiff(xQ, lnB), sigmoidDiff(xK, -lnB)
	num := B*a + (1+B)*dQ
	den := pA + pQ
	h := num / den
	r := [3]float64{
		xA - lambda*B*pK,
		u[1] + lnB + lambda*(1+B)*dK,
		u[2] - lnB - lambda*h,
	}
	if jac != nil {
		sA, sQ, sK := pA*a, pQ*sigmoid(-xQ), pK*sigmoid(-xK) // σ'(x) = σ(x)σ(−x)
		dhdA := -sA * (B*den + num) / (den * den)
		dhdQ := sQ * ((1+B)*den - num) / (den * den)
		*jac = [3][3]float64{
			{1, 0, -lambda * B * sK},
			{0, 1, lambda * (1 + B) * sK},
			{-lambda * dhdA, -lambda * dhdQ, 1},
		}
		*dl = [3]float64{-B * pK, (1 + B) * dK, -h}
	}
	return r
}

// continueTo moves the solution from the current λ to target.
func (s *akqSolver) continueTo(target float64) error {
	for s.lambda < target {
		step := target - s.lambda
		if limit := math.Max(s.lambda, 0.5); step > limit {
			step = limit
		}
		for {
			u, ok := s.newtonFrom(s.lambda + step)
			if ok {
				s.u, s.lambda = u, s.lambda+step
				break
			}
			step /= 2
			if step < 1e-12*math.Max(1, s.lambda) {
				return fmt.Errorf("%w: AKQ system at B = %v, λ = %v", ErrNotConverged, s.B, s.lambda)
			}
		}
	}
	if target == s.lambda {
		// Polish at the exact target (also covers λ = 0 and repeated values).
		if u, ok := s.newtonFrom(target); ok {
			s.u = u
		}
	}
	return nil
}

// newtonFrom predicts the solution at lambda from the current point by one
// Euler step and corrects it by Newton's method.
func (s *akqSolver) newtonFrom(lambda float64) ([3]float64, bool) {
	var J [3][3]float64
	var dl [3]float64
	s.residual(s.u, s.lambda, &J, &dl)
	// Tangent du/dλ = −J⁻¹ ∂R/∂λ.
	du, ok := solve3(J, dl)
	u := s.u
	if ok {
		for i := range u {
			u[i] -= du[i] * (lambda - s.lambda)
		}
	}
	prev := math.Inf(1)
	for it := 0; it < 100; it++ {
		r := s.residual(u, lambda, &J, &dl)
		d, ok := solve3(J, r)
		if !ok {
			return u, false
		}
		size, rsize := 0.0, 0.0
		conv := true
		for i := range u {
			u[i] -= d[i]
			size = math.Max(size, math.Abs(d[i]))
			rsize = math.Max(rsize, math.Abs(r[i]))
			if math.Abs(d[i]) > 4e-16*math.Abs(u[i]) && math.Abs(d[i]) > 1e-300 {
				conv = false
			}
		}
		if math.IsNaN(size) {
			return u, false
		}
		// Converged when the step is at the rounding level of every unknown,
		// or when the residual is at its rounding floor (λ times the unit
		// roundoff) and the steps stopped shrinking quadratically.
		if conv || (rsize < 1e-13*(1+lambda) && size >= prev/4) {
			return u, true
		}
		if it > 12 && size > prev {
			return u, false
		}
		prev = size
	}
	return u, false
}

// solve3 solves the 3×3 system J x = b by Gaussian elimination with partial
// pivoting.
func solve3(J [3][3]float64, b [3]float64) ([3]float64, bool) {
	for c := 0; c < 3; c++ {
		p := c
		for r := c + 1; r < 3; r++ {
			if math.Abs(J[r][c]) > math.Abs(J[p][c]) {
				p = r
			}
		}
		if J[p][c] == 0 {
			return b, false
		}
		J[c], J[p] = J[p], J[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < 3; r++ {
			f := J[r][c] / J[c][c]
			for k := c; k < 3; k++ {
				J[r][k] -= f * J[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var x [3]float64
	for r := 2; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < 3; k++ {
			s -= J[r][k] * x[k]
		}
		x[r] = s / J[r][r]
	}
	return x, true
}

// Tree compiles the AKQ game of package games/akq with this bet size.
func (g AKQ) Tree() (*efg.Tree, error) {
	game, err := akq.New(g.Bet)
	if err != nil {
		return nil, err
	}
	return efg.Compile(game)
}

// Profile returns the behaviour profile of the point on t, the compiled AKQ
// tree (information sets "A", "Q" with actions bet, check and "K" with call,
// fold, in any order).
func (g AKQ) Profile(t *efg.Tree, p AKQPoint) ([]float64, error) {
	prof := make([]float64, t.NumActions())
	want := map[string]map[string]float64{
		"A": {"bet": p.PA, "check": p.OneMinusPA},
		"Q": {"bet": p.PQ, "check": sigmoid(-p.XQ)},
		"K": {"call": p.PK, "fold": sigmoid(-p.XK)},
	}
	if t.NumInfoSets() != len(want) {
		return nil, fmt.Errorf("qre: tree %q has %d information sets; the AKQ game has 3", t.Title, t.NumInfoSets())
	}
	for I := 0; I < t.NumInfoSets(); I++ {
		probs, ok := want[t.InfoSetLabel[I]]
		lo, hi := t.Actions(I)
		if !ok || hi-lo != 2 {
			return nil, fmt.Errorf("qre: %s is not an information set of the AKQ game", t.InfoSetName(I))
		}
		for a := lo; a < hi; a++ {
			q, ok := probs[t.ActionLabel[a]]
			if !ok {
				return nil, fmt.Errorf("qre: %s has action %q, not one of the AKQ game", t.InfoSetName(I), t.ActionLabel[a])
			}
			prof[a] = q
		}
	}
	return prof, nil
}
