package npc

import (
	"math/bits"
	"math/rand/v2"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// dealer draws uniform cards from a PCG stream without allocating. It is the
// card source of the strength-table build and of the decision-time equity
// estimate, so both compute the same statistic.
type dealer struct {
	rng  rand.PCG
	x    uint64
	left int
}

func (d *dealer) seed(a, b uint64) {
	d.rng.Seed(a, b)
	d.left = 0
}

// card returns one card not in used: the high half of x·52 is the card and
// the low half is kept for the next draw (five draws per 64-bit word keep the
// bias below 10⁻⁹), rejecting cards already used.
func (d *dealer) card(used cards.Set) cards.Card {
	for {
		if d.left == 0 {
			d.x, d.left = d.rng.Uint64(), 5
		}
		hi, lo := bits.Mul64(d.x, cards.NumCards)
		d.x = lo
		d.left--
		if used>>hi&1 == 0 {
			return cards.Card(hi)
		}
	}
}

// uint64n returns a uniform number below n (n > 0).
func (d *dealer) uint64n(n uint64) uint64 {
	hi, _ := bits.Mul64(d.rng.Uint64(), n)
	return hi
}

// float returns a uniform number in [0, 1).
func (d *dealer) float() float64 { return float64(d.rng.Uint64()>>11) / (1 << 53) }

// shareUnit is the least common multiple of 1..9: a k-way split pays each
// winner shareUnit/k, an integer, so sums of shares are exact integers.
const shareUnit = 2520

var splitShare = [10]uint64{0, shareUnit, shareUnit / 2, shareUnit / 3, shareUnit / 4, shareUnit / 5,
	shareUnit / 6, shareUnit / 7, shareUnit / 8, shareUnit / 9}

// potShares estimates, in one pass of deals, the pot share of hero against
// k random opponents for every k = 1..maxOpp: each deal completes the board
// and deals maxOpp opponents two cards each from the cards left, and the
// share against the first k of them is booked in sums[k-1] (units of
// 1/shareUnit). The opponents of a deal are drawn one at a time and the
// deal stops at the first one who beats hero (the share is then 0 for every
// larger k too), so the marginal of (board, first k opponents) is uniform
// as in equity.Sampler.VsRandom and the estimate for each k has the same
// distribution as VsRandom's with the same number of deals.
func (d *dealer) potShares(hero cards.Hole, board cards.Set, maxOpp, deals int, sums *[8]uint64) {
	heroSet := hero.Set()
	known := heroSet | board
	toCome := 5 - board.Count()
	heroHand := handeval.NewHand(heroSet)
	start := handeval.NewHand(board)
	for range deals {
		used := known
		b := start
		for range toCome {
			c := d.card(used)
			used |= 1 << c
			b = b.Add(c)
		}
		hv := b.Union(heroHand).Eval()
		winners := 1
		for j := range maxOpp {
			c1 := d.card(used)
			used |= 1 << c1
			c2 := d.card(used)
			used |= 1 << c2
			v := b.Add(c1).Add(c2).Eval()
			if v > hv {
				break
			}
			if v == hv {
				winners++
			}
			sums[j] += splitShare[winners]
		}
	}
}
