package cfr

import (
	"flag"
	"fmt"
	"math"
	"testing"
	"time"
)

// BenchmarkIterate measures one iteration (one pass or sampled traversal per
// player) of every algorithm on Kuhn and Leduc, single-threaded:
//
//	go test ./cfr -run '^$' -bench 'Iterate' -benchmem -count 5 | tee new.txt
//	benchstat new.txt
//
// ns/op is the time per iteration; nodes/s counts tree nodes per second for
// the full-sweep algorithms (2 passes × nodes per iteration).
func BenchmarkIterate(b *testing.B) {
	for _, g := range []string{"kuhn", "leduc"} {
		tr := load(b, g)
		for _, alg := range Algorithms() {
			b.Run(fmt.Sprintf("%s/%s", g, alg), func(b *testing.B) {
				s := solve(b, tr, Options{Algorithm: alg}, 1)
				b.ReportAllocs()
				b.ResetTimer()
				s.Iterate(b.N)
				if !alg.Sampled() {
					b.ReportMetric(float64(2*tr.NumNodes())*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
				}
			})
		}
	}
}

// BenchmarkScaling runs CFR+ on three sizes of the Leduc family on one and
// two threads (internal/measure/cfrscaling runs the whole 10^3–10^7 study):
//
//	go test ./cfr -run '^$' -bench 'Scaling' -benchmem -count 5
func BenchmarkScaling(b *testing.B) {
	for _, spec := range []string{"leduc", "leduc:ranks=4,suits=3", "leduc:ranks=6,suits=3"} {
		tr := load(b, spec)
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("nodes=%d/threads=%d", tr.NumNodes(), threads), func(b *testing.B) {
				s := solve(b, tr, Options{Algorithm: CFRPlus, Threads: threads}, 1)
				b.ReportAllocs()
				b.ResetTimer()
				s.Iterate(b.N)
				b.ReportMetric(float64(2*tr.NumNodes())*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}

// BenchmarkPass measures one deterministic pass (forward and backward
// sweeps and the regrets of player 1's information sets) on Leduc.
func BenchmarkPass(b *testing.B) {
	tr := load(b, "leduc")
	s := solve(b, tr, Options{Algorithm: CFRPlus}, 50)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		s.pass(0)
	}
	b.ReportMetric(float64(tr.NumNodes())*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// timing enables TestIterationTimes: go test ./cfr -run IterationTimes -timing -v
var timing = flag.Bool("timing", false, "print the fastest time per iteration of every algorithm")

// TestIterationTimes prints, for every algorithm on Kuhn and Leduc, the
// fastest of 300 timed chunks of about a millisecond. On a machine shared with other
// work the minimum is the figure least disturbed by other processes
// (interference only adds time); `go test -bench` medians are in
// docs/benchmarks.md next to it.
func TestIterationTimes(t *testing.T) {
	if !*timing {
		t.Skip("run with -timing")
	}
	for _, g := range []string{"kuhn", "leduc"} {
		tr := load(t, g)
		for _, alg := range Algorithms() {
			s := solve(t, tr, Options{Algorithm: alg}, 10)
			chunk := 1
			for {
				t0 := time.Now()
				s.Iterate(chunk)
				if time.Since(t0) > time.Millisecond {
					break
				}
				chunk *= 2
			}
			best := time.Duration(math.MaxInt64)
			for range 300 {
				t0 := time.Now()
				s.Iterate(chunk)
				best = min(best, time.Since(t0))
			}
			t.Logf("%-6s %-9s %10.3f µs/iteration (fastest of 300 chunks of %d)", g, alg, best.Seconds()*1e6/float64(chunk), chunk)
		}
	}
}
