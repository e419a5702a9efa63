// Package strictjson decodes the JSON input files of the command line
// (strategy files, action counts) strictly, with errors a user can act on:
// every error gives the line and column and the JSON path of the value it
// is about (`infosets[2].probs`).
//
// Compared with encoding/json, Decode also refuses
//
//   - a key given twice in one object (encoding/json keeps the last),
//   - a key that matches no field exactly (encoding/json ignores unknown
//     keys, and matches the others without regard to case),
//   - a number that does not fit its field (a fraction or an out-of-range
//     value for an integer; a value beyond float64's range),
//   - anything after the document;
//
// and it words syntax errors by position and what it expected, a truncated
// file by where it ends ("the input ends inside infosets[2].probs"), and a
// type mismatch by the path and the JSON found, never by a Go type or field
// name.
//
// Decode parses the document into a tree of values with their offsets,
// checks the tree against the Go type of the destination, then lets
// encoding/json fill the destination (which can no longer fail). The cost is
// linear in the input.
package strictjson

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a decoding error at a position of the input.
type Error struct {
	Line, Col int    // 1-based; the column counts bytes
	Path      string // JSON path of the value, "" for the document itself
	Msg       string
}

func (e *Error) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("line %d, column %d: %s: %s", e.Line, e.Col, e.Path, e.Msg)
}

// Positions locates the values of a decoded document by their JSON path,
// for errors found after decoding (a value that is well-formed but wrong).
type Positions struct {
	data []byte
	at   map[string]int
}

// Of returns the line and column of the value at path ("" for the whole
// document, "infosets[3]" for an element), or 0, 0 if there is none.
func (p *Positions) Of(path string) (line, col int) {
	if p == nil {
		return 0, 0
	}
	off, ok := p.at[path]
	if !ok {
		return 0, 0
	}
	return lineCol(p.data, off)
}

// Decode decodes the single JSON document in data into v, which must be a
// non-nil pointer, and returns the positions of its values.
func Decode(data []byte, v any) (*Positions, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic("strictjson: Decode needs a non-nil pointer")
	}
	p := &parser{data: data}
	root, err := p.document()
	if err != nil {
		return nil, err
	}
	pos := &Positions{data: data, at: map[string]int{}}
	if err := check(root, rv.Type().Elem(), "", data, pos); err != nil {
		return nil, err
	}
	body := data
	if len(body) >= 3 && body[0] == 0xEF && body[1] == 0xBB && body[2] == 0xBF {
		body = body[3:] // the byte-order mark, which encoding/json does not skip
	}
	if err := json.Unmarshal(body, v); err != nil {
		// The checks above are meant to leave nothing for encoding/json to
		// refuse; should one slip through, it still names the document.
		return nil, &Error{Line: 1, Col: 1, Msg: err.Error()}
	}
	return pos, nil
}

// kind of a parsed value.
type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

func (k kind) String() string {
	return [...]string{"null", "true or false", "a number", "a string", "an array", "an object"}[k]
}

// value is a parsed JSON value with its offset in the input.
type value struct {
	kind  kind
	off   int
	text  string   // number: its literal; string: its decoded text
	elems []*value // array elements
	keys  []member // object members, in order
}

type member struct {
	key string
	off int // offset of the key
	val *value
}

// parser is a recursive-descent JSON parser (RFC 8259) that keeps offsets
// and the path of the value being read, for its errors.
type parser struct {
	data  []byte
	i     int
	path  []string // path elements of the values being read
	depth int
}

// maxDepth bounds nesting so that hostile input cannot exhaust the stack.
const maxDepth = 1000

func (p *parser) pathString() string { return joinPath(p.path) }

func joinPath(parts []string) string {
	var b strings.Builder
	for _, s := range parts {
		if strings.HasPrefix(s, "[") || b.Len() == 0 {
			b.WriteString(s)
		} else {
			b.WriteString("." + s)
		}
	}
	return b.String()
}

func (p *parser) errAt(off int, format string, args ...any) error {
	line, col := lineCol(p.data, off)
	return &Error{Line: line, Col: col, Path: p.pathString(), Msg: fmt.Sprintf(format, args...)}
}

