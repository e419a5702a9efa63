package lab

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"pokerlab/cards"
	"pokerlab/spot"
	"pokerlab/spot/handclass"
	"pokerlab/spot/spotplot"
)

// NodeRequest names a node and a strategy: the line from the root (spot
// show's notation, "x b120 c Ks"), the view (nash or qre), the QRE's λ
// (0: λ*, else the computed λ nearest), whose hands to list (-1: the
// player to act, OOP elsewhere) and whether to add the chance node's card
// report.
type NodeRequest struct {
	Line   string
	View   string
	Lambda float64
	Player int
	Cards  bool
}

// NodeView is a node under one strategy.
type NodeView struct {
	Spot  string   `json:"spot"`
	Line  string   `json:"line"`
	Steps []Step   `json:"steps"`
	Board []string `json:"board"`
	// Kind is oop, ip, chance, fold or showdown; Player the player to act
	// (oop, ip), "" elsewhere.
	Kind   string `json:"kind"`
	Player string `json:"player,omitempty"`
	Pot    int    `json:"pot"`
	// View is nash or qre; Lambda the QRE's λ; Method and Percent the
	// strategy's solver and exploitability (% of the pot).
	View    string        `json:"view"`
	Lambda  float64       `json:"lambda,omitempty"`
	Method  string        `json:"method"`
	Percent float64       `json:"percent"`
	Actions []ActionView  `json:"actions,omitempty"`
	Ranges  [2]RangeView  `json:"ranges"`
	Listed  string        `json:"listed"`
	Hands   []HandView    `json:"hands"`
	Grid    []Cell        `json:"grid"`
	Groups  []Group       `json:"groups"`
	Cards   []CardSummary `json:"cards,omitempty"`
	// Children are the lines of the node's children (actions or, at a
	// chance node, the cards dealt in the tree).
	Children []string `json:"children,omitempty"`
}

// Step is one step of a line: its token (x, b120, Ks), words and the line
// up to it.
type Step struct {
	Token string `json:"token"`
	Label string `json:"label"`
	Line  string `json:"line"`
	// Player who acted (oop, ip), or "" for a card.
	Player string `json:"player,omitempty"`
}

// ActionView is an action at a decision node.
type ActionView struct {
	Action    string  `json:"action"`
	Label     string  `json:"label"`
	Amount    int     `json:"amount"`
	Frequency float64 `json:"frequency"`
	Color     string  `json:"color"`
	Line      string  `json:"line"`
}

// RangeView is a player's range at the node.
type RangeView struct {
	Player string   `json:"player"`
	Combos float64  `json:"combos"`
	EV     *float64 `json:"ev"`
	Equity *float64 `json:"equity"`
}

// HandView is one hand at the node (spot show's fields).
type HandView struct {
	Hand     string     `json:"hand"`
	Class    string     `json:"class"`
	Reach    float64    `json:"reach"`
	Strategy []float64  `json:"strategy,omitempty"`
	EV       *float64   `json:"ev"`
	ActionEV []*float64 `json:"action_ev,omitempty"`
	Equity   *float64   `json:"equity"`
	Group    string     `json:"group"`
}

// Cell is a class of the 13×13 grid (row-major, AA first; suited above
// the diagonal).
type Cell struct {
	Class string `json:"class"`
	// Weight is the class's reach per combination that misses the board
	// (spotplot.ClassWeights): the shade of the cell.
	Weight float64 `json:"weight"`
	// Combos is the reach summed over the class's hands.
	Combos    float64   `json:"combos"`
	Frequency []float64 `json:"frequency,omitempty"`
	EV        *float64  `json:"ev"`
	Equity    *float64  `json:"equity"`
}

// Group is a hand class on the board (spot/handclass): the made hand and
// the draw, with the range's reach in it, its action frequencies and EV.
type Group struct {
	Name      string    `json:"name"`
	Made      string    `json:"made"`
	Draw      string    `json:"draw,omitempty"`
	Combos    float64   `json:"combos"`
	Frequency []float64 `json:"frequency,omitempty"`
	EV        *float64  `json:"ev"`
	Equity    *float64  `json:"equity"`
}

// CardSummary is one card of a chance node's report: what the next player
// does after it and both players' EVs.
type CardSummary struct {
	Card    string       `json:"card"`
	Line    string       `json:"line"`
	Player  string       `json:"player,omitempty"`
	Actions []ActionView `json:"actions,omitempty"`
	EV      [2]*float64  `json:"ev"`
	Equity  [2]*float64  `json:"equity"`
	// Combos is the reach of OOP's range after the card (its hands
	// holding the card are out).
	Combos float64 `json:"combos"`
}

func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func boardText(cs []cards.Card) string { return strings.ReplaceAll(cards.FormatCards(cs), " ", "") }

