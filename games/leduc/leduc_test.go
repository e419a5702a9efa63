package leduc_test

import (
	"bytes"
	"math"
	"testing"

	"pokerlab/br"
	"pokerlab/efg"
	"pokerlab/efg/efgtest"
	"pokerlab/games/leduc"
)

func TestConformance(t *testing.T) {
	tr := efgtest.Check(t, leduc.New(), 500)
	// Per player: 6 private cards × 3 first-round spots, plus 30 (private,
	// public) pairs × 5 first-round lines that reach round 2 × 3 spots.
	if got := tr.InfoSetsPerPlayer(); tr.NumInfoSets() != 936 || got[0] != 468 || got[1] != 468 {
		t.Errorf("information sets %d %v, want 936 [468 468]", tr.NumInfoSets(), got)
	}
	if tr.NumNodes() != 9457 { // OpenSpiel's count of Leduc histories
		t.Errorf("nodes %d, want 9457", tr.NumNodes())
	}
	if !tr.ZeroSumTwoPlayer() {
		t.Error("Leduc must be detected as zero-sum")
	}
}

// OpenSpiel's exploitability test of the uniform policy on leduc_poker gives
// NashConv 4.747222222222222.
func TestUniformNashConv(t *testing.T) {
	tr, _ := efg.Compile(leduc.New())
	if nc := br.NashConv(tr, efg.Uniform(tr)); math.Abs(nc-4.747222222222222) > 1e-12 {
		t.Errorf("NashConv(uniform) = %.15f, want 4.747222222222222", nc)
	}
}

// The value of Leduc Hold'em for player 1, −0.085606424078, is the published
// equilibrium value (e.g. OpenSpiel's sequence-form LP test).
func TestGameValue(t *testing.T) {
	if testing.Short() {
		t.Skip("the Leduc LP takes a few seconds")
	}
	tr, _ := efg.Compile(leduc.New())
	v, profile, err := br.GameValue(tr)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(v[0]+0.085606424078) > 1e-6 {
		t.Errorf("value %.12f, want −0.085606424078", v[0])
	}
	if nc := br.NashConv(tr, profile); nc > 1e-9 {
		t.Errorf("NashConv of the LP equilibrium = %g", nc)
	}
}

// Writing Leduc as a Gambit file and reading it back gives the same tree.
func TestEFGRoundTrip(t *testing.T) {
	tr, _ := efg.Compile(leduc.New())
	var buf bytes.Buffer
	if err := efg.WriteEFG(&buf, tr); err != nil {
		t.Fatal(err)
	}
	back, err := efg.ReadEFG(&buf, "leduc.efg")
	if err != nil {
		t.Fatal(err)
	}
	if a, b := br.NashConv(tr, efg.Uniform(tr)), br.NashConv(back, efg.Uniform(back)); a != b {
		t.Errorf("NashConv(uniform): %v before, %v after the round trip", a, b)
	}
	efgtest.Equal(t, tr, back)
}

func TestVariants(t *testing.T) {
	for _, tc := range []struct {
		params map[string]string
		name   string
	}{
		{map[string]string{}, "leduc"},
		{map[string]string{"ranks": "4", "bet2": "8"}, "leduc:ranks=4,bet2=8"},
		{map[string]string{"suits": "3", "maxraises": "1"}, "leduc:suits=3,maxraises=1"},
	} {
		g, err := leduc.Params(tc.params)
		if err != nil {
			t.Fatal(err)
		}
		if g.Name() != tc.name {
			t.Errorf("Name() = %q, want %q", g.Name(), tc.name)
		}
		tr := efgtest.Check(t, g, 100)
		if !tr.ZeroSumTwoPlayer() {
			t.Errorf("%s is not zero-sum", tc.name)
		}
	}
	for _, bad := range []map[string]string{{"ranks": "1"}, {"suits": "5"}, {"bet1": "0"}, {"colour": "red"}, {"ranks": "x"}} {
		if _, err := leduc.Params(bad); err == nil {
			t.Errorf("Params(%v) accepted", bad)
		}
	}
}

// Size counts the tree without building it: it must equal the counts of the
// compiled tree exactly, for the standard game and variants.
func TestSizeIsTheCompiledTreesSize(t *testing.T) {
	for _, c := range []leduc.Config{
		leduc.Standard,
		{Ranks: 2, Suits: 2, Ante: 1, BetSize: [2]int{2, 4}, MaxRaises: 0},
		{Ranks: 4, Suits: 1, Ante: 1, BetSize: [2]int{1, 3}, MaxRaises: 1},
		{Ranks: 4, Suits: 3, Ante: 2, BetSize: [2]int{2, 4}, MaxRaises: 3},
		{Ranks: 5, Suits: 2, Ante: 1, BetSize: [2]int{2, 4}, MaxRaises: 4},
	} {
		g, err := leduc.NewConfig(c)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := efg.Compile(g)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := g.Size(), tr.Size(); got != want {
			t.Errorf("%s: Size() = %+v, compiled tree %+v", g.Name(), got, want)
		}
		if g.Size().Bytes() != tr.Bytes() {
			t.Errorf("%s: Size().Bytes() = %d, Tree.Bytes() = %d", g.Name(), g.Size().Bytes(), tr.Bytes())
		}
	}
}
