package filter

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"pokerlab/cards"
	"pokerlab/equity"
	"pokerlab/hud"
)

// Error is a filter that cannot be read: the column (1-based, in bytes)
// of the token at fault and why.
type Error struct {
	Input string
	Col   int
	Msg   string
}

func (e *Error) Error() string {
	return fmt.Sprintf("filter %q: col %d: %s", e.Input, e.Col, e.Msg)
}

// Limits of a filter, so that what parses also runs: SQLite's expression
// depth is 1000 and its bound parameters 32,766.
const (
	// MaxLen is the longest filter text.
	MaxLen = 4096
	// MaxDepth is the deepest nesting of parentheses and not.
	MaxDepth = 32
	// MaxPreds is the most predicates in a filter.
	MaxPreds = 64
	// MaxValues is the most values of a filter, every list and range
	// counted (a range counts the combinations it binds: at most 663, the
	// smaller of the range and its complement).
	MaxValues = 8192
)

type tokKind uint8

const (
	tEOF tokKind = iota
	tWord
	tString
	tOp
	tLParen
	tRParen
	tComma
)

type token struct {
	kind tokKind
	text string // the word, the string's value, the operator
	col  int
}

// wordByte reports whether c can be part of a bare word: anything but
// space, parentheses, commas, quotes and the comparison characters.
func wordByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v', '(', ')', ',', '"', '\'', '=', '!', '<', '>':
		return false
	}
	return c >= 0x20 && c != 0x7f
}

// lex cuts s into tokens.
func lex(s string) ([]token, error) {
	var out []token
	fail := func(col int, format string, a ...any) ([]token, error) {
		return nil, &Error{Input: s, Col: col, Msg: fmt.Sprintf(format, a...)}
	}
	for i := 0; i < len(s); {
		c := s[i]
		col := i + 1
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(':
			out = append(out, token{tLParen, "(", col})
			i++
		case c == ')':
			out = append(out, token{tRParen, ")", col})
			i++
		case c == ',':
			out = append(out, token{tComma, ",", col})
			i++
		case c == '=':
			n := 1
			if i+1 < len(s) && s[i+1] == '=' {
				n = 2 // "==" reads as "="
			}
			out = append(out, token{tOp, "=", col})
			i += n
		case c == '!' || c == '<' || c == '>':
			if i+1 < len(s) && s[i+1] == '=' {
				out = append(out, token{tOp, s[i : i+2], col})
				i += 2
				continue
			}
			if c == '<' && i+1 < len(s) && s[i+1] == '>' {
				out = append(out, token{tOp, "!=", col})
				i += 2
				continue
			}
			if c == '!' {
				return fail(col, "'!' alone: write != or not")
			}
			out = append(out, token{tOp, string(c), col})
			i++
		case c == '"' || c == '\'':
			var b strings.Builder
			j := i + 1
			for ; j < len(s) && s[j] != c; j++ {
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				b.WriteByte(s[j])
			}
			if j >= len(s) {
				return fail(col, "unterminated string (no closing %c)", c)
			}
			out = append(out, token{tString, b.String(), col})
			i = j + 1
		case wordByte(c):
			j := i
			for j < len(s) && wordByte(s[j]) {
				j++
			}
			out = append(out, token{tWord, s[i:j], col})
			i = j
		default:
			return fail(col, "unexpected character %q", c)
		}
	}
	out = append(out, token{tEOF, "", len(s) + 1})
	return out, nil
}

// parser reads tokens into an Expr.
type parser struct {
	in     string
	toks   []token
	i      int
	depth  int
	preds  int
	values int
}

