package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"pokerlab/internal/app/lab"
)

// The spot lab's API: thin handlers over package lab (the registry, the
// solve pool and the views live there). Reading is open to every client
// (as watching a table is); adding, solving, cancelling, deleting and
// saving spots need a browser session or an operator, and each solve
// counts against the client's LabPerMinute (per browser session and per address,
// as new tables do; operators with a key are not limited).

// AddSpotRequest is the JSON form of POST /api/spots (a body that is not a
// JSON object is read as the spot's TOML).
type AddSpotRequest struct {
	TOML string `json:"toml"`
	Name string `json:"name,omitempty"`
}

// SpotList is GET /api/spots.
type SpotList struct {
	Spots        []lab.SpotInfo `json:"spots"`
	MemoryUsed   int64          `json:"memory_used"`
	MemoryBudget int64          `json:"memory_budget"`
	Workers      int            `json:"workers"`
	Library      bool           `json:"library"`
}

// CancelResponse is DELETE /api/spots/{id}/solve.
type CancelResponse struct {
	Stopped bool    `json:"stopped"`
	Seconds float64 `json:"seconds"`
}

// SaveRequest is POST /api/spots/{id}/save.
type SaveRequest struct {
	Name string `json:"name,omitempty"`
}

// SaveResponse answers it.
type SaveResponse struct {
	File string `json:"file"`
}

// labError maps the lab's errors to HTTP answers.
func labError(err error) error {
	var le *lab.Error
	if !errors.As(err, &le) {
		return err
	}
	code := http.StatusInternalServerError
	switch le.Kind {
	case lab.ErrNotFound:
		code = http.StatusNotFound
	case lab.ErrTooBig:
		code = http.StatusRequestEntityTooLarge
	case lab.ErrBusy:
		code = http.StatusConflict
	case lab.ErrInvalid:
		code = http.StatusUnprocessableEntity
	case lab.ErrNoResult:
		code = http.StatusConflict
	case lab.ErrForbidden:
		code = http.StatusForbidden
	case lab.ErrQueueFull:
		code = http.StatusServiceUnavailable
	}
	if le.Key != "" {
		return &placedError{&httpError{code, le.Msg}, le.Key, le.Line}
	}
	return &httpError{code, le.Msg}
}

// needClient refuses anonymous clients what changes the lab.
func needClient(c identity, what string) error {
	if c.kind == anonymous {
		return &httpError{http.StatusUnauthorized, what + " needs the server's API key (Authorization: Bearer KEY) or a browser session of its page (open /lab/ in a browser first)"}
	}
	return nil
}

func (s *Server) addSpot(w http.ResponseWriter, r *http.Request) error {
	c := who(r)
	estimate := r.URL.Query().Get("estimate") != ""
	if !estimate {
		if err := needClient(c, "adding a spot"); err != nil {
			return err
		}
	}
	// Building a spot's tree is work too (bounded by --lab-memory): a
	// browser session may build ten times --lab-per-minute a minute.
	if c.kind == session || c.kind == anonymous {
		okIP := s.builds.allow("ip:" + c.ip)
		okSession := c.kind != session || s.builds.allow("s:"+c.id)
		if !okIP || !okSession {
			w.Header().Set("Retry-After", "5")
			return &httpError{http.StatusTooManyRequests, fmt.Sprintf("at most %g spots built a minute from one client (10 × --lab-per-minute): wait", 10*s.cfg.LabPerMinute)}
		}
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	req := AddSpotRequest{TOML: string(body), Name: r.URL.Query().Get("name")}
	if t := bytes.TrimLeft(body, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		req = AddSpotRequest{}
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			return jsonError(err)
		}
	}
	if strings.TrimSpace(req.TOML) == "" {
		return badRequest("empty spot: send its TOML (docs/spot.md), or {\"toml\": \"...\"}")
	}
	name := req.Name
	if name == "" {
		name = "spot.toml"
	}
	if estimate {
		info, err := s.lab.Estimate(req.TOML, name)
		if err != nil {
			return labError(err)
		}
		writeJSON(w, http.StatusOK, info)
		return nil
	}
	info, err := s.lab.Add(req.TOML, name, c.creator())
	if err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusCreated, info)
	return nil
}

