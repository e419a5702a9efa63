package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The server's tables (`pokerlab serve`, schema version 2): the tables it
// runs, their state after their last stored hand, which stored hand is
// which hand of a table, the lease rows by which replicas share tables,
// and the profiles stored through the API.
//
//   - server_tables(id, config, tokens, owner_token, created_at, closed_at,
//     last_hand, epoch, stacks, buy_ins, net): config is the table's JSON
//     (internal/app/table), tokens the SHA-256 of each human seat's token (hex,
//     JSON array; "" for an NPC seat), never a token itself; last_hand,
//     epoch and the JSON arrays stacks, buy_ins and net are the state after
//     the last stored hand, written in the transaction that stores it.
//   - server_hands(table_id, number, site_hand), primary key (table_id,
//     number): hand number of a table is hands(site 'pokerlab', site_hand).
//   - server_leases(table_id, owner, address, expires_at): the server
//     process that runs the table, where it answers, and until when (unix
//     milliseconds of the database's clock).
//   - server_profiles(name, toml, updated_at).
func schemaV2(k Kind) string {
	big := "INTEGER"
	if k == Postgres {
		big = "BIGINT"
	}
	return strings.ReplaceAll(`
CREATE TABLE server_tables (
  id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  tokens TEXT NOT NULL,
  owner_token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  closed_at TEXT,
  last_hand $BIG NOT NULL DEFAULT 0,
  epoch $BIG NOT NULL DEFAULT 0,
  stacks TEXT NOT NULL DEFAULT '[]',
  buy_ins TEXT NOT NULL DEFAULT '[]',
  net TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE server_hands (
  table_id TEXT NOT NULL REFERENCES server_tables (id),
  number $BIG NOT NULL,
  site_hand TEXT NOT NULL,
  PRIMARY KEY (table_id, number)
);
CREATE TABLE server_leases (
  table_id TEXT PRIMARY KEY REFERENCES server_tables (id),
  owner TEXT NOT NULL,
  address TEXT NOT NULL,
  expires_at $BIG NOT NULL
);
CREATE INDEX server_leases_owner ON server_leases (owner);
CREATE TABLE server_profiles (
  name TEXT PRIMARY KEY,
  toml TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`, "$BIG", big)
}

// ServerSite is the site (PHH venue) of the hands the server stores.
const ServerSite = "pokerlab"

// ServerTable is a table of the server as stored.
type ServerTable struct {
	ID     string
	Config []byte   // JSON
	Tokens []string // hex SHA-256 per seat, "" for NPC seats
	Owner  string   // hex SHA-256 of the owner token
	State  TableState
}

// TableState is a table after its last stored hand.
type TableState struct {
	LastHand int64
	Epoch    int64
	Stacks   []int64
	BuyIns   []int64
	Net      []int64
}

// ServerHand is a finished hand of a server table: its record (RecordOf;
// Site ServerSite, SiteHand unique to the table and number) and the table's
// state after it. Epoch is the epoch the table played it in.
type ServerHand struct {
	Table  string
	Number int64
	Epoch  int64
	Record *Record
	State  TableState
}

// nowMS is the database clock in unix milliseconds: leases of several
// server processes compare against one clock.
func (db *DB) nowMS() string {
	if db.kind == Postgres {
		return "CAST(extract(epoch FROM clock_timestamp()) * 1000 AS BIGINT)"
	}
	return "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
}

func jsonInts(x []int64) string {
	if x == nil {
		x = []int64{}
	}
	b, _ := json.Marshal(x)
	return string(b)
}