func hexColor(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// strategyOf picks the strategy of a view.
func (e *entry) strategyOf(view string, lambda float64) (*solution, string, error) {
	switch view {
	case "", "nash":
		if e.nash == nil {
			return nil, "", errorf(ErrNoResult, "spot %s has no Nash solution yet: solve it", e.id)
		}
		return e.nash, "nash", nil
	case "qre":
		if len(e.qre) == 0 {
			return nil, "", errorf(ErrNoResult, "spot %s has no QRE yet: solve it with qre", e.id)
		}
		best := e.qre[0]
		for _, q := range e.qre {
			if lambda == 0 && q.star || lambda > 0 && math.Abs(math.Log(q.lambda/lambda)) < math.Abs(math.Log(best.lambda/lambda)) {
				best = q
			}
		}
		if lambda == 0 && !best.star {
			best = e.qre[len(e.qre)-1]
		}
		return best, "qre", nil
	}
	return nil, "", errorf(ErrInvalid, "view %q: want nash or qre", view)
}

// parseLine resolves a line of g, as an ErrInvalid.
func parseLine(g *spot.Game, line string) (*spot.Line, error) {
	l, err := g.ParseLine(line)
	if err != nil {
		return nil, errorf(ErrInvalid, "line %q: %v", line, err)
	}
	return l, nil
}

// Node describes a node of spot id under a strategy.
func (l *Lab) Node(id string, q NodeRequest) (*NodeView, error) {
	e, err := l.lookup(id)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	g := e.g
	sol, view, err := e.strategyOf(q.View, q.Lambda)
	l.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, errorf(ErrNotFound, "spot %s was evicted meanwhile: try again", id)
	}
	line, err := parseLine(g, q.Line)
	if err != nil {
		return nil, err
	}
	return nodeView(g, id, sol, view, line, q)
}

func nodeView(g *spot.Game, id string, sol *solution, view string, line *spot.Line, q NodeRequest) (*NodeView, error) {
	r := g.Report(sol.σ, line)
	v := &NodeView{Spot: id, Line: line.String(), Kind: r.Kind.String(), Pot: r.Pot, View: view, Method: "dcfr",
		Percent: sol.eval.Percent, Steps: steps(g, line)}
	if view == "qre" {
		v.Lambda, v.Method = sol.lambda, "qre"
	}
	for _, c := range line.Board {
		v.Board = append(v.Board, c.String())
	}
	nd := &g.Nodes[line.Node]
	prefix := v.Line
	if prefix != "" {
		prefix += " "
	}
	if r.Player >= 0 {
		v.Player = spot.PlayerName(r.Player)
		cols := spotplot.Colors(r.Actions)
		for a, act := range r.Actions {
			v.Actions = append(v.Actions, ActionView{Action: act.String(), Label: act.Words(), Amount: act.Amount,
				Frequency: r.Frequency[a], Color: hexColor(cols[a]), Line: prefix + act.String()})
			v.Children = append(v.Children, prefix+act.String())
		}
	} else if nd.Kind == spot.ChanceNode {
		used := cards.SetOf(line.Board...)
		for c := range cards.Card(cards.NumCards) {
			if !used.Has(c) {
				v.Children = append(v.Children, prefix+c.String())
			}
		}
	}
	for p := range 2 {
		v.Ranges[p] = RangeView{Player: spot.PlayerName(p), Combos: r.Combos[p], EV: finite(r.RangeEV[p]), Equity: finite(r.RangeEquity[p])}
	}
	p := q.Player
	if p < 0 {
		p = max(r.Player, 0)
	}
	v.Listed = spot.PlayerName(p)
	acting := p == r.Player
	board := cards.SetOf(line.Board...)
	// Hands, grid and groups of player p.
	type acc struct {
		reach, ev, eq, evW, eqW float64
		freq                    []float64
		made                    string
		draw                    string
	}
	var cells [cards.NumStartingHands]acc
	groups := map[handclass.Class]*acc{}
	var order []handclass.Class
	k := len(r.Actions)
	for _, hr := range r.Hands[p] {
		if hr.Hand.Set().Overlaps(board) {
			continue
		}
		hc := handclass.Of(hr.Hand, board)
		hv := HandView{Hand: hr.Hand.String(), Class: hr.Hand.Class().String(), Reach: hr.Reach,
			EV: finite(hr.EV), Equity: finite(hr.Equity), Group: hc.String()}
		if acting {
			hv.Strategy = hr.Strategy
			for _, x := range hr.ActionEV {
				hv.ActionEV = append(hv.ActionEV, finite(x))
			}
		}
		if hr.Reach > 0 {
			v.Hands = append(v.Hands, hv)
		}
		if hr.Reach <= 0 {
			continue
		}
		add := func(a *acc) {
			a.reach += hr.Reach
			if acting {
				if a.freq == nil {
					a.freq = make([]float64, k)
				}
				for i, s := range hr.Strategy {
					a.freq[i] += hr.Reach * s
				}
			}
			if !math.IsNaN(hr.EV) {
				a.ev += hr.Reach * hr.EV
				a.evW += hr.Reach
			}
			if !math.IsNaN(hr.Equity) {
				a.eq += hr.Reach * hr.Equity
				a.eqW += hr.Reach
			}
		}
		add(&cells[hr.Hand.Class()])
		ga, ok := groups[hc]
		if !ok {
			ga = &acc{made: hc.Made.String(), draw: hc.Draw.String()}
			groups[hc] = ga
			order = append(order, hc)
		}
		add(ga)
	}
	mean := func(s, w float64) *float64 {
		if w <= 0 {
			return nil
		}
		return finite(s / w)
	}
	norm := func(f []float64, w float64) []float64 {
		if f == nil || w <= 0 {
			return nil
		}
		out := make([]float64, len(f))
		for i, x := range f {
			out[i] = x / w
		}
		return out
	}
	// The grid's shade: reach per combination of the class that misses
	// the board, as spotplot's grid.
	for row := range 13 {
		for col := range 13 {
			hi, lo := cards.Ace-cards.Rank(row), cards.Ace-cards.Rank(col)
			c := cards.NewStartingHand(hi, lo, row < col)
			a := &cells[c]
			n := 0
			for _, h := range c.Combos() {
				if !h.Set().Overlaps(board) {
					n++
				}
			}
			w := 0.0
			if n > 0 {
				w = a.reach / float64(n)
			}
			v.Grid = append(v.Grid, Cell{Class: c.String(), Weight: w, Combos: a.reach, Frequency: norm(a.freq, a.reach),
				EV: mean(a.ev, a.evW), Equity: mean(a.eq, a.eqW)})
		}
	}
	sortGroups(order)
	for _, hc := range order {
		a := groups[hc]
		v.Groups = append(v.Groups, Group{Name: hc.String(), Made: a.made, Draw: a.draw, Combos: a.reach,
			Frequency: norm(a.freq, a.reach), EV: mean(a.ev, a.evW), Equity: mean(a.eq, a.eqW)})
	}
	if v.Hands == nil {
		v.Hands = []HandView{}
	}
	if q.Cards && nd.Kind == spot.ChanceNode {
		v.Cards = cardReport(g, sol, line)
	}
	return v, nil
}

