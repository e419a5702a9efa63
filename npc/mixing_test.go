package npc

import (
	"bytes"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/hud"
)

// TestMixingKeepsEveryShare: over the whole range a region [c, d] keeps
// its share d − c under any mixing (the folded noise keeps a uniform
// quantile uniform), so the profile's rates are the rates played.
func TestMixingKeepsEveryShare(t *testing.T) {
	for _, sigma := range []float64{0.01, 0.05, 0.14, 0.3, MaxPreflopMixing} {
		for _, r := range [][2]float64{{0, 0.2}, {0.2, 0.75}, {0.75, 1}, {0, 1}, {0.4, 0.41}} {
			if got := meanShare(0, 1, r[0], r[1], sigma); math.Abs(got-(r[1]-r[0])) > 1e-12 {
				t.Errorf("σ %v, [%v, %v]: share %v over the range, want %v", sigma, r[0], r[1], got, r[1]-r[0])
			}
			// The same from a partition of the range into classes.
			bounds := []float64{1, 0.9, 0.9, 0.62, 0.5, 0.13, 0.02, 0}
			share := make([]float64, len(bounds)-1)
			spanShares(bounds, r[0], r[1], sigma, share)
			var sum float64
			for i := range share {
				sum += share[i] * (bounds[i] - bounds[i+1])
			}
			if math.Abs(sum-(r[1]-r[0])) > 1e-12 {
				t.Errorf("σ %v, [%v, %v]: classes' shares add to %v, want %v", sigma, r[0], r[1], sum, r[1]-r[0])
			}
		}
	}
}

// TestMeanShareIsTheFoldedNormal: the closed form equals sampling
// foldUnit(u + σz), u uniform in the class, within 4 standard errors, and
// spanShares equals it class by class (a zero-width class too).
func TestMeanShareIsTheFoldedNormal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 200000
	for _, c := range []struct{ lo, hi, a, b, sigma float64 }{
		{0.9, 0.97, 0.8, 1, 0.14}, {0.3, 0.6, 0.25, 0.8, 0.16}, {0, 0.05, 0, 0.1, 0.3}, {0.5, 0.5, 0.45, 0.7, 0.05},
	} {
		in := 0
		for range n {
			u := c.lo + (c.hi-c.lo)*rng.Float64()
			if x := foldUnit(u + c.sigma*rng.NormFloat64()); x >= c.a && x < c.b {
				in++
			}
		}
		p := float64(in) / n
		got := meanShare(c.lo, c.hi, c.a, c.b, c.sigma)
		if se := math.Sqrt(p * (1 - p) / n); math.Abs(got-p) > 4*se+1e-9 {
			t.Errorf("%+v: closed form %.5f, sampled %.5f ± %.5f", c, got, p, se)
		}
		share := []float64{0}
		spanShares([]float64{c.hi, c.lo}, c.a, c.b, c.sigma, share)
		if math.Abs(share[0]-got) > 1e-12 {
			t.Errorf("%+v: spanShares %v, meanShare %v", c, share[0], got)
		}
	}
}

// mixingTable is a six-handed table of the built-in regular whose first
// seat ("Mixer") plays with the given preflop mixing.
func mixingTable(t *testing.T, sigma float64) *Table {
	t.Helper()
	tb := &Table{SmallBlind: 1, BigBlind: 2, Stack: 200}
	for i := range 6 {
		p, err := Archetype("regular")
		if err != nil {
			t.Fatal(err)
		}
		name := "Reg" + string(rune('1'+i))
		if i == 0 {
			q := *p
			q.PreflopMixing = sigma
			p, name = &q, "Mixer"
		}
		tb.Seats = append(tb.Seats, Seat{Name: name, ProfileRef: "regular", Profile: p})
	}
	return tb
}