// eof is the error for input that ends while a value is open.
func (p *parser) eof(what string) error {
	line, col := lineCol(p.data, len(p.data))
	where := "the document"
	if ps := p.pathString(); ps != "" {
		where = ps
	}
	return &Error{Line: line, Col: col, Msg: fmt.Sprintf("the input ends inside %s (%s expected): is the file truncated?", where, what)}
}

func (p *parser) skipSpace() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) document() (*value, error) {
	if len(p.data) >= 3 && p.data[0] == 0xEF && p.data[1] == 0xBB && p.data[2] == 0xBF {
		p.i = 3 // a UTF-8 byte-order mark
	}
	p.skipSpace()
	if p.i == len(p.data) {
		return nil, &Error{Line: 1, Col: 1, Msg: "the input is empty: want a JSON object"}
	}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.i < len(p.data) {
		return nil, p.errAt(p.i, "unexpected %s after the end of the JSON document", describeByte(p.data, p.i))
	}
	return v, nil
}

func (p *parser) value() (*value, error) {
	p.skipSpace()
	if p.i == len(p.data) {
		return nil, p.eof("a value")
	}
	start := p.i
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &value{kind: kString, off: start, text: s}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", kBool)
	case c == 'f':
		return p.literal("false", kBool)
	case c == 'n':
		return p.literal("null", kNull)
	default:
		return nil, p.errAt(p.i, "unexpected %s: want a value (object, array, string, number, true, false or null)", describeByte(p.data, p.i))
	}
}

func (p *parser) literal(word string, k kind) (*value, error) {
	start := p.i
	for j := 0; j < len(word); j++ {
		if p.i == len(p.data) {
			return nil, p.eof(strconv.Quote(word))
		}
		if p.data[p.i] != word[j] {
			return nil, p.errAt(start, "unexpected %s: want a value (object, array, string, number, true, false or null)", describeWord(p.data, start))
		}
		p.i++
	}
	return &value{kind: k, off: start, text: word}, nil
}

func (p *parser) number() (*value, error) {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	bad := func() (*value, error) {
		if p.i == len(p.data) {
			return nil, p.eof("the rest of a number")
		}
		return nil, p.errAt(start, "malformed number %s", describeWord(p.data, start))
	}
	if p.data[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.data) && p.data[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return bad()
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return bad()
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return bad()
		}
	}
	if p.i < len(p.data) && isWordByte(p.data[p.i]) {
		return nil, p.errAt(start, "malformed number %s", describeWord(p.data, start))
	}
	return &value{kind: kNumber, off: start, text: string(p.data[start:p.i])}, nil
}

func (p *parser) str() (string, error) {
	start := p.i
	p.i++ // the opening quote
	var b strings.Builder
	for {
		if p.i == len(p.data) {
			return "", p.eof("the end of the string that starts at " + posString(p.data, start))
		}
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c == '\\':
			if p.i+1 >= len(p.data) {
				p.i = len(p.data)
				return "", p.eof("an escape sequence")
			}
			e := p.data[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, err := p.hex4(p.i - 2)
				if err != nil {
					return "", err
				}
				if r >= 0xD800 && r < 0xDC00 && p.i+1 < len(p.data) && p.data[p.i] == '\\' && p.data[p.i+1] == 'u' {
					save := p.i
					p.i += 2
					lo, err := p.hex4(save)
					if err == nil && lo >= 0xDC00 && lo < 0xE000 {
						r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
					} else {
						p.i = save
						r = utf8.RuneError
					}
				} else if r >= 0xD800 && r < 0xE000 {
					r = utf8.RuneError
				}
				b.WriteRune(r)
			default:
				return "", p.errAt(p.i-2, "invalid escape \\%c in a string", e)
			}
		case c < 0x20:
			return "", p.errAt(p.i, "control character %q in a string (write it escaped)", rune(c))
		default:
			r, size := utf8.DecodeRune(p.data[p.i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.errAt(p.i, "invalid UTF-8 in a string")
			}
			b.Write(p.data[p.i : p.i+size])
			p.i += size
		}
	}
}

