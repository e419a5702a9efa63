package table

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sort"
	"strings"
	"sync"

	"pokerlab/npc"
)

// Registry stores the tables themselves, so that a restarted server (or
// another replica) can resume them. CreateTable stores a new table;
// CloseTable marks it closed.
type Registry interface {
	CreateTable(ctx context.Context, rec *Record) error
	CloseTable(ctx context.Context, id string) error
}

// Record is a stored table: its configuration (profiles as TOML text) and
// the SHA-256 of each human seat's token. Tokens themselves are never
// stored.
type Record struct {
	ID     string
	Config []byte // JSON, see EncodeConfig
	Tokens [][sha256.Size]byte
	Owner  [sha256.Size]byte // the owner token's hash (DELETE)
	Resume *Resume
}

// Manager creates, finds and stops the tables of one server.
type Manager struct {
	opt      Options
	store    Store
	registry Registry
	obs      Observer
	log      *slog.Logger

	mu      sync.RWMutex
	tables  map[string]*Table
	stopped bool
	// closed keeps why recently closed tables closed (at most
	// maxClosedKept), so that their players get the reason, not "no
	// table".
	closed map[string]string
}

const maxClosedKept = 10000

// NewManager returns a manager whose tables store their hands in store and
// themselves in registry (either may be nil: nothing is stored).
func NewManager(opt Options, store Store, registry Registry, obs Observer, log *slog.Logger) *Manager {
	if obs == nil {
		obs = nopObserver{}
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if opt.CPU == nil {
		opt.CPU = make(chan struct{}, runtime.GOMAXPROCS(0))
	}
	return &Manager{opt: opt.withDefaults(), store: store, registry: registry, obs: obs, log: log, tables: map[string]*Table{},
		closed: map[string]string{}}
}

// Created is a new table with one token per human seat, by seat name.
type Created struct {
	Table  *Table
	Tokens map[string]string
	Owner  string // the token that closes the table
}

// newID returns a random table id (64 bits, hex).
func newID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("table: crypto/rand: " + err.Error())
	}
	return hex.EncodeToString(b[:])
}

// NewToken returns a secret token of 256 random bits (base64url).
func NewToken() string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("table: crypto/rand: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// RandomSeed returns a seed from crypto/rand, for tables created without
// one.
func RandomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("table: crypto/rand: " + err.Error())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// Create validates cfg, stores the table and starts it.
func (m *Manager) Create(ctx context.Context, cfg Config) (*Created, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	id := newID()
	tokens := map[string]string{}
	hashes := make([][sha256.Size]byte, len(cfg.Seats))
	for s, seat := range cfg.Seats {
		if seat.Human {
			tok := NewToken()
			tokens[seat.Name] = tok
			hashes[s] = sha256.Sum256([]byte(tok))
		}
	}
	owner := NewToken()
	t, err := newTable(id, cfg, m.opt, hashes, nil, m.store, m.obs, m.log)
	if err != nil {
		return nil, err
	}
	t.owner = sha256.Sum256([]byte(owner))
	if m.registry != nil {
		cj, err := EncodeConfig(&cfg)
		if err != nil {
			return nil, err
		}
		if err := m.registry.CreateTable(ctx, &Record{ID: id, Config: cj, Tokens: hashes, Owner: t.owner}); err != nil {
			return nil, fmt.Errorf("storing table %s: %w", id, err)
		}
	}
	if err := m.add(t); err != nil {
		return nil, err
	}
	m.log.Info("table created", "table", id, "seats", len(cfg.Seats), "humans", cfg.Humans(),
		"blinds", fmt.Sprintf("%d/%d", cfg.SmallBlind, cfg.BigBlind), "keep_stacks", cfg.KeepStacks)
	return &Created{Table: t, Tokens: tokens, Owner: owner}, nil
}

// Resume starts a stored table from its last stored state (after a
// restart or a takeover).
func (m *Manager) Resume(rec *Record) (*Table, error) {
	cfg, err := DecodeConfig(rec.Config)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", rec.ID, err)
	}
	t, err := newTable(rec.ID, *cfg, m.opt, rec.Tokens, rec.Resume, m.store, m.obs, m.log)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", rec.ID, err)
	}
	t.owner = rec.Owner
	if err := m.add(t); err != nil {
		return nil, err
	}
	last := int64(0)
	if rec.Resume != nil {
		last = rec.Resume.LastHand
	}
	m.log.Info("table resumed", "table", rec.ID, "last_hand", last, "epoch", t.epoch)
	return t, nil
}

func (m *Manager) add(t *Table) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stopped {
		return kindErr(ErrStopped, "the server is shutting down")
	}
	if _, dup := m.tables[t.ID]; dup {
		return fmt.Errorf("table %s is already running", t.ID)
	}
	m.tables[t.ID] = t
	t.Start()
	return nil
}

// Get returns the running table id.
func (m *Manager) Get(id string) (*Table, error) {
	m.mu.RLock()
	t, ok := m.tables[id]
	why, closed := m.closed[id]
	m.mu.RUnlock()
	if !ok {
		if closed {
			return nil, kindErr(ErrClosed, "table %s is closed: %s", id, why)
		}
		return nil, kindErr(ErrNoTable, "no table %q on this server", id)
	}
	return t, nil
}

// Has reports whether table id runs here.
func (m *Manager) Has(id string) bool {
	_, err := m.Get(id)
	return err == nil
}

