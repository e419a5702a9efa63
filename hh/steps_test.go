package hh

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stepCorpus reads every hand of the real site fixtures and the rule
// corpus (the hands a tracker shows).
func stepCorpus(t *testing.T) []*Hand {
	t.Helper()
	var files []string
	for _, g := range []string{"testdata/pokerstars/*.txt", "testdata/ggpoker/*.txt", "testdata/rules/*.phh", "testdata/golden/*.phhs"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	var out []*Hand
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hs, _, err := ReadAny(f, data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, hs...)
	}
	if len(out) < 200 {
		t.Fatalf("only %d hands in the corpus", len(out))
	}
	return out
}

func stepSum(xs []int64) int64 {
	var t int64
	for _, x := range xs {
		t += x
	}
	return t
}

// awardStep returns the award step: after it come only shows and mucks
// (a winner who shows without a showdown) and the result.
func awardStep(t *testing.T, h *Hand, rp *Replay) Step {
	t.Helper()
	i := slices.IndexFunc(rp.Steps, func(st Step) bool { return st.Kind == StepAward })
	if i < 0 {
		t.Fatalf("%s %s: no award step", h.File, h.Name)
	}
	for _, st := range rp.Steps[i+1 : len(rp.Steps)-1] {
		if st.Kind != StepShow && st.Kind != StepMuck {
			t.Fatalf("%s %s: %v step %q after the award", h.File, h.Name, st.Kind, st.Text)
		}
	}
	if rp.Steps[len(rp.Steps)-1].Kind != StepResult {
		t.Fatalf("%s %s: the last step is not the result", h.File, h.Name)
	}
	return rp.Steps[i]
}

// TestReplayStepsConserveChips: before the award every chip is in a stack,
// a bet or the pot; after it the pot is empty.
func TestReplayStepsConserveChips(t *testing.T) {
	hands := stepCorpus(t)
	failed := 0
	for _, h := range hands {
		rp, err := ReplaySteps(h)
		if err != nil {
			failed++ // undecided showdowns: not stored, not replayed
			continue
		}
		total := stepSum(h.StartingStacks)
		for i, st := range rp.Steps {
			if st.Kind == StepResult {
				continue
			}
			if got := stepSum(st.Stacks) + stepSum(st.Bets) + st.Pot; got != total {
				t.Fatalf("%s step %d %q: %d chips on the table, want %d", h.Name, i, st.Text, got, total)
			}
		}
		award := awardStep(t, h, rp)
		if award.Pot != 0 || stepSum(award.Bets) != 0 {
			t.Fatalf("%s: award step %+v: want an empty pot", h.Name, award)
		}
	}
	if failed > len(hands)/20 {
		t.Fatalf("%d of %d hands did not replay", failed, len(hands))
	}
}

// TestReplayStepsAwardIsEngine: the award step's stacks, rebuilt from the
// event log, are the engine's own stacks (Replayer.Stack, before a
// cash-out); the result step's are the file's finishing stacks.
func TestReplayStepsAwardIsEngine(t *testing.T) {
	var r Replayer
	checked := 0
	for _, h := range stepCorpus(t) {
		rp, err := ReplaySteps(h)
		if err != nil {
			continue
		}
		if err := r.Replay(h); err != nil {
			t.Fatal(err)
		}
		award := awardStep(t, h, rp)
		for s := range h.NumPlayers() {
			want := r.Hand.Stack(s) + r.behind[s]
			if award.Stacks[s] != want {
				t.Fatalf("%s p%d: award step stack %d, engine %d", h.Name, s+1, award.Stacks[s], want)
			}
		}
		res := rp.Steps[len(rp.Steps)-1]
		if !slices.Equal(res.Stacks, rp.Final) {
			t.Fatalf("%s: result step %v, Final %v", h.Name, res.Stacks, rp.Final)
		}
		if h.FinishingStacks != nil {
			checked++
			if !slices.Equal(rp.Final, h.FinishingStacks) {
				t.Fatalf("%s: result %v, finishing stacks %v", h.Name, rp.Final, h.FinishingStacks)
			}
		}
		if rp.Rake != stepSum(award.Stacks)-stepSum(rp.Final) && stepSum(award.Stacks) >= stepSum(rp.Final) {
			t.Fatalf("%s: rake %d, award %d, result %d", h.Name, rp.Rake, stepSum(award.Stacks), stepSum(rp.Final))
		}
	}
	if checked < 100 {
		t.Fatalf("only %d hands had finishing stacks", checked)
	}
}

