package hh

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A small TOML v1.0 reader for PHH files. It keeps what PHH needs and what a
// general reader loses: the source line of every key and array element, and
// the exact text of every number (decimal chip amounts are converted to
// integers from the text, never through float64). It accepts the TOML a PHH
// file can contain — comments, bare and quoted keys, [table] headers, all
// string forms, integers, floats, booleans, dates and times, arrays (also
// over several lines) and inline tables — and rejects dotted keys and arrays
// of tables, which PHH does not use, with an "unsupported" error. The
// differential fuzz test compares it with github.com/BurntSushi/toml.

type tomlKind uint8

const (
	tomlString tomlKind = iota + 1
	tomlInteger
	tomlFloat
	tomlBool
	tomlDatetime
	tomlArray
	tomlTable
)

var tomlKindNames = [...]string{"", "string", "integer", "float", "boolean", "date-time", "array", "inline table"}

func (k tomlKind) String() string { return tomlKindNames[k] }

// span is a byte range [a, b).
type span struct{ a, b int32 }

// tomlValue is a parsed value, a small pointer-free record (values are
// copied into the parser's arena without write barriers or GC scanning);
// read it through the parser: raw(v) is its source text, str(v) the decoded
// string, items(v) the array elements, kvs(v) the inline table.
type tomlValue struct {
	kind  tomlKind
	esc   bool // str is a span of the parser's decoded-string buffer, not of the source
	line  int32
	raw   span
	str   span
	first int32 // arrays: items arena[first:first+n]; inline tables: index in inline
	n     int32
}

type tomlKeyVal struct {
	key  string
	line int
	val  tomlValue
	// multiline is set for arrays that span several lines.
	multiline bool
}

// tomlTableDef is a [name] table (the root table has name "" and line 1).
type tomlTableDef struct {
	name string
	line int
	kvs  []tomlKeyVal
}

// syntaxError is a TOML syntax error at a line, naming the key being read
// when there is one.
type syntaxError struct {
	line int
	key  string
	msg  string
}

func (e *syntaxError) Error() string {
	if e.key != "" {
		return "line " + strconv.Itoa(e.line) + ": key " + e.key + ": " + e.msg
	}
	return "line " + strconv.Itoa(e.line) + ": " + e.msg
}

type tomlParser struct {
	src  string
	pos  int
	line int
	key  string // the key whose value is being parsed, for errors

	// Array elements are collected on stack and, when their array ends,
	// copied contiguously into arena; items slices point into the arena.
	// Streaming parses reset the arena after each table, so a file of many
	// hands costs no allocation per value once the buffers have grown.
	stack   []tomlValue
	arena   []tomlValue
	escaped []byte // decoded strings that differ from their source text
	inline  [][]tomlKeyVal
	kvs     []tomlKeyVal
}

// raw returns the source text of v.
func (p *tomlParser) raw(v tomlValue) string { return p.src[v.raw.a:v.raw.b] }

// str returns the decoded string of a string value.
func (p *tomlParser) str(v tomlValue) string {
	if v.esc {
		return string(p.escaped[v.str.a:v.str.b])
	}
	return p.src[v.str.a:v.str.b]
}

// items returns the elements of an array value.
func (p *tomlParser) items(v tomlValue) []tomlValue {
	if v.kind != tomlArray {
		return nil
	}
	return p.arena[v.first : v.first+v.n]
}

// kvs returns the keys and values of an inline table.
func (p *tomlParser) tableKVs(v tomlValue) []tomlKeyVal {
	if v.kind != tomlTable {
		return nil
	}
	return p.inline[v.first]
}

func (p *tomlParser) errf(format string, args ...any) *syntaxError {
	return &syntaxError{line: p.line, key: p.key, msg: sprintf(format, args...)}
}

