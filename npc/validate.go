package npc

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"time"

	"pokerlab/cards"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// ValidateOptions configures Validate.
type ValidateOptions struct {
	// Holdout is the share of the player's hands held out, drawn at random
	// with Seed; 0 splits by hand order instead (odd hands to learn from,
	// even hands held out).
	Holdout float64
	Seed    uint64
	// Hands is the number of simulated hands (0: 20,000).
	Hands int
	// CalibrateHands is the hands per calibration round (0: 6,000; 3
	// rounds); negative: no calibration.
	CalibrateHands int
	Threads        int
	Tables         *Tables
}

// Validation tolerances: a clone passes where its play and the player's
// differ by no more than the samples can tell apart, plus a slack.
const (
	// ValidateTolerance is the slack of a rate, added to two combined
	// standard errors (2 points).
	ValidateTolerance = 0.02
	// ValidateMinOpportunities: a rate is checked when the held-out hands
	// give it this many opportunities.
	ValidateMinOpportunities = 100
	// ValidateOpenTolerance: an open size's simulated median is within
	// this many big blinds of the held-out median's 95 % interval.
	ValidateOpenTolerance = 0.1
	// validateMinSizes: a size distribution is checked with this many
	// held-out bets.
	validateMinSizes = 30
	// predictFloor is the share of uniform play mixed into every predicted
	// distribution, so that an action the model rules out costs ln(1/0.0033)
	// rather than infinity.
	predictFloor = 0.01
)

// RateCompare compares one rate of the clone's simulated play with the
// held-out hands.
type RateCompare struct {
	Key string
	// Held, Learn and Sim are taken/opportunities of the held-out hands,
	// of the hands the clone was learned from and of the clone's simulated
	// hands.
	HeldTaken, HeldOpps, LearnTaken, LearnOpps, SimTaken, SimOpps int64
	Held, Learn, Sim                                              float64
	// StdErr is the standard error of Sim − Held: √(Σ p(1−p)/n) over the
	// three samples — the held-out one, the simulated one, and the one the
	// clone learned from, whose error the clone carries into its play.
	StdErr float64
	// Checked: HeldOpps ≥ ValidateMinOpportunities; Within: |Sim − Held| ≤
	// ValidateTolerance + 2·StdErr.
	Checked, Within bool
}

// SizeCompare compares a learned bet-size spot.
type SizeCompare struct {
	Key                   string
	HeldN, SimN           float64
	HeldMedian, SimMedian float64
	HeldMean, SimMean     float64
	HeldStdErr, SimStdErr float64 // of the means
	// LearnMedian is the learning part's median: the player's own two
	// samples, as far apart as sampling puts them.
	LearnMedian float64
	// HeldMedianLo and HeldMedianHi are the held-out median's 95 %
	// interval, distribution-free: the sample quantiles at ½ ∓ 0.98/√n
	// (the binomial ranks of the median's order-statistic interval).
	HeldMedianLo, HeldMedianHi float64
	// Checked and Within: opens only, the simulated median within
	// ValidateOpenTolerance of the held-out median's interval.
	Checked, Within         bool
	HeldValues, HeldWeights []float64
	SimValues, SimWeights   []float64
}

// RangeCompare compares the strength of the hands shown: entering the pot
// (entry), at the showdown by pot type (showdown.srp, ...) and by line
// (showdown.srp.b/x/c: Tally.Lines), as the mean heads-up preflop equity
// of the classes.
type RangeCompare struct {
	Key               string
	HeldN, SimN       float64
	Held, Sim, StdErr float64
	Checked, Within   bool // HeldN ≥ 30: within 0.01 + 2·StdErr
}

// PredictionScore is a model's prediction of the held-out decisions: the
// mean log loss −ln p(action taken) of the action distribution the
// model's policy gives in that exact situation (its rates, with
// predictFloor of uniform play over the legal actions), and the share of
// decisions whose most likely action was taken.
type PredictionScore struct {
	Model     string // "clone", "aggregate", "population"
	Street    string // "preflop", "postflop", "all"
	Decisions int
	LogLoss   float64
	Accuracy  float64
}

