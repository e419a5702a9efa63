package spotqre

import (
	"fmt"
	"math"
	"time"

	"pokerlab/internal/kernel/vec"
	"pokerlab/spot"
)

// The first-order method (see the package documentation, Method): Polyak's
// heavy-ball iteration on the reduced fixed point y(x) = x,
//
//	x ← x + α·(y(x) − x) + β·(x − x_prev),
//	α = 4/(√K + 1)², β = ((√K − 1)/(√K + 1))²,
//
// K an upper estimate of the largest eigenvalue of I − y'(x), whose
// spectrum is nearly real in [1, K] (the smallest is 1: y'(x) has no
// positive eigenvalues, IP's values answer its own strategy through
// OOP's response). On a linear map with that spectrum the error falls by
// (√K − 1)/(√K + 1) per evaluation, the rate of Chebyshev's semi-iterative
// method, from three vectors of IP's unknowns instead of a Krylov basis.
// An evaluation is two float32 passes of spot.Passer (the DCFR solver's
// vectorised walk and terminal sweeps, threads over chance nodes) until
// the largest residual is foSwitch, then two float64 passes of the exact
// evaluator until it meets the tolerance.

// Method selects how a Solver reaches each λ.
type Method uint8

const (
	// MethodDefault: the first-order iteration, handing over to the
	// Newton continuation when it fails to converge within its budget.
	MethodDefault Method = iota
	// MethodFirstOrder: the first-order iteration only (an error when it
	// does not converge).
	MethodFirstOrder
	// MethodNewton: the Newton–GMRES continuation (the ladder; Auto the
	// plain continuation).
	MethodNewton
)

// String names the method as the command line does.
func (m Method) String() string {
	switch m {
	case MethodFirstOrder:
		return "first-order"
	case MethodNewton:
		return "newton"
	}
	return "default"
}

// ParseMethod reads a method's name ("", "default", "first-order" or
// "newton").
func ParseMethod(s string) (Method, error) {
	switch s {
	case "", "default":
		return MethodDefault, nil
	case "first-order":
		return MethodFirstOrder, nil
	case "newton":
		return MethodNewton, nil
	}
	return 0, fmt.Errorf("QRE method %q: want default, first-order or newton", s)
}

const (
	// foSwitch is the largest residual at which the float32 evaluations
	// hand over to float64 ones: float32 action values carry a relative
	// error of about 10⁻⁷, 10⁻⁵ of a probability at λQ/pot of a hundred.
	foSwitch = 3e-5
	// foCheck: the residual is computed every foCheck evaluations (its
	// exponentials cost about a third of a float32 evaluation).
	foCheck = 8
	// foWindow: when the residual has not halved within foWindow
	// evaluations or 1.5·√K (three times as many while it is above 10⁻²,
	// far from the fixed point; at the rate (√K − 1)/(√K + 1) it halves
	// within 0.35·√K), K was too small (a mode above it grows or the
	// iteration stalls on the nonlinearity): K grows by half and the
	// momentum restarts.
	foWindow = 30
	// foPower is the number of power-iteration steps of the first
	// estimate of K, foMargin the factor on it (power iteration approaches
	// the top of the spectrum from below).
	foPower  = 12
	foMargin = 3
	// foGrowths bounds the growths of K at one λ: beyond, the iteration
	// is stalled by the nonlinearity, not by K, and gives up.
	foGrowths = 5
	// foEvals bounds the evaluations of one λ.
	foEvals = 6000
)

// foState is the first-order method's memory: IP's previous iterate and
// response (compact), the float32 strategy of both players and the
// passes' walkers.
type foState struct {
	ps       *spot.Passer
	σ32      spot.Strategy
	xp, y    []float64
	soft     []float64 // eval64's softmax of one node's values
	K, kLam  float64   // the estimate of K and the λ it was made at
	respond  respondHook
	values   valuesHook
	evals    int // this λ
	f32, f64 int // evaluations of each kind, in total
}

func (s *Solver) foInit() *foState {
	if s.fo != nil {
		return s.fo
	}
	g := s.g
	f := &foState{ps: g.NewPasser(s.opt.Threads), σ32: spot.Strategy(bigSlice[float32](s.ar, int(g.Size)))}
	f.xp, f.y = bigSlice[float64](s.ar, s.n1), bigSlice[float64](s.ar, s.n1)
	most := 0
	for _, b := range s.ip {
		most = max(most, b.k*b.nh)
	}
	f.soft = make([]float64, most)
	f.respond = respondHook{g: g, σ: f.σ32, half: float32(s.pot / 2), combos: float32(g.Combos)}
	f.values = valuesHook{g: g, σ: f.σ32, coff: s.w.coff, y: f.y, half: s.pot / 2, combos: g.Combos}
	s.fo = f
	return f
}

