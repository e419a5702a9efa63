package handeval

// The lookup tables and the rank-key multipliers live in tables_gen.go,
// written by gen.go from package tablegen, which computes them from the
// rules of poker; a test rebuilds them and compares. They are plain arrays
// in the binary's data, so using the evaluator costs nothing at start-up.

// tables are the evaluator's lookup tables, kept in one variable (tab) so
// that code using several of them computes one base address.
type tables struct {
	// rank[slot^disp[bucket]] is the value of a non-flush hand whose rank
	// key falls in that bucket and slot (0: no 5..7-card multiset).
	rank [numSlots]Value
	// disp[bucket] is XORed with the slot bits of a rank key.
	disp [1 << bucketBits]uint16
	// flush[m] is the value of the best flush or straight flush among the
	// ranks in the 13-bit mask m (0 for fewer than five ranks).
	flush [1 << 13]Value
	// cardKey and cardSuits are a card's contributions to the two words
	// of a Hand. They have an entry for every uint8 so that indexing with
	// a Card needs no bounds check (only the first 52 are used).
	cardKey, cardSuits [256]uint64
	// category[v] is the category of value v.
	category [NumValues + 1]Category
}

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
