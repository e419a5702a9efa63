package cli

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pokerlab/holdem"
	"pokerlab/hud"
	"pokerlab/internal/figure/plotx"
	"pokerlab/npc"
	"pokerlab/npc/npcplot"
)

type npcValidateOptions struct {
	IO        *IOStreams
	Player    string
	Files     []string
	Holdout   float64
	Seed      uint64
	Hands     int
	CalHands  int
	Threads   int
	JSON      bool
	Out       string
	Rules     *holdem.RuleSet
	rulesText string
	holdout   string
}

func newNPCValidateCmd(f *Factory, runF func(*npcValidateOptions) error) *cobra.Command {
	opts := &npcValidateOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "validate --player NAME [--holdout odd/even|FRACTION] [--seed S] [--hands N] [--json] [--out FIG] FILE|DIR|-...",
		Short: "Clone a player from part of the hands and test the clone on the rest",
		Long: `Split the player's hands (odd and even hands in the order of the files, or
--holdout FRACTION held out at random with --seed), learn the profile from one
part as "npc clone" does (the priors fitted on the other players and the
learning part), and test it on the held-out part:

(a) the clone plays --hands hands at a table like the player's (the most
common number of players, the median stack, the population's profile in the
other seats; every seat calibrated first), and every rate — the HUD stats,
the preflop rates by position, the heads-up stats by pot type — the bet-size
distributions and the strength of the hands shown are compared with the
held-out hands', with the standard errors of both samples: a rate is checked
with 100 held-out opportunities or more and passes within 2 points plus two
standard errors of the difference (those of the held-out sample, the
simulated one and the one the clone learned from); an open size passes with the simulated median
within 0.1 big blinds of the held-out one;

(b) every held-out decision is predicted by the clone, by the population's
profile and by the aggregate clone ("npc clone --min-opportunities 50": the
HUD stats alone), each giving its policy's action distribution in that exact
situation: the log loss and the accuracy, preflop, postflop and overall.

--out draws the rates with 30 held-out opportunities or more, with their
intervals (.svg, .png or .pdf).`,
		Example: `  pokerlab npc validate --player Alice hands.phhs
  pokerlab npc validate --player Alice --holdout 0.3 --seed 7 --json --out alice.svg hands/`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if len(args) == 0 {
				return errNoHandInputs("")
			}
			if opts.holdout != "odd/even" {
				x, err := strconv.ParseFloat(opts.holdout, 64)
				if err != nil || !(x > 0 && x < 1) {
					return flagErrorf("--holdout %s: want odd/even or a fraction between 0 and 1, such as 0.3", opts.holdout)
				}
				opts.Holdout = x
			}
			var err error
			if opts.Rules, err = rulesOverride(cmd, opts.rulesText); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return npcValidateRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Player, "player", "", "the player's name in the files")
	fl.StringVar(&opts.holdout, "holdout", "odd/even", "odd/even, or the share of hands held out at random (0.3)")
	uint64Var(fl, &opts.Seed, "seed", 1, "seed of the random split, the calibration and the simulation")
	intVar(fl, &opts.Hands, "hands", 20000, "hands the clone plays in simulation", atLeast(1, "a positive number"))
	intVar(fl, &opts.CalHands, "calibrate-hands", 6000, "hands per calibration round of the table (3 rounds; 0: no calibration)", atLeast(0, "0 or more"))
	threadsVar(fl, &opts.Threads, 0, "")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	figureFileVar(fl, &opts.Out, "out", "draw the rates with their intervals to this .svg, .png or .pdf file")
	addRulesFlag(cmd, &opts.rulesText, rulesUsage)
	markRequired(fl, "player")
	return cmd
}

