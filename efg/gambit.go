package efg

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// Gambit's extensive-form file format, version 2 (the .efg files of Gambit's
// documentation, "The extensive game (.efg) file format"):
//
//	EFG 2 R "title" { "Player 1" "Player 2" }
//	"optional comment"
//
//	c "" 1 "" { "A" 1/2 "Q" 1/2 } 0
//	p "" 1 1 "A" { "bet" "check" } 0
//	p "" 2 1 "K" { "call" "fold" } 0
//	t "" 1 "A bet call" { 3, -2 }
//	…
//
// Nodes are listed in prefix order: a chance node (c) gives its name, its
// chance information-set number, optionally the information set's name and
// its outcomes with probabilities (decimals or rationals), then an outcome
// number; a personal node (p) gives its name, the player (from 1), the
// information-set number, optionally the name and action list, and an outcome
// number; a terminal (t) gives its name and an outcome number. Name and
// action list may be omitted once an information set is defined. An outcome
// number other than 0 is followed, at least the first time, by the outcome's
// name and its payoffs (one per player, separated by spaces or commas).
// Outcomes attached to non-terminal nodes add to the payoffs of every
// terminal below them.

// ReadEFG reads a Gambit .efg file (version 2) into a tree. name (usually the
// file name) prefixes error messages, which give line and column.
func ReadEFG(r io.Reader, name string) (*Tree, error) {
	return ReadEFGWith(r, name, CompileOptions{})
}

// ReadEFGWith is ReadEFG with limits: reading stops with a *TooLargeError
// once the tree passes opt.MaxBytes (see EstimateEFG to refuse a file
// before reading it).
func ReadEFGWith(r io.Reader, name string, opt CompileOptions) (*Tree, error) {
	p := &efgParser{lex: newLexer(r, name), chance: map[int64]chanceDef{}, outcomes: map[int64]outcomeDef{}, limit: opt.MaxBytes}
	t, err := p.parse()
	if err == errStop {
		return nil, p.b.tooLarge(name)
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

type chanceDef struct {
	labels []string
	probs  []float64
}

type outcomeDef struct {
	name    string
	payoffs []float64
}

type efgParser struct {
	lex      *lexer
	b        *builder
	players  int
	chance   map[int64]chanceDef  // chance information sets by number
	outcomes map[int64]outcomeDef // outcomes by number
	limit    int64                // CompileOptions.MaxBytes
}

func (p *efgParser) parse() (t *Tree, err error) {
	if err := p.expectWord("EFG"); err != nil {
		return nil, err
	}
	v, err := p.expect(tokNumber, "version number 2")
	if err != nil {
		return nil, err
	}
	if v.text != "2" {
		return nil, p.errAt(v, "unsupported .efg version %s (only version 2 is read)", v.text)
	}
	kind, err := p.expect(tokWord, "R or D")
	if err != nil {
		return nil, err
	}
	if kind.text != "R" && kind.text != "D" {
		return nil, p.errAt(kind, "expected R or D after the version, found %s", kind.describe())
	}
	title, err := p.expect(tokString, "the game's title")
	if err != nil {
		return nil, err
	}
	if _, err := p.expect(tokLBrace, "{ and the player names"); err != nil {
		return nil, err
	}
	var names []string
	for {
		tok, err := p.lex.next()
		if err != nil {
			return nil, err
		}
		if tok.kind == tokRBrace {
			break
		}
		if tok.kind != tokString {
			return nil, p.errAt(tok, "expected a player name or }, found %s", tok.describe())
		}
		names = append(names, tok.text)
	}
	if len(names) == 0 {
		return nil, p.errAt(title, "the game has no players")
	}
	if len(names) > 127 {
		return nil, p.errAt(title, "the game has %d players; at most 127 are supported", len(names))
	}
	p.players = len(names)
	p.b = newBuilder(len(names))
	p.b.limit = p.limit
	p.b.tree.Title = title.text
	p.b.tree.PlayerNames = names
	tok, err := p.lex.peek()
	if err != nil {
		return nil, err
	}
	if tok.kind == tokString {
		p.lex.next()
		p.b.tree.Comment = tok.text
	}
	p.b.addNode(-1)
	if err := p.node(0, make([]float64, p.players)); err != nil {
		return nil, err
	}
	if tok, err := p.lex.next(); err != nil {
		return nil, err
	} else if tok.kind != tokEOF {
		return nil, p.errAt(tok, "unexpected %s after the last node of the tree", tok.describe())
	}
	t, err = p.b.finish()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.lex.name, err)
	}
	return t, nil
}

