package store

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"

	"pokerlab/hud"
)

// The HUD cache behind watermarks (schema version 3). hud_cache holds, for
// each player, the sums of the player's rows of the hands with ids up to
// players.hud_folded; the rows after it are the player's tail. HUD sums the
// cache and the tails in one read transaction, so it counts every stored
// row exactly once whatever has been folded. A fold moves the tails of a
// range of players into the cache: it reads their tail rows, sums them per
// (player, stakes, position, day) and adds the sums to the cache rows, and
// moves their watermarks to the last stored hand, all in one transaction.
//
// Why: an upsert per player, position, stakes and day at every commit
// rewrote rows, and so pages, all over the cache: with a few thousand
// players at the tables of `pokerlab serve`, every commit of a few hundred
// hands touched almost every page of it. Folding a player's tail of many
// hands costs one upsert per key for all of them, off the commit's rows.
//
// Writers note the rows they add (afterWrite); when this DB's estimate of
// the rows in tails passes FoldRows, it folds the next range of players
// (by id, round robin), so the tails stay bounded without a pause for a
// fold of everything. ImportFiles folds every tail at its end (Fold).
//
// Concurrency: on SQLite a fold is a write transaction like any other. On
// PostgreSQL it first locks hands in SHARE ROW EXCLUSIVE mode, which waits
// for the transactions that are inserting hands and holds off new ones
// until it commits: every hand id up to max(id) is then committed, so a
// watermark never passes a hand that is still to come (hand ids are taken
// while the inserting transaction holds its lock on hands).

// DefaultFoldRows is the rows in tails (as this DB counts them) past which
// writes fold a range of players.
const DefaultFoldRows = 200_000

// foldState is a DB's folding bookkeeping.
type foldState struct {
	mu     sync.Mutex
	tail   int   // rows written by this DB and not folded (an estimate)
	cursor int64 // the next player id to fold
	// rows is the threshold (0: DefaultFoldRows); ranges is the number of
	// ranges a round of folds splits the players into (0: 32).
	rows, ranges int
}

// SetFoldRows sets the rows in tails past which this DB's writes fold a
// range of players (0: DefaultFoldRows; tests use small values).
func (db *DB) SetFoldRows(n int) {
	db.folds.mu.Lock()
	db.folds.rows = n
	db.folds.mu.Unlock()
}

// afterWrite counts the rows of stored hands (stored hands × 6 on
// average) and folds a range of players when the tails are long.
func (db *DB) afterWrite(ctx context.Context, hands int) error {
	db.folds.mu.Lock()
	db.folds.tail += hands * 6
	limit := db.folds.rows
	if limit <= 0 {
		limit = DefaultFoldRows
	}
	due := db.folds.tail > limit
	db.folds.mu.Unlock()
	if !due {
		return nil
	}
	return db.foldNext(ctx)
}

// foldNext folds the next range of players.
func (db *DB) foldNext(ctx context.Context) error {
	maxID, err := db.maxPlayerID(ctx)
	if err != nil {
		return err
	}
	db.folds.mu.Lock()
	ranges := db.folds.ranges
	if ranges <= 0 {
		ranges = 32
	}
	span := max(maxID/int64(ranges)+1, 16)
	from := db.folds.cursor
	if from > maxID {
		from = 0
	}
	db.folds.cursor = from + span
	db.folds.mu.Unlock()
	n, err := db.foldRange(ctx, from, from+span)
	db.folds.mu.Lock()
	db.folds.tail = max(db.folds.tail-n, 0)
	if from+span > maxID {
		// A round is over: what this DB counted is folded.
		db.folds.tail = 0
	}
	db.folds.mu.Unlock()
	return err
}

func (db *DB) maxPlayerID(ctx context.Context) (int64, error) {
	var id int64
	err := db.sql.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM players").Scan(&id)
	return id, db.wrap(err)
}

// foldChunk is the players one transaction of Fold folds.
const foldChunk = 512

