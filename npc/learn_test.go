package npc

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// observeFiles reads and observes hand-history files.
func observeFiles(t testing.TB, rules *holdem.RuleSet, paths ...string) *Observed {
	t.Helper()
	files, err := hud.ReadFiles(paths, nil)
	if err != nil {
		t.Fatal(err)
	}
	o, err := Observe(files, ObserveOptions{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func handHQ(t testing.TB) *Observed {
	m, _ := filepath.Glob(filepath.Join("..", "testdata", "handhq", "*.phhs"))
	return observeFiles(t, nil, m...)
}

// population returns every player's tally.
func population(o *Observed) []*Tally {
	var pop []*Tally
	for _, n := range o.Names {
		pop = append(pop, TallyHands(o.Players[n]))
	}
	return pop
}

// TestObserveCountsAreTheHUD: the HUD tallies Observe keeps for every
// player of the real HandHQ hands add up to what `pokerlab hud` reports.
func TestObserveCountsAreTheHUD(t *testing.T) {
	o := handHQ(t)
	m, _ := filepath.Glob(filepath.Join("..", "testdata", "handhq", "*.phhs"))
	files, _ := hud.ReadFiles(m, nil)
	res, err := hud.TallyFiles(files, hud.FilesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if int64(o.Hands) != res.Hands || o.Skipped != len(res.Skipped) || len(o.Players) != len(res.Tracker.Players()) {
		t.Fatalf("observed %d hands (%d skipped, %d players), the HUD %d (%d, %d)", o.Hands, o.Skipped, len(o.Players),
			res.Hands, len(res.Skipped), len(res.Tracker.Players()))
	}
	for _, n := range o.Names {
		c, hands, _ := PlayerCounts(res.Tracker, n)
		if got := TallyHands(o.Players[n]); got.Counts != c || got.Hands != hands {
			t.Fatalf("%s: observed counts differ from the HUD's", n)
		}
	}
}

// TestRFIByPositionMatchesBruteForce: the raise-first-in rate by position
// learned from the real hands equals a direct count over the replayed
// events (folded to the player: the first voluntary action of the hand is
// theirs, with no raise or call before).
func TestRFIByPositionMatchesBruteForce(t *testing.T) {
	m, _ := filepath.Glob(filepath.Join("..", "testdata", "handhq", "*.phhs"))
	var want [NumPositions][2]int64
	var r hh.Replayer
	for _, f := range m {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hands, err := hh.Parse(f, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			if r.Replay(h) != nil {
				continue
			}
			g := &r.Hand
			// Preflop actions in order until the first that is not a fold:
			// each is a first-in opportunity of its seat.
			for _, e := range g.Events() {
				if !e.Kind.IsAction() || e.Street != holdem.Preflop {
					continue
				}
				pos := positionOf(g.Players(), (int(e.Seat)-g.Button()+g.Players())%g.Players())
				want[pos][1]++
				if e.Kind == holdem.EvBet || e.Kind == holdem.EvRaise {
					want[pos][0]++
				}
				if e.Kind != holdem.EvFold {
					break
				}
			}
		}
	}
	o := handHQ(t)
	got := &Tally{}
	for _, p := range population(o) {
		got.Add(p)
	}
	for pos := range Position(NumPositions) {
		if g := got.Pre[pos][RFI]; g != want[pos] {
			t.Errorf("%s: RFI %d/%d, the direct count %d/%d", pos, g[0], g[1], want[pos][0], want[pos][1])
		}
	}
}

// TestLearnedProfileReadsBack: the profile learned from the real hands'
// most frequent player (342 hands) validates, and written and read back
// is the same profile, tables and sizes and ranges included.
func TestLearnedProfileReadsBack(t *testing.T) {
	o := handHQ(t)
	const who = "X+u4T/E5ANkyZLKm1YjqwQ"
	res, err := Learn(TallyHands(o.Players[who]), who, LearnOptions{Population: population(o)})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := res.Profile.WriteTOML(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ParseProfile(b.String(), "learned.toml")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	p := res.Profile
	for _, c := range []struct {
		what       string
		orig, read any
	}{
		{"rates by position", p.Preflop, back.Preflop}, {"pot-type stats", p.Pot, back.Pot}, {"sizes", p.BetSizes, back.BetSizes},
		{"ranges", p.Ranges, back.Ranges}, {"stats", p.Stats, back.Stats},
	} {
		if !reflect.DeepEqual(c.orig, c.read) {
			t.Errorf("the learned profile's %s read back different", c.what)
		}
	}
	for _, want := range []string{"[position.btn]", "[srp.ip]", "[three_bet_pot.oop]", "[bet_sizes]", "open_btn = ", "[ranges."} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the learned profile has no %s", want)
		}
	}
	if len(res.Sources) <= NumStats {
		t.Fatalf("%d sources", len(res.Sources))
	}
}

// TestShrinkageFollowsTheSample: a value with no opportunity is the
// population's, a value with many is the player's own, and in between it
// lies between them (the real hands' most frequent player).
func TestShrinkageFollowsTheSample(t *testing.T) {
	o := handHQ(t)
	res, err := Learn(TallyHands(o.Players["X+u4T/E5ANkyZLKm1YjqwQ"]), "x", LearnOptions{Population: population(o)})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, s := range res.Sources {
		kinds[s.Source]++
		switch s.Source {
		case SourcePopulation:
			if s.Opportunities != 0 || math.Abs(s.Value-s.Prior.Mean()) > 1e-12 {
				t.Errorf("%s: %+v", s.Key, s)
			}
		default:
			lo, hi := min(s.Observed, s.Prior.Mean()), max(s.Observed, s.Prior.Mean())
			if s.Key[:3] != "pos" && !strings.Contains(s.Key, ".") && (s.Value < lo-1e-9 || s.Value > hi+1e-9) && s.Key != "pfr" && s.Key != "vpip" {
				t.Errorf("%s: value %v outside [%v, %v]", s.Key, s.Value, lo, hi)
			}
		}
	}
	if kinds[SourcePlayer] == 0 || kinds[SourceShrunk] == 0 || kinds[SourcePopulation] == 0 {
		t.Fatalf("sources %v: want all three", kinds)
	}
}

// TestLearnFromKnownCards: the PokerKit hands show every player's cards,
// so every first-in entry is counted in the learned ranges.
func TestLearnFromKnownCards(t *testing.T) {
	rules := holdem.PokerKit
	o := observeFiles(t, &rules, filepath.Join("..", "testdata", "pokerkit", "random_1000.phhs"))
	if o.Skipped != 0 {
		t.Fatalf("%d hands skipped", o.Skipped)
	}
	res, err := Learn(TallyHands(o.Players["p1"]), "p1", LearnOptions{Population: population(o)})
	if err != nil {
		t.Fatal(err)
	}
	var entries, firstIn float64
	for _, h := range o.Players["p1"] {
		if !h.Known {
			t.Fatal("a PokerKit hand without p1's cards")
		}
		if d := h.Decisions; len(d) > 0 && d[0].Sit.Street == holdem.Preflop && d[0].ctx.firstIn && d[0].Action > 0 &&
			(d[0].Sit.Kind == PreOpen || d[0].Sit.Kind == PreSteal) {
			firstIn++
		}
	}
	for pos := range NumPositions {
		for _, x := range res.Profile.Ranges[pos] {
			entries += x
		}
	}
	if entries == 0 || entries != firstIn {
		t.Fatalf("ranges hold %v entries, the hands %v first-in entries", entries, firstIn)
	}
}

// TestLearnSiteText: a player of the PokerStars and GGPoker fixtures is
// cloned with positions and sizes.
func TestLearnSiteText(t *testing.T) {
	o := observeFiles(t, nil, filepath.Join("..", "hh", "testdata", "pokerstars"), filepath.Join("..", "hh", "testdata", "ggpoker"))
	best := ""
	for _, n := range o.Names {
		if len(o.Players[n]) > len(o.Players[best]) {
			best = n
		}
	}
	if len(o.Players[best]) < 10 {
		t.Fatalf("the most frequent player %q has %d hands", best, len(o.Players[best]))
	}
	res, err := Learn(TallyHands(o.Players[best]), best, LearnOptions{Population: population(o)})
	if err != nil {
		t.Fatal(err)
	}
	given := 0
	for pos := range NumPositions {
		for s := range NumPosStats {
			if res.Profile.PreflopGiven[pos][s] {
				given++
			}
		}
	}
	if given == 0 {
		t.Fatal("no rate by position learned from the site text")
	}
}

// TestProfileSpotErrors: bad optional tables are rejected with the key
// and the reason.
func TestProfileSpotErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"[position.xx]\nrfi = 10", "unknown position \"xx\""},
		{"[position.btn]\nrfii = 10", "position.btn.rfii"},
		{"[position.btn]\nrfi = 120", "want a percentage from 0 to 100"},
		{"[position.btn]\nrfi = 80\nlimp = 30", "position.btn.rfi + limp"},
		{"[srp.mp]\ncbet_flop = 50", "unknown position \"mp\": want ip, oop"},
		{"[srp.ip]\nvpip = 50", "preflop stat"},
		{"[srp.ip]\nfold_to_cbet_flop = 70\nraise_cbet_flop = 40", "srp.ip.fold_to_cbet_flop + raise_cbet_flop"},
		{"[bet_sizes]\nopen_xx = [[2, 1]]", "unknown size"},
		{"[bet_sizes]\nopen_btn = [[0.5, 1]]", "size 0.5 is out of range"},
		{"[bet_sizes]\nopen_btn = [[2, 0]]", "weight 0 is not positive"},
		{"[bet_sizes]\nopen_btn = 2", "want a list of [size, weight] pairs"},
		{"[ranges.btn]\nAKx = 1", "not a hand class"},
		{"[ranges.btn]\nAKs = -1", "want a positive count"},
	} {
		_, err := ParseProfile("name = \"x\"\n"+c.src+"\n", "bad.toml")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "bad.toml") {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}

// person returns the synthetic person's hands (npc/testdata/person: a
// regular who opens, defends and sizes by position and plays small pairs
// and suited connectors from the cutoff), 10,000 hands at a six-handed
// table of the built-in regular, as PHH, observed.
var person = sync.OnceValues(func() (*Observed, error) {
	tb, err := ReadTableFile(filepath.Join("testdata", "person", "table.toml"))
	if err != nil {
		return nil, err
	}
	var phh bytes.Buffer
	rec, _ := NewRecorder(tb, &phh)
	if _, err := Simulate(tb, SimOptions{Hands: 10000, Seed: 3, Threads: -1, HandSink: rec.Hand}); err != nil {
		return nil, err
	}
	return Observe([]hud.File{{Name: "person.phhs", Data: phh.Bytes()}}, ObserveOptions{})
})

// TestPolicyPlaysPositionRates: the person's raise-first-in rate at each
// position, measured over its hands, is the rate its profile gives there
// (within 2 points + 2 standard errors), and its button opens follow the
// learned-size distribution (2.2 bb three times in four, else 2.5).
func TestPolicyPlaysPositionRates(t *testing.T) {
	o, err := person()
	if err != nil {
		t.Fatal(err)
	}
	tal := TallyHands(o.Players["Person"])
	for _, c := range []struct {
		pos  string
		want float64
	}{{"utg", 0.13}, {"hj", 0.19}, {"co", 0.28}, {"btn", 0.46}, {"sb", 0.38}} {
		pos, _ := PositionByKey(c.pos)
		k, n := tal.Pre[pos][RFI][0], tal.Pre[pos][RFI][1]
		got := float64(k) / float64(n)
		if se := math.Sqrt(c.want * (1 - c.want) / float64(n)); math.Abs(got-c.want) > 0.02+2*se {
			t.Errorf("%s: RFI %.1f%% over %d, profile %.0f%%", c.pos, 100*got, n, 100*c.want)
		}
	}
	d := tal.Sizes[SizeOpen+SizeSpot(7)].dist() // BTN
	var small, all float64
	for i, v := range d.Values {
		all += d.Weights[i]
		if v == 2.2 {
			small += d.Weights[i]
		} else if v != 2.5 {
			t.Errorf("button open of %v bb", v)
		}
	}
	if se := math.Sqrt(0.75 * 0.25 / all); math.Abs(small/all-0.75) > 3*se {
		t.Errorf("2.2 bb in %.1f%% of %v button opens, want 75%%", 100*small/all, all)
	}
}

// TestValidatePerson is the acceptance of cloning on the synthetic person
// (10,000 hands, held out odd/even by position): every rate with 100
// held-out opportunities within 2 points + 2 combined standard errors,
// every open size within 0.1 bb of the held-out median, the hands shown
// after each frequent line as strong as the held-out ones, and the clone's
// preflop log loss at least 5 % below the aggregate clone's and below the
// population profile's.
func TestValidatePerson(t *testing.T) {
	o, err := person()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Validate(o, "Person", ValidateOptions{Seed: 1, Threads: -1})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, c := range rep.Rates {
		if c.Checked {
			checked++
			if !c.Within {
				t.Errorf("%s: held out %.1f%% (%d), clone %.1f%% (%d), se %.1f", c.Key, 100*c.Held, c.HeldOpps, 100*c.Sim, c.SimOpps, 100*c.StdErr)
			}
		}
	}
	if checked < 30 {
		t.Errorf("only %d rates checked", checked)
	}
	opens := 0
	for _, s := range rep.Sizes {
		if s.Checked {
			opens++
			if !s.Within {
				t.Errorf("%s: held-out median %.2f, clone %.2f", s.Key, s.HeldMedian, s.SimMedian)
			}
		}
	}
	if opens < 5 {
		t.Errorf("%d open sizes checked", opens)
	}
	lines := 0
	for _, r := range rep.Ranges {
		if strings.Count(r.Key, ".") == 2 {
			lines++
			if r.Checked && !r.Within {
				t.Errorf("%s: held-out mean equity %.3f (%v hands), clone %.3f (%v)", r.Key, r.Held, r.HeldN, r.Sim, r.SimN)
			}
		}
	}
	if lines == 0 {
		t.Error("no showdown line compared")
	}
	ll := map[string]float64{}
	for _, p := range rep.Prediction {
		if p.Street == "preflop" {
			ll[p.Model] = p.LogLoss
		}
	}
	if ll["clone"] > 0.95*ll["aggregate"] || ll["clone"] >= ll["population"] {
		t.Errorf("preflop log loss: clone %.4f, aggregate %.4f, population %.4f", ll["clone"], ll["aggregate"], ll["population"])
	}
	t.Logf("preflop log loss: clone %.4f, aggregate %.4f (%.1f %% lower), population %.4f; %d rates checked; %v",
		ll["clone"], ll["aggregate"], 100*(1-ll["clone"]/ll["aggregate"]), ll["population"], checked, rep.Elapsed)
}

// TestShownHandsHelpRanges measures how many shown hands a learned range
// needs: the clone learns its range from the first n of the person's
// learning hands (all cards known) and predicts the held-out first-in
// decisions given the cards. The range never costs more than 0.005 nats
// at any position (a class changes sides only on evidence); from the
// cutoff — where the person plays hands a range by strength leaves out —
// it starts to help at about 90 hands shown entering there (a class needs
// rangeMinShown shows, and the cutoff range has some 50 classes), and the
// full learning part (about 140) predicts at least 15 % better than the
// clone without ranges.
func TestShownHandsHelpRanges(t *testing.T) {
	o, err := person()
	if err != nil {
		t.Fatal(err)
	}
	learn, held := splitHands(o.Players["Person"], 0, 1)
	var pop []*Tally
	for _, n := range o.Names {
		if n != "Person" {
			pop = append(pop, TallyHands(o.Players[n]))
		}
	}
	full := TallyHands(learn)
	base, err := Learn(full, "clone", LearnOptions{Population: append(pop, full)})
	if err != nil {
		t.Fatal(err)
	}
	without := *base.Profile
	without.RangeGiven = [NumPositions]bool{}
	bw, _ := NewBot(&without, nil)
	co, _ := PositionByKey("co")
	var lastGain float64
	for _, n := range []int{500, 1000, 2000, 3500, len(learn)} {
		part := TallyHands(learn[:n])
		withR := *base.Profile
		withR.Ranges, withR.RangeGiven = part.Entry, [NumPositions]bool{}
		shownCO := 0.0
		for pos := range NumPositions {
			for _, x := range part.Entry[pos] {
				withR.RangeGiven[pos] = withR.RangeGiven[pos] || x > 0
				if Position(pos) == co {
					shownCO += x
				}
			}
		}
		br, _ := NewBot(&withR, nil)
		var ll [2][NumPositions]float64
		var cnt [NumPositions]float64
		for i := range held {
			h := &held[i]
			if len(h.Decisions) == 0 || !h.Decisions[0].ctx.firstIn || h.Decisions[0].Sit.Street != holdem.Preflop {
				continue
			}
			d := &h.Decisions[0]
			for j, b := range []*Bot{br, bw} {
				p := cardActionProbs(b, d, h.Hole.Class())
				ll[j][h.Pos] += -math.Log(p[d.Action])
			}
			cnt[h.Pos]++
		}
		for pos := range NumPositions {
			if cnt[pos] > 0 && ll[0][pos]/cnt[pos] > ll[1][pos]/cnt[pos]+0.005 {
				t.Errorf("%d hands: at %s the range costs %.4f against %.4f", n, Position(pos), ll[0][pos]/cnt[pos], ll[1][pos]/cnt[pos])
			}
		}
		lastGain = 1 - ll[0][co]/ll[1][co]
		t.Logf("%5d learning hands, %3.0f shown entering from the CO: CO log loss %.4f with the range, %.4f without (%.0f %% lower)",
			n, shownCO, ll[0][co]/cnt[co], ll[1][co]/cnt[co], 100*lastGain)
	}
	if lastGain < 0.15 {
		t.Errorf("from the CO the learned range lowers the log loss by %.0f %%, want 15 %%", 100*lastGain)
	}
}

// TestCloneNearGeneratingPolicy: the synthetic person is played by a
// known profile, so the best any action-distribution model can do on its
// held-out preflop decisions is what that profile's own policy predicts.
// The clone, learned from the other half of the hands, comes within 1 %
// of it — the log loss left above it is the person's own randomness, not
// the clone's — and the aggregate clone stays measurably further away.
func TestCloneNearGeneratingPolicy(t *testing.T) {
	o, err := person()
	if err != nil {
		t.Fatal(err)
	}
	tb, err := ReadTableFile(filepath.Join("testdata", "person", "table.toml"))
	if err != nil {
		t.Fatal(err)
	}
	truth, err := NewBot(tb.Seats[0].Profile, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, held := splitHands(o.Players["Person"], 0, 1)
	best := scoreDecisions(truth, "truth", held)[0].LogLoss
	rep, err := Validate(o, "Person", ValidateOptions{Seed: 1, Threads: -1, CalibrateHands: -1, Hands: 1000})
	if err != nil {
		t.Fatal(err)
	}
	ll := map[string]float64{}
	for _, p := range rep.Prediction {
		if p.Street == "preflop" {
			ll[p.Model] = p.LogLoss
		}
	}
	if ll["clone"] > 1.01*best {
		t.Errorf("preflop log loss: clone %.4f, the generating profile %.4f", ll["clone"], best)
	}
	if ll["aggregate"] < 1.03*best {
		t.Errorf("preflop log loss: aggregate clone %.4f, the generating profile %.4f", ll["aggregate"], best)
	}
	t.Logf("preflop log loss: generating profile %.4f, clone %.4f, aggregate %.4f (the most any model can gain on the aggregate: %.1f %%)",
		best, ll["clone"], ll["aggregate"], 100*(1-best/ll["aggregate"]))
}

// TestSituationsAddUpToPreflop: the breakdown by kind and position covers
// every held-out preflop decision once, so its rows weighted by their
// decisions give each model's preflop log loss.
func TestSituationsAddUpToPreflop(t *testing.T) {
	o, err := person()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Validate(o, "Person", ValidateOptions{Seed: 1, Threads: -1, CalibrateHands: -1, Hands: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Situations) < 10 {
		t.Fatalf("%d situations", len(rep.Situations))
	}
	for _, p := range rep.Prediction {
		if p.Street != "preflop" {
			continue
		}
		var n int
		var sum float64
		for _, c := range rep.Situations {
			m := slices.Index(c.Models, p.Model)
			if m < 0 {
				t.Fatalf("%s: no %s", c.Kind, p.Model)
			}
			n += c.Decisions
			sum += float64(c.Decisions) * c.LogLoss[m]
		}
		if n != p.Decisions || math.Abs(sum/float64(n)-p.LogLoss) > 1e-9 {
			t.Errorf("%s: situations %d decisions, %.6f; preflop %d, %.6f", p.Model, n, sum/float64(n), p.Decisions, p.LogLoss)
		}
	}
}