// node parses the node that the builder allocated as n, and its subtree.
// acc holds the payoffs of outcomes attached to the node's ancestors.
func (p *efgParser) node(n int32, acc []float64) error {
	start, err := p.expect(tokWord, "a node (c, p or t)")
	if err != nil {
		return err
	}
	if _, err := p.expect(tokString, "the node's name"); err != nil {
		return err
	}
	switch start.text {
	case "t":
		out, err := p.outcome()
		if err != nil {
			return err
		}
		u := append([]float64(nil), acc...)
		name := ""
		if out != nil {
			for i := range u {
				u[i] += out.payoffs[i]
			}
			name = out.name
		}
		if err := p.b.setTerminal(n, u, name); err != nil {
			return p.errAt(start, "%v", err)
		}
		return nil
	case "c":
		numTok, num, err := p.integer("the chance information-set number")
		if err != nil {
			return err
		}
		def, seen := p.chance[num]
		if tok, _ := p.lex.peek(); tok.kind == tokString {
			p.lex.next()
		}
		if tok, _ := p.lex.peek(); tok.kind == tokLBrace {
			var d chanceDef
			if d, err = p.chanceActions(); err != nil {
				return err
			}
			if seen && (!slices.Equal(d.labels, def.labels) || !slices.Equal(d.probs, def.probs)) {
				return p.errAt(numTok, "chance information set %d is redefined with different outcomes", num)
			}
			def, seen = d, true
			p.chance[num] = d
		}
		if !seen {
			return p.errAt(numTok, "chance information set %d is used before its outcomes are given", num)
		}
		if err := p.b.setChance(n, def.labels, def.probs); err != nil {
			return p.errAt(start, "%v", err)
		}
		return p.children(n, acc, len(def.labels))
	case "p":
		plTok, pl, err := p.integer("the player number")
		if err != nil {
			return err
		}
		if pl < 1 || pl > int64(p.players) {
			return p.errAt(plTok, "player %d does not exist (the game has %d players)", pl, p.players)
		}
		numTok, num, err := p.integer("the information-set number")
		if err != nil {
			return err
		}
		if num < 1 || num > math.MaxInt32 {
			return p.errAt(numTok, "information-set number %d must be a positive integer", num)
		}
		key := strconv.FormatInt(num, 10)
		I, known := p.b.keys[pl-1][key]
		label := ""
		if tok, _ := p.lex.peek(); tok.kind == tokString {
			p.lex.next()
			label = tok.text
			if known && label != "" && p.b.tree.InfoSetLabel[I] != label {
				return p.errAt(tok, "information set %d of player %d was named %q, here %q", num, pl, p.b.tree.InfoSetLabel[I], label)
			}
		}
		var actions []string
		if tok, _ := p.lex.peek(); tok.kind == tokLBrace {
			if actions, err = p.actionList(); err != nil {
				return err
			}
		} else if known {
			actions = p.b.actionsOf[I]
		} else {
			return p.errAt(numTok, "information set %d of player %d is used before its actions are given", num, pl)
		}
		if _, err := p.b.setDecision(n, int(pl-1), key, label, int32(num), actions); err != nil {
			return p.errAt(start, "%v", err)
		}
		return p.children(n, acc, len(actions))
	}
	return p.errAt(start, "expected a node type c, p or t, found %s", start.describe())
}

// children parses the outcome of node n and then its k children.
func (p *efgParser) children(n int32, acc []float64, k int) error {
	out, err := p.outcome()
	if err != nil {
		return err
	}
	if out != nil {
		acc = append([]float64(nil), acc...)
		for i := range acc {
			acc[i] += out.payoffs[i]
		}
	}
	first, err := p.b.reserve(n, k)
	if err != nil {
		return err
	}
	for a := 0; a < k; a++ {
		if err := p.node(first+int32(a), acc); err != nil {
			return err
		}
	}
	return nil
}

