package equity

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"time"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// Method selects how equity is computed.
type Method int

const (
	// Auto enumerates exactly when that is estimated to be cheap (about a
	// second or less) and samples otherwise.
	Auto Method = iota
	// Exact enumerates every board (and every deal of the ranges).
	Exact
	// MonteCarlo samples deals and boards.
	MonteCarlo
)

func (m Method) String() string {
	switch m {
	case Exact:
		return "exact"
	case MonteCarlo:
		return "monte-carlo"
	}
	return "auto"
}

// Options configure Calculate. The zero value means: no board, no dead
// cards, Auto, Monte Carlo to a standard error of DefaultStdErr, seed 0,
// one thread.
type Options struct {
	Board cards.Set // known board cards: 0, 3, 4 or 5
	Dead  cards.Set // cards out of play
	// Method: Auto (zero value), Exact or MonteCarlo.
	Method Method
	// Samples stops Monte Carlo after this many deals (0: use StdErr).
	Samples int64
	// StdErr stops Monte Carlo at the first chunk boundary where every
	// player's standard error is at most StdErr (0 with Samples 0:
	// DefaultStdErr). MaxSamples still applies.
	StdErr float64
	// MaxSamples caps Monte Carlo (0: 10⁹).
	MaxSamples int64
	// Seed names the random stream: the same seed gives the same numbers for
	// any Threads.
	Seed uint64
	// Threads is the number of goroutines (0: 1; negative: all CPUs).
	Threads int
	// Labels name the players in error messages (e.g. their input text).
	Labels []string
	// Progress, when not nil, is called now and then with the work done and
	// the work expected in all: boards' shares for Exact, deals for Monte
	// Carlo (with a StdErr target, the deals the current standard error
	// says are needed, capped by MaxSamples). Calls come one at a time; the
	// results do not depend on it.
	Progress func(done, total int64)
}

// DefaultStdErr is the Monte Carlo stopping standard error when neither
// Samples nor StdErr is given.
const DefaultStdErr = 5e-4

// PlayerResult is one player's outcome. Equity is the expected share of the
// pot (a win counts 1, a k-way split 1/k); Win is the probability of winning
// alone and Tie of splitting; StdErr is the standard error of Equity (0 when
// exact).
type PlayerResult struct {
	Equity float64
	Win    float64
	Tie    float64
	StdErr float64
}

// Result is the outcome of Calculate.
type Result struct {
	Players []PlayerResult
	Method  Method // Exact or MonteCarlo (never Auto)
	// Boards is the number of boards enumerated (exact), counting every
	// member of a suit-symmetry orbit.
	Boards int64
	// Samples is the number of deals sampled (Monte Carlo).
	Samples int64
	// StdErr is the largest standard error of the players' equities.
	StdErr  float64
	Elapsed time.Duration
}

// exactBudget is the largest estimated work (hand evaluations plus booked
// deals) for which Auto enumerates: about a second.
const exactBudget = 4e8

// Calculate returns the pot-share equity of each player, given as ranges
// (use RangeOf for exact hole cards and RandomRange for a random hand).
// Combinations that clash with the board or dead cards are dropped; a deal
// is a choice of one combination per player sharing no card, drawn with
// probability proportional to the product of the weights; boards complete
// uniformly from the cards left.
func Calculate(ranges []*Range, opt Options) (Result, error) {
	start := time.Now()
	p, err := newProblem(ranges, opt.Labels, opt.Board, opt.Dead)
	if err != nil {
		return Result{}, err
	}
	if opt.Samples < 0 || opt.StdErr < 0 || math.IsNaN(opt.StdErr) || opt.MaxSamples < 0 {
		return Result{}, errors.New("equity: Samples, StdErr and MaxSamples must not be negative")
	}
	threads := opt.Threads
	switch {
	case threads == 0:
		threads = 1
	case threads < 0:
		threads = runtime.NumCPU()
	}
	method := opt.Method
	var (
		deals []int32
		dealW []float64
		en    *enumerator
	)
	exactOK := true
	if method != MonteCarlo {
		// Π of the range sizes bounds the deals; past maxDeals exact
		// enumeration is out of reach anyway, so skip listing them.
		bound := 1.0
		for _, pl := range p.players {
			bound *= float64(len(pl.combos))
		}
		if bound > maxDeals*float64(len(p.players)) {
			exactOK = false
		} else if !p.exactHands() {
			deals, dealW, exactOK = p.deals(maxDeals)
		}
		en = newEnumerator(p, stabilizer([]cards.Set{p.board, p.dead}, p.players))
	}
	if method == Auto {
		method = MonteCarlo
		if exactOK && p.exactWork(en, len(dealW)) <= exactBudget {
			method = Exact
		}
	}
	var res Result
	switch method {
	case Exact:
		if !exactOK {
			return Result{}, fmt.Errorf("equity: more than %d deals of the ranges: too many to enumerate, use Monte Carlo", maxDeals)
		}
		res = p.exact(en, deals, dealW, threads, opt.Progress)
	case MonteCarlo:
		res, err = p.monteCarlo(opt, threads)
		if err != nil {
			return Result{}, err
		}
	default:
		return Result{}, fmt.Errorf("equity: unknown method %d", method)
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// exactWork estimates the cost of exact enumeration in evaluations.
func (p *problem) exactWork(en *enumerator, numDeals int) float64 {
	boards := float64(en.numBoards()) / float64(en.gSize)
	if p.exactHands() {
		return boards * float64(len(p.players))
	}
	evals := 0
	for _, pl := range p.players {
		evals += len(pl.combos)
	}
	return boards * float64(evals+numDeals)
}

func (p *problem) exact(en *enumerator, deals []int32, dealW []float64, threads int, progress func(done, total int64)) Result {
	n := len(p.players)
	res := Result{Method: Exact, Boards: en.numBoards()}
	if p.exactHands() {
		holes := make([]handeval.Hand, n)
		for i, pl := range p.players {
			holes[i] = pl.combos[0].hand
		}
		sum := runHands(en, holes, threads, progress)
		res.Players = sum.results(n, shareUnit)
		return res
	}
	var hu *huPlan
	if n == 2 {
		hu = newHUPlan(p)
	}
	var sum tally[float64]
	en.run(threads, progress,
		func() boardVisitor { return newRangeVisitor(p, deals, dealW, hu) },
		func(bv boardVisitor) { sum.add(&bv.(*rangeVisitor).tally) })
	res.Players = sum.results(n, 1)
	return res
}
