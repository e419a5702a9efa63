package hh

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// goodStars is a small real-looking PokerStars cash hand the bad-input
// cases below change one line of.
const goodStars = `PokerStars Hand #105024000105:  Hold'em No Limit ($0.05/$0.10 USD) - 2013/10/04 13:53:27 ET
Table 'Alcyone' 6-max Seat #1 is the button
Seat 1: Anna ($10 in chips)
Seat 2: Bert ($12.50 in chips)
Seat 3: Cleo ($7.15 in chips)
Bert: posts small blind $0.05
Cleo: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Anna [Ac Jh]
Anna: raises $0.20 to $0.30
Bert: folds
Cleo: calls $0.20
*** FLOP *** [2s 6d 6h]
Cleo: checks
Anna: bets $0.40
Cleo: folds
Uncalled bet ($0.40) returned to Anna
Anna collected $0.62 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $0.65 | Rake $0.03
Board [2s 6d 6h]
Seat 1: Anna (button) collected ($0.62)
Seat 2: Bert (small blind) folded before Flop
Seat 3: Cleo (big blind) folded on the Flop
`

// TestSiteBadInput: each bad input a site file could hold is rejected with
// a message naming the file, the line and the reason (the exact text), and
// nothing panics. The good hand reads, and one bad hand in a file does not
// stop the next one.
func TestSiteBadInput(t *testing.T) {
	hands, rej, err := ReadAny("good.txt", []byte(goodStars))
	if err != nil || len(rej) > 0 || len(hands) != 1 {
		t.Fatalf("the good hand: %v %v", err, rej)
	}
	elevenSeats := goodStars
	for i := 4; i <= 11; i++ {
		elevenSeats = strings.Replace(elevenSeats, "Bert: posts small blind", fmt.Sprintf("Seat %d: P%d ($1 in chips)\nBert: posts small blind", i, i), 1)
	}
	seatLines := strings.Replace(goodStars, "Seat 1: Anna ($10 in chips)", "Seat 1: Anna (9007199254740991 in chips)", 1)
	for _, c := range []struct {
		name, text string
		want       string // the whole message; "FILE" stands for the file name
	}{
		{"another format", "#Game No : 7368931812\n***** 888poker Hold'em No Limit $0.01/$0.02 Blinds *****\n",
			"FILE:1: a 888poker hand history: pokerlab reads PHH, PokerStars and GGPoker hand histories"},
		{"not a hand history", "Dear player,\nyour hand histories are attached.\n",
			`FILE:1: not a hand history: "Dear player," is neither a PHH (TOML) line nor a PokerStars or GGPoker hand header`},
		{"another language", "Mão PokerStars #137737997245: Torneio #1270291825, 4500+500 Hold'em No Limit - Nível I (10/20) - 2015/07/07 16:42:52 ET\n",
			`FILE:1: not a PokerStars hand header in English ("Mão PokerStars #137737997245: Torneio #1270291825, 4500+500..."): set the PokerStars client's hand history language to English`},
		{"truncated hand", goodStars[:strings.Index(goodStars, "*** SUMMARY ***")],
			"FILE:19: PokerStars hand #105024000105: truncated hand: it ends at line 19 without a *** SUMMARY ***"},
		{"truncated before the seats", "PokerStars Hand #105024000105:  Hold'em No Limit ($0.05/$0.10 USD) - 2013/10/04 13:53:27 ET\n",
			"FILE:1: PokerStars hand #105024000105: truncated hand: it ends before the seats are listed"},
		{"unknown currency", strings.ReplaceAll(goodStars, "($0.05/$0.10 USD)", "(¥0.05/¥0.10 CNY)"),
			`FILE:1: PokerStars hand #105024000105: unknown currency in the stakes "¥0.05/¥0.10": pokerlab reads $ (USD), € (EUR), £ (GBP), ₹ (INR) and chips without a symbol`},
		{"unknown currency code", strings.ReplaceAll(goodStars, "($0.05/$0.10 USD)", "($0.05/$0.10 CAD)"),
			`FILE:1: PokerStars hand #105024000105: unknown currency "CAD" in the stakes: pokerlab reads USD, EUR, GBP, INR and chips`},
		{"11 seats", elevenSeats,
			"FILE:13: PokerStars hand #105024000105: 11 seats: a hand has 2 to 10 players (holdem.MaxSeats)"},
		{"malformed amount", strings.Replace(goodStars, "Anna: bets $0.40", "Anna: bets $0.4.0", 1),
			`FILE:15: PokerStars hand #105024000105: malformed amount "$0.4.0": want digits with an optional decimal point, e.g. $2.50`},
		{"malformed thousands", strings.Replace(goodStars, "Anna: bets $0.40", "Anna: bets $1,00", 1),
			`FILE:15: PokerStars hand #105024000105: malformed amount "$1,00": want digits with an optional decimal point, e.g. $2.50`},
		{"amount in another currency", strings.Replace(goodStars, "Anna: bets $0.40", "Anna: bets €0.40", 1),
			`FILE:15: PokerStars hand #105024000105: the amount "€0.40" is not in the hand's currency $`},
		{"amount above the limit", strings.Replace(goodStars, "Anna: bets $0.40", "Anna: bets $90071992547409920", 1),
			`FILE:15: PokerStars hand #105024000105: the amount "$90071992547409920" is above the limit of 2^53-1 units (hh.MaxTotal)`},
		{"a stack without the currency", seatLines,
			"FILE:3: PokerStars hand #105024000105: seat 1: the amount \"9007199254740991\" is not in the hand's currency $"},
		{"stack above the limit", strings.Replace(goodStars, "Seat 1: Anna ($10 in chips)", "Seat 1: Anna ($90071992547409.92 in chips)", 1),
			"FILE:3: PokerStars hand #105024000105: seat 1: the stack $90071992547409.92 is above the limit $90071992547409.91 (2^53-1 units, hh.MaxTotal)"},
		{"stacks adding up above the limit", strings.Replace(strings.Replace(goodStars, "Seat 1: Anna ($10 in chips)", "Seat 1: Anna ($50000000000000 in chips)", 1), "Seat 2: Bert ($12.50 in chips)", "Seat 2: Bert ($50000000000000 in chips)", 1),
			"FILE:3: PokerStars hand #105024000105: starting stacks: the stacks add up to more than the limit $90071992547409.91 (2^53-1 units, hh.MaxTotal)"},
		{"collected more than the pot", strings.Replace(goodStars, "Anna collected $0.62 from pot", "Anna collected $0.66 from pot", 1),
			"FILE:18: PokerStars hand #105024000105: Anna collected $0.66, but the replay awards them $0.65"},
		{"collected less than the pot and the rake", strings.Replace(goodStars, "Anna collected $0.62 from pot", "Anna collected $0.60 from pot", 1),
			"FILE:18: PokerStars hand #105024000105: Anna collected $0.60, the replay awards them $0.65: a difference of $0.05 where the summary's rake and fees are $0.03"},
		{"a call the engine makes another size", strings.Replace(goodStars, "Cleo: calls $0.20", "Cleo: calls $0.25", 1),
			"FILE:12: PokerStars hand #105024000105: Cleo calls $0.25, the engine $0.20"},
		{"an illegal raise", strings.Replace(goodStars, "Anna: raises $0.20 to $0.30", "Anna: raises $0.05 to $0.15", 1),
			"FILE:10: PokerStars hand #105024000105: raise to $0.15 is below the minimum raise to $0.20: the last full bet or raise was $0.10 (TDA 41, 43); raise to at least $0.20, go all-in to $10, or call"},
		{"out of turn", strings.Replace(goodStars, "Bert: folds\nCleo: calls $0.20", "Cleo: calls $0.20\nBert: folds", 1),
			"FILE:11: PokerStars hand #105024000105: Cleo cannot check or call: action out of turn, Bert is to act (TDA 53)"},
		{"unknown action", strings.Replace(goodStars, "Bert: folds", "Bert: dances", 1),
			`FILE:11: PokerStars hand #105024000105: unknown action "dances" of Bert`},
		{"not hold'em", strings.Replace(goodStars, "Hold'em No Limit", "Omaha Pot Limit", 1),
			`FILE:1: PokerStars hand #105024000105: "Omaha Pot Limit ($0.05/$0.10 USD)" is not No-Limit Hold'em: pokerlab reads No-Limit Texas Hold'em hands`},
		{"a card twice", strings.Replace(goodStars, "*** FLOP *** [2s 6d 6h]", "*** FLOP *** [2s 6d Ac]", 1),
			"FILE:13: PokerStars hand #105024000105: card Ac dealt twice: Anna already holds it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			name := strings.ReplaceAll(c.name, " ", "-") + ".txt"
			// The bad hand, then the good one: the second is still read.
			text := c.text
			hands, rej, err := ReadAny(name, []byte(text))
			var msg string
			switch {
			case err != nil:
				msg = err.Error()
			case len(rej) == 1:
				msg = rej[0].Error()
				var se *SiteError
				if !errors.As(rej[0], &se) || se.File != name || se.Line < 1 {
					t.Errorf("%T %+v does not name the file and line", rej[0], rej[0])
				}
				// One bad hand does not stop the rest of the file.
				more, rej2, err2 := ReadAny(name, []byte(text+"\n\n"+goodStars))
				if err2 != nil || len(rej2) != 1 || len(more) != len(hands)+1 {
					t.Errorf("the good hand after the bad one: %d hands, %v %v", len(more), rej2, err2)
				}
			default:
				t.Fatalf("%d hands, %d rejected, err %v", len(hands), len(rej), err)
			}
			if want := strings.ReplaceAll(c.want, "FILE", name); msg != want {
				t.Errorf("message\n%s\nwant\n%s", msg, want)
			}
		})
	}
}
