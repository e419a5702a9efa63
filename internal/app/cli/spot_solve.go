package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/internal/kernel/vec"
	"pokerlab/spot"
)

type spotSolveOptions struct {
	IO          *IOStreams
	newProgress func(total int64, description string, quiet bool) *Progress
	Spot        string
	Target      float64
	Iterations  int
	Every       int
	Threads     int
	Compress    bool
	MaxMemory   string
	Out         string
	Checkpoint  string
	Resume      string
	Alpha       float64
	Beta        float64
	Gamma       float64
	NoIso       bool
	JSON        bool

	maxBytes        int64
	discount        *spot.Discount
	catchInterrupts func(point string) *interruption
	cmd             *cobra.Command
}

func newSpotSolveCmd(f *Factory, runF func(*spotSolveOptions) error) *cobra.Command {
	opts := &spotSolveOptions{IO: f.IO, newProgress: f.newProgress, catchInterrupts: f.catchInterrupts}
	cmd := &cobra.Command{
		Use:   "solve SPOT [--target PCT] [--iterations N] [--every K] [--threads T] [--max-memory SIZE] [--out result.pls] [--checkpoint FILE] [--json]",
		Short: "Solve a spot to a target exploitability with Discounted CFR",
		Long: `Solve a spot (TOML, docs/spot.md) with Discounted CFR (Brown & Sandholm 2019;
--alpha --beta --gamma, default 1.5, 0, 2) and alternating updates, vectorised
over hands. The exploitability of the average strategy — (BR value of OOP + BR
value of IP − pot) / 2, i.e. NashConv / 2 — is checked every K iterations
(--every, default 10, as postflop-solver does); the solve stops when it is at
most --target percent of the starting pot or after --iterations. The final
numbers (values, best responses, exploitability, equities) are computed again
exactly (float64) from the average strategy.

--threads T splits chance nodes (turn and river cards) over T goroutines; the
results are bit-identical for any T. The memory needed is estimated before
anything is allocated; --max-memory refuses a spot above it. --out writes a
.pls result (versioned, with a checksum) for 'spot show'. With --checkpoint
FILE the solve resumes from FILE when it exists and saves its state there at
the end and at checks at least a minute apart; a resumed solve continues bit
for bit.

Ctrl-C (SIGINT) or SIGTERM stops the solve at the end of the current
iteration: it saves a checkpoint (to --checkpoint, the --resume file, or a
new file beside --out or in the working directory, named on stderr), writes
the partial result with its exploitability and exits 130; --resume FILE
continues it, bit for bit. A second Ctrl-C quits at once (docs/cli.md,
"Interrupting and resuming").`,
		Example: `  pokerlab spot solve spot/testdata/turn-Td9d6hQc-pot200-stack900.toml --target 0.5 --out turn.pls
  pokerlab spot solve flop.toml --threads 2 --max-memory 2GiB --checkpoint flop.ckpt --out flop.pls
  pokerlab spot solve river.toml --iterations 200 --json
  pokerlab spot solve flop.toml --out flop.pls --resume flop.ckpt`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Spot = args[0]
			if err := opts.check(cmd); err != nil {
				return err
			}
			opts.cmd = cmd
			if runF != nil {
				return runF(opts)
			}
			return spotSolveRun(opts)
		},
	}
	fl := cmd.Flags()
	floatVar(fl, &opts.Target, "target", 0.5, "stop at this exploitability, % of the starting pot", func(x float64) error {
		if !(x >= 0) {
			return wantf("want a percentage ≥ 0")
		}
		return nil
	})
	intVarP(fl, &opts.Iterations, "iterations", "n", 1000, "stop after this many iterations (in total, when resuming)", atLeast(1, "a positive count"))
	intVar(fl, &opts.Every, "every", 10, "check the exploitability every K iterations", atLeast(1, "a positive count"))
	threadsVar(fl, &opts.Threads, 1, "goroutines over chance branches (0: all CPUs)")
	fl.StringVar(&opts.MaxMemory, "max-memory", "", "refuse a spot needing more than this (e.g. 4GiB; default: no limit)")
	outputFileVar(fl, &opts.Out, "out", "o", "", "write the result to this .pls file")
	outputFileVar(fl, &opts.Checkpoint, "checkpoint", "", "", "resume from and save the solver state to this file")
	fl.StringVar(&opts.Resume, "resume", "", "continue the solve saved in this checkpoint (it must exist)")
	floatVar(fl, &opts.Alpha, "alpha", spot.DefaultDiscount.Alpha, "DCFR: positive regrets × t^α/(t^α+1)", nil)
	floatVar(fl, &opts.Beta, "beta", spot.DefaultDiscount.Beta, "DCFR: negative regrets × t^β/(t^β+1)", nil)
	floatVar(fl, &opts.Gamma, "gamma", spot.DefaultDiscount.Gamma, "DCFR: strategy sums × (t/(t+1))^γ", notNegative)
	fl.BoolVar(&opts.Compress, "compress", false, "keep regrets and strategy sums in 16 bits, scaled per node (about half the memory)")
	fl.BoolVar(&opts.NoIso, "no-isomorphism", false, "deal every card instead of one per class of isomorphic cards")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func (o *spotSolveOptions) check(cmd *cobra.Command) error {
	if o.MaxMemory != "" {
		b, err := parseBytes(o.MaxMemory)
		if err != nil {
			return flagErrorf("--max-memory %v", err)
		}
		o.maxBytes = b
	}
	if o.Threads == 0 {
		o.Threads = runtime.NumCPU()
	}
	o.discount = &spot.Discount{Alpha: o.Alpha, Beta: o.Beta, Gamma: o.Gamma}
	return checkSpotExt("--out", o.Out, ".pls")
}

