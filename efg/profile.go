package efg

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"pokerlab/internal/base/strictjson"
)

// Uniform returns the behaviour profile that plays every action of every
// information set with equal probability (λ = 0 of the logit QRE).
func Uniform(t *Tree) []float64 {
	p := make([]float64, t.NumActions())
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		for a := lo; a < hi; a++ {
			p[a] = 1 / float64(hi-lo)
		}
	}
	return p
}

// CheckProfile returns an error unless p is a behaviour profile of t: one
// probability per action, non-negative, summing to 1 (within 1e-9) at every
// information set.
func CheckProfile(t *Tree, p []float64) error {
	if len(p) != t.NumActions() {
		return fmt.Errorf("efg: profile has %d probabilities, the game has %d actions", len(p), t.NumActions())
	}
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		s := 0.0
		for a := lo; a < hi; a++ {
			if !(p[a] >= 0 && p[a] <= 1) {
				return fmt.Errorf("efg: %s: probability of %q is %v", t.InfoSetName(I), t.ActionLabel[a], p[a])
			}
			s += p[a]
		}
		if math.Abs(s-1) > 1e-9 {
			return fmt.Errorf("efg: %s: probabilities sum to %.12g, not 1", t.InfoSetName(I), s)
		}
	}
	return nil
}

// ProfileFile is the JSON form of a behaviour profile (documented in
// docs/cli.md). Players count from 1, as in Gambit.
type ProfileFile struct {
	Game     string           `json:"game,omitempty"`
	InfoSets []ProfileInfoSet `json:"infosets"`
}

// ProfileInfoSet is one information set's distribution in a ProfileFile.
type ProfileInfoSet struct {
	Player  int       `json:"player"` // 1-based
	ID      int       `json:"id"`     // Tree.InfoSetID
	Label   string    `json:"label"`  // Tree.InfoSetLabel
	Actions []string  `json:"actions"`
	Probs   []float64 `json:"probs"`
}

// NewProfileFile converts profile p of t into its file form.
func NewProfileFile(t *Tree, game string, p []float64) *ProfileFile {
	f := &ProfileFile{Game: game, InfoSets: make([]ProfileInfoSet, t.NumInfoSets())}
	for I := range f.InfoSets {
		lo, hi := t.Actions(I)
		f.InfoSets[I] = ProfileInfoSet{
			Player:  int(t.InfoSetPlayer[I]) + 1,
			ID:      int(t.InfoSetID[I]),
			Label:   t.InfoSetLabel[I],
			Actions: append([]string(nil), t.ActionLabel[lo:hi]...),
			Probs:   append([]float64(nil), p[lo:hi]...),
		}
	}
	return f
}

// WriteProfile writes profile p of t as indented JSON.
func WriteProfile(w io.Writer, t *Tree, game string, p []float64) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(NewProfileFile(t, game, p))
}

// ReadProfile reads a JSON profile for t. Each entry names its information
// set by player and label, or by player and id when the label is empty or
// shared by several of that player's information sets; when both are given
// they must agree. Every information set of t must appear exactly once, with
// every action once (in any order), probabilities in [0, 1] summing to 1
// within 1e-6; the sums are then normalised exactly. name is used in errors.
func ReadProfile(r io.Reader, t *Tree, name string) ([]float64, error) {
	var f ProfileFile
	locate, err := DecodeJSON(r, name, &f)
	if err != nil {
		return nil, err
	}
	return profileFromFile(t, &f, name, locate)
}

