package spotqre

import (
	"errors"
	"fmt"
	"math"
	"runtime"

	"pokerlab/spot"
)

// DefaultTolerance is the largest |σ(a|I) − softmax(λQ(·|I)/pot)(a)| over
// reached information sets at which a QRE is returned.
const DefaultTolerance = 1e-6

// MaxLambda is the largest λ the solver follows. Beyond it the float64
// rounding of action values (about 1e-13 chips on a pot of a few hundred)
// times λ/pot is no longer small against the tolerance, and the directional
// derivatives of the Newton steps lose their digits; the QRE there is a
// Nash equilibrium to every digit a float32 strategy keeps.
const MaxLambda = 1e5

// Options configure a Solver. The zero value is the default.
type Options struct {
	// Tolerance is the largest |σ − softmax(λQ/pot)| over reached
	// information sets of a returned QRE (0: DefaultTolerance). It must
	// not be negative.
	Tolerance float64
	// MaxProducts bounds the Jacobian–vector products of one call (0: no
	// bound), so a path that cannot be followed ends with an error.
	MaxProducts int
	// Progress, when set, is called at every accepted point of the path.
	Progress func(PathPoint)
	// Params are the method's settings (the zero value: the defaults).
	Params Params
	// Interrupt, if not nil, is asked at every evaluation of the response
	// map and every Jacobian–vector product (each a few tree passes); when
	// it answers true, Solve or Auto returns ErrInterrupted at once. The
	// point reached is then half-way through a step: the Solver must not be
	// used again.
	Interrupt func() bool
	// Method chooses the first-order iteration or the Newton
	// continuation (the zero value: first-order, Newton as the fallback).
	Method Method
	// Threads is the number of goroutines of the evaluations' passes:
	// the float32 ones (spot.Passer) and the float64 ones (crew.go),
	// both over the children of chance nodes (≤ 1: one). The answer is
	// the same bits for any number.
	Threads int
}

// ErrInterrupted is returned by Solve and Auto when Options.Interrupt
// stopped them.
var ErrInterrupted = errors.New("spot QRE: interrupted")

// interrupted unwinds a solve from deep inside its loops (Newton, GMRES,
// Anderson, the line search) to the public entry point, which recovers it;
// checking a flag at every level of those loops would put the check in a
// dozen places for the same effect.
type interrupted struct{}

// checkInterrupt panics with interrupted{} when Options.Interrupt says so.
func (s *Solver) checkInterrupt() {
	if s.opt.Interrupt != nil && s.opt.Interrupt() {
		s.broken = true
		panic(interrupted{})
	}
}

// recoverInterrupt turns the unwinding of checkInterrupt into
// ErrInterrupted in *err; other panics go on.
func recoverInterrupt(err *error) {
	if p := recover(); p != nil {
		if _, ok := p.(interrupted); ok {
			*err = ErrInterrupted
			return
		}
		panic(p)
	}
}

// PathPoint is an accepted point of the continuation in λ.
type PathPoint struct {
	Lambda float64
	// Residual is the reach-weighted mean of Σ_a |σ − softmax(λQ/pot)| at
	// this point (the path's acceptance test).
	Residual float64
	// Exploitability in chips and % of the pot, when the caller asked for
	// it (Auto); NaN otherwise.
	Exploitability, Percent float64
	Seconds                 float64
}

// Stats count the work of a solve, along the whole path from λ = 0.
type Stats struct {
	Steps, Rejected int // accepted and rejected continuation steps
	Newton          int // Newton iterations (corrector)
	Products        int // Jacobian–vector products (one evaluation each)
	LowProducts     int // of them in float32 (lowTangents)
	Evaluations     int // evaluations of the response map (two tree passes each)
	Seconds         float64
}

