package filter

import (
	"strconv"
	"strings"

	"pokerlab/cards"
	"pokerlab/hud"
)

// Field is what a predicate tests.
type Field uint8

// The fields of the language. Hand fields are the same for every player
// of a hand; player fields are of the row's player.
const (
	Date     Field = iota + 1 // hand: the day played (yyyymmdd; 0 without a date)
	Stakes                    // hand: "SB/BB" in currency units (store.NormalizeStakes form)
	Site                      // hand: the site (PHH venue), compared without case
	Seats                     // hand: the number of players dealt in
	Pot                       // hand: the pot type (hud.PotType)
	Position                  // player: hud.Position's name
	Player                    // player: the name
	Cards                     // player: the hole cards (a range), when known
	Won                       // player: the net won, in big blinds
	Flop                      // player: saw the flop (flag)
	Showdown                  // player: went to showdown (flag)
	AllIn                     // player: went all-in (flag)
	numFields
)

var fieldNames = [numFields]string{"", "date", "stakes", "site", "seats", "pot", "position", "player", "cards", "won",
	"flop", "showdown", "allin"}

// String returns the field's name in the language.
func (f Field) String() string {
	if f > 0 && f < numFields {
		return fieldNames[f]
	}
	return "Field(" + strconv.Itoa(int(f)) + ")"
}

// IsFlag reports whether f is a flag (written alone: flop, showdown,
// allin).
func (f Field) IsFlag() bool { return f == Flop || f == Showdown || f == AllIn }

// fieldAliases maps the words of the language to fields.
var fieldAliases = map[string]Field{
	"date": Date, "day": Date,
	"stakes": Stakes, "stake": Stakes, "blinds": Stakes,
	"site": Site, "venue": Site,
	"seats":    Seats,
	"pot":      Pot,
	"position": Position, "pos": Position,
	"player": Player, "hero": Player, "name": Player,
	"cards": Cards, "hand": Cards, "hole": Cards,
	"won": Won, "net": Won,
	"flop": Flop, "saw_flop": Flop, "sawflop": Flop,
	"showdown": Showdown, "wtsd": Showdown, "sd": Showdown,
	"allin": AllIn, "all-in": AllIn, "all_in": AllIn,
}

// Op is a comparison.
type Op uint8

// The comparisons. In holds for a value of a list; NotIn for none.
const (
	Eq Op = iota + 1
	Ne
	Lt
	Le
	Gt
	Ge
	In
	NotIn
	IsSet // a flag: the field is true
)

var opText = [...]string{"", "=", "!=", "<", "<=", ">", ">=", "in", "not in", ""}

// Expr is a parsed filter: a tree of and, or, not and predicates.
type Expr interface {
	// String writes the expression back in the language (canonical form:
	// Parse(e.String()) is e).
	String() string
	expr()
}

// And holds when all its terms hold; Or when one does.
type And struct{ Terms []Expr }

// Or holds when one of its terms holds.
type Or struct{ Terms []Expr }

// Not holds when its term does not.
type Not struct{ X Expr }

// Pred is one predicate: Field Op Values. Values are checked and
// normalised at parse time: Ints for date (yyyymmdd), seats and pot
// (hud.PotType); Strings for stakes, site (lower case), position and
// player; Holes for cards (the set of cards.HoleIndex of the range); Num
// for won (big blinds). Col is the predicate's 1-based column in the
// filter text.
type Pred struct {
	Field   Field
	Op      Op
	Ints    []int64
	Strings []string
	Holes   *[cards.NumHoles]bool
	Num     float64
	// Text is each value as written (for String).
	Text []string
	Col  int
}

func (And) expr()   {}
func (Or) expr()    {}
func (Not) expr()   {}
func (*Pred) expr() {}

func (e And) String() string { return join(e.Terms, " and ", true) }
func (e Or) String() string  { return join(e.Terms, " or ", false) }
func (e Not) String() string {
	switch e.X.(type) {
	case And, Or:
		return "not (" + e.X.String() + ")"
	}
	return "not " + e.X.String()
}

// join writes terms with sep, parenthesising an or inside an and.
func join(terms []Expr, sep string, and bool) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		s := t.String()
		switch t.(type) {
		case Or:
			if and {
				s = "(" + s + ")"
			}
		case And:
			if !and {
				s = "(" + s + ")"
			}
		}
		parts[i] = s
	}
	return strings.Join(parts, sep)
}

func (p *Pred) String() string {
	if p.Op == IsSet {
		return p.Field.String()
	}
	vals := make([]string, len(p.Text))
	for i, t := range p.Text {
		vals[i] = quote(t)
	}
	switch p.Op {
	case In, NotIn:
		return p.Field.String() + " " + opText[p.Op] + " (" + strings.Join(vals, ", ") + ")"
	}
	return p.Field.String() + opText[p.Op] + strings.Join(vals, ",")
}

// quote writes a value as a word when it lexes as one, else as a quoted
// string.
func quote(s string) string {
	if s != "" && !keyword(s) {
		plain := true
		for i := 0; i < len(s); i++ {
			if !wordByte(s[i]) {
				plain = false
				break
			}
		}
		if plain {
			return s
		}
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// keyword reports whether a word is one of the language's keywords (which
// a value must be quoted to be).
func keyword(s string) bool {
	switch asciiLower(s) {
	case "and", "or", "not", "in":
		return true
	}
	return false
}

// asciiLower lowers the ASCII letters of s, as SQL's lower() does on both
// engines for ASCII text.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// Walk calls fn for each predicate of e.
func Walk(e Expr, fn func(*Pred)) {
	switch e := e.(type) {
	case And:
		for _, t := range e.Terms {
			Walk(t, fn)
		}
	case Or:
		for _, t := range e.Terms {
			Walk(t, fn)
		}
	case Not:
		Walk(e.X, fn)
	case *Pred:
		fn(e)
	}
}

// Uses reports whether e has a predicate on one of fields.
func Uses(e Expr, fields ...Field) bool {
	found := false
	Walk(e, func(p *Pred) {
		for _, f := range fields {
			found = found || p.Field == f
		}
	})
	return found
}

// potName is the name of pot type v in String.
func potName(v int64) string { return hud.PotType(v).String() }
