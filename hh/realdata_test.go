package hh

import (
	"path/filepath"

	"pokerlab/holdem"
	"testing"
)

func TestRealDataScratch(t *testing.T) {
	files, _ := filepath.Glob("/work/shared/data/handhq/*.phhs")
	var r Replayer
	counts := map[string]int{}
	for _, f := range files {
		hands, err := ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			err := r.Replay(h)
			switch {
			case err != nil:
				counts["error"]++
				t.Log(err)
				continue
			default:
				counts[r.Award.String()]++
			}
			if h.Winnings == nil {
				counts["nowinnings"]++
				continue
			}
			exact, rake := true, true
			var ret [9]int64
			for _, e := range r.Hand.Events() {
				if e.Kind == holdem.EvReturn {
					ret[e.Seat] += e.Amount
				}
			}
			for s, w := range h.Winnings {
				won := r.Hand.Won(s)
				if won != w && won+ret[s] != w {
					exact = false
				}
				if (won > 0) != (w > 0) || won+ret[s] < w {
					rake = false
				}
			}
			switch {
			case exact:
				counts["exact"]++
			case rake:
				counts["rake"]++
			default:
				counts["mismatch"]++
				if counts["mismatch"] < 10 {
					t.Logf("%s [%s]: won vs winnings %v", f, h.Name, h.Winnings)
					for s := range h.Winnings {
						t.Logf("  p%d won %d", s+1, r.Hand.Won(s))
					}
				}
			}
		}
	}
	t.Log(counts)
}