// DecodeJSON decodes one JSON document from r into v strictly (package
// internal/base/strictjson: duplicate and unknown keys, numbers that do not fit,
// trailing data and truncation are errors). Errors read
// "name:line:column: path: message". It returns where, which formats the
// position of the value at a JSON path ("infosets[3]") the same way, for
// errors found in the decoded values.
func DecodeJSON(r io.Reader, name string, v any) (where func(path string) string, err error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	pos, err := strictjson.Decode(data, v)
	if err != nil {
		var se *strictjson.Error
		if errors.As(err, &se) {
			if se.Path == "" {
				return nil, fmt.Errorf("%s:%d:%d: %s", name, se.Line, se.Col, se.Msg)
			}
			return nil, fmt.Errorf("%s:%d:%d: %s: %s", name, se.Line, se.Col, se.Path, se.Msg)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return func(path string) string {
		if line, col := pos.Of(path); line > 0 {
			return fmt.Sprintf("%s:%d:%d: %s", name, line, col, path)
		}
		return name + ": " + path
	}, nil
}

func profileFromFile(t *Tree, f *ProfileFile, name string, locate func(path string) string) ([]float64, error) {
	type key struct {
		player int
		label  string
	}
	byLabel := make(map[key][]int)
	byID := make(map[[2]int]int)
	for I := 0; I < t.NumInfoSets(); I++ {
		pl := int(t.InfoSetPlayer[I])
		k := key{pl, t.InfoSetLabel[I]}
		byLabel[k] = append(byLabel[k], I)
		byID[[2]int{pl, int(t.InfoSetID[I])}] = I
	}
	p := make([]float64, t.NumActions())
	given := make([]bool, t.NumActions())
	done := make([]bool, t.NumInfoSets())
	for e, s := range f.InfoSets {
		where := fmt.Sprintf("%s (player %d, id %d, label %q)", locate(fmt.Sprintf("infosets[%d]", e)), s.Player, s.ID, s.Label)
		if s.Player < 1 || s.Player > t.NumPlayers() {
			return nil, fmt.Errorf("%s: player must be 1…%d", where, t.NumPlayers())
		}
		pl := s.Player - 1
		I := -1
		if cands := byLabel[key{pl, s.Label}]; s.Label != "" && len(cands) == 1 {
			I = cands[0]
			if s.ID != 0 && int(t.InfoSetID[I]) != s.ID {
				return nil, fmt.Errorf("%s: the game's information set %q has id %d", where, s.Label, t.InfoSetID[I])
			}
		} else if J, ok := byID[[2]int{pl, s.ID}]; ok && s.ID != 0 {
			I = J
			if s.Label != "" && t.InfoSetLabel[I] != s.Label {
				return nil, fmt.Errorf("%s: the game's information set %d is labelled %q", where, s.ID, t.InfoSetLabel[I])
			}
		}
		if I < 0 {
			return nil, fmt.Errorf("%s: no such information set in the game", where)
		}
		if done[I] {
			return nil, fmt.Errorf("%s: information set given twice", where)
		}
		done[I] = true
		lo, hi := t.Actions(I)
		if len(s.Actions) != hi-lo || len(s.Probs) != hi-lo {
			return nil, fmt.Errorf("%s: %d actions and %d probabilities given, the game has %d actions [%s]",
				where, len(s.Actions), len(s.Probs), hi-lo, strings.Join(t.ActionLabel[lo:hi], " "))
		}
		sum := 0.0
		for j, label := range s.Actions {
			a, err := t.ActionIndex(I, label)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if given[a] {
				return nil, fmt.Errorf("%s: action %q given twice", where, label)
			}
			given[a] = true
			q := s.Probs[j]
			if !(q >= 0 && q <= 1) {
				return nil, fmt.Errorf("%s: probability of %q is %v, not in [0, 1]", where, label, q)
			}
			p[a] = q
			sum += q
		}
		if math.Abs(sum-1) > 1e-6 {
			return nil, fmt.Errorf("%s: probabilities sum to %.9g, not 1", where, sum)
		}
		for g := lo; g < hi; g++ {
			p[g] /= sum
		}
	}
	for I, ok := range done {
		if !ok {
			return nil, fmt.Errorf("%s: %s is missing (a profile must give every information set; %d given, the game has %d)",
				name, t.InfoSetName(I), len(f.InfoSets), t.NumInfoSets())
		}
	}
	return p, nil
}
