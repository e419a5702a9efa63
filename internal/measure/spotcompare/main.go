// Command spotcompare runs postflop-solver (through scripts/postflop-bench)
// and `pokerlab spot solve` side by side on the same spots, alternating the
// tools run by run, and prints one table: for each workload (spot, threads,
// storage) the minimum and median of each tool's time — CPU time (user +
// system) on one thread, wall time on more — and peak resident set (the
// kernel's rusage of each process; and its anonymous part, sampled from
// /proc, which leaves out the executable's pages), and pokerlab's divided by
// postflop-solver's; then the iterations, exploitability and OOP value each
// reached. Every process is timed whole: tree building, solving and the
// final evaluation. Two threads use postflop-solver's rayon build with
// RAYON_NUM_THREADS; -compress adds the 16-bit storage of both
// (postflop-solver's compress, pokerlab's --compress) on one thread.
//
// -driver adds a third program to each round, internal/measure/spotbench:
// package spot alone behind a small main, as postflop-bench drives its
// library, with rows of its own. The pokerlab command also links a web
// server, database drivers and every other tool, whose start-up pages
// count in its peak resident set; the driver's rows weigh the two solvers
// like for like.
//
//	scripts/postflop-bench/setup.sh /path/to/postflop-solver
//	go build -o /tmp/pokerlab ./cmd/pokerlab
//	go build -o /tmp/spotbench ./internal/measure/spotbench
//	go run ./internal/measure/spotcompare -rounds 5 -spots turn,flop -threads 1,2 -compress -driver /tmp/spotbench
//
// The spots are spot/testdata/postflop/solves/{turn,flop}.args (postflop's
// keys) with the matching pokerlab files
// spot/testdata/turn-Td9d6hQc-pot200-stack900.toml and
// spot/testdata/flop-Td9d6h-pot200-stack900.toml; run it from the module's
// root.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type run struct {
	cpu, wall  float64 // seconds
	rss        float64 // MiB, peak resident set
	anon       float64 // MiB, peak anonymous resident set (sampled)
	iterations int
	pct, value float64
}

type spotCase struct {
	name, args, toml string
	target           float64
}

func measure(cmd *exec.Cmd) (run, []byte, error) {
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return run{}, nil, fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
	}
	// The kernel's peak RSS counts the program's file pages too (its
	// executable's code and tables); the anonymous part — the memory the
	// program allocated — is sampled from /proc every 2 ms.
	done := make(chan struct{})
	anon := make(chan float64)
	go func() {
		status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
		peak := 0.0
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			if kib, ok := rssAnon(status); ok {
				peak = max(peak, kib/1024)
			}
			select {
			case <-done:
				anon <- peak
				return
			case <-tick.C:
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	peakAnon := <-anon
	if err != nil {
		return run{}, nil, fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	r := run{
		cpu:  float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6,
		wall: time.Since(start).Seconds(),
		rss:  float64(ru.Maxrss) / 1024,
		anon: peakAnon,
	}
	return r, out.Bytes(), nil
}

// rssAnon reads the RssAnon line (KiB) of a /proc/PID/status file.
func rssAnon(path string) (float64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "RssAnon:"); ok {
			kib, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			return kib, err == nil
		}
	}
	return 0, false
}

func readArgs(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func fail(code int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "spotcompare: "+format+"\n", args...)
	os.Exit(code)
}

// stat returns the minimum and the median of f over the runs.
func stat(rs []run, f func(run) float64) (lo, med float64) {
	xs := make([]float64, len(rs))
	for i, r := range rs {
		xs[i] = f(r)
	}
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[0], xs[n/2]
	}
	return xs[0], (xs[n/2-1] + xs[n/2]) / 2
}

