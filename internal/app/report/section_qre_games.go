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

func qreGamesSection() sectionFunc {
	return sectionFunc{
		id:    "qre-games",
		title: "QRE versus Nash in Kuhn poker and Leduc Hold'em",
		question: `The QRE note asks how far GTO Wizard's quantal response equilibrium is from a Nash
	equilibrium. In games with many information sets, at what λ does the agent logit QRE come within
	0.1 % of the pot of a Nash equilibrium (the antes make a pot of 2 chips in both games), and does it
	play the "ghost lines" — the spots an equilibrium reaches with (almost) no probability, where CFR's
	average strategy is left unconverged because its regrets are weighted by that reach — better than
	CFR does?`,
		method: `The agent logit QRE (McKelvey &amp; Palfrey 1998; payoffs in chips, so λ is in 1/chip)
	traced from uniform play at λ = 0 by predictor–corrector continuation in λ (Turocy 2005), its
	exploitability computed exactly by best response at every point of the path; on Leduc's ghost
	lines, the loss of CFR+'s average strategy (Tammelin 2014) and of the QRE's against a best response
	at the spot, with the QRE's beliefs and continuation values, which are defined everywhere.`,
		run: runQREGames,
	}
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
	fig, err := qreplot.Path(kuhn.tree, kuhn.summary.Path, "Kuhn poker, agent QRE", 0)
	if err != nil {
		return err
	}
	for _, p := range fig.Plots[0] {
		p.X.Label.Text = "λ (1/chip)"
	}
	last := kuhn.summary.Path.Points[len(kuhn.summary.Path.Points)-1]
	jBet, err := kuhn.tree.ActionIndex(infoSetByLabel(kuhn.tree, 0, "J:"), "bet")
	if err != nil {
		return err
	}
	alpha := last.Profile[jBet]
	if err := b.FigureSaved("qre-kuhn-path", template.HTML(fmt.Sprintf(
		`The agent QRE of Kuhn poker along the principal branch of the QRE correspondence, traced from
λ = 0 to %s (1/chip, log scale; largest regret at the end %s chips): the probability of the
aggressive action at each information set of player 1 (left) and player 2 (right) — bet, or call a bet;
the other action is its complement. Labels name the card and the actions so far (c check, b bet).
Of Kuhn's one-parameter family of equilibria the QRE selects the one where player 1 bets a J with
probability α = %.4f (and a K with 3α, calls with a Q with α + 1/3).`,
		num(last.Lambda, 2), num(last.MaxRegret, 2), alpha)), "pokerlab qre trace --game kuhn --max-regret 1e-8 --plot kuhn-path.svg", fig.Save); err != nil {
		return err
	}

	// Exploitability along λ.
	chart := loglog.Chart{Title: "Exploitability of the agent QRE", XLabel: "λ (1/chip)", YLabel: "exploitability (chips)"}
	var lambdaRows [][]string
	var crossings []crossing
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
			crossings = append(crossings, crossing{game: gameTitle(r.name), lambda: c.Lambda})
		} else {
			ex := r.summary.Exploit[len(r.summary.Exploit)-1]
			crossings = append(crossings, crossing{game: gameTitle(r.name), lambda: math.NaN(), last: ex.Lambda, lastPercent: 100 * ex.Exploitability / pot})
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
	if err := b.Figure(p, "qre-exploitability", `Exploitability (NashConv/2, in chips) of the agent QRE of Kuhn poker
and Leduc Hold'em against λ (1/chip), log–log, computed exactly by best response at every point of the
traced path; dashed: 0.1 % of the pot. For large λ it falls like 1/λ, as the QRE note found for the AKQ game.`,
		fmt.Sprintf("pokerlab qre trace --game kuhn --max-regret 1e-8 --json; pokerlab qre trace --game leduc --lambda %g --json   # then pokerlab exploit per point", leducMax)); err != nil {
		return err
	}
	b.Table(Table{
		Name:    "qre-games-lambda",
		Caption: "Where the agent QRE comes within 0.1 % of the pot (exploitability 0.002 chips) of a Nash equilibrium: the points of the traced path, its last λ and the λ (1/chip) of the crossing.",
		Header:  []template.HTML{"game", "path points", "last λ", "λ at 0.1 % of the pot"},
		Rows:    lambdaRows,
	}, "pokerlab qre trace --game kuhn --max-regret 1e-8 --json")
	b.Number("paths", numbers)
	b.Number("kuhn_alpha", alpha)
	b.Text(template.HTML(`[[fig:qre-kuhn-path]] shows how Kuhn's QRE moves from uniform play to its equilibrium;
[[fig:qre-exploitability]] and [[tab:qre-games-lambda]] how fast its exploitability falls.`))

	g, err := ghostLines(b, runs[1].tree, runs[1].summary.Path)
	if err != nil {
		return err
	}
	crossed := crossingText(crossings)
	verdict := "it repairs the ghost lines, as the QRE note suggests"
	if g.qreGhost >= g.cfrGhost {
		verdict = "it does not repair them here"
	}
	b.Answer(template.HTML(fmt.Sprintf(`%s ([[tab:qre-games-lambda]]); its exploitability falls like 1/λ
([[fig:qre-exploitability]]).
On Leduc's ghost lines ([[tab:qre-ghost-lines]]) CFR+'s strategy after %d iterations loses %.3f chips
on average against a best response at the spot, against %.4f on the spots it reaches; the QRE loses
%.4f there: %s.`, crossed, g.iterations, g.cfrGhost, g.cfrOther, g.qreGhost, verdict)),
		template.HTML(fmt.Sprintf(`%s. On the spots of Leduc Hold'em that equilibrium play does not reach, the
QRE loses %.4f chips where CFR+ loses %.3f ([[sec:qre-games]]).`, crossed, g.qreGhost, g.cfrGhost)))
	return nil
}

