package cli

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/efg"
	"pokerlab/games"
	"pokerlab/games/akq"
	"pokerlab/qre"
	"pokerlab/qre/qreplot"
)

func newQRECmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "qre",
		Short: "Logit quantal response equilibria: the AKQ game of the QRE note and the QRE path of any game",
		Long: `Agent logit quantal response equilibria (McKelvey & Palfrey 1998): at every
information set σ(a) ∝ exp(λ u(a)), with u the expected payoff of the action
conditional on reaching the information set (Bayes beliefs). λ = 0 is uniform
play; λ → ∞ approaches a Nash equilibrium.`,
	}
	cmd.AddCommand(newQREAKQCmd(f, nil))
	cmd.AddCommand(newQRETraceCmd(f, nil))
	cmd.AddCommand(newQREFitCmd(f, nil))
	cmd.AddCommand(newQREFiguresCmd(f, nil))
	return cmd
}

// --- qre akq ---

type qreAKQOptions struct {
	IO      *IOStreams
	Bet     string
	Lambdas []float64
	JSON    bool

	bet float64 // --bet, parsed
}

func newQREAKQCmd(f *Factory, runF func(*qreAKQOptions) error) *cobra.Command {
	opts := &qreAKQOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "akq --bet B --lambda L[,L...] [--json]",
		Short: "The logit QRE of the AKQ game (the QRE note's eqs (2)–(4)) at given λ",
		Long: `Solve the AKQ game's logit QRE (the QRE note's eqs (2)–(4)) for bet size B (in pots;
an integer, decimal or fraction such as 1/3) at each λ ≥ 0, by Newton's method
in log-odds with continuation in λ (stable to λ = 10^6). For each λ it prints
player 1's betting frequencies with A and Q (pA, pQ), player 2's calling
frequency (pK), player 1's exploitability ε (the loss against a best-responding
player 2 relative to the game value, pot = 1), player 1's expected payoff, and
the internal energy E, entropy S and free energy F = E − S/λ of each hand.`,
		Example: `  pokerlab qre akq --bet 2 --lambda 1,10,100,2000
  pokerlab qre akq --bet 1/3 --lambda 5 --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			B, err := parseBet(opts.Bet)
			if err != nil {
				return err
			}
			opts.bet = B
			if runF != nil {
				return runF(opts)
			}
			return qreAKQRun(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Bet, "bet", "", "bet size B in pots (> 0; 2, 0.5 or 1/3)")
	floatsVar(cmd.Flags(), &opts.Lambdas, "lambda", "values of λ ≥ 0 (comma-separated or repeated)", lambdaCheck)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	markRequired(cmd.Flags(), "bet", "lambda")
	return cmd
}

// lambdaCheck accepts λ ≥ 0 (parseFloat has refused NaN and ±∞).
func lambdaCheck(l float64) error {
	if l < 0 {
		return wantf("λ must be ≥ 0")
	}
	return nil
}

// parseBet reads a bet size as the akq game does (2, 0.5, 1/3); an invalid
// one is invalid input (exit 2).
func parseBet(s string) (float64, error) {
	g, err := games.Parse("akq:bet=" + s)
	if err != nil {
		return 0, inputErrorf("--bet %s: %s", s, strings.TrimPrefix(err.Error(), "akq: "))
	}
	return g.(akq.Game).Bet, nil
}

// finite returns &x, or nil for ±∞ and NaN (JSON null).
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

func qreAKQRun(opts *qreAKQOptions) error {
	B := opts.bet
	g, err := qre.NewAKQ(B)
	if err != nil {
		return err
	}
	pts, err := g.Solve(opts.Lambdas...)
	if err != nil {
		return err
	}
	out := make([]QREAKQJSON, len(pts))
	for i, p := range pts {
		th := g.Thermo(p)
		hands := func(k int) AKQHandsJSON {
			get := func(t qre.Thermo) float64 { return [3]float64{t.Energy, t.Entropy, t.FreeEnergy}[k] }
			return AKQHandsJSON{A: finite(get(th[0])), Q: finite(get(th[1])), K: finite(get(th[2]))}
		}
		out[i] = QREAKQJSON{
			Bet: B, Lambda: p.Lambda, PA: p.PA, PQ: p.PQ, PK: p.PK,
			ExploitabilityP1: g.Exploitability(p), ValueP1: g.ValueP1(p),
			Energy: hands(0), Entropy: hands(1), FreeEnergy: hands(2),
		}
	}
	if opts.JSON {
		return writeJSON(opts.IO, out)
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "B\tλ\tpA\tpQ\tpK\tε (P1)\tvalue P1\tE_A\tE_Q\tE_K\tS_A\tS_Q\tS_K\tF_A\tF_Q\tF_K\n")
	for _, o := range out {
		fmt.Fprintf(tw, "%s\t%g\t%.9f\t%.9f\t%.9f\t%.6g\t%.9f", opts.Bet, o.Lambda, o.PA, o.PQ, o.PK, o.ExploitabilityP1, o.ValueP1)
		for _, h := range []AKQHandsJSON{o.Energy, o.Entropy, o.FreeEnergy} {
			for _, v := range []*float64{h.A, h.Q, h.K} {
				if v == nil {
					fmt.Fprintf(tw, "\t-inf")
				} else {
					fmt.Fprintf(tw, "\t%.6f", *v)
				}
			}
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// --- qre trace ---

type qreTraceOptions struct {
	IO        *IOStreams
	Game      string
	MaxMemory int64
	Lambdas   []float64
	MaxRegret float64
	JSON      bool
	CSV       bool
	Plot      string
	progress  func(total int64, desc string, quiet bool) *Progress
}

func newQRETraceCmd(f *Factory, runF func(*qreTraceOptions) error) *cobra.Command {
	opts := &qreTraceOptions{IO: f.IO, progress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "trace --game G [--lambda L ...] [--max-regret X] [--json | --csv] [--plot FILE]",
		Short: "Trace the principal branch of a game's agent logit QRE",
		Long: `Follow the principal branch of the agent logit QRE correspondence of any game
from uniform play at λ = 0, by predictor–corrector continuation in the actions'
log-odds and λ with an analytic Jacobian (turning points in λ are passed).

Without --lambda the whole path is printed, up to the first point whose
maximum regret (the largest gain of any player from a best response) is at
most --max-regret (default 1e-8). With --lambda only the QREs at those values
are printed (the path lands on each exactly; where it crosses a value several
times, every crossing), and the trace stops after the largest one.

--csv writes one row per point: lambda, max_regret and one column per action
named "P<player>:<information set label>:<action>". --plot draws every action
probability along the path against λ (SVG, PNG or PDF, by the file's
extension).`,
		Example: `  pokerlab qre trace --game kuhn --lambda 10 --json
  pokerlab qre trace --game kuhn --max-regret 1e-6 --plot kuhn-path.svg
  pokerlab qre trace --game leduc --lambda 2,5,10,20 --csv > leduc.csv`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if opts.JSON && opts.CSV {
				return flagErrorf("give at most one of --json and --csv")
			}
			if runF != nil {
				return runF(opts)
			}
			return qreTraceRun(opts)
		},
	}
	fl := cmd.Flags()
	addGameFlags(fl, &opts.Game, &opts.MaxMemory)
	floatsVar(fl, &opts.Lambdas, "lambda", "print only the QREs at these λ (comma-separated or repeated)", lambdaCheck)
	floatVar(fl, &opts.MaxRegret, "max-regret", 0, "stop the path at this maximum regret (default 1e-8 without --lambda)", func(x float64) error {
		if !(x > 0) {
			return wantf("want a positive number (0 can never be reached)")
		}
		return nil
	})
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	fl.BoolVar(&opts.CSV, "csv", false, "write CSV: one row per point, one column per action")
	figureFileVar(fl, &opts.Plot, "plot", "draw the action probabilities along the path into this .svg, .png or .pdf file")
	return cmd
}

func qreTraceRun(opts *qreTraceOptions) error {
	t, err := loadGame(opts.Game, opts.MaxMemory)
	if err != nil {
		return err
	}
	topt := qre.Options{Lambdas: opts.Lambdas, MaxRegret: opts.MaxRegret, KeepPath: opts.Plot != ""}
	bar := opts.progress(1000, "tracing", opts.JSON || opts.CSV)
	target := topt.MaxRegret
	if target == 0 {
		target = 1e-8
	}
	maxL := 0.0
	for _, l := range opts.Lambdas {
		maxL = math.Max(maxL, l)
	}
	var firstRegret float64
	topt.OnPoint = func(p *qre.Point) error {
		// Progress: how far λ is towards the largest requested value, or the
		// regret towards its target in logarithms.
		frac := 0.0
		if maxL > 0 {
			frac = p.Lambda / maxL
		} else if p.MaxRegret > 0 {
			if firstRegret == 0 {
				firstRegret = p.MaxRegret
			}
			frac = math.Log(firstRegret/p.MaxRegret) / math.Log(firstRegret/target)
		}
		bar.Set(int64(math.Max(0, math.Min(1, frac)) * 1000))
		bar.Describe(fmt.Sprintf("λ = %.4g, max regret %.3g", p.Lambda, p.MaxRegret))
		return nil
	}
	path, err := qre.Trace(t, topt)
	bar.Done()
	if err != nil && !(errors.Is(err, qre.ErrStalled) && len(path.Points) > 0) {
		return err
	}
	// A stalled trace still prints the points found before the stall;
	// the error follows on stderr and sets the exit code.
	if werr := qreTraceWrite(opts, t, path); werr != nil {
		return werr
	}
	return err
}

func qreTraceWrite(opts *qreTraceOptions, t *efg.Tree, path *qre.Path) error {
	points := path.Points
	if len(opts.Lambdas) > 0 {
		points = nil
		for _, p := range path.Points {
			if p.Requested {
				points = append(points, p)
			}
		}
	}
	if opts.Plot != "" {
		fig, err := qreplot.Path(t, path, opts.Game, 0)
		if err != nil {
			return err
		}
		if err := fig.Save(opts.Plot); err != nil {
			return err
		}
	}
	switch {
	case opts.JSON:
		out := QRETraceJSON{Points: make([]QREPointJSON, len(points))}
		for i, p := range points {
			out.Points[i] = QREPointJSON{Lambda: p.Lambda, MaxRegret: p.MaxRegret, InfoSets: efg.NewProfileFile(t, opts.Game, p.Profile).InfoSets}
		}
		return writeJSON(opts.IO, out)
	case opts.CSV:
		return writeTraceCSV(opts.IO.Out, t, points)
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "λ\tmax regret\n")
	for _, p := range points {
		fmt.Fprintf(tw, "%.8g\t%.3g\n", p.Lambda, p.MaxRegret)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	st := path.Stats
	fmt.Fprintf(opts.IO.Out, "%d steps (%d rejected), %d Newton iterations, %d factorisations, %.3g s\n",
		st.Steps, st.Rejected, st.Corrections, st.Factorizations, st.Elapsed.Seconds())
	shown := points
	if len(opts.Lambdas) == 0 && len(points) > 0 {
		shown = points[len(points)-1:]
	}
	for _, p := range shown {
		fmt.Fprintf(opts.IO.Out, "\nQRE at λ = %.8g (max regret %.3g)\n", p.Lambda, p.MaxRegret)
		if err := writeProfileTable(opts.IO.Out, t, p.Profile); err != nil {
			return err
		}
	}
	if opts.Plot != "" {
		fmt.Fprintf(opts.IO.Out, "\npath plot written to %s\n", opts.Plot)
	}
	return nil
}

// writeProfileTable prints one line per information set: player, id, label,
// then action=probability pairs.
func writeProfileTable(w io.Writer, t *efg.Tree, profile []float64) error {
	tw := newTable(w)
	fmt.Fprintf(tw, "player\tid\tinformation set\tactions\n")
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		var parts []string
		for a := lo; a < hi; a++ {
			parts = append(parts, fmt.Sprintf("%s %.6f", t.ActionLabel[a], profile[a]))
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", t.PlayerNames[t.InfoSetPlayer[I]], t.InfoSetID[I], t.InfoSetLabel[I], strings.Join(parts, "  "))
	}
	return tw.Flush()
}

func writeTraceCSV(w io.Writer, t *efg.Tree, points []qre.Point) error {
	cw := csv.NewWriter(w)
	header := []string{"lambda", "max_regret"}
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		for a := lo; a < hi; a++ {
			header = append(header, fmt.Sprintf("P%d:%s:%s", t.InfoSetPlayer[I]+1, t.InfoSetLabel[I], t.ActionLabel[a]))
		}
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	row := make([]string, len(header))
	for _, p := range points {
		row[0] = strconv.FormatFloat(p.Lambda, 'g', -1, 64)
		row[1] = strconv.FormatFloat(p.MaxRegret, 'g', -1, 64)
		for a, q := range p.Profile {
			row[2+a] = strconv.FormatFloat(q, 'g', -1, 64)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// --- qre fit ---

type qreFitOptions struct {
	IO        *IOStreams
	Game      string
	MaxMemory int64
	Counts    string
	MaxLambda float64
	JSON      bool
}

func newQREFitCmd(f *Factory, runF func(*qreFitOptions) error) *cobra.Command {
	opts := &qreFitOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "fit --game G --counts FILE [--max-lambda L] [--json]",
		Short: "Maximum-likelihood λ of observed action counts (how rational is this play?)",
		Long: `Estimate the rationality λ that best explains observed play: the maximum of the
log-likelihood ℓ(λ) = Σ n(a) ln σ_λ(a) of the action counts n(a) under the agent
logit QRE σ_λ, along the principal branch traced from λ = 0 up to --max-lambda.
Prints λ̂, its standard error (from the curvature of ℓ), the likelihood-ratio
95 % interval, and the likelihood profile along the path.

The counts file is JSON (docs/cli.md): for each observed information set the
player (from 1), its label or id, the actions and how often each was taken.`,
		Example: `  pokerlab qre fit --game kuhn --counts observed.json
  pokerlab qre fit --game leduc --counts hands.json --max-lambda 100 --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return qreFitRun(opts)
		},
	}
	addGameFlags(cmd.Flags(), &opts.Game, &opts.MaxMemory)
	cmd.Flags().StringVar(&opts.Counts, "counts", "", "JSON file of observed action counts")
	floatVar(cmd.Flags(), &opts.MaxLambda, "max-lambda", 1e4, "trace the branch up to this λ", func(x float64) error {
		if !(x > 0) {
			return wantf("want a positive number")
		}
		return nil
	})
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	markRequired(cmd.Flags(), "counts")
	return cmd
}

