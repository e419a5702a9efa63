package filter

import (
	"errors"
	"strings"
	"testing"

	"pokerlab/cards"
	"pokerlab/hud"
)

// rowsCols are the test's columns (as package store names them).
var rowsCols = &Columns{Day: "h.day", Stakes: "h.stakes", Site: "h.site", Seats: "h.seats", Pot: "h.pot_type", BB: "h.bb",
	Position: "hp.position", PlayerID: "hp.player_id", Hole: "hp.hole", Net: "hp.net",
	SawFlop: "hp.saw_flop", Showdown: "hp.showdown", AllIn: "hp.allin", Players: "players"}

func hole(s string) int {
	c := cards.MustParse(s[:2])
	d := cards.MustParse(s[2:])
	return cards.HoleIndex(c, d)
}

// base is a row the rule tests change one field of.
func base() Row {
	return Row{Day: 20261105, Stakes: "1/2", Site: "PokerStars", Seats: 6, Pot: hud.Pot3Bet, BB: 200,
		Position: "BTN", Player: "Alice", Hole: hole("AsKs"), Net: 2500, SawFlop: true, Showdown: true, AllIn: false}
}

// ruleCase is a filter and whether it matches rows.
type ruleCase struct {
	filter string
	row    func(*Row)
	want   bool
}

func runRules(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		e, err := Parse(c.filter)
		if err != nil {
			t.Errorf("%q: %v", c.filter, err)
			continue
		}
		r := base()
		if c.row != nil {
			c.row(&r)
		}
		if got := Match(e, &r); got != c.want {
			t.Errorf("%q on %+v: %v, want %v", c.filter, r, got, c.want)
		}
		// What parses prints back to itself and compiles.
		again, err := Parse(e.String())
		if err != nil || again.String() != e.String() {
			t.Errorf("%q: prints as %q, which reads back as %v (%v)", c.filter, e.String(), again, err)
		}
		if _, _, err := SQL(e, rowsCols, Dollar, nil); err != nil {
			t.Errorf("%q: SQL: %v", c.filter, err)
		}
	}
}

func TestDateComparesTheDay(t *testing.T) {
	runRules(t, []ruleCase{
		{"date>=2026-11-01", nil, true},
		{"date>=2026-11-06", nil, false},
		{"date<2026-11-06", nil, true},
		{"date=2026-11-05", nil, true},
		{"date!=2026-11-05", nil, false},
		{"date<=2026-11-05", nil, true},
		{"date>2026-11-05", nil, false},
		{"date in (2026-11-04, 2026-11-05)", nil, true},
		{"day not in (2026-11-05)", nil, false},
	})
}

func TestHandWithoutDateFailsEveryDateComparison(t *testing.T) {
	undated := func(r *Row) { r.Day = 0 }
	runRules(t, []ruleCase{
		{"date<2026-11-01", undated, false},
		{"date!=2026-11-01", undated, false},
		{"date not in (2026-11-01)", undated, false},
		{"date>=2026-11-01", undated, false},
		{"not date>=2026-11-01", undated, true},
	})
}

func TestStakesNormalised(t *testing.T) {
	runRules(t, []ruleCase{
		{"stakes=1/2", nil, true},
		{"stakes=$1.00/$2", nil, true},
		{"stakes!=1/2", nil, false},
		{"stakes in (0.5/1, 1/2)", nil, true},
		{"blinds=0.50/1", func(r *Row) { r.Stakes = "0.5/1" }, true},
	})
}

func TestSiteWithoutCase(t *testing.T) {
	runRules(t, []ruleCase{
		{"site=pokerstars", nil, true},
		{"site=POKERSTARS", nil, true},
		{"site!=GGPoker", nil, true},
		{`site="Absolute Poker"`, func(r *Row) { r.Site = "Absolute Poker" }, true},
		{"site in (ggpoker, pokerstars)", nil, true},
	})
}

