package hh

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"pokerlab/holdem"
)

// TestRulesField: the user-defined field _rules declares the rule set a
// hand is replayed under; it is read, checked and written back as written,
// and written from Rules when the hand's rule set is changed.
func TestRulesField(t *testing.T) {
	for _, c := range []struct {
		field string
		want  holdem.RuleSet
	}{
		{"", holdem.TDA},
		{"_rules = 'tda'\n", holdem.TDA},
		{"_rules = 'pokerkit'\n", holdem.PokerKit},
		{`_rules = "pokerkit"` + "\n", holdem.PokerKit},
	} {
		text := goodHand + c.field
		hands, err := Parse("r.phh", []byte(text))
		if err != nil {
			t.Fatalf("%q: %v", c.field, err)
		}
		if hands[0].Rules != c.want {
			t.Fatalf("%q: rules %v, want %v", c.field, hands[0].Rules, c.want)
		}
		var b bytes.Buffer
		if err := Write(&b, hands); err != nil || b.String() != text {
			t.Fatalf("%q: written back as\n%s", c.field, b.String())
		}
	}

	// Changing Rules changes the field; a TDA hand without one stays without.
	hands, _ := Parse("r.phh", []byte(goodHand+"_rules = 'pokerkit'\n"))
	hands[0].Rules = holdem.TDA
	var b bytes.Buffer
	Write(&b, hands)
	if !strings.HasSuffix(b.String(), "_rules = 'tda'\n") {
		t.Fatalf("override written as\n%s", b.String())
	}
	hands, _ = Parse("r.phh", []byte(goodHand))
	hands[0].Rules = holdem.PokerKit
	b.Reset()
	Write(&b, hands)
	if !strings.HasSuffix(b.String(), "_rules = 'pokerkit'\n") {
		t.Fatalf("new field written as\n%s", b.String())
	}

	// Bad values are errors naming the line and the key.
	for _, c := range []struct{ field, want string }{
		{"_rules = 'pk'", `line 18: key _rules: unknown rule set "pk": want tda or pokerkit`},
		{"_rules = 1", "line 18: key _rules: want a string, got a integer"},
	} {
		_, err := Parse("r.phh", []byte(goodHand+c.field+"\n"))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.field, err, c.want)
		}
	}
}
