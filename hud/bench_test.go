package hud_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"pokerlab/hh"
	"pokerlab/hud"
)

// BenchmarkPHH measures the whole HUD pipeline on the HandHQ files held in
// memory: parse PHH, replay every hand through the engine, tally the stats
// (one core).
func BenchmarkPHH(b *testing.B) {
	files, _ := filepath.Glob("../testdata/handhq/*.phhs")
	if len(files) == 0 {
		b.Fatal("no HandHQ data in ../testdata/handhq")
	}
	var data [][]byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
	}
	var r hh.Replayer
	t := hud.NewTracker()
	hands := 0
	b.ReportAllocs()
	cpu0 := cpuSeconds()
	for b.Loop() {
		for i, d := range data {
			err := hh.Scan(files[i], d, 1, func(h *hh.Hand) error {
				if t.AddRecorded(h, &r) == nil {
					hands++
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
	// The machine is shared: hands per second of CPU time (this process,
	// all threads) is the figure that does not depend on other load.
	b.ReportMetric(float64(hands)/(cpuSeconds()-cpu0), "hands/cpu-s")
}

// cpuSeconds returns the process's user+system CPU time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
