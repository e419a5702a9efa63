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
