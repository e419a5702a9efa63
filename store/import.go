package store

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"

	"pokerlab/hh"
	"pokerlab/hud"
)

// ImportResult counts what one Import did.
type ImportResult struct {
	Stored int // new hands written
	// Skipped counts the hands already stored: the same site, hand number
	// and content (Record.Digest), stored before or earlier in the batch.
	Skipped int
	// Conflicts are the hands refused: a hand with their site and hand
	// number but other content is stored (or was stored from earlier in
	// the batch).
	Conflicts []*Conflict
}

// Conflict is a hand Import refused: the database holds another hand with
// its site and hand number (the same key, other content). Two hands that
// share a key are one hand only if they have the same content; skipping
// the second would lose it without a word (the hands of two simulations,
// both numbered 1, 2, ... by an older pokerlab, are the case in point).
type Conflict struct {
	Record *Record // the hand refused
	// StoredID is the stored hand's id; Stored is its record when it was
	// stored from the same batch (nil when it was stored before).
	StoredID int64
	Stored   *Record
	// Diffs say how the refused hand (This) differs from the stored one
	// (Other): hh.Hand.Diff.
	Diffs []hh.FieldDiff
}

// maxDiffs is the number of differences a Conflict's message names.
const maxDiffs = 3

func (c *Conflict) Error() string {
	var b strings.Builder
	r := c.Record
	b.WriteString(r.File)
	if r.Line > 0 {
		fmt.Fprintf(&b, ": line %d", r.Line)
	}
	fmt.Fprintf(&b, ": %s hand #%s: not stored: the database holds another hand with this site and number (hand %d", r.Site, r.SiteHand, c.StoredID)
	if c.Stored != nil {
		fmt.Fprintf(&b, ", from %s", c.Stored.File)
		if c.Stored.Line > 0 {
			fmt.Fprintf(&b, ": line %d", c.Stored.Line)
		}
	}
	b.WriteString(")")
	if len(c.Diffs) == 0 {
		// Equal fields and different digests: a digest collision of the
		// stored form, never seen (2^-64).
		b.WriteString(" whose content digest differs")
		return b.String()
	}
	b.WriteString(" that differs in ")
	none := func(s string) string {
		if s == "" {
			return "none"
		}
		return s
	}
	for i, d := range c.Diffs[:min(maxDiffs, len(c.Diffs))] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%s here, %s stored)", d.Field, none(d.This), none(d.Other))
	}
	if n := len(c.Diffs) - maxDiffs; n > 0 {
		fmt.Fprintf(&b, " and %d more", n)
	}
	return b.String()
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
// of the batch is stored, with its player rows, or none is. The rows join
// the HUD cache later, in folds (fold.go); HUD counts them either way.
// A hand whose site and hand number are already stored (by an earlier
// batch, a concurrent import, or earlier in this batch) is skipped and
// counted if its content is the stored hand's (the same Digest), and
// refused as a Conflict otherwise. Concurrent Imports are safe: on SQLite
// they take turns (WAL, BEGIN IMMEDIATE, busy timeout); on PostgreSQL the
// unique (site, site_hand) constraint with ON CONFLICT DO NOTHING decides
// which stores a hand that both carry. New players and HUD cache rows are
// written in key order; hands in input order, so two imports of the same
// hands in different orders can deadlock: PostgreSQL then aborts one, and
// Import retries its batch.
func (db *DB) Import(ctx context.Context, recs []*Record) (ImportResult, error) {
	if db.readOnly {
		return ImportResult{}, fmt.Errorf("database %s is open read-only", db.where)
	}
	// Without repeats, in input order (hand ids follow it, and so does
	// Export); a repeat is compared with what its key holds once the
	// batch is written.
	first := make(map[[2]string]int, len(recs))
	uniq := make([]*Record, 0, len(recs))
	var repeats []*Record
	for _, r := range recs {
		k := [2]string{r.Site, r.SiteHand}
		if _, ok := first[k]; ok {
			repeats = append(repeats, r)
			continue
		}
		first[k] = len(uniq)
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
		var out batchOutcome
		err := db.write(ctx, func(w txWriter) error {
			var err error
			out, err = db.writeBatch(ctx, w, recs, names)
			if err == nil && len(repeats) > 0 {
				err = db.checkRepeats(ctx, w, recs, repeats, first, &out)
			}
			return err
		})
		if err != nil && attempt < 5 && retryable(err) {
			continue
		}
		if err != nil {
			return ImportResult{}, db.wrap(err)
		}
		db.players.add(out.ids)
		db.afterWrite(out.stored * 6)
		return ImportResult{Stored: out.stored, Skipped: out.skipped, Conflicts: out.conflicts}, nil
	}
}

