package filter

import (
	"fmt"
	"strconv"
	"strings"

	"pokerlab/cards"
)

// Columns names the SQL expression of each field in a query: a column of
// an aliased table ("h.day", "hp.position"). A field whose column is ""
// cannot be compiled against these columns (UnavailableError): the HUD
// cache, for example, has the day, stakes, position and player only.
type Columns struct {
	// Hand columns: the day as yyyymmdd (0 without a date), the stakes
	// text, the site, the number of players, the pot type (hud.PotType)
	// and the big blind in chips.
	Day, Stakes, Site, Seats, Pot, BB string
	// Player columns: the position name, the player's id, the hole cards
	// (cards.HoleIndex, NULL when unknown), the net won in chips, and the
	// flags saw the flop, went to showdown and went all-in (0 or 1).
	Position, PlayerID, Hole, Net, SawFlop, Showdown, AllIn string
	// Players is the table of player names (id, name).
	Players string
}

// Style is how bound parameters are written.
type Style uint8

const (
	// Dollar numbers parameters $1, $2, ... (PostgreSQL; SQLite reads them
	// too), continuing after the arguments already bound.
	Dollar Style = iota
	// Question writes each parameter as ? (SQLite, MySQL), in order.
	Question
)

// UnavailableError is a field that the columns do not have.
type UnavailableError struct{ Field Field }

func (e *UnavailableError) Error() string {
	return fmt.Sprintf("filter: %s is not available here", e.Field)
}

// SQL compiles e into a condition for a WHERE clause over cols. Every
// value is a bound parameter, appended to args (the arguments bound
// already; with Dollar the parameters number on from len(args)+1): the
// text holds only the columns, operators and placeholders, never a value.
// A nil e is the condition "1 = 1". The condition is two-valued (never
// NULL): a hand without a date fails every date comparison, a player
// whose cards are unknown fails every cards comparison, and not inverts
// exactly — the same as Match.
func SQL(e Expr, cols *Columns, style Style, args []any) (string, []any, error) {
	c := compiler{cols: cols, style: style, args: args}
	if e == nil {
		return "1 = 1", args, nil
	}
	if err := c.expr(e); err != nil {
		return "", args, err
	}
	return c.b.String(), c.args, nil
}

type compiler struct {
	cols  *Columns
	style Style
	args  []any
	b     strings.Builder
}

// param binds v and writes its placeholder.
func (c *compiler) param(v any) {
	c.args = append(c.args, v)
	if c.style == Question {
		c.b.WriteByte('?')
		return
	}
	c.b.WriteByte('$')
	c.b.WriteString(strconv.Itoa(len(c.args)))
}

// list writes "(p1, p2, ...)" binding vs.
func (c *compiler) list(vs []any) {
	c.b.WriteByte('(')
	for i, v := range vs {
		if i > 0 {
			c.b.WriteString(", ")
		}
		c.param(v)
	}
	c.b.WriteByte(')')
}

func (c *compiler) expr(e Expr) error {
	switch e := e.(type) {
	case And:
		return c.join(e.Terms, " AND ")
	case Or:
		return c.join(e.Terms, " OR ")
	case Not:
		c.b.WriteString("(NOT ")
		if err := c.expr(e.X); err != nil {
			return err
		}
		c.b.WriteByte(')')
		return nil
	case *Pred:
		return c.pred(e)
	}
	return fmt.Errorf("filter: unknown expression %T", e)
}

func (c *compiler) join(terms []Expr, sep string) error {
	c.b.WriteByte('(')
	for i, t := range terms {
		if i > 0 {
			c.b.WriteString(sep)
		}
		if err := c.expr(t); err != nil {
			return err
		}
	}
	c.b.WriteByte(')')
	return nil
}

