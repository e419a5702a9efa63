package spotqre

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"pokerlab/spot"
)

// Continuation parameters: a step is accepted when Newton meets the path
// tolerances (Params.PathTolerance, Params.PathMax) within pathIts
// iterations; it grows by stepGrow after an easy step (at most growIts
// iterations) and halves after a failure — slow growth pays: a rejected
// step costs up to three Newton steps of the longest linear solves (to
// λ = 100 on the narrow turn spot, growth 1.5 took 27 % more
// Jacobian–vector products than 1.1, and 1.05 6 % more) — and a step is
// at most maxRelStep·λ (longer steps did not converge on the spots tried:
// the corrector's region of convergence is about pot/λ wide in the action
// values).
const (
	pathIts    = 8
	growIts    = 4
	stepGrow   = 1.1
	maxRelStep = 0.5
	finalIts   = 40
	minRelStep = 1e-9
)

// predict extrapolates IP's action values to λ through the last accepted
// points (Lagrange, up to quadratic).
func (s *Solver) predict(lambda float64, x []float64) {
	h := s.hist
	switch len(h) {
	case 1:
		copy(x, h[0].x)
	case 2:
		a, b := h[0], h[1]
		t := (lambda - b.lambda) / (b.lambda - a.lambda)
		for i := range x {
			x[i] = b.x[i] + t*(b.x[i]-a.x[i])
		}
	default:
		p0, p1, p2 := h[len(h)-3], h[len(h)-2], h[len(h)-1]
		x0, x1, x2 := p0.lambda, p1.lambda, p2.lambda
		l0 := (lambda - x1) * (lambda - x2) / ((x0 - x1) * (x0 - x2))
		l1 := (lambda - x0) * (lambda - x2) / ((x1 - x0) * (x1 - x2))
		l2 := (lambda - x0) * (lambda - x1) / ((x2 - x0) * (x2 - x1))
		for i := range x {
			x[i] = l0*p0.x[i] + l1*p1.x[i] + l2*p2.x[i]
		}
	}
}

// accept records x at λ as the newest path point.
func (s *Solver) accept(lambda float64, x []float64) {
	var buf []float64
	if len(s.hist) == 3 {
		buf = s.hist[0].x
		s.hist = s.hist[1:]
	}
	if len(buf) != len(x) {
		buf = make([]float64, len(x))
	}
	copy(buf, x)
	s.hist = append(s.hist, pathPoint{lambda, buf})
	s.lam = lambda
	copy(s.x, x)
}

// errBroken refuses a solver an interrupted call left half-way.
var errBroken = errors.New("spot QRE: the solver was interrupted; make a new one")

// errStopped ends advance when onPoint asks to stop.
var errStopped = errors.New("stopped")

