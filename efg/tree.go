package efg

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Node kinds stored in Tree.Player next to real player indices 0…N-1.
const (
	Chance   = -1 // a node where chance moves
	Terminal = -2 // a leaf with payoffs
)

// State is one history of a game written in Go. Compile calls its methods once
// per node. Implementations must not change the receiver in Next.
type State interface {
	// Player returns the player to move (0-based), Chance or Terminal.
	Player() int
	// Actions returns the labels of the legal actions (decision nodes) or of the
	// chance outcomes (chance nodes), distinct within the node. At a decision
	// node the labels are part of the information set: every node of one
	// information set must return the same labels in the same order.
	Actions() []string
	// ChanceProbs returns the probability of each chance outcome; only called at
	// chance nodes. They must be non-negative and sum to 1.
	ChanceProbs() []float64
	// Next returns the history after action (or outcome) index a.
	Next(a int) State
	// InfoSet returns the key of the information set of the player to move;
	// only called at decision nodes. Keys are per player: the same key for two
	// players denotes two different information sets. The key doubles as the
	// information set's label in strategy files and tables, so make it readable.
	InfoSet() string
	// Utilities returns the payoff of every player; only called at terminals.
	Utilities() []float64
}

// Game is a game written in Go.
type Game interface {
	// Name is a short identifier, e.g. "kuhn" or "akq:bet=2".
	Name() string
	// PlayerNames has one entry per player, e.g. {"P1", "P2"}.
	PlayerNames() []string
	// Root returns the initial history.
	Root() State
}

// Tree is a compiled finite extensive-form game. See the package comment for
// the layout. All slices are read-only.
type Tree struct {
	Title       string   // a title, e.g. "Kuhn poker"
	Comment     string   // free text kept from a Gambit file, if any
	PlayerNames []string // one per player

	// Per node (index 0 is the root).
	Player      []int8  // player to move 0…N-1, Chance or Terminal
	InfoSet     []int32 // decision node: its information set; chance node: its chance record; terminal: its payoff row
	FirstChild  []int32 // index of the first child (meaningless at terminals)
	NumChildren []int32 // number of children (0 at terminals)
	Parent      []int32 // parent index, -1 at the root

	// Per information set I (decision nodes only).
	InfoSetPlayer []int32  // the player who moves at I
	InfoSetID     []int32  // a number for I: the Gambit file's information-set number, or 1, 2, … in order of discovery within each player
	InfoSetLabel  []string // the key or name of I
	ActionStart   []int32  // len NumInfoSets()+1: the actions of I are ActionStart[I] … ActionStart[I+1]-1
	ActionLabel   []string // per global action index
	MemberStart   []int32  // len NumInfoSets()+1: the nodes of I are Members[MemberStart[I]:MemberStart[I+1]]
	Members       []int32  // node indices, grouped by information set, ascending within each

	// Per chance node record c (see InfoSet).
	ChanceStart []int32   // len chance records+1: outcomes of c are ChanceStart[c] … ChanceStart[c+1]-1
	ChanceLabel []string  // per chance outcome
	ChanceProb  []float64 // per chance outcome

	// Per terminal row t (see InfoSet): the payoff of player p is Payoff[t*N+p].
	Payoff       []float64
	OutcomeLabel []string // per terminal row; "" if unnamed

	// Derived facts, set by Compile / ReadEFG.
	ConstantSum bool    // every terminal's payoffs add up to Sum (within 1e-9 relative)
	Sum         float64 // that constant, when ConstantSum
}

// NumPlayers returns the number of players (not counting chance).
func (t *Tree) NumPlayers() int { return len(t.PlayerNames) }

// NumNodes returns the number of nodes.
func (t *Tree) NumNodes() int { return len(t.Player) }

// NumInfoSets returns the number of information sets of all players.
func (t *Tree) NumInfoSets() int { return len(t.InfoSetPlayer) }

// NumActions returns the number of (information set, action) pairs: the
// length of a behaviour profile.
func (t *Tree) NumActions() int { return len(t.ActionLabel) }

// NumTerminals returns the number of terminal nodes.
func (t *Tree) NumTerminals() int { return len(t.OutcomeLabel) }

// NumChanceNodes returns the number of chance nodes.
func (t *Tree) NumChanceNodes() int { return len(t.ChanceStart) - 1 }

