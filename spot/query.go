package spot

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// Line is a node of the game reached by a sequence of actions and dealt
// cards. Isomorphic cards share a subtree: Perm maps the real suits to the
// suits of the subtree the line ends in, so real hand h is hand Perm(h) of
// the tree.
type Line struct {
	Node  int32
	Path  []int32 // the nodes from the root to Node
	Perm  [4]cards.Suit
	Board []cards.Card // the spot's board and the cards dealt on the line, real suits
	Steps []string     // the line in canonical notation ("x b120 c Qs")
}

// String writes the line in the node notation.
func (l *Line) String() string { return strings.Join(l.Steps, " ") }

// TreeHand returns the tree's index of real hand h of player p, or -1.
func (g *Game) TreeHand(l *Line, p int, h cards.Hole) int {
	m := func(c cards.Card) cards.Card { return cards.NewCard(c.Rank(), l.Perm[c.Suit()]) }
	return g.HandIndex(p, cards.NewHole(m(h[0]), m(h[1])))
}

// LineError reports a node line that does not parse or leaves the tree: the
// 1-based column of the offending token and why.
type LineError struct {
	Input string
	Token string
	Col   int
	Msg   string
}

func (e *LineError) Error() string {
	if e.Token == "" {
		return fmt.Sprintf("node %q: %s", e.Input, e.Msg)
	}
	return fmt.Sprintf("node %q: col %d: %q: %s", e.Input, e.Col, e.Token, e.Msg)
}

// ParseLine follows a line from the root: tokens separated by blanks or
// commas, each an action of the node reached (f fold, x check, c call,
// b120 bet to 120, r300 raise to 300, a or a900 all-in; the amounts are
// street bet-to totals, as `spot tree` prints them) or, at a chance node,
// the card dealt ("Qs"). The empty line is the root.
func (g *Game) ParseLine(s string) (*Line, error) {
	l := &Line{Perm: identitySuits, Board: slices.Clone(g.Spot.Board), Path: []int32{0}}
	used := g.Spot.BoardSet()
	pos := 0
	for pos < len(s) {
		for pos < len(s) && (s[pos] == ' ' || s[pos] == ',' || s[pos] == '\t') {
			pos++
		}
		if pos >= len(s) {
			break
		}
		start := pos
		for pos < len(s) && s[pos] != ' ' && s[pos] != ',' && s[pos] != '\t' {
			pos++
		}
		tok := s[start:pos]
		fail := func(format string, args ...any) (*Line, error) {
			return nil, &LineError{Input: s, Token: tok, Col: start + 1, Msg: fmt.Sprintf(format, args...)}
		}
		n := &g.Nodes[l.Node]
		switch {
		case n.Kind.Terminal():
			return fail("the hand is over at %q", l.String())
		case n.Kind == ChanceNode:
			c, err := cards.Parse(tok)
			if err != nil {
				return fail("a card is dealt here (e.g. Qs)")
			}
			if used.Has(c) {
				return fail("%s is already on the board", c)
			}
			child, perm := g.dealChild(l.Node, l.Perm, c)
			l.Node, l.Perm = child, perm
			l.Path = append(l.Path, child)
			l.Board = append(l.Board, c)
			used = used.Add(c)
			l.Steps = append(l.Steps, c.String())
		default:
			acts := g.Actions(l.Node)
			k, ok := matchAction(acts, tok)
			if !ok {
				names := make([]string, len(acts))
				for i, a := range acts {
					names[i] = a.String()
				}
				return fail("not an action here; %s can %s", PlayerName(g.Player(l.Node)), strings.Join(names, ", "))
			}
			l.Node = n.Child + int32(k)
			l.Path = append(l.Path, l.Node)
			l.Steps = append(l.Steps, acts[k].String())
		}
	}
	return l, nil
}

