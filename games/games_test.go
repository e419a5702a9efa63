package games_test

import (
	"strings"
	"testing"

	"pokerlab/games"
)

func TestLoad(t *testing.T) {
	for _, tc := range []struct {
		spec     string
		infosets int
	}{
		{"kuhn", 12}, {"leduc", 936}, {"akq", 3}, {"akq:bet=1/3", 3}, {"akq:bet=0.5", 3},
		{"leduc:ranks=4", 2 * (8*3 + 8*7*5*3)},
		{"../efg/testdata/akq-half.efg", 3},
	} {
		tr, err := games.Load(tc.spec)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if tr.NumInfoSets() != tc.infosets {
			t.Errorf("%s: %d information sets, want %d", tc.spec, tr.NumInfoSets(), tc.infosets)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"poker":            `unknown game "poker"`,
		"kuhn:ante=2":      `kuhn: unknown parameter "ante"`,
		"akq:bet":          `parameter "bet" is not of the form name=value`,
		"akq:bet=x":        "akq: bet=\"x\" is not a number",
		"akq:bet=-1":       "must be a positive number of pots",
		"akq:bet=1,bet=2":  `parameter "bet" given twice`,
		"leduc:ranks=14":   "ranks = 14, want 2…13",
		"nowhere/game.efg": "no such file",
	} {
		if _, err := games.Load(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%q) = %v, want an error containing %q", spec, err, want)
		}
	}
}
