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
	"pokerlab/store/filter"
)

// GroupBy splits a HUD into groups of rows.
type GroupBy uint8

const (
	// ByNone is one group, every row.
	ByNone GroupBy = iota
	// ByPosition groups the rows by the player's position (BTN, CO, ...).
	ByPosition
	// BySeats groups the rows by the number of players dealt in.
	BySeats
)

// ParseGroupBy reads "position" or "table-size" (also "seats"; "" is
// ByNone).
func ParseGroupBy(s string) (GroupBy, error) {
	switch s {
	case "":
		return ByNone, nil
	case "position":
		return ByPosition, nil
	case "table-size", "seats":
		return BySeats, nil
	}
	return ByNone, fmt.Errorf("--by %q: want position or table-size", s)
}

// GroupHUD is the HUD of one group of rows.
type GroupHUD struct {
	// Key is the group: "" for ByNone, the position (BTN, ...) or the
	// number of players ("6").
	Key string
	// Tracker holds each player's stats over the group's rows, players
	// sorted by name.
	Tracker *hud.Tracker
	// Hands is the number of hands with a row in the group.
	Hands int64
}

// rowColumns are the filter's columns over hands h and hand_players hp.
var rowColumns = sync.OnceValue(func() *filter.Columns {
	return &filter.Columns{Day: "h.day", Stakes: "h.stakes", Site: "h.site", Seats: "h.seats", Pot: "h.pot_type", BB: "h.bb",
		Position: "hp.position", PlayerID: "hp.player_id", Hole: "hp.hole", Net: "hp.net",
		SawFlop: "hp.saw_flop", Showdown: "hp.showdown", AllIn: "hp.allin", Players: "players"}
})

// cacheColumnsOf are the filter's columns over hud_cache c: the keys of
// the cache.
var cacheColumnsOf = sync.OnceValue(func() *filter.Columns {
	return &filter.Columns{Day: "c.day", Stakes: "c.stakes", Position: "c.position", PlayerID: "c.player_id", Players: "players"}
})

// countColumns are the filter's columns over hand_counts h.
var countColumns = sync.OnceValue(func() *filter.Columns {
	return &filter.Columns{Day: "h.day", Stakes: "h.stakes"}
})

// playerFields are the fields of a row's player (the rest are the hand's).
var playerFields = []filter.Field{filter.Position, filter.Player, filter.Cards, filter.Won, filter.Flop, filter.Showdown, filter.AllIn}

// factFields are the fields whose columns are filled by backfillFacts.
var factFields = []filter.Field{filter.Pot, filter.Cards, filter.Flop, filter.Showdown, filter.AllIn}

// exprCond appends f.Expr's condition over cols to conds, its values to
// args.
func (f Filter) exprCond(conds []string, args []any, cols *filter.Columns) ([]string, []any, error) {
	if f.Expr == nil {
		return conds, args, nil
	}
	c, args, err := filter.SQL(f.Expr, cols, filter.Dollar, args)
	if err != nil {
		return conds, args, err
	}
	return append(conds, c), args, nil
}

// rowConds are the conditions of f over hands h and hand_players hp.
func (f Filter) rowConds(args []any) ([]string, []any, error) {
	conds, args := f.where("h", "hp", args)
	if f.Player != "" {
		args = append(args, f.Player)
		conds = append(conds, "hp.player_id = (SELECT id FROM players WHERE name = $"+strconv.Itoa(len(args))+")")
	}
	return f.exprCond(conds, args, rowColumns())
}

// onCache reports whether f can be summed from the HUD cache.
func (f Filter) onCache() bool {
	if f.Expr == nil {
		return true
	}
	_, _, err := filter.SQL(f.Expr, cacheColumnsOf(), filter.Dollar, nil)
	return err == nil
}

