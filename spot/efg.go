package spot

import (
	"fmt"
	"math"
	"strings"

	"pokerlab/cards"
	"pokerlab/efg"
	"pokerlab/handeval"
)

// EFG returns the spot as an extensive-form game for package efg: a first
// chance node deals both hands (each compatible pair with probability
// w_OOP·w_IP / Combos), then the betting tree, with every turn and river
// card dealt separately (no isomorphism). Payoffs are each player's share of
// the final pot minus what the player put in beyond the starting pot, so
// they add up to the starting pot minus the rake and the values are those of
// Evaluate. Information sets are keyed by the player, the hand and the
// public history. It is meant for small spots (tests, exports to Gambit):
// the tree has a node per deal of the hands and the cards.
func (g *Game) EFG() *EFGExport {
	return &EFGExport{g: g, locate: map[string]efgLoc{}}
}

// EFGExport is the efg.Game of a spot; after efg.Compile, Profile maps a
// spot strategy onto the compiled tree.
type EFGExport struct {
	g      *Game
	locate map[string]efgLoc // information-set key → where the spot keeps its strategy
}

type efgLoc struct {
	node int32 // node of the spot's game tree
	hand int   // hand index in the tree's suits
}

// Name implements efg.Game.
func (x *EFGExport) Name() string { return "spot " + boardString(x.g.Spot.Board) }

// PlayerNames implements efg.Game.
func (x *EFGExport) PlayerNames() []string { return []string{"OOP", "IP"} }

// Root implements efg.Game.
func (x *EFGExport) Root() efg.State {
	return &efgState{x: x, node: 0, perm: identitySuits, hands: [2]int{-1, -1}}
}

var identitySuits = [4]cards.Suit{0, 1, 2, 3}

func boardString(b []cards.Card) string {
	return strings.ReplaceAll(cards.FormatCards(b), " ", "")
}

// efgState is a history: the spot node reached (in the tree's suits), the
// suit map from the real cards to the tree's, the real hands and the real
// cards dealt, and the public history.
type efgState struct {
	x       *EFGExport
	node    int32
	perm    [4]cards.Suit // real suit → tree suit
	hands   [2]int        // real hand indices (-1 before the deal)
	dealt   cards.Set     // real cards dealt by chance
	history string
}

func (s *efgState) mapCard(c cards.Card) cards.Card {
	return cards.NewCard(c.Rank(), s.perm[c.Suit()])
}

func (s *efgState) treeHand(p int) int {
	h := s.x.g.Hands[p][s.hands[p]]
	return s.x.g.HandIndex(p, cards.NewHole(s.mapCard(h[0]), s.mapCard(h[1])))
}

// Player implements efg.State.
func (s *efgState) Player() int {
	if s.hands[0] < 0 {
		return efg.Chance
	}
	switch n := &s.x.g.Nodes[s.node]; n.Kind {
	case ChanceNode:
		return efg.Chance
	case FoldNode, ShowdownNode:
		return efg.Terminal
	case PlayerOOP:
		return 0
	default:
		return 1
	}
}

func (s *efgState) deals() []cards.Card {
	g := s.x.g
	used := g.Spot.BoardSet() | s.dealt | g.Hands[0][s.hands[0]].Set() | g.Hands[1][s.hands[1]].Set()
	return (cards.FullDeck &^ used).Cards()
}

