package spotqre

import (
	"fmt"
	"math"
	"time"
	"unsafe"

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
// method, from IP's unknowns and their last step instead of a Krylov basis.
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
	// foFloor: a float32 phase stalled below this residual is at
	// float32's floor, not short of K, and hands over to float64. The
	// floor grows with λ (larger λQ/pot, and the card-removal sweeps'
	// cancellation at the small masses of rarely reached lines): about
	// 10⁻³ at λ = 40 on the full-range turn, 2–5·10⁻³ at 85, where
	// growing K instead ran the iteration out of evaluations.
	foFloor = 5e-2
	// foGrowths bounds the growths of K at one λ: beyond, the iteration
	// is stalled by the nonlinearity, not by K, and gives up.
	foGrowths = 5
	// foEvals bounds the evaluations of one λ.
	foEvals = 6000
)

// foState is the first-order method's memory: IP's momentum and
// responses, the passes' walkers and views of the exact evaluator's
// strategy σ (float64, the tree's size). The float32 phase does not use σ,
// so its bytes hold the phase's own: the float32 strategy of both players
// (narrowed in place when the phase starts and widened when it ends, so
// that a column without beliefs, which an evaluation leaves as it is,
// keeps its last probabilities across the phases) and the power
// iteration's base after it. No action values are kept: the float64
// evaluations see each of IP's nodes in the walk (v64).
type foState struct {
	ps  *spot.Passer
	σ32 spot.Strategy // in s.σ's bytes
	// r: IP's responses, float32 — the values y (NaN without beliefs) in
	// the float32 phase, y − x (0 without beliefs) in the float64 one,
	// exact to float32's precision relative to a difference that vanishes
	// at the fixed point.
	r        []float32
	base32   []float32 // estimateK's y(x), in s.σ's bytes after σ32
	d        []float32 // x − x_prev, the momentum (float32: relative to the step, whose error vanishes with it)
	v64      visit64   // the float64 evaluation's residual and responses
	soft     []float64 // one IP node's values or softmax
	K, kLam  float64   // the estimate of K and the λ it was made at
	respond  respondHook
	values   valuesHook
	evals    int // this λ
	f32, f64 int // evaluations of each kind, in total
	restarts int // steps without momentum (gradient restarts), in total
	// narrow: s.σ's bytes hold σ32 (the float32 phase). ipAt: σ32's IP
	// blocks are the logit of the current x (the step wrote them).
	narrow, ipAt bool
}

func (s *Solver) foInit() *foState {
	if s.fo != nil {
		return s.fo
	}
	g := s.g
	f := &foState{ps: g.NewPasser(s.opt.Threads)}
	f.d, f.r = bigSlice[float32](s.ar, s.n1), bigSlice[float32](s.ar, s.n1)
	f.v64.s = s
	most := 0
	for _, b := range s.ip {
		most = max(most, b.k*b.nh)
	}
	f.soft = make([]float64, most)
	f.v64.soft = f.soft
	if c := s.w.crew; c != nil {
		f.v64.helpers = make([]visit64, len(c.helpers))
		for j := range f.v64.helpers {
			f.v64.helpers[j].soft = make([]float64, most)
		}
	}
	f.respond = respondHook{g: g, half: float32(s.pot / 2), combos: float32(g.Combos)}
	f.values = valuesHook{g: g, coff: s.w.coff, half: s.pot / 2, combos: g.Combos}
	s.fo = f
	s.foViews()
	return f
}

// foViews points the first-order method's float32 arrays into s.σ (again
// after result hands s.σ to a Result): σ32 in its first half, the base in
// its second (IP's unknowns are at most the tree's size).
func (s *Solver) foViews() {
	f := s.fo
	if f == nil {
		return
	}
	v, g := float32View(s.σ), len(s.σ)
	f.σ32, f.base32 = spot.Strategy(v[:g:g]), v[g:g+s.n1:g+s.n1]
	f.respond.σ, f.values.σ, f.values.y = f.σ32, f.σ32, f.r
}