// checkFacts refuses a filter on the facts of schema version 9 while some
// hands lack them.
func (db *DB) checkFacts(ctx context.Context, f Filter) error {
	if f.Expr == nil || !filter.Uses(f.Expr, factFields...) {
		return nil
	}
	missing, err := db.FactsMissing(ctx)
	if err != nil {
		return err
	}
	if missing {
		return fmt.Errorf("database %s has hands stored before schema version 9 without the pot types, cards and flags this filter reads: open it for writing once (pokerlab db import) to compute them", db.where)
	}
	return nil
}

// HUDGroups returns the HUD of the rows f selects in groups (ByNone: one
// group), ordered by position (hud.Positions) or by number of players. A
// filter on the cache's keys only (player, stakes, dates, position) is
// summed from the cache and the tail, as HUD; any other is summed from the
// player rows the filter selects (hand_players joined with hands), at the
// speed of the indexes its conditions use.
func (db *DB) HUDGroups(ctx context.Context, f Filter, by GroupBy) ([]GroupHUD, error) {
	if err := db.checkFacts(ctx, f); err != nil {
		return nil, err
	}
	if by != BySeats && f.onCache() {
		return db.hudCache(ctx, f, by)
	}
	return db.hudRows(ctx, db.sql, f, by)
}

// hudRows sums the player rows f selects, by group.
func (db *DB) hudRows(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, f Filter, by GroupBy) ([]GroupHUD, error) {
	conds, args, err := f.rowConds(nil)
	if err != nil {
		return nil, err
	}
	group := "''"
	switch by {
	case ByPosition:
		group = "hp.position"
	case BySeats:
		group = "CAST(h.seats AS TEXT)"
	}
	conds = append(conds, "h.id = hp.hand_id")
	rows, err := q.QueryContext(ctx, "SELECT "+group+", hp.hand_id, hp.player_id, hp.opp, hp.taken, hp.af_taken, hp.af_opps, hp.afq_taken, hp.afq_opps, "+
		moneyRowColumns+" FROM hands h CROSS JOIN hand_players hp"+and(conds), args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	type key struct {
		group  string
		player int64
	}
	by2 := map[key]*cacheRow{}
	// The hands of each group: a bit per hand id (ids are dense).
	handsOf := map[string]*handSet{}
	var g string
	var hand, pid, opp, taken, afT, afO, afqT, afqO int64
	var mr moneyRow
	for rows.Next() {
		if err := rows.Scan(&g, &hand, &pid, &opp, &taken, &afT, &afO, &afqT, &afqO, &mr.net, &mr.rake, &mr.ev, &mr.showdown, &mr.cashOutFee, &mr.bb); err != nil {
			return nil, db.wrap(err)
		}
		k := key{g, pid}
		a := by2[k]
		if a == nil {
			a = &cacheRow{}
			by2[k] = a
		}
		a.hands++
		unpackFlags(&a.counts, opp, taken, afT, afO, afqT, afqO)
		a.addMoney(mr.net, mr.rake, mr.ev, mr.showdown, mr.cashOutFee, mr.bb)
		hs := handsOf[g]
		if hs == nil {
			hs = &handSet{}
			handsOf[g] = hs
		}
		hs.add(hand)
	}
	if err := rows.Err(); err != nil {
		return nil, db.wrap(err)
	}
	rows.Close()
	names, err := db.playerNames(ctx)
	if err != nil {
		return nil, err
	}
	groups := map[string]*GroupHUD{}
	for k, a := range by2 {
		gh := groups[k.group]
		if gh == nil {
			gh = &GroupHUD{Key: k.group, Tracker: hud.NewTracker(), Hands: handsOf[k.group].n}
			groups[k.group] = gh
		}
		gh.Tracker.AddCounts(names[k.player], a.hands, &a.counts)
		gh.Tracker.AddMoney(names[k.player], &a.money)
	}
	return sortGroups(groups, by), nil
}

// sortGroups orders the groups (positions in hud.Positions' order, seats
// by number) and sorts each tracker by name. ByNone always has its one
// group, empty when nothing is selected.
func sortGroups(groups map[string]*GroupHUD, by GroupBy) []GroupHUD {
	if by == ByNone && groups[""] == nil {
		groups[""] = &GroupHUD{Tracker: hud.NewTracker()}
	}
	out := make([]GroupHUD, 0, len(groups))
	for _, g := range groups {
		g.Tracker.SortByName() // the database's collation may order names otherwise
		out = append(out, *g)
	}
	SortGroups(out, by)
	return out
}

// SortGroups orders groups as HUDGroups returns them: positions in
// hud.Positions' order, numbers of players rising.
func SortGroups(out []GroupHUD, by GroupBy) {
	order := func(k string) int {
		if by == ByPosition {
			return slices.Index(hud.Positions, k)
		}
		n, _ := strconv.Atoi(k)
		return n
	}
	slices.SortFunc(out, func(a, b GroupHUD) int {
		return cmp.Or(cmp.Compare(order(a.Key), order(b.Key)), strings.Compare(a.Key, b.Key))
	})
}

// countSelected counts the hands with a row f selects: from hand_counts
// when f selects by stakes and dates only (or has no Expr: the hands its
// stakes and dates select, whatever its player and position), else over
// the rows.
func (db *DB) countSelected(ctx context.Context, tx *sql.Tx, f Filter) (int64, error) {
	if f.Expr == nil {
		return db.countHands(ctx, tx, f)
	}
	if f.Player == "" && f.Position == "" {
		conds, args := f.where("h", "h", nil)
		if conds, args, err := f.exprCond(conds, args, countColumns()); err == nil {
			var n int64
			err := tx.QueryRowContext(ctx, "SELECT coalesce(sum(h.hands), 0) FROM hand_counts h"+and(conds), args...).Scan(&n)
			return n, db.wrap(err)
		} else if !errors.As(err, new(*filter.UnavailableError)) {
			return 0, err
		}
	}
	// The hands with a row selected, as HandIDs selects them: by the
	// hands' indexes first (a count of distinct ids over a join let
	// SQLite scan every player row).
	conds, args, err := f.handConds()
	if err != nil {
		return 0, err
	}
	var n int64
	err = tx.QueryRowContext(ctx, "SELECT count(*) FROM hands h"+and(conds), args...).Scan(&n)
	return n, db.wrap(err)
}

// CountSelected counts the hands with a row f selects (as HUD's hands: by
// stakes and dates alone when f has no Expr).
func (db *DB) CountSelected(ctx context.Context, f Filter) (int64, error) {
	if err := db.checkFacts(ctx, f); err != nil {
		return 0, err
	}
	tx, err := db.sql.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return 0, db.wrap(err)
	}
	defer tx.Rollback()
	return db.countSelected(ctx, tx, f)
}

