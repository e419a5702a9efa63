// Package leduc is Leduc Hold'em (Southey et al., "Bayes' Bluff: Opponent
// Modelling in Poker", UAI 2005), the standard mid-sized poker benchmark, as
// implemented in OpenSpiel, and a family of larger variants for scaling
// studies.
//
// The standard game: a deck of six cards J♠ J♥ Q♠ Q♥ K♠ K♥; each player
// antes 1 and receives one private card; a betting round; one public card; a
// second betting round; showdown. Bets and raises are 2 in the first round and
// 4 in the second, at most 2 per round (a bet counts as the first). Player 1
// acts first in both rounds. A player who pairs the public card wins;
// otherwise the higher card wins; equal ranks split. Folding is possible only
// facing a bet.
//
// Information sets are labelled "<private>[|<public>]:<round 1>[/<round 2>]"
// with letters c (check or call) and r (bet or raise), e.g. "Ks:cr" or
// "Jh|Qs:rc/r". Cards keep their suits, as in OpenSpiel, which gives 936
// information sets: per player 6 cards × 3 first-round spots + 30
// (private, public) pairs × 5 first-round lines × 3 second-round spots = 468.
// The game value for player 1 is −0.085606424078.
//
// Config varies the number of ranks and suits, the ante, the two bet sizes
// and the raise cap; the name "leduc:ranks=5,suits=3" selects such a variant.
package leduc

import (
	"fmt"
	"strconv"
	"strings"

	"pokerlab/efg"
)

// Config describes a Leduc-style game. The zero value is not valid; start
// from Standard.
type Config struct {
	Ranks     int    // distinct ranks, 2…13 (standard 3: J Q K)
	Suits     int    // cards per rank, 1…4 (standard 2)
	Ante      int    // ante per player (standard 1)
	BetSize   [2]int // bet and raise size in round 1 and round 2 (standard 2, 4)
	MaxRaises int    // bets plus raises allowed per round (standard 2)
}

// Standard is the Leduc Hold'em of the literature.
var Standard = Config{Ranks: 3, Suits: 2, Ante: 1, BetSize: [2]int{2, 4}, MaxRaises: 2}

// Game is a Leduc-style game.
type Game struct{ cfg Config }

// New returns the standard Leduc Hold'em.
func New() Game { return Game{Standard} }

// NewConfig returns the variant described by c, or an error if c is invalid.
func NewConfig(c Config) (Game, error) {
	switch {
	case c.Ranks < 2 || c.Ranks > 13:
		return Game{}, fmt.Errorf("leduc: ranks = %d, want 2…13", c.Ranks)
	case c.Suits < 1 || c.Suits > 4:
		return Game{}, fmt.Errorf("leduc: suits = %d, want 1…4", c.Suits)
	case c.Ranks*c.Suits < 3:
		return Game{}, fmt.Errorf("leduc: %d cards are too few to deal two private cards and a public one", c.Ranks*c.Suits)
	case c.Ante < 0:
		return Game{}, fmt.Errorf("leduc: ante = %d, want ≥ 0", c.Ante)
	case c.BetSize[0] < 1 || c.BetSize[1] < 1:
		return Game{}, fmt.Errorf("leduc: bet sizes %v, want ≥ 1", c.BetSize)
	case c.MaxRaises < 0 || c.MaxRaises > 10:
		return Game{}, fmt.Errorf("leduc: maxraises = %d, want 0…10", c.MaxRaises)
	}
	return Game{c}, nil
}

// Params builds a variant from name=value parameters (ranks, suits, ante,
// bet1, bet2, maxraises); missing ones keep the standard values.
func Params(params map[string]string) (Game, error) {
	c := Standard
	fields := map[string]*int{
		"ranks": &c.Ranks, "suits": &c.Suits, "ante": &c.Ante,
		"bet1": &c.BetSize[0], "bet2": &c.BetSize[1], "maxraises": &c.MaxRaises,
	}
	for k, v := range params {
		f, ok := fields[k]
		if !ok {
			return Game{}, fmt.Errorf("leduc: unknown parameter %q (known: ranks, suits, ante, bet1, bet2, maxraises)", k)
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return Game{}, fmt.Errorf("leduc: parameter %s=%q is not an integer", k, v)
		}
		*f = n
	}
	return NewConfig(c)
}