// Result is the agent logit QRE at one λ.
type Result struct {
	Lambda float64
	// Sigma is the strategy in float64, spot.Strategy's layout.
	Sigma []float64
	// Residual is max |σ(a|I) − softmax(λQ(·|I)/pot)(a)| over the
	// information sets of both players that are reached (probability > 0).
	Residual float64
	// LogitRegret is the expected logit regret in chips:
	// Σ_I P(I)·(pot/λ)·KL(σ_I ‖ softmax(λQ_I/pot)), what the players would
	// gain in entropy-regularised value by moving to their logit responses
	// (0 at the fixed point; 0 at λ = 0).
	LogitRegret float64
	// Evaluation holds the values, best responses and exploitability.
	Evaluation spot.Evaluation
	Stats      Stats
}

// Strategy returns the QRE as a spot.Strategy (float32), for spot's
// reports and result files.
func (r *Result) Strategy() spot.Strategy {
	s := spot.Strategy(bigOwn[float32](len(r.Sigma)))
	for i, x := range r.Sigma {
		s[i] = float32(x)
	}
	return s
}

// block is a decision node's [actions × hands] block.
type block struct {
	node   int32
	off    int64 // in spot.Strategy's layout
	k, nh  int
	p      int
	hoff   int64 // in HandLayout
	c      int   // compact offset (IP's blocks)
	ro     int64 // in s.reachIS: compact per player (a pass writes the traverser's, read before the next)
	reachE bool
}

// pathPoint is a solution along the path: IP's action values at λ.
type pathPoint struct {
	lambda float64
	x      []float64
}

// Solver follows the agent logit QRE of a spot along λ (see the package
// documentation for the method). It keeps the last points of its path, so
// a later call with a larger λ continues from there (a warm start).
type Solver struct {
	g      *spot.Game
	opt    Options
	par    Params // opt.Params with the defaults filled in
	ar     *arena // the solver's large vectors (big.go)
	pot    float64
	w      *walker[float64]
	blocks []block
	ip     []block // IP's blocks, with their compact offsets
	n1     int     // length of IP's compact vectors
	// broken: Options.Interrupt stopped a call half-way; the solver's
	// state is not a point of the path any more.
	broken bool

	σ, q    []float64 // spot.Strategy's layout
	dσ      []float64 // tangent passes
	mass    []float64 // HandLayout
	reachIS []float64 // the information sets' reach, compact per player (block.ro; newtonInit)
	nReach  int       // its length
	kr      *krylov
	lin     linSolver // the Newton steps' linear solver: GMRES; on large spots Chebyshev-preconditioned past chebAfter products (cheb.go)
	and     *anderson // allocated on the first ladder rung that needs it

	lam float64
	dl  float64 // the continuation's next step
	lad ladder  // path.go
	// plain: the path is the plain continuation, without the ladder (Auto).
	plain bool
	// patient: the Newton corrector does not give up early (after
	// Anderson, whose iterate is close but not on a smooth path).
	patient bool
	// rungLimit bounds the products of the current Newton corrector (0:
	// none).
	rungLimit int
	x         []float64
	hist      []pathPoint // the last three accepted points, oldest first

	// scratch, compact
	y, f, d, xt, yt, ft, wt, wtT, rs, rsT []float64
	stats                                 Stats
	lastW                                 float64 // weighted residual of the last Newton solve
	// IP's probabilities at the Newton iteration's point (and at the last
	// trial point).
	sig1, sigT []float64
	// σAtSig1: IP's part of s.σ holds s.sig1 (set by the first tangent
	// pass after an evaluation, cleared by eval).
	σAtSig1 bool
	// slabs: vectors of n1 float64, shared by the Krylov basis (vector i in
	// slab i) and Anderson's history (column j's two vectors in slabs 2j
	// and 2j+1); see newAnderson.
	slabs    [][]float64
	lastKits int
	lastKrel float64
	// firstStep: the Newton iteration's first direction (ForcingFirst).
	firstStep bool
	products  int // this call

	// w32 and dσ32: the float32 walker and its tangent direction
	// (lowTangents); low: the products at the current point are float32.
	w32  *walker[float32]
	dσ32 []float32
	low  bool

	// xa: advance's working point (n1), allocated on first use.
	xa []float64
	// fo: the first-order method's state (fo.go), allocated on first use;
	// foAt: the current point is the first-order method's; foFailed: it
	// did not converge once, and the Newton continuation takes over.
	fo       *foState
	foAt     bool
	foFailed bool
}