func spotSolveRun(o *spotSolveOptions) error {
	sp, err := loadSpotFile(o.Spot)
	if err != nil {
		return err
	}
	g, err := spot.NewGame(sp, spot.Options{NoIsomorphism: o.NoIso, MaxMemory: o.maxBytes, Threads: o.Threads, Compress: o.Compress})
	if err != nil {
		return err
	}
	sopt := spot.SolveOptions{Discount: o.discount, Threads: o.Threads, Compress: o.Compress}
	var s *spot.Solver
	var resumed *int
	if path := o.resumeFrom(); path != "" {
		f, err := os.Open(path)
		switch {
		case err == nil:
			s, err = spot.LoadCheckpoint(f, path, g, sopt, o.maxBytes)
			f.Close()
			if err != nil {
				return err
			}
			it := s.Iterations()
			resumed = &it
		case o.Resume != "":
			return fmt.Errorf("--resume: %w", err)
		case !errors.Is(err, fs.ErrNotExist):
			return err
		}
	}
	if s == nil {
		if s, err = spot.NewSolver(g, sopt, o.maxBytes); err != nil {
			return err
		}
	}
	// Building the tree leaves garbage; give it back before the long solve
	// so the resident set is what the solve holds.
	debug.FreeOSMemory()
	bar := o.newProgress(int64(o.Iterations), "solving", o.JSON).Count("iterations")
	bar.Set(int64(s.Iterations()))
	var history []SpotPointJSON
	lastSave := time.Now()
	var saveErr error
	save := func(path string) error {
		return writeFileAtomic(path, func(w io.Writer) error { return s.WriteCheckpoint(w) })
	}
	in := o.catchInterrupts("iteration")
	stop := spot.Stop{TargetPercent: o.Target, Iterations: o.Iterations, Every: o.Every, Interrupt: in.requested}
	last := s.Solve(stop, func(p spot.Progress) {
		history = append(history, SpotPointJSON{Iteration: p.Iteration, Exploitability: p.Exploitability, Percent: p.Percent, Seconds: p.Elapsed.Seconds()})
		bar.Update(int64(p.Iteration), fmt.Sprintf("exploitability %.3f%% of the pot (target %g%%)", p.Percent, o.Target))
		// An interrupted solve saves once, below.
		if o.Checkpoint != "" && saveErr == nil && !in.requested(p.Iteration) && time.Since(lastSave) > time.Minute {
			saveErr = save(o.Checkpoint)
			lastSave = time.Now()
		}
	})
	in.release()
	bar.Done()
	if saveErr != nil {
		return saveErr
	}
	// The checkpoint first: Finalize turns the sums into the strategy.
	var checkpoint string
	if last.Interrupted || o.Checkpoint != "" {
		checkpoint = o.interruptCheckpoint()
		if err := save(checkpoint); err != nil {
			return err
		}
	}
	seconds := s.Elapsed().Seconds()
	compressed := s.Compressed()
	σ := s.Finalize()
	e := g.Evaluate(σ)
	freq, equity := g.RootSummary(σ)
	out := SpotSolveJSON{Board: boardText(sp.Board), Pot: sp.Pot, Stack: sp.Stack, Iterations: last.Iteration,
		Exploitability: e.Exploitability, ExploitabilityPct: e.Percent, Values: e.Values, BestResponse: e.BestResponse,
		Equity: equity, Seconds: seconds, Threads: o.Threads, Vector: vec.Vector, Storage: storageName(compressed),
		MemoryEstimate: g.MemoryEstimateWith(o.Threads, compressed), PeakRSS: peakRSS(), History: history, Out: o.Out, ResumedFrom: resumed,
		Interrupted: last.Interrupted, Checkpoint: checkpoint}
	if p := g.Player(0); p >= 0 {
		out.Root = &SpotRootJSON{Player: spot.PlayerName(p), Actions: spotActionsJSON(g.Actions(0)), Frequency: freq}
	}
	if o.Out != "" {
		h := spot.FileHeader{Method: "dcfr", Params: map[string]float64{"alpha": o.Alpha, "beta": o.Beta, "gamma": o.Gamma},
			Iterations: last.Iteration, Seconds: seconds, Evaluation: &e}
		if err := writeFileAtomic(o.Out, func(w io.Writer) error { return spot.WriteResult(w, g, σ, h) }); err != nil {
			return err
		}
	}
	if o.JSON {
		err = writeJSON(o.IO, out)
	} else {
		err = writeSpotSolveTable(o.IO.Out, &out)
	}
	if err != nil || !last.Interrupted {
		return err
	}
	at := fmt.Sprintf("at iteration %d of %d (exploitability %.4g%% of the pot; exactly %.4g%%)", last.Iteration, o.Iterations, last.Percent, e.Percent)
	return interrupted(at, checkpoint, partialResults(o.Out), resumeCommand(o.cmd, checkpoint))
}

