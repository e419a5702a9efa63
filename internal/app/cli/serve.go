package cli

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/time/rate"

	"pokerlab/internal/app/lab"
	"pokerlab/internal/app/serve"
	"pokerlab/internal/app/table"
	"pokerlab/store"
)

type serveOptions struct {
	IO            *IOStreams
	Listen        string
	DB            string
	Profiles      string
	Advertise     string
	ActionTimeout time.Duration
	LeaseTimeout  time.Duration
	NPCDelay      time.Duration
	HandPause     time.Duration
	RateLimit     float64
	Burst         int
	LogFormat     string
	APIKeys       []string
	SessionSecret string
	AllowOrigins  []string
	InsecureOpen  bool
	MaxTables     int
	MaxPerSession int
	TablesPerMin  float64
	MaxNPCHands   int64
	IdleTimeout   time.Duration
	LabMemory     string
	LabWorkers    int
	LabPerMinute  float64
	LabDir        string
	// labSpot, if set, is read into the lab at start; the URL printed
	// opens it (pokerlab lab).
	labSpot string
	// labReady, if set, is called with the lab page's URL.
	labReady func(url string)
	// ready, if set, is called with the address the server listens on.
	ready func(addr string)
	// stop, if set, ends the server like a signal (tests).
	stop <-chan struct{}
}