// mixerHands simulates the mixing table and observes Mixer's hands (every
// hole card is in the recorded history).
func mixerHands(t *testing.T, sigma float64, hands int, seed uint64) []HandObs {
	t.Helper()
	tb := mixingTable(t, sigma)
	var phh bytes.Buffer
	rec, err := NewRecorder(tb, &phh)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Simulate(tb, SimOptions{Hands: hands, Seed: seed, Threads: -1, HandSink: rec.Hand}); err != nil {
		t.Fatal(err)
	}
	o, err := Observe([]hud.File{{Name: "mixer.phhs", Data: phh.Bytes()}}, ObserveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h, err := o.ObservedPlayer("Mixer")
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestMixingKeepsTheRates: a regular playing with a preflop mixing of
// 15 % has the preflop stats of the regular without it (the same deals),
// within 2 standard errors of the difference.
func TestMixingKeepsTheRates(t *testing.T) {
	plain, mixed := TallyHands(mixerHands(t, 0, 8000, 11)), TallyHands(mixerHands(t, 0.15, 8000, 11))
	for _, s := range []Stat{VPIP, PFR, ThreeBet, Steal, FoldToThreeBet} {
		k0, n0 := plain.Counts.Taken[s], plain.Counts.Opps[s]
		k1, n1 := mixed.Counts.Taken[s], mixed.Counts.Opps[s]
		p0, p1 := float64(k0)/float64(n0), float64(k1)/float64(n1)
		se := math.Sqrt(p0*(1-p0)/float64(n0) + p1*(1-p1)/float64(n1))
		if math.Abs(p1-p0) > 2*se+0.005 {
			t.Errorf("%s: %.1f %% of %d without mixing, %.1f %% of %d with (se %.1f)", s.Key(), 100*p0, n0, 100*p1, n1, 100*se)
		}
	}
}

// TestLearnMixingFindsTheSigma: fitted on the first preflop decisions of a
// regular who mixes with σ = 12 %, LearnMixing finds σ within 2 points;
// on the same regular without mixing, under 2 points.
func TestLearnMixingFindsTheSigma(t *testing.T) {
	gen, err := Archetype("regular")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sigma, lo, hi float64 }{{0.12, 0.10, 0.14}, {0, 0, 0.02}} {
		tally := TallyHands(mixerHands(t, c.sigma, 6000, 12))
		got, n, ok, err := LearnMixing(gen, tally, nil)
		if err != nil || !ok {
			t.Fatalf("σ %v: %v, fitted %v on %d decisions", c.sigma, err, ok, n)
		}
		if got < c.lo || got > c.hi {
			t.Errorf("σ %v: fitted %v on %d decisions, want [%v, %v]", c.sigma, got, n, c.lo, c.hi)
		}
	}
}

// TestMixingNeedsCardsInEveryHand: cards seen only at the showdown do not
// fit a mixing (they are the hands that did not fold).
func TestMixingNeedsCardsInEveryHand(t *testing.T) {
	o := handHQ(t)
	for _, n := range o.Names {
		tally := TallyHands(o.Players[n])
		if _, _, ok, _ := LearnMixing(NewProfile(n), tally, nil); ok {
			t.Errorf("%s: a mixing fitted on %d of %d hands with cards known", n, tally.Known, tally.Hands)
		}
	}
}

// TestPreflopMixingReadsBack: the profile key round-trips through TOML,
// and a value outside 0–50 % is refused by name.
func TestPreflopMixingReadsBack(t *testing.T) {
	p, err := ParseProfile("name = \"m\"\n[play]\npreflop_mixing = 14.5\n", "m.toml")
	if err != nil {
		t.Fatal(err)
	}
	if p.PreflopMixing != 0.145 {
		t.Fatalf("read %v, want 0.145", p.PreflopMixing)
	}
	var b strings.Builder
	if err := p.WriteTOML(&b); err != nil {
		t.Fatal(err)
	}
	q, err := ParseProfile(b.String(), "m2.toml")
	if err != nil || q.PreflopMixing != p.PreflopMixing {
		t.Fatalf("read back %v (%v) from\n%s", q.PreflopMixing, err, b.String())
	}
	_, err = ParseProfile("name = \"m\"\n[play]\npreflop_mixing = 60\n", "bad.toml")
	if err == nil || !strings.Contains(err.Error(), "bad.toml:3") || !strings.Contains(err.Error(), "preflop_mixing") {
		t.Errorf("got %v, want an error at bad.toml:3 naming preflop_mixing", err)
	}
}

// TestPluribusClone validates a clone of a real player with 10,000 hands
// and every card shown (npc/testdata/pluribus: Pluribus, Brown & Sandholm
// 2019), odd/even: every rate with 100 held-out opportunities within 2
// points + 2 standard errors; every open size within 0.1 bb of the
// held-out median's interval; the preflop mixing fitted, and with it the
// preflop decisions given the cards (the first ones, and all of them
// with the range narrowed by the player's actions) predicted at least
// 10 % better than by the aggregate clone, even given the same mixing;
// the predictions without the cards at least 8 % better than the
// aggregate clone's (9.6 % measured).
func TestPluribusClone(t *testing.T) {
	o := observeFiles(t, nil, filepath.Join("testdata", "pluribus", "pluribus.phhs.gz"))
	rep, err := Validate(o, "Pluribus", ValidateOptions{Seed: 1, Threads: -1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Hands != 10000 {
		t.Fatalf("%d hands of Pluribus, want 10000", rep.Hands)
	}
	checked := 0
	for _, c := range rep.CheckedRates() {
		checked++
		if !c.Within {
			t.Errorf("%s: held out %.1f%% (%d), clone %.1f%% (%d), se %.1f", c.Key, 100*c.Held, c.HeldOpps, 100*c.Sim, c.SimOpps, 100*c.StdErr)
		}
	}
	opens := 0
	for _, s := range rep.Sizes {
		if s.Checked {
			opens++
			if !s.Within {
				t.Errorf("%s: held-out median %.2f (%.2f–%.2f), clone %.2f", s.Key, s.HeldMedian, s.HeldMedianLo, s.HeldMedianHi, s.SimMedian)
			}
		}
	}
	if checked < 40 || opens < 5 {
		t.Errorf("%d rates and %d open sizes checked", checked, opens)
	}
	if !rep.Mixing.Fitted || rep.Mixing.Sigma < 0.05 {
		t.Errorf("mixing %+v, want one fitted", rep.Mixing)
	}
	ll := map[string]float64{}
	for _, p := range append(rep.Prediction, rep.RangePrediction...) {
		ll[p.Model+","+p.Street] = p.LogLoss
	}
	for _, street := range []string{"preflop-known-cards", "preflop-with-cards"} {
		cards := ll["clone,"+street]
		for _, agg := range []string{"aggregate", "aggregate-with-mixing"} {
			if a := ll[agg+","+street]; !(cards < 0.9*a) {
				t.Errorf("%s: clone %.4f, %s %.4f", street, cards, agg, a)
			}
		}
	}
	cards := ll["clone,preflop-with-cards"]
	if c, a := ll["clone,preflop"], ll["aggregate,preflop"]; !(c < 0.92*a) {
		t.Errorf("preflop: clone %.4f, aggregate %.4f", c, a)
	}
	t.Logf("σ %.4f; preflop with the cards: clone %.4f, aggregate %.4f, with mixing %.4f; preflop: clone %.4f, aggregate %.4f; %v",
		rep.Mixing.Sigma, cards, ll["aggregate,preflop-with-cards"], ll["aggregate-with-mixing,preflop-with-cards"],
		ll["clone,preflop"], ll["aggregate,preflop"], rep.Elapsed)
}
