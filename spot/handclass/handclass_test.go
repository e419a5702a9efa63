package handclass

import (
	"testing"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// TestClassesOfKnownHands: one hand per kind of class, and the cases a
// draw does not count (the board's own draw, a made hand, the river).
func TestClassesOfKnownHands(t *testing.T) {
	for _, c := range []struct{ hole, board, want string }{
		{"AhKh", "Qh7h2c", "high card, flush draw"},
		{"9s8s", "7d6c2h", "high card, open-ended straight draw"},
		{"9s7s", "8d5c2h", "high card, gutshot"},
		{"JhTh", "9h8c2h", "high card, flush and straight draw"},
		{"AsAd", "Ks7h2c", "pair"},
		{"5s4c", "As3d9h", "high card, gutshot"},
		{"Ac2d", "9s8h7d6c", "high card"},   // T or 5 makes the board's own straight
		{"6s5s", "4d3c2h", "straight"},      // made: no straight draw
		{"Ah2h", "KhQh7h5h", "flush"},       // made flush
		{"Ac2c", "KhQh7h5h", "high card"},   // four hearts on the board: no draw of this hand
		{"Th9h", "8h7c2d3s4s", "high card"}, // the river: no draws
		{"KsKd", "Kh7c7d", "full house"},
		{"8c8d", "9c7d6h", "pair, open-ended straight draw"},
		{"8c8d", "Tc7d6h", "pair, gutshot"},
		{"QcJc", "Tc9d2h", "high card, open-ended straight draw"},
	} {
		hole := cards.MustParseSet(c.hole).Cards()
		got := Of([2]cards.Card{hole[0], hole[1]}, cards.MustParseSet(c.board))
		if got.String() != c.want {
			t.Errorf("%s on %s: %s, want %s", c.hole, c.board, got, c.want)
		}
	}
}

// TestDrawsCountTheirOuts: on random flops, a hand classed as open-ended
// has at least 6 of the remaining cards that make it a straight the board
// does not make alone (8 but for cards it blocks), a gutshot 1 to 4, and a
// flush draw 9 cards that make it a flush — counted here card by card.
func TestDrawsCountTheirOuts(t *testing.T) {
	deck := cards.NewDeck(7)
	for range 3000 {
		deck.Reset()
		deck.Shuffle()
		board := deck.DealN(3)
		hole := [2]cards.Card{deck.Deal(), deck.Deal()}
		c := Of(hole, board)
		all := board.Add(hole[0]).Add(hole[1])
		straight, flush := 0, 0
		for x := cards.Card(0); x < cards.NumCards; x++ {
			if all.Has(x) {
				continue
			}
			cat := handeval.Eval(all.Add(x)).Category()
			if cat >= handeval.Straight && cat != handeval.Flush && !makesStraight(board.Add(x)) && c.Made < handeval.Straight && makesStraight(all.Add(x)) {
				straight++
			}
			if c.Made < handeval.Flush && handeval.Eval(all.Add(x)).Category() >= handeval.Flush && flushSuit(all.Add(x)) {
				flush++
			}
		}
		switch c.Draw {
		case OpenEnded:
			if straight < 6 {
				t.Fatalf("%v on %v: open-ended with %d straight outs", hole, board, straight)
			}
		case Gutshot:
			if straight < 1 || straight > 4 {
				t.Fatalf("%v on %v: gutshot with %d straight outs", hole, board, straight)
			}
		case FlushDraw, ComboDraw:
			if flush != 9 {
				t.Fatalf("%v on %v: %s with %d flush outs", hole, board, c, flush)
			}
		}
	}
}

// flushSuit reports five cards of one suit.
func flushSuit(s cards.Set) bool {
	for su := range cards.Suit(4) {
		if popcount(s.SuitMask(su)) >= 5 {
			return true
		}
	}
	return false
}
