package vec

import "math"

// The hot kernels run their loop in two parts: an optional vector part (the
// *AVX2 functions of kernels_amd64.s, which handle a multiple of 8 entries
// and return how many they did; stubs returning 0 in other builds and with
// the purego tag) and the Go loop for the rest. Both parts compute each
// entry with the same operations in the same order, so the results are the
// same bits.

// Zero sets x to 0.
func Zero(x []float32) {
	clear(x)
}

// Scale sets dst[i] = src[i]·k. dst may alias src.
func Scale(dst, src []float32, k float32) {
	src = src[:len(dst)]
	i := 0
	if haveAVX2 {
		i = scaleAVX2(dst, src, k)
	}
	for ; i < len(dst); i++ {
		dst[i] = src[i] * k
	}
}

// Mul sets dst[i] *= x[i].
func Mul(dst, x []float32) {
	x = x[:len(dst)]
	i := 0
	if haveAVX2 {
		i = mulAVX2(dst, x)
	}
	for ; i < len(dst); i++ {
		dst[i] *= x[i]
	}
}

// MulRows multiplies each of the k rows of dst (length k·n, n = len(x)) by x
// entrywise.
func MulRows(dst, x []float32) {
	n := len(x)
	for a := 0; a+n <= len(dst); a += n {
		Mul(dst[a:a+n], x)
	}
}

// MulOf sets dst[i] = src[i]·x[i] (Mul on a copy of src, without the
// copy).
func MulOf(dst, src, x []float32) {
	src, x = src[:len(dst)], x[:len(dst)]
	i := 0
	if haveAVX2 {
		i = mulOfAVX2(dst, src, x)
	}
	for ; i < len(dst); i++ {
		dst[i] = src[i] * x[i]
	}
}

// MulRowsOf sets each of the k rows of dst (length k·n, n = len(x)) to the
// same row of src times x entrywise: copy and MulRows in one pass (the
// opponent's reach-weighted strategy read straight from a stored one).
func MulRowsOf(dst, src, x []float32) {
	n := len(x)
	src = src[:len(dst)]
	for a := 0; a+n <= len(dst); a += n {
		MulOf(dst[a:a+n], src[a:a+n], x)
	}
}

// Add sets dst[i] += x[i].
func Add(dst, x []float32) {
	x = x[:len(dst)]
	i := 0
	if haveAVX2 {
		i = addAVX2(dst, x)
	}
	for ; i < len(dst); i++ {
		dst[i] += x[i]
	}
}

// ScaleAdd sets dst[i] = dst[i]·k + x[i] (the discounted accumulation of
// strategy sums).
func ScaleAdd(dst []float32, k float32, x []float32) {
	x = x[:len(dst)]
	for i := range dst {
		dst[i] = float32(dst[i]*k) + x[i]
	}
}

// AddTo64 sets dst[i] += float64(x[i]).
func AddTo64(dst []float64, x []float32) {
	x = x[:len(dst)]
	i := 0
	if haveAVX2 {
		i = addTo64AVX2(dst, x)
	}
	for ; i < len(dst); i++ {
		dst[i] += float64(x[i])
	}
}

// AddPerm64 sets dst[i] += float64(x[perm[i]]): the values of an isomorphic
// chance outcome, read through the suit swap perm.
func AddPerm64(dst []float64, x []float32, perm []uint16) {
	perm = perm[:len(dst)]
	for i := range dst {
		dst[i] += float64(x[perm[i]])
	}
}

// From64 sets dst[i] = float32(src[i]).
func From64(dst []float32, src []float64) {
	src = src[:len(dst)]
	i := 0
	if haveAVX2 {
		i = from64AVX2(dst, src)
	}
	for ; i < len(dst); i++ {
		dst[i] = float32(src[i])
	}
}