func TestSeatsCompareTheTableSize(t *testing.T) {
	runRules(t, []ruleCase{
		{"seats=6", nil, true},
		{"seats<=6", nil, true},
		{"seats<6", nil, false},
		{"seats>2", nil, true},
		{"seats in (2, 9)", nil, false},
	})
}

func TestPositionNamesAndLists(t *testing.T) {
	runRules(t, []ruleCase{
		{"position=BTN", nil, true},
		{"position=btn", nil, true},
		{"pos=CO", nil, false},
		{"position in (CO,BTN)", nil, true},
		{"position not in (CO, BTN)", nil, false},
		{"position=UTG+1", func(r *Row) { r.Position = "UTG+1" }, true},
	})
}

func TestPlayerByName(t *testing.T) {
	runRules(t, []ruleCase{
		{"player=Alice", nil, true},
		{"player=alice", nil, false}, // names are exact
		{`hero="Alice"`, nil, true},
		{`player="John Doe"`, func(r *Row) { r.Player = "John Doe" }, true},
		{"player in (Bob, Alice)", nil, true},
		{"player!=Alice", nil, false},
	})
}

func TestCardsAreARange(t *testing.T) {
	runRules(t, []ruleCase{
		{"cards=QQ+,AKs", nil, true},
		{"cards=QQ+,AKs", func(r *Row) { r.Hole = hole("AhKd") }, false},
		{"cards=QQ+,AK", func(r *Row) { r.Hole = hole("AhKd") }, true},
		{"cards=QQ+", func(r *Row) { r.Hole = hole("QcQd") }, true},
		{"cards!=QQ+", nil, true},
		{"cards in (22+, AKs)", nil, true},
		{`cards="AKs, AQs"`, nil, true},
		{"cards=random", nil, true},
		{"cards!=random", nil, false},
	})
}

func TestUnknownCardsMatchNoRange(t *testing.T) {
	hidden := func(r *Row) { r.Hole = -1 }
	runRules(t, []ruleCase{
		{"cards=AKs", hidden, false},
		{"cards!=AKs", hidden, false},
		{"cards=random", hidden, false},
		{"not cards=AKs", hidden, true},
	})
}

func TestPotTypes(t *testing.T) {
	runRules(t, []ruleCase{
		{"pot=3bet", nil, true},
		{"pot=3-bet", nil, true},
		{"pot=srp", nil, false},
		{"pot>=3bet", nil, true},
		{"pot<3bet", nil, false},
		{"pot=4bet", func(r *Row) { r.Pot = hud.Pot4Bet }, true},
		{"pot=4bet+", func(r *Row) { r.Pot = hud.Pot4Bet }, true},
		{"pot=limped", func(r *Row) { r.Pot = hud.PotLimped }, true},
		{"pot=single-raised", func(r *Row) { r.Pot = hud.PotSingleRaised }, true},
		{"pot in (walk, limped)", func(r *Row) { r.Pot = hud.PotWalk }, true},
	})
}

func TestFlags(t *testing.T) {
	runRules(t, []ruleCase{
		{"flop", nil, true},
		{"showdown", nil, true},
		{"not showdown", nil, false},
		{"allin", nil, false},
		{"all-in", func(r *Row) { r.AllIn = true }, true},
		{"flop and not showdown", func(r *Row) { r.Showdown = false }, true},
	})
}

func TestWonInBigBlinds(t *testing.T) {
	runRules(t, []ruleCase{
		{"won>10", nil, true}, // 2500 chips at bb 200: 12.5 bb
		{"won>12.5", nil, false},
		{"won>=12.5", nil, true},
		{"won<-5", func(r *Row) { r.Net = -1001 }, true},
		{"won<-5", func(r *Row) { r.Net = -1000 }, false},
		{"won=0", func(r *Row) { r.Net = 0 }, true},
		{"net!=0", nil, true},
	})
}

