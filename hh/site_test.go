package hh

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// siteRejections lists every fixture hand the reader rejects, by file, with
// the exact message: the hands a site wrote that the engine cannot replay
// (testdata/pokerstars/README.md and testdata/ggpoker/README.md say why).
var siteRejections = map[string][]string{
	"pokerstars/fpdb-cash-NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt": {
		"28: PokerStars hand #90721705235: the hand was run more than once (*** FIRST RIVER *** [Js 9h Jh Qs] [2d]): the engine deals one board",
	},
	"pokerstars/hhsmithy-cap-RunItTwice2.txt": {
		"19: PokerStars hand #133974380110: the hand was run more than once (*** FIRST FLOP *** [Qd Qs 4h]): the engine deals one board",
	},
	"pokerstars/fpdb-tour-NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt": {
		"110: PokerStars hand #86564040647: malformed board: no ']'",
		`1436: PokerStars hand #86568539580: unknown action "PokerStars Hand #86568688159: Tournament #604678566, Freerol..." of Player25`,
	},
	"ggpoker/layorx-GG20250829-0702_-_RushAndCash9515431_-_0.01_-_0.02_-_6max.txt": {
		"9: GGPoker hand #RC3844480952: GGPoker's Cash Drop adds money to the pot that no player bet (Cash Drop to Pot : total $0.2): the engine's pots hold only the players' chips",
	},
	"ggpoker/layorx-GG20250810-0305_-_RushAndCash11101602_-_0.02_-_0.05_-_6max.txt": {
		"1772: GGPoker hand #RC3796103355: the hand was run more than once (*** FIRST FLOP *** [7h 8d 3d]): the engine deals one board",
	},
	"ggpoker/fpdb-cash-PLO-6max-USD-0.5-1.00-202006.txt": slices.Repeat([]string{
		`"Omaha Pot Limit ($0.5/$1)" is not No-Limit Hold'em: pokerlab reads No-Limit Texas Hold'em hands`}, 13),
}

// siteFixtureHands is the number of hands read from each directory.
var siteFixtureHands = map[string]int{"pokerstars": 667, "ggpoker": 385}

func siteFixtures(t testing.TB, dir string) []string {
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in testdata/%s", dir)
	}
	return files
}

// TestSiteFixtures reads every real PokerStars and GGPoker hand of the
// fixtures: each is read, replayed through the engine and agrees with the
// site's collected lines (the reader checks it), or is one of the
// documented rejections, message for message. Every hand read replays again
// from its Hand, its finishing stacks are the replay's less the rake, and
// it survives PokerStars → PHH → PokerStars with every action, stack and
// result.
func TestSiteFixtures(t *testing.T) {
	for dir, want := range siteFixtureHands {
		n := 0
		for _, f := range siteFixtures(t, dir) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rel := dir + "/" + filepath.Base(f)
			hands, rejected, err := ReadAny(rel, data)
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			n += len(hands)
			var got []string
			for _, e := range rejected {
				var se *SiteError
				if !errors.As(e, &se) || se.File != rel || se.Line < 1 {
					t.Errorf("%s: error %v (%T) does not name the file and a line", rel, e, e)
				}
				got = append(got, strings.TrimPrefix(e.Error(), rel+":"))
			}
			wantRej, listed := siteRejections[rel]
			if !listed && len(got) > 0 {
				t.Errorf("%s: unexpected rejections:\n%s", rel, strings.Join(got, "\n"))
			}
			if listed && wantRej != nil && !rejectionsMatch(got, wantRej) {
				t.Errorf("%s: rejections\n%s\nwant\n%s", rel, strings.Join(got, "\n"), strings.Join(wantRej, "\n"))
			}
			var r Replayer
			for _, h := range hands {
				checkSiteHand(t, &r, h)
				siteRoundTrip(t, h)
			}
		}
		if n != want {
			t.Errorf("testdata/%s: %d hands read, want %d", dir, n, want)
		}
	}
}

// rejectionsMatch compares messages; a wanted message without its line
// prefix matches a message ending with it.
func rejectionsMatch(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] && !strings.HasSuffix(got[i], " "+want[i]) {
			return false
		}
	}
	return true
}

