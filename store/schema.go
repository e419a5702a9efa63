package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"pokerlab/hud"
)

// Migration is one step of the schema: version n takes a database from
// version n-1 to n. Each runs in one transaction with its row in
// schema_migrations, so a database is always at a whole version.
type Migration struct {
	Version  int
	Name     string
	SQLite   string // statements separated by ";\n"
	Postgres string
	// backfill, when set, runs after the statements in the same
	// transaction: what SQL alone cannot compute (version 8 replays every
	// stored hand).
	backfill func(ctx context.Context, tx *sql.Tx, db *DB) error
}

// Migrations is the schema's history, oldest first. Append new versions;
// never edit one that has shipped. (Versions are a small table of this
// package rather than a migration library: the steps must run in the same
// transaction and lock as the check for a newer version, on both engines,
// with statements that differ only in a few column types — a list and a
// loop do that; see doc.go.) The statements are built at the first call,
// not at start-up.
func Migrations() []Migration { return migrations() }

var migrations = sync.OnceValue(func() []Migration {
	return []Migration{
		{Version: 1, Name: "hands, players, per-hand player rows, HUD cache", SQLite: schemaV1(SQLite), Postgres: schemaV1(Postgres)},
		{Version: 2, Name: "pokerlab serve: tables, their state, hands by table, leases, profiles", SQLite: schemaV2(SQLite), Postgres: schemaV2(Postgres)},
		{Version: 3, Name: "the HUD cache folded in batches behind a watermark per player; no per-row foreign key checks on player rows and the HUD cache", SQLite: schemaV3(SQLite), Postgres: schemaV3(Postgres)},
		{Version: 4, Name: "hands unique by (site, site_hand) through a named index that a bulk import into an empty SQLite file builds at its end", SQLite: schemaV4SQLite, Postgres: ""},
		{Version: 5, Name: "a content digest per hand, so that a hand with a stored site and number but other content is refused instead of skipped", SQLite: schemaV5(SQLite), Postgres: schemaV5(Postgres)},
		{Version: 6, Name: "spot batches: a template solved over a set of flops, and each flop's result", SQLite: schemaV6(SQLite), Postgres: schemaV6(Postgres)},
		{Version: 7, Name: "pokerlab db watch: how far each watched hand-history file has been read", SQLite: schemaV7(SQLite), Postgres: schemaV7(Postgres)},
		{Version: 8, Name: "money: the big blind of each hand, each player's rake, all-in adjusted net, showdown and cash-out fee, and their sums in the HUD cache", SQLite: schemaV8(SQLite), Postgres: schemaV8(Postgres), backfill: backfillMoney},
		{Version: 9, Name: "filters: each hand's pot type, each player's hole cards, saw the flop and went all-in; hands indexed by pot type", SQLite: schemaV9(SQLite), Postgres: schemaV9(Postgres)},
	}
})

// CurrentVersion is the schema version this package writes.
func CurrentVersion() int {
	m := migrations()
	return m[len(m)-1].Version
}

// VersionError is a database whose schema is newer than this package's.
type VersionError struct {
	Where         string
	Version, Know int
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("database %s has schema version %d, newer than this pokerlab knows (%d): use a newer pokerlab",
		e.Where, e.Version, e.Know)
}

// statKeysV1 are the HUD stats of schema version 1, in the order of the bit
// masks of hand_players (bit i is statKeysV1[i]); the per-hand flags first,
// then the two counts (AF, AFq) that have columns of their own. A new hud
// stat needs a new migration (TestSchemaCoversHUD).
var statKeysV1 = [...]string{
	"vpip", "pfr", "pfr_all_hands", "three_bet", "fold_to_three_bet", "four_bet", "fold_to_four_bet", "steal",
	"fold_to_steal_sb", "fold_to_steal_bb", "limp",
	"cbet_flop", "cbet_turn", "cbet_river", "fold_to_cbet_flop", "fold_to_cbet_turn", "fold_to_cbet_river",
	"raise_cbet_flop", "raise_cbet_turn", "raise_cbet_river", "donk_flop", "donk_turn", "donk_river",
	"fold_to_donk_flop", "fold_to_donk_turn", "fold_to_donk_river", "raise_donk_flop", "raise_donk_turn", "raise_donk_river",
	"bmcb_flop", "bmcb_turn", "bmcb_river", "fold_to_bmcb_flop", "fold_to_bmcb_turn", "fold_to_bmcb_river",
	"raise_bmcb_flop", "raise_bmcb_turn", "raise_bmcb_river", "three_bet_flop", "three_bet_turn", "three_bet_river",
	"fold_to_three_bet_flop", "fold_to_three_bet_turn", "fold_to_three_bet_river", "wtsd", "wsd",
	"af", "afq",
}

