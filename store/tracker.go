package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// The tracker's queries: what each player won and their HUD (from the HUD
// cache: DB.HUD and DB.HUDGroups, hud.Money's sums of schema version 8),
// a player's hands newest first, the cumulative results hand by hand
// (DB.Series), and one hand with its neighbours, each under a filter of
// package store/filter. The page of `pokerlab serve` and `pokerlab db
// open` reads them.

// TrackerPlayer is one player of the tracker: the HUD and the money
// (HUD.Money, hud.Money), in total and by position.
type TrackerPlayer struct {
	Name string
	HUD  hud.Player
	// Positions has a row per position the player sat in, in
	// hud.Positions order (only TrackerPlayerByName fills it).
	Positions []TrackerPosition
}

// TrackerPosition is a player's results in one position.
type TrackerPosition struct {
	Position string
	HUD      hud.Player
}

// TrackerPlayers returns the players with at least minHands hands that f
// selects (0 or 1: all with a row selected), the most hands first (then
// by name), at most limit of them (0: no limit), and how many players
// have at least minHands. Cost: that of DB.HUD, an indexed sum of the
// cache rows f selects when f reads the cache's keys only, else a sum of
// the player rows it selects.
func (db *DB) TrackerPlayers(ctx context.Context, f Filter, minHands int64, limit int) (players []TrackerPlayer, total int, err error) {
	t, _, err := db.HUD(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	out := []TrackerPlayer{}
	for _, p := range t.Players() {
		if p.Hands < max(minHands, 1) {
			continue
		}
		out = append(out, TrackerPlayer{Name: p.Name, HUD: p})
	}
	slices.SortFunc(out, func(a, b TrackerPlayer) int {
		if a.HUD.Hands != b.HUD.Hands {
			return cmp.Compare(b.HUD.Hands, a.HUD.Hands)
		}
		return strings.Compare(a.Name, b.Name)
	})
	total = len(out)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, total, nil
}

// TrackerPlayerByName returns one player's money and HUD over the rows f
// selects (f.Player is set to name), in total and by position; ok is false
// if f selects none of the player's hands. Cost: DB.HUD and
// DB.HUDGroups by position.
func (db *DB) TrackerPlayerByName(ctx context.Context, name string, f Filter) (p TrackerPlayer, ok bool, err error) {
	f.Player = name
	t, _, err := db.HUD(ctx, f)
	if err != nil {
		return p, false, err
	}
	h, ok := t.Player(name)
	if !ok || h.Hands == 0 {
		return p, false, nil
	}
	p.Name, p.HUD = name, *h
	groups, err := db.HUDGroups(ctx, f, ByPosition)
	if err != nil {
		return p, false, err
	}
	for _, g := range groups {
		if h, ok := g.Tracker.Player(name); ok && h.Hands > 0 {
			p.Positions = append(p.Positions, TrackerPosition{Position: g.Key, HUD: *h})
		}
	}
	return p, true, nil
}

// HasPlayer reports whether a player of that name has stored hands.
func (db *DB) HasPlayer(ctx context.Context, name string) (bool, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, `SELECT count(*) FROM players p WHERE p.name = $1
AND EXISTS (SELECT 1 FROM hand_players hp WHERE hp.player_id = p.id)`, name).Scan(&n)
	return n > 0, db.wrap(err)
}

// Units is the unit of the amounts in chips of the stored hands, when
// they share one: a currency ("" for play money and tournament chips) and
// its decimals (amounts are in units of 10^-Decimals).
type Units struct {
	Currency string
	Decimals int
}

// unitsMemo is what HandUnits has read: the units of the hands up to id
// maxID, which were hands of them.
type unitsMemo struct {
	mu    sync.Mutex
	maxID int64
	hands int64
	seen  map[Units]bool
}