// ErrLambda reports an invalid λ.
type ErrLambda struct {
	Lambda float64
	Msg    string
}

func (e *ErrLambda) Error() string { return fmt.Sprintf("λ = %v: %s", e.Lambda, e.Msg) }

// CheckLambda returns an *ErrLambda unless 0 ≤ λ ≤ MaxLambda.
func CheckLambda(lambda float64) error {
	switch {
	case math.IsNaN(lambda):
		return &ErrLambda{lambda, "not a number"}
	case lambda < 0:
		return &ErrLambda{lambda, "λ must be ≥ 0 (0 is uniform play)"}
	case lambda > MaxLambda:
		return &ErrLambda{lambda, fmt.Sprintf("above %g, the largest λ followed (float64 action values no longer resolve λQ/pot; the QRE is a Nash equilibrium there to float32 precision)", MaxLambda)}
	}
	return nil
}

// NewSolver prepares a solver for g. The tolerance and the parameters must
// not be negative (0 means the default).
func NewSolver(g *spot.Game, opt Options) (*Solver, error) {
	return newSolver(g, opt, hugeMin)
}

// newSolver is NewSolver with the smallest slice, in bytes, its arena
// serves (the tests send every slice through it).
func newSolver(g *spot.Game, opt Options, arenaMin uintptr) (*Solver, error) {
	if math.IsNaN(opt.Tolerance) || opt.Tolerance < 0 {
		return nil, fmt.Errorf("tolerance %v: want a positive number (0: the default %g)", opt.Tolerance, DefaultTolerance)
	}
	if opt.Tolerance == 0 {
		opt.Tolerance = DefaultTolerance
	}
	par, err := opt.Params.resolve()
	if err != nil {
		return nil, err
	}
	hoff, _ := g.HandLayout()
	ar := &arena{min: arenaMin}
	s := &Solver{g: g, opt: opt, par: par, ar: ar, pot: float64(g.Spot.Pot), w: newWalker[float64](g, ar)}
	var nr [2]int
	for i := range g.Nodes {
		n := &g.Nodes[i]
		p := g.Player(int32(i))
		if p < 0 {
			continue
		}
		b := block{node: int32(i), off: n.Off, k: int(n.NumChildren), nh: g.NumHands(p), p: p, hoff: hoff[i]}
		b.ro = int64(nr[p])
		nr[p] += b.nh
		if p == spot.IP {
			b.c = s.n1
			s.n1 += b.k * b.nh
			s.ip = append(s.ip, b)
		}
		s.blocks = append(s.blocks, b)
	}
	// (σ from a chunk of its own: a Result takes it, see result; Q and
	// the information sets' reach are the Newton continuation's,
	// newtonInit: the first-order method sees each node's in the walk)
	s.σ = bigOwn[float64](int(g.Size))
	s.nReach = max(nr[0], nr[1])
	s.w.σ = s.σ
	s.w.roff = make([]int64, g.NumNodes())
	for _, b := range s.blocks {
		s.w.roff[b.node] = b.ro
	}
	s.w.coff = make([]int, g.NumNodes())
	for _, b := range s.ip {
		s.w.coff[b.node] = b.c
	}
	if opt.Threads > 1 {
		// The float64 passes' crew (crew.go), ended with the solver.
		c := newCrew(s.w, opt.Threads-1)
		s.w.crew = c
		runtime.AddCleanup(s, func(c *crew[float64]) { c.close() }, c)
	}
	if opt.Method == MethodNewton {
		s.newtonInit()
	}
	s.reset()
	return s, nil
}