// numFlags is the number of per-hand flag stats (bits of the masks).
const numFlags = 46

// statOf()[i] is the hud stat of statKeysV1[i] (built at first use).
var statOf = sync.OnceValue(func() []hud.Stat {
	out := make([]hud.Stat, len(statKeysV1))
	for i, k := range statKeysV1 {
		s, ok := hud.ParseStat(k)
		if !ok {
			panic("store: schema stat " + k + " is not a hud stat")
		}
		if s.PerHandFlag() != (i < numFlags) {
			panic("store: schema stat " + k + " is in the wrong part of statKeysV1")
		}
		out[i] = s
	}
	return out
})

func schemaV1(k Kind) string {
	id, big, small := "INTEGER PRIMARY KEY", "INTEGER", "INTEGER"
	withoutRowid := " WITHOUT ROWID"
	if k == Postgres {
		id, big, small = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "BIGINT", "SMALLINT"
		withoutRowid = ""
	}
	var cache strings.Builder
	for _, key := range statKeysV1 {
		fmt.Fprintf(&cache, ",\n  t_%s %s NOT NULL DEFAULT 0, o_%s %s NOT NULL DEFAULT 0", key, big, key, big)
	}
	return strings.NewReplacer("$ID", id, "$BIG", big, "$SMALL", small, "$NOROWID", withoutRowid, "$CACHE", cache.String()).Replace(`
CREATE TABLE players (
  id $ID,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE hands (
  id $ID,
  site TEXT NOT NULL,
  site_hand TEXT NOT NULL,
  played_at TEXT,
  time_zone TEXT NOT NULL,
  day INTEGER NOT NULL,
  stakes TEXT NOT NULL,
  currency TEXT NOT NULL,
  table_name TEXT NOT NULL,
  seats $SMALL NOT NULL,
  button $SMALL NOT NULL,
  decimals $SMALL NOT NULL,
  phh TEXT NOT NULL,
  UNIQUE (site, site_hand)
);
CREATE INDEX hands_stakes_day ON hands (stakes, day);
CREATE INDEX hands_day ON hands (day);
CREATE TABLE hand_players (
  hand_id $BIG NOT NULL REFERENCES hands (id),
  seat $SMALL NOT NULL,
  player_id $BIG NOT NULL REFERENCES players (id),
  table_seat $SMALL NOT NULL,
  position TEXT NOT NULL,
  starting_stack $BIG NOT NULL,
  net $BIG NOT NULL,
  opp $BIG NOT NULL,
  taken $BIG NOT NULL,
  af_taken $SMALL NOT NULL,
  af_opps $SMALL NOT NULL,
  afq_taken $SMALL NOT NULL,
  afq_opps $SMALL NOT NULL,
  PRIMARY KEY (hand_id, seat)
)$NOROWID;
CREATE INDEX hand_players_player ON hand_players (player_id, hand_id);
CREATE TABLE hand_counts (
  stakes TEXT NOT NULL,
  day INTEGER NOT NULL,
  hands $BIG NOT NULL,
  PRIMARY KEY (stakes, day)
)$NOROWID;
CREATE TABLE hud_cache (
  player_id $BIG NOT NULL REFERENCES players (id),
  stakes TEXT NOT NULL,
  position TEXT NOT NULL,
  day INTEGER NOT NULL,
  hands $BIG NOT NULL$CACHE,
  PRIMARY KEY (player_id, stakes, position, day)
)$NOROWID`)
}

// migrationLockID is the PostgreSQL advisory lock that serialises
// migrations of concurrent Opens ("pokerlab" in ASCII).
const migrationLockID = 0x706f6b65726c6162

