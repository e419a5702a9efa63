package hh

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// textNets is a second, deliberately naive reading of a PokerStars or
// GGPoker hand, by regular expressions and nothing of the reader: each
// player's net (what they got less what they put in), the summary's rake
// and fees, the cash-outs and the awards the site kept.
type textNets struct {
	net                 map[string]int64 // in cents ×100 (4 decimals), by name
	rake                int64            // the summary's fees ("| Rake $1 | Jackpot $0.05")
	cashOuts, cashFees  int64
	kept                int64 // "won ($x) ... (pot not awarded as player cashed out)"
	summaryGot, lineGot map[string]int64
}

var (
	reSeat     = regexp.MustCompile(`^Seat (\d+): (.+) \(([^ ]+) in chips`)
	reAction   = regexp.MustCompile(`^(.+?): (posts (?:small blind|big blind|the ante|straddle)|calls|bets|raises [^ ]+ to) ([^ ]+)`)
	reReturn   = regexp.MustCompile(`^Uncalled bet \(([^)]+)\) returned to (.+)$`)
	reCollect  = regexp.MustCompile(`^(.+) collected ([^ ]+) from `)
	reCashOut  = regexp.MustCompile(`^(.+?):? [Cc]ashed [Oo]ut the hand for ([^ ]+) \| Cash Out Fee ([^ ]+)$`)
	reTotal    = regexp.MustCompile(`^Total pot [^|]*((?:\|.*)?)$`)
	reFee      = regexp.MustCompile(`\| [^|$€£₹0-9]*([^ |]+)`)
	reSumSeat  = regexp.MustCompile(`^Seat (\d+): `)
	reSumWon   = regexp.MustCompile(`(?:won|collected) \(([^)]+)\)`)
	reStreet   = regexp.MustCompile(`^\*\*\* (FLOP|TURN|RIVER) \*\*\*`)
	reSumStart = regexp.MustCompile(`^\*\*\* SUMMARY \*\*\*`)
)

// money4 reads "$1,289.63", "12,144", "€0.5" as units of 10^-4.
func money4(t *testing.T, s string) int64 {
	t.Helper()
	s = strings.TrimLeft(s, "$€£₹")
	s = strings.ReplaceAll(s, ",", "")
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	v := f * 1e4
	if v < 0 {
		return int64(v - 0.5)
	}
	return int64(v + 0.5)
}

// readTextNets reads one hand's lines.
func readTextNets(t *testing.T, lines []string) textNets {
	tn := textNets{net: map[string]int64{}, summaryGot: map[string]int64{}, lineGot: map[string]int64{}}
	seatName := map[string]string{}
	street := map[string]int64{} // live chips of this street, by name
	returned := false            // an "Uncalled bet" line in this street
	// endStreet gives back the bet nobody matched when the text does not
	// (tracker exports and 2005 histories leave the line out).
	endStreet := func() {
		if !returned {
			top, second, who := int64(0), int64(0), ""
			for name, x := range street {
				switch {
				case x > top:
					top, second, who = x, top, name
				case x > second:
					second = x
				}
			}
			if top > second {
				tn.net[who] += top - second
			}
		}
		street, returned = map[string]int64{}, false
	}
	summary, sbSeen := false, false
	for _, l := range lines {
		l = strings.TrimRight(strings.TrimPrefix(l, "\ufeff"), " \r\t")
		l = strings.TrimLeft(l, " \t")
		switch {
		case reSumStart.MatchString(l):
			endStreet()
			summary = true
			continue
		case !summary && reStreet.MatchString(l):
			endStreet()
			continue
		}
		if summary {
			if m := reTotal.FindStringSubmatch(l); m != nil {
				for _, f := range reFee.FindAllStringSubmatch(m[1], -1) {
					tn.rake += money4(t, f[1])
				}
				continue
			}
			if m := reSumSeat.FindStringSubmatch(l); m != nil {
				name := seatName[m[1]]
				if name == "" {
					continue
				}
				for _, w := range reSumWon.FindAllStringSubmatch(l, -1) {
					if strings.Contains(l, "(pot not awarded as player cashed out)") {
						tn.kept += money4(t, w[1])
						continue
					}
					tn.summaryGot[name] += money4(t, w[1])
				}
			}
			continue
		}
		if m := reSeat.FindStringSubmatch(l); m != nil && len(seatName) < 10 && !strings.Contains(l, ": posts") {
			seatName[m[1]] = m[2]
			continue
		}
		if m := reCashOut.FindStringSubmatch(l); m != nil {
			c := money4(t, m[2])
			tn.cashOuts += c
			tn.cashFees += money4(t, m[3])
			tn.net[m[1]] += c
			tn.lineGot[m[1]] += c
			tn.summaryGot[m[1]] += c
			continue
		}
		if m := reReturn.FindStringSubmatch(l); m != nil {
			tn.net[m[2]] += money4(t, m[1])
			returned = true
			continue
		}
		if m := reCollect.FindStringSubmatch(l); m != nil {
			c := money4(t, m[2])
			tn.net[m[1]] += c
			tn.lineGot[m[1]] += c
			continue
		}
		if m := reAction.FindStringSubmatch(l); m != nil {
			name, verb, x := m[1], m[2], money4(t, m[3])
			switch {
			case verb == "posts the ante", verb == "posts small blind" && sbSeen:
				// Dead money: antes, and a second small blind (posted out
				// of position by a player joining the game).
				tn.net[name] -= x
			case strings.HasPrefix(verb, "raises"):
				tn.net[name] -= x - street[name]
				street[name] = x
			default: // blinds, straddle, calls, bets
				tn.net[name] -= x
				street[name] += x
				sbSeen = sbSeen || verb == "posts small blind"
			}
		}
	}
	return tn
}

