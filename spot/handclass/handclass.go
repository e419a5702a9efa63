// Package handclass sorts a player's hands on a board as players group
// them: what the hand makes (straight flush … high card) and, on the flop
// and the turn, what it draws to — a flush draw (four cards of a suit), an
// open-ended straight draw (two ranks complete a straight: eight outs, or a
// double gutshot) or a gutshot (one rank: four outs), or both a flush draw
// and a straight draw.
//
// A draw counts only if the card that completes it makes a better category
// than the hand holds (a made flush is not a flush draw, a made straight
// not a straight draw), and only if the hole cards take part: four to a
// flush on the board alone, or a straight the board makes by itself with
// the next card, is every hand's and no draw of this one.
//
// Cost: for each of the 13 ranks and 4 suits a card could add, one 6- or
// 7-card evaluation; a hand is classified in about a microsecond.
package handclass

import (
	"pokerlab/cards"
	"pokerlab/handeval"
)

// Draw is what a hand draws to.
type Draw uint8

// The draws.
const (
	NoDraw Draw = iota
	Gutshot
	OpenEnded
	FlushDraw
	ComboDraw // a flush draw and a straight draw
)

var drawNames = [...]string{"", "gutshot", "open-ended straight draw", "flush draw", "flush and straight draw"}

// String names the draw ("" for none).
func (d Draw) String() string {
	if int(d) < len(drawNames) {
		return drawNames[d]
	}
	return "invalid draw"
}

// Class is a hand's class on a board.
type Class struct {
	Made handeval.Category
	Draw Draw
}

// String writes the class as "pair", "high card, flush draw".
func (c Class) String() string {
	if c.Draw == NoDraw {
		return c.Made.String()
	}
	return c.Made.String() + ", " + c.Draw.String()
}

// Of classifies hole on board (3, 4 or 5 cards; hole and board disjoint).
// On the river there are no draws.
func Of(hole [2]cards.Card, board cards.Set) Class {
	all := board.Add(hole[0]).Add(hole[1])
	made := handeval.Eval(all).Category()
	c := Class{Made: made}
	if board.Count() >= 5 {
		return c
	}
	flush := made < handeval.Flush && flushDraw(hole, board)
	straight := 0
	if made < handeval.Straight {
		straight = straightOuts(all, board)
	}
	switch {
	case flush && straight > 0:
		c.Draw = ComboDraw
	case flush:
		c.Draw = FlushDraw
	case straight >= 2:
		c.Draw = OpenEnded
	case straight == 1:
		c.Draw = Gutshot
	}
	return c
}

// flushDraw reports four cards of a suit with at least one of the hole
// cards among them.
func flushDraw(hole [2]cards.Card, board cards.Set) bool {
	for s := range cards.Suit(4) {
		n := board.SuitMask(s)
		k := popcount(n)
		if hole[0].Suit() == s {
			k++
		}
		if hole[1].Suit() == s {
			k++
		}
		if k == 4 && (hole[0].Suit() == s || hole[1].Suit() == s) {
			return true
		}
	}
	return false
}

// straightOuts counts the ranks whose card (of a suit not yet seen) makes
// all a straight that the board with that card does not make by itself.
func straightOuts(all, board cards.Set) int {
	n := 0
	for r := range cards.Rank(13) {
		for s := range cards.Suit(4) {
			c := cards.NewCard(r, s)
			if all.Has(c) {
				continue
			}
			if makesStraight(all.Add(c)) && !makesStraight(board.Add(c)) {
				n++
			}
			break // one unseen card of the rank stands for the rank
		}
	}
	return n
}

// makesStraight reports whether the cards hold five consecutive ranks (the
// ace also low).
func makesStraight(s cards.Set) bool {
	var ranks uint16
	for c := range s.All() {
		ranks |= 1 << c.Rank()
	}
	if ranks&(1<<cards.Ace) != 0 {
		ranks = ranks<<1 | 1 // the ace below the deuce
	} else {
		ranks <<= 1
	}
	for lo := 0; lo+5 <= 14; lo++ {
		if ranks>>lo&0x1f == 0x1f {
			return true
		}
	}
	return false
}

func popcount(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
