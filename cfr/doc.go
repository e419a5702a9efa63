// Package cfr computes approximate Nash equilibria of extensive-form games
// with the counterfactual regret minimisation family: vanilla CFR, CFR+,
// Linear and Discounted CFR, Predictive CFR+, and external- and
// outcome-sampling Monte Carlo CFR. Every algorithm runs on the compiled
// *efg.Tree, so it solves Kuhn, Leduc, AKQ and any Gambit .efg file.
//
// # The method (the CFR lecture, slides 18–33)
//
// At every information set I of player i, regret matching plays
//
//	σ^{t+1}(a|I) = max(R^t(I,a), 0) / Σ_b max(R^t(I,b), 0)   (uniform if the sum is 0)
//
// on the cumulative immediate counterfactual regret R^t(I,a) = Σ_{s≤t} r^s(I,a),
//
//	r^t(I,a) = Σ_{h∈I} π^{σ^t}_{-i}(h) · (v_i(ha) − v_i(h)),
//
// where π_{-i} is the reach probability of chance and the other players and
// v_i the expected payoff under σ^t (slides 27–30). The output is the average
// strategy weighted by the player's own reach probability (slide 19),
//
//	σ̄^T(a|I) = Σ_t π^{σ^t}_i(I) σ^t(a|I) / Σ_t π^{σ^t}_i(I),
//
// not the plain average of the iterates; in two-player zero-sum games its
// NashConv is bounded by the players' summed regrets and goes to 0 as
// O(1/√T) (slides 21, 31; Zinkevich, Johanson, Bowling & Piccione 2007).
//
// # The variants
//
//   - CFR+ (Tammelin 2014): R ← max(R + r, 0) after every pass (regret
//     matching+), iteration t weighted by t in the average.
//   - DCFR (Brown & Sandholm 2019, "Solving Imperfect-Information Games via
//     Discounted Regret Minimization"): after iteration t's pass, positive
//     regrets × t^α/(t^α+1), negative × t^β/(t^β+1), the average's
//     accumulator × (t/(t+1))^γ; default (α, β, γ) = (1.5, 0, 2). LCFR is
//     (1, 1, 1).
//   - PCFR+ (Farina, Kroer & Sandholm 2021, "Faster Game Solving via
//     Predictive Blackwell Approachability"): predictive regret matching+ at
//     every information set, σ^{t+1} ∝ [R^t + m̂ − ⟨σ^t, m̂⟩]^+, with the
//     prediction m = the last utility turned into counterfactual form
//     bottom-up through the strategies already chosen below (so m̂ = r^t
//     plus the predicted change of the later information sets' values), and
//     quadratic averaging (t^γ, γ = 2).
//   - ES-MCCFR and OS-MCCFR (Lanctot, Waugh, Zinkevich & Bowling 2009): one
//     sampled traversal per player per iteration. External sampling samples
//     chance and the opponents and tries all of the traverser's actions; the
//     opponents' averages are updated where sampled ("simple" averaging).
//     Outcome sampling samples one history with ε-exploration (ε = 0.6) at
//     the traverser's information sets and corrects by importance weights;
//     the average uses stochastically weighted averaging.
//
// Updates alternate by default (player 1's pass and update, then player 2's
// pass against the updated strategy), as OpenSpiel and Tammelin do;
// Options.Simultaneous computes all passes against σ^t first. Iterations
// count from 1. With these conventions vanilla CFR and CFR+ reproduce
// OpenSpiel's NashConv after N iterations to 4–6 significant digits.
//
// # Implementation
//
// A pass for traverser i is two flat sweeps over the tree's edges (one per
// non-root node: its parent and the index of its probability in one array
// holding σ, the chance probabilities and a constant 1) — forward for
// π_{-i}(c) = π_{-i}(parent)·w (parents before children), backward for
// v_i(parent) += w·v_i(c) (children before parents) — then one loop over
// i's information sets that sums r(I,a) over the members with π_{-i} > 0
// and applies the variant's update. These branch-free edge loops run about
// twice as fast as visiting internal nodes with their varying numbers of
// children. The solver's own arrays (regrets, accumulators, current
// profile, per node the reach, the values per player and the edge indices)
// are allocated once; an iteration of any algorithm on one thread allocates
// nothing. With Options.Threads > 1 on trees of 65,536 nodes or more, each
// pass is split at a frontier of subtrees (contiguous node ranges in the
// compiled layout) and the information sets into chunks; every number is
// computed by the same arithmetic as on one thread, so results are
// bit-identical for any thread count. The sampling algorithms run on one
// thread with a seeded PCG.
//
// Deliberate departures and precision:
//   - The average accumulates π_i(I)·σ once per information set, where
//     OpenSpiel adds π_i(h)·σ once per member history h; with perfect
//     recall π_i(h) = π_i(I), so the two differ by the constant factor |I|,
//     which cancels in σ̄.
//   - DCFR discounts after adding the iteration's regret,
//     R_t = (R_{t−1} + r_t)·d(t), where DDCFR's code writes
//     R_t = R_{t−1}·d(t−1) + r_t; the two differ by the factor d(t) on
//     positive entries only, which regret matching cancels.
//   - Everything is float64. The iterates amplify rounding: two
//     implementations that differ only in the order of floating-point sums
//     agree to 4 digits after 100 Leduc iterations, but DCFR's and LCFR's
//     NashConv curves then part by up to 25 % and 42 % over iterations
//     300–1,000 (CFR+ by a few per cent), while vanilla CFR's gap grows
//     from 1e-14 to only 1e-5 (TestRoundingSensitivity). Published NashConv
//     values of the discounted variants after 1,000 Leduc iterations are
//     therefore reproducible only to about 25 %.
//
// Checkpoints (Solver.SaveCheckpoint, LoadCheckpoint) store the exact bits
// of every array and the generator state, so a resumed run continues bit for
// bit. Run stops between two iterations when RunOptions.Interrupt says so
// (asked once per iteration, never inside one), evaluates the average
// profile there and leaves the solver ready for a checkpoint. Evaluation
// (NashConv, exploitability) is package br's.
package cfr
