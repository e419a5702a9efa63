package qre

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"pokerlab/br"
	"pokerlab/efg"
)

// Options configures Trace. The zero value traces the principal branch from
// λ = 0 until the maximum regret falls to 1e-8.
type Options struct {
	// Lambdas are values of λ at which the QRE is wanted exactly: the path
	// lands on each of them (Newton's method at fixed λ from the path's
	// secant). Where the branch crosses a value more than once (it can turn
	// back in λ) every crossing is returned. With Lambdas set the trace
	// stops after the largest one, and only the landed points (plus the
	// final point) are kept in Path.Points unless KeepPath is set.
	Lambdas []float64
	// MaxRegret stops the path at the first point whose maximum regret —
	// the largest gain any player gets from a best response, in payoff
	// units — is at most MaxRegret. 0 means 1e-8 when Lambdas is empty and
	// no regret criterion when it is not; a negative value disables it.
	MaxRegret float64
	// MaxLambda stops the path where λ first reaches MaxLambda (landing on
	// it exactly); 0 means no limit.
	MaxLambda float64
	// MaxSteps bounds the number of accepted steps; 0 means 100000.
	MaxSteps int
	// Step is the first arclength step; 0 means 0.05.
	Step float64
	// KeepPath keeps every accepted point of the path in Path.Points even
	// when Lambdas is set.
	KeepPath bool
	// OnPoint, if not nil, is called with every point as it is found (the
	// point's slices are reused afterwards; copy what you keep). An error
	// stops the trace and is returned.
	OnPoint func(p *Point) error
}

// Point is one agent QRE on the path.
type Point struct {
	Lambda float64
	// Profile is the behaviour profile σ (indexed by global action) and
	// LogProfile its logarithm (exact where σ underflows to 0).
	Profile, LogProfile []float64
	// MaxRegret is the largest gain of any player from a best response.
	MaxRegret float64
	// Arclength is the distance travelled along the path in the tracer's
	// coordinates (log-odds and λ).
	Arclength float64
	// Requested marks a point landed on one of Options.Lambdas.
	Requested bool
}

// Stats describes the work of a trace.
type Stats struct {
	Steps, Rejected      int // accepted and rejected predictor steps
	Corrections          int // Newton corrector iterations
	Factorizations       int // dense LU factorisations
	KrylovIterations     int // GMRES iterations
	Unknowns             int // free log-odds (m); the systems are m+1
	Rebases              int // changes of reference actions
	Elapsed              time.Duration
	FinalLambda          float64
	FinalMaxRegret       float64
	StoppedByRegret      bool
	StoppedByLambdaLimit bool
}

// Path is the result of Trace.
type Path struct {
	Points []Point
	Stats  Stats
}

// Trace follows the principal branch of the agent logit QRE correspondence of
// t from the centroid at λ = 0 (every action equally likely), by
// predictor–corrector continuation in the log-odds of the actions and λ:
//
//   - the curve H(w, λ) = 0 (see system) is followed by arclength: an Euler
//     predictor along the unit tangent, whose orientation is fixed by the
//     previous tangent (the bordered system [H'; t_prevᵀ] τ = e), so the
//     path passes turning points, where λ decreases for a while;
//   - the corrector is Newton's method in the hyperplane orthogonal to the
//     tangent, with the analytic Jacobian (system.jacobian);
//   - the step adapts to the corrector's first distance, its contraction and
//     the angle between successive tangents (Allgower & Georg,
//     "Introduction to Numerical Continuation Methods", §6.1), shrinking on
//     failure and at most doubling on success;
//   - requested λ values are landed on exactly by Newton's method at fixed λ.
//
// The trace stops on the max-regret criterion, at MaxLambda, after the
// largest requested λ, or fails with an error that says where and why.
func Trace(t *efg.Tree, opt Options) (*Path, error) {
	start := time.Now()
	tr, err := newTracer(t, opt)
	if err != nil {
		return nil, err
	}
	err = tr.run()
	tr.path.Stats.Elapsed = time.Since(start)
	tr.path.Stats.Factorizations = tr.ls.factorizations
	tr.path.Stats.KrylovIterations = tr.ls.iterations
	if err != nil {
		return tr.path, err
	}
	return tr.path, nil
}

// ErrStalled is returned (wrapped, with where and why) when the corrector
// fails even with a minimal step. Trace then also returns the path up to
// the last accepted point.
var ErrStalled = errors.New("qre: the path stalled")