// parseTOML parses a whole document into its tables, root first (the root
// table is always there, possibly empty); read the values through the
// returned parser.
func parseTOML(src string) ([]tomlTableDef, *tomlParser, error) {
	tables := []tomlTableDef{{name: "", line: 1}}
	p, err := parseTOMLWith(src, 1, true, func(t *tomlTableDef, _ *tomlParser) error {
		if t.name == "" {
			tables[0] = *t
		} else {
			tables = append(tables, *t)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return tables, p, nil
}

// parseTOMLWith parses src and calls fn for each table in order: the root
// table (name "") first if it has keys, then each [name] table. Unless keep
// is set, a table's keys and values are only valid during its call.
func parseTOMLWith(src string, firstLine int, keep bool, fn func(t *tomlTableDef, p *tomlParser) error) (*tomlParser, error) {
	// A byte-order mark is not part of the document (as BurntSushi reads it).
	for _, bom := range []string{"\xef\xbb\xbf", "\xfe\xff", "\xff\xfe"} {
		if strings.HasPrefix(src, bom) {
			src = src[len(bom):]
			break
		}
	}
	p := &tomlParser{src: src, line: firstLine}
	cur := tomlTableDef{name: "", line: firstLine}
	var rootKeys []tomlKeyVal
	seen := map[string]int{}
	flush := func() error {
		if cur.name == "" && len(p.kvs) == 0 {
			return nil
		}
		cur.kvs = p.kvs
		if keep {
			cur.kvs = append([]tomlKeyVal(nil), p.kvs...)
		}
		if cur.name == "" {
			rootKeys = append(rootKeys, p.kvs...)
		}
		if err := fn(&cur, p); err != nil {
			return err
		}
		p.kvs = p.kvs[:0]
		if !keep {
			p.arena, p.escaped, p.inline = p.arena[:0], p.escaped[:0], p.inline[:0]
		}
		return nil
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			return p, flush()
		}
		c := p.src[p.pos]
		switch {
		case c == '#':
			if err := p.comment(); err != nil {
				return p, err
			}
		case c == '\n':
			p.pos++
			p.line++
		case c == '\r':
			if err := p.newline(); err != nil {
				return p, err
			}
		case c == '[':
			p.key = ""
			if strings.HasPrefix(p.src[p.pos:], "[[") {
				return p, p.errf("arrays of tables ([[...]]) are not supported in PHH")
			}
			p.pos++
			p.skipSpace()
			name, err := p.parseKey()
			if err != nil {
				return p, err
			}
			p.skipSpace()
			if p.pos >= len(p.src) || p.src[p.pos] != ']' {
				return p, p.errf("table header [%s: expected ]", name)
			}
			p.pos++
			if prev, dup := seen[name]; dup {
				return p, p.errf("table [%s] defined twice (first at line %d)", name, prev)
			}
			if err := flush(); err != nil {
				return p, err
			}
			for _, kv := range rootKeys {
				if kv.key == name {
					return p, p.errf("table [%s] redefines the key %s of line %d", name, name, kv.line)
				}
			}
			seen[name] = p.line
			cur = tomlTableDef{name: name, line: p.line}
			if err := p.endOfLine(); err != nil {
				return p, err
			}
		default:
			line := p.line
			p.key = ""
			key, err := p.parseKey()
			if err != nil {
				return p, err
			}
			p.key = key
			for _, kv := range p.kvs {
				if kv.key == key {
					return p, p.errf("defined twice (first at line %d)", kv.line)
				}
			}
			p.skipSpace()
			if p.pos >= len(p.src) || p.src[p.pos] != '=' {
				if p.pos < len(p.src) && p.src[p.pos] == '.' {
					return p, p.errf("dotted keys are not supported in PHH")
				}
				return p, p.errf("expected = after the key")
			}
			p.pos++
			p.skipSpace()
			var v tomlValue
			if err := p.parseValue(&v); err != nil {
				return p, err
			}
			p.kvs = append(p.kvs, tomlKeyVal{key: key, line: line, val: v, multiline: p.line > line})
			if err := p.endOfLine(); err != nil {
				return p, err
			}
		}
	}
}

func (p *tomlParser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// comment skips a comment up to (not including) the newline.
func (p *tomlParser) comment() error {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '\n' || (c == '\r' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '\n') {
			return nil
		}
		if isControl(c) {
			return p.errf("control character %U in a comment", rune(c))
		}
		if c >= 0x80 {
			if err := p.utf8Char("a comment"); err != nil {
				return err
			}
			continue
		}
		p.pos++
	}
	return nil
}

func isControl(c byte) bool { return (c < 0x20 && c != '\t') || c == 0x7f }

func (p *tomlParser) newline() error {
	if p.src[p.pos] == '\r' {
		if p.pos+1 >= len(p.src) || p.src[p.pos+1] != '\n' {
			return p.errf("carriage return not followed by a newline")
		}
		p.pos++
	}
	p.pos++
	p.line++
	return nil
}

// endOfLine accepts spaces, an optional comment and a newline (or the end).
func (p *tomlParser) endOfLine() error {
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '#' {
		if err := p.comment(); err != nil {
			return err
		}
	}
	if p.pos >= len(p.src) {
		return nil
	}
	if c := p.src[p.pos]; c == '\n' || c == '\r' {
		return p.newline()
	}
	return p.errf("unexpected %q after the value", p.rest())
}

// rest returns a short excerpt of the input at the position, for errors.
func (p *tomlParser) rest() string {
	s := p.src[p.pos:]
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 20 {
		s = s[:20]
	}
	return s
}

func isBareKeyChar(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// parseKey reads a bare or quoted key (not dotted).
func (p *tomlParser) parseKey() (string, error) {
	if p.pos >= len(p.src) {
		return "", p.errf("expected a key")
	}
	var key string
	switch c := p.src[p.pos]; {
	case c == '"' || c == '\'':
		if strings.HasPrefix(p.src[p.pos:], `"""`) || strings.HasPrefix(p.src[p.pos:], `'''`) {
			return "", p.errf("a key cannot be a multi-line string")
		}
		v, err := p.parseString()
		if err != nil {
			return "", err
		}
		key = p.str(v)
	case isBareKeyChar(c):
		start := p.pos
		for p.pos < len(p.src) && isBareKeyChar(p.src[p.pos]) {
			p.pos++
		}
		key = p.src[start:p.pos]
	default:
		return "", p.errf("expected a key, found %q", p.rest())
	}
	save := p.pos
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		return "", p.errf("dotted key %s. is not supported in PHH", key)
	}
	p.pos = save
	return key, nil
}

// parseValue reads a value into *v (out-parameter: values are copied
// once, not once per call level).
func (p *tomlParser) parseValue(v *tomlValue) error {
	start := p.pos
	err := p.parseValue1(v)
	v.raw = span{int32(start), int32(p.pos)}
	return err
}

func (p *tomlParser) parseValue1(v *tomlValue) (err error) {
	if p.pos >= len(p.src) {
		return p.errf("missing value")
	}
	line := int32(p.line)
	switch c := p.src[p.pos]; {
	case c == '"' || c == '\'':
		*v, err = p.parseString()
		v.line = line
		return err
	case c == '[':
		*v, err = p.parseArray()
		return err
	case c == '{':
		*v, err = p.parseInlineTable()
		return err
	case c == 't' && strings.HasPrefix(p.src[p.pos:], "true"):
		p.pos += 4
		*v = tomlValue{kind: tomlBool, line: line}
		return p.checkDelim("true")
	case c == 'f' && strings.HasPrefix(p.src[p.pos:], "false"):
		p.pos += 5
		*v = tomlValue{kind: tomlBool, line: line}
		return p.checkDelim("false")
	}
	*v, err = p.parseNumberOrDate()
	return err
}

// checkDelim requires that a scalar is followed by a delimiter.
func (p *tomlParser) checkDelim(text string) error {
	if p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r', ',', ']', '}', '#':
		default:
			return p.errf("invalid value %q", text+p.rest())
		}
	}
	return nil
}

