package serve

import (
	"context"
	"crypto/rand"
	"net/http"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Replicas: several `pokerlab serve` processes share one PostgreSQL
// database. Each table is run by one process, the holder of its lease row
// (store.ClaimTables); the holder renews its leases every TTL/3
// (store.Heartbeat). A process that dies stops renewing; once its leases
// expire (TTL, `--lease-timeout`) the others claim its tables, each in a
// new epoch, and resume them from the stored state: the hand that was
// interrupted is void, every chip back where the last stored hand left it.
// A process that finds a table of its own taken over (its heartbeat no
// longer returns it, or storing a hand is refused) stops that table at
// once without storing anything more. A process whose heartbeats fail
// for a whole TTL stops all its tables, since others may have claimed
// them; when the database answers again it releases the leases it still
// holds on them, so that they are claimed and resumed (by it or another)
// rather than renewed for tables nobody runs. A request for a table another process runs is forwarded to that
// process (the lease row's address), so a load balancer may route by
// table id for efficiency but need not.

// RunLeases claims the tables without a live lease, resumes them, and
// keeps renewing the leases, until ctx ends; then it stops the tables and
// releases their leases so that others take them at once.
func (s *Server) RunLeases(ctx context.Context, st *DBStorage) {
	every := max(st.TTL/3, 10*time.Millisecond)
	lastOK := time.Now()
	// stopped: tables this server stopped when it lost the database.
	// Their lease rows may still name it, and the next heartbeat would
	// renew them for tables nobody runs; so once the database answers
	// again they are released, for any server (this one too) to claim.
	var stopped []string
	for {
		s.claim(ctx, st)
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
		// The tables to judge are those running before the heartbeat:
		// their lease rows were committed before it (a table's row is
		// written before the manager runs it), so the heartbeat returns
		// each that is still ours. A table created or claimed while the
		// heartbeat runs is not in its answer and must not count as lost:
		// dropping it would leave a table nobody runs under a lease this
		// process keeps renewing (seen on a loaded machine).
		before := s.mgr.IDs()
		hctx, cancel := context.WithTimeout(ctx, every)
		held, err := st.DB.Heartbeat(hctx, st.Owner, st.TTL)
		cancel()
		if s.afterHeartbeat != nil {
			held, err = s.afterHeartbeat(held, err)
		}
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			s.log.Error("lease heartbeat failed", "err", err)
			if time.Since(lastOK) > st.TTL {
				for _, id := range s.mgr.IDs() {
					s.mgr.Drop(ctx, id, "this server lost the database: its leases expired")
					stopped = append(stopped, id)
				}
			}
			continue
		}
		lastOK = time.Now()
		if len(stopped) > 0 {
			rctx, cancel := context.WithTimeout(ctx, every)
			err := st.DB.ReleaseTables(rctx, st.Owner, stopped)
			cancel()
			if err != nil {
				s.log.Error("releasing the leases of stopped tables failed", "err", err)
			} else {
				stopped = stopped[:0]
			}
		}
		for _, id := range before {
			if _, ok := slices.BinarySearch(held, id); !ok && s.mgr.Has(id) {
				s.log.Warn("lease lost: another server runs the table now", "table", id)
				s.mgr.Drop(ctx, id, "another server took the table over")
			}
		}
	}
}

// claim takes over the tables whose leases expired and resumes them.
func (s *Server) claim(ctx context.Context, st *DBStorage) {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	ids, err := st.DB.ClaimTables(cctx, st.Owner, st.Address, st.TTL)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("claiming tables failed", "err", err)
		}
		return
	}
	for _, id := range ids {
		if s.mgr.Has(id) {
			continue
		}
		rec, err := st.LoadTable(cctx, id)
		if err == nil {
			_, err = s.mgr.Resume(rec)
		}
		if err != nil {
			s.log.Error("resuming a table failed", "table", id, "err", err)
		}
	}
}

// forwardedHeader marks a request forwarded to the table's holder, so that
// it is never forwarded twice.
const forwardedHeader = "X-Pokerlab-Forwarded"

// forward sends a request for a table this process does not run to the
// process that does, if a lease says which; it reports whether it did.
func (s *Server) forward(w http.ResponseWriter, r *http.Request, id string) bool {
	if s.cfg.Lookup == nil || r.Header.Get(forwardedHeader) != "" || s.mgr.Has(id) {
		return false
	}
	addr, ok := s.cfg.Lookup(r.Context(), id)
	if !ok || addr == "" || addr == s.cfg.Self {
		return false
	}
	target, err := url.Parse(addr)
	if err != nil || target.Host == "" {
		return false
	}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			// Signed with the secret replicas share: the holder then knows
			// that this server already limited the client.
			id := make([]byte, 16)
			rand.Read(id)
			pr.Out.Header.Set(forwardedHeader, s.sess.sign(id))
			pr.Out.Host = pr.In.Host
		},
		FlushInterval: -1, // event streams pass through at once
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			writeError(w, http.StatusServiceUnavailable, "the server running table "+id+" does not answer; retry shortly (another server takes it over)")
		},
	}
	proxy.ServeHTTP(w, r)
	return true
}

// tableID returns the table id of an /api/tables/{id}... path, or "".
func tableID(path string) string {
	rest, ok := strings.CutPrefix(path, "/api/tables/")
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, "/")
	return id
}