// checkRepeats classifies the hands of a batch whose key came earlier in
// it (first maps a key to its first record in recs): the same content as
// the hand that key now holds (stored by this batch or before) is a
// duplicate, other content a conflict.
func (db *DB) checkRepeats(ctx context.Context, w txWriter, recs, repeats []*Record, first map[[2]string]int, out *batchOutcome) error {
	for _, r := range repeats {
		i := first[[2]string{r.Site, r.SiteHand}]
		if r.Digest == out.keyDigest[i] {
			out.skipped++
			continue
		}
		c := &Conflict{Record: r, StoredID: out.keyID[i]}
		if out.fresh[i] {
			c.Stored = recs[i]
		}
		if err := db.describeConflict(ctx, w, c); err != nil {
			return err
		}
		out.conflicts = append(out.conflicts, c)
	}
	return nil
}

// describeConflict fills c.Diffs from the stored hand's PHH text (or the
// record it was stored from).
func (db *DB) describeConflict(ctx context.Context, w txWriter, c *Conflict) error {
	text := ""
	if c.Stored != nil {
		text = c.Stored.PHH
	} else if err := w.query(ctx, "SELECT phh FROM hands WHERE id = $1", []any{c.StoredID}, func(scan func(...any) error) error {
		return scan(&text)
	}); err != nil {
		return err
	}
	stored, err := parseStored(db.where, c.StoredID, text)
	if err != nil {
		return err
	}
	here, err := parseStored(c.Record.File, 0, c.Record.PHH)
	if err != nil {
		return err
	}
	c.Diffs = here.Diff(stored)
	return nil
}

func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// The statements of an import.
var (
	insertNames = &multi{cols: 1, max: 256, text: func(k Kind, n int) string {
		return "INSERT INTO players (name) VALUES " + values(n, 1) + " ON CONFLICT (name) DO NOTHING"
	}}
	selectNames = &multi{cols: 1, max: 256, text: func(k Kind, n int) string {
		return "SELECT id, name FROM players WHERE name IN (" + placeholders(1, n) + ")"
	}}
	insertHands = &multi{cols: len(handColumns), max: 256, text: func(k Kind, n int) string {
		return insertOrFail(k) + "hands (" + strings.Join(handColumns[:], ", ") + ") VALUES " + values(n, len(handColumns)) +
			" ON CONFLICT (site, site_hand) DO NOTHING RETURNING id, site, site_hand"
	}}
	insertPlayerRows = &multi{cols: numPlayerRowColumns, max: 1024, text: func(k Kind, n int) string {
		return insertOrFail(k) + "hand_players (" + strings.Join(playerRowColumns(), ", ") + ") VALUES " + values(n, numPlayerRowColumns)
	}}
	// upsertCache adds a fold's sums to hud_cache rows that have not had
	// them yet (folded_to below the fold's target: a fold resumed after a
	// crash, or run by two processes at once, adds each row's sums once).
	upsertCache = &multi{cols: numCacheColumns + len(moneyCacheColumns) + 1, max: 128, text: func(k Kind, n int) string {
		var b strings.Builder
		cols := append(append([]string(nil), cacheColumns()...), moneyCacheColumns[:]...)
		b.WriteString(insertOrFail(k) + "hud_cache (" + strings.Join(cols, ", ") + ", folded_to) VALUES " + values(n, len(cols)+1))
		b.WriteString(" ON CONFLICT (player_id, stakes, position, day) DO UPDATE SET ")
		for _, c := range cols[4:] {
			fmt.Fprintf(&b, "%s = hud_cache.%s + excluded.%s, ", c, c, c)
		}
		b.WriteString("folded_to = excluded.folded_to WHERE hud_cache.folded_to < excluded.folded_to")
		return b.String()
	}}
	upsertCounts = &multi{cols: 3, max: 64, text: func(k Kind, n int) string {
		return insertOrFail(k) + "hand_counts (stakes, day, hands) VALUES " + values(n, 3) +
			" ON CONFLICT (stakes, day) DO UPDATE SET hands = hand_counts.hands + excluded.hands"
	}}
)