// The ladder (see the package documentation, Method): rungs of λ. The
// first, from uniform play, is Anderson acceleration of the response map
// from x = 0 until the reach-weighted residual is below Params.HandOver,
// then the Newton corrector. Each later rung is one of two kinds:
//
//   - Newton first: the predictor, then the Newton corrector giving up
//     early (as the continuation's); if it fails, Anderson from the
//     predictor rescues the rung, then Newton without the early give-ups.
//   - Anderson first: Anderson from the predictor, then Newton.
//
// Each kind keeps its own rung length (Newton first grows by rungGrow after
// an easy rung, Anderson first doubles after an easy rung; both halve
// after a failure) and its measured cost per unit of progress (evaluations
// plus products per Δ ln λ, failed tries included); the next rung is of the
// cheaper kind (Anderson first only with Params.AndersonFirst). Rungs that
// fail maxRungFails times in a row hand over to the continuation up to the
// failed rung's λ.
const (
	// maxRungRel bounds a rung to this share of λ (a doubling).
	maxRungRel = 1.0
	// handWarm: Anderson hands over to Newton at this reach-weighted
	// residual on the rungs after the first (from a predictor; the first
	// rung's is Params.HandOver): from a warm start 10⁻² and 10⁻¹ failed
	// at larger λ, 10⁻⁴ did not.
	handWarm = 1e-4
	// handSlack: Newton also takes over from Anderson's best point when
	// Anderson ran out of evaluations within this factor of the hand-over.
	handSlack = 10
	// alphaCold and alphaWarm: Anderson's mixing (the damping of the
	// underlying iteration): 0.1 solves λ = 10 from x = 0 on the
	// full-range turn spot; from a rung at λ ≥ 10, 0.1 made no progress
	// and 0.01 did.
	alphaCold = 0.1
	alphaWarm = 0.01
	// rungProducts bounds the Newton corrector's products after Anderson,
	// newtonFirstProducts those of a Newton-first try.
	rungProducts        = 1500
	newtonFirstProducts = 250
	rungIts             = 20
	maxRungFails        = 2
	minRungRel          = 0.02
	rungGrow            = 1.1 // Newton first, after ≤ growIts iterations
	rungGrowAnderson    = 2   // Anderson first, after ≤ RungEvaluations/2 evaluations
	// costDecay: the weight of a kind's earlier rungs in its cost per
	// progress at each new rung of that kind (the costs change with λ).
	costDecay = 0.5
	// The first rungs after the cold one, as shares of its λ.
	firstNewton   = 0.1
	firstAnderson = 1.0
)

// ladder is the ladder's state (reset at λ = 0, saved with Auto's
// snapshots).
type ladder struct {
	rungN, rungA float64 // the next rung of each kind
	// work (evaluations + products) and progress (Δ ln λ) of each kind
	costN, progN, costA, progA float64
	// lastAFailed: the last Anderson-first rung failed (the next tries
	// Newton first)
	lastAFailed bool
	// contTo: the continuation, not the ladder, goes on to this λ (after
	// failed rungs).
	contTo float64
	fails  int // rungs failed in a row
}

// rescuePays says whether Anderson should rescue a failed Newton-first
// rung: when it has not been tried, or when its work per Δ ln λ (failed
// rescues included) is below the Newton-first rungs'. On the river spot at
// λ > 250 rescues fail after 300 evaluations each (Anderson makes no
// progress there): without this test they cost the extension of spot
// compare 2,217 evaluations where the continuation's halving needed 292.
func (l *ladder) rescuePays() bool {
	switch {
	case l.costA == 0:
		return true
	case l.progA == 0:
		return false
	case l.progN == 0:
		return true
	}
	return l.costA/l.progA < l.costN/l.progN
}

// andersonFirst says which kind the next rung is (on says Anderson-first
// rungs are allowed: Params.AndersonFirst).
func (l *ladder) andersonFirst(on bool) bool {
	switch {
	case !on || l.lastAFailed || l.progA == 0:
		return false
	case l.progN == 0:
		return true
	}
	return l.costA/l.progA < l.costN/l.progN
}

// work counts evaluations and products (each about two tree passes).
func (s *Solver) work() float64 { return float64(s.stats.Evaluations + s.products) }