// Solve returns the agent QRE at λ on the principal branch (the first
// crossing of λ when the branch turns back).
func Solve(t *efg.Tree, lambda float64) (*Point, error) {
	p, err := Trace(t, Options{Lambdas: []float64{lambda}})
	if err != nil {
		return nil, err
	}
	for i := range p.Points {
		if p.Points[i].Requested {
			return &p.Points[i], nil
		}
	}
	return nil, fmt.Errorf("qre: the trace ended before λ = %v", lambda)
}

// Step-size control (Allgower & Georg §6.1): nominal first corrector
// distance, contraction rate and tangent angle; a step whose deceleration
// factor exceeds maxFactor is repeated with a smaller step.
const (
	nominalDistance    = 0.1
	nominalContraction = 0.2
	nominalAngle       = 0.15
	maxFactor          = 2.5
	maxCorrections     = 8
)

type tracer struct {
	t    *efg.Tree
	opt  Options
	s    *system
	ls   *linSolver
	ev   *br.Evaluator
	path *Path

	m       int
	targets []float64 // sorted requested λ (including MaxLambda)
	isReq   []bool
	next    int // first target not yet passed on the way up
	keepAll bool

	x, xOld, y, tan, tanNew, d, rhs []float64
	vals                            []float64
	arclength                       float64
	payoffScale                     float64 // PayoffScale(t)
}

func newTracer(t *efg.Tree, opt Options) (*tracer, error) {
	for i, l := range opt.Lambdas {
		if !(l >= 0) || math.IsInf(l, 0) {
			return nil, fmt.Errorf("qre: requested λ[%d] = %v: λ must be a finite number ≥ 0", i, l)
		}
	}
	if math.IsNaN(opt.MaxLambda) || opt.MaxLambda < 0 {
		return nil, fmt.Errorf("qre: maximum λ %v: it must be ≥ 0 (0 means no limit)", opt.MaxLambda)
	}
	if math.IsNaN(opt.MaxRegret) {
		return nil, fmt.Errorf("qre: maximum regret is NaN")
	}
	if opt.Step < 0 || math.IsNaN(opt.Step) {
		return nil, fmt.Errorf("qre: initial step %v: it must be positive (0 means the default)", opt.Step)
	}
	s, err := newSystem(t)
	if err != nil {
		return nil, err
	}
	if opt.MaxRegret == 0 && len(opt.Lambdas) == 0 {
		opt.MaxRegret = 1e-8
	}
	if opt.MaxSteps == 0 {
		opt.MaxSteps = 100000
	}
	if opt.Step == 0 {
		opt.Step = 0.05
	}
	m := s.m
	tr := &tracer{
		t: t, opt: opt, s: s, m: m,
		ls:      newLinSolver(s.rowPtr, s.colIdx),
		ev:      br.NewEvaluator(t),
		path:    &Path{Stats: Stats{Unknowns: m}},
		keepAll: len(opt.Lambdas) == 0 || opt.KeepPath,
		x:       make([]float64, m+1), xOld: make([]float64, m+1), y: make([]float64, m+1),
		tan: make([]float64, m+1), tanNew: make([]float64, m+1),
		d: make([]float64, m+1), rhs: make([]float64, m+1),
		vals: make([]float64, t.NumPlayers()),
	}
	tr.payoffScale = PayoffScale(t)
	type target struct {
		l   float64
		req bool
	}
	var ts []target
	for _, l := range opt.Lambdas {
		ts = append(ts, target{l, true})
	}
	if opt.MaxLambda > 0 {
		ts = append(ts, target{opt.MaxLambda, false})
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].l < ts[j].l })
	for i, tg := range ts {
		if i > 0 && tg.l == tr.targets[len(tr.targets)-1] {
			tr.isReq[len(tr.isReq)-1] = tr.isReq[len(tr.isReq)-1] || tg.req
			continue
		}
		tr.targets = append(tr.targets, tg.l)
		tr.isReq = append(tr.isReq, tg.req)
	}
	return tr, nil
}

// stopLambda is the λ after which the trace ends (∞ if none).
func (tr *tracer) stopLambda() float64 {
	if len(tr.opt.Lambdas) > 0 || tr.opt.MaxLambda > 0 {
		return tr.targets[len(tr.targets)-1]
	}
	return math.Inf(1)
}