// The strategy of regret matching is, hand by hand (column by column),
//
//	σ(a|h) = max(R(a,h), 0) / Σ_b max(R(b,h), 0),  or 1/k when the sum is 0,
//
// computed as σ(a|h) = max(R(a,h), 0)·inv(h) + uni(h) with inv = 1/sum and
// uni = 0, or inv = 0 and uni = 1/k when the sum is 0 (one division per
// hand, no branch per entry). RegretScale computes inv and uni; every kernel
// that takes them uses this same expression for σ. With clip false the rows
// are used as they are instead of max(R, 0): strategy sums, all ≥ 0, turn
// into the average strategy the same way.

// RegretScale sets inv and uni (length n) for the k = len(reg)/n rows of
// reg.
func RegretScale(inv, uni, reg []float32, clip bool) {
	n := len(inv)
	k := len(reg) / n
	uni = uni[:n]
	den := inv
	if clip {
		for j, x := range reg[:n] {
			den[j] = relu(x)
		}
	} else {
		copy(den, reg[:n])
	}
	for a := 1; a < k; a++ {
		r := reg[a*n : a*n+n]
		if clip {
			for j, x := range r[:len(den)] {
				den[j] += relu(x)
			}
		} else {
			Add(den, r)
		}
	}
	u := 1 / float32(k)
	i := 0
	if haveAVX2 {
		i = invertAVX2(inv, uni, u)
	}
	for ; i < n; i++ {
		if den[i] > 0 {
			inv[i], uni[i] = 1/den[i], 0
		} else {
			inv[i], uni[i] = 0, u
		}
	}
}

// RegretScaleTo is RegretScale with clip that also writes the clipped
// regrets max(R, 0) into pos (same length as reg; may not alias it), so a
// following StrategyReach(sig, cum, pos, inv, uni, reach, disc, false) can
// read them from there (and write sig over pos) instead of clipping the
// regrets again.
func RegretScaleTo(inv, uni, pos, reg []float32) {
	n := len(inv)
	k := len(reg) / n
	uni = uni[:n]
	pos = pos[:k*n]
	den := inv
	for a := 0; a < k; a++ {
		clipToRow(den, pos[a*n:a*n+n], reg[a*n:a*n+n], a == 0)
	}
	u := 1 / float32(k)
	i := 0
	if haveAVX2 {
		i = invertAVX2(inv, uni, u)
	}
	for ; i < n; i++ {
		if den[i] > 0 {
			inv[i], uni[i] = 1/den[i], 0
		} else {
			inv[i], uni[i] = 0, u
		}
	}
}

// clipToRow is RegretScaleTo's scalar loop: q = max(r, 0), and den = q (the
// first row) or den += q.
func clipToRow(den, q, r []float32, first bool) {
	q, r = q[:len(den)], r[:len(den)]
	if first {
		for i, x := range r {
			y := relu(x)
			q[i] = y
			den[i] = y
		}
		return
	}
	for i, x := range r {
		y := relu(x)
		q[i] = y
		den[i] += y
	}
}

// RegretMatch sets the k = len(reg)/n rows of sig to σ (see RegretScale),
// n = len(inv); inv and uni are scratch of length n. sig may alias reg.
func RegretMatch(sig, reg, inv, uni []float32, clip bool) {
	n := len(inv)
	RegretScale(inv, uni, reg, clip)
	k := len(reg) / n
	sig = sig[:k*n]
	for a := 0; a < k; a++ {
		r, s := reg[a*n:a*n+n], sig[a*n:a*n+n]
		i := 0
		if haveAVX2 && !clip {
			i = sigmaAVX2(s, r, inv, uni)
		}
		sigmaRow(s[i:], r[i:], inv[i:], uni[i:], clip)
	}
}

// sigmaRow is RegretMatch's scalar loop.
func sigmaRow(s, r, inv, uni []float32, clip bool) {
	r, inv, uni = r[:len(s)], inv[:len(s)], uni[:len(s)]
	for i, x := range r {
		if clip {
			x = relu(x)
		}
		s[i] = float32(x*inv[i]) + uni[i]
	}
}

