package table

import (
	"slices"
	"testing"

	"pokerlab/hh"
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
}