func (p *tomlParser) parseString() (tomlValue, error) {
	s := p.src[p.pos:]
	switch {
	case strings.HasPrefix(s, `"""`):
		return p.parseMulti(true)
	case strings.HasPrefix(s, `'''`):
		return p.parseMulti(false)
	case s[0] == '\'':
		p.pos++
		start := p.pos
		for p.pos < len(p.src) {
			c := p.src[p.pos]
			if c >= 0x20 && c < 0x7f && c != '\'' { // printable ASCII: the common case
				p.pos++
				continue
			}
			if c == '\'' {
				v := tomlValue{kind: tomlString, str: span{int32(start), int32(p.pos)}}
				p.pos++
				return v, nil
			}
			if err := p.stringChar(c); err != nil {
				return tomlValue{}, err
			}
		}
		return tomlValue{}, p.errf("unterminated string")
	}
	p.pos++
	start := p.pos
	esc := -1 // start of the decoded copy in p.escaped, once an escape is seen
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if esc < 0 && c >= 0x20 && c < 0x7f && c != '"' && c != '\\' { // printable ASCII
			p.pos++
			continue
		}
		switch c {
		case '"':
			v := tomlValue{kind: tomlString, str: span{int32(start), int32(p.pos)}}
			if esc >= 0 {
				v.esc, v.str = true, span{int32(esc), int32(len(p.escaped))}
			}
			p.pos++
			return v, nil
		case '\\':
			if esc < 0 {
				esc = len(p.escaped)
				p.escaped = append(p.escaped, p.src[start:p.pos]...)
			}
			if err := p.escape(&p.escaped); err != nil {
				return tomlValue{}, err
			}
			continue
		}
		at := p.pos
		if err := p.stringChar(c); err != nil {
			return tomlValue{}, err
		}
		if esc >= 0 {
			p.escaped = append(p.escaped, p.src[at:p.pos]...)
		}
	}
	return tomlValue{}, p.errf("unterminated string")
}

