package hud_test

import (
	"os"
	"strconv"
	"testing"

	"pokerlab/hh"
	"pokerlab/hud"
)

// TestBreakdownGroupsAddUpAndMatchTheirHands: on the HandHQ hands, each
// player's groups by position and by table size add up to their totals,
// and each group equals a tracker fed only that group's hands, chosen
// independently (the position from the PHH order: the button is the last
// player, p1 the seat after it; the table size from the players field).
func TestBreakdownGroupsAddUpAndMatchTheirHands(t *testing.T) {
	const path = "../testdata/handhq/real_handhq_200NLH.phhs"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, by := range []hud.Breakdown{hud.ByPosition, hud.ByTableSize} {
		res, err := hud.TallyFiles([]hud.File{{Name: path, Data: data}}, hud.FilesOptions{By: by, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		// The reference: one tracker per group, over single hands.
		want := map[string]*hud.Tracker{}
		hands, _ := hh.Parse(path, data)
		var r hh.Replayer
		for _, h := range hands {
			one := hud.NewTracker()
			if one.AddRecorded(h, &r) != nil {
				continue
			}
			n := h.NumPlayers()
			for s := range n {
				key := strconv.Itoa(n)
				if by == hud.ByPosition {
					key = hud.Position(n, (s+1)%n)
				}
				if want[key] == nil {
					want[key] = hud.NewTracker()
				}
				p, _ := one.Player(h.PlayerName(s))
				want[key].AddCounts(p.Name, 1, &p.Counts)
				want[key].AddMoney(p.Name, &p.Money)
			}
		}
		groups := 0
		for _, p := range res.Tracker.Players() {
			var hands int64
			var sum hud.Money
			for _, g := range p.Groups {
				groups++
				hands += g.Hands
				sum.Merge(&g.Money)
				w, ok := want[g.Key].Player(p.Name)
				if !ok || w.Hands != g.Hands || w.Counts != g.Counts || !sameMoney(&w.Money, &g.Money) {
					t.Errorf("%s %s %s: %d hands, want %d", by, p.Name, g.Key, g.Hands, w.Hands)
				}
			}
			if hands != p.Hands || !sameMoney(&sum, &p.Money) {
				t.Errorf("%s %s: groups add up to %d hands and %+v, the player has %d and %+v", by, p.Name, hands, sum, p.Hands, p.Money)
			}
		}
		if groups < 10 {
			t.Errorf("%s: %d groups", by, groups)
		}
	}
}
