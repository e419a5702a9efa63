//go:build !(goexperiment.simd && amd64)

package vec

// haveAVX2 is false: this build has no vector kernels (build with
// GOEXPERIMENT=simd on amd64 for them).
const haveAVX2 = false

// Vector is the name of the kernels in use.
const Vector = "scalar"

func scaleAVX2(dst, src []float32, k float32) int                                       { return 0 }
func mulAVX2(dst, x []float32) int                                                      { return 0 }
func addAVX2(dst, x []float32) int                                                      { return 0 }
func scaleAddAVX2(dst []float32, k float32, x []float32) int                            { return 0 }
func addTo64AVX2(dst []float64, x []float32) int                                        { return 0 }
func from64AVX2(dst []float32, src []float64) int                                       { return 0 }
func clipToAVX2(den, q, r []float32, first bool) int                                    { return 0 }
func clipAVX2(den, r []float32) int                                                     { return 0 }
func addClipAVX2(den, r []float32) int                                                  { return 0 }
func invertAVX2(inv, uni []float32, u float32) int                                      { return 0 }
func sigmaAVX2(s, r, inv, uni []float32, clip bool) int                                 { return 0 }
func valueAccAVX2(num, den, sum, r, y []float32) int                                    { return 0 }
func valueFinishAVX2(out, den, sum []float32, u float32) int                            { return 0 }
func strategyReachAVX2(d, c, r, inv, uni, reach []float32, disc float32, clip bool) int { return 0 }
func dotAccAVX2(out, s, y []float32) int                                                { return 0 }
func maxAVX2(out, y []float32) int                                                      { return 0 }
func regretUpdateAVX2(r, y, v []float32, pos, neg float32) int                          { return 0 }
