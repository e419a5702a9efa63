package hh

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
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

// siteBenchData returns the PokerStars fixtures, held in memory.
func siteBenchData(b *testing.B, dir string) (names []string, data [][]byte) {
	for _, f := range siteFixtures(b, dir) {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		names, data = append(names, f), append(data, d)
	}
	return names, data
}

// BenchmarkPokerStars reads the PokerStars fixtures (660 hands of cash
// games and tournaments, held in memory) with one Reader decoding into one
// reused Hand: "read" is the reader as the commands use it (parse, build
// the Hand, replay it through the engine and check every line and the
// collected amounts); "parse" stops after building the Hand (the text
// scanning alone). Run with -cpu 1 for the one-core figure.
func BenchmarkPokerStars(b *testing.B) {
	names, data := siteBenchData(b, "pokerstars")
	var bytes int64
	for _, d := range data {
		bytes += int64(len(d))
	}
	for _, mode := range []string{"read", "parse"} {
		b.Run(mode, func(b *testing.B) {
			rd := Reader{Reuse: true}
			rd.site.noVerify = mode == "parse"
			hands := 0
			b.SetBytes(bytes)
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				for i, d := range data {
					rd.Read(names[i], d, func(h *Hand, err error) error {
						if err == nil {
							hands++
						}
						return nil
					})
				}
			}
			b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
			b.ReportMetric(float64(hands)/(cpuTime()-cpu0).Seconds(), "hands/cpu-s")
		})
	}
}

// BenchmarkGGPoker is BenchmarkPokerStars (read) for the GGPoker fixtures.
func BenchmarkGGPoker(b *testing.B) {
	names, data := siteBenchData(b, "ggpoker")
	rd := Reader{Reuse: true}
	hands := 0
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		for i, d := range data {
			rd.Read(names[i], d, func(h *Hand, err error) error {
				if err == nil {
					hands++
				}
				return nil
			})
		}
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
	b.ReportMetric(float64(hands)/(cpuTime()-cpu0).Seconds(), "hands/cpu-s")
}

// cpuTime is the CPU time the process has used (user and system): on a
// machine shared with other work, hands per CPU-second measure the code
// where hands per second of wall time measure the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
