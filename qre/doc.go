// Package qre computes logit quantal response equilibria (QRE) of finite
// extensive-form games: the AKQ game of the QRE note in closed form, and the
// principal branch of the agent logit QRE of any game on an *efg.Tree, with
// the thermodynamic quantities of the seed and maximum-likelihood estimation
// of λ from observed play.
//
// # Definition
//
// The agent logit QRE (McKelvey & Palfrey, "Quantal response equilibria for
// extensive form games", Experimental Economics 1, 1998; what Gambit's
// gambit-logit traces) at λ ≥ 0 is a behaviour profile σ with, at every
// information set I of player i,
//
//	σ(a|I) = exp(λ u_i(a|I,σ)) / Σ_b exp(λ u_i(b|I,σ)),
//
// where u_i(a|I,σ) is i's expected payoff after a conditional on reaching I,
// with beliefs over the nodes of I by Bayes' rule under σ (the QRE note's eq (1);
// eq (4) divides by p_A + p_Q for exactly this reason). λ = 0 is uniform
// play; as λ → ∞ the principal branch, the one that starts at uniform play,
// converges to a Nash equilibrium (for Kuhn poker it selects α ≈ 0.2017 from
// Kuhn's family). Weighting values by reach instead of conditioning gives
// different numbers and is not what this package computes.
//
// # The AKQ game (AKQ)
//
// The QRE note's eqs (2)–(4) are solved by Newton's method in log-odds with
// continuation in λ; AKQ also gives the Nash limits, the small-λ expansion
// (section ①), the large-λ asymptotics (eqs (5)–(7); eq (5)'s prefactor is
// misprinted as (1/B)^{B/(1+B)} instead of B^{B/(1+B)}, and the B = 1 case,
// where the approach is exponential, is derived in AKQ.LargeLambda), the
// exploitability ε in closed form (eq (8); its bluff-heavy case is
// misprinted, see AKQ.Exploitability) and the per-hand thermodynamics.
//
// # The path tracer (Trace, Solve)
//
// The QRE correspondence {(σ, λ)} is a curve from the centroid. Trace follows
// it by predictor–corrector continuation (Allgower & Georg, "Introduction to
// Numerical Continuation Methods", 1990, ch. 2 and §6.1) in the unknowns
// w_a = ln σ(a|I) − ln σ(r|I) (log-probabilities relative to a reference action
// r of each information set, moved to the most likely action as the path goes)
// and λ, by arclength with an adaptive step, turning points included; the
// corrector is Newton's method with the analytic Jacobian. Requested λ values
// are landed on exactly. Turocy ("A dynamic homotopy interpretation of the
// logistic quantal response equilibrium correspondence", Games and Economic
// Behavior 51, 2005) describes the same homotopy; gambit-logit implements it
// with per-entry tree walks for the Jacobian.
//
// Cost. With n nodes, d the depth, k the actions per information set and m
// the number of free log-odds (actions minus information sets), one
// evaluation of the equations is O(n × players); the Jacobian is built in
// O(n × d × k²) by walking up from every decision node (system.jacobian). Its
// nonzeros couple only information sets one of which lies above the other
// (2 % of the m² entries in Leduc Hold'em), and the linear systems are solved
// by a sparse LU with Markowitz pivoting (sparseLU), reused as the
// preconditioner of GMRES over several Newton steps. Memory is O(m²) (dense
// storage of the sparse matrices, 12 MB for Leduc); time per step is the
// sparse factorisation, whose fill is confined to the subtrees of the public
// states. The whole Kuhn path to max regret 10⁻⁸ takes about 40 steps and a
// few milliseconds, Leduc's to λ = 1000 a few seconds (docs/benchmarks.md).
//
// # Thermodynamics (Analyze, AKQ.Thermo)
//
// The QRE note's last section: per information set the internal energy
// E = −Σ σ(a) u(a), entropy S = −Σ σ(a) ln σ(a) and free energy
// F = E − S/λ (eqs (12)–(13)); per player, E = −v_i and S the reach-weighted
// sum of the player's information-set entropies.
//
// # Estimating λ (Fit)
//
// The maximum-likelihood λ of observed action counts along the principal
// branch, with its likelihood profile, a curvature standard error and the
// likelihood-ratio interval: how rational is this play?
package qre
