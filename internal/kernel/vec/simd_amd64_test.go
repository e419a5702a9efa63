//go:build goexperiment.simd && amd64

package vec

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestVectorKernelsMatchScalar runs every kernel with the AVX2 path on and
// off on the same random data and demands the same bits.
func TestVectorKernelsMatchScalar(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	defer func() { haveAVX2 = true }()
	rng := rand.New(rand.NewPCG(11, 12))
	type result [][]float32
	run := func(n, k int, seed uint64) result {
		r := rand.New(rand.NewPCG(seed, 1))
		reg, x, reach, v := rows(r, k, n), rows(r, k, n), rows(r, 1, n), rows(r, 1, n)
		abs := slices.Clone(reg)
		for i := range abs {
			abs[i] = float32(math.Abs(float64(abs[i])))
		}
		inv, uni := make([]float32, n), make([]float32, n)
		var out result
		sig := make([]float32, k*n)
		RegretMatch(sig, reg, inv, uni, true)
		out = append(out, slices.Clone(sig), slices.Clone(inv), slices.Clone(uni))
		RegretMatch(sig, abs, inv, uni, false)
		out = append(out, slices.Clone(sig))
		RegretScale(inv, uni, reg, true)
		d := make([]float32, n)
		StrategyValue(d, reg, x, make([]float32, n), make([]float32, n))
		dst, cum := make([]float32, k*n), slices.Clone(x)
		StrategyReach(dst, cum, reg, inv, uni, reach, 0.3, true)
		out = append(out, d, dst, cum)
		up := slices.Clone(reg)
		RegretUpdate(up, x, v, 0.8, 0.5)
		m := make([]float32, n)
		MaxRows(m, x)
		dr := make([]float32, n)
		DotRows(dr, sig, x)
		sc := make([]float32, n)
		Scale(sc, v, 0.1)
		ad := slices.Clone(v)
		Add(ad, reach)
		mu := slices.Clone(x)
		MulRows(mu, reach)
		d64 := make([]float64, n)
		AddTo64(d64, v)
		AddTo64(d64, reach)
		b := make([]float32, n)
		From64(b, d64)
		pos := make([]float32, k*n)
		inv2, uni2 := make([]float32, n), make([]float32, n)
		RegretScaleTo(inv2, uni2, pos, reg)
		out = append(out, up, m, dr, sc, ad, mu, b, pos, inv2, uni2)
		return out
	}
	for _, n := range sizes {
		for _, k := range []int{1, 2, 3, 6} {
			seed := rng.Uint64()
			haveAVX2 = true
			vecRes := run(n, k, seed)
			haveAVX2 = false
			scalar := run(n, k, seed)
			for i := range vecRes {
				for j := range vecRes[i] {
					if math.Float32bits(vecRes[i][j]) != math.Float32bits(scalar[i][j]) {
						t.Fatalf("n=%d k=%d result %d [%d]: avx2 %v, scalar %v", n, k, i, j, vecRes[i][j], scalar[i][j])
					}
				}
			}
		}
	}
}
