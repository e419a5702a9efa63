package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"pokerlab/internal/app/serve"
)

type labOptions struct {
	serve     serveOptions
	Spot      string
	NoBrowser bool
}

func newLabCmd(f *Factory, runF func(*labOptions) error) *cobra.Command {
	opts := &labOptions{serve: serveOptions{IO: f.IO}}
	cmd := &cobra.Command{
		Use:   "lab [SPOT.toml] [--listen ADDR] [--no-browser] [--lab-dir DIR]",
		Short: "Study a spot in the browser: solve it to Nash and QRE, browse its tree",
		Long: `Start the spot lab of 'pokerlab serve' on this machine with SPOT.toml
(docs/spot.md) loaded, print the page's URL and open it in the browser. The
page builds and edits spots (board, pot, stack, bet sizes, both ranges on
13×13 grids), solves them in the background to a Nash equilibrium (DCFR) and
to logit QREs (at given λ or at λ*) with live progress, and shows any node:
the actions and their frequencies, the grid coloured by action and shaded by
the range reaching the node, each hand's strategy, EV and equity, hand-class
aggregates, the card report of chance nodes, QRE against Nash with ghost
lines. Solved spots are saved as .pls files in --lab-dir (default: the
spot's folder; without a spot, none unless given) and listed in the page's
library.

The server listens on loopback only (--listen must be a loopback address)
and stores nothing else: its hand database is a temporary file. Ctrl-C stops
it; solves in progress are cancelled.`,
		Example: `  pokerlab lab spot/testdata/turn-Td9d6hQc-narrow.toml
  pokerlab lab river.toml --listen 127.0.0.1:9000 --no-browser`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Spot = args[0]
			}
			if !serve.IsLoopback(opts.serve.Listen) {
				return flagErrorf("--listen %s: the lab listens on a loopback address (127.0.0.1:PORT); use pokerlab serve for a shared server", opts.serve.Listen)
			}
			if opts.Spot != "" {
				if _, err := os.Stat(opts.Spot); err != nil {
					return err
				}
			}
			if runF != nil {
				return runF(opts)
			}
			return labRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.serve.Listen, "listen", "127.0.0.1:0", "loopback address to listen on (port 0: any free port)")
	fl.BoolVar(&opts.NoBrowser, "no-browser", false, "print the URL without opening a browser")
	labFlags(fl, &opts.serve, 60) // one player on this machine
	return cmd
}

func labRun(o *labOptions) error {
	dir, err := os.MkdirTemp("", "pokerlab-lab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	s := &o.serve
	s.DB = filepath.Join(dir, "hands.db")
	s.ActionTimeout, s.LeaseTimeout, s.RateLimit, s.Burst, s.LogFormat = 30e9, 10e9, 200, 400, "text"
	s.MaxPerSession, s.TablesPerMin, s.MaxNPCHands = 4, 10, 100_000
	if s.LabDir == "" && o.Spot != "" {
		s.LabDir = filepath.Dir(o.Spot)
	}
	s.labSpot = o.Spot
	then := s.labReady // tests
	s.labReady = func(url string) {
		fmt.Fprintln(s.IO.Out, url)
		if !o.NoBrowser {
			openBrowser(url) // failing is no error: the URL is printed
		}
		if then != nil {
			then(url)
		}
	}
	return serveRun(s)
}
