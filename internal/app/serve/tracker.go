package serve

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"pokerlab/cards"
	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
	"pokerlab/store"
	"pokerlab/store/filter"
)

// The tracker: the hand database read over /api/db/... by the page
// tracker.html (players, a player's results and hands, the replayer).
// Every route is a read; it needs an operator on a server with keys, and
// is open to every client (browser sessions too) on a server without
// (a loopback `pokerlab db open`). The figures come from package store's
// tracker queries and the replay from hh.ReplaySteps.

// summaryStats are the stats of the players list and of each position.
var summaryStats = [...]hud.Stat{hud.VPIP, hud.PFR, hud.ThreeBet, hud.FoldToThreeBet, hud.Steal, hud.CBet,
	hud.FoldToCBet, hud.WTSD, hud.WSD, hud.AF}

// trackerFilter reads the filter parameter (the language of package
// store/filter; "" selects everything): a filter that does not parse is
// 400 with the column at fault.
func trackerFilter(r *http.Request) (store.Filter, error) {
	text := r.URL.Query().Get("filter")
	e, err := filter.Parse(text)
	if err != nil {
		return store.Filter{}, badRequest("%v", err) // the error quotes the filter and names the column
	}
	return store.Filter{Expr: e}, nil
}

// DBUnitsJSON is the unit of the stored hands' amounts in chips, when
// they share one (store.HandUnits).
type DBUnitsJSON struct {
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

func unitsJSON(r *http.Request, db *store.DB) (*DBUnitsJSON, error) {
	u, ok, err := db.HandUnits(r.Context())
	if err != nil || !ok {
		return nil, err
	}
	return &DBUnitsJSON{Currency: u.Currency, Decimals: u.Decimals}, nil
}

func statsJSON(p *hud.Player, all bool) map[string]HUDStatJSON {
	out := map[string]HUDStatJSON{}
	if all {
		for s := range hud.Stat(hud.NumStats) {
			out[s.Key()] = p.Counts[s].JSON(s)
		}
		return out
	}
	for _, s := range summaryStats {
		out[s.Key()] = p.Counts[s].JSON(s)
	}
	return out
}

// DBPlayerJSON is a player of GET /api/db/players: hands, the money
// (hud.MoneyJSON, as pokerlab hud --json writes it) and stats.
type DBPlayerJSON struct {
	Name  string                 `json:"name"`
	Hands int64                  `json:"hands"`
	Money hud.MoneyJSON          `json:"money"`
	Stats map[string]HUDStatJSON `json:"stats"`
}

// DBPlayersJSON is GET /api/db/players: the players with the most hands
// first, how many players have min_hands hands, and the units of the
// amounts in chips (null when the hands have several).
type DBPlayersJSON struct {
	Players []DBPlayerJSON `json:"players"`
	Total   int            `json:"total"`
	Units   *DBUnitsJSON   `json:"units"`
}

// DBPositionJSON is a player's results in one position.
type DBPositionJSON struct {
	Position string                 `json:"position"`
	Hands    int64                  `json:"hands"`
	Money    hud.MoneyJSON          `json:"money"`
	Stats    map[string]HUDStatJSON `json:"stats"`
}

// DBPlayerPageJSON is GET /api/db/players/{name}.
type DBPlayerPageJSON struct {
	DBPlayerJSON
	Positions []DBPositionJSON `json:"positions"`
	Units     *DBUnitsJSON     `json:"units"`
}

// DBHandRowJSON is one hand of GET /api/db/players/{name}/hands.
type DBHandRowJSON struct {
	ID            int64     `json:"id"`
	Site          string    `json:"site"`
	SiteHand      string    `json:"site_hand"`
	PlayedAt      string    `json:"played_at"`
	Stakes        string    `json:"stakes"`
	Currency      string    `json:"currency"`
	Table         string    `json:"table"`
	Decimals      int       `json:"decimals"`
	Position      string    `json:"position"`
	StartingStack int64     `json:"starting_stack"`
	Net           int64     `json:"net"`
	NetBB         float64   `json:"net_bb"`
	Hole          [2]string `json:"hole"`
	Board         []string  `json:"board"`
}

// DBHandsJSON is GET /api/db/players/{name}/hands: a page and the before
// of the next one (null after the last).
type DBHandsJSON struct {
	Hands      []DBHandRowJSON `json:"hands"`
	NextBefore *int64          `json:"next_before"`
}

// DBGraphJSON is GET /api/db/players/{name}/graph.
type DBGraphJSON struct {
	Hands  int64              `json:"hands"`
	Points []DBGraphPointJSON `json:"points"`
}

// DBGraphPointJSON is the cumulative result after a player's hand, in
// big blinds (store.GraphPoint).
type DBGraphPointJSON struct {
	Hand          int64   `json:"hand"`
	WonBB         float64 `json:"won_bb"`
	AllInEVBB     float64 `json:"allin_ev_bb"`
	ShowdownBB    float64 `json:"showdown_bb"`
	NonShowdownBB float64 `json:"non_showdown_bb"`
}

// DBSeatJSON is a player of a replayed hand.
type DBSeatJSON struct {
	Name          string    `json:"name"`
	Player        int       `json:"player"`
	TableSeat     int       `json:"table_seat"`
	Position      string    `json:"position"`
	Button        bool      `json:"button"`
	StartingStack int64     `json:"starting_stack"`
	Net           int64     `json:"net"`
	Hole          [2]string `json:"hole"`
}

// DBStepJSON is the table after one step of a replayed hand (hh.Step).
type DBStepJSON struct {
	Kind   string   `json:"kind"`
	Street string   `json:"street"`
	Seat   int      `json:"seat"`
	Text   string   `json:"text"`
	Stacks []int64  `json:"stacks"`
	Bets   []int64  `json:"bets"`
	Pot    int64    `json:"pot"`
	Board  []string `json:"board"`
	Folded []bool   `json:"folded"`
	Shown  []bool   `json:"shown"`
	Ranks  []string `json:"ranks"`
	Won    []int64  `json:"won"`
}

// DBHandJSON is GET /api/db/hands/{id}: the hand, its players and its
// replay.
type DBHandJSON struct {
	ID       int64        `json:"id"`
	Site     string       `json:"site"`
	SiteHand string       `json:"site_hand"`
	PlayedAt string       `json:"played_at"`
	Stakes   string       `json:"stakes"`
	Currency string       `json:"currency"`
	Table    string       `json:"table"`
	Decimals int          `json:"decimals"`
	Prev     *int64       `json:"prev"`
	Next     *int64       `json:"next"`
	Rake     int64        `json:"rake"`
	Seats    []DBSeatJSON `json:"seats"`
	Steps    []DBStepJSON `json:"steps"`
}

// handDB returns the hand database, or an error for a client that may not
// read it.
func (s *Server) handDB(r *http.Request) (*store.DB, error) {
	if s.cfg.HandDB == nil {
		return nil, &httpError{http.StatusNotFound, "this server has no hand database"}
	}
	if len(s.keys) > 0 {
		if err := needOperator(who(r), "reading the hand database"); err != nil {
			return nil, err
		}
	}
	return s.cfg.HandDB, nil
}

func (s *Server) dbPlayers(w http.ResponseWriter, r *http.Request) error {
	db, err := s.handDB(r)
	if err != nil {
		return err
	}
	minHands, err := positiveParam(r, "min_hands", 1, 1, 1<<62)
	if err != nil {
		return err
	}
	limit, err := positiveParam(r, "limit", 1000, 1, 100_000)
	if err != nil {
		return err
	}
	f, err := trackerFilter(r)
	if err != nil {
		return err
	}
	ps, total, err := db.TrackerPlayers(r.Context(), f, minHands, int(limit))
	if err != nil {
		return err
	}
	out := DBPlayersJSON{Total: total, Players: make([]DBPlayerJSON, len(ps))}
	if out.Units, err = unitsJSON(r, db); err != nil {
		return err
	}
	for i := range ps {
		h := &ps[i].HUD
		out.Players[i] = DBPlayerJSON{Name: ps[i].Name, Hands: h.Hands, Money: h.Money.JSON(), Stats: statsJSON(h, false)}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) dbPlayer(w http.ResponseWriter, r *http.Request) error {
	db, err := s.handDB(r)
	if err != nil {
		return err
	}
	name := r.PathValue("name")
	f, err := trackerFilter(r)
	if err != nil {
		return err
	}
	if err := s.knownPlayer(r, db, name); err != nil {
		return err
	}
	p, _, err := db.TrackerPlayerByName(r.Context(), name, f)
	if err != nil {
		return err
	}
	// A filter that selects none of the player's hands: zeros, no positions.
	p.HUD.Name = name
	out := DBPlayerPageJSON{DBPlayerJSON: DBPlayerJSON{Name: name, Hands: p.HUD.Hands, Money: p.HUD.Money.JSON(), Stats: statsJSON(&p.HUD, true)},
		Positions: make([]DBPositionJSON, len(p.Positions))}
	if out.Units, err = unitsJSON(r, db); err != nil {
		return err
	}
	for i := range p.Positions {
		q := &p.Positions[i]
		out.Positions[i] = DBPositionJSON{Position: q.Position, Hands: q.HUD.Hands, Money: q.HUD.Money.JSON(), Stats: statsJSON(&q.HUD, false)}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// knownPlayer is a 404 for a name without stored hands.
func (s *Server) knownPlayer(r *http.Request, db *store.DB, name string) error {
	ok, err := db.HasPlayer(r.Context(), name)
	if err != nil {
		return err
	}
	if !ok {
		return &httpError{http.StatusNotFound, fmt.Sprintf("player %q has no stored hands", name)}
	}
	return nil
}

// positiveParam reads query parameter key as an integer in [lo, hi], def
// when absent.
func positiveParam(r *http.Request, key string, def, lo, hi int64) (int64, error) {
	v := r.URL.Query().Get(key)
	if v == "" {
		return def, nil
	}
	x, err := strconv.ParseInt(v, 10, 64)
	if err != nil || x < lo || x > hi {
		return 0, badRequest("%s %q: want a whole number from %d to %d", key, v, lo, hi)
	}
	return x, nil
}

func (s *Server) dbPlayerHands(w http.ResponseWriter, r *http.Request) error {
	db, err := s.handDB(r)
	if err != nil {
		return err
	}
	name := r.PathValue("name")
	before, err := positiveParam(r, "before", 0, 1, 1<<62)
	if err != nil {
		return err
	}
	limit, err := positiveParam(r, "limit", 50, 1, store.MaxTrackerHands)
	if err != nil {
		return err
	}
	f, err := trackerFilter(r)
	if err != nil {
		return err
	}
	hs, err := db.TrackerHands(r.Context(), name, before, int(limit), f)
	if err != nil {
		return err
	}
	if len(hs) == 0 && before == 0 {
		if err := s.knownPlayer(r, db, name); err != nil {
			return err
		}
	}
	out := DBHandsJSON{Hands: make([]DBHandRowJSON, len(hs))}
	for i, h := range hs {
		out.Hands[i] = DBHandRowJSON{ID: h.ID, Site: h.Site, SiteHand: h.SiteHand, PlayedAt: h.PlayedAt, Stakes: h.Stakes,
			Currency: h.Currency, Table: h.Table, Decimals: h.Decimals, Position: h.Position, StartingStack: h.StartingStack,
			Net: h.Net, NetBB: h.NetBB, Hole: h.Hole, Board: h.Board}
	}
	if len(hs) == int(limit) {
		next := hs[len(hs)-1].ID
		out.NextBefore = &next
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) dbPlayerGraph(w http.ResponseWriter, r *http.Request) error {
	db, err := s.handDB(r)
	if err != nil {
		return err
	}
	name := r.PathValue("name")
	points, err := positiveParam(r, "points", 1000, 2, 10000)
	if err != nil {
		return err
	}
	f, err := trackerFilter(r)
	if err != nil {
		return err
	}
	pts, ok, err := db.TrackerGraph(r.Context(), name, f, int(points))
	if err != nil {
		return err
	}
	if !ok {
		if err := s.knownPlayer(r, db, name); err != nil {
			return err
		}
		pts = []store.GraphPoint{{}} // no hand selected: the start alone
	}
	out := DBGraphJSON{Hands: pts[len(pts)-1].Hand, Points: make([]DBGraphPointJSON, len(pts))}
	for i, p := range pts {
		out.Points[i] = DBGraphPointJSON{Hand: p.Hand, WonBB: p.Won, AllInEVBB: p.AllInEV, ShowdownBB: p.Showdown, NonShowdownBB: p.NonShowdown}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// dbHand serves GET /api/db/hands/{file}: {id} (the replay, JSON),
// {id}.phh (the stored PHH) or {id}.txt (PokerStars text).
func (s *Server) dbHand(w http.ResponseWriter, r *http.Request) error {
	db, err := s.handDB(r)
	if err != nil {
		return err
	}
	file := r.PathValue("file")
	idText, format := file, ""
	if i := strings.LastIndexByte(file, '.'); i >= 0 {
		idText, format = file[:i], file[i+1:]
		if format != "phh" && format != "txt" {
			return badRequest("hand %q: want an id, ID.phh or ID.txt", file)
		}
	}
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id < 1 {
		return badRequest("hand %q: want a hand id (a whole number from 1)", idText)
	}
	player := r.URL.Query().Get("player")
	h, ok, err := db.TrackerHandByID(r.Context(), id, player)
	if err != nil {
		return err
	}
	if !ok {
		if player != "" {
			return &httpError{http.StatusNotFound, fmt.Sprintf("no stored hand %d played by %q", id, player)}
		}
		return &httpError{http.StatusNotFound, fmt.Sprintf("no stored hand %d", id)}
	}
	name := fmt.Sprintf("hand %d", id)
	hs, err := hh.Parse(name, []byte(h.PHH))
	if err != nil {
		return fmt.Errorf("stored %s does not parse: %w", name, err)
	}
	if len(hs) != 1 {
		return fmt.Errorf("stored %s holds %d hands", name, len(hs))
	}
	hand := hs[0]
	switch format {
	case "phh":
		w.Header().Set("Content-Type", "application/toml; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="hand-%d.phh"`, id))
		w.WriteHeader(http.StatusOK)
		_, err := w.Write([]byte(h.PHH))
		return err
	case "txt":
		var b bytes.Buffer
		if err := hh.WritePokerStars(&b, hs); err != nil {
			return err
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="hand-%d.txt"`, id))
		w.WriteHeader(http.StatusOK)
		_, err := w.Write(b.Bytes())
		return err
	}
	rp, err := hh.ReplaySteps(hand)
	if err != nil {
		return fmt.Errorf("stored %s does not replay: %w", name, err)
	}
	out := DBHandJSON{ID: h.ID, Site: h.Site, SiteHand: h.SiteHand, PlayedAt: h.PlayedAt, Stakes: h.Stakes, Currency: h.Currency,
		Table: h.Table, Decimals: h.Decimals, Rake: rp.Rake, Seats: make([]DBSeatJSON, len(rp.Names)), Steps: make([]DBStepJSON, len(rp.Steps))}
	if h.Prev > 0 {
		out.Prev = &h.Prev
	}
	if h.Next > 0 {
		out.Next = &h.Next
	}
	n := len(rp.Names)
	for i := range n {
		seat := DBSeatJSON{Name: rp.Names[i], Player: i + 1, Button: i == n-1, StartingStack: rp.Starting[i],
			Net: rp.Final[i] - rp.Starting[i], Hole: cardPair(rp.Holes[i])}
		if len(hand.Seats) == n {
			seat.TableSeat = int(hand.Seats[i])
		}
		for _, row := range h.Players {
			if row.Seat == i+1 {
				seat.Position, seat.Net = row.Position, row.Net
			}
		}
		out.Seats[i] = seat
	}
	for i, st := range rp.Steps {
		out.Steps[i] = DBStepJSON{Kind: st.Kind.String(), Street: streetName(st), Seat: st.Seat, Text: st.Text, Stacks: st.Stacks,
			Bets: st.Bets, Pot: st.Pot, Board: cardStrings(st.Board), Folded: st.Folded, Shown: st.Shown, Ranks: st.Ranks, Won: st.Won}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// streetName is the street of a step, "showdown" for the shows, mucks,
// award and result after the river's betting.
func streetName(st hh.Step) string {
	switch st.Kind {
	case hh.StepShow, hh.StepMuck, hh.StepAward, hh.StepResult:
		if st.Street == holdem.River && len(st.Board) == 5 {
			return "showdown"
		}
	}
	return st.Street.String()
}

func cardPair(cs [2]cards.Card) [2]string {
	var out [2]string
	for i, c := range cs {
		if c != holdem.Unknown {
			out[i] = c.String()
		}
	}
	return out
}

func cardStrings(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
