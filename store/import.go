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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"pokerlab/hud"
)

// ImportResult counts what one Import did.
type ImportResult struct {
	Stored  int // new hands written
	Skipped int // hands already in the database (same site and hand number)
}

// playerCache maps player names to ids that are committed: ids learned in a
// transaction join it only after the commit.
type playerCache struct {
	mu  sync.Mutex
	ids map[string]int64
}

func (c *playerCache) get(names []string) (known map[string]int64, missing []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	known = make(map[string]int64, len(names))
	for _, n := range names {
		if id, ok := c.ids[n]; ok {
			known[n] = id
		} else if _, dup := known[n]; !dup {
			known[n] = 0
			missing = append(missing, n)
		}
	}
	return known, missing
}

func (c *playerCache) add(ids map[string]int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil {
		c.ids = map[string]int64{}
	}
	for n, id := range ids {
		c.ids[n] = id
	}
}

// Import stores a batch of hands in one transaction: either every new hand
// of the batch is stored, with its player rows and HUD cache, or none is.
// A hand whose site and hand number are already stored (by an earlier
// batch, a concurrent import, or earlier in this batch) is skipped and
// counted. Concurrent Imports are safe: on SQLite they take turns (WAL,
// BEGIN IMMEDIATE, busy timeout); on PostgreSQL the unique (site,
// site_hand) constraint with ON CONFLICT DO NOTHING decides which stores a
// hand that both carry. New players and HUD cache rows are written in key
// order; hands in input order, so two imports of the same hands in
// different orders can deadlock: PostgreSQL then aborts one, and Import
// retries its batch.
func (db *DB) Import(ctx context.Context, recs []*Record) (ImportResult, error) {
	if db.readOnly {
		return ImportResult{}, fmt.Errorf("database %s is open read-only", db.where)
	}
	// Without repeats, in input order (hand ids follow it, and so does
	// Export).
	seen := make(map[[2]string]bool, len(recs))
	var res ImportResult
	uniq := make([]*Record, 0, len(recs))
	for _, r := range recs {
		k := [2]string{r.Site, r.SiteHand}
		if seen[k] {
			res.Skipped++
			continue
		}
		seen[k] = true
		uniq = append(uniq, r)
	}
	recs = uniq
	var names []string
	for _, r := range recs {
		for i := range r.Players {
			names = append(names, r.Players[i].Name)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	for attempt := 0; ; attempt++ {
		stored, ids, err := db.importTx(ctx, recs, names)
		if err != nil && attempt < 5 && retryable(err) {
			continue
		}
		if err != nil {
			return ImportResult{}, db.wrap(err)
		}
		db.players.add(ids)
		res.Stored = stored
		res.Skipped += len(recs) - stored
		return res, nil
	}
}

func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// txWriter is the part of a transaction Import needs, on either engine.
type txWriter interface {
	exec(ctx context.Context, q string, args ...any) error
	query(ctx context.Context, q string, args []any, row func(scan func(...any) error) error) error
	// insertPlayers writes hand_players rows (COPY on PostgreSQL).
	insertPlayers(ctx context.Context, rows [][]any) error
}

// importTx runs one batch in a transaction and returns how many hands were
// stored and the player ids it used.
func (db *DB) importTx(ctx context.Context, recs []*Record, names []string) (int, map[string]int64, error) {
	if db.kind == SQLite {
		tx, err := db.sql.BeginTx(ctx, nil)
		if err != nil {
			return 0, nil, err
		}
		defer tx.Rollback()
		stored, ids, err := db.writeBatch(ctx, sqlTx{tx}, recs, names)
		if err != nil {
			return 0, nil, err
		}
		return stored, ids, tx.Commit()
	}
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return 0, nil, err
	}
	defer conn.Close()
	var stored int
	var ids map[string]int64
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		tx, err := pc.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if stored, ids, err = db.writeBatch(ctx, pgTx{tx}, recs, names); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
	return stored, ids, err
}

// Rows per multi-row statement (under SQLite's 32,766 parameters).
const (
	handsPerInsert   = 500
	playersPerInsert = 2000
	cachePerInsert   = 200
)

var handColumns = []string{"site", "site_hand", "played_at", "time_zone", "day", "stakes", "currency", "table_name",
	"seats", "button", "decimals", "phh"}

var playerColumns = []string{"hand_id", "seat", "player_id", "table_seat", "position", "starting_stack", "net",
	"opp", "taken", "af_taken", "af_opps", "afq_taken", "afq_opps"}

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

func (db *DB) writeBatch(ctx context.Context, w txWriter, recs []*Record, names []string) (int, map[string]int64, error) {
	// Players: the names not known yet, inserted in name order.
	ids, missing := db.players.get(names)
	if len(missing) > 0 {
		for start := 0; start < len(missing); start += 1000 {
			part := missing[start:min(start+1000, len(missing))]
			args := make([]any, len(part))
			for i, n := range part {
				args[i] = n
			}
			if err := w.exec(ctx, "INSERT INTO players (name) VALUES "+values(len(part), 1)+" ON CONFLICT (name) DO NOTHING", args...); err != nil {
				return 0, nil, err
			}
			q := "SELECT id, name FROM players WHERE name IN (" + placeholders(1, len(part)) + ")"
			err := w.query(ctx, q, args, func(scan func(...any) error) error {
				var id int64
				var name string
				if err := scan(&id, &name); err != nil {
					return err
				}
				ids[name] = id
				return nil
			})
			if err != nil {
				return 0, nil, err
			}
		}
	}
	// Hands: the new ones come back with their ids.
	handID := make([]int64, len(recs))
	index := make(map[[2]string]int, len(recs))
	for i, r := range recs {
		index[[2]string{r.Site, r.SiteHand}] = i
	}
	for start := 0; start < len(recs); start += handsPerInsert {
		part := recs[start:min(start+handsPerInsert, len(recs))]
		args := make([]any, 0, len(part)*len(handColumns))
		for _, r := range part {
			var played any
			if r.PlayedAt != "" {
				played = r.PlayedAt
			}
			args = append(args, r.Site, r.SiteHand, played, r.TimeZone, r.Day, r.Stakes, r.Currency, r.Table,
				r.Seats, r.Button, r.Decimals, r.PHH)
		}
		q := "INSERT INTO hands (" + strings.Join(handColumns, ", ") + ") VALUES " + values(len(part), len(handColumns)) +
			" ON CONFLICT (site, site_hand) DO NOTHING RETURNING id, site, site_hand"
		err := w.query(ctx, q, args, func(scan func(...any) error) error {
			var id int64
			var k [2]string
			if err := scan(&id, &k[0], &k[1]); err != nil {
				return err
			}
			handID[index[k]] = id
			return nil
		})
		if err != nil {
			return 0, nil, err
		}
	}
	// Player rows and the HUD cache of the stored hands.
	var rows [][]any
	cache := map[cacheKey]*cacheRow{}
	counts := map[cacheKey]int64{} // stakes and day
	stored := 0
	for i, r := range recs {
		if handID[i] == 0 {
			continue
		}
		stored++
		counts[cacheKey{stakes: r.Stakes, day: r.Day}]++
		for j := range r.Players {
			p := &r.Players[j]
			pid := ids[p.Name]
			opp, taken, err := flagMasks(&p.Counts)
			if err != nil {
				return 0, nil, fmt.Errorf("hand %s %s: %s: %w", r.Site, r.SiteHand, p.Name, err)
			}
			af, afq := p.Counts[hud.AF], p.Counts[hud.AFq]
			rows = append(rows, []any{handID[i], int64(p.Seat), pid, int64(p.TableSeat), p.Position, p.StartingStack, p.Net,
				opp, taken, af.Taken, af.Opportunities, afq.Taken, afq.Opportunities})
			k := cacheKey{pid, r.Stakes, p.Position, r.Day}
			c := cache[k]
			if c == nil {
				c = &cacheRow{}
				cache[k] = c
			}
			c.hands++
			for s := range c.counts {
				c.counts[s].Taken += p.Counts[s].Taken
				c.counts[s].Opportunities += p.Counts[s].Opportunities
			}
		}
	}
	if err := w.insertPlayers(ctx, rows); err != nil {
		return 0, nil, err
	}
	keys := make([]cacheKey, 0, len(cache))
	for k := range cache {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b cacheKey) int {
		return cmp.Or(cmp.Compare(a.player, b.player), strings.Compare(a.stakes, b.stakes),
			strings.Compare(a.position, b.position), cmp.Compare(a.day, b.day))
	})
	for start := 0; start < len(keys); start += cachePerInsert {
		part := keys[start:min(start+cachePerInsert, len(keys))]
		args := make([]any, 0, len(part)*len(cacheColumns))
		for _, k := range part {
			c := cache[k]
			args = append(args, k.player, k.stakes, k.position, k.day, c.hands)
			for _, st := range statOf {
				args = append(args, c.counts[st].Taken, c.counts[st].Opportunities)
			}
		}
		if err := w.exec(ctx, cacheUpsert(len(part)), args...); err != nil {
			return 0, nil, err
		}
	}
	ckeys := make([]cacheKey, 0, len(counts))
	for k := range counts {
		ckeys = append(ckeys, k)
	}
	slices.SortFunc(ckeys, func(a, b cacheKey) int { return cmp.Or(strings.Compare(a.stakes, b.stakes), cmp.Compare(a.day, b.day)) })
	for _, k := range ckeys {
		if err := w.exec(ctx, `INSERT INTO hand_counts (stakes, day, hands) VALUES ($1, $2, $3)
ON CONFLICT (stakes, day) DO UPDATE SET hands = hand_counts.hands + excluded.hands`, k.stakes, k.day, counts[k]); err != nil {
			return 0, nil, err
		}
	}
	return stored, ids, nil
}

