package spot

import (
	"fmt"
	"math"
	"slices"
	"unsafe"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// NoCard marks a node reached without a chance deal.
const NoCard = 0xFF

// Node is a node of the game tree: the action tree expanded over the turn
// and river cards (one representative per class of isomorphic cards).
// Children are contiguous: Child … Child+NumChildren−1.
type Node struct {
	// Off is the offset of the node's block in the per-action arrays (a
	// decision node's [actions × hands] rows of the acting player's hands);
	// -1 elsewhere.
	Off         int64
	Act         int32  // the action-tree node
	Child       int32  // first child
	Board       int32  // index of the node's board state (Game.BoardOf)
	NumChildren uint16 // actions, or cards dealt by a chance node
	Kind        NodeKind
	Card        uint8 // the card a chance node dealt to reach this node, NoCard otherwise
}

// Options configure how a spot is expanded into a game.
type Options struct {
	// NoIsomorphism deals every card instead of one per class of
	// isomorphic cards (for tests: the values must not change).
	NoIsomorphism bool
	// MaxMemory > 0 makes NewGame refuse (with *ErrMemory), right after
	// counting the tree and before allocating it, a spot whose solve would
	// need more bytes on Threads threads (MemoryEstimate).
	MaxMemory int64
	Threads   int
	// Compress: the solve will keep 16-bit storage (SolveOptions.Compress),
	// which MaxMemory's check counts.
	Compress bool
}

// Game is a spot ready to solve: the hands of both players, the game tree
// with per-node offsets into flat per-action arrays, and the data terminal
// evaluation needs (hand strengths on every river, blockers). A Game is
// immutable and may be shared by goroutines; solvers keep their own arrays.
type Game struct {
	Spot *Spot
	Tree *ActionTree

	// Hands[p] are player p's hole cards with positive weight that miss the
	// board, ascending by cards.HoleIndex; Weights[p] their range weights.
	Hands   [2][]cards.Hole
	Weights [2][]float32

	Nodes []Node
	// Size is the length of the per-action arrays (Σ over decision nodes of
	// actions × hands of the player to act).
	Size int64

	// pays[a]: payoffsAt of action-tree node a, for every terminal's
	// evaluation.
	pays [][3]float64
	// Combos is Σ w_OOP·w_IP over the pairs of hands that share no card:
	// the normaliser of every value.
	Combos float64

	opts   Options
	card   [2][2][]uint8  // card[p][0][i], card[p][1][i]: the two cards of hand i
	same   [2][]int32     // index of the same two cards in the opponent's list, or -1
	pairs  [2][][2]uint16 // (i, j): hand i of p is hand j of the opponent
	with   [2][cards.NumCards][]uint16
	boards []boardState
	perms  [2][6][]uint16 // hand permutation of each symmetric suit pair, nil if not symmetric
	symm   [6]bool        // both ranges are symmetric under the suit swap
	// maxHands is the larger hand count; depth data for scratch sizing.
	scratch int // float32 scratch a traversal needs (per worker)
}

// boardState is what depends on the cards dealt so far.
type boardState struct {
	dealt cards.Set // cards dealt by chance nodes (not the spot's board)
	// strength[p] (5-card boards with a showdown): p's hands that miss the
	// board, ascending by value, each packed as
	// value<<32 | card2<<24 | card1<<16 | hand index, between the sentinels
	// 0 and value 0xFFFF.
	strength [2][]uint64
	// A chance node at this board deals cards (ascending) and, for each
	// isomorphic card left out, adds the values of its representative.
	deal     []cards.Card
	iso      []isoRef
	factor   float32 // 1 / (cards a deal can be: 52 − board − 4)
	factor64 float64
	chance   bool
}

// isoRef says: the values after dealing a left-out card are those after
// dealing child Child, with the hands' suits swapped by pair Pair.
type isoRef struct {
	Child int32
	Pair  uint8
	Card  cards.Card
}

// suitPairs lists the 6 suit pairs (hi, lo), hi > lo.
var suitPairs = [6][2]cards.Suit{{1, 0}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {3, 2}}

func pairIndex(hi, lo cards.Suit) int {
	for i, p := range suitPairs {
		if p[0] == hi && p[1] == lo {
			return i
		}
	}
	panic("spot: bad suit pair")
}

// swapSuit swaps suits a and b of card c.
func swapSuit(c cards.Card, a, b cards.Suit) cards.Card {
	switch c.Suit() {
	case a:
		return cards.NewCard(c.Rank(), b)
	case b:
		return cards.NewCard(c.Rank(), a)
	}
	return c
}

// NewGame expands the action tree of s over the turn and river cards. It
// counts the tree first; MemoryEstimate reports what solving it needs.
func NewGame(s *Spot, opts Options) (*Game, error) {
	t, err := NewActionTree(s)
	if err != nil {
		return nil, err
	}
	g := &Game{Spot: s, Tree: t, opts: opts}
	g.initHands()
	g.initSymmetry()
	g.pays = make([][3]float64, len(t.Nodes))
	for a := range t.Nodes {
		g.pays[a] = g.payoffsAt(int32(a))
	}
	if err := g.expand(); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game) initHands() {
	board := g.Spot.BoardSet()
	for p := range 2 {
		r := g.Spot.Ranges[p]
		for i := range cards.NumHoles {
			h := cards.HoleAt(i)
			w := r.Weight(h)
			if w > 0 && !h.Set().Overlaps(board) {
				g.Hands[p] = append(g.Hands[p], h)
				g.Weights[p] = append(g.Weights[p], float32(w))
			}
		}
		n := len(g.Hands[p])
		g.card[p][0], g.card[p][1] = make([]uint8, n), make([]uint8, n)
		for i, h := range g.Hands[p] {
			g.card[p][0][i], g.card[p][1][i] = uint8(h[0]), uint8(h[1])
			g.with[p][h[0]] = append(g.with[p][h[0]], uint16(i))
			g.with[p][h[1]] = append(g.with[p][h[1]], uint16(i))
		}
	}
	for p := range 2 {
		g.same[p] = make([]int32, len(g.Hands[p]))
		for i, h := range g.Hands[p] {
			g.same[p][i] = int32(g.HandIndex(p^1, h))
			if j := g.same[p][i]; j >= 0 {
				g.pairs[p] = append(g.pairs[p], [2]uint16{uint16(i), uint16(j)})
			}
		}
	}
	var m float64
	for i, a := range g.Hands[OOP] {
		sa := a.Set()
		wa := float64(g.Weights[OOP][i])
		for j, b := range g.Hands[IP] {
			if !sa.Overlaps(b.Set()) {
				m += wa * float64(g.Weights[IP][j])
			}
		}
	}
	g.Combos = m
}

// HandIndex returns the index of h in player p's hand list, or -1.
func (g *Game) HandIndex(p int, h cards.Hole) int {
	h = cards.NewHole(h[0], h[1])
	k := cards.HoleIndex(h[0], h[1])
	i, ok := slices.BinarySearchFunc(g.Hands[p], k, func(x cards.Hole, k int) int {
		return cards.HoleIndex(x[0], x[1]) - k
	})
	if !ok {
		return -1
	}
	return i
}

// initSymmetry finds the suit swaps under which both players' hand lists
// and weights are unchanged, with the hand permutation of each.
func (g *Game) initSymmetry() {
	if g.opts.NoIsomorphism {
		return
	}
	for k, sp := range suitPairs {
		ok := true
		var perms [2][]uint16
		for p := range 2 {
			perm := make([]uint16, len(g.Hands[p]))
			for i, h := range g.Hands[p] {
				j := g.HandIndex(p, cards.NewHole(swapSuit(h[0], sp[0], sp[1]), swapSuit(h[1], sp[0], sp[1])))
				if j < 0 || g.Weights[p][j] != g.Weights[p][i] {
					ok = false
					break
				}
				perm[i] = uint16(j)
			}
			if !ok {
				break
			}
			perms[p] = perm
		}
		if ok {
			g.symm[k] = true
			g.perms[OOP][k], g.perms[IP][k] = perms[OOP], perms[IP]
		}
	}
}

// isoSuits returns, for each suit, the lowest suit it is isomorphic to
// given the cards dealt so far (or itself): the swap must fix the spot's
// board, fix every dealt card, and leave both ranges unchanged.
func (g *Game) isoSuits(dealt cards.Set) [4]cards.Suit {
	var rep [4]cards.Suit
	board := g.Spot.BoardSet()
	for s1 := range cards.Suit(4) {
		rep[s1] = s1
		for s2 := range s1 {
			k := pairIndex(s1, s2)
			if !g.symm[k] || board.SuitMask(s1) != board.SuitMask(s2) ||
				dealt.SuitMask(s1) != 0 || dealt.SuitMask(s2) != 0 {
				continue
			}
			rep[s1] = s2
			break
		}
	}
	return rep
}

// boardOf returns the index of the board state for dealt, creating it.
func (g *Game) boardOf(index map[cards.Set]int32, dealt cards.Set) int32 {
	if i, ok := index[dealt]; ok {
		return i
	}
	i := int32(len(g.boards))
	g.boards = append(g.boards, boardState{dealt: dealt})
	index[dealt] = i
	return i
}

// prepareChance fills the deal of board state b.
func (g *Game) prepareChance(b int32) {
	bs := &g.boards[b]
	if bs.chance {
		return
	}
	all := g.Spot.BoardSet() | bs.dealt
	rep := g.isoSuits(bs.dealt)
	first := map[cards.Card]int32{}
	for c := range cards.Card(cards.NumCards) {
		if all.Has(c) || rep[c.Suit()] != c.Suit() {
			continue
		}
		first[c] = int32(len(bs.deal))
		bs.deal = append(bs.deal, c)
	}
	for c := range cards.Card(cards.NumCards) {
		if all.Has(c) || rep[c.Suit()] == c.Suit() {
			continue
		}
		r := cards.NewCard(c.Rank(), rep[c.Suit()])
		bs.iso = append(bs.iso, isoRef{Child: first[r], Pair: uint8(pairIndex(c.Suit(), rep[c.Suit()])), Card: c})
	}
	bs.factor64 = 1 / float64(cards.NumCards-all.Count()-4)
	bs.factor = float32(bs.factor64)
	bs.chance = true
}

// prepareShowdown fills the sorted hand strengths of a 5-card board.
func (g *Game) prepareShowdown(b int32) {
	bs := &g.boards[b]
	if bs.strength[0] != nil {
		return
	}
	all := g.Spot.BoardSet() | bs.dealt
	bh := handeval.NewHand(all)
	for p := range 2 {
		s := make([]uint64, 0, len(g.Hands[p])+2)
		s = append(s, 0, 0xFFFF<<32)
		for i, h := range g.Hands[p] {
			if h.Set().Overlaps(all) {
				continue
			}
			v := bh.Union(handeval.NewHand(h.Set())).Eval()
			s = append(s, uint64(v)<<32|uint64(h[1])<<24|uint64(h[0])<<16|uint64(i))
		}
		slices.Sort(s)
		bs.strength[p] = s
	}
}

// expand builds the game tree: a counting pass, one allocation, a filling
// pass.
func (g *Game) expand() error {
	index := map[cards.Set]int32{}
	root := g.boardOf(index, 0)
	// Counting pass.
	var nodes, size int64
	var count func(a int32, b int32)
	count = func(a int32, b int32) {
		an := &g.Tree.Nodes[a]
		switch {
		case an.Kind.Terminal():
			if an.Kind == ShowdownNode {
				g.prepareShowdown(b)
			}
		case an.Kind == ChanceNode:
			g.prepareChance(b)
			nodes += int64(len(g.boards[b].deal))
			for _, c := range g.boards[b].deal {
				count(an.Children[0], g.boardOf(index, g.boards[b].dealt.Add(c)))
			}
		default:
			p := g.Tree.Player(a)
			size += int64(len(an.Actions)) * int64(len(g.Hands[p]))
			nodes += int64(len(an.Children))
			for _, c := range an.Children {
				count(c, b)
			}
		}
	}
	nodes = 1
	count(0, root)
	if nodes > math.MaxInt32 {
		return fmt.Errorf("spot: the game tree has %d nodes, more than 2^31", nodes)
	}
	if g.opts.MaxMemory > 0 {
		storage := 2 * 4 * size
		if g.opts.Compress {
			storage = 2*2*size + 2*4*nodes
		}
		need := storage + nodes*24 + g.FixedBytes() + int64(max(g.opts.Threads, 1))*g.walkerBytes()
		if need > g.opts.MaxMemory {
			return &ErrMemory{Need: need, Limit: g.opts.MaxMemory}
		}
	}
	g.Nodes = make([]Node, 1, nodes)
	g.Size = size
	// Filling pass: children get the next free block when their parent is
	// visited, so every subtree's nodes and storage follow its root.
	var off int64
	var fill func(i int32, a int32, b int32, card uint8)
	fill = func(i int32, a int32, b int32, card uint8) {
		an := &g.Tree.Nodes[a]
		n := Node{Off: -1, Act: a, Board: b, Kind: an.Kind, Card: card}
		switch {
		case an.Kind.Terminal():
		case an.Kind == ChanceNode:
			deal := g.boards[b].deal
			n.Child, n.NumChildren = int32(len(g.Nodes)), uint16(len(deal))
			g.Nodes = g.Nodes[:len(g.Nodes)+len(deal)]
			g.Nodes[i] = n
			for k, c := range deal {
				fill(n.Child+int32(k), an.Children[0], index[g.boards[b].dealt.Add(c)], uint8(c))
			}
			return
		default:
			p := g.Tree.Player(a)
			n.Off = off
			off += int64(len(an.Actions)) * int64(len(g.Hands[p]))
			n.Child, n.NumChildren = int32(len(g.Nodes)), uint16(len(an.Children))
			g.Nodes = g.Nodes[:len(g.Nodes)+len(an.Children)]
			g.Nodes[i] = n
			for k, c := range an.Children {
				fill(n.Child+int32(k), c, b, NoCard)
			}
			return
		}
		g.Nodes[i] = n
	}
	fill(0, 0, root, NoCard)
	g.scratch = g.scratchNeed(0)
	return nil
}

// Player returns the player to act at decision node n, -1 elsewhere.
func (g *Game) Player(n int32) int {
	switch g.Nodes[n].Kind {
	case PlayerOOP:
		return OOP
	case PlayerIP:
		return IP
	}
	return -1
}

// NumHands returns the number of hands of player p.
func (g *Game) NumHands(p int) int { return len(g.Hands[p]) }

// Actions returns the actions at decision node n.
func (g *Game) Actions(n int32) []Action { return g.Tree.Nodes[g.Nodes[n].Act].Actions }

// Dealt returns the cards dealt by chance on the way to node n.
func (g *Game) Dealt(n int32) cards.Set { return g.boards[g.Nodes[n].Board].dealt }

// Pot returns the pot at node n if the players have matched bets: the
// starting pot plus twice the matched amount.
func (g *Game) Pot(n int32) int { return g.Spot.Pot + 2*g.Tree.Nodes[g.Nodes[n].Act].Amount }

// NumNodes returns the number of nodes of the game tree.
func (g *Game) NumNodes() int { return len(g.Nodes) }

// scratchNeed returns the float32 scratch a traversal from node i needs on
// one worker: the largest over paths of what each node keeps while its
// children run (see walker).
func (g *Game) scratchNeed(i int32) int {
	n := &g.Nodes[i]
	nh := max(len(g.Hands[0]), len(g.Hands[1]))
	switch {
	case n.Kind.Terminal():
		return 0
	case n.Kind == ChanceNode:
		// The scaled reach and one row per dealt card; each child copies the
		// reach.
		own := nh * (1 + int(n.NumChildren))
		var deepest int
		for k := range int32(n.NumChildren) {
			deepest = max(deepest, g.scratchNeed(n.Child+k))
		}
		return own + nh + deepest
	default:
		// Action rows for values and strategy, a column sum, a child row.
		k := int(n.NumChildren)
		own := 2*k*nh + 2*nh
		var deepest int
		for c := range int32(n.NumChildren) {
			deepest = max(deepest, g.scratchNeed(n.Child+c))
		}
		return own + deepest
	}
}

// walkerBytes is what one walker (newWalker) allocates: its float32 and
// float64 scratch and its street stacks (an upper bound from the action
// tree, known before the game tree is built).
func (g *Game) walkerBytes() int64 {
	nh := int64(max(len(g.Hands[0]), len(g.Hands[1])))
	need := g.walkBound(0, 0)
	return int64(need.floats+64)*4 + 3*nh*8 + int64(need.nodes)*int64(unsafe.Sizeof(streetNode{})) +
		int64(need.leaves)*int64(unsafe.Sizeof(streetLeaf{})+unsafe.Sizeof(blockers{}))
}

// MemoryEstimate returns the bytes solving the game needs with threads
// workers: the two per-action arrays (regrets and strategy sums, float32),
// the nodes, the board data and each worker's scratch.
func (g *Game) MemoryEstimate(threads int) int64 {
	return g.MemoryEstimateWith(threads, false)
}

// MemoryEstimateWith is MemoryEstimate for 32-bit or, with compress, 16-bit
// storage (SolveOptions.Compress: two 16-bit arrays and two float32 scales
// per node).
func (g *Game) MemoryEstimateWith(threads int, compress bool) int64 {
	storage := 2 * 4 * g.Size
	if compress {
		storage = 2*2*g.Size + 2*4*int64(len(g.Nodes))
	}
	return storage + g.FixedBytes() + int64(max(threads, 1))*g.walkerBytes()
}

// FixedBytes returns the memory held by the game itself (nodes, hands,
// board data), without the per-action arrays.
func (g *Game) FixedBytes() int64 {
	b := int64(cap(g.Nodes)) * 24
	for i := range g.boards {
		bs := &g.boards[i]
		b += 64 + int64(len(bs.strength[0])+len(bs.strength[1]))*8 + int64(len(bs.deal)) + int64(len(bs.iso))*12
	}
	for p := range 2 {
		n := int64(len(g.Hands[p]))
		b += n * (2 + 4 + 2 + 4 + 2*2) // hand, weight, cards, same, blocker lists
		for _, pm := range g.perms[p] {
			b += int64(len(pm)) * 2
		}
	}
	return b + int64(len(g.Tree.Nodes))*80
}