// CreateServerTable stores a new table and gives its lease to owner
// (answering at address) for ttl.
func (db *DB) CreateServerTable(ctx context.Context, t *ServerTable, owner, address string, ttl time.Duration) error {
	tokens, _ := json.Marshal(t.Tokens)
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO server_tables (id, config, tokens, owner_token, created_at, stacks, buy_ins, net)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, t.ID, string(t.Config), string(tokens), t.Owner, time.Now().UTC().Format(time.RFC3339Nano),
			jsonInts(t.State.Stacks), jsonInts(t.State.BuyIns), jsonInts(t.State.Net)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO server_leases (table_id, owner, address, expires_at) VALUES ($1, $2, $3, `+
			db.nowMS()+` + $4)`, t.ID, owner, address, ttl.Milliseconds())
		return err
	})
}

// CloseServerTable marks a table closed and drops its lease.
func (db *DB) CloseServerTable(ctx context.Context, id string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE server_tables SET closed_at = $1 WHERE id = $2`, time.Now().UTC().Format(time.RFC3339Nano), id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM server_leases WHERE table_id = $1`, id)
		return err
	})
}

// ServerTableByID reads a stored table.
func (db *DB) ServerTableByID(ctx context.Context, id string) (*ServerTable, bool, error) {
	var t ServerTable
	var config, tokens, stacks, buyIns, net string
	var closed sql.NullString
	err := db.sql.QueryRowContext(ctx, `SELECT id, config, tokens, owner_token, closed_at, last_hand, epoch, stacks, buy_ins, net
FROM server_tables WHERE id = $1`, id).Scan(&t.ID, &config, &tokens, &t.Owner, &closed, &t.State.LastHand, &t.State.Epoch, &stacks, &buyIns, &net)
	if errors.Is(err, sql.ErrNoRows) || err == nil && closed.Valid {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, db.wrap(err)
	}
	t.Config = []byte(config)
	for _, x := range []struct {
		src string
		dst any
	}{{tokens, &t.Tokens}, {stacks, &t.State.Stacks}, {buyIns, &t.State.BuyIns}, {net, &t.State.Net}} {
		if err := json.Unmarshal([]byte(x.src), x.dst); err != nil {
			return nil, false, fmt.Errorf("database %s: table %s: %v", db.where, id, err)
		}
	}
	return &t, true, nil
}

// ClaimTables gives owner (at address) the lease, for ttl, of every open
// table whose lease has expired or that has none (a server that died, or
// one that stopped), and returns their ids. A table whose lease another
// live owner holds is left alone.
func (db *DB) ClaimTables(ctx context.Context, owner, address string, ttl time.Duration) ([]string, error) {
	var claimed []string
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT t.id FROM server_tables t LEFT JOIN server_leases l ON l.table_id = t.id
WHERE t.closed_at IS NULL AND (l.table_id IS NULL OR l.expires_at < `+db.nowMS()+`) ORDER BY t.id`)
		if err != nil {
			return err
		}
		var ids []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			// The conditional upsert settles a race between two claimants:
			// the second finds the lease unexpired and changes nothing.
			res, err := tx.ExecContext(ctx, `INSERT INTO server_leases (table_id, owner, address, expires_at)
VALUES ($1, $2, $3, `+db.nowMS()+` + $4)
ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, address = excluded.address, expires_at = excluded.expires_at
WHERE server_leases.expires_at < `+db.nowMS(), id, owner, address, ttl.Milliseconds())
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				// A new epoch: the resumed table deals its next hand with
				// other cards than the hand that was interrupted, and a
				// server still playing the old epoch cannot store.
				if _, err := tx.ExecContext(ctx, `UPDATE server_tables SET epoch = epoch + 1 WHERE id = $1`, id); err != nil {
					return err
				}
				claimed = append(claimed, id)
			}
		}
		return nil
	})
	return claimed, err
}

