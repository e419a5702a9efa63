package hh

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/holdem"
)

// recordHand is a three-handed hand: p3 (the button) raises to 6, p1 folds,
// p2 calls; on the flop p2 checks, p3 bets 10 and p2 folds. The replay:
// p3 collects 1 + 6 + 6 = 13 from the pot and gets the uncalled 10 back;
// the stacks end 99, 94, 100 - 16 + 10 + 13 = 107.
const recordHand = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 cc', 'd db 2c7d9h', 'p2 cc', 'p3 cbr 10', 'p2 f']
`

// TestCheckRecord: one case per kind of recorded result, with the rake or
// the contradiction derived by hand from recordHand's replay.
func TestCheckRecord(t *testing.T) {
	for _, c := range []struct {
		name, fields string
		rake         int64
		bad          []string // parts of the contradiction's message
	}{
		{"no record", "", 0, nil},
		{"finishing exact", "finishing_stacks = [99, 94, 107]", 0, nil},
		{"winnings exact", "winnings = [0, 0, 13]", 0, nil},
		{"winnings with the uncalled bet", "winnings = [0, 0, 23]", 0, nil},
		{"finishing raked", "finishing_stacks = [99, 94, 106]", 1, nil},
		{"winnings raked", "winnings = [0, 0, 12]", 1, nil},
		{"winnings with the uncalled bet raked", "winnings = [0, 0, 22]", 1, nil},
		{"both raked alike", "finishing_stacks = [99, 94, 104]\nwinnings = [0, 0, 10]", 3, nil},
		{"both raked alike, uncalled bet counted", "finishing_stacks = [99, 94, 104]\nwinnings = [0, 0, 20]", 3, nil},
		{"both raked alike, only the stack tells", "finishing_stacks = [99, 94, 95]\nwinnings = [0, 0, 11]", 12, nil},
		{"finishing above", "finishing_stacks = [99, 94, 108]", 0,
			[]string{"line 7", "finishing_stacks", "p3 is recorded with 108 but the replay ends with 107: more than the replay"}},
		{"finishing short for a loser", "finishing_stacks = [99, 93, 107]", 0,
			[]string{"p2 is recorded with 93 but the replay ends with 94", "collects nothing"}},
		{"winnings above", "winnings = [0, 0, 24]", 0,
			[]string{"line 7", "winnings", "p3 is recorded winning 24 but the replay pays 13 from the pots and 10 uncalled returned: more than the replay"}},
		{"winnings for nothing", "winnings = [2, 0, 13]", 0,
			[]string{"p1 is recorded winning 2 but the replay pays p1 nothing"}},
		{"no winnings for the winner", "winnings = [0, 0, 0]", 0,
			[]string{"p3 is recorded winning nothing but the replay pays 13 from the pots"}},
		{"shortfalls differ", "finishing_stacks = [99, 94, 106]\nwinnings = [0, 0, 11]", 0,
			[]string{"line 8", "p3's winnings 11 are 2 short", "finishing stack 106 is 1 short of the replay's 107", "disagree"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hands, err := Parse("rec.phh", []byte(recordHand+c.fields+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			var r Replayer
			if err := r.Replay(hands[0]); err != nil {
				t.Fatal(err)
			}
			rc := r.CheckRecord(hands[0])
			if rc.Recorded != (c.fields != "") || rc.Rake != c.rake || (len(rc.Contradictions) > 0) != (c.bad != nil) {
				t.Fatalf("check %+v, want rake %d, contradiction %v", rc, c.rake, c.bad != nil)
			}
			if c.bad == nil {
				return
			}
			msg := rc.Contradictions[0].Error()
			for _, part := range append(c.bad, "rec.phh: ") {
				if !strings.Contains(msg, part) {
					t.Errorf("message %q lacks %q", msg, part)
				}
			}
		})
	}
}

// TestRecordedResultsHandHQ: the winnings of the real HandHQ hands either
// equal the replay's awards or fall short of them by the site's rake (523
// hands, the count TestRealHands finds by its own reckoning), except one
// hand whose record is impossible: in 1000NLH [266] everybody folds to the
// big blind, the pot is 6 x 2.50 in antes + 5 + 10 of which 5 are uncalled,
// so the big blind collects 25 (30 with the returned 5), yet the record
// says 35. It is reported, not accepted.
func TestRecordedResultsHandHQ(t *testing.T) {
	files, _ := filepath.Glob("../testdata/handhq/*.phhs")
	if len(files) != 3 {
		t.Fatalf("%d HandHQ files, want 3", len(files))
	}
	var r Replayer
	raked, exact, recorded := 0, 0, 0
	var rake int64
	var bad []*RecordError
	for _, f := range files {
		hands, err := ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			if err := r.Replay(h); err != nil {
				t.Fatal(err)
			}
			rc := r.CheckRecord(h)
			switch {
			case !rc.Recorded:
			case len(rc.Contradictions) > 0:
				bad = append(bad, rc.Contradictions...)
			case rc.Raked():
				raked++
				rake += rc.Rake
			default:
				exact++
			}
			if rc.Recorded {
				recorded++
			}
		}
	}
	t.Logf("%d hands record winnings: %d exact, %d raked (%d units of rake), %d contradictions", recorded, exact, raked, rake, len(bad))
	if raked != 523 || len(bad) != 1 {
		t.Fatalf("%d raked hands, want 523; contradictions %v, want one", raked, bad)
	}
	e := bad[0]
	if filepath.Base(e.File) != "real_handhq_1000NLH.phhs" || e.Hand != "266" || e.Player != 2 || e.Recorded != 3500 || e.Replayed != 3000 {
		t.Fatalf("contradiction %+v (%v), want 1000NLH [266] p2 recorded 35.00, replay 30.00", e, e)
	}
	t.Log(e)
}

// TestRecordedResultsPokerKit: PokerKit's finishing stacks equal the replay
// under PokerKit rules (no rake); under TDA rules every hand that replays
// to other stacks contradicts its record (chips are conserved, so someone
// ends above the record).
func TestRecordedResultsPokerKit(t *testing.T) {
	hands, err := ReadFile(pokerkitHands)
	if err != nil {
		t.Fatal(err)
	}
	var r Replayer
	contradicted := 0
	for _, h := range hands {
		for _, rs := range []holdem.RuleSet{holdem.PokerKit, holdem.TDA} {
			h.Rules = rs
			if err := r.Replay(h); err != nil {
				continue
			}
			rc := r.CheckRecord(h)
			differs := fmt.Sprint(r.FinishingStacks()) != fmt.Sprint(h.FinishingStacks)
			if !rc.Recorded || rc.Rake != 0 || (len(rc.Contradictions) > 0) != differs {
				t.Fatalf("hand [%s] under %v: %+v, stacks %v, recorded %v", h.Name, rs, rc, r.FinishingStacks(), h.FinishingStacks)
			}
			if differs {
				contradicted++
			}
		}
	}
	if contradicted == 0 {
		t.Fatal("no hand contradicts its record under TDA rules")
	}
}
