// Package spot solves heads-up No-Limit Hold'em spots — a flop, turn or
// river board, a pot, an effective stack, two weighted ranges and a set of
// bet sizes — to an approximate Nash equilibrium, with the public tree
// vectorised over hands.
//
// # The spot and its tree
//
// A Spot is read from TOML (ParseSpot; every key in docs/spot.md). Its
// betting tree (NewActionTree) follows b-inary/postflop-solver's rules
// exactly, so the same spot gives the same tree in both (the tests compare
// every node with trees postflop-solver built): integer chip amounts as
// street bet-to totals; a pot-relative size is round(pot × X) of the pot
// after the mover would call, rounding halves away from zero; "2.5x" raises
// to round(previous bet-to × 2.5); geometric sizes spread the stack over the
// streets left; amounts are clamped between the minimum (a 1-chip bet, a full
// raise) and all-in, and an amount within the force-all-in threshold of
// all-in becomes all-in; duplicates go; bets closer than the merging
// threshold merge (PioSOLVER's rule); all-in is added when the stack is at
// most add_allin × pot; OOP's first turn or river bet after calling uses the
// donk sizes when given; actions are ordered fold, check, call, bets,
// raises, all-in. Deliberate additions: max_raises caps the raises per street
// (none by default), a stack of 0 deals the hand out to a showdown, and
// rake_cap may be left out (no cap).
//
// NewGame expands the action tree over the turn and river cards into the
// game tree the solver works on: a flat slice of Nodes, children
// contiguous, counted first and allocated once; every decision node owns a
// block [actions × hands] of per-action arrays (Nodes[n].Off). Hands are
// the combinations of each range that miss the board, in cards.HoleIndex
// order, with their weights as float32.
//
// # Suit isomorphism
//
// Two suits are interchangeable at a chance node when swapping them leaves
// both players' hand lists and weights, the spot's board and every card
// dealt so far unchanged (postflop-solver's rule). Then a card of the higher
// suit is not dealt: its subtree is its twin's, and at the chance node the
// twin's values are added once more, read through the suit swap of the
// hands. Values are the same as with every card dealt (for suit-symmetric
// strategies, which the solver produces up to rounding);
// Options.NoIsomorphism deals every card, and the tests compare both.
//
// # Terminal values in O(n)
//
// At a terminal node the counterfactual value of hand h of player p is
//
//	v(h) = Σ_{h' ∩ h = ∅} π_o(h') · u_p(h, h') / C,
//
// π_o the opponent's reach (range weight × strategy × chance), u_p the payoff
// relative to half the final pot (win: half − rake, tie: −rake/2, loss:
// −half) and C = Combos the total weight of compatible deals. A fold is one
// sweep: Σ π_o minus the reach of the opponent's hands holding either of h's
// cards, kept per card (inclusion–exclusion: the opponent's copy of h itself
// is subtracted twice and added back). A showdown sorts each player's hands
// by strength once per river board and sweeps upward for the weaker
// opponent hands and downward for the stronger, with the same per-card sums;
// with rake, one sweep keeps the weaker and the not-stronger sums. Cost
// O(n_p + n_o) per node instead of O(n_p·n_o).
//
// A traversal takes a street at a time (street.go): down the street's
// decision nodes splitting the opponent's reach, then every terminal node
// of the street, then back up combining values. So the terminals are
// evaluated together: the blocker sums of two reaches are taken in one
// sweep, terminals that see the same reach (a fold and a call of one
// node) share them, and two showdowns of a board share one strength-order
// sweep, which runs two independent sets of running sums instead of
// waiting on one. Each number is computed by the same operations as in a
// node-by-node walk, so the results are the same bits.
//
// # The solver
//
// Solver runs Discounted CFR (Brown & Sandholm 2019, "Solving
// Imperfect-Information Games via Discounted Regret Minimization") with
// alternating updates: in iteration t, OOP's pass computes counterfactual
// values against IP's current strategy and updates OOP's regrets, then IP's
// pass against OOP's new strategy. Regret matching plays
// σ(a|h) = R⁺(a,h)/Σ_b R⁺(b,h) (uniform when no regret is positive); before
// iteration t's update, positive regrets are multiplied by
// (t−1)^α/((t−1)^α+1), negative ones by (t−1)^β/((t−1)^β+1) and the strategy
// sums by ((t−1)/t)^γ, (α, β, γ) = (1.5, 0, 2) by default. The output is the
// average strategy weighted by each player's own reach, Σ_t w_t π_i σ_t; the
// strategy sums of a player are added during the other player's pass, where
// its reach is at hand (so OOP's average covers σ²…σ^{T+1}, IP's σ¹…σ^T).
// Deliberate departures from postflop-solver, which uses γ = 3, restarts the
// average at powers of 4 and averages σ without the reach weights: we keep
// the paper's schedule and the reach-weighted average, whose convergence the
// theory covers; both reach the same exploitability targets in about the same number of
// iterations (docs/benchmarks.md).
//
// The exploitability of the average is checked every k iterations (Stop):
// best responses of both players on the same tree,
// exploitability = (BR_OOP − v_OOP + BR_IP − v_IP)/2 = NashConv/2, which is
// (BR_OOP + BR_IP − pot)/2 without rake; in chips and in % of the starting
// pot.
//
// Precision: regrets and strategy sums are float32, as in postflop-solver;
// chance sums and terminal sweeps accumulate in float64. The numbers a user
// reads (Evaluate, Report, ActionValues) are recomputed in float64 from the
// strategy (the strategy's columns divided by their float64 sums), which is
// what matches br's NashConv on the exported game to 1e-9.
//
// Compressed storage (SolveOptions.Compress, spot solve --compress), as
// postflop-solver's compressed mode: each decision node's block of regrets
// is kept as int16 values q with one float32 scale s = max|R|/32767 (R = q·s)
// and its block of strategy sums as uint16 with s = max S/65535. A pass
// decodes a block into float32 scratch, runs the same kernels as the 32-bit
// mode and encodes the result with a new scale, rounding x/s to the nearest
// integer, halves to even, so each stored value is within s/2 of the float32
// one. Storage is 4 bytes per entry instead of 8 (plus 8 per node); Finalize
// writes the float32 strategy over the same memory, block by block in
// increasing offset, so the result costs nothing more. The exploitability
// follows the float32 solve's to within 0.05 % of the pot on the test spots
// (compress_test.go); a 16-bit checkpoint resumes bit for bit. The sums'
// 16 bits set a floor: being weighted by the player's own reach, a rarely
// reached hand's sums keep few digits beside the block's largest (the river
// test spot stops near 0.026 % of the pot; 32 bits reach 0.01 %).
//
// Threads (SolveOptions.Threads) split the children of chance nodes over
// goroutines, each with its own scratch; every child is computed by the same
// arithmetic whichever goroutine takes it and the children are summed in a
// fixed order, so results are bit-identical for any number of threads. An
// iteration allocates nothing. The row kernels are in internal/kernel/vec (amd64
// assembly when the CPU has AVX2, the same bits as their Go twins): a
// traverser's node is one pass (RegretValueUpdate), an opponent's another
// (ReachUpdate).
//
// Memory: Game.MemoryEstimate is known before NewSolver allocates (two
// float32 arrays of Game.Size, the nodes, the board data, per-thread
// scratch); NewSolver refuses a limit it would exceed. Finalize turns the
// strategy sums into the strategy in place.
//
// # Results and queries
//
// WriteResult and ReadResult store any Strategy of a spot in a .pls file
// (versioned, CRC-32; the spot travels as TOML and the tree is rebuilt);
// Solver.WriteCheckpoint and LoadCheckpoint continue a solve bit for bit;
// Solve stops between two iterations when Stop.Interrupt says so (asked
// once per iteration), ready for a checkpoint.
// ParseLine follows a line of actions and cards ("x b120 c 7s") to a node,
// through isomorphic subtrees (Line.Perm maps the real suits); Report gives
// per hand the reach, strategy, EV, the EV of each action and the equity.
//
// # For other solvers (a logit QRE on the same spots)
//
// Everything above works for any Strategy, not only DCFR's: Evaluate (values,
// best responses, exploitability), Report and the result file. ActionValues
// gives, at every decision node of a player, the EV of each action for each
// hand conditional on reaching the node (Bayes beliefs over the opponent's
// hands, card removal included: Q(a|I) of the agent QRE) and the opponent's
// reach mass behind those beliefs; OwnReach gives a player's reach of each
// hand at its nodes; NodeReach the probability of reaching every node (for
// ghost lines); HandLayout the layout of such per-node hand vectors;
// EvalTerminal and EvalTerminal64 the terminal values for any opponent reach.
// A QRE solver can iterate on those (σ ← softmax(λ·Q/pot), damped, or magnetic
// mirror descent) and store its answer with WriteResult (Method "qre").
// Passer runs the solver's own float32 walk — the street phases, the paired
// showdown sweeps, threads over chance nodes, bit-identical for any number —
// with the opponent playing a given Strategy and a NodeHook combining the
// traverser's nodes (hook.go): an iteration of such a solver then costs
// about what a DCFR iteration does.
//
// # Sources
//
// Brown & Sandholm (2019) for DCFR; Zinkevich, Johanson, Bowling & Piccione
// (2007) for CFR and counterfactual values; b-inary/postflop-solver (commit
// 9d1509f) for the tree rules, the O(n) terminal sweeps with per-card
// inclusion–exclusion and the suit isomorphism (read, then written anew);
// PioSOLVER's bet merging rule as postflop-solver documents it.
package spot
