package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"pokerlab/hh"
	"pokerlab/hud"
	"pokerlab/internal/app/table"
	"pokerlab/npc"
)

// CreateTableRequest is the body of POST /api/tables.
type CreateTableRequest struct {
	SmallBlind int64         `json:"small_blind"`
	BigBlind   int64         `json:"big_blind"`
	Ante       int64         `json:"ante"`
	Stack      int64         `json:"stack"`
	Seed       *uint64       `json:"seed"`
	KeepStacks bool          `json:"keep_stacks"`
	Hands      int64         `json:"hands"`
	Seats      []SeatRequest `json:"seats"`
}

// SeatRequest is one seat of a CreateTableRequest.
type SeatRequest struct {
	Name    string          `json:"name"`
	Human   bool            `json:"human"`
	Profile json.RawMessage `json:"profile"`
}

// CreateTableResponse is the answer to POST /api/tables.
type CreateTableResponse struct {
	TableID string            `json:"table_id"`
	Tokens  map[string]string `json:"tokens"`
	// OwnerToken closes the table (DELETE /api/tables/{id}).
	OwnerToken string `json:"owner_token"`
}

// ActionRequest is the body of POST /api/tables/{id}/actions.
type ActionRequest struct {
	Action string          `json:"action"`
	Amount json.RawMessage `json:"amount"`
	// Hand and Decision name the decision the action answers (the state's
	// hand and decision): a retried request then gets the first answer,
	// and one for a decision that is not the current one 409.
	Hand     *int64 `json:"hand"`
	Decision *int   `json:"decision"`
}

// DecideRequest is the body of POST /api/decide.
type DecideRequest struct {
	Profile json.RawMessage `json:"profile"`
	Table   struct {
		SmallBlind     int64           `json:"small_blind"`
		BigBlind       int64           `json:"big_blind"`
		Antes          json.RawMessage `json:"antes"`
		StartingStacks []int64         `json:"starting_stacks"`
	} `json:"table"`
	Actions []string `json:"actions"`
	Seat    int      `json:"seat"`
	Hole    string   `json:"hole"`
	Seed    uint64   `json:"seed"`
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	if err := s.cfg.Storage.Ping(r.Context()); err != nil {
		s.log.Warn("health check: database", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "database unavailable", "tables": s.mgr.Open()})
		return nil
	}
	select {
	case <-s.stopped:
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "shutting down", "tables": s.mgr.Open()})
		return nil
	default:
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "tables": s.mgr.Open()})
	return nil
}