func (tr *tracer) run() error {
	m := tr.m
	s, ls := tr.s, tr.ls
	st := &tr.path.Stats

	// λ = 0: the centroid; tangent from [H'; e_λᵀ] τ = e_λ.
	s.evaluate(tr.x)
	for len(tr.targets) > tr.next && tr.targets[tr.next] == 0 {
		if err := tr.emit(tr.x, tr.isReq[tr.next], true); err != nil {
			return err
		}
		tr.next++
	}
	if tr.next == 0 { // (a target at λ = 0 was already emitted)
		if err := tr.emit(tr.x, false, false); err != nil {
			return err
		}
	}
	if tr.done(tr.x) {
		return nil
	}
	s.jacobian(ls.vals)
	tr.setLastRow(nil)
	ls.changed()
	for i := range tr.rhs {
		tr.rhs[i] = 0
	}
	tr.rhs[m] = 1
	if !ls.solve(tr.tan, tr.rhs, 1e-12) {
		return fmt.Errorf("qre: the Jacobian at λ = 0 is singular (game %q)", tr.t.Title)
	}
	normalize(tr.tan)

	h := tr.opt.Step
	hMin := 1e-12
	for st.Steps < tr.opt.MaxSteps {
		if h < hMin*(1+tr.arclength) {
			return fmt.Errorf("%w at λ = %.6g (max regret %.3g, arclength %.6g, after %d steps): the corrector failed even with step %.3g. "+
				"Either the branch bifurcates here, or, at large λ, the equations have become too ill-conditioned for double precision "+
				"(directions along a set of equilibria are pinned down only by effects of order 1/λ); stop earlier with a larger maximum regret or a maximum λ",
				ErrStalled, s.lambdaOf(tr.x), st.FinalMaxRegret, tr.arclength, st.Steps, h)
		}
		for i := range tr.y {
			tr.y[i] = tr.x[i] + h*tr.tan[i]
		}
		dist, kappa, ok := tr.correct(tr.y, tr.tan, 1e-10)
		if !ok {
			st.Rejected++
			h /= 2
			continue
		}
		// New tangent at y from the last corrector matrix (orientation: its
		// product with the old tangent is 1 > 0).
		for i := range tr.rhs {
			tr.rhs[i] = 0
		}
		tr.rhs[m] = 1
		if !ls.solve(tr.tanNew, tr.rhs, 1e-12) {
			st.Rejected++
			h /= 2
			continue
		}
		normalize(tr.tanNew)
		cos := dot(tr.tan, tr.tanNew)
		angle := math.Acos(math.Max(-1, math.Min(1, cos)))
		f := math.Max(math.Sqrt(dist/nominalDistance), math.Max(math.Sqrt(kappa/nominalContraction), angle/nominalAngle))
		if f > maxFactor && h > 2*hMin*(1+tr.arclength) {
			st.Rejected++
			h /= math.Min(f, 4)
			continue
		}
		// Accept.
		st.Steps++
		copy(tr.xOld, tr.x)
		tr.arclength += distance(tr.x, tr.y)
		copy(tr.x, tr.y)
		copy(tr.tan, tr.tanNew)
		h /= math.Max(f, 0.5)

		if err := tr.land(); err != nil {
			return err
		}
		s.evaluate(tr.x)
		if tr.x[m] >= tr.stopLambda() {
			// The step passed the last target, which was landed on: the
			// path ends there, not at the overshoot.
			st.StoppedByLambdaLimit = true
			st.FinalLambda = tr.stopLambda()
			if n := len(tr.path.Points); n > 0 {
				st.FinalMaxRegret = tr.path.Points[n-1].MaxRegret
			}
			return nil
		}
		if tr.keepAll {
			if err := tr.emit(tr.x, false, false); err != nil {
				return err
			}
		}
		if tr.done(tr.x) {
			return nil
		}
		if s.rebase(tr.x, tr.tan) {
			st.Rebases++
			ls.invalidate()
			s.evaluate(tr.x)
		}
	}
	return fmt.Errorf("qre: %d steps reached only λ = %.6g (max regret %.3g): raise the step limit", st.Steps, s.lambdaOf(tr.x), st.FinalMaxRegret)
}

func (s *system) lambdaOf(x []float64) float64 { return x[s.m] }

