package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pokerlab/hud"
	"pokerlab/store/filter"
)

// Filter selects hands and players' rows. The zero Filter selects
// everything.
type Filter struct {
	// Player keeps one player's rows ("": every player).
	Player string
	// Stakes keeps hands at these blinds, in NormalizeStakes form ("1/2").
	Stakes string
	// Since and Until keep hands played on these days or between them
	// (yyyymmdd, inclusive; 0: no bound). Hands without a date are left out
	// when either is set.
	Since, Until int
	// Position keeps the rows of players in this position (hud.Position's
	// names: "BTN", "SB", "BB", "CO", ...).
	Position string
	// Expr keeps the rows a filter of package store/filter selects (nil:
	// every row), with the fields above.
	Expr filter.Expr
}

// ParseDay reads a date "2009-07-01" as 20090701.
func ParseDay(s string) (int, error) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return 0, fmt.Errorf("date %q: want YYYY-MM-DD", s)
	}
	return t.Year()*10000 + int(t.Month())*100 + t.Day(), nil
}

// CheckPosition returns an error unless p is a position name.
func CheckPosition(p string) error {
	for _, q := range hud.Positions {
		if p == q {
			return nil
		}
	}
	return fmt.Errorf("position %q: want one of %s", p, strings.Join(hud.Positions, ", "))
}

// where builds the conditions of f on tables aliased h (hands or
// hud_cache: both have stakes and day) and, for position, pos (the table
// with a position column); the player condition is the caller's.
func (f Filter) where(h, pos string, args []any) ([]string, []any) {
	var conds []string
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	if f.Stakes != "" {
		add(h+".stakes = ?", f.Stakes)
	}
	if f.Since > 0 {
		add(h+".day >= ?", f.Since)
	}
	if f.Until > 0 {
		add(h+".day <= ?", f.Until)
	} else if f.Since > 0 {
		conds = append(conds, h+".day > 0")
	}
	if f.Position != "" {
		add(pos+".position = ?", f.Position)
	}
	return conds, args
}