// resumeFrom is the checkpoint the solve resumes from, if any.
func (o *spotSolveOptions) resumeFrom() string {
	if o.Resume != "" {
		return o.Resume
	}
	return o.Checkpoint
}

// interruptCheckpoint is where the solve saves its state when interrupted
// (and at the end with --checkpoint): see checkpointFor; by default
// "spot-solve-SPOT.ckpt", SPOT the spot file's name.
func (o *spotSolveOptions) interruptCheckpoint() string {
	return checkpointFor(o.Checkpoint, o.Resume, o.Out, "spot-solve-"+fileNamePart(o.Spot, ".toml"), o.Out)
}

func writeSpotSolveTable(w io.Writer, out *SpotSolveJSON) error {
	tw := newTable(w)
	fmt.Fprintf(tw, "iteration\texploitability\t%% of pot\tseconds\n")
	for _, p := range out.History {
		fmt.Fprintf(tw, "%d\t%.4f\t%.4f\t%.3f\n", p.Iteration, p.Exploitability, p.Percent, p.Seconds)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = newTable(w)
	fmt.Fprintf(tw, "spot\t%s, pot %d, stack %d\n", out.Board, out.Pot, out.Stack)
	fmt.Fprintf(tw, "iterations\t%d%s\n", out.Iterations, interruptedNote(out.Interrupted))
	fmt.Fprintf(tw, "exploitability\t%.6f chips (%.4f%% of the pot)\n", out.Exploitability, out.ExploitabilityPct)
	for p, name := range []string{"OOP", "IP"} {
		fmt.Fprintf(tw, "%s\tEV %.4f, equity %.2f%%, best response %.4f\n", name, out.Values[p], 100*out.Equity[p], out.BestResponse[p])
	}
	if out.Root != nil {
		var parts []string
		for a, act := range out.Root.Actions {
			parts = append(parts, fmt.Sprintf("%s %.1f%%", act.Label, 100*out.Root.Frequency[a]))
		}
		fmt.Fprintf(tw, "root (%s)\t%s\n", out.Root.Player, joinComma(parts))
	}
	fmt.Fprintf(tw, "time\t%.3f s on %d thread(s), %s kernels\n", out.Seconds, out.Threads, out.Vector)
	fmt.Fprintf(tw, "memory\t%s estimated (%s storage), %s peak resident\n", spot.FormatBytes(out.MemoryEstimate), out.Storage, spot.FormatBytes(out.PeakRSS))
	if out.Out != "" {
		fmt.Fprintf(tw, "result\t%s\n", out.Out)
	}
	if out.Checkpoint != "" {
		fmt.Fprintf(tw, "checkpoint\t%s\n", out.Checkpoint)
	}
	return tw.Flush()
}

func joinComma(parts []string) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += ", "
		}
		s += p
	}
	return s
}

// storageName names the solver's storage in the output.
func storageName(compressed bool) string {
	if compressed {
		return "16-bit"
	}
	return "32-bit"
}
