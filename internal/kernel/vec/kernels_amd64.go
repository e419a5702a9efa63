//go:build amd64 && !purego

package vec

import "golang.org/x/sys/cpu"

// haveAVX2 switches the assembly kernels (kernels_amd64.s) on when the CPU
// and the operating system support AVX2 (a variable, so tests can compare
// both paths).
var haveAVX2 = cpu.X86.HasAVX2

// Vector is the name of the kernels in use.
var Vector = func() string {
	if haveAVX2 {
		return "avx2"
	}
	return "scalar"
}()

// Each function below does the whole 8-lane blocks of its slices (every
// slice at least as long as the first) and returns how many entries it did;
// the Go caller does the rest with the same operations in the same order.

//go:noescape
func scaleAVX2(dst, src []float32, k float32) int

//go:noescape
func mulAVX2(dst, x []float32) int

//go:noescape
func mulOfAVX2(dst, src, x []float32) int

//go:noescape
func addAVX2(dst, x []float32) int

//go:noescape
func addTo64AVX2(dst []float64, x []float32) int

//go:noescape
func from64AVX2(dst []float32, src []float64) int

//go:noescape
func invertAVX2(inv, uni []float32, u float32) int

//go:noescape
func sigmaAVX2(s, r, inv, uni []float32) int

//go:noescape
func dotAccAVX2(out, s, y []float32) int

//go:noescape
func maxAVX2(out, y []float32) int

//go:noescape
func max64AVX2(dst, x []float64) int

//go:noescape
func max64From32AVX2(dst []float64, x []float32) int

//go:noescape
func shiftScale32AVX2(dst []float32, x, shift []float64, k float64) int

//go:noescape
func shiftScale32From32AVX2(dst []float32, x []float32, shift []float64, k float64) int

//go:noescape
func shiftScale64AVX2(dst, x, shift []float64, k float64) int

// regretValueUpdateAVX2 is RegretValueUpdate on the first len(out)&^7 hands
// (columns) of the k rows of reg and x (row length len(out)); u = 1/k.
//
//go:noescape
func regretValueUpdateAVX2(out, reg, x []float32, k int, u, pos, neg float32) int

// reachUpdateAVX2 is ReachUpdate on the first len(reach)&^7 hands of the k
// rows of sig, cum and reg (row length len(reach)); u = 1/k.
//
//go:noescape
func reachUpdateAVX2(sig, cum, reg, reach []float32, k int, u, disc float32) int

//go:noescape
func decode16AVX2(dst []float32, q []int16, scale float32) int

//go:noescape
func decodeU16AVX2(dst []float32, q []uint16, scale float32) int

// maxAbsAVX2 returns max |x| over the first n = len(x)&^7 entries, and n.
//
//go:noescape
func maxAbsAVX2(x []float32) (m float32, n int)

//go:noescape
func encode16AVX2(q []int16, x []float32, inv float32) int

//go:noescape
func encodeU16AVX2(q []uint16, x []float32, inv float32) int

//go:noescape
func expAVX2(dst, x []float32) int

//go:noescape
func exp64AVX2(dst, x []float64) int
