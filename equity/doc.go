// Package equity computes Texas Hold'em pot-share equity: the expected share
// of the pot at showdown, a win counting 1 and a k-way split 1/k (the
// definition the NPC design note uses for hand strength), for 2–9 players, each given as
// exact hole cards or a weighted range, with an optional known board (0, 3,
// 4 or 5 cards) and dead cards.
//
// # Model
//
// A deal is a choice of one combination per player sharing no card; it is
// drawn with probability proportional to the product of the players'
// weights, and the board is completed uniformly from the cards left. Every
// deal removes the same number of cards, so every deal has the same number of
// board completions and exact enumeration and sampling estimate the same
// quantity.
//
// # Exact enumeration
//
// Calculate with Exact visits every board once per orbit of the suit
// permutations that fix the dead cards, the known board and every player's
// weighted range (AsKs vs QdQc: 2 permutations; QQ+,AKs vs JJ-88,AQs-ATs: all
// 24, leaving the 134,459 strategically distinct boards), weighted by the
// orbit size; see enumerator for the orderly generation.
//
// Exact hole cards (handsEnum) are counted in integers (shares in units of
// 1/2520, the LCM of 1..9), and boards that differ only in cards of suits in
// which no player can make a flush any more are evaluated once, at every
// level of the enumeration: at a rank, k cards of n such suits stand for
// C(n, k) boards; the orbit check compares the other suits only (AsKs vs
// QdQc: 180,000 showdowns for 1,712,304 boards). Heads-up, wins and ties are
// counted without branches.
//
// Two ranges are combined per board by counting, for each of the first
// player's combinations, the second player's weaker, level and valid
// combinations that share no card with it: both players' combinations are
// sorted by value and swept together with per-card counters (all minus those
// holding either card plus the one holding both), O((n+m) log(n+m)) instead
// of n·m pairs; lopsided matchups (a few combinations against many) keep the
// pairwise count, which is faster there. Counts are integers per weight
// class, summed in the order the pairwise count used, so the results are the
// same bit for bit. More players go through the list of deals.
//
// # Monte Carlo
//
// Calculate with MonteCarlo draws deals in chunks of 8192; chunk i uses the
// PCG stream (Seed, i) and chunks are added in index order with integer
// sums, so the numbers depend only on the seed and the sample count (or
// standard-error target), never on the number of threads. Ranged players are
// drawn with Walker's alias method and a deal that clashes is redrawn whole;
// players whose range is "random" are dealt from the cards left, which has
// the same distribution. Two players who both hold weighted ranges are drawn
// as one pair from an alias table over the pairs that share no card, with
// the product of the weights (up to 65,536 pairs; the same distribution,
// one random word a deal and no redraws; when all pairs weigh the same, the
// pair is drawn like a card from the card words, as many draws as its share
// of the word's bits). The standard error is sqrt(Var(share)/n).
//
// The random stream is math/rand/v2's PCG, stepped by the package's own
// copy of its formula (pcg.go) so that loops keep its state in registers;
// the outputs are rand.PCG's. Deliberate change: drawing two
// weighted ranges as a pair changed the stream of those heads-up matchups,
// so their numbers for a seed differ from earlier versions by sampling
// noise; every other matchup, the exact results and Sampler's stream are
// unchanged bit for bit (TestRegress).
// Sampler.VsRandom is the allocation-free fast path for one hand against n
// random hands, for callers that ask at every decision (one Sampler per
// goroutine).
//
// # Performance
//
// Side by side with OMPEval on one thread (docs/benchmarks.md, "Evaluator
// and equity"), exact enumeration takes about half OMPEval's time on a
// heads-up and a range matchup and Monte Carlo 0.7–0.9 of it per showdown;
// the table there has the figures and the command that prints them.
// Calculate allocates only at set-up; no deal or board allocates.
//
// # Ranges
//
// ParseRange reads the standard notation: QQ+, JJ-88 (JJ, TT, 99 and 88 —
// not just JJ), AQs-ATs, A5s+, KQo, AK, random, AsKs, and weights AKs:0.5.
//
// Sources: the published heads-up and three-way equities the tests check
// (AsKs vs QdQc 0.46214457, AhAd vs KsKc 0.81255490, AsAh vs KsKh vs QsQh
// 0.67670251; AA vs a random hand 85.20%) and a brute-force enumeration;
// Walker (1977) and Vose (1991) for the alias method.
package equity