// outcome parses an outcome number and, if present, its name and payoffs.
// It returns nil for outcome 0.
func (p *efgParser) outcome() (*outcomeDef, error) {
	numTok, num, err := p.integer("an outcome number")
	if err != nil {
		return nil, err
	}
	if num < 0 {
		return nil, p.errAt(numTok, "outcome number %d is negative", num)
	}
	def, seen := p.outcomes[num]
	tok, err := p.lex.peek()
	if err != nil {
		return nil, err
	}
	if tok.kind == tokString || tok.kind == tokLBrace {
		var d outcomeDef
		if tok.kind == tokString {
			p.lex.next()
			d.name = tok.text
		}
		if d.payoffs, err = p.payoffs(); err != nil {
			return nil, err
		}
		if num == 0 {
			return nil, p.errAt(numTok, "outcome 0 means no outcome and cannot have payoffs")
		}
		if seen && (d.name != def.name || !slices.Equal(d.payoffs, def.payoffs)) {
			return nil, p.errAt(numTok, "outcome %d is redefined with a different name or payoffs", num)
		}
		def, seen = d, true
		p.outcomes[num] = d
	}
	if num == 0 {
		return nil, nil
	}
	if !seen {
		return nil, p.errAt(numTok, "outcome %d is used before its payoffs are given", num)
	}
	return &def, nil
}

func (p *efgParser) payoffs() ([]float64, error) {
	open, err := p.expect(tokLBrace, "{ and the outcome's payoffs")
	if err != nil {
		return nil, err
	}
	var u []float64
	for {
		tok, err := p.lex.next()
		if err != nil {
			return nil, err
		}
		switch tok.kind {
		case tokComma:
			continue
		case tokRBrace:
			if len(u) != p.players {
				return nil, p.errAt(open, "outcome has %d payoffs, the game has %d players", len(u), p.players)
			}
			return u, nil
		case tokNumber:
			x, err := p.number(tok)
			if err != nil {
				return nil, err
			}
			u = append(u, x)
		default:
			return nil, p.errAt(tok, "expected a payoff or }, found %s", tok.describe())
		}
	}
}

func (p *efgParser) chanceActions() (chanceDef, error) {
	var d chanceDef
	p.lex.next() // {
	for {
		tok, err := p.lex.next()
		if err != nil {
			return d, err
		}
		if tok.kind == tokRBrace {
			if len(d.labels) == 0 {
				return d, p.errAt(tok, "a chance node needs at least one outcome")
			}
			return d, nil
		}
		if tok.kind != tokString {
			return d, p.errAt(tok, "expected a chance outcome's name or }, found %s", tok.describe())
		}
		probTok, err := p.expect(tokNumber, "the probability of "+strconv.Quote(tok.text))
		if err != nil {
			return d, err
		}
		q, err := p.number(probTok)
		if err != nil {
			return d, err
		}
		if !(q >= 0 && q <= 1) {
			return d, p.errAt(probTok, "probability %s of %q is not in [0, 1]", probTok.text, tok.text)
		}
		d.labels = append(d.labels, tok.text)
		d.probs = append(d.probs, q)
	}
}

func (p *efgParser) actionList() ([]string, error) {
	p.lex.next() // {
	var labels []string
	for {
		tok, err := p.lex.next()
		if err != nil {
			return nil, err
		}
		if tok.kind == tokRBrace {
			if len(labels) == 0 {
				return nil, p.errAt(tok, "a personal node needs at least one action")
			}
			return labels, nil
		}
		if tok.kind != tokString {
			return nil, p.errAt(tok, "expected an action name or }, found %s", tok.describe())
		}
		labels = append(labels, tok.text)
	}
}

func (p *efgParser) integer(what string) (token, int64, error) {
	tok, err := p.expect(tokNumber, what)
	if err != nil {
		return tok, 0, err
	}
	n, err := strconv.ParseInt(tok.text, 10, 64)
	if err != nil {
		return tok, 0, p.errAt(tok, "expected %s (an integer), found %s", what, tok.text)
	}
	return tok, n, nil
}

// number parses an integer, decimal ("0.25", "1e-3") or rational ("1/3").
func (p *efgParser) number(tok token) (float64, error) {
	// big.Rat would expand an exponent such as 1e999999999 exactly; no
	// payoff or probability needs more than float64's range.
	if len(tok.text) > 100 {
		return 0, p.errAt(tok, "number %.20q… is too long", tok.text)
	}
	if i := strings.IndexAny(tok.text, "eE"); i >= 0 {
		if e, err := strconv.Atoi(tok.text[i+1:]); err != nil || e > 400 || e < -400 {
			return 0, p.errAt(tok, "%q is not a number in range", tok.text)
		}
	}
	r, ok := new(big.Rat).SetString(tok.text)
	if !ok {
		return 0, p.errAt(tok, "%q is not a number", tok.text)
	}
	x, _ := r.Float64()
	if math.IsInf(x, 0) {
		return 0, p.errAt(tok, "%q is out of range", tok.text)
	}
	return x, nil
}

