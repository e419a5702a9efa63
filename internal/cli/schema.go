package cli

// JSON output types of every command (the --json schemas), documented field
// by field in docs/cli.md; schema_test.go fails if a field is missing there.

// GameInfoJSON is the output of "pokerlab game info --json".
type GameInfoJSON struct {
	Game              string   `json:"game"`
	Title             string   `json:"title"`
	PlayerNames       []string `json:"player_names"`
	Players           int      `json:"players"`
	Nodes             int      `json:"nodes"`
	Terminals         int      `json:"terminals"`
	ChanceNodes       int      `json:"chance_nodes"`
	InfoSets          int      `json:"infosets"`
	InfoSetsPerPlayer []int    `json:"infosets_per_player"`
	Actions           int      `json:"actions"`
	ConstantSum       bool     `json:"constant_sum"`
	Sum               *float64 `json:"sum"`
	Bytes             int64    `json:"bytes"`
}

// GameValueJSON is the output of "pokerlab game value --json".
type GameValueJSON struct {
	Game    string    `json:"game"`
	Value   []float64 `json:"value"`
	Seconds float64   `json:"seconds"`
}

// ExploitJSON is the output of "pokerlab exploit --json".
type ExploitJSON struct {
	Game               string    `json:"game"`
	Strategy           string    `json:"strategy"`
	NashConv           float64   `json:"nash_conv"`
	Exploitability     *float64  `json:"exploitability"`
	Values             []float64 `json:"values"`
	BestResponseValues []float64 `json:"best_response_values"`
	Gains              []float64 `json:"gains"`
}

// schemaTypes lists every output type, for the documentation test.
var schemaTypes = []any{
	GameInfoJSON{}, GameValueJSON{}, ExploitJSON{},
}

// --- Cards, hand evaluation and equity (issue 5) ---

// EvalJSON is one line of "pokerlab eval --json" (JSON lines: one object per
// hand).
type EvalJSON struct {
	Cards    string `json:"cards"`
	Value    int    `json:"value"`
	Category string `json:"category"`
}

// EquityPlayerJSON is one player of "pokerlab equity --json".
type EquityPlayerJSON struct {
	Input  string  `json:"input"`
	Equity float64 `json:"equity"`
	Win    float64 `json:"win"`
	Tie    float64 `json:"tie"`
	StdErr float64 `json:"stderr"`
}

// EquityJSON is the output of "pokerlab equity --json".
type EquityJSON struct {
	Players []EquityPlayerJSON `json:"players"`
	Board   string             `json:"board"`
	Dead    string             `json:"dead"`
	Method  string             `json:"method"`
	Boards  *int64             `json:"boards,omitempty"`
	Samples *int64             `json:"samples,omitempty"`
	Seed    *uint64            `json:"seed,omitempty"`
	StdErr  float64            `json:"stderr"`
	Seconds float64            `json:"seconds"`
}

func init() { schemaTypes = append(schemaTypes, EvalJSON{}, EquityJSON{}, EquityPlayerJSON{}) }