// Config returns the game's configuration.
func (g Game) Config() Config { return g.cfg }

// Name implements efg.Game: "leduc", or "leduc:" with the parameters that
// differ from the standard game.
func (g Game) Name() string {
	c, s := g.cfg, Standard
	var p []string
	add := func(k string, v, std int) {
		if v != std {
			p = append(p, fmt.Sprintf("%s=%d", k, v))
		}
	}
	add("ranks", c.Ranks, s.Ranks)
	add("suits", c.Suits, s.Suits)
	add("ante", c.Ante, s.Ante)
	add("bet1", c.BetSize[0], s.BetSize[0])
	add("bet2", c.BetSize[1], s.BetSize[1])
	add("maxraises", c.MaxRaises, s.MaxRaises)
	if len(p) == 0 {
		return "leduc"
	}
	return "leduc:" + strings.Join(p, ",")
}

// PlayerNames implements efg.Game.
func (Game) PlayerNames() []string { return []string{"P1", "P2"} }

// Root implements efg.Game.
func (g Game) Root() efg.State {
	return &state{g: &g, cards: [3]int{-1, -1, -1}, in: [2]int{g.cfg.Ante, g.cfg.Ante}}
}

func (g *Game) cardName(c int) string {
	const ranks, suits = "23456789TJQKA", "shdc"
	lowest := 12 - g.cfg.Ranks // ranks end at K (index 11) …
	if g.cfg.Ranks == 13 {
		lowest = 0 // … unless all thirteen are used
	}
	r, s := c/g.cfg.Suits, c%g.cfg.Suits
	return string(ranks[lowest+r]) + string(suits[s])
}

type state struct {
	g       *Game
	cards   [3]int    // player 1, player 2, public; -1 until dealt
	round   int       // 0 or 1
	hist    [2]string // betting letters per round
	in      [2]int    // chips put in by each player
	raises  int       // bets and raises this round
	folded  int       // player who folded, or -1 … set only at terminals
	over    bool      // the hand has ended
	toAct   int
	checked bool // the first player checked this round (for round closure)
}

func (s *state) dealt() int {
	n := 0
	for _, c := range s.cards {
		if c >= 0 {
			n++
		}
	}
	return n
}

func (s *state) Player() int {
	switch {
	case s.over:
		return efg.Terminal
	case s.cards[0] < 0 || s.cards[1] < 0 || (s.round == 1 && s.cards[2] < 0):
		return efg.Chance
	}
	return s.toAct
}

func (s *state) facing() bool { return s.in[0] != s.in[1] }

// remaining lists the undealt cards in deck order.
func (s *state) remaining() []int {
	n := s.g.cfg.Ranks * s.g.cfg.Suits
	out := make([]int, 0, n)
	for c := 0; c < n; c++ {
		if c != s.cards[0] && c != s.cards[1] && c != s.cards[2] {
			out = append(out, c)
		}
	}
	return out
}

func (s *state) Actions() []string {
	if s.Player() == efg.Chance {
		rem := s.remaining()
		labels := make([]string, len(rem))
		for i, c := range rem {
			labels[i] = s.g.cardName(c)
		}
		return labels
	}
	canRaise := s.raises < s.g.cfg.MaxRaises
	if s.facing() {
		if canRaise {
			return []string{"fold", "call", "raise"}
		}
		return []string{"fold", "call"}
	}
	if canRaise {
		return []string{"check", "bet"}
	}
	return []string{"check"}
}

func (s *state) ChanceProbs() []float64 {
	rem := s.remaining()
	p := make([]float64, len(rem))
	for i := range p {
		p[i] = 1 / float64(len(rem))
	}
	return p
}

