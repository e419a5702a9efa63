package hh

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pokerlab/holdem"
)

// potPerStreet returns the chips in the middle when each street's betting
// closed (after uncalled bets are returned, before any pot is awarded).
func potPerStreet(g *holdem.Hand) []int64 {
	var out []int64
	var pot int64
	street := holdem.Preflop
	closed := false
	for _, e := range g.Events() {
		if e.Kind == holdem.EvBoard || e.Kind == holdem.EvShow || e.Kind == holdem.EvMuck || e.Kind == holdem.EvWin {
			if !closed {
				out = append(out, pot)
				closed = true
			}
			if e.Kind == holdem.EvBoard {
				// A street reached without betting (all-in run-out) keeps the pot.
				for street+1 < e.Street {
					street++
					out = append(out, pot)
				}
				street = e.Street
				closed = false
			}
		}
		switch e.Kind {
		case holdem.EvAnte, holdem.EvBlind, holdem.EvCall, holdem.EvBet, holdem.EvRaise:
			pot += e.Amount
		case holdem.EvReturn:
			pot -= e.Amount
		}
	}
	return out
}

// TestRuleCorpus replays every hand of testdata/rules (one per rule of
// nlhe-rules.md, written by hand): the engine must reach the finishing
// stacks and the pot after each street derived by hand in the file, and
// writing the hand back must reproduce the file byte for byte.
func TestRuleCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/rules/*.phh")
	if err != nil || len(files) < 15 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	var r Replayer
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".phh"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			hands, err := Parse(f, data)
			if err != nil {
				t.Fatal(err)
			}
			h := hands[0]
			if err := r.Replay(h); err != nil {
				t.Fatal(err)
			}
			if got := r.FinishingStacks(); !slices.Equal(got, h.FinishingStacks) {
				t.Errorf("finishing stacks %v, derived by hand %v", got, h.FinishingStacks)
			}
			want, ok := h.Field("_pots")
			if !ok {
				t.Fatal("no _pots field")
			}
			var wantPots []int64
			for _, s := range strings.Split(strings.Trim(want, "[]"), ",") {
				v, _ := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
				wantPots = append(wantPots, v)
			}
			if got := potPerStreet(&r.Hand); !slices.Equal(got, wantPots) {
				t.Errorf("pot per street %v, derived by hand %v", got, wantPots)
			}
			var b bytes.Buffer
			if err := Write(&b, hands); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), data) {
				t.Errorf("round trip differs:\n%s", b.String())
			}
		})
	}
}
