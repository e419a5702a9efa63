package holdem

import (
	"math/rand/v2"
	"testing"

	"pokerlab/cards"
)

// playRandom plays one hand with random legal actions and returns the number
// of decisions.
func playRandom(h *Hand, cfg *Config, deck *cards.Deck, r *rand.Rand) int {
	if err := h.Reset(cfg, deck); err != nil {
		panic(err)
	}
	return PlayRandom(h, r)
}

// BenchmarkRandomHand plays random six-handed hands (100 big blinds deep,
// blinds 1/2) on one core: Reset, deal from a seeded deck, random legal
// actions, showdown evaluation and pot awards.
func BenchmarkRandomHand(b *testing.B) {
	for _, n := range []int{2, 6, 9} {
		b.Run(map[int]string{2: "2max", 6: "6max", 9: "9max"}[n], func(b *testing.B) {
			cfg := Config{Stacks: make([]int64, n), SmallBlind: 1, BigBlind: 2}
			for s := range cfg.Stacks {
				cfg.Stacks[s] = 200
			}
			deck := cards.NewDeck(1)
			r := rand.New(rand.NewPCG(1, 2))
			var h Hand
			decisions := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				cfg.Button = i % n
				decisions += playRandom(&h, &cfg, deck, r)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Minutes(), "hands/min")
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/hand")
		})
	}
}

// BenchmarkDecision measures the hot path a bot or a server runs at every
// decision: Legal, the verify methods at the boundaries, and one action,
// on a six-handed preflop spot (a copy of a prepared hand per iteration).
func BenchmarkDecision(b *testing.B) {
	cfg := Config{Stacks: []int64{200, 200, 200, 200, 200, 200}, SmallBlind: 1, BigBlind: 2}
	var start, h Hand
	if err := start.Reset(&cfg, cards.NewDeck(1)); err != nil {
		b.Fatal(err)
	}
	// UTG raises to 6, the next player calls: the cutoff is to act.
	for _, a := range []Action{{Kind: BetRaise, To: 6}, {Kind: CheckCall}} {
		if _, err := start.Apply(start.Legal().Seat, a); err != nil {
			b.Fatal(err)
		}
	}
	h.CopyFrom(&start)
	b.ReportAllocs()
	ok := 0
	for b.Loop() {
		h.CopyFrom(&start)
		l := h.Legal()
		if h.VerifyBetRaise(l.Seat, l.MinRaiseTo) == nil && h.VerifyCheckCall(l.Seat) == nil && h.VerifyFold(l.Seat) == nil {
			ok++
		}
		if _, err := h.BetRaise(l.Seat, l.MinRaiseTo); err != nil {
			b.Fatal(err)
		}
		l = h.Legal()
		if _, err := h.CheckCall(l.Seat); err != nil {
			b.Fatal(err)
		}
	}
	if ok == 0 {
		b.Fatal("no legal raise")
	}
}

// BenchmarkLegal measures Legal and the verify methods alone on the same
// spot (no state change).
func BenchmarkLegal(b *testing.B) {
	cfg := Config{Stacks: []int64{200, 200, 200, 200, 200, 200}, SmallBlind: 1, BigBlind: 2}
	var h Hand
	if err := h.Reset(&cfg, cards.NewDeck(1)); err != nil {
		b.Fatal(err)
	}
	for _, a := range []Action{{Kind: BetRaise, To: 6}, {Kind: CheckCall}} {
		if _, err := h.Apply(h.Legal().Seat, a); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	ok := 0
	for b.Loop() {
		l := h.Legal()
		if l.CanRaise && h.VerifyBetRaise(l.Seat, l.MinRaiseTo) == nil && h.VerifyBetRaise(l.Seat, l.MaxRaiseTo) == nil && h.VerifyCheckCall(l.Seat) == nil {
			ok++
		}
	}
	if ok == 0 {
		b.Fatal("no legal raise")
	}
}