// matchAction finds token among the actions: f, x, c, bN, rN, a, aN (also
// "fold", "check", "call", "allin").
func matchAction(acts []Action, tok string) (int, bool) {
	t := strings.ToLower(tok)
	switch t {
	case "fold":
		t = "f"
	case "check":
		t = "x"
	case "call":
		t = "c"
	case "allin", "all-in":
		t = "a"
	}
	for k, a := range acts {
		if a.String() == t || t == "a" && a.Kind == AllInAction {
			return k, true
		}
		// An amount written for the all-in as a bet or raise.
		if a.Kind == AllInAction && len(t) > 1 && (t[0] == 'b' || t[0] == 'r') {
			if n, err := strconv.Atoi(t[1:]); err == nil && n == a.Amount {
				return k, true
			}
		}
	}
	return 0, false
}

// dealChild returns the child of chance node n that dealing real card c
// leads to, and the suit map below it.
func (g *Game) dealChild(n int32, perm [4]cards.Suit, c cards.Card) (int32, [4]cards.Suit) {
	nd := &g.Nodes[n]
	tc := cards.NewCard(c.Rank(), perm[c.Suit()])
	for k := range int32(nd.NumChildren) {
		if g.Nodes[nd.Child+k].Card == uint8(tc) {
			return nd.Child + k, perm
		}
	}
	for _, iso := range g.boards[nd.Board].iso {
		if iso.Card == tc {
			sp := suitPairs[iso.Pair]
			for su := range perm {
				switch perm[su] {
				case sp[0]:
					perm[su] = sp[1]
				case sp[1]:
					perm[su] = sp[0]
				}
			}
			return nd.Child + iso.Child, perm
		}
	}
	panic(fmt.Sprintf("spot: card %s cannot be dealt at node %d", c, n))
}

// HandReport is what one hand does and is worth at a node.
type HandReport struct {
	Hand cards.Hole
	// Reach is the probability the player holds this hand and plays the
	// line to the node (range weight × own strategy along the line); 0 when
	// the hand cannot be at the node.
	Reach float64
	// Strategy (the player to act only) is the probability of each action.
	Strategy []float64
	// EV is the hand's expected value at the node given the opponent's range
	// there: its expected share of the pot minus what it put in beyond the
	// starting pot (the convention of the spot's values). NaN when the
	// opponent has no hand left against it.
	EV float64
	// ActionEV (the player to act only) is the EV of each action.
	ActionEV []float64
	// Equity is the hand's expected share of the pot at showdown against the
	// opponent's range at the node, the remaining cards dealt out.
	Equity float64
}

// Report describes a node under a strategy: the actions, both players'
// hands and the range-wide frequencies.
type Report struct {
	Line    *Line
	Kind    NodeKind
	Player  int      // the player to act, -1 at chance and terminal nodes
	Actions []Action // at decision nodes
	// Pot is the starting pot plus both players' contributions so far,
	// including an unmatched bet.
	Pot int
	// Hands[p] lists every hand of player p (the spot's order), real suits.
	Hands [2][]HandReport
	// Frequency (decision nodes) is the reach-weighted frequency of each
	// action over the range of the player to act.
	Frequency []float64
	// RangeEV and RangeEquity are each player's reach-weighted averages;
	// Combos the reach summed over its hands.
	RangeEV, RangeEquity, Combos [2]float64
}