func (s *Server) createTable(w http.ResponseWriter, r *http.Request) error {
	c := who(r)
	if c.kind == anonymous {
		return &httpError{http.StatusUnauthorized, "creating a table needs the server's API key (Authorization: Bearer KEY) or a session of its page (open / in a browser first)"}
	}
	var req CreateTableRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	cfg := table.Config{SmallBlind: req.SmallBlind, BigBlind: req.BigBlind, Ante: req.Ante, Stack: req.Stack,
		KeepStacks: req.KeepStacks, Hands: req.Hands, Creator: c.creator()}
	if req.Seed != nil {
		cfg.Seed = *req.Seed
	} else {
		cfg.Seed = table.RandomSeed()
	}
	if len(req.Seats) > 9 {
		return &table.Error{Kind: table.ErrInvalid, Field: "seats", Msg: fmt.Sprintf("%d seats: a table has 2 to 9", len(req.Seats))}
	}
	for i, sr := range req.Seats {
		seat := table.Seat{Name: sr.Name, Human: sr.Human}
		field := fmt.Sprintf("seats[%d].profile", i)
		if sr.Human {
			if p := strings.TrimSpace(string(sr.Profile)); p != "" && p != "null" {
				return &table.Error{Kind: table.ErrInvalid, Field: field, Msg: "a human seat takes no profile"}
			}
		} else {
			p, ref, err := s.resolveProfile(r.Context(), sr.Profile, field, sr.Name)
			if err != nil {
				return err
			}
			seat.Profile, seat.ProfileRef = p, ref
		}
		cfg.Seats = append(cfg.Seats, seat)
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	// Checking the quotas and creating the table are one step, so that
	// concurrent requests cannot all pass a cap that has room for one.
	s.admitMu.Lock()
	err := s.admit(c, &cfg)
	var created *table.Created
	if err == nil {
		created, err = s.mgr.Create(r.Context(), cfg)
	}
	s.admitMu.Unlock()
	if err != nil {
		return err
	}
	s.touch(created.Table.ID)
	writeJSON(w, http.StatusCreated, CreateTableResponse{TableID: created.Table.ID, Tokens: created.Tokens, OwnerToken: created.Owner})
	return nil
}

// TableSummary is one table of GET /api/tables.
type TableSummary struct {
	TableID string   `json:"table_id"`
	Hand    int64    `json:"hand"`
	Status  string   `json:"status"`
	Blinds  string   `json:"blinds"`
	Seats   []string `json:"seats"`
	// Server is the address of the replica that runs the table ("" while
	// none does: its server died and another takes it over shortly).
	Server string `json:"server"`
}

// listTables lists every replica's open tables from the database: this
// server's with their live state, the others' as stored (the hand is the
// last stored one; status "playing" while a server holds them, "waiting"
// while none does).
func (s *Server) listTables(w http.ResponseWriter, r *http.Request) error {
	stored, err := s.cfg.Storage.OpenTables(r.Context())
	if err != nil {
		return err
	}
	out := []TableSummary{}
	listed := map[string]bool{}
	local := func(id string) {
		t, err := s.mgr.Get(id)
		if err != nil {
			return
		}
		st, err := t.State(r.Context(), -1)
		if err != nil {
			return
		}
		ts := TableSummary{TableID: id, Hand: st.Hand, Status: st.Status, Blinds: fmt.Sprintf("%d/%d", st.SmallBlind, st.BigBlind), Server: s.cfg.Self, Seats: []string{}}
		for _, seat := range st.Seats {
			ts.Seats = append(ts.Seats, seat.Name)
		}
		out = append(out, ts)
		listed[id] = true
	}
	for _, row := range stored {
		if s.mgr.Has(row.ID) {
			local(row.ID)
			continue
		}
		ts := TableSummary{TableID: row.ID, Hand: row.LastHand, Status: "waiting", Server: row.Server, Seats: row.Seats,
			Blinds: fmt.Sprintf("%d/%d", row.SmallBlind, row.BigBlind)}
		if row.Server != "" {
			ts.Status = table.StatusPlaying
		}
		out = append(out, ts)
		listed[row.ID] = true
	}
	// A table created since the query, or not stored (a storage that keeps
	// none), is still this server's.
	for _, id := range s.mgr.IDs() {
		if !listed[id] {
			local(id)
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// viewer finds the table and the seat of the request's token: -1 without
// a token (a spectator), 401 for a token that is no seat's.
func (s *Server) viewer(r *http.Request) (*table.Table, int, error) {
	t, err := s.mgr.Get(r.PathValue("id"))
	if err != nil {
		return nil, -1, err
	}
	tok := bearer(r)
	if tok == "" {
		if r.Header.Get("Authorization") != "" {
			return nil, -1, &httpError{http.StatusUnauthorized, "Authorization: want \"Bearer TOKEN\""}
		}
		return t, -1, nil
	}
	seat, err := t.Authenticate(tok)
	return t, seat, err
}

func (s *Server) getTable(w http.ResponseWriter, r *http.Request) error {
	t, seat, err := s.viewer(r)
	if err != nil {
		return err
	}
	st, err := t.State(r.Context(), seat)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

func (s *Server) closeTable(w http.ResponseWriter, r *http.Request) error {
	t, err := s.mgr.Get(r.PathValue("id"))
	if err != nil {
		return err
	}
	if err := t.AuthenticateOwner(bearer(r)); err != nil {
		return err
	}
	if err := s.mgr.Close(r.Context(), t.ID); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"table_id": t.ID, "status": table.StatusClosed})
	return nil
}

func (s *Server) act(w http.ResponseWriter, r *http.Request) error {
	t, err := s.mgr.Get(r.PathValue("id"))
	if err != nil {
		return err
	}
	tok := bearer(r)
	if tok == "" {
		return &httpError{http.StatusUnauthorized, "acting needs the seat's token: Authorization: Bearer TOKEN"}
	}
	seat, err := t.Authenticate(tok)
	if err != nil {
		return err
	}
	var req ActionRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	a := table.Action{Kind: req.Action}
	switch {
	case (req.Hand == nil) != (req.Decision == nil):
		return badRequest("hand and decision go together: give both (the state's hand and decision) or neither")
	case req.Hand != nil:
		a.Keyed, a.Hand, a.Decision = true, *req.Hand, *req.Decision
	}
	if amt := bytes.TrimSpace(req.Amount); len(amt) > 0 && string(amt) != "null" {
		v, err := strconv.ParseInt(string(amt), 10, 64)
		if err != nil {
			return badRequest("amount %s: want a whole number of chips", amt)
		}
		a.Amount, a.HasAmount = v, true
	}
	st, err := t.Act(r.Context(), seat, a)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

func (s *Server) decide(w http.ResponseWriter, r *http.Request) error {
	if err := needOperator(who(r), "asking the NPCs for decisions"); err != nil {
		return err
	}
	start := time.Now()
	var req DecideRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	bot, err := s.bot(r.Context(), req.Profile)
	if err != nil {
		return err
	}
	tr := table.DecideRequest{SmallBlind: req.Table.SmallBlind, BigBlind: req.Table.BigBlind,
		StartingStacks: req.Table.StartingStacks, Actions: req.Actions, Seat: req.Seat, Hole: req.Hole, Seed: req.Seed}
	if a := bytes.TrimSpace(req.Table.Antes); len(a) > 0 && string(a) != "null" {
		if a[0] == '[' {
			if err := json.Unmarshal(a, &tr.Antes); err != nil {
				return badRequest("table.antes: want a number or one whole number per player")
			}
		} else {
			var x int64
			if err := json.Unmarshal(a, &x); err != nil {
				return badRequest("table.antes: want a number or one whole number per player")
			}
			if x != 0 {
				tr.Antes = make([]int64, len(tr.StartingStacks))
				for i := range tr.Antes {
					tr.Antes[i] = x
				}
			}
		}
	}
	d, err := table.Decide(bot, &tr)
	if err != nil {
		return err
	}
	s.met.apiDecisions.Inc()
	s.met.apiLatency.Observe(time.Since(start).Seconds())
	writeJSON(w, http.StatusOK, d)
	return nil
}

// hands writes a table's finished hands as PHH (a .phhs: [1], [2], ... by
// hand number) or PokerStars text. Hole cards appear only where the client
// may see them: its own seat's (with its token) and those shown at a
// showdown; every other deal is "????".
func (s *Server) hands(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	q := r.URL.Query()
	format := q.Get("format")
	if format == "" {
		format = "phh"
	}
	if format != "phh" && format != "pokerstars" {
		return badRequest("format %q: want phh or pokerstars", format)
	}
	after, limit := int64(0), 1000
	if v := q.Get("after"); v != "" {
		x, err := strconv.ParseInt(v, 10, 64)
		if err != nil || x < 0 {
			return badRequest("after %q: want a hand number (0 or more)", v)
		}
		after = x
	}
	if v := q.Get("limit"); v != "" {
		x, err := strconv.Atoi(v)
		if err != nil || x < 1 || x > 10000 {
			return badRequest("limit %q: want 1 to 10000", v)
		}
		limit = x
	}
	viewerName := ""
	if t, err := s.mgr.Get(id); err == nil {
		if tok := bearer(r); tok != "" {
			seat, err := t.Authenticate(tok)
			if err != nil {
				return err
			}
			viewerName = t.Names()[seat]
		}
	} else if tok := bearer(r); tok != "" {
		return err
	}
	hands, err := s.cfg.Storage.TableHands(r.Context(), id, after, limit)
	if err != nil {
		return err
	}
	if len(hands) == 0 && !s.mgr.Has(id) {
		return &table.Error{Kind: table.ErrNoTable, Msg: fmt.Sprintf("no table %q with stored hands", id)}
	}
	for _, h := range hands {
		// PHH keeps a shown hand's cards in its deal; PokerStars text names
		// only the viewer's ("Dealt to") and the shows.
		viewer := 0
		if viewerName != "" {
			viewer = slices.Index(h.Players, viewerName) + 1
		}
		hh.HideHoleCards(h.Actions, viewer, format == "phh")
	}
	var b bytes.Buffer
	if format == "phh" {
		for _, h := range hands {
			if v, ok := h.Field("hand"); ok {
				h.Name = v
			}
		}
		err = hh.Write(&b, hands)
		w.Header().Set("Content-Type", "application/toml; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="table-%s.phhs"`, id))
	} else {
		err = hh.WritePokerStars(&b, hands)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="table-%s.txt"`, id))
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusOK)
	_, err = io.Copy(w, &b)
	return err
}

// HUDJSON is GET /api/players/{name}/hud: the shape of `pokerlab hud
// --json` for one player's stored hands.
type HUDJSON struct {
	Files   []string                 `json:"files"`
	Hands   int64                    `json:"hands"`
	Skipped []any                    `json:"skipped"`
	Players map[string]HUDPlayerJSON `json:"players"`
}

// HUDPlayerJSON is one player's stats, keyed as `pokerlab hud --json`
// (hud.PlayerJSON).
type HUDPlayerJSON = hud.PlayerJSON

// HUDStatJSON is one stat: taken / opportunities, the value and its 95 %
// Wilson interval (null without opportunities).
type HUDStatJSON = hud.StatJSON

func (s *Server) playerHUD(w http.ResponseWriter, r *http.Request) error {
	if err := needOperator(who(r), "reading a player's HUD"); err != nil {
		return err
	}
	name := r.PathValue("name")
	p, ok, err := s.cfg.Storage.PlayerHUD(r.Context(), name)
	if err != nil {
		return err
	}
	if !ok {
		return &httpError{http.StatusNotFound, fmt.Sprintf("player %q has no stored hands", name)}
	}
	if s.cfg.PlayerHUDJSON != nil {
		b, err := s.cfg.PlayerHUDJSON(r.Context(), name)
		if err != nil {
			return err
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, err = w.Write(b)
		return err
	}
	out := HUDJSON{Files: []string{}, Hands: p.Hands, Skipped: []any{}, Players: map[string]HUDPlayerJSON{name: p.JSON()}}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// SeatHUD is one NPC of GET /api/tables/{id}/hud: its profile's target for
// every configurable stat and what it measured over its stored hands.
type SeatHUD struct {
	Seat     int                    `json:"seat"`
	Name     string                 `json:"name"`
	Profile  string                 `json:"profile"`
	Hands    int64                  `json:"hands"`
	Target   map[string]float64     `json:"target"`
	Measured map[string]HUDStatJSON `json:"measured"`
}

func (s *Server) tableHUD(w http.ResponseWriter, r *http.Request) error {
	t, err := s.mgr.Get(r.PathValue("id"))
	if err != nil {
		return err
	}
	cfg := t.Config()
	out := []SeatHUD{}
	for i, seat := range cfg.Seats {
		if seat.Human {
			continue
		}
		sh := SeatHUD{Seat: i + 1, Name: seat.Name, Profile: seat.ProfileRef, Target: map[string]float64{}, Measured: map[string]HUDStatJSON{}}
		if sh.Profile == "" {
			sh.Profile = "inline:" + seat.Profile.Name
		}
		for _, st := range npc.AllStats() {
			sh.Target[st.Key()] = seat.Profile.Stats[st]
		}
		p, ok, err := s.cfg.Storage.PlayerHUD(r.Context(), seat.Name)
		if err != nil {
			return err
		}
		if ok {
			sh.Hands = p.Hands
			sh.Measured = p.JSON().Stats
		}
		out = append(out, sh)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// ProfileJSON is a profile in GET /api/profiles: its stats in percent.
type ProfileJSON struct {
	Name        string             `json:"name"`
	Builtin     bool               `json:"builtin"`
	Description string             `json:"description"`
	Stats       map[string]float64 `json:"stats"`
	TOML        string             `json:"toml,omitempty"`
}

func profileJSON(p *npc.Profile, name string, builtin bool) ProfileJSON {
	pj := ProfileJSON{Name: name, Builtin: builtin, Description: p.Description, Stats: map[string]float64{}}
	for _, st := range npc.AllStats() {
		pj.Stats[st.Key()] = p.Stats[st] * 100
	}
	return pj
}

func (s *Server) listProfiles(w http.ResponseWriter, r *http.Request) error {
	out := []ProfileJSON{}
	for _, name := range npc.ArchetypeNames() {
		p, err := npc.Archetype(name)
		if err != nil {
			return err
		}
		out = append(out, profileJSON(p, name, true))
	}
	names, err := s.cfg.Profiles.ProfileNames(r.Context())
	if err != nil {
		return err
	}
	for _, name := range names {
		text, ok, err := s.cfg.Profiles.Profile(r.Context(), name)
		if err != nil || !ok {
			continue
		}
		p, err := npc.ParseProfile(text, name)
		if err != nil {
			s.log.Warn("stored profile does not parse", "profile", name, "err", err)
			continue
		}
		out = append(out, profileJSON(p, name, false))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) getProfile(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	if p, err := npc.Archetype(name); err == nil {
		pj := profileJSON(p, name, true)
		var b strings.Builder
		p.WriteTOML(&b)
		pj.TOML = b.String()
		writeJSON(w, http.StatusOK, pj)
		return nil
	}
	text, ok, err := s.cfg.Profiles.Profile(r.Context(), name)
	if err != nil {
		return err
	}
	if !ok {
		return &httpError{http.StatusNotFound, fmt.Sprintf("no profile %q", name)}
	}
	p, err := npc.ParseProfile(text, name)
	if err != nil {
		return err
	}
	pj := profileJSON(p, name, false)
	pj.TOML = text
	writeJSON(w, http.StatusOK, pj)
	return nil
}

// putProfile stores a profile: the body is its TOML text (Content-Type
// application/toml or text/plain) or JSON object. It is validated
// (npc.Profile.Validate) and stored as TOML under the URL's name.
func (s *Server) putProfile(w http.ResponseWriter, r *http.Request) error {
	if err := needOperator(who(r), "storing a profile"); err != nil {
		return err
	}
	name := r.PathValue("name")
	if err := checkProfileName(name); err != nil {
		return err
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	ct := r.Header.Get("Content-Type")
	var p *npc.Profile
	trimmed := bytes.TrimSpace(body)
	switch {
	case strings.HasPrefix(ct, "application/json") || ct == "" && len(trimmed) > 0 && trimmed[0] == '{':
		if err := wantObject(body); err != nil {
			return err
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(body, &obj); err != nil {
			return jsonError(err)
		}
		if _, ok := obj["name"]; !ok {
			obj["name"], _ = json.Marshal(name)
			body, _ = json.Marshal(obj)
		}
		p, err = npc.ParseProfileJSON(body, "profile "+name)
	case ct == "" || strings.HasPrefix(ct, "application/toml") || strings.HasPrefix(ct, "text/plain"):
		var top map[string]any
		if _, terr := toml.Decode(string(body), &top); terr == nil {
			if _, ok := top["name"]; !ok {
				// The URL names the profile; the text may leave it out. The
				// name goes first (a top-level key), and error lines are
				// counted in the text as sent.
				p, err = npc.ParseProfile(fmt.Sprintf("name = %q\n", name)+string(body), "profile "+name)
				var pe *npc.ProfileError
				if errors.As(err, &pe) && pe.Line > 0 {
					pe.Line--
				}
				break
			}
		}
		p, err = npc.ParseProfile(string(body), "profile "+name)
	default:
		return &httpError{http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: want application/toml or application/json", ct)}
	}
	if err != nil {
		return &table.Error{Kind: table.ErrInvalid, Msg: err.Error()}
	}
	p.Name = name
	var b strings.Builder
	if err := p.WriteTOML(&b); err != nil {
		return err
	}
	if err := s.cfg.Profiles.PutProfile(r.Context(), name, b.String()); err != nil {
		return err
	}
	s.bots.forget(name)
	s.log.Info("profile stored", "profile", name)
	pj := profileJSON(p, name, false)
	pj.TOML = b.String()
	writeJSON(w, http.StatusOK, pj)
	return nil
}

func (s *Server) deleteProfile(w http.ResponseWriter, r *http.Request) error {
	if err := needOperator(who(r), "deleting a profile"); err != nil {
		return err
	}
	name := r.PathValue("name")
	if err := checkProfileName(name); err != nil {
		return err
	}
	ok, err := s.cfg.Profiles.DeleteProfile(r.Context(), name)
	if err != nil {
		return err
	}
	if !ok {
		return &httpError{http.StatusNotFound, fmt.Sprintf("no stored profile %q", name)}
	}
	s.bots.forget(name)
	s.log.Info("profile deleted", "profile", name)
	writeJSON(w, http.StatusOK, map[string]string{"name": name, "status": "deleted"})
	return nil
}