// Actions returns the global action indices [lo, hi) of information set I.
func (t *Tree) Actions(I int) (lo, hi int) {
	return int(t.ActionStart[I]), int(t.ActionStart[I+1])
}

// ActionIndex returns the global index of the action labelled label at
// information set I, or an error listing the information set's actions.
func (t *Tree) ActionIndex(I int, label string) (int, error) {
	lo, hi := t.Actions(I)
	for a := lo; a < hi; a++ {
		if t.ActionLabel[a] == label {
			return a, nil
		}
	}
	return -1, fmt.Errorf("unknown action %q; the actions are [%s]", label, strings.Join(t.ActionLabel[lo:hi], " "))
}

// NodesOf returns the member nodes of information set I (read-only).
func (t *Tree) NodesOf(I int) []int32 {
	return t.Members[t.MemberStart[I]:t.MemberStart[I+1]]
}

// InfoSetsPerPlayer returns how many information sets each player has.
func (t *Tree) InfoSetsPerPlayer() []int {
	n := make([]int, t.NumPlayers())
	for _, p := range t.InfoSetPlayer {
		n[p]++
	}
	return n
}

// ZeroSumTwoPlayer reports whether t is a two-player constant-sum game, the
// class on which exploitability, the game value and CFR's guarantees are
// defined.
func (t *Tree) ZeroSumTwoPlayer() bool { return t.NumPlayers() == 2 && t.ConstantSum }

// PayoffOf returns the payoffs of terminal node n (read-only).
func (t *Tree) PayoffOf(n int) []float64 {
	N := t.NumPlayers()
	r := int(t.InfoSet[n])
	return t.Payoff[r*N : (r+1)*N]
}

// Bytes returns the memory held by the tree's slices, in bytes (strings count
// their headers only: labels are shared).
func (t *Tree) Bytes() int64 { return t.Size().Bytes() }

// History returns the labels of the actions and chance outcomes from the root
// to node n, for messages and debugging.
func (t *Tree) History(n int) []string {
	var h []string
	for n > 0 {
		p := int(t.Parent[n])
		a := n - int(t.FirstChild[p])
		h = append(h, t.EdgeLabel(p, a))
		n = p
	}
	for i, j := 0, len(h)-1; i < j; i, j = i+1, j-1 {
		h[i], h[j] = h[j], h[i]
	}
	return h
}

// EdgeLabel returns the label of the a-th action or chance outcome at node n.
func (t *Tree) EdgeLabel(n, a int) string {
	switch t.Player[n] {
	case Chance:
		return t.ChanceLabel[int(t.ChanceStart[t.InfoSet[n]])+a]
	case Terminal:
		return ""
	default:
		return t.ActionLabel[int(t.ActionStart[t.InfoSet[n]])+a]
	}
}

// InfoSetName returns a description of information set I for messages:
// player name, number and label.
func (t *Tree) InfoSetName(I int) string {
	return fmt.Sprintf("%s information set %d %q", t.PlayerNames[t.InfoSetPlayer[I]], t.InfoSetID[I], t.InfoSetLabel[I])
}

// Compile walks the game once, depth first, and returns its compiled tree.
// It checks that chance probabilities are valid, that the nodes of each
// information set offer the same actions, and perfect recall; an error names
// the offending node's history or information set.
func Compile(g Game) (*Tree, error) { return compile(g, 0) }

// compile builds g's tree, stopping with a *TooLargeError once the tree
// passes limit bytes (0: no limit).
func compile(g Game, limit int64) (*Tree, error) {
	names := g.PlayerNames()
	if len(names) < 1 {
		return nil, fmt.Errorf("efg: game %q has no players", g.Name())
	}
	if len(names) > 127 {
		return nil, fmt.Errorf("efg: game %q has %d players; at most 127 are supported", g.Name(), len(names))
	}
	b := newBuilder(len(names))
	b.limit = limit
	b.tree.Title = g.Name()
	b.tree.PlayerNames = append([]string(nil), names...)
	b.addNode(-1)
	if err := b.expand(0, g.Root()); err != nil {
		if err == errStop {
			return nil, b.tooLarge(g.Name())
		}
		return nil, fmt.Errorf("efg: game %q: %w", g.Name(), err)
	}
	return b.finish()
}

