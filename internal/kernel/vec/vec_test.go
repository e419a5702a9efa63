package vec

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// rows returns k·n random values in [-1, 1), with some exact zeros and
// some columns all ≤ 0 (to exercise the uniform fallback).
func rows(rng *rand.Rand, k, n int) []float32 {
	x := make([]float32, k*n)
	for i := range x {
		switch rng.IntN(10) {
		case 0:
			x[i] = 0
		default:
			x[i] = float32(rng.Float64()*2 - 1)
		}
	}
	for h := 0; h < n; h += 7 {
		for a := range k {
			x[a*n+h] = -float32(rng.Float64())
		}
	}
	return x
}

// sizes covers lengths around the vector width.
var sizes = []int{1, 3, 7, 8, 9, 15, 16, 17, 31, 64, 250}

// TestRegretMatchIsRegretMatching checks σ against the definition (Hart &
// Mas-Colell 2000), computed in float64: positive regrets normalised, the
// uniform strategy when none is positive; every column sums to 1.
func TestRegretMatchIsRegretMatching(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range sizes {
		for _, k := range []int{1, 2, 3, 5} {
			reg := rows(rng, k, n)
			sig := make([]float32, k*n)
			inv, uni := make([]float32, n), make([]float32, n)
			RegretMatch(sig, reg, inv, uni, true)
			for h := range n {
				var den, sum float64
				for a := range k {
					den += math.Max(float64(reg[a*n+h]), 0)
				}
				for a := range k {
					want := 1 / float64(k)
					if den > 0 {
						want = math.Max(float64(reg[a*n+h]), 0) / den
					}
					if got := float64(sig[a*n+h]); math.Abs(got-want) > 1e-6 {
						t.Fatalf("n=%d k=%d h=%d a=%d: σ = %v, want %v", n, k, h, a, got, want)
					}
					sum += float64(sig[a*n+h])
				}
				if math.Abs(sum-1) > 1e-6 {
					t.Fatalf("n=%d k=%d h=%d: Σσ = %v", n, k, h, sum)
				}
			}
		}
	}
}

// TestFusedKernelsMatchRegretMatch: StrategyReach uses the same σ as
// RegretMatch (bit for bit: MulRows and ScaleAdd give the same numbers), and
// StrategyValue gives Σσ·x.
func TestFusedKernelsMatchRegretMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range sizes {
		for _, k := range []int{1, 2, 4} {
			for _, clip := range []bool{true, false} {
				reg := rows(rng, k, n)
				if !clip {
					for i := range reg {
						reg[i] = float32(math.Abs(float64(reg[i])))
					}
				}
				x, reach := rows(rng, k, n), rows(rng, 1, n)
				inv, uni := make([]float32, n), make([]float32, n)
				sig := make([]float32, k*n)
				RegretMatch(sig, reg, inv, uni, clip)
				RegretScale(inv, uni, reg, clip)
				if clip {
					// The value of σ given x: Σσ·x, the same number rounded
					// differently (one division per hand instead of per entry).
					want, got := make([]float32, n), make([]float32, n)
					DotRows(want, sig, x)
					StrategyValue(got, reg, x, make([]float32, n), make([]float32, n))
					for i := range want {
						if math.Abs(float64(got[i]-want[i])) > 1e-6 {
							t.Fatalf("StrategyValue n=%d k=%d [%d] = %v, want %v", n, k, i, got[i], want[i])
						}
					}
				}
				cum := rows(rng, k, n)
				wantCum := append([]float32(nil), cum...)
				want := append([]float32(nil), sig...)
				MulRows(want, reach)
				ScaleAdd(wantCum, 0.75, want)
				got := make([]float32, k*n)
				StrategyReach(got, cum, reg, inv, uni, reach, 0.75, clip)
				for i := range want {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) || math.Float32bits(cum[i]) != math.Float32bits(wantCum[i]) {
						t.Fatalf("StrategyReach n=%d k=%d clip=%v [%d] = %v, %v; want %v, %v", n, k, clip, i, got[i], cum[i], want[i], wantCum[i])
					}
				}
			}
		}
	}
}

