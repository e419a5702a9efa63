package cfr

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"pokerlab/efg"
)

// TestCheckpointResume: for every algorithm, checkpoint after 7 iterations,
// then 5 more iterations from the restored solver give bit for bit the
// state of 12 uninterrupted iterations (regrets, accumulators, current and
// average profiles, generator).
func TestCheckpointResume(t *testing.T) {
	for _, g := range []string{"kuhn", "leduc"} {
		tr := load(t, g)
		for _, alg := range Algorithms() {
			opt := Options{Algorithm: alg, Seed: 42}
			if alg == DCFR {
				opt.Discount = &Discount{Alpha: 2, Beta: 0.5, Gamma: 3}
			}
			if alg == OSMCCFR {
				opt.Epsilon = 0.4
			}
			straight := solve(t, tr, opt, 12)
			first := solve(t, tr, opt, 7)
			var buf bytes.Buffer
			if err := first.WriteCheckpoint(&buf); err != nil {
				t.Fatal(err)
			}
			resumed, err := ReadCheckpoint(&buf, tr, 0)
			if err != nil {
				t.Fatalf("%s %s: %v", g, alg, err)
			}
			if !reflect.DeepEqual(resumed.Options(), first.Options()) || resumed.Iterations() != 7 {
				t.Errorf("%s %s: restored options %+v at %d, want %+v at 7", g, alg, resumed.Options(), resumed.Iterations(), first.Options())
			}
			resumed.Iterate(5)
			if err := sameState(straight, resumed); err != nil {
				t.Fatalf("%s %s: %v", g, alg, err)
			}
		}
	}
}

// sameState reports how two solvers' states differ, to the bit: regrets,
// accumulators, current and average profiles, generator.
func sameState(a, b *Solver) error {
	for name, pair := range map[string][2][]float64{
		"regret":   {a.regret, b.regret},
		"strategy": {a.strat, b.strat},
		"current":  {a.Current(nil), b.Current(nil)},
		"average":  {a.Average(nil), b.Average(nil)},
	} {
		for i := range pair[0] {
			if math.Float64bits(pair[0][i]) != math.Float64bits(pair[1][i]) {
				return fmt.Errorf("%s[%d] = %v uninterrupted, %v resumed", name, i, pair[0][i], pair[1][i])
			}
		}
	}
	if a.pcg != nil {
		x, _ := a.pcg.MarshalBinary()
		y, _ := b.pcg.MarshalBinary()
		if !bytes.Equal(x, y) {
			return errors.New("the generators differ")
		}
	}
	return nil
}

func TestCheckpointFiles(t *testing.T) {
	kuhn, leduc := load(t, "kuhn"), load(t, "leduc")
	s := solve(t, kuhn, Options{Algorithm: CFRPlus}, 10)
	dir := t.TempDir()
	path := filepath.Join(dir, "k.ckpt")
	if err := s.SaveCheckpoint(path); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("SaveCheckpoint left %d files in its directory, want 1", len(entries))
	}
	if r, err := LoadCheckpoint(path, kuhn, 2); err != nil || r.Iterations() != 10 || r.Options().Threads != 2 {
		t.Errorf("LoadCheckpoint: %v", err)
	}
	if _, err := LoadCheckpoint(path, leduc, 1); err == nil || !strings.Contains(err.Error(), `written for game "kuhn"`) {
		t.Errorf("wrong tree: %v", err)
	}
	if _, err := LoadCheckpoint(filepath.Join(dir, "missing"), kuhn, 1); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if err := s.SaveCheckpoint(filepath.Join(dir, "no", "such", "dir")); err == nil {
		t.Error("saving into a missing directory succeeded")
	}
	good, _ := os.ReadFile(path)
	for name, data := range map[string][]byte{
		"truncated":  good[:len(good)/2],
		"bit flip":   flip(good, len(good)/2),
		"bad header": flip(good, 3),
		"empty":      nil,
	} {
		if _, err := ReadCheckpoint(bytes.NewReader(data), kuhn, 1); err == nil {
			t.Errorf("%s checkpoint accepted", name)
		}
	}
	// A same-shaped tree with other payoffs is another game.
	other := *kuhn
	other.Payoff = append([]float64(nil), kuhn.Payoff...)
	other.Payoff[0] += 1
	if _, err := ReadCheckpoint(bytes.NewReader(good), &other, 1); err == nil {
		t.Error("checkpoint accepted for a tree with different payoffs")
	}
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0x40
	return c
}

// FuzzReadCheckpoint: no input makes ReadCheckpoint panic. The body is
// wrapped with a valid header and checksum so that the fuzzer reaches the
// decoder, and the raw bytes are tried as a whole file too.
func FuzzReadCheckpoint(f *testing.F) {
	kuhn := load(f, "kuhn")
	for _, alg := range []Algorithm{CFR, PCFRPlus, ESMCCFR} {
		var buf bytes.Buffer
		solve(f, kuhn, Options{Algorithm: alg}, 3).WriteCheckpoint(&buf)
		f.Add(buf.Bytes()[len(checkpointMagic) : buf.Len()-4])
	}
	f.Add([]byte("garbage"))
	f.Fuzz(func(t *testing.T, body []byte) {
		ReadCheckpoint(bytes.NewReader(body), kuhn, 1)
		var crc [4]byte
		sum := crc32.ChecksumIEEE(body)
		crc[0], crc[1], crc[2], crc[3] = byte(sum>>24), byte(sum>>16), byte(sum>>8), byte(sum)
		data := append(append([]byte(checkpointMagic), body...), crc[:]...)
		if s, err := ReadCheckpoint(bytes.NewReader(data), kuhn, 1); err == nil {
			s.Iterate(2) // a decoded solver must be usable
			if err := efg.CheckProfile(kuhn, s.Average(nil)); err != nil && !hasNaN(s) {
				t.Errorf("decoded solver's average: %v", err)
			}
		}
	})
}

