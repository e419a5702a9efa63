package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// The tracker's queries: what a player won (from hand_players.net and the
// big blind of each hand's stakes), a player's hands newest first, the
// cumulative result hand by hand, and one hand with its neighbours. The
// page of `pokerlab serve` and `pokerlab db open` reads them.

// Money is what a player won over some hands. Amounts of hands in
// different currencies (or chips) are summed as they are in NetByCurrency;
// Net sums them all, which means something only for one currency.
type Money struct {
	Hands int64
	// Net is the chips won in currency units (after rake); NetByCurrency
	// splits it by the hands' currency ("" for hands without one: play
	// money and tournament chips).
	Net           float64
	NetByCurrency map[string]float64
	// NetBB is the net in big blinds (each hand's net over its big blind),
	// BB100 its mean per 100 hands and BB100SE the standard error of that
	// mean: 100·s/√n with s the sample standard deviation of the per-hand
	// results in big blinds (0 for fewer than 2 hands).
	NetBB, BB100, BB100SE float64
	// sums of the per-hand results in big blinds and of their squares.
	sumBB, sumBB2 float64
}

// add counts hands of one stakes and decimals: their summed net and net²
// in units.
func (m *Money) add(hands, net int64, net2 float64, stakes, currency string, decimals int) {
	scale := math.Pow10(decimals)
	if m.NetByCurrency == nil {
		m.NetByCurrency = map[string]float64{}
	}
	m.Hands += hands
	m.Net += float64(net) / scale
	m.NetByCurrency[currency] += float64(net) / scale
	bb := BigBlindUnits(stakes, decimals)
	if bb > 0 {
		m.sumBB += float64(net) / bb
		m.sumBB2 += net2 / (bb * bb)
	}
	m.finish()
}

// merge adds o's hands to m.
func (m *Money) merge(o *Money) {
	if m.NetByCurrency == nil {
		m.NetByCurrency = map[string]float64{}
	}
	m.Hands += o.Hands
	m.Net += o.Net
	for c, v := range o.NetByCurrency {
		m.NetByCurrency[c] += v
	}
	m.sumBB += o.sumBB
	m.sumBB2 += o.sumBB2
	m.finish()
}

func (m *Money) finish() {
	m.NetBB = m.sumBB
	m.BB100, m.BB100SE = 0, 0
	if m.Hands == 0 {
		return
	}
	n := float64(m.Hands)
	mean := m.sumBB / n
	m.BB100 = 100 * mean
	if m.Hands > 1 {
		v := max((m.sumBB2-n*mean*mean)/(n-1), 0)
		m.BB100SE = 100 * math.Sqrt(v/n)
	}
}

// BigBlindUnits is the big blind of stakes ("SB/BB" in currency units, as
// hands.stakes holds it) in units of 10^-decimals; 0 if stakes does not
// name one.
func BigBlindUnits(stakes string, decimals int) float64 {
	_, b, ok := strings.Cut(stakes, "/")
	if !ok {
		return 0
	}
	x, err := strconv.ParseFloat(b, 64)
	if err != nil || !(x > 0) {
		return 0
	}
	return math.Round(x*math.Pow10(decimals)*1e6) / 1e6
}

// TrackerPlayer is one player of the tracker: the money and the HUD, in
// total and by position.
type TrackerPlayer struct {
	Name  string
	Money Money
	HUD   hud.Player
	// Positions has a row per position the player sat in, in
	// hud.Positions order (only TrackerPlayerByName fills it).
	Positions []TrackerPosition
}

// TrackerPosition is a player's results in one position.
type TrackerPosition struct {
	Position string
	Money    Money
	HUD      hud.Player
}

// moneyMemo keeps the last sums of every player's money with the state
// of the hands they were summed over: the highest hand id and the number
// of hands (hand_counts, kept in the transaction that stores hands: on
// PostgreSQL a batch with lower ids may commit after one with higher
// ids, which the count sees).
type moneyMemo struct {
	mu     sync.Mutex
	maxID  int64
	hands  int64
	sums   map[string]map[string]*Money
	filled bool
}

// allMoney is moneyRows of every player, summed again only when hands
// were stored since the last sums: reading every player row costs seconds
// on a large database.
func (db *DB) allMoney(ctx context.Context) (map[string]map[string]*Money, error) {
	return db.memoMoney(ctx, true)
}