func TestAndOrNotPrecedence(t *testing.T) {
	runRules(t, []ruleCase{
		// not binds tightest, then and, then or.
		{"position=CO and pot=srp or flop", nil, true},
		{"position=CO and (pot=srp or flop)", nil, false},
		{"not position=CO and flop", nil, true},
		{"not (position=BTN and flop)", nil, false},
		{"not not flop", nil, true},
		{"position=BTN and pot=3bet and date>=2026-11-01", nil, true},
		{"(((flop)))", nil, true},
		{"FLOP AND Position=BTN OR allin", nil, true},
	})
}

func TestEmptyFilterSelectsEverything(t *testing.T) {
	e, err := Parse("   ")
	if err != nil || e != nil {
		t.Fatalf("empty filter: %v %v", e, err)
	}
	r := base()
	if !Match(nil, &r) {
		t.Error("nil filter does not match")
	}
	if c, args, _ := SQL(nil, rowsCols, Dollar, nil); c != "1 = 1" || len(args) != 0 {
		t.Errorf("nil filter: %q %v", c, args)
	}
}

// TestErrorsNameTheColumn: each malformed filter fails with the column of
// the token at fault and a message saying what is wanted.
func TestErrorsNameTheColumn(t *testing.T) {
	for _, c := range []struct {
		filter string
		col    int
		msg    string
	}{
		{"postion=BTN", 1, `unknown field "postion"`},
		{"position=BTM", 10, `position "BTM": want one of`},
		{"position=BTN and", 17, "a condition is missing"},
		{"position=BTN pot=3bet", 14, "join conditions with and, or"},
		{"(position=BTN", 14, "want ')' to close the '(' of col 1"},
		{"position=BTN)", 13, "')' without '('"},
		{"date>=2026-13-01", 7, "want YYYY-MM-DD"},
		{"seats=11", 7, "from 2 to 10"},
		{"pot=5bet", 5, `pot "5bet"`},
		{"cards=QQ+,AKx", 11, `"AKx"`},
		{"cards=AKs:0.5", 7, "no weights"},
		{"won>ten", 5, "want a number of big blinds"},
		{"won in (1, 2)", 9, "not a list"},
		{"position<BTN", 9, "takes =, != or in"},
		{"flop=1", 5, "flop is a flag"},
		{"player=", 8, "a value is missing"},
		{`player="Bob`, 8, "unterminated string"},
		{"position in BTN", 13, "want '(' and a list"},
		{"position in (BTN CO)", 18, "want ',' or ')'"},
		{"stakes=1-2", 8, "want SMALL/BIG"},
		{"a ! b", 3, "'!' alone"},
		{"flop ! showdown", 6, "'!' alone"},
		{"and flop", 1, "'and' where a condition belongs"},
		{"position=and", 10, "'and' where a value belongs"},
		{"site=\x01", 6, "unexpected character"},
		{"site=\x8f", 6, "not UTF-8 text"},
		{"site=\"a\x00\"", 8, "a NUL byte"},
	} {
		_, err := Parse(c.filter)
		var fe *Error
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want a *filter.Error", c.filter, err)
			continue
		}
		if fe.Col != c.col || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%q: col %d %q, want col %d and %q", c.filter, fe.Col, fe.Msg, c.col, c.msg)
		}
		if !strings.Contains(err.Error(), "col ") {
			t.Errorf("%q: %v does not name the column", c.filter, err)
		}
	}
}

// TestLimits: filters too long, too deep or with too many conditions are
// refused, so that every filter that parses runs on both engines.
func TestLimits(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("(", MaxDepth+1) + "flop" + strings.Repeat(")", MaxDepth+1),
		strings.Repeat("not ", MaxDepth+1) + "flop",
		strings.Repeat("flop and ", MaxPreds) + "flop",
		strings.Repeat("x", MaxLen+1),
	} {
		if _, err := Parse(s); err == nil {
			t.Errorf("%.40q... parsed", s)
		}
	}
}

