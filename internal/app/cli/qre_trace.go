package cli

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/efg"
	"pokerlab/qre"
	"pokerlab/qre/qreplot"
)

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

// qreTraceRelativeRegret is the default stop of "qre trace" without --lambda:
// the maximum regret, in units of the game's largest payoff (qre.PayoffScale,
// so that the default picks the same point of the path in any payoff unit).
// The regret falls like c/λ along the path (λ·regret ≈ 0.16 in Kuhn poker,
// 0.37 in Leduc Hold'em, 0.32 with 4 and 5 ranks), and the tracer follows the
// path in double precision up to λ ≈ 6·10⁶ in Leduc Hold'em but only to
// λ ≈ 1.2·10⁴ and 2.6·10⁴ with 4 and 5 ranks, where the log-odds of actions
// of probability e^−65000 become noise: an absolute 1e-8 would need
// λ ≈ 4·10⁷ in Leduc Hold'em. 1e-5 of the largest payoff is λ ≈ 2,500 in the
// Leduc games (five to ten times below where they stall) and 8,000 in Kuhn
// poker: five digits of the payoffs, "Nash" for any purpose of the path.
const qreTraceRelativeRegret = 1e-5

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
most --max-regret, by default 1e-5 times the game's largest payoff (in
absolute value, from the even split: 2 in Kuhn poker, 13 in Leduc Hold'em),
which every built-in game reaches. With --lambda only the QREs at those values
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
	floatVar(fl, &opts.MaxRegret, "max-regret", 0, "stop the path at this maximum regret (default without --lambda: 1e-5 × the largest payoff)", func(x float64) error {
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
	if topt.MaxRegret == 0 && len(topt.Lambdas) == 0 {
		topt.MaxRegret = qreTraceRelativeRegret * qre.PayoffScale(t)
	}
	bar := opts.progress(1000, "tracing", opts.JSON || opts.CSV)
	target := topt.MaxRegret
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
		bar.Update(int64(math.Max(0, math.Min(1, frac))*1000), fmt.Sprintf("λ = %.4g, max regret %.3g", p.Lambda, p.MaxRegret))
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
