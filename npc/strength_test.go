package npc

import (
	"bytes"
	"math"
	"sort"
	"testing"

	"pokerlab/cards"
	"pokerlab/equity"
)

// Shards built separately and merged give exactly the tables of one build,
// and the file format round-trips.
func TestTablesShardsMergeExactly(t *testing.T) {
	opt := BuildOptions{Samples: 40, Bins: 50, Seed: 9, Threads: 2}
	whole, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*Tables
	for i := range 3 {
		o := opt
		o.Shard, o.NumShards, o.Threads = i, 3, 1
		p, err := Build(o)
		if err != nil {
			t.Fatal(err)
		}
		// through the file format
		var b bytes.Buffer
		if _, err := p.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		q, err := ReadTables(&b, "part")
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, q)
	}
	merged, err := Merge(parts[2], parts[0], parts[1])
	if err != nil {
		t.Fatal(err)
	}
	if !merged.Complete() {
		t.Fatalf("merged shards %v of %d", merged.Shards, merged.NumShards)
	}
	// The file of the merge is the file of the single build, header and all.
	var a, b bytes.Buffer
	whole.WriteTo(&a)
	merged.WriteTo(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("merged shards differ from the single build")
	}
	if _, err := Merge(parts[0], parts[0]); err == nil {
		t.Error("merging a shard twice: no error")
	}
	other, _ := Build(BuildOptions{Samples: 40, Bins: 50, Seed: 10, Shard: 1, NumShards: 3})
	if _, err := Merge(parts[0], other); err == nil {
		t.Error("merging shards of different builds: no error")
	}
}