// builder accumulates a tree; Compile and ReadEFG share it so that both
// produce the same layout and go through the same checks.
type builder struct {
	tree      *Tree
	n         int                // players
	keys      []map[string]int32 // per player: information-set key → index
	actionsOf [][]string         // per information set: its action labels (for the consistency check)
	members   [][]int32          // per information set: member nodes
	limit     int64              // stop when the build passes this many bytes (0: never)
	decisions int64              // decision nodes so far
	actions   int64              // actions of the information sets so far
}

// size returns the counts of the tree built so far.
func (b *builder) size() Size {
	t := b.tree
	return Size{Players: b.n, Nodes: int64(len(t.Player)), Terminals: int64(len(t.OutcomeLabel)),
		ChanceNodes: int64(max(len(t.ChanceStart)-1, 0)), ChanceOutcomes: int64(len(t.ChanceLabel)),
		InfoSets: int64(len(t.InfoSetPlayer)), Actions: b.actions, DecisionNodes: b.decisions}
}

// overLimit reports whether the build has passed its limit (or the node
// indices their range).
func (b *builder) overLimit() bool {
	n := int64(len(b.tree.Player))
	if n > MaxNodes {
		return true
	}
	return b.limit > 0 && n&1023 == 0 && b.size().BuildBytes() > b.limit
}

func (b *builder) tooLarge(game string) error {
	s := b.size()
	return &TooLargeError{Game: game, Size: s, Need: s.BuildBytes(), MaxBytes: b.limit}
}

func newBuilder(players int) *builder {
	b := &builder{tree: &Tree{}, n: players, keys: make([]map[string]int32, players)}
	for i := range b.keys {
		b.keys[i] = make(map[string]int32)
	}
	return b
}

func (b *builder) addNode(parent int32) int32 {
	t := b.tree
	t.Player = append(t.Player, Terminal)
	t.InfoSet = append(t.InfoSet, -1)
	t.FirstChild = append(t.FirstChild, 0)
	t.NumChildren = append(t.NumChildren, 0)
	t.Parent = append(t.Parent, parent)
	return int32(len(t.Player) - 1)
}

// reserve allocates k contiguous children of node n and returns the first;
// errStop when the tree has passed its limit.
func (b *builder) reserve(n int32, k int) (int32, error) {
	first := int32(len(b.tree.Player))
	for i := 0; i < k; i++ {
		if b.overLimit() {
			return 0, errStop
		}
		b.addNode(n)
	}
	b.tree.FirstChild[n] = first
	b.tree.NumChildren[n] = int32(k)
	return first, nil
}

// path describes node n for error messages.
func (b *builder) path(n int32) string {
	// Tree.History needs the finished action arrays; during the build the
	// labels come from the builder's own per-information-set lists.
	t := b.tree
	var h []string
	for n > 0 {
		p := t.Parent[n]
		a := n - t.FirstChild[p]
		if t.Player[p] == Chance {
			h = append(h, t.ChanceLabel[t.ChanceStart[t.InfoSet[p]]+a])
		} else {
			h = append(h, b.actionsOf[t.InfoSet[p]][a])
		}
		n = p
	}
	if len(h) == 0 {
		return "the root"
	}
	slices.Reverse(h)
	return "history [" + strings.Join(h, " ") + "]"
}

func (b *builder) expand(n int32, s State) error {
	p := s.Player()
	switch {
	case p == Terminal:
		u := s.Utilities()
		if len(u) != b.n {
			return fmt.Errorf("terminal at %s has %d payoffs, want %d", b.path(n), len(u), b.n)
		}
		return b.setTerminal(n, u, "")
	case p == Chance:
		labels := s.Actions()
		probs := s.ChanceProbs()
		if err := b.setChance(n, labels, probs); err != nil {
			return err
		}
		return b.expandChildren(n, s, len(labels))
	case p >= 0 && p < b.n:
		labels := s.Actions()
		key := s.InfoSet()
		if _, err := b.setDecision(n, p, key, key, -1, labels); err != nil {
			return err
		}
		return b.expandChildren(n, s, len(labels))
	default:
		return fmt.Errorf("node at %s: player %d out of range (game has %d players)", b.path(n), p, b.n)
	}
}