// PayoffScale is the unit of t's payoffs: the largest |u − Sum/players|
// over the terminals' payoffs (1 if every payoff is the even split). The
// QRE at λ of the game with payoffs times c is the QRE at cλ of the
// original and its regrets are c times larger, so a maximum regret given
// as a multiple of PayoffScale selects the same point of the path in any
// unit; the tracer's noise floor is in these units too.
func PayoffScale(t *efg.Tree) float64 {
	u := 0.0
	for _, x := range t.Payoff {
		u = math.Max(u, math.Abs(x-t.Sum/float64(t.NumPlayers())))
	}
	if u == 0 {
		return 1
	}
	return u
}

func distance(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d += (a[i] - b[i]) * (a[i] - b[i])
	}
	return math.Sqrt(d)
}

// setLastRow sets the border row of the linear solver's matrix to row
// (nil: e_λ).
func (tr *tracer) setLastRow(row []float64) {
	m := tr.m
	last := tr.ls.border
	if row == nil {
		for i := range last {
			last[i] = 0
		}
		last[m] = 1
		return
	}
	copy(last, row)
}

// correct runs Newton's method on H(y) = 0 within the hyperplane through y
// orthogonal to tan (tan = nil: at fixed λ). It returns the first step's
// length and the contraction rate ‖Δ₂‖/‖Δ₁‖, and whether it converged
// (step ≤ tol relative to max(1, |y_i|), componentwise).
func (tr *tracer) correct(y, tan []float64, tol float64) (dist, kappa float64, ok bool) {
	m := tr.m
	prev := 0.0
	linTol := 1e-6
	for it := 0; it < maxCorrections; it++ {
		if !tr.newtonStep(y, tan, linTol) {
			return dist, kappa, false
		}
		// Sizes are measured relative to max(1, |y_i|): the log-odds of
		// actions that have become improbable grow like λ times their regret
		// and are only known to that relative precision (they move with the
		// λ-multiplied conditional values), while their probabilities are
		// zero to double precision anyway.
		size, scaled, conv := 0.0, 0.0, true
		for i := range y {
			y[i] += tr.d[i]
			a := math.Abs(tr.d[i])
			size = math.Max(size, a)
			w := math.Max(1, math.Abs(y[i]))
			scaled += (a / w) * (a / w)
			if a > math.Max(tol*w, tr.noiseFloor(y[m], y[i])) {
				conv = false
			}
		}
		scaled = math.Sqrt(scaled)
		if y[m] < 0 || !allFinite(y) {
			return dist, kappa, false
		}
		switch it {
		case 0:
			dist = scaled
			if dist > maxFactor*maxFactor*nominalDistance {
				return dist, kappa, false
			}
		case 1:
			kappa = scaled / dist
		}
		if conv {
			return dist, kappa, true
		}
		if (it == 1 && kappa > 0.5) || (it > 1 && size > prev) {
			return dist, kappa, false
		}
		prev = size
		linTol = math.Max(1e-12, math.Min(1e-6, size*1e-3))
	}
	return dist, kappa, false
}

// land solves at every target λ crossed by the last step, between xOld and
// x, in the order of the step.
func (tr *tracer) land() error {
	l0, l1 := tr.xOld[tr.m], tr.x[tr.m]
	if l1 > l0 {
		for tr.next < len(tr.targets) && tr.targets[tr.next] <= l1 {
			if err := tr.landAt(tr.targets[tr.next], l0, l1, tr.isReq[tr.next]); err != nil {
				return err
			}
			tr.next++
		}
		return nil
	}
	// The branch turned back: land on the targets crossed downwards.
	for k := tr.next - 1; k >= 0 && tr.targets[k] >= l1; k-- {
		if tr.targets[k] < l0 && tr.isReq[k] {
			if err := tr.landAt(tr.targets[k], l0, l1, true); err != nil {
				return err
			}
		}
	}
	// Targets passed on the way up count again when the branch climbs past
	// them later.
	for tr.next > 0 && tr.targets[tr.next-1] > l1 {
		tr.next--
	}
	return nil
}

func (tr *tracer) landAt(target, l0, l1 float64, requested bool) error {
	theta := 1.0
	if l1 != l0 {
		theta = (target - l0) / (l1 - l0)
	}
	y := tr.y
	for i := range y {
		y[i] = tr.xOld[i] + theta*(tr.x[i]-tr.xOld[i])
	}
	y[tr.m] = target
	if _, _, ok := tr.correctFixed(y); !ok {
		return fmt.Errorf("qre: Newton's method at λ = %v did not converge (path between λ = %.6g and %.6g)", target, l0, l1)
	}
	s := tr.s
	s.evaluate(y)
	return tr.emit(y, requested, true)
}

