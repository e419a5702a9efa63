// Package cards provides playing cards for Texas Hold'em: a card as a small
// integer, a set of cards as a 64-bit mask, parsing and printing in the usual
// notation ("As Kd Th 2c"), a seeded deck, and the 169 starting-hand classes.
//
// # Encoding
//
// A [Card] is an integer 0..51 equal to rank*4 + suit, where the ranks
// 2,3,…,9,T,J,Q,K,A are 0..12 and the suits s (spades), h (hearts),
// d (diamonds), c (clubs) are 0..3. So 2s = 0, 2h = 1, 2d = 2, 2c = 3,
// 3s = 4, …, As = 48, Ac = 51. Card order is rank order, which keeps sorted
// output readable and makes the four cards of one rank a contiguous nibble.
//
// A [Set] is a uint64 whose bit i is set when card i is in the set. Bits 52..63
// are always zero. Because rank r occupies the nibble of bits 4r..4r+3, the
// number of cards of each rank is a nibble-wise population count, which is what
// the hand evaluator in package handeval relies on.
//
// # Notation
//
// Ranks are written AKQJT98765432 (a lower-case letter is also accepted; "10"
// is not), suits shdc (upper case accepted). A list of cards may be written
// with or without spaces or commas: "As Kd Th 2c", "AsKdTh2c", "as,kd".
// Errors name the offending token and its 1-based column.
//
// # Starting hands
//
// The 1326 two-card combinations fall into 169 classes: 13 pairs (6 combos
// each), 78 suited hands (4 combos each) and 78 offsuit hands (12 combos each):
// 13·6 + 78·4 + 78·12 = 1326. A [StartingHand] is indexed as in the usual
// 13×13 hand chart: row and column run A,K,…,2; the diagonal holds the pairs,
// above it the suited hands, below it the offsuit hands.
//
// # Randomness
//
// A [Deck] owns a math/rand/v2 generator (PCG unless the caller supplies
// another), so the same seed deals the same cards. Use one Deck per goroutine.
package cards
