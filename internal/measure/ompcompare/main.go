// Command ompcompare is the Go side of scripts/ompeval-compare: it runs the
// workloads of the side-by-side comparison with OMPEval (docs/benchmarks.md)
// once each with the same amounts of work as the C++ driver
// scripts/ompeval/driver.cpp (which calls OMPEval) and prints one line per
// workload,
//
//	row <name> <value> <unit> <check> <cpu>
//
// (value is wall-clock time per unit of work, cpu the process's CPU time
// per unit) so that the script can alternate the two programs and pair
// their rows.
// An optional argument runs one workload only.
//
//	go run ./internal/measure/ompcompare [hand-eval|cards-eval|set-eval|enum7|hand-eval-batch|cards-eval-batch|set-eval-batch|enum7-batch|enum7-whole|exact-hu|exact-ranges|mc-hu|mc-ranges]
//
// The -batch rows do the work of the row without the suffix (the same
// hands evaluated, the same sum of values) through the batch forms of
// package handeval (EvalHands, EvalCards7, EvalSets, Hand.EvalTriples:
// loops in assembly on amd64), writing the values of a chunk to a buffer
// and summing it; the rows without the suffix call the per-hand functions.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"pokerlab/cards"
	"pokerlab/equity"
	"pokerlab/handeval"
)

// workloads are the rows, in the order they run; an argument picks one.
var workloads = []string{"hand-eval", "cards-eval", "set-eval", "enum7",
	"hand-eval-batch", "cards-eval-batch", "set-eval-batch", "enum7-batch", "enum7-whole", "exact-hu", "exact-ranges", "mc-hu", "mc-ranges"}

// workload returns the one workload the arguments name, or "" for all.
func workload(args []string) (string, error) {
	switch {
	case len(args) == 0:
		return "", nil
	case len(args) > 1:
		return "", fmt.Errorf("one workload at most, got %d arguments", len(args))
	case !slices.Contains(workloads, args[0]):
		return "", fmt.Errorf("unknown workload %q", args[0])
	}
	return args[0], nil
}

// Amounts of work, the same as in driver.cpp.
const (
	tableSize = 1 << 16 // random hands in the table
	passes    = 2048    // passes over it: 2^27 evaluations
	exactReps = 20      // exact AsKs vs QdQc runs per measurement
	mcSamples = 1 << 23 // Monte Carlo showdowns per measurement
)

