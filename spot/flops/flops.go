// Package flops lists the Texas Hold'em flops that differ up to suit
// isomorphism, with their weights and textures, and representative
// subsets of them: the boards a batch of spots is solved over.
//
// # The 1,755 flops
//
// Two flops are the same spot for ranges that treat the suits alike when
// a permutation of the four suits maps one onto the other. Of the
// C(52,3) = 22,100 flops, 1,755 classes remain; a class's weight is the
// number of flops in it (4, 12 or 24), so that a figure averaged over the
// classes by weight is its average over all flops, each dealt equally
// often. All lists the classes in a fixed order (by texture, then ranks),
// each by its canonical board: of the class's flops, the one whose
// highest card carries the first suit, the next new suit the second, and
// so on ("AsKhQd", "KsQs2h").
//
// # Representative subsets
//
// Subset(n) takes n classes by systematic sampling proportional to weight
// over All's order, which sorts the flops by texture (pairedness, suit
// pattern, then the ranks high to low): the 22,100 flops laid end to end
// in that order are cut into n runs of equal length, and each run is
// represented by the class at its middle, with the run's length
// (22,100/n) as its weight. Every texture therefore has about its share
// of the subset, the subset's weights sum to 22,100 like the whole set's,
// and the same n gives the same subset. The sizes solvers offer — 25, 49,
// 95 and 184 flops — are the usual choices; any n from 1 to 1,755 works
// (1,755 is the whole set with its own weights). These are our subsets,
// chosen by this rule, not the lists another tool publishes.
//
// # Cost
//
// All is computed once (22,100 flops canonicalised under 24 suit
// permutations, well under a millisecond) and shared.
package flops

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"pokerlab/cards"
)

// Flop is a class of flops the same up to suits.
type Flop struct {
	// Board is the class's canonical flop, highest card first.
	Board [3]cards.Card
	// Weight is the number of flops in the class (or, in a subset, the
	// flops the class stands for; the weights of a set sum to 22,100).
	Weight float64
}

// Total is the number of flops: C(52,3).
const Total = 22100

// String writes the board as "AsKhQd".
func (f Flop) String() string {
	var b strings.Builder
	for _, c := range f.Board {
		b.WriteString(c.String())
	}
	return b.String()
}

// Set returns the board's cards.
func (f Flop) Set() cards.Set { return cards.SetOf(f.Board[0], f.Board[1], f.Board[2]) }

// Texture describes a flop as players group them.
type Texture struct {
	// High is the highest rank.
	High cards.Rank
	// Paired: "unpaired", "paired" or "trips".
	Paired string
	// Suits: "rainbow", "two-tone" or "monotone".
	Suits string
	// Connected: "connected" when the three ranks fit in a window of five
	// (a straight can be made with two more cards: three to a straight,
	// counting the ace low too), "gapped" when two of them do, else
	// "disconnected".
	Connected string
}

// TextureOf returns f's texture.
func TextureOf(f Flop) Texture {
	r := [3]int{int(f.Board[0].Rank()), int(f.Board[1].Rank()), int(f.Board[2].Rank())}
	slices.Sort(r[:])
	t := Texture{High: cards.Rank(r[2])}
	switch {
	case r[0] == r[2]:
		t.Paired = "trips"
	case r[0] == r[1] || r[1] == r[2]:
		t.Paired = "paired"
	default:
		t.Paired = "unpaired"
	}
	suits := map[cards.Suit]bool{}
	for _, c := range f.Board {
		suits[c.Suit()] = true
	}
	t.Suits = map[int]string{1: "monotone", 2: "two-tone", 3: "rainbow"}[len(suits)]
	// Rank values with the ace also low (rank 12 is the ace: it counts as
	// -1 for the wheel).
	fits := func(a, b int) bool {
		d := b - a
		if d < 0 {
			d = -d
		}
		return d > 0 && d <= 4
	}
	span := func(x [3]int) bool { return x[0] != x[1] && x[1] != x[2] && x[2]-x[0] <= 4 }
	low := r
	for i := range low {
		if low[i] == int(cards.Ace) {
			low[i] = -1
		}
	}
	slices.Sort(low[:])
	switch {
	case span(r) || span(low):
		t.Connected = "connected"
	case fits(r[0], r[1]) || fits(r[1], r[2]) || fits(r[0], r[2]) || fits(low[0], low[1]) || fits(low[1], low[2]) || fits(low[0], low[2]):
		t.Connected = "gapped"
	default:
		t.Connected = "disconnected"
	}
	return t
}

// String writes the texture as "A-high, paired, two-tone, gapped".
func (t Texture) String() string {
	return fmt.Sprintf("%s-high, %s, %s, %s", t.High, t.Paired, t.Suits, t.Connected)
}

var all = sync.OnceValue(build)

