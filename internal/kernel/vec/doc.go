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
// # Two implementations
//
// The portable kernels are plain Go. Built with GOEXPERIMENT=simd on amd64
// (a Go 1.26 experiment; package simd/archsimd), the hot kernels use AVX2
// (8 float32 lanes) when the CPU has it; kernels_simd_test.go checks every
// vector kernel against its scalar twin on random data. The vector versions
// perform the same operations per element in the same order as the scalar
// ones (no fused multiply-add, no reassociation), so both builds give the
// same bits; Sum64-style reductions stay scalar.
package vec