// Heartbeat extends owner's leases by ttl and returns the tables it still
// holds; a table it runs that is not among them was taken over.
func (db *DB) Heartbeat(ctx context.Context, owner string, ttl time.Duration) ([]string, error) {
	var ids []string
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE server_leases SET expires_at = `+db.nowMS()+` + $1 WHERE owner = $2 RETURNING table_id`,
			ttl.Milliseconds(), owner)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(ids)
	return ids, nil
}

// ReleaseTables ends owner's leases on the tables (a graceful stop: other
// servers may take them at once).
func (db *DB) ReleaseTables(ctx context.Context, owner string, ids []string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `DELETE FROM server_leases WHERE owner = $1 AND table_id = $2`, owner, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// OpenServerTable is an open table as ListServerTables gives it: its
// configuration, its last stored hand, and the address of the server whose
// lease on it is live ("" while no server holds it: its holder died and
// none has taken it over yet).
type OpenServerTable struct {
	ID       string
	Config   []byte
	LastHand int64
	Address  string
}

// ListServerTables returns the open tables of every server sharing the
// database, by id.
func (db *DB) ListServerTables(ctx context.Context) ([]OpenServerTable, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT t.id, t.config, t.last_hand, COALESCE(l.address, '')
FROM server_tables t LEFT JOIN server_leases l ON l.table_id = t.id AND l.expires_at >= `+db.nowMS()+`
WHERE t.closed_at IS NULL ORDER BY t.id`)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	var out []OpenServerTable
	for rows.Next() {
		var t OpenServerTable
		var config string
		if err := rows.Scan(&t.ID, &config, &t.LastHand, &t.Address); err != nil {
			return nil, db.wrap(err)
		}
		t.Config = []byte(config)
		out = append(out, t)
	}
	return out, db.wrap(rows.Err())
}

// LeaseHolder returns the owner and address of a table's live lease.
func (db *DB) LeaseHolder(ctx context.Context, id string) (owner, address string, ok bool, err error) {
	err = db.sql.QueryRowContext(ctx, `SELECT owner, address FROM server_leases WHERE table_id = $1 AND expires_at >= `+db.nowMS(), id).Scan(&owner, &address)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", false, nil
	}
	return owner, address, err == nil, db.wrap(err)
}

// ErrNotOwner is a hand of a table whose lease owner no longer holds, or
// whose state moved on (another server stored this hand number): it is not
// stored.
var ErrNotOwner = errors.New("the table's lease is held by another server")

// The statements of SaveServerHands. A table's row is updated only if
// owner holds its lease and the stored state is the one the hand follows.
var (
	updateTables = &multi{cols: 8, max: 128, text: func(k Kind, n int) string {
		var q strings.Builder
		q.WriteString("UPDATE server_tables SET last_hand = v.column2, epoch = v.column3, stacks = v.column4, buy_ins = v.column5, net = v.column6 FROM (VALUES ")
		for i := range n {
			if i > 0 {
				q.WriteString(", ")
			}
			fmt.Fprintf(&q, "(CAST($%d AS TEXT), CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS TEXT), CAST($%d AS TEXT), CAST($%d AS TEXT), CAST($%d AS BIGINT), CAST($%d AS TEXT))",
				8*i+1, 8*i+2, 8*i+3, 8*i+4, 8*i+5, 8*i+6, 8*i+7, 8*i+8)
		}
		q.WriteString(`) AS v WHERE server_tables.id = v.column1 AND server_tables.last_hand = v.column7 AND server_tables.epoch = v.column3
AND server_tables.closed_at IS NULL AND EXISTS (SELECT 1 FROM server_leases l WHERE l.table_id = server_tables.id AND l.owner = v.column8) RETURNING server_tables.id`)
		return q.String()
	}}
	insertServerHands = &multi{cols: 3, max: 256, text: func(k Kind, n int) string {
		return "INSERT INTO server_hands (table_id, number, site_hand) VALUES " + values(n, 3)
	}}
)