// respondHook is OOP's float32 pass: at OOP's nodes the logit response
// softmax(scale·Q) to IP's strategy and to OOP's own play below, written
// into σ (as the float64 walker's modeRespond).
type respondHook struct {
	g            *spot.Game
	σ            spot.Strategy
	half, combos float32
	scale        float64
}

func (h *respondHook) Combine(node int32, reach, vals, out, tmp []float32) {
	g := h.g
	n := &g.Nodes[node]
	k, nh := int(n.NumChildren), len(out)
	m, inv := tmp[:nh], tmp[nh:2*nh]
	cutMassAt(m, spot.CompatibleMassTotal(g, m, spot.OOP, reach))
	for i, x := range m {
		if x > 0 {
			inv[i] = h.combos / x
		} else {
			inv[i] = float32(math.NaN())
		}
	}
	// Q in place of the values: x_a = (Q_a − pot/2)·m/Combos, so the
	// node's value Σ σ_a x_a is (Σ σ_a Q_a − pot/2)·m/Combos.
	for a := range k {
		row := vals[a*nh : (a+1)*nh]
		for i, x := range row {
			row[i] = h.half + inv[i]*x
		}
	}
	σ := h.σ[n.Off : n.Off+int64(k*nh)]
	logit(σ, vals, k, nh, h.scale)
	vec.DotRows(out, σ, vals[:k*nh])
	for i, x := range m {
		if x > 0 {
			out[i] = (out[i] - h.half) * x / h.combos
		} else {
			out[i] = 0 // (its Q are NaN)
		}
	}
}

// valuesHook is IP's float32 pass: IP's action values Q into y (compact;
// x's entry where IP has no beliefs), IP playing σ.
type valuesHook struct {
	g            *spot.Game
	σ            spot.Strategy
	coff         []int
	x, y         []float64
	half, combos float64
}

func (h *valuesHook) Combine(node int32, reach, vals, out, tmp []float32) {
	g := h.g
	n := &g.Nodes[node]
	k, nh := int(n.NumChildren), len(out)
	m, inv := tmp[:nh], tmp[nh:2*nh]
	cutMassAt(m, spot.CompatibleMassTotal(g, m, spot.IP, reach))
	for i, x := range m {
		inv[i] = 0
		if x > 0 {
			inv[i] = float32(h.combos / float64(x))
		}
	}
	c := h.coff[node]
	σ := h.σ[n.Off : n.Off+int64(k*nh)]
	half := float32(h.half)
	out = out[:nh]
	vec.DotRows(out, σ, vals[:k*nh])
	gap := false // a hand without beliefs: x's entry, not a value
	for a := range k {
		row, ya := vals[a*nh:(a+1)*nh], h.y[c+a*nh:c+(a+1)*nh]
		row, ya, inv := row[:nh], ya[:nh], inv[:nh]
		for i, v := range row {
			ya[i] = float64(half + inv[i]*v)
		}
	}
	for _, iv := range inv[:nh] {
		gap = gap || iv == 0
	}
	if gap {
		for a := range k {
			ya, xa := h.y[c+a*nh:c+(a+1)*nh], h.x[c+a*nh:c+(a+1)*nh]
			for i, iv := range inv[:nh] {
				if iv == 0 {
					ya[i] = xa[i]
				}
			}
		}
	}
}

// eval32 sets f.y to y(x) at λ by two float32 passes.
func (s *Solver) eval32(x []float64, lambda float64) {
	s.checkInterrupt()
	f := s.fo
	scale := lambda / s.pot
	for _, b := range s.ip {
		n := b.k * b.nh
		logit(f.σ32[b.off:b.off+int64(n)], x[b.c:b.c+n], b.k, b.nh, scale)
	}
	f.respond.scale = scale
	f.ps.Pass(spot.OOP, f.σ32, &f.respond)
	f.values.x = x
	f.ps.Pass(spot.IP, f.σ32, &f.values)
	f.values.x = nil
	f.evals++
	f.f32++
	s.stats.Evaluations++
}