// StrategyValue sets out[h] to the value of the regret-matching strategy of
// the k = len(reg)/n rows of reg given the actions' values x, in one pass
// over the rows:
//
//	out[h] = Σ_a R⁺(a,h)·x(a,h) / Σ_a R⁺(a,h),  or Σ_a x(a,h)/k when no R⁺ > 0.
//
// (the same value as Σ_a σ(a|h)·x(a,h), rounded differently). den and sum
// (length n) are scratch.
func StrategyValue(out, reg, x, den, sum []float32) {
	n := len(out)
	k := len(reg) / n
	den, sum = den[:n], sum[:n]
	clear(out)
	clear(den)
	clear(sum)
	for a := 0; a < k; a++ {
		valueAccRow(out, den, sum, reg[a*n:a*n+n], x[a*n:a*n+n])
	}
	valueFinishRow(out, den, sum, 1/float32(k))
}

// valueAccRow is StrategyValue's scalar accumulation.
func valueAccRow(num, den, sum, r, y []float32) {
	den, sum, r, y = den[:len(num)], sum[:len(num)], r[:len(num)], y[:len(num)]
	for i, x := range r {
		p := relu(x)
		num[i] += float32(p * y[i])
		den[i] += p
		sum[i] += y[i]
	}
}

// valueFinishRow is StrategyValue's scalar division.
func valueFinishRow(out, den, sum []float32, u float32) {
	den, sum = den[:len(out)], sum[:len(out)]
	for i, d := range den {
		if d > 0 {
			out[i] /= d
		} else {
			out[i] = sum[i] * u
		}
	}
}

// StrategyReach sets dst(a,h) = σ(a|h)·reach(h), the reach of each action,
// and, when cum is not nil, cum(a,h) = cum(a,h)·disc + dst(a,h) (the
// discounted, reach-weighted strategy sum). σ comes from reg, inv, uni as
// RegretScale made them with the same clip. dst may alias reg.
func StrategyReach(dst, cum, reg, inv, uni, reach []float32, disc float32, clip bool) {
	n := len(reach)
	k := len(reg) / n
	inv, uni = inv[:n], uni[:n]
	dst = dst[:k*n]
	for a := 0; a < k; a++ {
		r, d := reg[a*n:a*n+n], dst[a*n:a*n+n]
		var c []float32
		if cum != nil {
			c = cum[a*n : a*n+n]
		}
		strategyReachRow(d, c, r, inv, uni, reach, disc, clip)
	}
}

// strategyReachRow is StrategyReach's scalar loop (c nil: no sums).
func strategyReachRow(d, c, r, inv, uni, reach []float32, disc float32, clip bool) {
	r, inv, uni, reach = r[:len(d)], inv[:len(d)], uni[:len(d)], reach[:len(d)]
	if c == nil {
		for i, x := range r {
			if clip {
				x = relu(x)
			}
			d[i] = (float32(x*inv[i]) + uni[i]) * reach[i]
		}
		return
	}
	c = c[:len(d)]
	for i, x := range r {
		if clip {
			x = relu(x)
		}
		y := (float32(x*inv[i]) + uni[i]) * reach[i]
		d[i] = y
		c[i] = float32(c[i]*disc) + y
	}
}

// ColumnSums sets den[i] to the sum over the k rows of x (length k·n) of
// column i.
func ColumnSums(den, x []float32) {
	n := len(den)
	k := len(x) / n
	copy(den, x[:n])
	for a := 1; a < k; a++ {
		Add(den, x[a*n:a*n+n])
	}
}

// DotRows sets out[h] = Σ_a sig[a·n+h]·x[a·n+h] over the k = len(sig)/n
// rows (n = len(out)): the value of a mixed action.
func DotRows(out, sig, x []float32) {
	n := len(out)
	k := len(sig) / n
	clear(out)
	for a := 0; a < k; a++ {
		s, y := sig[a*n:a*n+n], x[a*n:a*n+n]
		i := 0
		if haveAVX2 {
			i = dotAccAVX2(out, s, y)
		}
		for ; i < n; i++ {
			out[i] += float32(s[i] * y[i])
		}
	}
}

