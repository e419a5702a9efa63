package holdem_test

import (
	"errors"
	"fmt"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// A hand dealt by hand: the legal actions, a rejected raise and the result.
func Example() {
	cfg := holdem.Config{Stacks: []int64{1000, 1000, 1000}, Button: 0, SmallBlind: 5, BigBlind: 10}
	h, err := holdem.NewHand(&cfg, nil)
	if err != nil {
		panic(err)
	}
	for i, hole := range []string{"AsAh", "KsKh", "7c2d"} { // seats 1, 2, 0
		cs := cards.MustParseSet(hole).Cards()
		h.DealHole(h.DealOrder(i), [2]cards.Card{cs[0], cs[1]})
	}
	l := h.Legal()
	fmt.Printf("seat %d to act: call %d or raise to %d..%d\n", l.Seat, l.ToCall, l.MinRaiseTo, l.MaxRaiseTo)
	h.BetRaise(0, 30)
	_, err = h.BetRaise(1, 40)
	fmt.Println(errors.Is(err, holdem.ErrBelowMinRaise), err)
	h.BetRaise(1, 1000)
	h.CheckCall(2)
	h.Fold(0)
	for _, b := range []string{"2c7d9c", "3h", "4s"} {
		cs, _ := cards.ParseCards(b)
		h.DealBoard(cs...)
	}
	for _, e := range h.Events() {
		if e.Kind == holdem.EvWin || e.Kind == holdem.EvReturn {
			fmt.Println(e)
		}
	}
	fmt.Println(h.Stack(0), h.Stack(1), h.Stack(2))
	// Output:
	// seat 0 to act: call 10 or raise to 20..1000
	// true raise to 40 is below the minimum raise to 50: the last full bet or raise was 20 (TDA 41, 43); raise to at least 50, go all-in to 1000, or call
	// river: seat 1 win 2030 from pot 0
	// 970 2030 0
}
