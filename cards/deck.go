package cards

import (
	"math/bits"
	"math/rand/v2"
)

// Deck is a deck of the cards not yet dealt, with its own random generator.
// Dealing draws uniformly without replacement. A Deck is not safe for
// concurrent use; give each goroutine its own.
type Deck struct {
	cards [NumCards]Card
	n     int // cards[:n] are still in the deck
	rng   *rand.Rand
}

// deckStream is the PCG stream constant used by NewDeck, so that a seed alone
// names a deal.
const deckStream = 0x9E3779B97F4A7C15

// NewDeck returns a full deck whose dealing is driven by a PCG generator
// seeded with seed: the same seed deals the same cards.
func NewDeck(seed uint64) *Deck {
	return NewDeckRand(rand.New(rand.NewPCG(seed, deckStream)))
}

// NewDeckRand returns a full deck that draws from r.
func NewDeckRand(r *rand.Rand) *Deck {
	d := &Deck{rng: r}
	d.Reset()
	return d
}

// Reset puts all 52 cards back into the deck (in order; dealing is random
// anyway, so no shuffle is needed).
func (d *Deck) Reset() {
	for i := range d.cards {
		d.cards[i] = Card(i)
	}
	d.n = NumCards
}

// Len returns the number of cards left.
func (d *Deck) Len() int { return d.n }

// Remaining returns the set of cards left.
func (d *Deck) Remaining() Set {
	var s Set
	for _, c := range d.cards[:d.n] {
		s = s.Add(c)
	}
	return s
}

// Remove takes the cards of s out of the deck (cards already gone are
// ignored), e.g. known hole cards or a fixed board.
func (d *Deck) Remove(s Set) {
	for i := 0; i < d.n; {
		if s.Has(d.cards[i]) {
			d.n--
			d.cards[i], d.cards[d.n] = d.cards[d.n], d.cards[i]
			continue
		}
		i++
	}
}

// Deal draws one card uniformly from the cards left. It panics on an empty
// deck (a programming error: 52 cards are enough for 23 players).
func (d *Deck) Deal() Card {
	if d.n == 0 {
		panic("cards: Deal from an empty deck")
	}
	// One step of a Fisher–Yates shuffle: swap a random remaining card to
	// the end of the live region and shrink it.
	i := d.rng.IntN(d.n)
	d.n--
	d.cards[i], d.cards[d.n] = d.cards[d.n], d.cards[i]
	return d.cards[d.n]
}

// DealN draws n cards and returns them as a set. It panics if fewer than n
// cards are left.
func (d *Deck) DealN(n int) Set {
	var s Set
	for range n {
		s = s.Add(d.Deal())
	}
	return s
}

// Shuffle puts the cards left into a uniformly random order, so that
// Cards lists a shuffled deck.
func (d *Deck) Shuffle() {
	d.rng.Shuffle(d.n, func(i, j int) { d.cards[i], d.cards[j] = d.cards[j], d.cards[i] })
}

// Cards returns the cards left, in the deck's current order (a copy).
func (d *Deck) Cards() []Card { return append([]Card(nil), d.cards[:d.n]...) }

// Sample returns k cards drawn uniformly without replacement from avail,
// using r. It does not allocate. It panics if avail has fewer than k cards.
func Sample(r *rand.Rand, avail Set, k int) Set {
	n := avail.Count()
	if k > n {
		panic("cards: Sample of more cards than available")
	}
	var out Set
	if n >= 26 {
		// Dense: rejection on the 52 card indices is cheaper than indexing.
		for out.Count() < k {
			c := Card(r.IntN(NumCards))
			if avail.Has(c) && !out.Has(c) {
				out = out.Add(c)
			}
		}
		return out
	}
	for range k {
		c := nth(avail, r.IntN(n))
		out = out.Add(c)
		avail = avail.Remove(c)
		n--
	}
	return out
}

// nth returns the i-th lowest card of s (0-based).
func nth(s Set, i int) Card {
	x := uint64(s)
	for ; i > 0; i-- {
		x &= x - 1
	}
	return Card(bits.TrailingZeros64(x))
}
