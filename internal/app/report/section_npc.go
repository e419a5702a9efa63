package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"path/filepath"
	"strings"

	"pokerlab/internal/base/atomicfile"
	"pokerlab/npc"
	"pokerlab/npc/npcplot"
)

func npcSection() sectionFunc {
	return sectionFunc{
		id:    "npc",
		title: "NPCs that reproduce their HUD stats",
		question: `The NPC design note's computer players are configured by the statistics poker players
	read on a HUD (VPIP, PFR, 3Bet, continuation bets, folds to them, donk bets, bets after a missed
	continuation bet, …). Do players built that way reproduce their configured statistics in play?`,
		method: `At each decision an NPC computes its hand strength p — its expected share of the pot
	against random hands, by Monte Carlo — and takes the most aggressive action when p lies above the
	quantile of the strength distribution φ<sub>n</sub>(p) of the hands that reach the decision, so that the
	configured proportions come out; because hands reaching later streets are filtered by the NPC's own
	earlier actions, which the note's preflop-range conditioning does not see, pokerlab calibrates the
	thresholds by simulation. A six-max table of archetypes then plays, and the HUD package measures
	every seat's statistics from the simulation's hand histories, with 95 % Wilson (1927) intervals.`,
		run: runNPC,
	}
}

// sixMaxTable is the report's table: six archetypes, 100 big blinds.
const sixMaxTable = `small_blind = 1
big_blind = 2
stack = 200

[[seats]]
name = "Nina"
profile = "nit"

[[seats]]
name = "Tom"
profile = "tag"

[[seats]]
name = "Lara"
profile = "lag"

[[seats]]
name = "Carl"
profile = "calling-station"

[[seats]]
name = "Max"
profile = "maniac"

[[seats]]
name = "Rita"
profile = "regular"
`

