package cards_test

import (
	"fmt"

	"pokerlab/cards"
)

func ExampleParseSet() {
	s, err := cards.ParseSet("AsKdTh2c")
	if err != nil {
		panic(err)
	}
	fmt.Println(s, s.Count(), s.Has(cards.MustParse("Kd")))
	_, err = cards.ParseSet("As Kx")
	fmt.Println(err)
	// Output:
	// As Kd Th 2c 4 true
	// cards "As Kx": col 4: unknown suit in "Kx"
}

func ExampleStartingHand() {
	h, _ := cards.ParseStartingHand("AKs")
	fmt.Println(h, h.NumCombos(), h.Combos())
	// Output: AKs 4 [AsKs AhKh AdKd AcKc]
}

func ExampleNewDeck() {
	d := cards.NewDeck(1)
	a := d.DealN(2)
	e := cards.NewDeck(1)
	fmt.Println(a == e.DealN(2), d.Len())
	// Output: true 50
}
