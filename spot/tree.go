package spot

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ActionKind is the kind of a betting action. The order is the order actions
// are listed in at a node (postflop-solver's): fold, check, call, bets,
// raises, all-in; amounts ascending within bets and within raises.
type ActionKind uint8

// The kinds of actions.
const (
	Fold ActionKind = iota
	Check
	Call
	Bet
	Raise
	AllInAction
)

// Action is a betting action. Amount is the street bet-to total of a bet,
// raise or all-in (0 otherwise), as in postflop-solver.
type Action struct {
	Kind   ActionKind
	Amount int
}

func (a Action) less(b Action) bool {
	return a.Kind < b.Kind || a.Kind == b.Kind && a.Amount < b.Amount
}

// actionNames are each kind's node notation and word; bets, raises and
// all-ins add the amount.
var actionNames = [...][2]string{Fold: {"f", "fold"}, Check: {"x", "check"}, Call: {"c", "call"},
	Bet: {"b", "bet "}, Raise: {"r", "raise "}, AllInAction: {"a", "all-in "}}

// name writes the action with names i of actionNames.
func (a Action) name(i int) string {
	if int(a.Kind) >= len(actionNames) {
		return "?"
	}
	s := actionNames[a.Kind][i]
	if a.Kind >= Bet {
		s += strconv.Itoa(a.Amount)
	}
	return s
}

// String writes the action in the node notation of docs/spot.md: f, x, c,
// b120, r300, a900.
func (a Action) String() string { return a.name(0) }

// Words writes the action for people: "fold", "bet 120", "all-in 900".
func (a Action) Words() string { return a.name(1) }

// NodeKind says what happens at an action-tree node.
type NodeKind uint8

// The kinds of action-tree nodes.
const (
	PlayerOOP    NodeKind = iota // OOP to act
	PlayerIP                     // IP to act
	ChanceNode                   // the next card is dealt
	FoldNode                     // a player folded (ActionNode.Folder)
	ShowdownNode                 // showdown on the river (or after an all-in)
)

// Terminal reports whether k ends the hand.
func (k NodeKind) Terminal() bool { return k == FoldNode || k == ShowdownNode }

// String names the kind as the command's JSON and the lab's API do: oop,
// ip, chance, fold, showdown.
func (k NodeKind) String() string {
	switch k {
	case PlayerOOP:
		return "oop"
	case PlayerIP:
		return "ip"
	case ChanceNode:
		return "chance"
	case FoldNode:
		return "fold"
	}
	return "showdown"
}

// ActionNode is a node of the action tree: the betting abstraction without
// the cards, shared by every deal of the turn and river.
type ActionNode struct {
	Kind   NodeKind
	Street Street // the street of the node (a chance node deals the next one)
	Folder int    // FoldNode: the player who folded
	// Amount is what each player has put in beyond the starting pot and
	// matched (postflop-solver's amount): the pot at a terminal is
	// Spot.Pot + 2·Amount.
	Amount   int
	Actions  []Action // decision nodes: the actions, in order
	Children []int32  // decision nodes: the child of each action; chance: the one child
	Parent   int32    // -1 at the root
}

// MaxActionNodes bounds the betting tree: many raise sizes and a deep stack
// can grow it exponentially, and it is built before the memory check (a
// million betting nodes is already far beyond what the cards' expansion
// could solve).
const MaxActionNodes = 1 << 20

// maxActionNodes is MaxActionNodes (a variable for the test).
var maxActionNodes = MaxActionNodes

// ActionTree is the betting tree of a spot, node 0 the root, children after
// their parents.
type ActionTree struct {
	Spot   *Spot
	Nodes  []ActionNode
	tooBig bool
}

// buildInfo is the state carried down the tree (postflop-solver's
// BuildTreeInfo): the previous action, bets and raises this street, whether
// the last bet was all-in, whether OOP called the last street, the stacks
// behind and the street's bet-to.
type buildInfo struct {
	prev     Action
	chance   bool // prev is a chance deal
	numBets  int
	allIn    bool
	oopCall  bool
	stack    [2]int
	prevAmt  int
	anyPrior bool // an action has been taken (prev is meaningful)
}