// timer measures wall-clock and process CPU time. It collects garbage
// first, so that no collection left over from setting up runs meanwhile.
type timer struct {
	wall time.Time
	cpu  time.Duration
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startTimer() timer {
	runtime.GC()
	return timer{time.Now(), cpuTime()}
}

// stop returns the wall and CPU seconds since the timer started.
func (t timer) stop() (wall, cpu float64) {
	c := cpuTime() - t.cpu
	return time.Since(t.wall).Seconds(), c.Seconds()
}

// splitMix is splitmix64 (Steele, Lea and Flood 2014), the generator the C++
// driver uses with the same seed, so both sides evaluate the same hands.
type splitMix struct{ s uint64 }

func (r *splitMix) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// randomHands draws the table of 7-card hands, card by card as driver.cpp
// does (both libraries encode a card as 4·rank + suit).
func randomHands() [][7]cards.Card {
	r := splitMix{1}
	out := make([][7]cards.Card, tableSize)
	for i := range out {
		var used uint64
		for j := range out[i] {
			var x uint64
			for {
				x = (r.next() >> 32) * 52 >> 32
				if used>>x&1 == 0 {
					break
				}
			}
			used |= 1 << x
			out[i][j] = cards.Card(x)
		}
	}
	return out
}

func handEval(table [][7]cards.Card, batch bool) {
	hands := make([]handeval.Hand, len(table))
	for i, cs := range table {
		hands[i] = handeval.NewHand(cards.SetOf(cs[:]...))
	}
	name, loop := "hand-eval", handEvalLoop
	if batch {
		name, loop = "hand-eval-batch", handBatchLoop
	}
	t := startTimer()
	sum := loop(hands)
	w, c := t.stop()
	const n = passes * tableSize
	fmt.Printf("row %s %.4f ns/eval %d %.4f\n", name, w*1e9/n, sum, c*1e9/n)
}

// cardsEval builds each hand from its seven cards, as OMPEval's
// driver does, and evaluates it.
func cardsEval(table [][7]cards.Card, batch bool) {
	name, loop := "cards-eval", cardsEvalLoop
	if batch {
		name, loop = "cards-eval-batch", cardsBatchLoop
	}
	t := startTimer()
	sum := loop(table)
	w, c := t.stop()
	const n = passes * tableSize
	fmt.Printf("row %s %.4f ns/eval %d %.4f\n", name, w*1e9/n, sum, c*1e9/n)
}

// setEval evaluates each hand from a cards.Set (Eval); OMPEval has no
// bit-set input, its side of this row is the card-array loop again.
func setEval(table [][7]cards.Card, batch bool) {
	sets := make([]cards.Set, len(table))
	for i, cs := range table {
		sets[i] = cards.SetOf(cs[:]...)
	}
	name, loop := "set-eval", setEvalLoop
	if batch {
		name, loop = "set-eval-batch", setBatchLoop
	}
	t := startTimer()
	sum := loop(sets)
	w, c := t.stop()
	const n = passes * tableSize
	fmt.Printf("row %s %.4f ns/eval %d %.4f\n", name, w*1e9/n, sum, c*1e9/n)
}

// The timed loops of the three random-hand rows: one pass over the table is
// a function of its own, not inlined (2,048 calls for 2^27 hands). Inlined
// into the function that holds the timer and the pass counter, Go's
// register allocator kept those in registers across the loop and spilled
// and reloaded them in every iteration (five loads a hand in cards-eval,
// the pass counter alone when only the timer was outside). The C++
// driver's loops hold nothing of the kind.

// chunk is the batch size of the batch rows: the values of one chunk stay
// in the L1 cache between the batch call that writes them and the sum.
const chunk = 1024

// sumValues returns the sum of vs, at most 2^16 values: read four at a time
// as 64-bit words, eight words added as they are (each 16-bit lane then
// holds eight values below 2^13: no carries), the sum split into two words
// of two 32-bit lanes, so that the checksum of the batch rows costs less
// than the evaluation it checks (about half an instruction a value). Not
// inlined: inlined into enum7Triples' four loops, its loop spilled and
// reloaded their values, a quarter of that row's time.
//
//go:noinline
func sumValues(vs []handeval.Value) uint64 {
	const lanes = 0x0000FFFF0000FFFF
	n := len(vs) / 4
	ws := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(vs))), n)
	var s uint64
	for ; len(ws) >= 8; ws = ws[8:] {
		w := ws[0] + ws[1] + ws[2] + ws[3] + ws[4] + ws[5] + ws[6] + ws[7]
		s += w&lanes + w>>16&lanes
	}
	for _, w := range ws {
		s += w&lanes + w>>16&lanes
	}
	s = s&0xFFFFFFFF + s>>32
	for _, v := range vs[4*n:] {
		s += uint64(v)
	}
	return s
}

func handBatchLoop(hands []handeval.Hand) (sum uint64) {
	var buf [chunk]handeval.Value
	for range passes {
		for i := 0; i < len(hands); i += chunk {
			hs := hands[i:min(i+chunk, len(hands))]
			handeval.EvalHands(buf[:], hs)
			sum += sumValues(buf[:len(hs)])
		}
	}
	return sum
}

func cardsBatchLoop(table [][7]cards.Card) (sum uint64) {
	var buf [chunk]handeval.Value
	for range passes {
		for i := 0; i < len(table); i += chunk {
			cs := table[i:min(i+chunk, len(table))]
			handeval.EvalCards7(buf[:], cs)
			sum += sumValues(buf[:len(cs)])
		}
	}
	return sum
}

