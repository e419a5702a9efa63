package cards

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestEncoding(t *testing.T) {
	tests := []struct {
		s    string
		want Card
	}{
		{"2s", 0}, {"2h", 1}, {"2d", 2}, {"2c", 3}, {"3s", 4},
		{"Ts", 32}, {"Js", 36}, {"Qs", 40}, {"Ks", 44}, {"As", 48}, {"Ac", 51},
	}
	for _, tt := range tests {
		c, err := Parse(tt.s)
		if err != nil || c != tt.want {
			t.Errorf("Parse(%q) = %d, %v; want %d", tt.s, c, err, tt.want)
		}
		if c.String() != tt.s {
			t.Errorf("Card(%d).String() = %q, want %q", c, c.String(), tt.s)
		}
	}
	for c := Card(0); c < NumCards; c++ {
		if NewCard(c.Rank(), c.Suit()) != c {
			t.Fatalf("rank/suit round trip fails for %d", c)
		}
		back, err := Parse(c.String())
		if err != nil || back != c {
			t.Fatalf("Parse(String(%d)) = %d, %v", c, back, err)
		}
	}
	if Card(52).String() != "??" {
		t.Errorf("invalid card prints %q", Card(52).String())
	}
}

func TestParseCards(t *testing.T) {
	want := []Card{MustParse("As"), MustParse("Kd"), MustParse("Th"), MustParse("2c")}
	for _, in := range []string{"As Kd Th 2c", "AsKdTh2c", "aS kD tH 2C", "As,Kd, Th\t2c", " AsKd Th2c "} {
		got, err := ParseCards(in)
		if err != nil {
			t.Errorf("ParseCards(%q): %v", in, err)
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("ParseCards(%q) = %v, want %v", in, got, want)
		}
	}
	if got, err := ParseCards(""); err != nil || len(got) != 0 {
		t.Errorf("ParseCards(\"\") = %v, %v", got, err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, token string
		col       int
	}{
		{"As Kx", "Kx", 4},
		{"Ts Ts", "Ts", 4},
		{"AsK", "K", 3},
		{"As 1c", "1c", 4},
		{"10s", "10", 1},
		{"As K d", "K", 4},
		{"Zs", "Zs", 1},
	}
	for _, tt := range tests {
		_, err := ParseCards(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseCards(%q) error = %v, want *ParseError", tt.in, err)
			continue
		}
		if pe.Token != tt.token || pe.Col != tt.col {
			t.Errorf("ParseCards(%q): token %q col %d, want %q col %d (%v)", tt.in, pe.Token, pe.Col, tt.token, tt.col, err)
		}
		if !strings.Contains(err.Error(), tt.token) {
			t.Errorf("error %q does not name %q", err, tt.token)
		}
	}
	for _, in := range []string{"", "A", "Asd", "XX", "A s"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) succeeded", in)
		}
	}
}

func TestSet(t *testing.T) {
	s := MustParseSet("2c As Kd 7h")
	if s.Count() != 4 || !s.Has(MustParse("Kd")) || s.Has(MustParse("Ks")) {
		t.Fatalf("set %v wrong", s)
	}
	if got := s.String(); got != "As Kd 7h 2c" {
		t.Errorf("String = %q", got)
	}
	if s.Lowest() != MustParse("2c") || s.Highest() != MustParse("As") {
		t.Errorf("Lowest/Highest = %v %v", s.Lowest(), s.Highest())
	}
	var n int
	for c := range s.All() {
		if !s.Has(c) {
			t.Errorf("All yields %v not in set", c)
		}
		n++
	}
	if n != 4 || len(s.Cards()) != 4 {
		t.Errorf("All yields %d cards, Cards %d", n, len(s.Cards()))
	}
	if s.Remove(MustParse("As")).Count() != 3 || s.Add(MustParse("As")) != s {
		t.Error("Add/Remove")
	}
	if FullDeck.Count() != 52 {
		t.Error("FullDeck")
	}
	if got := MustParseSet("As Ah Kd 2s").RankMask(); got != 1<<Ace|1<<King|1<<Two {
		t.Errorf("RankMask = %b", got)
	}
	if got := MustParseSet("As Ah Ks 3s 2d").SuitMask(Spades); got != 1<<Ace|1<<King|1<<Three {
		t.Errorf("SuitMask = %b", got)
	}
	// Brute-force check of the bit gathering on random sets.
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		s := Set(r.Uint64()) & FullDeck
		var rm uint16
		var sm [4]uint16
		for c := range s.All() {
			rm |= 1 << c.Rank()
			sm[c.Suit()] |= 1 << c.Rank()
		}
		if s.RankMask() != rm {
			t.Fatalf("RankMask(%v)", s)
		}
		for su := range Suit(4) {
			if s.SuitMask(su) != sm[su] {
				t.Fatalf("SuitMask(%v, %v)", s, su)
			}
		}
	}
}

