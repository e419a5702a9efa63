package handeval

// The lookup tables and the rank-key multipliers live in tables_gen.go,
// written by gen.go from package tablegen, which computes them from the
// rules of poker; a test rebuilds them and compares. They are plain arrays
// in the binary's data, so using the evaluator costs nothing at start-up.

// tables are the evaluator's lookup tables, kept in one variable (tab) so
// that code using several of them computes one base address.
type tables struct {
	// offs[row] is the row's base minus row·2^colBits (mod 2³²). It comes
	// first: a read of it through tabp is then the nil check of tabp too.
	offs [1 << (keyBits - colBits)]uint32
	// rank[k+offs[k>>colBits]] is the value of a non-flush hand of rank
	// key k; 0 where no rank multiset of 5..7 cards lands. rankLen is the
	// largest row base plus 2^colBits, so every k below 2^keyBits indexes
	// inside it.
	rank [rankLen]Value
	// flush[m] is the value of the best flush or straight flush among the
	// ranks in the 13-bit mask m (0 for fewer than five ranks).
	flush [1 << 13]Value
	// cardKey and cardSuits are a card's contributions to the two words
	// of a Hand. They have an entry for every uint8 so that indexing with
	// a Card needs no bounds check (only the first 52 are used).
	cardKey, cardSuits [256]uint64
	// setKey[i][m] is the sum of cardKey over the cards of byte i of a
	// cards.Set whose bits are m (cards 8i..8i+7: ranks 2i and 2i+1), so
	// that the key word of a set is seven lookups (Eval).
	setKey [7][256]uint64
	// category[v] is the category of value v.
	category [NumValues + 1]Category
}

// tabp points at tab. Hot loops read the tables through it: the compiler
// then keeps one base address for all of them, where naming tab would
// rematerialise each table's address in every iteration.
var tabp = &tab

//go:generate go run gen.go

// Key-word layout (see package tablegen): bits 0..31 of a key word are the
// rank key, a sum of per-rank constants below 2^keyBits for any seven cards
// (so no sum carries out of the low half), bits 32..63 four suit counters,
// one byte each (suit s at bits 32+8s..39+8s). A card adds suitStep to its
// suit's byte, so the byte holds 13·n for n cards of the suit: bit 6 is set
// exactly when n ≥ 5 (4·13 = 52 < 64 ≤ 65 = 5·13, and 7·13 = 91 < 128),
// and no byte ever carries into the next. The zero Hand is empty.
//
// The test that sends a hand to the flush path, k&flushTest != 0, also
// sends there every key word whose rank key is 2^keyBits or more (the
// guard bits keyBits..31, never set by a hand of at most seven cards):
// the rank lookup then reads only keys below 2^keyBits, which all index
// inside the tables, and the same AND costs nothing more.
const (
	suitStep  = 13
	suitShift = 32
	// flushBits is bit 6 of every counter byte.
	flushBits = 0x40404040 << suitShift
	// guardBits are the bits of the rank half above every rank key.
	guardBits = 1<<suitShift - 1<<keyBits
	flushTest = flushBits | guardBits
)
