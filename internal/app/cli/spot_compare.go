package cli

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/spot"
	"pokerlab/spot/spotqre"
)

type spotCompareOptions struct {
	IO          *IOStreams
	newProgress func(total int64, description string, quiet bool) *Progress
	Spot        string
	Lambdas     lambdaSpec
	Nash        string
	NashTarget  float64
	TargetPct   float64
	Tolerance   float64
	Ghost       float64
	Top         int
	OutDir      string
	MaxMemory   string
	JSON        bool
	Threads     int
	Method      string

	maxBytes int64
	method   spotqre.Method
}

func newSpotCompareCmd(f *Factory, runF func(*spotCompareOptions) error) *cobra.Command {
	opts := &spotCompareOptions{IO: f.IO, newProgress: f.newProgress}
	cmd := &cobra.Command{
		Use:   "compare SPOT [--lambda 10,100] [--nash result.pls] [--ghost 1e-3] [--out-dir DIR] [--json]",
		Short: "How far the logit QRE is from Nash on a spot: exploitability, λ*, strategy distance, EV per class, ghost lines",
		Long: `Answer on a real spot the question the AKQ study asks: how much does the logit QRE (GTO Wizard's
"quantal response") differ from a Nash equilibrium? The command solves Nash
with Discounted CFR to --nash-target percent of the pot (default 0.05; or reads
a result with --nash) and the agent QRE (as 'spot qre') at λ*, where its
exploitability is --target-pct percent of the pot (default 0.1), and at every
--lambda, and measures for each λ:

  - the QRE's exploitability (chips, % of the pot) and λ*, with the path of
    exploitability against λ and its c/λ fit;
  - the strategy distance: per decision node, the mean over the hands of the
    total variation between the two action distributions, weighted by the
    QRE's probability of each hand reaching the node;
  - each player's EV per starting-hand class at the root under both;
  - ghost lines: the nodes the Nash profile reaches with probability below
    --ghost (given the cards dealt on the line), and there how much each
    strategy loses against a best response restricted to the node (values,
    beliefs and continuation from the QRE, which reaches every node);
  - which hands change their action most (at λ*).

--out-dir writes nash.pls and qre-lambda<λ>.pls there, for 'spot show' (the
13×13 grids of both side by side).`,
		Example: `  pokerlab spot compare spot/testdata/river-Td9d6hQc2s-pot200-stack900.toml
  pokerlab spot compare spot/testdata/river-Td9d6hQc2s-pot200-stack900.toml --lambda 30,300 --out-dir cmp
  pokerlab spot solve turn.toml --target 0.05 --out turn-nash.pls
  pokerlab spot compare turn.toml --nash turn-nash.pls --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Spot = args[0]
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return spotCompareRun(opts)
		},
	}
	fl := cmd.Flags()
	lambdaSpecVar(fl, &opts.Lambdas, "lambda", "more values of λ to compare (λ* is always compared)")
	fl.StringVar(&opts.Nash, "nash", "", "a Nash result of the same spot (.pls from 'spot solve') instead of solving")
	floatVar(fl, &opts.NashTarget, "nash-target", 0.05, "solve Nash to this exploitability, % of the pot", positivePct)
	floatVar(fl, &opts.TargetPct, "target-pct", 0.1, "λ*: the QRE's exploitability, % of the pot", positivePct)
	floatVar(fl, &opts.Tolerance, "tolerance", spotqre.DefaultTolerance, "QRE: largest |σ − softmax(λQ/pot)| over reached decisions", positiveTolerance)
	floatVar(fl, &opts.Ghost, "ghost", 1e-3, "a ghost line: a node the Nash profile reaches with probability below this", func(x float64) error {
		if !(x > 0 && x < 1) {
			return wantf("want a probability between 0 and 1")
		}
		return nil
	})
	intVar(fl, &opts.Top, "top", 10, "ghost nodes and hand changes listed", atLeast(1, "a positive number"))
	outputDirVar(fl, &opts.OutDir, "out-dir", "", "", "write nash.pls and qre-lambda<λ>.pls into this directory")
	fl.StringVar(&opts.MaxMemory, "max-memory", "", "refuse a spot needing more than this (e.g. 4GiB; default: no limit)")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	qreMethodFlags(fl, &opts.Threads, &opts.Method)
	return cmd
}

func (o *spotCompareOptions) check() error {
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
	return nil
}

// loadNash reads a Nash result and checks that it is of the same spot.
func loadNash(path string, g *spot.Game) (spot.Strategy, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	res, err := spot.ReadResult(f, path)
	if err != nil {
		return nil, err
	}
	if res.Header.Spot != g.Spot.Format() || res.Game.Size != g.Size || res.Game.NumNodes() != g.NumNodes() {
		return nil, inputErrorf("--nash %s: a result of another spot (board %s, pot %d, stack %d; the spot given is board %s, pot %d, stack %d, or differs in its ranges or sizes)",
			path, boardText(res.Game.Spot.Board), res.Game.Spot.Pot, res.Game.Spot.Stack, boardText(g.Spot.Board), g.Spot.Pot, g.Spot.Stack)
	}
	return res.Strategy, nil
}

func spotCompareRun(o *spotCompareOptions) error {
	g, err := spotGame(o.Spot, false, o.maxBytes)
	if err != nil {
		return err
	}
	opt := spotqre.StudyOptions{NashTargetPct: o.NashTarget, TargetPct: o.TargetPct, Tolerance: o.Tolerance, Lambdas: o.Lambdas.Values, Extend: []float64{2, 4},
		Compare: spotqre.CompareOptions{GhostReach: o.Ghost, Top: o.Top}, Method: o.method, Threads: o.Threads}
	if o.Nash != "" {
		if opt.Nash, err = loadNash(o.Nash, g); err != nil {
			return err
		}
	}
	bar := o.newProgress(1000, "compare", o.JSON)
	opt.NashProgress = func(p spot.Progress) {
		bar.Update(0, fmt.Sprintf("Nash: iteration %d, exploitability %.3f%% of the pot", p.Iteration, p.Percent))
	}
	qp := qreProgress(bar, 0)
	opt.Progress = func(p spotqre.PathPoint) {
		qp(p)
	}
	c, err := spotqre.Run(g, opt)
	bar.Done()
	if err != nil {
		return err
	}
	out := compareJSON(c, o.Ghost)
	out.Nash.File = o.Nash
	if o.OutDir != "" {
		if o.Nash == "" {
			out.Nash.Out = filepath.Join(o.OutDir, "nash.pls")
			h := spot.FileHeader{Method: "dcfr", Params: map[string]float64{"alpha": spot.DefaultDiscount.Alpha, "beta": spot.DefaultDiscount.Beta, "gamma": spot.DefaultDiscount.Gamma},
				Iterations: c.NashIters, Evaluation: &c.NashEval}
			if err := writeFileAtomic(out.Nash.Out, func(w io.Writer) error { return spot.WriteResult(w, g, c.Nash, h) }); err != nil {
				return err
			}
		}
		for i, r := range c.Results {
			p := filepath.Join(o.OutDir, "qre-lambda"+strconv.FormatFloat(r.Lambda, 'g', 6, 64)+".pls")
			if err := writeQREResult(p, g, r); err != nil {
				return err
			}
			out.Lambdas[i].Out = p
		}
	}
	if o.JSON {
		return writeJSON(o.IO, out)
	}
	return writeSpotCompare(o.IO.Out, &out)
}

func compareJSON(c *spotqre.Study, ghost float64) SpotCompareJSON {
	g := c.Game
	sp := g.Spot
	out := SpotCompareJSON{Board: boardText(sp.Board), Pot: sp.Pot, Stack: sp.Stack, GhostReach: ghost,
		Nash: SpotCompareNashJSON{Iterations: c.NashIters, Exploitability: c.NashEval.Exploitability, ExploitabilityPct: c.NashEval.Percent},
		Auto: autoJSON(c.Auto, g), PathError: c.ExtendError}
	out.Auto.C, out.Auto.Slope, out.Auto.FitPoints, out.Auto.FitFrom = finiteOrNil(c.C), finiteOrNil(c.Slope), c.FitPoints, c.FitFrom
	out.Auto.Path = out.Auto.Path[:0]
	for _, p := range c.Path {
		out.Auto.Path = append(out.Auto.Path, SpotQREPathJSON{Lambda: p.Lambda, Exploitability: p.Exploitability, Percent: p.Percent})
	}
	for i, cmp := range c.Comparisons {
		r := c.Results[i]
		lj := SpotCompareLambdaJSON{Lambda: r.Lambda, Star: i == 0, Exploitability: r.Evaluation.Exploitability, ExploitabilityPct: r.Evaluation.Percent,
			Residual: r.Residual, MeanTV: cmp.MeanTV, GhostCount: cmp.GhostCount,
			NashLossGhost: cmp.NashLossGhost, QRELossGhost: cmp.QRELossGhost, NashLossOther: cmp.NashLossOther, QRELossOther: cmp.QRELossOther}
		for _, d := range cmp.Nodes {
			lj.Nodes = append(lj.Nodes, nodeJSON(d))
		}
		for _, d := range cmp.Ghosts {
			lj.Ghosts = append(lj.Ghosts, nodeJSON(d))
		}
		for p := range 2 {
			for _, ce := range cmp.ClassEV[p] {
				lj.ClassEV = append(lj.ClassEV, SpotClassEVJSON{Player: spot.PlayerName(p), Class: ce.Class.String(), Combos: ce.Combos, Nash: ce.Nash, QRE: ce.QRE, Difference: ce.Difference})
			}
		}
		for _, h := range cmp.Changes {
			lj.Changes = append(lj.Changes, SpotHandChangeJSON{Line: h.Line, Player: spot.PlayerName(h.Player), Hand: h.Hand.String(),
				Actions: actionNames(h.Actions), Nash: h.Nash, QRE: h.QRE, TV: h.TV, Probability: h.Probability})
		}
		out.Lambdas = append(out.Lambdas, lj)
	}
	return out
}

func actionNames(acts []spot.Action) []string {
	out := make([]string, len(acts))
	for i, a := range acts {
		out[i] = a.String()
	}
	return out
}

func nodeJSON(d spotqre.NodeDistance) SpotCompareNodeJSON {
	return SpotCompareNodeJSON{Line: d.Line, Player: spot.PlayerName(d.Player), NashReach: d.NashReach, QREReach: d.QREReach,
		TV: d.TV, NashLoss: d.NashLoss, QRELoss: d.QRELoss, Ghost: d.Ghost, Actions: actionNames(d.Actions), NashFreq: d.NashFreq, QREFreq: d.QREFreq}
}

func lineText(l string) string {
	if l == "" {
		return "(root)"
	}
	return l
}

func freqText(acts []string, f []float64) string {
	parts := make([]string, len(acts))
	for a, name := range acts {
		parts[a] = fmt.Sprintf("%s %.1f%%", name, 100*f[a])
	}
	return strings.Join(parts, " ")
}

func writeSpotCompare(w io.Writer, out *SpotCompareJSON) error {
	fmt.Fprintf(w, "spot %s, pot %d, stack %d\n", out.Board, out.Pot, out.Stack)
	n := out.Nash
	src := fmt.Sprintf("DCFR, %d iterations", n.Iterations)
	if n.File != "" {
		src = n.File
	}
	fmt.Fprintf(w, "Nash (%s): exploitability %.4g chips (%.4f%% of the pot)\n", src, n.Exploitability, n.ExploitabilityPct)
	if a := out.Auto; a != nil {
		fmt.Fprintf(w, "λ* = %.4g (QRE exploitability %.4g%% of the pot)", a.LambdaStar, a.TargetPct)
		if a.C != nil {
			fmt.Fprintf(w, "; exploitability ≈ c/λ, c = %.4f pots (slope %.3f over λ ≥ %.3g)", *a.C, *a.Slope, a.FitFrom)
		}
		fmt.Fprintln(w)
	}
	if out.PathError != "" {
		fmt.Fprintf(w, "the path beyond λ* (for the c/λ fit) stopped short: %s\n", out.PathError)
	}
	fmt.Fprintln(w)
	tw := newTable(w)
	fmt.Fprintln(tw, "λ\texploitability\t% of pot\tmean TV\tghost nodes\tNash loss (ghost)\tQRE loss (ghost)\tNash loss (others)\tQRE loss (others)")
	for _, l := range out.Lambdas {
		star := ""
		if l.Star {
			star = " (λ*)"
		}
		fmt.Fprintf(tw, "%.4g%s\t%.5g\t%.4f\t%.4f\t%d\t%.4f\t%.4f\t%.4f\t%.4f\n", l.Lambda, star, l.Exploitability, l.ExploitabilityPct, l.MeanTV, l.GhostCount,
			l.NashLossGhost, l.QRELossGhost, l.NashLossOther, l.QRELossOther)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(out.Lambdas) == 0 {
		return nil
	}
	star := out.Lambdas[0]
	fmt.Fprintf(w, "\nAt λ* = %.4g, by node (the Nash profile's reach; ghost lines marked *):\n", star.Lambda)
	tw = newTable(w)
	fmt.Fprintln(tw, "node\tplayer\tNash reach\tmean TV\tNash\tQRE")
	nodes := slices.Clone(star.Nodes)
	slices.SortStableFunc(nodes, func(a, b SpotCompareNodeJSON) int { return cmp.Compare(b.NashReach, a.NashReach) })
	for i, d := range nodes {
		if i == 15 {
			break
		}
		mark := ""
		if d.Ghost {
			mark = " *"
		}
		fmt.Fprintf(tw, "%s%s\t%s\t%.4f\t%.4f\t%s\t%s\n", lineText(d.Line), mark, d.Player, d.NashReach, d.TV, freqText(d.Actions, d.NashFreq), freqText(d.Actions, d.QREFreq))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(star.Ghosts) > 0 {
		fmt.Fprintf(w, "\nGhost lines (Nash reach < %g), by the Nash strategy's loss there (chips per hand, QRE values):\n", out.GhostReach)
		tw = newTable(w)
		fmt.Fprintln(tw, "node\tplayer\tNash reach\tQRE reach\tNash loss\tQRE loss\tNash\tQRE")
		for _, d := range star.Ghosts {
			fmt.Fprintf(tw, "%s\t%s\t%.2g\t%.2g\t%.4f\t%.4f\t%s\t%s\n", lineText(d.Line), d.Player, d.NashReach, d.QREReach, d.NashLoss, d.QRELoss, freqText(d.Actions, d.NashFreq), freqText(d.Actions, d.QREFreq))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\nEV per class at the root, largest differences (QRE − Nash, chips):\n")
	tw = newTable(w)
	fmt.Fprintln(tw, "player\tclass\tcombos\tNash EV\tQRE EV\tdifference")
	ce := slices.Clone(star.ClassEV)
	slices.SortStableFunc(ce, func(a, b SpotClassEVJSON) int { return cmp.Compare(math.Abs(b.Difference), math.Abs(a.Difference)) })
	for i, c := range ce {
		if i == 10 {
			break
		}
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%.3f\t%.3f\t%+.3f\n", c.Player, c.Class, c.Combos, c.Nash, c.QRE, c.Difference)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nHands that change action most at λ* (by probability × total variation):\n")
	tw = newTable(w)
	fmt.Fprintln(tw, "node\tplayer\thand\tprobability\tTV\tNash\tQRE")
	for _, h := range star.Changes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2g\t%.3f\t%s\t%s\n", lineText(h.Line), h.Player, h.Hand, h.Probability, h.TV, freqText(h.Actions, h.Nash), freqText(h.Actions, h.QRE))
	}
	return tw.Flush()
}
