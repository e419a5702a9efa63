package handeval

import (
	"fmt"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var bigTable [1 << 18]Value
var offs [1 << 13]uint32

func TestVariants(t *testing.T) {
	sets := randomHands(1<<16, 7)
	hands := make([]Hand, len(sets))
	keys := make([]uint64, len(sets))
	for i, s := range sets {
		hands[i] = NewHand(s)
		keys[i] = hands[i].key
	}
	for i := range offs {
		offs[i] = uint32(i*7919) % (1 << 16)
	}
	variants := []struct {
		name string
		f    func() uint64
	}{
		{"cur", func() (s uint64) {
			for _, h := range hands {
				s += uint64(h.Eval())
			}
			return
		}},
		{"rankOnly", func() (s uint64) {
			for _, h := range hands {
				s += uint64(rankLookup(h.key))
			}
			return
		}},
		{"rankOnlyKeys", func() (s uint64) {
			for _, k := range keys {
				s += uint64(rankLookup(k))
			}
			return
		}},
		{"oneLoad17", func() (s uint64) {
			for _, h := range hands {
				s += uint64(tab.rank[h.key>>47])
			}
			return
		}},
		{"addDisp", func() (s uint64) {
			for _, h := range hands {
				s += uint64(bigTable[(h.key>>47)+uint64(offs[h.key>>51])])
			}
			return
		}},
		{"sum", func() (s uint64) {
			for _, h := range hands {
				s += h.key >> 51
			}
			return
		}},
	}
	best := make([]time.Duration, len(variants))
	for i := range best {
		best[i] = time.Hour
	}
	var sink uint64
	for rep := 0; rep < 15; rep++ {
		for i, v := range variants {
			runtime.GC()
			c0 := cpuNow()
			for range 200 {
				sink += v.f()
			}
			best[i] = min(best[i], cpuNow()-c0)
		}
	}
	for i, v := range variants {
		t.Logf("%-14s %.3f ns/eval", v.name, float64(best[i].Nanoseconds())/200/float64(len(hands)))
	}
	_ = slices.Max(keys)
	_ = fmt.Sprint(sink)
}
