//go:build goexperiment.simd && amd64

package vec

import "simd/archsimd"

// haveAVX2 switches the vector kernels on when the CPU has AVX2 (a variable,
// so tests can compare both paths).
var haveAVX2 = archsimd.X86.AVX2()

// Vector is the name of the kernels in use.
var Vector = func() string {
	if haveAVX2 {
		return "avx2"
	}
	return "scalar"
}()

type f8 = archsimd.Float32x8

func load(s []float32) f8 { return archsimd.LoadFloat32x8Slice(s) }

func bcast(x float32) f8 { return archsimd.BroadcastFloat32x8(x) }

func scaleAVX2(dst, src []float32, k float32) int {
	kk := bcast(k)
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		load(src[i:]).Mul(kk).StoreSlice(dst[i:])
	}
	return i
}

func mulAVX2(dst, x []float32) int {
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		load(dst[i:]).Mul(load(x[i:])).StoreSlice(dst[i:])
	}
	return i
}

func addAVX2(dst, x []float32) int {
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		load(dst[i:]).Add(load(x[i:])).StoreSlice(dst[i:])
	}
	return i
}

func scaleAddAVX2(dst []float32, k float32, x []float32) int {
	kk := bcast(k)
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		load(dst[i:]).Mul(kk).Add(load(x[i:])).StoreSlice(dst[i:])
	}
	return i
}

func addTo64AVX2(dst []float64, x []float32) int {
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		v := archsimd.LoadFloat32x4Slice(x[i:]).ConvertToFloat64()
		archsimd.LoadFloat64x4Slice(dst[i:]).Add(v).StoreSlice(dst[i:])
	}
	return i
}

func from64AVX2(dst []float32, src []float64) int {
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		archsimd.LoadFloat64x4Slice(src[i:]).ConvertToFloat32().StoreSlice(dst[i:])
	}
	return i
}

func clipAVX2(den, r []float32) int {
	z := bcast(0)
	i := 0
	for ; i+8 <= len(den); i += 8 {
		load(r[i:]).Max(z).StoreSlice(den[i:])
	}
	return i
}

func clipToAVX2(den, q, r []float32, first bool) int {
	z := bcast(0)
	i := 0
	if first {
		for ; i+8 <= len(den); i += 8 {
			y := load(r[i:]).Max(z)
			y.StoreSlice(q[i:])
			y.StoreSlice(den[i:])
		}
		return i
	}
	for ; i+8 <= len(den); i += 8 {
		y := load(r[i:]).Max(z)
		y.StoreSlice(q[i:])
		load(den[i:]).Add(y).StoreSlice(den[i:])
	}
	return i
}

func addClipAVX2(den, r []float32) int {
	z := bcast(0)
	i := 0
	for ; i+8 <= len(den); i += 8 {
		load(den[i:]).Add(load(r[i:]).Max(z)).StoreSlice(den[i:])
	}
	return i
}

// invertAVX2: den (in inv) > 0 ? (1/den, 0) : (0, u).
func invertAVX2(inv, uni []float32, u float32) int {
	z, one, uu := bcast(0), bcast(1), bcast(u)
	i := 0
	for ; i+8 <= len(inv); i += 8 {
		d := load(inv[i:])
		pos := d.Greater(z)
		one.Div(d).Merge(z, pos).StoreSlice(inv[i:])
		z.Merge(uu, pos).StoreSlice(uni[i:])
	}
	return i
}

func sigmaAVX2(s, r, inv, uni []float32, clip bool) int {
	z := bcast(0)
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := load(r[i:])
		if clip {
			x = x.Max(z)
		}
		x.Mul(load(inv[i:])).Add(load(uni[i:])).StoreSlice(s[i:])
	}
	return i
}

func valueAccAVX2(num, den, sum, r, y []float32) int {
	z := bcast(0)
	i := 0
	for ; i+8 <= len(num); i += 8 {
		p := load(r[i:]).Max(z)
		yy := load(y[i:])
		load(num[i:]).Add(p.Mul(yy)).StoreSlice(num[i:])
		load(den[i:]).Add(p).StoreSlice(den[i:])
		load(sum[i:]).Add(yy).StoreSlice(sum[i:])
	}
	return i
}

// valueFinishAVX2: den > 0 ? num/den : sum·u.
func valueFinishAVX2(out, den, sum []float32, u float32) int {
	z, uu := bcast(0), bcast(u)
	i := 0
	for ; i+8 <= len(out); i += 8 {
		d := load(den[i:])
		pos := d.Greater(z)
		load(out[i:]).Div(d).Merge(load(sum[i:]).Mul(uu), pos).StoreSlice(out[i:])
	}
	return i
}

func strategyReachAVX2(d, c, r, inv, uni, reach []float32, disc float32, clip bool) int {
	z, k := bcast(0), bcast(disc)
	i := 0
	if c == nil {
		for ; i+8 <= len(d); i += 8 {
			x := load(r[i:])
			if clip {
				x = x.Max(z)
			}
			x.Mul(load(inv[i:])).Add(load(uni[i:])).Mul(load(reach[i:])).StoreSlice(d[i:])
		}
		return i
	}
	for ; i+8 <= len(d); i += 8 {
		x := load(r[i:])
		if clip {
			x = x.Max(z)
		}
		y := x.Mul(load(inv[i:])).Add(load(uni[i:])).Mul(load(reach[i:]))
		y.StoreSlice(d[i:])
		load(c[i:]).Mul(k).Add(y).StoreSlice(c[i:])
	}
	return i
}

func dotAccAVX2(out, s, y []float32) int {
	i := 0
	for ; i+8 <= len(out); i += 8 {
		load(out[i:]).Add(load(s[i:]).Mul(load(y[i:]))).StoreSlice(out[i:])
	}
	return i
}

func maxAVX2(out, y []float32) int {
	i := 0
	for ; i+8 <= len(out); i += 8 {
		load(out[i:]).Max(load(y[i:])).StoreSlice(out[i:])
	}
	return i
}

func regretUpdateAVX2(r, y, v []float32, pos, neg float32) int {
	z, p, q := bcast(0), bcast(pos), bcast(neg)
	i := 0
	for ; i+8 <= len(r); i += 8 {
		x := load(r[i:])
		d := p.Merge(q, x.Greater(z))
		x.Mul(d).Add(load(y[i:])).Sub(load(v[i:])).StoreSlice(r[i:])
	}
	return i
}
