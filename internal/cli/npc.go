package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/npc"
)

func newNPCCmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "npc",
		Short: "Computer players configured by HUD stats: profiles, strength tables, calibration, cloning",
	}
	tables := &cobra.Command{Use: "tables", Short: "Build the strength tables φ_n(p | h)"}
	tables.AddCommand(newNPCTablesBuildCmd(f, nil))
	cmd.AddCommand(tables)
	cmd.AddCommand(newNPCCalibrateCmd(f, nil))
	cmd.AddCommand(newNPCCloneCmd(f, nil))

	cmd.AddCommand(newNPCShowCmd(f))
	return cmd
}

type npcTablesBuildOptions struct {
	IO       *IOStreams
	Samples  int
	Bins     int
	Seed     uint64
	Shard    string
	Merge    []string
	Out      string
	Threads  int
	Progress func(total int64, desc string, quiet bool) *Progress
}

func newNPCTablesBuildCmd(f *Factory, runF func(*npcTablesBuildOptions) error) *cobra.Command {
	opts := &npcTablesBuildOptions{IO: f.IO, Progress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "build [--samples N] [--shard i/n] [--merge FILES] --out FILE",
		Short: "Sample the strength tables (or merge shards of a build)",
		Long: `Sample the distribution φ_n(p | h) of seed 003: for every postflop street, number
of remaining players n = 2..9 and starting-hand class h, a histogram of p, the
hand's pot share against n−1 random hands on a random board (600 Monte Carlo
deals per value, the estimator the NPCs decide with). --samples is the number
of boards per class. The build splits into chunks seeded by (seed, class,
chunk), so --shard i/n builds every n-th chunk from the i-th, on any machine,
and --merge adds the shard files into exactly the table one build would give.
The embedded default tables were built with the command in docs/benchmarks.md.`,
		Example: `  pokerlab npc tables build --samples 12000 --threads 2 --out strength.bin
  pokerlab npc tables build --samples 12000 --shard 1/4 --out part1.bin
  pokerlab npc tables build --merge part1.bin,part2.bin,part3.bin,part4.bin --out strength.bin`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			switch {
			case opts.Out == "":
				return flagErrorf("--out is required")
			case len(opts.Merge) > 0 && opts.Shard != "":
				return flagErrorf("give --shard to build a part or --merge to join parts, not both")
			case opts.Samples <= 0:
				return flagErrorf("--samples %d: want a positive number", opts.Samples)
			}
			if runF != nil {
				return runF(opts)
			}
			return npcTablesBuildRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&opts.Samples, "samples", 12000, "boards sampled per starting-hand class")
	fl.IntVar(&opts.Bins, "bins", npc.DefaultBins, "histogram bins on [0, 1]")
	fl.Uint64Var(&opts.Seed, "seed", 1, "seed")
	fl.StringVar(&opts.Shard, "shard", "", "build shard i of n (i/n, 1-based)")
	fl.StringSliceVar(&opts.Merge, "merge", nil, "merge these shard files (comma-separated or repeated)")
	fl.StringVar(&opts.Out, "out", "", "output file")
	fl.IntVar(&opts.Threads, "threads", 1, "goroutines (0: all CPUs)")
	return cmd
}

func npcTablesBuildRun(opts *npcTablesBuildOptions) error {
	var t *npc.Tables
	if len(opts.Merge) > 0 {
		var parts []*npc.Tables
		for _, path := range opts.Merge {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			p, err := npc.ReadTables(f, path)
			f.Close()
			if err != nil {
				return err
			}
			parts = append(parts, p)
		}
		var err error
		if t, err = npc.Merge(parts...); err != nil {
			return err
		}
	} else {
		shard, n := 0, 1
		if opts.Shard != "" {
			if _, err := fmt.Sscanf(opts.Shard, "%d/%d", &shard, &n); err != nil || n < 1 || shard < 1 || shard > n ||
				fmt.Sprintf("%d/%d", shard, n) != strings.TrimSpace(opts.Shard) {
				return flagErrorf("--shard %q: want i/n with 1 ≤ i ≤ n, e.g. 2/4", opts.Shard)
			}
			shard--
		}
		threads := opts.Threads
		if threads == 0 {
			threads = runtimeCPUs()
		}
		var bar *Progress
		start := time.Now()
		var err error
		t, err = npc.Build(npc.BuildOptions{Samples: opts.Samples, Bins: opts.Bins, Seed: opts.Seed, Shard: shard,
			NumShards: n, Threads: threads, Progress: func(done, total int) {
				if bar == nil {
					bar = opts.Progress(int64(total), "sampling", false)
				}
				bar.Set(int64(done))
			}})
		if bar != nil {
			bar.Done()
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.IO.ErrOut, "sampled in %.1f s\n", time.Since(start).Seconds())
	}
	if err := writeFileAtomic(opts.Out, func(w io.Writer) error { _, err := t.WriteTo(w); return err }); err != nil {
		return err
	}
	status := "complete"
	if !t.Complete() {
		status = fmt.Sprintf("%d of %d shards", len(t.Shards), t.NumShards)
	}
	fmt.Fprintf(opts.IO.Out, "%s: %d boards per class, %d bins, seed %d (%s)\n", opts.Out, t.Samples, t.Bins, t.Seed, status)
	return nil
}

