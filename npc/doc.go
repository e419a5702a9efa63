// Package npc provides No-Limit Hold'em computer players configured by the
// HUD statistics poker players read (VPIP, PFR, 3Bet, CB, Fold to CB, Donk,
// Bet vs missed CB, ...), whose measured statistics over simulated play
// match the configuration: profiles, strength tables, the decision policy,
// simulation, calibration and cloning of real players (the NPC
// design note, "スタッツを複製するNPCモデル").
//
// # Profiles
//
// A Profile holds a value for every stat of reference/hud-stats.md, keyed as
// `pokerlab hud --json` (Stat.Key), in percent in TOML files; stats left out
// take DefaultStats. The postflop stats have the design note's position
// variants when two (IP/OOP) or three (IP/MP/OOP) players remain
// ([two_way.ip], ... tables); sizes ([sizes]: open in big blinds, bets as a
// fraction of the pot, raises as multiples) and a bluff share ([play])
// complete it. Validate rejects profiles that cannot be played (PFR > VPIP,
// fold + raise > 100 %, values outside 0–100, unknown keys). Built-in
// archetypes: Archetype("nit"), "tag", "lag", "calling-station", "maniac" and
// "regular" (the population of the HandHQ hands, see Clone).
//
// # Hand strength and strength tables
//
// Postflop the strength of a hand is, as in the design note, p: its expected
// share of the pot against the other players' hands taken as random, by Monte
// Carlo on the current board (InnerDeals = 600 deals, about 50 µs heads-up).
// Tables holds φ_n(p | h), the distribution of p per street, number of
// players n = 2..9 and starting-hand class h, as 200-bin histograms estimated
// with the same estimator (why histograms: see Tables); a range's
// distribution is the combo-weighted Mixture of its classes' histograms. The
// tables are embedded (tables/strength.bin, built by `pokerlab npc tables
// build`). Preflop the strength ordering of the 169 classes is their equity
// against k random hands, k the number of opponents still in the hand.
//
// # The decision policy
//
// At each decision the policy classifies the situation (Kind: which stat's
// opportunity it is, by the same definitions as package hud), takes the
// stat's rates for the player's position variant and places the hand at its
// quantile u in the strength distribution of the range that reaches the
// decision: preflop the exact range left by the player's own earlier actions
// (a weight per class), postflop the mixture of φ_n over that preflop range
// (the design note), narrowed exactly by the player's own earlier actions on
// the same street (p does not change within a street). The top share of the
// range takes the most aggressive action and the bottom share folds, so the
// proportions equal the stats (the design note: "手札のうち勝率が高い順に
// パラメータの比率になるように行動を選択する"); a Bluff share of the bets and
// raises comes from the very bottom instead. The NPC never raises a postflop 3-bet (the design
// note: "3Bet以上は行わない").
//
// Preflop mixing (Profile.PreflopMixing = σ): a hand of quantile u acts as
// the quantile fold(u + σz), z standard normal, reflected into [0, 1] at
// its ends. A uniform quantile plus independent noise, folded so, is
// uniform (the even periodic extension of the uniform density is constant,
// and convolution keeps a constant), so every rate is the rate played;
// the hands near a threshold play both ways, as people and equilibrium
// strategies mix. The range then narrows by each class's mean probability
// of the action taken, in closed form: for a class spanning [lo, hi] and a
// region [c, d], the mean over u of Σ_k P(u + σz ∈ [c + 2k, d + 2k] ∪
// [2k − d, 2k − c]), each term σ(I((b − lo)/σ) − I((b − hi)/σ))/(hi − lo)
// with I(t) = tΦ(t) + φ(t). LearnMixing fits σ by maximum likelihood on
// the first preflop decisions of hands with known cards, where the cards
// are known in nearly every hand (cards seen only at the showdown are the
// hands that did not fold).
//
// What the design note's model does not see is that the hands reaching the
// turn and the river were filtered by the player's own flop and turn actions,
// and preflop by the opponents' cards (card removal); Calibrate corrects both
// by simulation: per situation it learns the map from the model quantile to
// the quantile among the hands that actually reach the decision (see
// Calibration), and it sets the two preflop rates that no stat fixes (first
// raises where no steal applies, calls of a single raise) so that VPIP and
// PFR match.
//
// # Simulation and the decision API
//
// Simulate plays NPC-only tables (Table: blinds, stack, 2–9 seats; the
// button moves every hand, stacks reset), seeded per chunk of hands so that
// the results do not depend on the number of threads; a Recorder writes the
// hands as PHH (package hh) and measures the HUD over them (package hud).
// A simulation stops at the end of a block of hands when
// SimOptions.Interrupt says so and continues from its SimState
// (SimOptions.Resume) bit for bit: hand i depends on the table, the seed
// and i alone, so only the sums need saving, never the hands replayed
// (SimCheckpoint is the file of `pokerlab sim`).
// CheckStats compares the measurements with the targets. For game servers,
// Bot.Decide returns the action for a public state, the hand's event log
// and the bot's cards: deterministic for a seed and safe for concurrent use.
//
// # Learning a player and validating the clone
//
// Observe replays recorded hands and classifies every decision of every
// player with the policy's own tracker (kind, position, pot type, what was
// legal, the size of a bet as the profile measures it, the cards when
// shown); TallyHands sums them: the HUD tallies, the preflop rates by
// position (raise first in, limp, cold call, 3-bet, fold to 3-bet, 4-bet,
// fold to steal), the heads-up postflop tallies by pot type and side, the
// bet sizes on a 0.05 grid and the classes shown entering first in. Learn
// turns a tally into a profile by empirical Bayes: each rate is the
// posterior mean (k + α)/(n + α + β) under a beta prior fitted on the
// population's players by the method of moments for the beta-binomial
// (Kleinman 1973), the rates by position and pot type with priors centred
// on the player's own aggregate times the population's ratio; sizes take
// the player's counts plus SizePriorHands of the population's shares (a
// Dirichlet prior). A learned range reorders the first-in decisions at its
// position: the design note's range-conditioned thresholds with φ(p|h)
// aggregated over the hands the player was seen to play, a class changing
// sides only on evidence (two shows to join; a Poisson count too low to
// stay). Validate splits a player's hands, learns from one part, plays the
// clone at a table like the player's and compares every rate, size and
// shown range with the held-out part with intervals from both samples,
// and scores the held-out decisions by log loss against the population
// profile and the aggregate-only Clone, and where the cards are known
// given the cards. Cost: Observe is one replay per
// hand; Learn O(players × cells); Validate is dominated by its simulation.
//
// Sources: the NPC design note (postflop model, equity-quantile thresholds,
// φ_n(p | h) aggregated over the preflop range); reference/hud-stats.md
// (PokerTracker 4 definitions); Wilson (1927) for the confidence intervals;
// Kleinman (1973) for the beta-binomial moment estimator.
package npc