// sortGroups orders hand classes strongest first: by made category (best
// first), then draws (combo draw first), no draw last.
func sortGroups(cs []handclass.Class) {
	rank := func(c handclass.Class) int {
		d := int(c.Draw)
		if c.Draw == handclass.NoDraw {
			d = -1
		}
		return -int(c.Made)*16 - d
	}
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && rank(cs[j]) < rank(cs[j-1]); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// steps writes a line's breadcrumbs.
func steps(g *spot.Game, line *spot.Line) []Step {
	out := []Step{}
	var sofar []string
	for i, tok := range line.Steps {
		sofar = append(sofar, tok)
		st := Step{Token: tok, Label: tok, Line: strings.Join(sofar, " ")}
		n := line.Path[i]
		if p := g.Player(n); p >= 0 {
			st.Player = spot.PlayerName(p)
			for _, a := range g.Actions(n) {
				if a.String() == tok {
					st.Label = a.Words()
					// A first bet of a street is a share of the pot before it
					// (both players have put in the same).
					if a.Kind == spot.Bet && g.Pot(n) > 0 {
						st.Label += " (" + strconv.Itoa(int(math.Round(100*float64(a.Amount)/float64(g.Pot(n))))) + " %)"
					}
				}
			}
		}
		out = append(out, st)
	}
	return out
}

// cardReport summarises each card a chance node deals: the next player's
// action frequencies and both players' EV and equity after it.
func cardReport(g *spot.Game, sol *solution, line *spot.Line) []CardSummary {
	dealt := cards.SetOf(line.Board...)
	var out []CardSummary
	prefix := line.String()
	if prefix != "" {
		prefix += " "
	}
	for c := range cards.Card(cards.NumCards) {
		if dealt.Has(c) {
			continue
		}
		cl, err := g.ParseLine(prefix + c.String())
		if err != nil {
			continue
		}
		r := g.Report(sol.σ, cl)
		cs := CardSummary{Card: c.String(), Line: cl.String(), Combos: r.Combos[0]}
		if r.Player >= 0 {
			cs.Player = spot.PlayerName(r.Player)
			cols := spotplot.Colors(r.Actions)
			for a, act := range r.Actions {
				cs.Actions = append(cs.Actions, ActionView{Action: act.String(), Label: act.Words(), Amount: act.Amount,
					Frequency: r.Frequency[a], Color: hexColor(cols[a]), Line: cl.String() + " " + act.String()})
			}
		}
		for p := range 2 {
			cs.EV[p], cs.Equity[p] = finite(r.RangeEV[p]), finite(r.RangeEquity[p])
		}
		out = append(out, cs)
	}
	return out
}

func playerName(p int) string {
	if p < 0 {
		return ""
	}
	return spot.PlayerName(p)
}
