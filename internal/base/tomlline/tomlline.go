// Package tomlline finds the line of a key in TOML source, for the errors
// about files users write (spots, NPC profiles and tables): a TOML decoder
// gives the values, not where they were written.
//
// Index reads the source once and records, for every key and every table
// header, the first line that defines it under its full dotted path:
//
//	board = "Td9d6h"          # "board"
//	[sizes.river]             # "sizes.river"
//	bet = "50%"               # "sizes.river.bet"
//	stats.vpip = 25           # "stats.vpip" (and "stats")
//	[[seats]]                 # "seats[1]" (and "seats")
//	name = "Ann"              # "seats[1].name"
//	[seats.calibration]       # "seats[1].calibration": the last seat's, as TOML reads it
//
// An entry of an array of tables is written name[N], counted from 1 as
// the errors print it. Quoted keys are unquoted; spaces around dots are
// dropped; lines inside multi-line strings and multi-line arrays or inline
// tables are not read as keys. The cost is one pass over the source.
package tomlline

import (
	"strconv"
	"strings"
)

// Lines is the index of a source: Of looks a key up.
type Lines struct {
	at map[string]int
}

// Of returns the 1-based line that defines key (a dotted path, see the
// package comment) or opens the table key; 0 if the source has neither.
func (l Lines) Of(key string) int { return l.at[key] }

// Index reads src.
func Index(src string) Lines {
	x := Lines{at: map[string]int{}}
	arrays := map[string]int{} // entries so far of each array of tables
	cur := ""                  // the path of the current table
	var sc scanner
	for i, raw := range strings.Split(src, "\n") {
		line := i + 1
		if sc.open() {
			sc.scan(raw)
			continue
		}
		l := strings.TrimSpace(raw)
		switch {
		case l == "" || l[0] == '#':
			continue
		case l[0] == '[':
			arr := strings.HasPrefix(l, "[[")
			parts, _ := keyParts(strings.TrimLeft(l, "["))
			if len(parts) == 0 {
				continue
			}
			path := ""
			for j, p := range parts {
				path = join(path, p)
				if j == len(parts)-1 && arr {
					x.add(path, line)
					arrays[path]++
				}
				if n := arrays[path]; n > 0 {
					path += "[" + strconv.Itoa(n) + "]"
				}
			}
			cur = path
			x.add(cur, line)
		default:
			parts, rest := keyParts(l)
			rest = strings.TrimSpace(rest)
			if len(parts) == 0 || !strings.HasPrefix(rest, "=") {
				continue
			}
			path := cur
			for _, p := range parts {
				path = join(path, p)
				x.add(path, line)
			}
			sc.scan(rest[1:])
		}
	}
	return x
}

func (l Lines) add(key string, line int) {
	if _, ok := l.at[key]; !ok {
		l.at[key] = line
	}
}

func join(path, part string) string {
	if path == "" {
		return part
	}
	return path + "." + part
}

// keyParts reads a dotted key at the start of s (bare, "basic" or
// 'literal' parts, spaces around the dots) and returns its parts and the
// text after it; no parts if s does not start with a key.
func keyParts(s string) (parts []string, rest string) {
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return nil, ""
		}
		var part string
		switch q := s[0]; q {
		case '"', '\'':
			end := closing(s[1:], q)
			if end < 0 {
				return nil, ""
			}
			part, s = s[1:1+end], s[2+end:]
			if q == '"' {
				if u, err := strconv.Unquote(`"` + part + `"`); err == nil {
					part = u
				}
			}
		default:
			n := 0
			for n < len(s) && isBare(s[n]) {
				n++
			}
			if n == 0 {
				return nil, ""
			}
			part, s = s[:n], s[n:]
		}
		parts = append(parts, part)
		t := strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(t, ".") {
			return parts, s
		}
		s = t[1:]
	}
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// closing returns the index in s of the quote q that ends a string (a
// backslash escapes the next byte in a basic string), -1 if none.
func closing(s string, q byte) int {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && q == '"':
			i++
		case s[i] == q:
			return i
		}
	}
	return -1
}

// scanner follows a value over the lines it spans: a multi-line string
// (three double or three single quotes) still open, or the depth of the
// arrays and inline tables still open.
type scanner struct {
	multi string // the delimiter of an open multi-line string
	depth int
}

func (s *scanner) open() bool { return s.multi != "" || s.depth > 0 }

// scan reads the next part of a value.
func (s *scanner) scan(v string) {
	for i := 0; i < len(v); i++ {
		if s.multi != "" {
			j := strings.Index(v[i:], s.multi)
			if j < 0 {
				return
			}
			i += j + len(s.multi) - 1
			s.multi = ""
			continue
		}
		switch c := v[i]; c {
		case '#':
			return
		case '[', '{':
			s.depth++
		case ']', '}':
			s.depth = max(s.depth-1, 0)
		case '"', '\'':
			if strings.HasPrefix(v[i:], strings.Repeat(string(c), 3)) {
				s.multi = strings.Repeat(string(c), 3)
				i += 2
				continue
			}
			end := closing(v[i+1:], c)
			if end < 0 {
				return
			}
			i += end + 1
		}
	}
}
