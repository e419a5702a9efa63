package spotplot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/spot"
)

const riverSpot = `board = "AhKd7c5s2h"
pot = 100
stack = 150
oop = "AA,KK,77,AK,QJs,65s,T9s"
ip = "KK,AQ,77,T9s,JJ"
[sizes]
bet = "50%, a"
raise = "a"
`

// TestGridFiles draws a decision node as SVG and PNG: both files are
// written, the SVG holds every class label and the legend; a chance or
// terminal node is an error.
func TestGridFiles(t *testing.T) {
	sp, err := spot.ParseSpot(riverSpot, "t.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := spot.NewGame(sp, spot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := spot.NewSolver(g, spot.SolveOptions{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	s.Iterate(20)
	l, _ := g.ParseLine("b50")
	r := g.Report(s.Average(), l)
	dir := t.TempDir()
	for _, name := range []string{"grid.svg", "grid.png"} {
		path := filepath.Join(dir, name)
		if err := Save(r, "AhKd7c5s2h b50", path); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path)
		if err != nil || st.Size() < 1000 {
			t.Fatalf("%s: %v, %d bytes", name, err, st.Size())
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "grid.svg"))
	for _, want := range []string{"AKs", "AKo", "72o", "AA", "22", "fold", "call", "all-in 150", "IP to act at"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	l, _ = g.ParseLine("x x")
	if err := Save(g.Report(s.Average(), l), "", filepath.Join(dir, "x.svg")); err == nil {
		t.Errorf("a terminal node drew a grid")
	}
}

// TestColorsAreConsistent: kinds keep their colours, bets are shaded in
// order and differ from each other.
func TestColorsAreConsistent(t *testing.T) {
	a := Colors([]spot.Action{{Kind: spot.Check}, {Kind: spot.Bet, Amount: 50}, {Kind: spot.Bet, Amount: 100}, {Kind: spot.AllInAction, Amount: 150}})
	b := Colors([]spot.Action{{Kind: spot.Fold}, {Kind: spot.Call}, {Kind: spot.AllInAction, Amount: 150}})
	if a[0] != b[1] || a[3] != b[2] || a[1] == a[2] || a[0] == b[0] {
		t.Fatalf("colours %v %v", a, b)
	}
}
