package holdem

import (
	"testing"
)

// refLegalPokerKit is an independent model of PokerKit's betting rules,
// written in PokerKit's own terms (pokerkit/state.py) rather than as
// departures from TDA: a queue of actors rebuilt after every bet or raise,
// the set of players who acted (cleared by a raise of at least the round's
// largest increment), that largest increment (0 when the round begins,
// floored by min_bet for the minimum raise), and the list of consecutive
// all-in raises. It is driven by the configuration and the event log alone.
func refLegalPokerKit(cfg *Config, h *Hand) refState {
	n := cfg.Players()
	seat := func(i int) int { return (cfg.Button + 1 + i) % n } // PokerKit's player i
	index := func(s int) int { return (s - cfg.Button - 1 + 2*n) % n }
	var stack, bet [MaxSeats]int64
	var folded, acted [MaxSeats]bool
	copy(stack[:], cfg.Stacks)
	minBet := cfg.minBet()
	var queue []int
	var largest int64
	var allIns []int64
	maxBet := func() int64 {
		var m int64
		for s := range n {
			m = max(m, bet[s])
		}
		return m
	}
	inHand := func() int {
		k := 0
		for s := range n {
			if !folded[s] {
				k++
			}
		}
		return k
	}
	// effective is what player s can lose: their stack, capped by the
	// second largest bet plus stack among the players in the hand, less
	// their bet.
	effective := func(s int) int64 {
		var first, second int64
		for t := range n {
			if folded[t] {
				continue
			}
			switch v := bet[t] + stack[t]; {
			case v > first:
				first, second = v, first
			case v > second:
				second = v
			}
		}
		return min(stack[s], max(0, second-bet[s]))
	}
	begin := func() {
		// The action starts after the largest bet (the later player on a
		// tie; after the button when nobody has bet).
		top := 0
		for i := range n {
			if bet[seat(i)] >= bet[seat(top)] {
				top = i
			}
		}
		queue = queue[:0]
		for k := range n {
			if s := seat((top + 1 + k) % n); !folded[s] && stack[s] > 0 && effective(s) > 0 {
				queue = append(queue, s)
			}
		}
		if len(queue) == 1 && bet[queue[0]] >= maxBet() {
			queue = queue[:0]
		}
		acted = [MaxSeats]bool{}
		largest, allIns = 0, allIns[:0]
	}
	ev := h.Events()
	i := 0
	for ; i < len(ev) && (ev[i].Kind == EvAnte || ev[i].Kind == EvBlind); i++ {
		stack[ev[i].Seat] -= ev[i].Amount
		if ev[i].Kind == EvBlind {
			bet[ev[i].Seat] = ev[i].Amount
		}
	}
	begin()
	for _, e := range ev[i:] {
		s := int(e.Seat)
		switch e.Kind {
		case EvBoard:
			bet = [MaxSeats]int64{}
			begin()
			continue
		case EvReturn:
			stack[s] += e.Amount
			continue
		case EvFold, EvCheck, EvCall, EvBet, EvRaise:
		default:
			continue
		}
		if len(queue) == 0 || queue[0] != s {
			return refState{actor: -2} // the engine let someone else act
		}
		queue = queue[1:]
		acted[s] = true
		switch e.Kind {
		case EvFold:
			folded[s] = true
		case EvCheck, EvCall:
			stack[s] -= e.Amount
			bet[s] += e.Amount
		case EvBet, EvRaise:
			inc := e.To - maxBet()
			stack[s] -= e.Amount
			bet[s] = e.To
			queue = queue[:0]
			for k := 1; k < n; k++ {
				if t := seat((index(s) + k) % n); !folded[t] && stack[t] > 0 {
					queue = append(queue, t)
				}
			}
			if inc >= largest {
				acted = [MaxSeats]bool{}
				acted[s] = true
			}
			largest = max(largest, inc)
			if stack[s] > 0 {
				allIns = allIns[:0]
			} else {
				allIns = append(allIns, inc)
			}
		}
		if inHand() <= 1 {
			queue = queue[:0]
		}
	}
	if len(queue) == 0 {
		return refState{actor: -1, legal: Legal{Seat: -1}}
	}
	s := queue[0]
	cur := maxBet()
	l := Legal{Seat: s, ToCall: min(stack[s], cur-bet[s])}
	var sum int64
	for _, a := range allIns {
		sum += a
	}
	answer := false
	for t := range n {
		answer = answer || t != s && !folded[t] && stack[t]+bet[t] > cur
	}
	shortAllIns := len(allIns) > 0 && sum < largest && acted[s]
	if !shortAllIns && stack[s] > cur-bet[s] && answer {
		l.CanRaise = true
		l.MaxRaiseTo = stack[s] + bet[s]
		l.MinRaiseTo = min(l.MaxRaiseTo, max(largest, minBet)+cur)
	}
	return refState{actor: s, legal: l}
}

// TestRandomHandsPokerKit plays random hands under PokerKit rules and
// checks every decision against refLegalPokerKit, as TestRandomHands does
// for TDA rules.
func TestRandomHandsPokerKit(t *testing.T) {
	hands := 4_000
	if *long {
		hands = 1_000_000
	}
	if testing.Short() {
		hands = 1_000
	}
	checkRandomHands(t, hands, 2, PokerKit)
}
