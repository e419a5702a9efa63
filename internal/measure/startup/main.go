// Command startup runs command lines alternately, round after round, and
// prints for each the minimum and median of the wall-clock time, of the
// process's CPU time (user + system, from the kernel's rusage), of its peak
// resident set and of its minor page faults. It measures process start-up
// (scripts/startup-breakdown) and any pair of whole commands, such as a spot's
// QRE against its Nash solve or a build with and without PGO
// (docs/benchmarks.md). Alternating the commands in one run makes their
// ratios meaningful on a shared machine; the load average is printed with
// them.
//
//	go run ./internal/measure/startup [-n 100] [-ratio] 'hello' '/tmp/pokerlab game list' ...
//
// Each argument is one command line, split at spaces; its output is
// discarded. -ratio adds each command's CPU minimum and median divided by
// the first command's.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

type sample struct {
	wall, cpu time.Duration
	rssKiB    int64
	minflt    int64
}

func run(argv []string) (sample, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return sample{}, fmt.Errorf("%s: %w", strings.Join(argv, " "), err)
	}
	wall := time.Since(start)
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return sample{
		wall:   wall,
		cpu:    time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		rssKiB: ru.Maxrss,
		minflt: ru.Minflt,
	}, nil
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:3], " ")
}

func main() {
	n := flag.Int("n", 100, "rounds")
	ratio := flag.Bool("ratio", false, "add the CPU minimum and median of each command divided by the first command's")
	flag.Parse()
	if flag.NArg() == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: startup [-n rounds] [-ratio] 'command line' ...")
		os.Exit(2)
	}
	cmds := make([][]string, flag.NArg())
	for i, a := range flag.Args() {
		cmds[i] = strings.Fields(a)
	}
	samples := make([][]sample, len(cmds))
	before := loadavg()
	for r := 0; r < *n; r++ {
		for i, c := range cmds {
			s, err := run(c)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			samples[i] = append(samples[i], s)
		}
	}
	fmt.Printf("%d alternating rounds; load average before %s, after %s\n\n", *n, before, loadavg())
	writeTable(os.Stdout, cmds, samples, *ratio)
}

// writeTable writes one Markdown row per command line: the minimum and
// median of its wall-clock and CPU times, the medians of its peak resident
// set and minor faults, and with ratio its CPU minimum and median divided
// by the first command's.
func writeTable(w io.Writer, cmds [][]string, samples [][]sample, ratio bool) {
	header, rule := "| command | wall min | wall median | CPU min | CPU median | peak RSS median | minor faults median |", "|---|---|---|---|---|---|---|"
	if ratio {
		header, rule = header+" CPU min ÷ first | CPU median ÷ first |", rule+"---|---|"
	}
	fmt.Fprintln(w, header)
	fmt.Fprintln(w, rule)
	var firstMin, firstMed float64
	for i, c := range cmds {
		ss := samples[i]
		ms := func(f func(sample) time.Duration) (float64, float64) {
			v := make([]time.Duration, len(ss))
			for j, s := range ss {
				v[j] = f(s)
			}
			slices.Sort(v)
			return v[0].Seconds() * 1e3, median(v).Seconds() * 1e3
		}
		wmin, wmed := ms(func(s sample) time.Duration { return s.wall })
		cmin, cmed := ms(func(s sample) time.Duration { return s.cpu })
		rss := make([]int64, len(ss))
		flt := make([]int64, len(ss))
		for j, s := range ss {
			rss[j], flt[j] = s.rssKiB, s.minflt
		}
		slices.Sort(rss)
		slices.Sort(flt)
		fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s | %.1f MiB | %d |",
			strings.Join(c, " "), duration(wmin), duration(wmed), duration(cmin), duration(cmed), float64(median(rss))/1024, median(flt))
		if ratio {
			if i == 0 {
				firstMin, firstMed = cmin, cmed
			}
			fmt.Fprintf(w, " %.2f | %.2f |", cmin/firstMin, cmed/firstMed)
		}
		fmt.Fprintln(w)
	}
}

// duration writes milliseconds as ms below a second and as s above.
func duration(ms float64) string {
	if ms >= 1000 {
		return fmt.Sprintf("%.2f s", ms/1000)
	}
	return fmt.Sprintf("%.2f ms", ms)
}

func median[T int64 | time.Duration](v []T) T {
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}
