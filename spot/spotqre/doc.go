// Package spotqre computes the agent logit quantal response equilibrium
// (QRE) of a heads-up No-Limit Hold'em spot (package spot), with the
// definition package qre uses for small games.
//
// # Definition
//
// At every information set I — a decision node of the spot's game tree and
// a hand of the player to act —
//
//	σ(a|I) = exp(λ·Q(a|I)/pot) / Σ_b exp(λ·Q(b|I)/pot),
//
// where Q(a|I) is the player's expected value in chips after a, conditional
// on reaching I: beliefs over the opponent's hands by Bayes' rule from the
// opponent's strategy along the line and card removal (spot.Game's
// ActionValues), and pot is the spot's starting pot, so that λ is in units
// of the starting pot and seed 000's numbers (pot = 1) carry over. λ = 0 is
// uniform play; λ → ∞ approaches a Nash equilibrium. This is McKelvey &
// Palfrey's agent QRE ("Quantal response equilibria for extensive form
// games", Experimental Economics 1, 1998), what qre.Trace follows on a
// spot exported as an extensive-form game (spot.Game.EFG, whose payoffs are
// in chips: λ here is λ·pot there); the tests compare both to 1e-6.
// Weighting the values by reach instead of conditioning on it, or adding
// the entropy of later decisions to the values (the QRE of the
// entropy-regularised sequence-form game), gives different numbers.
//
// # Method
//
// The QRE is followed along λ from uniform play by predictor–corrector
// continuation (Allgower & Georg, "Introduction to Numerical Continuation
// Methods", 1990), in these unknowns: the action values x of IP's
// information sets. Given x, IP plays σ_IP = softmax(λx/pot); OOP's agent
// QRE against σ_IP is computed exactly by one backward pass (its logit
// response, node by node from the leaves up: with perfect recall a player's
// own play does not move its beliefs, so the values below a node are final
// when it is reached); a second pass gives IP's action values y(x) under
// both. The QRE is the fixed point y(x) = x. Each corrector step is a Newton
// step, (I − y'(x)) d = y(x) − x solved by restarted GMRES (Saad & Schultz
// 1986; up to 100 vectors before a restart, within 512 MB) with exact
// Jacobian–vector products from tangent (forward-mode) passes — on spots
// with at least 2¹⁷ IP action values and once the spectrum is wide (the
// largest Ritz value of the last long solve ≥ 500: from λ ≈ 15 on the
// issue's turn), a solve not converged after 20 products goes on by GMRES
// right-preconditioned with a Chebyshev polynomial of degree 8 (below) —
// and a
// backtracking line search on a merit that weights each information set's
// strategy residual by the probability of reaching it (plus a small even
// share). Every product of one linear solve is taken at the same point, so
// the tangent passes reuse what the evaluation there left behind (both
// players' σ, Q and the opponents' masses at every decision node) and
// compute derivatives only: one terminal sweep per terminal node instead of
// two, no values carried up, IP's dQ written straight into the product's
// vector. Up to λ = 20, while every belief's mass is at least 10⁻²⁴, the
// products run in float32 (a copy of the point per Newton step): a product
// only steers an inexact Newton step whose linear solve stops at a relative
// residual of about 10⁻³ or more, a float32 product is within a few 10⁻⁷
// of the float64 one (the tests bound it by 8·2D·2⁻²⁴, D the tree's
// depth), and what decides convergence — the Newton residual y(x) − x, the
// line search, the criterion — stays float64. The linear solves stop at the relative
// residual min(0.1, max(0.3·√r, 0.3·target/r)), r the nonlinear residual
// (Eisenstat & Walker, "Choosing the forcing terms in an inexact Newton
// method", SIAM J. Sci. Comput. 17, 1996: superlinear convergence without
// over-solving, and never tighter than what the last step needs), and at
// 10⁻³ once only the largest residual is above its bound — it then sits at
// information sets play hardly reaches, which weigh little in the linear
// residual's norm. The predictor extrapolates x
// quadratically in λ through the last three points; a step is accepted
// when the reach-weighted mean residual is at most PathTolerance and the
// largest at most 1e-4, grows by 1.1 after an easy step (slow growth
// rejects fewer steps; see path.go for the measurements) and halves after a
// failure. Every requested λ is then solved to Tolerance in the largest
// residual.
//
// Solve reaches λ by a ladder of rungs (path.go). The first rung, from
// uniform play to min(λ, 10), does not follow the path: Anderson
// acceleration of the fixed-point iteration x ← y(x) (Walker & Ni,
// "Anderson acceleration for fixed-point iterations", SIAM J. Numer. Anal.
// 49, 2011; type II, depth 15, mixing 0.1, least squares in the action
// values) from x = 0 until the reach-weighted residual is below 2·10⁻², then
// the Newton corrector without the path's early give-ups. Each later rung is
// a continuation step (the predictor, then the Newton corrector, which gives
// up after two damped steps, a merit not falling tenfold in three
// iterations, or 250 products); when it fails, Anderson (mixing 0.01) from
// the predictor to a reach-weighted residual of 10⁻⁴ (or within 10× of it
// after 300 evaluations), then the Newton corrector, rescues the same rung
// instead of halving it — while the rescues' work per unit of ln λ (failed
// ones included) is below the Newton-first rungs'. A rung grows by 1.1 after an easy Newton rung
// (≤ 4 iterations) and halves after a failure; two rungs failing in a row
// hand over to the plain continuation up to the failed rung's λ, then the
// ladder goes on. When the point before the current one is more than 10 %
// of λ below it (after the first rung), a point at 0.99·λ is solved first,
// so that the predictor extrapolates from nearby points. A rung that ends at
// a requested λ is solved straight to Tolerance. Anderson's cost per
// iteration: one evaluation, the strategy residual (exponentials and the
// reach of every information set: twice a bare evaluation) only every
// fourth iteration and at the point it returns, and about 2m + 4 passes
// over the unknowns with the history in float64 (ring buffer, the Gram
// matrix updated by one column per iteration in the pass that writes the
// column, no allocations).
// Anderson-first rungs (a rung starts with Anderson; the kind of each rung
// chosen by its measured work per unit of ln λ) are implemented but off:
// they help the turn and cost the report's turn and the river
// (docs/benchmarks.md, fourth pass). Auto (the search for λ*) follows the
// plain continuation: the ladder cost it 12 % more on the report's turn.
//
// Following the logit correspondence from λ = 0 (where the QRE is unique:
// uniform play) is Turocy's homotopy ("A dynamic homotopy interpretation of
// the logistic quantal response equilibrium correspondence", Games and
// Economic Behavior 51, 2005), which package qre also follows on small
// games with an explicit sparse Jacobian; here the Jacobian is never formed
// (Newton–Krylov, Knoll & Keyes, "Jacobian-free Newton–Krylov methods",
// J. Comput. Phys. 193, 2004 — with exact tangent products instead of
// finite differences), because a spot's IP values number in the millions.
// The path is parametrised by λ, not by arc length: it assumes no turning
// point in λ, which holds on the spots tried; at a fold the path stalls and
// the error says where.
//
// Why this method. Damped fixed-point iteration σ ← (1−η)σ + η·softmax(λQ/pot)
// and magnetic mirror descent with behavioural entropy (Sokota et al.,
// "A Unified Approach to Reinforcement Learning, Quantal Response
// Equilibria, and Two-Player Zero-Sum Games", ICLR 2023 — its linear
// convergence is proved for the sequence-form, reach-weighted QRE; applied
// with conditional action values its fixed point is this agent QRE, as
// the paper observes empirically) are first-order methods: the Jacobian of
// the response map has eigenvalues of size λ·(payoff scale)/pot at the
// mixing information sets (purely imaginary between the players), so their
// step must shrink like 1/λ² or 1/λ, and on the river spot neither
// reached 1e-6 in 2,000 iterations even at λ = 10 (pot 200, stack 900:
// payoffs of several pots). Newton's method converges quadratically
// whatever the conditioning; eliminating OOP by its exact response halves
// the unknowns and removes the triangular own-play couplings, and action
// values (unlike probabilities) move smoothly along λ and need no
// positivity safeguard. GMRES needs 20–40 products per Newton step on the
// spots tried; it orthogonalises by classical Gram–Schmidt in two blocked
// passes over the basis, and the residual it reports is computed through
// the basis as it is (gmres.go: orth, checkResidual), so a loss of
// orthogonality can slow it but not make it report a residual it has not
// reached. The corrector's region of convergence is about pot/λ wide in
// the action values, which limits the steps to about 10–20 % of λ.
//
// Information sets that play hardly reaches ("ghost lines": reached only
// through actions of probability e^{−λΔ}) have beliefs set by ratios of
// such probabilities, which swing with λ; they are why every action value
// takes part in the Newton step however small its action's probability,
// and why the path keeps the largest residual small, not only the
// reach-weighted one (with the weighted test alone the path drifted onto
// another branch of the correspondence and stopped at its fold).
//
// The linear solves' polynomial preconditioner (cheb.go). The spectrum of
// I − y'(x) is, on every spot measured, real or nearly so and spread
// continuously from about 1 to K, K growing like λ² (227 at λ = 10 on the
// issue's turn spot; 641 and 3,230 at λ = 40 and 100 on the report's), so
// GMRES needs about √K products, and on a large spot its Gram–Schmidt work
// grows with the square of the basis. After 20 plain GMRES steps (a solve
// that converges there is unchanged) the largest Ritz value θ of those
// steps sets the interval [0.9, 1.15·θ], and the solve goes on by GMRES on
// A·p(A), p the Chebyshev iteration's polynomial of degree 8 on that
// interval (Saad, "Iterative Methods for Sparse Linear Systems", 2nd ed.,
// 2003, Algorithm 12.1; polynomial preconditioning of GMRES: Loe & Morgan,
// Numer. Linear Algebra Appl. 29, 2022): A·p(A) has its spectrum near 1,
// the outer GMRES keeps 8 times fewer vectors and stays robust where the
// interval is off. It is used only where it pays (measured: about 30 %
// less CPU from λ ≈ 30 on the turn, slower at λ = 10 and on
// spots whose vectors stay in cache): on spots with at least 2¹⁷ IP
// action values, once the largest Ritz value of the last long solve is at
// least 500.
//
// # Convergence criterion
//
// Every Result reports the largest |σ(a|I) − softmax(λQ(·|I)/pot)(a)| over
// the information sets of both players that are reached (own reach times
// the opponent's compatible reach > 0), computed afresh from both players'
// action values, and the expected logit regret Σ_I P(I)·(pot/λ)·KL(σ_I ‖
// softmax(λQ_I/pot)) in chips: what the players would gain in
// entropy-regularised value by switching to their logit responses. The
// default tolerance on the first is 1e-6.
//
// Precision. Values are float64 (the tangent products float32 up to
// λ = 20: see Method). The terminal sums and the beliefs'
// denominators use spot's O(n) card-removal sweeps (a total minus the
// hands holding either card), which lose digits where an opponent's
// compatible reach is tiny next to the reach of the hands that block it:
// on a turn spot with three combinations each, one OOP information set
// whose compatible mass was 10⁻¹¹ of the blocked mass differed from qre
// trace by 3.4e-6 at λ = 30 (the tests use four combinations each, where
// every information set agrees to 2e-8). Such information sets are
// reached with tiny probability. Deliberate departure: a hand whose
// opponent's compatible reach is at most 10⁻¹⁰ of the opponent's total
// reach at the node counts as having none (massCut): the information set is
// not reached, has no beliefs and is left out of the residual. The sweeps'
// rounding is about n·2⁻⁵³ of the total; where the true mass was 0 they
// left 10⁻¹⁶ of it on a turn spot, the action value divided by it jumped by
// 70 chips between nearby λ, and the continuation stalled there (at
// λ = 15.7 on the small turn spot of docs/benchmarks.md; with the cut it
// passes).
//
// # Large λ
//
// λ above MaxLambda (10⁵) is refused: float64 action values no longer
// resolve λQ/pot there. The logit is computed by log-sum-exp (the largest
// value subtracted before scaling), so no exponential overflows at any
// scale, up to the largest float64. The continuation's own reach is
// smaller: on the river spot it follows the path past λ = 900 (λ* is
// about 140), and near λ = 1000 its steps stop converging — the largest
// residual then sits at information sets reached with probability about
// 10⁻⁸¹, whose beliefs are ratios of probabilities like e^{−λΔ/pot}; the
// call ends with an error naming λ and the residual, never with NaN. On
// the report's turn spot the path stalls the same way at λ ≈ 368 (λ* is
// 110).
//
// # Cost
//
// A path point costs a few Newton steps of 20–150 products; a product is
// two tangent passes, somewhat cheaper than an evaluation (two tree
// passes) since they skip the primal values. Memory: the game's arrays
// (strategy, action values, the strategy's derivative and, once a product
// is float64, Q − pot/2 in float64; strategy, derivative and Q − pot/2 in
// float32 for the float32 products: up to four float64 and three float32
// arrays of spot.Game.Size), up to 100 vectors of IP's entries (the
// Krylov basis, within 512 MB; with the polynomial preconditioner six more,
// 40 MB on the turn) and the continuation's points. Anderson's
// history is 30 float64 vectors of IP's entries, in the memory of the
// Krylov basis's first vectors (newAnderson: the two are never live at
// once). The large vectors ask for transparent huge pages (big.go), cut
// one after another from 2 MB-aligned chunks so that the pages are whole:
// their first touch is otherwise a page fault per 4 KB. The turn
// at λ = 10 peaks at about 530 MB.
//
// Measured (docs/benchmarks.md, "QRE on spots" and its passes; one
// thread): on the river spot λ* (0.1 % of the pot) takes about
// 0.35 s; on the report's narrow turn spot (spot/testdata/turn-Td9d6hQc-narrow.toml)
// about 7 s. On the turn spot, λ = 10 (where the QRE is still
// 5.5 % of the pot exploitable) takes about 4.5 times the DCFR solve to
// 0.5 % of the pot that the issue names as the yardstick (7.2–8.0 s of
// wall time against 1.7–1.9 s; 81 Anderson iterations of about 30 ms of
// evaluation each, then 4 Newton steps with 107 float32 products of about
// 19 ms and their Gram–Schmidt work).
//
// # Larger λ on a large spot
//
// Beyond λ = 10 the cost grows roughly like λ², for structural reasons,
// not constant factors:
//
//   - The path: steps of a few per cent of λ (the corrector's region is
//     about pot/λ wide in the action values, and the predictor leaves a
//     reach-weighted strategy error of 1–6 % after each step), each of 3–4
//     Newton steps. To λ = 100 on the report's turn spot: 59 steps, 231
//     Newton steps, 8,108 products.
//   - Each Newton step: about √K ∝ λ GMRES products (K above), and the
//     information sets reached with probability 10⁻⁹–10⁻¹² (ghost lines,
//     whose beliefs are ratios of such probabilities) carry the largest
//     residual after every predictor step.
//   - First-order alternatives are not faster on these λ by their known
//     guarantees: magnetic mirror descent's proven contraction per
//     iteration is 1/(1+ηα), α = pot/λ the entropy weight in chips and η
//     the step; even granting η = 1/L, L the payoff scale (up to a stack,
//     900 chips), reducing an O(1) error to 10⁻⁶ takes about
//     ln(10⁶)·L·λ/pot ≈ 6,000 iterations at λ = 100 on the turn.
//     This is an estimate from the published rate, not a lower bound for
//     every method.
//
// So on the turn λ = 15 already takes about a minute (1,358
// products), and λ* (extrapolated 250–370) is out of reach; the report's
// turn section uses the narrow turn spot, whose λ* is 110.
//
// Tried and rejected, with the measurements and commands in
// docs/benchmarks.md ("QRE on spots", passes two to six): eliminating IP's
// own couplings as well (the second pass as IP's exact response); looser
// path tests and faster step growth; Krylov subspace recycling (GCRO,
// Parks et al., SIAM J. Sci. Comput. 28, 2006: with a continuous spectrum
// even its best case saves fewer products than it costs); IDR(s)
// (Sonneveld & van Gijzen, SIAM J. Sci. Comput. 31, 2008: 30–40 % more
// products); pseudo-transient continuation at fixed λ (Kelley & Keyes,
// SIAM J. Numer. Anal. 35, 1998: it oscillates on long λ steps); CG on a
// reach-weighted symmetric form (ghost lines get no weight in its norm) —
// the last four kept as measurements behind -long (recycle_test.go,
// idrs_test.go, ptcsolve_test.go, symcg_test.go); Newton–GMRES from
// uniform play at one λ (its line search stalls); float32 evaluations and
// a float32 Krylov basis (the conversions cost more than the bytes they
// save). Anderson-first ladder rungs are implemented but off: they help the
// issue's turn and cost the report's turn and the river.
package spotqre
