package npc

import (
	"math"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// MaxPreflopMixing is the largest Profile.PreflopMixing: a σ of half the
// range already makes every hand play every way.
const MaxPreflopMixing = 0.5

// Fitting the mixing (LearnMixing): the fewest first preflop decisions
// with known cards, and the share of the player's hands whose cards must
// be known — cards shown only at the showdown are a sample of the hands
// that did not fold, which says nothing about how a hand near a threshold
// splits between folding and playing.
const (
	minMixingDecisions = 200
	minMixingKnown     = 0.9
)

// knownDecision is a first preflop decision with the player's class.
type knownDecision struct {
	d     Decision
	class cards.StartingHand
}

// foldUnit folds x into [0, 1] by reflection at 0 and 1 (x = 1.2 gives
// 0.8, x = −0.1 gives 0.1): a uniform quantile plus any independent noise
// folded this way is uniform again (the even periodic extension of the
// uniform density is constant, and a convolution keeps a constant).
func foldUnit(x float64) float64 {
	x = math.Mod(math.Abs(x), 2)
	if x > 1 {
		x = 2 - x
	}
	return x
}

// normalQuantile returns Φ⁻¹(q), q in (0, 1).
func normalQuantile(q float64) float64 { return math.Sqrt2 * math.Erfinv(2*q-1) }

// intPhi returns ∫_{-∞}^{t} Φ(s) ds = tΦ(t) + φ(t).
func intPhi(t float64) float64 {
	// Beyond ±9, φ(t) < 10⁻¹⁷ and Φ(t) is 0 or 1 to double precision.
	if t > 9 {
		return t
	}
	if t < -9 {
		return 0
	}
	return t*0.5*math.Erfc(-t/math.Sqrt2) + math.Exp(-t*t/2)/math.Sqrt(2*math.Pi)
}

// mixImages is the number of images 2k ± x, |k| ≤ mixImages, the folded
// normal sums over: the next ones lie 4 or more from [0, 1], where with
// σ ≤ ½ they carry under Φ(−8) ≈ 10⁻¹⁵.
const mixImages = 2

// meanShare returns the mean over u uniform in [lo, hi] of
// P(foldUnit(u + σZ) ∈ [c, d]), Z standard normal: the share of a class
// whose quantiles span [lo, hi] that acts as the region [c, d] says. The
// preimages of [c, d] under the fold are [c + 2k, d + 2k] and
// [2k − d, 2k − c]; for each, the mean of Φ((b − u)/σ) over u has the
// closed form σ(I((b − lo)/σ) − I((b − hi)/σ))/(hi − lo), I = intPhi.
func meanShare(lo, hi, c, d, sigma float64) float64 {
	if d <= c {
		return 0
	}
	if sigma == 0 {
		if hi <= lo {
			if lo >= c && lo < d {
				return 1
			}
			return 0
		}
		return max(0, min(hi, d)-max(lo, c)) / (hi - lo)
	}
	point := hi-lo < 1e-9*sigma
	mid := (lo + hi) / 2
	cdf := func(b float64) float64 { // mean of P(u + σZ ≤ b)
		if point {
			return 0.5 * math.Erfc(-(b-mid)/(sigma*math.Sqrt2))
		}
		return sigma * (intPhi((b-lo)/sigma) - intPhi((b-hi)/sigma)) / (hi - lo)
	}
	var p float64
	for k := -mixImages; k <= mixImages; k++ {
		o := 2 * float64(k)
		p += cdf(d+o) - cdf(c+o) + cdf(o-c) - cdf(o-d)
	}
	return min(max(p, 0), 1)
}

// spanShares adds to share[i] the meanShare of [c, d] for the class
// spanning [bounds[i+1], bounds[i]] (bounds decreasing), every class at
// once: neighbours share a bound, so I is taken once per bound and image.
func spanShares(bounds []float64, c, d, sigma float64, share []float64) {
	if d <= c {
		return
	}
	var iv [numClasses + 1]float64
	for k := -mixImages; k <= mixImages; k++ {
		o := 2 * float64(k)
		for _, e := range [4]struct{ b, sign float64 }{{d + o, 1}, {c + o, -1}, {o - c, 1}, {o - d, -1}} {
			for j, y := range bounds {
				iv[j] = intPhi((e.b - y) / sigma)
			}
			for i := range share {
				hi, lo := bounds[i], bounds[i+1]
				if hi-lo < 1e-9*sigma {
					share[i] += e.sign * 0.5 * math.Erfc(-(e.b-(lo+hi)/2)/(sigma*math.Sqrt2))
					continue
				}
				share[i] += e.sign * sigma * (iv[i+1] - iv[i]) / (hi - lo)
			}
		}
	}
}

// regionShares returns the shares of the class spanning [lo, hi] that take
// each action of regions g under mixing σ.
func regionShares(g regions, lo, hi, sigma float64) [3]float64 {
	var p [3]float64
	for a := range 3 {
		ivs, n := g.intervals(a)
		for _, v := range ivs[:n] {
			p[a] += meanShare(lo, hi, v[0], v[1], sigma)
		}
	}
	return p
}

// classSpan returns the interval of quantiles [lo, hi] (1 = strongest)
// that class h takes in order when every class is in the range.
func classSpan(order *[numClasses]uint8, h cards.StartingHand) (lo, hi float64) {
	var total, above, mine float64
	seen := false
	for _, c := range order {
		m := classCombos[c]
		total += m
		if int(c) == int(h) {
			mine, seen = m, true
		} else if !seen {
			above += m
		}
	}
	return 1 - (above+mine)/total, 1 - above/total
}

// firstOrder returns the ordering the bot uses at a first preflop
// decision d with k opponents.
func (b *Bot) firstOrder(d *Decision) *[numClasses]uint8 {
	k := min(max(int(d.Opponents), 1), MaxPlayers-1)
	if o := b.posOrder[d.ctx.pos]; o != nil && d.ctx.firstIn {
		return &o[k-1]
	}
	return &b.order[k-1]
}

// LearnMixing fits Profile.PreflopMixing to the first preflop decisions of
// the hands whose cards are known: the σ in [0, MaxPreflopMixing] of the
// largest likelihood of the actions taken, each action's probability the
// share of the hand's class that the bot's regions give it under mixing σ
// (with the prediction's floor of uniform play, so that no action has
// probability 0), by golden-section search (the log-likelihood is
// unimodal in σ on the samples measured). It returns the σ, rounded to
// 0.01 %, and the decisions it used; ok is false when the sample is too
// small or the cards are known only in part of the hands (see
// minMixingKnown), and the profile's σ is then left as it is.
func LearnMixing(p *Profile, t *Tally, tab *Tables) (sigma float64, decisions int, ok bool, err error) {
	if len(t.first) < minMixingDecisions || float64(t.Known) < minMixingKnown*float64(t.Hands) {
		return p.PreflopMixing, len(t.first), false, nil
	}
	q := *p
	q.PreflopMixing = 0
	b, err := NewBot(&q, tab)
	if err != nil {
		return 0, 0, false, err
	}
	type sample struct {
		g      regions
		lo, hi float64
		d      *Decision
	}
	xs := make([]sample, len(t.first))
	for i := range t.first {
		k := &t.first[i]
		lo, hi := classSpan(b.firstOrder(&k.d), k.class)
		xs[i] = sample{g: makeRegions(b.ratesIn(k.d.Sit, k.d.ctx), 0), lo: lo, hi: hi, d: &k.d}
	}
	loglik := func(s float64) float64 {
		var ll float64
		for i := range xs {
			x := &xs[i]
			ll += math.Log(legalPrediction(regionShares(x.g, x.lo, x.hi, s), x.d)[x.d.Action])
		}
		return ll
	}
	const phi = 0.6180339887498949
	a, c := 0.0, MaxPreflopMixing
	x1, x2 := c-phi*(c-a), a+phi*(c-a)
	f1, f2 := loglik(x1), loglik(x2)
	for c-a > 1e-5 {
		if f1 >= f2 {
			c, x2, f2 = x2, x1, f1
			x1 = c - phi*(c-a)
			f1 = loglik(x1)
		} else {
			a, x1, f1 = x1, x2, f2
			x2 = a + phi*(c-a)
			f2 = loglik(x2)
		}
	}
	sigma = math.Round((a+c)/2*1e4) / 1e4
	if loglik(0) >= loglik(sigma) {
		sigma = 0
	}
	return sigma, len(xs), true, nil
}

// addFirst books h's first preflop decision when its cards are known.
func (t *Tally) addFirst(h *HandObs) {
	if !h.Known {
		return
	}
	t.Known++
	if len(h.Decisions) > 0 && h.Decisions[0].Sit.Street == holdem.Preflop {
		t.first = append(t.first, knownDecision{d: h.Decisions[0], class: h.Hole.Class()})
	}
}
