package vec

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestExpMatchesMathExp: over [ExpMin, 1] (the logits' arguments are ≤ 0)
// Exp is within 4 units in the last place of math.Exp rounded to float32,
// 0 below ExpMin, NaN for NaN; e^0 is 1 exactly.
func TestExpMatchesMathExp(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	x := make([]float32, 100003)
	for i := range x {
		x[i] = ExpMin + (1-ExpMin)*rng.Float32()
	}
	x[0], x[1], x[2], x[3] = 0, -1e-30, ExpMin, -0.5*float32(math.Ln2)
	got := make([]float32, len(x))
	Exp(got, x)
	worst := 0.0
	for i, v := range x {
		want := float32(math.Exp(float64(v)))
		ulp := float64(math.Nextafter32(want, float32(math.Inf(1))) - want)
		if d := math.Abs(float64(got[i])-float64(want)) / ulp; d > worst {
			worst = d
			if d > 4 {
				t.Errorf("Exp(%v) = %v, math.Exp %v: %.1f units in the last place", v, got[i], want, d)
			}
		}
	}
	if got[0] != 1 {
		t.Errorf("Exp(0) = %v", got[0])
	}
	t.Logf("worst %.2f units in the last place", worst)
	y := []float32{-88, -1000, float32(math.Inf(-1)), float32(math.NaN()), 0, 0, 0, 0, float32(math.NaN())}
	Exp(y, y)
	for i, want := range []float32{0, 0, 0} {
		if y[i] != want {
			t.Errorf("Exp below ExpMin: %v", y[i])
		}
	}
	if y[3] == y[3] || y[8] == y[8] {
		t.Errorf("Exp(NaN) = %v, %v", y[3], y[8])
	}
}

// TestExp64MatchesMathExp: over [Exp64Min, 1] Exp64 is within 4 units in
// the last place of math.Exp, 0 below Exp64Min, NaN for NaN, e^0 = 1.
func TestExp64MatchesMathExp(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	x := make([]float64, 100003)
	for i := range x {
		x[i] = Exp64Min + (1-Exp64Min)*rng.Float64()
		if i%3 == 0 {
			x[i] = -20 * rng.Float64() // where the logits' arguments mostly are
		}
	}
	x[0], x[1], x[2], x[3] = 0, -1e-300, Exp64Min, -0.5*math.Ln2
	got := make([]float64, len(x))
	Exp64(got, x)
	worst := 0.0
	for i, v := range x {
		want := math.Exp(v)
		ulp := math.Nextafter(want, math.Inf(1)) - want
		if d := math.Abs(got[i]-want) / ulp; d > worst {
			worst = d
			if d > 4 {
				t.Errorf("Exp64(%v) = %v, math.Exp %v: %.1f units in the last place", v, got[i], want, d)
			}
		}
	}
	if got[0] != 1 {
		t.Errorf("Exp64(0) = %v", got[0])
	}
	t.Logf("worst %.2f units in the last place", worst)
	y := []float64{-709, -1e5, math.Inf(-1), math.NaN(), 0, math.NaN()}
	Exp64(y, y)
	if y[0] != 0 || y[1] != 0 || y[2] != 0 || y[3] == y[3] || y[4] != 1 || y[5] == y[5] {
		t.Errorf("Exp64 of -709, -1e5, -Inf, NaN, 0, NaN: %v", y)
	}
}