// TestSQLBindsEveryValue: the SQL text holds placeholders only, never a
// value, in both styles; the arguments are the values in order.
func TestSQLBindsEveryValue(t *testing.T) {
	e, err := Parse(`player="Robert'); DROP TABLE hands; --" or site='x\'y' and position in (CO, BTN) and won>2.5 and date>=2026-11-01 and cards=AA`)
	if err != nil {
		t.Fatal(err)
	}
	for _, style := range []Style{Dollar, Question} {
		c, args, err := SQL(e, rowsCols, style, []any{"before"})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []string{"DROP", "Robert", "'x", "CO", "BTN", "2.5", "20261101"} {
			if strings.Contains(c, v) {
				t.Errorf("style %d: %q written into the SQL: %s", style, v, c)
			}
		}
		// before, the player, the site, CO, BTN, 2.5, the date, AA's 6 combinations.
		if len(args) != 1+1+1+2+1+1+6 || args[0] != "before" || args[1] != "Robert'); DROP TABLE hands; --" {
			t.Errorf("style %d: args %v", style, args)
		}
		n := strings.Count(c, "?")
		if style == Dollar {
			n = strings.Count(c, "$")
			if !strings.Contains(c, "$2") || strings.Contains(c, "$1 ") {
				t.Errorf("dollar parameters do not continue after the bound ones: %s", c)
			}
		}
		if n != len(args)-1 {
			t.Errorf("style %d: %d placeholders for %d values: %s", style, n, len(args)-1, c)
		}
	}
}

// TestRangeBindsTheShorterSide: a wide range binds its complement.
func TestRangeBindsTheShorterSide(t *testing.T) {
	for _, c := range []struct {
		cards string
		args  int
	}{{"AA", 6}, {"random", 0}, {"22+,A2+,K2+,Q2+,J2+,T2+", 1326 - 878}} {
		e, err := Parse("cards=" + c.cards)
		if err != nil {
			t.Fatal(err)
		}
		_, args, err := SQL(e, rowsCols, Dollar, nil)
		if err != nil || len(args) != c.args || len(args) > cards.NumHoles/2 {
			t.Errorf("cards=%s: %d args, want %d (%v)", c.cards, len(args), c.args, err)
		}
	}
}

// TestUnavailableField: a field the columns lack is an UnavailableError
// (the HUD cache has no pot type).
func TestUnavailableField(t *testing.T) {
	e, _ := Parse("position=BTN and pot=3bet")
	_, _, err := SQL(e, &Columns{Position: "c.position"}, Dollar, nil)
	var u *UnavailableError
	if !errors.As(err, &u) || u.Field != Pot {
		t.Errorf("error %v, want pot unavailable", err)
	}
}

// FuzzParse: arbitrary text never panics; what parses prints back to
// itself, compiles with as many placeholders as values, within the
// limits.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"position=BTN and pot=3bet and date>=2026-11-01", "cards=QQ+,AKs", "not (flop or showdown) and won<-5",
		`player="a \" b" or site='x'`, "position in (CO,BTN)", "seats<=6 and stakes=$0.50/$1", "((", "won>1e400", "cards=AKs:0.5", "pos!=utg+3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) || fe.Col < 1 || fe.Col > len(s)+1 {
				t.Fatalf("%q: error %v without a column in the input", s, err)
			}
			return
		}
		if e == nil {
			return
		}
		again, err := Parse(e.String())
		if err != nil || again.String() != e.String() {
			t.Fatalf("%q prints as %q, which reads back as %v, %v", s, e.String(), again, err)
		}
		for _, style := range []Style{Dollar, Question} {
			c, args, err := SQL(e, rowsCols, style, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(args) > MaxValues || len(c) > 64*MaxLen+64*MaxValues {
				t.Fatalf("%q: %d args", s, len(args))
			}
		}
		r := base()
		Match(e, &r)
	})
}