// Fold folds every player's tail into the HUD cache, a range of players per
// transaction. HUD returns the same before and after; after, summing the
// HUD of every player reads the cache alone.
func (db *DB) Fold(ctx context.Context) error {
	if db.readOnly {
		return nil
	}
	maxID, err := db.maxPlayerID(ctx)
	if err != nil {
		return err
	}
	for from := int64(0); from <= maxID; from += foldChunk {
		if _, err := db.foldRange(ctx, from, from+foldChunk); err != nil {
			return err
		}
	}
	db.folds.mu.Lock()
	db.folds.tail = 0
	db.folds.mu.Unlock()
	return nil
}

// tailQuery returns the tail rows, up to hand $1, of the players with ids
// in [$2, $3), with their hands' stakes and day (parameters in order of
// appearance: on SQLite they become anonymous). It goes from each player to
// its rows through the (player_id, hand_id) index, reading only the tail.
func tailQuery(k Kind) string {
	rows := "JOIN hand_players hp ON hp.player_id = p.id AND hp.hand_id > p.hud_folded AND hp.hand_id <= $1"
	if k == Postgres {
		// A lateral subquery: the planner could otherwise join the whole
		// table by hash.
		rows = `CROSS JOIN LATERAL (SELECT * FROM hand_players x WHERE x.player_id = p.id AND x.hand_id > p.hud_folded AND x.hand_id <= $1) hp`
	}
	return `SELECT p.id, h.stakes, hp.position, h.day, hp.opp, hp.taken, hp.af_taken, hp.af_opps, hp.afq_taken, hp.afq_opps
FROM players p ` + rows + ` JOIN hands h ON h.id = hp.hand_id
WHERE p.id >= $2 AND p.id < $3`
}

// foldRange folds the tails of the players with ids in [from, to) and
// returns the rows it folded.
func (db *DB) foldRange(ctx context.Context, from, to int64) (int, error) {
	var folded int
	err := db.write(ctx, func(w txWriter) error {
		folded = 0
		if db.kind == Postgres {
			if err := w.exec(ctx, "LOCK TABLE hands IN SHARE ROW EXCLUSIVE MODE"); err != nil {
				return err
			}
		}
		var last int64
		err := w.query(ctx, "SELECT coalesce(max(id), 0) FROM hands", nil, func(scan func(...any) error) error { return scan(&last) })
		if err != nil {
			return err
		}
		cache := map[cacheKey]*cacheRow{}
		var k cacheKey
		var opp, taken, afT, afO, afqT, afqO int64
		err = w.query(ctx, tailQuery(db.kind), []any{last, from, to}, func(scan func(...any) error) error {
			if err := scan(&k.player, &k.stakes, &k.position, &k.day, &opp, &taken, &afT, &afO, &afqT, &afqO); err != nil {
				return err
			}
			c := cache[k]
			if c == nil {
				c = &cacheRow{}
				cache[k] = c
			}
			c.hands++
			unpackFlags(&c.counts, opp, taken, afT, afO, afqT, afqO)
			folded++
			return nil
		})
		if err != nil {
			return err
		}
		if err := upsertCacheRows(ctx, w, cache); err != nil {
			return err
		}
		return w.exec(ctx, "UPDATE players SET hud_folded = $1 WHERE id >= $2 AND id < $3 AND hud_folded < $4", last, from, to, last)
	})
	return folded, db.wrap(err)
}

// upsertCacheRows adds sums to hud_cache, in key order (so that two
// transactions that add to the same rows take their locks in one order).
func upsertCacheRows(ctx context.Context, w txWriter, cache map[cacheKey]*cacheRow) error {
	keys := make([]cacheKey, 0, len(cache))
	for k := range cache {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b cacheKey) int {
		return cmp.Or(cmp.Compare(a.player, b.player), strings.Compare(a.stakes, b.stakes),
			strings.Compare(a.position, b.position), cmp.Compare(a.day, b.day))
	})
	args := make([]any, 0, len(keys)*len(cacheColumns))
	for _, k := range keys {
		c := cache[k]
		args = append(args, k.player, k.stakes, k.position, int64(k.day), c.hands)
		for _, st := range statOf {
			args = append(args, c.counts[st].Taken, c.counts[st].Opportunities)
		}
	}
	return w.rows(ctx, upsertCache, len(keys), args, nil)
}

// cacheKey is a row of hud_cache.
type cacheKey struct {
	player           int64
	stakes, position string
	day              int
}

type cacheRow struct {
	hands  int64
	counts [hud.NumStats]hud.Count
}
