package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/npc"
)

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

	shard, shards int // --shard i/n as 0-based i and n (0, 0 without it)
}

func newNPCTablesBuildCmd(f *Factory, runF func(*npcTablesBuildOptions) error) *cobra.Command {
	opts := &npcTablesBuildOptions{IO: f.IO, Progress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "build [--samples N] [--shard i/n] [--merge FILES] --out FILE",
		Short: "Sample the strength tables (or merge shards of a build)",
		Long: `Sample the distribution φ_n(p | h) of the NPC design: for every postflop street, number
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
			if len(opts.Merge) > 0 && opts.Shard != "" {
				return flagErrorf("give --shard to build a part or --merge to join parts, not both")
			}
			if opts.Shard != "" {
				shard, n := 0, 0
				if _, err := fmt.Sscanf(opts.Shard, "%d/%d", &shard, &n); err != nil || n < 1 || shard < 1 || shard > n ||
					fmt.Sprintf("%d/%d", shard, n) != strings.TrimSpace(opts.Shard) {
					return inputErrorf("--shard %q: want i/n with 1 ≤ i ≤ n, e.g. 2/4", opts.Shard)
				}
				opts.shard, opts.shards = shard-1, n
			}
			if runF != nil {
				return runF(opts)
			}
			return npcTablesBuildRun(opts)
		},
	}
	fl := cmd.Flags()
	intVar(fl, &opts.Samples, "samples", 12000, "boards sampled per starting-hand class", atLeast(1, "a positive number"))
	intVar(fl, &opts.Bins, "bins", npc.DefaultBins, "histogram bins on [0, 1]", between(10, 10000))
	uint64Var(fl, &opts.Seed, "seed", 1, "seed")
	fl.StringVar(&opts.Shard, "shard", "", "build shard i of n (i/n, 1-based)")
	fl.StringSliceVar(&opts.Merge, "merge", nil, "merge these shard files (comma-separated or repeated)")
	outputFileVar(fl, &opts.Out, "out", "", "", "output file")
	threadsVar(fl, &opts.Threads, 1, "")
	markRequired(fl, "out")
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
		shard, n := opts.shard, max(opts.shards, 1)
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
					bar = opts.Progress(int64(total), "sampling", false).Count("chunks of 32 boards")
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