const createMigrations = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`

// readVersion returns the database's schema version (0: new or not a
// pokerlab database).
func readVersion(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, k Kind) (int, error) {
	exists := `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`
	if k == Postgres {
		exists = `SELECT count(*) FROM pg_catalog.pg_tables WHERE tablename = 'schema_migrations' AND schemaname = current_schema()`
	}
	var n int
	if err := q.QueryRowContext(ctx, exists).Scan(&n); err != nil || n == 0 {
		return 0, err
	}
	var v sql.NullInt64
	if err := q.QueryRowContext(ctx, `SELECT max(version) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, err
	}
	return int(v.Int64), nil
}

// migrate brings the schema to CurrentVersion, or refuses a newer one.
func (db *DB) migrate(ctx context.Context) error {
	v, err := readVersion(ctx, db.sql, db.kind)
	if err != nil {
		return db.wrap(err)
	}
	know := CurrentVersion()
	switch {
	case v > know:
		return &VersionError{Where: db.where, Version: v, Know: know}
	case v == know:
		db.version = v
		return nil
	case db.readOnly && v == 0:
		return fmt.Errorf("database %s is not a pokerlab database (no schema_migrations table)", db.where)
	case db.readOnly:
		return fmt.Errorf("database %s has schema version %d; open it for writing once (pokerlab db import) to bring it to version %d", db.where, v, know)
	}
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return db.wrap(err)
	}
	defer tx.Rollback()
	if db.kind == Postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLockID)); err != nil {
			return db.wrap(err)
		}
	}
	if _, err := tx.ExecContext(ctx, createMigrations); err != nil {
		return db.wrap(err)
	}
	// Read again under the lock: another process may have migrated.
	if v, err = readVersion(ctx, tx, db.kind); err != nil {
		return db.wrap(err)
	}
	if v > know {
		return &VersionError{Where: db.where, Version: v, Know: know}
	}
	if v == 0 {
		// A new schema_migrations table in a database that has other tables
		// of ours would mean someone dropped it: refuse to guess.
		var n int
		q := `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'hands'`
		if db.kind == Postgres {
			q = `SELECT count(*) FROM pg_catalog.pg_tables WHERE tablename = 'hands' AND schemaname = current_schema()`
		}
		if err := tx.QueryRowContext(ctx, q).Scan(&n); err != nil {
			return db.wrap(err)
		}
		if n > 0 {
			return fmt.Errorf("database %s has a hands table but no schema version: not a pokerlab database", db.where)
		}
	}
	for _, m := range Migrations() {
		if m.Version <= v {
			continue
		}
		text := m.SQLite
		if db.kind == Postgres {
			text = m.Postgres
		}
		for _, stmt := range strings.Split(text, ";\n") {
			if strings.TrimSpace(stmt) == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("database %s: migration %d (%s): %w", db.where, m.Version, m.Name, db.wrap(err))
			}
		}
		if m.backfill != nil {
			if err := m.backfill(ctx, tx, db); err != nil {
				return fmt.Errorf("database %s: migration %d (%s): %w", db.where, m.Version, m.Name, db.wrap(err))
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
			m.Version, m.Name, time.Now().UTC().Format(time.RFC3339)); err != nil {
			return db.wrap(err)
		}
	}
	if err := tx.Commit(); err != nil {
		return db.wrap(err)
	}
	db.version = know
	return nil
}

// wrap names the database in an error from the driver.
func (db *DB) wrap(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if db.kind == SQLite {
		return sqliteError(db.where, err)
	}
	return fmt.Errorf("database %s: %w", db.where, err)
}