// MaxRows sets out[h] = max_a x[a·n+h] over the k = len(x)/n rows.
func MaxRows(out, x []float32) {
	n := len(out)
	k := len(x) / n
	copy(out, x[:n])
	for a := 1; a < k; a++ {
		y := x[a*n : a*n+n]
		i := 0
		if haveAVX2 {
			i = maxAVX2(out, y)
		}
		for ; i < n; i++ {
			// VMAXPS's rule (the first operand if greater, else the
			// second), so both builds agree on signed zeros.
			if !(out[i] > y[i]) {
				out[i] = y[i]
			}
		}
	}
}

// Max64 sets dst[i] = x[i] where x[i] > dst[i] (a NaN in either keeps
// dst[i]): the largest of each column over rows, as a logit takes it.
func Max64(dst, x []float64) {
	x = x[:len(dst)]
	i := 0
	if haveAVX2 {
		i = max64AVX2(dst, x)
	}
	for ; i < len(dst); i++ {
		if x[i] > dst[i] {
			dst[i] = x[i]
		}
	}
}

// Max64From32 is Max64 of float32 values.
func Max64From32(dst []float64, x []float32) {
	x = x[:len(dst)]
	i := 0
	if haveAVX2 {
		i = max64From32AVX2(dst, x)
	}
	for ; i < len(dst); i++ {
		if v := float64(x[i]); v > dst[i] {
			dst[i] = v
		}
	}
}

// ShiftScale32 sets dst[i] = float32((x[i] − shift[i])·k): a logit's
// exponents, the differences in float64 rounded once.
func ShiftScale32(dst []float32, x, shift []float64, k float64) {
	x, shift = x[:len(dst)], shift[:len(dst)]
	i := 0
	if haveAVX2 {
		i = shiftScale32AVX2(dst, x, shift, k)
	}
	for ; i < len(dst); i++ {
		dst[i] = float32((x[i] - shift[i]) * k)
	}
}

// ShiftScale32From32 is ShiftScale32 of float32 values.
func ShiftScale32From32(dst []float32, x []float32, shift []float64, k float64) {
	x, shift = x[:len(dst)], shift[:len(dst)]
	i := 0
	if haveAVX2 {
		i = shiftScale32From32AVX2(dst, x, shift, k)
	}
	for ; i < len(dst); i++ {
		dst[i] = float32((float64(x[i]) - shift[i]) * k)
	}
}

// ShiftScale64 sets dst[i] = (x[i] − shift[i])·k.
func ShiftScale64(dst, x, shift []float64, k float64) {
	x, shift = x[:len(dst)], shift[:len(dst)]
	i := 0
	if haveAVX2 {
		i = shiftScale64AVX2(dst, x, shift, k)
	}
	for ; i < len(dst); i++ {
		dst[i] = (x[i] - shift[i]) * k
	}
}

// regretUpdateRow is RegretUpdate's scalar loop. The factor is chosen by
// the sign bit, without a branch (regret signs are unpredictable): for
// R = ±0 both factors give 0, so this equals the "R > 0" rule bit for bit.
func regretUpdateRow(r, y, v []float32, pos, neg float32) {
	y, v = y[:len(r)], v[:len(r)]
	pb, nb := math.Float32bits(pos), math.Float32bits(neg)
	for i, x := range r {
		m := uint32(int32(math.Float32bits(x)) >> 31) // all ones when negative
		d := math.Float32frombits(nb&m | pb&^m)
		r[i] = float32(x*d) + y[i] - v[i]
	}
}

// relu is max(x, 0) by the sign bit (the same bits as VMAXPS(x, 0) for every
// non-NaN x, including -0 → +0).
func relu(x float32) float32 {
	b := math.Float32bits(x)
	return math.Float32frombits(b &^ uint32(int32(b)>>31))
}

