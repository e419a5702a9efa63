package filter

import "pokerlab/hud"

// Row is one player's part of one hand, as the filters see it.
type Row struct {
	// The hand: day (yyyymmdd, 0 without a date), stakes (NormalizeStakes
	// form), site, players, pot type, big blind in chips.
	Day    int
	Stakes string
	Site   string
	Seats  int
	Pot    hud.PotType
	BB     int64
	// The player: position, name, hole cards (cards.HoleIndex, -1 when
	// unknown), net won in chips, flags.
	Position string
	Player   string
	Hole     int
	Net      int64
	SawFlop  bool
	Showdown bool
	AllIn    bool
}

// Match evaluates e on r in Go: what SQL's condition selects (a nil e
// matches every row). It serves filters over hand-history files, which
// have no database, and checks the SQL.
func Match(e Expr, r *Row) bool {
	switch e := e.(type) {
	case nil:
		return true
	case And:
		for _, t := range e.Terms {
			if !Match(t, r) {
				return false
			}
		}
		return true
	case Or:
		for _, t := range e.Terms {
			if Match(t, r) {
				return true
			}
		}
		return false
	case Not:
		return !Match(e.X, r)
	case *Pred:
		return e.match(r)
	}
	return false
}

func (p *Pred) match(r *Row) bool {
	switch p.Field {
	case Flop:
		return r.SawFlop
	case Showdown:
		return r.Showdown
	case AllIn:
		return r.AllIn
	case Date:
		if r.Day == 0 {
			return false
		}
		return cmpInts(p, int64(r.Day))
	case Seats:
		return cmpInts(p, int64(r.Seats))
	case Pot:
		return cmpInts(p, int64(r.Pot))
	case Stakes:
		return cmpStrings(p, r.Stakes)
	case Site:
		return cmpStrings(p, asciiLower(r.Site))
	case Position:
		return cmpStrings(p, r.Position)
	case Player:
		return cmpStrings(p, r.Player)
	case Cards:
		if r.Hole < 0 || r.Hole >= len(p.Holes) {
			return false
		}
		return p.Holes[r.Hole] == (p.Op == Eq || p.Op == In)
	case Won:
		// As SQL computes it: the net against a double times the big blind.
		return cmp(p.Op, float64(r.Net), p.Num*float64(r.BB))
	}
	return false
}

func cmpInts(p *Pred, v int64) bool {
	switch p.Op {
	case In, NotIn:
		in := false
		for _, x := range p.Ints {
			in = in || x == v
		}
		return in == (p.Op == In)
	}
	return cmp(p.Op, float64(v), float64(p.Ints[0]))
}

func cmpStrings(p *Pred, v string) bool {
	in := false
	for _, x := range p.Strings {
		in = in || x == v
	}
	return in == (p.Op == Eq || p.Op == In)
}

func cmp(op Op, a, b float64) bool {
	switch op {
	case Eq:
		return a == b
	case Ne:
		return a != b
	case Lt:
		return a < b
	case Le:
		return a <= b
	case Gt:
		return a > b
	case Ge:
		return a >= b
	}
	return false
}
