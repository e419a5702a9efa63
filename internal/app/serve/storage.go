package serve

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"pokerlab/hh"
	"pokerlab/hud"
	"pokerlab/internal/app/table"
	"pokerlab/store"
)

// DBStorage is the server's Storage on the hand database (package store):
// hands go in with their HUD rows like imported ones, so `pokerlab hud
// --db` and the API's HUDs read them. Finished hands from every table are
// written by one committer goroutine, as many per transaction as are
// waiting (group commit): each table waits for its own hand's commit, so
// a hand a client saw end is in the database.
type DBStorage struct {
	DB      *store.DB
	Owner   string // this server process, in lease rows
	Address string // where it answers, for replicas that forward to it
	TTL     time.Duration
	log     *slog.Logger

	reqs      chan *saveReq
	stop      chan struct{}
	done      chan struct{}
	replayers sync.Pool
	batches   func(n int)
}

type saveReq struct {
	h    store.ServerHand
	done chan error
}

// maxBatch bounds the hands of one transaction.
const maxBatch = 512

// NewDBStorage starts the committer; Close stops it.
func NewDBStorage(db *store.DB, owner, address string, ttl time.Duration, log *slog.Logger) *DBStorage {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &DBStorage{DB: db, Owner: owner, Address: address, TTL: ttl, log: log,
		reqs: make(chan *saveReq, maxBatch), stop: make(chan struct{}), done: make(chan struct{})}
	s.replayers.New = func() any { return new(hh.Replayer) }
	go s.commit()
	return s
}

// Close stops the committer after the hands already handed over.
func (s *DBStorage) Close() {
	close(s.stop)
	<-s.done
}

// commitWindow is how long the committer waits for more hands to store
// in the same transaction.
const commitWindow = 2 * time.Millisecond

func (s *DBStorage) commit() {
	defer close(s.done)
	batch := make([]*saveReq, 0, maxBatch)
	hands := make([]store.ServerHand, 0, maxBatch)
	for {
		var first *saveReq
		select {
		case first = <-s.reqs:
		case <-s.stop:
			// Tables stop before the storage: nothing is waiting.
			return
		}
		batch = append(batch[:0], first)
		// Gather what else arrives within commitWindow: a commit's cost is
		// mostly fixed, and the tables serve their clients while they wait
		// (table.save), so the wait costs no request any time.
		window := time.NewTimer(commitWindow)
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-s.reqs:
				batch = append(batch, r)
			case <-window.C:
				break more
			}
		}
		window.Stop()
		hands = hands[:0]
		for _, r := range batch {
			hands = append(hands, r.h)
		}
		// The hands were finished: their transaction is not cancelled by a
		// table that stops meanwhile.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		stale, err := s.DB.SaveServerHands(ctx, s.Owner, hands)
		cancel()
		if ferr := s.DB.FoldError(); ferr != nil {
			// The HUD cache's fold in the background failed; the hands are
			// stored and the next fold takes its range up again.
			s.log.Error("folding the HUD cache failed", "err", ferr)
		}
		if s.batches != nil {
			s.batches(len(batch))
		}
		for _, r := range batch {
			switch {
			case err != nil:
				r.done <- err
			case stale[r.h.Table]:
				r.done <- fmt.Errorf("table %s hand %d: %w", r.h.Table, r.h.Number, table.ErrNotOwner)
			default:
				r.done <- nil
			}
		}
	}
}

// handID is the PHH hand field of a server hand: unique over tables, so
// that a re-import of exported hands skips them.
func handID(tableID string, n int64) string { return fmt.Sprintf("%s-%d", tableID, n) }

