package handeval

import (
	"math/rand/v2"
	"testing"

	"pokerlab/cards"
	"pokerlab/handeval/internal/tablegen"
)

// randomHands returns n seeded random hands of k cards.
func randomHands(n, k int) []cards.Set {
	r := rand.New(rand.NewPCG(1, 1))
	out := make([]cards.Set, n)
	for i := range out {
		out[i] = cards.Sample(r, cards.FullDeck, k)
	}
	return out
}

var sink Value

// The random-hand benchmarks evaluate a table of 65,536 pre-drawn hands per
// op, in a helper outside the b.Loop body (b.Loop keeps the calls in its
// body from being inlined, which would measure the call instead of the
// evaluation), and report ns/eval; the random order sends the table lookups
// all over the tables, as in Monte Carlo.
const benchHands = 1 << 16

func benchEvals(b *testing.B, pass func() Value) {
	b.ReportAllocs()
	b.ResetTimer()
	var acc Value
	for b.Loop() {
		acc += pass()
	}
	sink = acc
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchHands, "ns/eval")
}

// BenchmarkEval7Random evaluates random seven-card sets with Eval.
func BenchmarkEval7Random(b *testing.B) {
	hands := randomHands(benchHands, 7)
	benchEvals(b, func() (acc Value) {
		for _, s := range hands {
			acc += Eval(s)
		}
		return
	})
}

// BenchmarkHandEval7Random is BenchmarkEval7Random through pre-built Hands
// (OMPEval's benchmark of pre-built hand objects).
func BenchmarkHandEval7Random(b *testing.B) {
	sets := randomHands(benchHands, 7)
	hands := make([]Hand, len(sets))
	for i, s := range sets {
		hands[i] = NewHand(s)
	}
	benchEvals(b, func() (acc Value) {
		for _, h := range hands {
			acc += h.Eval()
		}
		return
	})
}

// BenchmarkHandOf7Random builds each Hand from its seven cards and
// evaluates it (OMPEval's benchmark of hands built from card arrays).
func BenchmarkHandOf7Random(b *testing.B) {
	sets := randomHands(benchHands, 7)
	cs := make([][7]cards.Card, len(sets))
	for i, s := range sets {
		copy(cs[i][:], s.Cards())
	}
	benchEvals(b, func() (acc Value) {
		for i := range cs {
			c := &cs[i]
			acc += Hand{}.Add(c[0]).Add(c[1]).Add(c[2]).Add(c[3]).Add(c[4]).Add(c[5]).Add(c[6]).Eval()
		}
		return
	})
}

func BenchmarkEval5Random(b *testing.B) {
	hands := randomHands(benchHands, 5)
	benchEvals(b, func() (acc Value) {
		for _, s := range hands {
			acc += Eval(s)
		}
		return
	})
}

// enumerateAll7 evaluates all 133,784,560 seven-card hands incrementally,
// adding one card at a time, and returns the sum of their values; a non-nil
// hist also counts the hands of each value (for the exhaustive test).
func enumerateAll7(hist *[NumValues + 1]uint64) uint64 {
	var sum uint64
	for a := cards.Card(0); a < 52; a++ {
		ha := Hand{}.Add(a)
		for b := a + 1; b < 52; b++ {
			hb := ha.Add(b)
			for c := b + 1; c < 52; c++ {
				hc := hb.Add(c)
				for d := c + 1; d < 52; d++ {
					hd := hc.Add(d)
					for e := d + 1; e < 52; e++ {
						sum += enumerateLast2(hd.Add(e), e, hist)
					}
				}
			}
		}
	}
	return sum
}

// enumerateLast2 adds the last two cards (above e) to he, evaluates each
// hand and returns the sum of the values. A function of its own (2.6 M
// calls), so that the two innermost loops get their registers to
// themselves: inlined into seven nested loops, they spill and reload loop
// values (6 % slower, internal/measure/ompcompare's enum7).
//
//go:noinline
func enumerateLast2(he Hand, e cards.Card, hist *[NumValues + 1]uint64) (sum uint64) {
	for f := e + 1; f < 52; f++ {
		hf := he.Add(f)
		for g := f + 1; g < 52; g++ {
			v := hf.Add(g).Eval()
			sum += uint64(v)
			if hist != nil {
				hist[v]++
			}
		}
	}
	return sum
}

// BenchmarkEnumerateAll7 evaluates every seven-card hand once per op.
func BenchmarkEnumerateAll7(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sink = Value(enumerateAll7(nil))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/133784560, "ns/hand")
}

// BenchmarkBuildTables is what building the tables at first use would cost
// (the first-call latency of a lazy evaluator); the tables are generated
// and embedded instead (tables_gen.go), so no program pays it.
func BenchmarkBuildTables(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tablegen.Build(&tablegen.RankKey); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHistogram7 counts the hands of every value among all 133,784,560
// seven-card hands, evaluating classes of hands that differ only in
// irrelevant suits once (ns/hand is per hand counted).
func BenchmarkHistogram7(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkHist = Histogram7()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/133784560, "ns/hand")
}

var sinkHist *[NumValues + 1]uint64