// TestSiteNetsAgainstText: for every fixture hand the reader delivers, each
// player's net (finishing less starting stack) is what a naive second
// reading of the text gives (the chips they collected or were paid for a
// cash-out, less the chips they put in, returned bets given back), and
// what the summary's seat lines say they got; the nets add up to minus the
// summary's rake and fees, less the awards the site kept from players who
// cashed out, plus the cash-outs it paid. Nothing here uses the reader's
// own accounting.
func TestSiteNetsAgainstText(t *testing.T) {
	hands := 0
	for dir := range siteFixtureHands {
		for _, f := range siteFixtures(t, dir) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := ReadAny(f, data)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))), "\n")
			for _, h := range got {
				// The hand's lines: from its header to the next header.
				var text []string
				for i := h.Site.Line - 1; i < len(lines); i++ {
					if i > h.Site.Line-1 && (strings.HasPrefix(lines[i], "PokerStars ") || strings.HasPrefix(lines[i], "Poker Hand #")) {
						break
					}
					text = append(text, lines[i])
				}
				checkTextNets(t, h, readTextNets(t, text))
				hands++
			}
		}
	}
	if want := siteFixtureHands["pokerstars"] + siteFixtureHands["ggpoker"]; hands != want {
		t.Errorf("%d hands checked, want %d", hands, want)
	}
}

func checkTextNets(t *testing.T, h *Hand, tn textNets) {
	t.Helper()
	where := h.File + ":" + strconv.Itoa(h.Site.Line)
	scale := pow10[4-h.Decimals]
	var sum int64
	for s, name := range h.Players {
		net := (h.FinishingStacks[s] - h.StartingStacks[s]) * scale
		sum += net
		if want := tn.net[name]; net != want {
			t.Errorf("%s: %s's net is %d, the text's %d (units of 10^-4)", where, name, net, want)
		}
		if tn.summaryGot[name] != tn.lineGot[name] {
			t.Errorf("%s: %s gets %d by the summary, %d by the collected lines", where, name, tn.summaryGot[name], tn.lineGot[name])
		}
	}
	if want := -tn.rake - tn.kept + tn.cashOuts; sum != want {
		t.Errorf("%s: the nets add up to %d, want %d (rake and fees %d, kept %d, cash-outs %d)", where, sum, want, tn.rake, tn.kept, tn.cashOuts)
	}
	if h.Site.Rake*scale != tn.rake || h.Site.NotAwarded*scale != tn.kept || h.Site.CashOutFees*scale != tn.cashFees {
		t.Errorf("%s: rake %d, kept %d, cash-out fees %d; the text's %d, %d, %d", where, h.Site.Rake*scale, h.Site.NotAwarded*scale, h.Site.CashOutFees*scale, tn.rake, tn.kept, tn.cashFees)
	}
}
