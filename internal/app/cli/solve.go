package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"pokerlab/br"
	"pokerlab/cfr"
	"pokerlab/efg"
)

type solveOptions struct {
	IO           *IOStreams
	newProgress  func(total int64, description string, quiet bool) *Progress
	Game         string
	MaxMemory    int64
	Algo         string
	Iterations   int
	Every        int
	Seed         uint64
	Threads      int
	Out          string
	Checkpoint   string
	Resume       string
	Plot         string
	JSON         bool
	Simultaneous bool
	Alpha        float64
	Beta         float64
	Gamma        float64
	Epsilon      float64

	algorithm       cfr.Algorithm
	discount        *cfr.Discount
	catchInterrupts func(point string) *interruption
	cmd             *cobra.Command
}

func newSolveCmd(f *Factory, runF func(*solveOptions) error) *cobra.Command {
	opts := &solveOptions{IO: f.IO, newProgress: f.newProgress, catchInterrupts: f.catchInterrupts}
	cmd := &cobra.Command{
		Use:   "solve --game G --algo A --iterations N [--every K] [--seed S] [--threads T] [--out strategy.json] [--checkpoint FILE] [--plot convergence.png|.svg] [--json]",
		Short: "Approximate a Nash equilibrium with the CFR family",
		Long: `Run a counterfactual-regret algorithm for N iterations and report the NashConv
of its average strategy (the sum of the players' best-response gains; 0 at a
Nash equilibrium), each player's value, the time per iteration, and the
NashConv history, measured every K iterations (--every) or at about ten
log-spaced points per decade.

Algorithms (--algo):
  cfr        vanilla CFR (Zinkevich et al. 2007; the CFR lecture)
  cfr+       CFR+: regret matching+, linear averaging (Tammelin 2014)
  lcfr       Linear CFR (Brown & Sandholm 2019)
  dcfr       Discounted CFR, --alpha --beta --gamma (default 1.5, 0, 2)
  pcfr+      Predictive CFR+ (Farina, Kroer & Sandholm 2021)
  es-mccfr   external-sampling Monte Carlo CFR (Lanctot et al. 2009), seeded
  os-mccfr   outcome-sampling Monte Carlo CFR, --epsilon exploration (0.6)

Updates alternate between the players unless --simultaneous. With
--checkpoint FILE the solver resumes from FILE when it exists (the run then
continues to N iterations in total, bit for bit as if never interrupted) and
saves its state to FILE at every measurement and at the end. --out writes the
average strategy as a strategy file (docs/cli.md). On a terminal a progress
bar shows the latest NashConv.

Ctrl-C (SIGINT) or SIGTERM stops the run at the end of the current
iteration: it saves a checkpoint (to --checkpoint, the --resume file, or a
new file beside --out or in the working directory, named on stderr), writes
the partial result with its NashConv and exits 130; --resume FILE continues
it, bit for bit. A second Ctrl-C quits at once (docs/cli.md, "Interrupting
and resuming").`,
		Example: `  pokerlab solve --game kuhn --algo cfr --iterations 1000
  pokerlab solve --game leduc --algo dcfr --iterations 10000 --out leduc-dcfr.json --plot leduc-dcfr.svg
  pokerlab solve --game leduc --algo es-mccfr --iterations 1000000 --seed 7 --every 100000 --json
  pokerlab solve --game leduc --algo cfr+ --iterations 20000 --checkpoint leduc.ckpt
  pokerlab solve --game leduc --algo cfr+ --iterations 20000 --resume solve-leduc-cfr+.ckpt`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.check(cmd); err != nil {
				return err
			}
			opts.cmd = cmd
			if runF != nil {
				return runF(opts)
			}
			return solveRun(opts)
		},
	}
	fl := cmd.Flags()
	addGameFlags(fl, &opts.Game, &opts.MaxMemory)
	fl.StringVarP(&opts.Algo, "algo", "a", "cfr+", "algorithm: cfr, cfr+, lcfr, dcfr, pcfr+, es-mccfr, os-mccfr")
	addRunFlags(fl, &opts.Iterations, &opts.Every, &opts.Threads, "iterations to run (in total, when resuming a checkpoint)")
	uint64Var(fl, &opts.Seed, "seed", 1, "seed of the sampling algorithms")
	outputFileVar(fl, &opts.Out, "out", "o", "", "write the average strategy (JSON) to this file")
	outputFileVar(fl, &opts.Checkpoint, "checkpoint", "", "", "resume from and save the solver state to this file")
	fl.StringVar(&opts.Resume, "resume", "", "continue the run saved in this checkpoint (it must exist)")
	figureFileVar(fl, &opts.Plot, "plot", "draw NashConv against iterations (log–log) to this .svg, .png or .pdf file")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	fl.BoolVar(&opts.Simultaneous, "simultaneous", false, "update both players against the same strategies (default: alternate)")
	floatVar(fl, &opts.Alpha, "alpha", cfr.DefaultDCFR.Alpha, "dcfr: positive regrets × t^α/(t^α+1)", nil)
	floatVar(fl, &opts.Beta, "beta", cfr.DefaultDCFR.Beta, "dcfr: negative regrets × t^β/(t^β+1)", nil)
	floatVar(fl, &opts.Gamma, "gamma", cfr.DefaultDCFR.Gamma, "dcfr: average weights × (t/(t+1))^γ; pcfr+: average weight t^γ", notNegative)
	floatVar(fl, &opts.Epsilon, "epsilon", cfr.DefaultEpsilon, "os-mccfr: exploration ε in (0, 1]", func(x float64) error {
		if !(x > 0 && x <= 1) {
			return wantf("want a number in (0, 1]")
		}
		return nil
	})
	markRequired(fl, "iterations")
	cmd.AddCommand(newSolveCompareCmd(f, nil))
	return cmd
}

