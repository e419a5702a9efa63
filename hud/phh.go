package hud

import (
	"pokerlab/hh"
)

// AddPHH replays recorded hands through the engine (r) and tallies them, so
// recorded hands and simulated ones share one code path. Players are named
// by the hand's players field ("p1", "p2", ... without one). Hands that do
// not replay are skipped and their errors returned.
func (t *Tracker) AddPHH(hands []*hh.Hand, r *hh.Replayer) (added int, skipped []error) {
	var names [9]string
	for _, h := range hands {
		if err := r.Replay(h); err != nil {
			skipped = append(skipped, err)
			continue
		}
		ns := h.Players
		if ns == nil {
			for s := range h.NumPlayers() {
				names[s] = "p" + string(rune('1'+s))
			}
			ns = names[:h.NumPlayers()]
		}
		if t.Add(&r.Hand, ns) {
			added++
		}
	}
	return added, skipped
}