func hasNaN(s *Solver) bool {
	for _, xs := range [][]float64{s.regret, s.strat, s.w} {
		for _, x := range xs {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return true
			}
		}
	}
	return false
}

func TestSchedule(t *testing.T) {
	for _, c := range []struct {
		n, every int
		want     []int
	}{
		{0, 0, nil},
		{1, 0, []int{1}},
		{10, 0, []int{1, 2, 3, 4, 5, 6, 8, 10}},
		{100, 0, []int{1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100}},
		{120, 0, []int{1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100, 120}},
		{10, 3, []int{3, 6, 9, 10}},
		{9, 3, []int{3, 6, 9}},
		{5, 10, []int{5}},
	} {
		if got := Schedule(c.n, c.every); !reflect.DeepEqual(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("Schedule(%d, %d) = %v, want %v", c.n, c.every, got, c.want)
		}
	}
}

func TestOptions(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Algorithm
		ok   bool
	}{
		{"cfr", CFR, true}, {"CFR+", CFRPlus, true}, {"cfrplus", CFRPlus, true}, {"lcfr", LCFR, true},
		{"dcfr", DCFR, true}, {"pcfr+", PCFRPlus, true}, {" es ", ESMCCFR, true}, {"os-mccfr", OSMCCFR, true},
		{"mccfr", 0, false}, {"", 0, false},
	} {
		got, err := ParseAlgorithm(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseAlgorithm(%q) = %v, %v", c.in, got, err)
		}
		if c.ok && got.String() != strings.TrimSpace(strings.ReplaceAll(strings.ToLower(c.in), "plus", "+")) && c.in != " es " {
			t.Errorf("%v.String() = %q", got, got.String())
		}
	}
	kuhn := load(t, "kuhn")
	nan := math.NaN()
	for _, o := range []Options{
		{Algorithm: 99},
		{Algorithm: ESMCCFR, Simultaneous: true},
		{Algorithm: DCFR, Discount: &Discount{Alpha: nan}},
		{Algorithm: DCFR, Discount: &Discount{Gamma: -1}},
		{Algorithm: OSMCCFR, Epsilon: 1.5},
		{Algorithm: OSMCCFR, Epsilon: -0.1},
		{Threads: -1},
	} {
		if _, err := New(kuhn, o); err == nil {
			t.Errorf("New accepted %+v", o)
		}
	}
	if d := (Options{Algorithm: DCFR}).discount(); d != DefaultDCFR {
		t.Errorf("default DCFR %+v", d)
	}
	if d := (Options{Algorithm: LCFR, Discount: &Discount{Alpha: 5}}).discount(); d != linearCFR {
		t.Errorf("LCFR %+v", d)
	}
	if d := (Options{Algorithm: PCFRPlus}).discount(); d.Gamma != 2 {
		t.Errorf("PCFR+ averaging %+v", d)
	}
	defer func() {
		if recover() == nil {
			t.Error("Average with a wrong-sized buffer did not panic")
		}
	}()
	solve(t, kuhn, Options{}, 1).Average(make([]float64, 3))
}

// TestRunAndCompare: Run measures at the schedule, skips the iterations a
// resumed solver has passed, and times only the iterations; Compare runs
// every algorithm.
func TestRunAndCompare(t *testing.T) {
	tr := load(t, "kuhn")
	s := solve(t, tr, Options{Algorithm: CFRPlus}, 100)
	var calls int
	trace := Run(s, RunOptions{Iterations: 300, Every: 100, Progress: func(int, Point) { calls++ }})
	if len(trace.History) != 2 || trace.History[0].Iteration != 200 || trace.History[1].Iteration != 300 ||
		trace.Iterations != 300 || calls == 0 || trace.MicrosPerIteration <= 0 {
		t.Errorf("Run: %+v, %d progress calls", trace, calls)
	}
	straight := Run(solve(t, tr, Options{Algorithm: CFRPlus}, 0), RunOptions{Iterations: 300})
	if straight.NashConv != trace.NashConv {
		t.Errorf("NashConv %v after 100+200 iterations, %v after 300", trace.NashConv, straight.NashConv)
	}
	traces, err := Compare(tr, CompareOptions{Iterations: 50, Base: Options{Simultaneous: true, Seed: 3, Threads: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if len(traces) != len(Algorithms()) {
		t.Fatalf("%d traces", len(traces))
	}
	for i, tr := range traces {
		if tr.Algorithm != Algorithms()[i] || tr.Iterations != 50 || tr.History[len(tr.History)-1].Iteration != 50 {
			t.Errorf("trace %d: %+v", i, tr)
		}
	}
	if _, err := Compare(tr, CompareOptions{Iterations: 5, Base: Options{Threads: -1}}); err == nil {
		t.Error("Compare accepted invalid options")
	}
}

// TestLeducMemory: the Leduc tree and a CFR+ solver together take less than
// 20 MB of heap, measured as the growth of live heap.
func TestLeducMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tr := load(t, "leduc")
	s := solve(t, tr, Options{Algorithm: CFRPlus}, 10)
	runtime.GC()
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("Leduc tree + CFR+ solver: %.2f MB live heap (tree.Bytes %d, solver.Bytes %d)", float64(grown)/1e6, tr.Bytes(), s.Bytes())
	if grown > 20e6 {
		t.Errorf("Leduc tree + solver take %.1f MB, want ≤ 20 MB", float64(grown)/1e6)
	}
	runtime.KeepAlive(s)
}