// narrowσ turns s.σ into σ32 in place, front to back: float32 i lies in
// the bytes of float64 i/2, read before.
func (s *Solver) narrowσ() {
	f := s.fo
	if f.narrow {
		return
	}
	d := f.σ32
	for i, x := range s.σ {
		d[i] = float32(x)
	}
	f.narrow, f.ipAt = true, false
}

// widenσ turns σ32 back into s.σ in place, back to front: float64 i
// covers floats 2i and 2i + 1, done before.
func (s *Solver) widenσ() {
	f := s.fo
	if !f.narrow {
		return
	}
	d := f.σ32
	for i := len(s.σ) - 1; i >= 0; i-- {
		s.σ[i] = float64(d[i])
	}
	f.narrow, f.ipAt = false, false
}

// float32View returns the bytes of a float64 slice as twice as many
// float32 (no copy).
func float32View(x []float64) []float32 {
	if len(x) == 0 {
		return nil
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(x))), 2*len(x))
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
// NaN where IP has no beliefs), IP playing σ.
type valuesHook struct {
	g            *spot.Game
	σ            spot.Strategy
	coff         []int
	y            []float32
	half, combos float64
}

func (h *valuesHook) Combine(node int32, reach, vals, out, tmp []float32) {
	g := h.g
	n := &g.Nodes[node]
	k, nh := int(n.NumChildren), len(out)
	m, inv := tmp[:nh], tmp[nh:2*nh]
	cutMassAt(m, spot.CompatibleMassTotal(g, m, spot.IP, reach))
	for i, x := range m {
		inv[i] = float32(math.NaN())
		if x > 0 {
			inv[i] = float32(h.combos / float64(x))
		}
	}
	c := h.coff[node]
	σ := h.σ[n.Off : n.Off+int64(k*nh)]
	half := float32(h.half)
	out = out[:nh]
	vec.DotRows(out, σ, vals[:k*nh])
	for a := range k {
		row, ya := vals[a*nh:(a+1)*nh], h.y[c+a*nh:c+(a+1)*nh]
		row, ya, inv := row[:nh], ya[:nh], inv[:nh]
		for i, v := range row {
			ya[i] = half + inv[i]*v
		}
	}
}

// eval32 sets f.r to y(x + ε·v) at λ by two float32 passes (v nil: y(x)).
func (s *Solver) eval32(x []float64, v []float32, eps, lambda float64) {
	s.checkInterrupt()
	f := s.fo
	scale := lambda / s.pot
	for _, b := range s.ip {
		if v == nil && f.ipAt {
			break // (IP's strategy at x: the step's, foSolve)
		}
		n := b.k * b.nh
		xb := x[b.c : b.c+n]
		if v != nil {
			xv := f.soft[:n]
			for i, vi := range v[b.c : b.c+n] {
				xv[i] = xb[i] + eps*float64(vi)
			}
			xb = xv
		}
		logit(f.σ32[b.off:b.off+int64(n)], xb, b.k, b.nh, scale)
	}
	f.ipAt = false
	f.respond.scale = scale
	f.ps.Pass(spot.OOP, f.σ32, &f.respond)
	f.ps.Pass(spot.IP, f.σ32, &f.values)
	f.evals++
	f.f32++
	s.stats.Evaluations++
}

// eval64 sets f.r to y(x) − x at λ by two float64 passes of the exact
// evaluator (0 where IP has no beliefs) and returns the largest residual
// |softmax(λy/pot) − softmax(λx/pot)| over IP's reached information sets
// (eval's), each of IP's nodes seen in the walk (v64): no action values
// are kept.
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
	q := w.q
	w.q = nil // (each node's Q in the scratch)
	w.pass(spot.OOP, modeRespond)
	v := &f.v64
	v.x, v.scale, v.mx = x, scale, 0
	w.visit = v
	w.pass(spot.IP, modeQ)
	w.visit, w.q, v.x = nil, q, nil
	f.evals++
	f.f64++
	s.stats.Evaluations++
	return v.mx
}