// Report evaluates σ at the node of line l: the reach of both players'
// hands along the line, their EVs and equities there, and (at a decision
// node) the strategy and the EV of each action per hand.
func (g *Game) Report(σ Strategy, l *Line) *Report {
	g.checkStrategy(σ)
	nd := &g.Nodes[l.Node]
	r := &Report{Line: l, Kind: nd.Kind, Player: g.Player(l.Node)}
	if r.Player >= 0 {
		r.Actions = g.Actions(l.Node)
	}
	reach, chance := g.lineReach(σ, l)
	r.Pot = g.Tree.Pot(nd.Act)
	e := newExact(g, σ)
	for p := range 2 {
		o := p ^ 1
		var actVals []float64
		if r.Player == p && !nd.Kind.Terminal() {
			e.onActions = func(n int32, x, _ []float64) {
				if n == l.Node {
					actVals = slices.Clone(x)
				}
			}
		}
		vals := e.run(l.Node, p, false, reach[o])
		e.onActions = nil
		mass := g.compatibleMass(p, reach[o])
		num, den := g.equityAt(p, l, reach[o])
		nh := len(g.Hands[p])
		r.Hands[p] = make([]HandReport, nh)
		var sumR, sumEV, sumEq float64
		for i, h := range g.Hands[p] {
			t := g.TreeHand(l, p, h)
			hr := HandReport{Hand: h, Reach: reach[p][t] / chance, EV: math.NaN(), Equity: math.NaN()}
			if h.Set().Overlaps(cards.SetOf(l.Board...)) {
				hr.Reach = 0
			}
			if mass[t] > 0 {
				hr.EV = float64(g.Spot.Pot)/2 + g.Combos*vals[t]/mass[t]
			}
			if den[i] > 0 {
				hr.Equity = num[i] / den[i]
			}
			if r.Player == p {
				k := len(r.Actions)
				hr.Strategy = make([]float64, k)
				hr.ActionEV = make([]float64, k)
				var s float64
				for a := range k {
					hr.Strategy[a] = float64(σ[nd.Off+int64(a*nh+t)])
					s += hr.Strategy[a]
				}
				for a := range k {
					hr.Strategy[a] /= s
					hr.ActionEV[a] = math.NaN()
					if mass[t] > 0 && actVals != nil {
						hr.ActionEV[a] = float64(g.Spot.Pot)/2 + g.Combos*actVals[a*nh+t]/mass[t]
					}
				}
			}
			r.Hands[p][i] = hr
			if hr.Reach > 0 && !math.IsNaN(hr.EV) {
				sumR += hr.Reach
				sumEV += hr.Reach * hr.EV
				sumEq += hr.Reach * hr.Equity
			}
		}
		r.Combos[p] = sumR
		if sumR > 0 {
			r.RangeEV[p], r.RangeEquity[p] = sumEV/sumR, sumEq/sumR
		}
	}
	if r.Player >= 0 {
		r.Frequency = make([]float64, len(r.Actions))
		var tot float64
		for _, hr := range r.Hands[r.Player] {
			for a, s := range hr.Strategy {
				r.Frequency[a] += hr.Reach * s
			}
			tot += hr.Reach
		}
		for a := range r.Frequency {
			if tot > 0 {
				r.Frequency[a] /= tot
			}
		}
	}
	return r
}

// lineReach returns both players' reach at the end of line l, in the
// tree's hand indices (the probability of the cards dealt included, and
// returned as chance; hands holding a dealt card have 0).
func (g *Game) lineReach(σ Strategy, l *Line) (reach [2][]float64, chance float64) {
	reach = [2][]float64{g.rootReach(0), g.rootReach(1)}
	chance = 1
	for step := 0; step+1 < len(l.Path); step++ {
		n, c := l.Path[step], l.Path[step+1]
		nd := &g.Nodes[n]
		if nd.Kind == ChanceNode {
			bs := &g.boards[nd.Board]
			card := g.Nodes[c].Card
			chance *= bs.factor64
			for p := range 2 {
				for i := range reach[p] {
					reach[p][i] *= bs.factor64
				}
				for _, h := range g.with[p][card] {
					reach[p][h] = 0
				}
			}
			continue
		}
		p := g.Player(n)
		nh := len(g.Hands[p])
		a := int(c - nd.Child)
		k := int(nd.NumChildren)
		for h := range nh {
			var s float64
			for b := range k {
				s += float64(σ[nd.Off+int64(b*nh+h)])
			}
			x := float64(σ[nd.Off+int64(a*nh+h)])
			if s > 0 {
				x /= s
			} else {
				x = 1 / float64(k)
			}
			reach[p][h] *= x
		}
	}
	return reach, chance
}

// compatibleMass returns, for each hand of p (tree indices), the opponent's
// reach summed over the hands sharing no card with it.
func (g *Game) compatibleMass(p int, oppReach []float64) []float64 {
	return g.compatibleMassTo(make([]float64, len(g.Hands[p])), p, oppReach)
}

