package report

import (
	"cmp"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"

	"pokerlab/cards"
	"pokerlab/internal/figure/loglog"
	"pokerlab/internal/figure/plotx"
	"pokerlab/qre/qreplot"
	"pokerlab/spot"
	"pokerlab/spot/spotplot"
	"pokerlab/spot/spotqre"
)

func qreSpotsSection() sectionFunc {
	return sectionFunc{
		id:    "qre-spots",
		title: "QRE versus Nash on No-Limit Hold'em spots",
		question: `The QRE note answers its question — how far is GTO Wizard's quantal response equilibrium
	from a Nash equilibrium? — on the AKQ game, and leaves two remarks unchecked on real poker: that a λ
	large enough to leave 0.1 % of the pot exploitable makes the QRE "almost Nash", and that the QRE
	repairs ghost lines, the decisions an equilibrium reaches with (almost) no probability. Do they hold
	on heads-up No-Limit Hold'em spots?`,
		method: `On each spot, a Nash equilibrium by Discounted CFR (Brown &amp; Sandholm 2019) to 0.05 % of
	the pot, and the agent logit QRE, at every decision and hand h` + logitResponse(call(mi("σ"), cond(mi("a"), mi("h"))),
			func(a string) string { return frac(call(mi("Q"), cond(a, mi("h"))), mi("pot")) }) +
			`with Q(a|h) the value of the action conditional on reaching the decision (Bayes beliefs, card
	removal) and λ in 1/pot as in the QRE note, followed along λ by Newton continuation until its
	exploitability is 0.1 % of the pot (λ*). Ghost lines are the decision nodes the Nash profile reaches
	with probability below 10<sup>−3</sup> (given the cards dealt on the line); there each strategy's loss
	is measured against a best response restricted to the node, with the QRE's beliefs and continuation
	values, which are defined everywhere (as for Leduc in [[sec:qre-games]]).`,
		run: runQRESpots,
	}
}

// The spots of the section: the full-range turn spot of spot/testdata
// (turn-Td9d6hQc-pot200-stack900.toml) on the river 2s
// (spot/testdata/river-Td9d6hQc2s-pot200-stack900.toml), and a narrow
// turn spot on its turn (spot/testdata/turn-Td9d6hQc-narrow.toml).
const (
	reportRiverSpot = `board = "Td9d6hQc2s"
pot = 200
stack = 900
oop = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"
ip = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"
add_allin = 0
force_allin = 0
merging = 0
[sizes]
bet = "60%, a"
raise = "2.5x"
`
	reportTurnSpot = `board = "Td9d6hQc"
pot = 200
stack = 900
oop = "QQ,TT,99,AQs,KQs,JTs,87s,A5s"
ip = "JJ,88,AQs,KJs,QTs,T8s,65s,A4s"
add_allin = 0
force_allin = 0
merging = 0
max_raises = 0
[sizes]
bet = "60%"
`
)

type reportSpot struct {
	name, file, src string
	what            string // the spot's bets, in words
	// extend: the multiples of λ* the path goes on to (for the c/λ fit).
	extend []float64
}

type qreSpotRun struct {
	reportSpot
	st *spotqre.Study
}

