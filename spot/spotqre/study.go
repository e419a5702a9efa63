package spotqre

import (
	"math"
	"slices"
	"time"

	"pokerlab/spot"
)

// StudyOptions configure Run.
type StudyOptions struct {
	// Nash is a Nash strategy of the spot to compare with; nil solves one
	// with DCFR to NashTargetPct.
	Nash spot.Strategy
	// NashTargetPct is the exploitability of the DCFR solve, % of the pot
	// (0: 0.05).
	NashTargetPct float64
	// TargetPct is the QRE's exploitability at λ*, % of the pot (0: 0.1).
	TargetPct float64
	// Tolerance is the QRE's (0: DefaultTolerance).
	Tolerance float64
	// Lambdas are more λ to compare, besides λ*.
	Lambdas []float64
	// Extend follows the path beyond λ* to these multiples of λ* (their
	// exploitability joins the path, for the c/λ fit).
	Extend []float64
	// FitFrom is the smallest λ of the c/λ fit as a fraction of λ* (0:
	// 1/4).
	FitFrom float64
	Compare CompareOptions
	// Progress sees every accepted point of the QRE's path, NashProgress
	// every exploitability check of the DCFR solve.
	Progress     func(PathPoint)
	NashProgress func(spot.Progress)
	// Params are the QRE solver's settings (the zero value: the defaults).
	Params Params
	// Method is the QRE solver's (Options.Method).
	Method Method
	// Threads is the number of goroutines of the DCFR solve and of the
	// QRE's float32 passes (≤ 1: one); the answers are the same for any.
	Threads int
}

// Study is the comparison of a spot's QRE with a Nash equilibrium: what
// pokerlab spot compare prints and the report shows.
type Study struct {
	Game        *spot.Game
	Nash        spot.Strategy
	NashEval    spot.Evaluation
	NashIters   int     // DCFR iterations (0 when given)
	NashSeconds float64 // DCFR time
	Auto        *Auto
	// Results are the QREs compared: λ* first, then Lambdas in order.
	Results     []*Result
	Comparisons []*Comparison
	// Path is exploitability against λ: Auto's path and the extension,
	// ordered by λ.
	Path []PathPoint
	// C and Slope fit the path's exploitability to c/λ (FitInverse) over
	// FitPoints points with λ ≥ FitFrom.
	C, Slope  float64
	FitPoints int
	FitFrom   float64
	// ExtendError says why the path stopped short of a multiple of λ* in
	// Extend ("" when every one was solved).
	ExtendError string
	Stats       Stats
	QRESeconds  float64
}

// Run solves Nash (unless given) and the QRE at λ*, at the multiples
// Extend of λ* and at Lambdas, fits the exploitability to c/λ, and compares
// each QRE with Nash.
func Run(g *spot.Game, opt StudyOptions) (*Study, error) {
	if opt.NashTargetPct == 0 {
		opt.NashTargetPct = 0.05
	}
	if opt.TargetPct == 0 {
		opt.TargetPct = 0.1
	}
	if opt.FitFrom == 0 {
		opt.FitFrom = 0.25
	}
	st := &Study{Game: g, Nash: opt.Nash}
	if st.Nash == nil {
		start := time.Now()
		s, err := spot.NewSolver(g, spot.SolveOptions{Threads: opt.Threads}, 0)
		if err != nil {
			return nil, err
		}
		last := s.Solve(spot.Stop{TargetPercent: opt.NashTargetPct, Iterations: 1 << 20}, opt.NashProgress)
		st.NashIters = last.Iteration
		st.Nash = s.Finalize()
		s.Close()
		st.NashSeconds = time.Since(start).Seconds()
	}
	st.NashEval = g.Evaluate(st.Nash)
	start := time.Now()
	qs, err := NewSolver(g, Options{Tolerance: opt.Tolerance, Progress: opt.Progress, Params: opt.Params, Method: opt.Method, Threads: opt.Threads})
	if err != nil {
		return nil, err
	}
	if st.Auto, err = qs.Auto(opt.TargetPct / 100); err != nil {
		return nil, err
	}
	st.Results = append(st.Results, st.Auto.Result)
	st.Path = slices.Clone(st.Auto.Path)
	var ext []float64
	for _, m := range opt.Extend {
		ext = append(ext, m*st.Auto.Lambda)
	}
	// The extension only adds points to the fit: where the path cannot be
	// followed that far, the study keeps the points it has and says why.
	for _, l := range ext {
		rs, err := qs.Solve([]float64{l})
		if err != nil {
			st.ExtendError = err.Error()
			break
		}
		r := rs[0]
		st.Path = append(st.Path, PathPoint{Lambda: r.Lambda, Residual: r.Residual, Exploitability: r.Evaluation.Exploitability, Percent: r.Evaluation.Percent})
	}
	if len(opt.Lambdas) > 0 {
		rs, err := qs.Solve(opt.Lambdas)
		if err != nil {
			return nil, err
		}
		st.Results = append(st.Results, rs...)
		for _, r := range rs {
			st.Path = append(st.Path, PathPoint{Lambda: r.Lambda, Residual: r.Residual, Exploitability: r.Evaluation.Exploitability, Percent: r.Evaluation.Percent})
		}
	}
	st.QRESeconds = time.Since(start).Seconds()
	st.Stats = qs.Stats()
	slices.SortStableFunc(st.Path, func(a, b PathPoint) int {
		switch {
		case a.Lambda < b.Lambda:
			return -1
		case a.Lambda > b.Lambda:
			return 1
		}
		return 0
	})
	st.FitFrom = opt.FitFrom * st.Auto.Lambda
	st.C, st.Slope, st.FitPoints = FitInverse(st.Path, float64(g.Spot.Pot), st.FitFrom)
	nash := Normalize(g, st.Nash)
	np := Analyze(g, nash)
	for _, r := range st.Results {
		qp := Analyze(g, r.Sigma)
		st.Comparisons = append(st.Comparisons, Compare(g, nash, r.Sigma, r.Lambda, np, qp, opt.Compare))
	}
	return st, nil
}

// GhostGridNode returns the ghost node to draw: the one where the Nash
// strategy loses most among those the QRE reaches with probability at
// least minReach (so that its grid has hands in it), or -1.
func (c *Comparison) GhostGridNode(minReach float64) int32 {
	best, at := math.Inf(-1), int32(-1)
	for _, d := range c.Nodes {
		if d.Ghost && d.QREReach >= minReach && d.NashLoss > best {
			best, at = d.NashLoss, d.Node
		}
	}
	return at
}