// column returns the column of f, or an UnavailableError.
func (c *compiler) column(f Field) (string, error) {
	var col string
	switch f {
	case Date:
		col = c.cols.Day
	case Stakes:
		col = c.cols.Stakes
	case Site:
		col = c.cols.Site
	case Seats:
		col = c.cols.Seats
	case Pot:
		col = c.cols.Pot
	case Position:
		col = c.cols.Position
	case Player:
		col = c.cols.PlayerID
		if c.cols.Players == "" {
			col = ""
		}
	case Cards:
		col = c.cols.Hole
	case Won:
		col = c.cols.Net
		if c.cols.BB == "" {
			col = ""
		}
	case Flop:
		col = c.cols.SawFlop
	case Showdown:
		col = c.cols.Showdown
	case AllIn:
		col = c.cols.AllIn
	}
	if col == "" {
		return "", &UnavailableError{Field: f}
	}
	return col, nil
}

var sqlOp = [...]string{"", " = ", " <> ", " < ", " <= ", " > ", " >= ", " IN ", " NOT IN "}

func (c *compiler) pred(p *Pred) error {
	col, err := c.column(p.Field)
	if err != nil {
		return err
	}
	b := &c.b
	switch p.Field {
	case Flop, Showdown, AllIn:
		b.WriteString("(" + col + " = 1)")
		return nil
	case Won:
		// Exact integers on both sides but the factor: a double, bound as
		// one (PostgreSQL would otherwise type it as the column's bigint).
		b.WriteString("(" + col + sqlOp[p.Op] + "CAST(")
		c.param(p.Num)
		b.WriteString(" AS DOUBLE PRECISION) * " + c.cols.BB + ")")
		return nil
	case Cards:
		return c.cards(col, p)
	}
	var vals []any
	for _, v := range p.Ints {
		vals = append(vals, v)
	}
	for _, v := range p.Strings {
		vals = append(vals, v)
	}
	b.WriteByte('(')
	// A hand without a date (day 0) fails every comparison of dates: the
	// ones that 0 would pass (!=, <, <=, not in) need day > 0.
	if p.Field == Date && (p.Op == Ne || p.Op == Lt || p.Op == Le || p.Op == NotIn) {
		b.WriteString(col + " > 0 AND ")
	}
	switch p.Field {
	case Site:
		col = "lower(" + col + ")"
	case Player:
		// Names are looked up in the players table: the rows hold ids.
		in := " IN "
		if p.Op == Ne || p.Op == NotIn {
			in = " NOT IN "
		}
		b.WriteString(col + in + "(SELECT id FROM " + c.cols.Players + " WHERE name IN ")
		c.list(vals)
		b.WriteString("))")
		return nil
	}
	b.WriteString(col)
	b.WriteString(sqlOp[p.Op])
	if p.Op == In || p.Op == NotIn {
		c.list(vals)
	} else {
		c.param(vals[0])
	}
	b.WriteByte(')')
	return nil
}

// cards compiles a range: the hole index in the range's combinations, or
// not in its complement when that is shorter (at most 663 parameters). A
// player whose cards are unknown (NULL) matches neither cards=R nor
// cards!=R.
func (c *compiler) cards(col string, p *Pred) error {
	n := 0
	for _, in := range p.Holes {
		if in {
			n++
		}
	}
	want := p.Op == Eq || p.Op == In
	b := &c.b
	switch {
	case n == 0 && want, n == cards.NumHoles && !want:
		b.WriteString("(1 = 0)")
		return nil
	case n == 0 || n == cards.NumHoles:
		b.WriteString("(" + col + " IS NOT NULL)")
		return nil
	}
	set := true // list the combinations in the range
	if n > cards.NumHoles/2 {
		set = false // list the complement
	}
	in := " IN "
	if want != set {
		in = " NOT IN "
	}
	var vals []any
	for _, h := range holeList(p.Holes, set) {
		vals = append(vals, h)
	}
	b.WriteString("(" + col + " IS NOT NULL AND " + col + in)
	c.list(vals)
	b.WriteByte(')')
	return nil
}