// Parse reads a filter. The empty filter (only spaces) is nil: it selects
// everything. Errors are *Error, with the column of the token at fault.
func Parse(s string) (Expr, error) {
	if len(s) > MaxLen {
		return nil, &Error{Input: s[:64] + "…", Col: MaxLen + 1, Msg: fmt.Sprintf("longer than %d bytes", MaxLen)}
	}
	// The databases store text as UTF-8 (PostgreSQL refuses other bytes).
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			return nil, &Error{Input: s, Col: i + 1, Msg: "not UTF-8 text"}
		}
		if r == 0 {
			return nil, &Error{Input: s, Col: i + 1, Msg: "a NUL byte"}
		}
	}
	toks, err := lex(s)
	if err != nil {
		return nil, err
	}
	if toks[0].kind == tEOF {
		return nil, nil
	}
	p := &parser{in: s, toks: toks}
	e, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		if t.kind == tRParen {
			return nil, p.errAt(t, "')' without '('")
		}
		return nil, p.errAt(t, "%s after a complete condition: join conditions with and, or", describe(t))
	}
	return e, nil
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) errAt(t token, format string, a ...any) error {
	return &Error{Input: p.in, Col: t.col, Msg: fmt.Sprintf(format, a...)}
}

// describe names a token in messages.
func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "the end of the filter"
	case tString:
		return strconv.Quote(t.text)
	}
	return "'" + t.text + "'"
}

// isWord reports whether t is the keyword w.
func isWord(t token, w string) bool { return t.kind == tWord && strings.EqualFold(t.text, w) }

func (p *parser) or() (Expr, error) {
	first, err := p.and()
	if err != nil {
		return nil, err
	}
	terms := []Expr{first}
	for isWord(p.peek(), "or") {
		p.next()
		t, err := p.and()
		if err != nil {
			return nil, err
		}
		terms = append(terms, t)
	}
	if len(terms) == 1 {
		return first, nil
	}
	return flatten(Or{terms}), nil
}

func (p *parser) and() (Expr, error) {
	first, err := p.unary()
	if err != nil {
		return nil, err
	}
	terms := []Expr{first}
	for isWord(p.peek(), "and") {
		p.next()
		t, err := p.unary()
		if err != nil {
			return nil, err
		}
		terms = append(terms, t)
	}
	if len(terms) == 1 {
		return first, nil
	}
	return flatten(And{terms}), nil
}

// flatten merges nested terms of the same kind: (a and b) and c is a and
// b and c.
func flatten(e Expr) Expr {
	switch e := e.(type) {
	case And:
		var out []Expr
		for _, t := range e.Terms {
			if a, ok := t.(And); ok {
				out = append(out, a.Terms...)
			} else {
				out = append(out, t)
			}
		}
		return And{out}
	case Or:
		var out []Expr
		for _, t := range e.Terms {
			if o, ok := t.(Or); ok {
				out = append(out, o.Terms...)
			} else {
				out = append(out, t)
			}
		}
		return Or{out}
	}
	return e
}

func (p *parser) unary() (Expr, error) {
	t := p.peek()
	if isWord(t, "not") {
		p.next()
		if err := p.enter(t); err != nil {
			return nil, err
		}
		x, err := p.unary()
		p.depth--
		if err != nil {
			return nil, err
		}
		if n, ok := x.(Not); ok {
			return n.X, nil // not not x is x
		}
		return Not{x}, nil
	}
	return p.primary()
}

func (p *parser) enter(t token) error {
	p.depth++
	if p.depth > MaxDepth {
		return p.errAt(t, "nested more than %d deep", MaxDepth)
	}
	return nil
}

func (p *parser) primary() (Expr, error) {
	t := p.next()
	switch t.kind {
	case tLParen:
		if err := p.enter(t); err != nil {
			return nil, err
		}
		e, err := p.or()
		p.depth--
		if err != nil {
			return nil, err
		}
		if c := p.next(); c.kind != tRParen {
			return nil, p.errAt(c, "want ')' to close the '(' of col %d, found %s", t.col, describe(c))
		}
		return e, nil
	case tWord:
		if keyword(t.text) {
			return nil, p.errAt(t, "'%s' where a condition belongs (such as position=BTN)", t.text)
		}
		return p.pred(t)
	case tEOF:
		return nil, p.errAt(t, "a condition is missing at the end (such as position=BTN)")
	}
	return nil, p.errAt(t, "%s where a condition belongs (such as position=BTN)", describe(t))
}

// fieldList is the list of fields for messages.
const fieldList = "date, stakes, site, seats, pot, position, player, cards, won, flop, showdown, allin"

