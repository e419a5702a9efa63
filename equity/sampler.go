package equity

import (
	"fmt"
	"math"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// Sampler is the fast path for the question an NPC asks at every decision:
// the equity of one hand against n opponents holding random hands. It keeps
// its own PCG generator and no other state, never allocates, and is not safe
// for concurrent use: give every goroutine its own Sampler (seeded
// differently, e.g. by goroutine number) to use many cores.
type Sampler struct {
	cs cardSource
}

// samplerStream is the second PCG seed word of a Sampler.
const samplerStream = 0x5DEECE66D

// NewSampler returns a Sampler whose draws are fixed by seed.
func NewSampler(seed uint64) *Sampler {
	s := new(Sampler)
	s.Seed(seed)
	return s
}

// Seed restarts the Sampler's random stream.
func (s *Sampler) Seed(seed uint64) { s.cs.seed(seed, samplerStream) }

// Estimate is a Monte Carlo equity with its standard error.
type Estimate struct {
	Equity  float64 // mean pot share: win 1, k-way split 1/k
	Win     float64 // fraction of deals won alone
	Tie     float64 // fraction of deals split
	StdErr  float64 // standard error of Equity
	Samples int
}

// VsRandom estimates the equity of hole against opponents (1..8) random
// hands, given the known board (0, 3, 4 or 5 cards) and dead cards, from
// samples deals. Each deal completes the board and deals every opponent two
// cards uniformly from the cards left. Misuse (cards that clash, a bad
// board size or opponent count, samples < 1) panics.
func (s *Sampler) VsRandom(hole cards.Hole, board, dead cards.Set, opponents, samples int) Estimate {
	holeSet := hole.Set()
	switch {
	case opponents < 1 || opponents > MaxPlayers-1:
		panic(fmt.Sprintf("equity: VsRandom with %d opponents, want 1 to %d", opponents, MaxPlayers-1))
	case holeSet.Count() != 2 || holeSet&(board|dead) != 0 || board&dead != 0:
		panic(fmt.Sprintf("equity: VsRandom cards clash: hole %v board %v dead %v", hole, board, dead))
	case board.Count() == 1 || board.Count() == 2 || board.Count() > 5:
		panic(fmt.Sprintf("equity: VsRandom board %v: want 0, 3, 4 or 5 cards", board))
	case samples < 1:
		panic("equity: VsRandom needs at least one sample")
	case (board|dead|holeSet).Count()+2*opponents+5-board.Count() > cards.NumCards:
		panic("equity: VsRandom: not enough cards in the deck")
	}
	known := board | dead | holeSet
	toCome := 5 - board.Count()
	hero := handeval.NewHand(holeSet)
	start := handeval.NewHand(board)
	var share, share2, wins, ties uint64
	var drawn [5]cards.Card
	for range samples {
		used := s.cs.draw(known, drawn[:toCome])
		b := start
		for _, c := range drawn[:toCome] {
			b = b.Add(c)
		}
		hv := b.Union(hero).Eval()
		winners := uint64(1)
		for range opponents {
			var two [2]cards.Card
			used = s.cs.draw(used, two[:])
			v := b.Add(two[0]).Add(two[1]).Eval()
			if v > hv {
				winners = 0 // lost: the other opponents do not matter
				break
			}
			if v == hv {
				winners++
			}
		}
		if winners == 0 {
			continue
		}
		unit := shareUnit / winners
		share += unit
		share2 += unit * unit
		if winners == 1 {
			wins++
		} else {
			ties++
		}
	}
	n := float64(samples)
	mean := float64(share) / n / shareUnit
	est := Estimate{Equity: mean, Win: float64(wins) / n, Tie: float64(ties) / n, Samples: samples}
	if samples > 1 {
		v := max(float64(share2)/n/(shareUnit*shareUnit)-mean*mean, 0) * n / (n - 1)
		est.StdErr = math.Sqrt(v / n)
	}
	return est
}
