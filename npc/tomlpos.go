package npc

import (
	"strconv"
	"strings"
)

// tomlLines locates keys in TOML source for error messages (the decoder does
// not report positions of keys). It follows table headers ([a.b], [[a]]) and
// finds the line that defines key in the given table; for an array of tables
// the index says which entry.
type tomlLines struct {
	lines []string
}

func newTOMLLines(src string) tomlLines { return tomlLines{lines: strings.Split(src, "\n")} }

// line returns the 1-based line of key in table (nil: the root table; for an
// array-of-tables entry give its name and index), or of the table header if
// key is empty; 0 if not found.
func (t tomlLines) line(table []string, index int, key string) int {
	want := strings.Join(table, ".")
	cur, seen := "", map[string]int{}
	for i, raw := range t.lines {
		l := strings.TrimSpace(raw)
		if strings.HasPrefix(l, "[") {
			arr := strings.HasPrefix(l, "[[")
			name := strings.Trim(l, "[] \t")
			if j := strings.Index(name, "]"); j >= 0 {
				name = name[:j]
			}
			name = normalizeTableName(name)
			cur = name
			if arr {
				seen[name]++
				cur = name + "#" + strconv.Itoa(seen[name]-1)
			}
			if key == "" && (cur == want || cur == want+"#"+strconv.Itoa(index)) {
				return i + 1
			}
			continue
		}
		if key == "" {
			continue
		}
		if cur != want && cur != want+"#"+strconv.Itoa(index) {
			// dotted keys at the root: stats.vpip = 20
			if cur == "" && want != "" && strings.HasPrefix(l, want+".") {
				l = strings.TrimPrefix(l, want+".")
			} else {
				continue
			}
		}
		k, _, ok := strings.Cut(l, "=")
		if ok && strings.Trim(strings.TrimSpace(k), `"'`) == key {
			return i + 1
		}
	}
	return 0
}

func normalizeTableName(s string) string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}
