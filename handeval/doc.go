// Package handeval ranks Texas Hold'em hands of 5, 6 or 7 cards.
//
// A hand's [Value] is an integer, higher is better, and two hands tie exactly
// when their values are equal. The value of a 6- or 7-card hand is the value of
// its best five cards, and five-card values are exactly 1..7462, one for each
// of the 7462 equivalence classes of five-card poker hands: 7-5-4-3-2 offsuit
// is 1 and a royal flush is 7462. [Value.Category] gives the category (high
// card … straight flush); the categories occupy contiguous value ranges (see
// the Category constants). [Value.Describe] names a value for people,
// without kickers: "two pair, kings and sevens", "flush, ace high"
// (a 15 KB table of the ranks of each value, built at the first call).
//
// # How it works
//
// A hand is either a flush (five or more cards of one suit; with at most seven
// cards no quads or full house can then exist, so the flush or straight flush
// is the answer) or its value depends only on how many cards of each rank it
// holds. The evaluator keeps two tables:
//
//   - flush: the 13-bit rank mask of the flush suit indexes an 8192-entry
//     table (best flush or straight flush among the suit's cards);
//   - ranks: the 13 rank counts c_r (0..4) give the key K = Σ c_r·R_r, a sum
//     of per-rank constants, looked up by a row-displacement perfect hash
//     (Tarjan and Yao 1979; OMPEval's lookup has the same shape): the bits
//     of K above the low 11 pick a row, and the value is
//     rank[K + offs[K>>11]] (one shift, one addition from memory, one
//     load). The constants R_r were found by a greedy search so that the
//     73,775 rank multisets of 5, 6 and 7 cards have distinct sums, all
//     below 2^25 (as is the key of any seven cards), and the rows were
//     packed so that their columns do not collide: 81,513 places for the
//     73,775 keys (package internal/tablegen).
//
// The tables are computed from the rules by internal/tablegen and written
// into tables_gen.go by gen.go (go generate); they are plain arrays in the
// binary (about 270 KB), so a program pays nothing for them at start-up and
// the first evaluation is as fast as the others. Building them at first use
// instead would cost 25–50 ms at the first evaluation (BenchmarkBuildTables)
// and a check in every evaluation. A test rebuilds them and compares.
//
// The key is linear in the rank counts, so the key of a union of disjoint
// card sets is the sum of their keys, and it is small: it takes the low 32
// bits of a word (no sum of seven cards carries out of them) whose high 32
// bits are four suit counters, one byte each. [Hand] keeps that word and
// the suits' rank masks: adding a card or a player's two cards to a board
// is two additions, and [Hand.Eval] tests the counters for a flush (a card
// adds 13 to its suit's byte, so bit 6 of the byte is set exactly when the
// suit holds five cards: one AND with a 64-bit mask, and the zero Hand is
// empty) and otherwise looks the key up: two dependent loads from tables
// that stay in the L1 and L2 caches (64 KB of row offsets, 163 KB of
// values), no branch but the flush test.
//
// [Eval] takes a card set and builds the same key word by linearity: one
// lookup per byte of the set (two ranks, 256 entries, 14 KB for the seven
// bytes) and six additions; a flush, rare, then reads the suit's rank mask
// from the set itself. Counting ranks and suits arithmetically instead (a
// nibble-wise popcount and one multiplication per suit) cost six
// multiplications an evaluation and was slower; the tests keep it as a
// second algorithm. Eval is too large for Go's inliner (cost 187, budget
// 80) except where profile-guided optimisation marks the call site hot
// (cmd/pokerlab/default.pgo, scripts/pgo-profile).
//
// Deliberate departure: the offset and value tables are read without a
// bounds check (package unsafe). The flush test's mask also holds the
// guard bits 25..31 of the rank key, set by no hand of at most seven cards,
// so the lookup only ever sees keys below 2^25: their row is inside offs
// (2^14 rows), and the index, a row's base plus a column below 2^11, is
// inside the value table, which has 2^11 places more than the largest
// base. So every 64-bit key word, of any hand or of garbage (cards added
// twice, hands that overlap), reads inside the tables; a key word with
// guard bits goes to the flush path, which reads the flush table through a
// 13-bit mask. TestRankIndexInBounds checks every row and the mask. The
// checks cost a comparison and a branch per evaluation.
//
// [Histogram7] counts the hands of every value among all 133,784,560
// seven-card hands by evaluating one hand per class of hands that share their
// value
// (cards of suits that can no longer make a flush merged, one class per orbit
// of the 24 suit permutations): the whole problem in about 8 ms, where
// evaluating every hand takes about 0.19 s.
//
// # Batch forms and assembly
//
// [EvalHands], [EvalSets] and [EvalCards7] evaluate a slice of hands into a
// slice of values, [Hand.EvalPairs] and [Hand.EvalTriples] a hand with
// every pair or triple of a list of cards added (the innermost levels of an
// enumeration: every turn and river of a flop, all seven-card hands in one
// call per four cards). Same values as the per-hand functions, bit for bit.
//
// On amd64 their loops are hand-written Go assembly (batch_amd64.s), used
// when the CPU has BMI1 and BMI2 (TZCNT, SHRX: every amd64 CPU since 2013–
// 2015; golang.org/x/sys/cpu at start-up); otherwise, on other
// architectures, and in builds with -tags purego (no assembly at all), the
// Go loops of batch.go run, which are the reference the tests hold the
// assembly to (all 7-card hands of fixed card patterns, every 7-card hand
// through EvalPairs and EvalTriples, 10^6 random hands of 7 and 2.5·10^5 of
// 5 and 6 cards, batches of every length to 17). A Go call to assembly is
// never inlined, so the per-hand functions stay in Go and the assembly
// holds whole loops: one call per batch. The loops keep the table base,
// the 64-bit flush mask and the row shift in registers (Go reloads the
// table pointer and checks it for nil in every iteration, and loads the
// mask as a 64-bit constant each time), so that a hand is the flush test,
// SHRX, ADD from memory and a load; they read eight Hands per iteration
// through one index register, take the flush branch out of line, and in
// EvalPairs and EvalTriples copy the cards' keys to the frame first and
// drop the flush test from the inner loop, two hands an iteration, when
// no suit of the hand so far can reach five cards (and h's rank key is
// small enough that no hand of the loop reaches the guard bits, true of
// every valid h). EvalCards7 reads two cards with one 16-bit load and adds
// their key from a table of card pairs (pairKey, 2,704 entries
// used, filled at start-up only where the assembly runs): four key loads a
// hand instead of seven, in a loop bound by loads (two a card). EvalSets
// reads bytes 0..2 of a set from memory and bytes 3..6 from one load in a
// register, balancing the load ports against the other work.
//
// What was measured and not kept (machine A of docs/benchmarks.md, CPU
// time): a branchless flush path in EvalHands, both lookups for every
// hand and a CMOV (TZCNT of the flush bits sets the carry exactly when
// there is none): 1.12 ns a hand against 0.87 with the branch, since it
// adds six instructions a hand and the misprediction it removes costs
// about three (OMPEval's loop branches on the flush too); summing set
// keys from 12-bit chunks (four 32 KB tables: 2.25 ns against 2.13, the
// tables leave the L1 cache); all seven set bytes from memory (2.04,
// bound by loads); eight hands at a time with AVX-512 gathers (0.84 ns a
// hand against 0.75 for the scalar loop; 0.69 without the flush lookup,
// so the masked third gather for the flushes costs more than it saves);
// deferring the flushes to a list in EvalHands (0.99 against 0.93: four
// more instructions a hand cost more than the mispredictions they
// avoid); EvalTriples over a flattened list of pairs (0.91 against 0.74:
// the flush test then runs in most inner loops). The loop over prebuilt
// hands is bound by instruction throughput and by the misprediction at
// each flush (3 % of random 7-card hands): without the flush branch it
// takes 0.72 ns a hand against 0.93, and making the tables' footprint
// smaller changed nothing measurable.
//
// The key layout before this one was a multiplicative hash in the high 32
// bits (K = y·M + ⌊y/2³²⌋·M2 for the nibble-packed counts y, the top 13
// bits a row, the next 17 a column, the counters in the low bits): two
// shifts a lookup. Moving the rank key to the low bits as a small sum,
// OMPEval's shape, took one shift off every lookup and measured (machine
// A, CPU time, min of 7 alternating runs): EvalHands 0.77 ns a hand
// against 0.81, EvalCards7 1.77 against 1.87, EvalTriples' enumeration of
// all 7-card hands 0.77 against 0.90, Hand.Eval 0.92 against 0.96, Eval
// 2.51 against 2.60. With it EvalSets and EvalCards7 branch on the flush
// (below) where they used to defer the flushes to a list per chunk of
// hands (the list cost four instructions a hand, and the unconditional
// lookup a masked copy of the key): 1.83 ns a set against 1.97, 1.73 a
// card array against 1.77. Hand.Eval must stay inlinable (cost 78 of
// Go's 80): with the flush suit found by a 32-bit shift it cost 86 and was
// called, not inlined, in the equity loops (exact AsKs vs QdQc 1.51 ms
// against 1.36); the flush lane now comes from TrailingZeros64 of the key
// word itself. Not kept: the inner loops of EvalPairs and
// EvalTriples counting a negative index up to zero, with an odd run's last
// place written twice (5 % fewer instructions, the same time), and
// extracting bytes 4 and 6 of a set through the CH register (the same).
// The per-rank constants are spread on purpose: the smallest ones a greedy
// search finds (1, 5, 24, 112, …) crowd the multisets of low ranks into
// the first rows, some a quarter full, and the packed value table came out
// three times the number of keys (450 KB at 2^12 columns); aiming each
// rank's constant at 4.5·10^6·1.6^(r−12) gives 1.1 times.
//
// # Performance
//
// Measured side by side with OMPEval, the fastest C++ evaluator we know, by
// process CPU time on the same machine (docs/benchmarks.md,
// scripts/ompeval-compare): see the table there, whose -batch rows are the
// batch forms. OMPEval's loop over prebuilt hands is 12 instructions a
// hand; ours through Hand.Eval is 17 (the same flush test, lookup and two
// dependent loads, plus the 64-bit mask loaded as a constant, Go's reload
// and nil check of the table pointer, a copy of the key, and Go's loop
// keeping both an index and a pointer), and 7 in EvalHands' loop, which
// also stores the value. Enumerating all 7-card hands through EvalTriples
// is about 11.4 instructions a hand in the assembly (callgrind), plus the
// benchmark's sum of the values.
// Histogram7 does the whole 7-card problem in about 8 ms, 0.06 ns a hand.
//
// Facts the tests check against (standard combinatorics): the 2,598,960
// five-card hands split 40 / 624 / 3,744 / 5,108 / 10,200 / 54,912 /
// 123,552 / 1,098,240 / 1,302,540 from straight flush down to high card with
// 7,462 distinct values, and the 133,784,560 seven-card hands 41,584 /
// 224,848 / 3,473,184 / 4,047,644 / 6,180,020 / 6,461,620 / 31,433,400 /
// 58,627,800 / 23,294,460 with 4,824 distinct values.
package handeval