// visit64 is eval64's view of IP's nodes: the residual (softmax(λQ/pot)
// row by row into soft, against σ, at the hands whose information set is
// reached) and f.r = Q − x.
type visit64 struct {
	s       *Solver
	x       []float64
	scale   float64
	mx      float64
	soft    []float64 // one node's softmax
	helpers []visit64 // the crew's (parallelVisitor)
}

func (v *visit64) helper(j int) visitor[float64] {
	h := &v.helpers[j]
	h.s, h.x, h.scale, h.mx = v.s, v.x, v.scale, 0
	return h
}

func (v *visit64) join(j int) {
	h := &v.helpers[j]
	v.mx = max(v.mx, h.mx)
	h.s, h.x = nil, nil
}

func (v *visit64) node(i int32, q, σ, own, m []float64) {
	s := v.s
	f := s.fo
	n := &s.g.Nodes[i]
	k, nh := int(n.NumChildren), len(m)
	c := s.w.coff[i]
	xb, rb := v.x[c:c+k*nh], f.r[c:c+k*nh]
	soft := v.soft[:k*nh]
	logit(soft, q, k, nh, v.scale)
	combos := s.g.Combos
	q0 := q[:nh]
	for a := range k {
		qa, xa, ra, sa, σa := q[a*nh:(a+1)*nh], xb[a*nh:(a+1)*nh], rb[a*nh:(a+1)*nh], soft[a*nh:(a+1)*nh], σ[a*nh:(a+1)*nh]
		for h, y := range qa {
			if q0[h] != q0[h] { // NaN: no beliefs
				ra[h] = 0
				continue
			}
			ra[h] = float32(y - xa[h])
			if own[h]*m[h]/combos > 0 {
				v.mx = max(v.mx, math.Abs(sa[h]-σa[h]))
			}
		}
	}
}

