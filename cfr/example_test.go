package cfr_test

import (
	"fmt"

	"pokerlab/br"
	"pokerlab/cfr"
	"pokerlab/games"
)

// Solve Kuhn poker with CFR+ and evaluate the average strategy: its NashConv
// shrinks towards 0 and player 1's value approaches −1/18 ≈ −0.0556.
func ExampleNew() {
	t, err := games.Load("kuhn")
	if err != nil {
		panic(err)
	}
	s, err := cfr.New(t, cfr.Options{Algorithm: cfr.CFRPlus})
	if err != nil {
		panic(err)
	}
	s.Iterate(1000)
	avg := s.Average(nil)
	r := br.Evaluate(t, avg)
	fmt.Printf("NashConv after %d iterations: %.2e\n", s.Iterations(), r.NashConv)
	fmt.Printf("value of player 1: %.4f\n", r.Values[0])
	// Output:
	// NashConv after 1000 iterations: 1.75e-04
	// value of player 1: -0.0556
}

// Compare runs every algorithm on the same game, as `pokerlab solve compare`
// does.
func ExampleCompare() {
	t, _ := games.Load("kuhn")
	traces, err := cfr.Compare(t, cfr.CompareOptions{Iterations: 1000, Algorithms: []cfr.Algorithm{cfr.CFR, cfr.DCFR}})
	if err != nil {
		panic(err)
	}
	for _, tr := range traces {
		fmt.Printf("%-5s %.3e (%d measurements)\n", tr.Algorithm, tr.NashConv, len(tr.History))
	}
	// Output:
	// cfr   1.875e-03 (28 measurements)
	// dcfr  2.930e-04 (28 measurements)
}