func (s *state) Next(a int) efg.State {
	n := *s
	if s.Player() == efg.Chance {
		n.cards[s.dealt()] = s.remaining()[a]
		return &n
	}
	label := s.Actions()[a]
	p := s.toAct
	switch label {
	case "fold":
		n.folded, n.over = p, true
		n.hist[s.round] += "f"
		return &n
	case "check", "call":
		n.hist[s.round] += "c"
		n.in[p] = s.in[1-p]
		// The round closes on a call, or on a check by the second player.
		if label == "call" || s.checked {
			if s.round == 1 {
				n.over, n.folded = true, -1
				return &n
			}
			n.round, n.raises, n.checked, n.toAct = 1, 0, false, 0
			return &n
		}
		n.checked = true
	case "bet", "raise":
		n.hist[s.round] += "r"
		n.in[p] = s.in[1-p] + s.g.cfg.BetSize[s.round]
		n.raises++
	}
	n.toAct = 1 - p
	return &n
}

func (s *state) InfoSet() string {
	p := s.toAct
	var b strings.Builder
	b.WriteString(s.g.cardName(s.cards[p]))
	if s.round == 1 {
		b.WriteString("|" + s.g.cardName(s.cards[2]))
	}
	b.WriteString(":" + s.hist[0])
	if s.round == 1 {
		b.WriteString("/" + s.hist[1])
	}
	return b.String()
}

func (s *state) Utilities() []float64 {
	if s.folded >= 0 {
		loss := float64(s.in[s.folded])
		u := []float64{loss, loss}
		u[s.folded] = -loss
		return u
	}
	rank := func(c int) int { return c / s.g.cfg.Suits }
	strength := func(c int) int {
		if rank(c) == rank(s.cards[2]) {
			return 100 + rank(c)
		}
		return rank(c)
	}
	s0, s1 := strength(s.cards[0]), strength(s.cards[1])
	pot := float64(s.in[0]) // both put in the same at showdown
	switch {
	case s0 > s1:
		return []float64{pot, -pot}
	case s0 < s1:
		return []float64{-pot, pot}
	}
	return []float64{0, 0}
}

var _ efg.Sizer = Game{}

// Size implements efg.Sizer: the exact counts of the compiled tree, found
// without building it, so that a variant too large for memory is refused
// before anything is allocated.
//
// Each betting round is walked once with the game's own rules (Next) on a
// dealt state, counting its decision nodes D, their actions A, the folds F
// and the ways it closes C (a call, or check–check). With N cards there are
// N(N−1) private deals; a first round that closes leads to a chance node of
// N−2 public cards, each starting a second round; the second round's
// closings are showdowns. Information sets are the first-round decision
// points per private card (N·D₁) and the second-round ones per (private,
// public) pair and first-round line (N(N−1)·C₁·D₂). Cost: O(MaxRaises²).
func (g Game) Size() efg.Size {
	n := int64(g.cfg.Ranks * g.cfg.Suits)
	deals := n * (n - 1)
	first := g.round(&state{g: &g, cards: [3]int{0, 1, -1}, in: [2]int{g.cfg.Ante, g.cfg.Ante}})
	second := g.round(&state{g: &g, cards: [3]int{0, 1, 2}, round: 1, in: [2]int{g.cfg.Ante, g.cfg.Ante}})
	public := n - 2 // cards left for the board
	perDeal := first.d + first.f + first.c*(1+public*(second.d+second.f+second.c))
	return efg.Size{
		Players:        2,
		Nodes:          1 + n + deals*perDeal,
		DecisionNodes:  deals * (first.d + first.c*public*second.d),
		Terminals:      deals * (first.f + first.c*public*(second.f+second.c)),
		ChanceNodes:    1 + n + deals*first.c,
		ChanceOutcomes: n + deals + deals*first.c*public,
		InfoSets:       n*first.d + deals*first.c*second.d,
		Actions:        n*first.a + deals*first.c*second.a,
	}
}

// roundCount counts one betting round's tree (see Size).
type roundCount struct{ d, a, f, c int64 }

// round walks the betting round that starts at s.
func (g Game) round(s *state) roundCount {
	var r roundCount
	var walk func(s *state)
	walk = func(s *state) {
		r.d++
		acts := s.Actions()
		r.a += int64(len(acts))
		for a := range acts {
			next := s.Next(a).(*state)
			switch {
			case next.over && next.folded >= 0:
				r.f++
			case next.over || next.round != s.round:
				r.c++
			default:
				walk(next)
			}
		}
	}
	walk(s)
	return r
}
