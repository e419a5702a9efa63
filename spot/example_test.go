package spot_test

import (
	"fmt"

	"pokerlab/spot"
)

const river = `board = "AhKd7c5s2h"
pot = 100
stack = 150
oop = "AsAd,KsKc,7s7h,QhJh"
ip = "KhKs,AcQc,9h9s"
[sizes]
bet = "50%, a"
raise = "a"
`

// Solve a small river spot to 0.1% of the pot and read the equilibrium
// (the sequence-form LP value of this spot is 82.288 for OOP).
func Example() {
	sp, err := spot.ParseSpot(river, "river.toml")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := spot.NewGame(sp, spot.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := spot.NewSolver(g, spot.SolveOptions{}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	last := s.Solve(spot.Stop{TargetPercent: 0.1, Iterations: 10000}, nil)
	e := g.Evaluate(s.Finalize())
	fmt.Println("reached the target:", last.Percent <= 0.1)
	fmt.Printf("OOP value %.1f, IP value %.1f, exploitability below 0.1%%: %v\n", e.Values[0], e.Values[1], e.Percent <= 0.1)
	// Output:
	// reached the target: true
	// OOP value 82.3, IP value 17.7, exploitability below 0.1%: true
}

// Print the root actions of the action tree.
func ExampleNewActionTree() {
	sp, _ := spot.ParseSpot(river, "river.toml")
	t, _ := spot.NewActionTree(sp)
	for _, a := range t.Nodes[0].Actions {
		fmt.Print(a.Words(), "; ")
	}
	fmt.Println()
	// Output:
	// check; bet 50; all-in 150;
}

// Query a node: what IP's KhKs is worth facing a bet, and its equity
// against the range OOP bets.
func ExampleGame_Report() {
	sp, _ := spot.ParseSpot(river, "river.toml")
	g, _ := spot.NewGame(sp, spot.Options{})
	s, _ := spot.NewSolver(g, spot.SolveOptions{}, 0)
	s.Solve(spot.Stop{TargetPercent: 0.01, Iterations: 10000}, nil)
	σ := s.Finalize()
	l, _ := g.ParseLine("b50")
	r := g.Report(σ, l)
	fmt.Println(r.Player == spot.IP, r.Pot)
	for _, h := range r.Hands[spot.IP] {
		if h.Hand.String() == "KhKs" {
			fmt.Printf("EV %.1f, equity %.2f, folds %.2f\n", h.EV, h.Equity, h.Strategy[0])
		}
	}
	// Output:
	// true 150
	// EV 150.0, equity 1.00, folds 0.00
}

// Stream progress while solving: one report per exploitability check.
func ExampleSolver_Solve() {
	sp, _ := spot.ParseSpot(river, "river.toml")
	g, _ := spot.NewGame(sp, spot.Options{})
	s, _ := spot.NewSolver(g, spot.SolveOptions{Threads: 2}, 0)
	checks := 0
	s.Solve(spot.Stop{TargetPercent: 1, Iterations: 1000, Every: 5}, func(p spot.Progress) {
		checks++
	})
	fmt.Println(checks > 1)
	// Output:
	// true
}
