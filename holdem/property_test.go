package holdem

import (
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"pokerlab/cards"
)

var long = flag.Bool("long", false, "run the long property tests (10^6 random hands)")

// randomConfig draws a table of 2..10 players with short and deep stacks and
// a random mix of forced bets.
func randomConfig(r *rand.Rand, cfg *Config, buf []int64) {
	n := 2 + r.IntN(MaxSeats-1)
	*cfg = Config{Stacks: buf[:n], Button: r.IntN(n), SmallBlind: 1, BigBlind: 2}
	switch r.IntN(6) {
	case 0:
		cfg.SmallBlind, cfg.BigBlind = 5, 10
	case 1:
		cfg.Ante = 1
	case 2:
		cfg.BigBlindAnte = 2
	case 3:
		if n >= 3 {
			cfg.Straddle = 4
		}
	case 4:
		cfg.MinBet = 3
	}
	for s := range n {
		switch r.IntN(4) {
		case 0:
			cfg.Stacks[s] = 1 + r.Int64N(6) // shorter than the blinds or the ante
		case 1:
			cfg.Stacks[s] = 1 + r.Int64N(40)
		default:
			cfg.Stacks[s] = 1 + r.Int64N(400)
		}
	}
}

// refState is an independent model of the betting rules computed from the
// configuration and the event log alone (not the engine's fields).
type refState struct {
	actor int
	legal Legal
}

func refLegal(cfg *Config, h *Hand) refState {
	n := cfg.Players()
	var blind, ante [MaxSeats]int64
	cfg.forced(&blind, &ante)
	var stack, contrib [MaxSeats]int64
	var folded, acted [MaxSeats]bool
	var lastAct [MaxSeats]int // event index of the seat's last action this street
	copy(stack[:], cfg.Stacks)
	street := Preflop
	var nominal int64 // the largest blind: the preflop bet to match
	opener := -1
	order := func(i int) int { // blind-posting order
		if n == 2 {
			return (cfg.Button + i) % n
		}
		return (cfg.Button + 1 + i) % n
	}
	for i := range n {
		s := order(i)
		if blind[s] >= nominal {
			nominal, opener = blind[s], s
		}
	}
	minBet := cfg.minBet()
	lastActor := -1
	ev := h.Events()
	for i, e := range ev {
		s := int(e.Seat)
		switch e.Kind {
		case EvAnte:
			stack[s] -= e.Amount
		case EvBlind:
			stack[s] -= e.Amount
			contrib[s] += e.Amount
		case EvBoard:
			street = e.Street
			contrib = [MaxSeats]int64{}
			acted = [MaxSeats]bool{}
			lastActor = -1
		case EvFold:
			folded[s], acted[s], lastAct[s], lastActor = true, true, i, s
		case EvCheck, EvCall, EvBet, EvRaise:
			stack[s] -= e.Amount
			contrib[s] += e.Amount
			acted[s], lastAct[s], lastActor = true, i, s
		case EvReturn:
			stack[s] += e.Amount
		}
	}
	// The street's bet to match and its full-raise size, by replaying the
	// raises of the street in order.
	cur := int64(0)
	size := minBet
	if street == Preflop {
		cur = nominal
		size = max(minBet, nominal)
	}
	start := 0
	for i, e := range ev {
		if e.Kind == EvBoard {
			start = i + 1
		}
	}
	for _, e := range ev[start:] {
		if e.Kind == EvBet || e.Kind == EvRaise {
			if inc := e.To - cur; inc >= size {
				size = inc
			}
			cur = e.To
		}
	}
	canAct := func(s int) bool { return !folded[s] && stack[s] > 0 }
	active := 0
	for s := range n {
		if canAct(s) {
			active++
		}
	}
	from := (cfg.Button + 1) % n
	switch {
	case lastActor >= 0:
		from = (lastActor + 1) % n
	case street == Preflop:
		from = (opener + 1) % n
	}
	actor := -1
	for i := range n {
		s := (from + i) % n
		if canAct(s) && (contrib[s] < cur || (!acted[s] && active >= 2)) {
			actor = s
			break
		}
	}
	if actor < 0 {
		return refState{actor: -1, legal: Legal{Seat: -1}}
	}
	owe := cur - contrib[actor]
	l := Legal{Seat: actor, ToCall: min(owe, stack[actor])}
	// Raises since the actor's last action must add up to a full raise
	// (TDA 47), and someone else must be able to answer.
	var since int64
	if acted[actor] {
		for _, e := range ev[lastAct[actor]+1:] {
			if e.Kind == EvBet || e.Kind == EvRaise {
				since += e.To - e.Prev
			}
		}
	}
	reopened := !acted[actor] || since >= size
	if stack[actor] > owe && active-1 >= 1 && reopened {
		l.CanRaise = true
		l.MaxRaiseTo = contrib[actor] + stack[actor]
		l.MinRaiseTo = min(cur+size, l.MaxRaiseTo)
	}
	return refState{actor: actor, legal: l}
}