// rung tries to reach a λ beyond the current point, solving it into x
// (advance accepts it); it returns the λ tried and whether it was reached.
func (s *Solver) rung(target float64, x []float64) (next float64, ok bool, err error) {
	L, par := &s.lad, &s.par
	prog := func(next float64) float64 { return math.Log(next / s.lam) }
	span := func(r float64) float64 {
		dl := min(r, maxRungRel*max(s.lam, par.FirstRung), target-s.lam)
		if rest := target - s.lam - dl; rest > 0 && rest < dl/4 {
			dl = target - s.lam
		}
		return dl
	}
	// The last rung goes straight to the tolerance (advance's final solve
	// then finds it met).
	tols := func(next float64) (float64, float64) {
		if next == target {
			return math.Inf(1), s.opt.Tolerance
		}
		return par.PathTolerance, par.PathMax
	}
	andersonThenNewton := func(next, alpha, hand float64, what string) (bool, int, error) {
		w0 := s.work()
		run := s.anderson(x, next, alpha, hand, math.Inf(1), par.RungEvaluations)
		// Out of evaluations but close (within handSlack of the hand-over):
		// Newton still tries — a failed rung costs more.
		if run.wm > handSlack*hand {
			if par.TraceRungs != nil {
				par.TraceRungs("rung %.4g → %.4g (%s): Anderson %d evaluations stopped at %.2g/%.2g: fail", s.lam, next, what, run.evals, run.wm, run.mx)
			}
			return false, run.evals, nil
		}
		p1 := s.products
		tolW, tolMax := tols(next)
		s.patient, s.rungLimit = true, s.products+rungProducts
		its, nmx, err := s.newton(x, next, tolW, tolMax, max(rungIts, finalIts))
		s.patient, s.rungLimit = false, 0
		if par.TraceRungs != nil {
			par.TraceRungs("rung %.4g → %.4g (%s): Anderson %d evaluations (%d restarts) to %.2g/%.2g, Newton %d its, %d products, largest %.2g, work %.0f, %v", s.lam, next, what, run.evals, run.restarts, run.wm, run.mx, its, s.products-p1, nmx, s.work()-w0, err)
		}
		if err != nil && err != errNoConvergence {
			return false, run.evals, err
		}
		return err == nil, run.evals, nil
	}
	if s.lam == 0 {
		next = s.lam + span(par.FirstRung)
		if par.WarmFirstRung {
			copy(x, s.x)
		} else {
			clear(x)
		}
		ok, _, err := andersonThenNewton(next, alphaCold, par.HandOver, "cold")
		if ok {
			L.rungN, L.rungA = firstNewton*next, firstAnderson*next
		} else {
			L.rungN, L.rungA = next/2, next/2
		}
		return next, ok, err
	}
	if L.rungN <= 0 {
		// The ladder takes over from a point it did not reach (Auto's
		// plain continuation): the continuation's step, Anderson's default.
		L.rungN, L.rungA = max(s.dl, minRungRel*s.lam), firstAnderson*s.lam
	}
	if err := s.backPoint(); err != nil {
		return s.lam, false, err
	}
	if !L.andersonFirst(par.AndersonFirst) {
		dl := span(L.rungN)
		next = s.lam + dl
		w0 := s.work()
		s.predict(next, x)
		s.rungLimit = s.products + newtonFirstProducts
		its, mx, err := s.newton(x, next, par.PathTolerance, par.PathMax, pathIts)
		s.rungLimit = 0
		if err == nil && next == target {
			its, mx, err = s.newton(x, next, math.Inf(1), s.opt.Tolerance, finalIts)
		}
		if err != nil && err != errNoConvergence {
			return next, false, err
		}
		L.costN = costDecay*L.costN + s.work() - w0
		L.progN *= costDecay
		L.lastAFailed = false // Anderson first may be tried again
		if par.TraceRungs != nil {
			par.TraceRungs("rung %.4g → %.4g (Newton first): %d its, work %.0f, largest %.2g, %v", s.lam, next, its, s.work()-w0, mx, err)
		}
		if err == nil {
			L.progN += prog(next)
			if its <= growIts {
				L.rungN = dl * rungGrow
			} else {
				L.rungN = dl
			}
			return next, true, nil
		}
		L.rungN = dl / 2
		if par.NoRescue || !L.rescuePays() {
			return next, false, nil
		}
		// Anderson rescues the rung.
		w1 := s.work()
		s.predict(next, x)
		ok, _, err := andersonThenNewton(next, alphaWarm, handWarm, "rescue")
		L.costA = costDecay*L.costA + s.work() - w1
		L.progA *= costDecay
		if ok {
			L.progA += prog(next)
			L.rungA = max(L.rungA, dl)
		}
		return next, ok, err
	}
	dl := span(L.rungA)
	next = s.lam + dl
	w0 := s.work()
	if par.AndersonFromLast {
		copy(x, s.x)
	} else {
		s.predict(next, x)
	}
	ok, evals, err := andersonThenNewton(next, alphaWarm, handWarm, "Anderson first")
	L.costA = costDecay*L.costA + s.work() - w0
	L.progA *= costDecay
	L.lastAFailed = !ok
	if ok {
		L.progA += prog(next)
		if evals <= par.RungEvaluations/2 {
			L.rungA = dl * rungGrowAnderson
		}
	} else {
		L.rungA = dl / 2
	}
	return next, ok, err
}