func runQRESpots(b *Builder) error {
	// The river spot, and in the full report a narrow turn spot (on the
	// full-range turn spot the continuation does not reach λ* in a report's
	// time: docs/benchmarks.md, "QRE on spots"). The turn's path stops at
	// λ*: going on to 2λ* would triple its cost.
	spots := []reportSpot{{"river", "spot/testdata/river-Td9d6hQc2s-pot200-stack900.toml", reportRiverSpot,
		"bets of 60 % of the pot and all-in, raises to 2.5 times", []float64{2, 4}}}
	if !b.Quick() {
		spots = append(spots, reportSpot{"turn", "spot/testdata/turn-Td9d6hQc-narrow.toml", reportTurnSpot,
			"one bet size, 60 % of the pot, and no raises", nil})
	}
	var runs []qreSpotRun
	for _, s := range spots {
		sp, err := spot.ParseSpot(s.src, s.file)
		if err != nil {
			return err
		}
		g, err := spot.NewGame(sp, spot.Options{})
		if err != nil {
			return err
		}
		st, err := spotqre.Run(g, spotqre.StudyOptions{Extend: s.extend})
		if err != nil {
			return fmt.Errorf("%s spot: %w", s.name, err)
		}
		runs = append(runs, qreSpotRun{s, st})
	}
	b.Text(template.HTML(spotsDescription(runs, b.Quick())))

	// Grids: Nash and QRE(λ*) side by side at the root and at a ghost node.
	for _, r := range runs {
		st := r.st
		g := st.Game
		cmp := st.Comparisons[0]
		qreσ := st.Results[0].Strategy()
		nodes := []int32{0}
		if gn := cmp.GhostGridNode(1e-6); gn >= 0 {
			nodes = append(nodes, gn)
		}
		lines := spotqre.Lines(g)
		for k, n := range nodes {
			l, err := g.ParseLine(lines[n])
			if err != nil {
				return err
			}
			board := strings.ReplaceAll(boardText(l.Board), " ", "")
			title := strings.TrimSpace(board + " " + l.String())
			var plots []*plot.Plot
			for _, side := range []struct {
				name string
				σ    spot.Strategy
			}{{fmt.Sprintf("Nash (DCFR, %.3f %% of the pot exploitable)", st.NashEval.Percent), st.Nash}, {fmt.Sprintf("QRE at λ* = %.0f (1/pot)", st.Auto.Lambda), qreσ}} {
				p, err := spotplot.Grid(g.Report(side.σ, l), title, spotplot.Options{Relative: k == 1})
				if err != nil {
					return err
				}
				p.Title.Text = side.name + "\n" + p.Title.Text
				plots = append(plots, p)
			}
			fig := &qreplot.Figure{Plots: [][]*plot.Plot{plots}, Width: 2 * spotplot.Width, Height: spotplot.Height}
			what, name := "at the root", "qre-spots-"+r.name+"-root"
			fill := `filled from the bottom to the share of the class's combinations (those the board leaves)
that the player holds there`
			if k == 1 {
				d := nodeOf(cmp, n)
				what = fmt.Sprintf("at the ghost line “%s” (the Nash profile reaches it with probability %s, the QRE with %s; there the Nash strategy loses %.2f chips per hand against a best response at the node, the QRE %.3f)",
					template.HTMLEscapeString(l.String()), num(d.NashReach, 2), num(d.QREReach, 2), d.NashLoss, d.QRELoss)
				name = "qre-spots-" + r.name + "-ghost"
				fill = `filled from the bottom to the share of the class's combinations that the player holds
there, relative to the class held most (so few combinations arrive here that absolute shares would
leave the grid nearly blank)`
			}
			if err := b.FigureSaved(name, template.HTML(fmt.Sprintf(`The strategy of the player to act on the %s spot %s, as
13×13 grids of starting-hand classes (pairs on the diagonal, suited above, offsuit below): Nash on the
left, the QRE at λ* on the right. Each cell is %s, and that part is split left to right by the frequency of
each action, so an action's colour area is frequency × weight; blank cells are classes the player does not
hold. The legend gives each action's frequency over the range.`, r.name, what, fill)),
				fmt.Sprintf("pokerlab spot compare %s --out-dir cmp && pokerlab spot show cmp/qre-lambda%s.pls --node %q --plot qre.svg", r.file, fmtLambda(st.Auto.Lambda), l.String()), fig.Save); err != nil {
				return err
			}
		}
	}

	// Exploitability against λ, with the c/λ fits.
	chart := loglog.Chart{Title: "Exploitability of the QRE on No-Limit Hold'em spots", XLabel: "λ (1/pot)", YLabel: "exploitability (% of the pot)"}
	lo, hi := math.Inf(1), 0.0
	for i, r := range runs {
		s := loglog.Series{Name: r.name + " spot", Color: plotColor(i)}
		for _, p := range r.st.Path {
			if p.Lambda > 0 {
				s.X = append(s.X, p.Lambda)
				s.Y = append(s.Y, p.Percent)
				lo, hi = math.Min(lo, p.Lambda), math.Max(hi, p.Lambda)
			}
		}
		chart.Series = append(chart.Series, s)
		if !math.IsNaN(r.st.C) {
			x0, x1 := r.st.FitFrom, s.X[len(s.X)-1]
			chart.Series = append(chart.Series, loglog.Series{Name: fmt.Sprintf("%s: %.3f/λ", r.name, r.st.C), X: []float64{x0, x1},
				Y: []float64{100 * r.st.C / x0, 100 * r.st.C / x1}, Dashed: true, Color: plotColor(i)})
		}
	}
	chart.Series = append(chart.Series, loglog.Series{Name: "0.1 % of the pot", X: []float64{lo, hi}, Y: []float64{0.1, 0.1}, Dashed: true, Color: color.Gray{Y: 120}})
	p, err := loglog.Plot(chart)
	if err != nil {
		return err
	}
	if err := b.Figure(p, "qre-spots-exploitability", `Exploitability (NashConv/2, % of the pot, by exact best
responses) of the agent QRE against λ (1/pot), log–log, at every point of the traced path on each spot;
dashed: the fit c/λ over λ ≥ λ*/4 (c in pots, the form of the QRE note's asymptotics) and 0.1 % of the pot.`,
		spotsCommand(runs, "pokerlab spot qre %s --lambda auto --json")); err != nil {
		return err
	}

	// The table of numbers.
	var rows [][]string
	numbers := map[string]any{}
	for _, r := range runs {
		st := r.st
		c := st.Comparisons[0]
		res := st.Results[0]
		maxEV, maxClass := 0.0, ""
		for p := range 2 {
			for _, ce := range c.ClassEV[p] {
				if math.Abs(ce.Difference) > math.Abs(maxEV) {
					maxEV, maxClass = ce.Difference, spot.PlayerName(p)+" "+ce.Class.String()
				}
			}
		}
		rows = append(rows, []string{r.name,
			fmt.Sprintf("%d it., %.3f %%", st.NashIters, st.NashEval.Percent),
			fmt.Sprintf("%.0f", st.Auto.Lambda),
			fmt.Sprintf("%.3f (slope %.2f)", st.C, st.Slope),
			fmt.Sprintf("%.1e", res.Residual),
			fmt.Sprintf("%.3f", c.MeanTV),
			fmt.Sprintf("%+.2f (%s)", maxEV, maxClass),
			fmt.Sprintf("%d", c.GhostCount),
			fmt.Sprintf("%.2f / %.3f", c.NashLossGhost, c.QRELossGhost),
			fmt.Sprintf("%.3f / %.3f", c.NashLossOther, c.QRELossOther),
			seconds(st.NashSeconds) + " / " + seconds(st.QRESeconds),
		})
		var ghosts []map[string]any
		for _, d := range c.Ghosts {
			ghosts = append(ghosts, map[string]any{"line": d.Line, "player": spot.PlayerName(d.Player), "nash_reach": d.NashReach, "qre_reach": d.QREReach, "nash_loss": d.NashLoss, "qre_loss": d.QRELoss})
		}
		var changes []map[string]any
		for _, h := range c.Changes {
			changes = append(changes, map[string]any{"line": h.Line, "player": spot.PlayerName(h.Player), "hand": h.Hand.String(), "tv": h.TV, "probability": h.Probability, "nash": h.Nash, "qre": h.QRE})
		}
		var path []map[string]any
		for _, p := range st.Path {
			path = append(path, map[string]any{"lambda": p.Lambda, "exploitability_pct": p.Percent})
		}
		numbers[r.name] = map[string]any{
			"nash_iterations": st.NashIters, "nash_exploitability_pct": st.NashEval.Percent, "nash_seconds": st.NashSeconds,
			"lambda_star": st.Auto.Lambda, "qre_exploitability_pct": res.Evaluation.Percent, "residual": res.Residual, "logit_regret": res.LogitRegret,
			"c": st.C, "slope": st.Slope, "fit_from": st.FitFrom, "fit_points": st.FitPoints,
			"mean_tv": c.MeanTV, "max_class_ev_difference": maxEV, "max_class": maxClass,
			"ghost_reach": c.GhostReach, "ghost_nodes": c.GhostCount,
			"nash_loss_ghost": c.NashLossGhost, "qre_loss_ghost": c.QRELossGhost, "nash_loss_other": c.NashLossOther, "qre_loss_other": c.QRELossOther,
			"qre_seconds": st.QRESeconds, "products": st.Stats.Products, "newton": st.Stats.Newton, "steps": st.Stats.Steps,
			"ghosts": ghosts, "changes": changes, "path": path, "path_error": st.ExtendError,
		}
	}
	b.Table(Table{
		Name: "qre-spots-summary",
		Caption: `The QRE at λ* against Nash on each spot: the Nash solution's iterations and exploitability;
λ* (1/pot); the coefficient c of the fit c/λ (pots) and the fitted log–log slope; the QRE's largest
residual; mean TV, the total variation between the two action distributions averaged over every decision
and hand, weighted by the QRE's probability of reaching it; the largest QRE − Nash difference of a
starting-hand class's EV at the root (chips); the ghost nodes; the losses (chips per hand at a node,
weighted by the QRE's probability of reaching it), Nash / QRE, at ghost nodes and elsewhere; and the
times of the two solves.`,
		Header: []template.HTML{"spot", "Nash", "λ*", "c (pots)", "residual", "mean TV", "largest class EV difference", "ghost nodes", "loss at ghosts", "loss elsewhere", "time Nash / QRE"},
		Rows:   rows,
	}, spotsCommand(runs, "pokerlab spot compare %s --json"))
	b.Number("spots", numbers)

	// Per spot: the most reached nodes, the ghost lines, the classes whose
	// EV moves most and the hands that change most.
	for _, r := range runs {
		c := r.st.Comparisons[0]
		nodes := slices.Clone(c.Nodes)
		slices.SortStableFunc(nodes, func(a, b spotqre.NodeDistance) int { return cmp.Compare(b.NashReach, a.NashReach) })
		var nrows [][]string
		for i, d := range nodes {
			if i == 8 {
				break
			}
			nrows = append(nrows, []string{lineOrRoot(d.Line), spot.PlayerName(d.Player), fmt.Sprintf("%.3f", d.NashReach), fmt.Sprintf("%.3f", d.TV),
				freqText(d.Actions, d.NashFreq), freqText(d.Actions, d.QREFreq)})
		}
		b.Table(Table{Name: "qre-spots-" + r.name + "-nodes",
			Caption: template.HTML(fmt.Sprintf("The %s spot's most reached decision nodes: the Nash profile's reach, the mean total variation between the two strategies over the hands (weighted by the QRE's probability of reaching the node with each) and the range frequencies of each action, Nash and QRE at λ*.", r.name)),
			Header:  []template.HTML{"node", "player", "Nash reach", "mean TV", "Nash", "QRE"}, Rows: nrows},
			fmt.Sprintf("pokerlab spot compare %s", r.file))
		var erows [][]string
		for p := range 2 {
			for i, ce := range c.ClassEV[p] {
				if i == 4 {
					break
				}
				erows = append(erows, []string{spot.PlayerName(p), ce.Class.String(), fmt.Sprintf("%.0f", ce.Combos), fmt.Sprintf("%.2f", ce.Nash), fmt.Sprintf("%.2f", ce.QRE), fmt.Sprintf("%+.2f", ce.Difference)})
			}
		}
		b.Table(Table{Name: "qre-spots-" + r.name + "-classes",
			Caption: template.HTML(fmt.Sprintf("The %s spot: each player's starting-hand classes whose EV at the root (chips) moves most between Nash and the QRE at λ*.", r.name)),
			Header:  []template.HTML{"player", "class", "combos", "Nash EV", "QRE EV", "QRE − Nash"}, Rows: erows},
			fmt.Sprintf("pokerlab spot compare %s", r.file))
		var grows [][]string
		for i, d := range c.Ghosts {
			if i == 6 {
				break
			}
			grows = append(grows, []string{d.Line, spot.PlayerName(d.Player), fmt.Sprintf("%.1e", d.NashReach), fmt.Sprintf("%.1e", d.QREReach),
				fmt.Sprintf("%.3f", d.NashLoss), fmt.Sprintf("%.4f", d.QRELoss), freqText(d.Actions, d.NashFreq), freqText(d.Actions, d.QREFreq)})
		}
		refs := fmt.Sprintf("[[tab:qre-spots-%s-nodes]] lists the %s spot's most reached decision nodes, [[tab:qre-spots-%s-classes]] the starting-hand classes whose EV moves most", r.name, r.name, r.name)
		if len(grows) > 0 {
			refs += fmt.Sprintf(", [[tab:qre-spots-%s-ghosts]] its ghost lines", r.name)
			b.Table(Table{Name: "qre-spots-" + r.name + "-ghosts",
				Caption: template.HTML(fmt.Sprintf("Ghost lines of the %s spot (Nash reach below %g), by the Nash strategy's loss there (chips per hand against a best response at the node): reach, loss and the range frequencies of each action under both profiles.", r.name, c.GhostReach)),
				Header:  []template.HTML{"node", "player", "Nash reach", "QRE reach", "Nash loss", "QRE loss", "Nash", "QRE"}, Rows: grows},
				fmt.Sprintf("pokerlab spot compare %s", r.file))
		}
		var crows [][]string
		for i, h := range c.Changes {
			if i == 6 {
				break
			}
			crows = append(crows, []string{lineOrRoot(h.Line), spot.PlayerName(h.Player), h.Hand.String(), fmt.Sprintf("%.3f", h.TV), freqText(h.Actions, h.Nash), freqText(h.Actions, h.QRE)})
		}
		b.Table(Table{Name: "qre-spots-" + r.name + "-changes",
			Caption: template.HTML(fmt.Sprintf("The hands of the %s spot whose action changes most between Nash and the QRE at λ* (ranked by the probability of the decision × the total variation).", r.name)),
			Header:  []template.HTML{"node", "player", "hand", "TV", "Nash", "QRE"}, Rows: crows},
			fmt.Sprintf("pokerlab spot compare %s", r.file))
		b.Text(template.HTML(refs + fmt.Sprintf(" and [[tab:qre-spots-%s-changes]] the hands whose play changes most.", r.name)))
	}

	// The conclusion, from the measured figures.
	var sr []spotRun
	for _, r := range runs {
		sr = append(sr, spotRun{r.name, r.st})
	}
	conclusion := qreSpotsConclusion(sr)
	b.Number("conclusion", conclusion)
	var grids []string
	for _, r := range runs {
		grids = append(grids, "[[fig:qre-spots-"+r.name+"-root]]")
		if r.st.Comparisons[0].GhostGridNode(1e-6) >= 0 {
			grids = append(grids, "[[fig:qre-spots-"+r.name+"-ghost]]")
		}
	}
	b.Answer(template.HTML(template.HTMLEscapeString(conclusion)+fmt.Sprintf(` (%s; the strategies side by side: %s.)`,
		"[[fig:qre-spots-exploitability]], [[tab:qre-spots-summary]]", strings.Join(grids, ", "))),
		template.HTML(qreSpotsFinding(sr)))
	return nil
}