func (s *Server) listSpots(w http.ResponseWriter, r *http.Request) error {
	used, budget := s.lab.Usage()
	cfg := s.lab.Config()
	writeJSON(w, http.StatusOK, SpotList{Spots: s.lab.List(), MemoryUsed: used, MemoryBudget: budget, Workers: cfg.Workers, Library: cfg.Dir != ""})
	return nil
}

func (s *Server) getSpot(w http.ResponseWriter, r *http.Request) error {
	info, err := s.lab.Get(r.PathValue("id"))
	if err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusOK, info)
	return nil
}

func (s *Server) deleteSpot(w http.ResponseWriter, r *http.Request) error {
	c := who(r)
	if err := needClient(c, "deleting a spot"); err != nil {
		return err
	}
	if err := s.lab.Delete(r.PathValue("id"), c.creator(), c.kind == operator); err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusOK, map[string]string{"deleted": r.PathValue("id")})
	return nil
}

func (s *Server) solveSpot(w http.ResponseWriter, r *http.Request) error {
	c := who(r)
	if err := needClient(c, "solving a spot"); err != nil {
		return err
	}
	var req lab.SolveRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	// A solve is work: both buckets are charged, as for new tables.
	if c.kind == session {
		okIP := s.solves.allow("ip:" + c.ip)
		okSession := s.solves.allow("s:" + c.id)
		if !okIP || !okSession {
			w.Header().Set("Retry-After", "10")
			return &httpError{http.StatusTooManyRequests, fmt.Sprintf("at most %g solves a minute from one client (--lab-per-minute): wait", s.cfg.LabPerMinute)}
		}
	}
	info, err := s.lab.Solve(r.PathValue("id"), req, c.creator(), c.kind == operator)
	if err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusAccepted, info)
	return nil
}

func (s *Server) cancelSolve(w http.ResponseWriter, r *http.Request) error {
	c := who(r)
	if err := needClient(c, "cancelling a solve"); err != nil {
		return err
	}
	d, err := s.lab.Cancel(r.PathValue("id"), c.creator(), c.kind == operator)
	if err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusOK, CancelResponse{Stopped: true, Seconds: d.Seconds()})
	return nil
}

// nodeRequest reads line, view, lambda, player and cards.
func nodeRequest(r *http.Request) (lab.NodeRequest, error) {
	q := r.URL.Query()
	n := lab.NodeRequest{Line: q.Get("line"), View: q.Get("view"), Player: -1, Cards: q.Get("cards") != ""}
	if v := q.Get("lambda"); v != "" && v != "star" {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || !(x > 0) {
			return n, badRequest("lambda %q: want a positive number (or star for λ*)", v)
		}
		n.Lambda = x
	}
	switch strings.ToLower(q.Get("player")) {
	case "":
	case "oop":
		n.Player = 0
	case "ip":
		n.Player = 1
	default:
		return n, badRequest("player %q: want oop or ip", q.Get("player"))
	}
	return n, nil
}

