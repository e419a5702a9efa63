package tomlline

import "testing"

const src = `# a spot
board = "Td9d6h"
pot = 200 # chips
"quoted key" = 1
stats.vpip = 25
stats . pfr = 20
notes = """
fake = 1
[not.a.table]
"""
list = [
  "x = 1",
  [1, 2],
]
inline = { a = 1, b = [2, 3] }
after = 3

[sizes.river]
bet = "50%"
[ sizes . "oop" ]
raise = "2.5x"

[[seats]]
name = "Ann"
[seats.calibration]
open = 0.2
[[seats]]
name = "Bob"
[seats.calibration]
open = 0.3
`

// TestLinesFindKeysWhereTOMLDefinesThem: one case per rule of the
// package comment.
func TestLinesFindKeysWhereTOMLDefinesThem(t *testing.T) {
	x := Index(src)
	for _, c := range []struct {
		key  string
		line int
	}{
		{"board", 2},
		{"pot", 3},
		{"quoted key", 4},
		{"stats.vpip", 5},
		{"stats", 5},
		{"stats.pfr", 6},
		{"notes", 7},
		{"fake", 0},         // inside a multi-line string
		{"not.a.table", 0},  // likewise
		{"list", 11},        // a multi-line array
		{"inline", 15},      // an inline table
		{"inline.a", 0},     // keys of inline tables are not indexed
		{"after", 16},       // read again after the array closes
		{"sizes.river", 18}, // a header
		{"sizes.river.bet", 19},
		{"sizes.oop", 20}, // quoted part, spaces around the dot
		{"sizes.oop.raise", 21},
		{"seats", 23},
		{"seats[1]", 23},
		{"seats[1].name", 24},
		{"seats[1].calibration", 25},
		{"seats[1].calibration.open", 26},
		{"seats[2]", 27},
		{"seats[2].name", 28},
		{"seats[2].calibration.open", 30}, // the second seat's, not the first's
		{"seats[3]", 0},
		{"missing", 0},
	} {
		if got := x.Of(c.key); got != c.line {
			t.Errorf("Of(%q) = %d, want %d", c.key, got, c.line)
		}
	}
}

// TestLinesKeepTheFirstDefinition: a key defined twice (an error the
// decoder reports) is found where it was first defined.
func TestLinesKeepTheFirstDefinition(t *testing.T) {
	if got := Index("a = 1\na = 2\n").Of("a"); got != 1 {
		t.Errorf("Of(a) = %d, want 1", got)
	}
}
