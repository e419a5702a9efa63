package handeval

// The lookup tables (rankValue, displacement, flushValue, categoryOf) and
// the rank-key multipliers live in tables_gen.go, written by gen.go from
// package tablegen, which computes them from the rules of poker; a test
// rebuilds them and compares. They are plain arrays in the binary's data,
// so using the evaluator costs nothing at start-up.

//go:generate go run gen.go

// Rank-key layout (see package tablegen): bits 16..63 of a key are the rank
// hash, bits 0..15 four 4-bit suit counters (suit s at bits 4s..4s+3).
const (
	numSlots = 1 << slotBits
	// counterBias added to the counters sets bit 3 of a suit's nibble
	// exactly when it holds five or more cards (3+5 = 8; at most 3+7 = 10,
	// so no nibble carries into the next).
	counterBias = 0x3333
	counterTop  = 0x8888
)
