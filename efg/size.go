package efg

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
)

// Size counts the parts of a game tree: what Compile or ReadEFG allocate.
type Size struct {
	Players        int
	Nodes          int64 // all nodes
	DecisionNodes  int64 // nodes where a player moves (members of information sets)
	Terminals      int64
	ChanceNodes    int64
	ChanceOutcomes int64 // children of chance nodes, summed
	InfoSets       int64
	Actions        int64 // (information set, action) pairs
}

// Size returns the counts of t.
func (t *Tree) Size() Size {
	return Size{
		Players: t.NumPlayers(), Nodes: int64(t.NumNodes()), DecisionNodes: int64(len(t.Members)),
		Terminals: int64(t.NumTerminals()), ChanceNodes: int64(t.NumChanceNodes()),
		ChanceOutcomes: int64(len(t.ChanceLabel)), InfoSets: int64(t.NumInfoSets()), Actions: int64(t.NumActions()),
	}
}

// Bytes returns the memory held by the slices of a tree of this size: the
// number Tree.Bytes reports once it is built (strings count their headers
// only; labels are mostly shared). Saturates at math.MaxInt64.
func (s Size) Bytes() int64 {
	var b satSum
	b.add(s.Nodes, 1+4+4+4+4)                 // Player, InfoSet, FirstChild, NumChildren, Parent
	b.add(s.InfoSets, 4+4+16+4+4)             // InfoSetPlayer, InfoSetID, InfoSetLabel, ActionStart, MemberStart
	b.add(s.Actions, 16)                      // ActionLabel
	b.add(s.DecisionNodes, 4)                 // Members
	b.add(s.ChanceNodes+1, 4)                 // ChanceStart
	b.add(s.ChanceOutcomes, 16+8)             // ChanceLabel, ChanceProb
	b.add(s.Terminals, 16+8*int64(s.Players)) // OutcomeLabel, Payoff
	return b.v
}

// BuildBytes estimates the peak memory of building a tree of this size:
// twice Bytes (slices grow by doubling, so up to half of a slice's capacity
// is unused, and the old and new arrays coexist while one grows), the
// builder's index of information sets (a map entry, a copy of the action
// labels and a member list each: about 96 bytes plus 16 per action and 8
// per member), and the perfect-recall check (4 bytes per node and player).
// TestSizeEstimates measures it against the heap of real builds.
func (s Size) BuildBytes() int64 {
	var b satSum
	b.add(s.Bytes(), 2)
	b.add(s.InfoSets, 96)
	b.add(s.Actions, 16)
	b.add(s.DecisionNodes, 8)
	b.add(s.Nodes, 4*int64(max(s.Players, 1)))
	return b.v
}

// satSum adds products, saturating at math.MaxInt64 instead of wrapping.
type satSum struct{ v int64 }

func (s *satSum) add(n, k int64) {
	if n <= 0 || k <= 0 {
		return
	}
	if n > (math.MaxInt64-s.v)/k {
		s.v = math.MaxInt64
		return
	}
	s.v += n * k
}

// MaxNodes is the most nodes a Tree can hold: its indices are int32.
const MaxNodes = math.MaxInt32

// Sizer is implemented by games that can count their tree without building
// it (in time independent of its size), so that Compile can refuse a tree
// too large for memory before building anything.
type Sizer interface {
	Size() Size
}

// Estimate returns the size of g's tree without building it: g's own count
// when g is a Sizer, otherwise a walk of g that stores nothing but the
// information-set keys, abandoned after maxNodes nodes (0: 1<<20). ok is
// false when the walk was abandoned; the size then holds the counts so far.
func Estimate(g Game, maxNodes int64) (s Size, ok bool) {
	if sz, isSizer := g.(Sizer); isSizer {
		return sz.Size(), true
	}
	if maxNodes <= 0 {
		maxNodes = 1 << 20
	}
	s.Players = len(g.PlayerNames())
	keys := make([]map[string]bool, s.Players)
	for i := range keys {
		keys[i] = map[string]bool{}
	}
	var walk func(st State) bool
	walk = func(st State) bool {
		s.Nodes++
		if s.Nodes > maxNodes {
			return false
		}
		p := st.Player()
		switch {
		case p == Terminal:
			s.Terminals++
			return true
		case p == Chance:
			s.ChanceNodes++
		case p >= 0 && p < s.Players:
			s.DecisionNodes++
			if k := st.InfoSet(); !keys[p][k] {
				keys[p][k] = true
				s.InfoSets++
				s.Actions += int64(len(st.Actions()))
			}
		default:
			return true // Compile reports the bad player
		}
		n := len(st.Actions())
		if p == Chance {
			s.ChanceOutcomes += int64(n)
		}
		for a := range n {
			if !walk(st.Next(a)) {
				return false
			}
		}
		return true
	}
	return s, walk(g.Root())
}