// TestReplayStepsOneStepPerAction: every fold, check, call, bet and raise
// of the history is one action step, in order, by the same player; every
// board deal is one board step; bets are gathered when a street is dealt.
func TestReplayStepsOneStepPerAction(t *testing.T) {
	for _, h := range stepCorpus(t) {
		rp, err := ReplaySteps(h)
		if err != nil {
			continue
		}
		var want, got []int
		boards := 0
		for _, a := range h.Actions {
			switch a.Kind {
			case Fold, CheckCall, BetRaise:
				want = append(want, a.Player-1)
			case DealBoard:
				boards++
			}
		}
		for _, st := range rp.Steps {
			switch st.Kind {
			case StepAction:
				got = append(got, st.Seat)
			case StepBoard:
				boards--
				if stepSum(st.Bets) != 0 {
					t.Fatalf("%s: %q with bets %v in front", h.Name, st.Text, st.Bets)
				}
			}
		}
		if !slices.Equal(got, want) || boards != 0 {
			t.Fatalf("%s: action steps by %v, history %v; boards off by %d", h.Name, got, want, boards)
		}
		if rp.Steps[0].Kind != StepStart {
			t.Fatalf("%s: first step %v", h.Name, rp.Steps[0].Kind)
		}
	}
}

// TestReplayStepsShowdownRanks: a hand shown with five board cards is
// named; the text of the step carries the name.
func TestReplayStepsShowdownRanks(t *testing.T) {
	shown := 0
	for _, h := range stepCorpus(t) {
		rp, err := ReplaySteps(h)
		if err != nil {
			continue
		}
		for _, st := range rp.Steps {
			if st.Kind != StepShow || len(st.Board) < 5 || strings.Contains(st.Text, "??") {
				continue
			}
			shown++
			if st.Ranks[st.Seat] == "" || !strings.Contains(st.Text, st.Ranks[st.Seat]) {
				t.Fatalf("%s: %q: rank %q", h.Name, st.Text, st.Ranks[st.Seat])
			}
		}
	}
	if shown < 20 {
		t.Fatalf("only %d shows with a board", shown)
	}
}

// TestReplayStepsKnownHand: a hand written out by hand, checked step by
// step against amounts derived on paper.
func TestReplayStepsKnownHand(t *testing.T) {
	hs, err := Parse("known.phh", []byte(`variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 2c7d", "p3 f", "p1 cbr 6", "p2 cc", "d db Ac8d3h",
  "p1 cbr 10", "p2 f"]
players = ["Ann", "Bob", "Cat"]
`))
	if err != nil {
		t.Fatal(err)
	}
	rp, err := ReplaySteps(hs[0])
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		kind   StepKind
		text   string
		stacks []int64
		bets   []int64
		pot    int64
	}
	want := []row{
		{StepStart, "Ann posts 1, Bob posts 2", []int64{99, 98, 100}, []int64{1, 2, 0}, 0},
		{StepAction, "Cat folds", []int64{99, 98, 100}, []int64{1, 2, 0}, 0},
		{StepAction, "Ann raises to 6", []int64{94, 98, 100}, []int64{6, 2, 0}, 0},
		{StepAction, "Bob calls 4", []int64{94, 94, 100}, []int64{6, 6, 0}, 0},
		{StepBoard, "Flop: Ac 8d 3h", []int64{94, 94, 100}, []int64{0, 0, 0}, 12},
		{StepAction, "Ann bets 10", []int64{84, 94, 100}, []int64{10, 0, 0}, 12},
		{StepAction, "Bob folds", []int64{84, 94, 100}, []int64{10, 0, 0}, 12},
		{StepReturn, "Uncalled 10 returned to Ann", []int64{94, 94, 100}, []int64{0, 0, 0}, 12},
		{StepAward, "Ann collects 12", []int64{106, 94, 100}, []int64{0, 0, 0}, 0},
		{StepResult, "Result: Ann +6, Bob −6", []int64{106, 94, 100}, []int64{0, 0, 0}, 0},
	}
	if len(rp.Steps) != len(want) {
		for _, st := range rp.Steps {
			t.Log(st.Kind, st.Text, st.Stacks, st.Bets, st.Pot)
		}
		t.Fatalf("%d steps, want %d", len(rp.Steps), len(want))
	}
	for i, w := range want {
		st := rp.Steps[i]
		if st.Kind != w.kind || st.Text != w.text || !slices.Equal(st.Stacks, w.stacks) || !slices.Equal(st.Bets, w.bets) || st.Pot != w.pot {
			t.Errorf("step %d: %v %q %v %v %d, want %v %q %v %v %d", i, st.Kind, st.Text, st.Stacks, st.Bets, st.Pot,
				w.kind, w.text, w.stacks, w.bets, w.pot)
		}
	}
}