func newServeCmd(f *Factory, runF func(*serveOptions) error) *cobra.Command {
	opts := &serveOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "serve [--listen ADDR] [--db URL] [--profiles DIR] [--action-timeout D] [--lease-timeout D]",
		Short: "Play against the NPCs in a browser; an HTTP API for game servers",
		Long: `Run the poker server: a web page at / to sit down at a table with NPCs, and
an HTTP API (docs/api.md, docs/openapi.yaml) that lets any game server create
tables, act for human seats, stream the events, download the hands, and ask
the NPCs for decisions in its own games (POST /api/decide).

Every finished hand is stored in the hand database (--db: an SQLite file, by
default pokerlab.db, or postgres://...), with its PHH and HUD rows, so that
"pokerlab hud --db" and the API's HUDs see it. Tables resume after a restart
from the stored state; a hand interrupted by a crash is void, every chip back.

With PostgreSQL several servers share the database: each table is run by
one of them, which holds its lease row and renews it; when a server dies,
another takes its tables over within --lease-timeout (docs/deploy.md).

On a public address the server needs operators' keys: --api-key KEY (or
POKERLAB_API_KEY, several separated by commas; only their SHA-256 is kept)
lets a client that sends "Authorization: Bearer KEY" create tables over the
API, store and delete profiles, ask for decisions and read any player's HUD.
Each browser gets a signed session cookie from the page, and a
browser session may run --max-tables-per-session tables. A server on a
loopback address without a key stays open (every API client is an
operator); on any other address it refuses to start without a key unless
--insecure-open is given.
Pages of other sites cannot make a visitor's browser change anything
(cross-origin requests are refused unless --allow-origin names the origin).
Tables with a human, or from a browser session, end after --idle-timeout
without a request; NPC-only tables from browser sessions deal at most
--max-npc-hands hands.

Humans who do not act within --action-timeout check or fold. Logs go to
standard error (log/slog; --log-format json for machines); tokens are never
logged. SIGINT or SIGTERM stops the server gracefully: hands in progress are
voided, the database is flushed, the leases are released.`,
		Example: `  pokerlab serve                      # then open http://127.0.0.1:8080
  pokerlab serve --listen 127.0.0.1:9000 --db hands.db --profiles ./profiles
  POKERLAB_API_KEY=$(openssl rand -hex 24) pokerlab serve --listen :8080 \
      --db postgres://poker@db:5432/poker --advertise http://10.0.0.5:8080`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			switch {
			case opts.ActionTimeout <= 0:
				return flagErrorf("--action-timeout %v: want a positive duration", opts.ActionTimeout)
			case opts.LeaseTimeout < 100*time.Millisecond:
				return flagErrorf("--lease-timeout %v: want 100ms or more", opts.LeaseTimeout)
			case opts.NPCDelay < 0 || opts.HandPause < 0:
				return flagErrorf("--npc-delay and --hand-pause: want 0 or more")
			case opts.LogFormat != "text" && opts.LogFormat != "json":
				return flagErrorf("--log-format %q: want text or json", opts.LogFormat)
			}
			if _, _, err := net.SplitHostPort(opts.Listen); err != nil {
				return flagErrorf("--listen %q: want HOST:PORT (%v)", opts.Listen, err)
			}
			if env := os.Getenv("POKERLAB_API_KEY"); env != "" {
				opts.APIKeys = append(opts.APIKeys, strings.Split(env, ",")...)
			}
			for _, k := range opts.APIKeys {
				if k = strings.TrimSpace(k); k != "" && len(k) < 16 {
					return flagErrorf("--api-key: a key of %d characters is too easy to guess; use 16 or more (openssl rand -hex 24)", len(k))
				}
			}
			if !serve.IsLoopback(opts.Listen) && !hasKey(opts.APIKeys) && !opts.InsecureOpen {
				return flagErrorf("--listen %s is reachable from other machines and no --api-key (or POKERLAB_API_KEY) is set: anyone could create tables, overwrite profiles and read every player's HUD. Set a key, listen on 127.0.0.1, or pass --insecure-open on a network you trust", opts.Listen)
			}
			if opts.SessionSecret == "" {
				opts.SessionSecret = os.Getenv("POKERLAB_SESSION_SECRET")
			}
			if opts.IdleTimeout < 0 {
				return flagErrorf("--idle-timeout %v: want a duration (0: never)", opts.IdleTimeout)
			}
			if opts.Advertise != "" && !strings.HasPrefix(opts.Advertise, "http://") && !strings.HasPrefix(opts.Advertise, "https://") {
				return flagErrorf("--advertise %q: want http://HOST:PORT", opts.Advertise)
			}
			if runF != nil {
				return runF(opts)
			}
			return serveRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Listen, "listen", "127.0.0.1:8080", "address to listen on (loopback by default; :8080 for every interface)")
	dbFlag(cmd, &opts.DB)
	fl.StringVar(&opts.Profiles, "profiles", "", "directory of stored profiles (NAME.toml); default: in the database")
	fl.StringVar(&opts.Advertise, "advertise", "", "this server's URL for other replicas (default http://LISTEN address)")
	fl.DurationVar(&opts.ActionTimeout, "action-timeout", 30*time.Second, "how long a human may think before checking or folding")
	fl.DurationVar(&opts.LeaseTimeout, "lease-timeout", 10*time.Second, "how long a dead server's tables wait before another server takes them over")
	fl.DurationVar(&opts.NPCDelay, "npc-delay", 600*time.Millisecond, "NPCs' thinking time at tables with a human (NPC-only tables never wait)")
	fl.DurationVar(&opts.HandPause, "hand-pause", 2*time.Second, "pause after each hand at tables with a human")
	floatVar(fl, &opts.RateLimit, "rate-limit", 50, "requests per second per client (token, else IP address)", func(x float64) error {
		if !(x > 0) {
			return wantf("want a positive number of requests per second")
		}
		return nil
	})
	intVar(fl, &opts.Burst, "burst", 100, "burst of requests per client", atLeast(1, "a positive number"))
	fl.StringArrayVar(&opts.APIKeys, "api-key", nil, "an operator's key (repeat for several; or POKERLAB_API_KEY=K1,K2, which keeps them out of the process list)")
	fl.StringVar(&opts.SessionSecret, "session-secret", "", "secret that signs the session cookie of each browser; replicas need the same (or POKERLAB_SESSION_SECRET; default: drawn at start)")
	fl.StringArrayVar(&opts.AllowOrigins, "allow-origin", nil, "another origin (https://host[:port]) whose pages may call the API (repeat for several)")
	fl.BoolVar(&opts.InsecureOpen, "insecure-open", false, "serve a non-loopback address without an API key: every client is an operator")
	intVar(fl, &opts.MaxTables, "max-tables", 0, "most tables this server runs (0: a quarter of the memory at 1 MiB a table)", atLeast(0, "0 or more"))
	intVar(fl, &opts.MaxPerSession, "max-tables-per-session", 4, "most running tables one browser session may have created", atLeast(1, "a positive count"))
	floatVar(fl, &opts.TablesPerMin, "tables-per-minute", 10, "new tables a minute per browser session and per address", func(x float64) error {
		if x <= 0 {
			return wantf("want a positive rate")
		}
		return nil
	})
	int64Var(fl, &opts.MaxNPCHands, "max-npc-hands", 100_000, "most hands of a table without a human that an operator did not create", func(x int64) error {
		if x < 1 {
			return wantf("want a positive count")
		}
		return nil
	})
	fl.DurationVar(&opts.IdleTimeout, "idle-timeout", 30*time.Minute, "end a table with a human (or from a browser session) after this long without a request (0: never)")
	fl.StringVar(&opts.LogFormat, "log-format", "text", "log format: text or json")
	labFlags(fl, opts, 6)
	return cmd
}

// labFlags are the spot lab's flags of serve and lab.
func labFlags(fl *pflag.FlagSet, opts *serveOptions, perMinute float64) {
	fl.StringVar(&opts.LabMemory, "lab-memory", "", "memory of the spot lab's solved spots and solves, e.g. 2GiB (default: a quarter of the machine's)")
	intVar(fl, &opts.LabWorkers, "lab-workers", 0, "spot solves run at once (0: one per core)", atLeast(0, "0 or more"))
	floatVar(fl, &opts.LabPerMinute, "lab-per-minute", perMinute, "spot solves a minute per browser session and per address", func(x float64) error {
		if x <= 0 {
			return wantf("want a positive rate")
		}
		return nil
	})
	fl.StringVar(&opts.LabDir, "lab-dir", "", "library folder of the spot lab's solved spots (.pls files; default: none for serve, the spot's folder for lab)")
}

// newLab makes the spot lab of opts.
func newLab(opts *serveOptions) (*lab.Lab, error) {
	var mem int64
	if opts.LabMemory != "" {
		b, err := parseBytes(opts.LabMemory)
		if err != nil {
			return nil, flagErrorf("--lab-memory %v", err)
		}
		mem = b
	}
	return lab.New(lab.Config{Memory: mem, Workers: opts.LabWorkers, Dir: opts.LabDir}), nil
}

