// Package games resolves game names given on the command line — "kuhn",
// "leduc", "akq", parameterised forms such as "akq:bet=2" or
// "leduc:ranks=4,bet2=8", or the path of a Gambit .efg file — to compiled
// trees.
package games

import (
	"fmt"
	"math/big"
	"os"
	"sort"
	"strings"

	"pokerlab/efg"
	"pokerlab/games/akq"
	"pokerlab/games/kuhn"
	"pokerlab/games/leduc"
)

// Constructor builds a game from name=value parameters.
type Constructor func(params map[string]string) (efg.Game, error)

var registry = map[string]struct {
	build Constructor
	doc   string
}{
	"kuhn": {func(p map[string]string) (efg.Game, error) {
		if err := noParams("kuhn", p); err != nil {
			return nil, err
		}
		return kuhn.New(), nil
	}, "Kuhn poker (3 cards, ante 1, bet 1)"},
	"leduc": {func(p map[string]string) (efg.Game, error) {
		return leduc.Params(p)
	}, "Leduc Hold'em; parameters ranks, suits, ante, bet1, bet2, maxraises"},
	"akq": {buildAKQ, "the AKQ game of seed 000; parameter bet (pots, e.g. 2, 0.5 or 1/3; default 1)"},
}

func noParams(name string, p map[string]string) error {
	for k := range p {
		return fmt.Errorf("%s: unknown parameter %q (the game has none)", name, k)
	}
	return nil
}

func buildAKQ(p map[string]string) (efg.Game, error) {
	label := "1"
	for k, v := range p {
		if k != "bet" {
			return nil, fmt.Errorf("akq: unknown parameter %q (known: bet)", k)
		}
		label = v
	}
	r, ok := new(big.Rat).SetString(label)
	if !ok {
		return nil, fmt.Errorf("akq: bet=%q is not a number (write 2, 0.5 or 1/3)", label)
	}
	f, _ := r.Float64()
	g, err := akq.New(f)
	if err != nil {
		return nil, err
	}
	return g.WithLabel(label), nil
}

// Names lists the built-in games with a one-line description each.
func Names() []string {
	var out []string
	for name, e := range registry {
		out = append(out, name+" — "+e.doc)
	}
	sort.Strings(out)
	return out
}

// Parse resolves a built-in game name with optional parameters
// ("name" or "name:k=v,k=v") to its Go implementation.
func Parse(spec string) (efg.Game, error) {
	name, rest, _ := strings.Cut(spec, ":")
	e, ok := registry[name]
	if !ok {
		known := make([]string, 0, len(registry))
		for k := range registry {
			known = append(known, k)
		}
		sort.Strings(known)
		return nil, fmt.Errorf("unknown game %q (built-in: %s; or give the path of a Gambit .efg file)", spec, strings.Join(known, ", "))
	}
	params := map[string]string{}
	if rest != "" {
		for _, kv := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || k == "" || v == "" {
				return nil, fmt.Errorf("game %q: parameter %q is not of the form name=value", spec, kv)
			}
			if _, dup := params[k]; dup {
				return nil, fmt.Errorf("game %q: parameter %q given twice", spec, k)
			}
			params[k] = v
		}
	}
	return e.build(params)
}

// Load returns the compiled tree of a built-in game spec or of a Gambit .efg
// file (any spec that ends in .efg or names an existing file).
func Load(spec string) (*efg.Tree, error) {
	if strings.HasSuffix(strings.ToLower(spec), ".efg") || isFile(spec) {
		f, err := os.Open(spec)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return efg.ReadEFG(f, spec)
	}
	g, err := Parse(spec)
	if err != nil {
		return nil, err
	}
	return efg.Compile(g)
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