// handConds are the conditions selecting the hands (alias h) with a row
// f selects: on the hand's columns when f reads no player field, else a
// correlated EXISTS over its player rows.
func (f Filter) handConds() ([]string, []any, error) {
	pf := Filter{Position: f.Position, Player: f.Player}
	f.Position, f.Player = "", ""
	conds, args := f.where("h", "h", nil)
	if pf.Player == "" && pf.Position == "" && (f.Expr == nil || !filter.Uses(f.Expr, playerFields...)) {
		return f.exprCond(conds, args, rowColumns())
	}
	var sub []string
	sub, args = pf.where("hp", "hp", args)
	if pf.Player != "" {
		args = append(args, pf.Player)
		sub = append(sub, "hp.player_id = (SELECT id FROM players WHERE name = $"+strconv.Itoa(len(args))+")")
	}
	sub, args, err := f.exprCond(sub, args, rowColumns())
	if err != nil {
		return nil, nil, err
	}
	sub = append([]string{"hp.hand_id = h.id"}, sub...)
	return append(conds, "EXISTS (SELECT 1 FROM hand_players hp"+and(sub)+")"), args, nil
}

// HandIDs returns the ids of the hands with a row f selects, in id order
// (the check of the filters; Hands and Export select the same hands).
func (db *DB) HandIDs(ctx context.Context, f Filter) ([]int64, error) {
	if err := db.checkFacts(ctx, f); err != nil {
		return nil, err
	}
	conds, args, err := f.handConds()
	if err != nil {
		return nil, err
	}
	rows, err := db.sql.QueryContext(ctx, "SELECT h.id FROM hands h"+and(conds)+" ORDER BY h.id", args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, db.wrap(err)
		}
		out = append(out, id)
	}
	return out, db.wrap(rows.Err())
}

