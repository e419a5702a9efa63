// Command spotbench solves a spot single-threaded (or with -threads) to a
// target exploitability and prints one JSON object: iterations,
// exploitability, values, wall and CPU seconds of the solve, the memory
// estimate and the peak resident set. It is package spot alone behind a
// small main, as scripts/postflop-bench drives postflop-solver's library:
// internal/measure/spotcompare -driver runs it beside `pokerlab spot solve`,
// which does the same work with the whole command around it (a web server,
// database drivers and every other tool, whose start-up pages count in its
// resident set).
//
//	go run ./internal/measure/spotbench -target 0.41 spot/testdata/turn-Td9d6hQc-pot200-stack900.toml
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"pokerlab/spot"
)

func cpu() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

func rss() string {
	b, _ := os.ReadFile("/proc/self/status")
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS") || strings.HasPrefix(l, "VmHWM") {
			out = append(out, strings.Join(strings.Fields(l), " "))
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return fmt.Sprintf("%s heap %d KiB sys %d KiB", strings.Join(out, ", "), ms.HeapAlloc>>10, ms.Sys>>10)
}

func main() {
	target := flag.Float64("target", 0.5, "target exploitability, % of the pot")
	iters := flag.Int("iterations", 1000, "iteration limit")
	every := flag.Int("every", 10, "exploitability check period")
	threads := flag.Int("threads", 1, "goroutines over chance branches")
	compress := flag.Bool("compress", false, "16-bit regrets and strategy sums (spot solve --compress)")
	profile := flag.String("cpuprofile", "", "write a CPU profile")
	verbose := flag.Bool("v", false, "print the resident set at each stage")
	floor := flag.Bool("floor", false, "hold only the spot's regret and strategy-sum arrays and print the resident set: the Go runtime's share")
	flag.Parse()
	if flag.NArg() != 1 || *threads < 1 || *iters < 1 || *every < 1 {
		fmt.Fprintln(os.Stderr, "usage: spotbench [-target PCT] [-iterations N] [-every K] [-threads T] [-compress] [-cpuprofile FILE] [-v] [-floor] SPOT.toml")
		os.Exit(2)
	}
	logf := func(format string, args ...any) {
		if *verbose {
			fmt.Fprintf(os.Stderr, format+": %s\n", append(args, rss())...)
		}
	}
	logf("start")
	src, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sp, err := spot.ParseSpot(string(src), flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	t0 := time.Now()
	g, err := spot.NewGame(sp, spot.Options{Threads: *threads, Compress: *compress})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *floor {
		size := g.Size
		g = nil // the game's memory given back too: only the arrays stay
		holdStorage(size, *compress)
		return
	}
	s, err := spot.NewSolver(g, spot.SolveOptions{Threads: *threads, Compress: *compress}, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// Return the garbage of start-up and tree building to the system, so
	// the resident set is what solving holds.
	debug.FreeOSMemory()
	build := time.Since(t0)
	logf("game and solver")
	if *profile != "" {
		f, _ := os.Create(*profile)
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	c0, t1 := cpu(), time.Now()
	last := s.Solve(spot.Stop{TargetPercent: *target, Iterations: *iters, Every: *every}, nil)
	wall, cpus := time.Since(t1), cpu()-c0
	logf("solved")
	e := g.Evaluate(s.Finalize())
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	err = json.NewEncoder(os.Stdout).Encode(map[string]any{
		"iterations": last.Iteration, "exploitability": e.Exploitability, "exploitability_pct": e.Percent,
		"value_oop": e.Values[0], "value_ip": e.Values[1], "build_seconds": build.Seconds(),
		"solve_seconds": wall.Seconds(), "solve_cpu_seconds": cpus,
		"memory_estimate_bytes": g.MemoryEstimateWith(*threads, *compress), "peak_rss_kib": ru.Maxrss,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// holdStorage allocates and fills arrays of the size of a solver's regrets
// and strategy sums (size entries each, 16 or 32 bits), gives back every
// other page, and prints the process's resident set: what a Go program
// holding that data and nothing else costs, the floor under the solver's
// own footprint.
func holdStorage(size int64, compress bool) {
	var kept [][]float32
	n := size
	if compress {
		n = (size + 1) / 2
	}
	for range 2 {
		a := make([]float32, n)
		for i := range a {
			a[i] = 1
		}
		kept = append(kept, a)
	}
	debug.FreeOSMemory()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var anon, file string
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "RssAnon:"); ok {
			anon = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(l, "RssFile:"); ok {
			file = strings.TrimSpace(v)
		}
	}
	fmt.Printf("storage %d KiB, resident anonymous %s, file %s\n", 2*n*4>>10, anon, file)
	runtime.KeepAlive(kept)
}
