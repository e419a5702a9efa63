package serve

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"pokerlab/internal/app/table"
)

// Quotas: what one client may make the server do, so that a server on a
// public address cannot be exhausted by one visitor (see Config).
//
//   - at most MaxTables tables in all: 429 beyond, with the limit named;
//   - a browser session at most MaxTablesPerSession running tables (403)
//     and TablesPerMinute new ones, counted for the session and for its
//     address (429): minting sessions does not multiply the budget;
//   - a table without a human seat deals at most MaxNPCHands hands unless
//     an operator creates it (403): an NPC-only table that deals forever
//     fills the database;
//   - a table with a human seat, or created by a session, ends after
//     IdleTimeout without a request for it, and says why.

// admit checks the quotas for a table c wants to create.
func (s *Server) admit(c identity, cfg *table.Config) error {
	if n := s.mgr.Open(); n >= s.cfg.MaxTables {
		return &httpError{http.StatusTooManyRequests, fmt.Sprintf("the server runs %d tables, its maximum (--max-tables %d): try again later", n, s.cfg.MaxTables)}
	}
	if cfg.Humans() == 0 && c.kind != operator && (cfg.Hands <= 0 || cfg.Hands > s.cfg.MaxNPCHands) {
		return &httpError{http.StatusForbidden, fmt.Sprintf("hands %d: a table without a human seat deals 1 to %d hands (--max-npc-hands) unless an operator creates it", cfg.Hands, s.cfg.MaxNPCHands)}
	}
	if c.kind != session {
		return nil
	}
	if n := s.mgr.CountCreated(c.creator()); n >= s.cfg.MaxTablesPerSession {
		return &httpError{http.StatusForbidden, fmt.Sprintf("this session runs %d tables, the most one may (--max-tables-per-session %d): close one first", n, s.cfg.MaxTablesPerSession)}
	}
	// Both buckets are charged, so that neither a session nor an address
	// gets around the other.
	okIP := s.creates.allow("ip:" + c.ip)
	okSession := s.creates.allow("s:" + c.id)
	if !okIP || !okSession {
		return &httpError{http.StatusTooManyRequests, fmt.Sprintf("at most %g new tables a minute from one client (--tables-per-minute): wait", s.cfg.TablesPerMinute)}
	}
	return nil
}

// touch records a request for table id.
func (s *Server) touch(id string) {
	now := time.Now().UnixNano()
	if v, ok := s.seen.Load(id); ok {
		v.(*atomic.Int64).Store(now)
		return
	}
	var a atomic.Int64
	a.Store(now)
	if v, loaded := s.seen.LoadOrStore(id, &a); loaded {
		v.(*atomic.Int64).Store(now)
	}
}

// lastSeen returns when a client last asked for table id, recording now for
// a table never asked for (one resumed after a restart gets the whole
// timeout).
func (s *Server) lastSeen(id string, now time.Time) time.Time {
	v, ok := s.seen.Load(id)
	if !ok {
		s.touch(id)
		return now
	}
	return time.Unix(0, v.(*atomic.Int64).Load())
}

// idleSubject reports whether the idle timeout applies to a table: one
// with a human seat, or one a browser session created (an operator's
// NPC-only table runs until its hands are dealt or it is closed).
func idleSubject(cfg *table.Config) bool {
	return cfg.Humans() > 0 || strings.HasPrefix(cfg.Creator, "session:")
}

// closeIdle ends the tables idle for longer than IdleTimeout; it returns
// how many it closed.
func (s *Server) closeIdle(ctx context.Context, now time.Time) int {
	n := 0
	for _, id := range s.mgr.IDs() {
		t, err := s.mgr.Get(id)
		if err != nil {
			continue
		}
		cfg := t.Config()
		if !idleSubject(&cfg) {
			continue
		}
		if idle := now.Sub(s.lastSeen(id, now)); idle > s.cfg.IdleTimeout {
			why := fmt.Sprintf("no request for %v (the server's --idle-timeout): the table ended", s.cfg.IdleTimeout)
			if err := s.mgr.CloseFor(ctx, id, why); err != nil {
				s.log.Warn("closing an idle table", "table", id, "err", err)
				continue
			}
			s.seen.Delete(id)
			n++
		}
	}
	return n
}

// runIdle closes idle tables until the server stops.
func (s *Server) runIdle() {
	if s.cfg.IdleTimeout < 0 {
		return
	}
	every := min(s.cfg.IdleTimeout/4, time.Minute)
	tick := time.NewTicker(max(every, time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-s.stopped:
			return
		case now := <-tick.C:
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			s.closeIdle(ctx, now)
			cancel()
		}
	}
}