// SaveHand stores a finished hand (table.Store).
func (s *DBStorage) SaveHand(ctx context.Context, fh *table.FinishedHand) error {
	h := fh.PHH
	h.SetField("venue", store.ServerSite)
	h.SetField("hand", handID(fh.TableID, fh.Number))
	// PHH's date fields (the day in UTC), for the date filters of `hud --db`.
	day := fh.Finished.UTC()
	h.SetField("day", day.Day())
	h.SetField("month", int(day.Month()))
	h.SetField("year", day.Year())
	h.SetField("time_zone", "UTC")
	r := s.replayers.Get().(*hh.Replayer)
	rec, err := store.RecordOf(h, r)
	s.replayers.Put(r)
	if err != nil {
		return fmt.Errorf("table %s hand %d does not replay: %w", fh.TableID, fh.Number, err)
	}
	req := &saveReq{h: store.ServerHand{Table: fh.TableID, Number: fh.Number, Epoch: int64(fh.Epoch), Record: rec,
		State: store.TableState{LastHand: fh.Number, Epoch: int64(fh.Epoch), Stacks: fh.Stacks, BuyIns: fh.BuyIns, Net: fh.Net}},
		done: make(chan error, 1)}
	select {
	case s.reqs <- req:
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once handed over the hand is committed or not as a whole; wait for
	// the answer even if the table is stopping.
	return <-req.done
}

func hexes(hs [][32]byte) []string {
	out := make([]string, len(hs))
	var zero [32]byte
	for i, h := range hs {
		if h != zero {
			out[i] = hex.EncodeToString(h[:])
		}
	}
	return out
}

// CreateTable stores a new table with this server's lease (table.Registry).
func (s *DBStorage) CreateTable(ctx context.Context, rec *table.Record) error {
	return s.DB.CreateServerTable(ctx, &store.ServerTable{ID: rec.ID, Config: rec.Config, Tokens: hexes(rec.Tokens),
		Owner: hex.EncodeToString(rec.Owner[:])}, s.Owner, s.Address, s.TTL)
}

// CloseTable marks a table closed (table.Registry).
func (s *DBStorage) CloseTable(ctx context.Context, id string) error {
	return s.DB.CloseServerTable(ctx, id)
}

// LoadTable reads a stored table as the table package resumes it.
func (s *DBStorage) LoadTable(ctx context.Context, id string) (*table.Record, error) {
	t, ok, err := s.DB.ServerTableByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("table %s is not stored (or closed)", id)
	}
	rec := &table.Record{ID: t.ID, Config: t.Config, Tokens: make([][32]byte, len(t.Tokens)),
		Resume: &table.Resume{LastHand: t.State.LastHand, Stacks: t.State.Stacks, BuyIns: t.State.BuyIns, Net: t.State.Net, Epoch: uint64(t.State.Epoch)}}
	for i, h := range t.Tokens {
		if h == "" {
			continue
		}
		if _, err := hex.Decode(rec.Tokens[i][:], []byte(h)); err != nil {
			return nil, fmt.Errorf("table %s: seat %d token hash: %v", id, i+1, err)
		}
	}
	if _, err := hex.Decode(rec.Owner[:], []byte(t.Owner)); err != nil {
		return nil, fmt.Errorf("table %s: owner token hash: %v", id, err)
	}
	return rec, nil
}

// TableHands reads a table's stored hands (Storage).
func (s *DBStorage) TableHands(ctx context.Context, id string, after int64, limit int) ([]*hh.Hand, error) {
	var out []*hh.Hand
	err := s.DB.ServerHands(ctx, id, after, limit, func(n int64, text string) error {
		hs, err := hh.Parse(fmt.Sprintf("table %s hand %d", id, n), []byte(text))
		if err != nil {
			return err
		}
		out = append(out, hs...)
		return nil
	})
	return out, err
}

// PlayerHUD sums a player's stored hands (Storage).
func (s *DBStorage) PlayerHUD(ctx context.Context, name string) (hud.Player, bool, error) {
	t, _, err := s.DB.HUD(ctx, store.Filter{Player: name})
	if err != nil {
		return hud.Player{}, false, err
	}
	p, ok := t.Player(name)
	if !ok {
		return hud.Player{}, false, nil
	}
	return *p, true, nil
}

// Ping checks the database (Storage).
func (s *DBStorage) Ping(ctx context.Context) error { return s.DB.SQL().PingContext(ctx) }

// OpenTables reads every server's open tables: of each configuration only
// the blinds and the names (not the profiles, which a listing does not
// need); one that does not decode is listed without them.
func (s *DBStorage) OpenTables(ctx context.Context) ([]StoredTable, error) {
	rows, err := s.DB.ListServerTables(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]StoredTable, len(rows))
	for i, r := range rows {
		out[i] = StoredTable{ID: r.ID, LastHand: r.LastHand, Server: r.Address, Seats: []string{}}
		var c struct {
			SmallBlind int64 `json:"small_blind"`
			BigBlind   int64 `json:"big_blind"`
			Seats      []struct {
				Name string `json:"name"`
			} `json:"seats"`
		}
		if err := json.Unmarshal(r.Config, &c); err != nil {
			s.log.Warn("stored table configuration", "table", r.ID, "err", err)
			continue
		}
		out[i].SmallBlind, out[i].BigBlind = c.SmallBlind, c.BigBlind
		for _, seat := range c.Seats {
			out[i].Seats = append(out[i].Seats, seat.Name)
		}
	}
	return out, nil
}

// DBProfiles keeps the profiles stored through the API in the database,
// so that every replica sees them.
type DBProfiles struct{ DB *store.DB }

func (p DBProfiles) Profile(ctx context.Context, name string) (string, bool, error) {
	return p.DB.ServerProfile(ctx, name)
}

func (p DBProfiles) PutProfile(ctx context.Context, name, toml string) error {
	return p.DB.PutServerProfile(ctx, name, toml)
}

func (p DBProfiles) DeleteProfile(ctx context.Context, name string) (bool, error) {
	return p.DB.DeleteServerProfile(ctx, name)
}

func (p DBProfiles) ProfileNames(ctx context.Context) ([]string, error) {
	return p.DB.ServerProfileNames(ctx)
}

var _ Storage = (*DBStorage)(nil)
var _ ProfileStore = DBProfiles{}
var _ = errors.New