// backPoint: when the point before the current one is more than 10 % of
// λ below it (after the cold rung, or a λ of a list solved by it), the
// predictor would extrapolate from far away; a point at
// λ·(1 − Params.BackStep), solved by Newton from the current one, goes in
// just below it.
func (s *Solver) backPoint() error {
	h, par := s.hist, &s.par
	if par.BackStep <= 0 || len(h) < 2 || h[len(h)-2].lambda >= 0.9*s.lam {
		return nil
	}
	lb := s.lam * (1 - par.BackStep)
	xb := slices.Clone(s.x)
	if _, _, err := s.newton(xb, lb, par.PathTolerance, par.PathMax, pathIts); err != nil {
		if err == errNoConvergence {
			return nil
		}
		return err
	}
	// Insert (lb, xb) before the newest point, keeping three.
	last := h[len(h)-1]
	if len(h) == 3 {
		h = h[1:]
	}
	h[len(h)-1] = pathPoint{lb, xb}
	s.hist = append(h, last)
	return nil
}

// advance follows the path from the current point to target (≥ the
// current λ), calling onPoint at every accepted point (which may fill in
// the exploitability, and stops the walk by returning true: advance then
// returns errStopped at that point, not solved to the tolerance), and
// solves target to the tolerance. The path's points are the ladder's rungs,
// and the continuation's steps where rungs failed.
func (s *Solver) advance(target float64, start time.Time, onPoint func(*PathPoint) bool) error {
	s.newtonInit()
	if target < s.lam || s.foAt || s.hist[len(s.hist)-1].x == nil {
		// (from a first-order point the path's history is not kept)
		s.reset()
	}
	// x is the solver's (a large vector, allocated once: bigSlice's arena
	// never hands a block out twice), zeroed as a new one would be.
	if len(s.xa) != s.n1 {
		s.xa = bigSlice[float64](s.ar, s.n1)
	}
	x := s.xa
	clear(x)
	for s.lam < target {
		var next float64
		if s.lam < s.lad.contTo || s.par.Continuation || s.plain {
			// A continuation step (the ladder's fallback).
			goal := min(target, s.lad.contTo)
			if s.par.Continuation || s.plain {
				goal = target
			}
			dl := min(s.dl, maxRelStep*max(s.lam, 2), goal-s.lam)
			if rest := goal - s.lam - dl; rest > 0 && rest < dl/4 {
				dl = goal - s.lam
			}
			next = s.lam + dl
			s.predict(next, x)
			its, mx, err := s.newton(x, next, s.par.PathTolerance, s.par.PathMax, pathIts)
			if err != nil {
				if err != errNoConvergence {
					return err
				}
				s.stats.Rejected++
				s.dl = dl / 2
				if s.dl < minRelStep*max(1, s.lam) {
					return fmt.Errorf("spot QRE: the path stalls at λ = %.6g on the way to λ = %g (no step of the continuation converges; the last try, λ = %.6g, stopped at the largest residual %.3g, the path needs %g)", s.lam, target, next, mx, s.par.PathMax)
				}
				continue
			}
			if its <= growIts {
				s.dl = dl * stepGrow
			} else {
				s.dl = dl
			}
		} else {
			var ok bool
			var err error
			next, ok, err = s.rung(target, x)
			if err != nil {
				return err
			}
			if !(next > s.lam) {
				return fmt.Errorf("spot QRE: internal error: a rung of length %g at λ = %g", next-s.lam, s.lam)
			}
			L := &s.lad
			if !ok {
				s.stats.Rejected++
				L.fails++
				if L.fails >= maxRungFails || max(L.rungN, L.rungA) < minRungRel*max(s.lam, 1) {
					// The continuation takes over to the failed rung's λ.
					L.contTo, L.fails = next, 0
					L.rungN = max(L.rungN, minRungRel*max(s.lam, 1))
					s.dl = min(s.dl, L.rungN)
					if s.par.TraceRungs != nil {
						s.par.TraceRungs("continuation %.4g → %.4g", s.lam, next)
					}
				}
				continue
			}
			L.fails = 0
		}
		s.stats.Steps++
		s.accept(next, x)
		pt := PathPoint{Lambda: next, Residual: s.lastW, Exploitability: math.NaN(), Percent: math.NaN(), Seconds: time.Since(start).Seconds()}
		stop := onPoint != nil && onPoint(&pt)
		if s.opt.Progress != nil {
			s.opt.Progress(pt)
		}
		if stop {
			return errStopped
		}
	}
	copy(x, s.x)
	if _, res, err := s.newton(x, target, math.Inf(1), s.opt.Tolerance, finalIts); err != nil {
		if err == errNoConvergence {
			return fmt.Errorf("spot QRE: at λ = %g the residual is %.3g after %d Newton iterations, above the tolerance %g", target, res, finalIts, s.opt.Tolerance)
		}
		return err
	}
	s.hist[len(s.hist)-1].x = append(s.hist[len(s.hist)-1].x[:0], x...)
	copy(s.x, x)
	return nil
}