func TestDeckReproducible(t *testing.T) {
	a, b := NewDeck(42), NewDeck(42)
	for range 52 {
		if a.Deal() != b.Deal() {
			t.Fatal("same seed, different deal")
		}
	}
	if a.Len() != 0 {
		t.Fatalf("Len = %d after 52 deals", a.Len())
	}
	c := NewDeck(43)
	d := NewDeck(42)
	if c.DealN(10) == d.DealN(10) {
		t.Error("seeds 42 and 43 dealt the same ten cards")
	}
}

func TestDeckDealsEveryCardOnce(t *testing.T) {
	d := NewDeck(7)
	dead := MustParseSet("As Kd")
	d.Remove(dead)
	if d.Len() != 50 || d.Remaining().Overlaps(dead) {
		t.Fatalf("Remove: %d left", d.Len())
	}
	var got Set
	for d.Len() > 0 {
		c := d.Deal()
		if got.Has(c) || dead.Has(c) {
			t.Fatalf("dealt %v twice or dead", c)
		}
		got = got.Add(c)
	}
	if got != FullDeck.Minus(dead) {
		t.Fatalf("dealt %d cards", got.Count())
	}
}

// Each card must be dealt first with probability 1/52: a chi-square test at
// 51 degrees of freedom (99.9% quantile 87.97).
func TestDeckUniform(t *testing.T) {
	const n = 52 * 2000
	var counts [NumCards]float64
	d := NewDeck(1)
	for range n {
		d.Reset()
		counts[d.Deal()]++
	}
	chi2 := 0.0
	for _, o := range counts {
		e := float64(n) / NumCards
		chi2 += (o - e) * (o - e) / e
	}
	if chi2 > 87.97 {
		t.Errorf("chi-square %.1f > 87.97", chi2)
	}
}

func TestSample(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, avail := range []Set{FullDeck, MustParseSet("As Ks Qs Js Ts 9s 8s"), FullDeck.Minus(MustParseSet("As Ah"))} {
		for k := 0; k <= 5; k++ {
			s := Sample(r, avail, k)
			if s.Count() != k || s.Minus(avail) != 0 {
				t.Fatalf("Sample(%v, %d) = %v", avail, k, s)
			}
		}
	}
	// Uniformity over a 7-card set, drawing 2: each card drawn w.p. 2/7.
	avail := MustParseSet("As Ks Qs Js Ts 9s 8s")
	var counts [NumCards]int
	const n = 70000
	for range n {
		for c := range Sample(r, avail, 2).All() {
			counts[c]++
		}
	}
	for c := range avail.All() {
		if got := float64(counts[c]) / n; got < 2.0/7-0.01 || got > 2.0/7+0.01 {
			t.Errorf("card %v drawn with frequency %.4f, want %.4f", c, got, 2.0/7)
		}
	}
	if testing.AllocsPerRun(100, func() { Sample(r, FullDeck, 7) }) != 0 {
		t.Error("Sample allocates")
	}
}