// stringChar accepts one character of a single-line string.
func (p *tomlParser) stringChar(c byte) error {
	switch {
	case c == '\n' || c == '\r':
		return p.errf("unterminated string (newline inside a single-line string)")
	case isControl(c):
		return p.errf("control character %U in a string", rune(c))
	case c >= 0x80:
		return p.utf8Char("a string")
	}
	p.pos++
	return nil
}

// escape decodes one backslash escape of a basic string.
func (p *tomlParser) escape(b *[]byte) error {
	if p.pos+1 >= len(p.src) {
		return p.errf("unterminated string")
	}
	c := p.src[p.pos+1]
	p.pos += 2
	switch c {
	case 'b':
		*b = append(*b, '\b')
	case 't':
		*b = append(*b, '\t')
	case 'n':
		*b = append(*b, '\n')
	case 'f':
		*b = append(*b, '\f')
	case 'r':
		*b = append(*b, '\r')
	case '"':
		*b = append(*b, '"')
	case '\\':
		*b = append(*b, '\\')
	case 'e': // TOML 1.1
		*b = append(*b, 0x1b)
	case 'x': // TOML 1.1: \xHH
		if p.pos+2 > len(p.src) || !isHex(p.src[p.pos]) || !isHex(p.src[p.pos+1]) {
			return p.errf("invalid escape \\x")
		}
		r, _ := strconv.ParseUint(p.src[p.pos:p.pos+2], 16, 8)
		*b = utf8.AppendRune(*b, rune(r))
		p.pos += 2
	case 'u', 'U':
		n := 4
		if c == 'U' {
			n = 8
		}
		if p.pos+n > len(p.src) {
			return p.errf("short unicode escape")
		}
		hex := p.src[p.pos : p.pos+n]
		for i := range len(hex) {
			if !isHex(hex[i]) {
				return p.errf("invalid unicode escape \\%c%s", c, hex)
			}
		}
		r, _ := strconv.ParseUint(hex, 16, 32)
		if r > utf8.MaxRune || (r >= 0xD800 && r <= 0xDFFF) {
			return p.errf("invalid unicode escape \\%c%s: not a scalar value", c, hex)
		}
		*b = utf8.AppendRune(*b, rune(r))
		p.pos += n
	default:
		return p.errf("invalid escape \\%c", c)
	}
	return nil
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// parseMulti reads a multi-line string: basic (""") with escapes and
// line-ending backslashes, or literal (”'). Up to two quote characters may
// end the content right before the closing delimiter.
func (p *tomlParser) parseMulti(basic bool) (tomlValue, error) {
	delim := "'''"
	if basic {
		delim = `"""`
	}
	p.pos += 3
	p.skipFirstNewline()
	b := p.escaped
	at0 := len(b)
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case strings.HasPrefix(p.src[p.pos:], delim):
			k := 3
			for k < 5 && p.pos+k < len(p.src) && p.src[p.pos+k] == delim[0] {
				k++
			}
			b = append(b, p.src[p.pos:p.pos+k-3]...)
			p.pos += k
			p.escaped = b
			return tomlValue{kind: tomlString, esc: true, str: span{int32(at0), int32(len(b))}}, nil
		case basic && c == '\\':
			if p.lineEndingBackslash() {
				continue
			}
			if err := p.escape(&b); err != nil {
				return tomlValue{}, err
			}
		case c == '\n' || c == '\r':
			at := p.pos
			if err := p.newline(); err != nil {
				return tomlValue{}, err
			}
			b = append(b, p.src[at:p.pos]...) // the newline as written (CRLF kept)
		default:
			at := p.pos
			if err := p.multiChar(c); err != nil {
				return tomlValue{}, err
			}
			b = append(b, p.src[at:p.pos]...)
		}
	}
	return tomlValue{}, p.errf("unterminated multi-line string")
}

