package games

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	"pokerlab/efg"
)

// peakHeap runs f and returns the largest live heap seen above the heap
// before it, sampled every 50 µs with the collector at GOGC=5, so that
// garbage is collected promptly and the peak is close to the live peak.
func peakHeap(f func()) int64 {
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() int64 { metrics.Read(sample); return int64(sample[0].Value.Uint64()) }
	base := read()
	var peak atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			if v := read() - base; v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Microsecond):
			}
		}
	}()
	f()
	close(stop)
	<-done
	if v := read() - base; v > peak.Load() {
		peak.Store(v)
	}
	return peak.Load()
}

func TestMeasure(t *testing.T) {
	for _, spec := range []string{"leduc", "leduc:ranks=5", "leduc:ranks=6,suits=3", "leduc:ranks=8,suits=2,maxraises=3", "leduc:ranks=13,suits=4,maxraises=1"} {
		g, _ := Parse(spec)
		s, _ := efg.Estimate(g, 0)
		var tr *efg.Tree
		peak := peakHeap(func() { tr, _ = efg.Compile(g) })
		runtime.GC()
		t.Logf("%s: nodes %d bytes %d build %d peak %d ratio %.2f", spec, s.Nodes, tr.Bytes(), s.BuildBytes(), peak, float64(s.BuildBytes())/float64(peak))
	}
}
