package cli

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/holdem"
	"pokerlab/npc"
)

type simOptions struct {
	IO             *IOStreams
	Table          string
	Hands          int
	Seed           uint64
	Threads        int
	HH             string
	JSON           bool
	NoCalibrate    bool
	CalibrateHands int
	Progress       func(total int64, desc string, quiet bool) *Progress
	// Rules, when set (--rules), replaces the table's rule set.
	Rules     *holdem.RuleSet
	rulesText string
}

func newSimCmd(f *Factory, runF func(*simOptions) error) *cobra.Command {
	opts := &simOptions{IO: f.IO, Progress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "sim --table FILE.toml --hands N [--seed S] [--threads T] [--hh OUT.phhs] [--json]",
		Short: "Play NPC-only hands and compare the measured HUD stats with the profiles",
		Long: `Play N hands of No-Limit Hold'em between the NPCs of a table file, the button
moving every hand and every stack reset to the table's stack, and compare each
seat's HUD statistics, measured by the hud package over the hands played
(the same hands --hh writes), with its profile: target, measured value,
opportunities, the 95% Wilson interval and whether the measurement is within
tolerance (1 point for VPIP, PFR, 3Bet and flop CB, 2 points for the others,
plus two standard errors).

A table file (TOML):

  small_blind = 1
  big_blind = 2
  stack = 200        # chips, every hand
  ante = 0           # optional
  rules = "tda"      # optional: tda or pokerkit (docs/rules.md)
  [[seats]]          # 2 to 9 seats
  name = "Alice"
  profile = "tag"    # nit, tag, lag, calling-station, maniac, regular,
                     # or a profile file relative to the table file

Seats without a calibration (see "pokerlab npc calibrate") are calibrated
first by simulation (--calibrate-hands per round, 6 rounds); --no-calibrate
plays the NPC design's uncalibrated thresholds. The same --seed gives the same hands
and numbers for any --threads. --rules overrides the table's rule set; --hh
then records it in each hand (_rules).`,
		Example: `  pokerlab sim --table sixmax.toml --hands 200000 --threads 2
  pokerlab sim --table hu.toml --hands 50000 --hh hu.phhs --json
  pokerlab sim --table sixmax.toml --hands 100000 --no-calibrate`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if opts.Rules, err = rulesOverride(cmd, opts.rulesText); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return simRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Table, "table", "", "table file (TOML)")
	intVar(fl, &opts.Hands, "hands", 0, "hands to play", atLeast(1, "a positive number"))
	uint64Var(fl, &opts.Seed, "seed", 1, "seed of the cards and the decisions")
	threadsVar(fl, &opts.Threads, 1, "")
	outputFileVar(fl, &opts.HH, "hh", "", "", "write the hands as PHH (.phhs) to this file")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	fl.BoolVar(&opts.NoCalibrate, "no-calibrate", false, "play uncalibrated seats with the uncalibrated thresholds of the decision model")
	intVar(fl, &opts.CalibrateHands, "calibrate-hands", 0, "hands per calibration round (0: max(hands/4, 20000))", atLeast(0, "0 or more"))
	markRequired(fl, "table", "hands")
	addRulesFlag(cmd, &opts.rulesText, "rule set: tda or pokerkit (docs/rules.md); given, it overrides the table's rules setting (tda when the table has none)")
	return cmd
}

func threadsFlag(t int) int {
	if t == 0 {
		return -1
	}
	return t
}

func simRun(opts *simOptions) error {
	table, err := npc.ReadTableFile(opts.Table)
	if err != nil {
		return err
	}
	if opts.Rules != nil {
		table.Rules = *opts.Rules
	}
	if !opts.NoCalibrate {
		if err := calibrateMissing(opts, table); err != nil {
			return err
		}
	}
	var rec *npc.Recorder
	var res *npc.SimResult
	play := func(phh io.Writer) error { // phh nil: no hand histories
		var err error
		if rec, err = npc.NewRecorder(table, phh); err != nil {
			return err
		}
		rec.Seed = opts.Seed // in the hands' numbers
		bar := opts.Progress(int64(opts.Hands), "playing", opts.JSON).Count("hands")
		res, err = npc.Simulate(table, npc.SimOptions{Hands: opts.Hands, Seed: opts.Seed, Threads: threadsFlag(opts.Threads),
			HandSink: rec.Hand, Progress: func(done int) { bar.Set(int64(done)) }})
		bar.Done()
		if err != nil {
			return err
		}
		return rec.Err()
	}
	if opts.HH == "" {
		err = play(nil)
	} else {
		err = writeFileAtomic(opts.HH, func(w io.Writer) error {
			bw := bufio.NewWriterSize(w, 1<<20)
			if err := play(bw); err != nil {
				return err
			}
			return bw.Flush()
		})
	}
	if err != nil {
		return err
	}
	out := SimJSON{Hands: res.Hands, Seconds: res.Elapsed.Seconds()}
	if s := res.Elapsed.Seconds(); s > 0 {
		out.HandsPerSecond = float64(res.Hands) / s
	}
	checks := rec.Check(res)
	for i, seat := range table.Seats {
		sj := SimSeatJSON{Name: seat.Name, Profile: seat.ProfileRef, Stats: map[string]SimStatJSON{}}
		for _, c := range checks[i] {
			sj.Stats[c.Stat.Key()] = simStat(c)
		}
		out.Seats = append(out.Seats, sj)
	}
	if opts.JSON {
		return writeJSON(opts.IO, out)
	}
	return writeSimTable(opts.IO.Out, table, checks, out)
}