// checkSiteHand replays a hand read from a site's text and checks its
// recorded outcome against the replay: winnings are what the replay
// awards less each player's share of the rake, finishing stacks the
// replay's stacks less the same, and the rake is the summary's fees.
func checkSiteHand(t *testing.T, r *Replayer, h *Hand) {
	t.Helper()
	where := fmt.Sprintf("%s:%d", h.File, h.Line)
	if err := r.Replay(h); err != nil {
		t.Fatalf("%s: the hand read does not replay: %v", where, err)
	}
	g := &r.Hand
	var rake, fees int64
	for s := range g.Players() {
		short := g.Won(s) - h.Winnings[s]
		if short < 0 {
			t.Fatalf("%s: %s collected %d, more than the replay's %d", where, h.Players[s], h.Winnings[s], g.Won(s))
		}
		want := g.Stack(s) - short
		if s < len(h.CashOuts) && h.CashOuts[s] > 0 {
			// The site keeps the award and pays the cash-out.
			want = g.Stack(s) - g.Won(s) + h.CashOuts[s]
		}
		if h.StartingStacks[s] > g.StartingStack(s) {
			want += h.StartingStacks[s] - g.StartingStack(s) // behind the cap
		}
		if h.FinishingStacks[s] != want {
			t.Fatalf("%s: %s finishes with %d, the replay with %d less %d rake (cash-out, cap: %d)", where, h.Players[s], h.FinishingStacks[s], g.Stack(s), short, want)
		}
		rake += short
	}
	for _, f := range h.Site.Fees {
		fees += f.Amount
	}
	if h.Site == nil || h.Site.Rake != rake || (len(h.Site.Fees) > 0 && fees != rake) || (len(h.Site.Fees) == 0 && rake != 0) {
		t.Fatalf("%s: rake %d, fees %d, the replay's shortfall %d", where, h.Site.Rake, fees, rake)
	}
}

// siteRoundTrip writes a site hand as PHH, reads it, writes it as
// PokerStars text, reads that, and requires the same hand every time.
func siteRoundTrip(t *testing.T, h *Hand) {
	t.Helper()
	where := fmt.Sprintf("%s:%d", h.File, h.Line)
	var phh bytes.Buffer
	if err := Write(&phh, []*Hand{h}); err != nil {
		t.Fatal(err)
	}
	b, err := Parse("rt.phh", phh.Bytes())
	if err != nil {
		t.Fatalf("%s: the PHH written does not read: %v\n%s", where, err, phh.String())
	}
	if got, want := canonHand(b[0], true), canonHand(h, true); got != want {
		t.Fatalf("%s: PHH round trip changes the hand:\n%s\nwant\n%s\n%s", where, got, want, phh.String())
	}
	var ps bytes.Buffer
	if err := WritePokerStars(&ps, b); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	c, rej, err := ReadAny("rt.txt", ps.Bytes())
	if err != nil || len(rej) > 0 || len(c) != 1 {
		t.Fatalf("%s: the PokerStars text written does not read back: %v %v\n%s", where, err, rej, ps.String())
	}
	if got, want := canonHand(c[0], false), canonHand(h, false); got != want {
		t.Fatalf("%s: PokerStars → PHH → PokerStars changes the hand:\n%s\nwant\n%s\n%s", where, got, want, ps.String())
	}
}

