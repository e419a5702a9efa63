package hud

import (
	"fmt"

	"pokerlab/hh"
)

// TallyRecorded replays a recorded hand through the engine (r) and tallies
// it into c by engine seat: the one conversion of a hand history into HUD
// tallies, shared by Tracker.AddRecorded and the hand database
// (store.RecordOf), so that a stat means the same over files and over a
// database. Engine seat s of r.Hand is PHH player p(s+1) (hh.Hand.Config),
// named h.PlayerName(s). A hand that does not replay returns the replay
// error (a *hh.ReplayError).
func TallyRecorded(h *hh.Hand, r *hh.Replayer, c *HandCounts) error {
	if err := r.Replay(h); err != nil {
		return err
	}
	if !Tally(&r.Hand, c) {
		return fmt.Errorf("%s: hand [%s]: the hand is not over", h.File, h.Name)
	}
	return nil
}

// AddRecorded tallies a recorded hand (TallyRecorded), so recorded hands
// and simulated ones share one code path: every seat, or those t.Keep
// keeps. Players are named by the hand's
// players field ("p1", "p2", ... without one: hh.Hand.PlayerName). A hand
// that does not replay is not tallied and its error returned.
func (t *Tracker) AddRecorded(h *hh.Hand, r *hh.Replayer) error {
	if err := TallyRecorded(h, r, &t.scratch); err != nil {
		return err
	}
	moneyRecorded(h, r, &t.money, !t.NoAllInEV)
	bb := BigBlind(h)
	var facts HandFacts
	if t.Keep != nil {
		Facts(&r.Hand, &facts)
	}
	for s := range h.NumPlayers() {
		t.kept[s] = t.Keep == nil || t.Keep(h, &r.Hand, s, &facts, &t.money[s])
		if !t.kept[s] {
			continue
		}
		p := t.addHand(h.PlayerName(s), &t.scratch[s])
		p.Money.Add(&t.money[s], bb)
		if t.By != NoBreakdown {
			g := p.group(t.By, t.By.Key(&r.Hand, s))
			g.add(&t.scratch[s])
			g.Money.Add(&t.money[s], bb)
		}
	}
	return nil
}

// AddPHH tallies hands with AddRecorded and returns how many were added
// and the errors of those skipped.
func (t *Tracker) AddPHH(hands []*hh.Hand, r *hh.Replayer) (added int, skipped []error) {
	for _, h := range hands {
		if err := t.AddRecorded(h, r); err != nil {
			skipped = append(skipped, err)
			continue
		}
		added++
	}
	return added, skipped
}

// keptAny reports whether AddRecorded added a seat of the last hand.
func (t *Tracker) keptAny(n int) bool {
	for s := range n {
		if t.kept[s] {
			return true
		}
	}
	return false
}
