package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/npc"
)

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
	uint64Var(fl, &opts.Seed, "seed", 1, "seed")
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
	bar := opts.Progress(int64(opts.Rounds), "calibrating", opts.JSON).Count("rounds")
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