func (p *parser) pred(t token) (Expr, error) {
	f, ok := fieldAliases[asciiLower(t.text)]
	if !ok {
		return nil, p.errAt(t, "unknown field %q (want one of %s)", t.text, fieldList)
	}
	p.preds++
	if p.preds > MaxPreds {
		return nil, p.errAt(t, "more than %d conditions", MaxPreds)
	}
	pr := &Pred{Field: f, Col: t.col}
	if f.IsFlag() {
		pr.Op = IsSet
		if n := p.peek(); n.kind == tOp {
			return nil, p.errAt(n, "%s is a flag: write %s or not %s, without a comparison", f, f, f)
		}
		return pr, nil
	}
	var vals []token
	o := p.next()
	switch {
	case o.kind == tOp:
		pr.Op = map[string]Op{"=": Eq, "!=": Ne, "<": Lt, "<=": Le, ">": Gt, ">=": Ge}[o.text]
		v, err := p.value(o)
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
		// A range may list items: cards=QQ+,AKs.
		for f == Cards && (pr.Op == Eq || pr.Op == Ne) && p.peek().kind == tComma {
			c := p.next()
			v, err := p.value(c)
			if err != nil {
				return nil, err
			}
			vals = append(vals, v)
		}
	case isWord(o, "in") || isWord(o, "not") && isWord(p.peek(), "in"):
		pr.Op = In
		if isWord(o, "not") {
			p.next()
			pr.Op = NotIn
		}
		l := p.next()
		if l.kind != tLParen {
			return nil, p.errAt(l, "want '(' and a list after %s %s, found %s", f, opText[pr.Op], describe(l))
		}
		for {
			v, err := p.value(l)
			if err != nil {
				return nil, err
			}
			vals = append(vals, v)
			c := p.next()
			if c.kind == tRParen {
				break
			}
			if c.kind != tComma {
				return nil, p.errAt(c, "want ',' or ')' in the list of col %d, found %s", l.col, describe(c))
			}
		}
	default:
		return nil, p.errAt(o, "want a comparison (=, !=, <, <=, >, >=, in) after %s, found %s", f, describe(o))
	}
	if err := p.check(pr, o, vals); err != nil {
		return nil, err
	}
	return pr, nil
}

// value reads one value after token after.
func (p *parser) value(after token) (token, error) {
	v := p.next()
	if v.kind == tString || v.kind == tWord && !keyword(v.text) {
		return v, nil
	}
	if v.kind == tEOF {
		return v, p.errAt(v, "a value is missing after '%s' at the end", after.text)
	}
	return v, p.errAt(v, "%s where a value belongs", describe(v))
}

