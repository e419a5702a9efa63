package hh

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// contentHand is a three-handed hand of HandHQ with its site fields.
const contentHand = `variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [200.30, 81.60, 197]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 3.00', 'p2 f']
venue = 'Absolute Poker'
time = 00:00:09
day = 1
month = 7
year = 2009
hand = 3017237436
seats = [6, 3, 5]
table = 'INDIANA ST'
players = ['DeZAZcPNNQ5w+Wb+5ujZdA', 'id+sbECX+YdI8qhMhpje+g', 'vETYfpoA+FhBercnDPJrRw']
winnings = [2, 0, 0]
currency_symbol = '$'
time_zone_abbreviation = 'ET'
`

func parseOne(t *testing.T, text string) *Hand {
	t.Helper()
	hands, err := Parse("hand.phh", []byte(text))
	if err != nil || len(hands) != 1 {
		t.Fatalf("%d hands, %v", len(hands), err)
	}
	return hands[0]
}

// TestContentIgnoresPresentation: the content of a hand (and its digest)
// does not depend on how its file is written — key order, comments, one
// action per line, trailing zeros, its table name in a .phhs — nor on
// where and when it was played or its rule set.
func TestContentIgnoresPresentation(t *testing.T) {
	base := parseOne(t, contentHand)
	want := base.ContentDigest()
	for _, tt := range []struct{ name, text string }{
		{"key order", strings.Replace(contentHand, "variant = 'NT'\n", "", 1) + "variant = 'NT'\n"},
		{"comments", "# from HandHQ\n" + strings.Replace(contentHand, "'p3 f', ", "'p3 f # folds', ", 1)},
		{"actions one per line", strings.Replace(contentHand, "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 3.00', 'p2 f']",
			"actions = [\n  'd dh p1 ????',\n  'd dh p2 ????',\n  'd dh p3 ????',\n  'p3 f',\n  'p1 cbr 3',\n  'p2 f',\n]", 1)},
		{"trailing zeros", strings.NewReplacer("[0.50, 1, 0]", "[0.5, 1.00, 0]", "[200.30, 81.60, 197]", "[200.3, 81.6, 197.00]").Replace(contentHand)},
		{"a .phhs table", "[17]\n" + contentHand},
		{"time, table, currency, identity", strings.NewReplacer("time = 00:00:09", "time = 12:00:00", "'INDIANA ST'", "'OHIO'",
			"currency_symbol = '$'", "currency_symbol = '€'", "hand = 3017237436", "hand = 1").Replace(contentHand)},
		{"rule set", contentHand + "_rules = 'pokerkit'\n"},
	} {
		h := parseOne(t, tt.text)
		if h.ContentDigest() != want || h.Diff(base) != nil {
			t.Errorf("%s: another content: %v", tt.name, h.Diff(base))
		}
	}
}

