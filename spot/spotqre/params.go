package spotqre

import (
	"fmt"
	"math"
	"reflect"
)

// Params are the method's settings: how loosely the path is followed, how
// the ladder's rungs are solved, how accurately the Newton steps' linear
// systems are solved, and in what precision the products run. They change
// the work, not the QRE returned (every requested λ is solved to
// Options.Tolerance). The zero value is the default: a zero field means
// the default given with it (DefaultParams lists them all); a negative or
// NaN value is refused, except where a field says what it means.
type Params struct {
	// PathTolerance is the reach-weighted mean residual at which a point
	// of the path between the requested λ is accepted (default 1e-5).
	PathTolerance float64
	// PathMax is the largest residual of an accepted path point (default
	// 1e-4): with the weighted test alone an information set play hardly
	// reaches can drift out of the corrector's reach, and the path then
	// stops at a fold of another branch.
	PathMax float64

	// Continuation follows the plain continuation in λ, without the
	// ladder's rungs (Auto always does).
	Continuation bool
	// FirstRung is the λ of the ladder's first rung from uniform play
	// (default 10), and the scale of the rungs below it.
	FirstRung float64
	// HandOver is the reach-weighted residual at which the first rung's
	// Anderson iteration hands over to Newton (default 2·10⁻²: from
	// 10⁻² to 5·10⁻² Newton's part costs about the same, since its linear
	// solves must cover the same six decades, and Anderson's part falls).
	HandOver float64
	// WarmFirstRung starts the first rung's Anderson iteration from the
	// action values of uniform play instead of x = 0.
	WarmFirstRung bool
	// AndersonDepth is the number of differences Anderson's least squares
	// keep (default 15: as few evaluations as 20 at three quarters of the
	// vector work per iteration).
	AndersonDepth int
	// AndersonCheck: Anderson computes the strategy residual (twice a bare
	// evaluation) every this many iterations (default 4).
	AndersonCheck int
	// RungEvaluations bounds Anderson's evaluations on one rung (default
	// 300).
	RungEvaluations int
	// NoRescue turns off Anderson's rescue of a failed Newton-first rung:
	// the rung halves instead, as a continuation step does.
	NoRescue bool
	// AndersonFirst lets the ladder choose Anderson-first rungs by their
	// measured work per unit of ln λ; AndersonFromLast starts them from
	// the last point instead of the predictor. Off by default: they help
	// on the full-range turn spot and cost more on the narrow turn and
	// the river.
	AndersonFirst, AndersonFromLast bool
	// BackStep: when the point before the current one is more than 10 % of
	// λ below it, a point at λ·(1 − BackStep) is solved first, so that the
	// predictor extrapolates from nearby points (default 0.01; negative:
	// never).
	BackStep float64

	// KeepMomentum turns off the first-order iteration's gradient restart:
	// by default a step after which the momentum points against the
	// responses (⟨y − x, x − x_prev⟩ < 0) is followed by one without
	// momentum.
	KeepMomentum bool

	// The linear solves stop at the relative residual
	// min(ForcingCap, max(ForcingFactor·r^ForcingExponent,
	// ForcingShare·target/r)), r the Newton residual (Eisenstat & Walker
	// 1996; defaults 0.1, 0.3, 0.5, 0.3). ForcingShare is the share of the
	// target the last step's linear solve may leave: near the solution the
	// Newton residual after a step follows the linear one, so a step from
	// just above the target needs to gain only a little. ForcingFirst,
	// when positive, replaces ForcingCap in each Newton iteration's first
	// step (default 0: ForcingCap).
	ForcingCap, ForcingFactor, ForcingExponent, ForcingShare, ForcingFirst float64
	// Restart is the Krylov basis's size: GMRES restarts after this many
	// vectors, kept within 512 MB and at least 20 (default 100).
	Restart int
	// ChebMargin: the Chebyshev preconditioner's interval ends at this
	// times the largest Ritz value of the first GMRES steps, which
	// approaches the spectrum's top from below (default 1.15).
	ChebMargin float64
	// Float64Products keeps every Jacobian–vector product in float64 (by
	// default they are float32 up to λ = 20 while every belief's mass is at
	// least 10⁻²⁴).
	Float64Products bool

	// TraceRungs and TraceSolves, when set, receive a line per ladder rung
	// and per linear solve (diagnostics; they change nothing).
	TraceRungs, TraceSolves func(format string, args ...any)
}

// DefaultParams returns the defaults that zero fields of a Params stand
// for.
func DefaultParams() Params {
	return Params{
		PathTolerance:   1e-5,
		PathMax:         1e-4,
		FirstRung:       10,
		HandOver:        2e-2,
		AndersonDepth:   15,
		AndersonCheck:   4,
		RungEvaluations: 300,
		BackStep:        0.01,
		ForcingCap:      0.1,
		ForcingFactor:   0.3,
		ForcingExponent: 0.5,
		ForcingShare:    0.3,
		Restart:         100,
		ChebMargin:      1.15,
	}
}

// resolve checks p and returns it with every zero number replaced by its
// default. A negative or NaN number is an error naming the field (BackStep
// may be negative: no back point).
func (p Params) resolve() (Params, error) {
	d := DefaultParams()
	v, dv := reflect.ValueOf(&p).Elem(), reflect.ValueOf(d)
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		switch f.Kind() {
		case reflect.Float64:
			x := f.Float()
			if math.IsNaN(x) || math.IsInf(x, 0) || (x < 0 && name != "BackStep") {
				return p, fmt.Errorf("spot QRE parameter %s = %v: want a finite number ≥ 0 (0: the default %v)", name, x, dv.Field(i).Float())
			}
			if x == 0 {
				f.SetFloat(dv.Field(i).Float())
			}
		case reflect.Int:
			x := f.Int()
			if x < 0 {
				return p, fmt.Errorf("spot QRE parameter %s = %d: want a number ≥ 0 (0: the default %d)", name, x, dv.Field(i).Int())
			}
			if x == 0 {
				f.SetInt(dv.Field(i).Int())
			}
		}
	}
	return p, nil
}
