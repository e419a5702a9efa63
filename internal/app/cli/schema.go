package cli

import (
	"encoding/json"
	"pokerlab/efg"
	"pokerlab/hud"
)

// JSON output types of every command (the --json schemas), documented field
// by field in docs/cli.md; schema_test.go fails if a field is missing there.

// --- Every output ---

// BuildJSON is the "version" field of every --json document (and of every
// line of the JSON-lines outputs): the build of pokerlab that wrote it
// (version.go). Builds without VCS information (go run, go test,
// -buildvcs=false) say "devel" and "unknown", and modified is null.
type BuildJSON struct {
	Version  string `json:"version"`
	Revision string `json:"revision"`
	Modified *bool  `json:"modified"`
	Go       string `json:"go"`
}

// --- Games, best response and exact values ---

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

// GameListJSON is one game of "pokerlab game list --json".
type GameListJSON struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Parameters  []string `json:"parameters"`
}

// GameListAllJSON is the output of "pokerlab game list --json".
type GameListAllJSON struct {
	Games []GameListJSON `json:"games"`
}

// --- Solving: the CFR family ---

// SolvePointJSON is one measurement of a solver run.
type SolvePointJSON struct {
	Iteration int     `json:"iteration"`
	NashConv  float64 `json:"nash_conv"`
}

// SolveJSON is the output of "pokerlab solve --json".
type SolveJSON struct {
	Game               string           `json:"game"`
	Algo               string           `json:"algo"`
	Iterations         int              `json:"iterations"`
	NashConv           float64          `json:"nash_conv"`
	Exploitability     *float64         `json:"exploitability"`
	Values             []float64        `json:"values"`
	Seconds            float64          `json:"seconds"`
	MicrosPerIteration float64          `json:"us_per_iteration"`
	History            []SolvePointJSON `json:"history"`
	Seed               *uint64          `json:"seed,omitempty"`
	ResumedFrom        *int             `json:"resumed_from,omitempty"`
	Interrupted        bool             `json:"interrupted,omitempty"`
	Checkpoint         string           `json:"checkpoint,omitempty"`
}

// SolveRunJSON is one algorithm's run in "pokerlab solve compare --json".
type SolveRunJSON struct {
	Algo               string           `json:"algo"`
	NashConv           float64          `json:"nash_conv"`
	Exploitability     *float64         `json:"exploitability"`
	Seconds            float64          `json:"seconds"`
	MicrosPerIteration float64          `json:"us_per_iteration"`
	History            []SolvePointJSON `json:"history"`
}

// SolveCompareJSON is the output of "pokerlab solve compare --json".
type SolveCompareJSON struct {
	Game       string         `json:"game"`
	Iterations int            `json:"iterations"`
	Runs       []SolveRunJSON `json:"runs"`
}

// --- Logit QRE ---

// AKQHandsJSON holds one quantity per hand of the AKQ game (null where it is
// infinite: the free energy at λ = 0).
type AKQHandsJSON struct {
	A *float64 `json:"A"`
	Q *float64 `json:"Q"`
	K *float64 `json:"K"`
}

// QREAKQJSON is one λ of "pokerlab qre akq --json".
type QREAKQJSON struct {
	Bet              float64      `json:"bet"`
	Lambda           float64      `json:"lambda"`
	PA               float64      `json:"pA"`
	PQ               float64      `json:"pQ"`
	PK               float64      `json:"pK"`
	ExploitabilityP1 float64      `json:"exploitability_p1"`
	ValueP1          float64      `json:"value_p1"`
	Energy           AKQHandsJSON `json:"energy"`
	Entropy          AKQHandsJSON `json:"entropy"`
	FreeEnergy       AKQHandsJSON `json:"free_energy"`
}

// QREAKQListJSON is the output of "pokerlab qre akq --json": one point per
// λ, in the order given.
type QREAKQListJSON struct {
	Points []QREAKQJSON `json:"points"`
}

// QREPointJSON is one QRE of "pokerlab qre trace --json".
type QREPointJSON struct {
	Lambda    float64              `json:"lambda"`
	MaxRegret float64              `json:"max_regret"`
	InfoSets  []efg.ProfileInfoSet `json:"infosets"`
}

// QRETraceJSON is the output of "pokerlab qre trace --json".
type QRETraceJSON struct {
	Points []QREPointJSON `json:"points"`
}

