package equity

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"pokerlab/cards"
)

var update = flag.Bool("update", false, "rewrite testdata/regress.golden from the current code")

// regressCase is one Calculate call whose numbers are pinned bit for bit.
type regressCase struct {
	name   string
	ranges []string
	opt    Options
}

// regressCases cover every code path whose results the package promises to
// keep bit for bit (doc.go): exact hands (two and three players, boards,
// dead cards), weighted ranges heads-up and three-way, and Monte Carlo
// streams for a seed.
func regressCases() []regressCase {
	b := cards.MustParseSet
	return []regressCase{
		{"exact/AsKs-QdQc", []string{"AsKs", "QdQc"}, Options{Method: Exact}},
		{"exact/AhAd-KsKc", []string{"AhAd", "KsKc"}, Options{Method: Exact}},
		{"exact/3way", []string{"AsAh", "KsKh", "QsQh"}, Options{Method: Exact}},
		{"exact/flop-dead", []string{"AhKh", "7c7d", "Qs9s"}, Options{Method: Exact, Board: b("Th 6h 2s"), Dead: b("3h Jc")}},
		{"exact/turn", []string{"5s4s", "AcAd"}, Options{Method: Exact, Board: b("6s 7h Ks 2d")}},
		{"exact/ranges", []string{"QQ+,AKs", "JJ-88,AQs-ATs"}, Options{Method: Exact}},
		{"exact/weighted", []string{"AsAh,KdKc:0.5", "QsQh,Td9d"}, Options{Method: Exact}},
		{"exact/weighted-flop", []string{"AKs:0.5,QQ,77:0.25", "JJ:0.25,T9s,A7s:0.75"}, Options{Method: Exact, Board: b("Ah 7c 2d")}},
		{"exact/ranges-3way-turn", []string{"AA,KK:0.5", "QQ,AKs", "JTs,99:0.5"}, Options{Method: Exact, Board: b("9h 8h 2c 3d")}},
		{"exact/range-vs-hand", []string{"AQs+,TT+:0.5", "6h5h"}, Options{Method: Exact, Board: b("4h 3c Kd")}},
		{"mc/AsKs-QdQc", []string{"AsKs", "QdQc"}, Options{Method: MonteCarlo, Samples: 100000, Seed: 7}},
		{"mc/ranges-random", []string{"QQ+,AKs", "JJ-88,AQs-ATs", "random"}, Options{Method: MonteCarlo, Samples: 100000, Seed: 7}},
		{"mc/6max", []string{"AsKs", "random", "random", "random", "random", "random"}, Options{Method: MonteCarlo, Samples: 50000, Seed: 3, Threads: 2}},
		{"mc/flop-stderr", []string{"AhKh", "JJ-88,AQs-ATs:0.5"}, Options{Method: MonteCarlo, StdErr: 2e-3, Seed: 11, Board: b("Th 6h 2s")}},
		// Written after the sampler began to draw two weighted ranges
		// as one pair (doc.go): the only lines not from commit 0e65dff.
		{"mc/hu-ranges", []string{"QQ+,AKs:0.5", "JJ-88,AQs-ATs"}, Options{Method: MonteCarlo, Samples: 100000, Seed: 7}},
		{"mc/hu-ranges-uniform", []string{"QQ+,AKs", "JJ-88,AQs-ATs"}, Options{Method: MonteCarlo, Samples: 100000, Seed: 7}},
	}
}

func formatResult(name string, res Result) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s %s boards=%d samples=%d", name, res.Method, res.Boards, res.Samples)
	for _, p := range res.Players {
		fmt.Fprintf(&sb, " %016x/%016x/%016x/%016x", math.Float64bits(p.Equity), math.Float64bits(p.Win), math.Float64bits(p.Tie), math.Float64bits(p.StdErr))
	}
	return sb.String()
}

// samplerLines pins the stream of Sampler.VsRandom.
func samplerLines() []string {
	var out []string
	s := NewSampler(42)
	for i, tc := range []struct {
		hole      string
		board     string
		opponents int
	}{{"AsKs", "", 1}, {"7h7d", "", 3}, {"AhQh", "Kh 7h 2c", 2}, {"9c8c", "Tc Jd 2h 3s", 8}} {
		var board cards.Set
		if tc.board != "" {
			board = cards.MustParseSet(tc.board)
		}
		e := s.VsRandom(hole(tc.hole), board, 0, tc.opponents, 20000)
		out = append(out, fmt.Sprintf("sampler/%d %016x/%016x/%016x/%016x %d", i, math.Float64bits(e.Equity), math.Float64bits(e.Win), math.Float64bits(e.Tie), math.Float64bits(e.StdErr), e.Samples))
	}
	return out
}

// TestRegress checks that exact results, Monte Carlo streams and the
// Sampler's stream are exactly (bit for bit) those of
// testdata/regress.golden. The file was written by the equity and handeval
// code of commit 0e65dff, before the evaluator's and sampler's speed-up, so the faster
// code computes the same numbers (except mc/hu-ranges, see its case). go test -run Regress -update rewrites it;
// a deliberate change must then be explained in doc.go.
func TestRegress(t *testing.T) {
	var got []string
	for _, c := range regressCases() {
		var rs []*Range
		for _, s := range c.ranges {
			rs = append(rs, MustParseRange(s))
		}
		res, err := Calculate(rs, c.opt)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got = append(got, formatResult(c.name, res))
	}
	got = append(got, samplerLines()...)
	const path = "testdata/regress.golden"
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%d results, golden file has %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("result changed:\n got %s\nwant %s", got[i], want[i])
		}
	}
}