// TooLargeError is returned by Compile and ReadEFG when a tree would need
// more memory than CompileOptions.MaxBytes.
type TooLargeError struct {
	Game     string
	Size     Size  // the estimate (Estimated) or the part built before the stop
	Need     int64 // bytes the build is estimated to need (Estimated), or needed when it was stopped
	MaxBytes int64
	// Estimated is true when the size was estimated before building;
	// otherwise the build was stopped when it passed MaxBytes.
	Estimated bool
	// Bound is true when Size is an upper bound rather than an exact count
	// (a .efg file's information sets and actions before it is read).
	Bound bool
}

func (e *TooLargeError) Error() string {
	if e.Estimated {
		about := ""
		if e.Bound {
			about = "up to "
		}
		return fmt.Sprintf("game %s: its tree has %d nodes and %s%d information sets; building it needs about %s%s, more than the limit of %s",
			e.Game, e.Size.Nodes, about, e.Size.InfoSets, about, FormatBytes(e.Need), FormatBytes(e.MaxBytes))
	}
	return fmt.Sprintf("game %s: after %d nodes its tree already needed about %s to build, more than the limit of %s; the build was stopped",
		e.Game, e.Size.Nodes, FormatBytes(e.Need), FormatBytes(e.MaxBytes))
}

// FormatBytes writes a byte count with a binary unit: "512 B", "3.2 MiB".
func FormatBytes(b int64) string {
	const unit = 1024
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	v := float64(b)
	for _, u := range []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"} {
		v /= unit
		if v < unit || u == "EiB" {
			return fmt.Sprintf("%.3g %s", v, u)
		}
	}
	return fmt.Sprintf("%d B", b)
}

// CompileOptions limit Compile and ReadEFG.
type CompileOptions struct {
	// MaxBytes refuses trees whose build needs more memory than this
	// (Size.BuildBytes of the estimate, then the tree as it grows); 0 means
	// no limit. Trees of more than MaxNodes nodes are always refused.
	MaxBytes int64
}

// errStop aborts a build that passed its limit.
var errStop = errors.New("efg: build stopped at the memory limit")

// CompileWith is Compile with limits: it estimates the tree first
// (Estimate) and returns a *TooLargeError without building when the
// estimate exceeds opt.MaxBytes or MaxNodes; while building it stops as soon
// as the tree passes the limit (for games that cannot be estimated cheaply).
func CompileWith(g Game, opt CompileOptions) (*Tree, error) {
	limit := opt.MaxBytes
	if s, ok := Estimate(g, 0); ok {
		need := s.BuildBytes()
		if (limit > 0 && need > limit) || s.Nodes > MaxNodes {
			return nil, &TooLargeError{Game: g.Name(), Size: s, Need: need, MaxBytes: limit, Estimated: true}
		}
	}
	return compile(g, limit)
}

// EstimateEFG counts the nodes of a Gambit .efg file by type without
// building anything (one pass over the text). The information sets and
// actions are bounded from above (one per decision node, one per edge), so
// Bytes and BuildBytes of the result are upper bounds.
func EstimateEFG(r io.Reader) (Size, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var s Size
	inString, escaped, inWord := false, false, false
	var word []byte
	header := 0 // tokens seen before the player list: EFG 2 R "title" { players }
	players := 0
	inPlayers := false
	flush := func() {
		if !inWord {
			return
		}
		inWord = false
		if len(word) == 1 && header >= 3 && !inPlayers {
			switch word[0] {
			case 'p':
				s.DecisionNodes++
			case 'c':
				s.ChanceNodes++
			case 't':
				s.Terminals++
			}
		}
		header++
		word = word[:0]
	}
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			flush()
			break
		}
		if err != nil {
			return s, err
		}
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
				if inPlayers {
					players++
				}
			}
		case c == '"':
			flush()
			inString = true
			header++
		case c == '{':
			flush()
			if header == 4 && players == 0 {
				inPlayers = true
			}
		case c == '}':
			flush()
			inPlayers = false
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == '/':
			if !inWord {
				inWord = true
			}
			word = append(word, c)
		default:
			flush()
		}
	}
	s.Players = players
	s.Nodes = s.DecisionNodes + s.ChanceNodes + s.Terminals
	s.InfoSets = s.DecisionNodes
	s.Actions = max(s.Nodes-1, 0)
	s.ChanceOutcomes = max(s.Nodes-1, 0)
	return s, nil
}