// expandChildren reserves the k children of node n and expands child a
// from s.Next(a).
func (b *builder) expandChildren(n int32, s State, k int) error {
	first, err := b.reserve(n, k)
	if err != nil {
		return err
	}
	for a := range k {
		if err := b.expand(first+int32(a), s.Next(a)); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) setTerminal(n int32, u []float64, label string) error {
	t := b.tree
	for i, x := range u {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("terminal at %s: payoff of player %d is %v", b.path(n), i+1, x)
		}
	}
	t.Player[n] = Terminal
	t.InfoSet[n] = int32(len(t.OutcomeLabel))
	t.Payoff = append(t.Payoff, u...)
	t.OutcomeLabel = append(t.OutcomeLabel, label)
	return nil
}

func (b *builder) setChance(n int32, labels []string, probs []float64) error {
	t := b.tree
	if len(labels) == 0 {
		return fmt.Errorf("chance node at %s has no outcomes", b.path(n))
	}
	if len(probs) != len(labels) {
		return fmt.Errorf("chance node at %s has %d outcomes but %d probabilities", b.path(n), len(labels), len(probs))
	}
	if err := checkDistinct(labels); err != nil {
		return fmt.Errorf("chance node at %s: %w", b.path(n), err)
	}
	sum := 0.0
	for i, q := range probs {
		if !(q >= 0 && q <= 1) {
			return fmt.Errorf("chance node at %s: probability of %q is %v, not in [0, 1]", b.path(n), labels[i], q)
		}
		sum += q
	}
	if math.Abs(sum-1) > 1e-9 {
		return fmt.Errorf("chance node at %s: probabilities sum to %.12g, not 1", b.path(n), sum)
	}
	if len(t.ChanceStart) == 0 {
		t.ChanceStart = append(t.ChanceStart, 0)
	}
	t.Player[n] = Chance
	t.InfoSet[n] = int32(len(t.ChanceStart) - 1)
	t.ChanceLabel = append(t.ChanceLabel, labels...)
	t.ChanceProb = append(t.ChanceProb, probs...)
	t.ChanceStart = append(t.ChanceStart, int32(len(t.ChanceLabel)))
	return nil
}

// setDecision makes n a decision node of player p in the information set with
// the given key, creating it on first sight with the given label and id (or
// the next ordinal of p when id < 0). It returns the information set's index.
func (b *builder) setDecision(n int32, p int, key, label string, id int32, labels []string) (int32, error) {
	t := b.tree
	if len(labels) == 0 {
		return 0, fmt.Errorf("decision node of %s at %s has no actions", t.PlayerNames[p], b.path(n))
	}
	I, ok := b.keys[p][key]
	if !ok {
		if err := checkDistinct(labels); err != nil {
			return 0, fmt.Errorf("information set %q of %s: %w", label, t.PlayerNames[p], err)
		}
		I = int32(len(t.InfoSetPlayer))
		b.keys[p][key] = I
		if id < 0 {
			id = int32(len(b.keys[p]))
		}
		t.InfoSetPlayer = append(t.InfoSetPlayer, int32(p))
		t.InfoSetID = append(t.InfoSetID, id)
		t.InfoSetLabel = append(t.InfoSetLabel, label)
		b.actionsOf = append(b.actionsOf, append([]string(nil), labels...))
		b.actions += int64(len(labels))
		b.members = append(b.members, nil)
	} else {
		want := b.actionsOf[I]
		if !slices.Equal(want, labels) {
			return 0, fmt.Errorf("information set %q of %s: node at %s has actions [%s], another member has [%s]",
				t.InfoSetLabel[I], t.PlayerNames[p], b.path(n), strings.Join(labels, " "), strings.Join(want, " "))
		}
	}
	t.Player[n] = int8(p)
	t.InfoSet[n] = I
	b.members[I] = append(b.members[I], n)
	b.decisions++
	return I, nil
}

func checkDistinct(labels []string) error {
	seen := make(map[string]bool, len(labels))
	for _, l := range labels {
		if seen[l] {
			return fmt.Errorf("label %q appears twice", l)
		}
		seen[l] = true
	}
	return nil
}