// QRELikelihoodJSON is one point of the likelihood profile of "pokerlab qre fit --json".
type QRELikelihoodJSON struct {
	Lambda        float64 `json:"lambda"`
	LogLikelihood float64 `json:"log_likelihood"`
}

// QREFitJSON is the output of "pokerlab qre fit --json".
type QREFitJSON struct {
	Game                 string               `json:"game"`
	Lambda               float64              `json:"lambda"`
	StdErr               *float64             `json:"std_err"`
	CI95                 [2]*float64          `json:"ci95"`
	LogLikelihood        float64              `json:"log_likelihood"`
	LogLikelihoodUniform float64              `json:"log_likelihood_uniform"`
	Observations         float64              `json:"observations"`
	AtBoundary           bool                 `json:"at_boundary"`
	Profile              []QRELikelihoodJSON  `json:"profile"`
	InfoSets             []efg.ProfileInfoSet `json:"infosets"`
}

// --- Cards, hand evaluation and equity ---

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

// --- Hand histories and the HUD ---

// HHReplayJSON is one line of "pokerlab hh replay --json" (JSON lines: one
// object per hand).
type HHReplayJSON struct {
	File            string        `json:"file"`
	Hand            int           `json:"hand"`
	Name            string        `json:"name"`
	Rules           string        `json:"rules"`
	OK              bool          `json:"ok"`
	FinishingStacks []json.Number `json:"finishing_stacks"`
	Award           string        `json:"award,omitempty"`
	Recorded        string        `json:"recorded,omitempty"`
	Rake            *json.Number  `json:"rake"`
	Contradictions  []string      `json:"contradictions"`
	Error           string        `json:"error"`
	// Format is set on hands read from a site's text (PokerStars, GGPoker);
	// their rake (the summary's rake, jackpot and fees) is the shortfall of
	// the collected amounts that the record check reports in Rake.
	Format string `json:"format,omitempty"`
}

// HudStatJSON is one statistic of one player in "pokerlab hud --json".
type HudStatJSON = hud.StatJSON

// HudPlayerJSON is one player in "pokerlab hud --json" (hud.PlayerJSON:
// hands, stats).
type HudPlayerJSON = hud.PlayerJSON

// HudSkippedJSON is a hand "pokerlab hud" could not replay.
type HudSkippedJSON struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

// HudJSON is the output of "pokerlab hud --json".
type HudJSON struct {
	Files   []string                 `json:"files"`
	DB      string                   `json:"db,omitempty"`
	Filter  *DBFilterJSON            `json:"filter,omitempty"`
	Hands   int64                    `json:"hands"`
	Skipped []HudSkippedJSON         `json:"skipped"`
	Players map[string]HudPlayerJSON `json:"players"`
	// Hero is --hero, or the player with the most hands ("" without
	// players); HeroMoney their money (hud.MoneyJSON), also given when
	// --min-hands or --player leaves them out of players.
	Hero      string        `json:"hero"`
	HeroMoney *HudMoneyJSON `json:"hero_money"`
}

// HudGraphJSON is the output of "pokerlab hud graph --json": the figure
// written and the ends of its lines.
type HudGraphJSON struct {
	Files         []string      `json:"files"`
	DB            string        `json:"db,omitempty"`
	Filter        *DBFilterJSON `json:"filter,omitempty"`
	Player        string        `json:"player"`
	Hands         int64         `json:"hands"`
	Out           string        `json:"out"`
	WonBB         float64       `json:"won_bb"`
	AllInEVBB     float64       `json:"allin_ev_bb"`
	ShowdownBB    float64       `json:"showdown_bb"`
	NonShowdownBB float64       `json:"non_showdown_bb"`
}

// HudMoneyJSON is a player's money in "pokerlab hud --json"
// (hud.MoneyJSON).
type HudMoneyJSON = hud.MoneyJSON

// --- The hand database ---

// DBRejectionJSON is input "pokerlab db import" did not store.
type DBRejectionJSON struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

// DBImportJSON is the output of "pokerlab db import --json".
type DBImportJSON struct {
	DB             string             `json:"db"`
	Paths          []string           `json:"paths"`
	Files          int                `json:"files"`
	Read           int                `json:"read"`
	Stored         int                `json:"stored"`
	Skipped        int                `json:"skipped"`
	Rejected       int                `json:"rejected"`
	Conflicts      int                `json:"conflicts"`
	Rejections     []DBRejectionJSON  `json:"rejections"`
	EmptyInputs    []DBEmptyInputJSON `json:"empty_inputs"`
	Seconds        float64            `json:"seconds"`
	HandsPerSecond float64            `json:"hands_per_second"`
}

