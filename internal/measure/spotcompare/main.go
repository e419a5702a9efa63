// Command spotcompare runs postflop-solver (through scripts/postflop-bench)
// and `pokerlab spot solve` side by side on the same spots, alternating the
// tools round by round, and prints for each tool and spot the minimum and
// median of the process's CPU time (user + system), wall time and peak
// resident set (from the kernel's rusage of each process), each divided by
// postflop-solver's, with the iterations, exploitability and OOP value each
// run reached. Every process is timed whole: tree building, solving and the
// final evaluation.
//
//	scripts/postflop-bench/setup.sh /path/to/postflop-solver
//	go build -o /tmp/pokerlab ./cmd/pokerlab
//	GOEXPERIMENT=simd go build -o /tmp/pokerlab-avx2 ./cmd/pokerlab
//	go run ./internal/measure/spotcompare -rounds 5 -spots turn,flop -pokerlab /tmp/pokerlab,/tmp/pokerlab-avx2 -threads 1,2
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
	"strings"
	"syscall"
	"time"
)

type run struct {
	cpu, wall  float64 // seconds
	rss        float64 // MiB
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
	if err := cmd.Run(); err != nil {
		return run{}, nil, fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	r := run{
		cpu:  float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6,
		wall: time.Since(start).Seconds(),
		rss:  float64(ru.Maxrss) / 1024,
	}
	return r, out.Bytes(), nil
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
	rounds := flag.Int("rounds", 3, "runs of each tool per spot, alternating")
	postflop := flag.String("postflop", "scripts/postflop-bench/target/release/postflop-bench", "the postflop-bench binary (scripts/postflop-bench/setup.sh builds it)")
	pokerlab := flag.String("pokerlab", "/tmp/pokerlab", "comma-separated pokerlab binaries (e.g. a scalar and an avx2 build)")
	threads := flag.String("threads", "1", "comma-separated --threads values for pokerlab")
	spots := flag.String("spots", "turn,flop", "which spots: turn, flop")
	flag.Parse()
	if flag.NArg() > 0 || *rounds < 1 {
		fmt.Fprintln(os.Stderr, "usage: spotcompare [-rounds N] [-spots turn,flop] [-pokerlab BIN,...] [-threads T,...] [-postflop BIN]")
		os.Exit(2)
	}
	cases := map[string]spotCase{
		"turn": {"turn", "spot/testdata/postflop/solves/turn.args", "spot/testdata/turn-Td9d6hQc-pot200-stack900.toml", 0.41},
		"flop": {"flop", "spot/testdata/postflop/solves/flop.args", "spot/testdata/flop-Td9d6h-pot200-stack900.toml", 0.35},
	}
	var todo []spotCase
	for _, name := range strings.Split(*spots, ",") {
		c, ok := cases[name]
		if !ok {
			fail(2, "unknown spot %q (-spots): turn, flop", name)
		}
		todo = append(todo, c)
	}
	if _, err := os.Stat(*postflop); err != nil {
		fail(2, "%v (-postflop): build it with scripts/postflop-bench/setup.sh POSTFLOP_SOLVER_CHECKOUT", err)
	}
	for _, bin := range strings.Split(*pokerlab, ",") {
		if _, err := os.Stat(bin); err != nil {
			fail(2, "%v (-pokerlab): build it with go build -o %s ./cmd/pokerlab", err, bin)
		}
	}
	type key struct{ tool, spot string }
	results := map[key][]run{}
	var order []key
	for _, c := range todo {
		for r := 0; r < *rounds; r++ {
			// postflop-solver
			args := append([]string{"solve"}, readArgs(c.args)...)
			args = append(args, fmt.Sprintf("target=%g", c.target))
			m, out, err := measure(exec.Command(*postflop, args...))
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
			k := key{"postflop-solver", c.name}
			if r == 0 {
				order = append(order, k)
			}
			results[k] = append(results[k], m)
			fmt.Fprintf(os.Stderr, "%s %s: %.2f s CPU, %.1f MiB\n", k.tool, k.spot, m.cpu, m.rss)
			// pokerlab builds and thread counts
			for _, bin := range strings.Split(*pokerlab, ",") {
				for _, th := range strings.Split(*threads, ",") {
					m, out, err := measure(exec.Command(bin, "spot", "solve", c.toml, "--target", fmt.Sprint(c.target), "--threads", th, "--json"))
					if err != nil {
						fail(1, "%v", err)
					}
					var s struct {
						Iterations int        `json:"iterations"`
						Pct        float64    `json:"exploitability_pct"`
						Values     [2]float64 `json:"values"`
						Vector     string     `json:"vector"`
					}
					if err := json.Unmarshal(out, &s); err != nil {
						fail(1, "%s spot solve's output: %v", bin, err)
					}
					m.iterations, m.pct, m.value = s.Iterations, s.Pct, s.Values[0]
					k := key{fmt.Sprintf("pokerlab %s, %s thread(s)", s.Vector, th), c.name}
					if r == 0 {
						order = append(order, k)
					}
					results[k] = append(results[k], m)
					fmt.Fprintf(os.Stderr, "%s %s: %.2f s CPU, %.1f MiB\n", k.tool, k.spot, m.cpu, m.rss)
				}
			}
		}
	}
	cpu := func(r run) float64 { return r.cpu }
	wall := func(r run) float64 { return r.wall }
	fmt.Printf("%d alternating rounds; ratio = pokerlab / postflop-solver (below 1: pokerlab is faster)\n\n", *rounds)
	fmt.Printf("| spot | tool | runs | CPU s min | CPU s median | CPU ratio min, median | wall s min | wall s median | wall ratio min, median | peak RSS MiB min | median | iterations | exploitability %% | OOP value |\n")
	fmt.Printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, k := range order {
		rs := results[k]
		ref := results[key{"postflop-solver", k.spot}]
		cl, cm := stat(rs, cpu)
		wl, wm := stat(rs, wall)
		rcl, rcm := stat(ref, cpu)
		rwl, rwm := stat(ref, wall)
		ml, mm := stat(rs, func(r run) float64 { return r.rss })
		last := rs[len(rs)-1]
		fmt.Printf("| %s | %s | %d | %.2f | %.2f | %.2f, %.2f | %.2f | %.2f | %.2f, %.2f | %.1f | %.1f | %d | %.4f | %.4f |\n",
			k.spot, k.tool, len(rs), cl, cm, cl/rcl, cm/rcm, wl, wm, wl/rwl, wm/rwm, ml, mm, last.iterations, last.pct, last.value)
	}
}
