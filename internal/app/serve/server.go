package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"pokerlab/hh"
	"pokerlab/hud"
	"pokerlab/internal/app/lab"
	"pokerlab/internal/app/table"
	"pokerlab/internal/base/sysmem"
	"pokerlab/store"
)

// Storage is what the server keeps in its database: the tables and their
// state (table.Registry), every finished hand (table.Store), and the
// queries of the API.
type Storage interface {
	table.Store
	table.Registry
	// TableHands returns the finished hands of a table with numbers above
	// after, oldest first, at most limit of them; every hole card is in
	// them (the server masks what a client may not see).
	TableHands(ctx context.Context, tableID string, after int64, limit int) ([]*hh.Hand, error)
	// PlayerHUD tallies a player's stored hands; ok is false if the player
	// has none.
	PlayerHUD(ctx context.Context, name string) (p hud.Player, ok bool, err error)
	// Ping checks that the database answers.
	Ping(ctx context.Context) error
	// OpenTables lists the open tables of every server sharing the
	// database, with the address of the one running each ("" while none
	// does).
	OpenTables(ctx context.Context) ([]StoredTable, error)
}

// StoredTable is an open table as the database has it.
type StoredTable struct {
	ID                   string
	SmallBlind, BigBlind int64
	Seats                []string // names
	LastHand             int64
	Server               string
}

// Config configures a Server. Zero values are the defaults of `pokerlab
// serve`.
type Config struct {
	Tables   table.Options
	Storage  Storage
	Profiles ProfileStore
	Log      *slog.Logger
	// RateLimit is each client's sustained requests per second (0: 50) and
	// Burst its bucket (0: 100); a client is its bearer token, else its IP.
	RateLimit rate.Limit
	Burst     int
	// MaxBody bounds request bodies (0: 1 MiB).
	MaxBody int64
	// RequestTimeout bounds each request but the event streams (0: 10 s).
	RequestTimeout time.Duration
	// Lookup, with replicas, returns the address ("http://host:port") of
	// the server that runs a table this one does not; Self is this
	// server's own address. Requests for such a table are forwarded.
	Lookup func(ctx context.Context, tableID string) (string, bool)
	Self   string
	// APIKeys are the operators' keys (see identify); none makes the
	// server open: every client but a browser session is an operator.
	APIKeys []string
	// SessionSecret signs the browser session cookies (replicas need the
	// same); empty draws one at start (sessions then end with the
	// process).
	SessionSecret []byte
	// AllowOrigins are the origins (scheme://host[:port]) besides the
	// server's own whose pages may send state-changing requests, with
	// CORS headers.
	AllowOrigins []string
	// MaxTables caps the tables this server runs (0: DefaultMaxTables).
	MaxTables int
	// MaxTablesPerSession caps the running tables one browser session (or,
	// when the server has keys, one key) may have created (0: 4; operators
	// with a key are not capped).
	MaxTablesPerSession int
	// TablesPerMinute is how many tables one client may create a minute,
	// counted per address and per session (0: 10; operators with a key are
	// not limited).
	TablesPerMinute float64
	// MaxNPCHands caps Hands for tables without a human seat unless an
	// operator creates them (0: 100,000); such a table must set Hands.
	MaxNPCHands int64
	// IdleTimeout ends a table with a human seat, or created by a session,
	// after this long without a request for it (0: 30 minutes; negative:
	// never).
	IdleTimeout time.Duration
	// PlayerHUDJSON, if set, writes GET /api/players/{name}/hud: the CLI
	// gives `pokerlab hud --db URL --player NAME --json` itself, so the
	// two are the same JSON by construction.
	PlayerHUDJSON func(ctx context.Context, name string) ([]byte, error)
	// HandDB, if set, is the hand database the tracker routes
	// (/api/db/...) and the page tracker.html read.
	HandDB *store.DB
	// TrackerOnly serves the hand database alone (`pokerlab db open`): the
	// health checks, /api/db/... and the page, whose / is the tracker;
	// no tables, profiles or decisions.
	TrackerOnly bool
	// Lab is the spot lab behind /lab and /api/spots (nil: one with
	// lab's defaults and no library); the server closes it on Shutdown.
	Lab *lab.Lab
	// LabPerMinute is how many solves one browser session may start a
	// minute, counted per session and per address (0: 6).
	LabPerMinute float64
}