func TestStartingHands(t *testing.T) {
	var total, pairs, suited, offsuit int
	seen := map[Hole]StartingHand{}
	names := map[string]bool{}
	for _, h := range AllStartingHands() {
		combos := h.Combos()
		if len(combos) != h.NumCombos() {
			t.Errorf("%v: %d combos, NumCombos %d", h, len(combos), h.NumCombos())
		}
		for _, c := range combos {
			if prev, dup := seen[c]; dup {
				t.Errorf("%v in %v and %v", c, prev, h)
			}
			seen[c] = h
			if c.Class() != h {
				t.Errorf("%v.Class() = %v, want %v", c, c.Class(), h)
			}
		}
		total += len(combos)
		switch {
		case h.Pair():
			pairs++
		case h.Suited():
			suited++
		default:
			offsuit++
		}
		back, err := ParseStartingHand(h.String())
		if err != nil || back != h {
			t.Errorf("ParseStartingHand(%q) = %v, %v", h.String(), back, err)
		}
		names[h.String()] = true
	}
	if total != 1326 || pairs != 13 || suited != 78 || offsuit != 78 || len(names) != 169 {
		t.Errorf("total %d pairs %d suited %d offsuit %d names %d", total, pairs, suited, offsuit, len(names))
	}
	for _, tt := range []struct {
		s     string
		index int
	}{{"AA", 0}, {"AKs", 1}, {"AKo", 13}, {"22", 168}, {"32s", 11*13 + 12}, {"32o", 12*13 + 11}, {"t9O", 5*13 + 4}} {
		h, err := ParseStartingHand(tt.s)
		if err != nil || int(h) != tt.index {
			t.Errorf("ParseStartingHand(%q) = %d, %v; want %d", tt.s, h, err, tt.index)
		}
	}
	for _, bad := range []string{"", "A", "AK", "AKx", "AAs", "AKsx", "1Ks", "AXs"} {
		if _, err := ParseStartingHand(bad); err == nil {
			t.Errorf("ParseStartingHand(%q) succeeded", bad)
		}
	}
}

func TestHoleIndex(t *testing.T) {
	seen := map[int]bool{}
	for a := Card(0); a < NumCards; a++ {
		for b := Card(0); b < a; b++ {
			i := HoleIndex(a, b)
			if i != HoleIndex(b, a) || i < 0 || i >= NumHoles || seen[i] {
				t.Fatalf("HoleIndex(%v,%v) = %d", a, b, i)
			}
			seen[i] = true
			if h := HoleAt(i); h.Set() != SetOf(a, b) {
				t.Fatalf("HoleAt(%d) = %v", i, h)
			}
		}
	}
	if NewHole(MustParse("Ks"), MustParse("As")).String() != "AsKs" {
		t.Error("Hole string")
	}
}

func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"As Kd Th 2c", "AsKdTh2c", "Ts Ts", "10s", "", "a", ",,", "AsK", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ParseCards(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Col < 1 || pe.Col > len(s) || !strings.HasPrefix(s[pe.Col-1:], pe.Token) {
				t.Fatalf("bad error for %q: %v", s, err)
			}
			return
		}
		set := SetOf(cs...)
		if set.Count() != len(cs) {
			t.Fatalf("%q: duplicates accepted", s)
		}
		back, err := ParseCards(FormatCards(cs))
		if err != nil || SetOf(back...) != set {
			t.Fatalf("round trip of %q failed: %v", s, err)
		}
	})
}

func FuzzParseStartingHand(f *testing.F) {
	for _, s := range []string{"AKs", "77", "T9o", "AKx", "", "A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseStartingHand(s)
		if err != nil {
			return
		}
		// The class names the same two ranks (either order in the input)
		// and suffix, and its canonical name parses back to it.
		name := h.String()
		same := strings.EqualFold(name[:2], s[:2]) || strings.EqualFold(name[:2], string([]byte{s[1], s[0]}))
		if h >= NumStartingHands || !same || !strings.EqualFold(name[2:], s[2:]) {
			t.Fatalf("ParseStartingHand(%q) = %v", s, h)
		}
		if back, err := ParseStartingHand(name); err != nil || back != h {
			t.Fatalf("%q: round trip of %v failed", s, h)
		}
	})
}
