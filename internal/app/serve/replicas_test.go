package serve

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestTableCreatedDuringHeartbeatIsNotDropped: a table created while a
// lease heartbeat runs is not in that heartbeat's answer, yet its lease is
// this server's; the check after the heartbeat must not take it for lost
// (the server would stop it while renewing its lease for ever, so that no
// server ran it — found by TestReplicaTakeover on a loaded machine).
func TestTableCreatedDuringHeartbeatIsNotDropped(t *testing.T) {
	st := newSQLite(t)
	st.TTL = 60 * time.Millisecond
	ts := newTestServer(t, Config{Storage: st})
	created := make(chan string, 1)
	after := make(chan struct{}, 100) // heartbeats after the creation
	var id string                     // written by RunLeases's goroutine before created is sent
	ts.afterHeartbeat = func(held []string, err error) ([]string, error) {
		if id != "" {
			select {
			case after <- struct{}{}:
			default:
			}
			return held, err
		}
		c := ts.create(`{"small_blind":1,"big_blind":2,"stack":50,"seed":1,
			"seats":[{"name":"A","profile":"tag"},{"name":"B","profile":"calling-station"}]}`)
		id = c.TableID
		created <- id
		return held, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); ts.RunLeases(ctx, st) }()
	defer func() { cancel(); <-done }()
	select {
	case <-created:
	case <-time.After(30 * time.Second):
		t.Fatal("no heartbeat in 30 s")
	}
	// Two more heartbeats: the one whose check followed the creation, and
	// one after it.
	for range 2 {
		select {
		case <-after:
		case <-time.After(30 * time.Second):
			t.Fatal("no heartbeat in 30 s")
		}
	}
	if !ts.mgr.Has(id) {
		t.Fatalf("table %s created during a heartbeat was dropped; log:\n%s", id, ts.log.String())
	}
	if strings.Contains(ts.log.String(), "lease lost") {
		t.Errorf("log says a lease was lost:\n%s", ts.log.String())
	}
}

// TestTablesKeepPlayingThroughADatabaseOutage: a server whose heartbeats
// fail for longer than the lease timeout keeps its tables (they answer
// from memory, never 404), and when the database answers again they go on
// in the same epoch, not resumed.
func TestTablesKeepPlayingThroughADatabaseOutage(t *testing.T) {
	st := newSQLite(t)
	st.TTL = 60 * time.Millisecond
	ts := newTestServer(t, Config{Storage: st})
	id := ts.create(`{"small_blind":1,"big_blind":2,"stack":50,"seed":1,
		"seats":[{"name":"A","profile":"tag"},{"name":"B","profile":"calling-station"}]}`).TableID
	var failing atomic.Bool
	failing.Store(true)
	failedFor := time.Now()
	ts.afterHeartbeat = func(held []string, err error) ([]string, error) {
		if failing.Load() {
			if time.Since(failedFor) > 6*st.TTL {
				failing.Store(false)
			}
			return nil, errors.New("the database does not answer (test)")
		}
		return held, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); ts.RunLeases(ctx, st) }()
	defer func() { cancel(); <-done }()
	for failing.Load() {
		if code, out := ts.do("GET", "/api/tables/"+id, "", nil); code != http.StatusOK {
			t.Fatalf("the table during the outage: %d %s", code, out)
		}
		time.Sleep(5 * time.Millisecond)
	}
	before := ts.state(id, "").Hand
	deadline := time.Now().Add(10 * time.Second)
	for ts.state(id, "").Hand < before+5 || !strings.Contains(ts.log.String(), "answers again") {
		if time.Now().After(deadline) {
			t.Fatalf("the table did not deal on after the outage; log:\n%s", ts.log.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	logs := ts.log.String()
	if strings.Contains(logs, `"msg":"table resumed"`) || !strings.Contains(logs, "keep playing from memory") || !strings.Contains(logs, "answers again") {
		t.Errorf("the log of the outage:\n%s", logs)
	}
}
