package store

import (
	"context"
	"hash/maphash"
	"strconv"
	"strings"
)

// Bulk imports into an empty SQLite file (schema version 4).
//
// hands is unique by (site, site_hand) through the index hands_site_hand.
// Simulated hands are keyed by the SHA-256 of their text, so their keys
// arrive in random order: once that B-tree outgrows a batch, every hand
// inserted dirties a page of it of its own, and every commit writes each
// such page to the WAL (16 KB a hand; 11 GB written for 1,000,000 hands,
// and a checkpoint copies them again). An index built once at the end is
// a sort instead.
//
// So ImportFiles on an SQLite file whose hands table is empty drops the
// index (beginBulk) and builds it at its end (endBulk). Meanwhile this DB
// is the only writer of hands without the index, and keeps uniqueness
// itself: it remembers the hash of every key it has stored (bulkState)
// and checks a hand whose hash it has seen against the stored key (a read
// by id). Every transaction that writes hands first looks for the index
// (keyMode): a writer that is not the bulk owner (another process, or
// another DB on the same file) builds it before it writes, from hands that
// are unique; the owner that finds it built again goes back to INSERT …
// ON CONFLICT DO NOTHING like everyone else. A bulk import that dies
// leaves the index missing: the next writer builds it. Readers never need
// it (no query of a HUD or an export looks hands up by key).

// bulkCacheKB is the page cache of the writer connection during a bulk
// import, in KiB. A bulk import writes at the ends of its tables and
// indexes: a few pages of each, and a batch's new pages until its commit
// (about 3 MB for 2,000 hands) are all it reads again. SQLite frees its
// page cache page by page when the connection closes (modernc.org/memory
// hands each page back with madvise): 64 MB of pages took 0.6–1.4 s of
// the close. 300,000 hands, alternating runs: 21.0 / 17.9 CPU-s with the
// 64 MB cache, 17.8 / 15.6 with 8 MB (system time 4.1–4.4 s → 2.6–2.7 s).
const bulkCacheKB = 8192

// bulkState is the bulk import of a DB: guarded by the writer connection's
// mutex (every use is inside a write transaction or its commit).
type bulkState struct {
	users int // ImportFiles calls of this DB that share the bulk
	// on: this DB dropped the index and has not seen it built again.
	on   bool
	seed maphash.Seed
	ids  map[uint64]int64   // key hash → id of a hand this bulk stored
	more map[uint64][]int64 // further ids of a hash shared by different keys
	// sameHash (tests) gives every key the same hash: each hand is then
	// checked against every stored one.
	sameHash bool
}

func (b *bulkState) hash(site, siteHand string) uint64 {
	if b.sameHash {
		return 1
	}
	var h maphash.Hash
	h.SetSeed(b.seed)
	h.WriteString(site)
	h.WriteByte(0)
	h.WriteString(siteHand)
	return h.Sum64()
}

// candidates returns the ids of stored hands whose key has hash h.
func (b *bulkState) candidates(h uint64) []int64 {
	id, ok := b.ids[h]
	if !ok {
		return nil
	}
	return append([]int64{id}, b.more[h]...)
}

func (b *bulkState) add(h uint64, id int64) {
	if _, ok := b.ids[h]; ok {
		b.more[h] = append(b.more[h], id)
		return
	}
	b.ids[h] = id
}

func (b *bulkState) reset() {
	b.on, b.ids, b.more = false, nil, nil
}

// beginBulk starts a bulk import on an SQLite file whose hands table is
// empty (it drops hands_site_hand); elsewhere it does nothing. Each call
// is paired with endBulk.
func (db *DB) beginBulk(ctx context.Context) error {
	if db.kind != SQLite || db.readOnly {
		return nil
	}
	return db.wrap(db.write(ctx, func(w txWriter) error {
		t := w.(*sqliteTx)
		b := &db.w.bulk
		b.users++
		t.onRollback(func() { b.users-- })
		if b.on {
			return nil // another ImportFiles of this DB runs one
		}
		exists, err := indexExists(ctx, w)
		if err != nil || !exists {
			return err // missing: a bulk of another writer, or one that died
		}
		var n int64
		if err := w.query(ctx, "SELECT count(*) FROM (SELECT 1 FROM hands LIMIT 1)", nil, func(scan func(...any) error) error {
			return scan(&n)
		}); err != nil || n > 0 {
			return err
		}
		if err := w.exec(ctx, "DROP INDEX "+handsKeyIndex); err != nil {
			return err
		}
		// A small page cache while the bulk import lasts (its pages are the
		// ends of the tables); restored when it ends.
		if err := w.exec(ctx, "PRAGMA cache_size = -"+strconv.Itoa(bulkCacheKB)); err != nil {
			return err
		}
		t.onCommit(func() {
			*b = bulkState{users: b.users, on: true, seed: maphash.MakeSeed(), ids: map[uint64]int64{}, more: map[uint64][]int64{},
				sameHash: b.sameHash}
		})
		return nil
	}))
}