// Server is the HTTP API and web page over a table.Manager.
type Server struct {
	cfg     Config
	mgr     *table.Manager
	met     *metrics
	lim     *limiter
	log     *slog.Logger
	keys    keyring
	sess    sessions
	origins origins
	// authFails counts each address's answers of 401; creates and mints
	// its tables created and its new sessions.
	authFails, creates, mints *limiter
	admitMu                   sync.Mutex
	// seen has, per table id, when a client last asked for it (unix ns).
	seen    sync.Map
	handler http.Handler
	bots    botCache
	lab     *lab.Lab
	solves  *limiter
	builds  *limiter
	stopped chan struct{}
	once    sync.Once
	// afterHeartbeat, when set (tests), runs between a lease heartbeat's
	// answer and the check of the tables against it, and may replace the
	// answer.
	afterHeartbeat func(held []string, err error) ([]string, error)
}

// New builds a server. Storage is required: every finished hand is stored.
func New(cfg Config) (*Server, error) {
	if cfg.Storage == nil {
		return nil, errors.New("serve: no storage")
	}
	if cfg.Profiles == nil {
		return nil, errors.New("serve: no profile store")
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.RateLimit <= 0 {
		cfg.RateLimit = 50
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 100
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 1 << 20
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 10 * time.Second
	}
	if cfg.MaxTables <= 0 {
		cfg.MaxTables = DefaultMaxTables()
	}
	if cfg.MaxTablesPerSession <= 0 {
		cfg.MaxTablesPerSession = 4
	}
	if cfg.TablesPerMinute <= 0 {
		cfg.TablesPerMinute = 10
	}
	if cfg.MaxNPCHands <= 0 {
		cfg.MaxNPCHands = 100_000
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = 30 * time.Minute
	}
	if cfg.LabPerMinute <= 0 {
		cfg.LabPerMinute = 6
	}
	if cfg.Lab == nil {
		cfg.Lab = lab.New(lab.Config{})
	}
	orig, err := newOrigins(cfg.AllowOrigins)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: cfg.Log, stopped: make(chan struct{}), keys: newKeyring(cfg.APIKeys),
		sess: newSessions(cfg.SessionSecret), origins: orig,
		// 20 failures at once, then one every 3 s.
		authFails: newLimiter(rate.Every(3*time.Second), 20),
		creates:   newLimiter(rate.Limit(cfg.TablesPerMinute/60), max(1, int(cfg.TablesPerMinute))),
		// New sessions: 20 at once from an address, then 10 a minute.
		mints:  newLimiter(rate.Limit(10.0/60), 20),
		lab:    cfg.Lab,
		solves: newLimiter(rate.Limit(cfg.LabPerMinute/60), max(1, int(cfg.LabPerMinute))),
		builds: newLimiter(rate.Limit(cfg.LabPerMinute/6), max(1, int(10*cfg.LabPerMinute)))}
	s.met = newMetrics(func() float64 { return float64(s.mgr.Open()) })
	s.mgr = table.NewManager(cfg.Tables, cfg.Storage, cfg.Storage, s.met, cfg.Log)
	s.lim = newLimiter(cfg.RateLimit, cfg.Burst)
	s.bots.init()
	s.handler = s.routes()
	go s.runIdle()
	return s, nil
}

// Manager returns the server's tables.
func (s *Server) Manager() *table.Manager { return s.mgr }

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// HTTPServer returns an http.Server for addr with the server's handler and
// timeouts on every connection: headers within 5 s, a request body within
// 15 s, a response within 30 s (event streams extend their own write
// deadline as they go), idle keep-alive connections closed after 2 minutes.
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s.handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.Background() },
	}
}

// Shutdown stops every table (hands in progress are voided; the stored
// state is the one after each table's last finished hand) and ends the
// event streams.
func (s *Server) Shutdown(ctx context.Context) error {
	s.once.Do(func() {
		close(s.stopped)
		s.lab.Close()
	})
	return s.mgr.Shutdown(ctx)
}