// Solve returns the QRE at each λ (any order; they are solved in increasing
// order along one path from λ = 0, or from the solver's current point when
// the smallest is beyond it). Each is solved to the tolerance.
func (s *Solver) Solve(lambdas []float64) (out []*Result, err error) {
	if s.broken {
		return nil, errBroken
	}
	defer recoverInterrupt(&err)
	for _, l := range lambdas {
		if err := CheckLambda(l); err != nil {
			return nil, err
		}
	}
	order := slices.Clone(lambdas)
	slices.Sort(order)
	start := time.Now()
	s.products = 0
	byLambda := map[float64]*Result{}
	for _, l := range order {
		if r, ok := byLambda[l]; ok {
			_ = r
			continue
		}
		r, err := s.at(l, start)
		if err != nil {
			return nil, err
		}
		byLambda[l] = r
	}
	out = make([]*Result, len(lambdas))
	for i, l := range lambdas {
		out[i] = byLambda[l]
	}
	return out, nil
}

// at solves λ (continuing the path) and measures the result.
func (s *Solver) at(lambda float64, start time.Time) (*Result, error) {
	t0 := time.Now()
	switch {
	case lambda == 0:
		s.reset()
	case s.opt.Method == MethodFirstOrder || s.opt.Method == MethodDefault && !s.foFailed && (s.lam == 0 || s.foAt):
		// (by default from uniform play or a first-order point; from a
		// point of the Newton continuation, Auto's, the continuation goes
		// on)
		err := s.foAdvance(lambda)
		if err == nil {
			break
		}
		if s.opt.Method == MethodFirstOrder {
			return nil, err
		}
		// The fallback: the Newton continuation, from λ = 0.
		s.foFailed = true
		if err := s.advance(lambda, start, nil); err != nil {
			return nil, err
		}
	default:
		if err := s.advance(lambda, start, nil); err != nil {
			return nil, err
		}
	}
	s.stats.Seconds += time.Since(t0).Seconds()
	return s.result(), nil
}

// setStrategy puts the strategy of the current point in s.σ: IP's logit of
// its action values, OOP's exact response.
func (s *Solver) setStrategy() {
	s.eval(s.x, s.lam, nil, nil, nil)
}

