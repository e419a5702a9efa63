package npc

import (
	"fmt"
	"math"

	"pokerlab/holdem"
)

// CalibrateOptions configures Calibrate.
type CalibrateOptions struct {
	// Hands per round (0 means 50,000).
	Hands int
	// Rounds of simulation (0 means 6).
	Rounds int
	Seed   uint64
	// Threads as in SimOptions.
	Threads int
	Tables  *Tables
	// MinSamples is the number of decisions a situation needs before it gets
	// a map of its own (0 means 30); fewer keep the map pooled over the
	// position variants, or the NPC design note's model (identity).
	MinSamples int
	// Progress, if non-nil, is called after each round.
	Progress func(round int, res *SimResult)
}

// CalibrateReport says what calibration found per seat.
type CalibrateReport struct {
	Rounds int
	Seats  []SeatCalibration
}

// SeatCalibration is the calibration of one seat and any target it could
// not reach.
type SeatCalibration struct {
	OpenRate, ColdCall float64
	Maps               int
	// Infeasible lists stats whose free rate hit its bound (the other stats
	// of the profile imply a different value at this table).
	Infeasible []string
}

// Calibrate corrects the thresholds of every seat of table t by simulation
// until the measured stats match the profile's, in place: the seats'
// profiles get a Calibration.
//
// The NPC design note's model conditions the strength distribution on the
// preflop range only, and within a street the policy conditions exactly on
// its own earlier actions (the hand's p does not change); across streets the
// range is further filtered by the NPC's flop and turn actions, which the
// model does not see. Each round plays Hands hands, collects for every
// postflop situation the model quantiles u of the hands that reach it, and
// sets the situation's map to their empirical distribution function, so that
// in the next round the calibrated quantile ũ is uniform over the hands that
// really reach the decision and the design note's rule (the top share bets,
// the bottom share folds) gives the stats exactly. Flop situations depend
// only on preflop play and converge in one round, the turn in two, the river
// in three (a decision after a check on the same street one more); the maps
// of a round come from the later half of the rounds so far. Preflop, the two
// free rates (first-in raises where no steal applies, and calls of a single
// raise) are moved by Newton steps with the measured sensitivities until PFR
// and VPIP match. Facing situations where raising was often illegal (an
// all-in bet) get a factor that restores the raise share the HUD counts.
func Calibrate(t *Table, opt CalibrateOptions) (*CalibrateReport, error) {
	if opt.Hands == 0 {
		opt.Hands = 50000
	}
	if opt.Rounds == 0 {
		opt.Rounds = 6
	}
	if opt.MinSamples == 0 {
		opt.MinSamples = 30
	}
	if opt.Hands < 0 || opt.Rounds < 0 {
		return nil, fmt.Errorf("npc: calibrate: %d hands, %d rounds", opt.Hands, opt.Rounds)
	}
	rep := &CalibrateReport{Rounds: opt.Rounds, Seats: make([]SeatCalibration, len(t.Seats))}
	for i := range t.Seats {
		p := *t.Seats[i].Profile
		p.Calibration = Calibration{}
		p.Calibration.reset()
		t.Seats[i].Profile = &p
	}
	rounds := make([][]SeatSim, 0, opt.Rounds)
	for round := range opt.Rounds {
		res, err := Simulate(t, SimOptions{Hands: opt.Hands, Seed: opt.Seed + uint64(round)*0x9E37, Threads: opt.Threads,
			Tables: opt.Tables, Quantiles: true})
		if err != nil {
			return nil, err
		}
		for i := range t.Seats {
			p := *t.Seats[i].Profile
			p.Calibration = p.Calibration.clone()
			bot, err := NewBot(&p, opt.Tables)
			if err != nil {
				return nil, err
			}
			sc := &rep.Seats[i]
			sc.Infeasible = nil
			p.Calibration.OpenRate, p.Calibration.ColdCall = calibratePreflop(&p, bot, &res.Seats[i], sc)
			// Maps from the later half of the rounds so far: their upstream
			// decisions were already calibrated.
			var acc SeatSim
			for _, r := range rounds[(round+1)/2:] {
				acc.add(&r[i])
			}
			acc.add(&res.Seats[i])
			p.Calibration.Maps = quantileMaps(acc.Quantiles, opt.MinSamples)
			p.Calibration.RaiseScale = raiseScales(&acc, opt.MinSamples)
			sc.OpenRate, sc.ColdCall, sc.Maps = p.Calibration.OpenRate, p.Calibration.ColdCall, len(p.Calibration.Maps)
			t.Seats[i].Profile = &p
		}
		rounds = append(rounds, res.Seats)
		if opt.Progress != nil {
			opt.Progress(round+1, res)
		}
	}
	return rep, nil
}