// eval64 sets f.y to y(x) at λ by two float64 passes of the exact
// evaluator and returns the largest residual |softmax(λy/pot) −
// softmax(λx/pot)| over IP's reached information sets (eval's).
func (s *Solver) eval64(x []float64, lambda float64) float64 {
	s.checkInterrupt()
	f := s.fo
	scale := lambda / s.pot
	for _, b := range s.ip {
		n := b.k * b.nh
		logit(s.σ[b.off:b.off+int64(n)], x[b.c:b.c+n], b.k, b.nh, scale)
	}
	w := s.w
	w.scale, w.reachI = scale, nil
	w.pass(spot.OOP, modeRespond)
	w.reachI = s.reachIS
	w.pass(spot.IP, modeQ)
	w.reachI = nil
	f.evals++
	f.f64++
	s.stats.Evaluations++
	// The residual row by row: softmax(λy/pot) by logit into f.soft (the
	// column-wise loop over each hand's actions, stride nh, took more time
	// than the two passes).
	var mx float64
	for _, b := range s.ip {
		n, nh := b.k*b.nh, b.nh
		q := s.q[b.off : b.off+int64(n)]
		yb, xb := f.y[b.c:b.c+n], x[b.c:b.c+n]
		σ := s.σ[b.off : b.off+int64(n)]
		ri := s.reachIS[b.hoff : b.hoff+int64(nh)]
		soft := f.soft[:n]
		logit(soft, q, b.k, nh, scale)
		q0 := q[:nh]
		for a := range b.k {
			qa, ya, xa, sa, σa := q[a*nh:(a+1)*nh], yb[a*nh:(a+1)*nh], xb[a*nh:(a+1)*nh], soft[a*nh:(a+1)*nh], σ[a*nh:(a+1)*nh]
			for h, v := range qa {
				if q0[h] != q0[h] { // NaN: no beliefs
					ya[h] = xa[h]
					continue
				}
				ya[h] = v
				if ri[h] > 0 {
					mx = max(mx, math.Abs(sa[h]-σa[h]))
				}
			}
		}
	}
	return mx
}

// residual32 returns the largest |softmax(λy/pot) − σ_IP| after eval32
// over IP's entries with beliefs (y ≠ x there), every hand counted.
func (s *Solver) residual32(x []float64, lambda float64) float64 {
	f := s.fo
	scale := lambda / s.pot
	var mx float64
	for _, b := range s.ip {
		n, nh := b.k*b.nh, b.nh
		yb := f.y[b.c : b.c+n]
		σ := f.σ32[b.off : b.off+int64(n)]
		soft := f.soft[:n]
		logit(soft, yb, b.k, nh, scale) // row by row, as in eval64
		y0 := yb[:nh]
		for a := range b.k {
			sa, σa := soft[a*nh:(a+1)*nh], σ[a*nh:(a+1)*nh]
			for h, p := range sa {
				if y0[h] == y0[h] { // NaN: no value
					mx = max(mx, math.Abs(p-float64(σa[h])))
				}
			}
		}
	}
	return mx
}

// estimateK returns foMargin times the power iteration's estimate of the
// largest eigenvalue of I − y'(x) at λ, by finite differences of float32
// evaluations (f.xp holds the direction, f.y the responses).
func (s *Solver) estimateK(x []float64, lambda float64) float64 {
	f := s.fo
	n := s.n1
	// base in the float64 evaluator's values, idle in the float32 phase
	// (at least n long: IP's part of the tree's blocks); not its σ, whose
	// columns without beliefs keep their last probabilities.
	base, xv := s.q[:n], make([]float64, n)
	s.eval32(x, lambda)
	copy(base, f.y)
	v := f.xp
	for i := range v {
		v[i] = math.Sin(float64(3*i + 1))
	}
	// A step that moves the logits by about 10⁻²: small against the
	// curvature, large against float32's rounding of the values.
	eps := 1e-2 * s.pot / max(lambda, 1e-3)
	var theta float64
	for range foPower {
		var nv float64
		for _, a := range v {
			nv = max(nv, math.Abs(a))
		}
		if nv == 0 {
			break
		}
		for i := range v {
			v[i] /= nv
			xv[i] = x[i] + eps*v[i]
		}
		s.eval32(xv, lambda)
		var num, den float64
		for i := range v {
			// (I − y')v ≈ v − (y(x + εv) − y(x))/ε
			av := v[i] - (f.y[i]-base[i])/eps
			num += av * av
			den += v[i] * v[i]
			v[i] = av
		}
		theta = max(theta, math.Sqrt(num/den))
	}
	return max(foMargin*theta, 1.1)
}