// finish lays out the per-information-set arrays, checks perfect recall and
// records the constant-sum property.
func (b *builder) finish() (*Tree, error) {
	t := b.tree
	t.ActionStart = make([]int32, 0, len(b.actionsOf)+1)
	t.MemberStart = make([]int32, 0, len(b.actionsOf)+1)
	for I, labels := range b.actionsOf {
		t.ActionStart = append(t.ActionStart, int32(len(t.ActionLabel)))
		t.ActionLabel = append(t.ActionLabel, labels...)
		t.MemberStart = append(t.MemberStart, int32(len(t.Members)))
		t.Members = append(t.Members, b.members[I]...)
	}
	t.ActionStart = append(t.ActionStart, int32(len(t.ActionLabel)))
	t.MemberStart = append(t.MemberStart, int32(len(t.Members)))
	if len(t.ChanceStart) == 0 {
		t.ChanceStart = []int32{0}
	}
	b.actionsOf, b.members, b.keys = nil, nil, nil
	if err := checkPerfectRecall(t); err != nil {
		return nil, err
	}
	t.ConstantSum, t.Sum = constantSum(t)
	return t, nil
}

// checkPerfectRecall verifies that all nodes of every information set of
// player i share player i's last own (information set, action) on their path
// from the root. By induction over that predecessor this is equivalent to
// the nodes sharing player i's whole sequence of own information sets and
// actions (perfect recall), and it also rules out an information set that is
// visited twice on one path (absent-mindedness).
func checkPerfectRecall(t *Tree) error {
	// lastOf[n*N+p] is the global index of player p's last action on the path
	// to node n (-1 if none), filled in one forward sweep (parents come before
	// children); seen[I] is the value shared by the members of I so far.
	N := t.NumPlayers()
	nodes := t.NumNodes()
	lastOf := make([]int32, nodes*N)
	for p := 0; p < N; p++ {
		lastOf[p] = -1
	}
	seen := make([]int32, t.NumInfoSets())
	for i := range seen {
		seen[i] = -2
	}
	for n := 0; n < nodes; n++ {
		row := lastOf[n*N : (n+1)*N]
		pl := int(t.Player[n])
		if pl >= 0 {
			I := t.InfoSet[n]
			if seen[I] == -2 {
				seen[I] = row[pl]
			} else if seen[I] != row[pl] {
				first := t.NodesOf(int(I))[0]
				return fmt.Errorf("efg: %s violates perfect recall: at [%s] and [%s] %s's own earlier moves differ (%s vs %s)",
					t.InfoSetName(int(I)), strings.Join(t.History(int(first)), " "), strings.Join(t.History(n), " "),
					t.PlayerNames[pl], describeAction(t, seen[I]), describeAction(t, row[pl]))
			}
		}
		if pl == Terminal {
			continue
		}
		f, k := int(t.FirstChild[n]), int(t.NumChildren[n])
		for a := 0; a < k; a++ {
			c := f + a
			crow := lastOf[c*N : (c+1)*N]
			copy(crow, row)
			if pl >= 0 {
				crow[pl] = t.ActionStart[t.InfoSet[n]] + int32(a)
			}
		}
	}
	return nil
}

func describeAction(t *Tree, g int32) string {
	if g < 0 {
		return "none"
	}
	// Find the information set owning global action g.
	lo, hi := 0, t.NumInfoSets()
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if int(t.ActionStart[mid]) <= int(g) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return fmt.Sprintf("%q at %q", t.ActionLabel[g], t.InfoSetLabel[lo])
}

// constantSum reports whether every terminal's payoffs add up to the same
// number, to 1e-9 relative to the largest payoff.
func constantSum(t *Tree) (bool, float64) {
	N := t.NumPlayers()
	rows := t.NumTerminals()
	if rows == 0 {
		return true, 0
	}
	scale := 1.0
	for _, x := range t.Payoff {
		scale = math.Max(scale, math.Abs(x))
	}
	sum := func(r int) float64 {
		s := 0.0
		for _, x := range t.Payoff[r*N : (r+1)*N] {
			s += x
		}
		return s
	}
	s0 := sum(0)
	for r := 1; r < rows; r++ {
		if math.Abs(sum(r)-s0) > 1e-9*scale {
			return false, 0
		}
	}
	return true, s0
}
