// Package kuhn is Kuhn poker (H. W. Kuhn, "A simplified two-person poker",
// Contributions to the Theory of Games I, 1950), the smallest poker game with
// the strategic features of the real one.
//
// Three cards J < Q < K; each player antes 1 and receives one card (6 deals,
// probability 1/6 each). Player 1 checks or bets 1. After a check player 2
// checks (showdown for 1) or bets 1; facing a bet a player folds (losing the
// ante) or calls (showdown for 2). A check–bet lets player 1 fold or call.
//
// Information sets are labelled "<card>:<history>" with history letters
// c (check or call) and b (bet), e.g. "J:" (player 1 holding J, first to act)
// or "Q:b" (player 2 holding Q facing a bet): 2 players × 3 cards × 2
// histories = 12 information sets. The game value for player 1 is −1/18, and
// the equilibria form the one-parameter family of Kuhn (1950): player 1 bets J
// with α ∈ [0, 1/3], bets K with 3α and calls with Q with α + 1/3.
package kuhn

import "pokerlab/efg"

// Game is Kuhn poker.
type Game struct{}

// New returns Kuhn poker.
func New() Game { return Game{} }

// Name implements efg.Game.
func (Game) Name() string { return "kuhn" }

// PlayerNames implements efg.Game.
func (Game) PlayerNames() []string { return []string{"P1", "P2"} }

// Root implements efg.Game.
func (Game) Root() efg.State { return state{deal: -1} }

var cardNames = [3]string{"J", "Q", "K"}

// deals lists (player 1's card, player 2's card) in outcome order.
var deals = [6][2]int{{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}}

type state struct {
	deal    int    // index into deals, -1 before the deal
	history string // c and b letters
}

func (s state) Player() int {
	switch {
	case s.deal < 0:
		return efg.Chance
	case s.terminal():
		return efg.Terminal
	default:
		return len(s.history) % 2
	}
}

func (s state) terminal() bool {
	switch s.history {
	case "cc", "bc", "bf", "cbc", "cbf":
		return true
	}
	return false
}

func (s state) facingBet() bool {
	return len(s.history) > 0 && s.history[len(s.history)-1] == 'b'
}

func (s state) Actions() []string {
	if s.deal < 0 {
		labels := make([]string, len(deals))
		for i, d := range deals {
			labels[i] = cardNames[d[0]] + cardNames[d[1]]
		}
		return labels
	}
	if s.facingBet() {
		return []string{"fold", "call"}
	}
	return []string{"check", "bet"}
}

func (s state) ChanceProbs() []float64 {
	p := make([]float64, len(deals))
	for i := range p {
		p[i] = 1.0 / 6
	}
	return p
}

func (s state) Next(a int) efg.State {
	if s.deal < 0 {
		return state{deal: a}
	}
	letter := "cb"
	if s.facingBet() {
		letter = "fc"
	}
	return state{deal: s.deal, history: s.history + letter[a:a+1]}
}

func (s state) InfoSet() string {
	return cardNames[deals[s.deal][s.Player()]] + ":" + s.history
}

func (s state) Utilities() []float64 {
	c := deals[s.deal]
	var u float64
	switch s.history {
	case "bf":
		u = 1
	case "cbf":
		u = -1
	case "cc":
		u = 1
	case "bc", "cbc":
		u = 2
	}
	if s.history != "bf" && s.history != "cbf" && c[0] < c[1] {
		u = -u
	}
	return []float64{u, -u}
}