func main() {
	rounds := flag.Int("rounds", 3, "runs of each tool per workload, alternating")
	postflop := flag.String("postflop", "scripts/postflop-bench/target/release/postflop-bench", "the one-thread postflop-bench binary (scripts/postflop-bench/setup.sh builds it)")
	postflopRayon := flag.String("postflop-rayon", "scripts/postflop-bench/target-rayon/release/postflop-bench", "the rayon postflop-bench binary, for more than one thread")
	pokerlab := flag.String("pokerlab", "/tmp/pokerlab", "the pokerlab binary")
	driver := flag.String("driver", "", "also run this build of internal/measure/spotbench (package spot alone, as postflop-bench drives its library)")
	threads := flag.String("threads", "1", "comma-separated thread counts, for both tools")
	compress := flag.Bool("compress", false, "also the 16-bit storage of both, one thread")
	spots := flag.String("spots", "turn,flop", "which spots: turn, flop")
	flag.Parse()
	if flag.NArg() > 0 || *rounds < 1 {
		fmt.Fprintln(os.Stderr, "usage: spotcompare [-rounds N] [-spots turn,flop] [-threads T,...] [-compress] [-pokerlab BIN] [-driver BIN] [-postflop BIN] [-postflop-rayon BIN]")
		os.Exit(2)
	}
	cases := map[string]spotCase{
		"turn": {"turn", "spot/testdata/postflop/solves/turn.args", "spot/testdata/turn-Td9d6hQc-pot200-stack900.toml", 0.41},
		"flop": {"flop", "spot/testdata/postflop/solves/flop.args", "spot/testdata/flop-Td9d6h-pot200-stack900.toml", 0.35},
	}
	var work []workload
	for _, name := range strings.Split(*spots, ",") {
		c, ok := cases[name]
		if !ok {
			fail(2, "unknown spot %q (-spots): turn, flop", name)
		}
		for _, t := range strings.Split(*threads, ",") {
			n, err := strconv.Atoi(t)
			if err != nil || n < 1 {
				fail(2, "-threads: %q is not a thread count", t)
			}
			work = append(work, workload{c, n, false})
		}
		if *compress {
			work = append(work, workload{c, 1, true})
		}
	}
	need := []string{*postflop, *pokerlab}
	if *driver != "" {
		need = append(need, *driver)
	}
	for _, w := range work {
		if w.threads > 1 {
			need = append(need, *postflopRayon)
			break
		}
	}
	for _, bin := range need {
		if _, err := os.Stat(bin); err != nil {
			fail(2, "%v: build postflop-bench with scripts/postflop-bench/setup.sh POSTFLOP_SOLVER_CHECKOUT, pokerlab with go build -o %s ./cmd/pokerlab", err, *pokerlab)
		}
	}
	type pair struct{ ref, our, lib []run }
	results := make([]pair, len(work))
	for r := 0; r < *rounds; r++ {
		for i, w := range work {
			// postflop-solver
			bin := *postflop
			args := append([]string{"solve"}, readArgs(w.args)...)
			args = append(args, fmt.Sprintf("target=%g", w.target))
			if w.compress {
				args = append(args, "compress=1")
			}
			cmd := exec.Command(bin, args...)
			if w.threads > 1 {
				cmd = exec.Command(*postflopRayon, args...)
				cmd.Env = append(os.Environ(), fmt.Sprintf("RAYON_NUM_THREADS=%d", w.threads))
			}
			m, out, err := measure(cmd)
			if err != nil {
				fail(1, "%v", err)
			}
			var p struct {
				Iterations int     `json:"iterations"`
				Pct        float64 `json:"exploitability_pct"`
				Value      float64 `json:"value_oop"`
			}
			if err := json.Unmarshal(out, &p); err != nil {
				fail(1, "postflop-bench's output: %v", err)
			}
			m.iterations, m.pct, m.value = p.Iterations, p.Pct, p.Value
			results[i].ref = append(results[i].ref, m)
			fmt.Fprintf(os.Stderr, "postflop-solver %s: %.2f s CPU, %.2f s wall, %.1f MiB\n", w.name(), m.cpu, m.wall, m.rss)
			// pokerlab
			pargs := []string{"spot", "solve", w.toml, "--target", fmt.Sprint(w.target), "--threads", fmt.Sprint(w.threads), "--json"}
			if w.compress {
				pargs = append(pargs, "--compress")
			}
			m, out, err = measure(exec.Command(*pokerlab, pargs...))
			if err != nil {
				fail(1, "%v", err)
			}
			var s struct {
				Iterations int        `json:"iterations"`
				Pct        float64    `json:"exploitability_pct"`
				Values     [2]float64 `json:"values"`
			}
			if err := json.Unmarshal(out, &s); err != nil {
				fail(1, "%s spot solve's output: %v", *pokerlab, err)
			}
			m.iterations, m.pct, m.value = s.Iterations, s.Pct, s.Values[0]
			results[i].our = append(results[i].our, m)
			fmt.Fprintf(os.Stderr, "pokerlab %s: %.2f s CPU, %.2f s wall, %.1f MiB\n", w.name(), m.cpu, m.wall, m.rss)
			if *driver == "" {
				continue
			}
			dargs := []string{"-target", fmt.Sprint(w.target), "-threads", fmt.Sprint(w.threads)}
			if w.compress {
				dargs = append(dargs, "-compress")
			}
			m, out, err = measure(exec.Command(*driver, append(dargs, w.toml)...))
			if err != nil {
				fail(1, "%v", err)
			}
			if err := json.Unmarshal(out, &p); err != nil {
				fail(1, "%s's output: %v", *driver, err)
			}
			m.iterations, m.pct, m.value = p.Iterations, p.Pct, p.Value
			results[i].lib = append(results[i].lib, m)
			fmt.Fprintf(os.Stderr, "pokerlab library %s: %.2f s CPU, %.2f s wall, %.1f MiB\n", w.name(), m.cpu, m.wall, m.rss)
		}
	}
	fmt.Printf("%d alternating rounds; ratio = pokerlab / postflop-solver (below 1: pokerlab is faster or smaller)\n\n", *rounds)
	fmt.Printf("| workload | measure | postflop-solver min / median | pokerlab min / median | ratio min, median |\n")
	fmt.Printf("|---|---|---|---|---|\n")
	cpu := func(r run) float64 { return r.cpu }
	wall := func(r run) float64 { return r.wall }
	rss := func(r run) float64 { return r.rss }
	for i, w := range work {
		ref := results[i].ref
		row := func(our []run, what, unit string, f func(run) float64) {
			rl, rm := stat(ref, f)
			ol, om := stat(our, f)
			fmt.Printf("| %s | %s | %.2f / %.2f %s | %.2f / %.2f %s | **%.2f**, %.2f |\n", w.name(), what, rl, rm, unit, ol, om, unit, ol/rl, om/rm)
		}
		if w.threads == 1 {
			row(results[i].our, "CPU time", "s", cpu)
		} else {
			row(results[i].our, "wall time", "s", wall)
		}
		row(results[i].our, "peak RSS", "MiB", rss)
		row(results[i].our, "peak anonymous RSS (sampled)", "MiB", func(r run) float64 { return r.anon })
		if lib := results[i].lib; len(lib) > 0 {
			if w.threads == 1 {
				row(lib, "CPU time, library driver", "s", cpu)
			} else {
				row(lib, "wall time, library driver", "s", wall)
			}
			row(lib, "peak RSS, library driver", "MiB", rss)
			row(lib, "peak anonymous RSS, library driver", "MiB", func(r run) float64 { return r.anon })
		}
	}
	fmt.Printf("\n| workload | tool | iterations | exploitability %% of the pot | OOP value |\n|---|---|---|---|---|\n")
	for i, w := range work {
		for _, t := range []struct {
			name string
			rs   []run
		}{{"postflop-solver", results[i].ref}, {"pokerlab", results[i].our}, {"pokerlab library driver", results[i].lib}} {
			if len(t.rs) == 0 {
				continue
			}
			last := t.rs[len(t.rs)-1]
			fmt.Printf("| %s | %s | %d | %.4f | %.4f |\n", w.name(), t.name, last.iterations, last.pct, last.value)
		}
	}
}

// workload is one row of the table: a spot solved on some threads, with
// 32-bit or 16-bit storage.
type workload struct {
	spotCase
	threads  int
	compress bool
}

func (w workload) name() string {
	s := fmt.Sprintf("%s, %d thread", w.spotCase.name, w.threads)
	if w.threads > 1 {
		s += "s"
	}
	if w.compress {
		s += ", 16-bit"
	}
	return s
}