func simStat(c npc.StatCheck) SimStatJSON {
	s := SimStatJSON{Target: 100 * c.Target, Opportunities: c.Opportunities, Status: simStatus(c)}
	if c.Opportunities > 0 && !math.IsNaN(c.Measured) {
		m, ok := 100*c.Measured, c.OK
		s.Measured, s.OK = &m, &ok
		s.CI95 = []float64{100 * c.CI95[0], 100 * c.CI95[1]}
	}
	return s
}

// simStatus words a check: "ok", "off" (outside the tolerance), "ok (few)"
// (within it, on fewer than npc.MinCheckedOpportunities opportunities, where
// the acceptance rule does not apply) or "not measured" (no opportunity).
func simStatus(c npc.StatCheck) string {
	switch {
	case c.Opportunities == 0 || math.IsNaN(c.Measured):
		return "not measured"
	case !c.OK:
		return "off"
	case c.Opportunities < npc.MinCheckedOpportunities:
		return "ok (few)"
	}
	return "ok"
}

func writeSimTable(w io.Writer, table *npc.Table, checks [][]npc.StatCheck, out SimJSON) error {
	for i, seat := range table.Seats {
		fmt.Fprintf(w, "%s (%s)\n", seat.Name, seat.ProfileRef)
		tw := newTable(w)
		fmt.Fprintf(tw, "  stat\ttarget\tmeasured\topportunities\tci95\tok\n")
		var unmeasured []string
		for _, c := range checks[i] {
			st := simStatus(c)
			if st == "not measured" {
				unmeasured = append(unmeasured, c.Stat.Key())
				continue
			}
			if st == "off" {
				st = "OFF"
			}
			fmt.Fprintf(tw, "  %s\t%.1f\t%.1f\t%d\t%.1f–%.1f\t%s\n", c.Stat.Key(), 100*c.Target, 100*c.Measured,
				c.Opportunities, 100*c.CI95[0], 100*c.CI95[1], st)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		if len(unmeasured) > 0 {
			fmt.Fprintf(w, "  not measured (no opportunity): %s\n", strings.Join(unmeasured, ", "))
		}
		fmt.Fprintln(w)
	}
	_, err := fmt.Fprintf(w, "%d hands in %.1f s (%.0f hands/s)\n", out.Hands, out.Seconds, out.HandsPerSecond)
	return err
}

// calibrateMissing calibrates the seats whose profiles have no calibration.
func calibrateMissing(opts *simOptions, table *npc.Table) error {
	need := false
	for _, s := range table.Seats {
		if !s.Profile.Calibration.Calibrated() {
			need = true
		}
	}
	if !need {
		return nil
	}
	hands := opts.CalibrateHands
	if hands == 0 {
		hands = max(opts.Hands/4, 20000)
	}
	const rounds = 6
	bar := opts.Progress(rounds, "calibrating", opts.JSON).Count("rounds")
	cal := *table
	cal.Seats = append([]npc.Seat(nil), table.Seats...)
	_, err := npc.Calibrate(&cal, npc.CalibrateOptions{Hands: hands, Rounds: rounds, Seed: opts.Seed ^ 0xC0FFEE,
		Threads: threadsFlag(opts.Threads), Progress: func(r int, _ *npc.SimResult) { bar.Set(int64(r)) }})
	bar.Done()
	if err != nil {
		return err
	}
	for i := range table.Seats {
		if !table.Seats[i].Profile.Calibration.Calibrated() {
			table.Seats[i].Profile = cal.Seats[i].Profile
		}
	}
	return nil
}
