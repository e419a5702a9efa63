package hh

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzPokerStars feeds arbitrary text to the reader, seeded with the first
// hands of every PokerStars fixture and the bad-input cases. Nothing may
// panic; every rejection is a *SiteError (or, for text that looks like
// PHH, an *Error) naming a line; every hand accepted replays, collects no
// more than the replay awards, and, when its players have plain names,
// reads back the same from the PokerStars text written for it.
func FuzzPokerStars(f *testing.F) {
	addSiteSeeds(f, "pokerstars")
	f.Add([]byte(goodStars))
	f.Add([]byte(goodStars + "\n\n" + strings.Replace(goodStars, "Cleo: calls $0.20", "Cleo: calls $0.25", 1)))
	// The line kinds of capped tables, cash-outs, names alone and table
	// deposits (the fixtures add real capped and cash-out hands).
	f.Add([]byte(strings.Replace(strings.Replace(goodStars, "Bert: folds\n", "Bert: folds\nCleo:\nBert: Table deposit $347.50\n", 1), "Seat 3: Cleo ($7.15 in chips)\n", "Seat 3: Cleo ($7.15 in chips)\nSeat 4:\n", 1)))
	f.Add([]byte(strings.Replace(strings.Replace(goodStars, "Hold'em No Limit ($0.05/$0.10 USD)", "Hold'em Cap No Limit ($0.05/$0.10 - $0.30 Cap -  USD)", 1), "raises $0.20 to $0.30", "raises $0.20 to $0.30 and has reached the $0.30 cap", 1)))
	f.Fuzz(fuzzSite)
}

// FuzzGGPoker is FuzzPokerStars for GGPoker's dialect, seeded with the
// GGPoker fixtures.
func FuzzGGPoker(f *testing.F) {
	addSiteSeeds(f, "ggpoker")
	f.Fuzz(fuzzSite)
}

// addSiteSeeds adds the first three hands of every fixture of dir.
func addSiteSeeds(f *testing.F, dir string) {
	for _, file := range siteFixtures(f, dir) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		chunks := SplitHands(data, 1+len(data)/2000)
		var seed []byte
		for _, c := range chunks[:min(3, len(chunks))] {
			seed = append(seed, c.Data...)
		}
		f.Add(seed)
	}
}

func fuzzSite(t *testing.T, data []byte) {
	hands, rejected, err := ReadAny("fuzz.txt", data)
	if err != nil {
		return // not a hand history at all: nothing else to check
	}
	for _, e := range rejected {
		var se *SiteError
		var pe *Error
		switch {
		case errors.As(e, &se):
			if se.Line < 1 || se.File != "fuzz.txt" {
				t.Fatalf("%v does not name the file and a line", e)
			}
		case errors.As(e, &pe):
			if pe.Line < 1 {
				t.Fatalf("%v does not name a line", e)
			}
		default:
			t.Fatalf("rejection %v is a %T", e, e)
		}
	}
	var r Replayer
	for _, h := range hands {
		if h.Site == nil {
			continue // PHH: FuzzParse covers it
		}
		if err := r.Replay(h); err != nil {
			t.Fatalf("an accepted hand does not replay: %v", err)
		}
		var rake int64
		for s := range h.Winnings {
			short := r.Hand.Won(s) - h.Winnings[s]
			want := r.Stack(s) - short
			if s < len(h.CashOuts) && h.CashOuts[s] > 0 {
				want = r.Stack(s) // the cash-out in place of the award
			}
			if short < 0 || h.FinishingStacks[s] != want {
				t.Fatalf("seat %d: collected %d, finishes %d; the replay awards %d, stack %d", s, h.Winnings[s], h.FinishingStacks[s], r.Hand.Won(s), r.Stack(s))
			}
			rake += short
		}
		if rake != h.Site.Rake {
			t.Fatalf("rake %d, the replay's shortfall %d", h.Site.Rake, rake)
		}
		if !plainNames(h.Players) {
			continue
		}
		var ps bytes.Buffer
		if err := WritePokerStars(&ps, []*Hand{h}); err != nil {
			t.Fatal(err)
		}
		back, rej, err := ReadAny("back.txt", ps.Bytes())
		if err != nil || len(rej) > 0 || len(back) != 1 {
			t.Fatalf("the text written does not read back: %v %v\n%s", err, rej, ps.String())
		}
		if got, want := canonHand(back[0], false), canonHand(h, false); got != want {
			t.Fatalf("written and read back:\n%s\nwant\n%s\n%s", got, want, ps.String())
		}
	}
}

// plainNames: names a text line keeps as they are (no surrounding or
// control characters, no brackets or separators that start other lines).
func plainNames(names []string) bool {
	for _, n := range names {
		if n == "" || strings.TrimSpace(n) != n || strings.ContainsAny(n, "\r\n\t\x00[]:") {
			return false
		}
		for _, c := range n {
			if c < 0x20 || c == 0x7f || c == 0xfffd {
				return false
			}
		}
		for _, w := range []string{" collected ", " said,", "Uncalled bet", "Dealt to", "Seat ", "*** "} {
			if strings.Contains(n, w) || strings.HasPrefix(n+" ", strings.TrimLeft(w, " ")) {
				return false
			}
		}
	}
	return true
}