// lineEndingBackslash skips a backslash that ends a line of a multi-line
// basic string, with the newlines and whitespace after it (TOML trims
// them); it reports false, moving nothing, for any other backslash.
func (p *tomlParser) lineEndingBackslash() bool {
	j := p.pos + 1
	for j < len(p.src) && (p.src[j] == ' ' || p.src[j] == '\t') {
		j++
	}
	if j >= len(p.src) || (p.src[j] != '\n' && p.src[j] != '\r') {
		return false
	}
	p.pos = j
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t':
			p.pos++
		case '\n', '\r':
			if p.newline() != nil {
				return true // the bad newline is reported by the caller's next step
			}
		default:
			return true
		}
	}
	return true
}

func (p *tomlParser) skipFirstNewline() {
	if p.pos < len(p.src) && p.src[p.pos] == '\n' {
		p.pos++
		p.line++
	} else if strings.HasPrefix(p.src[p.pos:], "\r\n") {
		p.pos += 2
		p.line++
	}
}

// utf8Char steps over one multi-byte UTF-8 character, or reports invalid
// UTF-8 in `where`.
func (p *tomlParser) utf8Char(where string) error {
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	if r == utf8.RuneError && size == 1 {
		return p.errf("invalid UTF-8 in %s", where)
	}
	p.pos += size
	return nil
}

func (p *tomlParser) multiChar(c byte) error {
	if isControl(c) {
		return p.errf("control character %U in a string", rune(c))
	}
	if c >= 0x80 {
		return p.utf8Char("a string")
	}
	p.pos++
	return nil
}

// skipArraySpace skips whitespace, newlines and comments inside an array.
func (p *tomlParser) skipArraySpace() error {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t':
			p.pos++
		case '\n', '\r':
			if err := p.newline(); err != nil {
				return err
			}
		case '#':
			if err := p.comment(); err != nil {
				return err
			}
		default:
			return nil
		}
	}
	return nil
}

func (p *tomlParser) parseArray() (tomlValue, error) {
	v := tomlValue{kind: tomlArray, line: int32(p.line)}
	base := len(p.stack)
	defer func() { p.stack = p.stack[:base] }()
	p.pos++
	err := p.list(']', "array", v.line, func() error {
		var item tomlValue
		err := p.parseValue(&item)
		p.stack = append(p.stack, item)
		return err
	})
	if err != nil {
		return v, err
	}
	v.first, v.n = int32(len(p.arena)), int32(len(p.stack)-base)
	p.arena = append(p.arena, p.stack[base:]...)
	return v, nil
}

// parseInlineTable reads { k = v, ... }. As in TOML 1.1 (and BurntSushi
// v1.6), newlines, comments and a trailing comma are allowed inside.
func (p *tomlParser) parseInlineTable() (tomlValue, error) {
	v := tomlValue{kind: tomlTable, line: int32(p.line)}
	var kvs []tomlKeyVal
	p.pos++
	outer := p.key
	defer func() { p.key = outer }()
	err := p.list('}', "inline table", v.line, func() error {
		line := p.line
		key, err := p.parseKey()
		if err != nil {
			return err
		}
		for _, kv := range kvs {
			if kv.key == key {
				return p.errf("key %s defined twice in the inline table", key)
			}
		}
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '=' {
			return p.errf("expected = after %s in the inline table", key)
		}
		p.pos++
		p.skipSpace()
		p.key = outer + "." + key
		var item tomlValue
		err = p.parseValue(&item)
		kvs = append(kvs, tomlKeyVal{key: key, line: line, val: item})
		return err
	})
	if err != nil {
		return v, err
	}
	v.first = int32(len(p.inline))
	p.inline = append(p.inline, kvs)
	return v, nil
}

