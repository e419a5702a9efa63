package hud

import (
	"strconv"

	"pokerlab/hh"
	"pokerlab/holdem"
)

// AddRecorded replays a recorded hand through the engine (r) and tallies
// it, so recorded hands and simulated ones share one code path. Players are
// named by the hand's players field ("p1", "p2", ... without one). A hand
// that does not replay is not tallied and its error returned.
func (t *Tracker) AddRecorded(h *hh.Hand, r *hh.Replayer) error {
	if err := r.Replay(h); err != nil {
		return err
	}
	names := h.Players
	if names == nil {
		var buf [holdem.MaxSeats]string
		for s := range h.NumPlayers() {
			buf[s] = "p" + strconv.Itoa(s+1)
		}
		names = buf[:h.NumPlayers()]
	}
	t.Add(&r.Hand, names)
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
