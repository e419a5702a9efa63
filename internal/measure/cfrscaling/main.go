// Command cfrscaling runs the scaling study of docs/benchmarks.md: CFR+ on
// the Leduc family (more ranks, suits and raises) from about 10^3 to 10^7
// nodes, on one and two threads. For each game it prints a Markdown table
// row — nodes, information sets, memory of the tree and of the solver, the
// time per iteration — and it draws the fastest time per iteration and the
// memory against the number of nodes on log–log axes (SVG; -png adds PNG).
//
//	go run ./internal/measure/cfrscaling -out docs/img
//
// Each point takes about -seconds of iterations (at least 3) after one
// warm-up iteration; the median and the fastest iteration are reported (on
// a machine shared with other work the fastest is the least disturbed).
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"pokerlab/cfr"
	"pokerlab/efg"
	"pokerlab/games"
	"pokerlab/internal/figure/loglog"
)

// family spans 761 to 9,984,833 nodes, about two games per decade.
var family = []string{
	"leduc:ranks=2,suits=2,maxraises=1",
	"leduc:ranks=3,suits=2,maxraises=1",
	"leduc",
	"leduc:ranks=4,suits=2",
	"leduc:ranks=4,suits=3",
	"leduc:ranks=6,suits=3",
	"leduc:ranks=6,suits=4",
	"leduc:ranks=10,suits=4",
	"leduc:ranks=13,suits=4",
}

func main() {
	out := flag.String("out", "", "directory for cfr-scaling-time.svg and cfr-scaling-memory.svg (none: no figures)")
	maxNodes := flag.Int("max", 20_000_000, "skip games with more nodes")
	seconds := flag.Float64("seconds", 3, "iteration time per measurement")
	algo := flag.String("algo", "cfr+", "algorithm")
	png := flag.Bool("png", false, "also write PNG copies of the figures")
	flag.Parse()
	a, err := cfr.ParseAlgorithm(*algo)
	if err != nil {
		log.Fatal(err)
	}
	var nodes, one, two, treeMB, solverMB []float64
	fmt.Println("| game | nodes | information sets | tree MB | solver MB | ms/iteration, 1 thread: median (fastest) | 2 threads: median (fastest) | ns per node and pass (fastest, 1 thread) |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, spec := range family {
		t, err := games.Load(spec)
		if err != nil {
			log.Fatal(err)
		}
		if t.NumNodes() > *maxNodes {
			break
		}
		var perIter, fastest [2]float64
		var solverBytes int64
		for k, threads := range []int{1, 2} {
			s, err := cfr.New(t, cfr.Options{Algorithm: a, Threads: threads})
			if err != nil {
				log.Fatal(err)
			}
			perIter[k], fastest[k] = timeIterations(s, *seconds)
			solverBytes = s.Bytes()
		}
		n := float64(t.NumNodes())
		nodes = append(nodes, n)
		one, two = append(one, fastest[0]), append(two, fastest[1])
		treeMB, solverMB = append(treeMB, float64(t.Bytes())/1e6), append(solverMB, float64(solverBytes)/1e6)
		fmt.Printf("| `%s` | %d | %d | %.1f | %.1f | %.4g (%.4g) | %.4g (%.4g) | %.2f |\n", spec, t.NumNodes(), t.NumInfoSets(),
			float64(t.Bytes())/1e6, float64(solverBytes)/1e6, perIter[0]*1e3, fastest[0]*1e3, perIter[1]*1e3, fastest[1]*1e3,
			fastest[0]*1e9/(n*float64(t.NumPlayers())))
		release(t)
	}
	if *out == "" {
		return
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	ms := func(xs []float64) []float64 {
		y := make([]float64, len(xs))
		for i, x := range xs {
			y[i] = x * 1e3
		}
		return y
	}
	timeChart := loglog.Chart{
		Title:  fmt.Sprintf("%s on the Leduc family: time per iteration", a),
		XLabel: "nodes", YLabel: "ms per iteration (fastest)", LegendTop: true,
		Series: []loglog.Series{
			{Name: "1 thread", X: nodes, Y: ms(one)},
			{Name: "2 threads", X: nodes, Y: ms(two)},
			{Name: "linear in nodes", X: []float64{nodes[0], nodes[len(nodes)-1]},
				Y: []float64{one[0] * 1e3, one[0] * 1e3 * nodes[len(nodes)-1] / nodes[0]}, Dashed: true},
		},
	}
	memoryChart := loglog.Chart{
		Title:  fmt.Sprintf("%s on the Leduc family: memory", a),
		XLabel: "nodes", YLabel: "MB", LegendTop: true,
		Series: []loglog.Series{{Name: "tree", X: nodes, Y: treeMB}, {Name: "solver", X: nodes, Y: solverMB}},
	}
	exts := []string{".svg"}
	if *png {
		exts = append(exts, ".png")
	}
	for _, ext := range exts {
		if err := loglog.Write(filepath.Join(*out, "cfr-scaling-time"+ext), timeChart); err != nil {
			log.Fatal(err)
		}
		if err := loglog.Write(filepath.Join(*out, "cfr-scaling-memory"+ext), memoryChart); err != nil {
			log.Fatal(err)
		}
	}
}

// timeIterations returns the median and the fastest wall time of one
// iteration, in seconds, after a warm-up iteration.
func timeIterations(s *cfr.Solver, seconds float64) (median, fastest float64) {
	s.Iterate(1)
	var times []float64
	total := 0.0
	for len(times) < 3 || total < seconds {
		t0 := time.Now()
		s.Iterate(1)
		d := time.Since(t0).Seconds()
		times = append(times, d)
		total += d
	}
	sort.Float64s(times)
	return times[len(times)/2], times[0]
}

// release lets the garbage collector take the previous game before the next
// one is built.
func release(*efg.Tree) { runtime.GC() }
