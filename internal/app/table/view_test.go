package table

import (
	"slices"
	"testing"

	"pokerlab/cards"
	"pokerlab/hh"
	"pokerlab/holdem"
)

// TestStateActionsAreTheHandInPHH: the state's actions are the hand's PHH
// history (boards as "d db Ah7c2d", as the API documents), with the deals
// of the other seats hidden — even of a seat that showed, whose show
// carries the cards.
func TestStateActionsAreTheHandInPHH(t *testing.T) {
	const text = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKd', 'd dh p2 7h7c', 'd dh p3 QhQs', 'p3 cbr 6', 'p1 cc', 'p2 f', 'd db 2c3d4h', 'p1 cc', 'p3 cc', 'd db 9s', 'p1 cc', 'p3 cc', 'd db Tc', 'p1 cc', 'p3 cc', 'p1 sm', 'p3 sm QhQs']
`
	hands, err := hh.Parse("show.phh", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var r hh.Replayer
	if err := r.Replay(hands[0]); err != nil {
		t.Fatal(err)
	}
	tab := &Table{h: r.Hand, button: 2, handNo: 1, status: StatusHandOver, events: newEventLog(4, 1, []string{"a", "b", "c"}),
		stacks: make([]int64, 3), buyIns: make([]int64, 3), net: make([]int64, 3)}
	tab.cfg.Seats = []Seat{{Name: "a", Human: true}, {Name: "b", Human: true}, {Name: "c", Human: true}}
	for _, c := range []struct {
		name   string
		viewer int // engine seat; engine seat s is p(s+1) with the button last
		deals  []string
	}{
		{"spectator", -1, []string{"d dh p1 ????", "d dh p2 ????", "d dh p3 ????"}},
		{"p2", 1, []string{"d dh p1 ????", "d dh p2 7h7c", "d dh p3 ????"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := tab.state(c.viewer)
			want := append(slices.Clone(c.deals), "p3 cbr 6", "p1 cc", "p2 f", "d db 2c3d4h", "p1 cc", "p3 cc", "d db 9s",
				"p1 cc", "p3 cc", "d db Tc", "p1 cc", "p3 cc", "p1 sm", "p3 sm QhQs")
			if !slices.Equal(st.Actions, want) {
				t.Errorf("actions\n%q\nwant\n%q", st.Actions, want)
			}
			for _, s := range st.Actions {
				if _, err := hh.ParseAction(s); err != nil {
					t.Errorf("%q: %v", s, err)
				}
			}
		})
	}

	// Ranks: of a shown hand for everyone, of the viewer's own hand while
	// it is in (p1 mucked AsKd: its rank only to itself; p2 folded), never
	// of a mucked hand to others.
	for _, c := range []struct {
		viewer int
		ranks  []string // by engine seat: p1, p2, p3
	}{
		{-1, []string{"", "", "pair of queens"}},
		{0, []string{"ace high", "", "pair of queens"}},
		{1, []string{"", "", "pair of queens"}},
	} {
		st := tab.state(c.viewer)
		var got []string
		for _, s := range st.Seats {
			got = append(got, s.Rank)
		}
		if !slices.Equal(got, c.ranks) {
			t.Errorf("viewer %d: ranks %q, want %q", c.viewer, got, c.ranks)
		}
	}
	results := make([]Result, 3)
	setShownRanks(&tab.h, results)
	if results[0].Rank != "" || results[1].Rank != "" || results[2].Rank != "pair of queens" {
		t.Errorf("results' ranks %+v: want only p3's pair of queens", results)
	}
}

func TestHandRank(t *testing.T) {
	for _, c := range []struct {
		hole, board, want string
	}{
		{"AsKd", "", ""},
		{"AsKd", "Ah7c", ""},
		{"AsKd", "Ah7c2d", "pair of aces"},
		{"7s7d", "Kh7cKd2s", "full house, sevens full of kings"},
		{"Ah2h", "9h7h4hKdQc", "flush, ace high"},
	} {
		hole, err := cards.ParseCards(c.hole)
		if err != nil {
			t.Fatal(err)
		}
		board, err := cards.ParseCards(c.board)
		if err != nil {
			t.Fatal(err)
		}
		if got := handRank([2]cards.Card{hole[0], hole[1]}, board); got != c.want {
			t.Errorf("%s on %s: %q, want %q", c.hole, c.board, got, c.want)
		}
	}
	if got := handRank([2]cards.Card{holdem.Unknown, holdem.Unknown}, []cards.Card{0, 1, 2}); got != "" {
		t.Errorf("unknown cards: %q", got)
	}
}
