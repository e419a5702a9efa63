// Package spotqre computes the agent logit quantal response equilibrium
// (QRE) of a heads-up No-Limit Hold'em spot (package spot) and compares it
// with a Nash equilibrium of the same spot.
//
// # Definition
//
// At every information set I — a decision node and a hand of the player
// to act —
//
//	σ(a|I) = exp(λ·Q(a|I)/pot) / Σ_b exp(λ·Q(b|I)/pot),
//
// Q(a|I) the player's expected value in chips after a, conditional on
// reaching I (beliefs over the opponent's hands by Bayes' rule from the
// opponent's strategy along the line, and card removal), pot the spot's
// starting pot: λ is in pots, so the QRE note's numbers (pot 1) carry over.
// λ = 0 is uniform play; as λ → ∞ the QRE approaches a Nash equilibrium.
// This is McKelvey & Palfrey's agent QRE, the one qre.Trace follows on the
// spot exported by spot.Game.EFG at λ/pot (payoffs in chips; the tests
// compare both to 1e-6). One departure: a hand whose opponent's compatible
// reach is at most 10⁻¹⁰ of the opponent's total at a node, the rounding
// level of the card-removal sweeps, counts as having none (not reached).
//
// # Method
//
// The unknowns are IP's action values x: IP plays softmax(λx/pot), OOP's
// agent QRE against it is exact after one backward pass (with perfect
// recall a player's own play does not move its beliefs), and a second tree
// walk gives IP's action values y(x). The QRE is the fixed point y(x) = x.
// Action values, unlike probabilities, move smoothly in λ and need no
// positivity safeguard. Options.Method chooses how it is found.
//
// The first-order iteration (the default for Solve). The spectrum of
// I − y'(x) is nearly real in [1, K] (below). Polyak's heavy ball
//
//	x ← x + α·(y(x) − x) + β·(x − x_prev),  α = 4/(√K+1)², β = ((√K−1)/(√K+1))²,
//
// shrinks the error by (√K − 1)/(√K + 1) per evaluation near the fixed
// point, the rate of Chebyshev's semi-iterative method, with IP's
// unknowns and their last step instead of a Krylov basis. A step after
// which the momentum points against the responses, ⟨y − x, x − x_prev⟩ <
// 0, is followed by one without it (a gradient restart): far from the
// fixed point, or where a rarely reached line's beliefs turn over as λ
// grows, the momentum would otherwise carry the iteration past it round
// after round (Params.KeepMomentum turns it off). K is estimated at
// every λ by 12 steps of the power iteration on finite differences, times
// 3 (the spectrum at the fixed point is wider than at the start), kept
// at least K(λ_prev)·(λ/λ_prev)² on a warm start, and grown by half when
// the residual has not halved within max(30, 1.5√K) evaluations (three
// times as many above 10⁻²) — except that a float32 phase stalled below
// 5·10⁻² hands over to float64 instead, float32's floor growing with λ
// (10⁻³ at λ = 40 on the full-range turn, 2–5·10⁻³ at 85); five growths
// in vain mean a stall. The
// evaluations are float32 passes of spot.Passer — the DCFR solver's
// vectorised street walk and O(n) terminal sweeps, threads over chance
// nodes, bit-identical for every Options.Threads (so are the float64
// passes, whose outermost chance nodes' children share out the same
// way) — with hooks that do the
// logit response at OOP's nodes and record Q at IP's, until the largest
// residual is 3·10⁻⁵ (float32 values carry about 10⁻⁵ of a probability at
// λQ/pot of a hundred), then float64 passes of the exact evaluator until
// it is at most the tolerance. Several λ are solved in increasing order,
// each from the last one's x. When the iteration stalls or has used 1,200
// evaluations, Newton's corrector (below, with the Krylov basis allocated
// then) finishes from where it stopped; when that fails too, the Newton
// continuation from λ = 0 takes over. MethodFirstOrder never hands over;
// with it Auto follows a first-order path (λ = 5, 7.5, … to 10⁻⁴, then the
// secant search, extrapolating exploitability ≈ c/λ^s from the last two
// points until a point brackets λ*).
//
// The continuation (MethodNewton, and Auto by default). The QRE is
// followed along λ from λ = 0, where it is unique (Turocy's logit
// homotopy; continuation as in Allgower & Georg).
//
// Newton–GMRES. Each corrector step solves (I − y'(x)) d = y(x) − x by
// restarted GMRES (Saad & Schultz) with exact Jacobian–vector products from
// tangent (forward-mode) passes: Newton–Krylov (Knoll & Keyes) without
// finite differences, the Jacobian never formed. The linear solves stop at
// Eisenstat & Walker's forcing terms; a backtracking line search works on a
// merit that weights each information set's strategy residual by its reach
// plus a small even share. The predictor is quadratic in λ through the
// last three points. First-order methods (damped fixed-point iteration,
// magnetic mirror descent) need steps shrinking like 1/λ or faster on
// payoffs of several pots; Newton's convergence does not depend on the
// conditioning.
//
// The ladder. Solve reaches λ by rungs. The first, from uniform play to
// min(λ, 10), is Anderson acceleration of x ← y(x) (Anderson; type II as in
// Walker & Ni) until the reach-weighted residual is 2·10⁻², then Newton.
// Later rungs are continuation steps; one that fails is rescued by Anderson
// from the predictor, then Newton, while rescues pay for themselves; two
// failures in a row hand over to the plain continuation up to the failed
// rung. Auto, the search for λ*, follows the plain continuation.
//
// The preconditioner. The spectrum of I − y'(x) is nearly real and spread
// over [1, K], K growing like λ², so GMRES needs about √K products and its
// Gram–Schmidt work grows with the square of the basis. On spots with at
// least 2¹⁷ IP action values, once a long solve's largest Ritz value θ is
// at least 500, a solve not converged after 20 products goes on by GMRES
// right-preconditioned with the Chebyshev polynomial of degree 8 on
// [0.9, 1.15·θ] (Saad, Algorithm 12.1; Loe & Morgan).
//
// Precision (the continuation). Evaluations, residuals and the line search are float64; up to
// λ = 20, while every belief's mass is at least 10⁻²⁴, the products are
// float32, within 8·2D·2⁻²⁴ of float64 (D the tree's depth): they only
// steer an inexact Newton step. Every setting is a field of Params.
//
// # Convergence criterion
//
// Every requested λ is solved until the largest |σ(a|I) −
// softmax(λQ(·|I)/pot)(a)| over the reached information sets of both
// players, computed afresh, is at most Options.Tolerance (default 1e-6): a
// difference of probabilities, the same on every spot whatever the pot,
// since λQ/pot is in pots. Each Result also reports the expected logit
// regret Σ_I P(I)·(pot/λ)·KL(σ_I ‖ softmax(λQ_I/pot)) in chips. Points
// between the requested λ are accepted at a reach-weighted residual of
// 10⁻⁵ and a largest of 10⁻⁴. λ above MaxLambda (10⁵) is refused; the
// logit is a log-sum-exp, so nothing overflows. Where the path stalls (a
// fold, or ghost lines reached with probability e^{−λΔ/pot} at large λ) the
// call ends with an error naming λ and the residual, never with NaN.
//
// Interruption: Options.Interrupt is asked at every evaluation and every
// Jacobian–vector product (a few tree passes each), so a caller stops a
// solve within milliseconds on small spots; Solve and Auto then return
// ErrInterrupted and the Solver is not used again.
//
// # Cost
//
// An evaluation is two tree passes, O(nodes × hands) with O(n) card-removal
// sweeps; a product two tangent passes, cheaper (no primal values). The
// first-order iteration takes about √K·ln(1/tol)/2 evaluations plus a
// transient far from the fixed point: on the full-range turn spot at
// λ = 10, 13 for K, 185 more float32 and 37 float64 evaluations, a
// float32 one about 1.25 DCFR iterations (the two logits: each hand's
// largest value and the scaled differences by vec.Max64 and
// vec.ShiftScale32, the exponentials eight at a time by vec.Exp; IP's
// written by the step while its block is in the cache; the residual every
// 8th), a float64 one about 2.6. K grows like λ² (the top at the QRE
// is 2.3·λ² on the full-range turn, 1.3·λ² on the river, in nearly every
// river subgame alike), so the work like λ: at large λ the
// continuation's Newton steps win. Its memory: the exact
// evaluator's strategy σ (float64, spot.Game.Size), whose bytes the
// float32 phase borrows for both players' float32 strategy (narrowed in
// place) and the power iteration's base; IP's unknowns (float64), their
// momentum (the last step) and responses (float32: the values, then their
// differences to x, exact relative to what vanishes at the fixed point).
// No action values or reach are kept: the float64 evaluations and the
// residual check see each node in the walk. A Result takes the solver's σ
// instead of a copy. On the full-range turn at λ = 10 the command's peak
// is 1.5× the Nash solve's (docs/benchmarks.md).
//
// The continuation: a path point takes a few Newton steps of 20–150
// products; an Anderson iteration one evaluation and about 2m + 4 passes
// over IP's unknowns (m = 15). The work grows roughly like λ². Memory: up
// to four float64 and three float32 arrays of spot.Game.Size, up to 100
// Krylov vectors of IP's unknowns within 512 MB (six more with the
// preconditioner; Anderson's 2m vectors share them), three path points;
// MemoryEstimate bounds it before a server admits a solve. Measurements:
// docs/benchmarks.md.
//
// # Sources
//
// Polyak 1964 (USSR Comput. Math. Math. Phys. 4) for the heavy ball;
// O'Donoghue & Candès 2015 (Found. Comput. Math. 15) for the restart; Golub
// & Varga 1961 (Numer. Math. 3) for the semi-iterative rate; McKelvey &
// Palfrey 1998 (Exp. Econ. 1); Turocy 2005 (GEB 51); Allgower &
// Georg 1990 (Numerical Continuation Methods); Saad & Schultz 1986 (SIAM J.
// Sci. Stat. Comput. 7); Knoll & Keyes 2004 (J. Comput. Phys. 193);
// Eisenstat & Walker 1996 (SIAM J. Sci. Comput. 17); Anderson 1965 (J. ACM
// 12); Walker & Ni 2011 (SIAM J. Numer. Anal. 49); Saad 2003 (Iterative
// Methods for Sparse Linear Systems, 2nd ed.); Loe & Morgan 2022 (Numer.
// Linear Algebra Appl. 29).
package spotqre
