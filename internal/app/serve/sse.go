package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"pokerlab/internal/app/table"
)

// heartbeat is how often an idle event stream sends a comment, so that
// proxies and clients see the connection alive.
const heartbeat = 15 * time.Second

// events streams a table's events as Server-Sent Events: one "id:" and
// "data:" (the JSON Event) per event. With a seat's token the stream has
// that seat's hole cards too. A client that reconnects sends the last id
// it saw in Last-Event-ID (what EventSource does) or ?last_event_id=, and
// continues after it.
//
// Why SSE rather than a WebSocket: the stream goes one way (actions are
// POSTs with their own status codes), SSE is plain HTTP that every proxy
// and load balancer passes, resuming by Last-Event-ID is part of the
// standard, and it needs no dependency.
func (s *Server) events(w http.ResponseWriter, r *http.Request) error {
	t, seat, err := s.viewer(r)
	if err != nil {
		return err
	}
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = r.URL.Query().Get("last_event_id")
	}
	sub, err := t.Subscribe(seat, last)
	if err != nil {
		return err
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	bw := bufio.NewWriterSize(w, 8<<10)
	send := func() error {
		s.touch(t.ID) // a stream open is a client at the table
		// Each write gets its own deadline: a client that stops reading is
		// dropped instead of holding the stream.
		rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if err := bw.Flush(); err != nil {
			return err
		}
		return rc.Flush()
	}
	bw.WriteString(": pokerlab table " + t.ID + "\n\n")
	if err := send(); err != nil {
		return nil
	}
	var buf []table.Event
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	for {
		ctx, cancel := context.WithTimeout(r.Context(), heartbeat)
		evs, done, err := sub.Next(ctx, buf)
		cancel()
		buf = evs[:0]
		if r.Context().Err() != nil || err != nil && !errors.Is(err, context.DeadlineExceeded) {
			return nil // the client went away
		}
		if len(evs) == 0 && !done {
			select {
			case <-s.stopped:
				return nil
			default:
			}
			bw.WriteString(": ping\n\n")
			if send() != nil {
				return nil
			}
			continue
		}
		for i := range evs {
			js.Reset()
			enc.Encode(&evs[i])
			bw.WriteString("id: ")
			bw.WriteString(evs[i].ID)
			bw.WriteString("\ndata: ")
			bw.Write(bytes.TrimRight(js.Bytes(), "\n"))
			bw.WriteString("\n\n")
		}
		if send() != nil || done {
			return nil
		}
	}
}