// routes builds the handler: the API routes behind the per-request
// protections (panic recovery, size limit, rate limit, timeout, metrics).
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	handle := func(pattern string, h func(http.ResponseWriter, *http.Request) error, stream bool) {
		mux.Handle(pattern, s.wrap(pattern, h, stream))
	}
	handle("GET /healthz", s.healthz, false)
	handle("GET /healthz/live", s.live, false)
	mux.Handle("GET /metrics", s.met.handler())
	handle("GET /api/db/players", s.dbPlayers, false)
	handle("GET /api/db/players/{name}", s.dbPlayer, false)
	handle("GET /api/db/players/{name}/hands", s.dbPlayerHands, false)
	handle("GET /api/db/players/{name}/graph", s.dbPlayerGraph, false)
	handle("GET /api/db/hands/{file}", s.dbHand, false)
	if s.cfg.TrackerOnly {
		handle("/api/", func(w http.ResponseWriter, r *http.Request) error {
			return &httpError{http.StatusNotFound, fmt.Sprintf("no API route %s %s (this server reads the hand database only: /api/db/...)", r.Method, r.URL.Path)}
		}, false)
		web := webHandler()
		mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/" || r.URL.Path == "/index.html" {
				http.Redirect(w, r, "/tracker.html", http.StatusFound)
				return
			}
			web.ServeHTTP(w, r)
		}))
		return mux
	}
	handle("POST /api/tables", s.createTable, false)
	handle("GET /api/tables", s.listTables, false)
	handle("GET /api/tables/{id}", s.getTable, false)
	handle("DELETE /api/tables/{id}", s.closeTable, false)
	handle("POST /api/tables/{id}/actions", s.act, false)
	handle("GET /api/tables/{id}/events", s.events, true)
	handle("GET /api/tables/{id}/hands", s.hands, false)
	handle("GET /api/tables/{id}/hud", s.tableHUD, false)
	handle("POST /api/decide", s.decide, false)
	handle("GET /api/players/{name}/hud", s.playerHUD, false)
	handle("GET /api/profiles", s.listProfiles, false)
	handle("GET /api/profiles/{name}", s.getProfile, false)
	handle("PUT /api/profiles/{name}", s.putProfile, false)
	handle("DELETE /api/profiles/{name}", s.deleteProfile, false)
	handle("POST /api/spots", s.addSpot, false)
	handle("GET /api/spots", s.listSpots, false)
	handle("GET /api/spots/{id}", s.getSpot, false)
	handle("DELETE /api/spots/{id}", s.deleteSpot, false)
	handle("POST /api/spots/{id}/solve", s.solveSpot, false)
	handle("DELETE /api/spots/{id}/solve", s.cancelSolve, false)
	handle("GET /api/spots/{id}/events", s.spotEvents, true)
	handle("GET /api/spots/{id}/node", s.spotNode, false)
	handle("GET /api/spots/{id}/compare", s.spotCompare, false)
	handle("GET /api/spots/{id}/export", s.spotExport, false)
	handle("GET /api/spots/{id}/toml", s.spotTOML, false)
	handle("POST /api/spots/{id}/save", s.saveSpot, false)
	handle("GET /api/library", s.library, false)
	handle("GET /api/ranges", s.rangePresets, false)
	handle("POST /api/library/{name}/open", s.openLibrary, false)
	handle("/api/", func(w http.ResponseWriter, r *http.Request) error {
		if r.Method == http.MethodOptions {
			return s.preflight(w, r)
		}
		return &httpError{http.StatusNotFound, fmt.Sprintf("no API route %s %s (docs/api.md lists them)", r.Method, r.URL.Path)}
	}, false)
	mux.Handle("/", s.page(webHandler()))
	return mux
}

// DefaultMaxTables is the default of Config.MaxTables: a quarter of the
// machine's memory at 1 MiB a table (a table with its event ring, bots and
// buffers holds about 80 KB; the rest is headroom for its clients), at
// least 16 and at most 100,000; 1,000 where the memory is unknown.
func DefaultMaxTables() int {
	total, ok := sysmem.Total()
	if !ok {
		return 1000
	}
	return int(min(max(total/4>>20, 16), 100_000))
}

// page serves the web page and gives a browser without a session one
// (at most 20 at once and then 10 a minute per address: a script that
// drops its cookies cannot mint sessions to escape the quotas).
func (s *Server) page(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && (r.URL.Path == "/" || r.URL.Path == "/index.html" || r.URL.Path == "/lab/" || r.URL.Path == "/lab/index.html") {
			if _, ok := s.sess.fromRequest(r); !ok && s.mints.allow(clientIP(r)) {
				s.sess.issue(w, r)
			}
		}
		h.ServeHTTP(w, r)
	})
}
