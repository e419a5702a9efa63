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
// and simulated ones share one code path. Players are named by the hand's
// players field ("p1", "p2", ... without one: hh.Hand.PlayerName). A hand
// that does not replay is not tallied and its error returned.
func (t *Tracker) AddRecorded(h *hh.Hand, r *hh.Replayer) error {
	if err := TallyRecorded(h, r, &t.scratch); err != nil {
		return err
	}
	moneyRecorded(h, r, &t.money, !t.NoAllInEV)
	bb := BigBlind(h)
	for s := range h.NumPlayers() {
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