// memoMoney returns the kept sums if no hand was stored since; else,
// with fill, it sums every player's rows again (else nil).
func (db *DB) memoMoney(ctx context.Context, fill bool) (map[string]map[string]*Money, error) {
	var maxID, hands sql.NullInt64
	err := db.sql.QueryRowContext(ctx, "SELECT (SELECT max(id) FROM hands), (SELECT sum(hands) FROM hand_counts)").Scan(&maxID, &hands)
	if err != nil {
		return nil, db.wrap(err)
	}
	m := &db.money
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.filled && m.maxID == maxID.Int64 && m.hands == hands.Int64 {
		return m.sums, nil
	}
	if !fill {
		return nil, nil
	}
	sums, err := db.moneyRows(ctx, "")
	if err != nil {
		return nil, err
	}
	m.sums, m.maxID, m.hands, m.filled = sums, maxID.Int64, hands.Int64, true
	return sums, nil
}

// moneyRows sums hand_players.net by player, position, stakes, decimals
// and currency (one player's rows with name != ""). Cost: a scan of the
// player rows with their hands (schema version 3 has no index of
// hand_players by player): about 7 s for 200,000 hands of six players on
// SQLite.
func (db *DB) moneyRows(ctx context.Context, name string) (map[string]map[string]*Money, error) {
	// hands first (CROSS JOIN keeps the order on SQLite): both tables are
	// then read in their primary key's order, each player row next to its
	// hand, instead of a lookup of the hand for every row.
	q := `SELECT hp.player_id, hp.position, h.stakes, h.decimals, h.currency, count(*), sum(hp.net),
sum(CAST(hp.net AS DOUBLE PRECISION) * CAST(hp.net AS DOUBLE PRECISION))
FROM hands h CROSS JOIN hand_players hp WHERE hp.hand_id = h.id`
	var args []any
	if name != "" {
		q += " AND hp.player_id = (SELECT id FROM players WHERE name = $1)"
		args = append(args, name)
	}
	q += " GROUP BY hp.player_id, hp.position, h.stakes, h.decimals, h.currency"
	rows, err := db.sql.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	names, err := db.playerNames(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]*Money{}
	for rows.Next() {
		var pos, stakes, currency string
		var decimals int
		var pid, n, net int64
		var net2 float64
		if err := rows.Scan(&pid, &pos, &stakes, &decimals, &currency, &n, &net, &net2); err != nil {
			return nil, db.wrap(err)
		}
		pname := names[pid]
		byPos := out[pname]
		if byPos == nil {
			byPos = map[string]*Money{}
			out[pname] = byPos
		}
		m := byPos[pos]
		if m == nil {
			m = &Money{}
			byPos[pos] = m
		}
		m.add(n, net, net2, stakes, currency, decimals)
	}
	return out, db.wrap(rows.Err())
}

// TrackerPlayers returns the players with at least minHands hands (0 or
// 1: all), the most hands first (then by name), at most limit of them (0:
// no limit), and how many players have at least minHands. The money sums
// are kept until hands are stored (allMoney).
func (db *DB) TrackerPlayers(ctx context.Context, minHands int64, limit int) (players []TrackerPlayer, total int, err error) {
	money, err := db.allMoney(ctx)
	if err != nil {
		return nil, 0, err
	}
	t, _, err := db.HUD(ctx, Filter{})
	if err != nil {
		return nil, 0, err
	}
	out := make([]TrackerPlayer, 0, len(money))
	for name, byPos := range money {
		p := TrackerPlayer{Name: name}
		for _, m := range byPos {
			p.Money.merge(m)
		}
		if p.Money.Hands < minHands {
			continue
		}
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b TrackerPlayer) int {
		if a.Money.Hands != b.Money.Hands {
			return int(b.Money.Hands - a.Money.Hands)
		}
		return strings.Compare(a.Name, b.Name)
	})
	total = len(out)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	for i := range out {
		if h, ok := t.Player(out[i].Name); ok {
			out[i].HUD = *h
		}
	}
	return out, total, nil
}

// TrackerPlayerByName returns one player's money and HUD, in total and
// by position; ok is false if the player has no hands.
func (db *DB) TrackerPlayerByName(ctx context.Context, name string) (p TrackerPlayer, ok bool, err error) {
	// The sums of every player if they are current, else this player's.
	money, err := db.memoMoney(ctx, false)
	if err == nil && money == nil {
		money, err = db.moneyRows(ctx, name)
	}
	if err != nil || len(money[name]) == 0 {
		return p, false, err
	}
	p.Name = name
	t, _, err := db.HUD(ctx, Filter{Player: name})
	if err != nil {
		return p, false, err
	}
	if h, ok := t.Player(name); ok {
		p.HUD = *h
	}
	for _, pos := range hud.Positions {
		m := money[name][pos]
		if m == nil {
			continue
		}
		p.Money.merge(m)
		row := TrackerPosition{Position: pos, Money: *m}
		t, _, err := db.HUD(ctx, Filter{Player: name, Position: pos})
		if err != nil {
			return p, false, err
		}
		if h, ok := t.Player(name); ok {
			row.HUD = *h
		}
		p.Positions = append(p.Positions, row)
	}
	return p, true, nil
}

