package cfr

import (
	"math"
	"time"

	"pokerlab/br"
	"pokerlab/efg"
)

// Point is one measurement of a run: the NashConv of the average profile
// after Iteration iterations.
type Point struct {
	Iteration int     `json:"iteration"`
	NashConv  float64 `json:"nash_conv"`
}

// Trace is the record of a run (Run, Compare).
type Trace struct {
	Algorithm  Algorithm
	Iterations int     // the solver's iteration count at the end
	NashConv   float64 // NashConv of the final average profile
	History    []Point // at the scheduled iterations, ascending; the last is the final one
	// Seconds is the wall time spent inside Iterate, evaluations excluded;
	// MicrosPerIteration is Seconds per iteration run, in µs.
	Seconds            float64
	MicrosPerIteration float64
	// Interrupted: RunOptions.Interrupt stopped the run before
	// RunOptions.Iterations; Iterations is where it stopped, and the last
	// point of History is the evaluation there.
	Interrupted bool
}

// Schedule returns the iterations (1…n, ascending, always ending with n) at
// which a run of n iterations is evaluated: every k-th when every = k > 0,
// otherwise about ten log-spaced points per decade (1, 2, 3, 4, 5, 6, 8, 10,
// 13, 16, 20, 25, 32, 40, 50, 63, 79, 100, …).
func Schedule(n, every int) []int {
	var out []int
	if n <= 0 {
		return out
	}
	if every > 0 {
		for k := every; k < n; k += every {
			out = append(out, k)
		}
		return append(out, n)
	}
	last := 0
	for j := 0; ; j++ {
		k := int(math.Round(math.Pow(10, float64(j)/10)))
		if k >= n {
			break
		}
		if k > last {
			out = append(out, k)
			last = k
		}
	}
	return append(out, n)
}

// RunOptions configures Run.
type RunOptions struct {
	// Iterations is the solver's iteration count to reach.
	Iterations int
	// Every sets the evaluation schedule (see Schedule; 0 means log-spaced).
	// Scheduled iterations the solver has already passed are skipped.
	Every int
	// Progress, if not nil, is called after every chunk of iterations (about
	// 200 per run) with the iteration reached and the latest evaluation.
	Progress func(iteration int, last Point)
	// Interrupt, if not nil, is asked before every iteration with the
	// iterations done; when it answers true the run stops there, between two
	// iterations, and evaluates the average profile at that point (see
	// Trace.Interrupted). A checkpoint written then continues the run bit
	// for bit: the evaluation reads the solver without changing it. It is
	// called once per iteration, so it must be cheap (a non-blocking
	// receive from a channel).
	Interrupt func(iteration int) bool
}

// Run advances s to o.Iterations iterations, evaluating the NashConv of the
// average profile (br.Evaluator) at the scheduled iterations. Evaluation uses
// two goroutines when the solver has Threads > 1 and the game two players.
func Run(s *Solver, o RunOptions) Trace {
	tr := Trace{Algorithm: s.opt.Algorithm}
	ev := newEvaluator(s.t, s.opt.Threads)
	start := s.iter
	chunk := max(1, (o.Iterations-start)/200)
	var elapsed time.Duration
	var last Point
	evaluate := func() {
		last = Point{Iteration: s.iter, NashConv: ev.nashConv(s)}
		tr.History = append(tr.History, last)
		if o.Progress != nil {
			o.Progress(s.iter, last)
		}
	}
schedule:
	for _, target := range Schedule(o.Iterations, o.Every) {
		if target <= s.iter {
			continue
		}
		for s.iter < target {
			n := min(chunk, target-s.iter)
			t0 := time.Now()
			stopped := iterate(s, n, o.Interrupt)
			elapsed += time.Since(t0)
			if stopped {
				tr.Interrupted = true
				if len(tr.History) == 0 || last.Iteration != s.iter {
					evaluate()
				}
				break schedule
			}
			if o.Progress != nil && s.iter < target {
				o.Progress(s.iter, last)
			}
		}
		evaluate()
	}
	tr.Iterations = s.iter
	if len(tr.History) > 0 {
		tr.NashConv = tr.History[len(tr.History)-1].NashConv
	} else {
		tr.NashConv = ev.nashConv(s)
	}
	tr.Seconds = elapsed.Seconds()
	if ran := s.iter - start; ran > 0 {
		tr.MicrosPerIteration = tr.Seconds * 1e6 / float64(ran)
	}
	return tr
}

// iterate runs n iterations of s, asking interrupt (if not nil) before each,
// and reports whether interrupt stopped it.
func iterate(s *Solver, n int, interrupt func(int) bool) bool {
	if interrupt == nil {
		s.Iterate(n)
		return false
	}
	for ; n > 0; n-- {
		if interrupt(s.iter) {
			return true
		}
		s.Iterate(1)
	}
	return false
}

// CompareOptions configures Compare.
type CompareOptions struct {
	Iterations int         // iterations per algorithm
	Every      int         // evaluation schedule (see Schedule)
	Base       Options     // options shared by all runs (Algorithm is replaced; Simultaneous applies to the deterministic ones only)
	Algorithms []Algorithm // the algorithms to run; nil means Algorithms()
	// Progress, if not nil, is called as in RunOptions, with the algorithm.
	Progress func(a Algorithm, iteration int, last Point)
}

// Compare runs each algorithm on t from scratch for o.Iterations iterations
// and returns one Trace per algorithm, in order. It is the library behind
// `pokerlab solve compare` and the report's convergence figures.
func Compare(t *efg.Tree, o CompareOptions) ([]Trace, error) {
	algs := o.Algorithms
	if algs == nil {
		algs = Algorithms()
	}
	out := make([]Trace, 0, len(algs))
	for _, a := range algs {
		opt := o.Base
		opt.Algorithm = a
		if a.Sampled() {
			opt.Simultaneous = false
		}
		s, err := New(t, opt)
		if err != nil {
			return nil, err
		}
		ro := RunOptions{Iterations: o.Iterations, Every: o.Every}
		if o.Progress != nil {
			ro.Progress = func(it int, last Point) { o.Progress(a, it, last) }
		}
		out = append(out, Run(s, ro))
	}
	return out, nil
}

// evaluator computes NashConv with br, optionally the two players' best
// responses on two goroutines (same arithmetic, same result).
type evaluator struct {
	e    [2]*br.Evaluator
	two  bool
	prof []float64
}

func newEvaluator(t *efg.Tree, threads int) *evaluator {
	ev := &evaluator{prof: make([]float64, t.NumActions())}
	ev.e[0] = br.NewEvaluator(t)
	if threads > 1 && t.NumPlayers() == 2 {
		ev.e[1] = br.NewEvaluator(t)
		ev.two = true
	}
	return ev
}

func (ev *evaluator) nashConv(s *Solver) float64 {
	p := s.Average(ev.prof)
	if !ev.two {
		return ev.e[0].NashConv(p)
	}
	// br.Evaluator.NashConv sums max(0, BR_p − v_p) over p = 0, 1; compute
	// the two best responses at once and add in the same order.
	done := make(chan float64, 1)
	go func() { done <- ev.e[1].BestResponseValue(p, 1) }()
	var v [2]float64
	ev.e[0].Values(p, v[:])
	br0 := ev.e[0].BestResponseValue(p, 0)
	br1 := <-done
	nc := 0.0
	nc += math.Max(0, br0-v[0])
	nc += math.Max(0, br1-v[1])
	return nc
}