// DBEmptyInputJSON is an input "pokerlab db import" got no hand from.
type DBEmptyInputJSON struct {
	File  string `json:"file"`
	Error string `json:"error"`
	InDir bool   `json:"in_dir"`
}

// DBWatchBatchJSON is a line of "pokerlab db watch --json": the hands
// read from one file at one look.
type DBWatchBatchJSON struct {
	Event      string            `json:"event"` // "batch"
	Time       string            `json:"time"`
	File       string            `json:"file"`
	Read       int               `json:"read"`
	Stored     int               `json:"stored"`
	Skipped    int               `json:"skipped"`
	Rejected   int               `json:"rejected"`
	Conflicts  int               `json:"conflicts"`
	Rejections []DBRejectionJSON `json:"rejections"`
	InDatabase int64             `json:"in_database"`
}

// DBWatchSummaryJSON is the last line of "pokerlab db watch --json".
type DBWatchSummaryJSON struct {
	Event      string  `json:"event"` // "summary"
	DB         string  `json:"db"`
	Dir        string  `json:"dir"`
	Polling    bool    `json:"polling"`
	Files      int     `json:"files"`
	Read       int     `json:"read"`
	Stored     int     `json:"stored"`
	Skipped    int     `json:"skipped"`
	Rejected   int     `json:"rejected"`
	Conflicts  int     `json:"conflicts"`
	InDatabase int64   `json:"in_database"`
	Seconds    float64 `json:"seconds"`
}

// DBStatsJSON is the output of "pokerlab db stats --json".
type DBStatsJSON struct {
	DB            string             `json:"db"`
	Engine        string             `json:"engine"`
	SchemaVersion int                `json:"schema_version"`
	Hands         int64              `json:"hands"`
	Players       int64              `json:"players"`
	Sites         map[string]int64   `json:"sites"`
	First         string             `json:"first"`
	Last          string             `json:"last"`
	Filter        *DBFilterJSON      `json:"filter,omitempty"`
	By            string             `json:"by,omitempty"`
	Groups        []DBStatsGroupJSON `json:"groups,omitempty"`
}

// DBFilterJSON is the filter of "pokerlab hud --db --json".
type DBFilterJSON struct {
	Player   string `json:"player,omitempty"`
	Stakes   string `json:"stakes,omitempty"`
	Since    string `json:"since,omitempty"`
	Until    string `json:"until,omitempty"`
	Position string `json:"position,omitempty"`
	Expr     string `json:"expr,omitempty"`
}

// DBStatsGroupJSON is one group of "pokerlab db stats --by ... --json":
// the stats of every selected player's rows in the group, summed.
type DBStatsGroupJSON struct {
	Group   string                  `json:"group"`
	Hands   int64                   `json:"hands"`
	Rows    int64                   `json:"rows"`
	Players int64                   `json:"players"`
	Stats   map[string]hud.StatJSON `json:"stats"`
}

// --- NPCs ---

// SimJSON is the output of "pokerlab sim --json".
type SimJSON struct {
	Hands          int           `json:"hands"`
	Seconds        float64       `json:"seconds"`
	HandsPerSecond float64       `json:"hands_per_second"`
	Seats          []SimSeatJSON `json:"seats"`
	ResumedFrom    *int          `json:"resumed_from,omitempty"`
	Interrupted    bool          `json:"interrupted,omitempty"`
	Checkpoint     string        `json:"checkpoint,omitempty"`
}

// SimSeatJSON is one seat of "pokerlab sim --json".
type SimSeatJSON struct {
	Name    string                 `json:"name"`
	Profile string                 `json:"profile"`
	Stats   map[string]SimStatJSON `json:"stats"`
}

// SimStatJSON is one stat of a seat: percentages. Without an opportunity
// the stat is not measured: measured is null, ci95 and ok are absent, and
// status says so.
type SimStatJSON struct {
	Target        float64   `json:"target"`
	Measured      *float64  `json:"measured"`
	Opportunities int64     `json:"opportunities"`
	CI95          []float64 `json:"ci95,omitempty"`
	OK            *bool     `json:"ok,omitempty"`
	Status        string    `json:"status"`
}