// newtonInit allocates what the Newton continuation needs beyond the
// first-order method (on first use): the tangent direction, twelve
// vectors of IP's unknowns and the Krylov basis.
func (s *Solver) newtonInit() {
	if s.y != nil {
		return
	}
	g := s.g
	s.dσ = bigSlice[float64](s.ar, int(g.Size))
	s.w.dσ = s.dσ
	// Q in the tree's layout (the tangent passes need both players' at
	// once, setPoint) and the information sets' reach (the merit's
	// weights).
	s.q = bigSlice[float64](s.ar, int(g.Size))
	s.w.q = s.q
	s.reachIS = make([]float64, s.nReach)
	// The masses of the last evaluation, kept for the tangent passes (the
	// first-order method's walker takes them from its scratch).
	_, hsize := g.HandLayout()
	s.mass = make([]float64, hsize)
	s.w.mass = s.mass
	for _, p := range []*[]float64{&s.y, &s.f, &s.d, &s.xt, &s.yt, &s.ft, &s.wt, &s.wtT, &s.rs, &s.rsT, &s.sig1, &s.sigT} {
		*p = bigSlice[float64](s.ar, s.n1)
	}
	// The Krylov basis: up to Params.Restart vectors (at least 20), within
	// krylovBytes.
	s.kr = newKrylov(max(20, min(s.par.Restart, krylovBytes/(8*max(s.n1, 1)))))
	s.kr.ar = s.ar
	s.kr.spare = s.slab
	s.lin = s.kr
	if s.n1 >= chebMinUnknowns {
		s.lin = newChebGMRES(s.kr, chebDegree, chebAfter, s.par.ChebMargin)
	}
}

// reset puts the solver at λ = 0 (uniform play).
func (s *Solver) reset() {
	s.lam, s.dl, s.lad, s.foAt = 0, 1, ladder{}, false
	// NewSolver's reset takes its vectors from the solver's arena, which
	// never hands a block out twice; later ones (a λ below the current,
	// Auto's start) of the Newton continuation from the heap, whose freed
	// memory is reused. The first-order method keeps its x, and no path
	// history (the Newton continuation starts by a reset of its own).
	newton := s.y != nil
	var x []float64
	switch {
	case s.x == nil:
		x = bigSlice[float64](s.ar, s.n1)
	case !newton:
		x = s.x
	default:
		x = make([]float64, s.n1)
	}
	s.eval(x, 0, x, nil, nil)
	s.x = x
	var h []float64
	if newton {
		if s.hist == nil {
			h = bigSlice[float64](s.ar, s.n1)
		} else {
			h = make([]float64, s.n1)
		}
		copy(h, x)
	}
	s.hist = []pathPoint{{0, h}}
}

// slab returns the shared vector i (n1 float64), allocated on first use.
func (s *Solver) slab(i int) []float64 {
	for len(s.slabs) <= i {
		s.slabs = append(s.slabs, nil)
	}
	if s.slabs[i] == nil {
		s.slabs[i] = bigSlice[float64](s.ar, s.n1)
	}
	return s.slabs[i]
}

// Game returns the solver's game.
func (s *Solver) Game() *spot.Game { return s.g }

// Lambda returns the λ of the solver's current point.
func (s *Solver) Lambda() float64 { return s.lam }

