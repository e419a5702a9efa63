//go:build !amd64 || purego

package vec

// haveAVX2 is false: this build has no assembly kernels (other
// architectures, or the purego tag).
const haveAVX2 = false

// Vector is the name of the kernels in use.
const Vector = "scalar"

func scaleAVX2(dst, src []float32, k float32) int                       { return 0 }
func mulAVX2(dst, x []float32) int                                      { return 0 }
func mulOfAVX2(dst, src, x []float32) int                               { return 0 }
func addAVX2(dst, x []float32) int                                      { return 0 }
func addTo64AVX2(dst []float64, x []float32) int                        { return 0 }
func from64AVX2(dst []float32, src []float64) int                       { return 0 }
func invertAVX2(inv, uni []float32, u float32) int                      { return 0 }
func sigmaAVX2(s, r, inv, uni []float32) int                            { return 0 }
func dotAccAVX2(out, s, y []float32) int                                { return 0 }
func maxAVX2(out, y []float32) int                                      { return 0 }
func max64AVX2(dst, x []float64) int                                    { return 0 }
func max64From32AVX2(dst []float64, x []float32) int                    { return 0 }
func shiftScale32AVX2(dst []float32, x, shift []float64, k float64) int { return 0 }
func shiftScale32From32AVX2(dst []float32, x []float32, shift []float64, k float64) int {
	return 0
}
func shiftScale64AVX2(dst, x, shift []float64, k float64) int                     { return 0 }
func regretValueUpdateAVX2(out, reg, x []float32, k int, u, pos, neg float32) int { return 0 }
func reachUpdateAVX2(sig, cum, reg, reach []float32, k int, u, disc float32) int  { return 0 }

func decode16AVX2(dst []float32, q []int16, scale float32) int   { return 0 }
func decodeU16AVX2(dst []float32, q []uint16, scale float32) int { return 0 }
func maxAbsAVX2(x []float32) (m float32, n int)                  { return 0, 0 }
func encode16AVX2(q []int16, x []float32, inv float32) int       { return 0 }
func encodeU16AVX2(q []uint16, x []float32, inv float32) int     { return 0 }
func expAVX2(dst, x []float32) int                               { return 0 }
func exp64AVX2(dst, x []float64) int                             { return 0 }
