package cli

import (
	"fmt"
	"io"
	"math"
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

	cmd.AddCommand(newNPCShowCmd(f, nil))
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
	fl.Uint64Var(&opts.Seed, "seed", 1, "seed")
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
	JSON     bool
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
			if runF != nil {
				return runF(opts)
			}
			return npcCalibrateRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Table, "table", "", "table file")
	intVar(fl, &opts.Hands, "hands", 0, "hands per round", atLeast(1, "a positive number"))
	intVar(fl, &opts.Rounds, "rounds", 6, "rounds", atLeast(1, "a positive number"))
	fl.Uint64Var(&opts.Seed, "seed", 1, "seed")
	threadsVar(fl, &opts.Threads, 1, "")
	outputFileVar(fl, &opts.Out, "out", "", "", "calibrated table file to write")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	markRequired(fl, "table", "hands", "out")
	return cmd
}

func npcCalibrateRun(opts *npcCalibrateOptions) error {
	table, err := npc.ReadTableFile(opts.Table)
	if err != nil {
		return err
	}
	bar := opts.Progress(int64(opts.Rounds), "calibrating", opts.JSON)
	rep, err := npc.Calibrate(table, npc.CalibrateOptions{Hands: opts.Hands, Rounds: opts.Rounds, Seed: opts.Seed,
		Threads: threadsFlag(opts.Threads), Progress: func(r int, _ *npc.SimResult) { bar.Set(int64(r)) }})
	bar.Done()
	if err != nil {
		return err
	}
	if err := writeFileAtomic(opts.Out, func(w io.Writer) error { return table.WriteTOML(w, filepath.Dir(opts.Out)) }); err != nil {
		return err
	}
	if opts.JSON {
		out := NPCCalibrateJSON{Table: opts.Table, Out: opts.Out, Hands: opts.Hands, Rounds: rep.Rounds, Seed: opts.Seed}
		for i, s := range rep.Seats {
			seat := table.Seats[i]
			inf := s.Infeasible
			if inf == nil {
				inf = []string{}
			}
			out.Seats = append(out.Seats, NPCCalibrateSeatJSON{Name: seat.Name, Profile: seat.ProfileRef,
				OpenRate: 100 * s.OpenRate, ColdCall: 100 * s.ColdCall, Maps: s.Maps, NotReachable: inf})
		}
		return writeJSON(opts.IO, out)
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

type npcShowOptions struct {
	IO      *IOStreams
	Profile string
	JSON    bool
}

func newNPCShowCmd(f *Factory, runF func(*npcShowOptions) error) *cobra.Command {
	opts := &npcShowOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "show [PROFILE] [--json]",
		Short: "Print a built-in profile (or list them) as a profile file",
		Long: `Without an argument, list the built-in profiles (archetypes) with a line on
each. With one, print that profile — a built-in name or a profile file — as a
complete profile file (TOML): every stat, every position variant it sets, the
bet sizes. --json writes the same as JSON (schema in docs/cli.md).`,
		Example: `  pokerlab npc show
  pokerlab npc show tag > my.toml
  pokerlab npc show my.toml --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Profile = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return npcShowRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func npcShowRun(opts *npcShowOptions) error {
	if opts.Profile == "" {
		var list []NPCArchetypeJSON
		for _, n := range npc.ArchetypeNames() {
			p, err := npc.Archetype(n)
			if err != nil {
				return err
			}
			list = append(list, NPCArchetypeJSON{Name: n, Description: p.Description})
		}
		if opts.JSON {
			return writeJSON(opts.IO, list)
		}
		tw := newTable(opts.IO.Out)
		for _, a := range list {
			fmt.Fprintf(tw, "%s\t%s\n", a.Name, a.Description)
		}
		return tw.Flush()
	}
	p, err := npc.LoadProfile(opts.Profile, ".")
	if err != nil {
		if npc.IsProfileFile(opts.Profile) {
			return err // a file that cannot be read or is malformed
		}
		return asInputError(err) // an unknown built-in name
	}
	if opts.JSON {
		return writeJSON(opts.IO, npcProfileJSON(p))
	}
	return p.WriteTOML(opts.IO.Out)
}

// npcProfileJSON converts a profile to its JSON form (percentages as in
// profile files).
func npcProfileJSON(p *npc.Profile) NPCProfileJSON {
	out := NPCProfileJSON{Name: p.Name, Description: p.Description, Stats: map[string]float64{},
		Positions: map[string]map[string]float64{}, Sizes: p.SizeValues(), Bluff: 100 * p.Bluff,
		Calibrated: p.Calibration.Calibrated()}
	for s := range npc.Stat(npc.NumStats) {
		out.Stats[s.Key()] = pctRound(p.Stats[s])
	}
	for v := npc.HeadsUpIP; v < npc.NumVariants; v++ {
		for s := range npc.Stat(npc.NumStats) {
			if !p.PosGiven[v][s] {
				continue
			}
			if out.Positions[v.String()] == nil {
				out.Positions[v.String()] = map[string]float64{}
			}
			out.Positions[v.String()][s.Key()] = pctRound(p.Pos[v][s])
		}
	}
	return out
}

// pctRound is a fraction as a percentage with at most 4 decimals (as the
// profile files write them, without binary noise such as 21.000000000000004).
func pctRound(x float64) float64 { return math.Round(x*1e6) / 1e4 }