// spotsDescription describes the section's spots in words: the board, the
// pot and stacks, the ranges' sizes and the bets, and why the turn spot is
// narrow.
func spotsDescription(runs []qreSpotRun, quick bool) string {
	var parts []string
	for _, r := range runs {
		sp := r.st.Game.Spot
		var combos [2]float64
		for p := range 2 {
			for _, w := range r.st.Game.Weights[p] {
				combos[p] += float64(w)
			}
		}
		parts = append(parts, fmt.Sprintf("a %s spot (%s: the board %s, a pot of %d and stacks of %d chips, ranges of %.0f combinations out of position and %.0f in position, %s)",
			r.name, r.file, strings.ReplaceAll(boardText(sp.Board), " ", ""), sp.Pot, sp.Stack, combos[0], combos[1], r.what))
	}
	s := "The spots: " + strings.Join(parts, " and ") + "."
	s += ` The river spot is the full-range turn spot of spot/testdata (turn-Td9d6hQc-pot200-stack900.toml) with the
river 2s; its path goes on to 2λ* and 4λ* for the fit. On the full-range turn spot itself the continuation's
cost grows faster than λ and λ* (extrapolated at 250–370) lies far beyond a report's time
(docs/benchmarks.md, “QRE on spots”), so `
	if quick {
		s += `the full report adds a narrow turn spot on the same board
(spot/testdata/turn-Td9d6hQc-narrow.toml); the quick report shows the river spot only.`
	} else {
		s += "the turn spot here is a narrow one on the same board, whose path stops at λ*."
	}
	return template.HTMLEscapeString(s)
}