// check validates the flags and fills the derived options.
func (o *solveOptions) check(cmd *cobra.Command) error {
	a, err := cfr.ParseAlgorithm(o.Algo)
	if err != nil {
		return flagErrorf("--algo: %v", err)
	}
	o.algorithm = a
	if o.Simultaneous && a.Sampled() {
		return flagErrorf("--simultaneous does not apply to %s (one traversal per player per iteration)", a)
	}
	fl := cmd.Flags()
	changed := func(names ...string) []string {
		var out []string
		for _, n := range names {
			if fl.Changed(n) {
				out = append(out, "--"+n)
			}
		}
		return out
	}
	switch a {
	case cfr.DCFR:
		o.discount = &cfr.Discount{Alpha: o.Alpha, Beta: o.Beta, Gamma: o.Gamma}
	case cfr.PCFRPlus:
		if c := changed("alpha", "beta"); len(c) > 0 {
			return flagErrorf("%s: pcfr+ takes only --gamma", strings.Join(c, ", "))
		}
		if fl.Changed("gamma") {
			o.discount = &cfr.Discount{Gamma: o.Gamma}
		}
	default:
		if c := changed("alpha", "beta", "gamma"); len(c) > 0 {
			return flagErrorf("%s: only dcfr (and --gamma for pcfr+) take discount parameters", strings.Join(c, ", "))
		}
	}
	if fl.Changed("epsilon") && a != cfr.OSMCCFR {
		return flagErrorf("--epsilon applies to os-mccfr only")
	}
	if o.Threads == 0 {
		o.Threads = runtime.NumCPU()
	}
	return nil
}

// addRunFlags defines --iterations, --every and --threads, which solve and
// solve compare share.
func addRunFlags(fl *pflag.FlagSet, iterations, every, threads *int, usage string) {
	intVarP(fl, iterations, "iterations", "n", 0, usage, atLeast(1, "a positive number"))
	intVar(fl, every, "every", 0, "measure NashConv every K iterations (0: log-spaced)", atLeast(0, "0 (log-spaced) or a positive count"))
	threadsVar(fl, threads, 1, "goroutines for large trees and for evaluation (0: all CPUs)")
}

func (o *solveOptions) solverOptions() cfr.Options {
	opt := cfr.Options{Algorithm: o.algorithm, Simultaneous: o.Simultaneous, Discount: o.discount,
		Seed: o.Seed, Threads: o.Threads}
	if o.algorithm == cfr.OSMCCFR {
		opt.Epsilon = o.Epsilon
	}
	return opt
}

func solveRun(o *solveOptions) error {
	t, err := loadGame(o.Game, o.MaxMemory)
	if err != nil {
		return err
	}
	s, resumed, err := o.newSolver(t)
	if err != nil {
		return err
	}
	if resumed > o.Iterations {
		return fmt.Errorf("checkpoint %s is at iteration %d, beyond --iterations %d", o.resumeFrom(), resumed, o.Iterations)
	}
	bar := o.newProgress(int64(o.Iterations), "solving", o.JSON).Count("iterations")
	bar.Set(int64(resumed))
	var saveErr error
	in := o.catchInterrupts("iteration")
	trace := cfr.Run(s, cfr.RunOptions{
		Iterations: o.Iterations,
		Every:      o.Every,
		Interrupt:  in.requested,
		Progress: func(it int, last cfr.Point) {
			bar.Set(int64(it))
			if last.Iteration == it {
				bar.Describe(fmt.Sprintf("NashConv %.3e", last.NashConv))
				// An interrupted run saves once, below.
				if o.Checkpoint != "" && saveErr == nil && !in.requested(it) {
					saveErr = s.SaveCheckpoint(o.Checkpoint)
				}
			}
		},
	})
	in.release()
	bar.Done()
	if saveErr != nil {
		return saveErr
	}
	var checkpoint string
	if trace.Interrupted || o.Checkpoint != "" {
		checkpoint = o.interruptCheckpoint()
		if err := s.SaveCheckpoint(checkpoint); err != nil {
			return err
		}
	}
	avg := s.Average(nil)
	res := br.Evaluate(t, avg)
	out := SolveJSON{
		Game: o.Game, Algo: o.algorithm.String(), Iterations: trace.Iterations,
		NashConv: trace.NashConv, Values: res.Values, Seconds: trace.Seconds,
		MicrosPerIteration: trace.MicrosPerIteration, History: pointsJSON(trace.History),
	}
	if resumed > 0 {
		out.ResumedFrom = &resumed
	}
	out.Interrupted, out.Checkpoint = trace.Interrupted, checkpoint
	if o.algorithm.Sampled() {
		seed := o.Seed
		out.Seed = &seed
	}
	if t.ZeroSumTwoPlayer() {
		e := trace.NashConv / 2
		out.Exploitability = &e
	}
	if o.Out != "" {
		if err := writeFileAtomic(o.Out, func(w io.Writer) error { return efg.WriteProfile(w, t, o.Game, avg) }); err != nil {
			return err
		}
	}
	if o.Plot != "" {
		title := fmt.Sprintf("%s on %s", o.algorithm, o.Game)
		if err := writeConvergencePlot(o.Plot, title, []cfr.Trace{trace}); err != nil {
			return err
		}
	}
	if o.JSON {
		err = writeJSON(o.IO, out)
	} else {
		err = writeSolveTable(o.IO.Out, t, &out)
	}
	if err != nil || !trace.Interrupted {
		return err
	}
	at := fmt.Sprintf("at iteration %d of %d (NashConv %.6g)", trace.Iterations, o.Iterations, trace.NashConv)
	return interrupted(at, checkpoint, partialResults(o.Out, o.Plot), resumeCommand(o.cmd, checkpoint))
}