// list reads the elements of an array or inline table after its opening
// bracket, up to closer: elements separated by commas, with whitespace,
// newlines and comments around them and an optional trailing comma.
func (p *tomlParser) list(closer byte, what string, opened int32, elem func() error) error {
	for {
		if err := p.skipArraySpace(); err != nil {
			return err
		}
		if p.pos >= len(p.src) {
			return p.errf("unterminated %s (opened at line %d)", what, opened)
		}
		if p.src[p.pos] == closer {
			p.pos++
			return nil
		}
		if err := elem(); err != nil {
			return err
		}
		if err := p.skipArraySpace(); err != nil {
			return err
		}
		if p.pos >= len(p.src) {
			return p.errf("unterminated %s (opened at line %d)", what, opened)
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case closer:
			p.pos++
			return nil
		default:
			return p.errf("expected , or %c in the %s, found %q", closer, what, p.rest())
		}
	}
}

// parseNumberOrDate reads an integer, float, or date/time token.
func (p *tomlParser) parseNumberOrDate() (tomlValue, error) {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ']' || c == '}' || c == '#' {
			// A space between a date and a time is part of a date-time.
			if c == ' ' && p.pos-start == 10 && isDate(p.src[start:p.pos]) && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]) {
				p.pos++
				continue
			}
			break
		}
		p.pos++
	}
	raw := p.src[start:p.pos]
	v := tomlValue{line: int32(p.line)}
	switch {
	case raw == "":
		return v, p.errf("missing value")
	case isPlainInt(raw):
		v.kind = tomlInteger
	case isPlainDecimal(raw):
		v.kind = tomlFloat
	case isTOMLInteger(raw):
		v.kind = tomlInteger
		if _, err := parseTOMLInt(raw); err != nil {
			return v, p.errf("integer %s out of range", raw)
		}
	case isTOMLFloat(raw):
		v.kind = tomlFloat
		// TOML floats are IEEE 754 binary64: reject what overflows (the
		// value itself is kept as text and read exactly where it matters).
		if hasExponent(raw) || len(raw) > 300 {
			if _, err := strconv.ParseFloat(strings.ReplaceAll(raw, "_", ""), 64); err != nil {
				return v, p.errf("float %s out of range", raw)
			}
		}
	case isDateTime(raw):
		v.kind = tomlDatetime
	default:
		p.pos = start
		return v, p.errf("invalid value %q", raw)
	}
	return v, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isPlainDecimal is the common case of a float: digits, a point, digits
// (no sign, underscore or exponent; short enough to be in range).
func isPlainDecimal(s string) bool {
	dot := -1
	for i := range len(s) {
		switch c := s[i]; {
		case c == '.' && dot < 0:
			dot = i
		case c < '0' || c > '9':
			return false
		}
	}
	return dot > 0 && dot < len(s)-1 && len(s) < 300 && (s[0] != '0' || dot == 1)
}

// hasExponent reports an 'e' or 'E' in a number (not in inf or nan).
func hasExponent(s string) bool {
	for i := range len(s) {
		if s[i] == 'e' || s[i] == 'E' {
			return true
		}
	}
	return false
}

// isPlainInt is the common case of an integer: up to 18 digits without sign,
// underscore or leading zero (always in range).
func isPlainInt(s string) bool {
	if len(s) == 0 || len(s) > 18 || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// digitsUnderscore checks "d(_?d)*" with the given digit test.
func digitsUnderscore(s string, ok func(byte) bool) bool {
	if s == "" || !ok(s[0]) || !ok(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] == '_' {
			if !ok(s[i-1]) || !ok(s[i+1]) {
				return false
			}
		} else if !ok(s[i]) {
			return false
		}
	}
	return true
}

func isDecInt(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	return isUnsignedDec(s)
}

func isUnsignedDec(s string) bool {
	if s == "0" {
		return true
	}
	return s != "" && s[0] != '0' && digitsUnderscore(s, isDigit)
}

func isTOMLInteger(s string) bool {
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x':
			return digitsUnderscore(s[2:], isHex)
		case 'o':
			return digitsUnderscore(s[2:], func(c byte) bool { return c >= '0' && c <= '7' })
		case 'b':
			return digitsUnderscore(s[2:], func(c byte) bool { return c == '0' || c == '1' })
		}
	}
	return isDecInt(s)
}