// qreSpotsFinding is the section's result in one sentence.
func qreSpotsFinding(runs []spotRun) string {
	var parts []string
	close := 0
	for _, r := range runs {
		c := r.st.Comparisons[0]
		parts = append(parts, fmt.Sprintf("λ* = %.0f and a mean total variation of %.3f from the Nash strategy on the %s spot", r.st.Auto.Lambda, c.MeanTV, r.name))
		if c.MeanTV < 0.1 {
			close++
		}
	}
	verdict := "plays like Nash where play goes"
	if close < len(runs) {
		verdict = fmt.Sprintf("plays like Nash where play goes (total variation below 0.1) on %d of %d spots", close, len(runs))
	}
	return template.HTMLEscapeString("On No-Limit Hold'em spots the QRE at 0.1 % of the pot exploitable ("+strings.Join(parts, "; ")+") "+verdict) +
		" ([[sec:qre-spots]])."
}

// spotsCommand is the command format run on each spot's file, joined.
func spotsCommand(runs []qreSpotRun, format string) string {
	var cmds []string
	for _, r := range runs {
		cmds = append(cmds, fmt.Sprintf(format, r.file))
	}
	return strings.Join(cmds, " && ")
}

// spotRun is one spot's study, for the conclusion.
type spotRun struct {
	name string
	st   *spotqre.Study
}

