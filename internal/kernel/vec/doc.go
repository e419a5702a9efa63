// Package vec holds the float32 row kernels of the vectorised solvers
// (package spot): a node's data is a row-major block [actions × hands] and
// every kernel works on whole rows, so the loops are flat, branch-light and
// allocation-free.
//
// # Conventions
//
// A block of k rows of n entries is a slice of length k·n, row a at
// [a·n, (a+1)·n). Destinations come first; a destination may alias a source
// only where the doc says so. Lengths are the caller's contract: kernels
// slice their arguments to the lengths they use, so a short slice panics
// (misuse), never reads past its end. Costs are O(k·n) and no kernel
// allocates.
//
// # Precision
//
// Storage is float32 (regrets, strategy sums, values), as in
// postflop-solver; sums that gather many terms (chance nodes) accumulate in
// float64 (AddTo64, AddPerm64). Regret matching divides by the exact sum and
// falls back to the uniform strategy when the sum is exactly zero.
//
// # The exponential
//
// Exp is e^x in float32 for the logit responses of package spot/spotqre:
// Cody & Waite's reduction x = n·ln2 + r, |r| ≤ ln2/2, with ln 2 split in
// two, and the degree-5 polynomial of Moshier's Cephes expf for e^r; within
// one unit in the last place of math.Exp over [ExpMin, 1]. Exp64 is its
// float64 twin (Taylor's series to 1/13!, two units). A logit's exponents
// come from Max64 (each hand's largest value over the rows, a NaN kept)
// and ShiftScale32/ShiftScale64 ((x − largest)·scale in float64, rounded
// once), from float64 or float32 values.
//
// # Two implementations
//
// The portable kernels are plain Go. On amd64 the hot ones also have AVX2
// assembly (kernels_amd64.s, 8 float32 lanes), used when the CPU and the
// operating system support AVX2 (golang.org/x/sys/cpu); the purego build
// tag leaves the assembly out. The assembly performs the same operations per
// element in the same order as the Go loops (no fused multiply-add, no
// reassociation), so both give the same bits: kernels_amd64_test.go runs
// every kernel both ways on random data and compares them.
//
// # Fused kernels
//
// A DCFR pass reads a node's block once: RegretValueUpdate (the
// traverser's node: the value of regret matching, then the discounted
// regret update) and ReachUpdate (the opponent's node: its reach split by
// regret matching and added to its strategy sums) go hand block by hand
// block through all the actions, so the rows are not swept once per step
// and no clipped copy is kept. They equal the step-by-step kernels
// (StrategyValue, RegretUpdate, RegretScaleTo, StrategyReach), which stay
// as their definitions, bit for bit.
package vec