func (s *Server) spotNode(w http.ResponseWriter, r *http.Request) error {
	q, err := nodeRequest(r)
	if err != nil {
		return err
	}
	v, err := s.lab.Node(r.PathValue("id"), q)
	if err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) spotCompare(w http.ResponseWriter, r *http.Request) error {
	q, err := nodeRequest(r)
	if err != nil {
		return err
	}
	c, err := s.lab.Compare(r.PathValue("id"), q.Lambda)
	if err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

func (s *Server) spotExport(w http.ResponseWriter, r *http.Request) error {
	q, err := nodeRequest(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "json"
	}
	name := id + "-" + strings.NewReplacer(" ", "_").Replace(q.Line)
	if q.Line == "" {
		name = id + "-root"
	}
	if q.View == "qre" {
		name += "-qre"
	}
	if format == "json" {
		v, err := s.lab.Node(id, q)
		if err != nil {
			return labError(err)
		}
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.json"`)
		writeJSON(w, http.StatusOK, v)
		return nil
	}
	var buf bytes.Buffer
	if err := s.lab.Export(id, q, format, &buf); err != nil {
		return labError(err)
	}
	types := map[string]string{"csv": "text/csv; charset=utf-8", "svg": "image/svg+xml", "png": "image/png"}
	h := w.Header()
	h.Set("Content-Type", types[format])
	h.Set("Content-Disposition", `attachment; filename="`+name+"."+format+`"`)
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
	return nil
}

func (s *Server) spotTOML(w http.ResponseWriter, r *http.Request) error {
	name, src, err := s.lab.TOML(r.PathValue("id"))
	if err != nil {
		return labError(err)
	}
	h := w.Header()
	h.Set("Content-Type", "application/toml; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+name+`.toml"`)
	io.WriteString(w, src)
	return nil
}

func (s *Server) saveSpot(w http.ResponseWriter, r *http.Request) error {
	c := who(r)
	if err := needClient(c, "saving a spot"); err != nil {
		return err
	}
	var req SaveRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	file, err := s.lab.Save(r.PathValue("id"), req.Name, false)
	if err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusOK, SaveResponse{File: file})
	return nil
}

func (s *Server) library(w http.ResponseWriter, r *http.Request) error {
	l, err := s.lab.Library()
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"spots": l})
	return nil
}

func (s *Server) rangePresets(w http.ResponseWriter, r *http.Request) error {
	p, err := s.lab.Presets()
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"ranges": p})
	return nil
}

func (s *Server) openLibrary(w http.ResponseWriter, r *http.Request) error {
	c := who(r)
	if err := needClient(c, "opening a saved spot"); err != nil {
		return err
	}
	info, err := s.lab.Open(r.PathValue("name"), c.creator())
	if err != nil {
		return labError(err)
	}
	writeJSON(w, http.StatusOK, info)
	return nil
}

// spotEvents streams a spot's solve events as Server-Sent Events: one
// "id:", "event:" (the type) and "data:" (the JSON lab.Event) per event,
// resuming after Last-Event-ID (or ?last_event_id=).
func (s *Server) spotEvents(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if _, err := s.lab.Get(id); err != nil {
		return labError(err)
	}
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = r.URL.Query().Get("last_event_id")
	}
	var after int64
	if last != "" {
		n, err := strconv.ParseInt(last, 10, 64)
		if err != nil || n < 0 {
			return badRequest("last event id %q: want a whole number", last)
		}
		after = n
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	bw := bufio.NewWriterSize(w, 8<<10)
	send := func() error {
		rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if err := bw.Flush(); err != nil {
			return err
		}
		return rc.Flush()
	}
	bw.WriteString(": pokerlab spot " + id + "\n\n")
	if send() != nil {
		return nil
	}
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	// The stream ends with the client or the server (Shutdown waits for
	// the handlers).
	base, cancelBase := context.WithCancel(r.Context())
	defer cancelBase()
	go func() {
		select {
		case <-s.stopped:
			cancelBase()
		case <-base.Done():
		}
	}()
	for {
		ctx, cancel := context.WithTimeout(base, heartbeat)
		evs, done, err := s.lab.Events(ctx, id, after)
		cancel()
		if base.Err() != nil {
			return nil
		}
		if err != nil || done {
			bw.WriteString("event: closed\ndata: {\"type\":\"closed\"}\n\n")
			send()
			return nil
		}
		if len(evs) == 0 {
			bw.WriteString(": ping\n\n")
			if send() != nil {
				return nil
			}
			continue
		}
		for i := range evs {
			js.Reset()
			enc.Encode(&evs[i])
			after = evs[i].ID
			fmt.Fprintf(bw, "id: %d\nevent: %s\ndata: ", evs[i].ID, evs[i].Type)
			bw.Write(bytes.TrimRight(js.Bytes(), "\n"))
			bw.WriteString("\n\n")
		}
		if send() != nil {
			return nil
		}
	}
}