// qreSpotsConclusion says in words what the figures of the studies show;
// every number and every comparison in it is computed from them.
func qreSpotsConclusion(runs []spotRun) string {
	var parts []string
	for _, r := range runs {
		st := r.st
		c := st.Comparisons[0]
		s := fmt.Sprintf("On the %s spot the QRE's exploitability reaches %.2g %% of the pot at λ* = %.0f; fitting c/λ to the path over λ ≥ %.0f gives c = %.3f pots, and the log–log slope there is %s (exactly c/λ would be −1).",
			r.name, st.Results[0].Evaluation.Percent, st.Auto.Lambda, st.FitFrom, st.C, fixed(st.Slope, 2))
		s += fmt.Sprintf(" At λ* its action distributions differ from the Nash solution's (%.3f %% of the pot) by a total variation of %.3f on average over the decisions played (weighted by how often they are reached), and the largest change of a starting-hand class's EV is %.2f chips on a pot of %d (%.2f %% of it).",
			st.NashEval.Percent, c.MeanTV, maxAbsClassEV(c), st.Game.Spot.Pot, 100*maxAbsClassEV(c)/float64(st.Game.Spot.Pot))
		switch {
		case c.GhostCount == 0:
			s += fmt.Sprintf(" The Nash profile reaches every decision with probability at least %g: there are no ghost lines to repair.", c.GhostReach)
		case c.NashLossGhost > c.QRELossGhost:
			s += fmt.Sprintf(" On the %d ghost nodes (Nash reach below %g) the Nash strategy loses %.3f chips per hand against a best response at the node and the QRE %.4f, %s; on the other nodes they lose %.3f and %.3f.",
				c.GhostCount, c.GhostReach, c.NashLossGhost, c.QRELossGhost, ratioText(c.NashLossGhost, c.QRELossGhost), c.NashLossOther, c.QRELossOther)
		default:
			s += fmt.Sprintf(" On the %d ghost nodes (Nash reach below %g) the QRE loses %.4f chips per hand against a best response at the node, no less than the Nash strategy's %.4f: here it does not repair them.",
				c.GhostCount, c.GhostReach, c.QRELossGhost, c.NashLossGhost)
		}
		parts = append(parts, s)
	}
	// The QRE note's two remarks, checked against the figures.
	var close, repaired, ghosts int
	for _, r := range runs {
		c := r.st.Comparisons[0]
		if c.MeanTV < 0.1 {
			close++
		}
		if c.GhostCount > 0 {
			ghosts++
			if c.NashLossGhost > c.QRELossGhost {
				repaired++
			}
		}
	}
	var verdict string
	if len(runs) == 1 {
		c := runs[0].st.Comparisons[0]
		if close == 1 {
			verdict = fmt.Sprintf("So the QRE at λ* plays like Nash where play goes (mean total variation %.3f, below 0.1)", c.MeanTV)
		} else {
			verdict = fmt.Sprintf("So the QRE at λ* does not play like Nash where play goes (mean total variation %.3f, not below 0.1)", c.MeanTV)
		}
		switch {
		case ghosts == 0:
			verdict += "."
		case repaired == 1:
			verdict += ", and on the ghost lines, where the equilibrium leaves the strategy unconstrained, it loses less than the Nash solution."
		default:
			verdict += ", and on the ghost lines it does not lose less than the Nash solution."
		}
	} else {
		verdict = fmt.Sprintf("So, on %d of %d spots the QRE at λ* plays like Nash where play goes (mean total variation below 0.1)", close, len(runs))
		if ghosts > 0 {
			verdict += fmt.Sprintf(", and on %d of the %d spots with ghost lines it loses less than the Nash solution there, where the equilibrium leaves the strategy unconstrained.", repaired, ghosts)
		} else {
			verdict += "."
		}
	}
	return strings.Join(parts, " ") + " " + verdict
}

// ratioText says how many times a is b.
func ratioText(a, b float64) string {
	if b <= 0 {
		return "which loses nothing"
	}
	return fmt.Sprintf("%.0f times less", a/b)
}

func lineOrRoot(l string) string {
	if l == "" {
		return "(root)"
	}
	return l
}

func nodeOf(c *spotqre.Comparison, n int32) spotqre.NodeDistance {
	for _, d := range c.Nodes {
		if d.Node == n {
			return d
		}
	}
	return spotqre.NodeDistance{}
}

func maxAbsClassEV(c *spotqre.Comparison) float64 {
	var m float64
	for p := range 2 {
		for _, ce := range c.ClassEV[p] {
			m = math.Max(m, math.Abs(ce.Difference))
		}
	}
	return m
}

func freqText(acts []spot.Action, f []float64) string {
	parts := make([]string, len(acts))
	for a, act := range acts {
		parts[a] = fmt.Sprintf("%s %.0f%%", act.String(), 100*f[a])
	}
	return strings.Join(parts, " ")
}

func fmtLambda(l float64) string { return fmt.Sprintf("%.6g", l) }

func boardText(cs []cards.Card) string { return cards.FormatCards(cs) }

func plotColor(i int) color.Color { return plotx.Color(i) }