// SaveServerHands stores finished hands of owner's tables in one
// transaction: each hand's rows (as Import), its server_hands row and its
// table's new state. A hand is stored only if owner holds its table's
// lease and the stored state is the one it follows (last_hand = number − 1,
// same epoch, which ClaimTables advances at every takeover); the others are not stored and come back in stale (a table
// taken over by another server must stop). So a hand is never stored
// twice, and a table's state always matches its stored hands.
func (db *DB) SaveServerHands(ctx context.Context, owner string, hs []ServerHand) (stale map[string]bool, err error) {
	if db.readOnly {
		return nil, fmt.Errorf("database %s is open read-only", db.where)
	}
	var names []string
	for _, h := range hs {
		for i := range h.Record.Players {
			names = append(names, h.Record.Players[i].Name)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	for attempt := 0; ; attempt++ {
		stale = map[string]bool{}
		var ids map[string]int64
		err = db.write(ctx, func(w txWriter) error {
			// The tables' new states: a table comes back only if owner
			// holds its lease and the hand follows its stored state.
			args := make([]any, 0, len(hs)*updateTables.cols)
			for _, h := range hs {
				args = append(args, h.Table, h.Number, h.Epoch, jsonInts(h.State.Stacks), jsonInts(h.State.BuyIns), jsonInts(h.State.Net), h.Number-1, owner)
				stale[h.Table] = true
			}
			err := w.rows(ctx, updateTables, len(hs), args, func(scan func(...any) error) error {
				var id string
				if err := scan(&id); err != nil {
					return err
				}
				delete(stale, id)
				return nil
			})
			if err != nil {
				return err
			}
			var recs []*Record
			var rows []any
			for _, h := range hs {
				if !stale[h.Table] {
					recs = append(recs, h.Record)
					rows = append(rows, h.Table, h.Number, h.Record.SiteHand)
				}
			}
			if err := w.rows(ctx, insertServerHands, len(rows)/3, rows, nil); err != nil {
				return err
			}
			out, err := db.writeBatch(ctx, w, recs, names)
			if err != nil {
				return err
			}
			if out.stored != len(recs) {
				return fmt.Errorf("store: %d of %d server hands were already stored", len(recs)-out.stored, len(recs))
			}
			ids = out.ids
			return nil
		})
		if err != nil && attempt < 5 && retryable(err) {
			continue
		}
		if err != nil {
			return nil, db.wrap(err)
		}
		db.players.add(ids)
		db.afterWrite((len(hs) - len(stale)) * 6)
		return stale, nil
	}
}

// ServerHands calls fn with the PHH text of a table's stored hands with
// numbers above after, in order, at most limit of them.
func (db *DB) ServerHands(ctx context.Context, table string, after int64, limit int, fn func(number int64, phh string) error) error {
	rows, err := db.sql.QueryContext(ctx, `SELECT s.number, h.phh FROM server_hands s JOIN hands h ON h.site = $1 AND h.site_hand = s.site_hand
WHERE s.table_id = $2 AND s.number > $3 ORDER BY s.number LIMIT $4`, ServerSite, table, after, limit)
	if err != nil {
		return db.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n int64
		var text string
		if err := rows.Scan(&n, &text); err != nil {
			return db.wrap(err)
		}
		if err := fn(n, text); err != nil {
			return err
		}
	}
	return db.wrap(rows.Err())
}

// CountServerHands returns the number of hands stored for a table.
func (db *DB) CountServerHands(ctx context.Context, table string) (int64, error) {
	var n int64
	err := db.sql.QueryRowContext(ctx, `SELECT count(*) FROM server_hands WHERE table_id = $1`, table).Scan(&n)
	return n, db.wrap(err)
}

// ServerProfile returns a stored profile's TOML.
func (db *DB) ServerProfile(ctx context.Context, name string) (string, bool, error) {
	var text string
	err := db.sql.QueryRowContext(ctx, `SELECT toml FROM server_profiles WHERE name = $1`, name).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return text, err == nil, db.wrap(err)
}

// PutServerProfile stores (or replaces) a profile.
func (db *DB) PutServerProfile(ctx context.Context, name, toml string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO server_profiles (name, toml, updated_at) VALUES ($1, $2, $3)
ON CONFLICT (name) DO UPDATE SET toml = excluded.toml, updated_at = excluded.updated_at`, name, toml, time.Now().UTC().Format(time.RFC3339Nano))
		return err
	})
}

// DeleteServerProfile removes a stored profile; ok is false if there was
// none of that name.
func (db *DB) DeleteServerProfile(ctx context.Context, name string) (ok bool, err error) {
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM server_profiles WHERE name = $1`, name)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		ok = n > 0
		return err
	})
	return ok, err
}

// ServerProfileNames lists the stored profiles.
func (db *DB) ServerProfileNames(ctx context.Context) ([]string, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT name FROM server_profiles ORDER BY name`)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, db.wrap(err)
		}
		names = append(names, n)
	}
	return names, db.wrap(rows.Err())
}
