package spot

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pokerlab/cards"
	"pokerlab/equity"
)

// spotFromArgs builds a spot from the key=value lines of a postflop-bench
// .args file (scripts/postflop-bench/src/main.rs documents the keys);
// thresholds default to 0 as in the driver.
func spotFromArgs(t testing.TB, path string) *Spot {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	kv := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if ok {
			kv[k] = v
		}
	}
	sp := NewSpot()
	sp.AddAllIn, sp.ForceAllIn, sp.Merging = 0, 0, 0
	var err2 error
	sp.Board, err2 = cards.ParseCards(kv["board"])
	if err2 != nil {
		t.Fatal(err2)
	}
	sp.Pot, _ = strconv.Atoi(kv["pot"])
	sp.Stack, _ = strconv.Atoi(kv["stack"])
	for p, key := range []string{"oop", "ip"} {
		sp.RangeText[p] = kv[key]
		sp.Ranges[p] = equity.MustParseRange(kv[key])
	}
	num := func(k string, dst *float64) {
		if v, ok := kv[k]; ok {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			*dst = x
		}
	}
	num("add_allin", &sp.AddAllIn)
	num("force_allin", &sp.ForceAllIn)
	num("merging", &sp.Merging)
	num("rake", &sp.Rake)
	num("rake_cap", &sp.RakeCap)
	parse := func(s string, use SizeUse) []Size {
		sz, err := ParseSizes(s, use)
		if err != nil {
			t.Fatal(err)
		}
		return sz
	}
	for st, name := range []string{"flop", "turn", "river"} {
		bet, raise := kv["bet"], kv["raise"]
		if v, ok := kv[name+"_bet"]; ok {
			bet = v
		}
		if v, ok := kv[name+"_raise"]; ok {
			raise = v
		}
		for p := range 2 {
			sp.Sizes[st][p] = BetSizes{Bet: parse(bet, ForBet), Raise: parse(raise, ForRaise)}
		}
		if v, ok := kv[name+"_donk"]; ok {
			sp.Donk[st] = parse(v, ForDonk)
		}
	}
	return sp
}

// dumpTree writes the decision nodes as postflop-bench's `tree` mode does.
func dumpTree(t *ActionTree) string {
	var b strings.Builder
	var walk func(i int32, path []string)
	walk = func(i int32, path []string) {
		n := &t.Nodes[i]
		switch {
		case n.Kind.Terminal():
			return
		case n.Kind == ChanceNode:
			walk(n.Children[0], append(path, "*"))
			return
		}
		acts := make([]string, len(n.Actions))
		for k, a := range n.Actions {
			acts[k] = a.String()
		}
		b.WriteString(strings.Join(path, " ") + "\t" + strings.Join(acts, " ") + "\n")
		for k, a := range n.Actions {
			walk(n.Children[k], append(path[:len(path):len(path)], a.String()))
		}
	}
	walk(0, nil)
	return b.String()
}

// TestActionTreeMatchesPostflopSolver compares every decision node of our
// action tree (path and actions with amounts) with the tree postflop-solver
// builds for the same spot (testdata/postflop/trees, made by
// scripts/postflop-bench/golden.sh from b-inary/postflop-solver@9d1509f).
func TestActionTreeMatchesPostflopSolver(t *testing.T) {
	files, err := filepath.Glob("testdata/postflop/trees/*.args")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden trees: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".args")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(f, ".args") + ".tree")
			if err != nil {
				t.Fatal(err)
			}
			tree, err := NewActionTree(spotFromArgs(t, f))
			if err != nil {
				t.Fatal(err)
			}
			got := dumpTree(tree)
			if got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := range max(len(gl), len(wl)) {
					var g, w string
					if i < len(gl) {
						g = gl[i]
					}
					if i < len(wl) {
						w = wl[i]
					}
					if g != w {
						t.Fatalf("line %d:\n got  %q\n want %q", i+1, g, w)
					}
				}
			}
		})
	}
}