// NewActionTree builds the betting tree of s with postflop-solver's rules
// (docs/spot.md): bet amounts from the size lists, clamped between the
// minimum (a 1-chip bet, a full raise) and all-in; an amount at or above the
// force-all-in threshold becomes all-in; duplicates removed; close sizes
// merged; actions ordered fold, check, call, bets, raises, all-in.
func NewActionTree(s *Spot) (*ActionTree, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	t := &ActionTree{Spot: s}
	root := ActionNode{Street: s.Street(), Parent: -1}
	info := buildInfo{stack: [2]int{s.Stack, s.Stack}}
	if s.Stack == 0 {
		// Nothing to bet: the hand runs out to a showdown.
		if root.Street == River {
			root.Kind = ShowdownNode
		} else {
			root.Kind = ChanceNode
			info.allIn = true
		}
	}
	t.Nodes = append(t.Nodes, root)
	t.build(0, info)
	if t.tooBig {
		return nil, &SpotError{Key: "sizes", Msg: fmt.Sprintf("the betting tree has more than %d nodes; use fewer bet or raise sizes or set max_raises", maxActionNodes)}
	}
	return t, nil
}

func (t *ActionTree) add(n ActionNode) int32 {
	t.Nodes = append(t.Nodes, n)
	return int32(len(t.Nodes) - 1)
}

func (t *ActionTree) build(i int32, info buildInfo) {
	if len(t.Nodes) > maxActionNodes {
		t.tooBig = true
		return
	}
	n := &t.Nodes[i]
	switch n.Kind {
	case FoldNode, ShowdownNode:
		return
	case ChanceNode:
		next := n.Street + 1
		child := ActionNode{Street: next, Amount: n.Amount, Parent: i}
		switch {
		case !info.allIn:
			child.Kind = PlayerOOP
		case next < River:
			child.Kind = ChanceNode
		default:
			child.Kind = ShowdownNode
		}
		c := t.add(child)
		t.Nodes[i].Children = []int32{c}
		t.build(c, info.next(0, Action{}, true))
		return
	}
	player := int(n.Kind) // PlayerOOP = 0, PlayerIP = 1
	actions := t.actions(n, player, info)
	n = &t.Nodes[i]
	n.Actions = actions
	afterCall := ShowdownNode
	if n.Street < River {
		afterCall = ChanceNode
	}
	afterCheck := PlayerIP
	if player == IP {
		afterCheck = afterCall
	}
	opp := NodeKind(player ^ 1)
	toCall := info.stack[player] - info.stack[player^1]
	children := make([]int32, len(actions))
	for k, a := range actions {
		child := ActionNode{Street: n.Street, Amount: n.Amount, Parent: i}
		switch a.Kind {
		case Fold:
			child.Kind, child.Folder = FoldNode, player
		case Check:
			child.Kind = afterCheck
		case Call:
			child.Kind = afterCall
			child.Amount += toCall
		default:
			child.Kind = opp
			child.Amount += toCall
		}
		children[k] = t.add(child)
	}
	t.Nodes[i].Children = children
	for k, a := range actions {
		t.build(children[k], info.next(player, a, false))
	}
}

// next is the state after player's action a (or a chance deal).
func (b buildInfo) next(player int, a Action, chance bool) buildInfo {
	c := b
	c.prev, c.chance, c.anyPrior = a, chance, true
	if chance {
		return c
	}
	switch a.Kind {
	case Check:
		c.oopCall = false
	case Call:
		c.numBets = 0
		c.oopCall = player == OOP
		c.stack[player] = c.stack[player^1]
		c.prevAmt = 0
	case Bet, Raise, AllInAction:
		toCall := c.stack[player] - c.stack[player^1]
		c.numBets++
		c.allIn = a.Kind == AllInAction
		c.stack[player] -= a.Amount - c.prevAmt + toCall
		c.prevAmt = a.Amount
	}
	return c
}

// roundChips is postflop-solver's (x as f64).round() as i32: halves away
// from zero, saturating at the int32 range.
func roundChips(x float64) int {
	r := math.Round(x)
	switch {
	case r >= math.MaxInt32:
		return math.MaxInt32
	case r <= math.MinInt32:
		return math.MinInt32
	case r != r:
		return 0
	}
	return int(r)
}

