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
	Plot         string
	JSON         bool
	Simultaneous bool
	Alpha        float64
	Beta         float64
	Gamma        float64
	Epsilon      float64

	algorithm cfr.Algorithm
	discount  *cfr.Discount
}

func newSolveCmd(f *Factory, runF func(*solveOptions) error) *cobra.Command {
	opts := &solveOptions{IO: f.IO, newProgress: f.newProgress}
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
bar shows the latest NashConv.`,
		Example: `  pokerlab solve --game kuhn --algo cfr --iterations 1000
  pokerlab solve --game leduc --algo dcfr --iterations 10000 --out leduc-dcfr.json --plot leduc-dcfr.svg
  pokerlab solve --game leduc --algo es-mccfr --iterations 1000000 --seed 7 --every 100000 --json
  pokerlab solve --game leduc --algo cfr+ --iterations 20000 --checkpoint leduc.ckpt`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.check(cmd); err != nil {
				return err
			}
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
		return fmt.Errorf("checkpoint %s is at iteration %d, beyond --iterations %d", o.Checkpoint, resumed, o.Iterations)
	}
	bar := o.newProgress(int64(o.Iterations), "solving", o.JSON).Count("iterations")
	bar.Set(int64(resumed))
	var saveErr error
	trace := cfr.Run(s, cfr.RunOptions{
		Iterations: o.Iterations,
		Every:      o.Every,
		Progress: func(it int, last cfr.Point) {
			bar.Set(int64(it))
			if last.Iteration == it {
				bar.Describe(fmt.Sprintf("NashConv %.3e", last.NashConv))
				if o.Checkpoint != "" && saveErr == nil {
					saveErr = s.SaveCheckpoint(o.Checkpoint)
				}
			}
		},
	})
	bar.Done()
	if saveErr != nil {
		return saveErr
	}
	if o.Checkpoint != "" {
		if err := s.SaveCheckpoint(o.Checkpoint); err != nil {
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
		return writeJSON(o.IO, out)
	}
	return writeSolveTable(o.IO.Out, t, &out)
}

// newSolver starts a solver, or resumes it from --checkpoint when that file
// exists; it returns the iteration resumed from.
func (o *solveOptions) newSolver(t *efg.Tree) (*cfr.Solver, int, error) {
	if o.Checkpoint != "" {
		s, err := cfr.LoadCheckpoint(o.Checkpoint, t, o.Threads)
		switch {
		case err == nil:
			if got := s.Options(); got.Algorithm != o.algorithm || got.Simultaneous != o.Simultaneous {
				return nil, 0, fmt.Errorf("checkpoint %s holds a %s run (simultaneous=%v), not --algo %s (simultaneous=%v)",
					o.Checkpoint, got.Algorithm, got.Simultaneous, o.algorithm, o.Simultaneous)
			}
			return s, s.Iterations(), nil
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
	fmt.Fprintf(tw, "iterations\t%d\n", out.Iterations)
	fmt.Fprintf(tw, "NashConv\t%.9g\n", out.NashConv)
	if out.Exploitability != nil {
		fmt.Fprintf(tw, "exploitability\t%.9g\n", *out.Exploitability)
	}
	for p, name := range t.PlayerNames {
		fmt.Fprintf(tw, "value %s\t%.9g\n", name, out.Values[p])
	}
	fmt.Fprintf(tw, "time\t%.3f s (%.4g µs per iteration)\n", out.Seconds, out.MicrosPerIteration)
	return tw.Flush()
}