func qreFitRun(opts *qreFitOptions) error {
	t, err := loadGame(opts.Game, opts.MaxMemory)
	if err != nil {
		return err
	}
	file, err := os.Open(opts.Counts)
	if err != nil {
		return err
	}
	counts, err := qre.ReadCounts(file, t, opts.Counts)
	file.Close()
	if err != nil {
		return err
	}
	fit, err := qre.Fit(t, counts, qre.FitOptions{MaxLambda: opts.MaxLambda})
	if err != nil {
		return err
	}
	if opts.JSON {
		out := QREFitJSON{
			Game: opts.Game, Lambda: fit.Lambda, StdErr: finite(fit.StdErr),
			CI95:          [2]*float64{finite(fit.CI95[0]), finite(fit.CI95[1])},
			LogLikelihood: fit.LogLikelihood, LogLikelihoodUniform: fit.LogLikelihoodUniform,
			Observations: fit.Observations, AtBoundary: fit.AtBoundary,
			InfoSets: efg.NewProfileFile(t, opts.Game, fit.QRE.Profile).InfoSets,
		}
		for _, p := range fit.Profile {
			out.Profile = append(out.Profile, QRELikelihoodJSON{Lambda: p.Lambda, LogLikelihood: p.LogLikelihood})
		}
		return writeJSON(opts.IO, out)
	}
	fmtOpt := func(p *float64) string {
		if p == nil {
			return "—"
		}
		return fmt.Sprintf("%.6g", *p)
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "λ̂\t%.6g\n", fit.Lambda)
	fmt.Fprintf(tw, "standard error\t%s\n", fmtOpt(finite(fit.StdErr)))
	fmt.Fprintf(tw, "95 %% interval\t[%s, %s]\n", fmtOpt(finite(fit.CI95[0])), fmtOpt(finite(fit.CI95[1])))
	fmt.Fprintf(tw, "log-likelihood\t%.10g (uniform play: %.10g)\n", fit.LogLikelihood, fit.LogLikelihoodUniform)
	fmt.Fprintf(tw, "observations\t%g\n", fit.Observations)
	if fit.AtBoundary {
		fmt.Fprintf(tw, "note\tthe likelihood still rises at λ = %g: raise --max-lambda\n", fit.Lambda)
	}
	return tw.Flush()
}