func runNPC(b *Builder) error {
	tables := npc.DefaultTables()
	if err := b.FigureSaved("npc-strength-3", `Density of φ₃(p), the distribution of the hand strength p (expected share of
the pot against two random hands) on the flop, turn and river, over all starting hands weighted by their
combinations, in 50 bins from the embedded strength tables. As in the NPC design note's figure, the river
distribution has mass at p = 0 and p = 1 and the flop is smooth.`,
		"pokerlab npc tables build --samples 12000 --seed 1 --threads 2 --out strength.bin   # how the embedded tables were built", func(path string) error {
			return atomicfile.Write(path, func(w io.Writer) error { return npcplot.PlotStrength(w, ext(path), tables, 3) })
		}); err != nil {
		return err
	}

	calHands, hands := 200_000, 200_000
	if b.Quick() {
		calHands, hands = 8_000, 20_000
	}
	table, err := npc.ParseTable(sixMaxTable, "report six-max table")
	if err != nil {
		return err
	}
	// The table file, so that the commands below run as written.
	if err := atomicfile.Write(filepath.Join(b.Dir(), "sixmax.toml"), func(w io.Writer) error {
		_, err := io.WriteString(w, sixMaxTable)
		return err
	}); err != nil {
		return err
	}
	// What "pokerlab sim" runs with these settings: calibration seeded by
	// seed ^ 0xC0FFEE over 6 rounds, then the simulation seeded by seed.
	simCommand := fmt.Sprintf("pokerlab sim --table %s --hands %d --calibrate-hands %d --seed %d",
		filepath.Join(b.Dir(), "sixmax.toml"), hands, calHands, b.Seed())
	if _, err := npc.Calibrate(table, npc.CalibrateOptions{Hands: calHands, Rounds: 6, Seed: b.Seed() ^ 0xC0FFEE, Threads: -1}); err != nil {
		return err
	}
	rec, err := npc.NewRecorder(table, nil)
	if err != nil {
		return err
	}
	res, err := npc.Simulate(table, npc.SimOptions{Hands: hands, Seed: b.Seed(), Threads: -1, HandSink: rec.Hand})
	if err != nil {
		return err
	}
	if err := rec.Err(); err != nil {
		return err
	}
	checks := rec.Check(res)
	var names []string
	for _, s := range table.Seats {
		names = append(names, fmt.Sprintf("%s (%s)", s.Name, s.ProfileRef))
	}
	if err := b.FigureSaved("npc-targets", template.HTML(fmt.Sprintf(`Measured against target value (%% of the stat's
opportunities) of every stat with at least %d opportunities, one marker per seat, over %d simulated hands
after calibration on 6 × %d hands; dashed: measured = target.`, npc.MinCheckedOpportunities, hands, calHands)),
		simCommand+" --json", func(path string) error {
			return atomicfile.Write(path, func(w io.Writer) error {
				return npcplot.PlotTargets(w, ext(path), names, checks, npc.MinCheckedOpportunities)
			})
		}); err != nil {
		return err
	}

	var rows, few [][]string
	var unmeasured []string
	checked, ok, worst := 0, 0, 0.0
	seats := map[string]any{}
	for i, seat := range table.Seats {
		stats := map[string]any{}
		var none []string
		for _, c := range checks[i] {
			if c.Opportunities == 0 {
				none = append(none, c.Stat.Key())
				continue
			}
			row := []string{seat.Name + " (" + seat.ProfileRef + ")", c.Stat.Key(),
				fmt.Sprintf("%.1f", 100*c.Target), fmt.Sprintf("%.1f", 100*c.Measured),
				fmt.Sprintf("%d", c.Opportunities), fmt.Sprintf("%.1f–%.1f", 100*c.CI95[0], 100*c.CI95[1])}
			if c.Opportunities >= npc.MinCheckedOpportunities {
				checked++
				status := "ok"
				if c.OK {
					ok++
				} else {
					status = "OFF"
				}
				worst = math.Max(worst, math.Abs(c.Measured-c.Target)/(c.Tolerance+2*c.StdErr))
				rows = append(rows, append(row, status))
			} else {
				few = append(few, append(row, "not checked (few opportunities)"))
			}
			stats[c.Stat.Key()] = map[string]any{"target": 100 * c.Target, "measured": 100 * c.Measured,
				"opportunities": c.Opportunities, "ci95": []float64{100 * c.CI95[0], 100 * c.CI95[1]}, "ok": c.OK}
		}
		if len(none) > 0 {
			unmeasured = append(unmeasured, fmt.Sprintf("%s: %s", seat.Name, strings.Join(none, ", ")))
		}
		seats[seat.Name] = map[string]any{"profile": seat.ProfileRef, "stats": stats, "not_measured": none}
	}
	hps := float64(res.Hands) / res.Elapsed.Seconds()
	b.Text(template.HTML(fmt.Sprintf(`[[fig:npc-strength-3]] shows the strength distributions the thresholds are
quantiles of; [[fig:npc-targets]] and [[tab:npc-stats]] the stats the six seats produced. A stat is within
tolerance when it is within 2 percentage points of its target (1 for VPIP, PFR, 3Bet and flop CB) plus two
standard errors of the measurement. The simulation played %.0f hands per second on all cores, with every
hand recorded for the HUD.`, hps)))
	b.Table(Table{
		Name:    "npc-stats",
		Caption: template.HTML(fmt.Sprintf("The stats measured on at least %d opportunities, checked against their targets: target and measured value (%% of opportunities), opportunities, 95 %% Wilson interval.", npc.MinCheckedOpportunities)),
		Header:  []template.HTML{"seat", "stat", "target", "measured", "opportunities", "95 % interval", "check"},
		Rows:    rows,
		Folded:  few,
		Summary: fmt.Sprintf("%d more stats measured on fewer than %d opportunities (too few to check)", len(few), npc.MinCheckedOpportunities),
	}, simCommand)
	if len(unmeasured) > 0 {
		b.Text(template.HTML(template.HTMLEscapeString("Not measured (no opportunity in these hands): " + strings.Join(unmeasured, "; ") + ".")))
	}
	lead, verdict := "Yes", "every one of them is reproduced"
	if ok < checked {
		lead, verdict = "Mostly", fmt.Sprintf("%d are not", checked-ok)
	}
	b.Answer(template.HTML(fmt.Sprintf(`%s: %d of the %d stats measured on at least %d opportunities are within
tolerance of their targets (%s; the largest error is %.2f of its allowance), so calibrated quantile
thresholds reproduce a HUD profile ([[fig:npc-targets]], [[tab:npc-stats]]).`, lead, ok, checked, npc.MinCheckedOpportunities, verdict, worst)),
		template.HTML(fmt.Sprintf(`Simulated NPCs reproduce %d of their %d checked HUD stats within tolerance ([[sec:npc]]).`, ok, checked)))
	b.Number("hands", hands)
	b.Number("calibration_hands", calHands)
	b.Number("hands_per_second", hps)
	b.Number("checked", checked)
	b.Number("within_tolerance", ok)
	b.Number("worst_error_over_allowance", worst)
	b.Number("seats", seats)
	return nil
}

// ext returns a figure file's format ("svg" or "png") from its extension.
func ext(path string) string { return filepath.Ext(path)[1:] }