// HandUnits returns the units of the stored hands and true when they share
// one, false when they have several or nothing is stored. The units read
// are kept: a later call reads only the hands with a higher id, unless the
// number of hands (hand_counts) says that hands with lower ids were
// committed since (on PostgreSQL a batch with lower ids may commit after
// one with higher ids), and then every hand again. Cost: a scan of the
// hands the first time (0.15 s for 200,000 hands on SQLite), then of the
// new hands.
func (db *DB) HandUnits(ctx context.Context) (Units, bool, error) {
	m := &db.units
	m.mu.Lock()
	defer m.mu.Unlock()
	var total sql.NullInt64
	if err := db.sql.QueryRowContext(ctx, "SELECT sum(hands) FROM hand_counts").Scan(&total); err != nil {
		return Units{}, false, db.wrap(err)
	}
	read := func(after int64) (maxID, n int64, seen map[Units]bool, err error) {
		rows, err := db.sql.QueryContext(ctx, "SELECT currency, decimals, count(*), max(id) FROM hands WHERE id > $1 GROUP BY currency, decimals", after)
		if err != nil {
			return 0, 0, nil, db.wrap(err)
		}
		defer rows.Close()
		seen = map[Units]bool{}
		maxID = after
		for rows.Next() {
			var u Units
			var k, top int64
			if err := rows.Scan(&u.Currency, &u.Decimals, &k, &top); err != nil {
				return 0, 0, nil, db.wrap(err)
			}
			seen[u], n, maxID = true, n+k, max(maxID, top)
		}
		return maxID, n, seen, db.wrap(rows.Err())
	}
	if m.seen == nil || m.hands != total.Int64 {
		maxID, n, seen, err := read(m.maxID)
		if err != nil {
			return Units{}, false, err
		}
		if m.seen != nil && m.hands+n == total.Int64 {
			for u := range seen {
				m.seen[u] = true
			}
			m.maxID, m.hands = maxID, total.Int64
		} else if m.seen == nil && n == total.Int64 {
			m.seen, m.maxID, m.hands = seen, maxID, n
		} else {
			// Hands below the last id read were committed since (or the
			// hands changed under the read): read them all.
			if maxID, n, seen, err = read(0); err != nil {
				return Units{}, false, err
			}
			m.seen, m.maxID, m.hands = seen, maxID, n
		}
	}
	if len(m.seen) != 1 {
		return Units{}, false, nil
	}
	for u := range m.seen {
		return u, true, nil
	}
	panic("unreachable")
}

// TrackerHand is one of a player's hands in the hands list.
type TrackerHand struct {
	ID                 int64
	Site, SiteHand     string
	PlayedAt           string // "" without a date
	Stakes, Currency   string
	Table              string
	Decimals           int
	Position           string
	StartingStack, Net int64 // units of 10^-Decimals
	NetBB              float64
	// Hole are the player's hole cards as the history has them (""
	// unknown), Board the board.
	Hole  [2]string
	Board []string
}

// MaxTrackerHands is the most hands TrackerHands returns at once.
const MaxTrackerHands = 500

// handOrder is the order of the hands list, the graph and prev/next: by
// the recorded time (hands without one first), then as stored.
const handOrder = "coalesce(h.played_at, ''), h.id"