// All returns the 1,755 classes with their weights, in texture order.
// The slice is shared: do not modify it.
func All() []Flop { return all() }

func build() []Flop {
	weights := map[[3]cards.Card]int{}
	for a := cards.Card(0); a < cards.NumCards; a++ {
		for b := a + 1; b < cards.NumCards; b++ {
			for c := b + 1; c < cards.NumCards; c++ {
				weights[Canonical([3]cards.Card{a, b, c})]++
			}
		}
	}
	out := make([]Flop, 0, len(weights))
	for board, w := range weights {
		out = append(out, Flop{Board: board, Weight: float64(w)})
	}
	slices.SortFunc(out, func(x, y Flop) int { return compareOrder(x, y) })
	return out
}

// orderKey sorts flops by texture: pairedness, then suit pattern, then
// the ranks high to low, then the canonical cards.
func compareOrder(x, y Flop) int {
	tx, ty := TextureOf(x), TextureOf(y)
	rank := func(s string, order ...string) int { return slices.Index(order, s) }
	if d := rank(tx.Paired, "unpaired", "paired", "trips") - rank(ty.Paired, "unpaired", "paired", "trips"); d != 0 {
		return d
	}
	if d := rank(tx.Suits, "rainbow", "two-tone", "monotone") - rank(ty.Suits, "rainbow", "two-tone", "monotone"); d != 0 {
		return d
	}
	for i := range 3 {
		if d := int(y.Board[i].Rank()) - int(x.Board[i].Rank()); d != 0 {
			return d
		}
	}
	for i := range 3 {
		if d := int(x.Board[i]) - int(y.Board[i]); d != 0 {
			return d
		}
	}
	return 0
}

// Canonical returns the canonical flop of b's class: the cards sorted high
// to low (by rank, then by the suit they get), the suits renamed in order
// of first appearance to spades, hearts, diamonds, clubs — of every
// renaming, the one that gives the smallest sequence.
func Canonical(b [3]cards.Card) [3]cards.Card {
	var best [3]cards.Card
	first := true
	for _, p := range permutations {
		var m [3]cards.Card
		for i, c := range b {
			m[i] = cards.NewCard(c.Rank(), p[c.Suit()])
		}
		// High to low by rank, ties by suit.
		slices.SortFunc(m[:], func(x, y cards.Card) int {
			if x.Rank() != y.Rank() {
				return int(y.Rank()) - int(x.Rank())
			}
			return int(x.Suit()) - int(y.Suit())
		})
		if first || less(m, best) {
			best, first = m, false
		}
	}
	return best
}

// less orders sorted boards: by rank high to low position by position,
// then by suit.
func less(x, y [3]cards.Card) bool {
	for i := range 3 {
		if x[i].Suit() != y[i].Suit() {
			return x[i].Suit() < y[i].Suit()
		}
	}
	return false
}

// permutations are the 24 renamings of the four suits.
var permutations = func() [][4]cards.Suit {
	var out [][4]cards.Suit
	var rec func(p [4]cards.Suit, used uint8, k int)
	rec = func(p [4]cards.Suit, used uint8, k int) {
		if k == 4 {
			out = append(out, p)
			return
		}
		for s := range cards.Suit(4) {
			if used&(1<<s) == 0 {
				p[k] = s
				rec(p, used|1<<s, k+1)
			}
		}
	}
	rec([4]cards.Suit{}, 0, 0)
	return out
}()

// Subset returns n representative classes (see the package
// documentation), 1 ≤ n ≤ 1,755; n = 1,755 is All.
func Subset(n int) ([]Flop, error) {
	a := All()
	if n < 1 || n > len(a) {
		return nil, fmt.Errorf("%d flops: want 1 to %d", n, len(a))
	}
	if n == len(a) {
		return slices.Clone(a), nil
	}
	step := float64(Total) / float64(n)
	out := make([]Flop, 0, n)
	cum := 0.0
	i := 0
	for k := range n {
		mid := (float64(k) + 0.5) * step
		for cum+a[i].Weight <= mid {
			cum += a[i].Weight
			i++
		}
		out = append(out, Flop{Board: a[i].Board, Weight: step})
	}
	return out, nil
}

// Parse reads a flop ("AsKdQh", "As Kd Qh") and returns its class, with
// the class's weight.
func Parse(s string) (Flop, error) {
	cs, err := cards.ParseCards(s)
	if err != nil {
		return Flop{}, err
	}
	if len(cs) != 3 || cards.SetOf(cs...).Count() != 3 {
		return Flop{}, fmt.Errorf("%q: a flop is three different cards", s)
	}
	c := Canonical([3]cards.Card{cs[0], cs[1], cs[2]})
	for _, f := range All() {
		if f.Board == c {
			return f, nil
		}
	}
	panic("flops: a canonical flop not in All")
}