// resumeFrom is the checkpoint the run resumes from, if any.
func (o *solveOptions) resumeFrom() string {
	if o.Resume != "" {
		return o.Resume
	}
	return o.Checkpoint
}

// interruptCheckpoint is where the run saves its state when interrupted
// (and at the end with --checkpoint): see checkpointFor; by default
// "solve-GAME-ALGO.ckpt" (with "-seedS" for the sampling algorithms).
func (o *solveOptions) interruptCheckpoint() string {
	name := "solve-" + fileNamePart(o.Game, ".efg") + "-" + o.algorithm.String()
	if o.algorithm.Sampled() {
		name += fmt.Sprintf("-seed%d", o.Seed)
	}
	return checkpointFor(o.Checkpoint, o.Resume, o.Out, name, o.Out, o.Plot)
}

// newSolver starts a solver, or resumes it from --resume, or from
// --checkpoint when that file exists; it returns the iteration resumed from.
func (o *solveOptions) newSolver(t *efg.Tree) (*cfr.Solver, int, error) {
	if path := o.resumeFrom(); path != "" {
		s, err := cfr.LoadCheckpoint(path, t, o.Threads)
		switch {
		case err == nil:
			if got := s.Options(); got.Algorithm != o.algorithm || got.Simultaneous != o.Simultaneous {
				return nil, 0, fmt.Errorf("checkpoint %s holds a %s run (simultaneous=%v), not --algo %s (simultaneous=%v)",
					path, got.Algorithm, got.Simultaneous, o.algorithm, o.Simultaneous)
			}
			return s, s.Iterations(), nil
		case o.Resume != "":
			return nil, 0, fmt.Errorf("--resume: %w", err)
		case !errors.Is(err, fs.ErrNotExist):
			return nil, 0, err
		}
	}
	s, err := cfr.New(t, o.solverOptions())
	return s, 0, err
}

func pointsJSON(ps []cfr.Point) []SolvePointJSON {
	out := make([]SolvePointJSON, len(ps))
	for i, p := range ps {
		out[i] = SolvePointJSON{Iteration: p.Iteration, NashConv: p.NashConv}
	}
	return out
}

func writeSolveTable(w io.Writer, t *efg.Tree, out *SolveJSON) error {
	tw := newTable(w)
	fmt.Fprintf(tw, "iteration\tNashConv\n")
	for _, p := range out.History {
		fmt.Fprintf(tw, "%d\t%.6e\n", p.Iteration, p.NashConv)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = newTable(w)
	fmt.Fprintf(tw, "game\t%s\n", out.Game)
	fmt.Fprintf(tw, "algorithm\t%s\n", out.Algo)
	fmt.Fprintf(tw, "iterations\t%d%s\n", out.Iterations, interruptedNote(out.Interrupted))
	fmt.Fprintf(tw, "NashConv\t%.9g\n", out.NashConv)
	if out.Exploitability != nil {
		fmt.Fprintf(tw, "exploitability\t%.9g\n", *out.Exploitability)
	}
	for p, name := range t.PlayerNames {
		fmt.Fprintf(tw, "value %s\t%.9g\n", name, out.Values[p])
	}
	fmt.Fprintf(tw, "time\t%.3f s (%.4g µs per iteration)\n", out.Seconds, out.MicrosPerIteration)
	if out.Checkpoint != "" {
		fmt.Fprintf(tw, "checkpoint\t%s\n", out.Checkpoint)
	}
	return tw.Flush()
}
