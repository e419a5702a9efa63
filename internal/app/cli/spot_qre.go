package cli

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"pokerlab/spot"
	"pokerlab/spot/spotqre"
)

type spotQREOptions struct {
	IO          *IOStreams
	newProgress func(total int64, description string, quiet bool) *Progress
	Spot        string
	Lambdas     lambdaSpec
	TargetPct   float64
	Tolerance   float64
	MaxMemory   string
	Out         string
	NoIso       bool
	JSON        bool
	Threads     int
	Method      string

	maxBytes int64
	method   spotqre.Method
}

// lambdaSpec is the value of --lambda: values of λ and/or "auto".
type lambdaSpec struct {
	Values []float64
	Auto   bool
	set    bool
}

func (l *lambdaSpec) String() string {
	var parts []string
	for _, x := range l.Values {
		parts = append(parts, strconv.FormatFloat(x, 'g', -1, 64))
	}
	if l.Auto {
		parts = append(parts, "auto")
	}
	return strings.Join(parts, ",")
}

func (l *lambdaSpec) Type() string { return "lambdas" }

// Set reads comma-separated values of λ in units of the starting pot
// (0 ≤ λ ≤ spotqre.MaxLambda) and the word auto.
func (l *lambdaSpec) Set(s string) error {
	if !l.set {
		*l = lambdaSpec{set: true}
	}
	parts := strings.Split(s, ",")
	for _, part := range parts {
		t := strings.TrimSpace(part)
		if strings.EqualFold(t, "auto") {
			l.Auto = true
			continue
		}
		x, err := parseFloat(t)
		if err == nil {
			err = spotqre.CheckLambda(x)
			if e, ok := err.(*spotqre.ErrLambda); ok {
				err = wantf("%s", e.Msg)
			}
		}
		if err != nil {
			if len(parts) > 1 {
				return wantf("%q: %v", t, err)
			}
			return err
		}
		l.Values = append(l.Values, x)
	}
	return nil
}

func lambdaSpecVar(fl *pflag.FlagSet, p *lambdaSpec, name, usage string) {
	fl.Var(p, name, usage)
}