// newtonStep evaluates the equations and the Jacobian at y and solves
// [H'(y); borderᵀ] d = [−H(y); 0] into tr.d (border nil: e_λ, fixed λ),
// to relative residual linTol. It reports false on non-finite values or a
// singular system.
func (tr *tracer) newtonStep(y, border []float64, linTol float64) bool {
	s, ls := tr.s, tr.ls
	m := tr.m
	tr.path.Stats.Corrections++
	s.evaluate(y)
	if !allFinite(s.H) {
		return false
	}
	s.jacobian(ls.vals)
	tr.setLastRow(border)
	ls.changed()
	for i := 0; i < m; i++ {
		tr.rhs[i] = -s.H[i]
	}
	tr.rhs[m] = 0
	return ls.solve(tr.d, tr.rhs, linTol)
}

// correctFixed is Newton's method at fixed λ to full precision.
func (tr *tracer) correctFixed(y []float64) (int, float64, bool) {
	m := tr.m
	prev := math.Inf(1)
	for it := 0; it < 40; it++ {
		if !tr.newtonStep(y, nil, 1e-13) {
			return it, 0, false
		}
		size, conv := 0.0, true
		for i := 0; i < m; i++ {
			y[i] += tr.d[i]
			a := math.Abs(tr.d[i])
			w := math.Max(1, math.Abs(y[i]))
			size = math.Max(size, a/w)
			if a > math.Max(1e-13*w, tr.noiseFloor(y[m], y[i])) {
				conv = false
			}
		}
		// Converged, or stalled at the rounding level (relative steps no
		// longer shrink and are tiny).
		if conv || (it >= 3 && size >= prev/2 && size < 1e-9) {
			return it, size, true
		}
		prev = size
	}
	return 40, prev, false
}

// noiseFloor is the level below which a Newton step in the log-odds y at λ
// means nothing. The equations subtract λ-multiples of conditional values,
// each known to a few units of roundoff times the payoff scale U; the
// log-odds of improbable actions grow like λ times their regret and move
// with the values of the rest of the tree, which beliefs at information sets
// reached only through improbable actions amplify by up to λ again. The
// floor, 10⁻¹² (1+λ) max(U, |y|), is 10⁻⁸ for Kuhn's mixed actions at
// λ = 10⁴ and never limits the accuracy of a converging Newton iteration
// (its last step is far below it); it only keeps the corrector from
// rejecting steps that are already at the rounding level (Leduc beyond
// λ ≈ 10⁴).
func (tr *tracer) noiseFloor(lambda, y float64) float64 {
	return 1e-12 * (1 + lambda) * math.Max(tr.payoffScale, math.Abs(y))
}

// emit records the point at x (already evaluated).
func (tr *tracer) emit(x []float64, requested, landed bool) error {
	s := tr.s
	p := Point{
		Lambda:     x[tr.m],
		Profile:    append([]float64(nil), s.p...),
		LogProfile: append([]float64(nil), s.logp...),
		MaxRegret:  tr.maxRegret(s.p),
		Arclength:  tr.arclength,
		Requested:  requested,
	}
	if tr.keepAll || requested || landed {
		tr.path.Points = append(tr.path.Points, p)
	}
	if tr.opt.OnPoint != nil {
		return tr.opt.OnPoint(&p)
	}
	return nil
}

func (tr *tracer) maxRegret(profile []float64) float64 {
	v := tr.ev.Values(profile, tr.vals)
	r := 0.0
	for i := range v {
		r = math.Max(r, tr.ev.BestResponseValue(profile, i)-v[i])
	}
	return r
}

// done applies the stopping rules at the accepted point x.
func (tr *tracer) done(x []float64) bool {
	st := &tr.path.Stats
	st.FinalLambda = x[tr.m]
	st.FinalMaxRegret = tr.maxRegret(tr.s.p)
	if tr.opt.MaxRegret > 0 && st.FinalMaxRegret <= tr.opt.MaxRegret {
		st.StoppedByRegret = true
		if !tr.keepAll {
			tr.s.evaluate(x)
			_ = tr.emit(x, false, true)
		}
		return true
	}
	if x[tr.m] >= tr.stopLambda() {
		st.StoppedByLambdaLimit = true
		return true
	}
	return false
}
