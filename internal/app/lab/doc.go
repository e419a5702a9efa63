// Package lab is the spot lab's engine behind `pokerlab serve`'s /lab page
// and `pokerlab lab`: a registry of heads-up No-Limit Hold'em spots (package
// spot) held in memory under a byte budget, a bounded pool that solves them
// to a Nash equilibrium (spot's DCFR) and to logit QREs (spot/spotqre, at
// given λ or at λ*), and the views a player studies: a node's actions and
// frequencies, its 13×13 grid, each hand's strategy, EV and equity, the
// hand-class aggregates (spot/handclass), the card report of a chance node,
// QRE against Nash (difference, ghost lines, exploitability against λ with
// the c/λ fit), exports (CSV, JSON, the grid as SVG or PNG through
// spot/spotplot) and a library of solved spots saved as .pls files.
//
// # Memory
//
// Every spot is bounded before anything large is allocated: its game is
// built with spot.Options.MaxMemory (the tree is counted, then refused
// above the budget), and a solve is admitted only when its estimate
// (spot.Game.MemoryEstimate for Nash, spotqre.MemoryEstimate for a QRE)
// and the strategies it keeps fit. A spot's resident bytes are its game
// (Game.FixedBytes) and 4 bytes per entry of each strategy kept
// (Game.Size). When a solve needs room, the least recently used idle spots
// are evicted; a spot saved in the library is read back from its files on
// its next request, an unsaved one is forgotten. A running solve's own
// memory counts against the budget until it ends.
//
// # Solves
//
// Solves run in a pool of Config.Workers goroutines (one per core by
// default); the rest wait in order, shown as queued. A solve is cancelled
// by setting a flag that the Nash loop asks before every iteration
// (spot.Stop.Interrupt) and the QRE before every evaluation and
// Jacobian–vector product (spotqre.Options.Interrupt), so it stops within
// one iteration: milliseconds on small spots. Progress goes to every
// subscriber as events (iterations, exploitability, ETA; the QRE's λ path),
// kept in a bounded log so a client that reconnects resumes after the last
// event it saw.
//
// The ETA of a Nash solve extrapolates the exploitability's fall: between
// the last two checks it falls like t^−s (s fitted in log–log), so the
// target is reached after t·(e/target)^{1/s} iterations, each taking the
// mean time so far; capped at the iteration limit.
//
// The ETA of a QRE solve follows its path in λ: the seconds per unit of
// log λ over the path's points with λ ≥ λ_last/4, times log(λ_aim/λ_last).
// λ_aim is the largest λ of the list, or, in the search for λ*, the λ
// where the c/λ fit of the measured exploitabilities over the same points
// (spotqre.FitInverse) reaches the target: λ* ≈ c·pot/target. Once the
// path falls below the target the secant refinement of λ* runs, whose
// steps cannot be foretold: the ETA is then unknown (-1), as it is before
// two points are in the window.
//
// Cost: a node view is one spot.Game.Report (exact float64 passes over the
// node's subtree, O(subtree × hands)); a chance node's card report one
// Report per card dealt.
package lab