func npcValidateRun(opts *npcValidateOptions) error {
	files, err := hud.ReadFiles(opts.Files, opts.IO.In)
	if err != nil {
		return err
	}
	o, err := npc.Observe(files, npc.ObserveOptions{Rules: opts.Rules})
	if err != nil {
		return err
	}
	rep, err := npc.Validate(o, opts.Player, npc.ValidateOptions{Holdout: opts.Holdout, Seed: opts.Seed, Hands: opts.Hands,
		CalibrateHands: calibrateHands(opts.CalHands), Threads: threadsFlag(opts.Threads)})
	if err != nil {
		return err
	}
	if opts.Out != "" {
		format, err := plotx.Format(opts.Out)
		if err != nil {
			return err
		}
		if err := writeFileAtomic(opts.Out, func(w io.Writer) error {
			return npcplot.PlotValidation(w, format, rep, 30)
		}); err != nil {
			return fmt.Errorf("--out %w", err)
		}
	}
	out := npcValidateJSON(rep, opts)
	if opts.JSON {
		return writeJSON(opts.IO, out)
	}
	w := tabwriter.NewWriter(opts.IO.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "%s: %d hands, %d to learn from, %d held out (%s); the clone played %d hands at %d players, %.0f big blinds deep (%.1f s)\n\n",
		rep.Player, rep.Hands, rep.Learn, rep.Held, out.Holdout, rep.SimHands, rep.Players, rep.StackBB, out.Seconds)
	fmt.Fprintln(w, "prediction of the held-out decisions\tdecisions\tlog loss\taccuracy")
	for _, p := range append(append([]NPCValidatePredictionJSON{}, out.Prediction...), out.RangePrediction...) {
		fmt.Fprintf(w, "%s, %s\t%d\t%.4f\t%.1f %%\n", p.Model, p.Street, p.Decisions, p.LogLoss, p.Accuracy)
	}
	if !math.IsNaN(out.PreflopGain) {
		fmt.Fprintf(w, "preflop log loss of the clone: %.1f %% below the aggregate clone's\n", out.PreflopGain)
	}
	if out.KnownCardsGain != nil && out.KnownCardsGainMix != nil && out.PreflopMixing != nil {
		fmt.Fprintf(w, "with the cards where known: %.1f %% below the aggregate clone's, %.1f %% below it with the clone's mixing (σ = %.2f %% of the range)\n",
			*out.KnownCardsGain, *out.KnownCardsGainMix, *out.PreflopMixing)
	}
	fmt.Fprintln(w, "\npreflop log loss by situation\tdecisions\tclone\taggregate\tpopulation")
	for _, c := range out.Situations {
		fmt.Fprintf(w, "%s, %s\t%d\t%.4f\t%.4f\t%.4f\n", c.Kind, c.Position, c.Decisions, c.Clone, c.Aggregate, c.Population)
	}
	fmt.Fprintf(w, "\nrates with ≥ %d held-out opportunities: %d of %d within 2 points + 2 standard errors\n", npc.ValidateMinOpportunities, out.Within, out.Checked)
	fmt.Fprintln(w, "rate\theld out\topportunities\tclone\topportunities\tstd err\tok")
	for _, r := range rep.CheckedRates() {
		fmt.Fprintf(w, "%s\t%.1f %%\t%d\t%.1f %%\t%d\t%.1f\t%s\n", r.Key, 100*r.Held, r.HeldOpps, 100*r.Sim, r.SimOpps, 100*r.StdErr, yesNo(r.Within))
	}
	fmt.Fprintln(w, "\nbet sizes\theld out (n)\tmedian\t95 % interval\tlearning part\tclone (n)\tmedian\tok")
	for _, s := range rep.Sizes {
		ok := "-"
		if s.Checked {
			ok = yesNo(s.Within)
		}
		fmt.Fprintf(w, "%s\t%.0f\t%.2f\t%.2f–%.2f\t%.2f\t%.0f\t%.2f\t%s\n", s.Key, s.HeldN, s.HeldMedian, s.HeldMedianLo, s.HeldMedianHi, s.LearnMedian, s.SimN, s.SimMedian, ok)
	}
	fmt.Fprintln(w, "\nhands shown (mean heads-up equity)\theld out (n)\tmean\tclone (n)\tmean\tok")
	for _, r := range rep.Ranges {
		ok := "-"
		if r.Checked {
			ok = yesNo(r.Within)
		}
		fmt.Fprintf(w, "%s\t%.0f\t%.3f\t%.0f\t%.3f\t%s\n", r.Key, r.HeldN, r.Held, r.SimN, r.Sim, ok)
	}
	return w.Flush()
}