func (p *efgParser) expect(kind tokKind, what string) (token, error) {
	tok, err := p.lex.next()
	if err != nil {
		return tok, err
	}
	if tok.kind != kind {
		return tok, p.errAt(tok, "expected %s, found %s", what, tok.describe())
	}
	return tok, nil
}

func (p *efgParser) expectWord(w string) error {
	tok, err := p.lex.next()
	if err != nil {
		return err
	}
	if tok.kind != tokWord || tok.text != w {
		return p.errAt(tok, "expected %s, found %s (is this a Gambit .efg file?)", w, tok.describe())
	}
	return nil
}

func (p *efgParser) errAt(tok token, format string, args ...any) error {
	if p.lex.err != nil {
		return p.lex.err // a scanning error found while peeking comes first
	}
	return fmt.Errorf("%s:%d:%d: %s", p.lex.name, tok.line, tok.col, fmt.Sprintf(format, args...))
}

// The lexer splits an .efg file into strings, numbers, words and braces.

type tokKind int

const (
	tokEOF tokKind = iota
	tokString
	tokNumber
	tokWord
	tokLBrace
	tokRBrace
	tokComma
)

type token struct {
	kind      tokKind
	text      string
	line, col int
}

func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "the end of the file (is it truncated?)"
	case tokString:
		return fmt.Sprintf("the string %q", t.text)
	case tokNumber:
		return "the number " + t.text
	case tokWord:
		return strconv.Quote(t.text)
	case tokLBrace:
		return "{"
	case tokRBrace:
		return "}"
	}
	return ","
}

type lexer struct {
	r         *bufio.Reader
	name      string
	line, col int
	peeked    *token
	err       error // sticky: once scanning fails, every later call returns it
}

func newLexer(r io.Reader, name string) *lexer {
	return &lexer{r: bufio.NewReader(r), name: name, line: 1, col: 1}
}

func (l *lexer) read() (rune, error) {
	c, _, err := l.r.ReadRune()
	if err != nil {
		return 0, err
	}
	if c == '\n' {
		l.line++
		l.col = 1
	} else {
		l.col++
	}
	return c, nil
}

func (l *lexer) unread(c rune) {
	l.r.UnreadRune()
	if c == '\n' {
		l.line-- // columns are not restored across lines; never needed
	} else {
		l.col--
	}
}

// peek returns the next token without consuming it. On a scanning error it
// returns an EOF token; the error itself comes from the following next.
func (l *lexer) peek() (token, error) {
	if l.err != nil {
		return token{kind: tokEOF}, l.err
	}
	if l.peeked == nil {
		tok, err := l.scan()
		if err != nil {
			l.err = err
			return token{kind: tokEOF}, err
		}
		l.peeked = &tok
	}
	return *l.peeked, nil
}

func (l *lexer) next() (token, error) {
	if l.err != nil {
		return token{}, l.err
	}
	if l.peeked != nil {
		tok := *l.peeked
		l.peeked = nil
		return tok, nil
	}
	tok, err := l.scan()
	if err != nil {
		l.err = err
	}
	return tok, err
}

func (l *lexer) scan() (token, error) {
	for {
		line, col := l.line, l.col
		c, err := l.read()
		if err == io.EOF {
			return token{kind: tokEOF, line: line, col: col}, nil
		}
		if err != nil {
			return token{}, fmt.Errorf("%s: %w", l.name, err)
		}
		tok := token{line: line, col: col}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '{':
			tok.kind = tokLBrace
			return tok, nil
		case c == '}':
			tok.kind = tokRBrace
			return tok, nil
		case c == ',':
			tok.kind = tokComma
			return tok, nil
		case c == '"':
			var b strings.Builder
			for {
				c, err := l.read()
				if err != nil {
					return tok, fmt.Errorf("%s:%d:%d: unterminated string (the file ends inside it)", l.name, line, col)
				}
				if c == '\\' {
					c, err = l.read()
					if err != nil {
						return tok, fmt.Errorf("%s:%d:%d: unterminated string (the file ends inside it)", l.name, line, col)
					}
				} else if c == '"' {
					break
				}
				b.WriteRune(c)
			}
			tok.kind, tok.text = tokString, b.String()
			return tok, nil
		case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
			tok.kind, tok.text = tokNumber, l.run(c, func(c rune) bool {
				return c == '.' || c == '/' || c == 'e' || c == 'E' || c == '-' || c == '+' || (c >= '0' && c <= '9')
			})
			return tok, nil
		case c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			tok.kind, tok.text = tokWord, l.run(c, func(c rune) bool {
				return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
			})
			return tok, nil
		default:
			return tok, fmt.Errorf("%s:%d:%d: unexpected character %q", l.name, line, col, c)
		}
	}
}