// hex4 reads the four hex digits of a \u escape that starts at esc.
func (p *parser) hex4(esc int) (rune, error) {
	if p.i+4 > len(p.data) {
		p.i = len(p.data)
		return 0, p.eof("four hex digits after \\u")
	}
	n, err := strconv.ParseUint(string(p.data[p.i:p.i+4]), 16, 32)
	if err != nil {
		return 0, p.errAt(esc, "invalid escape %s: want \\u and four hex digits", describeWord(p.data, esc))
	}
	p.i += 4
	return rune(n), nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		line, col := lineCol(p.data, p.i)
		return &Error{Line: line, Col: col, Msg: fmt.Sprintf("nested more than %d levels deep", maxDepth)}
	}
	return nil
}

func (p *parser) array() (*value, error) {
	v := &value{kind: kArray, off: p.i}
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	p.i++ // [
	p.skipSpace()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		p.path = append(p.path, "["+strconv.Itoa(len(v.elems))+"]")
		e, err := p.value()
		if err != nil {
			return nil, err
		}
		p.path = p.path[:len(p.path)-1]
		v.elems = append(v.elems, e)
		p.skipSpace()
		if p.i == len(p.data) {
			return nil, p.eof(", or ]")
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return v, nil
		default:
			return nil, p.errAt(p.i, "unexpected %s in an array: want , or ]", describeByte(p.data, p.i))
		}
	}
}

func (p *parser) object() (*value, error) {
	v := &value{kind: kObject, off: p.i}
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	p.i++ // {
	p.skipSpace()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return v, nil
	}
	seen := map[string]int{}
	for {
		p.skipSpace()
		if p.i == len(p.data) {
			return nil, p.eof("a key in quotes")
		}
		if p.data[p.i] != '"' {
			return nil, p.errAt(p.i, "unexpected %s in an object: want a key in double quotes", describeByte(p.data, p.i))
		}
		koff := p.i
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if first, dup := seen[key]; dup {
			return nil, p.errAt(koff, "key %q given twice in one object (first at %s)", key, posString(p.data, first))
		}
		seen[key] = koff
		p.skipSpace()
		if p.i == len(p.data) {
			return nil, p.eof(":")
		}
		if p.data[p.i] != ':' {
			return nil, p.errAt(p.i, "unexpected %s after the key %q: want :", describeByte(p.data, p.i), key)
		}
		p.i++
		p.path = append(p.path, key)
		e, err := p.value()
		if err != nil {
			return nil, err
		}
		p.path = p.path[:len(p.path)-1]
		v.keys = append(v.keys, member{key: key, off: koff, val: e})
		p.skipSpace()
		if p.i == len(p.data) {
			return nil, p.eof(", or }")
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return v, nil
		default:
			return nil, p.errAt(p.i, "unexpected %s in an object: want , or }", describeByte(p.data, p.i))
		}
	}
}

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	numberType          = reflect.TypeFor[json.Number]()
)