// eval is the response map on IP's action values x at λ: σ_IP =
// softmax(λx/pot), then OOP's exact logit response to it (one pass), then
// IP's action values under both (one pass) into y. With res it returns
// the largest and the reach-weighted mean residual |softmax(λy/pot) −
// softmax(λx/pot)| over IP's reached information sets, and fills wt with
// each entry's information-set probability and rs with each entry's
// residual softmax(λy/pot) − softmax(λx/pot) (the merit's weights and
// terms); with wt nil it computes y only. With y nil the values are left
// in s.q, IP's blocks in the tree's layout (Anderson reads them there,
// yRange: the copy is a vector pass it does not need). Before newtonInit
// (no s.q) it sets the strategy only.
func (s *Solver) eval(x []float64, lambda float64, y, wt, rs []float64) (maxRes, wRes float64) {
	s.checkInterrupt()
	res := wt != nil
	scale := lambda / s.pot
	s.σAtSig1 = false
	for _, b := range s.ip {
		n := b.k * b.nh
		logit(s.σ[b.off:b.off+int64(n)], x[b.c:b.c+n], b.k, b.nh, scale)
	}
	w := s.w
	w.scale = scale
	w.reachI = nil
	w.pass(spot.OOP, modeRespond)
	if s.q == nil {
		// The first-order method's solver (no Q kept, newtonInit): the
		// strategy only (setStrategy, reset).
		if res {
			panic("spotqre: eval's residual without newtonInit")
		}
		return 0, 0
	}
	if res {
		w.reachI = s.reachIS
	}
	w.pass(spot.IP, modeQ)
	w.reachI = nil
	s.stats.Evaluations++
	var wsum, wtot float64
	for _, b := range s.ip {
		n := b.k * b.nh
		q := s.q[b.off : b.off+int64(n)]
		if y != nil {
			yb, xb := y[b.c:b.c+n], x[b.c:b.c+n]
			copy(yb, q)
			for h := range b.nh {
				if math.IsNaN(q[h]) {
					for a := range b.k {
						yb[a*b.nh+h] = xb[a*b.nh+h]
					}
				}
			}
		}
		if !res {
			continue
		}
		σ := s.σ[b.off : b.off+int64(n)]
		copy(s.sigT[b.c:b.c+n], σ)
		ri := s.reachIS[b.ro : b.ro+int64(b.nh)]
		for h := range b.nh {
			r := ri[h]
			for a := range b.k {
				wt[b.c+a*b.nh+h] = r
				rs[b.c+a*b.nh+h] = 0
			}
			if math.IsNaN(q[h]) || r <= 0 {
				continue
			}
			// softmax(λy/pot) by log-sum-exp, one exponential per entry
			// (kept in rs until the sum is known).
			best := q[h]
			for a := 1; a < b.k; a++ {
				best = max(best, q[a*b.nh+h])
			}
			var sum float64
			for a := range b.k {
				e := expNeg((q[a*b.nh+h] - best) * scale)
				rs[b.c+a*b.nh+h] = e
				sum += e
			}
			inv := 1 / sum
			var col float64
			for a := range b.k {
				d := rs[b.c+a*b.nh+h]*inv - σ[a*b.nh+h]
				rs[b.c+a*b.nh+h] = d
				maxRes = max(maxRes, math.Abs(d))
				col += math.Abs(d)
			}
			wsum += r * col
			wtot += r
		}
	}
	if wtot > 0 {
		wRes = wsum / wtot
		// The merit's weights: each reached entry's share of the reach plus
		// a uniform part, so that information sets play hardly reaches
		// still count once the rest has converged.
		var reached float64
		for _, r := range wt {
			if r > 0 {
				reached++
			}
		}
		uni := uniformWeight / reached
		for i, r := range wt {
			if r > 0 {
				wt[i] = r/wtot + uni
			}
		}
	}
	return maxRes, wRes
}

// uniformWeight is the part of the merit spread evenly over the reached
// entries (the rest by reach).
const uniformWeight = 1e-3

// merit is ½ Σ w_i r_i², the line search's measure of the strategy
// residual r = softmax(λy/pot) − softmax(λx/pot), weighted mostly by the
// probability of reaching each entry's information set (so that
// information sets play hardly reaches, whose beliefs swing with λ, do not
// hold back the rest) and partly evenly (so that they are not ignored).
// Measured on strategies, not action values, so the action values of
// dominated actions, which move no probability, do not count. The Newton
// direction is a descent direction for it: along d, r changes by about −r.
func merit(f, wt []float64) float64 {
	var m float64
	for i, x := range f {
		m += wt[i] * x * x
	}
	return m / 2
}

