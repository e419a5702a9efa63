package cli

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
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
	Checkpoint     string
	Resume         string
	JSON           bool
	NoCalibrate    bool
	CalibrateHands int
	Progress       func(total int64, desc string, quiet bool) *Progress
	// Rules, when set (--rules), replaces the table's rule set.
	Rules     *holdem.RuleSet
	rulesText string

	catchInterrupts func(point string) *interruption
	cmd             *cobra.Command
}

func newSimCmd(f *Factory, runF func(*simOptions) error) *cobra.Command {
	opts := &simOptions{IO: f.IO, Progress: f.newProgress, catchInterrupts: f.catchInterrupts}
	cmd := &cobra.Command{
		Use:   "sim --table FILE.toml --hands N [--seed S] [--threads T] [--hh OUT.phhs] [--checkpoint FILE] [--resume FILE] [--json]",
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
then records it in each hand (_rules).

Ctrl-C (SIGINT) or SIGTERM stops the simulation at the end of the current
block of 256 hands: it writes the hands played so far (--hh) and their HUD
check, saves a checkpoint (to --checkpoint, the --resume file, or a new file
beside --hh or in the working directory, named on stderr) and exits 130;
--resume FILE continues it with the same hands and stats as a run never
interrupted. With --checkpoint FILE the simulation also resumes from FILE
when it exists and saves there at the end, so a finished run can be
continued to more hands. A second Ctrl-C quits at once (docs/cli.md,
"Interrupting and resuming").`,
		Example: `  pokerlab sim --table sixmax.toml --hands 200000 --threads 2
  pokerlab sim --table hu.toml --hands 50000 --hh hu.phhs --json
  pokerlab sim --table sixmax.toml --hands 100000 --no-calibrate
  pokerlab sim --table hu.toml --hands 50000 --hh hu.phhs --resume hu.ckpt`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if opts.Rules, err = rulesOverride(cmd, opts.rulesText); err != nil {
				return err
			}
			opts.cmd = cmd
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
	outputFileVar(fl, &opts.Checkpoint, "checkpoint", "", "", "resume from this file when it exists; save the simulation's state there when interrupted and at the end")
	fl.StringVar(&opts.Resume, "resume", "", "continue the simulation saved in this checkpoint (it must exist)")
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
	calHands := simCalibrationHands(opts, table)
	calibrated := make([]bool, len(table.Seats))
	ck, err := opts.loadCheckpoint()
	if err != nil {
		return err
	}
	if ck != nil {
		if err := opts.resumeTable(table, ck, calHands); err != nil {
			return err
		}
		copy(calibrated, ck.Calibrated)
	} else if calHands > 0 {
		for i, s := range table.Seats {
			calibrated[i] = !s.Profile.Calibration.Calibrated()
		}
		if err := calibrateMissing(opts, table, calHands); err != nil {
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
		sopt := npc.SimOptions{Hands: opts.Hands, Seed: opts.Seed, Threads: threadsFlag(opts.Threads), HandSink: rec.Hand}
		if ck != nil {
			rec.Restore(ck.Recorder)
			sopt.Resume = &ck.State
		}
		bar := opts.Progress(int64(opts.Hands), "playing", opts.JSON).Count("hands")
		if ck != nil {
			bar.Set(int64(ck.State.Hands))
		}
		sopt.Progress = func(done int) { bar.Set(int64(done)) }
		in := opts.catchInterrupts("block of hands")
		sopt.Interrupt = in.requested
		res, err = npc.Simulate(table, sopt)
		in.release()
		bar.Done()
		if err != nil {
			return err
		}
		return rec.Err()
	}
	var written *npc.HandFile
	if opts.HH == "" {
		err = play(nil)
	} else {
		err = writeFileAtomic(opts.HH, func(w io.Writer) error {
			hw := &hashingWriter{w: w, h: sha256.New()}
			bw := bufio.NewWriterSize(hw, 1<<20)
			if ck != nil && ck.State.Hands > 0 {
				if err := copyHandPrefix(bw, ck.HandHistories, opts.resumeFrom()); err != nil {
					return err
				}
			}
			if err := play(bw); err != nil {
				return err
			}
			if err := bw.Flush(); err != nil {
				return err
			}
			written = &npc.HandFile{Path: absPath(opts.HH), Size: hw.n}
			hw.h.Sum(written.SHA256[:0])
			return nil
		})
	}
	if err != nil {
		return err
	}
	var checkpoint string
	if res.Interrupted || opts.Checkpoint != "" {
		checkpoint = checkpointFor(opts.Checkpoint, opts.Resume, opts.HH, fmt.Sprintf("sim-%s-seed%d", fileNamePart(opts.Table, ".toml"), opts.Seed), opts.HH)
		c := &npc.SimCheckpoint{Table: npc.TableFingerprint(table), Calibrated: calibrated, CalibrateHands: calHands,
			State: *res.State(), Recorder: rec.State(), HandHistories: written}
		for i, s := range table.Seats {
			var cal npc.Calibration
			if calibrated[i] {
				cal = s.Profile.Calibration
			}
			c.Calibrations = append(c.Calibrations, cal)
		}
		if err := writeFileAtomic(checkpoint, func(w io.Writer) error { return npc.WriteSimCheckpoint(w, c) }); err != nil {
			return err
		}
	}
	out := SimJSON{Hands: res.Hands, Seconds: res.Elapsed.Seconds(), Interrupted: res.Interrupted, Checkpoint: checkpoint}
	if s := res.Elapsed.Seconds(); s > 0 {
		out.HandsPerSecond = float64(res.Hands) / s
	}
	if ck != nil && ck.State.Hands > 0 {
		h := ck.State.Hands
		out.ResumedFrom = &h
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
		err = writeJSON(opts.IO, out)
	} else {
		err = writeSimTable(opts.IO.Out, table, checks, out)
	}
	if err != nil || !res.Interrupted {
		return err
	}
	at := fmt.Sprintf("after %d of %d hands (the HUD check is over these)", res.Hands, opts.Hands)
	return interrupted(at, checkpoint, partialResults(opts.HH), resumeCommand(opts.cmd, checkpoint))
}

// resumeFrom is the checkpoint the simulation resumes from, if any.
func (o *simOptions) resumeFrom() string {
	if o.Resume != "" {
		return o.Resume
	}
	return o.Checkpoint
}

// loadCheckpoint reads the checkpoint to resume (nil: none: no --resume,
// and no --checkpoint file yet).
func (o *simOptions) loadCheckpoint() (*npc.SimCheckpoint, error) {
	path := o.resumeFrom()
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	switch {
	case err == nil:
	case o.Resume != "":
		return nil, fmt.Errorf("--resume: %w", err)
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	default:
		return nil, err
	}
	defer f.Close()
	ck, err := npc.ReadSimCheckpoint(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ck, nil
}

// resumeTable checks that checkpoint ck continues this command line's
// simulation and gives the table's seats the calibrations the saved run
// computed.
func (o *simOptions) resumeTable(table *npc.Table, ck *npc.SimCheckpoint, calHands int) error {
	path := o.resumeFrom()
	switch {
	case ck.State.Seed != o.Seed:
		return fmt.Errorf("checkpoint %s is of --seed %d, not %d", path, ck.State.Seed, o.Seed)
	case len(ck.Calibrated) != len(table.Seats):
		return fmt.Errorf("checkpoint %s was written for a table of %d seats, not %d", path, len(ck.Calibrated), len(table.Seats))
	case ck.CalibrateHands != calHands:
		return fmt.Errorf("checkpoint %s: its run calibrated the seats with %d hands per round, this command line would use %d (give the --calibrate-hands, --hands and --no-calibrate of that run)",
			path, ck.CalibrateHands, calHands)
	case ck.State.Hands > o.Hands:
		return fmt.Errorf("checkpoint %s is at hand %d, beyond --hands %d", path, ck.State.Hands, o.Hands)
	case o.HH != "" && ck.State.Hands > 0 && ck.HandHistories == nil:
		return inputErrorf("--hh %s: the run saved in %s wrote no hand histories of its %d hands; resume it without --hh", o.HH, path, ck.State.Hands)
	}
	for i, c := range ck.Calibrated {
		if c {
			p := *table.Seats[i].Profile
			p.Calibration = ck.Calibrations[i]
			table.Seats[i].Profile = &p
		}
	}
	if npc.TableFingerprint(table) != ck.Table {
		return fmt.Errorf("checkpoint %s was written for another table: the blinds, stack, rules, seats or profiles differ from %s's", path, o.Table)
	}
	return nil
}

// copyHandPrefix writes the hand histories a checkpoint's run wrote (the
// first f.Size bytes of f.Path, checked against their SHA-256) to w.
func copyHandPrefix(w io.Writer, f *npc.HandFile, checkpoint string) error {
	in, err := os.Open(f.Path)
	if err != nil {
		return fmt.Errorf("checkpoint %s continues the hand histories of %s: %w", checkpoint, f.Path, err)
	}
	defer in.Close()
	h := sha256.New()
	n, err := io.CopyN(io.MultiWriter(w, h), in, f.Size)
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	if n != f.Size || !bytes.Equal(h.Sum(nil), f.SHA256[:]) {
		return fmt.Errorf("checkpoint %s continues the hand histories of %s, which changed since (its first %d bytes are not those written)", checkpoint, f.Path, f.Size)
	}
	return nil
}

// hashingWriter hashes and counts what it writes on to w.
type hashingWriter struct {
	w io.Writer
	h hash.Hash
	n int64
}

func (hw *hashingWriter) Write(p []byte) (int, error) {
	n, err := hw.w.Write(p)
	hw.h.Write(p[:n])
	hw.n += int64(n)
	return n, err
}

// absPath is path made absolute (as it is, if that fails).
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
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
	_, err := fmt.Fprintf(w, "%d hands%s in %.1f s (%.0f hands/s)\n", out.Hands, interruptedNote(out.Interrupted), out.Seconds, out.HandsPerSecond)
	if err == nil && out.Checkpoint != "" {
		_, err = fmt.Fprintf(w, "checkpoint %s\n", out.Checkpoint)
	}
	return err
}

// simCalibrationHands returns the hands per round with which the seats
// whose profiles have no calibration are calibrated; 0 when none is (every
// seat calibrated, or --no-calibrate).
func simCalibrationHands(opts *simOptions, table *npc.Table) int {
	if opts.NoCalibrate {
		return 0
	}
	need := false
	for _, s := range table.Seats {
		if !s.Profile.Calibration.Calibrated() {
			need = true
		}
	}
	if !need {
		return 0
	}
	if opts.CalibrateHands > 0 {
		return opts.CalibrateHands
	}
	return max(opts.Hands/4, 20000)
}

// calibrateMissing calibrates the seats whose profiles have no calibration,
// with hands per round.
func calibrateMissing(opts *simOptions, table *npc.Table, hands int) error {
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