func (l *lexer) run(first rune, ok func(rune) bool) string {
	var b strings.Builder
	b.WriteRune(first)
	for {
		c, err := l.read()
		if err != nil {
			return b.String()
		}
		if !ok(c) {
			l.unread(c)
			return b.String()
		}
		b.WriteRune(c)
	}
}

// WriteEFG writes t in Gambit's .efg format (version 2). Probabilities and
// payoffs that are exact small fractions are written as rationals ("1/6"),
// others as decimals with enough digits to read back the same float64, so a
// written tree reads back identical. Every chance node gets its own chance
// information set; terminals with equal outcome names and payoffs share an
// outcome number.
func WriteEFG(w io.Writer, t *Tree) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "EFG 2 R %s {", quote(t.Title))
	for _, n := range t.PlayerNames {
		fmt.Fprintf(bw, " %s", quote(n))
	}
	fmt.Fprintf(bw, " }\n%s\n\n", quote(t.Comment))
	N := t.NumPlayers()
	outcomeNum := map[string]int{}
	var chanceNum int
	// An explicit stack in prefix order (children pushed in reverse).
	stack := []int32{0}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch pl := t.Player[n]; pl {
		case Terminal:
			r := int(t.InfoSet[n])
			u := t.Payoff[r*N : (r+1)*N]
			var pay strings.Builder
			for i, x := range u {
				if i > 0 {
					pay.WriteString(", ")
				}
				pay.WriteString(numberString(x))
			}
			key := t.OutcomeLabel[r] + "\x00" + pay.String()
			num, ok := outcomeNum[key]
			if !ok {
				num = len(outcomeNum) + 1
				outcomeNum[key] = num
			}
			fmt.Fprintf(bw, "t \"\" %d %s { %s }\n", num, quote(t.OutcomeLabel[r]), pay.String())
		case Chance:
			chanceNum++
			c := int(t.InfoSet[n])
			fmt.Fprintf(bw, "c \"\" %d \"\" {", chanceNum)
			for k := t.ChanceStart[c]; k < t.ChanceStart[c+1]; k++ {
				fmt.Fprintf(bw, " %s %s", quote(t.ChanceLabel[k]), numberString(t.ChanceProb[k]))
			}
			fmt.Fprintf(bw, " } 0\n")
		default:
			I := int(t.InfoSet[n])
			fmt.Fprintf(bw, "p \"\" %d %d %s {", int(pl)+1, t.InfoSetID[I], quote(t.InfoSetLabel[I]))
			lo, hi := t.Actions(I)
			for a := lo; a < hi; a++ {
				fmt.Fprintf(bw, " %s", quote(t.ActionLabel[a]))
			}
			fmt.Fprintf(bw, " } 0\n")
		}
		for c := t.FirstChild[n] + t.NumChildren[n] - 1; c >= t.FirstChild[n] && t.Player[n] != Terminal; c-- {
			stack = append(stack, c)
		}
	}
	return bw.Flush()
}

func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// numberString writes x as an integer, an exact small fraction p/q (q ≤ 10^6,
// found by continued fractions and kept only if p/q rounds to x exactly), or
// the shortest decimal that reads back as x.
func numberString(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatInt(int64(x), 10)
	}
	if p, q, ok := exactFraction(x, 1e6); ok {
		return strconv.FormatInt(p, 10) + "/" + strconv.FormatInt(q, 10)
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

func exactFraction(x float64, maxDen int64) (int64, int64, bool) {
	if math.Abs(x) > 1e9 {
		return 0, 0, false
	}
	// Convergents h/k of the continued fraction of x.
	h0, h1 := int64(0), int64(1)
	k0, k1 := int64(1), int64(0)
	r := x
	for i := 0; i < 64; i++ {
		a := math.Floor(r)
		ai := int64(a)
		h0, h1 = h1, ai*h1+h0
		k0, k1 = k1, ai*k1+k0
		if k1 > maxDen || k1 <= 0 {
			return 0, 0, false
		}
		if float64(h1)/float64(k1) == x {
			return h1, k1, true
		}
		if r == a {
			return 0, 0, false
		}
		r = 1 / (r - a)
	}
	return 0, 0, false
}