// direction sets s.d to the Newton direction at x: the solution of
// (I − y'(x)) d = f by GMRES with exact products (tangent passes). Every
// entry takes part, however small its probability: an action's
// probability, tiny as it may be, sets the beliefs at the nodes below it,
// which play reaches only through such actions.
func (s *Solver) direction(x []float64, lambda, mx, wm, target float64, maxOnly bool, progress func(mx, wm float64) float64) {
	mv := func(v, out []float64) {
		s.product(x, v, lambda, out, true) // out = v − y'(x)·v
	}
	// The forcing term (Eisenstat & Walker 1996, "Choosing the forcing
	// terms in an inexact Newton method"; Params): 0.3·√r of the residual
	// r — superlinear convergence without over-solving far from the
	// solution (to λ = 100, 0.1·r took 40 % more products on the narrow
	// turn spot, a constant 0.1 20 % more on the river spot) — but no tighter
	// than what brings the residual to a share of the target in one step,
	// so the last step of a solve does not over-solve either. When only
	// the largest residual is left (the reach-weighted one is met), it sits
	// at information sets play hardly reaches, whose entries weigh little
	// in the linear residual's norm: then the solve is tighter, or the
	// Newton steps stall there (maxOnlyTol).
	par := &s.par
	p := progress(mx, wm)
	capT := par.ForcingCap
	if s.firstStep && par.ForcingFirst > 0 {
		capT = par.ForcingFirst
	}
	rtol := min(capT, max(1e-8, par.ForcingFactor*math.Pow(p, par.ForcingExponent), par.ForcingShare*target/p))
	if maxOnly {
		rtol = maxOnlyTol
	}
	s.lastKits, s.lastKrel = s.lin.solve(mv, s.f, s.d, rtol, 300)
	if par.TraceSolves != nil {
		par.TraceSolves("  linear solve: residual %.3g, rtol %.3g, %d products, relative %.3g", p, rtol, s.lastKits, s.lastKrel)
	}
}

// tangent sets dy = y'(x)·v: IP's strategy and its derivative
// (dσ_a = σ_a·scale·(v_a − Σ_b σ_b v_b)), then a tangent pass of OOP's
// logit response and one of IP's action values (each about two passes),
// in float32 where lowTangents allows it (see there), else in float64.
func (s *Solver) tangent(x, v []float64, lambda float64, dy []float64) {
	s.product(x, v, lambda, dy, false)
}

// product sets dy to y'(x)·v (tangent) or, with compl, to (I − y'(x))·v,
// the Newton system's product, written by the walker in one go.
func (s *Solver) product(x, v []float64, lambda float64, dy []float64, compl bool) {
	if s.mass == nil {
		panic("spotqre: a Jacobian–vector product before newtonInit (the evaluation kept no masses)")
	}
	scale := lambda / s.pot
	if !s.σAtSig1 {
		// IP's strategy at x (the Newton iteration's point, whose
		// probabilities eval kept in s.sig1), copied once per point: the
		// tangent passes do not change it; with it the float32 copies of
		// the point, when the products there are float32.
		for _, b := range s.ip {
			n := b.k * b.nh
			copy(s.σ[b.off:b.off+int64(n)], s.sig1[b.c:b.c+n])
		}
		s.σAtSig1 = true
		s.low = s.lowTangents(lambda)
		if s.low {
			s.lowWalker().setPoint(s.σ, s.q, s.mass, s.pot)
		} else {
			s.w.setPoint(nil, s.q, s.mass, s.pot)
		}
	}
	if s.low {
		w := s.w32
		w.scale, w.reachI = scale, nil
		w.dy, w.v, w.compl = dy, v, compl
		w.passT(spot.OOP, modeRespond)
		w.passT(spot.IP, modeQ)
		w.dy, w.v = nil, nil
	} else {
		w := s.w
		w.scale, w.reachI = scale, nil
		w.dy, w.v, w.compl = dy, v, compl
		w.passT(spot.OOP, modeRespond)
		w.passT(spot.IP, modeQ) // IP's dQ straight into dy (v where no beliefs)
		w.dy, w.v = nil, nil
	}
	s.products++
	s.stats.Products++
	s.checkInterrupt()
	if s.low {
		s.stats.LowProducts++
	}
}

