package spot

import (
	"reflect"
	"strings"
	"testing"

	"pokerlab/cards"
)

const testTemplate = `pot = 20
stack = 30
oop = "AA,KK,AK"
ip = "QQ,JJ,AQ"
[sizes]
bet = "50%"
raise = "a"
[batch]
target = 1
iterations = 300
`

// TestTemplateIsASpotWithoutBoard: a template gives, for a board, the spot
// its text gives with that board added; a board or an unknown batch key
// is an error naming the line.
func TestTemplateIsASpotWithoutBoard(t *testing.T) {
	tp, err := ParseTemplate(testTemplate, "t.toml")
	if err != nil {
		t.Fatal(err)
	}
	if tp.Target != 1 || tp.Iterations != 300 {
		t.Errorf("batch settings %g, %d", tp.Target, tp.Iterations)
	}
	board := cards.MustParseSet("Kd 7c 2h")
	got, err := tp.For(board.Cards())
	if err != nil {
		t.Fatal(err)
	}
	body, _, _ := strings.Cut(testTemplate, "[batch]")
	want, err := ParseSpot(`board = "Kd7c2h"`+"\n"+body, "s.toml")
	if err != nil {
		t.Fatal(err)
	}
	if got.Pot != want.Pot || got.Stack != want.Stack || got.BoardSet() != want.BoardSet() || !reflect.DeepEqual(got.Ranges, want.Ranges) || !reflect.DeepEqual(got.Sizes, want.Sizes) {
		t.Errorf("template spot %+v, want %+v", got, want)
	}
	for _, c := range []struct{ src, want string }{
		{"board = \"AsKsQs\"\n" + testTemplate, "t.toml:1: board: a template has no board"},
		{testTemplate + "bogus = 1\n", "t.toml:11: batch.bogus: unknown key"},
		{strings.Replace(testTemplate, "target = 1", "target = -1", 1), "batch.target: want a percentage"},
		{testTemplate + "lambda = [0]\n", "batch.lambda: 0: want λ above 0"},
		{testTemplate + "lambda = 10\n", "batch.lambda: want a list"},
		{strings.Replace(testTemplate, "pot = 20", "pot = -5", 1), "pot"},
	} {
		if _, err := ParseTemplate(c.src, "t.toml"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src[:20], err, c.want)
		}
	}
}