type npcCalibrateOptions struct {
	IO       *IOStreams
	Table    string
	Hands    int
	Rounds   int
	Seed     uint64
	Threads  int
	Out      string
	Progress func(total int64, desc string, quiet bool) *Progress
}

func newNPCCalibrateCmd(f *Factory, runF func(*npcCalibrateOptions) error) *cobra.Command {
	opts := &npcCalibrateOptions{IO: f.IO, Progress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "calibrate --table FILE --hands N --out FILE",
		Short: "Calibrate the NPCs of a table by simulation",
		Long: `Calibrate every seat of a table so that its measured stats match its profile:
each round plays --hands hands, sets every postflop situation's map from the
model quantile to the quantile among the hands that really reach it, and moves
the open and cold-call rates by Newton steps on PFR and VPIP. The output is the
table file with a [seats.calibration] section per seat (profile paths made
relative to the output), ready for "pokerlab sim --table OUT".`,
		Example: `  pokerlab npc calibrate --table sixmax.toml --hands 100000 --threads 2 --out sixmax.cal.toml`,
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			switch {
			case opts.Table == "" || opts.Out == "":
				return flagErrorf("--table and --out are required")
			case opts.Hands <= 0:
				return flagErrorf("--hands %d: want a positive number", opts.Hands)
			case opts.Rounds <= 0:
				return flagErrorf("--rounds %d: want a positive number", opts.Rounds)
			}
			if runF != nil {
				return runF(opts)
			}
			return npcCalibrateRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Table, "table", "", "table file")
	fl.IntVar(&opts.Hands, "hands", 0, "hands per round")
	fl.IntVar(&opts.Rounds, "rounds", 6, "rounds")
	fl.Uint64Var(&opts.Seed, "seed", 1, "seed")
	fl.IntVar(&opts.Threads, "threads", 1, "goroutines (0: all CPUs)")
	fl.StringVar(&opts.Out, "out", "", "calibrated table file to write")
	return cmd
}

func npcCalibrateRun(opts *npcCalibrateOptions) error {
	table, err := npc.ReadTableFile(opts.Table)
	if err != nil {
		return err
	}
	bar := opts.Progress(int64(opts.Rounds), "calibrating", false)
	rep, err := npc.Calibrate(table, npc.CalibrateOptions{Hands: opts.Hands, Rounds: opts.Rounds, Seed: opts.Seed,
		Threads: threadsFlag(opts.Threads), Progress: func(r int, _ *npc.SimResult) { bar.Set(int64(r)) }})
	bar.Done()
	if err != nil {
		return err
	}
	if err := writeFileAtomic(opts.Out, func(w io.Writer) error { return table.WriteTOML(w, filepath.Dir(opts.Out)) }); err != nil {
		return err
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "seat\tprofile\topen rate\tcold call\tmaps\tnot reachable\n")
	for i, s := range rep.Seats {
		seat := table.Seats[i]
		fmt.Fprintf(tw, "%s\t%s\t%.1f%%\t%.1f%%\t%d\t%s\n", seat.Name, seat.ProfileRef, 100*s.OpenRate, 100*s.ColdCall, s.Maps,
			strings.Join(s.Infeasible, "; "))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err = fmt.Fprintf(opts.IO.Out, "wrote %s\n", opts.Out)
	return err
}

func newNPCShowCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "show [PROFILE]",
		Short: "Print a built-in profile (or list them) as a profile file",
		Example: `  pokerlab npc show
  pokerlab npc show tag > my.toml`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				for _, n := range npc.ArchetypeNames() {
					p, err := npc.Archetype(n)
					if err != nil {
						return err
					}
					fmt.Fprintf(f.IO.Out, "%-16s %s\n", n, p.Description)
				}
				return nil
			}
			p, err := npc.LoadProfile(args[0], ".")
			if err != nil {
				return err
			}
			return p.WriteTOML(f.IO.Out)
		},
	}
}
