package games

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"pokerlab/efg"
)

// peakHeap runs f and returns the largest live heap seen above the heap
// before it, sampled every 50 µs with the collector at GOGC=5, so that
// garbage is collected promptly and the peak is close to the live peak.
func peakHeap(f func()) int64 {
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() int64 { metrics.Read(sample); return int64(sample[0].Value.Uint64()) }
	base := read()
	var peak atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			if v := read() - base; v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Microsecond):
			}
		}
	}()
	f()
	close(stop)
	<-done
	if v := read() - base; v > peak.Load() {
		peak.Store(v)
	}
	return peak.Load()
}

// efg.Size.BuildBytes, the estimate --max-memory compares, against the
// heap measured while the tree is built: within a factor 0.5–2 for Leduc
// variants of 10⁴ to 3·10⁵ nodes (3.6·10⁶ nodes measured by hand: 1.6). The estimate counts exactly what
// Tree.Bytes will report (TestSizeIsTheCompiledTreesSize in games/leduc),
// then the growth room of the slices and the builder's own index.
func TestBuildBytesEstimate(t *testing.T) {
	for _, spec := range []string{"leduc", "leduc:ranks=5", "leduc:ranks=7,maxraises=3"} {
		g, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := efg.Estimate(g, 0)
		if !ok {
			t.Fatalf("%s: no estimate", spec)
		}
		var tr *efg.Tree
		peak := peakHeap(func() { tr, err = efg.Compile(g) })
		if err != nil {
			t.Fatal(err)
		}
		if s.Bytes() != tr.Bytes() || s.Nodes != int64(tr.NumNodes()) {
			t.Errorf("%s: estimated %d nodes, %d bytes; built %d nodes, %d bytes", spec, s.Nodes, s.Bytes(), tr.NumNodes(), tr.Bytes())
		}
		ratio := float64(s.BuildBytes()) / float64(peak)
		t.Logf("%s: %d nodes, tree %d bytes, estimated build %d bytes, measured peak %d bytes (ratio %.2f)", spec, s.Nodes, tr.Bytes(), s.BuildBytes(), peak, ratio)
		if ratio < 0.5 || ratio > 2 {
			t.Errorf("%s: estimate %d bytes is %.2f times the measured peak %d", spec, s.BuildBytes(), ratio, peak)
		}
	}
}

// LoadWith refuses a tree beyond the limit before building it, for a
// built-in game (exact estimate) and a .efg file (counted from its text,
// an upper bound that the real tree does not exceed), and builds it under
// a limit that suffices.
func TestLoadWithRefusesLargeTrees(t *testing.T) {
	g, _ := Parse("leduc:ranks=5")
	s, _ := efg.Estimate(g, 0)
	_, err := LoadWith("leduc:ranks=5", efg.CompileOptions{MaxBytes: s.BuildBytes() - 1})
	var tl *efg.TooLargeError
	if !errors.As(err, &tl) || !tl.Estimated || tl.Size != s {
		t.Fatalf("just below the estimate: %v", err)
	}
	want := fmt.Sprintf("game leduc:ranks=5: its tree has 55361 nodes and 2760 information sets; building it needs about %s, more than the limit of %s",
		efg.FormatBytes(s.BuildBytes()), efg.FormatBytes(s.BuildBytes()-1))
	if err.Error() != want {
		t.Errorf("error %q\nwant %q", err, want)
	}
	tr, err := LoadWith("leduc:ranks=5", efg.CompileOptions{MaxBytes: s.BuildBytes()})
	if err != nil || tr.NumNodes() != 55361 {
		t.Fatalf("at the estimate: %v", err)
	}

	// The same tree as a .efg file: the count from the text bounds the tree.
	path := filepath.Join(t.TempDir(), "leduc5.efg")
	var buf bytes.Buffer
	if err := efg.WriteEFG(&buf, tr); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, buf.Bytes(), 0o644)
	es, err := efg.EstimateEFG(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if es.Nodes != s.Nodes || es.Terminals != s.Terminals || es.ChanceNodes != s.ChanceNodes || es.DecisionNodes != s.DecisionNodes || es.Players != 2 {
		t.Errorf("nodes counted from the text %+v, tree %+v", es, s)
	}
	if es.Bytes() < tr.Bytes() || es.BuildBytes() > 3*s.BuildBytes() {
		t.Errorf(".efg estimate %d bytes (build %d), tree %d bytes (build %d): want an upper bound within 3×", es.Bytes(), es.BuildBytes(), tr.Bytes(), s.BuildBytes())
	}
	if _, err := LoadWith(path, efg.CompileOptions{MaxBytes: es.BuildBytes() - 1}); !errors.As(err, &tl) || !tl.Bound {
		t.Errorf(".efg below its estimate: %v", err)
	}
	if _, err := LoadWith(path, efg.CompileOptions{MaxBytes: es.BuildBytes()}); err != nil {
		t.Errorf(".efg at its estimate: %v", err)
	}
}

// A game that cannot count itself cheaply (no efg.Sizer, larger than the
// estimating walk) is stopped while it is built, once it passes the limit.
func TestCompileStopsAtTheLimit(t *testing.T) {
	g := chain{depth: 21} // 2²²−1 nodes: beyond the walk of 2²⁰
	_, err := efg.CompileWith(g, efg.CompileOptions{MaxBytes: 16 << 20})
	var tl *efg.TooLargeError
	if !errors.As(err, &tl) || tl.Estimated || tl.Need <= 16<<20 || tl.Size.Nodes >= 1<<22-1 {
		t.Fatalf("err = %v", err)
	}
	if !strings.HasSuffix(err.Error(), "more than the limit of 16 MiB; the build was stopped") {
		t.Errorf("error %q", err)
	}
}

// chain is a one-player game: a full binary tree of the given depth.
type chain struct{ depth int }

func (c chain) Name() string          { return "chain" }
func (c chain) PlayerNames() []string { return []string{"P1"} }
func (c chain) Root() efg.State       { return chainState{c.depth, 1} }

// chainState is a node: left levels to go, id its number in heap order.
type chainState struct {
	left int
	id   int
}

func (s chainState) Player() int {
	if s.left == 0 {
		return efg.Terminal
	}
	return 0
}
func (s chainState) Actions() []string      { return []string{"l", "r"} }
func (s chainState) ChanceProbs() []float64 { return nil }
func (s chainState) Next(a int) efg.State   { return chainState{s.left - 1, 2*s.id + a} }
func (s chainState) InfoSet() string        { return strconv.Itoa(s.id) }
func (s chainState) Utilities() []float64   { return []float64{float64(s.id)} }