func setBatchLoop(sets []cards.Set) (sum uint64) {
	var buf [chunk]handeval.Value
	for range passes {
		for i := 0; i < len(sets); i += chunk {
			ss := sets[i:min(i+chunk, len(sets))]
			handeval.EvalSets(buf[:], ss)
			sum += sumValues(buf[:len(ss)])
		}
	}
	return sum
}

func handEvalLoop(hands []handeval.Hand) (sum uint64) {
	for range passes {
		sum += handEvalPass(hands)
	}
	return sum
}

//go:noinline
func handEvalPass(hands []handeval.Hand) (sum uint64) {
	for _, h := range hands {
		sum += uint64(h.Eval())
	}
	return sum
}

func cardsEvalLoop(table [][7]cards.Card) (sum uint64) {
	for range passes {
		sum += cardsEvalPass(table)
	}
	return sum
}

//go:noinline
func cardsEvalPass(table [][7]cards.Card) (sum uint64) {
	for i := range table {
		cs := &table[i]
		h := handeval.Hand{}.Add(cs[0]).Add(cs[1]).Add(cs[2]).Add(cs[3]).Add(cs[4]).Add(cs[5]).Add(cs[6])
		sum += uint64(h.Eval())
	}
	return sum
}

func setEvalLoop(sets []cards.Set) (sum uint64) {
	for range passes {
		sum += setEvalPass(sets)
	}
	return sum
}

//go:noinline
func setEvalPass(sets []cards.Set) (sum uint64) {
	for _, s := range sets {
		sum += uint64(handeval.Eval(s))
	}
	return sum
}

// enum7 evaluates all 133,784,560 seven-card hands, adding one card per
// loop level.
func enum7() {
	var sum, count uint64
	t := startTimer()
	for a := cards.Card(0); a < 52; a++ {
		ha := handeval.Hand{}.Add(a)
		for b := a + 1; b < 52; b++ {
			hb := ha.Add(b)
			for c := b + 1; c < 52; c++ {
				hc := hb.Add(c)
				for d := c + 1; d < 52; d++ {
					hd := hc.Add(d)
					for e := d + 1; e < 52; e++ {
						s, n := enum7Last(hd.Add(e), e)
						sum += s
						count += n
					}
				}
			}
		}
	}
	w, c := t.stop()
	if count != 133784560 {
		fmt.Fprintf(os.Stderr, "enum7: %d hands\n", count)
		os.Exit(1)
	}
	fmt.Printf("row enum7 %.4f ns/hand %d %.4f\n", w*1e9/float64(count), sum, c*1e9/float64(count))
}

// enum7Last adds the last two cards (above e) to he and evaluates each
// hand. It is a function of its own, called once per five cards (2.6 M
// calls for 134 M hands), so that the compiler allocates the registers of
// the two innermost loops on their own: inlined into the seven nested
// loops it spills and reloads loop values in the innermost loop.
//
//go:noinline
func enum7Last(he handeval.Hand, e cards.Card) (sum, count uint64) {
	for f := e + 1; f < 52; f++ {
		hf := he.Add(f)
		for g := f + 1; g < 52; g++ {
			sum += uint64(hf.Add(g).Eval())
			count++
		}
	}
	return sum, count
}

// deck is the 52 cards in order.
var deck = func() (d [52]cards.Card) {
	for i := range d {
		d[i] = cards.Card(i)
	}
	return d
}()

// enum7Batch evaluates all 133,784,560 seven-card hands, adding one card
// per loop level down to four cards, then the last three levels in one
// call (Hand.EvalTriples), whose values are summed.
func enum7Batch() {
	t := startTimer()
	sum, count := enum7Triples()
	w, c := t.stop()
	if count != 133784560 {
		fmt.Fprintf(os.Stderr, "enum7-batch: %d hands\n", count)
		os.Exit(1)
	}
	fmt.Printf("row enum7-batch %.4f ns/hand %d %.4f\n", w*1e9/float64(count), sum, c*1e9/float64(count))
}