// NPCCalibrateSeatJSON is one seat of "pokerlab npc calibrate --json".
type NPCCalibrateSeatJSON struct {
	Name         string   `json:"name"`
	Profile      string   `json:"profile"`
	OpenRate     float64  `json:"open_rate"`
	ColdCall     float64  `json:"cold_call"`
	Maps         int      `json:"maps"`
	NotReachable []string `json:"not_reachable"`
}

// NPCCalibrateJSON is the output of "pokerlab npc calibrate --json".
type NPCCalibrateJSON struct {
	Table  string                 `json:"table"`
	Out    string                 `json:"out"`
	Hands  int                    `json:"hands"`
	Rounds int                    `json:"rounds"`
	Seed   uint64                 `json:"seed"`
	Seats  []NPCCalibrateSeatJSON `json:"seats"`
}

// NPCCloneJSON is the output of "pokerlab npc clone --json".
type NPCCloneJSON struct {
	Player  string              `json:"player"`
	Name    string              `json:"name"`
	Hands   int64               `json:"hands"`
	Skipped int                 `json:"skipped"`
	Method  string              `json:"method"`
	Out     string              `json:"out"`
	Values  []NPCCloneValueJSON `json:"values"`
	// PreflopMixing is the fitted σ in percent (nil: not fitted).
	PreflopMixing   *float64 `json:"preflop_mixing"`
	MixingDecisions int      `json:"mixing_decisions"`
}

// NPCCloneValueJSON is one learned value of "pokerlab npc clone --json".
type NPCCloneValueJSON struct {
	Key           string   `json:"key"`
	Taken         int64    `json:"taken"`
	Opportunities int64    `json:"opportunities"`
	Observed      *float64 `json:"observed"`
	PriorMean     float64  `json:"prior_mean"`
	PriorStrength float64  `json:"prior_strength"`
	Weight        float64  `json:"weight"`
	Value         float64  `json:"value"`
	Source        string   `json:"source"`
}

// NPCValidateJSON is the output of "pokerlab npc validate --json".
type NPCValidateJSON struct {
	Player             string                      `json:"player"`
	Hands              int                         `json:"hands"`
	LearnHands         int                         `json:"learn_hands"`
	HeldOutHands       int                         `json:"held_out_hands"`
	SimHands           int                         `json:"sim_hands"`
	Players            int                         `json:"players"`
	StackBB            float64                     `json:"stack_bb"`
	Holdout            string                      `json:"holdout"`
	Seed               uint64                      `json:"seed"`
	Seconds            float64                     `json:"seconds"`
	Prediction         []NPCValidatePredictionJSON `json:"prediction"`
	RangePrediction    []NPCValidatePredictionJSON `json:"range_prediction"`
	PreflopLogLossGain *float64                    `json:"preflop_log_loss_gain"`
	PreflopMixing      *float64                    `json:"preflop_mixing"`
	KnownCardsGain     *float64                    `json:"known_cards_log_loss_gain"`
	KnownCardsGainMix  *float64                    `json:"known_cards_log_loss_gain_same_mixing"`
	Situations         []NPCValidateSituationJSON  `json:"situations"`
	PreflopGain        float64                     `json:"-"`
	Checked            int                         `json:"checked"`
	Within             int                         `json:"within"`
	Rates              []NPCValidateRateJSON       `json:"rates"`
	Sizes              []NPCValidateSizeJSON       `json:"sizes"`
	Ranges             []NPCValidateRangeJSON      `json:"ranges"`
}

// NPCValidatePredictionJSON is one model's prediction score.
type NPCValidatePredictionJSON struct {
	Model     string  `json:"model"`
	Street    string  `json:"street"`
	Decisions int     `json:"decisions"`
	LogLoss   float64 `json:"log_loss"`
	Accuracy  float64 `json:"accuracy"`
}

// NPCValidateSituationJSON is the preflop log loss of each model on the
// held-out decisions of one kind at one position.
type NPCValidateSituationJSON struct {
	Kind       string  `json:"kind"`
	Position   string  `json:"position"`
	Decisions  int     `json:"decisions"`
	Clone      float64 `json:"clone"`
	Aggregate  float64 `json:"aggregate"`
	Population float64 `json:"population"`
}