// TestRegretUpdateIsDCFR checks R ← R·d + x − v with d by the sign of R
// (Brown & Sandholm 2019) in float64.
func TestRegretUpdateIsDCFR(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range sizes {
		k := 3
		reg, x, v := rows(rng, k, n), rows(rng, k, n), rows(rng, 1, n)
		old := append([]float32(nil), reg...)
		RegretUpdate(reg, x, v, 0.9, 0.5)
		for i := range reg {
			d := 0.5
			if old[i] > 0 {
				d = 0.9
			}
			want := float64(old[i])*d + float64(x[i]) - float64(v[i%n])
			if math.Abs(float64(reg[i])-want) > 1e-6 {
				t.Fatalf("n=%d [%d] = %v, want %v", n, i, reg[i], want)
			}
		}
	}
}

// TestRowKernels checks the small kernels against their definitions.
func TestRowKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range sizes {
		x, y := rows(rng, 3, n), rows(rng, 1, n)
		m := make([]float32, n)
		MaxRows(m, x)
		for h := range n {
			want := max(x[h], x[n+h], x[2*n+h])
			if m[h] != want {
				t.Fatalf("MaxRows n=%d [%d] = %v, want %v", n, h, m[h], want)
			}
		}
		s := make([]float32, n)
		ColumnSums(s, x)
		d64 := make([]float64, n)
		AddTo64(d64, x[:n])
		AddTo64(d64, x[n:2*n])
		AddTo64(d64, x[2*n:])
		perm := make([]uint16, n)
		for i := range perm {
			perm[i] = uint16(n - 1 - i)
		}
		AddPerm64(d64, y, perm)
		back := make([]float32, n)
		From64(back, d64)
		sc := make([]float32, n)
		Scale(sc, y, 0.25)
		for h := range n {
			if want := float64(x[h]) + float64(x[n+h]) + float64(x[2*n+h]); math.Abs(float64(s[h])-want) > 1e-6 {
				t.Fatalf("ColumnSums n=%d [%d] = %v, want %v", n, h, s[h], want)
			}
			want := float64(x[h]) + float64(x[n+h]) + float64(x[2*n+h]) + float64(y[n-1-h])
			if math.Abs(d64[h]-want) > 1e-12 || back[h] != float32(d64[h]) {
				t.Fatalf("AddTo64/AddPerm64/From64 n=%d [%d] = %v, want %v", n, h, d64[h], want)
			}
			if sc[h] != y[h]*0.25 {
				t.Fatalf("Scale n=%d [%d]", n, h)
			}
		}
	}
}

// TestKernelsDoNotAllocate: the solver's inner loop allocates nothing.
func TestKernelsDoNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n, k := 250, 3
	reg, x, reach := rows(rng, k, n), rows(rng, k, n), rows(rng, 1, n)
	out, inv, uni, dst, cum := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, k*n), make([]float32, k*n)
	allocs := testing.AllocsPerRun(100, func() {
		RegretScale(inv, uni, reg, true)
		StrategyValue(out, reg, x, inv, uni)
		StrategyReach(dst, cum, reg, inv, uni, reach, 0.5, true)
		RegretUpdate(reg, x, out, 0.9, 0.5)
		RegretValueUpdate(out, reg, x, inv, uni, 0.9, 0.5)
		ReachUpdate(dst, cum, reg, reach, inv, uni, 0.5)
		MaxRows(out, x)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run", allocs)
	}
}

