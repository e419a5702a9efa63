package qre

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFitRecoversLambda: 10^5 actions sampled (seeded) from the Kuhn QRE at
// λ = 5 give a maximum-likelihood λ within 5 % of 5, inside its 95 % interval.
func TestFitRecoversLambda(t *testing.T) {
	tree := loadGame(t, "kuhn")
	pt, err := Solve(tree, 5)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		counts := SampleCounts(tree, pt.Profile, 100000, rand.New(rand.NewPCG(seed, 4)))
		total := 0.0
		for _, n := range counts {
			total += n
		}
		if total != 100000 {
			t.Fatalf("sampled %v actions", total)
		}
		fit, err := Fit(tree, counts, FitOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(fit.Lambda/5-1) > 0.05 {
			t.Errorf("seed %d: λ̂ = %.4f, want within 5 %% of 5", seed, fit.Lambda)
		}
		if !(fit.CI95[0] < 5 && fit.CI95[1] > 5) && seed == 1 {
			t.Errorf("seed %d: 95 %% interval [%.4f, %.4f] misses 5", seed, fit.CI95[0], fit.CI95[1])
		}
		if !(fit.StdErr > 0 && fit.StdErr < 0.5) {
			t.Errorf("seed %d: standard error %v", seed, fit.StdErr)
		}
		// The maximum is a maximum: the path's likelihoods do not exceed it.
		for _, p := range fit.Profile {
			if p.LogLikelihood > fit.LogLikelihood+1e-6 {
				t.Errorf("seed %d: ℓ(%v) = %v > ℓ(λ̂) = %v", seed, p.Lambda, p.LogLikelihood, fit.LogLikelihood)
			}
		}
		t.Logf("seed %d: λ̂ = %.4f ± %.4f, CI95 [%.4f, %.4f]", seed, fit.Lambda, fit.StdErr, fit.CI95[0], fit.CI95[1])
	}
}

// TestSampleCountsDeterministic: the same seed gives the same counts.
func TestSampleCountsDeterministic(t *testing.T) {
	tree := loadGame(t, "kuhn")
	pt, _ := Solve(tree, 3)
	a := SampleCounts(tree, pt.Profile, 5000, rand.New(rand.NewPCG(9, 9)))
	b := SampleCounts(tree, pt.Profile, 5000, rand.New(rand.NewPCG(9, 9)))
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("counts differ at %d", i)
		}
	}
}

func TestCountsFileRoundTrip(t *testing.T) {
	tree := loadGame(t, "kuhn")
	pt, _ := Solve(tree, 3)
	counts := SampleCounts(tree, pt.Profile, 2000, rand.New(rand.NewPCG(1, 1)))
	data, err := json.Marshal(NewCountsFile(tree, "kuhn", counts))
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadCounts(bytes.NewReader(data), tree, "c.json")
	if err != nil {
		t.Fatal(err)
	}
	for i := range counts {
		if counts[i] != back[i] {
			t.Fatalf("count %d: %v, read back %v", i, counts[i], back[i])
		}
	}
}

func TestCountsFileErrors(t *testing.T) {
	tree := loadGame(t, "kuhn")
	for _, c := range []struct{ file, want string }{
		{`{"infosets": [{"player": 1, "label": "X:", "actions": ["bet"], "counts": [1]}]}`, `infosets[0] (player 1, id 0, label "X:"): no such information set in game "kuhn"`},
		{`{"infosets": [{"player": 3, "label": "J:", "actions": ["bet"], "counts": [1]}]}`, "player must be 1…2"},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["raise"], "counts": [1]}]}`, `unknown action "raise"; the actions are [check bet]`},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet"], "counts": [-1]}]}`, "counts must be finite and ≥ 0"},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet", "check"], "counts": [1]}]}`, "2 actions but 1 counts"},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet"], "counts": [1]}, {"player": 1, "label": "J:", "actions": ["bet"], "counts": [1]}]}`, "given twice"},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet"], "counts": [0]}]}`, "all counts are 0"},
		{`{"infosets": []}`, "no information sets given"},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet"], "counts": [1],}]}`, "c.json:1:78: infosets[0]: unexpected character '}' in an object: want a key in double quotes"},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet"], "count": [1]}]}`, `c.json:1:64: infosets[0]: unknown key "count" (known: actions, counts, id, label, player)`},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet"], "counts": [1], "counts": [2]}]}`, `c.json:1:79: infosets[0]: key "counts" given twice in one object (first at line 1, column 64)`},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["check", "bet"], "counts": [1e308, 1e308]}]}`,
			`c.json:1:91: infosets[0].counts[1]: the counts add up to more than 1.8e+308 (the largest number) at the count of "bet"`},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet"], "counts": [1e999]}]}`, `c.json:1:75: infosets[0].counts[0]: 1e999 is beyond the range of numbers`},
		{`{"infosets": [{"player": 1.5, "label": "J:", "actions": ["bet"], "counts": [1]}]}`, `c.json:1:26: infosets[0].player: want a whole number, found 1.5`},
		{`{"infosets": [{"player": 1, "label": "J:", "actions": ["bet"], "counts": [1]`, `c.json:1:77: the input ends inside infosets[0] (, or } expected): is the file truncated?`},
		{`{"infosets": [{"player": 2, "id": 1, "label": "Q:b", "actions": ["call"], "counts": [1]}]}`, `the game's information set "Q:b" has id`},
	} {
		_, err := ReadCounts(strings.NewReader(c.file), tree, "c.json")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n error %v\n want %q", c.file, err, c.want)
		}
	}
}

func FuzzReadCounts(f *testing.F) {
	tree := loadGame(f, "kuhn")
	f.Add(`{"infosets": [{"player": 1, "label": "J:", "actions": ["check", "bet"], "counts": [3, 1]}]}`)
	f.Add(`{"game": "kuhn", "infosets": [{"player": 2, "id": 2, "actions": ["fold"], "counts": [1e300]}]}`)
	f.Add(`{"infosets": [{"player": 1}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		counts, err := ReadCounts(strings.NewReader(s), tree, "fuzz.json")
		if err != nil {
			return
		}
		if len(counts) != tree.NumActions() {
			t.Fatalf("%d counts", len(counts))
		}
		for _, n := range counts {
			if !(n >= 0) || math.IsInf(n, 0) {
				t.Fatalf("count %v accepted", n)
			}
		}
	})
}