// NPCValidateRateJSON compares one rate.
type NPCValidateRateJSON struct {
	Key                string   `json:"key"`
	Held               float64  `json:"held"`
	HeldOpportunities  int64    `json:"held_opportunities"`
	Learn              *float64 `json:"learn"`
	LearnOpportunities int64    `json:"learn_opportunities"`
	Sim                *float64 `json:"sim"`
	SimOpportunities   int64    `json:"sim_opportunities"`
	StdErr             *float64 `json:"std_err"`
	Checked            bool     `json:"checked"`
	Within             bool     `json:"within"`
}

// NPCValidateSizeJSON compares one bet-size spot.
type NPCValidateSizeJSON struct {
	Key        string   `json:"key"`
	HeldN      float64  `json:"held_n"`
	SimN       float64  `json:"sim_n"`
	HeldMedian float64  `json:"held_median"`
	HeldLow    float64  `json:"held_median_low"`
	HeldHigh   float64  `json:"held_median_high"`
	Learn      *float64 `json:"learn_median"`
	SimMedian  *float64 `json:"sim_median"`
	HeldMean   float64  `json:"held_mean"`
	SimMean    *float64 `json:"sim_mean"`
	Checked    bool     `json:"checked"`
	Within     bool     `json:"within"`
}

// NPCValidateRangeJSON compares the strength of the hands shown.
type NPCValidateRangeJSON struct {
	Key     string   `json:"key"`
	HeldN   float64  `json:"held_n"`
	SimN    float64  `json:"sim_n"`
	Held    float64  `json:"held"`
	Sim     *float64 `json:"sim"`
	StdErr  *float64 `json:"std_err"`
	Checked bool     `json:"checked"`
	Within  bool     `json:"within"`
}

// NPCArchetypeJSON is one built-in profile of "pokerlab npc show --json" without a
// profile argument.
type NPCArchetypeJSON struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// NPCArchetypesJSON is the output of "pokerlab npc show --json" without a
// profile: the built-in profiles.
type NPCArchetypesJSON struct {
	Profiles []NPCArchetypeJSON `json:"profiles"`
}

// NPCProfileJSON is the output of "pokerlab npc show PROFILE --json".
type NPCProfileJSON struct {
	Name        string                        `json:"name"`
	Description string                        `json:"description"`
	Stats       map[string]float64            `json:"stats"`
	Positions   map[string]map[string]float64 `json:"positions"`
	Sizes       map[string]float64            `json:"sizes"`
	Bluff       float64                       `json:"bluff"`
	PreflopMix  float64                       `json:"preflop_mixing"`
	Calibrated  bool                          `json:"calibrated"`
	// The optional tables of learned profiles.
	PreflopPositions map[string]map[string]float64 `json:"preflop_positions"`
	PotTypes         map[string]map[string]float64 `json:"pot_types"`
	BetSizes         map[string][][2]float64       `json:"bet_sizes"`
	Ranges           map[string]map[string]float64 `json:"ranges"`
}

// --- Spots: heads-up No-Limit Hold'em subgames ---

// SpotActionJSON is one action of a spot node.
type SpotActionJSON struct {
	Action string `json:"action"` // node notation: f, x, c, b120, r300, a900
	Label  string `json:"label"`  // words: "bet 120"
	Amount int    `json:"amount"` // street bet-to total (0 for fold, check, call)
}

// SpotTreeNodeJSON is one node of "pokerlab spot tree --json".
type SpotTreeNodeJSON struct {
	Line    string           `json:"line"`
	Depth   int              `json:"depth"`
	Kind    string           `json:"kind"` // oop, ip, chance, fold, showdown
	Street  string           `json:"street"`
	Pot     int              `json:"pot"`
	Actions []SpotActionJSON `json:"actions,omitempty"`
}

// SpotTreeJSON is the output of "pokerlab spot tree --json".
type SpotTreeJSON struct {
	Board          string             `json:"board"`
	Pot            int                `json:"pot"`
	Stack          int                `json:"stack"`
	Hands          [2]int             `json:"hands"`
	ActionNodes    int                `json:"action_nodes"`
	GameNodes      int                `json:"game_nodes"`
	Values         int64              `json:"values"`
	MemoryEstimate int64              `json:"memory_estimate"`
	Nodes          []SpotTreeNodeJSON `json:"nodes"`
}

// SpotPointJSON is one exploitability check of a solve.
type SpotPointJSON struct {
	Iteration      int     `json:"iteration"`
	Exploitability float64 `json:"exploitability"`
	Percent        float64 `json:"percent"`
	Seconds        float64 `json:"seconds"`
}

