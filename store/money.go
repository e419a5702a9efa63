package store

import (
	"context"
	"database/sql"
	"fmt"

	"pokerlab/hh"
	"pokerlab/hud"
)

// backfillPage is the hands backfillMoney reads at a time.
const backfillPage = 1000

// backfillMoney fills the money of the hands stored before schema version
// 8 (schemaV8), in the migration's transaction: each hand's PHH text is
// replayed (hud.TallyRecorded, hud.MoneyRecorded: what an import stores),
// its player rows get their rake, all-in adjusted net, showdown flag and
// cash-out fee, and the hand its big blind. A stored hand that no longer
// replays keeps zeros (and its bb from the stakes). The HUD cache is then
// emptied and its watermark set back, so that the next fold sums every
// row with its money.
func backfillMoney(ctx context.Context, tx *sql.Tx, db *DB) error {
	var n int64
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM hands").Scan(&n); err != nil || n == 0 {
		return err
	}
	updRow, err := tx.PrepareContext(ctx, "UPDATE hand_players SET net = $1, rake = $2, ev_adj = $3, showdown = $4, cash_out_fee = $5 WHERE hand_id = $6 AND seat = $7")
	if err != nil {
		return err
	}
	defer updRow.Close()
	updHand, err := tx.PrepareContext(ctx, "UPDATE hands SET bb = $1 WHERE id = $2")
	if err != nil {
		return err
	}
	defer updHand.Close()
	var (
		r      hh.Replayer
		counts hud.HandCounts
		money  hud.HandMoney
		after  int64
	)
	type stored struct {
		id  int64
		phh string
	}
	page := make([]stored, 0, backfillPage)
	for {
		page = page[:0]
		rows, err := tx.QueryContext(ctx, "SELECT id, phh FROM hands WHERE id > $1 ORDER BY id LIMIT $2", after, backfillPage)
		if err != nil {
			return err
		}
		for rows.Next() {
			var s stored
			if err := rows.Scan(&s.id, &s.phh); err != nil {
				rows.Close()
				return err
			}
			page = append(page, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(page) == 0 {
			break
		}
		for _, s := range page {
			after = s.id
			h, err := parseStored(db.where, s.id, s.phh)
			if err != nil {
				continue
			}
			if hud.TallyRecorded(h, &r, &counts) != nil {
				continue
			}
			hud.MoneyRecorded(h, &r, &money)
			if _, err := updHand.ExecContext(ctx, hud.BigBlind(h), s.id); err != nil {
				return err
			}
			for seat := range h.NumPlayers() {
				m := &money[seat]
				sd := 0
				if m.Showdown {
					sd = 1
				}
				if _, err := updRow.ExecContext(ctx, m.Net, m.Rake, m.EV, sd, m.CashOutFee, s.id, seat+1); err != nil {
					return err
				}
			}
		}
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM hud_cache"); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE hud_fold SET folded = 0, target = 0 WHERE id = 1")
	return err
}

// Series returns the money of player f.Player in each hand f selects, in
// the order the hands were stored (hud.Point: in big blinds), for graphs
// (hud.CurvesOf). Cost: a scan of hand_players (schema version 3 has no
// index by player), about a second per million hands.
func (db *DB) Series(ctx context.Context, f Filter) ([]hud.Point, error) {
	if f.Player == "" {
		return nil, fmt.Errorf("store: Series needs a player")
	}
	if err := db.checkFacts(ctx, f); err != nil {
		return nil, err
	}
	conds, args, err := f.rowConds(nil) // the player, the other filters and f.Expr
	if err != nil {
		return nil, err
	}
	rows, err := db.sql.QueryContext(ctx, "SELECT hp.net, hp.ev_adj, hp.showdown, h.bb FROM hand_players hp JOIN hands h ON h.id = hp.hand_id"+
		and(conds)+" ORDER BY hp.hand_id", args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	var out []hud.Point
	for rows.Next() {
		var net, sd, bb int64
		var ev float64
		if err := rows.Scan(&net, &ev, &sd, &bb); err != nil {
			return nil, db.wrap(err)
		}
		out = append(out, hud.PointOf(&hud.SeatMoney{Net: net, EV: ev, Showdown: sd != 0}, bb))
	}
	return out, db.wrap(rows.Err())
}

// HUDBy is HUD with each player's hands also split by breakdown
// (hud.Player.Groups), over the rows f selects (f.Expr too): by position
// from the HUD cache (it is keyed by position) when f allows, by table
// size and for other filters from the player rows (HUDGroups).
func (db *DB) HUDBy(ctx context.Context, f Filter, by hud.Breakdown) (*hud.Tracker, int64, error) {
	t, hands, err := db.HUD(ctx, f)
	if err != nil || by == hud.NoBreakdown {
		return t, hands, err
	}
	t.By = by
	g := ByPosition
	if by == hud.ByTableSize {
		g = BySeats
	}
	groups, err := db.HUDGroups(ctx, f, g)
	if err != nil {
		return nil, 0, err
	}
	for _, gr := range groups {
		for _, p := range gr.Tracker.Players() {
			t.AddGroup(p.Name, gr.Key, p.Hands, &p.Counts, &p.Money)
		}
	}
	return t, hands, nil
}