// schemaV3 moves the HUD cache off the commit path and drops the
// foreign keys and the player index of hand_players.
//
// The cache is folded (fold.go): hud_fold.folded is the hand id up to which
// every cache row is complete; hud_cache.folded_to is how far a row has
// been brought by a fold in progress (hud_fold.target); the player rows of
// later hands are the tail, summed at query time. A commit then appends
// rows in hand order and touches a few pages at the end of each table,
// where an upsert per player, position, stakes and day (version 1)
// rewrote pages all over the cache at every commit, and the index by
// player put a row in a page of every player at the table. A player's HUD
// is the cache's rows of that player (its primary key) and the tail;
// HUDRows and Export by player scan hand_players (no index by player).
// The existing cache covers every stored hand: folded starts at the last
// hand.
//
// The foreign keys were checked row by row (a trigger per row on
// PostgreSQL: half of the server's import time); Import writes these rows
// only in the transaction that creates their hand, with ids it has just
// read, and nothing deletes them (checkConsistent in the tests checks the
// references). SQLite cannot drop a constraint: the two tables are
// rebuilt.
func schemaV3(k Kind) string {
	fold := `
CREATE TABLE hud_fold (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  folded $BIG NOT NULL,
  target $BIG NOT NULL
);
INSERT INTO hud_fold (id, folded, target) SELECT 1, coalesce(max(id), 0), coalesce(max(id), 0) FROM hands`
	if k == Postgres {
		return strings.ReplaceAll(`
ALTER TABLE hand_players DROP CONSTRAINT hand_players_hand_id_fkey;
ALTER TABLE hand_players DROP CONSTRAINT hand_players_player_id_fkey;
DROP INDEX hand_players_player;
ALTER TABLE hud_cache DROP CONSTRAINT hud_cache_player_id_fkey;
ALTER TABLE hud_cache ADD COLUMN folded_to BIGINT NOT NULL DEFAULT 0;`+fold, "$BIG", "BIGINT")
	}
	var cache strings.Builder
	for _, key := range statKeysV1 {
		fmt.Fprintf(&cache, ",\n  t_%s INTEGER NOT NULL DEFAULT 0, o_%s INTEGER NOT NULL DEFAULT 0", key, key)
	}
	return strings.NewReplacer("$PCOLS", strings.Join(playerColumns[:], ", "), "$CCOLS", strings.Join(cacheColumns(), ", "),
		"$CACHE", cache.String(), "$BIG", "INTEGER").Replace(`
CREATE TABLE hand_players_v3 (
  hand_id INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  player_id INTEGER NOT NULL,
  table_seat INTEGER NOT NULL,
  position TEXT NOT NULL,
  starting_stack INTEGER NOT NULL,
  net INTEGER NOT NULL,
  opp INTEGER NOT NULL,
  taken INTEGER NOT NULL,
  af_taken INTEGER NOT NULL,
  af_opps INTEGER NOT NULL,
  afq_taken INTEGER NOT NULL,
  afq_opps INTEGER NOT NULL,
  PRIMARY KEY (hand_id, seat)
) WITHOUT ROWID;
INSERT INTO hand_players_v3 ($PCOLS) SELECT $PCOLS FROM hand_players;
DROP TABLE hand_players;
ALTER TABLE hand_players_v3 RENAME TO hand_players;
CREATE TABLE hud_cache_v3 (
  player_id INTEGER NOT NULL,
  stakes TEXT NOT NULL,
  position TEXT NOT NULL,
  day INTEGER NOT NULL,
  hands INTEGER NOT NULL$CACHE,
  folded_to INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (player_id, stakes, position, day)
) WITHOUT ROWID;
INSERT INTO hud_cache_v3 ($CCOLS) SELECT $CCOLS FROM hud_cache;
DROP TABLE hud_cache;
ALTER TABLE hud_cache_v3 RENAME TO hud_cache;` + fold)
}

// handsKeyIndex is the unique index of hands by (site, site_hand) on SQLite
// (schema version 4). A bulk import into an empty file drops it and builds
// it at its end (bulk.go).
const handsKeyIndex = "hands_site_hand"