func newSpotQRECmd(f *Factory, runF func(*spotQREOptions) error) *cobra.Command {
	opts := &spotQREOptions{IO: f.IO, newProgress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "qre SPOT --lambda 10,100,1000|auto [--target-pct PCT] [--tolerance TOL] [--out result.pls] [--json]",
		Short: "The agent logit QRE of a spot at given λ, or at the λ where its exploitability is 0.1 % of the pot",
		Long: `Compute the agent logit quantal response equilibrium of a spot (TOML,
docs/spot.md) with pokerlab's definition (package qre): at every decision and
hand, σ(a) ∝ exp(λ·Q(a)/pot), Q the action's expected value conditional on
reaching the decision (Bayes beliefs from the opponent's strategy, card
removal) and pot the starting pot, so λ is in units of the pot ('pokerlab qre'
on the AKQ game, whose pot is 1, uses the same units). λ = 0 is uniform play; as λ grows the QRE
approaches a Nash equilibrium.

The unknowns are IP's action values, OOP's exact logit response eliminated by a
backward pass. By default each λ is solved by a first-order iteration (heavy
ball on the fixed point, float32 passes of the DCFR solver's vectorised walk,
then float64 ones; warm starts from the last λ), finished by Newton's method
when it stalls; --method newton follows the Newton–GMRES continuation from
λ = 0 instead (package spotqre). --threads T splits the float32 passes'
chance nodes over T goroutines, the same answer for every T. Every
requested λ is solved until the largest |σ − softmax(λQ/pot)| over reached
decisions is at most --tolerance (default 1e-6); that residual and the
expected logit regret are reported with the exploitability.

--lambda auto finds λ*, where the QRE's exploitability is --target-pct
percent of the pot (default 0.1: "almost Nash" in the AKQ study), and prints the
exploitability along the path. --out writes a .pls result for 'spot show'
(the same files as 'spot solve'); with several λ the file name gets
-lambda<λ> before .pls, and with auto the file holds λ*'s QRE.`,
		Example: `  pokerlab spot qre spot/testdata/river-Td9d6hQc2s-pot200-stack900.toml --lambda 10,100,1000
  pokerlab spot qre spot/testdata/river-Td9d6hQc2s-pot200-stack900.toml --lambda auto --out river-qre.pls
  pokerlab spot show river-qre.pls --node "x b120" --plot grid.svg
  pokerlab spot qre river.toml --lambda 50 --tolerance 1e-8 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Spot = args[0]
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return spotQRERun(opts)
		},
	}
	fl := cmd.Flags()
	lambdaSpecVar(fl, &opts.Lambdas, "lambda", "values of λ in units of the starting pot (comma-separated or repeated), or auto")
	floatVar(fl, &opts.TargetPct, "target-pct", 0.1, "with --lambda auto: the exploitability of λ*, % of the starting pot", positivePct)
	floatVar(fl, &opts.Tolerance, "tolerance", spotqre.DefaultTolerance, "largest |σ − softmax(λQ/pot)| over reached decisions", positiveTolerance)
	fl.StringVar(&opts.MaxMemory, "max-memory", "", "refuse a spot needing more than this (e.g. 4GiB; default: no limit)")
	outputFileVar(fl, &opts.Out, "out", "o", "", "write the QRE to this .pls file (per λ: -lambda<λ> before .pls)")
	fl.BoolVar(&opts.NoIso, "no-isomorphism", false, "deal every card instead of one per class of isomorphic cards")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	qreMethodFlags(fl, &opts.Threads, &opts.Method)
	markRequired(fl, "lambda")
	return cmd
}

func positivePct(x float64) error {
	if !(x > 0 && x < 100) {
		return wantf("want a percentage between 0 and 100")
	}
	return nil
}

func positiveTolerance(x float64) error {
	if !(x > 0) {
		return wantf("want a tolerance > 0")
	}
	return nil
}

// qreMethodFlags adds --threads and --method, the QRE solver's.
func qreMethodFlags(fl *pflag.FlagSet, threads *int, method *string) {
	threadsVar(fl, threads, 1, "goroutines over chance branches of the QRE's float32 passes (0: all CPUs)")
	fl.StringVar(method, "method", "default", "the QRE's method: default (first-order, Newton finishing), first-order or newton")
}

// qreMethod checks --method and resolves --threads 0.
func qreMethod(name string, threads *int) (spotqre.Method, error) {
	m, err := spotqre.ParseMethod(name)
	if err != nil {
		return 0, flagErrorf("--method %q: want default, first-order or newton", name)
	}
	if *threads == 0 {
		*threads = runtime.NumCPU()
	}
	return m, nil
}

func (o *spotQREOptions) check() error {
	m, err := qreMethod(o.Method, &o.Threads)
	if err != nil {
		return err
	}
	o.method = m
	if o.MaxMemory != "" {
		b, err := parseBytes(o.MaxMemory)
		if err != nil {
			return flagErrorf("--max-memory %v", err)
		}
		o.maxBytes = b
	}
	return checkSpotExt("--out", o.Out, ".pls")
}

// qreOutPath names the result file of λ: the --out path itself for a single
// result, else with -lambda<λ> before the extension.
func qreOutPath(out string, lambda float64, several bool) string {
	if out == "" || !several {
		return out
	}
	base := strings.TrimSuffix(out, ".pls")
	if base == out {
		base = strings.TrimSuffix(out, ".PLS")
	}
	return base + "-lambda" + strconv.FormatFloat(lambda, 'g', -1, 64) + ".pls"
}

// spotGame reads a spot file and builds its game tree.
func spotGame(path string, noIso bool, maxBytes int64) (*spot.Game, error) {
	sp, err := loadSpotFile(path)
	if err != nil {
		return nil, err
	}
	return spot.NewGame(sp, spot.Options{NoIsomorphism: noIso, MaxMemory: maxBytes})
}

// qreProgress shows the path's λ on a terminal: the bar is λ's way to the
// largest requested λ on a log(1+λ) scale (goal 0, λ*: not known ahead,
// no bar), with the exploitability where it is known.
func qreProgress(bar *Progress, goal float64) func(spotqre.PathPoint) {
	var n int64
	return func(p spotqre.PathPoint) {
		if goal > 0 {
			n = int64(1000 * math.Log1p(p.Lambda) / math.Log1p(goal))
		}
		status := fmt.Sprintf("λ %.4g", p.Lambda)
		if !math.IsNaN(p.Percent) {
			status += fmt.Sprintf(", exploitability %.3f%% of the pot", p.Percent)
		}
		bar.Update(n, status)
	}
}

func spotQRERun(o *spotQREOptions) error {
	g, err := spotGame(o.Spot, o.NoIso, o.maxBytes)
	if err != nil {
		return err
	}
	goal := 0.0
	for _, l := range o.Lambdas.Values {
		goal = max(goal, l)
	}
	bar := o.newProgress(1000, "QRE", o.JSON)
	s, err := spotqre.NewSolver(g, spotqre.Options{Tolerance: o.Tolerance, Progress: qreProgress(bar, goal), Method: o.method, Threads: o.Threads})
	if err != nil {
		return asInputError(err)
	}
	sp := g.Spot
	out := SpotQREJSON{Board: boardText(sp.Board), Pot: sp.Pot, Stack: sp.Stack, Tolerance: o.Tolerance}
	var results []*spotqre.Result
	var auto *spotqre.Auto
	if o.Lambdas.Auto {
		if auto, err = s.Auto(o.TargetPct / 100); err != nil {
			bar.Done()
			return err
		}
		out.Auto = autoJSON(auto, g)
	}
	if len(o.Lambdas.Values) > 0 {
		if results, err = s.Solve(o.Lambdas.Values); err != nil {
			bar.Done()
			return err
		}
	}
	bar.Done()
	several := len(results)+btoi(auto != nil) > 1
	emit := func(r *spotqre.Result) error {
		pt := qrePointJSON(g, r)
		if o.Out != "" {
			pt.Out = qreOutPath(o.Out, r.Lambda, several)
			if err := writeQREResult(pt.Out, g, r); err != nil {
				return err
			}
		}
		out.Points = append(out.Points, pt)
		return nil
	}
	if auto != nil {
		if err := emit(auto.Result); err != nil {
			return err
		}
	}
	for _, r := range results {
		if err := emit(r); err != nil {
			return err
		}
	}
	st := s.Stats()
	out.Steps, out.Rejected, out.Newton, out.Products, out.Seconds = st.Steps, st.Rejected, st.Newton, st.Products, st.Seconds
	out.Evaluations, out.Threads, out.Method = st.Evaluations, o.Threads, o.method.String()
	if o.JSON {
		return writeJSON(o.IO, out)
	}
	return writeSpotQRE(o.IO.Out, &out)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// writeQREResult stores a QRE as a .pls result: method "qre", its λ and
// convergence in the parameters.
func writeQREResult(path string, g *spot.Game, r *spotqre.Result) error {
	e := r.Evaluation
	h := spot.FileHeader{Method: "qre", Params: map[string]float64{"lambda": r.Lambda, "residual": r.Residual, "logit_regret": r.LogitRegret},
		Iterations: r.Stats.Newton, Seconds: r.Stats.Seconds, Evaluation: &e}
	return writeFileAtomic(path, func(w io.Writer) error { return spot.WriteResult(w, g, r.Sigma, h) })
}

func qrePointJSON(g *spot.Game, r *spotqre.Result) SpotQREPointJSON {
	e := r.Evaluation
	pt := SpotQREPointJSON{Lambda: r.Lambda, Residual: r.Residual, LogitRegret: r.LogitRegret,
		Exploitability: e.Exploitability, ExploitabilityPct: e.Percent, Values: e.Values, BestResponse: e.BestResponse}
	if p := g.Player(0); p >= 0 {
		freq := spot.RootFrequency(g, r.Sigma)
		pt.Root = &SpotRootJSON{Player: spot.PlayerName(p), Actions: spotActionsJSON(g.Actions(0)), Frequency: freq}
	}
	return pt
}

func autoJSON(a *spotqre.Auto, g *spot.Game) *SpotQREAutoJSON {
	pot := float64(g.Spot.Pot)
	c, slope, n := spotqre.FitInverse(a.Path, pot, fitFrom(a.Lambda))
	aj := &SpotQREAutoJSON{TargetPct: 100 * a.Fraction, Target: a.Target, LambdaStar: a.Lambda, C: finiteOrNil(c), Slope: finiteOrNil(slope), FitPoints: n, FitFrom: fitFrom(a.Lambda)}
	path := slices.Clone(a.Path)
	slices.SortStableFunc(path, func(x, y spotqre.PathPoint) int {
		switch {
		case x.Lambda < y.Lambda:
			return -1
		case x.Lambda > y.Lambda:
			return 1
		}
		return 0
	})
	for _, p := range path {
		aj.Path = append(aj.Path, SpotQREPathJSON{Lambda: p.Lambda, Exploitability: p.Exploitability, Percent: p.Percent})
	}
	return aj
}

// fitFrom is where the c/λ fit starts: a quarter of λ*, the asymptotic end
// of the path.
func fitFrom(lambdaStar float64) float64 { return lambdaStar / 4 }

func finiteOrNil(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func writeSpotQRE(w io.Writer, out *SpotQREJSON) error {
	fmt.Fprintf(w, "spot %s, pot %d, stack %d: agent logit QRE, tolerance %g\n\n", out.Board, out.Pot, out.Stack, out.Tolerance)
	if a := out.Auto; a != nil {
		tw := newTable(w)
		fmt.Fprintln(tw, "λ\texploitability\t% of pot")
		for _, p := range a.Path {
			fmt.Fprintf(tw, "%.4g\t%.6g\t%.4f\n", p.Lambda, p.Exploitability, p.Percent)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(w, "\nλ* = %.4g: exploitability %.4g%% of the pot", a.LambdaStar, a.TargetPct)
		if a.C != nil {
			fmt.Fprintf(w, "; exploitability ≈ c/λ with c = %.4f pots (slope %.3f, %d points with λ ≥ %.3g)", *a.C, *a.Slope, a.FitPoints, a.FitFrom)
		}
		fmt.Fprint(w, "\n\n")
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "λ\tresidual\tlogit regret\texploitability\t% of pot\tOOP EV\troot (OOP)\tresult")
	for _, p := range out.Points {
		root := ""
		if p.Root != nil {
			var parts []string
			for a, act := range p.Root.Actions {
				parts = append(parts, fmt.Sprintf("%s %.1f%%", act.Action, 100*p.Root.Frequency[a]))
			}
			root = strings.Join(parts, " ")
		}
		fmt.Fprintf(tw, "%.4g\t%.2g\t%.2g\t%.6g\t%.4f\t%.4f\t%s\t%s\n", p.Lambda, p.Residual, p.LogitRegret, p.Exploitability, p.ExploitabilityPct, p.Values[0], root, p.Out)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nmethod %s: %d evaluations, %d continuation steps (%d rejected), %d Newton steps, %d Jacobian–vector products, %.2f s on %d thread%s\n", out.Method, out.Evaluations, out.Steps, out.Rejected, out.Newton, out.Products, out.Seconds, out.Threads, plural(out.Threads, "", "s"))
	return nil
}