// satAdd adds chip amounts, saturating at the int32 range as Rust's i32
// arithmetic would overflow otherwise (amounts are bounded by MaxChips).
func satAdd(a, b int) int {
	return max(min(a+b, math.MaxInt32), math.MinInt32)
}

// actions lists the actions of player at node n (postflop-solver's
// push_actions).
func (t *ActionTree) actions(n *ActionNode, player int, info buildInfo) []Action {
	s := t.Spot
	opp := player ^ 1
	toCall := info.stack[player] - info.stack[opp]
	pot := s.Pot + 2*(n.Amount+toCall) // the pot after the mover calls
	maxAmt := info.stack[opp] + info.prevAmt
	minAmt := min(max(info.prevAmt+toCall, 1), maxAmt)
	if maxAmt < 1 {
		minAmt = maxAmt
	}
	potF := float64(pot)
	sprAfterCall := float64(info.stack[opp]) / potF
	geometric := func(streets int, maxRatio float64) int {
		ratio := (math.Pow(2*sprAfterCall+1, 1/float64(streets)) - 1) / 2
		return roundChips(potF * min(ratio, maxRatio))
	}
	streetsLeft := 3 - int(n.Street)

	var acts []Action
	firstBet := func(sizes []Size) {
		acts = append(acts, Action{Kind: Check})
		for _, sz := range sizes {
			switch sz.Kind {
			case PotRelative:
				acts = append(acts, Action{Bet, roundChips(potF * sz.Ratio)})
			case Additive:
				acts = append(acts, Action{Bet, sz.N})
			case Geometric:
				k := sz.N
				if k == 0 {
					k = streetsLeft
				}
				acts = append(acts, Action{Bet, geometric(k, sz.Ratio)})
			case AllIn:
				acts = append(acts, Action{AllInAction, maxAmt})
			}
		}
		if maxAmt <= roundChips(potF*s.AddAllIn) {
			acts = append(acts, Action{AllInAction, maxAmt})
		}
	}
	facingNothing := !info.anyPrior || info.chance || info.prev.Kind == Check
	switch {
	case s.Donk[n.Street] != nil && info.chance && info.oopCall:
		firstBet(s.Donk[n.Street])
	case facingNothing:
		firstBet(s.Sizes[n.Street][player].Bet)
	default:
		acts = append(acts, Action{Kind: Fold}, Action{Kind: Call})
		raisesLeft := s.MaxRaises < 0 || info.numBets-1 < s.MaxRaises
		if !info.allIn && raisesLeft {
			for _, sz := range s.Sizes[n.Street][player].Raise {
				switch sz.Kind {
				case PotRelative:
					acts = append(acts, Action{Raise, satAdd(info.prevAmt, roundChips(potF*sz.Ratio))})
				case PrevBetRelative:
					acts = append(acts, Action{Raise, roundChips(float64(info.prevAmt) * sz.Ratio)})
				case Additive:
					if sz.Cap == 0 || info.numBets <= sz.Cap {
						acts = append(acts, Action{Raise, satAdd(info.prevAmt, sz.N)})
					}
				case Geometric:
					k := sz.N
					if k == 0 {
						k = streetsLeft
					}
					k = max(k-info.numBets+1, 1)
					acts = append(acts, Action{Raise, satAdd(info.prevAmt, geometric(k, sz.Ratio))})
				case AllIn:
					acts = append(acts, Action{AllInAction, maxAmt})
				}
			}
			if maxAmt <= satAdd(info.prevAmt, roundChips(potF*s.AddAllIn)) {
				acts = append(acts, Action{AllInAction, maxAmt})
			}
		}
	}

	// Clamp to [min, all-in]; at or above the force-all-in line, all-in.
	forced := func(amount int) bool {
		newPot := pot + 2*(amount-info.prevAmt)
		return maxAmt <= satAdd(amount, roundChips(float64(newPot)*s.ForceAllIn))
	}
	for k, a := range acts {
		if a.Kind != Bet && a.Kind != Raise {
			continue
		}
		c := min(max(a.Amount, minAmt), maxAmt)
		if forced(c) {
			acts[k] = Action{AllInAction, maxAmt}
		} else {
			acts[k].Amount = c
		}
	}
	// Sort and remove duplicates.
	for i := 1; i < len(acts); i++ {
		for j := i; j > 0 && acts[j].less(acts[j-1]); j-- {
			acts[j], acts[j-1] = acts[j-1], acts[j]
		}
	}
	out := acts[:0]
	for i, a := range acts {
		if i == 0 || a != acts[i-1] {
			out = append(out, a)
		}
	}
	return mergeBets(out, pot, info.prevAmt, s.Merging)
}