func enum7Triples() (sum, count uint64) {
	buf := make([]handeval.Value, 52*51*50/6)
	for a := cards.Card(0); a < 52; a++ {
		ha := handeval.Hand{}.Add(a)
		for b := a + 1; b < 52; b++ {
			hb := ha.Add(b)
			for c := b + 1; c < 52; c++ {
				hc := hb.Add(c)
				for d := c + 1; d < 50; d++ {
					n := hc.Add(d).EvalTriples(buf, deck[d+1:])
					sum += sumValues(buf[:n])
					count += uint64(n)
				}
			}
		}
	}
	return sum, count
}

// enum7Whole computes the value of all 133,784,560 seven-card hands as a
// whole: handeval.Histogram7 (classes of hands that share their value are
// evaluated once). The checksum is the same sum of values as enum7's.
func enum7Whole() {
	t := startTimer()
	hist := handeval.Histogram7()
	w, c := t.stop()
	var sum, count uint64
	for v, n := range hist {
		sum += uint64(v) * n
		count += n
	}
	if count != 133784560 {
		fmt.Fprintf(os.Stderr, "enum7-whole: %d hands\n", count)
		os.Exit(1)
	}
	fmt.Printf("row enum7-whole %.4f ns/hand %d %.4f\n", w*1e9/float64(count), sum, c*1e9/float64(count))
}

func calc(ranges []*equity.Range, opt equity.Options) equity.Result {
	res, err := equity.Calculate(ranges, opt)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return res
}

func exact(name string, ranges []*equity.Range, reps int) {
	var res equity.Result
	t := startTimer()
	for range reps {
		res = calc(ranges, equity.Options{Method: equity.Exact, Threads: 1})
	}
	w, c := t.stop()
	fmt.Printf("row %s %.4f ms %.8f %.4f\n", name, w*1e3/float64(reps), res.Players[0].Equity, c*1e3/float64(reps))
}

func monteCarlo(name string, ranges []*equity.Range) {
	t := startTimer()
	res := calc(ranges, equity.Options{Method: equity.MonteCarlo, Samples: mcSamples, Threads: 1, Seed: 1})
	w, c := t.stop()
	n := float64(res.Samples)
	fmt.Printf("row %s %.4f ns/showdown %.4f %.4f\n", name, w*1e9/n, res.Players[0].Equity, c*1e9/n)
}

func main() {
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the run to `file` (for default.pgo: see scripts/pgo-profile)")
	flag.Parse()
	only, err := workload(flag.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "ompcompare: %v\nusage: ompcompare [-cpuprofile file] [%s]\n", err, strings.Join(workloads, "|"))
		os.Exit(2)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}
	want := func(name string) bool { return only == "" || only == name }
	table := randomHands()
	hu := []*equity.Range{equity.MustParseRange("AsKs"), equity.MustParseRange("QdQc")}
	rr := []*equity.Range{equity.MustParseRange("QQ+,AKs"), equity.MustParseRange("JJ-88,AQs-ATs")}
	handeval.Eval(cards.FullDeck >> 45) // the tables are ready before timing
	if want("hand-eval") {
		handEval(table, false)
	}
	if want("cards-eval") {
		cardsEval(table, false)
	}
	if want("set-eval") {
		setEval(table, false)
	}
	if want("enum7") {
		enum7()
	}
	if want("hand-eval-batch") {
		handEval(table, true)
	}
	if want("cards-eval-batch") {
		cardsEval(table, true)
	}
	if want("set-eval-batch") {
		setEval(table, true)
	}
	if want("enum7-batch") {
		enum7Batch()
	}
	if want("enum7-whole") {
		enum7Whole()
	}
	if want("exact-hu") {
		exact("exact-hu", hu, exactReps)
	}
	if want("exact-ranges") {
		exact("exact-ranges", rr, 1)
	}
	if want("mc-hu") {
		monteCarlo("mc-hu", hu)
	}
	if want("mc-ranges") {
		monteCarlo("mc-ranges", rr)
	}
}
