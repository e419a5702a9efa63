package npc

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/holdem"
)

// TestTableRules: a table's rules setting chooses the engine's rule set,
// reaches the engine configuration, is written back, and a bad value is an
// error naming the line and the setting.
func TestTableRules(t *testing.T) {
	seats := "[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n"
	path := filepath.Join(t.TempDir(), "t.toml")
	for _, c := range []struct {
		line string
		want holdem.RuleSet
	}{{"", holdem.TDA}, {"rules = \"tda\"\n", holdem.TDA}, {"rules = \"pokerkit\"\n", holdem.PokerKit}} {
		tb, err := ParseTable("small_blind = 1\nbig_blind = 2\nstack = 200\n"+c.line+seats, path)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Rules != c.want || tb.Config(0).Rules != c.want {
			t.Fatalf("%q: rules %v, config %v", c.line, tb.Rules, tb.Config(0).Rules)
		}
		var b bytes.Buffer
		if err := tb.WriteTOML(&b, filepath.Dir(path)); err != nil {
			t.Fatal(err)
		}
		back, err := ParseTable(b.String(), path)
		if err != nil || back.Rules != c.want {
			t.Fatalf("%q: written back as\n%s(%v)", c.line, b.String(), err)
		}
	}
	for _, bad := range []string{"rules = \"pk\"\n", "rules = 1\n"} {
		_, err := ParseTable("small_blind = 1\nbig_blind = 2\nstack = 200\n"+bad+seats, path)
		if err == nil || !strings.Contains(err.Error(), "t.toml:4") || !strings.Contains(err.Error(), "rules") || !strings.Contains(err.Error(), "want tda or pokerkit") {
			t.Errorf("%q: error %v", bad, err)
		}
	}
}
