package qre_test

import (
	"fmt"
	"math/rand/v2"

	"pokerlab/games"
	"pokerlab/qre"
)

func ExampleAKQ_Solve() {
	g, _ := qre.NewAKQ(2)
	pts, _ := g.Solve(0, 10, 2000)
	for _, p := range pts {
		fmt.Printf("λ=%-5g pA=%.6f pQ=%.6f pK=%.6f ε=%.6f\n", p.Lambda, p.PA, p.PQ, p.PK, g.Exploitability(p))
	}
	// Output:
	// λ=0     pA=0.500000 pQ=0.500000 pK=0.500000 ε=0.333333
	// λ=10    pA=0.998220 pQ=0.623845 pK=0.316470 ε=0.021411
	// λ=2000  pA=1.000000 pQ=0.666474 pK=0.333218 ε=0.000096
}

func ExampleFit() {
	tree, _ := games.Load("kuhn")
	truth, _ := qre.Solve(tree, 5)
	counts := qre.SampleCounts(tree, truth.Profile, 100000, rand.New(rand.NewPCG(1, 4)))
	fit, _ := qre.Fit(tree, counts, qre.FitOptions{})
	fmt.Printf("λ̂ = %.2f ± %.2f\n", fit.Lambda, fit.StdErr)
	// Output: λ̂ = 4.93 ± 0.05
}