func parseTOMLInt(s string) (int64, error) {
	s = strings.ReplaceAll(s, "_", "")
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x':
			u, err := strconv.ParseUint(s[2:], 16, 64)
			if u > 1<<63-1 {
				return 0, strconv.ErrRange
			}
			return int64(u), err
		case 'o':
			u, err := strconv.ParseUint(s[2:], 8, 64)
			if u > 1<<63-1 {
				return 0, strconv.ErrRange
			}
			return int64(u), err
		case 'b':
			u, err := strconv.ParseUint(s[2:], 2, 64)
			if u > 1<<63-1 {
				return 0, strconv.ErrRange
			}
			return int64(u), err
		}
	}
	return strconv.ParseInt(s, 10, 64)
}

func isTOMLFloat(s string) bool {
	t := s
	if t != "" && (t[0] == '+' || t[0] == '-') {
		t = t[1:]
	}
	if t == "inf" || t == "nan" {
		return true
	}
	intPart, rest := t, ""
	for i := range len(t) {
		if c := t[i]; c == '.' || c == 'e' || c == 'E' {
			intPart, rest = t[:i], t[i:]
			break
		}
	}
	if rest == "" || !isUnsignedDec(intPart) {
		return false
	}
	if rest[0] == '.' {
		frac := rest[1:]
		exp := ""
		if i := strings.IndexAny(frac, "eE"); i >= 0 {
			frac, exp = frac[:i], frac[i:]
		}
		if !digitsUnderscore(frac, isDigit) {
			return false
		}
		rest = exp
		if rest == "" {
			return true
		}
	}
	// rest is the exponent part
	e := rest[1:]
	if e != "" && (e[0] == '+' || e[0] == '-') {
		e = e[1:]
	}
	return digitsUnderscore(e, isDigit)
}

func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 8, 9} {
		if !isDigit(s[i]) {
			return false
		}
	}
	y, _ := strconv.Atoi(s[:4])
	m, _ := strconv.Atoi(s[5:7])
	d, _ := strconv.Atoi(s[8:])
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days[2] = 29
	}
	return d <= days[m]
}

// isTime accepts HH:MM:SS[.fraction], or HH:MM (TOML 1.1, as BurntSushi
// v1.6 reads it).
func isTime(s string) bool {
	if len(s) == 5 {
		s += ":00"
	}
	if len(s) < 8 || s[2] != ':' || s[5] != ':' {
		return false
	}
	for _, i := range []int{0, 1, 3, 4, 6, 7} {
		if !isDigit(s[i]) {
			return false
		}
	}
	h, _ := strconv.Atoi(s[:2])
	m, _ := strconv.Atoi(s[3:5])
	sec, _ := strconv.Atoi(s[6:8])
	if h > 23 || m > 59 || sec > 59 {
		return false
	}
	frac := s[8:]
	if frac == "" {
		return true
	}
	if frac[0] != '.' || len(frac) == 1 {
		return false
	}
	for i := 1; i < len(frac); i++ {
		if !isDigit(frac[i]) {
			return false
		}
	}
	return true
}

// isDateTime accepts an offset date-time, local date-time, local date or
// local time (RFC 3339 as TOML restricts it).
func isDateTime(s string) bool {
	if isTime(s) {
		return true
	}
	if len(s) < 10 || !isDate(s[:10]) {
		return false
	}
	if len(s) == 10 {
		return true
	}
	if s[10] != 'T' && s[10] != 't' && s[10] != ' ' {
		return false
	}
	t := s[11:]
	switch {
	case strings.HasSuffix(t, "Z") || strings.HasSuffix(t, "z"):
		t = t[:len(t)-1]
	case len(t) > 6 && (t[len(t)-6] == '+' || t[len(t)-6] == '-'):
		off := t[len(t)-5:]
		if off[2] != ':' || !isDigit(off[0]) || !isDigit(off[1]) || !isDigit(off[3]) || !isDigit(off[4]) {
			return false
		}
		oh, _ := strconv.Atoi(off[:2])
		om, _ := strconv.Atoi(off[3:])
		if oh > 23 || om > 59 {
			return false
		}
		t = t[:len(t)-6]
	}
	return isTime(t)
}
