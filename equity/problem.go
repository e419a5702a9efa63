package equity

import (
	"fmt"
	"math/bits"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// Player limits: at least two players, and nine is a full ring (and the most
// the deck can always serve: 9·2 + 5 board + dead cards ≤ 52 in practice).
const (
	MinPlayers = 2
	MaxPlayers = 9
)

// combo is one hole-card combination of a player, prepared for evaluation.
type combo struct {
	hole   cards.Hole
	set    cards.Set
	hand   handeval.Hand
	weight float64
}

// playerCombos is a player's range restricted to the cards that are left.
type playerCombos struct {
	combos []combo
	index  [cards.NumHoles]int32 // HoleIndex → position in combos, or -1
	// certain holds the cards in every combination of the player (both cards
	// for exact hole cards): no board can hold them.
	certain cards.Set
}

// problem is a validated equity question.
type problem struct {
	players []*playerCombos
	board   cards.Set // known board cards
	dead    cards.Set
	toCome  int // board cards still to be dealt
}

// newProblem validates the inputs and removes combinations that clash with
// the board or the dead cards. labels name the players in errors (their
// input text); nil labels use "player i".
func newProblem(ranges []*Range, labels []string, board, dead cards.Set) (*problem, error) {
	name := func(i int) string {
		if i < len(labels) {
			return fmt.Sprintf("player %d %q", i+1, labels[i])
		}
		return fmt.Sprintf("player %d", i+1)
	}
	n := len(ranges)
	if n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("equity: %d players: want %d to %d", n, MinPlayers, MaxPlayers)
	}
	switch board.Count() {
	case 0, 3, 4, 5:
	default:
		return nil, fmt.Errorf("equity: board %q has %d cards: want 0, 3, 4 or 5", board, board.Count())
	}
	if c := board & dead; c != 0 {
		return nil, fmt.Errorf("equity: card %v is both on the board and dead", c.Lowest())
	}
	p := &problem{board: board, dead: dead, toCome: 5 - board.Count()}
	known := board | dead
	for i, r := range ranges {
		pc := &playerCombos{certain: cards.FullDeck}
		for j := range pc.index {
			pc.index[j] = -1
		}
		total, clash := 0, cards.Set(0)
		for j, w := range r.w {
			if w <= 0 {
				continue
			}
			total++
			h := cards.HoleAt(j)
			set := h.Set()
			if set&known != 0 {
				clash |= set & known
				continue
			}
			pc.index[j] = int32(len(pc.combos))
			pc.combos = append(pc.combos, combo{h, set, handeval.NewHand(set), w})
			pc.certain &= set
		}
		if total == 0 {
			return nil, fmt.Errorf("equity: %s: empty range", name(i))
		}
		if len(pc.combos) == 0 {
			what := "the board"
			if clash&board == 0 {
				what = "the dead cards"
			}
			return nil, fmt.Errorf("equity: %s: card %v is also in %s, no combination left", name(i), clash.Lowest(), what)
		}
		p.players = append(p.players, pc)
	}
	// Exact hole cards that collide between players.
	for i := range p.players {
		for j := range i {
			if c := p.players[i].certain & p.players[j].certain; c != 0 {
				return nil, fmt.Errorf("equity: card %v is held by both %s and %s", c.Lowest(), name(j), name(i))
			}
		}
	}
	if !p.hasValidDeal() {
		return nil, fmt.Errorf("equity: the ranges leave no deal without a shared card")
	}
	needed := 2*n + p.toCome + known.Count()
	if needed > cards.NumCards {
		return nil, fmt.Errorf("equity: %d players, board and dead cards need %d cards, the deck has 52", n, needed)
	}
	return p, nil
}

// hasValidDeal reports whether some choice of one combination per player
// shares no card (a depth-first search; ranges are small or the search ends
// at once).
func (p *problem) hasValidDeal() bool {
	var dfs func(i int, used cards.Set) bool
	dfs = func(i int, used cards.Set) bool {
		if i == len(p.players) {
			return true
		}
		for _, c := range p.players[i].combos {
			if c.set&used == 0 && dfs(i+1, used|c.set) {
				return true
			}
		}
		return false
	}
	return dfs(0, 0)
}

// exactHands reports whether every player holds exactly one combination.
func (p *problem) exactHands() bool {
	for _, pl := range p.players {
		if len(pl.combos) != 1 {
			return false
		}
	}
	return true
}

// available returns the cards a completed board can draw from.
func (p *problem) available() cards.Set {
	a := cards.FullDeck &^ (p.board | p.dead)
	for _, pl := range p.players {
		a &^= pl.certain
	}
	return a
}

// binomial returns C(n, k) (small arguments).
func binomial(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	r := int64(1)
	for i := 1; i <= k; i++ {
		r = r * int64(n-k+i) / int64(i)
	}
	return r
}

func popcount8(x uint8) int { return bits.OnesCount8(x) }