// schemaV4SQLite rebuilds hands on SQLite with its uniqueness in a named
// index (hands_site_hand) instead of the table's UNIQUE constraint, which
// SQLite cannot drop: a bulk import into an empty file drops the index and
// builds it once at its end, where a B-tree of keys in random order (the
// SHA-256 of a simulated hand) rewrote a page per hand at every commit
// (bulk.go). Ids are kept. PostgreSQL keeps its constraint: it has no
// bulk mode (version 4 is a no-op there).
const schemaV4SQLite = `
CREATE TABLE hands_v4 (
  id INTEGER PRIMARY KEY,
  site TEXT NOT NULL,
  site_hand TEXT NOT NULL,
  played_at TEXT,
  time_zone TEXT NOT NULL,
  day INTEGER NOT NULL,
  stakes TEXT NOT NULL,
  currency TEXT NOT NULL,
  table_name TEXT NOT NULL,
  seats INTEGER NOT NULL,
  button INTEGER NOT NULL,
  decimals INTEGER NOT NULL,
  phh TEXT NOT NULL
);
INSERT INTO hands_v4 (id, site, site_hand, played_at, time_zone, day, stakes, currency, table_name, seats, button, decimals, phh)
SELECT id, site, site_hand, played_at, time_zone, day, stakes, currency, table_name, seats, button, decimals, phh FROM hands ORDER BY id;
DROP TABLE hands;
ALTER TABLE hands_v4 RENAME TO hands;
CREATE UNIQUE INDEX ` + handsKeyIndex + ` ON hands (site, site_hand);
CREATE INDEX hands_stakes_day ON hands (stakes, day);
CREATE INDEX hands_day ON hands (day)`

// schemaV5 adds hands.digest, the content digest of each hand (digestOf):
// Import skips a hand whose site and number are stored only if the
// digests agree, and refuses it as a conflict otherwise. Hands stored
// before version 5 keep a NULL digest, computed from their PHH text the
// first time an import meets their site and number, and written then
// (import.go): computing every digest here would parse every stored hand
// inside the migration's transaction at the first Open (minutes for
// millions of hands, the whole table rewritten), for a comparison that
// most hands never need.
func schemaV5(k Kind) string {
	if k == Postgres {
		return `ALTER TABLE hands ADD COLUMN digest BIGINT`
	}
	return `ALTER TABLE hands ADD COLUMN digest INTEGER`
}

// schemaV6 adds watch_files, what pokerlab db watch has read of each
// hand-history file (watchfiles.go): the bytes and lines read (every hand
// before read_bytes is stored or was rejected), the SHA-256 (hex) of the
// file's first head_len bytes (head_len = min(read_bytes, 4 KiB)), which
// tells the same file from one that replaced it under its name and finds a
// file that was renamed, the PHH keys every table read so far had, and the
// hands read. A restarted watcher reads on from read_bytes; Import's
// identity check keeps a hand read twice (a row lost, a file copied)
// stored once.
func schemaV7(k Kind) string {
	big := "INTEGER"
	if k == Postgres {
		big = "BIGINT"
	}
	return strings.ReplaceAll(`CREATE TABLE watch_files (
  path TEXT PRIMARY KEY,
  head_len $BIG NOT NULL,
  head_digest TEXT NOT NULL,
  read_bytes $BIG NOT NULL,
  read_lines $BIG NOT NULL,
  phh_keys TEXT NOT NULL,
  hands $BIG NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX watch_files_head ON watch_files (head_digest)`, "$BIG", big)
}

// moneyColumns are the money columns of hand_players (schema version 8),
// in statement order: rake (chips the player's pots were raked of what
// they won), ev_adj (the all-in adjusted net, chips: a real number, an
// equity share of a pot), showdown (1: the player was in at a showdown),
// cash_out_fee (an All-in Cash Out's fee, apart from rake).
var moneyColumns = [...]string{"rake", "ev_adj", "showdown", "cash_out_fee"}

// moneyCacheColumns are the money sums of hud_cache (schema version 8), in
// statement order: m_net (Σ net, chips), m_net_bb and m_net_bb2 (Σ net/bb
// and Σ (net/bb)², for bb/100 and its standard error), m_ev and m_ev_bb
// (Σ ev_adj in chips and in big blinds), m_rake and m_rake_bb, m_sd_net
// and m_sd_bb (Σ net of the hands that went to a showdown), m_sd_hands
// (those hands), m_cash_out_fee. The sums in big blinds are REAL
// (DOUBLE PRECISION): hands of one cache row may have different units.
var moneyCacheColumns = [...]string{"m_net", "m_net_bb", "m_net_bb2", "m_ev", "m_ev_bb", "m_rake", "m_rake_bb",
	"m_sd_net", "m_sd_bb", "m_sd_hands", "m_cash_out_fee"}

