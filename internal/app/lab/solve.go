package lab

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"pokerlab/spot"
	"pokerlab/spot/spotqre"
)

// SolveRequest says what to solve: a Nash equilibrium, QREs, or both
// (Nash first).
type SolveRequest struct {
	Nash *NashRequest `json:"nash,omitempty"`
	QRE  *QRERequest  `json:"qre,omitempty"`
}

// NashRequest configures a DCFR solve.
type NashRequest struct {
	// TargetPct is the exploitability to reach, % of the pot (0: 0.3).
	TargetPct float64 `json:"target_pct,omitempty"`
	// MaxIterations caps the iterations (0: 10,000).
	MaxIterations int `json:"max_iterations,omitempty"`
	// Threads over chance nodes (0: 1; at most the cores).
	Threads int `json:"threads,omitempty"`
}

// QRERequest configures QRE solves: at each λ of Lambdas (in pots), and
// at λ* when Auto is set (the λ where the QRE's exploitability is
// AutoPct % of the pot, 0: 0.1).
type QRERequest struct {
	Lambdas []float64 `json:"lambdas,omitempty"`
	Auto    bool      `json:"auto,omitempty"`
	AutoPct float64   `json:"auto_pct,omitempty"`
}

// Limits of a request.
const (
	maxIterations = 1_000_000
	maxLambdas    = 32
)

// check fills the defaults and refuses what cannot be solved.
func (r *SolveRequest) check() error {
	if r.Nash == nil && r.QRE == nil {
		return errorf(ErrInvalid, "nothing to solve: give nash, qre or both")
	}
	if n := r.Nash; n != nil {
		switch {
		case n.TargetPct == 0:
			n.TargetPct = 0.3
		case !(n.TargetPct > 0 && n.TargetPct < 100):
			return errorf(ErrInvalid, "nash.target_pct %v: want a percentage of the pot above 0 and below 100", n.TargetPct)
		}
		switch {
		case n.MaxIterations == 0:
			n.MaxIterations = 10_000
		case n.MaxIterations < 1 || n.MaxIterations > maxIterations:
			return errorf(ErrInvalid, "nash.max_iterations %d: want 1 to %d", n.MaxIterations, maxIterations)
		}
		switch {
		case n.Threads == 0:
			n.Threads = 1
		case n.Threads < 1 || n.Threads > runtime.NumCPU():
			return errorf(ErrInvalid, "nash.threads %d: want 1 to %d (the machine's cores)", n.Threads, runtime.NumCPU())
		}
	}
	if q := r.QRE; q != nil {
		if len(q.Lambdas) == 0 && !q.Auto {
			return errorf(ErrInvalid, "qre: give lambdas, auto or both")
		}
		if len(q.Lambdas) > maxLambdas {
			return errorf(ErrInvalid, "qre.lambdas: %d values, at most %d", len(q.Lambdas), maxLambdas)
		}
		for i, x := range q.Lambdas {
			if err := spotqre.CheckLambda(x); err != nil {
				return errorf(ErrInvalid, "qre.lambdas[%d]: %v", i, err)
			}
		}
		switch {
		case q.AutoPct == 0:
			q.AutoPct = 0.1
		case !(q.AutoPct > 0 && q.AutoPct < 100):
			return errorf(ErrInvalid, "qre.auto_pct %v: want a percentage of the pot above 0 and below 100", q.AutoPct)
		}
	}
	return nil
}

// job is a solve queued or running.
type job struct {
	e      *entry
	req    SolveRequest
	need   int64 // bytes held while running (beyond the spot's resident)
	cancel atomic.Bool
	done   chan struct{}
}

// need estimates what a solve holds while it runs, and the strategies it
// adds to the spot's resident bytes.
func need(g *spot.Game, r *SolveRequest) (running, kept int64) {
	n := 0
	if r.Nash != nil {
		running = g.MemoryEstimate(r.Nash.Threads) - g.FixedBytes()
		n++
	}
	if r.QRE != nil {
		running = max(running, spotqre.MemoryEstimate(g)-g.FixedBytes())
		n += len(r.QRE.Lambdas)
		if r.QRE.Auto {
			n++
		}
	}
	return running, int64(n) * 4 * g.Size
}