// TestContentDiffNamesFields: hands that differ in what was played differ
// in content, and Diff names each field and action that differs with both
// values.
func TestContentDiffNamesFields(t *testing.T) {
	base := parseOne(t, contentHand)
	for _, tt := range []struct {
		name, from, to string
		want           []FieldDiff
	}{
		{"a stack", "[200.30, 81.60, 197]", "[200.30, 81.60, 198]",
			[]FieldDiff{{"starting_stacks", "[200.3, 81.6, 198]", "[200.3, 81.6, 197]"}}},
		{"a raise", "'p1 cbr 3.00'", "'p1 cbr 4'",
			[]FieldDiff{{"action 5", "'p1 cbr 4'", "'p1 cbr 3'"}}},
		{"hole cards", "'d dh p1 ????'", "'d dh p1 AsKd'",
			[]FieldDiff{{"action 1", "'d dh p1 AsKd'", "'d dh p1 ????'"}}},
		{"a player", "'vETYfpoA+FhBercnDPJrRw'", "'Mallory'",
			[]FieldDiff{{"players", "['DeZAZcPNNQ5w+Wb+5ujZdA', 'id+sbECX+YdI8qhMhpje+g', 'Mallory']", "['DeZAZcPNNQ5w+Wb+5ujZdA', 'id+sbECX+YdI8qhMhpje+g', 'vETYfpoA+FhBercnDPJrRw']"}}},
		{"no winnings", "winnings = [2, 0, 0]\n", "",
			[]FieldDiff{{"winnings", "", "[2, 0, 0]"}}},
		{"an action less", ", 'p2 f'", "",
			[]FieldDiff{{"actions", "5 actions", "6 actions"}}},
		{"seats", "[6, 3, 5]", "[6, 3, 4]", []FieldDiff{{"seats", "[6, 3, 4]", "[6, 3, 5]"}}},
	} {
		h := parseOne(t, strings.Replace(contentHand, tt.from, tt.to, 1))
		if h.ContentDigest() == base.ContentDigest() {
			t.Errorf("%s: the same digest", tt.name)
		}
		if got := h.Diff(base); !slices.Equal(got, tt.want) {
			t.Errorf("%s: diff %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestPokerStarsRoundTripKeepsContent: every real PokerStars hand of the
// fixtures written as PokerStars text and read back has its number and its
// content: a database takes it for the same hand.
func TestPokerStarsRoundTripKeepsContent(t *testing.T) {
	n := 0
	for _, f := range siteFixtures(t, "pokerstars") {
		data, _ := os.ReadFile(f)
		hands, _, err := ReadAny(f, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			var b strings.Builder
			if err := WritePokerStars(&b, []*Hand{h}); err != nil {
				t.Fatalf("%s: line %d: %v", f, h.Line, err)
			}
			back, _, err := ReadAny("back.txt", []byte(b.String()))
			if err != nil || len(back) != 1 {
				t.Fatalf("%s: line %d: read back: %d hands, %v", f, h.Line, len(back), err)
			}
			id, _ := h.Field("hand")
			backID, _ := back[0].Field("hand")
			if id != backID || back[0].ContentDigest() != h.ContentDigest() {
				t.Errorf("%s: line %d: hand %s came back as %s, differing in %v", f, h.Line, id, backID, back[0].Diff(h))
			}
			n++
		}
	}
	if n != siteFixtureHands["pokerstars"] {
		t.Errorf("%d hands, want %d", n, siteFixtureHands["pokerstars"])
	}
}

// TestHandIDWidthAndSeeds: HandID has HandIDDigits digits (below 2^63), is
// a function of seed, number and content, and changes with each.
func TestHandIDWidthAndSeeds(t *testing.T) {
	h := parseOne(t, contentHand)
	other := parseOne(t, strings.Replace(contentHand, "'p1 cbr 3.00'", "'p1 cbr 4'", 1))
	ids := map[int64]string{}
	for _, c := range []struct {
		what   string
		h      *Hand
		seed   uint64
		number int64
	}{{"base", h, 1, 1}, {"seed", h, 2, 1}, {"number", h, 1, 2}, {"content", other, 1, 1}, {"no origin", h, 0, 0}} {
		id := HandID(c.h, c.seed, c.number)
		if s := strconv.FormatInt(id, 10); len(s) != HandIDDigits {
			t.Errorf("%s: %s has %d digits", c.what, s, len(s))
		}
		if HandID(c.h, c.seed, c.number) != id {
			t.Errorf("%s: two HandIDs", c.what)
		}
		if prev, dup := ids[id]; dup {
			t.Errorf("%s: the HandID of %s", c.what, prev)
		}
		ids[id] = c.what
	}
	// The presentation does not change it.
	if HandID(parseOne(t, "# a comment\n"+contentHand), 1, 1) != HandID(h, 1, 1) {
		t.Errorf("a comment changes the HandID")
	}
}

// TestWritePokerStarsNumbersHandsByContent: a hand without a hand field is
// numbered by its content (HandID with seed and number 0), not by its
// place in its file, so the first hands of two files are not both
// "Hand #1"; a hand's own number is kept.
func TestWritePokerStarsNumbersHandsByContent(t *testing.T) {
	noID := strings.Replace(contentHand, "hand = 3017237436\n", "", 1)
	a := parseOne(t, "[1]\n"+noID)
	b := parseOne(t, "[1]\n"+strings.Replace(noID, "'p1 cbr 3.00'", "'p1 cbr 4'", 1))
	header := func(h *Hand) string {
		var out strings.Builder
		if err := WritePokerStars(&out, []*Hand{h}); err != nil {
			t.Fatal(err)
		}
		return out.String()[:strings.Index(out.String(), ":")]
	}
	if got, want := header(a), "PokerStars Hand #"+strconv.FormatInt(HandID(a, 0, 0), 10); got != want {
		t.Errorf("header %q, want %q", got, want)
	}
	if header(a) == header(b) {
		t.Errorf("two hands numbered alike: %s", header(a))
	}
	if got := header(parseOne(t, contentHand)); got != "PokerStars Hand #3017237436" {
		t.Errorf("a hand with its number: %q", got)
	}
}

// TestAppendExact: amounts as exact decimals without trailing zeros, in
// any unit.
func TestAppendExact(t *testing.T) {
	for _, tt := range []struct {
		v        int64
		decimals int
		want     string
	}{{0, 0, "0"}, {250, 0, "250"}, {250, 2, "2.5"}, {200, 2, "2"}, {5, 2, "0.05"}, {1, 3, "0.001"}, {12, 2, "0.12"},
		{-150, 2, "-1.5"}, {20030, 2, "200.3"}, {9007199254740991, 4, "900719925474.0991"}} {
		if got := string(appendExact(nil, tt.v, tt.decimals)); got != tt.want {
			t.Errorf("%d units of 10^-%d: %q, want %q", tt.v, tt.decimals, got, tt.want)
		}
	}
}