// RegretUpdate applies one discounted regret update to the k = len(reg)/n
// rows (n = len(v)):
//
//	R(a,h) ← R(a,h)·d + x(a,h) − v(h),  d = pos if R(a,h) > 0 else neg
//
// where x holds the actions' counterfactual values and v the node's value
// (Brown & Sandholm 2019, DCFR).
func RegretUpdate(reg, x, v []float32, pos, neg float32) {
	n := len(v)
	k := len(reg) / n
	x = x[:k*n]
	for a := 0; a < k; a++ {
		regretUpdateRow(reg[a*n:a*n+n], x[a*n:a*n+n], v, pos, neg)
	}
}

// RegretValueUpdate is StrategyValue followed by RegretUpdate with the value
// it gives, in one pass over the block (the same bits as the two):
//
//	out[h] = Σ_a R⁺(a,h)·x(a,h) / Σ_a R⁺(a,h)  (Σ_a x(a,h)/k when no R⁺ > 0)
//	R(a,h) ← R(a,h)·d + x(a,h) − out[h],  d = pos if R(a,h) > 0 else neg
//
// the traverser's node of a DCFR pass: the value of its current strategy and
// its discounted regret update. den and sum (length n = len(out)) are
// scratch for the hands the vector part leaves.
func RegretValueUpdate(out, reg, x, den, sum []float32, pos, neg float32) {
	n := len(out)
	k := len(reg) / n
	reg, x = reg[:k*n], x[:k*n]
	u := 1 / float32(k)
	m := 0
	if haveAVX2 && k > 0 {
		m = regretValueUpdateAVX2(out, reg, x, k, u, pos, neg)
	}
	if m == n {
		return
	}
	o, den, sum := out[m:], den[m:n], sum[m:n]
	clear(o)
	clear(den)
	clear(sum)
	for a := range k {
		valueAccRow(o, den, sum, reg[a*n+m:a*n+n], x[a*n+m:a*n+n])
	}
	valueFinishRow(o, den, sum, u)
	for a := range k {
		regretUpdateRow(reg[a*n+m:a*n+n], x[a*n+m:a*n+n], o, pos, neg)
	}
}

// ReachUpdate is RegretScaleTo followed by StrategyReach over the clipped
// regrets, in one pass over the block (the same bits as the two):
//
//	sig(a,h) = σ(a|h)·reach(h),  cum(a,h) ← cum(a,h)·disc + sig(a,h)
//
// with σ regret matching on reg: the opponent's node of a DCFR pass, its
// reach split by its current strategy and added to its discounted,
// reach-weighted strategy sum. inv and uni (length n = len(reach)) are
// scratch for the hands the vector part leaves; sig may not alias reg.
func ReachUpdate(sig, cum, reg, reach, inv, uni []float32, disc float32) {
	n := len(reach)
	k := len(reg) / n
	sig, cum, reg = sig[:k*n], cum[:k*n], reg[:k*n]
	u := 1 / float32(k)
	m := 0
	if haveAVX2 && k > 0 {
		m = reachUpdateAVX2(sig, cum, reg, reach, k, u, disc)
	}
	if m == n {
		return
	}
	den, uni := inv[m:n], uni[m:n]
	for a := range k {
		clipToRow(den, sig[a*n+m:a*n+n], reg[a*n+m:a*n+n], a == 0)
	}
	for i, d := range den {
		if d > 0 {
			den[i], uni[i] = 1/d, 0
		} else {
			den[i], uni[i] = 0, u
		}
	}
	for a := range k {
		q := sig[a*n+m : a*n+n]
		strategyReachRow(q, cum[a*n+m:a*n+n], q, den, uni, reach[m:], disc, false)
	}
}

