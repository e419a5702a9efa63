package br

import (
	"errors"
	"testing"

	"pokerlab/games"
)

// The size of the sequence-form program is known before its tableau is
// built, and it is the program solve builds: rows and columns from the
// sequences and information sets, every entry a distinct non-zero cell.
// Leduc Hold'em's numbers are those of internal/kernel/lp's doc.
func TestSequenceFormSizeIsTheProgramSolved(t *testing.T) {
	for _, tc := range []struct {
		game       string
		rows, cols int64
	}{{"kuhn", 1 + 6 + 13, 13 + 7 + 13}, {"akq", 1 + 2 + 3, 5 + 2 + 3}, {"leduc", 1562, 2655}} {
		tr, err := games.Load(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		size := SequenceFormSize(tr)
		if size.Rows != tc.rows || size.Cols != tc.cols || size.Tableau() != tc.rows*(tc.cols+1) {
			t.Errorf("%s: %d × %d, want %d × %d", tc.game, size.Rows, size.Cols, tc.rows, tc.cols)
		}
		f := sequenceForm(tr)
		cells := map[[2]int]bool{}
		for _, e := range f.entries {
			if e.v == 0 || cells[[2]int{e.i, e.j}] || e.i >= f.rows || e.j >= f.cols {
				t.Fatalf("%s: entry %+v is zero, repeated or outside the matrix", tc.game, e)
			}
			cells[[2]int{e.i, e.j}] = true
		}
		if size.Nonzeros != int64(len(cells)) || size.Nonzeros == 0 {
			t.Errorf("%s: %d nonzeros, the matrix has %d", tc.game, size.Nonzeros, len(cells))
		}
	}
}

// GameValueWith refuses a program above its limit with the size, before
// allocating anything of that size; the default limit admits Leduc
// Hold'em; a negative limit is no limit.
func TestGameValueRefusesAProgramAboveTheLimit(t *testing.T) {
	tr, err := games.Load("kuhn")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = GameValueWith(tr, LPOptions{MaxTableau: 100})
	var tl *LPTooLargeError
	if !errors.As(err, &tl) || tl.MaxTableau != 100 || tl.Size != SequenceFormSize(tr) {
		t.Fatalf("err = %v, want an LPTooLargeError with the size", err)
	}
	// Kuhn: 6 information sets of 2 actions per player, 13 sequences each;
	// nonzeros: E x = e 1 + 6·3, Fᵀq 1 + 6·3, slacks 13, and one payoff
	// entry per terminal (30; a pair of last sequences names the deal and
	// the line).
	want := "the sequence-form LP has 20 rows, 33 columns and 81 nonzeros (13 and 13 sequences); its dense tableau has 680 entries (10.5 KiB), more than the limit of 100"
	if err.Error() != want {
		t.Errorf("message %q\nwant %q", err, want)
	}
	if _, _, err := GameValueWith(tr, LPOptions{MaxTableau: -1}); err != nil {
		t.Errorf("no limit: %v", err)
	}
	leduc, err := games.Load("leduc")
	if err != nil {
		t.Fatal(err)
	}
	if s := SequenceFormSize(leduc); s.Tableau() > DefaultMaxTableau {
		t.Errorf("Leduc Hold'em's tableau, %d entries, is above the default limit", s.Tableau())
	}
}