// Solve queues a solve of spot id for who. The spot's memory and the
// solve's are checked against the budget first.
func (l *Lab) Solve(id string, req SolveRequest, who string, admin bool) (SpotInfo, error) {
	if err := req.check(); err != nil {
		return SpotInfo{}, err
	}
	e, err := l.lookup(id)
	if err != nil {
		return SpotInfo{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return SpotInfo{}, errorf(ErrBusy, "the lab is stopping")
	}
	if e.job != nil {
		return SpotInfo{}, errorf(ErrBusy, "spot %s is %s: cancel it first (DELETE /api/spots/%s/solve)", id, e.status, id)
	}
	if !admin && e.owner != who && e.owner != "" {
		return SpotInfo{}, errorf(ErrForbidden, "spot %s was added by another client: add it yourself to solve it", id)
	}
	if e.g == nil {
		return SpotInfo{}, errorf(ErrNotFound, "spot %s was evicted meanwhile: try again", id)
	}
	if len(l.queue) >= l.cfg.MaxQueue {
		return SpotInfo{}, errorf(ErrQueueFull, "%d solves wait already: try again later", len(l.queue))
	}
	running, kept := need(e.g, &req)
	if tot := e.bytes + running + kept; tot > l.cfg.Memory {
		return SpotInfo{}, errorf(ErrTooBig, "the solve needs about %s with the spot; the lab's memory is %s (--lab-memory)", spot.FormatBytes(tot), spot.FormatBytes(l.cfg.Memory))
	}
	j := &job{e: e, req: req, need: running + kept, done: make(chan struct{})}
	e.job, e.status, e.err, e.lastSolve = j, "queued", "", req
	l.queue = append(l.queue, j)
	e.log.add(Event{Type: "queued", Position: len(l.queue), ETA: -1})
	l.cond.Broadcast()
	return e.infoLocked(l), nil
}

// Cancel stops spot id's solve (queued or running) and waits until it has
// stopped; it returns how long that took.
func (l *Lab) Cancel(id, who string, admin bool) (time.Duration, error) {
	start := time.Now()
	l.mu.Lock()
	e, ok := l.spots[id]
	if !ok {
		l.mu.Unlock()
		return 0, errorf(ErrNotFound, "no spot %q in the lab", id)
	}
	if !admin && e.owner != who && e.owner != "" {
		l.mu.Unlock()
		return 0, errorf(ErrForbidden, "spot %s was added by another client", id)
	}
	j := e.job
	if j == nil {
		l.mu.Unlock()
		return 0, errorf(ErrInvalid, "spot %s has no solve to cancel (it is %s)", id, e.status)
	}
	l.cancelLocked(e)
	l.mu.Unlock()
	<-j.done
	return time.Since(start), nil
}

// cancelLocked cancels e's job: a queued one leaves the queue now, a
// running one stops at its next check.
func (l *Lab) cancelLocked(e *entry) {
	j := e.job
	if j == nil {
		return
	}
	j.cancel.Store(true)
	for i, q := range l.queue {
		if q == j {
			l.queue = append(l.queue[:i], l.queue[i+1:]...)
			e.finishLocked(l, "cancelled", "cancelled before it started")
			l.cond.Broadcast()
			return
		}
	}
}

// finishLocked ends e's job with status (solved, cancelled, failed).
func (e *entry) finishLocked(l *Lab, status, msg string) {
	j := e.job
	if j == nil {
		return
	}
	e.job, e.status = nil, status
	ev := Event{Type: "done", ETA: 0}
	switch status {
	case "cancelled":
		ev.Type, ev.Message = "cancelled", msg
	case "failed":
		ev.Type, ev.Message = "error", msg
		e.err = msg
	}
	e.log.add(ev)
	close(j.done)
	l.cond.Broadcast()
}

// worker runs queued solves until the lab closes.
func (l *Lab) worker() {
	defer l.wg.Done()
	l.mu.Lock()
	for {
		for !l.closed && len(l.queue) == 0 {
			l.cond.Wait()
		}
		if l.closed {
			l.mu.Unlock()
			return
		}
		j := l.queue[0]
		// Room for the solve: evict idle spots; wait while running solves
		// hold the memory.
		if err := l.makeRoomLocked(j.need, j.e); err != nil {
			if l.runningLocked() == 0 {
				l.queue = l.queue[1:]
				j.e.finishLocked(l, "failed", err.Error())
				continue
			}
			l.cond.Wait()
			continue
		}
		l.queue = l.queue[1:]
		for i, q := range l.queue {
			q.e.log.add(Event{Type: "queued", Position: i + 1, ETA: -1})
		}
		j.e.status = "solving"
		l.used += j.need
		l.mu.Unlock()
		status, msg := l.run(j)
		l.mu.Lock()
		l.used -= j.need
		if l.spots[j.e.id] == j.e {
			l.chargeLocked(j.e, residentOf(j.e))
		} else { // deleted while it ran
			l.chargeLocked(j.e, 0)
			status = "cancelled"
		}
		if status == "solved" && l.cfg.Dir != "" && l.spots[j.e.id] == j.e {
			l.mu.Unlock()
			_, err := l.Save(j.e.id, "", true)
			l.mu.Lock()
			if err != nil {
				status, msg = "failed", "solved, but saving to the library failed: "+err.Error()
			}
		}
		j.e.finishLocked(l, status, msg)
	}
}

// runningLocked counts the solves running.
func (l *Lab) runningLocked() int {
	n := 0
	for _, e := range l.spots {
		if e.job != nil && e.status == "solving" {
			n++
		}
	}
	return n
}

// run solves j; the results go into the spot as they come.
func (l *Lab) run(j *job) (status, msg string) {
	e := j.e
	g := e.g
	defer func() {
		if p := recover(); p != nil {
			status, msg = "failed", fmt.Sprintf("internal error: %v", p)
		}
	}()
	if r := j.req.Nash; r != nil {
		s, err := spot.NewSolver(g, spot.SolveOptions{Threads: r.Threads}, 0)
		if err != nil {
			return "failed", err.Error()
		}
		var hist []spot.Progress
		last := s.Solve(spot.Stop{TargetPercent: r.TargetPct, Iterations: r.MaxIterations, Every: 10,
			Interrupt: func(int) bool { return j.cancel.Load() }}, func(p spot.Progress) {
			hist = append(hist, p)
			x, pct := p.Exploitability, p.Percent
			e.log.add(Event{Type: "progress", Phase: "nash", Iteration: p.Iteration, Exploitability: &x, Percent: &pct,
				Seconds: p.Elapsed.Seconds(), ETA: nashETA(hist, r.TargetPct, r.MaxIterations)})
		})
		if last.Interrupted {
			s.Close()
			return "cancelled", fmt.Sprintf("cancelled at iteration %d (%.3g%% of the pot)", last.Iteration, last.Percent)
		}
		σ := s.Finalize()
		sol := &solution{σ: σ, eval: g.Evaluate(σ), iters: s.Iterations(), seconds: s.Elapsed().Seconds()}
		l.mu.Lock()
		e.nash = sol
		if l.spots[e.id] == e {
			l.chargeLocked(e, residentOf(e))
		}
		l.mu.Unlock()
	}
	if r := j.req.QRE; r != nil {
		start := time.Now()
		var track *qreETA // the phase under way: the λ* search, then the list
		emit := func(p spotqre.PathPoint) {
			p.Seconds = time.Since(start).Seconds()
			ev := Event{Type: "progress", Phase: "qre", Lambda: p.Lambda, Seconds: p.Seconds}
			if !math.IsNaN(p.Exploitability) {
				x, pct := p.Exploitability, p.Percent
				ev.Exploitability, ev.Percent = &x, &pct
			}
			ev.ETA, ev.LambdaTarget = track.add(p)
			e.log.add(ev)
		}
		opt := spotqre.Options{Interrupt: j.cancel.Load, Progress: emit}
		keep := func(res *spotqre.Result, star bool) {
			sol := &solution{σ: res.Strategy(), eval: res.Evaluation, lambda: res.Lambda, resid: res.Residual, star: star,
				seconds: time.Since(start).Seconds()}
			l.mu.Lock()
			e.addQRELocked(sol)
			if star {
				e.star = res.Lambda
			}
			if l.spots[e.id] == e {
				l.chargeLocked(e, residentOf(e))
			}
			l.mu.Unlock()
		}
		if r.Auto {
			s, err := spotqre.NewSolver(g, opt)
			if err != nil {
				return "failed", err.Error()
			}
			track = &qreETA{pot: float64(g.Spot.Pot), target: r.AutoPct / 100 * float64(g.Spot.Pot)}
			a, err := s.Auto(r.AutoPct / 100)
			if err != nil {
				return qreStatus(err)
			}
			path := make([]PathPoint, 0, len(a.Path))
			for _, p := range a.Path {
				if p.Lambda > 0 && !math.IsNaN(p.Exploitability) {
					path = append(path, PathPoint{p.Lambda, p.Exploitability, p.Percent})
				}
			}
			l.mu.Lock()
			e.path = path
			l.mu.Unlock()
			keep(a.Result, true)
		}
		if len(r.Lambdas) > 0 {
			s, err := spotqre.NewSolver(g, opt)
			if err != nil {
				return "failed", err.Error()
			}
			// One λ at a time, in increasing order along one path (as
			// Solver.Solve does with the list), so that each result is
			// kept, and its exploitability shown, as soon as it is found.
			start = time.Now()
			order := slices.Clone(r.Lambdas)
			slices.Sort(order)
			order = slices.Compact(order)
			track = &qreETA{pot: float64(g.Spot.Pot), lambdas: order}
			for _, lam := range order {
				res, err := s.Solve([]float64{lam})
				if err != nil {
					return qreStatus(err)
				}
				x := res[0]
				keep(x, false)
				l.mu.Lock()
				e.addPathLocked(PathPoint{x.Lambda, x.Evaluation.Exploitability, x.Evaluation.Percent})
				l.mu.Unlock()
				emit(spotqre.PathPoint{Lambda: x.Lambda, Residual: x.Residual, Exploitability: x.Evaluation.Exploitability, Percent: x.Evaluation.Percent})
			}
		}
	}
	return "solved", ""
}

func qreStatus(err error) (string, string) {
	if errors.Is(err, spotqre.ErrInterrupted) {
		return "cancelled", "cancelled during the QRE"
	}
	return "failed", err.Error()
}

// addPathLocked adds a measured point to the exploitability path (sorted
// by λ, one point per λ).
func (e *entry) addPathLocked(p PathPoint) {
	for i, q := range e.path {
		if q.Lambda == p.Lambda {
			e.path[i] = p
			return
		}
		if q.Lambda > p.Lambda {
			e.path = append(e.path[:i], append([]PathPoint{p}, e.path[i:]...)...)
			return
		}
	}
	e.path = append(e.path, p)
}

// nashETA extrapolates the seconds left to the target from the checks so
// far (see the package doc), -1 when unknown.
func nashETA(hist []spot.Progress, target float64, maxIter int) float64 {
	n := len(hist)
	if n < 3 {
		return -1
	}
	a, b := hist[n-2], hist[n-1]
	if b.Percent <= target {
		return 0
	}
	if a.Iteration <= 0 || b.Iteration <= a.Iteration || !(a.Percent > b.Percent) || b.Iteration == 0 {
		return -1
	}
	s := math.Log(a.Percent/b.Percent) / math.Log(float64(b.Iteration)/float64(a.Iteration))
	if !(s > 0) {
		return -1
	}
	iters := float64(b.Iteration) * math.Pow(b.Percent/target, 1/s)
	iters = min(iters, float64(maxIter))
	per := b.Elapsed.Seconds() / float64(b.Iteration)
	return max(0, (iters-float64(b.Iteration))*per)
}