// compatibleMassTo is compatibleMass into out (length NumHands(p)).
func (g *Game) compatibleMassTo(out []float64, p int, oppReach []float64) []float64 {
	out, _ = compatibleMassOf(g, out, p, oppReach)
	return out
}

// compatibleMassOf also returns the opponent's total reach.
func compatibleMassOf[F real](g *Game, out []F, p int, oppReach []F) ([]F, float64) {
	var minus [64]float64
	sum := blockerSums(g, p^1, oppReach, &minus)
	out = out[:len(g.Hands[p])]
	hi, lo, same := g.card[p][0][:len(out)], g.card[p][1][:len(out)], g.same[p][:len(out)]
	// The opponent's copy of hand i (same[i]) was subtracted twice: added
	// back once, in one pass (no clearing pass first).
	for i := range out {
		x := sum - minus[hi[i]&63] - minus[lo[i]&63]
		if s := same[i]; s >= 0 {
			x = float64(oppReach[s]) + x
		}
		out[i] = F(x)
	}
	return out, sum
}

// equityAt returns, for each hand of p in the spot's order (real suits),
// the pot share it wins at showdown against the opponent's reach oppReach
// (tree indices) summed over the runouts of l's board (num), and the reach
// it faces summed the same way (den): equity = num/den.
func (g *Game) equityAt(p int, l *Line, oppReach []float64) (num, den []float64) {
	o := p ^ 1
	board := cards.SetOf(l.Board...)
	// The opponent's reach by real hand.
	real := make([]float64, len(g.Hands[o]))
	for j, h := range g.Hands[o] {
		if t := g.TreeHand(l, o, h); t >= 0 && !h.Set().Overlaps(board) {
			real[j] = oppReach[t]
		}
	}
	num, den = make([]float64, len(g.Hands[p])), make([]float64, len(g.Hands[p]))
	left := (cards.FullDeck &^ board).Cards()
	var runouts [][]cards.Card
	switch 5 - len(l.Board) {
	case 0:
		runouts = [][]cards.Card{nil}
	case 1:
		for _, c := range left {
			runouts = append(runouts, []cards.Card{c})
		}
	case 2:
		for i, a := range left {
			for _, b := range left[i+1:] {
				runouts = append(runouts, []cards.Card{a, b})
			}
		}
	}
	type item struct {
		v    handeval.Value
		i    int
		hole cards.Hole
	}
	var ps, os []item
	for _, ro := range runouts {
		full := board | cards.SetOf(ro...)
		bh := handeval.NewHand(full)
		ps, os = ps[:0], os[:0]
		for i, h := range g.Hands[p] {
			if !h.Set().Overlaps(full) {
				ps = append(ps, item{bh.Union(handeval.NewHand(h.Set())).Eval(), i, h})
			}
		}
		for j, h := range g.Hands[o] {
			if !h.Set().Overlaps(full) && real[j] != 0 {
				os = append(os, item{bh.Union(handeval.NewHand(h.Set())).Eval(), j, h})
			}
		}
		slices.SortFunc(ps, func(a, b item) int { return int(a.v) - int(b.v) })
		slices.SortFunc(os, func(a, b item) int { return int(a.v) - int(b.v) })
		// Sweep: below = weaker opponent hands, upto = not stronger, with
		// per-card sums for card removal.
		var total, below, upto float64
		var mTotal, mBelow, mUpto [64]float64
		for _, it := range os {
			x := real[it.i]
			total += x
			mTotal[it.hole[0]] += x
			mTotal[it.hole[1]] += x
		}
		jb, ju := 0, 0
		for _, it := range ps {
			for ; jb < len(os) && os[jb].v < it.v; jb++ {
				x := real[os[jb].i]
				below += x
				mBelow[os[jb].hole[0]] += x
				mBelow[os[jb].hole[1]] += x
			}
			if ju < jb {
				ju, upto, mUpto = jb, below, mBelow
			}
			for ; ju < len(os) && os[ju].v == it.v; ju++ {
				x := real[os[ju].i]
				upto += x
				mUpto[os[ju].hole[0]] += x
				mUpto[os[ju].hole[1]] += x
			}
			c1, c2 := it.hole[0], it.hole[1]
			same := 0.0
			if j := g.HandIndex(o, it.hole); j >= 0 {
				same = real[j]
			}
			win := below - mBelow[c1] - mBelow[c2]
			notLose := upto - mUpto[c1] - mUpto[c2] + same
			all := total - mTotal[c1] - mTotal[c2] + same
			num[it.i] += win + (notLose-win)/2
			den[it.i] += all
		}
	}
	return num, den
}

