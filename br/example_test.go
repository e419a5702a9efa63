package br_test

import (
	"fmt"

	"pokerlab/br"
	"pokerlab/efg"
	"pokerlab/games"
)

// The NashConv of uniform play in Kuhn poker and the game's exact value.
func Example() {
	t, err := games.Load("kuhn")
	if err != nil {
		panic(err)
	}
	r := br.Evaluate(t, efg.Uniform(t))
	fmt.Printf("uniform: NashConv %.6f, exploitability %.6f\n", r.NashConv, r.Exploitability)
	v, _, _ := br.GameValue(t)
	fmt.Printf("value for P1: %.6f (−1/18)\n", v[0])
	// Output:
	// uniform: NashConv 0.916667, exploitability 0.458333
	// value for P1: -0.055556 (−1/18)
}