// residual32 returns the largest |softmax(λy/pot) − σ_IP| after eval32
// over IP's entries with beliefs, every hand counted.
func (s *Solver) residual32(lambda float64) float64 {
	f := s.fo
	scale := lambda / s.pot
	var mx float64
	for _, b := range s.ip {
		n, nh := b.k*b.nh, b.nh
		yb := f.r[b.c : b.c+n]
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
// largest eigenvalue of I − y'(x) at λ (f.d holds the direction, f.base32
// the responses at x).
func (s *Solver) estimateK(x []float64, lambda float64) float64 {
	return max(foMargin*s.power(x, lambda, s.fo.d, s.fo.base32, foPower), 1.1)
}

// power runs steps of the power iteration on I − y'(x) at λ, by finite
// differences of float32 evaluations, from a fixed direction in v, with
// base for y(x), and returns the largest ratio ‖(I − y')v‖/‖v‖ it saw.
func (s *Solver) power(x []float64, lambda float64, v, base []float32, steps int) float64 {
	f := s.fo
	s.eval32(x, nil, 0, lambda)
	copy(base, f.r)
	for i := range v {
		v[i] = float32(math.Sin(float64(3*i + 1)))
	}
	// A step that moves the logits by about 10⁻²: small against the
	// curvature, large against float32's rounding of the values.
	eps := 1e-2 * s.pot / max(lambda, 1e-3)
	var theta float64
	for range steps {
		var nv float32
		for _, a := range v {
			nv = max(nv, abs32(a))
		}
		if nv == 0 {
			break
		}
		for i := range v {
			v[i] /= nv
		}
		s.eval32(x, v, eps, lambda)
		var num, den float64
		for i := range v {
			// (I − y')v ≈ v − (y(x + εv) − y(x))/ε; 0 without beliefs
			// at either point (y = x there; at large λ a mass near the
			// cut can cross it with the step, and a NaN made K NaN).
			vi := float64(v[i])
			av := 0.0
			if y, b := f.r[i], base[i]; y == y && b == b {
				av = vi - (float64(y)-float64(b))/eps
			}
			num += av * av
			den += vi * vi
			v[i] = float32(av)
		}
		theta = max(theta, math.Sqrt(num/den))
	}
	return theta
}

// heavyBall takes one step x ← x + α(y − x) + β·d, d ← the step, on one of
// IP's blocks, y's NaN entries (no beliefs) standing for x. It returns
// ⟨y − x, d⟩ of the momentum before the step (the restart's test).
func heavyBall[Y float32 | float64](x []float64, d []float32, y []Y, alpha, beta float64) (dot float64) {
	d, y = d[:len(x)], y[:len(x)]
	for i, xi := range x {
		yi := float64(y[i])
		if yi != yi {
			yi = xi
		}
		dot += (yi - xi) * float64(d[i])
		xn := xi + alpha*(yi-xi) + beta*float64(d[i])
		d[i] = float32(xn - xi)
		x[i] = xn
	}
	return dot
}

// heavyBallR is heavyBall from the responses' differences r = y − x.
func heavyBallR(x []float64, d, r []float32, alpha, beta float64) (dot float64) {
	d, r = d[:len(x)], r[:len(x)]
	for i, xi := range x {
		dot += float64(r[i]) * float64(d[i])
		xn := xi + alpha*float64(r[i]) + beta*float64(d[i])
		d[i] = float32(xn - xi)
		x[i] = xn
	}
	return dot
}

func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// foSolve runs the heavy-ball iteration at λ from s.x (in place) until the
// largest residual of IP's reached information sets is at most tol. It
// returns the residual reached.
func (s *Solver) foSolve(lambda, tol float64, maxEvals int) (float64, error) {
	f := s.foInit()
	x := s.x
	f.evals = 0
	f.ipAt = false
	s.narrowσ()
	defer s.widenσ()
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
	clear(f.d)
	low := true
	ref := math.Inf(1)
	since, last := 0, 0
	res := math.Inf(1)
	restart := false
	for it := 0; ; it++ {
		check := it%foCheck == 0
		low32 := low // this step's responses are values (float32 phase), not differences
		if low {
			s.eval32(x, nil, 0, lambda)
			if check {
				res = s.residual32(lambda)
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
			s.widenσ()
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
				if low && res < foFloor {
					// float32's floor: hand over to float64.
					low = false
				} else {
					if grown == foGrowths {
						return res, fmt.Errorf("spot QRE: the first-order iteration at λ = %.6g stalls at the largest residual %.3g (K = %.4g)", lambda, res, f.K)
					}
					f.K *= 1.5
					grown++
					clear(f.d)
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
		if restart {
			beta, restart = 0, false
			f.restarts++
		}
		scale := lambda / s.pot
		var dot float64
		for _, b := range s.ip {
			n := b.k * b.nh
			xb, db := x[b.c:b.c+n], f.d[b.c:b.c+n]
			if low32 {
				dot += heavyBall(xb, db, f.r[b.c:b.c+n], alpha, beta)
			} else {
				dot += heavyBallR(xb, db, f.r[b.c:b.c+n], alpha, beta)
			}
			if low {
				// The next float32 evaluation's strategy, while the
				// block is in the cache.
				logit(f.σ32[b.off:b.off+int64(n)], xb, b.k, b.nh, scale)
			}
		}
		f.ipAt = low
		// Gradient restart (O'Donoghue & Candès 2015): a momentum pointing
		// against the responses, ⟨y − x, x − x_prev⟩ < 0, carries the
		// iteration past the fixed point along some mode — what a far
		// point's nonlinearity or a ghost line's beliefs flipping with λ
		// cause — so the next step drops it.
		restart = !s.par.KeepMomentum && dot < 0
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
