package hh

import (
	"slices"
	"testing"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// showdownHand is a three-handed hand to a showdown where p3 shows and p1
// mucks; p2 folded preflop.
const showdownHand = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKd', 'd dh p2 7h7c', 'd dh p3 QhQs', 'p3 cbr 6', 'p1 cc', 'p2 f', 'd db 2c3d4h', 'p1 cc', 'p3 cc', 'd db 9s', 'p1 cc', 'p3 cc', 'd db Tc', 'p1 cc', 'p3 cc', 'p1 sm', 'p3 sm QhQs']
`

func notations(acts []Action) []string {
	var out []string
	for i := range acts {
		out = append(out, acts[i].Notation(0))
	}
	return out
}

// TestMaskHidesUnshownHoleCards: the viewer's own deal stays, the others'
// become "????"; with keepShown the deal of a player who shows stays too,
// and a muck ("p1 sm") reveals nothing.
func TestMaskHidesUnshownHoleCards(t *testing.T) {
	for _, c := range []struct {
		name      string
		viewer    int
		keepShown bool
		want      []string
	}{
		{"spectator", 0, false, []string{"d dh p1 ????", "d dh p2 ????", "d dh p3 ????"}},
		{"p2", 2, false, []string{"d dh p1 ????", "d dh p2 7h7c", "d dh p3 ????"}},
		{"p2, shown kept", 2, true, []string{"d dh p1 ????", "d dh p2 7h7c", "d dh p3 QhQs"}},
		{"spectator, shown kept", 0, true, []string{"d dh p1 ????", "d dh p2 ????", "d dh p3 QhQs"}},
		{"p1 who mucked", 1, true, []string{"d dh p1 AsKd", "d dh p2 ????", "d dh p3 QhQs"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hands, err := Parse("show.phh", []byte(showdownHand))
			if err != nil {
				t.Fatal(err)
			}
			acts := hands[0].Actions
			HideHoleCards(acts, c.viewer, c.keepShown)
			if got := notations(acts[:3]); !slices.Equal(got, c.want) {
				t.Errorf("deals %q, want %q", got, c.want)
			}
			if got := acts[16].Notation(0); got != "p3 sm QhQs" {
				t.Errorf("the show became %q", got)
			}
		})
	}
}

// TestEventActionsAreTheHistory: the engine's events of a hand, turned
// into actions one by one, are the actions of the PHH history the hand
// was replayed from, in its notation (posts, returns and awards are not
// actions).
func TestEventActionsAreTheHistory(t *testing.T) {
	hands, err := Parse("show.phh", []byte(showdownHand))
	if err != nil {
		t.Fatal(err)
	}
	h := hands[0]
	var r Replayer
	if err := r.Replay(h); err != nil {
		t.Fatal(err)
	}
	g := &r.Hand
	var got []Action
	for _, e := range g.Events() {
		if a, ok := EventAction(&e, PlayerOf(int(e.Seat), g.Button(), g.Players())); ok {
			got = append(got, a)
		}
	}
	if want := notations(h.Actions); !slices.Equal(notations(got), want) {
		t.Errorf("actions\n%q\nwant\n%q", notations(got), want)
	}
}

// TestPlayerOfNumbersFromTheSeatAfterTheButton: p1 is the seat after the
// button and pn the button, at any button.
func TestPlayerOfNumbersFromTheSeatAfterTheButton(t *testing.T) {
	for _, c := range []struct{ s, button, n, want int }{
		{0, 2, 3, 1}, {1, 2, 3, 2}, {2, 2, 3, 3},
		{4, 3, 6, 1}, {3, 3, 6, 6}, {0, 3, 6, 3},
		{0, 0, 2, 2}, {1, 0, 2, 1},
	} {
		if got := PlayerOf(c.s, c.button, c.n); got != c.want {
			t.Errorf("seat %d, button %d of %d: p%d, want p%d", c.s, c.button, c.n, got, c.want)
		}
	}
}

// TestNotationWritesUnknownCardsAsQuestionMarks: a deal of unknown cards
// reads "????", amounts are whole chips.
func TestNotationWritesUnknownCardsAsQuestionMarks(t *testing.T) {
	a := Action{Kind: DealHole, Receiver: 4, NCards: 2, Cards: [5]cards.Card{holdem.Unknown, holdem.Unknown}}
	if got := a.Notation(0); got != "d dh p4 ????" {
		t.Errorf("%q", got)
	}
	b := Action{Kind: BetRaise, Player: 2, Amount: 1250}
	if got := b.Notation(0); got != "p2 cbr 1250" {
		t.Errorf("%q", got)
	}
}

// TestPlayerNameFallsBackToPN: a player is named by the players field, or
// "pN" without one or with an empty name.
func TestPlayerNameFallsBackToPN(t *testing.T) {
	h := &Hand{StartingStacks: make([]int64, 3)}
	if got := []string{h.PlayerName(0), h.PlayerName(2)}; !slices.Equal(got, []string{"p1", "p3"}) {
		t.Errorf("without players: %q", got)
	}
	h.Players = []string{"Ann", "", "Cat"}
	if got := []string{h.PlayerName(0), h.PlayerName(1), h.PlayerName(2)}; !slices.Equal(got, []string{"Ann", "p2", "Cat"}) {
		t.Errorf("with players: %q", got)
	}
}
