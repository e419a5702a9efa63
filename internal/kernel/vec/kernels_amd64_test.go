//go:build amd64 && !purego

package vec

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAssemblyMatchesGo runs every kernel with the assembly on and off on
// the same random data and demands the same bits.
func TestAssemblyMatchesGo(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	defer func() { haveAVX2 = true }()
	rng := rand.New(rand.NewPCG(11, 12))
	run := func(n, k int, seed uint64) (out [][]float32) {
		r := rand.New(rand.NewPCG(seed, 1))
		reg, x, reach, v := rows(r, k, n), rows(r, k, n), rows(r, 1, n), rows(r, 1, n)
		abs := slices.Clone(reg)
		for i := range abs {
			abs[i] = max(abs[i], -abs[i])
		}
		inv, uni := make([]float32, n), make([]float32, n)
		sig := make([]float32, k*n)
		RegretMatch(sig, reg, inv, uni, true)
		out = append(out, slices.Clone(sig), slices.Clone(inv), slices.Clone(uni))
		RegretMatch(sig, abs, inv, uni, false)
		out = append(out, slices.Clone(sig), slices.Clone(inv), slices.Clone(uni))
		val, up := make([]float32, n), slices.Clone(reg)
		RegretValueUpdate(val, up, x, make([]float32, n), make([]float32, n), 0.8, 0.5)
		reachOut, cum := make([]float32, k*n), slices.Clone(x)
		ReachUpdate(reachOut, cum, reg, reach, make([]float32, n), make([]float32, n), 0.3)
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
		mo := make([]float32, k*n)
		MulRowsOf(mo, x, reach)
		d64 := make([]float64, n)
		AddTo64(d64, v)
		AddTo64(d64, reach)
		b := make([]float32, n)
		From64(b, d64)
		big := slices.Clone(x)
		for i := range big {
			big[i] *= 1e4
		}
		q := make([]int16, len(big))
		s16 := Encode16(q, big)
		dq := make([]float32, len(q))
		Decode16(dq, q, s16)
		pos := slices.Clone(abs)
		u := make([]uint16, len(pos))
		su := EncodeU16(u, pos)
		du := make([]float32, len(u))
		DecodeU16(du, u, su)
		qf, uf := make([]float32, len(q)), make([]float32, len(u))
		for i := range q {
			qf[i], uf[i] = float32(q[i]), float32(u[i])
		}
		return append(out, val, up, reachOut, cum, m, dr, sc, ad, mu, mo, b, []float32{s16, su, MaxAbs(big)}, qf, dq, uf, du)
	}
	for _, n := range sizes {
		for _, k := range []int{1, 2, 3, 6} {
			seed := rng.Uint64()
			haveAVX2 = true
			asm := run(n, k, seed)
			haveAVX2 = false
			pure := run(n, k, seed)
			for i := range asm {
				sameBits(t, fmt.Sprintf("n=%d k=%d result %d", n, k, i), asm[i], pure[i])
			}
		}
	}
}

// TestExpAssemblyMatchesGo: Exp's assembly and Go loops give the same
// bits (NaN for NaN) over the logits' range and beyond it.
func TestExpAssemblyMatchesGo(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	defer func() { haveAVX2 = true }()
	rng := rand.New(rand.NewPCG(21, 22))
	x := make([]float32, 4099)
	for i := range x {
		x[i] = -100 + 150*rng.Float32()
	}
	x[5], x[6], x[7] = float32(math.NaN()), ExpMin, 0
	a, g := make([]float32, len(x)), make([]float32, len(x))
	haveAVX2 = true
	Exp(a, x)
	haveAVX2 = false
	Exp(g, x)
	for i := range x {
		if math.Float32bits(a[i]) != math.Float32bits(g[i]) && !(a[i] != a[i] && g[i] != g[i]) {
			t.Fatalf("Exp(%v): assembly %v, Go %v", x[i], a[i], g[i])
		}
	}
}

// TestExp64AssemblyMatchesGo: Exp64's assembly and Go loops give the same
// bits.
func TestExp64AssemblyMatchesGo(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	defer func() { haveAVX2 = true }()
	rng := rand.New(rand.NewPCG(23, 24))
	x := make([]float64, 4099)
	for i := range x {
		x[i] = -800 + 1500*rng.Float64()
	}
	x[5], x[6], x[7] = math.NaN(), Exp64Min, 0
	a, g := make([]float64, len(x)), make([]float64, len(x))
	haveAVX2 = true
	Exp64(a, x)
	haveAVX2 = false
	Exp64(g, x)
	for i := range x {
		if x[i] > 709 {
			continue // outside the contract
		}
		if math.Float64bits(a[i]) != math.Float64bits(g[i]) && !(a[i] != a[i] && g[i] != g[i]) {
			t.Fatalf("Exp64(%v): assembly %v, Go %v", x[i], a[i], g[i])
		}
	}
}

// TestLogitKernelsAssemblyMatchGo: Max64, Max64From32 and the ShiftScale
// kernels give the same bits with the assembly on and off, NaN (either
// operand), signed zeros and ties included, on lengths that are not whole
// blocks.
func TestLogitKernelsAssemblyMatchGo(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	defer func() { haveAVX2 = true }()
	rng := rand.New(rand.NewPCG(31, 32))
	const n = 1031
	x, best := make([]float64, n), make([]float64, n)
	x32 := make([]float32, n)
	for i := range x {
		x[i], best[i] = 900*rng.NormFloat64(), 900*rng.NormFloat64()
		switch i % 11 {
		case 0:
			x[i] = math.NaN()
		case 1:
			best[i] = math.NaN()
		case 2:
			x[i], best[i] = 0, math.Copysign(0, -1)
		case 3:
			x[i], best[i] = math.Copysign(0, -1), 0
		case 4:
			x[i] = best[i]
		}
		x32[i] = float32(x[i])
	}
	run := func(avx bool) (m, m32 []float64, d, d32 []float32, d64 []float64) {
		haveAVX2 = avx
		m, m32 = slices.Clone(best), slices.Clone(best)
		Max64(m, x)
		Max64From32(m32, x32)
		d, d32, d64 = make([]float32, n), make([]float32, n), make([]float64, n)
		ShiftScale32(d, x, best, 0.05)
		ShiftScale32From32(d32, x32, best, 0.05)
		ShiftScale64(d64, x, best, 0.05)
		return
	}
	a := [5]any{}
	g := [5]any{}
	a[0], a[1], a[2], a[3], a[4] = run(true)
	g[0], g[1], g[2], g[3], g[4] = run(false)
	names := []string{"Max64", "Max64From32", "ShiftScale32", "ShiftScale32From32", "ShiftScale64"}
	for j := range a {
		var same bool
		switch av := a[j].(type) {
		case []float64:
			same = slices.EqualFunc(av, g[j].([]float64), func(p, q float64) bool { return math.Float64bits(p) == math.Float64bits(q) })
		case []float32:
			same = slices.EqualFunc(av, g[j].([]float32), func(p, q float32) bool { return math.Float32bits(p) == math.Float32bits(q) })
		}
		if !same {
			t.Errorf("%s: the assembly and Go differ", names[j])
		}
	}
}