// Float32 tangent products. A Jacobian–vector product only feeds the
// linear solve of an inexact Newton step, which stops at a relative
// residual of 10⁻³ or more (the forcing term of direction: at least about
// 1.4·10⁻³ for the default tolerance): a product with a relative error
// of 10⁻⁶ changes the step, not the fixed point, which the float64
// evaluations (the Newton residual y(x) − x, the line search, the
// criterion) decide. In float32 a pass moves half the bytes. The relative
// error of a float32 pass is about the number of roundings along a path
// of the tree times 2⁻²⁴ (TestLowTangentMatchesFloat64 measures it); it
// grows with the spread of the spectrum of I − y'(x) (about λ², K ≈ 227
// at λ = 10 on the full-range turn spot), since the product's error is relative
// to y'v, the solve's to (I − y')v. Where it could matter, the products
// stay float64:
//   - above lowLambdaMax, where K·2⁻²⁴ times the depth approaches the
//     forcing terms;
//   - when some information set's compatible mass (the belief's
//     denominator) is below lowMassMin: float32's normal range ends at
//     10⁻³⁸, and ratios of reaches that small, as on ghost lines at large
//     λ, lose their digits.
const (
	lowLambdaMax = 20
	lowMassMin   = 1e-24
)

// lowTangents says whether the products at the current point (the last
// evaluation's) are float32.
func (s *Solver) lowTangents(lambda float64) bool {
	if s.par.Float64Products || lambda > lowLambdaMax {
		return false
	}
	for _, m := range s.mass {
		if m > 0 && m < lowMassMin {
			return false
		}
	}
	return true
}

// lowWalker returns the float32 walker of the tangent products, allocated
// on first use (its own σ and dσ; its view of the point, setPoint).
func (s *Solver) lowWalker() *walker[float32] {
	if s.w32 == nil {
		g := s.g
		w := newWalker[float32](g, s.ar)
		w.σ, w.dσ = bigSlice[float32](s.ar, int(g.Size)), bigSlice[float32](s.ar, int(g.Size))
		w.coff = s.w.coff
		s.w32, s.dσ32 = w, w.dσ
	}
	return s.w32
}

// krylovBytes bounds the Krylov basis's memory (Params.Restart vectors at
// most).
const krylovBytes = 512 << 20

var errNoConvergence = errors.New("the Newton iteration did not converge")