func TestReadTablesErrors(t *testing.T) {
	for name, data := range map[string][]byte{
		"empty":   nil,
		"garbage": []byte("not a table"),
	} {
		if _, err := ReadTables(bytes.NewReader(data), name); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	// truncated
	var b bytes.Buffer
	small, _ := Build(BuildOptions{Samples: 2, Bins: 10, Seed: 1})
	small.WriteTo(&b)
	full := b.Bytes()
	if _, err := ReadTables(bytes.NewReader(full[:len(full)/2]), "half"); err == nil {
		t.Error("truncated file: no error")
	}
}

// The embedded tables agree with published and independent numbers: the
// preflop equity of AA against one random hand is 85.20 % (standard
// tables; equity package test), and the mean of φ_n(p | h) on every street
// equals the preflop equity against n−1 random hands (law of total
// expectation), here checked against equity.Calculate.
func TestTablesAgainstReferences(t *testing.T) {
	tab := DefaultTables()
	aa, _ := cards.ParseStartingHand("AA")
	if got := tab.PreflopEquity(aa, 1); math.Abs(got-0.8520) > 0.003 {
		t.Errorf("AA vs 1 random: %.4f, want 0.8520", got)
	}
	for _, c := range []struct {
		hand string
		n    int
	}{{"AKs", 2}, {"72o", 3}, {"QQ", 6}, {"T9s", 9}} {
		h, _ := cards.ParseStartingHand(c.hand)
		ranges := []*equity.Range{equity.MustParseRange(c.hand)}
		for range c.n - 1 {
			ranges = append(ranges, equity.RandomRange())
		}
		ref, err := equity.Calculate(ranges, equity.Options{Method: equity.MonteCarlo, Samples: 400000, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		want := ref.Players[0].Equity
		se := ref.Players[0].StdErr
		for street := range numPostflop {
			got := tab.MeanEquity(street, c.n, h)
			// table: 12,000 boards per class, spread of p about 0.25 → se ≈ 0.003
			if math.Abs(got-want) > 0.012+3*se {
				t.Errorf("%s n=%d %s: mean p %.4f, preflop equity %.4f", c.hand, c.n, streetName(street), got, want)
			}
		}
		if got := tab.PreflopEquity(h, c.n-1); math.Abs(got-want) > 0.005+3*se {
			t.Errorf("%s vs %d random: table %.4f, equity package %.4f", c.hand, c.n-1, got, want)
		}
	}
}

// directQuantiles samples p for combos of range r on random boards with the
// NPC's estimator (independent seed) and returns the sorted values.
func directQuantiles(r *equity.Range, street, n, samples int, seed uint64) []float64 {
	combos := r.Combos()
	var total float64
	for _, c := range combos {
		total += c.Weight
	}
	var d dealer
	d.seed(seed, 12345)
	out := make([]float64, 0, samples)
	for range samples {
		x := d.float() * total
		var hero cards.Hole
		for _, c := range combos {
			x -= c.Weight
			if x < 0 {
				hero = c.Hole
				break
			}
		}
		if x >= 0 {
			hero = combos[len(combos)-1].Hole
		}
		used := hero.Set()
		var board cards.Set
		for range 3 + street {
			c := d.card(used)
			used |= 1 << c
			board |= 1 << c
		}
		var sums [8]uint64
		d.potShares(hero, board, n-1, InnerDeals, &sums)
		out = append(out, float64(sums[n-2])/float64(InnerDeals*shareUnit))
	}
	sort.Float64s(out)
	return out
}

// Must-show: the quantiles of a mixture over a range agree with direct
// sampling within 0.01 in p.
func TestMixtureQuantilesMatchSampling(t *testing.T) {
	tab := DefaultTables()
	samples := 3000
	if testing.Short() {
		samples = 1000
	}
	cases := []struct {
		rng    string
		street int
		n      int
	}{
		{"random", FlopIdx, 3},
		{"22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", TurnIdx, 2},
		{"QQ+,AKs", RiverIdx, 2},
		{"55+,A8s+,KTs+,AJo+", FlopIdx, 6},
	}
	if *long {
		samples = 20000
		cases = append(cases, struct {
			rng    string
			street int
			n      int
		}{"random", RiverIdx, 9}, struct {
			rng    string
			street int
			n      int
		}{"T9s,98s,87s,76s", TurnIdx, 4})
	}
	for i, c := range cases {
		r := equity.MustParseRange(c.rng)
		m, err := tab.RangeMixture(c.street, c.n, r)
		if err != nil {
			t.Fatal(err)
		}
		got := directQuantiles(r, c.street, c.n, samples, uint64(100+i))
		worst := 0.0
		for _, q := range []float64{0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9} {
			direct := got[int(q*float64(len(got)))]
			// sampling error of an empirical quantile: √(q(1−q)/N)/f; allow it on top
			mixQ := m.Quantile(q)
			lo := got[max(int((q-2*math.Sqrt(q*(1-q)/float64(samples)))*float64(samples)), 0)]
			hi := got[min(int((q+2*math.Sqrt(q*(1-q)/float64(samples)))*float64(samples)), samples-1)]
			d := math.Abs(mixQ - direct)
			worst = max(worst, d)
			if mixQ < lo-0.01 || mixQ > hi+0.01 {
				t.Errorf("%s %s n=%d q=%.2f: mixture %.4f, direct %.4f (sampling band %.4f–%.4f)",
					c.rng, streetName(c.street), c.n, q, mixQ, direct, lo, hi)
			}
		}
		t.Logf("%s %s n=%d: largest |mixture − direct| quantile gap %.4f over %d samples", c.rng, streetName(c.street), c.n, worst, samples)
	}
}

func TestMixtureErrorsAndCurves(t *testing.T) {
	tab := DefaultTables()
	if _, err := tab.Mixture(3, 2, nil); err == nil {
		t.Error("street 3: no error")
	}
	if _, err := tab.Mixture(0, 10, nil); err == nil {
		t.Error("10 players: no error")
	}
	var empty [numClasses]float64
	if _, err := tab.Mixture(0, 2, &empty); err == nil {
		t.Error("empty range: no error")
	}
	centers, dens, err := StrengthCurves(tab, 3, nil, 50)
	if err != nil {
		t.Fatal(err)
	}
	for street := range numPostflop {
		var area float64
		for _, d := range dens[street] {
			area += d / float64(len(centers))
		}
		if math.Abs(area-1) > 1e-9 {
			t.Errorf("%s: density integrates to %v", streetName(street), area)
		}
	}
}
