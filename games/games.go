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
	"sync"

	"pokerlab/efg"
	"pokerlab/games/akq"
	"pokerlab/games/kuhn"
	"pokerlab/games/leduc"
)

// Constructor builds a game from name=value parameters.
type Constructor func(params map[string]string) (efg.Game, error)

type registryEntry struct {
	build  Constructor
	doc    string
	params []string
}

// registry is built at first use (no work at start-up).
var registry = sync.OnceValue(func() map[string]registryEntry {
	return map[string]registryEntry{
		"kuhn": {func(p map[string]string) (efg.Game, error) {
			if err := noParams("kuhn", p); err != nil {
				return nil, err
			}
			return kuhn.New(), nil
		}, "Kuhn poker (3 cards, ante 1, bet 1)", nil},
		"leduc": {func(p map[string]string) (efg.Game, error) {
			return leduc.Params(p)
		}, "Leduc Hold'em (6 cards, ante 1, raises 2 and 4, at most 2 a round) and its variants",
			[]string{"ranks (2–13, default 3)", "suits (1–4, default 2)", "ante (default 1)", "bet1 (default 2)", "bet2 (default 4)", "maxraises (0–10, default 2)"}},
		"akq": {buildAKQ, "the AKQ game, poker theory's half-street toy game: player 1 holds A or Q, player 2 K; player 1 bets B pots or checks, player 2 calls or folds",
			[]string{"bet (pots: 2, 0.5 or 1/3; default 1)"}},
	}
})

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

// Info describes a built-in game.
type Info struct {
	Name        string
	Description string
	Parameters  []string // "name (range, default)"; empty when the game has none
}

// List returns the built-in games in name order.
func List() []Info {
	var out []Info
	for name, e := range registry() {
		out = append(out, Info{Name: name, Description: e.doc, Parameters: e.params})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Parse resolves a built-in game name with optional parameters
// ("name" or "name:k=v,k=v") to its Go implementation.
func Parse(spec string) (efg.Game, error) {
	name, rest, _ := strings.Cut(spec, ":")
	e, ok := registry()[name]
	if !ok {
		known := make([]string, 0, len(registry()))
		for k := range registry() {
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
	return LoadWith(spec, efg.CompileOptions{})
}

// IsFile reports whether spec names a Gambit file rather than a built-in
// game: it ends in .efg or names an existing file.
func IsFile(spec string) bool {
	return strings.HasSuffix(strings.ToLower(spec), ".efg") || isFile(spec)
}

// LoadWith is Load with limits: a tree whose build would need more than
// opt.MaxBytes is refused with an *efg.TooLargeError before it is built —
// built-in games by their exact size (efg.Estimate), .efg files by a first
// pass that counts their nodes (efg.EstimateEFG, an upper bound).
func LoadWith(spec string, opt efg.CompileOptions) (*efg.Tree, error) {
	if IsFile(spec) {
		f, err := os.Open(spec)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if opt.MaxBytes > 0 {
			s, err := efg.EstimateEFG(f)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", spec, err)
			}
			if need := s.BuildBytes(); need > opt.MaxBytes || s.Nodes > efg.MaxNodes {
				return nil, &efg.TooLargeError{Game: spec, Size: s, Need: need, MaxBytes: opt.MaxBytes, Estimated: true, Bound: true}
			}
			if _, err := f.Seek(0, 0); err != nil {
				return nil, err
			}
		}
		return efg.ReadEFGWith(f, spec, opt)
	}
	g, err := Parse(spec)
	if err != nil {
		return nil, err
	}
	return efg.CompileWith(g, opt)
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