// TrackerHands returns a player's hands that f selects (f.Player is set
// to name: the hands in which the player's row is selected) played before
// hand id before (0: from the newest), newest first (by the recorded
// time, then as stored), at most limit (1 to MaxTrackerHands). Cost: a
// sort of the player's selected rows (read through the index of player
// rows by player) and a parse of each listed hand's PHH for the cards.
func (db *DB) TrackerHands(ctx context.Context, name string, before int64, limit int, f Filter) ([]TrackerHand, error) {
	if limit < 1 || limit > MaxTrackerHands {
		return nil, fmt.Errorf("limit %d: want 1 to %d", limit, MaxTrackerHands)
	}
	if err := db.checkFacts(ctx, f); err != nil {
		return nil, err
	}
	f.Player = name
	conds, args, err := f.rowConds(nil)
	if err != nil {
		return nil, err
	}
	conds = append(conds, "h.id = hp.hand_id")
	if before > 0 {
		args = append(args, before)
		conds = append(conds, "("+handOrder+") < (SELECT coalesce(played_at, ''), id FROM hands WHERE id = $"+strconv.Itoa(len(args))+")")
	}
	args = append(args, limit)
	// The page's hands by their order alone (a sort of narrow rows), then
	// their columns and PHH text.
	rows, err := db.sql.QueryContext(ctx, `SELECT h.id, h.site, h.site_hand, h.played_at, h.stakes, h.currency, h.table_name,
h.decimals, h.bb, hp.position, hp.starting_stack, hp.net, hp.seat, h.phh
FROM (SELECT h.id AS id, hp.seat AS seat FROM hand_players hp CROSS JOIN hands h`+and(conds)+`
  ORDER BY coalesce(h.played_at, '') DESC, h.id DESC LIMIT $`+strconv.Itoa(len(args))+`) pg
JOIN hands h ON h.id = pg.id JOIN hand_players hp ON hp.hand_id = pg.id AND hp.seat = pg.seat
ORDER BY coalesce(h.played_at, '') DESC, h.id DESC`, args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	out := []TrackerHand{}
	for rows.Next() {
		var t TrackerHand
		var played sql.NullString
		var seat int
		var bb int64
		var phh string
		if err := rows.Scan(&t.ID, &t.Site, &t.SiteHand, &played, &t.Stakes, &t.Currency, &t.Table, &t.Decimals, &bb,
			&t.Position, &t.StartingStack, &t.Net, &seat, &phh); err != nil {
			return nil, db.wrap(err)
		}
		t.PlayedAt = played.String
		if bb > 0 {
			t.NetBB = float64(t.Net) / float64(bb)
		}
		t.Hole, t.Board = handCards(phh, seat)
		out = append(out, t)
	}
	return out, db.wrap(rows.Err())
}

// handCards reads PHH player seat's hole cards and the board from a
// stored hand ("" for unknown cards; nothing if the text does not parse,
// which a stored hand always does).
func handCards(phh string, seat int) (hole [2]string, board []string) {
	board = []string{}
	hs, err := hh.Parse("stored hand", []byte(phh))
	if err != nil || len(hs) != 1 {
		return hole, board
	}
	for _, a := range hs[0].Actions {
		switch {
		case a.Kind == hh.DealHole && a.Receiver == seat:
			for i, c := range a.Hole() {
				if c != holdem.Unknown {
					hole[i] = c.String()
				}
			}
		case a.Kind == hh.ShowMuck && a.Player == seat && a.NCards > 0:
			for i, c := range a.Cards[:min(int(a.NCards), 2)] {
				if c != holdem.Unknown && hole[i] == "" {
					hole[i] = c.String()
				}
			}
		case a.Kind == hh.DealBoard:
			for _, c := range a.Cards[:a.NCards] {
				board = append(board, c.String())
			}
		}
	}
	return hole, board
}

// GraphPoint is the cumulative result after a player's hand number Hand
// (1-based, in the order the hands were stored: DB.Series), in big
// blinds (hud.Curves).
type GraphPoint struct {
	Hand                                int64
	Won, AllInEV, Showdown, NonShowdown float64
}

// TrackerGraph returns the cumulative results of player name over the
// hands f selects (f.Player is set to name), at most maxPoints points (at
// least 2): the start, and with more hands every k-th hand and the last,
// k the smallest step that fits. ok is false if f selects none of the
// player's hands. Cost: DB.Series.
func (db *DB) TrackerGraph(ctx context.Context, name string, f Filter, maxPoints int) (pts []GraphPoint, ok bool, err error) {
	maxPoints = max(maxPoints, 2)
	f.Player = name
	series, err := db.Series(ctx, f)
	if err != nil || len(series) == 0 {
		return nil, false, err
	}
	c := hud.CurvesOf(series)
	at := func(i int) GraphPoint {
		return GraphPoint{Hand: int64(i + 1), Won: c.Won[i], AllInEV: c.EV[i], Showdown: c.Showdown[i], NonShowdown: c.NonShowdown[i]}
	}
	n := len(series)
	pts = []GraphPoint{{}}
	// k hands a point, and the last hand always a point.
	k := (n + maxPoints - 2) / (maxPoints - 1)
	for i := k - 1; i < n; i += k {
		pts = append(pts, at(i))
	}
	if pts[len(pts)-1].Hand != int64(n) {
		pts = append(pts, at(n-1))
	}
	return pts, true, nil
}

// StoredHandRow is a stored hand with its players' rows, for the replayer.
type StoredHandRow struct {
	ID               int64
	Site, SiteHand   string
	PlayedAt         string
	Stakes, Currency string
	Table            string
	Decimals         int
	PHH              string
	Players          []StoredPlayerRow // in PHH seat order
	// Prev and Next are the ids of the hands played before and after it
	// (of the player given to TrackerHandByID, else of all; by the
	// recorded time, then as stored), 0 for none.
	Prev, Next int64
}

// StoredPlayerRow is one player's row of a stored hand.
type StoredPlayerRow struct {
	Name               string
	Seat               int // PHH player number
	Position           string
	StartingStack, Net int64
}

// TrackerHandByID returns hand id with its rows and, for player (""
// for all hands), the ids of the hands before and after it; ok is false
// if there is no such hand (or player did not play it).
func (db *DB) TrackerHandByID(ctx context.Context, id int64, player string) (h StoredHandRow, ok bool, err error) {
	var played sql.NullString
	err = db.sql.QueryRowContext(ctx, `SELECT id, site, site_hand, played_at, stakes, currency, table_name, decimals, phh
FROM hands WHERE id = $1`, id).Scan(&h.ID, &h.Site, &h.SiteHand, &played, &h.Stakes, &h.Currency, &h.Table, &h.Decimals, &h.PHH)
	if errors.Is(err, sql.ErrNoRows) {
		return h, false, nil
	}
	if err != nil {
		return h, false, db.wrap(err)
	}
	h.PlayedAt = played.String
	rows, err := db.sql.QueryContext(ctx, `SELECT p.name, hp.seat, hp.position, hp.starting_stack, hp.net
FROM hand_players hp JOIN players p ON p.id = hp.player_id WHERE hp.hand_id = $1 ORDER BY hp.seat`, id)
	if err != nil {
		return h, false, db.wrap(err)
	}
	played2 := player == ""
	for rows.Next() {
		var r StoredPlayerRow
		if err := rows.Scan(&r.Name, &r.Seat, &r.Position, &r.StartingStack, &r.Net); err != nil {
			rows.Close()
			return h, false, db.wrap(err)
		}
		played2 = played2 || r.Name == player
		h.Players = append(h.Players, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return h, false, db.wrap(err)
	}
	if !played2 {
		return h, false, nil
	}
	// The neighbours in handOrder.
	from := "hands h WHERE"
	args := []any{h.PlayedAt, id}
	if player != "" {
		from = "hand_players hp JOIN hands h ON h.id = hp.hand_id WHERE hp.player_id = (SELECT id FROM players WHERE name = $3) AND"
		args = append(args, player)
	}
	for _, q := range []struct {
		dest *int64
		cmp  string
		dir  string
	}{{&h.Prev, "<", "DESC"}, {&h.Next, ">", "ASC"}} {
		err := db.sql.QueryRowContext(ctx, "SELECT h.id FROM "+from+" ("+handOrder+") "+q.cmp+" ($1, $2) ORDER BY coalesce(h.played_at, '') "+
			q.dir+", h.id "+q.dir+" LIMIT 1", args...).Scan(q.dest)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return h, false, db.wrap(err)
		}
	}
	return h, true, nil
}