// calibrateHands maps the flag (0: none) to ValidateOptions (negative:
// none).
func calibrateHands(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// finiteOrNull turns NaN (no sample) into null.
func finiteOrNull(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func npcValidateJSON(rep *npc.ValidateReport, opts *npcValidateOptions) NPCValidateJSON {
	out := NPCValidateJSON{Player: rep.Player, Hands: rep.Hands, LearnHands: rep.Learn, HeldOutHands: rep.Held, SimHands: rep.SimHands,
		Players: rep.Players, StackBB: rep.StackBB, Holdout: "odd/even", Seed: opts.Seed, Seconds: rep.Elapsed.Seconds(),
		Prediction: []NPCValidatePredictionJSON{}, RangePrediction: []NPCValidatePredictionJSON{}, Situations: []NPCValidateSituationJSON{}, Rates: []NPCValidateRateJSON{},
		Sizes: []NPCValidateSizeJSON{}, Ranges: []NPCValidateRangeJSON{}, PreflopGain: math.NaN()}
	if opts.Holdout > 0 {
		out.Holdout = strconv.FormatFloat(opts.Holdout, 'g', -1, 64)
	}
	pred := func(ps []npc.PredictionScore) []NPCValidatePredictionJSON {
		r := []NPCValidatePredictionJSON{}
		for _, p := range ps {
			r = append(r, NPCValidatePredictionJSON{Model: p.Model, Street: p.Street, Decisions: p.Decisions, LogLoss: p.LogLoss, Accuracy: 100 * p.Accuracy})
		}
		return r
	}
	out.Prediction, out.RangePrediction = pred(rep.Prediction), pred(rep.RangePrediction)
	var clone, agg float64
	for _, p := range rep.Prediction {
		if p.Street == "preflop" && p.Model == "clone" {
			clone = p.LogLoss
		}
		if p.Street == "preflop" && p.Model == "aggregate" {
			agg = p.LogLoss
		}
	}
	if agg > 0 {
		out.PreflopGain = 100 * (1 - clone/agg)
		out.PreflopLogLossGain = finiteOrNull(out.PreflopGain)
	}
	if rep.Mixing.Fitted {
		out.PreflopMixing = finiteOrNull(100 * rep.Mixing.Sigma)
		ll := map[string]float64{}
		for _, p := range rep.RangePrediction {
			if p.Street == "preflop-with-cards" {
				ll[p.Model] = p.LogLoss
			}
		}
		if a := ll["aggregate"]; a > 0 {
			out.KnownCardsGain = finiteOrNull(100 * (1 - ll["clone"]/a))
		}
		if a := ll["aggregate-with-mixing"]; a > 0 {
			out.KnownCardsGainMix = finiteOrNull(100 * (1 - ll["clone"]/a))
		}
	}
	for _, c := range rep.Situations {
		j := NPCValidateSituationJSON{Kind: c.Kind, Position: c.Position, Decisions: c.Decisions}
		for m, name := range c.Models {
			switch name {
			case "clone":
				j.Clone = c.LogLoss[m]
			case "aggregate":
				j.Aggregate = c.LogLoss[m]
			case "population":
				j.Population = c.LogLoss[m]
			}
		}
		out.Situations = append(out.Situations, j)
	}
	for _, r := range rep.Rates {
		out.Rates = append(out.Rates, NPCValidateRateJSON{Key: r.Key, Held: 100 * r.Held, HeldOpportunities: r.HeldOpps,
			Learn: finiteOrNull(100 * r.Learn), LearnOpportunities: r.LearnOpps, Sim: finiteOrNull(100 * r.Sim),
			SimOpportunities: r.SimOpps, StdErr: finiteOrNull(100 * r.StdErr), Checked: r.Checked, Within: r.Within})
		if r.Checked {
			out.Checked++
			if r.Within {
				out.Within++
			}
		}
	}
	for _, s := range rep.Sizes {
		out.Sizes = append(out.Sizes, NPCValidateSizeJSON{Key: s.Key, HeldN: s.HeldN, SimN: s.SimN, HeldMedian: s.HeldMedian, HeldLow: s.HeldMedianLo, HeldHigh: s.HeldMedianHi, Learn: finiteOrNull(s.LearnMedian), SimMedian: finiteOrNull(s.SimMedian),
			HeldMean: s.HeldMean, SimMean: finiteOrNull(s.SimMean), Checked: s.Checked, Within: s.Within})
	}
	for _, r := range rep.Ranges {
		out.Ranges = append(out.Ranges, NPCValidateRangeJSON{Key: r.Key, HeldN: r.HeldN, SimN: r.SimN, Held: r.Held, Sim: finiteOrNull(r.Sim), StdErr: finiteOrNull(r.StdErr), Checked: r.Checked, Within: r.Within})
	}
	return out
}