// ErrFilterUnsupported is the error of a hand filter given to
// TrackerHands: the hands list takes none yet.
var ErrFilterUnsupported = errors.New("filters not supported")

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

// TrackerHands returns a player's hands played before hand id before (0:
// from the newest), newest first (by the recorded time, then as stored),
// at most limit (1 to MaxTrackerHands). filter must be ""
// (ErrFilterUnsupported). Cost: a sort of the player's rows (no index by
// player) and a parse of each listed hand's PHH for the cards.
func (db *DB) TrackerHands(ctx context.Context, name string, before int64, limit int, filter string) ([]TrackerHand, error) {
	if filter != "" {
		return nil, ErrFilterUnsupported
	}
	if limit < 1 || limit > MaxTrackerHands {
		return nil, fmt.Errorf("limit %d: want 1 to %d", limit, MaxTrackerHands)
	}
	args := []any{name, limit}
	cond := ""
	if before > 0 {
		args = append(args, before)
		cond = " AND (" + handOrder + ") < (SELECT coalesce(played_at, ''), id FROM hands WHERE id = $3)"
	}
	// The page's hands by their order alone (a sort of narrow rows), then
	// their columns and PHH text.
	rows, err := db.sql.QueryContext(ctx, `SELECT h.id, h.site, h.site_hand, h.played_at, h.stakes, h.currency, h.table_name,
h.decimals, hp.position, hp.starting_stack, hp.net, hp.seat, h.phh
FROM (SELECT h.id AS id, hp.seat AS seat FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
  WHERE hp.player_id = (SELECT id FROM players WHERE name = $1)`+cond+`
  ORDER BY coalesce(h.played_at, '') DESC, h.id DESC LIMIT $2) pg
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
		var phh string
		if err := rows.Scan(&t.ID, &t.Site, &t.SiteHand, &played, &t.Stakes, &t.Currency, &t.Table, &t.Decimals,
			&t.Position, &t.StartingStack, &t.Net, &seat, &phh); err != nil {
			return nil, db.wrap(err)
		}
		t.PlayedAt = played.String
		if bb := BigBlindUnits(t.Stakes, t.Decimals); bb > 0 {
			t.NetBB = float64(t.Net) / bb
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
// (1-based, in the order of the recorded times).
type GraphPoint struct {
	Hand int64
	// Won is in currency units, WonBB in big blinds.
	Won, WonBB float64
}

// TrackerGraph returns a player's cumulative result hand by hand, at most
// maxPoints points (at least 2): with more hands, every k-th hand and the
// last, k the smallest step that fits. ok is false if the player has no
// hands. Cost: a scan of the player's rows.
func (db *DB) TrackerGraph(ctx context.Context, name string, maxPoints int) (pts []GraphPoint, ok bool, err error) {
	maxPoints = max(maxPoints, 2)
	rows, err := db.sql.QueryContext(ctx, `SELECT hp.net, h.stakes, h.decimals
FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
WHERE hp.player_id = (SELECT id FROM players WHERE name = $1) ORDER BY `+handOrder, name)
	if err != nil {
		return nil, false, db.wrap(err)
	}
	defer rows.Close()
	var all []GraphPoint
	var won, wonBB float64
	for rows.Next() {
		var net int64
		var stakes string
		var dec int
		if err := rows.Scan(&net, &stakes, &dec); err != nil {
			return nil, false, db.wrap(err)
		}
		won += float64(net) / math.Pow10(dec)
		if bb := BigBlindUnits(stakes, dec); bb > 0 {
			wonBB += float64(net) / bb
		}
		all = append(all, GraphPoint{Hand: int64(len(all) + 1), Won: won, WonBB: wonBB})
	}
	if err := rows.Err(); err != nil {
		return nil, false, db.wrap(err)
	}
	if len(all) == 0 {
		return nil, false, nil
	}
	pts = []GraphPoint{{}}
	// k hands a point, and the last hand always a point.
	k := (len(all) + maxPoints - 2) / (maxPoints - 1)
	for i := k - 1; i < len(all); i += k {
		pts = append(pts, all[i])
	}
	if pts[len(pts)-1].Hand != all[len(all)-1].Hand {
		pts = append(pts, all[len(all)-1])
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