// insertOrFail begins the INSERTs of a batch. On SQLite, OR FAIL: a
// statement that fails keeps the rows it wrote before the failure instead
// of undoing them, so SQLite keeps no statement journal (a copy of every
// page the statement changes, ABORT's cost); the batch fails and its whole
// transaction is rolled back all the same.
func insertOrFail(k Kind) string {
	if k == SQLite {
		return "INSERT OR FAIL INTO "
	}
	return "INSERT INTO "
}

var handColumns = [...]string{"site", "site_hand", "played_at", "time_zone", "day", "stakes", "currency", "table_name",
	"seats", "button", "decimals", "phh", "digest", "bb", "pot_type"}

// selectKeys reads the stored hands of (site, site_hand) keys: id, key,
// digest (0 when NULL) and, for a hand stored before schema version 5
// (digest NULL), the PHH text its digest is computed from.
var selectKeys = &multi{cols: 2, max: 256, text: func(k Kind, n int) string {
	return "SELECT h.id, h.site, h.site_hand, " + storedDigestColumns + " FROM (VALUES " + values(n, 2) +
		") AS k JOIN hands h ON h.site = k.column1 AND h.site_hand = k.column2"
}}

// storedDigestColumns are the digest of a hands row (h) and, when it has
// none yet, its PHH text.
const storedDigestColumns = "coalesce(h.digest, 0), CASE WHEN h.digest IS NULL THEN h.phh ELSE '' END"

// storedKey is the stored hand under a record's key.
type storedKey struct {
	id, digest int64
	phh        string // set when the row has no digest yet (stored before version 5)
}

// batchOutcome is what writeBatch did with a batch of distinct keys.
type batchOutcome struct {
	stored, skipped int
	conflicts       []*Conflict
	ids             map[string]int64 // the players' ids
	// keyID[i] and keyDigest[i] are the id and digest of the hand stored
	// under the key of recs[i]: recs[i] itself when fresh[i].
	keyID, keyDigest []int64
	fresh            []bool
}

var playerColumns = [...]string{"hand_id", "seat", "player_id", "table_seat", "position", "starting_stack", "net",
	"opp", "taken", "af_taken", "af_opps", "afq_taken", "afq_opps"}

// playerRowColumns are the columns an import writes to hand_players:
// playerColumns (schema version 3, which the migrations copy), the money
// columns of version 8 and the filter facts of version 9.
var playerRowColumns = sync.OnceValue(func() []string {
	return append(append(append([]string(nil), playerColumns[:]...), moneyColumns[:]...), factColumns[:]...)
})

// numPlayerRowColumns is len(playerRowColumns()).
const numPlayerRowColumns = len(playerColumns) + len(moneyColumns) + len(factColumns)