// SpotRootJSON is the root strategy of a solve: the range frequencies of
// the player to act.
type SpotRootJSON struct {
	Player    string           `json:"player"`
	Actions   []SpotActionJSON `json:"actions"`
	Frequency []float64        `json:"frequency"`
}

// SpotSolveJSON is the output of "pokerlab spot solve --json".
type SpotSolveJSON struct {
	Board             string          `json:"board"`
	Pot               int             `json:"pot"`
	Stack             int             `json:"stack"`
	Iterations        int             `json:"iterations"`
	Exploitability    float64         `json:"exploitability"`
	ExploitabilityPct float64         `json:"exploitability_pct"`
	Values            [2]float64      `json:"values"`
	BestResponse      [2]float64      `json:"best_response"`
	Equity            [2]float64      `json:"equity"`
	Seconds           float64         `json:"seconds"`
	Threads           int             `json:"threads"`
	Vector            string          `json:"vector"`
	Storage           string          `json:"storage"`
	MemoryEstimate    int64           `json:"memory_estimate"`
	PeakRSS           int64           `json:"peak_rss"`
	Root              *SpotRootJSON   `json:"root,omitempty"`
	History           []SpotPointJSON `json:"history"`
	Out               string          `json:"out,omitempty"`
	ResumedFrom       *int            `json:"resumed_from,omitempty"`
	Interrupted       bool            `json:"interrupted,omitempty"`
	Checkpoint        string          `json:"checkpoint,omitempty"`
}

// SpotHandJSON is one hand at a node of "pokerlab spot show --json".
type SpotHandJSON struct {
	Hand     string     `json:"hand"`
	Class    string     `json:"class"`
	Reach    float64    `json:"reach"`
	Strategy []float64  `json:"strategy,omitempty"`
	EV       *float64   `json:"ev"`
	ActionEV []*float64 `json:"action_ev,omitempty"`
	Equity   *float64   `json:"equity"`
}

// SpotPlayerJSON is one player at a node of "pokerlab spot show --json".
type SpotPlayerJSON struct {
	Player string         `json:"player"`
	Combos float64        `json:"combos"`
	EV     float64        `json:"ev"`
	Equity float64        `json:"equity"`
	Hands  []SpotHandJSON `json:"hands"`
}

// SpotShowJSON is the output of "pokerlab spot show --json".
type SpotShowJSON struct {
	File           string           `json:"file"`
	Method         string           `json:"method"`
	Exploitability *float64         `json:"exploitability,omitempty"`
	Board          string           `json:"board"`
	Line           string           `json:"line"`
	Kind           string           `json:"kind"`
	Player         string           `json:"player,omitempty"`
	Pot            int              `json:"pot"`
	Actions        []SpotActionJSON `json:"actions,omitempty"`
	Frequency      []float64        `json:"frequency,omitempty"`
	Players        []SpotPlayerJSON `json:"players"`
	Plot           string           `json:"plot,omitempty"`
}

// --- QRE on spots and the comparison with Nash ---

// SpotQREPointJSON is the QRE at one λ.
type SpotQREPointJSON struct {
	Lambda            float64       `json:"lambda"`
	Residual          float64       `json:"residual"`
	LogitRegret       float64       `json:"logit_regret"`
	Exploitability    float64       `json:"exploitability"`
	ExploitabilityPct float64       `json:"exploitability_pct"`
	Values            [2]float64    `json:"values"`
	BestResponse      [2]float64    `json:"best_response"`
	Root              *SpotRootJSON `json:"root,omitempty"`
	Out               string        `json:"out,omitempty"`
}

// SpotQREPathJSON is one point of the path of exploitability against λ.
type SpotQREPathJSON struct {
	Lambda         float64 `json:"lambda"`
	Exploitability float64 `json:"exploitability"`
	Percent        float64 `json:"percent"`
}

// SpotQREAutoJSON is the search for λ*.
type SpotQREAutoJSON struct {
	TargetPct  float64           `json:"target_pct"`
	Target     float64           `json:"target"`
	LambdaStar float64           `json:"lambda_star"`
	C          *float64          `json:"c"`
	Slope      *float64          `json:"slope"`
	FitPoints  int               `json:"fit_points"`
	FitFrom    float64           `json:"fit_from"`
	Path       []SpotQREPathJSON `json:"path"`
}

