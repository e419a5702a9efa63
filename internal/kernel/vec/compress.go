package vec

import "math"

// 16-bit storage (the solver's compressed mode, as postflop-solver's): a
// block of regrets is kept as int16 values q with one float32 scale s per
// block, x = q·s with s = max|x|/32767, and a block of strategy sums (≥ 0)
// as uint16 values with s = max x/65535. Encoding rounds x/s to the nearest
// integer, halves to even (the processor's default rounding, which the
// vector code uses too), so |x − q·s| ≤ s/2.

const (
	maxInt16  = 32767
	maxUint16 = 65535
)

// Decode16 sets dst[i] = float32(q[i])·scale.
func Decode16(dst []float32, q []int16, scale float32) {
	q = q[:len(dst)]
	i := 0
	if haveAVX2 {
		i = decode16AVX2(dst, q, scale)
	}
	for ; i < len(dst); i++ {
		dst[i] = float32(q[i]) * scale
	}
}

// DecodeU16 sets dst[i] = float32(q[i])·scale.
func DecodeU16(dst []float32, q []uint16, scale float32) {
	q = q[:len(dst)]
	i := 0
	if haveAVX2 {
		i = decodeU16AVX2(dst, q, scale)
	}
	for ; i < len(dst); i++ {
		dst[i] = float32(q[i]) * scale
	}
}

// MaxAbs returns max |x[i]| (0 for an empty x).
func MaxAbs(x []float32) float32 {
	var m float32
	i := 0
	if haveAVX2 {
		m, i = maxAbsAVX2(x)
	}
	for _, v := range x[i:] {
		m = max(m, float32(math.Abs(float64(v))))
	}
	return m
}

// Encode16 stores x into q (same length) with a new scale, which it
// returns: s = max|x|/32767, q[i] = round(x[i]·(32767/max|x|)) (all 0 and
// s = 0 when x is all zeros).
func Encode16(q []int16, x []float32) float32 {
	q = q[:len(x)]
	m := MaxAbs(x)
	if m == 0 {
		clear(q)
		return 0
	}
	inv := maxInt16 / m
	i := 0
	if haveAVX2 {
		i = encode16AVX2(q, x, inv)
	}
	for ; i < len(x); i++ {
		r := float32(math.RoundToEven(float64(x[i] * inv)))
		q[i] = int16(min(max(r, -maxInt16), maxInt16))
	}
	return m / maxInt16
}

// EncodeU16 stores x (all ≥ 0) into q with a new scale, which it returns:
// s = max x/65535, q[i] = round(x[i]·(65535/max x)).
func EncodeU16(q []uint16, x []float32) float32 {
	q = q[:len(x)]
	m := MaxAbs(x) // x ≥ 0
	if m == 0 {
		clear(q)
		return 0
	}
	inv := maxUint16 / m
	i := 0
	if haveAVX2 {
		i = encodeU16AVX2(q, x, inv)
	}
	for ; i < len(x); i++ {
		r := float32(math.RoundToEven(float64(x[i] * inv)))
		q[i] = uint16(min(max(r, 0), maxUint16))
	}
	return m / maxUint16
}