// newton solves y(x) = x at λ from x (updated in place) until the
// reach-weighted mean residual is at most tolW and the largest at most
// tolMax, with at most maxIts iterations. Each iteration solves
// (I − y'(x)) d = y(x) − x by GMRES with directional derivatives of y, then
// backtracks on the merit. It returns the iterations used and the largest
// residual.
func (s *Solver) newton(x []float64, lambda, tolW, tolMax float64, maxIts int) (int, float64, error) {
	done := func(mx, wm float64) bool { return wm <= tolW && mx <= tolMax }
	// progress is the residual that sets the linear solves' accuracy, and
	// target the value it must reach.
	progress := func(mx, wm float64) float64 {
		if math.IsInf(tolW, 1) {
			return mx
		}
		return max(wm, mx*tolW/tolMax)
	}
	target := tolW
	if math.IsInf(tolW, 1) {
		target = tolMax
	}
	mx, wm := s.eval(x, lambda, s.y, s.wt, s.rs)
	s.sig1, s.sigT = s.sigT, s.sig1
	defer func() { s.lastW = wm }()
	for i := range s.f {
		s.f[i] = s.y[i] - x[i]
	}
	m := merit(s.rs, s.wt)
	m0 := m
	short := 0 // consecutive damped steps
	for it := 0; ; it++ {
		if done(mx, wm) {
			return it, mx, nil
		}
		if it == maxIts {
			return it, mx, errNoConvergence
		}
		// On the path, give up early on a step that is not converging
		// (Newton outside its region: damped steps, or a merit that has not
		// fallen tenfold in three iterations); a shorter step will do.
		if !math.IsInf(tolW, 1) && !s.patient && (short >= 2 || it >= 3 && m > 0.1*m0) {
			return it, mx, errNoConvergence
		}
		if s.opt.MaxProducts > 0 && s.products >= s.opt.MaxProducts {
			return it, mx, fmt.Errorf("spot QRE: at λ = %.6g: %d Jacobian–vector products used (the limit), largest residual %.3g", lambda, s.products, mx)
		}
		if s.rungLimit > 0 && s.products >= s.rungLimit {
			return it, mx, errNoConvergence
		}
		s.stats.Newton++
		s.firstStep = it == 0
		s.direction(x, lambda, mx, wm, target, wm <= tolW && !math.IsInf(tolW, 1), progress)
		// Backtracking on the merit (weights of the current point).
		t := 1.0
		accepted := false
		var mxT, wmT, mT float64
		for range 12 {
			for i := range s.xt {
				s.xt[i] = x[i] + t*s.d[i]
			}
			mxT, wmT = s.eval(s.xt, lambda, s.yt, s.wtT, s.rsT)
			for i := range s.ft {
				s.ft[i] = s.yt[i] - s.xt[i]
			}
			// The merit with the current point's weights.
			mT = merit(s.rsT, s.wt)
			if mT <= (1-1e-4*t)*m || done(mxT, wmT) {
				accepted = true
				break
			}
			t /= 2
		}
		if !accepted {
			return it + 1, mx, errNoConvergence
		}
		if t < 1 {
			short++
		} else {
			short = 0
		}
		copy(x, s.xt)
		// The trial point's y and f become the point's: swapped, not
		// copied (x is the caller's).
		s.y, s.yt = s.yt, s.y
		s.f, s.ft = s.ft, s.f
		s.wt, s.wtT = s.wtT, s.wt
		s.sig1, s.sigT = s.sigT, s.sig1
		s.rs, s.rsT = s.rsT, s.rs
		mx, wm, m = mxT, wmT, merit(s.rs, s.wt)
	}
}

// maxOnlyTol is the linear solves' tolerance when only the largest
// residual is above its bound (see direction): on the small turn spot of
// the tests, 0.03 stalled the path at λ = 28.7 and 10⁻² passed; 10⁻³ keeps
// a margin (to λ = 100 on the narrow turn spot it took 13 % more products
// than 10⁻² and a fifth fewer than 0.1·r).
const maxOnlyTol = 1e-3

// MemoryEstimate returns about the most bytes a Solver of g holds: four
// float64 and three float32 arrays of g.Size, the Krylov basis (up to 100
// vectors of IP's unknowns within 512 MiB, six more with the
// preconditioner) and three path points, plus the game itself. It is an
// upper estimate for admission (a server refusing a spot before it
// allocates), not a measurement.
func MemoryEstimate(g *spot.Game) int64 {
	var n1 int64 // IP's unknowns
	for i := range g.Nodes {
		if g.Player(int32(i)) == spot.IP {
			n1 += int64(g.Nodes[i].NumChildren) * int64(g.NumHands(spot.IP))
		}
	}
	basis := int64(100)
	if n1 > 0 {
		basis = min(basis, max(1, (512<<20)/(8*n1)))
	}
	return 4*8*g.Size + 3*4*g.Size + 8*n1*(basis+6+3) + g.FixedBytes()
}
