package spotqre

import "math"

// expNeg returns e^x for the logits' arguments (x ≤ 0 after log-sum-exp;
// any x works), within 2 units in the last place of math.Exp, itself
// within 1 (TestExpNegMatchesMathExp checks over [−745, 1]). The
// criterion reported with every result keeps math.Exp. It is inlined in
// the logit loops, where math.Exp was 9 % of the λ = 10 solve on the
// full-range turn spot. Method (Tang, "Table-driven implementation of the
// exponential function in IEEE floating-point arithmetic", ACM TOMS 15,
// 1989): x = (32m + j)·ln2/32 + r with |r| ≤ ln2/64, e^x = 2^m · 2^{j/32} ·
// e^r, 2^{j/32} from a table, e^r by its Taylor polynomial of degree 6
// (remainder below 4·10⁻¹⁸). Below −708 (where e^x is subnormal or 0) and
// above 709, NaN and ±Inf, it calls math.Exp.
func expNeg(x float64) float64 {
	if !(x > -708 && x < 709) {
		return math.Exp(x)
	}
	const (
		invLn2N = 32 / math.Ln2
		shift   = 0x1.8p52 // adding it rounds to an integer in the low bits
		// ln2/32 split: hi has trailing zero bits, so n·hi is exact for
		// |n| < 2^20.
		ln2hiN = 6.93147180369123816490e-01 / 32
		ln2loN = 1.90821492927058770002e-10 / 32
	)
	kd := x*invLn2N + shift
	n := int64(math.Float64bits(kd)) // low bits: round(x·32/ln2), two's complement
	kd -= shift
	r := x - kd*ln2hiN - kd*ln2loN
	j := n & 31
	m := (n - j) >> 5
	// e^r − 1, added to 1 through the table's value (T + T·q rounds once
	// where T·(1 + q) would round twice).
	q := r * (1 + r*(1.0/2+r*(1.0/6+r*(1.0/24+r*(1.0/120+r*(1.0/720))))))
	t := exp2Table[j]
	return (t + t*q) * math.Float64frombits(uint64(1023+m)<<52)
}

// exp2Table[j] = 2^{j/32}, rounded to float64.
var exp2Table = func() (t [32]float64) {
	for j := range t {
		t[j] = math.Exp2(float64(j) / 32)
	}
	return t
}()
