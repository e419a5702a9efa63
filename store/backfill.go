package store

import (
	"context"
	"fmt"

	"pokerlab/hh"
)

// backfillBatch is the number of hands whose facts one transaction of
// backfillFacts fills.
const backfillBatch = 500

// backfillFacts fills the filter facts (schema version 9: hands.pot_type
// and hand_players' factColumns) of the hands stored before
// version 9, from their PHH text: each hand is replayed (RecordOf, as an
// import does) and its rows updated, backfillBatch hands a transaction,
// in id order, so an interrupted backfill resumes where it stopped (the
// hands with pot_type NULL, found by the index hands_pot_type). Open runs
// it on a database opened for writing. Cost: a replay per hand stored
// before version 9, once; nothing when every hand has its facts.
func (db *DB) backfillFacts(ctx context.Context) error {
	var r hh.Replayer
	for {
		type stored struct {
			id  int64
			phh string
		}
		var batch []stored
		rows, err := db.sql.QueryContext(ctx, "SELECT id, phh FROM hands WHERE pot_type IS NULL ORDER BY id LIMIT $1", backfillBatch)
		if err != nil {
			return db.wrap(err)
		}
		for rows.Next() {
			var s stored
			if err := rows.Scan(&s.id, &s.phh); err != nil {
				rows.Close()
				return db.wrap(err)
			}
			batch = append(batch, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return db.wrap(err)
		}
		if len(batch) == 0 {
			return nil
		}
		recs := make([]*Record, len(batch))
		for i, s := range batch {
			h, err := parseStored(db.where, s.id, s.phh)
			if err != nil {
				return err
			}
			if recs[i], err = RecordOf(h, &r); err != nil {
				return fmt.Errorf("%s hand %d: computing the facts of schema version 9: %w", db.where, s.id, err)
			}
		}
		err = db.write(ctx, func(w txWriter) error {
			for i, s := range batch {
				rec := recs[i]
				if err := w.exec(ctx, "UPDATE hands SET pot_type = $1 WHERE id = $2", int64(rec.Pot), s.id); err != nil {
					return err
				}
				for j := range rec.Players {
					p := &rec.Players[j]
					f := &p.Facts
					hole := holeValue(f.Hole)
					if err := w.exec(ctx, "UPDATE hand_players SET hole = $1, saw_flop = $2, allin = $3 WHERE hand_id = $4 AND seat = $5",
						hole, bit(f.SawFlop), bit(f.AllIn), s.id, int64(p.Seat)); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			return db.wrap(err)
		}
	}
}

// FactsMissing reports whether some stored hands lack the filter facts of
// schema version 9 (a database migrated from an older version and opened
// read-only since): filters on pot type, cards, flop, showdown or all-in
// would leave them out. Cost: one probe of the index hands_pot_type.
func (db *DB) FactsMissing(ctx context.Context) (bool, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, "SELECT count(*) FROM (SELECT 1 FROM hands WHERE pot_type IS NULL LIMIT 1) AS x").Scan(&n)
	return n > 0, db.wrap(err)
}