func hasKey(keys []string) bool {
	for _, k := range keys {
		if strings.TrimSpace(k) != "" {
			return true
		}
	}
	return false
}

func serveRun(opts *serveOptions) error {
	var h slog.Handler = slog.NewTextHandler(opts.IO.ErrOut, nil)
	if opts.LogFormat == "json" {
		h = slog.NewJSONHandler(opts.IO.ErrOut, nil)
	}
	log := slog.New(h)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if opts.stop != nil {
		go func() {
			select {
			case <-opts.stop:
				stop()
			case <-ctx.Done():
			}
		}()
	}
	lb, err := newLab(opts)
	if err != nil {
		return err
	}
	labPath := "/lab/"
	if opts.labSpot != "" {
		src, err := os.ReadFile(opts.labSpot)
		if err != nil {
			lb.Close()
			return err
		}
		info, err := lb.Add(string(src), opts.labSpot, "")
		if err != nil {
			lb.Close()
			return err
		}
		labPath += "#spot=" + info.ID
	}
	db, err := store.Open(ctx, opts.DB, store.Options{})
	if err != nil {
		lb.Close()
		return err
	}
	defer db.Close()
	ln, err := net.Listen("tcp", opts.Listen)
	if err != nil {
		return fmt.Errorf("--listen %s: %v", opts.Listen, err)
	}
	addr := ln.Addr().String()
	self := opts.Advertise
	if self == "" {
		self = "http://" + addr
	}
	var idb [8]byte
	rand.Read(idb[:])
	host, _ := os.Hostname()
	owner := fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(idb[:]))
	st := serve.NewDBStorage(db, owner, self, opts.LeaseTimeout, log)
	var profiles serve.ProfileStore = serve.DBProfiles{DB: db}
	if opts.Profiles != "" {
		if err := os.MkdirAll(opts.Profiles, 0o755); err != nil {
			return fmt.Errorf("--profiles: %v", err)
		}
		profiles = &serve.DirProfiles{Dir: opts.Profiles}
	}
	if opts.SessionSecret == "" && opts.Advertise != "" {
		log.Warn("no --session-secret (POKERLAB_SESSION_SECRET): each browser session is this process's own and ends when it stops; replicas need the same secret")
	}
	srv, err := serve.New(serve.Config{
		APIKeys:             opts.APIKeys,
		SessionSecret:       []byte(opts.SessionSecret),
		AllowOrigins:        opts.AllowOrigins,
		MaxTables:           opts.MaxTables,
		MaxTablesPerSession: opts.MaxPerSession,
		TablesPerMinute:     opts.TablesPerMin,
		MaxNPCHands:         opts.MaxNPCHands,
		IdleTimeout:         cmp.Or(opts.IdleTimeout, -1), // 0 on the command line: never
		Lab:                 lb,
		LabPerMinute:        opts.LabPerMinute,
		Tables:              table.Options{ActionTimeout: opts.ActionTimeout, NPCDelay: opts.NPCDelay, HandPause: opts.HandPause},
		Storage:             st,
		HandDB:              db,
		Profiles:            profiles,
		Log:                 log,
		RateLimit:           rate.Limit(opts.RateLimit),
		Burst:               opts.Burst,
		Self:                self,
		Lookup: func(ctx context.Context, id string) (string, bool) {
			_, a, ok, err := db.LeaseHolder(ctx, id)
			return a, ok && err == nil
		},
		PlayerHUDJSON: func(ctx context.Context, name string) ([]byte, error) {
			// `pokerlab hud --db URL --player NAME --json`, the same code.
			io, out, _ := TestStreams("", false, false)
			err := hudRun(&hudOptions{IO: io, DB: opts.DB, Filter: filterOptions{Player: name}, Player: name, JSON: true})
			return out.Bytes(), err
		},
	})
	if err != nil {
		lb.Close()
		return err
	}
	hs := srv.HTTPServer(addr)
	leases, stopLeases := context.WithCancel(context.Background())
	leasesDone := make(chan struct{})
	go func() {
		defer close(leasesDone)
		srv.RunLeases(leases, st)
	}()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	log.Info("pokerlab serve: listening", "url", "http://"+addr, "db", store.Redact(opts.DB), "owner", owner)
	if opts.labReady != nil {
		opts.labReady("http://" + addr + labPath)
	}
	if opts.ready != nil {
		opts.ready(addr)
	}
	select {
	case err = <-served:
	case <-ctx.Done():
	}
	log.Info("shutting down: voiding hands in progress, flushing the database")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	stopLeases()
	<-leasesDone
	ids := srv.Manager().IDs()
	shutErr := srv.Shutdown(sctx)
	hs.Shutdown(sctx)
	st.Close()
	if rerr := db.ReleaseTables(sctx, owner, ids); rerr != nil {
		log.Warn("releasing leases", "err", rerr)
	}
	log.Info("stopped", "tables", len(ids))
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return shutErr
}
