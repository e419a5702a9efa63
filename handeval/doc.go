// Package handeval ranks Texas Hold'em hands of 5, 6 or 7 cards.
//
// A hand's [Value] is an integer, higher is better, and two hands tie exactly
// when their values are equal. The value of a 6- or 7-card hand is the value of
// its best five cards, and five-card values are exactly 1..7462, one for each
// of the 7462 equivalence classes of five-card poker hands: 7-5-4-3-2 offsuit
// is 1 and a royal flush is 7462. [Value.Category] gives the category (high
// card … straight flush); the categories occupy contiguous value ranges (see
// the Category constants).
//
// # How it works
//
// A hand is either a flush (five or more cards of one suit; with at most seven
// cards no quads or full house can then exist, so the flush or straight flush
// is the answer) or its value depends only on how many cards of each rank it
// holds. The evaluator therefore keeps two tables, both built at package
// initialisation in a few milliseconds:
//
//   - flush: the 13-bit rank mask of the flush suit indexes an 8192-entry
//     table (best flush or straight flush among the suit's cards);
//   - ranks: the 13 rank counts (0..4) are packed as nibbles into a uint64
//     (with the card encoding of package cards this is a nibble-wise popcount
//     of the card set, three shift/mask steps) and looked up by a minimal-cost
//     perfect hash: a multiplicative hash h = key·M (mod 2⁶⁴) whose top 13 bits
//     pick a bucket and next 17 bits a slot, which is XORed with the bucket's
//     displacement ("hash and displace", Belazzougui, Botelho and Dietzfelbinger
//     2009). M was chosen so that the 73,775 rank multisets of 5, 6 and 7 cards
//     never share bucket and slot; the displacements are found at start-up.
//
// Because the hash is linear in the rank counts, the hash of a union of
// disjoint card sets is the sum of their hashes. [Hand] exploits that for
// enumeration: add the board once, then each player's two cards, with one
// addition per field, and evaluate (see [Hand.Eval]).
//
// Facts the tests check against (standard combinatorics): the 2,598,960
// five-card hands split 40 / 624 / 3,744 / 5,108 / 10,200 / 54,912 /
// 123,552 / 1,098,240 / 1,302,540 from straight flush down to high card with
// 7,462 distinct values, and the 133,784,560 seven-card hands 41,584 /
// 224,848 / 3,473,184 / 4,047,644 / 6,180,020 / 6,461,620 / 31,433,400 /
// 58,627,800 / 23,294,460 with 4,824 distinct values.
package handeval
