package spot

import (
	"fmt"
	"maps"
	"slices"

	"github.com/BurntSushi/toml"

	"pokerlab/cards"
	"pokerlab/internal/base/tomlline"
)

// Template is a spot without its board, to be solved on many boards (a
// batch over flops): the keys of the spot format but board, and a [batch]
// table of how each board is solved:
//
//	pot = 20
//	stack = 90
//	oop = "…"
//	ip = "…"
//	[sizes]
//	bet = "50%"
//	[batch]
//	target = 0.5       # exploitability to stop at, % of the pot (default 0.5)
//	iterations = 1000  # and at most this many iterations (default 1000)
//	lambda = [10]      # also the logit QRE at these λ (in pots; optional)
type Template struct {
	spot       *Spot
	Target     float64
	Iterations int
	// Lambdas, if any, are the λ (in pots) of the agent logit QREs solved
	// on each board besides the Nash equilibrium.
	Lambdas []float64
}

// ParseTemplate reads a template; errors name the file, the line and the
// key like ParseSpot's.
func ParseTemplate(src, file string) (*Template, error) {
	var raw map[string]any
	if _, err := toml.Decode(src, &raw); err != nil {
		if pe, ok := err.(toml.ParseError); ok {
			return nil, &SpotError{File: file, Line: pe.Position.Line, Msg: pe.Message}
		}
		return nil, &SpotError{File: file, Msg: err.Error()}
	}
	d := &decoder{file: file, lines: tomlline.Index(src)}
	if _, ok := raw["board"]; ok {
		return nil, d.errAt("board", "a template has no board: the batch deals one per flop")
	}
	t := &Template{Target: 0.5, Iterations: 1000}
	if b, ok := raw["batch"]; ok {
		m, ok := b.(map[string]any)
		if !ok {
			return nil, d.errAt("batch", "want a table, got %s", tomlType(b))
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			key := "batch." + k
			switch k {
			case "target":
				x, ok := m[k].(float64)
				if i, isInt := m[k].(int64); isInt {
					x, ok = float64(i), true
				}
				if !ok || !(x >= 0) {
					return nil, d.errAt(key, "want a percentage of the pot ≥ 0")
				}
				t.Target = x
			case "iterations":
				n, ok := m[k].(int64)
				if !ok || n < 1 || n > 1_000_000 {
					return nil, d.errAt(key, "want a whole number from 1 to 1000000")
				}
				t.Iterations = int(n)
			case "lambda":
				xs, ok := m[k].([]any)
				if !ok || len(xs) == 0 {
					return nil, d.errAt(key, "want a list of λ values, e.g. [10, 100]")
				}
				for _, x := range xs {
					v, isF := x.(float64)
					if i, isI := x.(int64); isI {
						v, isF = float64(i), true
					}
					if !isF || !(v > 0) || v > 1e5 {
						return nil, d.errAt(key, "%v: want λ above 0 and at most 100000 (in pots)", x)
					}
					t.Lambdas = append(t.Lambdas, v)
				}
				slices.Sort(t.Lambdas)
				t.Lambdas = slices.Compact(t.Lambdas)
			default:
				return nil, d.errAt(key, "unknown key (batch takes target, iterations, lambda)")
			}
		}
		delete(raw, "batch")
	}
	// The rest is a spot: decoded with a placeholder flop, which For
	// replaces.
	raw["board"] = "2s3h4d"
	sp := NewSpot()
	if err := d.decode(sp, raw); err != nil {
		return nil, err
	}
	sp.Board = nil
	t.spot = sp
	return t, nil
}

// For returns the template's spot on board (3, 4 or 5 cards).
func (t *Template) For(board []cards.Card) (*Spot, error) {
	if n := len(board); n < 3 || n > 5 || cards.SetOf(board...).Count() != n {
		return nil, fmt.Errorf("board %s: want 3 to 5 different cards", cards.FormatCards(board))
	}
	sp := *t.spot // ranges and sizes are shared: a game only reads them
	sp.Board = slices.Clone(board)
	return &sp, nil
}
