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
