package equity_test

import (
	"fmt"

	"pokerlab/cards"
	"pokerlab/equity"
)

func ExampleCalculate() {
	players := []*equity.Range{equity.MustParseRange("AsKs"), equity.MustParseRange("QdQc")}
	res, err := equity.Calculate(players, equity.Options{Method: equity.Exact})
	if err != nil {
		panic(err)
	}
	for _, p := range res.Players {
		fmt.Printf("%.8f win %.6f tie %.6f\n", p.Equity, p.Win, p.Tie)
	}
	fmt.Println(res.Method, res.Boards)
	// Output:
	// 0.46214457 win 0.460179 tie 0.003932
	// 0.53785543 win 0.535890 tie 0.003932
	// exact 1712304
}

func ExampleParseRange() {
	r, _ := equity.ParseRange("JJ-88,AKs:0.5")
	fmt.Println(r.NumCombos())
	_, err := equity.ParseRange("QQ+,AKx")
	fmt.Println(err)
	// Output:
	// 28
	// range "QQ+,AKx": col 5: "AKx": unknown suffix 'x' (want s, o, + or a range with -)
}

// One Sampler per goroutine; the same seed gives the same estimate.
func ExampleSampler_VsRandom() {
	s := equity.NewSampler(42)
	hole := cards.NewHole(cards.MustParse("As"), cards.MustParse("Ah"))
	est := s.VsRandom(hole, 0, 0, 1, 200000)
	fmt.Printf("AA vs 1 random: %.2f ± %.2f\n", est.Equity, est.StdErr)
	// Output: AA vs 1 random: 0.85 ± 0.00
}
