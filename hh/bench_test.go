package hh

import (
	"os"
	"path/filepath"
	"testing"
)

func handHQ(b *testing.B) (names []string, data [][]byte) {
	files, _ := filepath.Glob("../testdata/handhq/*.phhs")
	if len(files) == 0 {
		b.Fatal("no HandHQ data in ../testdata/handhq")
	}
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		names, data = append(names, f), append(data, d)
	}
	return names, data
}

// BenchmarkParse reads the 1,508 HandHQ hands (held in memory) into Hands.
func BenchmarkParse(b *testing.B) {
	names, data := handHQ(b)
	hands := 0
	b.ReportAllocs()
	for b.Loop() {
		for i, d := range data {
			hs, err := Parse(names[i], d)
			if err != nil {
				b.Fatal(err)
			}
			hands += len(hs)
		}
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkReplay replays the parsed HandHQ hands through the engine.
func BenchmarkReplay(b *testing.B) {
	names, data := handHQ(b)
	var all []*Hand
	for i, d := range data {
		hs, err := Parse(names[i], d)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, hs...)
	}
	var r Replayer
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, h := range all {
			if err := r.Replay(h); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
}