// check verifies that v can be decoded into a value of type t without loss
// or guessing, and records the positions of v and its parts.
func check(v *value, t reflect.Type, path string, data []byte, pos *Positions) error {
	pos.at[path] = v.off
	fail := func(off int, format string, args ...any) error {
		line, col := lineCol(data, off)
		return &Error{Line: line, Col: col, Path: path, Msg: fmt.Sprintf(format, args...)}
	}
	want := func(what string) error {
		return fail(v.off, "want %s, found %s", what, describeValue(v))
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) || t.Implements(unmarshalerType) {
		return nil // the type decodes itself
	}
	if v.kind == kNull {
		return nil // encoding/json leaves the zero value
	}
	switch t.Kind() {
	case reflect.Pointer:
		return check(v, t.Elem(), path, data, pos)
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return want("nothing (the field cannot be decoded)")
		}
		return recordAll(v, path, pos)
	case reflect.Bool:
		if v.kind != kBool {
			return want("true or false")
		}
	case reflect.String:
		if t == numberType {
			if v.kind != kNumber {
				return want("a number")
			}
			return nil
		}
		if v.kind != kString {
			return want("a string")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if v.kind != kNumber {
			return want("a whole number")
		}
		n, err := strconv.ParseInt(v.text, 10, t.Bits())
		if err != nil {
			if isIntegral(v.text) {
				return fail(v.off, "%s is out of range (want at most %d in size)", v.text, int64(1)<<(t.Bits()-1)-1)
			}
			return fail(v.off, "want a whole number, found %s", v.text)
		}
		_ = n
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if v.kind != kNumber {
			return want("a whole number ≥ 0")
		}
		if _, err := strconv.ParseUint(v.text, 10, t.Bits()); err != nil {
			if isIntegral(v.text) && !strings.HasPrefix(v.text, "-") {
				return fail(v.off, "%s is out of range", v.text)
			}
			return fail(v.off, "want a whole number ≥ 0, found %s", v.text)
		}
	case reflect.Float32, reflect.Float64:
		if v.kind != kNumber {
			return want("a number")
		}
		x, err := strconv.ParseFloat(v.text, t.Bits())
		if err != nil || math.IsInf(x, 0) {
			return fail(v.off, "%s is beyond the range of numbers (about ±1.8e308)", v.text)
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && v.kind == kString {
			return nil // []byte from base64, as encoding/json does
		}
		if v.kind != kArray {
			return want("an array")
		}
		for i, e := range v.elems {
			if err := check(e, t.Elem(), path+"["+strconv.Itoa(i)+"]", data, pos); err != nil {
				return err
			}
		}
	case reflect.Array:
		if v.kind != kArray {
			return want("an array")
		}
		if len(v.elems) != t.Len() {
			return fail(v.off, "want an array of %d, found %d elements", t.Len(), len(v.elems))
		}
		for i, e := range v.elems {
			if err := check(e, t.Elem(), path+"["+strconv.Itoa(i)+"]", data, pos); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.kind != kObject {
			return want("an object")
		}
		kt := t.Key()
		if kt.Kind() != reflect.String && !reflect.PointerTo(kt).Implements(textUnmarshalerType) {
			return want("nothing (the field's keys cannot be decoded)")
		}
		for _, m := range v.keys {
			if err := check(m.val, t.Elem(), joinPath([]string{path, m.key}), data, pos); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if v.kind != kObject {
			return want("an object")
		}
		fields := structFields(t)
		for _, m := range v.keys {
			ft, ok := fields[m.key]
			if !ok {
				return fail(m.off, "unknown key %q (known: %s)", m.key, knownKeys(fields))
			}
			if err := check(m.val, ft, joinPath([]string{path, m.key}), data, pos); err != nil {
				return err
			}
		}
	default:
		return want("nothing (the field cannot be decoded)")
	}
	return nil
}

// recordAll records the positions of v's parts (for interface{} fields).
func recordAll(v *value, path string, pos *Positions) error {
	pos.at[path] = v.off
	for i, e := range v.elems {
		recordAll(e, path+"["+strconv.Itoa(i)+"]", pos)
	}
	for _, m := range v.keys {
		recordAll(m.val, joinPath([]string{path, m.key}), pos)
	}
	return nil
}

// structFields maps the JSON keys of struct type t to their field types,
// as encoding/json names them (tag name, else the field name; "-"
// skipped; unexported fields skipped; embedded structs' fields promoted).
func structFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				for k, v := range structFields(et) {
					if _, taken := out[k]; !taken {
						out[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

func knownKeys(fields map[string]reflect.Type) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

func isIntegral(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// lineCol converts a byte offset to a 1-based line and column (in bytes).
func lineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line, col = 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

func posString(data []byte, off int) string {
	line, col := lineCol(data, off)
	return fmt.Sprintf("line %d, column %d", line, col)
}

func describeValue(v *value) string {
	switch v.kind {
	case kString:
		return "the string " + strconv.Quote(truncate(v.text))
	case kNumber:
		return "the number " + v.text
	case kBool:
		return v.text
	}
	return v.kind.String()
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

func isWordByte(c byte) bool {
	return c == '_' || c == '.' || c == '+' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// describeByte names the character at off for a syntax error.
func describeByte(data []byte, off int) string {
	r, _ := utf8.DecodeRune(data[off:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", data[off])
	}
	return fmt.Sprintf("character %q", r)
}

// describeWord quotes the run of word characters that starts at off.
func describeWord(data []byte, off int) string {
	end := off + 1
	for end < len(data) && end-off < 40 && isWordByte(data[end]) {
		end++
	}
	return strconv.Quote(string(data[off:end]))
}
