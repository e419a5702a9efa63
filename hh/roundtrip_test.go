package hh

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"pokerlab/cards"
	"pokerlab/holdem"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestEngineRoundTrip: a hand played by the engine, recorded as PHH, read
// back and replayed gives the same hand: the same events (seats renumbered
// from the button), the same stacks; and the PHH text is stable.
func TestEngineRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	deck := cards.NewDeck(7)
	var g holdem.Hand
	var rp Replayer
	hands := 3000
	if testing.Short() {
		hands = 300
	}
	for i := range hands {
		n := 2 + r.IntN(8)
		cfg := holdem.Config{Stacks: make([]int64, n), Button: r.IntN(n), SmallBlind: 50, BigBlind: 100}
		switch r.IntN(4) {
		case 0:
			cfg.Ante = 10
		case 1:
			cfg.BigBlindAnte = 100
		case 2:
			if n >= 3 {
				cfg.Straddle = 200
			}
		}
		for s := range cfg.Stacks {
			cfg.Stacks[s] = 1 + r.Int64N(30000)
		}
		if i%2 == 1 {
			cfg.Rules = holdem.PokerKit // written as _rules, replayed under it
		}
		if err := g.Reset(&cfg, deck); err != nil {
			t.Fatal(err)
		}
		holdem.PlayRandom(&g, r)
		names := make([]string, n)
		for s := range names {
			names[s] = string(rune('A' + s))
		}
		decimals := r.IntN(3)
		h := FromEngine(&g, names, decimals)
		var text bytes.Buffer
		if err := Write(&text, []*Hand{h}); err != nil {
			t.Fatal(err)
		}
		back, err := Parse("roundtrip.phh", text.Bytes())
		if err != nil {
			t.Fatalf("hand %d: %v\n%s", i, err, text.String())
		}
		if back[0].Rules != cfg.Rules {
			t.Fatalf("hand %d: rules %v after the round trip, %v before\n%s", i, back[0].Rules, cfg.Rules, text.String())
		}
		if err := rp.Replay(back[0]); err != nil {
			t.Fatalf("hand %d: %v\n%s", i, err, text.String())
		}
		phh := func(s int8) int8 {
			if s < 0 {
				return s
			}
			return int8((int(s) - g.Button() - 1 + 2*n) % n)
		}
		want := g.Events()
		got := rp.Hand.Events()
		if len(got) != len(want) {
			t.Fatalf("hand %d: %d events after the round trip, %d before\n%s", i, len(got), len(want), text.String())
		}
		// The unit is implied by the written amounts: if all of them are
		// whole in a coarser unit, the hand reads back in that unit (the same
		// amounts of currency).
		scale := pow10[decimals-back[0].Decimals]
		for k := range want {
			w := want[k]
			w.Seat = phh(w.Seat)
			e := got[k]
			e.Amount, e.Prev, e.To = e.Amount*scale, e.Prev*scale, e.To*scale
			if e != w {
				t.Fatalf("hand %d event %d: %v after the round trip, %v before\n%s", i, k, got[k], w, text.String())
			}
		}
		for s := range n {
			if rp.Hand.Stack(int(phh(int8(s))))*scale != g.Stack(s) {
				t.Fatalf("hand %d: stacks differ", i)
			}
		}
		var again bytes.Buffer
		Write(&again, back)
		if !bytes.Equal(again.Bytes(), text.Bytes()) {
			t.Fatalf("hand %d: PHH text not stable:\n%s\n---\n%s", i, text.String(), again.String())
		}
	}
}