// mergeBets keeps, from the largest bet down, only bets whose pot fraction
// Y satisfies (1 + Y) < (1 + X)/(1 + m) against the last kept fraction X
// (PioSOLVER's merging rule as postflop-solver applies it, with its relative
// tolerance of 1e-12).
func mergeBets(acts []Action, pot, offset int, m float64) []Action {
	const eps = 1e-12
	cur := math.MaxInt32
	keep := make([]bool, len(acts))
	for i := len(acts) - 1; i >= 0; i-- {
		a := acts[i]
		if a.Kind < Bet {
			keep[i] = true
			continue
		}
		ratio := float64(a.Amount-offset) / float64(pot)
		curRatio := float64(cur-offset) / float64(pot)
		threshold := (curRatio - m) / (1 + m)
		if ratio < threshold*(1-eps) {
			keep[i] = true
			cur = a.Amount
		}
	}
	out := acts[:0]
	for i, a := range acts {
		if keep[i] {
			out = append(out, a)
		}
	}
	return out
}

// Player returns the player to act at decision node i (OOP or IP), -1
// otherwise.
func (t *ActionTree) Player(i int32) int {
	switch t.Nodes[i].Kind {
	case PlayerOOP:
		return OOP
	case PlayerIP:
		return IP
	}
	return -1
}

// Path returns the actions from the root to node i in the node notation
// ("x b120 c"); chance deals show as "*".
func (t *ActionTree) Path(i int32) string {
	var parts []string
	for i > 0 {
		p := t.Nodes[i].Parent
		pn := &t.Nodes[p]
		if pn.Kind == ChanceNode {
			parts = append(parts, "*")
		} else {
			for k, c := range pn.Children {
				if c == i {
					parts = append(parts, pn.Actions[k].String())
				}
			}
		}
		i = p
	}
	for a, b := 0, len(parts)-1; a < b; a, b = a+1, b-1 {
		parts[a], parts[b] = parts[b], parts[a]
	}
	return strings.Join(parts, " ")
}

// Pot returns the chips in the middle at node i: the starting pot, both
// players' matched contributions and, at a decision node facing a bet, the
// part of the bet not yet called. (At a fold node the unmatched bet has
// gone back to the bettor: the pot is what the winner takes.)
func (t *ActionTree) Pot(i int32) int {
	n := &t.Nodes[i]
	pot := t.Spot.Pot + 2*n.Amount
	if n.Kind != PlayerOOP && n.Kind != PlayerIP || n.Parent < 0 {
		return pot
	}
	p := &t.Nodes[n.Parent]
	if p.Kind != PlayerOOP && p.Kind != PlayerIP {
		return pot
	}
	for k, c := range p.Children {
		if c == i && p.Actions[k].Kind >= Bet {
			// The bet-to minus what the caller has in on this street: the
			// bet-to it faced before (0 if it faced none).
			return pot + p.Actions[k].Amount - t.facing(n.Parent)
		}
	}
	return pot
}

// facing returns the street bet-to the player at decision node i faced (0
// if none).
func (t *ActionTree) facing(i int32) int {
	n := &t.Nodes[i]
	if n.Parent < 0 {
		return 0
	}
	p := &t.Nodes[n.Parent]
	if p.Kind != PlayerOOP && p.Kind != PlayerIP {
		return 0
	}
	for k, c := range p.Children {
		if c == i && p.Actions[k].Kind >= Bet {
			return p.Actions[k].Amount
		}
	}
	return 0
}

// Counts returns the numbers of decision, chance and terminal nodes.
func (t *ActionTree) Counts() (decision, chance, terminal int) {
	for i := range t.Nodes {
		switch k := t.Nodes[i].Kind; {
		case k.Terminal():
			terminal++
		case k == ChanceNode:
			chance++
		default:
			decision++
		}
	}
	return
}
