package report

import (
	"fmt"
	"html/template"
	"image/color"
	"math"
	"sort"
	"strings"

	"pokerlab/cfr"
	"pokerlab/efg"
	"pokerlab/games"
	"pokerlab/internal/figure/loglog"
	"pokerlab/qre"
	"pokerlab/qre/qreplot"
)

var qreGamesSection = sectionFunc{
	id:    "qre-games",
	title: "QRE versus Nash beyond toy games",
	intro: template.HTML(`<p>The same agent logit QRE, traced for any game from uniform play at λ = 0 by
predictor–corrector continuation: Kuhn poker and Leduc Hold'em. The QRE note asks how far GTO Wizard's
QRE is from a Nash equilibrium; here the exploitability of the QRE is measured along λ by best
response, with the λ at which it falls within 0.1 % of the pot (the antes make a pot of 2 in both
games). The QRE also answers the note's remark on "ghost lines": spots that an equilibrium reaches
with (almost) no probability, where CFR's average strategy is left unconverged because its regrets
are weighted by that reach, while the QRE plays every spot as a best response to noisy play.</p>`),
	run: runQREGames,
}

func runQREGames(b *Builder) error {
	const pot, fraction = 2.0, 0.001
	type gameRun struct {
		name    string
		summary *qre.PathSummary
		tree    *efg.Tree
	}
	var runs []gameRun
	leducMax := 1000.0
	if b.Quick() {
		leducMax = 100
	}
	for _, name := range []string{"kuhn", "leduc"} {
		t, err := games.Load(name)
		if err != nil {
			return err
		}
		opt := qre.Options{}
		if name == "leduc" {
			opt.MaxLambda = leducMax
			opt.MaxRegret = -1
		}
		var s *qre.PathSummary
		if name == "leduc" && b.Quick() {
			// Quick mode: the path to λ = 100 only, without the crossing search.
			path, err := qre.Trace(t, opt)
			if err != nil {
				return err
			}
			s = &qre.PathSummary{Path: path, Exploit: qre.ExploitabilityAlong(t, path), Pot: pot, TargetFraction: fraction, Target: pot * fraction}
		} else if s, err = qre.Summarize(t, pot, fraction, opt); err != nil {
			return err
		}
		runs = append(runs, gameRun{name, s, t})
	}

	// Action probabilities along Kuhn's path.
	kuhn := runs[0]
	fig, err := qreplot.Path(kuhn.tree, kuhn.summary.Path, "Kuhn poker: agent QRE path", 0)
	if err != nil {
		return err
	}
	last := kuhn.summary.Path.Points[len(kuhn.summary.Path.Points)-1]
	jBet, err := kuhn.tree.ActionIndex(infoSetByLabel(kuhn.tree, 0, "J:"), "bet")
	if err != nil {
		return err
	}
	alpha := last.Profile[jBet]
	if err := b.FigureSaved("qre-kuhn-path", fmt.Sprintf(
		"Every action probability of Kuhn poker along the principal branch, λ from 0 to %.0f (max regret %.1e). Of Kuhn's one-parameter family of equilibria the QRE selects player 1's J-bet frequency α = %.4f (K bet 3α, Q call α + 1/3).",
		last.Lambda, last.MaxRegret, alpha), "pokerlab qre trace --game kuhn --max-regret 1e-8 --plot kuhn-path.svg", fig.Save); err != nil {
		return err
	}

	// Exploitability along λ.
	chart := loglog.Chart{Title: "Exploitability of the agent QRE", XLabel: "λ", YLabel: "exploitability (NashConv/2)"}
	var lambdaRows [][]string
	numbers := map[string]any{}
	for _, r := range runs {
		s := loglog.Series{Name: gameTitle(r.name)}
		for _, e := range r.summary.Exploit {
			s.X = append(s.X, e.Lambda)
			s.Y = append(s.Y, e.Exploitability)
		}
		chart.Series = append(chart.Series, s)
		row := []string{gameTitle(r.name), fmt.Sprintf("%d", len(r.summary.Path.Points)),
			fmt.Sprintf("%.4g", r.summary.Path.Points[len(r.summary.Path.Points)-1].Lambda)}
		entry := map[string]any{"points": len(r.summary.Path.Points), "seconds": r.summary.Path.Stats.Elapsed.Seconds(),
			"final_lambda": r.summary.Path.Stats.FinalLambda, "final_max_regret": r.summary.Path.Stats.FinalMaxRegret}
		if c := r.summary.Crossing; c != nil {
			row = append(row, fmt.Sprintf("%.1f", c.Lambda))
			entry["lambda_within_0_1_percent_of_pot"] = c.Lambda
		} else {
			row = append(row, "beyond the traced path")
			entry["lambda_within_0_1_percent_of_pot"] = nil
		}
		lambdaRows = append(lambdaRows, row)
		numbers[r.name] = entry
	}
	lo, hi := math.Inf(1), 0.0
	for _, s := range chart.Series {
		for _, x := range s.X {
			if x > 0 {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	chart.Series = append(chart.Series, loglog.Series{Name: "0.1 % of the pot", X: []float64{lo, hi}, Y: []float64{pot * fraction, pot * fraction}, Dashed: true, Color: color.Gray{Y: 120}})
	p, err := loglog.Plot(chart)
	if err != nil {
		return err
	}
	if err := b.Figure(p, "qre-exploitability", "Exploitability of the agent QRE along λ, computed exactly by best response at every point of the traced path. It falls like 1/λ, as the QRE note found for the AKQ game.",
		fmt.Sprintf("pokerlab qre trace --game kuhn --max-regret 1e-8 --json; pokerlab qre trace --game leduc --lambda %g --json   # then pokerlab exploit per point", leducMax)); err != nil {
		return err
	}
	b.Table(Table{
		Caption: "Where the QRE comes within 0.1 % of the pot (exploitability 0.002) of a Nash equilibrium.",
		Header:  []string{"game", "path points", "last λ", "λ at 0.1 % of the pot"},
		Rows:    lambdaRows,
	}, "pokerlab qre trace --game kuhn --max-regret 1e-8 --json")
	b.Number("paths", numbers)
	b.Number("kuhn_alpha", alpha)

	return ghostLines(b, runs[1].tree, runs[1].summary.Path)
}

// ghostLines compares CFR+'s average strategy with the QRE at the end of the
// traced Leduc path on the information sets CFR's profile reaches least.
// Values are conditional on reaching the information set, with beliefs and
// continuation play from the QRE (which reaches every spot).
func ghostLines(b *Builder, t *efg.Tree, path *qre.Path) error {
	iterations := 2000
	if b.Quick() {
		iterations = 300
	}
	s, err := cfr.New(t, cfr.Options{Algorithm: cfr.CFRPlus})
	if err != nil {
		return err
	}
	s.Iterate(iterations)
	avg := s.Average(nil)
	q := path.Points[len(path.Points)-1]
	an, err := qre.Analyze(t, q.LogProfile, q.Lambda)
	if err != nil {
		return err
	}
	reach := infoSetReach(t, avg)
	type spot struct {
		I                 int
		reach, cfrLoss    float64
		qreLoss, qreReach float64
	}
	var spots []spot
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		best := math.Inf(-1)
		for a := lo; a < hi; a++ {
			best = math.Max(best, an.ActionValues[a])
		}
		loss := func(p []float64) float64 {
			v := 0.0
			for a := lo; a < hi; a++ {
				v += p[a] * an.ActionValues[a]
			}
			return best - v
		}
		spots = append(spots, spot{I, reach[I], loss(avg), loss(q.Profile), an.Reach[I]})
	}
	const ghost = 1e-3
	var ghosts []spot
	for _, sp := range spots {
		if sp.reach < ghost {
			ghosts = append(ghosts, sp)
		}
	}
	sort.Slice(ghosts, func(i, j int) bool { return ghosts[i].cfrLoss > ghosts[j].cfrLoss })
	var rows [][]string
	var list []map[string]any
	probs := func(p []float64, I int) string {
		lo, hi := t.Actions(I)
		var parts []string
		for a := lo; a < hi; a++ {
			parts = append(parts, fmt.Sprintf("%s %.2f", t.ActionLabel[a], p[a]))
		}
		return strings.Join(parts, ", ")
	}
	for k, g := range ghosts {
		if len(rows) == 10 {
			break
		}
		// Suit-isomorphic spots (Ks|Qh and Kh|Qs, …) repeat the same numbers;
		// show each situation once.
		if k > 0 && g.cfrLoss == ghosts[k-1].cfrLoss && g.reach == ghosts[k-1].reach {
			continue
		}
		rows = append(rows, []string{
			fmt.Sprintf("P%d %s", t.InfoSetPlayer[g.I]+1, t.InfoSetLabel[g.I]),
			fmt.Sprintf("%.1e", g.reach), probs(avg, g.I), fmt.Sprintf("%.3f", g.cfrLoss),
			probs(q.Profile, g.I), fmt.Sprintf("%.4f", g.qreLoss),
		})
		list = append(list, map[string]any{"player": t.InfoSetPlayer[g.I] + 1, "label": t.InfoSetLabel[g.I],
			"cfr_reach": g.reach, "cfr_loss": g.cfrLoss, "qre_loss": g.qreLoss, "qre_reach": g.qreReach})
	}
	meanLoss := func(sel func(spot) float64, filter func(spot) bool) float64 {
		s, n := 0.0, 0
		for _, sp := range spots {
			if filter(sp) {
				s += sel(sp)
				n++
			}
		}
		return s / math.Max(1, float64(n))
	}
	isGhost := func(sp spot) bool { return sp.reach < ghost }
	notGhost := func(sp spot) bool { return sp.reach >= ghost }
	cfrLoss := func(sp spot) float64 { return sp.cfrLoss }
	b.Table(Table{
		Caption: fmt.Sprintf("Ghost lines of Leduc Hold'em: of the %d information sets that CFR+'s average profile after %d iterations reaches with probability below %g, the ten situations (up to suit symmetry) where its strategy loses most, conditional on reaching the spot (chips, values from the QRE at λ = %.0f), next to the QRE's play there. Mean loss of CFR+'s strategy: %.3f on these %d spots, %.4f on the %d others.",
			len(ghosts), iterations, ghost, q.Lambda, meanLoss(cfrLoss, isGhost), len(ghosts), meanLoss(cfrLoss, notGhost), len(spots)-len(ghosts)),
		Header: []string{"information set", "CFR+ reach", "CFR+ strategy", "CFR+ loss", "QRE strategy", "QRE loss"},
		Rows:   rows,
	}, fmt.Sprintf("pokerlab solve --game leduc --algo cfr+ --iterations %d --out cfr.json", iterations))
	b.Number("ghost_lines", map[string]any{
		"cfr_iterations": iterations, "qre_lambda": q.Lambda, "reach_threshold": ghost, "count": len(ghosts),
		"mean_cfr_loss_ghosts": meanLoss(cfrLoss, isGhost), "mean_cfr_loss_others": meanLoss(cfrLoss, notGhost), "worst": list,
	})
	return nil
}

// infoSetReach returns the probability that play under profile reaches each
// information set (chance and both players' moves).
func infoSetReach(t *efg.Tree, profile []float64) []float64 {
	reach := make([]float64, t.NumNodes())
	reach[0] = 1
	out := make([]float64, t.NumInfoSets())
	for n := 0; n < t.NumNodes(); n++ {
		f, k := int(t.FirstChild[n]), int(t.NumChildren[n])
		switch pl := t.Player[n]; pl {
		case efg.Terminal:
		case efg.Chance:
			cs := int(t.ChanceStart[t.InfoSet[n]])
			for a := 0; a < k; a++ {
				reach[f+a] = reach[n] * t.ChanceProb[cs+a]
			}
		default:
			I := int(t.InfoSet[n])
			out[I] += reach[n]
			lo := int(t.ActionStart[I])
			for a := 0; a < k; a++ {
				reach[f+a] = reach[n] * profile[lo+a]
			}
		}
	}
	return out
}

// infoSetByLabel returns player's information set labelled label, or -1.
func infoSetByLabel(t *efg.Tree, player int, label string) int {
	for I := 0; I < t.NumInfoSets(); I++ {
		if int(t.InfoSetPlayer[I]) == player && t.InfoSetLabel[I] == label {
			return I
		}
	}
	return -1
}