func (s *efgState) pairs() [][2]int {
	g := s.x.g
	var out [][2]int
	for i, a := range g.Hands[0] {
		for j, b := range g.Hands[1] {
			if !a.Set().Overlaps(b.Set()) {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// Actions implements efg.State.
func (s *efgState) Actions() []string {
	g := s.x.g
	if s.hands[0] < 0 {
		var out []string
		for _, ij := range s.pairs() {
			out = append(out, g.Hands[0][ij[0]].String()+" "+g.Hands[1][ij[1]].String())
		}
		return out
	}
	if g.Nodes[s.node].Kind == ChanceNode {
		var out []string
		for _, c := range s.deals() {
			out = append(out, c.String())
		}
		return out
	}
	var out []string
	for _, a := range g.Actions(s.node) {
		out = append(out, a.String())
	}
	return out
}

// ChanceProbs implements efg.State.
func (s *efgState) ChanceProbs() []float64 {
	g := s.x.g
	if s.hands[0] < 0 {
		var out []float64
		for _, ij := range s.pairs() {
			out = append(out, float64(g.Weights[0][ij[0]])*float64(g.Weights[1][ij[1]])/g.Combos)
		}
		return out
	}
	d := s.deals()
	out := make([]float64, len(d))
	for i := range out {
		out[i] = 1 / float64(len(d))
	}
	return out
}

// Next implements efg.State.
func (s *efgState) Next(a int) efg.State {
	g := s.x.g
	t := *s
	if s.hands[0] < 0 {
		ij := s.pairs()[a]
		t.hands = [2]int{ij[0], ij[1]}
		return &t
	}
	n := &g.Nodes[s.node]
	if n.Kind == ChanceNode {
		c := s.deals()[a]
		t.dealt = s.dealt.Add(c)
		t.history = strings.TrimSpace(s.history + " " + c.String())
		tc := s.mapCard(c)
		bs := &g.boards[n.Board]
		for k := range int32(n.NumChildren) {
			if g.Nodes[n.Child+k].Card == uint8(tc) {
				t.node = n.Child + k
				return &t
			}
		}
		for _, iso := range bs.iso {
			if iso.Card == tc {
				sp := suitPairs[iso.Pair]
				for su := range t.perm {
					switch t.perm[su] {
					case sp[0]:
						t.perm[su] = sp[1]
					case sp[1]:
						t.perm[su] = sp[0]
					}
				}
				t.node = n.Child + iso.Child
				return &t
			}
		}
		panic(fmt.Sprintf("spot: card %s (tree %s) not dealt at node %d", c, tc, s.node))
	}
	t.node = n.Child + int32(a)
	t.history = strings.TrimSpace(s.history + " " + g.Actions(s.node)[a].String())
	return &t
}

// InfoSet implements efg.State.
func (s *efgState) InfoSet() string {
	p := s.Player()
	key := fmt.Sprintf("%s %s | %s", PlayerName(p), s.x.g.Hands[p][s.hands[p]], s.history)
	s.x.locate[key] = efgLoc{node: s.node, hand: s.treeHand(p)}
	return key
}

// Utilities implements efg.State.
func (s *efgState) Utilities() []float64 {
	g := s.x.g
	n := &g.Nodes[s.node]
	an := &g.Tree.Nodes[n.Act]
	pot := float64(g.Spot.Pot + 2*an.Amount)
	rake := math.Min(pot*g.Spot.Rake, g.Spot.RakeCap)
	amt := float64(an.Amount)
	win, lose := pot-rake-amt, -amt
	if n.Kind == FoldNode {
		if an.Folder == OOP {
			return []float64{lose, win}
		}
		return []float64{win, lose}
	}
	board := g.Spot.BoardSet() | s.dealt
	v0 := handeval.Eval(board | g.Hands[0][s.hands[0]].Set())
	v1 := handeval.Eval(board | g.Hands[1][s.hands[1]].Set())
	switch {
	case v0 > v1:
		return []float64{win, lose}
	case v0 < v1:
		return []float64{lose, win}
	}
	tie := (pot-rake)/2 - amt
	return []float64{tie, tie}
}

// Profile maps σ onto t, the compiled tree of this export: the behaviour
// profile indexed by t's global action indices, each information set's
// probabilities divided by their float64 sum as Evaluate does.
func (x *EFGExport) Profile(t *efg.Tree, σ Strategy) ([]float64, error) {
	g := x.g
	g.checkStrategy(σ)
	prof := make([]float64, t.NumActions())
	for I := range t.NumInfoSets() {
		loc, ok := x.locate[t.InfoSetLabel[I]]
		if !ok {
			return nil, fmt.Errorf("spot: information set %q is not from this export", t.InfoSetLabel[I])
		}
		n := &g.Nodes[loc.node]
		nh := len(g.Hands[g.Player(loc.node)])
		lo, hi := t.Actions(I)
		if hi-lo != int(n.NumChildren) {
			return nil, fmt.Errorf("spot: information set %q has %d actions, the node %d", t.InfoSetLabel[I], hi-lo, n.NumChildren)
		}
		var sum float64
		for a := lo; a < hi; a++ {
			prof[a] = float64(σ[n.Off+int64((a-lo)*nh+loc.hand)])
			sum += prof[a]
		}
		for a := lo; a < hi; a++ {
			if sum > 0 {
				prof[a] /= sum
			} else {
				prof[a] = 1 / float64(hi-lo)
			}
		}
	}
	return prof, nil
}