// foSolve runs the heavy-ball iteration at λ from s.x (in place) until the
// largest residual of IP's reached information sets is at most tol. It
// returns the residual reached.
func (s *Solver) foSolve(lambda, tol float64, maxEvals int) (float64, error) {
	f := s.foInit()
	x := s.x
	f.evals = 0
	// K at the start (the last λ's point on a warm start, which is near
	// this λ's): the spectrum at a far point, uniform play above all, is
	// narrower than at the fixed point, whence the margin and the growth.
	// A warm start also keeps the last λ's K grown like λ², as the
	// spectrum's top does.
	k := s.estimateK(x, lambda)
	if f.kLam > 0 && lambda > f.kLam && s.foAt {
		k = max(k, f.K*(lambda/f.kLam)*(lambda/f.kLam))
	}
	f.K, f.kLam = k, lambda
	grown := 0
	copy(f.xp, x)
	low := true
	ref := math.Inf(1)
	since, last := 0, 0
	res := math.Inf(1)
	for it := 0; ; it++ {
		check := it%foCheck == 0
		if low {
			s.eval32(x, lambda)
			if check {
				res = s.residual32(x, lambda)
				if res <= foSwitch {
					low = false
				}
			}
			if check && res <= tol {
				// (a loose tolerance, a point of the path: float32's
				// residual counts every hand, reached or not)
				return res, nil
			}
		} else {
			res = s.eval64(x, lambda)
			check = true
			if res <= tol {
				return res, nil
			}
		}
		if check {
			if s.par.TraceSolves != nil {
				s.par.TraceSolves("  first order λ = %.4g: evaluation %d, residual %.3g, K %.4g, float32 %v", lambda, f.evals, res, f.K, low)
			}
			if math.IsNaN(res) {
				return res, fmt.Errorf("spot QRE: the first-order iteration at λ = %.6g lost its numbers", lambda)
			}
			since += f.evals - last
			last = f.evals
			if res <= ref/2 {
				ref, since = res, 0
			} else if win := max(foWindow, int(1.5*math.Sqrt(f.K))); since >= win && (res < 1e-2 || since >= 3*win) {
				if low && res < 1e-3 {
					// float32's floor: hand over to float64.
					low = false
				} else {
					if grown == foGrowths {
						return res, fmt.Errorf("spot QRE: the first-order iteration at λ = %.6g stalls at the largest residual %.3g (K = %.4g)", lambda, res, f.K)
					}
					f.K *= 1.5
					grown++
					copy(f.xp, x)
				}
				ref, since = res, 0
			}
		}
		if f.evals >= maxEvals {
			return res, fmt.Errorf("spot QRE: the first-order iteration at λ = %.6g stopped after %d evaluations at the largest residual %.3g", lambda, f.evals, res)
		}
		sq := math.Sqrt(f.K)
		alpha := 4 / ((sq + 1) * (sq + 1))
		beta := (sq - 1) / (sq + 1)
		beta *= beta
		for i := range x {
			xn := x[i] + alpha*(f.y[i]-x[i]) + beta*(x[i]-f.xp[i])
			f.xp[i] = x[i]
			x[i] = xn
		}
	}
}

// foAdvance solves λ by the first-order method, from the current point
// (a warm start: the action values at the last λ solved, or uniform
// play's at λ = 0).
func (s *Solver) foAdvance(lambda float64) error {
	if lambda < s.lam && !s.foAt {
		s.reset()
	}
	if !s.foAt {
		clear(s.x) // (s.x of a Newton point is the path's; start afresh)
	}
	t0 := time.Now()
	res, err := s.point(lambda, s.opt.Tolerance)
	if err != nil {
		s.reset()
		s.foAt = false
		return err
	}
	s.lam, s.foAt = lambda, true
	if s.opt.Progress != nil {
		s.opt.Progress(PathPoint{Lambda: lambda, Residual: res, Exploitability: math.NaN(), Percent: math.NaN(), Seconds: time.Since(t0).Seconds()})
	}
	return nil
}

// foPathStep is the largest ratio of consecutive λ of the first-order
// path (Auto), foPathTol the largest residual of its points.
const (
	foPathStep = 1.5
	foPathTol  = 1e-4
)