// RootSummary returns what the root shows without walking the tree: the
// range-weighted frequency of each root action (nil when the root is not a
// decision) and each player's range equity on the spot's board.
func (g *Game) RootSummary(σ Strategy) (freq []float64, equity [2]float64) {
	g.checkStrategy(σ)
	l := &Line{Perm: identitySuits, Board: slices.Clone(g.Spot.Board), Path: []int32{0}}
	for p := range 2 {
		num, den := g.equityAt(p, l, g.rootReach(p^1))
		var n, d float64
		for h, w := range g.Weights[p] {
			n += float64(w) * num[h]
			d += float64(w) * den[h]
		}
		if d > 0 {
			equity[p] = n / d
		}
	}
	freq = RootFrequency(g, σ)
	return freq, equity
}

// RootFrequency returns the range-weighted frequency of each root action
// under σ (a strategy in Strategy's layout, float32 or float64: a QRE's
// float64 strategy needs no conversion), nil when the root is not a
// decision. A hand whose probabilities sum to 0 counts as uniform play.
func RootFrequency[F float32 | float64](g *Game, σ []F) (freq []float64) {
	if int64(len(σ)) != g.Size {
		panic("spot: strategy has the wrong length for this game")
	}
	p := g.Player(0)
	if p < 0 {
		return nil
	}
	k := int(g.Nodes[0].NumChildren)
	freq = make([]float64, k)
	play := make([]float64, k)
	var tot float64
	for h, w := range g.Weights[p] {
		RootPlay(g, σ, h, play)
		for a, x := range play {
			freq[a] += float64(w) * x
		}
		tot += float64(w)
	}
	for a := range freq {
		freq[a] /= tot
	}
	return freq
}

// RootPlay sets play (one entry per root action) to hand h's probabilities
// at the root under σ (Strategy's layout, float32 or float64),
// normalised; uniform play where they sum to 0. The root must be a
// decision.
func RootPlay[F float32 | float64](g *Game, σ []F, h int, play []float64) {
	nd := &g.Nodes[0]
	nh, k := len(g.Hands[g.Player(0)]), int(nd.NumChildren)
	var s float64
	for a := range k {
		s += float64(σ[nd.Off+int64(a*nh+h)])
	}
	for a := range k {
		x := 1 / float64(k)
		if s > 0 {
			x = float64(σ[nd.Off+int64(a*nh+h)]) / s
		}
		play[a] = x
	}
}

// ClassFrequencies aggregates the strategy of the player to act at a
// decision node by starting-hand class (the 13×13 grid): for each class,
// the reach-weighted frequency of each action over its combinations and
// their total reach. Classes without reach have a nil row.
func (r *Report) ClassFrequencies() (freq [cards.NumStartingHands][]float64, reach [cards.NumStartingHands]float64) {
	if r.Player < 0 {
		return
	}
	for _, hr := range r.Hands[r.Player] {
		if hr.Reach <= 0 {
			continue
		}
		c := hr.Hand.Class()
		if freq[c] == nil {
			freq[c] = make([]float64, len(r.Actions))
		}
		for a, s := range hr.Strategy {
			freq[c][a] += hr.Reach * s
		}
		reach[c] += hr.Reach
	}
	for c := range freq {
		if freq[c] != nil {
			for a := range freq[c] {
				freq[c][a] /= reach[c]
			}
		}
	}
	return
}