// --- qre figures ---

type qreFiguresOptions struct {
	IO  *IOStreams
	Out string
}

func newQREFiguresCmd(f *Factory, runF func(*qreFiguresOptions) error) *cobra.Command {
	opts := &qreFiguresOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "figures --out DIR",
		Short: "Write the QRE note's Figures 1, 2 and 4 (SVG and PNG)",
		Long: `Draw the three figures of the QRE note (README: Sources) for bet sizes
B = 1/3, 1/2, 1, 2, 3:
Figure 1, p_A, p_Q and p_K against λ (log axis) with the Nash values dotted;
Figure 2, player 1's exploitability against λ (log–log) with the large-λ
asymptotes dashed; Figure 4, the internal energy, entropy and free energy of
each hand against λ. Each is written as .svg and .png into DIR (created if
needed), named akq-fig1-probabilities, akq-fig2-exploitability and
akq-fig4-thermo as in the report.`,
		Example: `  pokerlab qre figures --out figures/`,
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return qreFiguresRun(opts)
		},
	}
	outputDirVar(cmd.Flags(), &opts.Out, "out", "o", "", "directory to write the figures into")
	markRequired(cmd.Flags(), "out")
	return cmd
}

func qreFiguresRun(opts *qreFiguresOptions) error {
	files, err := qreplot.SeedFigures(opts.Out)
	if err != nil {
		return err
	}
	for _, f := range files {
		fmt.Fprintln(opts.IO.Out, f)
	}
	return nil
}
