package npc_test

import (
	"fmt"

	"pokerlab/cards"
	"pokerlab/equity"
	"pokerlab/holdem"
	"pokerlab/npc"
)

// A game server asks a built-in profile for its action.
func ExampleBot_Decide() {
	prof, _ := npc.Archetype("nit")
	bot, _ := npc.NewBot(prof, nil)
	cfg := holdem.Config{Stacks: []int64{200, 200, 200}, SmallBlind: 1, BigBlind: 2}
	var h holdem.Hand
	h.Reset(&cfg, nil)
	for _, hole := range []string{"7c2d", "AsAh", "9s8s"} { // dealing order: SB, BB, button
		cs, _ := cards.ParseCards(hole)
		h.DealHole(h.NextDeal(), [2]cards.Card{cs[0], cs[1]})
	}
	// The button (seat 0) acts first three-handed; the nit folds 98s.
	seat := h.Actor()
	hole := h.Hole(seat)
	a, err := bot.Decide(h.Public(seat), h.Events(), cards.NewHole(hole[0], hole[1]), 42)
	fmt.Println(seat, a, err)
	// Output: 0 fold <nil>
}

// The strength distribution of a range on the flop against one opponent.
func ExampleTables_RangeMixture() {
	m, _ := npc.DefaultTables().RangeMixture(npc.FlopIdx, 2, equityRange("QQ+,AKs"))
	fmt.Printf("median p of QQ+,AKs on the flop heads-up: %.2f\n", m.Quantile(0.5))
	// Output: median p of QQ+,AKs on the flop heads-up: 0.82
}

func equityRange(s string) *equity.Range { return equity.MustParseRange(s) }
