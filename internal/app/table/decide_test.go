package table

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/npc"
)

// TestDecideSeesOnlyWhatItMay: for every NPC action of hands played at a
// table, Decide given only the public actions before it (the other
// players' hole cards as "????", or the deals left out) and the bot's own
// cards returns what the bot decides on the same hand replayed with every
// card known (npc.Bot.DecideHand on hh's replay): the request is rebuilt
// exactly, and the bot's choice never depends on cards it may not see.
func TestDecideSeesOnlyWhatItMay(t *testing.T) {
	s := &sink{}
	m := NewManager(Options{}, s, nil, nil, nil)
	defer m.Shutdown(context.Background())
	archetypes := []string{"tag", "lag", "nit", "calling-station", "maniac", "regular"}
	cfg := npcConfig(t, 77, 25, false, archetypes...)
	c, err := m.Create(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	waitDone(t, c.Table)
	bots := map[string]*npc.Bot{}
	for _, seat := range cfg.Seats {
		b, err := npc.NewBot(seat.Profile, nil)
		if err != nil {
			t.Fatal(err)
		}
		bots[seat.Name] = b
	}
	checked, differ := 0, 0
	var r hh.Replayer
	for k, text := range s.texts {
		hands, err := hh.Parse("stored", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		h := hands[0]
		lines := actionLines(t, text)
		seed := uint64(1000 + k)
		for i, a := range h.Actions {
			if a.Kind != hh.Fold && a.Kind != hh.CheckCall && a.Kind != hh.BetRaise {
				continue
			}
			var hole string
			var prefix []string
			for j, b := range h.Actions[:i] {
				switch {
				case b.Kind == hh.DealHole && b.Receiver == a.Player:
					hole = b.Cards[0].String() + b.Cards[1].String()
					prefix = append(prefix, lines[j])
				case b.Kind == hh.DealHole:
					if i%2 == 0 { // half the time the deals are left out altogether
						prefix = append(prefix, "d dh "+strings.Fields(lines[j])[2]+" ????")
					}
				default:
					prefix = append(prefix, lines[j])
				}
			}
			if i%2 != 0 {
				var kept []string
				for _, p := range prefix {
					if !strings.HasPrefix(p, "d dh") {
						kept = append(kept, p)
					}
				}
				prefix = kept
			}
			bot := bots[h.Players[a.Player-1]]
			req := &DecideRequest{SmallBlind: 1, BigBlind: 2, StartingStacks: h.StartingStacks, Actions: prefix,
				Seat: a.Player, Hole: hole, Seed: seed}
			d, err := Decide(bot, req)
			if err != nil {
				t.Fatalf("hand %d action %d: %v", k+1, i+1, err)
			}
			// The same decision with every card known.
			full := *h
			full.Actions = h.Actions[:i]
			if err := r.Replay(&full); err == nil {
				t.Fatalf("hand %d: the replay of %d actions is over", k+1, i)
			}
			want, err := bot.DecideHand(&r.Hand, seed)
			if err != nil {
				t.Fatal(err)
			}
			got := d.Action
			switch {
			case want.Kind == holdem.Fold:
				want := "f"
				if got != want {
					t.Fatalf("hand %d action %d: Decide %q, with all cards %q", k+1, i+1, got, want)
				}
			case want.Kind == holdem.CheckCall:
				if got != "cc" {
					t.Fatalf("hand %d action %d: Decide %q, with all cards cc", k+1, i+1, got)
				}
			default:
				if got != fmt.Sprintf("cbr %d", want.To) {
					t.Fatalf("hand %d action %d: Decide %q, with all cards cbr %d", k+1, i+1, got, want.To)
				}
			}
			if got != strings.TrimPrefix(lines[i], strings.Fields(lines[i])[0]+" ") {
				differ++ // the table's bot drew other random numbers (its seed and seat)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Errorf("only %d decisions checked", checked)
	}
	t.Logf("%d decisions checked; %d differ from the table's (other seed)", checked, differ)
}

// actionLines returns the action strings of a one-hand PHH text.
func actionLines(t *testing.T, text string) []string {
	t.Helper()
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "actions = ["):
			in = true
		case in && line == "]":
			in = false
		case in:
			out = append(out, strings.Trim(strings.TrimSuffix(line, ","), `"'`))
		}
	}
	return out
}

// TestDecideErrors: bad requests are ErrInvalid naming the field.
func TestDecideErrors(t *testing.T) {
	bot, err := npc.NewBot(profile(t, "tag"), nil)
	if err != nil {
		t.Fatal(err)
	}
	good := func() *DecideRequest {
		return &DecideRequest{SmallBlind: 1, BigBlind: 2, StartingStacks: []int64{200, 200, 200}, Seat: 3, Hole: "AsKd"}
	}
	if d, err := Decide(bot, good()); err != nil || d.Kind == "" {
		t.Fatalf("first to act with AKo: %+v %v", d, err)
	}
	for _, c := range []struct {
		edit func(*DecideRequest)
		msg  string
	}{
		{func(r *DecideRequest) { r.Seat = 1 }, "seat: p3 is to act"},
		{func(r *DecideRequest) { r.Seat = 4 }, "seat: 4"},
		{func(r *DecideRequest) { r.Hole = "AsAs" }, "hole"},
		{func(r *DecideRequest) { r.Hole = "Xx9" }, "hole"},
		{func(r *DecideRequest) { r.StartingStacks = []int64{200} }, "starting_stacks"},
		{func(r *DecideRequest) { r.StartingStacks[1] = -5 }, "starting_stacks[1]"},
		{func(r *DecideRequest) { r.Actions = []string{"p3 rase 6"} }, "actions[0]"},
		{func(r *DecideRequest) { r.Actions = []string{"p1 cbr 6"} }, "actions: "},
		{func(r *DecideRequest) { r.Actions = []string{"p3 f", "p1 f"} }, "no betting decision"},
		{func(r *DecideRequest) { r.Actions = []string{"d dh p3 QsQd"} }, "other cards"},
		{func(r *DecideRequest) { r.Antes = []int64{1} }, "antes"},
		{func(r *DecideRequest) { r.BigBlind = 0 }, "blinds"},
		{func(r *DecideRequest) { r.Actions = []string{"p9 f"} }, "beyond p3"},
	} {
		r := good()
		c.edit(r)
		_, err := Decide(bot, r)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%v, want ErrInvalid containing %q", err, c.msg)
		}
	}
}
