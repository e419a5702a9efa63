// Package store is the hand database: hand histories kept in an embedded
// SQLite file (modernc.org/sqlite, pure Go) or a PostgreSQL server
// (github.com/jackc/pgx/v5), with the HUD of any player, stakes, dates and
// position summed by a query instead of replayed.
//
//	db, err := store.Open(ctx, "pokerlab.db", store.Options{})   // or "postgres://…"
//	sum, err := store.ImportFiles(ctx, db, []string{"hands/"}, store.ImportOptions{}) // PHH, PokerStars, GGPoker
//	t, hands, err := db.HUD(ctx, store.Filter{Player: "Alice", Stakes: "1/2"})
//	p, _ := t.Player("Alice")                                   // a hud.Player
//
// # Schema (version 9)
//
//   - players(id, name UNIQUE).
//   - hands(id, site, site_hand, played_at, time_zone, day, stakes, currency,
//     table_name, seats, button, decimals, phh, digest, bb), unique (site, site_hand)
//     (on SQLite the index hands_site_hand, which a bulk import builds at
//     its end; on PostgreSQL the table's constraint), indexes (stakes, day)
//     and (day). site and site_hand are the PHH venue
//     and hand fields; a hand without both has site_hand "sha256:" + the
//     SHA-256 of its PHH text (a simulated hand: the same text is the same
//     hand). digest is the first 8 bytes of the SHA-256 of the hand's
//     content (hh.Hand.ContentDigest: what was played, not how the file
//     was written nor where and when), NULL for a hand stored before
//     version 5 until an import meets its key. played_at is the recorded wall-clock time, day its date as
//     yyyymmdd (0: none), stakes "SB/BB" in currency units (a hand whose
//     small blind was not posted gets half the big blind). Amounts are
//     integers of 10^-decimals currency units, as in package hh; bb is
//     the big blind in those units (hud.BigBlind; version 8).
//   - hand_players(hand_id, seat, player_id, table_seat, position,
//     starting_stack, net, opp, taken, af_taken, af_opps, afq_taken,
//     afq_opps), primary key (hand_id, seat): rows are appended in hand
//     order. The HUD tallies of the hand (hud.Tally) are packed: the 46
//     per-hand flags as two bit masks (bit i is statKeysV1[i]), AF and AFq
//     as counts. net is the finishing stack less the starting stack (the
//     file's finishing_stacks, else the engine's with the file's winnings:
//     after rake). Version 8 added the rest of the player's money
//     (hud.MoneyRecorded): rake (what the site took of the pots the
//     player won), ev_adj (the all-in adjusted net, REAL: equity shares
//     of chips), showdown (0/1) and cash_out_fee (apart from rake).
//   - hud_cache(player_id, stakes, position, day, hands, t_<stat>,
//     o_<stat> for every stat, the money sums m_net, m_net_bb, m_net_bb2,
//     m_ev, m_ev_bb, m_rake, m_rake_bb, m_sd_net, m_sd_bb, m_sd_hands,
//     m_cash_out_fee (version 8; the _bb sums REAL), folded_to), primary key (player_id, stakes,
//     position, day): the sums of hand_players by every key a Filter uses,
//     up to a watermark (as PokerTracker 4's cache tables), kept by folds
//     (fold.go). HUD sums the cache and the tail; HUDRows sums hand_players
//     and must agree.
//   - hud_fold(folded, target): the watermark (every cache row is complete
//     up to hand folded) and the fold in progress (up to hand target).
//   - hand_counts(stakes, day, hands): the hands per stakes and day, kept
//     in the transaction that stores them, so counting the hands a filter
//     selects is a sum of a few rows.
//   - watch_files(path, head_len, head_digest, read_bytes, read_lines,
//     phh_keys, hands, updated_at), primary key path, index (head_digest):
//     how far package store/watch has read each hand-history file it
//     watches (version 7, watchfiles.go), and the SHA-256 of its first
//     min(read_bytes, 4 KiB) bytes, which tells a file from another under
//     its name and finds a renamed one.
//   - spot_batches and spot_batch_flops (version 6, batch.go): a spot
//     template solved over a set of flops (internal/app/batch) and each
//     flop's status and result.
//   - the server's tables (version 2, server.go) and
//     schema_migrations(version, name, applied_at).
//
// Version 3 (schemaV3) took the HUD cache off the commit path, dropped the
// index of hand_players by player and the foreign keys of hand_players and
// hud_cache (a trigger per row on PostgreSQL); Import writes those rows
// only with ids it has just read in the same transaction, nothing deletes
// them, and the tests check the references.
//
// Version 4 (SQLite only; a no-op on PostgreSQL) moved the uniqueness of
// hands from the table's UNIQUE constraint, which SQLite cannot drop, to
// the index hands_site_hand (the table is rebuilt, ids kept).
//
// Version 5 added hands.digest without computing it: an ALTER TABLE that
// reads no hand (a migration that parsed every stored hand would hold the
// first Open of a large database for minutes, in one transaction that
// rewrites the whole table). A stored hand without a digest gets it when
// an import meets its key (import.go: parsed from its PHH text and
// written in the import's transaction), the only time it is compared.
//
// Version 8 added the money columns and filled them for the hands stored
// before (money.go): every stored hand's PHH text is replayed in the
// migration's transaction, as an import would, its player rows updated,
// and the HUD cache emptied with its watermark at 0, so that the next fold
// sums every row with its money. Unlike version 5's digest, the money is
// read by every HUD, so it cannot wait for an import to meet the hand; the
// replay costs about what importing the hands again would, once (60,000
// hands: 3.5 CPU-seconds). A stored hand
// that no longer replays keeps zeros. Real sums (big blinds, equity
// shares) added in another order (cache, tail, rows) agree to rounding,
// not bit for bit.
//
// Version 6 added the spot batches (batch.go), version 7 watch_files. The
// watcher's offsets are for speed only: a row lost or stale makes it read
// a file again, and Import skips every hand already stored.
//
// Version 9 (schemaV9, backfill.go) added what the filters of package
// store/filter read and the rows lacked: hands.pot_type (hud.PotType, with
// the index hands_pot_type) and hand_players' hole (cards.HoleIndex, NULL
// when unknown), saw_flop and allin (0/1; showdown is version 8's), from
// hud.Facts at import. Hands stored before it get them from their PHH text
// when the database is next opened for writing, 500 hands a transaction
// (resumed where it stopped); until then a filter on them is refused
// (FactsMissing). A filter on the cache's keys alone (player, stakes,
// dates, position) is summed from the cache and the tail; any other from
// the player rows it selects (HUDGroups), whole or by position or table size (HUDBy, the
// breakdown of each player, is built on it).
//
// # Migrations
//
// Migrations() is a list of versions applied in order, each in one
// transaction with its schema_migrations row; on PostgreSQL an advisory
// lock serialises concurrent Opens. A database of a newer version is
// refused (*VersionError names both versions). A small table was chosen
// over a migration library (golang-migrate, goose): the check for a newer
// version, the lock and the steps must share one transaction on both
// engines, the steps differ between engines only in column types, and a
// library would bring drivers and files of its own for a loop of a few
// lines. New versions (the server's tables, table state, leases) are
// appended; shipped ones are never edited.
//
// # Import
//
// Import writes a batch in one transaction: new players (name order), the
// hands with INSERT … ON CONFLICT (site, site_hand) DO NOTHING RETURNING
// id, their player rows (multi-row INSERTs on SQLite, COPY on PostgreSQL)
// and the hand counts. A hand that comes back without an id has a stored
// key; one indexed read of those keys (a join of their VALUES with hands)
// gives the stored hands' digests: the same digest is the same hand
// (skipped), another is a Conflict (refused, naming the fields and actions
// that differ; never skipped, since two hands under one key are what
// PokerStars text of simulations numbered 1, 2, ... in every file was).
// Repeats within a batch are compared with what their key holds once the
// batch is written. A crash leaves whole batches; running the import again
// skips what is stored. On SQLite concurrent writers take turns (WAL,
// BEGIN IMMEDIATE, a 30 s busy timeout); on PostgreSQL the unique
// constraint settles a race and a deadlock victim retries. ImportFiles
// reads PHH, PokerStars and GGPoker text (hh.Reader), parses and replays
// parts of the files in parallel, writes them in input order from one
// goroutine, and folds the HUD cache at its end.
//
// Into an SQLite file with no hands, ImportFiles is a bulk import
// (bulk.go): it drops hands_site_hand, keeps the keys unique itself (the
// hashes of the keys it stored, each hit checked against the stored key),
// and builds the index at its end; a key it has seen is checked against
// the stored key and digest. Keys in random order (the SHA-256 of a
// simulated hand) made that B-tree dirty a page per hand at every commit:
// 1.3 GB instead of 3.7 GB written for 300,000 hands. Any other writer
// that finds the index missing (a concurrent import, the next import after
// a killed one) builds it first; the bulk import then sees it and goes on
// with ON CONFLICT DO NOTHING like the others. Its writer connection keeps
// an 8 MB page cache meanwhile (64 MB otherwise): a bulk import writes at
// the ends of its tables, and SQLite frees the cache page by page at the
// close. On SQLite ImportFiles also checkpoints the WAL from a connection
// of its own every 16,384 hands (checkpoint.go), so the one writer does not
// stop to copy pages and sync.
//
// # Writing (write.go)
//
// Every write of a DB on an SQLite file goes through one connection:
// SQLite drops a connection's page cache whenever another connection has
// committed, so writes spread over a pool would each start cold. Its
// statements are prepared once and kept, and called through the driver
// directly; rows go in by multi-row statements of power-of-two sizes, so a
// batch of any size is a few statements prepared once; on SQLite a player
// row is bound as 9 values, not 13 (seat and position code, the AF counts
// packed; the INSERT's SELECT unpacks them), since the driver's cost is
// per bound value. INSERT OR FAIL
// spares SQLite the statement journal (a copy of every page a statement
// changes, so that ABORT can undo it alone): any failure rolls back the
// whole transaction anyway. The file is in WAL mode with
// synchronous=NORMAL: a commit appends its pages to the WAL with write(2)
// and does not wait for fsync; the WAL is synced at checkpoints. A process
// that dies (kill -9, a panic) loses nothing committed: its writes are in
// the operating system's cache, and the next open recovers the WAL up to
// the last whole commit (frames carry checksums). Only a crash of the
// operating system or a power loss can lose the last commits before a
// checkpoint, never consistency (the database stays at a whole
// transaction). Pages are 16 KB (a hand and its rows are about 1 KB),
// temporary storage is in memory.
//
// # The HUD cache (fold.go)
//
// Commits append hands and player rows; the cache follows in folds of many
// hands: each fold reads the rows after the watermark, sums them per key
// in memory, adds the sums to each cache row once (folded_to guards a
// resumed or concurrent fold) and moves the watermark, in short
// transactions, so commits go on between them. HUD reads the cache and the
// tail in one read transaction and counts every stored row exactly once
// whatever is folded. A DB folds in the background past DefaultFoldRows
// rows written; ImportFiles folds at its end. On SQLite the writer keeps
// the sums of the rows it commits (foldacc.go): a fold of exactly those
// hands takes them instead of reading the rows back. An upsert per key at every
// commit rewrote rows, and pages, all over the cache: with a few thousand
// players at pokerlab serve's tables every commit of a few hundred hands
// touched almost every page of it.
//
// # The tracker (tracker.go)
//
// TrackerPlayers and TrackerPlayerByName are DB.HUD (and DB.HUDGroups by
// position) under a filter: each player's HUD and money (hud.Money: net in
// chips and big blinds, bb/100 and its standard error, all-in adjusted
// EV, showdown and non-showdown winnings, rake) from the HUD cache's sums
// of schema version 8, an indexed read whatever the number of hands when
// the filter reads only the cache's keys, else a sum of the player rows it
// selects. TrackerHands lists a player's hands newest first (keyset pages
// by hand id; the net in big blinds over hands.bb), TrackerGraph the
// cumulative won, all-in EV, showdown and non-showdown lines (DB.Series,
// thinned to a number of points), TrackerHandByID one hand with its rows
// and its neighbours; each takes a Filter. HandUnits gives the unit of the
// amounts in chips when the stored hands share one. The tests compare the
// money with the replayed files and the filtered lists with the replay's
// results.
//
// # Identity and time
//
// PHH time fields: time (a TOML local time, local date-time or offset
// date-time) with day, month, year. Filters on dates are by day, inclusive,
// and leave out hands without a date.
//
// # Deliberate departures
//
// Positions are by seat (hud.Position), whatever blinds were posted. Stakes
// ignore antes and straddles. Amounts of hands with different decimals are
// not summed by this package (net is per hand, in the hand's units).
//
// # Tests
//
// Every test runs against a real SQLite file and a real PostgreSQL server
// (internal/testsupport/dbtest; scripts/pg-test-server starts one): the HUD from the
// cache and tail and from the rows equals hud over the same files on the
// HandHQ hands and the real PokerStars and GGPoker fixtures of package hh,
// with nothing folded, half folded, a fold stopped half way and everything
// folded, unfiltered and under each filter (chosen independently of the
// stored columns); import is idempotent and two concurrent imports store
// each hand once; a hand with a stored key is skipped if its content is
// the stored hand's however its file is written, and refused with its
// differences otherwise (across batches, in the bulk import, within a
// batch, against hands of version 4 whose digest is computed then); bad
// input (an unreachable server, a newer schema, a read-only file, a file
// that is not SQLite, garbage hand files, inputs that give no hand) gets
// its exact message. On SQLite: a bulk import keeps keys unique with or
// without hash collisions, meets another writer without storing a hand
// twice, leaves the key index to the next writer when killed; a version 3
// file with hands migrates to version 4 with its ids; every player row,
// packed or not, holds its record's values.
package store