// The exponential's constants: Cody & Waite's split of ln 2 and the
// polynomial of Moshier's Cephes expf (e^r on |r| ≤ ln2/2, relative error
// about 10⁻⁷), and the smallest argument with a normal result.
const (
	expLog2e = float32(1.44269504088896341)
	expLn2Hi = float32(0.693359375)
	expLn2Lo = float32(-2.12194440e-4)
	expP0    = float32(1.9875691500e-4)
	expP1    = float32(1.3981999507e-3)
	expP2    = float32(8.3334519073e-3)
	expP3    = float32(4.1665795894e-2)
	expP4    = float32(1.6666665459e-1)
	expP5    = float32(5.0000001201e-1)
	// ExpMin: Exp gives 0 below it (e^-87 ≈ 1.6·10⁻³⁸, near float32's
	// smallest normal).
	ExpMin = float32(-87)
)

// Exp sets dst[i] = e^{x[i]} for x[i] ≤ 88 in float32, within a few
// units in the last place (TestExpMatchesMathExp): 0 below ExpMin, NaN for
// NaN. dst may alias x. x = n·ln2 + r with n = round(x·log₂e), e^r by the
// polynomial, 2^n through the exponent bits.
func Exp(dst, x []float32) {
	x = x[:len(dst)]
	i := 0
	if haveAVX2 {
		i = expAVX2(dst, x)
	}
	for ; i < len(dst); i++ {
		dst[i] = exp32(x[i])
	}
}

// exp32 is one entry of Exp, the operations of expAVX2 in its order.
func exp32(x float32) float32 {
	if x < ExpMin {
		return 0
	}
	n := float32(math.RoundToEven(float64(float32(x * expLog2e))))
	r := x - float32(n*expLn2Hi)
	r = r - float32(n*expLn2Lo)
	z := float32(r * r)
	p := float32(expP0*r) + expP1
	p = float32(p*r) + expP2
	p = float32(p*r) + expP3
	p = float32(p*r) + expP4
	p = float32(p*r) + expP5
	p = float32(p*z) + r
	p = p + 1
	return p * math.Float32frombits(uint32(int32(n)+127)<<23)
}

// The float64 exponential's constants: fdlibm's split of ln 2 (the high
// part's trailing zeros make n·hi exact), the Taylor coefficients 1/k!,
// k = 13 … 2 (the remainder on |r| ≤ ln2/2 is below 5·10⁻¹⁸), and the
// smallest argument it computes.
var exp64Coef = [12]float64{
	1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880, 1.0 / 40320,
	1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 1.0 / 2,
}

const (
	exp64Log2e = 1.44269504088896338700e+00
	exp64Ln2Hi = 6.93147180369123816490e-01
	exp64Ln2Lo = 1.90821492927058770002e-10
	// Exp64Min: Exp64 gives 0 below it (e^-708 ≈ 3·10⁻³⁰⁸, float64's
	// smallest normal).
	Exp64Min = -708.0
)

// Exp64 sets dst[i] = e^{x[i]} for x[i] ≤ 709, within a few units in the
// last place of math.Exp (TestExp64MatchesMathExp): 0 below Exp64Min,
// NaN for NaN; e^0 = 1 exactly. dst may alias x. Four lanes with AVX2.
func Exp64(dst, x []float64) {
	x = x[:len(dst)]
	i := 0
	if haveAVX2 {
		i = exp64AVX2(dst, x)
	}
	for ; i < len(dst); i++ {
		dst[i] = exp64(x[i])
	}
}

// exp64 is one entry of Exp64, the operations of exp64AVX2 in its order.
func exp64(x float64) float64 {
	if x < Exp64Min {
		return 0
	}
	n := math.RoundToEven(float64(x * exp64Log2e))
	r := x - float64(n*exp64Ln2Hi)
	r = r - float64(n*exp64Ln2Lo)
	p := exp64Coef[0]
	for _, c := range exp64Coef[1:] {
		p = float64(p*r) + c
	}
	p = float64(p*r) + 1
	p = float64(p*r) + 1
	return p * math.Float64frombits(uint64(int64(n)+1023)<<52)
}
