package handeval

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pokerlab/cards"
)

func TestDescribe(t *testing.T) {
	for _, c := range []struct{ hand, want string }{
		{"7s 5d 4c 3h 2s", "seven high"},
		{"As Kd 9c 7h 4s 3d 2c", "ace high"},
		{"Kh Kd 9c 7h 4s", "pair of kings"},
		{"2h 2d Ac Kh Qs Jd 9c", "pair of deuces"},
		{"Ks Kd 7c 7h 2s", "two pair, kings and sevens"},
		// The best two of three pairs.
		{"Ks Kd 7c 7h 3s 3d Ac", "two pair, kings and sevens"},
		{"Qs Qd Qc 9h 2s", "three of a kind, queens"},
		{"9s Td Jc Qh Ks", "straight, king high"},
		{"As 2d 3c 4h 5s Kd Qc", "straight, five high"},
		{"Ts Jd Qc Kh As", "straight, ace high"},
		{"6s 7d 8c 9h Ts Jd 2c", "straight, jack high"},
		{"Ah 9h 7h 4h 2h", "flush, ace high"},
		{"Th 9h 7h 4h 2h 3h Kd", "flush, ten high"},
		{"Qs Qd Qc 4h 4s", "full house, queens full of fours"},
		// Two trips: the higher full of the lower.
		{"4s 4d 4c Qh Qs Qd Ac", "full house, queens full of fours"},
		{"9s 9d 9c 9h As Kd Kc", "four of a kind, nines"},
		{"5h 6h 7h 8h 9h", "straight flush, nine high"},
		{"Ad 2d 3d 4d 5d", "straight flush, five high"},
		{"Tc Jc Qc Kc Ac 9c 2d", "royal flush"},
	} {
		v := Eval(cards.MustParseSet(c.hand))
		if got := v.Describe(); got != c.want {
			t.Errorf("%s: %q, want %q", c.hand, got, c.want)
		}
	}
	for _, v := range []Value{0, NumValues + 1, 65535} {
		if got := v.Describe(); got != "" {
			t.Errorf("Value(%d).Describe() = %q, want \"\"", v, got)
		}
	}
}

// TestDescribeEveryHand names every five-card hand two ways: by its value
// (the table built from one hand per class) and from its own cards (a
// second describer here, which sorts the ranks by count), and demands
// the same name and a name of the value's category. Then random 7-card
// hands, named from their best five cards found by trying all 21.
func TestDescribeEveryHand(t *testing.T) {
	deck := cards.FullDeck.Cards()
	seen := make(map[string]bool)
	n := 0
	var five [5]cards.Card
	var rec func(from, k int)
	rec = func(from, k int) {
		if k == 5 {
			n++
			s := cards.SetOf(five[:]...)
			v := Eval(s)
			got, want := v.Describe(), describeCards(five[:])
			if got != want {
				t.Fatalf("%v: %q, want %q", five, got, want)
			}
			ok := strings.HasPrefix(want, categoryPrefix[v.Category()])
			switch v.Category() {
			case HighCard:
				ok = strings.HasSuffix(want, " high") && !strings.Contains(want, ",")
			case StraightFlush:
				ok = ok || want == "royal flush"
			}
			if !ok {
				t.Fatalf("%v: %q is not a %v", five, got, v.Category())
			}
			seen[got] = true
			return
		}
		for i := from; i <= len(deck)-(5-k); i++ {
			five[k] = deck[i]
			rec(i+1, k+1)
		}
	}
	rec(0, 0)
	if n != 2598960 {
		t.Fatalf("%d hands", n)
	}
	// Distinct names: 8 high cards (7..A), 13 pairs, 78 two pairs, 13
	// trips, 10 straights, 8 flush tops (7..A), 156 full houses, 13 quads,
	// 9 straight flushes and the royal flush.
	if want := 8 + 13 + 78 + 13 + 10 + 8 + 156 + 13 + 9 + 1; len(seen) != want {
		t.Errorf("%d distinct names, want %d", len(seen), want)
	}

	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		seven := cards.Sample(r, cards.FullDeck, 7).Cards()
		var best []cards.Card
		var bestV Value
		for a := range 7 {
			for b := a + 1; b < 7; b++ {
				var sub []cards.Card
				for i, c := range seven {
					if i != a && i != b {
						sub = append(sub, c)
					}
				}
				if v := Eval(cards.SetOf(sub...)); v > bestV {
					bestV, best = v, sub
				}
			}
		}
		v := Eval(cards.SetOf(seven...))
		if v != bestV {
			t.Fatalf("%v: value %d, best five %d", seven, v, bestV)
		}
		if got, want := v.Describe(), describeCards(best); got != want {
			t.Fatalf("%v: %q, want %q (best five %v)", seven, got, want, best)
		}
	}
}

var categoryPrefix = [NumCategories]string{"", "pair of ", "two pair, ", "three of a kind, ", "straight, ",
	"flush, ", "full house, ", "four of a kind, ", "straight flush, "}

// describeCards names five cards from the cards themselves: the ranks
// sorted by (count, rank) descending, then the shape of the counts.
func describeCards(cs []cards.Card) string {
	var count [13]int
	flush := true
	for _, c := range cs {
		count[c.Rank()]++
		flush = flush && c.Suit() == cs[0].Suit()
	}
	var rs []int
	for _, c := range cs {
		rs = append(rs, int(c.Rank()))
	}
	slices.SortFunc(rs, func(a, b int) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return b - a
	})
	name := func(r int) string {
		return [...]string{"deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"}[r]
	}
	plural := func(r int) string {
		if r == 4 {
			return "sixes"
		}
		return name(r) + "s"
	}
	shape := ""
	for _, r := range rs {
		shape += string(rune('0' + count[r]))
	}
	switch shape {
	case "44441":
		return "four of a kind, " + plural(rs[0])
	case "33322":
		return "full house, " + plural(rs[0]) + " full of " + plural(rs[3])
	case "33311":
		return "three of a kind, " + plural(rs[0])
	case "22221":
		return "two pair, " + plural(rs[0]) + " and " + plural(rs[2])
	case "22111":
		return "pair of " + plural(rs[0])
	}
	top := rs[0]
	straight := rs[0]-rs[4] == 4
	if rs[0] == 12 && rs[1] == 3 {
		straight, top = true, 3
	}
	switch {
	case straight && flush && top == 12:
		return "royal flush"
	case straight && flush:
		return "straight flush, " + name(top) + " high"
	case flush:
		return "flush, " + name(top) + " high"
	case straight:
		return "straight, " + name(top) + " high"
	}
	return name(top) + " high"
}