// sidePotHand plays a four-way hand with three pots on the engine: AA all-in
// for 400, KK all-in for 500, QQ and JJ play on; amounts in cents.
func sidePotHand(t *testing.T) *Hand {
	cfg := holdem.Config{Stacks: []int64{40000, 50000, 1000000, 1000000}, Button: 0, SmallBlind: 5000, BigBlind: 10000, Ante: 1000}
	g, err := holdem.NewHand(&cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	holes := map[int]string{1: "KsKh", 2: "QsQh", 3: "JsJh", 0: "AsAh"}
	for i := range 4 {
		s := g.DealOrder(i)
		cs := cards.MustParseSet(holes[s]).Cards()
		g.DealHole(s, [2]cards.Card{cs[1], cs[0]})
	}
	step := func(seat int, a holdem.Action) {
		if _, err := g.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	call := holdem.Action{Kind: holdem.CheckCall}
	step(3, holdem.Action{Kind: holdem.BetRaise, To: 30000})
	step(0, holdem.Action{Kind: holdem.BetRaise, To: 39000}) // all-in
	step(1, holdem.Action{Kind: holdem.BetRaise, To: 49000}) // all-in
	step(2, call)
	step(3, call)
	for _, b := range []string{"2c7d9c", "3h", "4s"} {
		cs, _ := cards.ParseCards(b)
		g.DealBoard(cs...)
		switch b {
		case "2c7d9c":
			step(2, call)
			step(3, call)
		case "3h":
			step(2, holdem.Action{Kind: holdem.BetRaise, To: 100000})
			step(3, holdem.Action{Kind: holdem.BetRaise, To: 300000})
			step(2, holdem.Action{Kind: holdem.Fold})
		}
	}
	if !g.Over() {
		t.Fatalf("hand not over: %v", g.Phase())
	}
	h := FromEngine(g, []string{"Alice", "Bob", "Carol", "Dave"}, 2)
	h.Name = "42"
	h.SetField("hand", 42)
	h.SetField("table", "Golden")
	h.SetField("currency_symbol", "$")
	h.SetField("year", 2026)
	h.SetField("month", 5)
	h.SetField("day", 4)
	return h
}

// TestPokerStarsGolden compares the PokerStars text of a side-pot hand with
// testdata/golden/side-pots.txt (rewrite with -update after checking it).
func TestPokerStarsGolden(t *testing.T) {
	h := sidePotHand(t)
	var b bytes.Buffer
	if err := WritePokerStars(&b, []*Hand{h}); err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/golden/side-pots.txt", b.Bytes())
	var phh bytes.Buffer
	Write(&phh, []*Hand{h})
	golden(t, "testdata/golden/side-pots.phhs", phh.Bytes())
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update after checking):\n%s", path, got)
	}
}

func TestDescribeHand(t *testing.T) {
	for _, c := range []struct{ hole, board, want string }{
		{"AsAh", "2c7d9c3h4s", "a pair of Aces"},
		{"KsKh", "7c7d9c3h4s", "two pair, Kings and Sevens"},
		{"QsQh", "Qc7d9c3h4s", "three of a kind, Queens"},
		{"5s6h", "7c8d9c3hKs", "a straight, Five to Nine"},
		{"As2h", "3c4d5cJhKs", "a straight, Ace to Five"},
		{"As2s", "9s4s5sJhKc", "a flush, Ace high"},
		{"KsKh", "Kc7d7c3h4s", "a full house, Kings full of Sevens"},
		{"AsAh", "AcAd9c3h4s", "four of a kind, Aces"},
		{"5h6h", "7h8h9h3cKs", "a straight flush, Five to Nine"},
		{"AhKh", "QhJhTh3cKs", "a Royal Flush"},
		{"Ah2d", "Kc7d9c3h4s", "high card Ace"},
	} {
		h, _ := cards.ParseCards(c.hole)
		b, _ := cards.ParseCards(c.board)
		if got := DescribeHand([2]cards.Card{h[0], h[1]}, b); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.hole, c.board, got, c.want)
		}
	}
	if got := DescribeHand([2]cards.Card{holdem.Unknown, 0}, make([]cards.Card, 5)); got != "" {
		t.Errorf("unknown card described as %q", got)
	}
	_ = slices.Equal[[]int]
}