// endBulk ends a bulk import: the last of its users builds the index.
func (db *DB) endBulk(ctx context.Context) error {
	if db.kind != SQLite || db.readOnly {
		return nil
	}
	return db.wrap(db.write(ctx, func(w txWriter) error {
		t := w.(*sqliteTx)
		b := &db.w.bulk
		if b.users == 0 {
			return nil
		}
		if b.users > 1 {
			b.users--
			t.onRollback(func() { b.users++ })
			return nil
		}
		if b.on {
			if _, err := db.keyMode(ctx, w, false); err != nil {
				return err
			}
		}
		if err := w.exec(ctx, "PRAGMA cache_size = -"+strconv.Itoa(cacheKB)); err != nil {
			return err
		}
		t.onCommit(func() { b.users = 0; b.reset() })
		return nil
	}))
}

// indexExists reports whether hands_site_hand exists.
func indexExists(ctx context.Context, w txWriter) (bool, error) {
	var n int64
	err := w.query(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = $1", []any{handsKeyIndex},
		func(scan func(...any) error) error { return scan(&n) })
	return n > 0, err
}

// keyMode is the first step of a transaction that writes hands on SQLite:
// it reports whether this DB's bulk import goes on (the index is still
// missing and this DB dropped it: bulk), and otherwise makes sure the
// index exists, building it if a bulk import (of this DB when ending it,
// of another writer, or one that died) left it missing. keep=false ends
// this DB's bulk import.
func (db *DB) keyMode(ctx context.Context, w txWriter, keep bool) (bulk bool, err error) {
	b := &db.w.bulk
	exists, err := indexExists(ctx, w)
	if err != nil {
		return false, err
	}
	if exists {
		if b.on {
			// Another writer built it: this bulk is over.
			w.(*sqliteTx).onCommit(b.reset)
		}
		return false, nil
	}
	if b.on && keep {
		return true, nil
	}
	if err := w.exec(ctx, "CREATE UNIQUE INDEX "+handsKeyIndex+" ON hands (site, site_hand)"); err != nil {
		return false, err
	}
	if b.on {
		w.(*sqliteTx).onCommit(b.reset)
	}
	return false, nil
}

// insertHandsBulk writes hands with their ids, without the key index.
var insertHandsBulk = &multi{cols: 1 + len(handColumns), max: 256, text: func(k Kind, n int) string {
	return insertOrFail(k) + "hands (id, " + strings.Join(handColumns[:], ", ") + ") VALUES " + values(n, 1+len(handColumns))
}}

// writeHandsBulk stores the hands of recs that this bulk import has not
// stored yet, with ids after the largest, and sets handID of each stored
// one (0: already stored, and prior the stored hand). The keys join the bulk's when the transaction
// commits.
func (db *DB) writeHandsBulk(ctx context.Context, t *sqliteTx, recs []*Record, handID []int64, prior []storedKey) error {
	b := &db.w.bulk
	hashes := make([]uint64, len(recs))
	fresh := make([]bool, len(recs))
	for i, r := range recs {
		hashes[i] = b.hash(r.Site, r.SiteHand)
		fresh[i] = true
		for _, id := range b.candidates(hashes[i]) {
			var site, siteHand string
			p := storedKey{id: id}
			if err := t.query(ctx, "SELECT h.site, h.site_hand, "+storedDigestColumns+" FROM hands h WHERE h.id = $1", []any{id},
				func(scan func(...any) error) error { return scan(&site, &siteHand, &p.digest, &p.phh) }); err != nil {
				return err
			}
			if site == r.Site && siteHand == r.SiteHand {
				fresh[i] = false
				prior[i] = p
				break
			}
		}
	}
	var last int64
	if err := t.query(ctx, "SELECT coalesce(max(id), 0) FROM hands", nil, func(scan func(...any) error) error {
		return scan(&last)
	}); err != nil {
		return err
	}
	args := make([]any, 0, len(recs)*insertHandsBulk.cols)
	n := 0
	for i, r := range recs {
		if !fresh[i] {
			continue
		}
		last++
		handID[i] = last
		n++
		args = appendHandArgs(append(args, last), r)
	}
	if err := t.rows(ctx, insertHandsBulk, n, args, nil); err != nil {
		return err
	}
	t.onCommit(func() {
		for i := range recs {
			if handID[i] != 0 {
				b.add(hashes[i], handID[i])
			}
		}
	})
	return nil
}