// TestRegretScaleTo: the same inv and uni as RegretScale (bit for bit),
// the clipped regrets in pos, and StrategyReach over pos without clipping
// equal to StrategyReach over the regrets with clipping, in place.
func TestRegretScaleTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, n := range sizes {
		for _, k := range []int{1, 2, 3, 5} {
			reg, reach, cum := rows(rng, k, n), rows(rng, 1, n), rows(rng, k, n)
			inv, uni, inv2, uni2 := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
			pos := make([]float32, k*n)
			RegretScale(inv, uni, reg, true)
			RegretScaleTo(inv2, uni2, pos, reg)
			for i := range inv {
				if math.Float32bits(inv[i]) != math.Float32bits(inv2[i]) || uni[i] != uni2[i] {
					t.Fatalf("n=%d k=%d [%d]: inv %v/%v uni %v/%v", n, k, i, inv[i], inv2[i], uni[i], uni2[i])
				}
			}
			for i, r := range reg {
				if pos[i] != max(r, 0) {
					t.Fatalf("pos[%d] = %v for regret %v", i, pos[i], r)
				}
			}
			want, wantCum := make([]float32, k*n), append([]float32(nil), cum...)
			StrategyReach(want, wantCum, reg, inv, uni, reach, 0.4, true)
			StrategyReach(pos, cum, pos, inv2, uni2, reach, 0.4, false)
			for i := range want {
				if math.Float32bits(want[i]) != math.Float32bits(pos[i]) || math.Float32bits(wantCum[i]) != math.Float32bits(cum[i]) {
					t.Fatalf("n=%d k=%d [%d]: in place %v %v, want %v %v", n, k, i, pos[i], cum[i], want[i], wantCum[i])
				}
			}
		}
	}
}

// TestFusedKernelsEqualTheirSteps: RegretValueUpdate gives the bits of
// StrategyValue then RegretUpdate, ReachUpdate those of RegretScaleTo then
// StrategyReach over the clipped regrets.
func TestFusedKernelsEqualTheirSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, n := range sizes {
		for _, k := range []int{1, 2, 3, 6} {
			reg, x, reach, cum := rows(rng, k, n), rows(rng, k, n), rows(rng, 1, n), rows(rng, k, n)
			want, wantReg := make([]float32, n), slices.Clone(reg)
			StrategyValue(want, wantReg, x, make([]float32, n), make([]float32, n))
			RegretUpdate(wantReg, x, want, 0.8, 0.3)
			got, gotReg := make([]float32, n), slices.Clone(reg)
			RegretValueUpdate(got, gotReg, x, make([]float32, n), make([]float32, n), 0.8, 0.3)
			sameBits(t, fmt.Sprintf("RegretValueUpdate n=%d k=%d value", n, k), got, want)
			sameBits(t, fmt.Sprintf("RegretValueUpdate n=%d k=%d regrets", n, k), gotReg, wantReg)

			inv, uni, sig, wantCum := make([]float32, n), make([]float32, n), make([]float32, k*n), slices.Clone(cum)
			RegretScaleTo(inv, uni, sig, reg)
			StrategyReach(sig, wantCum, sig, inv, uni, reach, 0.6, false)
			gotSig, gotCum := make([]float32, k*n), slices.Clone(cum)
			ReachUpdate(gotSig, gotCum, reg, reach, make([]float32, n), make([]float32, n), 0.6)
			sameBits(t, fmt.Sprintf("ReachUpdate n=%d k=%d reach", n, k), gotSig, sig)
			sameBits(t, fmt.Sprintf("ReachUpdate n=%d k=%d sums", n, k), gotCum, wantCum)
		}
	}
}

// sameBits fails unless got and want hold the same float32 bits.
func sameBits(t *testing.T, what string, got, want []float32) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: length %d, want %d", what, len(got), len(want))
	}
	for i := range got {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("%s [%d]: %v, want %v", what, i, got[i], want[i])
		}
	}
}