// IDs returns the ids of the running tables, sorted.
func (m *Manager) IDs() []string {
	m.mu.RLock()
	defer m.mu.RUnlock()
	ids := make([]string, 0, len(m.tables))
	for id := range m.tables {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Open returns the number of running tables.
func (m *Manager) Open() int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.tables)
}

// Close stops table id for good (its hand in progress is voided) and
// marks it closed in the registry.
func (m *Manager) Close(ctx context.Context, id string) error {
	return m.CloseFor(ctx, id, "the table was closed")
}

// CloseFor is Close with the reason the table's closing event and state
// give its players (an idle table, say).
func (m *Manager) CloseFor(ctx context.Context, id, why string) error {
	t, err := m.Get(id)
	if err != nil {
		return err
	}
	if err := t.Stop(ctx, why); err != nil {
		return err
	}
	m.mu.Lock()
	delete(m.tables, id)
	if len(m.closed) >= maxClosedKept {
		for k := range m.closed { // any one: the map is a bounded memory, not a log
			delete(m.closed, k)
			break
		}
	}
	m.closed[id] = why
	m.mu.Unlock()
	if m.registry != nil {
		if err := m.registry.CloseTable(ctx, id); err != nil {
			return err
		}
	}
	m.log.Info("table closed", "table", id, "why", why)
	return nil
}

// CountCreated returns the number of running tables that creator created
// (Config.Creator).
func (m *Manager) CountCreated(creator string) int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	n := 0
	for _, t := range m.tables {
		if t.cfg.Creator == creator {
			n++
		}
	}
	return n
}

// Drop stops table id without closing it in the registry: the table stays
// open for whoever resumes it (lost lease, shutdown).
func (m *Manager) Drop(ctx context.Context, id, why string) error {
	t, err := m.Get(id)
	if err != nil {
		return err
	}
	err = t.Stop(ctx, why)
	m.mu.Lock()
	delete(m.tables, id)
	m.mu.Unlock()
	return err
}

// Shutdown stops every table (voiding hands in progress; the stored state
// is the one after each table's last finished hand) and refuses new ones.
func (m *Manager) Shutdown(ctx context.Context) error {
	m.mu.Lock()
	m.stopped = true
	ts := make([]*Table, 0, len(m.tables))
	for _, t := range m.tables {
		ts = append(ts, t)
	}
	m.mu.Unlock()
	for _, t := range ts {
		t.signal("the server is shutting down")
	}
	var errs []error
	for _, t := range ts {
		if err := t.Stop(ctx, "the server is shutting down"); err != nil {
			errs = append(errs, fmt.Errorf("table %s: %w", t.ID, err))
		}
	}
	return errors.Join(errs...)
}

// configJSON is the stored form of a Config.
type configJSON struct {
	SmallBlind int64      `json:"small_blind"`
	BigBlind   int64      `json:"big_blind"`
	Ante       int64      `json:"ante"`
	Stack      int64      `json:"stack"`
	Seed       uint64     `json:"seed"`
	KeepStacks bool       `json:"keep_stacks"`
	Hands      int64      `json:"hands"`
	Seats      []seatJSON `json:"seats"`
	Creator    string     `json:"creator,omitempty"`
}

type seatJSON struct {
	Name       string `json:"name"`
	Human      bool   `json:"human,omitempty"`
	ProfileRef string `json:"profile_ref,omitempty"`
	Profile    string `json:"profile,omitempty"` // TOML, as written by npc.Profile.WriteTOML
}

// EncodeConfig writes cfg as stored: JSON with each NPC's whole profile as
// TOML, so that a resumed table plays the same profiles even if a stored
// profile of the same name changed since.
func EncodeConfig(cfg *Config) ([]byte, error) {
	c := configJSON{SmallBlind: cfg.SmallBlind, BigBlind: cfg.BigBlind, Ante: cfg.Ante, Stack: cfg.Stack,
		Seed: cfg.Seed, KeepStacks: cfg.KeepStacks, Hands: cfg.Hands, Creator: cfg.Creator}
	for _, s := range cfg.Seats {
		sj := seatJSON{Name: s.Name, Human: s.Human, ProfileRef: s.ProfileRef}
		if s.Profile != nil {
			var b strings.Builder
			if err := s.Profile.WriteTOML(&b); err != nil {
				return nil, err
			}
			sj.Profile = b.String()
		}
		c.Seats = append(c.Seats, sj)
	}
	return json.Marshal(c)
}

// DecodeConfig reads a stored configuration.
func DecodeConfig(data []byte) (*Config, error) {
	var c configJSON
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("stored table configuration: %w", err)
	}
	cfg := &Config{SmallBlind: c.SmallBlind, BigBlind: c.BigBlind, Ante: c.Ante, Stack: c.Stack, Seed: c.Seed,
		KeepStacks: c.KeepStacks, Hands: c.Hands, Creator: c.Creator}
	for i, s := range c.Seats {
		seat := Seat{Name: s.Name, Human: s.Human, ProfileRef: s.ProfileRef}
		if !s.Human {
			p, err := npc.ParseProfile(s.Profile, fmt.Sprintf("stored seats[%d].profile", i))
			if err != nil {
				return nil, err
			}
			seat.Profile = p
		}
		cfg.Seats = append(cfg.Seats, seat)
	}
	return cfg, cfg.Validate()
}