// check validates and normalises the values of pr.
func (p *parser) check(pr *Pred, op token, vals []token) error {
	ordered := pr.Field == Date || pr.Field == Seats || pr.Field == Pot || pr.Field == Won
	if !ordered && pr.Op >= Lt && pr.Op <= Ge {
		return p.errAt(op, "%s takes =, != or in, not %s", pr.Field, opText[pr.Op])
	}
	if pr.Field == Won && (pr.Op == In || pr.Op == NotIn) {
		return p.errAt(vals[0], "won takes a comparison with one number of big blinds (won>10, won<-5), not a list")
	}
	p.values += len(vals)
	for _, v := range vals {
		pr.Text = append(pr.Text, v.text)
		switch pr.Field {
		case Date:
			t, err := time.Parse("2006-01-02", v.text)
			if err != nil {
				return p.errAt(v, "date %q: want YYYY-MM-DD", v.text)
			}
			pr.Ints = append(pr.Ints, int64(t.Year()*10000+int(t.Month())*100+t.Day()))
		case Seats:
			n, err := strconv.Atoi(v.text)
			if err != nil || n < 2 || n > 10 {
				return p.errAt(v, "seats %q: want a number of players from 2 to 10", v.text)
			}
			pr.Ints = append(pr.Ints, int64(n))
		case Pot:
			t, ok := hud.ParsePotType(v.text)
			if !ok {
				return p.errAt(v, "pot %q: want walk, limped, srp (single-raised), 3bet or 4bet (4-bet and more)", v.text)
			}
			pr.Ints = append(pr.Ints, int64(t))
			pr.Text[len(pr.Text)-1] = t.String()
		case Stakes:
			s, err := NormalizeStakes(v.text)
			if err != nil {
				return p.errAt(v, "%v", err)
			}
			pr.Strings = append(pr.Strings, s)
		case Site:
			pr.Strings = append(pr.Strings, asciiLower(v.text))
		case Position:
			up := strings.ToUpper(v.text)
			if !validPosition(up) {
				return p.errAt(v, "position %q: want one of %s", v.text, strings.Join(hud.Positions, ", "))
			}
			pr.Strings = append(pr.Strings, up)
			pr.Text[len(pr.Text)-1] = up
		case Player:
			if v.text == "" {
				return p.errAt(v, "an empty player name")
			}
			pr.Strings = append(pr.Strings, v.text)
		case Won:
			x, err := strconv.ParseFloat(v.text, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e9 {
				return p.errAt(v, "won %q: want a number of big blinds (10, -5, 2.5)", v.text)
			}
			pr.Num = x
		}
	}
	if pr.Field == Cards {
		return p.cards(pr, vals)
	}
	if p.values > MaxValues {
		return p.errAt(vals[0], "more than %d values", MaxValues)
	}
	return nil
}

// cards reads the range of a cards predicate: every item of every value.
func (p *parser) cards(pr *Pred, vals []token) error {
	var holes [cards.NumHoles]bool
	for _, v := range vals {
		r, err := equity.ParseRange(v.text)
		if err != nil {
			msg := err.Error()
			col := v.col
			if re, ok := err.(*equity.RangeError); ok {
				msg = fmt.Sprintf("cards %q: %q: %s", v.text, re.Token, re.Msg)
				if v.kind == tWord {
					col += re.Col - 1
				}
			}
			return &Error{Input: p.in, Col: col, Msg: msg}
		}
		for _, c := range r.Combos() {
			if c.Weight != 1 {
				return p.errAt(v, "cards %q: a filter's range takes no weights", v.text)
			}
			holes[cards.HoleIndex(c.Hole[0], c.Hole[1])] = true
		}
	}
	pr.Holes = &holes
	n := 0
	for _, in := range holes {
		if in {
			n++
		}
	}
	p.values += min(n, cards.NumHoles-n)
	if p.values > MaxValues {
		return p.errAt(vals[0], "more than %d values (ranges count their combinations)", MaxValues)
	}
	return nil
}

func validPosition(s string) bool {
	for _, q := range hud.Positions {
		if s == q {
			return true
		}
	}
	return false
}

// NormalizeStakes reads stakes as users write them ("1/2", "$0.50/$1",
// "0.5/1.00") into the stored form ("1/2", "0.5/1"): trailing zeros and
// currency signs dropped.
func NormalizeStakes(s string) (string, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return "", fmt.Errorf("stakes %q: want SMALL/BIG, such as 1/2", s)
	}
	parts := [2]string{a, b}
	for i, x := range parts {
		x = strings.TrimSpace(x)
		x = strings.TrimLeft(x, "$€£")
		if x == "" || strings.Count(x, ".") > 1 || strings.HasPrefix(x, ".") || strings.HasSuffix(x, ".") {
			return "", fmt.Errorf("stakes %q: %q is not an amount", s, parts[i])
		}
		for _, c := range x {
			if (c < '0' || c > '9') && c != '.' {
				return "", fmt.Errorf("stakes %q: %q is not an amount", s, parts[i])
			}
		}
		x = strings.TrimLeft(x, "0")
		if x == "" || x[0] == '.' {
			x = "0" + x
		}
		if strings.Contains(x, ".") {
			x = strings.TrimSuffix(strings.TrimRight(x, "0"), ".")
		}
		parts[i] = x
	}
	return parts[0] + "/" + parts[1], nil
}

// holeList returns the indexes set in h, sorted.
func holeList(h *[cards.NumHoles]bool, want bool) []int64 {
	var out []int64
	for i, in := range h {
		if in == want {
			out = append(out, int64(i))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