// moneyCacheReal reports whether moneyCacheColumns[i] is REAL.
func moneyCacheReal(i int) bool {
	switch moneyCacheColumns[i] {
	case "m_net_bb", "m_net_bb2", "m_ev", "m_ev_bb", "m_rake_bb", "m_sd_bb":
		return true
	}
	return false
}

// schemaV8 adds the money of each hand: hands.bb, the big blind in chips
// (the larger of the first two blinds_or_straddles, the stakes' BB in the
// hand's units), computed here from stakes and decimals (a hand stored
// with stakes "0.5/1" and decimals 2 has bb 100); the money columns of
// hand_players (moneyColumns) and their sums in hud_cache
// (moneyCacheColumns).
//
// The player columns of hands stored before version 8 are filled by the
// migration's backfill (backfillMoney): each stored hand's PHH text is
// replayed, as an import does, and its rows updated; the HUD cache is then
// emptied and its watermark set back to 0, so that the next fold sums
// every row again, money included (HUD is right meanwhile: it counts the
// tail). The cost is about that of importing the hands again (60,000
// hands: 3.5 CPU-seconds, 6 s), paid once at the first Open for writing.
func schemaV8(k Kind) string {
	big, real := "INTEGER", "REAL"
	bb := "CAST(round(CAST(substr(stakes, instr(stakes, '/') + 1) AS REAL) * " +
		"(CASE decimals WHEN 0 THEN 1 WHEN 1 THEN 10 WHEN 2 THEN 100 WHEN 3 THEN 1000 WHEN 4 THEN 10000 WHEN 5 THEN 100000 " +
		"WHEN 6 THEN 1000000 WHEN 7 THEN 10000000 WHEN 8 THEN 100000000 ELSE 1000000000 END)) AS INTEGER)"
	if k == Postgres {
		big, real = "BIGINT", "DOUBLE PRECISION"
		bb = "CAST(round(CAST(split_part(stakes, '/', 2) AS NUMERIC) * power(10::numeric, decimals)) AS BIGINT)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "ALTER TABLE hands ADD COLUMN bb %s NOT NULL DEFAULT 0;\n", big)
	fmt.Fprintf(&b, "UPDATE hands SET bb = %s;\n", bb)
	for _, c := range moneyColumns {
		t := big
		if c == "ev_adj" {
			t = real
		}
		fmt.Fprintf(&b, "ALTER TABLE hand_players ADD COLUMN %s %s NOT NULL DEFAULT 0;\n", c, t)
	}
	for i, c := range moneyCacheColumns {
		t := big
		if moneyCacheReal(i) {
			t = real
		}
		fmt.Fprintf(&b, "ALTER TABLE hud_cache ADD COLUMN %s %s NOT NULL DEFAULT 0;\n", c, t)
	}
	return b.String()
}

// factColumns are the columns of hand_players that the filters read
// (schema version 9), in statement order: hole (the hole cards as
// cards.HoleIndex, 0…1325; NULL when unknown), saw_flop and allin (0 or
// 1; hud.Facts). Showdown is a money column (version 8).
var factColumns = [...]string{"hole", "saw_flop", "allin"}

// schemaV9 adds what the filters of package store/filter need and the
// store lacked: hands.pot_type (hud.PotType: 0 walk, 1 limped, 2 single
// raised, 3 3-bet, 4 4-bet and more) and the player facts (factColumns),
// with an index of hands by pot type (a pot filter reads the hands of
// that type in id order, and their player rows by primary key).
//
// The facts of hands stored before version 9 come from their PHH text,
// which SQL cannot replay: the columns start NULL and Open (for writing)
// fills them in batches, each in a transaction of its own, after the
// migrations (backfill.go), so that a large database is not held in one
// transaction; a filter that needs them refuses a database whose hands
// are not all filled yet.
func schemaV9(k Kind) string {
	small := "INTEGER"
	if k == Postgres {
		small = "SMALLINT"
	}
	return strings.ReplaceAll(`ALTER TABLE hands ADD COLUMN pot_type $SMALL;
ALTER TABLE hand_players ADD COLUMN hole $SMALL;
ALTER TABLE hand_players ADD COLUMN saw_flop $SMALL;
ALTER TABLE hand_players ADD COLUMN allin $SMALL;
CREATE INDEX hands_pot_type ON hands (pot_type)`, "$SMALL", small)
}
