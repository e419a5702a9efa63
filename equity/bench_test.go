package equity

import (
	"testing"

	"pokerlab/cards"
)

func benchCalculate(b *testing.B, ranges []*Range, opt Options) {
	b.ReportAllocs()
	var res Result
	for b.Loop() {
		var err error
		res, err = Calculate(ranges, opt)
		if err != nil {
			b.Fatal(err)
		}
	}
	if res.Method == MonteCarlo {
		b.ReportMetric(float64(res.Samples)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mshowdowns/s")
	}
}

// BenchmarkExact times exact enumerations (one thread unless named).
func BenchmarkExact(b *testing.B) {
	b.Run("AsKs-QdQc", func(b *testing.B) { benchCalculate(b, holes("AsKs", "QdQc"), Options{Method: Exact}) })
	b.Run("AhAd-KsKc", func(b *testing.B) { benchCalculate(b, holes("AhAd", "KsKc"), Options{Method: Exact}) })
	b.Run("AsAh-KsKh-QsQh", func(b *testing.B) { benchCalculate(b, holes("AsAh", "KsKh", "QsQh"), Options{Method: Exact}) })
	ranges := []*Range{MustParseRange("QQ+,AKs"), MustParseRange("JJ-88,AQs-ATs")}
	b.Run("QQ+,AKs-JJ-88,AQs-ATs", func(b *testing.B) { benchCalculate(b, ranges, Options{Method: Exact}) })
	b.Run("QQ+,AKs-JJ-88,AQs-ATs/threads=2", func(b *testing.B) { benchCalculate(b, ranges, Options{Method: Exact, Threads: 2}) })
	b.Run("AsKs-QdQc/threads=2", func(b *testing.B) { benchCalculate(b, holes("AsKs", "QdQc"), Options{Method: Exact, Threads: 2}) })
}

// BenchmarkMonteCarlo times a million sampled deals through Calculate and
// reports showdowns (deals evaluated) per second.
func BenchmarkMonteCarlo(b *testing.B) {
	const n = 1 << 20
	b.Run("AsKs-QdQc", func(b *testing.B) {
		benchCalculate(b, holes("AsKs", "QdQc"), Options{Method: MonteCarlo, Samples: n})
	})
	b.Run("AsKs-QdQc/threads=2", func(b *testing.B) {
		benchCalculate(b, holes("AsKs", "QdQc"), Options{Method: MonteCarlo, Samples: n, Threads: 2})
	})
	b.Run("AsKs-random", func(b *testing.B) {
		benchCalculate(b, []*Range{RangeOf(hole("AsKs")), RandomRange()}, Options{Method: MonteCarlo, Samples: n})
	})
	b.Run("ranges", func(b *testing.B) {
		benchCalculate(b, []*Range{MustParseRange("QQ+,AKs"), MustParseRange("JJ-88,AQs-ATs")}, Options{Method: MonteCarlo, Samples: n})
	})
	b.Run("6-max-random", func(b *testing.B) {
		rs := []*Range{RangeOf(hole("AsKs"))}
		for range 5 {
			rs = append(rs, RandomRange())
		}
		benchCalculate(b, rs, Options{Method: MonteCarlo, Samples: n})
	})
}

// BenchmarkDeal is the Monte Carlo inner loop alone: one op is one deal
// drawn, evaluated and booked (it must not allocate).
func BenchmarkDeal(b *testing.B) {
	p, err := newProblem(holes("AsKs", "QdQc"), nil, 0, 0)
	if err != nil {
		b.Fatal(err)
	}
	s := newSampler(p)
	s.seed(1, 2)
	var acc mcAcc
	b.ReportAllocs()
	for b.Loop() {
		s.one(&acc)
	}
}

// BenchmarkSamplerVsRandom is the NPC fast path; one op is one deal.
func BenchmarkSamplerVsRandom(b *testing.B) {
	h := hole("AsKs")
	for _, tc := range []struct {
		name      string
		board     cards.Set
		opponents int
	}{
		{"preflop/1", 0, 1},
		{"preflop/3", 0, 3},
		{"preflop/8", 0, 8},
		{"flop/2", cards.MustParseSet("Qs 7d 2c"), 2},
	} {
		b.Run(tc.name, func(b *testing.B) {
			s := NewSampler(1)
			b.ReportAllocs()
			const chunk = 1000
			for b.Loop() {
				s.VsRandom(h, tc.board, 0, tc.opponents, chunk)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/chunk, "ns/deal")
			b.ReportMetric(float64(b.N)*chunk/b.Elapsed().Seconds()/1e6, "Mdeals/s")
		})
	}
}