// canonHand renders everything a hand records, amounts as decimals without
// trailing zeros (the unit may change: 0.50 and 0.5 are the same amount).
func canonHand(h *Hand, venue bool) string {
	var b strings.Builder
	amt := func(v int64) string {
		s := formatUnits(v, h.Decimals)
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		return s
	}
	amts := func(name string, xs []int64) {
		b.WriteString(name)
		for _, x := range xs {
			b.WriteString(" " + amt(x))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "players %q\nseats %v\n", h.Players, h.Seats)
	amts("stacks", h.StartingStacks)
	amts("antes", h.Antes)
	amts("blinds", h.Blinds)
	amts("min_bet", []int64{h.MinBet})
	amts("dead", deadBlinds(h, len(h.StartingStacks)))
	amts("cap", []int64{h.Cap})
	amts("cash_outs", h.CashOuts)
	amts("cash_out_fees", h.CashOutFees)
	for _, a := range h.Actions {
		fmt.Fprintf(&b, "%d p%d r%d %s %s\n", a.Kind, a.Player, a.Receiver, amt(a.Amount), cardText(a.Cards[:a.NCards]))
	}
	amts("winnings", h.Winnings)
	amts("finishing", h.FinishingStacks)
	keys := []string{"_deposits", "table", "hand", "year", "month", "day", "time", "time_zone_abbreviation", "currency", "currency_symbol", "event", "level", "_zoom", "_home_game", "_play_money"}
	if venue {
		keys = append(keys, "venue", "seat_count")
	}
	for _, k := range keys {
		v, ok := h.Field(k)
		fmt.Fprintf(&b, "%s=%q %v\n", k, v, ok)
	}
	return b.String()
}

// TestPokerStarsEngineRoundTrip plays random hands of 2 to 10 players on the
// engine (short stacks, antes, straddles), writes them as PokerStars text
// and reads them back: the same players, stacks, forced bets and events.
// The writer and the reader agree on every line either can produce.
func TestPokerStarsEngineRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	deck := cards.NewDeck(13)
	var g holdem.Hand
	var rp Replayer
	hands := 1000
	if testing.Short() {
		hands = 100
	}
	for i := range hands {
		n := 2 + r.IntN(holdem.MaxSeats-1)
		cfg := holdem.Config{Stacks: make([]int64, n), Button: r.IntN(n), SmallBlind: 50, BigBlind: 100}
		switch r.IntN(4) {
		case 0:
			cfg.Ante = 10
		case 1:
			if n >= 3 {
				cfg.Straddle = 200
			}
		}
		for s := range cfg.Stacks {
			cfg.Stacks[s] = 1 + r.Int64N(3000)
		}
		if err := g.Reset(&cfg, deck); err != nil {
			t.Fatal(err)
		}
		holdem.PlayRandom(&g, r)
		names := make([]string, n)
		for s := range names {
			names[s] = fmt.Sprintf("Player %c:%d", 'A'+s, s) // names with spaces and colons
		}
		h := FromEngine(&g, names, 2)
		h.SetField("currency_symbol", "$")
		var text bytes.Buffer
		if err := WritePokerStars(&text, []*Hand{h}); err != nil {
			t.Fatal(err)
		}
		back, rej, err := ReadAny("engine.txt", text.Bytes())
		if err != nil || len(rej) > 0 || len(back) != 1 {
			t.Fatalf("hand %d: %v %v\n%s", i, err, rej, text.String())
		}
		if err := rp.Replay(back[0]); err != nil {
			t.Fatalf("hand %d: %v\n%s", i, err, text.String())
		}
		want, got := g.Events(), rp.Hand.Events()
		scale := pow10[2-back[0].Decimals]
		phh := func(s int8) int8 {
			if s < 0 {
				return s
			}
			return int8((int(s) - g.Button() - 1 + 2*n) % n)
		}
		if len(got) != len(want) {
			t.Fatalf("hand %d: %d events read back, %d played\n%s", i, len(got), len(want), text.String())
		}
		for k := range want {
			w, gk := want[k], got[k]
			w.Seat = phh(w.Seat)
			gk.Amount *= scale
			gk.Prev *= scale
			gk.To *= scale
			if gk.Kind == holdem.EvDeal || gk.Kind == holdem.EvShow {
				// PokerStars text names the cards; the log may record them
				// at the deal or at the show.
				gk.Cards, w.Cards = [3]cards.Card{}, [3]cards.Card{}
			}
			if gk != w {
				t.Fatalf("hand %d event %d: %v read back, %v played\n%s", i, k, gk, w, text.String())
			}
		}
		for s := range n {
			if got, want := back[0].FinishingStacks[phh(int8(s))]*scale, g.Stack(s); got != want {
				t.Fatalf("hand %d: seat %d finishes with %d, played %d", i, s, got, want)
			}
		}
	}
}

// TestSiteChipsConserved compares the engine's view of a fixture hand with
// the text, independent of the reader's own checks: every player's net
// result (finishing less starting stack) summed over the table is minus
// the rake, as chips are conserved; with All-in Cash Outs, also minus the
// awards the site kept and plus the cash-outs it paid.
func TestSiteChipsConserved(t *testing.T) {
	for dir := range siteFixtureHands {
		for _, f := range siteFixtures(t, dir) {
			data, _ := os.ReadFile(f)
			hands, _, err := ReadAny(f, data)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hands {
				var net, paid int64
				for s := range h.StartingStacks {
					net += h.FinishingStacks[s] - h.StartingStacks[s]
				}
				for _, c := range h.CashOuts {
					paid += c
				}
				// The site takes the rake and the awards of players who
				// cashed out, and pays the cash-outs.
				if net != -h.Site.Rake-h.Site.NotAwarded+paid {
					t.Fatalf("%s:%d: the players' results add up to %d, want minus the rake %d, minus %d not awarded, plus %d cashed out", h.File, h.Line, net, h.Site.Rake, h.Site.NotAwarded, paid)
				}
			}
		}
	}
}
