package spotqre

import (
	"math"
	"testing"
)

// TestExpNegMatchesMathExp: expNeg agrees with math.Exp to 2 units in the
// last place over the logits' range (and the edges of its fast path), and
// equals it outside.
func TestExpNegMatchesMathExp(t *testing.T) {
	var worst float64
	at := 0.0
	check := func(x float64) {
		got, want := expNeg(x), math.Exp(x)
		if want == 0 || math.IsInf(want, 0) || math.IsNaN(want) {
			if got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Fatalf("expNeg(%v) = %v, math.Exp %v", x, got, want)
			}
			return
		}
		ulp := math.Nextafter(want, math.Inf(1)) - want
		if d := math.Abs(got-want) / ulp; d > worst {
			worst, at = d, x
		}
	}
	for i := range 2_000_000 {
		check(-745 + 746*float64(i)/2e6)
	}
	// Near 0, where the logits' arguments mostly are, and the ends of the
	// table's intervals.
	for i := range 200_000 {
		check(-float64(i) * 1e-6)
		check(-float64(i) * math.Ln2 / 32)
	}
	for _, x := range []float64{0, -0.0, -708, -707.999, 708.9, 709, -745.2, -800, math.Inf(-1), math.Inf(1), math.NaN(), 5e-324, -5e-324} {
		check(x)
	}
	if worst > 2 {
		t.Fatalf("largest error %.2f ulp at x = %v", worst, at)
	}
	t.Logf("largest error %.2f ulp at x = %v", worst, at)
}

func BenchmarkExp(b *testing.B) {
	xs := make([]float64, 4096)
	for i := range xs {
		xs[i] = -30 * float64(i) / 4096
	}
	var sink float64
	b.Run("math.Exp", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				sink += math.Exp(x)
			}
		}
	})
	b.Run("expNeg", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				sink += expNeg(x)
			}
		}
	})
	_ = sink
}