// foAuto is Auto by the first-order method: the path λ = 5, 7.5, … (each
// point warm-started from the last, solved to foPathTol) while the
// exploitability is above the target, then, from the last point above
// it, secant steps in log λ – log exploitability (extrapolated from the
// last two points until a point below the target brackets λ*), each
// candidate warm-started from the last point above the target and solved
// to the tolerance.
func (s *Solver) foAuto(fraction float64, start time.Time) (*Auto, error) {
	s.reset()
	a := &Auto{Fraction: fraction, Target: fraction * s.pot}
	p0 := PathPoint{Lambda: 0}
	e := s.evaluate()
	p0.Exploitability, p0.Percent = e.Exploitability, e.Percent
	a.Path = append(a.Path, p0)
	if p0.Exploitability <= a.Target {
		return nil, fmt.Errorf("uniform play is already within %g%% of the pot", 100*fraction)
	}
	clear(s.x)
	below := make([]float64, s.n1) // the last point above the target
	var prev, lo, hi PathPoint     // prev: the point before lo
	belowK := 0.0
	report := func(pt PathPoint) {
		a.Path = append(a.Path, pt)
		if s.opt.Progress != nil {
			s.opt.Progress(pt)
		}
	}
	// predict extrapolates the exploitability like c/λ^slope through prev
	// and lo to the target.
	predict := func() float64 {
		slope := 1.0
		if prev.Lambda > 0 {
			slope = math.Log(prev.Exploitability/lo.Exploitability) / math.Log(lo.Lambda/prev.Lambda)
		}
		slope = min(max(slope, 0.5), 2)
		return lo.Lambda * math.Pow(lo.Exploitability/a.Target, 1/slope)
	}
	lam := 5.0
	for {
		if lam > MaxLambda {
			return nil, fmt.Errorf("the exploitability is still %.3g%% of the pot at λ = %g", a.Path[len(a.Path)-1].Percent, MaxLambda)
		}
		res, err := s.point(lam, foPathTol)
		if err != nil {
			return nil, err
		}
		s.lam, s.foAt = lam, true
		s.setStrategy()
		e := s.evaluate()
		pt := PathPoint{Lambda: lam, Residual: res, Exploitability: e.Exploitability, Percent: e.Percent, Seconds: time.Since(start).Seconds()}
		report(pt)
		if pt.Exploitability <= a.Target {
			hi = pt
			break
		}
		prev, lo, belowK = lo, pt, s.fo.K
		copy(below, s.x)
		next := predict()
		if next <= lam*foPathStep {
			break // λ* is within a step: the search starts from here
		}
		lam *= foPathStep
	}
	for range 10 {
		var next float64
		switch {
		case hi.Lambda == 0:
			next = predict()
		case lo.Lambda == 0:
			next = hi.Lambda / 2
		default:
			t := math.Log(lo.Exploitability/a.Target) / math.Log(lo.Exploitability/hi.Exploitability)
			next = lo.Lambda * math.Pow(hi.Lambda/lo.Lambda, t)
		}
		copy(s.x, below)
		s.lam, s.fo.K, s.fo.kLam = lo.Lambda, belowK, lo.Lambda
		s.foAt = lo.Lambda > 0
		if lo.Lambda == 0 {
			clear(s.x)
		}
		if _, err := s.point(next, s.opt.Tolerance); err != nil {
			return nil, err
		}
		s.lam, s.foAt = next, true
		r := s.result()
		pt := PathPoint{Lambda: next, Residual: r.Residual, Exploitability: r.Evaluation.Exploitability, Percent: r.Evaluation.Percent, Seconds: time.Since(start).Seconds()}
		report(pt)
		if math.Abs(pt.Exploitability/a.Target-1) <= autoRel {
			a.Lambda, a.Result = next, r
			s.stats.Seconds += time.Since(start).Seconds()
			a.Result.Stats = s.stats
			return a, nil
		}
		if pt.Exploitability > a.Target {
			prev, lo, belowK = lo, pt, s.fo.K
			copy(below, s.x)
		} else {
			hi = pt
		}
	}
	return nil, fmt.Errorf("λ* not found to %g%% within the bracket [%g, %g]", 100*autoRel, lo.Lambda, hi.Lambda)
}

// foBudget bounds the first-order evaluations of one λ when the Newton
// corrector may finish (MethodDefault).
const foBudget = 1200

// point solves λ from s.x to the largest residual tol: the first-order
// iteration, then (MethodDefault), when it stalls or its budget runs out,
// Newton's corrector from where it stopped (restarted GMRES with exact
// products: the Krylov basis is allocated then).
func (s *Solver) point(lambda, tol float64) (float64, error) {
	budget := foEvals
	if s.opt.Method == MethodDefault {
		budget = foBudget
	}
	res, err := s.foSolve(lambda, tol, budget)
	if err == nil || s.opt.Method != MethodDefault {
		return res, err
	}
	s.newtonInit()
	s.patient = true
	defer func() { s.patient = false }()
	_, mx, nerr := s.newton(s.x, lambda, math.Inf(1), tol, finalIts)
	if nerr != nil {
		if nerr == errNoConvergence {
			return mx, fmt.Errorf("spot QRE: at λ = %g the residual is %.3g after the first-order iteration (%v) and %d Newton iterations, above %g", lambda, mx, err, finalIts, tol)
		}
		return mx, nerr
	}
	if s.par.TraceSolves != nil {
		s.par.TraceSolves("  Newton finished λ = %.4g: residual %.3g", lambda, mx)
	}
	return mx, nil
}