// writeBatch writes the hands of recs (distinct keys) whose keys are not
// stored yet, with their players and player rows, and classifies the
// others by their stored hand's digest: duplicates (skipped) and conflicts.
// Rows stored before schema version 5 get their digest here, from their
// PHH text.
func (db *DB) writeBatch(ctx context.Context, w txWriter, recs []*Record, names []string) (batchOutcome, error) {
	out := batchOutcome{keyID: make([]int64, len(recs)), keyDigest: make([]int64, len(recs)), fresh: make([]bool, len(recs))}
	// Players: the names not known yet, inserted in name order.
	ids, missing := db.players.get(names)
	if len(missing) > 0 {
		args := make([]any, len(missing))
		for i, n := range missing {
			args[i] = n
		}
		if err := w.rows(ctx, insertNames, len(args), args, nil); err != nil {
			return out, err
		}
		err := w.rows(ctx, selectNames, len(args), args, func(scan func(...any) error) error {
			var id int64
			var name string
			if err := scan(&id, &name); err != nil {
				return err
			}
			ids[name] = id
			return nil
		})
		if err != nil {
			return out, err
		}
	}
	// Hands: the new ones come back with their ids.
	handID := make([]int64, len(recs))
	bulk := false
	st, _ := w.(*sqliteTx)
	if st != nil {
		var err error
		if bulk, err = db.keyMode(ctx, w, true); err != nil {
			return out, err
		}
	}
	var args []any
	prior := make([]storedKey, len(recs)) // the stored hand of each key not stored now
	if bulk {
		if err := db.writeHandsBulk(ctx, st, recs, handID, prior); err != nil {
			return out, err
		}
	} else {
		index := make(map[[2]string]int, len(recs))
		args = make([]any, 0, len(recs)*len(handColumns))
		for i, r := range recs {
			index[[2]string{r.Site, r.SiteHand}] = i
			args = appendHandArgs(args, r)
		}
		err := w.rows(ctx, insertHands, len(recs), args, func(scan func(...any) error) error {
			var id int64
			var k [2]string
			if err := scan(&id, &k[0], &k[1]); err != nil {
				return err
			}
			handID[index[k]] = id
			return nil
		})
		if err != nil {
			return out, err
		}
		// The hands not stored: what their keys hold.
		args = args[:0]
		for i, r := range recs {
			if handID[i] == 0 {
				args = append(args, r.Site, r.SiteHand)
			}
		}
		err = w.rows(ctx, selectKeys, len(args)/2, args, func(scan func(...any) error) error {
			var k [2]string
			var p storedKey
			if err := scan(&p.id, &k[0], &k[1], &p.digest, &p.phh); err != nil {
				return err
			}
			prior[index[k]] = p
			return nil
		})
		if err != nil {
			return out, err
		}
	}
	if err := db.classify(ctx, w, recs, handID, prior, &out); err != nil {
		return out, err
	}
	// Player rows of the stored hands (the HUD cache follows in folds).
	var err error
	if n := len(recs) * 6 * numPlayerRowColumns; cap(args) < n {
		args = make([]any, 0, n)
	}
	args = args[:0]
	nrows := 0
	counts := map[cacheKey]int64{} // stakes and day
	stored := 0
	// On SQLite the fold's sums of these rows, kept from here (foldacc.go),
	// and the rows in fewer values (insertPlayerRowsPacked) when they fit.
	var sums *batchSums
	packed := false
	if st != nil {
		sums = &batchSums{sums: map[cacheKey]*cacheRow{}}
		packed = packable(recs, handID)
	}
	for i, r := range recs {
		if handID[i] == 0 {
			continue
		}
		stored++
		counts[cacheKey{stakes: r.Stakes, day: r.Day}]++
		if sums != nil {
			sums.hand(handID[i])
		}
		for j := range r.Players {
			p := &r.Players[j]
			opp, taken, err := flagMasks(&p.Counts)
			if err != nil {
				return out, fmt.Errorf("hand %s %s: %s: %w", r.Site, r.SiteHand, p.Name, err)
			}
			af, afq := p.Counts[hud.AF], p.Counts[hud.AFq]
			sd := int64(0)
			if p.Showdown {
				sd = 1
			}
			if packed {
				args = append(args, handID[i], int64(p.Seat)|int64(positionCode(p.Position))<<8|sd<<16|factBits(&p.Facts)<<16, ids[p.Name], int64(p.TableSeat),
					p.StartingStack, p.Net, opp, taken, af.Taken|af.Opportunities<<16|afq.Taken<<32|afq.Opportunities<<48,
					p.Rake, p.EV, p.CashOutFee)
			} else {
				args = append(args, handID[i], int64(p.Seat), ids[p.Name], int64(p.TableSeat), p.Position, p.StartingStack, p.Net,
					opp, taken, af.Taken, af.Opportunities, afq.Taken, afq.Opportunities, p.Rake, p.EV, sd, p.CashOutFee,
					holeValue(p.Facts.Hole), bit(p.Facts.SawFlop), bit(p.Facts.AllIn))
			}
			nrows++
			if sums != nil {
				k := cacheKey{player: ids[p.Name], stakes: r.Stakes, position: internPosition(p.Position), day: r.Day}
				sums.row(k, opp, taken, af.Taken, af.Opportunities, afq.Taken, afq.Opportunities)
				sums.money(k, p, r.BB)
			}
		}
	}
	if sums != nil {
		st.onCommit(func() { st.w.acc.add(sums) })
	}
	if pg, ok := w.(pgTx); ok {
		err = pg.copyFrom(ctx, "hand_players", playerRowColumns(), nrows, args)
	} else if packed {
		err = w.rows(ctx, insertPlayerRowsPacked, nrows, args, nil)
	} else {
		err = w.rows(ctx, insertPlayerRows, nrows, args, nil)
	}
	if err != nil {
		return out, err
	}
	ckeys := make([]cacheKey, 0, len(counts))
	for k := range counts {
		ckeys = append(ckeys, k)
	}
	slices.SortFunc(ckeys, func(a, b cacheKey) int { return cmp.Or(strings.Compare(a.stakes, b.stakes), cmp.Compare(a.day, b.day)) })
	args = args[:0]
	for _, k := range ckeys {
		args = append(args, k.stakes, int64(k.day), counts[k])
	}
	if err := w.rows(ctx, upsertCounts, len(ckeys), args, nil); err != nil {
		return out, err
	}
	out.stored, out.ids = stored, ids
	return out, nil
}