// candidates lists actions around every boundary of the legal set.
func candidates(l Legal, cur int64, dst []Action) []Action {
	dst = append(dst[:0], Action{Kind: Fold}, Action{Kind: CheckCall})
	for _, to := range []int64{0, -1, cur, cur + 1, l.MinRaiseTo - 1, l.MinRaiseTo, l.MinRaiseTo + 1,
		(l.MinRaiseTo + l.MaxRaiseTo) / 2, l.MaxRaiseTo - 1, l.MaxRaiseTo, l.MaxRaiseTo + 1, math.MaxInt64} {
		dst = append(dst, Action{Kind: BetRaise, To: to})
	}
	return dst
}

func legalPerRef(l Legal, a Action) bool {
	switch a.Kind {
	case Fold:
		return true
	case CheckCall:
		return true
	}
	return l.CanRaise && a.To >= l.MinRaiseTo && a.To <= l.MaxRaiseTo
}

// TestRandomHands plays random legal hands with random short stacks and
// checks at every decision that the engine's legal actions equal the
// reference model's, that every candidate action is accepted exactly when
// legal (and out-of-turn actions never are), and at the end of every hand
// that the chips are conserved and every pot was awarded.
func TestRandomHands(t *testing.T) {
	hands := 100_000
	if *long {
		hands = 1_000_000
	}
	if testing.Short() {
		hands = 10_000
	}
	checkRandomHands(t, hands, 1, TDA)
}

// checkRandomHands plays `hands` random hands from seed under rules (see
// TestRandomHands), against the reference model of those rules.
func checkRandomHands(t *testing.T, hands int, seed uint64, rules RuleSet) {
	ref := refLegal
	if rules == PokerKit {
		ref = refLegalPokerKit
	}
	r := rand.New(rand.NewPCG(seed, 77))
	deck := cards.NewDeckRand(rand.New(rand.NewPCG(seed, 78)))
	var h, probe Hand
	var cfg Config
	buf := make([]int64, MaxSeats)
	var cands []Action
	decisions, accepted, rejected := 0, 0, 0
	for hand := range hands {
		randomConfig(r, &cfg, buf)
		cfg.Rules = rules
		var sum int64
		for _, s := range cfg.Stacks {
			sum += s
		}
		if err := h.Reset(&cfg, deck); err != nil {
			t.Fatalf("hand %d: %v", hand, err)
		}
		for steps := 0; !h.Over(); steps++ {
			if steps > 200 || h.Phase() != PhaseBetting {
				t.Fatalf("hand %d: stuck in phase %v", hand, h.Phase())
			}
			l := h.Legal()
			ref := ref(&cfg, &h)
			if ref.legal != l || ref.actor != h.Actor() {
				logHand(t, &h)
				t.Fatalf("hand %d: engine legal %+v (actor %d), reference %+v (actor %d)", hand, l, h.Actor(), ref.legal, ref.actor)
			}
			decisions++
			cands = candidates(l, h.CurrentBet(), cands)
			for _, a := range cands {
				err := h.Verify(l.Seat, a)
				if (err == nil) != legalPerRef(l, a) {
					logHand(t, &h)
					t.Fatalf("hand %d: %v by seat %d: verify %v, legal %+v", hand, a, l.Seat, err, l)
				}
				var ae *ActionError
				if err != nil && !errors.As(err, &ae) {
					t.Fatalf("hand %d: error %v is not an *ActionError", hand, err)
				}
				if err == nil && decisions%16 == 0 {
					probe.CopyFrom(&h)
					probe.deck = nil // keep the shared deck untouched
					if _, err := probe.Apply(l.Seat, a); err != nil {
						t.Fatalf("hand %d: legal %v rejected: %v", hand, a, err)
					}
					accepted++
				} else if err != nil {
					rejected++
				}
				other := (l.Seat + 1 + int(a.To&7)) % cfg.Players()
				if other != l.Seat && h.Verify(other, a) == nil {
					t.Fatalf("hand %d: seat %d may act out of turn (%v)", hand, other, a)
				}
			}
			if _, err := h.Apply(l.Seat, RandomAction(r, l)); err != nil {
				t.Fatalf("hand %d: %v", hand, err)
			}
		}
		checkLedger(t, hand, &h, sum)
	}
	t.Logf("%d hands, %d decisions, %d legal candidates applied, %d illegal rejected", hands, decisions, accepted, rejected)
}

// checkLedger verifies conservation: stacks sum to the starting total,
// chips put in equal chips returned plus chips won, and nothing is left in
// the middle.
func checkLedger(t *testing.T, hand int, h *Hand, sum int64) {
	t.Helper()
	var got, in, out int64
	for s := range h.Players() {
		got += h.Stack(s)
		if h.Stack(s) < 0 {
			t.Fatalf("hand %d: negative stack", hand)
		}
	}
	for _, e := range h.Events() {
		switch e.Kind {
		case EvAnte, EvBlind, EvCall, EvBet, EvRaise:
			in += e.Amount
		case EvReturn, EvWin:
			out += e.Amount
		}
	}
	if got != sum || in != out || h.Pot() != 0 || h.Undecided() {
		logHand(t, h)
		t.Fatalf("hand %d: stacks %d of %d, in %d out %d, pot left %d", hand, got, sum, in, out, h.Pot())
	}
}

func logHand(t *testing.T, h *Hand) {
	for _, e := range h.Events() {
		t.Log(e)
	}
}