// SituationScore is the preflop prediction of the held-out decisions of
// one kind at one position (Kind.String, Position.Key): the mean log loss
// of each model on them, in the order of ValidateReport.Prediction's
// models (clone, aggregate, population).
type SituationScore struct {
	Kind, Position string
	Decisions      int
	Models         []string
	LogLoss        []float64
}

// ValidateReport is the result of Validate.
type ValidateReport struct {
	Player             string
	Hands, Learn, Held int
	SimHands           int
	Players            int
	StackBB            float64
	Rates              []RateCompare
	Sizes              []SizeCompare
	Ranges             []RangeCompare
	Prediction         []PredictionScore
	// Situations breaks the preflop prediction down by situation: one row
	// per decision kind and position of the held-out decisions, every model
	// scored on the same decisions, in kind then position order.
	Situations      []SituationScore
	RangePrediction []PredictionScore // first preflop decisions with known cards
	// Mixing is the clone's preflop mixing, where it was fitted.
	Mixing                  MixingFit
	Clone, Aggregate, Popul *Profile
	Elapsed                 time.Duration
}

// Validate splits a player's hands, clones the player from one part
// (Learn, the priors fitted on the other players and the learning part)
// and tests the clone on the other: (a) it plays Hands hands at a table
// like the player's (the most common number of players, the median stack,
// the population profile in the other seats, all calibrated) and every
// rate (the HUD stats, the rates by position, the stats by pot type), the
// bet-size distributions and the strength of the hands shown are compared
// with the held-out hands', with the standard errors of the samples
// (RateCompare.StdErr); (b) it
// predicts every held-out decision, as do the population profile and the
// aggregate clone (Clone, the stats alone with the 50-opportunity cliff),
// scored by log loss and accuracy.
func Validate(o *Observed, player string, opt ValidateOptions) (*ValidateReport, error) {
	start := time.Now()
	hands, err := o.ObservedPlayer(player)
	if err != nil {
		return nil, err
	}
	if opt.Holdout < 0 || opt.Holdout >= 1 || math.IsNaN(opt.Holdout) {
		return nil, fmt.Errorf("npc: validate: holdout %v is not in [0, 1)", opt.Holdout)
	}
	learn, held := splitHands(hands, opt.Holdout, opt.Seed)
	if len(learn) == 0 || len(held) == 0 {
		return nil, fmt.Errorf("player %q has %d hands: too few to hold some out", player, len(hands))
	}
	if opt.Hands == 0 {
		opt.Hands = 20000
	}
	if opt.CalibrateHands == 0 {
		opt.CalibrateHands = 6000
	}
	rep := &ValidateReport{Player: player, Hands: len(hands), Learn: len(learn), Held: len(held), SimHands: opt.Hands}
	var pop []*Tally
	others := &Tally{}
	for _, n := range o.Names {
		if n == player {
			continue
		}
		t := TallyHands(o.Players[n])
		pop = append(pop, t)
		others.Add(t)
	}
	learnT := TallyHands(learn)
	pop = append(pop, learnT)
	cl, err := Learn(learnT, player+"-clone", LearnOptions{Population: pop, Tables: opt.Tables})
	if err != nil {
		return nil, err
	}
	agg, err := Clone(learnT.Counts, learnT.Hands, player+"-aggregate", CloneOptions{})
	if err != nil {
		return nil, err
	}
	popT := &Tally{}
	popT.Add(others)
	popT.Add(learnT)
	pp, err := Learn(popT, "population", LearnOptions{Population: pop})
	if err != nil {
		return nil, err
	}
	rep.Clone, rep.Aggregate, rep.Popul = cl.Profile, agg.Profile, pp.Profile

	// (b) Prediction of the held-out decisions.
	models := []struct {
		name string
		p    *Profile
	}{{"clone", cl.Profile}, {"aggregate", agg.Profile}, {"population", pp.Profile}}
	bots := make([]*Bot, len(models))
	names := make([]string, len(models))
	for i, m := range models {
		b, err := NewBot(m.p, opt.Tables)
		if err != nil {
			return nil, err
		}
		bots[i], names[i] = b, m.name
		rep.Prediction = append(rep.Prediction, scoreDecisions(b, m.name, held)...)
	}
	rep.Situations = scoreSituations(bots, names, held)
	// The cards' part: first preflop decisions with known cards, the
	// clone with and without its learned ranges and mixing, and the
	// aggregate clone as it plays (no mixing) and with the clone's.
	noRange := *cl.Profile
	noRange.RangeGiven = [NumPositions]bool{}
	noMix := *cl.Profile
	noMix.PreflopMixing = 0
	aggMix := *agg.Profile
	aggMix.PreflopMixing = cl.Profile.PreflopMixing
	withCards := []struct {
		name string
		p    *Profile
	}{{"clone", cl.Profile}, {"clone-without-ranges", &noRange}}
	if cl.Mixing.Fitted {
		rep.Mixing = cl.Mixing
		withCards = append(withCards, []struct {
			name string
			p    *Profile
		}{{"clone-without-mixing", &noMix}, {"aggregate", agg.Profile}, {"aggregate-with-mixing", &aggMix}}...)
	}
	for _, m := range withCards {
		b, err := NewBot(m.p, opt.Tables)
		if err != nil {
			return nil, err
		}
		if s, ok := scoreKnownCards(b, m.name, held); ok {
			rep.RangePrediction = append(rep.RangePrediction, s)
		}
	}
	// Every preflop decision, with the cards where known (the decisions
	// of the "preflop" rows).
	known := false
	for i := range held {
		known = known || held[i].Known
	}
	if known {
		for _, m := range []struct {
			name string
			p    *Profile
		}{{"clone", cl.Profile}, {"aggregate", agg.Profile}, {"aggregate-with-mixing", &aggMix}} {
			if m.name == "aggregate-with-mixing" && !cl.Mixing.Fitted {
				continue
			}
			b, err := NewBot(m.p, opt.Tables)
			if err != nil {
				return nil, err
			}
			rep.RangePrediction = append(rep.RangePrediction, scoreWithCards(b, m.name, held))
		}
	}

	// (a) The clone at a table like the player's.
	tb := likeTable(hands, cl.Profile, pp.Profile)
	rep.Players, rep.StackBB = len(tb.Seats), float64(tb.Stack)/float64(tb.BigBlind)
	if opt.CalibrateHands > 0 {
		if _, err := Calibrate(tb, CalibrateOptions{Hands: opt.CalibrateHands, Rounds: 3, Seed: opt.Seed + 17, Threads: opt.Threads, Tables: opt.Tables}); err != nil {
			return nil, err
		}
	}
	sim := &Tally{}
	for i := range sim.Sizes {
		sim.Sizes[i] = sizeHist{}
	}
	var hc hud.HandCounts
	if _, err := Simulate(tb, SimOptions{Hands: opt.Hands, Seed: opt.Seed + 29, Threads: opt.Threads, Tables: opt.Tables,
		HandSink: func(i int, g *holdem.Hand) {
			hud.Tally(g, &hc)
			obs := observeHand(g, &hc, i)
			sim.add(&obs[0])
		}}); err != nil {
		return nil, err
	}
	heldT := TallyHands(held)
	rep.Rates = compareRates(heldT, learnT, sim)
	rep.Sizes = compareSizes(heldT, learnT, sim)
	tab := opt.Tables
	if tab == nil {
		tab = DefaultTables()
	}
	rep.Ranges = compareRanges(heldT, sim, tab)
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// splitHands splits by hand order (holdout 0: odd hands, the 1st, 3rd,
// ..., to learn from, the even ones held out, counted per position: at a
// table the button moves every hand, so the player's hands taken
// alternately overall would put some positions wholly in one part) or at
// random with the seed.
func splitHands(hands []HandObs, holdout float64, seed uint64) (learn, held []HandObs) {
	if holdout == 0 {
		var seen [NumPositions]int
		for i := range hands {
			k := seen[hands[i].Pos]
			seen[hands[i].Pos]++
			if k%2 == 0 {
				learn = append(learn, hands[i])
			} else {
				held = append(held, hands[i])
			}
		}
		return learn, held
	}
	r := rand.New(rand.NewPCG(seed, 0x7E57))
	idx := r.Perm(len(hands))
	k := int(math.Round(holdout * float64(len(hands))))
	out := make([]bool, len(hands))
	for _, i := range idx[:k] {
		out[i] = true
	}
	for i := range hands {
		if out[i] {
			held = append(held, hands[i])
		} else {
			learn = append(learn, hands[i])
		}
	}
	return learn, held
}

// likeTable returns a table like the player's: the most common number of
// players, the median starting stack (big blind 100 chips), the clone in
// seat 1 and the population in the others.
func likeTable(hands []HandObs, clone, pop *Profile) *Table {
	var count [holdem.MaxSeats + 1]int
	stacks := make([]float64, 0, len(hands))
	for i := range hands {
		count[hands[i].Players]++
		stacks = append(stacks, hands[i].StackBB)
	}
	n := 6
	best := 0
	for k := holdem.MinSeats; k <= MaxSeats; k++ {
		if count[k] > best {
			n, best = k, count[k]
		}
	}
	slices.Sort(stacks)
	st := 100.0
	if len(stacks) > 0 {
		st = stacks[len(stacks)/2]
	}
	st = min(max(st, 10), 1000)
	tb := &Table{SmallBlind: 50, BigBlind: 100, Stack: int64(math.Round(st * 100))}
	tb.Seats = append(tb.Seats, Seat{Name: "clone", ProfileRef: "clone", Profile: clone})
	for i := 1; i < n; i++ {
		tb.Seats = append(tb.Seats, Seat{Name: fmt.Sprintf("population%d", i), ProfileRef: "population", Profile: pop})
	}
	return tb
}

// predict returns the model's action distribution (fold, check/call,
// bet/raise) at a recorded decision.
func predict(b *Bot, d *Decision) [3]float64 {
	r := b.ratesIn(d.Sit, d.ctx)
	p := [3]float64{r.fold, r.pass, r.aggr}
	return legalPrediction(p, d)
}

// legalPrediction moves the weight of actions d did not allow to
// check/call and mixes in predictFloor of uniform play over the legal
// actions, so no decision the player made has probability 0.
func legalPrediction(p [3]float64, d *Decision) [3]float64 {
	if !d.CanFold {
		p[1] += p[0]
		p[0] = 0
	}
	if !d.CanRaise {
		p[1] += p[2]
		p[2] = 0
	}
	legal := 1.0
	if d.CanFold {
		legal++
	}
	if d.CanRaise {
		legal++
	}
	for a := range p {
		if (a == 0 && !d.CanFold) || (a == 2 && !d.CanRaise) {
			continue
		}
		p[a] = (1-predictFloor)*p[a] + predictFloor/legal
	}
	return p
}

// scoreDecisions scores a bot's predictions of every decision of hands.
func scoreDecisions(b *Bot, name string, hands []HandObs) []PredictionScore {
	var s [3]PredictionScore // preflop, postflop, all
	for i, st := range []string{"preflop", "postflop", "all"} {
		s[i] = PredictionScore{Model: name, Street: st}
	}
	for i := range hands {
		for j := range hands[i].Decisions {
			d := &hands[i].Decisions[j]
			p := predict(b, d)
			ll := -math.Log(p[d.Action])
			hit := 0.0
			if best := argmax3(p); best == int(d.Action) {
				hit = 1
			}
			k := 1
			if d.Sit.Street == holdem.Preflop {
				k = 0
			}
			for _, x := range []int{k, 2} {
				s[x].Decisions++
				s[x].LogLoss += ll
				s[x].Accuracy += hit
			}
		}
	}
	for i := range s {
		if s[i].Decisions > 0 {
			s[i].LogLoss /= float64(s[i].Decisions)
			s[i].Accuracy /= float64(s[i].Decisions)
		}
	}
	return s[:]
}

// scoreSituations scores the bots' predictions of the preflop decisions
// of hands by kind and position.
func scoreSituations(bots []*Bot, names []string, hands []HandObs) []SituationScore {
	type cell struct {
		n  int
		ll []float64
	}
	var cells [numKinds][NumPositions]*cell
	for i := range hands {
		for j := range hands[i].Decisions {
			d := &hands[i].Decisions[j]
			if d.Sit.Street != holdem.Preflop {
				continue
			}
			c := cells[d.Sit.Kind][d.ctx.pos]
			if c == nil {
				c = &cell{ll: make([]float64, len(bots))}
				cells[d.Sit.Kind][d.ctx.pos] = c
			}
			c.n++
			for m, b := range bots {
				p := predict(b, d)
				c.ll[m] += -math.Log(p[d.Action])
			}
		}
	}
	var out []SituationScore
	for k := range Kind(numKinds) {
		for pos := range Position(NumPositions) {
			c := cells[k][pos]
			if c == nil {
				continue
			}
			for m := range c.ll {
				c.ll[m] /= float64(c.n)
			}
			out = append(out, SituationScore{Kind: k.String(), Position: pos.Key(), Decisions: c.n, Models: names, LogLoss: c.ll})
		}
	}
	return out
}

func argmax3(p [3]float64) int {
	best := 0
	for a := 1; a < 3; a++ {
		if p[a] > p[best] {
			best = a
		}
	}
	return best
}

// cardActionProbs returns the action distribution of the bot's first
// preflop decision d given its hole cards: the share of the class's
// interval of quantiles (in the ordering the bot uses there, its range
// still whole) that its regions give each action under the profile's
// preflop mixing (regionShares).
func cardActionProbs(b *Bot, d *Decision, h cards.StartingHand) [3]float64 {
	lo, hi := classSpan(b.firstOrder(d), h)
	g := makeRegions(b.ratesIn(d.Sit, d.ctx), 0)
	return legalPrediction(regionShares(g, lo, hi, b.prof.PreflopMixing), d)
}

// rangeSpan returns the interval of quantiles [lo, hi] class h takes in
// order within range w (1 = strongest); ok is false when w gives h no
// weight.
func rangeSpan(w *[numClasses]float64, order *[numClasses]uint8, h cards.StartingHand) (lo, hi float64, ok bool) {
	var total, above, mine float64
	seen := false
	for _, c := range order {
		m := w[c] * classCombos[c]
		total += m
		if int(c) == int(h) {
			mine, seen = m, true
		} else if !seen {
			above += m
		}
	}
	if total == 0 || mine == 0 {
		return 0, 0, false
	}
	return 1 - (above+mine)/total, 1 - above/total, true
}

// scoreWithCards scores the bot's predictions of every preflop decision of
// hands, given the cards where they are known: the share of the class's
// quantiles in the range the bot's model says reaches the decision (the
// whole range first, then narrowed by each action the player took, as the
// bot's own range is) that its regions give each action under the
// profile's mixing; the rates alone where the cards are unknown (or the
// player's actions have left the class out of the model's range). The
// decisions are the "preflop" ones of scoreDecisions, so the two compare.
func scoreWithCards(b *Bot, name string, hands []HandObs) PredictionScore {
	s := PredictionScore{Model: name, Street: "preflop-with-cards"}
	sigma := b.prof.PreflopMixing
	for i := range hands {
		h := &hands[i]
		var w [numClasses]float64
		for c := range w {
			w[c] = 1
		}
		tracked := h.Known
		for j := range h.Decisions {
			d := &h.Decisions[j]
			if d.Sit.Street != holdem.Preflop {
				break
			}
			order := b.firstOrder(d)
			r := b.ratesIn(d.Sit, d.ctx)
			var p [3]float64
			if tracked {
				lo, hi, ok := rangeSpan(&w, order, h.Hole.Class())
				if tracked = ok; ok {
					p = legalPrediction(regionShares(makeRegions(r, 0), lo, hi, sigma), d)
				}
			}
			if !tracked {
				p = predict(b, d)
			}
			s.Decisions++
			s.LogLoss += -math.Log(p[d.Action])
			if argmax3(p) == int(d.Action) {
				s.Accuracy++
			}
			if tracked {
				if d.Action == 1 && !d.CanRaise {
					r = rates{pass: r.pass + r.aggr, fold: r.fold} // the raise region had to call
				}
				ivs, n := makeRegions(r, 0).intervals(int(d.Action))
				restrictRange(&w, order, ivs, n, sigma)
			}
		}
	}
	if s.Decisions > 0 {
		s.LogLoss /= float64(s.Decisions)
		s.Accuracy /= float64(s.Decisions)
	}
	return s
}

// scoreKnownCards scores the bot's card-conditioned predictions of the
// first preflop decision of every hand whose cards are known.
func scoreKnownCards(b *Bot, name string, hands []HandObs) (PredictionScore, bool) {
	s := PredictionScore{Model: name, Street: "preflop-known-cards"}
	for i := range hands {
		h := &hands[i]
		if !h.Known || len(h.Decisions) == 0 || h.Decisions[0].Sit.Street != holdem.Preflop {
			continue
		}
		d := &h.Decisions[0]
		p := cardActionProbs(b, d, h.Hole.Class())
		s.Decisions++
		s.LogLoss += -math.Log(p[d.Action])
		if argmax3(p) == int(d.Action) {
			s.Accuracy++
		}
	}
	if s.Decisions == 0 {
		return s, false
	}
	s.LogLoss /= float64(s.Decisions)
	s.Accuracy /= float64(s.Decisions)
	return s, true
}

// compareRates compares every rate the held-out hands measure.
func compareRates(held, learn, sim *Tally) []RateCompare {
	var out []RateCompare
	add := func(key string, hk, hn, lk, ln, sk, sn int64) {
		if hn == 0 {
			return
		}
		c := RateCompare{Key: key, HeldTaken: hk, HeldOpps: hn, LearnTaken: lk, LearnOpps: ln, SimTaken: sk, SimOpps: sn,
			Held: float64(hk) / float64(hn), Learn: math.NaN(), Sim: math.NaN()}
		v := c.Held * (1 - c.Held) / float64(hn)
		if ln > 0 {
			c.Learn = float64(lk) / float64(ln)
			v += c.Learn * (1 - c.Learn) / float64(ln)
		}
		if sn > 0 {
			c.Sim = float64(sk) / float64(sn)
			c.StdErr = math.Sqrt(v + c.Sim*(1-c.Sim)/float64(sn))
		}
		c.Checked = hn >= ValidateMinOpportunities
		c.Within = sn > 0 && math.Abs(c.Sim-c.Held) <= ValidateTolerance+2*c.StdErr
		out = append(out, c)
	}
	for s := range Stat(NumStats) {
		add(s.Key(), held.Counts.Taken[s], held.Counts.Opps[s], learn.Counts.Taken[s], learn.Counts.Opps[s], sim.Counts.Taken[s], sim.Counts.Opps[s])
	}
	for pos := range Position(NumPositions) {
		for ps := range NumPosStats {
			h, l, m := held.Pre[pos][ps], learn.Pre[pos][ps], sim.Pre[pos][ps]
			add("position."+pos.Key()+"."+ps.Key(), h[0], h[1], l[0], l[1], m[0], m[1])
		}
	}
	for pt := range 2 {
		for ip, side := range []string{"ip", "oop"} {
			for s := range Stat(NumStats) {
				h, l, m := &held.Pot[pt][ip], &learn.Pot[pt][ip], &sim.Pot[pt][ip]
				add(potTypeKeys[pt+1]+"."+side+"."+s.Key(), h.Taken[s], h.Opps[s], l.Taken[s], l.Opps[s], m.Taken[s], m.Opps[s])
			}
		}
	}
	return out
}

// compareSizes compares every size spot the held-out hands show. An open
// size is within when the clone's median is within ValidateOpenTolerance
// of the held-out median's 95 % interval: a player whose opens are half
// 2 bb and half 2.25 bb has a median that sampling alone moves by 0.25 bb
// between two halves of the same hands (LearnMedian shows it), which a
// fixed 0.1 bb around the held-out median would count against the clone.
func compareSizes(held, learn, sim *Tally) []SizeCompare {
	var out []SizeCompare
	for s := range NumSizeSpots {
		hd, ld, sd := held.Sizes[s].dist(), learn.Sizes[s].dist(), sim.Sizes[s].dist()
		if hd.Empty() {
			continue
		}
		c := SizeCompare{Key: s.Key(), HeldN: hd.Total(), SimN: sd.Total(), HeldMedian: hd.Median(), SimMedian: sd.Median(),
			LearnMedian: ld.Median(), HeldValues: hd.Values, HeldWeights: hd.Weights, SimValues: sd.Values, SimWeights: sd.Weights}
		half := 0.98 / math.Sqrt(c.HeldN)
		c.HeldMedianLo, c.HeldMedianHi = hd.Quantile(max(0.5-half, 0)), hd.Quantile(min(0.5+half, 1))
		c.HeldMean, c.HeldStdErr = distMean(&hd)
		c.SimMean, c.SimStdErr = distMean(&sd)
		if s < SizeThreeBetIP {
			c.Checked = c.HeldN >= validateMinSizes
			c.Within = !sd.Empty() && c.SimMedian >= c.HeldMedianLo-ValidateOpenTolerance-1e-9 &&
				c.SimMedian <= c.HeldMedianHi+ValidateOpenTolerance+1e-9
		}
		out = append(out, c)
	}
	return out
}

// distMean returns the mean of a distribution and its standard error.
func distMean(d *SizeDist) (mean, se float64) {
	n := d.Total()
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	for i, v := range d.Values {
		mean += d.Weights[i] * v
	}
	mean /= n
	var ss float64
	for i, v := range d.Values {
		ss += d.Weights[i] * (v - mean) * (v - mean)
	}
	if n > 1 {
		se = math.Sqrt(ss / (n - 1) / n)
	}
	return mean, se
}

// compareRanges compares the mean heads-up preflop equity of the classes
// shown entering the pot and at the showdown by pot type.
func compareRanges(held, sim *Tally, tab *Tables) []RangeCompare {
	var out []RangeCompare
	moments := func(w *[numClasses]float64) (n, mean, se float64) {
		for h := range cards.StartingHand(numClasses) {
			n += w[h]
			mean += w[h] * tab.PreflopEquity(h, 1)
		}
		if n == 0 {
			return 0, math.NaN(), math.NaN()
		}
		mean /= n
		var ss float64
		for h := range cards.StartingHand(numClasses) {
			d := tab.PreflopEquity(h, 1) - mean
			ss += w[h] * d * d
		}
		if n > 1 {
			se = math.Sqrt(ss / (n - 1) / n)
		}
		return n, mean, se
	}
	add := func(key string, hw, sw *[numClasses]float64) {
		hn, hm, hs := moments(hw)
		if hn == 0 {
			return
		}
		sn, sm, ss := moments(sw)
		c := RangeCompare{Key: key, HeldN: hn, SimN: sn, Held: hm, Sim: sm, StdErr: math.Sqrt(hs*hs + ss*ss)}
		c.Checked = hn >= 30
		c.Within = sn > 0 && math.Abs(sm-hm) <= 0.01+2*c.StdErr
		out = append(out, c)
	}
	var he, se [numClasses]float64
	for pos := range NumPositions {
		for h := range numClasses {
			he[h] += held.Entry[pos][h]
			se[h] += sim.Entry[pos][h]
		}
	}
	add("entry", &he, &se)
	for pt := range 3 {
		add("showdown."+potTypeKeys[pt], &held.Shown[pt], &sim.Shown[pt])
	}
	// The showdowns by line, for the lines shown at least 10 times in the
	// held-out hands.
	var none [numClasses]float64
	for _, k := range slices.Sorted(maps.Keys(held.Lines)) {
		hw := held.Lines[k]
		var n float64
		for _, x := range hw {
			n += x
		}
		if n < 10 {
			continue
		}
		sw := sim.Lines[k]
		if sw == nil {
			sw = &none
		}
		add("showdown."+k, hw, sw)
	}
	return out
}

// CheckedRates returns the checked rates, the failing first, then by key.
func (r *ValidateReport) CheckedRates() []RateCompare {
	var out []RateCompare
	for _, c := range r.Rates {
		if c.Checked {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return !out[i].Within && out[j].Within })
	return out
}