// classify sets out's keys of recs (handID[i] != 0: stored now; else
// prior[i] holds the stored hand) and sorts the hands not stored into
// duplicates and conflicts. A stored hand without a digest (schema
// version 4 and before) gets it now, from its PHH text.
func (db *DB) classify(ctx context.Context, w txWriter, recs []*Record, handID []int64, prior []storedKey, out *batchOutcome) error {
	for i, r := range recs {
		if handID[i] != 0 {
			out.keyID[i], out.keyDigest[i], out.fresh[i] = handID[i], r.Digest, true
			continue
		}
		p := &prior[i]
		if p.id == 0 {
			// ON CONFLICT saw a row that this transaction cannot: never on
			// these engines (READ COMMITTED sees what it waited for).
			return fmt.Errorf("store: hand %s %s was neither stored nor found", r.Site, r.SiteHand)
		}
		if p.phh != "" {
			h, err := parseStored(db.where, p.id, p.phh)
			if err != nil {
				return err
			}
			p.digest = digestOf(h)
			if err := w.exec(ctx, "UPDATE hands SET digest = $1 WHERE id = $2", p.digest, p.id); err != nil {
				return err
			}
		}
		out.keyID[i], out.keyDigest[i] = p.id, p.digest
		if p.digest == r.Digest {
			out.skipped++
			continue
		}
		c := &Conflict{Record: r, StoredID: p.id}
		if err := db.describeConflict(ctx, w, c); err != nil {
			return err
		}
		out.conflicts = append(out.conflicts, c)
	}
	return nil
}

// insertPlayerRowsPacked writes hand_players rows (SQLite) from 12 values
// a row instead of 20: seat | position code << 8 (the index in
// hud.Positions) | showdown << 16 | the filter facts << 16 (factBits), and
// the four AF counts in 16 bits each; SQL unpacks them. modernc's driver makes two calls into SQLite per bound value and
// copies each text value into C memory: binding was a third of the
// writer's statements.
var insertPlayerRowsPacked = &multi{cols: 12, max: 1024, text: func(k Kind, n int) string {
	var pos strings.Builder
	pos.WriteString("CASE (column2 >> 8) & 255")
	for i, p := range hud.Positions {
		fmt.Fprintf(&pos, " WHEN %d THEN '%s'", i, p)
	}
	pos.WriteString(" END")
	return "INSERT OR FAIL INTO hand_players (" + strings.Join(playerRowColumns(), ", ") + ") SELECT column1, column2 & 255, column3, column4, " +
		pos.String() + ", column5, column6, column7, column8, column9 & 65535, (column9 >> 16) & 65535, (column9 >> 32) & 65535, (column9 >> 48) & 65535" +
		", column10, column11, (column2 >> 16) & 1, column12" +
		", nullif((column2 >> 19) & 2047, 0) - 1, (column2 >> 17) & 1, (column2 >> 18) & 1 FROM (VALUES " + values(n, 12) + ")"
}}

