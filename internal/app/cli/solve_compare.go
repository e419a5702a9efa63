package cli

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"pokerlab/cfr"
)

type solveCompareOptions struct {
	IO          *IOStreams
	newProgress func(total int64, description string, quiet bool) *Progress
	Game        string
	MaxMemory   int64
	Iterations  int
	Every       int
	Algos       []string
	Seed        uint64
	Threads     int
	Plot        string
	JSON        bool

	algorithms []cfr.Algorithm
}

func newSolveCompareCmd(f *Factory, runF func(*solveCompareOptions) error) *cobra.Command {
	opts := &solveCompareOptions{IO: f.IO, newProgress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "compare --game G --iterations N [--plot FILE] [--every K] [--algos LIST] [--seed S] [--threads T] [--json]",
		Short: "Run every CFR algorithm and compare their convergence",
		Long: `Run each algorithm (all seven, or --algos) from scratch for N iterations with
its default parameters and report the final NashConv of the average strategy
and the time per iteration; --plot draws NashConv against iterations on
log–log axes, one line per algorithm. An iteration is one full pass per
player for the deterministic algorithms and one sampled traversal per player
for MCCFR, so compare sampled and full algorithms by time as well.`,
		Example: `  pokerlab solve compare --game kuhn --iterations 10000 --plot kuhn.svg
  pokerlab solve compare --game leduc --iterations 1000 --algos cfr,cfr+,dcfr --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			opts.algorithms = nil
			for _, name := range opts.Algos {
				a, err := cfr.ParseAlgorithm(name)
				if err != nil {
					return flagErrorf("--algos: %v", err)
				}
				opts.algorithms = append(opts.algorithms, a)
			}
			if opts.Threads == 0 {
				opts.Threads = runtime.NumCPU()
			}
			if runF != nil {
				return runF(opts)
			}
			return solveCompareRun(opts)
		},
	}
	fl := cmd.Flags()
	addGameFlags(fl, &opts.Game, &opts.MaxMemory)
	addRunFlags(fl, &opts.Iterations, &opts.Every, &opts.Threads, "iterations per algorithm")
	fl.StringSliceVar(&opts.Algos, "algos", nil, "comma-separated algorithms to run (default: all)")
	uint64Var(fl, &opts.Seed, "seed", 1, "seed of the sampling algorithms")
	figureFileVar(fl, &opts.Plot, "plot", "draw NashConv against iterations (log–log) to this .svg, .png or .pdf file")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	markRequired(fl, "iterations")
	return cmd
}

func solveCompareRun(o *solveCompareOptions) error {
	t, err := loadGame(o.Game, o.MaxMemory)
	if err != nil {
		return err
	}
	algs := o.algorithms
	if len(algs) == 0 {
		algs = cfr.Algorithms()
	}
	bar := o.newProgress(int64(o.Iterations*len(algs)), "comparing", o.JSON).Count("iterations")
	index := map[cfr.Algorithm]int{}
	for i, a := range algs {
		index[a] = i
	}
	traces, err := cfr.Compare(t, cfr.CompareOptions{
		Iterations: o.Iterations, Every: o.Every, Algorithms: algs,
		Base: cfr.Options{Seed: o.Seed, Threads: o.Threads},
		Progress: func(a cfr.Algorithm, it int, last cfr.Point) {
			bar.Set(int64(index[a]*o.Iterations + it))
			if last.Iteration == it {
				bar.Describe(fmt.Sprintf("%s NashConv %.3e", a, last.NashConv))
			}
		},
	})
	bar.Done()
	if err != nil {
		return err
	}
	if o.Plot != "" {
		if err := writeConvergencePlot(o.Plot, fmt.Sprintf("CFR family on %s", o.Game), traces); err != nil {
			return err
		}
	}
	out := SolveCompareJSON{Game: o.Game, Iterations: o.Iterations}
	for _, tr := range traces {
		run := SolveRunJSON{Algo: tr.Algorithm.String(), NashConv: tr.NashConv, Seconds: tr.Seconds,
			MicrosPerIteration: tr.MicrosPerIteration, History: pointsJSON(tr.History)}
		if t.ZeroSumTwoPlayer() {
			e := tr.NashConv / 2
			run.Exploitability = &e
		}
		out.Runs = append(out.Runs, run)
	}
	if o.JSON {
		return writeJSON(o.IO, out)
	}
	tw := newTable(o.IO.Out)
	fmt.Fprintf(tw, "algorithm\tNashConv\tµs/iteration\tseconds\n")
	for _, r := range out.Runs {
		fmt.Fprintf(tw, "%s\t%.6e\t%.4g\t%.3f\n", r.Algo, r.NashConv, r.MicrosPerIteration, r.Seconds)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(o.IO.Out, "%s, %d iterations each\n", o.Game, o.Iterations)
	return nil
}