// result measures the current point.
func (s *Solver) result() *Result {
	s.setStrategy()
	r := &Result{Lambda: s.lam, Stats: s.stats}
	r.Residual, r.LogitRegret = s.criterion()
	r.Evaluation = s.evaluate()
	// The strategy is the solver's own, handed over: the solver takes a
	// fresh array, which costs no memory until a later solve writes it
	// (every evaluation writes σ whole).
	r.Sigma = s.σ
	s.setSigma(bigOwn[float64](len(s.σ)))
	return r
}

// setSigma makes σ the exact evaluator's strategy array.
func (s *Solver) setSigma(σ []float64) {
	s.σ, s.w.σ = σ, σ
	s.σAtSig1 = false
	s.foViews()
}

// criterion computes, with both players' action values under s.σ, the
// largest residual over reached information sets and the expected logit
// regret (each node seen in the walk, critVisit: no action values kept).
func (s *Solver) criterion() (res, regret float64) {
	w := s.w
	c := &critVisit{combos: s.g.Combos, scale: s.lam / s.pot, lam: s.lam}
	q := w.q
	w.q, w.reachI, w.visit = nil, nil, c
	for p := range 2 {
		w.pass(p, modeQ)
	}
	w.q, w.visit = q, nil
	return c.res, c.regret
}

// critVisit is criterion's view of the traverser's nodes.
type critVisit struct {
	combos, scale, lam float64
	res, regret        float64
}

func (c *critVisit) node(i int32, q, σ, own, m []float64) {
	k, nh := len(q)/len(m), len(m)
	for h := range nh {
		r := own[h] * m[h] / c.combos
		if r <= 0 || math.IsNaN(q[h]) {
			continue
		}
		best, sum := expSum(q, k, nh, h, c.scale)
		lse := math.Log(sum)
		var kl float64
		for a := range k {
			ls := (q[a*nh+h]-best)*c.scale - lse // ln softmax
			sa := σ[a*nh+h]
			c.res = max(c.res, math.Abs(math.Exp(ls)-sa))
			if sa > 0 {
				kl += sa * (math.Log(sa) - ls)
			}
		}
		if c.lam > 0 {
			c.regret += r * max(kl, 0) / c.scale
		}
	}
}

// evaluate computes the values, best responses and exploitability of s.σ in
// float64 (four passes), as spot.Evaluate does.
func (s *Solver) evaluate() spot.Evaluation {
	var e spot.Evaluation
	w := s.w
	for p := range 2 {
		e.Values[p] = w.pass(p, modeQ)
		e.BestResponse[p] = w.pass(p, modeBR)
	}
	e.Exploitability = ((e.BestResponse[0] - e.Values[0]) + (e.BestResponse[1] - e.Values[1])) / 2
	e.Percent = 100 * e.Exploitability / s.pot
	return e
}

// Auto is the result of a search for λ*: where the QRE's exploitability
// falls to a fraction of the pot.
type Auto struct {
	Fraction float64 // of the starting pot (0.001: 0.1 %)
	Target   float64 // chips
	// Lambda is λ*, found by following the path until the exploitability
	// is below the target, then by secant steps in log λ – log
	// exploitability (where it falls like c/λ) until the exploitability at
	// λ* is within 0.5 % of the target.
	Lambda float64
	Result *Result
	// Path is every accepted point of the path up to the crossing, with its
	// exploitability, then the points of the search.
	Path []PathPoint
}

// autoRel is the relative accuracy of the exploitability at λ*.
const autoRel = 0.005