func and(conds []string) string {
	if len(conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(conds, " AND ")
}

// HUD returns the HUD of every player (or f.Player) over the hands f
// selects: the HUD cache (sums per player, stakes, position and day) plus
// the tail (the rows not folded into the cache yet, fold.go), read in one
// transaction. A player's counts equal what a hud.Tracker
// reports over the same hands read from files. hands is the number of
// hands f's stakes and dates select. Cost: one indexed aggregate over the
// cache rows that match (a handful per player and day), whatever the
// number of hands, and the tail (bounded by the folds).
func (db *DB) HUD(ctx context.Context, f Filter) (t *hud.Tracker, hands int64, err error) {
	gs, err := db.HUDGroups(ctx, f, ByNone)
	if err != nil {
		return nil, 0, err
	}
	return gs[0].Tracker, gs[0].Hands, nil
}

// hudCache is HUDBy over the cache and the tail: f's Expr compiles on the
// cache's columns (cacheColumnsOf) and by is ByNone or ByPosition.
func (db *DB) hudCache(ctx context.Context, f Filter, by GroupBy) ([]GroupHUD, error) {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.kind == Postgres {
		opts.Isolation = sql.LevelRepeatableRead // one snapshot for both queries
	}
	// On SQLite a read-only transaction is a deferred BEGIN: a snapshot of
	// the WAL from its first read on.
	tx, err := db.sql.BeginTx(ctx, opts)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer tx.Rollback()
	// Sums by group and player name.
	type key struct{ group, name string }
	byName := map[key]*cacheRow{}
	groupCol := "''"
	if by == ByPosition {
		groupCol = "c.position"
	}
	var sel strings.Builder
	sel.WriteString("SELECT " + groupCol + ", p.name, sum(c.hands)")
	for _, k := range statKeysV1 {
		fmt.Fprintf(&sel, ", sum(c.t_%s), sum(c.o_%s)", k, k)
	}
	for _, k := range moneyCacheColumns {
		fmt.Fprintf(&sel, ", sum(c.%s)", k)
	}
	sel.WriteString(" FROM hud_cache c JOIN players p ON p.id = c.player_id")
	conds, args := f.where("c", "c", nil)
	if f.Player != "" {
		args = append(args, f.Player)
		conds = append(conds, "p.name = $"+strconv.Itoa(len(args)))
	}
	if conds, args, err = f.exprCond(conds, args, cacheColumnsOf()); err != nil {
		return nil, err
	}
	sel.WriteString(and(conds))
	if by == ByPosition {
		sel.WriteString(" GROUP BY c.position, p.name")
	} else {
		sel.WriteString(" GROUP BY p.name")
	}
	rows, err := tx.QueryContext(ctx, sel.String(), args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	dest := make([]any, 3+2*len(statKeysV1))
	var group, name string
	var n int64
	vals := make([]int64, 2*len(statKeysV1))
	dest[0], dest[1], dest[2] = &group, &name, &n
	for i := range vals {
		dest[3+i] = &vals[i]
	}
	var money hud.Money
	dest = append(dest, moneyDest(&money)...)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			rows.Close()
			return nil, db.wrap(err)
		}
		c := &cacheRow{hands: n, money: money}
		c.money.Hands = n
		for i, st := range statOf() {
			c.counts[st] = hud.Count{Taken: vals[2*i], Opportunities: vals[2*i+1]}
		}
		byName[key{group, name}] = c
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, db.wrap(err)
	}
	// The tail: the rows after the watermark, but those of a fold in
	// progress whose cache row has them already.
	var folded, target int64
	if err := tx.QueryRowContext(ctx, "SELECT folded, target FROM hud_fold WHERE id = 1").Scan(&folded, &target); err != nil {
		return nil, db.wrap(err)
	}
	conds, args = f.where("h", "hp", []any{folded, target})
	conds = append([]string{"hp.hand_id > $1", `(hp.hand_id > $2 OR NOT EXISTS (SELECT 1 FROM hud_cache c WHERE c.player_id = hp.player_id
AND c.stakes = h.stakes AND c.position = hp.position AND c.day = h.day AND c.folded_to >= hp.hand_id))`}, conds...)
	if f.Player != "" {
		args = append(args, f.Player)
		conds = append(conds, "p.name = $"+strconv.Itoa(len(args)))
	}
	if conds, args, err = f.exprCond(conds, args, rowColumns()); err != nil {
		return nil, err
	}
	// CROSS JOIN keeps hand_players first on SQLite: the tail is a range of
	// its primary key (the planner cannot know the range is small, and
	// would start from a filter's index on hands).
	conds = append(conds, "h.id = hp.hand_id", "p.id = hp.player_id")
	rows, err = tx.QueryContext(ctx, `SELECT `+strings.Replace(groupCol, "c.", "hp.", 1)+`, p.name, hp.opp, hp.taken, hp.af_taken, hp.af_opps, hp.afq_taken, hp.afq_opps, `+moneyRowColumns+`
FROM hand_players hp CROSS JOIN hands h CROSS JOIN players p`+and(conds), args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	var opp, taken, afT, afO, afqT, afqO int64
	var mr moneyRow
	for rows.Next() {
		if err := rows.Scan(&group, &name, &opp, &taken, &afT, &afO, &afqT, &afqO, &mr.net, &mr.rake, &mr.ev, &mr.showdown, &mr.cashOutFee, &mr.bb); err != nil {
			return nil, db.wrap(err)
		}
		c := byName[key{group, name}]
		if c == nil {
			c = &cacheRow{}
			byName[key{group, name}] = c
		}
		c.hands++
		unpackFlags(&c.counts, opp, taken, afT, afO, afqT, afqO)
		c.addMoney(mr.net, mr.rake, mr.ev, mr.showdown, mr.cashOutFee, mr.bb)
	}
	if err := rows.Err(); err != nil {
		return nil, db.wrap(err)
	}
	groups := map[string]*GroupHUD{}
	for k, c := range byName {
		g := groups[k.group]
		if g == nil {
			g = &GroupHUD{Key: k.group, Tracker: hud.NewTracker()}
			groups[k.group] = g
		}
		g.Tracker.AddCounts(k.name, c.hands, &c.counts)
		g.Tracker.AddMoney(k.name, &c.money)
		// A hand has one player in each position: the hands of a
		// position are the sum of its rows.
		g.Hands += c.hands
	}
	out := sortGroups(groups, by)
	if by == ByNone {
		// The hands with a row selected: counted by stakes and day when
		// nothing else selects, else over the rows.
		h, err := db.countSelected(ctx, tx, f)
		if err != nil {
			return nil, err
		}
		out[0].Hands = h
	}
	return out, nil
}

// HUDRows is HUD summed from the per-hand player rows instead of the cache:
// the same result, at the cost of reading every player row (schema version
// 3 has no index by player: a scan of hand_players, about a second per
// million hands). It checks the cache.
func (db *DB) HUDRows(ctx context.Context, f Filter) (t *hud.Tracker, hands int64, err error) {
	if err := db.checkFacts(ctx, f); err != nil {
		return nil, 0, err
	}
	gs, err := db.hudRows(ctx, db.sql, f, ByNone)
	if err != nil {
		return nil, 0, err
	}
	hands = gs[0].Hands
	if f.Expr == nil {
		// As HUD: the hands the stakes and dates select.
		hands, err = db.countHands(ctx, db.sql, f)
	}
	return gs[0].Tracker, hands, err
}

func (db *DB) playerNames(ctx context.Context) (map[int64]string, error) {
	rows, err := db.sql.QueryContext(ctx, "SELECT id, name FROM players")
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, db.wrap(err)
		}
		out[id] = name
	}
	return out, db.wrap(rows.Err())
}