// SpotQREJSON is the output of "pokerlab spot qre --json".
type SpotQREJSON struct {
	Board     string             `json:"board"`
	Pot       int                `json:"pot"`
	Stack     int                `json:"stack"`
	Tolerance float64            `json:"tolerance"`
	Points    []SpotQREPointJSON `json:"points"`
	Auto      *SpotQREAutoJSON   `json:"auto,omitempty"`
	Steps     int                `json:"steps"`
	Rejected  int                `json:"rejected"`
	Newton    int                `json:"newton"`
	Products  int                `json:"products"`
	Seconds   float64            `json:"seconds"`
	// Evaluations counts evaluations of the response map (two tree passes
	// each), Method and Threads say how the QRE was solved.
	Evaluations int    `json:"evaluations"`
	Method      string `json:"method"`
	Threads     int    `json:"threads"`
}

// SpotCompareNashJSON is the Nash side of "pokerlab spot compare".
type SpotCompareNashJSON struct {
	File              string  `json:"file,omitempty"`
	Iterations        int     `json:"iterations"`
	Exploitability    float64 `json:"exploitability"`
	ExploitabilityPct float64 `json:"exploitability_pct"`
	Out               string  `json:"out,omitempty"`
}

// SpotCompareNodeJSON is one decision node of a comparison.
type SpotCompareNodeJSON struct {
	Line      string    `json:"line"`
	Player    string    `json:"player"`
	NashReach float64   `json:"nash_reach"`
	QREReach  float64   `json:"qre_reach"`
	TV        float64   `json:"tv"`
	NashLoss  float64   `json:"nash_loss"`
	QRELoss   float64   `json:"qre_loss"`
	Ghost     bool      `json:"ghost"`
	Actions   []string  `json:"actions"`
	NashFreq  []float64 `json:"nash_freq"`
	QREFreq   []float64 `json:"qre_freq"`
}

// SpotClassEVJSON is one starting-hand class's root EV under both.
type SpotClassEVJSON struct {
	Player     string  `json:"player"`
	Class      string  `json:"class"`
	Combos     float64 `json:"combos"`
	Nash       float64 `json:"nash_ev"`
	QRE        float64 `json:"qre_ev"`
	Difference float64 `json:"difference"`
}

// SpotHandChangeJSON is one information set whose action changes.
type SpotHandChangeJSON struct {
	Line        string    `json:"line"`
	Player      string    `json:"player"`
	Hand        string    `json:"hand"`
	Actions     []string  `json:"actions"`
	Nash        []float64 `json:"nash"`
	QRE         []float64 `json:"qre"`
	TV          float64   `json:"tv"`
	Probability float64   `json:"probability"`
}

// SpotCompareLambdaJSON is the comparison at one λ.
type SpotCompareLambdaJSON struct {
	Lambda            float64               `json:"lambda"`
	Star              bool                  `json:"star"`
	Exploitability    float64               `json:"exploitability"`
	ExploitabilityPct float64               `json:"exploitability_pct"`
	Residual          float64               `json:"residual"`
	MeanTV            float64               `json:"mean_tv"`
	GhostCount        int                   `json:"ghost_count"`
	NashLossGhost     float64               `json:"nash_loss_ghost"`
	QRELossGhost      float64               `json:"qre_loss_ghost"`
	NashLossOther     float64               `json:"nash_loss_other"`
	QRELossOther      float64               `json:"qre_loss_other"`
	Nodes             []SpotCompareNodeJSON `json:"nodes"`
	Ghosts            []SpotCompareNodeJSON `json:"ghosts"`
	ClassEV           []SpotClassEVJSON     `json:"class_ev"`
	Changes           []SpotHandChangeJSON  `json:"changes"`
	Out               string                `json:"out,omitempty"`
}

// SpotCompareJSON is the output of "pokerlab spot compare --json".
type SpotCompareJSON struct {
	Board      string                  `json:"board"`
	Pot        int                     `json:"pot"`
	Stack      int                     `json:"stack"`
	Nash       SpotCompareNashJSON     `json:"nash"`
	Auto       *SpotQREAutoJSON        `json:"auto"`
	GhostReach float64                 `json:"ghost_reach"`
	Lambdas    []SpotCompareLambdaJSON `json:"lambdas"`
	PathError  string                  `json:"path_error,omitempty"`
}