// Auto follows the path from λ = 0 and returns the QRE at λ*, the λ at
// which its exploitability is fraction × pot (the first crossing), with
// the exploitability of every accepted point on the way.
func (s *Solver) Auto(fraction float64) (a *Auto, err error) {
	if s.broken {
		return nil, errBroken
	}
	defer recoverInterrupt(&err)
	if !(fraction > 0 && fraction < 1) {
		return nil, fmt.Errorf("exploitability fraction %v: want a number between 0 and 1 (0.001 is 0.1 %% of the pot)", fraction)
	}
	start := time.Now()
	s.products = 0
	if s.opt.Method == MethodFirstOrder {
		// (not by default: on the river spot the first-order path took
		// twice the continuation's time, and on the full-range turn
		// neither reaches λ* in minutes; docs/benchmarks.md)
		return s.foAuto(fraction, start)
	}
	s.newtonInit()
	s.reset()
	// The search follows the plain continuation: on the narrow turn spot
	// the ladder's rungs cost 12 % more CPU to λ*, and λ* is beyond the
	// first rung on every spot tried.
	s.plain = true
	defer func() { s.plain = false }()
	a = &Auto{Fraction: fraction, Target: fraction * s.pot}
	measure := func(p *PathPoint) {
		s.setStrategy()
		e := s.evaluate()
		p.Exploitability, p.Percent = e.Exploitability, e.Percent
	}
	// The uniform strategy (λ = 0) opens the path.
	p0 := PathPoint{Lambda: 0, Exploitability: math.NaN()}
	measure(&p0)
	a.Path = append(a.Path, p0)
	if p0.Exploitability <= a.Target {
		return nil, fmt.Errorf("uniform play is already within %g%% of the pot", 100*fraction)
	}
	// below is the last point above the target, with the path state there.
	type snapshot struct {
		lam, dl float64
		lad     ladder
		hist    []pathPoint
		pt      PathPoint
	}
	save := func(pt PathPoint) snapshot {
		h := make([]pathPoint, len(s.hist))
		for i, q := range s.hist {
			h[i] = pathPoint{q.lambda, slices.Clone(q.x)}
		}
		return snapshot{s.lam, s.dl, s.lad, h, pt}
	}
	restore := func(sn snapshot) {
		s.lam, s.dl, s.lad = sn.lam, sn.dl, sn.lad
		s.hist = s.hist[:0]
		for _, q := range sn.hist {
			s.hist = append(s.hist, pathPoint{q.lambda, slices.Clone(q.x)})
		}
		copy(s.x, s.hist[len(s.hist)-1].x)
	}
	below := save(p0)
	var above PathPoint
	err = s.advance(MaxLambda, start, func(p *PathPoint) bool {
		measure(p)
		a.Path = append(a.Path, *p)
		if p.Exploitability > a.Target {
			below = save(*p)
			return false
		}
		above = *p
		return true
	})
	if err == nil {
		return nil, fmt.Errorf("the exploitability is still %.3g%% of the pot at λ = %g", a.Path[len(a.Path)-1].Percent, MaxLambda)
	}
	if err != errStopped {
		return nil, err
	}
	lo, hi := below.pt, above
	for range 8 {
		// Secant in log λ – log exploitability between the bracket's ends
		// (geometric midpoint when the low end is λ = 0).
		var next float64
		if lo.Lambda == 0 {
			next = hi.Lambda / 2
		} else {
			t := math.Log(lo.Exploitability/a.Target) / math.Log(lo.Exploitability/hi.Exploitability)
			next = lo.Lambda * math.Pow(hi.Lambda/lo.Lambda, t)
		}
		restore(below)
		if err := s.advance(next, start, nil); err != nil {
			return nil, err
		}
		r := s.result()
		pt := PathPoint{Lambda: next, Residual: r.Residual, Exploitability: r.Evaluation.Exploitability, Percent: r.Evaluation.Percent, Seconds: time.Since(start).Seconds()}
		a.Path = append(a.Path, pt)
		if math.Abs(pt.Exploitability/a.Target-1) <= autoRel {
			a.Lambda, a.Result = next, r
			s.stats.Seconds += time.Since(start).Seconds()
			a.Result.Stats = s.stats
			return a, nil
		}
		if pt.Exploitability > a.Target {
			lo, below = pt, save(pt)
		} else {
			hi = pt
		}
	}
	return nil, fmt.Errorf("λ* not found to %g%% within the bracket [%g, %g]", 100*autoRel, lo.Lambda, hi.Lambda)
}

// Stats returns the work done since the solver was made.
func (s *Solver) Stats() Stats { return s.stats }