// TestEncodeRoundTripWithinHalfScale: decoding an encoded block gives back
// every value within half its scale (plus the float32 rounding of x·(1/s)
// and of q·s, two half-ulps of x), the largest magnitude exactly at the
// end of the range, and all zeros as zeros with scale 0.
func TestEncodeRoundTripWithinHalfScale(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, n := range sizes {
		x := rows(rng, 3, n)
		for i := range x {
			x[i] *= 1000
		}
		q := make([]int16, len(x))
		s := Encode16(q, x)
		back := make([]float32, len(x))
		Decode16(back, q, s)
		m := MaxAbs(x)
		for i := range x {
			if d := math.Abs(float64(back[i] - x[i])); d > float64(s)/2+ulp(x[i]) {
				t.Fatalf("n=%d [%d]: %v back as %v, scale %v", n, i, x[i], back[i], s)
			}
			if float32(math.Abs(float64(x[i]))) == m && q[i] != 32767 && q[i] != -32767 {
				t.Fatalf("n=%d: the largest magnitude encodes as %d", n, q[i])
			}
		}
		for i := range x {
			x[i] = float32(math.Abs(float64(x[i])))
		}
		u := make([]uint16, len(x))
		s = EncodeU16(u, x)
		DecodeU16(back, u, s)
		for i := range x {
			if d := math.Abs(float64(back[i] - x[i])); d > float64(s)/2+ulp(x[i]) {
				t.Fatalf("unsigned n=%d [%d]: %v back as %v, scale %v", n, i, x[i], back[i], s)
			}
		}
	}
	z := make([]float32, 9)
	q := []int16{1, 2, 3, 4, 5, 6, 7, 8, 9}
	if s := Encode16(q, z); s != 0 || slices.ContainsFunc(q, func(v int16) bool { return v != 0 }) {
		t.Fatalf("zeros: scale %v, %v", s, q)
	}
}

// ulp is the spacing of float32 values at x.
func ulp(x float32) float64 {
	a := float32(math.Abs(float64(x)))
	return float64(math.Nextafter32(a, float32(math.Inf(1))) - a)
}

// TestMax64TakesXOnlyWhereGreater: Max64 and Max64From32 replace an entry
// only by a larger value; a NaN on either side keeps the entry, a tie or a
// zero of the other sign keeps it too.
func TestMax64TakesXOnlyWhereGreater(t *testing.T) {
	nan, negZero := math.NaN(), math.Copysign(0, -1)
	dst := []float64{1, 1, nan, 0, 2, -3, 5, 0, 7}
	x := []float64{2, nan, 4, negZero, 2, -4, 6, 1, 7}
	want := []float64{2, 1, nan, 0, 2, -3, 6, 1, 7}
	for _, from32 := range []bool{false, true} {
		d := slices.Clone(dst)
		if from32 {
			x32 := make([]float32, len(x))
			for i, v := range x {
				x32[i] = float32(v)
			}
			Max64From32(d, x32)
		} else {
			Max64(d, x)
		}
		for i := range d {
			if math.Float64bits(d[i]) != math.Float64bits(want[i]) && !(d[i] != d[i] && want[i] != want[i]) {
				t.Errorf("from float32 %v: entry %d is %v, want %v", from32, i, d[i], want[i])
			}
		}
	}
}

// TestShiftScaleRoundsOnce: ShiftScale32 is the float64 (x − shift)·k
// rounded once to float32, ShiftScale64 the same unrounded.
func TestShiftScaleRoundsOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	n := 37
	x, shift := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i], shift[i] = 1000*rng.NormFloat64(), 1000*rng.NormFloat64()
	}
	d32, d64 := make([]float32, n), make([]float64, n)
	ShiftScale32(d32, x, shift, 0.05)
	ShiftScale64(d64, x, shift, 0.05)
	for i := range x {
		exact := (x[i] - shift[i]) * 0.05
		if d64[i] != exact || d32[i] != float32(exact) {
			t.Fatalf("entry %d: %v and %v, want %v", i, d32[i], d64[i], exact)
		}
	}
}

// TestMulRowsOfIsCopyThenMulRows: MulRowsOf gives the bits of copying src
// and multiplying its rows by x, NaN and signed zeros included.
func TestMulRowsOfIsCopyThenMulRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, n := range sizes {
		for _, k := range []int{1, 2, 3} {
			src, x := rows(rng, k, n), rows(rng, 1, n)
			src[rng.IntN(len(src))] = float32(math.NaN())
			x[rng.IntN(n)] = float32(math.Copysign(0, -1))
			want := slices.Clone(src)
			MulRows(want, x)
			got := make([]float32, k*n)
			MulRowsOf(got, src, x)
			sameBits(t, fmt.Sprintf("n=%d k=%d", n, k), got, want)
		}
	}
}
