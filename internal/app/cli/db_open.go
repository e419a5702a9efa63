package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/internal/app/serve"
)

type dbOpenOptions struct {
	IO        *IOStreams
	DB        string
	Addr      string
	NoBrowser bool
	// ready, if set, is called with the page's URL (tests); stop, if set,
	// ends the server like a signal.
	ready func(url string)
	stop  <-chan struct{}
}

func newDBOpenCmd(f *Factory, runF func(*dbOpenOptions) error) *cobra.Command {
	opts := &dbOpenOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "open [--db URL] [--addr 127.0.0.1:0] [--no-browser]",
		Short: "Browse the database in a web page: players, results, hands and a replayer",
		Long: `Serve the hand database on this machine and open its page in the browser:
every player with hands, net won (after rake), big blinds, bb/100 with its
standard error and the HUD stats with their samples; a player's page with
the cumulative result graph, the stats by position and the hands, newest
first; and a replayer that steps through a hand action by action and street
by street (buttons and arrow keys), with the stacks, bets, pot, board, the
showdown with each hand's rank, the previous and next hand, and the hand as
PHH and PokerStars text.

The database is opened read-only. The server listens on a loopback address
only (--addr; port 0 picks a free one) and prints the page's URL; the
browser is opened when standard output is a terminal, unless --no-browser.
The same page is at /tracker.html of "pokerlab serve". Ctrl-C stops it.`,
		Example: `  pokerlab db open
  pokerlab db open --db hands.db --addr 127.0.0.1:8090 --no-browser`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if _, _, err := net.SplitHostPort(opts.Addr); err != nil {
				return flagErrorf("--addr %q: want HOST:PORT (%v)", opts.Addr, err)
			}
			if !serve.IsLoopback(opts.Addr) {
				return flagErrorf("--addr %s is reachable from other machines: db open serves every hand of the database without a key, so it listens on a loopback address only (127.0.0.1:PORT); use pokerlab serve --api-key to share a database", opts.Addr)
			}
			if runF != nil {
				return runF(opts)
			}
			return dbOpenRun(opts)
		},
	}
	dbFlag(cmd, &opts.DB)
	cmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1:0", "loopback address to listen on (port 0: any free port)")
	cmd.Flags().BoolVar(&opts.NoBrowser, "no-browser", false, "print the URL without opening a browser")
	return cmd
}

func dbOpenRun(opts *dbOpenOptions) error {
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
	db, err := openDB(opts.DB, true)
	if err != nil {
		return err
	}
	defer db.Close()
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %v", opts.Addr, err)
	}
	log := slog.New(slog.NewTextHandler(opts.IO.ErrOut, &slog.HandlerOptions{Level: slog.LevelWarn}))
	st := serve.NewDBStorage(db, "db-open", "", 10*time.Second, log)
	defer st.Close()
	srv, err := serve.New(serve.Config{Storage: st, HandDB: db, Profiles: serve.DBProfiles{DB: db}, TrackerOnly: true, Log: log})
	if err != nil {
		ln.Close()
		return err
	}
	hs := srv.HTTPServer(ln.Addr().String())
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	url := "http://" + ln.Addr().String() + "/tracker.html"
	fmt.Fprintf(opts.IO.Out, "%s: %s\n", db.Where(), url)
	if opts.IO.IsStdoutTTY() && !opts.NoBrowser {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(opts.IO.ErrOut, "pokerlab: could not open a browser (%v): open %s\n", err, url)
		}
	}
	if opts.ready != nil {
		opts.ready(url)
	}
	select {
	case err = <-served:
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hs.Shutdown(sctx)
	srv.Shutdown(sctx)
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// openBrowser opens url in the desktop's browser, without waiting for it.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}