// countHands counts the hands f's stakes and dates select.
func (db *DB) countHands(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, f Filter) (int64, error) {
	f.Player, f.Position = "", ""
	conds, args := f.where("h", "h", nil)
	var n int64
	// hand_counts holds the hands per stakes and day (kept with the hands).
	err := q.QueryRowContext(ctx, "SELECT coalesce(sum(h.hands), 0) FROM hand_counts h"+and(conds), args...).Scan(&n)
	return n, db.wrap(err)
}

// Summary describes a database (pokerlab db stats).
type Summary struct {
	Hands, Players int64
	// Sites maps each site ("" for hands without one) to its hands.
	Sites map[string]int64
	// First and Last are the earliest and latest hand times ("" if no hand
	// has a date).
	First, Last string
	Version     int
}

// Stats summarises the database.
func (db *DB) Stats(ctx context.Context) (*Summary, error) {
	s := &Summary{Sites: map[string]int64{}, Version: db.version}
	var first, last sql.NullString
	err := db.sql.QueryRowContext(ctx, "SELECT count(*), min(played_at), max(played_at) FROM hands").Scan(&s.Hands, &first, &last)
	if err != nil {
		return nil, db.wrap(err)
	}
	s.First, s.Last = first.String, last.String
	if err := db.sql.QueryRowContext(ctx, "SELECT count(*) FROM players").Scan(&s.Players); err != nil {
		return nil, db.wrap(err)
	}
	rows, err := db.sql.QueryContext(ctx, "SELECT site, count(*) FROM hands GROUP BY site ORDER BY site")
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		var site string
		var n int64
		if err := rows.Scan(&site, &n); err != nil {
			return nil, db.wrap(err)
		}
		s.Sites[site] = n
	}
	return s, db.wrap(rows.Err())
}

// StoredHand is a hand read back by Hands.
type StoredHand struct {
	ID             int64
	Site, SiteHand string
	PHH            string
}

// Hands calls fn for every hand f selects, in the order they were stored:
// a hand is selected when one of its player rows is (with f.Player and
// f.Position, that player in that position; f.Position alone, whoever sat
// there; f.Expr, a row the filter selects: `position=BTN and won>10`
// keeps the hands in which the button won more than 10 big blinds).
func (db *DB) Hands(ctx context.Context, f Filter, fn func(*StoredHand) error) error {
	if err := db.checkFacts(ctx, f); err != nil {
		return err
	}
	conds, args, err := f.handConds()
	if err != nil {
		return err
	}
	rows, err := db.sql.QueryContext(ctx, "SELECT h.id, h.site, h.site_hand, h.phh FROM hands h"+and(conds)+" ORDER BY h.id", args...)
	if err != nil {
		return db.wrap(err)
	}
	defer rows.Close()
	var h StoredHand
	for rows.Next() {
		if err := rows.Scan(&h.ID, &h.Site, &h.SiteHand, &h.PHH); err != nil {
			return db.wrap(err)
		}
		if err := fn(&h); err != nil {
			return err
		}
	}
	return db.wrap(rows.Err())
}

// moneyRowColumns are a player row's money (schema version 8) and its
// hand's big blind, in the order of moneyRow's fields: hp is
// hand_players, h its hand.
const moneyRowColumns = "hp.net, hp.rake, hp.ev_adj, hp.showdown, hp.cash_out_fee, h.bb"

// moneyRow is a player row's money as read by moneyRowColumns.
type moneyRow struct {
	net, rake      int64
	ev             float64
	showdown       int64
	cashOutFee, bb int64
}