// StatsOf summarises the hands with a row f selects (Stats when f selects
// everything): their number, the players with a selected row, the hands
// of each site, the first and last dates.
func (db *DB) StatsOf(ctx context.Context, f Filter) (*Summary, error) {
	if f.Expr == nil && f.Player == "" && f.Position == "" && f.Stakes == "" && f.Since == 0 && f.Until == 0 {
		return db.Stats(ctx)
	}
	if err := db.checkFacts(ctx, f); err != nil {
		return nil, err
	}
	s := &Summary{Sites: map[string]int64{}, Version: db.version}
	conds, args, err := f.handConds()
	if err != nil {
		return nil, err
	}
	rows, err := db.sql.QueryContext(ctx, "SELECT h.site, count(*), min(h.played_at), max(h.played_at) FROM hands h"+and(conds)+" GROUP BY h.site", args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		var site string
		var n int64
		var first, last sql.NullString
		if err := rows.Scan(&site, &n, &first, &last); err != nil {
			return nil, db.wrap(err)
		}
		s.Sites[site] = n
		s.Hands += n
		if first.Valid && (s.First == "" || first.String < s.First) {
			s.First = first.String
		}
		if last.Valid && last.String > s.Last {
			s.Last = last.String
		}
	}
	if err := rows.Err(); err != nil {
		return nil, db.wrap(err)
	}
	rows.Close()
	rconds, rargs, err := f.rowConds(nil)
	if err != nil {
		return nil, err
	}
	// CROSS JOIN: hands first, by their indexes (see hudRows).
	err = db.sql.QueryRowContext(ctx, "SELECT count(DISTINCT hp.player_id) FROM hands h CROSS JOIN hand_players hp"+and(append(rconds, "hp.hand_id = h.id")), rargs...).Scan(&s.Players)
	return s, db.wrap(err)
}

// handSet is a set of hand ids, a bit each, with its size.
type handSet struct {
	bits []uint64
	n    int64
}

func (s *handSet) add(id int64) {
	w := int(id >> 6)
	if w >= len(s.bits) {
		s.bits = append(s.bits, make([]uint64, w+1-len(s.bits)+len(s.bits)/2)...)
	}
	if m := uint64(1) << (id & 63); s.bits[w]&m == 0 {
		s.bits[w] |= m
		s.n++
	}
}

// RowOf is seat s of a replayed hand (h, its engine hand g, g's facts f
// and the seat's money m) as the filters see it: the row the database
// stores for it (RecordOf), for filter.Match over hand-history files.
func RowOf(h *hh.Hand, g *holdem.Hand, s int, f *hud.HandFacts, m *hud.SeatMoney) filter.Row {
	venue, _ := h.Field("venue")
	_, day := handTime(h)
	return filter.Row{Day: day, Stakes: stakes(h.Blinds[0], h.Blinds[1], h.Decimals), Site: venue, Seats: h.NumPlayers(),
		Pot: f.Pot, BB: hud.BigBlind(h), Position: hud.SeatPosition(g, s), Player: h.PlayerName(s),
		Hole: f.Seats[s].Hole, Net: m.Net, SawFlop: f.Seats[s].SawFlop, Showdown: m.Showdown, AllIn: f.Seats[s].AllIn}
}
