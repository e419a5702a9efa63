// Package akq is the AKQ game of the QRE note (the classic half-street toy game
// of poker theory), with a pot of 1 and a bet size B > 0 in units of the pot.
//
// Player 1 holds A or Q with probability ½ each; player 2 holds K. Player 1
// bets B or checks; facing a bet player 2 calls or folds. A check or a call
// goes to showdown, where the higher card takes the pot. As in the seed each
// player's payoff is what they take from the pot minus what they put in
// beyond it, so the payoffs of every outcome add up to the pot (the game is
// constant-sum with sum 1):
//
//	check:      A → (1, 0),     Q → (0, 1)
//	bet, fold:      (1, 0)
//	bet, call:  A → (1+B, −B),  Q → (−B, 1+B)
//
// Information sets "A" and "Q" (player 1, actions bet and check) and "K"
// (player 2 facing a bet, actions call and fold). The Nash equilibrium is
// p_A = 1, p_Q = B/(1+B) (bluffs), p_K = 1/(1+B) (calls), and player 1's
// value is (1+2B)/(2(1+B)).
package akq

import (
	"fmt"
	"math"

	"pokerlab/efg"
)

// Game is the AKQ game with bet size Bet.
type Game struct {
	Bet   float64 // bet size in pots, > 0
	label string  // the bet as the user wrote it, for Name
}

// New returns the AKQ game with bet size bet (in pots).
func New(bet float64) (Game, error) {
	if !(bet > 0) || math.IsInf(bet, 0) {
		return Game{}, fmt.Errorf("akq: bet size %v must be a positive number of pots", bet)
	}
	return Game{Bet: bet}, nil
}

// WithLabel returns g named with the bet written as label (e.g. "1/3").
func (g Game) WithLabel(label string) Game { g.label = label; return g }

// Name implements efg.Game.
func (g Game) Name() string {
	if g.label != "" {
		return "akq:bet=" + g.label
	}
	return fmt.Sprintf("akq:bet=%g", g.Bet)
}

// PlayerNames implements efg.Game.
func (Game) PlayerNames() []string { return []string{"P1", "P2"} }

// Root implements efg.Game.
func (g Game) Root() efg.State { return state{bet: g.Bet, card: -1} }

// NashBetA, NashBetQ and NashCallK are the equilibrium frequencies p_A, p_Q
// and p_K of the QRE note, and Value is player 1's equilibrium value.
func (g Game) NashBetA() float64  { return 1 }
func (g Game) NashBetQ() float64  { return g.Bet / (1 + g.Bet) }
func (g Game) NashCallK() float64 { return 1 / (1 + g.Bet) }
func (g Game) Value() float64     { return (1 + 2*g.Bet) / (2 * (1 + g.Bet)) }

type state struct {
	bet     float64
	card    int    // 0 = A, 1 = Q; -1 before the deal
	history string // "", "b", "c", "bc", "bf"
}

func (s state) Player() int {
	switch s.history {
	case "":
		if s.card < 0 {
			return efg.Chance
		}
		return 0
	case "b":
		return 1
	}
	return efg.Terminal
}

func (s state) Actions() []string {
	switch {
	case s.card < 0:
		return []string{"A", "Q"}
	case s.history == "":
		return []string{"bet", "check"}
	}
	return []string{"call", "fold"}
}

func (s state) ChanceProbs() []float64 { return []float64{0.5, 0.5} }

func (s state) Next(a int) efg.State {
	switch {
	case s.card < 0:
		return state{bet: s.bet, card: a}
	case s.history == "":
		return state{bet: s.bet, card: s.card, history: []string{"b", "c"}[a]}
	}
	return state{bet: s.bet, card: s.card, history: []string{"bc", "bf"}[a]}
}

func (s state) InfoSet() string {
	if s.history == "b" {
		return "K"
	}
	return []string{"A", "Q"}[s.card]
}

func (s state) Utilities() []float64 {
	aceWins := s.card == 0
	switch s.history {
	case "c":
		if aceWins {
			return []float64{1, 0}
		}
		return []float64{0, 1}
	case "bf":
		return []float64{1, 0}
	}
	if aceWins {
		return []float64{1 + s.bet, -s.bet}
	}
	return []float64{-s.bet, 1 + s.bet}
}
