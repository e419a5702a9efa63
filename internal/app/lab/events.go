package lab

import (
	"context"
	"sync"
)

// Event is what a spot's event stream says: the solve's status and
// progress.
type Event struct {
	// ID increases by one per event of the spot (resume after it).
	ID int64 `json:"id"`
	// Type is queued, progress, done, cancelled or error.
	Type string `json:"type"`
	// Phase is nash or qre (progress).
	Phase string `json:"phase,omitempty"`
	// Position in the queue (queued).
	Position int `json:"position,omitempty"`
	// Iteration (Nash), Lambda (QRE: the λ reached), the exploitability
	// in chips and % of the pot (NaN-free: omitted when not measured),
	// seconds since the phase began and the ETA in seconds (-1 unknown).
	// LambdaTarget is the λ a QRE's ETA aims at: λ* as the c/λ fit of the
	// path predicts it, or the largest λ of the list (omitted: unknown).
	Iteration      int      `json:"iteration,omitempty"`
	Lambda         float64  `json:"lambda,omitempty"`
	LambdaTarget   float64  `json:"lambda_target,omitempty"`
	Exploitability *float64 `json:"exploitability,omitempty"`
	Percent        *float64 `json:"percent,omitempty"`
	Seconds        float64  `json:"seconds"`
	ETA            float64  `json:"eta"`
	// Message explains cancelled and error events.
	Message string `json:"message,omitempty"`
}

// maxLog is the number of events kept per spot; older ones are dropped
// (a client resuming before them gets the status afresh).
const maxLog = 4096

// eventLog is a spot's bounded event log with a broadcast of changes.
type eventLog struct {
	mu      sync.Mutex
	events  []Event
	next    int64
	changed chan struct{}
	closed  bool
}

func (g *eventLog) add(ev Event) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.next++
	ev.ID = g.next
	if len(g.events) == maxLog {
		copy(g.events, g.events[maxLog/2:])
		g.events = g.events[:maxLog-maxLog/2]
	}
	g.events = append(g.events, ev)
	if g.changed != nil {
		close(g.changed)
		g.changed = nil
	}
}

func (g *eventLog) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	if g.changed != nil {
		close(g.changed)
		g.changed = nil
	}
}

// since returns the events after id (all kept if id is older than the
// log) and a channel closed at the next change; closed reports a deleted
// spot.
func (g *eventLog) since(id int64) (evs []Event, wait <-chan struct{}, closed bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for i := range g.events {
		if g.events[i].ID > id {
			evs = append(evs, g.events[i:]...)
			break
		}
	}
	if g.changed == nil {
		g.changed = make(chan struct{})
	}
	return evs, g.changed, g.closed
}

// Events returns spot id's events after last, waiting up to ctx for new
// ones when there are none; done reports that the spot was deleted.
func (l *Lab) Events(ctx context.Context, id string, last int64) (evs []Event, done bool, err error) {
	l.mu.Lock()
	e, ok := l.spots[id]
	l.mu.Unlock()
	if !ok {
		return nil, true, errorf(ErrNotFound, "no spot %q in the lab", id)
	}
	evs, wait, closed := e.log.since(last)
	if len(evs) > 0 || closed {
		return evs, closed, nil
	}
	select {
	case <-ctx.Done():
		return nil, false, nil
	case <-wait:
	}
	evs, _, closed = e.log.since(last)
	return evs, closed, nil
}