// crossing is where a game's QRE comes within 0.1 % of the pot of Nash:
// λ, or NaN when its traced path ends before, at last with lastPercent.
type crossing struct {
	game              string
	lambda            float64
	last, lastPercent float64
}

// crossingText says in a sentence where the QRE of each game comes within
// 0.1 % of the pot of a Nash equilibrium, and for a path that ends before,
// how far it got.
func crossingText(cs []crossing) string {
	var in, out []string
	for _, c := range cs {
		if math.IsNaN(c.lambda) {
			out = append(out, fmt.Sprintf("in %s, whose path is traced to λ = %.0f here, it is still %.2f %% of the pot exploitable there", c.game, c.last, c.lastPercent))
		} else {
			in = append(in, fmt.Sprintf("in %s at λ = %.0f", c.game, c.lambda))
		}
	}
	s := "The QRE comes within 0.1 % of the pot of a Nash equilibrium " + strings.Join(in, " and ")
	if len(in) == 0 {
		s = "The QRE does not come within 0.1 % of the pot of a Nash equilibrium on the traced paths"
	}
	if len(out) > 0 {
		s += "; " + strings.Join(out, "; ")
	}
	return s
}

// ghostSummary is what the ghost-line comparison found, for the answer.
type ghostSummary struct {
	iterations                   int
	cfrGhost, cfrOther, qreGhost float64
}

// ghostLines compares CFR+'s average strategy with the QRE at the end of the
// traced Leduc path on the information sets CFR's profile reaches least.
// Values are conditional on reaching the information set, with beliefs and
// continuation play from the QRE (which reaches every spot).
func ghostLines(b *Builder, t *efg.Tree, path *qre.Path) (ghostSummary, error) {
	iterations := 2000
	if b.Quick() {
		iterations = 300
	}
	s, err := cfr.New(t, cfr.Options{Algorithm: cfr.CFRPlus})
	if err != nil {
		return ghostSummary{}, err
	}
	s.Iterate(iterations)
	avg := s.Average(nil)
	q := path.Points[len(path.Points)-1]
	an, err := qre.Analyze(t, q.LogProfile, q.Lambda)
	if err != nil {
		return ghostSummary{}, err
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
	qreLoss := func(sp spot) float64 { return sp.qreLoss }
	sum := ghostSummary{iterations, meanLoss(cfrLoss, isGhost), meanLoss(cfrLoss, notGhost), meanLoss(qreLoss, isGhost)}
	b.Table(Table{
		Name: "qre-ghost-lines",
		Caption: template.HTML(fmt.Sprintf(`Ghost lines of Leduc Hold'em: of the %d information sets that CFR+'s average
profile after %d iterations reaches with probability below %g, the ten situations (up to suit symmetry)
where its strategy loses most against a best response at the spot, conditional on reaching it (chips;
values from the QRE at λ = %.0f), next to the QRE's play there. Labels: player, cards (private | public)
and the actions so far. Mean loss of CFR+'s strategy: %.3f on these %d spots, %.4f on the %d others;
of the QRE's: %.4f on these spots.`,
			len(ghosts), iterations, ghost, q.Lambda, sum.cfrGhost, len(ghosts), sum.cfrOther, len(spots)-len(ghosts), sum.qreGhost)),
		Header: []template.HTML{"information set", "CFR+ reach", "CFR+ strategy", "CFR+ loss", "QRE strategy", "QRE loss"},
		Rows:   rows,
	}, fmt.Sprintf("pokerlab solve --game leduc --algo cfr+ --iterations %d --out cfr.json", iterations))
	b.Number("ghost_lines", map[string]any{
		"cfr_iterations": iterations, "qre_lambda": q.Lambda, "reach_threshold": ghost, "count": len(ghosts),
		"mean_cfr_loss_ghosts": sum.cfrGhost, "mean_cfr_loss_others": sum.cfrOther, "mean_qre_loss_ghosts": sum.qreGhost, "worst": list,
	})
	return sum, nil
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
