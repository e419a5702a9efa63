package holdem

import "math/rand/v2"

// RandomAction returns a random legal action for the player to act, given
// l = h.Legal(): a fold one time in five when something is owed, a bet or
// raise three times in ten when allowed (to the minimum, to all-in, or to a
// uniform amount in between, each a third of the time), else a check or
// call. It is the engine's baseline bot for tests, benchmarks and
// simulations; the same generator state gives the same action.
func RandomAction(r *rand.Rand, l Legal) Action {
	x := r.IntN(10)
	switch {
	case x < 2 && l.ToCall > 0:
		return Action{Kind: Fold}
	case x < 5 && l.CanRaise:
		to := l.MinRaiseTo
		switch r.IntN(3) {
		case 0:
			to = l.MaxRaiseTo
		case 1:
			to = l.MinRaiseTo + r.Int64N(l.MaxRaiseTo-l.MinRaiseTo+1)
		}
		return Action{Kind: BetRaise, To: to}
	}
	return Action{Kind: CheckCall}
}

// PlayRandom plays the rest of the hand with RandomAction for every player
// and returns the number of actions taken. The hand must deal its own cards
// (Reset with a deck) or already have them.
func PlayRandom(h *Hand, r *rand.Rand) int {
	k := 0
	for h.Phase() == PhaseBetting {
		l := h.Legal()
		if _, err := h.Apply(l.Seat, RandomAction(r, l)); err != nil {
			panic("holdem: RandomAction made an illegal action: " + err.Error())
		}
		k++
	}
	return k
}