// flagMasks packs the per-hand flags into the bit masks of hand_players.
func flagMasks(c *[hud.NumStats]hud.Count) (opp, taken int64, err error) {
	for i, st := range statOf[:numFlags] {
		x := c[st]
		if x.Opportunities > 1 || x.Taken > x.Opportunities || x.Taken < 0 {
			return 0, 0, fmt.Errorf("store: stat %s has %d/%d in one hand, not a flag", st.Key(), x.Taken, x.Opportunities)
		}
		opp |= x.Opportunities << i
		taken |= x.Taken << i
	}
	return opp, taken, nil
}

// unpackFlags adds a hand_players row's tallies to c.
func unpackFlags(c *[hud.NumStats]hud.Count, opp, taken, afT, afO, afqT, afqO int64) {
	for i, st := range statOf[:numFlags] {
		c[st].Opportunities += opp >> i & 1
		c[st].Taken += taken >> i & 1
	}
	c[hud.AF].Taken += afT
	c[hud.AF].Opportunities += afO
	c[hud.AFq].Taken += afqT
	c[hud.AFq].Opportunities += afqO
}

// cacheColumns are the columns of hud_cache in statement order.
var cacheColumns = func() []string {
	cols := []string{"player_id", "stakes", "position", "day", "hands"}
	for _, k := range statKeysV1 {
		cols = append(cols, "t_"+k, "o_"+k)
	}
	return cols
}()

