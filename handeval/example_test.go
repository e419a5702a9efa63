package handeval_test

import (
	"fmt"

	"pokerlab/cards"
	"pokerlab/handeval"
)

func ExampleEval() {
	for _, h := range []string{"7s 5d 4c 3h 2s", "As 2d 3c 4h 5s Kd Qc", "As Ks Qs Js Ts"} {
		v := handeval.Eval(cards.MustParseSet(h))
		fmt.Println(v, v.Category())
	}
	// Output:
	// 1 high card
	// 5854 straight
	// 7462 straight flush
}

// Incremental evaluation: build the board once, add each player's cards.
func ExampleHand() {
	board := handeval.NewHand(cards.MustParseSet("Ah Kh 7d 7c 2h"))
	alice := board.Union(handeval.NewHand(cards.MustParseSet("Qh Jh")))
	bob := board.Union(handeval.NewHand(cards.MustParseSet("7s 2c")))
	fmt.Println(alice.Eval().Category(), bob.Eval().Category(), alice.Eval() > bob.Eval())
	// Output: flush full house false
}

// A value's name, for people: the category and the ranks that make it.
func ExampleValue_Describe() {
	for _, h := range []string{"Ks Kd 7c 7h 3s 3d Ac", "Ah 9h 7h 4h 2h Kd", "Qs Qd Qc 4h 4s"} {
		fmt.Println(handeval.Eval(cards.MustParseSet(h)).Describe())
	}
	// Output:
	// two pair, kings and sevens
	// flush, ace high
	// full house, queens full of fours
}