// factBits packs a player's filter facts into bits 1 and up of the
// packed value above the position (insertPlayerRowsPacked: bit 16 is
// showdown): saw the flop, all-in, then the hole index + 1 in 11 bits (0:
// unknown).
func factBits(f *hud.SeatFacts) int64 {
	return bit(f.SawFlop)<<1 | bit(f.AllIn)<<2 | int64(f.Hole+1)<<3
}

// holeValue is the hole column's value: NULL when unknown.
func holeValue(hole int) any {
	if hole < 0 {
		return nil
	}
	return int64(hole)
}

func bit(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// positionCode is p's index in hud.Positions (-1: not a position).
func positionCode(p string) int {
	for i, q := range hud.Positions {
		if p == q {
			return i
		}
	}
	return -1
}

// packable reports whether the player rows of the stored hands of recs fit
// insertPlayerRowsPacked: seats below 256, positions of hud.Positions, AF
// counts below 2^16.
func packable(recs []*Record, handID []int64) bool {
	for i, r := range recs {
		if handID[i] == 0 {
			continue
		}
		for j := range r.Players {
			p := &r.Players[j]
			if p.Seat < 0 || p.Seat > 255 || positionCode(p.Position) < 0 {
				return false
			}
			for _, st := range []hud.Stat{hud.AF, hud.AFq} {
				c := p.Counts[st]
				if c.Taken < 0 || c.Taken > 65535 || c.Opportunities < 0 || c.Opportunities > 65535 {
					return false
				}
			}
		}
	}
	return true
}

// appendHandArgs appends the values of r's hands row (handColumns).
func appendHandArgs(args []any, r *Record) []any {
	var played any
	if r.PlayedAt != "" {
		played = r.PlayedAt
	}
	return append(args, r.Site, r.SiteHand, played, r.TimeZone, int64(r.Day), r.Stakes, r.Currency, r.Table,
		int64(r.Seats), int64(r.Button), int64(r.Decimals), r.PHH, r.Digest, r.BB, int64(r.Pot))
}

// flagMasks packs the per-hand flags into the bit masks of hand_players.
func flagMasks(c *[hud.NumStats]hud.Count) (opp, taken int64, err error) {
	for i, st := range statOf()[:numFlags] {
		x := c[st]
		if x.Opportunities > 1 || x.Taken > x.Opportunities || x.Taken < 0 {
			return 0, 0, fmt.Errorf("store: stat %s has %d/%d in one hand, not a flag", st.Key(), x.Taken, x.Opportunities)
		}
		opp |= x.Opportunities << i
		taken |= x.Taken << i
	}
	return opp, taken, nil
}

// unpackFlags adds a hand_players row's tallies to c. It visits the set
// bits only: a player has a few of the 46 flags in a hand.
func unpackFlags(c *[hud.NumStats]hud.Count, opp, taken, afT, afO, afqT, afqO int64) {
	stats := statOf()
	for m := uint64(opp) & (1<<numFlags - 1); m != 0; m &= m - 1 {
		c[stats[bits.TrailingZeros64(m)]].Opportunities++
	}
	for m := uint64(taken) & (1<<numFlags - 1); m != 0; m &= m - 1 {
		c[stats[bits.TrailingZeros64(m)]].Taken++
	}
	c[hud.AF].Taken += afT
	c[hud.AF].Opportunities += afO
	c[hud.AFq].Taken += afqT
	c[hud.AFq].Opportunities += afqO
}

// numCacheColumns is the number of columns of hud_cache in statement order
// (cacheColumns), without folded_to.
const numCacheColumns = 5 + 2*len(statKeysV1)

// cacheColumns returns the columns of hud_cache in statement order (built
// at first use).
var cacheColumns = sync.OnceValue(func() []string {
	cols := []string{"player_id", "stakes", "position", "day", "hands"}
	for _, k := range statKeysV1 {
		cols = append(cols, "t_"+k, "o_"+k)
	}
	return cols
})