var (
	cacheUpserts  sync.Map // rows → statement
	sqliteQueries sync.Map // statement with $N → with ?
)

// sqliteParams rewrites the $1, $2, ... parameters of q (each used once, in
// order, as every statement of this package does) to SQLite's anonymous
// "?": SQLite looks named parameters up in a list, which makes a statement
// of thousands of them quadratic to prepare.
func sqliteParams(q string) string {
	if v, ok := sqliteQueries.Load(q); ok {
		return v.(string)
	}
	var b strings.Builder
	b.Grow(len(q))
	for i := 0; i < len(q); i++ {
		if q[i] == '$' && i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9' {
			b.WriteByte('?')
			for i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9' {
				i++
			}
			continue
		}
		b.WriteByte(q[i])
	}
	out := b.String()
	if len(q) > 2000 {
		sqliteQueries.Store(q, out)
	}
	return out
}

// cacheUpsert adds n rows to hud_cache, summing into rows that exist.
func cacheUpsert(n int) string {
	if q, ok := cacheUpserts.Load(n); ok {
		return q.(string)
	}
	var b strings.Builder
	b.WriteString("INSERT INTO hud_cache (" + strings.Join(cacheColumns, ", ") + ") VALUES " + values(n, len(cacheColumns)))
	b.WriteString(" ON CONFLICT (player_id, stakes, position, day) DO UPDATE SET ")
	for i, c := range cacheColumns[4:] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s = hud_cache.%s + excluded.%s", c, c, c)
	}
	q := b.String()
	cacheUpserts.Store(n, q)
	return q
}

// values returns "($1, $2), ($3, $4)" for rows × cols parameters.
func values(rows, cols int) string {
	var b strings.Builder
	b.Grow(rows * cols * 6)
	k := 1
	for r := range rows {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := range cols {
			if c > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(k))
			k++
		}
		b.WriteByte(')')
	}
	return b.String()
}

// placeholders returns "$from, ..., $(from+n-1)".
func placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(from+i))
	}
	return b.String()
}

// sqlTx is a database/sql transaction (SQLite).
type sqlTx struct{ tx *sql.Tx }

func (t sqlTx) exec(ctx context.Context, q string, args ...any) error {
	_, err := t.tx.ExecContext(ctx, sqliteParams(q), args...)
	return err
}

func (t sqlTx) query(ctx context.Context, q string, args []any, row func(func(...any) error) error) error {
	rows, err := t.tx.QueryContext(ctx, sqliteParams(q), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (t sqlTx) insertPlayers(ctx context.Context, rows [][]any) error {
	for start := 0; start < len(rows); start += playersPerInsert {
		part := rows[start:min(start+playersPerInsert, len(rows))]
		args := make([]any, 0, len(part)*len(playerColumns))
		for _, r := range part {
			args = append(args, r...)
		}
		if err := t.exec(ctx, "INSERT INTO hand_players ("+strings.Join(playerColumns, ", ")+") VALUES "+
			values(len(part), len(playerColumns)), args...); err != nil {
			return err
		}
	}
	return nil
}

// pgTx is a pgx transaction (PostgreSQL).
type pgTx struct{ tx pgx.Tx }

func (t pgTx) exec(ctx context.Context, q string, args ...any) error {
	_, err := t.tx.Exec(ctx, q, args...)
	return err
}

func (t pgTx) query(ctx context.Context, q string, args []any, row func(func(...any) error) error) error {
	rows, err := t.tx.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (t pgTx) insertPlayers(ctx context.Context, rows [][]any) error {
	_, err := t.tx.CopyFrom(ctx, pgx.Identifier{"hand_players"}, playerColumns, pgx.CopyFromRows(rows))
	return err
}