// calibratePreflop returns the next open and cold-call rates: a Newton step
// on PFR through the open rate (every first-in raise or isolation adds one
// hand with a raise), then on what remains of the VPIP error through the
// cold-call rate.
func calibratePreflop(p *Profile, b *Bot, s *SeatSim, sc *SeatCalibration) (open, cold float64) {
	open, cold = b.openRate, b.coldCall
	hands := float64(s.Policy.Opps[PFR])
	if hands == 0 {
		return open, cold
	}
	total := func(k Kind) float64 { return float64(s.Kinds[k][0] + s.Kinds[k][1] + s.Kinds[k][2]) }
	nOpen := total(PreOpen) + total(PreOption)
	nCold := total(PreVsRaise)
	pfr := float64(s.Policy.Taken[PFR]) / hands
	vpip := float64(s.Policy.Taken[VPIP]) / hands
	dOpen := 0.0
	if nOpen > 0 {
		want := open + (p.Stats[PFR]-pfr)*hands/nOpen
		next := clamp01(want)
		if math.Abs(next-want) > 1e-9 && math.Abs(p.Stats[PFR]-pfr) > 0.005 {
			sc.Infeasible = append(sc.Infeasible, fmt.Sprintf("pfr: %.1f%% measured with open rate %.0f%%", 100*pfr, 100*next))
		}
		dOpen = next - open
		open = next
	}
	if nCold > 0 {
		gap := p.Stats[VPIP] - vpip - dOpen*nOpen/hands
		want := cold + gap*hands/nCold
		next := min(max(want, 0), 1-p.Stats[ThreeBet])
		if math.Abs(next-want) > 1e-9 && math.Abs(gap) > 0.005 {
			sc.Infeasible = append(sc.Infeasible, fmt.Sprintf("vpip: %.1f%% measured with cold-call rate %.0f%%", 100*vpip, 100*next))
		}
		cold = next
	}
	return open, cold
}

// quantileMaps turns collected quantiles into calibration maps: knot i of a
// situation's map is the (i/(MapKnots−1))-quantile of the model quantiles
// seen there. Every (kind, street) also gets a map pooled over the position
// variants; a variant's own map is shrunk toward the pooled one and the
// pooled one toward the identity with weight N/(N + n0) for N decisions
// (n0 = 300 on the flop, 10 elsewhere),
// so that situations seen rarely do not get noisy maps. (The variants
// differ a lot: out of position the hands facing a bet after a missed CB
// are far stronger in the model's terms than in position, so a variant
// falls back to the pooled map only when it has almost no data.)
func quantileMaps(hists [][quantileBins]uint32, minSamples int) map[string][]float64 {
	if hists == nil {
		return nil
	}
	// The design note's model is nearly exact on the flop (the ranges entering
	// it are tracked exactly, the flop decisions after an own check exactly
	// truncated), so flop maps leave it slowly; preflop (card removal) and on
	// the turn and river (ranges filtered by earlier streets) the data take over
	// quickly.
	n0 := [holdem.NumStreets]float64{10, 300, 10, 10}
	maps := map[string][]float64{}
	knots := func(h *[quantileBins]uint32) ([]float64, float64) {
		var n uint64
		for _, c := range h {
			n += uint64(c)
		}
		if n == 0 {
			return nil, 0
		}
		m := make([]float64, MapKnots)
		for k := range MapKnots {
			m[k] = histQuantile(h, n, float64(k)/float64(MapKnots-1))
		}
		return m, float64(n)
	}
	shrink := func(m, prior []float64, n, n0 float64) []float64 {
		lam := n / (n + n0)
		out := make([]float64, MapKnots)
		for k := range out {
			p := float64(k) / float64(MapKnots-1)
			if prior != nil {
				p = prior[k]
			}
			out[k] = lam*m[k] + (1-lam)*p
		}
		return out
	}
	for kind := range numKinds {
		for st := range holdem.Street(holdem.NumStreets) {
			var pooled [quantileBins]uint32
			for v := range NumVariants {
				sit := Situation{Kind: kind, Street: st, Variant: v}
				if !sit.valid() {
					continue
				}
				for b, c := range hists[sitIndex(sit)] {
					pooled[b] += c
				}
			}
			pm, pn := knots(&pooled)
			if pn < float64(minSamples) {
				continue
			}
			prior := shrink(pm, nil, pn, n0[st])
			maps[Situation{Kind: kind, Street: st, Variant: allVariants}.Key()] = prior
			for v := range NumVariants {
				sit := Situation{Kind: kind, Street: st, Variant: v}
				if !sit.valid() {
					continue
				}
				if m, n := knots(&hists[sitIndex(sit)]); n >= float64(minSamples) {
					maps[sit.Key()] = shrink(m, prior, n, n0[st])
				}
			}
		}
	}
	return maps
}

// raiseScales returns, for the facing situations where raising was often
// illegal (the bet put the player all in), the factor 1/q that restores the
// raise share among the opportunities the HUD counts.
func raiseScales(s *SeatSim, minSamples int) map[string]float64 {
	out := map[string]float64{}
	for i, n := range s.Decisions {
		sit := sitFromIndex(i)
		// Only the raise stats whose opportunity does not require a legal
		// raise (hud: Raise to CB, Donk, BMCB); 3Bet and 4Bet count only
		// decisions where raising was possible.
		switch sit.Kind {
		case PostVsCBet, PostVsDonk, PostVsBMCB:
		default:
			continue
		}
		if n < int64(minSamples) {
			continue
		}
		q := 1 - float64(s.NoRaise[i])/float64(n)
		if q < 0.99 && q > 0.01 {
			out[sit.Key()] = 1 / q
		}
	}
	return out
}

// histQuantile returns the q-quantile of a histogram on [0, 1] with n
// samples, linear within bins.
func histQuantile(h *[quantileBins]uint32, n uint64, q float64) float64 {
	target := q * float64(n)
	var run float64
	first, last := -1, -1
	for b, c := range h {
		if c > 0 {
			if first < 0 {
				first = b
			}
			last = b
		}
	}
	if q <= 0 {
		return float64(first) / quantileBins
	}
	if q >= 1 {
		return float64(last+1) / quantileBins
	}
	for b, c := range h {
		if c == 0 {
			continue
		}
		if run+float64(c) >= target {
			return (float64(b) + (target-run)/float64(c)) / quantileBins
		}
		run += float64(c)
	}
	return float64(last+1) / quantileBins
}
