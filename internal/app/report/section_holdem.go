package report

import (
	"fmt"
	"html/template"
	"math"
	"math/rand/v2"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"pokerlab/cards"
	"pokerlab/equity"
	"pokerlab/handeval"
	"pokerlab/internal/figure/plotx"
)

var holdemSection = sectionFunc{
	id:    "holdem",
	title: "Hold'em: hand evaluation and equity",
	intro: template.HTML(`<p>The NPCs of the NPC design judge hand strength by Monte Carlo equity — the
expected share of the pot against random hands — at every decision, and their strength tables need
billions of showdowns, so the evaluator and the equity calculator must be as fast as the best C++
ones. Below: their throughput measured during this run (one thread), exact equities against
published values, and how the equity of a few starting hands falls with the number of random
opponents.</p>`),
	run: runHoldem,
}

func runHoldem(b *Builder) error {
	// Evaluator throughput on random 7-card hands.
	n := 4_000_000
	if b.Quick() {
		n = 1_000_000
	}
	r := rand.New(rand.NewPCG(b.Seed(), 1))
	hands := make([]cards.Set, 1<<16)
	for i := range hands {
		hands[i] = cards.Sample(r, cards.FullDeck, 7)
	}
	var sink handeval.Value
	start := time.Now()
	for i := 0; i < n; i++ {
		sink ^= handeval.Eval(hands[i&(len(hands)-1)])
	}
	nsPerHand := float64(time.Since(start).Nanoseconds()) / float64(n)
	_ = sink

	// Monte Carlo showdowns per second, heads-up, both hands random.
	mcSamples := int64(4_000_000)
	if b.Quick() {
		mcSamples = 1_000_000
	}
	rnd := []*equity.Range{equity.RandomRange(), equity.RandomRange()}
	mc, err := equity.Calculate(rnd, equity.Options{Method: equity.MonteCarlo, Samples: mcSamples, Seed: b.Seed()})
	if err != nil {
		return err
	}
	showdowns := float64(mc.Samples) / mc.Elapsed.Seconds()

	b.Table(Table{
		Caption: "Throughput on one thread, measured during this run (other work on the machine slows it). The targets are pokerlab's own goals for its evaluator and equity code: to be as fast as OMPEval, the fastest open C++ evaluator, on the same machine (docs/benchmarks.md).",
		Header:  []string{"what", "measured", "target", "reference"},
		Rows: [][]string{
			{"random 7-card hand, handeval.Eval", fmt.Sprintf("%.1f ns", nsPerHand), "≤ 5 ns", "OMPEval (C++) 2.8–4.4 ns"},
			{"Monte Carlo showdowns, random vs random", fmt.Sprintf("%.1f M/s", showdowns/1e6), "≥ 10 M/s", "OMPEval 10–16 M/s"},
		},
	}, "go test -run '^$' -bench 'Eval7Random|MonteCarlo' ./handeval ./equity")
	b.Number("eval_ns_per_hand", nsPerHand)
	b.Number("monte_carlo_showdowns_per_second", showdowns)

	// Exact equities against published values.
	type ref struct {
		hands []string
		want  float64
	}
	refs := []ref{
		{[]string{"AsKs", "QdQc"}, 0.46214457},
		{[]string{"AhAd", "KsKc"}, 0.81255490},
		{[]string{"AsAh", "KsKh", "QsQh"}, 0.67670251},
	}
	var rows [][]string
	var exact []map[string]any
	for _, rf := range refs {
		ranges := make([]*equity.Range, len(rf.hands))
		for i, h := range rf.hands {
			if ranges[i], err = equity.ParseRange(h); err != nil {
				return err
			}
		}
		res, err := equity.Calculate(ranges, equity.Options{Method: equity.Exact, Threads: -1})
		if err != nil {
			return err
		}
		got := res.Players[0].Equity
		label := rf.hands[0] + " vs " + rf.hands[1]
		if len(rf.hands) > 2 {
			label += " vs " + rf.hands[2]
		}
		rows = append(rows, []string{label, fmt.Sprintf("%.8f", got), fmt.Sprintf("%.8f", rf.want),
			fmt.Sprintf("%.1e", got-rf.want), fmt.Sprintf("%.1f ms", float64(res.Elapsed.Microseconds())/1000)})
		exact = append(exact, map[string]any{"matchup": label, "equity": got, "published": rf.want, "boards": res.Boards})
	}
	b.Table(Table{
		Caption: "Exact equity of the first hand, every board enumerated (up to suit symmetry), against published values.",
		Header:  []string{"matchup", "pokerlab", "published", "difference", "time"},
		Rows:    rows,
	}, "pokerlab equity AsKs QdQc --exact")
	b.Number("exact_equities", exact)

	// Equity against 1…8 random opponents.
	starting := []string{"AA", "KK", "AKs", "JTs", "77", "72o"}
	samples := 200_000
	if b.Quick() {
		samples = 20_000
	}
	p := plot.New()
	p.Title.Text = "Equity against random hands"
	p.X.Label.Text = "random opponents"
	p.Y.Label.Text = "pot-share equity"
	p.Y.Min, p.Y.Max = 0, 1
	p.Add(plotter.NewGrid())
	sampler := equity.NewSampler(b.Seed())
	curves := map[string][]float64{}
	for i, name := range starting {
		sh, err := cards.ParseStartingHand(name)
		if err != nil {
			return err
		}
		hole := sh.Combos()[0]
		pts := make(plotter.XYs, 8)
		for opp := 1; opp <= 8; opp++ {
			est := sampler.VsRandom(hole, 0, 0, opp, samples)
			pts[opp-1] = plotter.XY{X: float64(opp), Y: est.Equity}
			curves[name] = append(curves[name], est.Equity)
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return err
		}
		line.Color, points.Color = plotx.Color(i), plotx.Color(i)
		line.Width = vg.Points(1.5)
		p.Add(line, points)
		p.Legend.Add(name, line, points)
	}
	p.Legend.Top = true
	if err := b.Figure(p, "equity-vs-opponents",
		fmt.Sprintf("Pot-share equity of six starting hands against 1–8 random hands (Monte Carlo, %d deals each, standard error ≤ %.3f). This is the hand strength p of the NPC design before the flop.", samples, 0.5/math.Sqrt(float64(samples))),
		fmt.Sprintf("pokerlab equity AsAh --vs-random K --samples %d --seed %d   # K = 1…8; likewise KsKh, AsKs, JsTs, 7s7h, 7s2h (the figure uses the sampler behind it, so the last digits differ)", samples, b.Seed())); err != nil {
		return err
	}
	b.Number("equity_vs_random", curves)
	return nil
}
