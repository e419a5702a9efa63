package flops

import (
	"math"
	"math/rand/v2"
	"testing"

	"pokerlab/cards"
)

// TestThereAre1755FlopsUpToSuits: the classes number 1,755 (the count of
// strategically different flops) and their weights sum to C(52,3) =
// 22,100. By kind: 13 trips (4 flops each); 156 paired rank sets, two-tone
// or rainbow (12 each); 286 unpaired rank sets, rainbow (24), two-tone in
// three ways (12) or monotone (4).
func TestThereAre1755FlopsUpToSuits(t *testing.T) {
	a := All()
	if len(a) != 1755 {
		t.Fatalf("%d classes", len(a))
	}
	sum := 0.0
	byWeight := map[float64]int{}
	for _, f := range a {
		sum += f.Weight
		byWeight[f.Weight]++
	}
	if sum != Total {
		t.Errorf("weights sum to %g", sum)
	}
	want := map[float64]int{4: 13 + 286, 12: 156*2 + 286*3, 24: 286}
	for w, n := range want {
		if byWeight[w] != n {
			t.Errorf("%d classes of weight %g, want %d (%v)", byWeight[w], w, n, byWeight)
		}
	}
}

// TestCanonicalIsTheSameForIsomorphicFlops: a flop and its images under
// random suit renamings have one canonical board, in All with the right
// weight (counted here by brute force over the renamings).
func TestCanonicalIsTheSameForIsomorphicFlops(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	index := map[[3]cards.Card]Flop{}
	for _, f := range All() {
		index[f.Board] = f
	}
	for range 2000 {
		var b [3]cards.Card
		s := cards.Set(0)
		for i := range b {
			for {
				c := cards.Card(rng.IntN(cards.NumCards))
				if !s.Has(c) {
					b[i], s = c, s.Add(c)
					break
				}
			}
		}
		c := Canonical(b)
		f, ok := index[c]
		if !ok {
			t.Fatalf("%v: canonical %v not in All", b, c)
		}
		images := map[cards.Set]bool{}
		for _, p := range permutations {
			var m [3]cards.Card
			for i, x := range b {
				m[i] = cards.NewCard(x.Rank(), p[x.Suit()])
			}
			if Canonical(m) != c {
				t.Fatalf("%v and its image %v: canonical %v and %v", b, m, c, Canonical(m))
			}
			images[cards.SetOf(m[0], m[1], m[2])] = true
		}
		if float64(len(images)) != f.Weight {
			t.Fatalf("%v: %d distinct images, weight %g", b, len(images), f.Weight)
		}
	}
}

// TestSubsetsWeighTheWhole: the subsets of 25, 49, 95 and 184 flops have
// that many distinct classes whose weights sum to 22,100, hold each
// suit pattern and pairedness in about its share of all flops, and are the
// same on every call.
func TestSubsetsWeighTheWhole(t *testing.T) {
	share := func(fs []Flop, f func(Texture) bool) float64 {
		w := 0.0
		for _, x := range fs {
			if f(TextureOf(x)) {
				w += x.Weight
			}
		}
		return w / Total
	}
	all := All()
	for _, n := range []int{25, 49, 95, 184, 1755} {
		s, err := Subset(n)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		seen := map[[3]cards.Card]bool{}
		for _, f := range s {
			sum += f.Weight
			seen[f.Board] = true
		}
		if len(s) != n || len(seen) != n || math.Abs(sum-Total) > 1e-9 {
			t.Errorf("Subset(%d): %d flops, %d distinct, weights %g", n, len(s), len(seen), sum)
		}
		for _, kind := range []struct {
			name string
			f    func(Texture) bool
		}{{"monotone", func(t Texture) bool { return t.Suits == "monotone" }}, {"rainbow", func(t Texture) bool { return t.Suits == "rainbow" }},
			{"paired", func(t Texture) bool { return t.Paired != "unpaired" }}} {
			got, want := share(s, kind.f), share(all, kind.f)
			if math.Abs(got-want) > 1.5/float64(n) {
				t.Errorf("Subset(%d): %s share %.3f, of all flops %.3f", n, kind.name, got, want)
			}
		}
		again, _ := Subset(n)
		for i := range s {
			if again[i] != s[i] {
				t.Fatalf("Subset(%d) differs between calls at %d", n, i)
			}
		}
	}
	for _, n := range []int{0, -1, 1756} {
		if _, err := Subset(n); err == nil {
			t.Errorf("Subset(%d): no error", n)
		}
	}
}

// TestTextures: the texture words of hand-picked flops.
func TestTextures(t *testing.T) {
	for _, c := range []struct{ board, want string }{
		{"AsKhQd", "A-high, unpaired, rainbow, connected"},
		{"Ks7s2h", "K-high, unpaired, two-tone, disconnected"},
		{"9h8h6h", "9-high, unpaired, monotone, connected"},
		{"As2h3d", "A-high, unpaired, rainbow, connected"},
		{"Qs9h2d", "Q-high, unpaired, rainbow, gapped"},
		{"7s7h2d", "7-high, paired, rainbow, disconnected"},
		{"5s5h5d", "5-high, trips, rainbow, disconnected"},
	} {
		f, err := Parse(c.board)
		if err != nil {
			t.Fatal(err)
		}
		if got := TextureOf(f).String(); got != c.want {
			t.Errorf("%s: %s, want %s", c.board, got, c.want)
		}
	}
	if _, err := Parse("AsAs2d"); err == nil {
		t.Error("a flop with a repeated card parses")
	}
}
