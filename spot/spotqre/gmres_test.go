package spotqre

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sparseTest is a nonsymmetric n × n test operator: a diagonal spread
// over [1, top] (a wide spectrum, like I − y'(x) at large λ) plus a
// nonsymmetric coupling of each entry with a few random others.
type sparseTest struct {
	diag []float64
	cols [][4]int32
	vals [][4]float64
}

func newSparseTest(n int, top float64, seed uint64) *sparseTest {
	rng := rand.New(rand.NewPCG(seed, 1))
	a := &sparseTest{diag: make([]float64, n), cols: make([][4]int32, n), vals: make([][4]float64, n)}
	for i := range n {
		a.diag[i] = 1 + (top-1)*math.Pow(rng.Float64(), 3)
		for k := range 4 {
			a.cols[i][k] = int32(rng.IntN(n))
			a.vals[i][k] = 0.3 * rng.NormFloat64()
		}
	}
	return a
}

func (a *sparseTest) mv(v, out []float64) {
	for i := range out {
		s := a.diag[i] * v[i]
		for k, c := range a.cols[i] {
			s += a.vals[i][k] * v[c]
		}
		out[i] = s
	}
}

// TestGMRESReportsTheTrueResidual: the relative residual GMRES returns is
// ‖b − A x‖/‖b‖ computed afresh (within 10⁻⁶ of it, relative), at
// tolerances down to 10⁻¹⁰, on systems whose Krylov bases are
// ill-conditioned (a spectrum over [1, 10⁴]), where classical Gram–Schmidt
// of one pass loses orthogonality and the small least squares' residual
// alone would not be the true one. It also logs how far the basis drifted
// from orthogonal.
func TestGMRESReportsTheTrueResidual(t *testing.T) {
	for _, c := range []struct {
		n       int
		top     float64
		restart int
		rtol    float64
	}{{3000, 1e2, 80, 1e-10}, {3000, 1e2, 20, 1e-8}, {3000, 1e4, 100, 1e-4}, {8000, 1e3, 60, 1e-9}, {300, 1e3, 100, 1e-10}} {
		a := newSparseTest(c.n, c.top, 3)
		rng := rand.New(rand.NewPCG(5, 5))
		b := make([]float64, c.n)
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		k := newKrylov(c.restart)
		x := make([]float64, c.n)
		used, rel := k.solve(a.mv, b, x, c.rtol, 3000)
		ax := make([]float64, c.n)
		a.mv(x, ax)
		for i := range ax {
			ax[i] = b[i] - ax[i]
		}
		trueRel := math.Sqrt(dot(ax, ax) / dot(b, b))
		// The last cycle's basis: how far from orthogonal.
		var lean float64
		for i := range k.cycle {
			for l := range i {
				lean = max(lean, math.Abs(dot(k.basis[i], k.basis[l])))
			}
		}
		t.Logf("n %d, spectrum [1, %g], restart %d, rtol %g: %d products, reported %.6g, true %.6g; largest |vᵢᵀvₗ| %.2g, drift of the small residual %.2g, second passes %d",
			c.n, c.top, c.restart, c.rtol, used, rel, trueRel, lean, k.drift, k.reorth)
		if rel > c.rtol || math.Abs(rel-trueRel) > 1e-6*trueRel {
			t.Errorf("n %d, rtol %g: reported %.8g, true %.8g", c.n, c.rtol, rel, trueRel)
		}
	}
}

// TestGMRESTwiceIsOrthogonal: with the second Gram–Schmidt pass (what a
// drifted solve turns on) the basis is orthogonal to rounding where one
// pass left dot products of 10⁻¹⁰ between its vectors, and the solve is
// the same.
func TestGMRESTwiceIsOrthogonal(t *testing.T) {
	const n = 3000
	a := newSparseTest(n, 1e2, 3)
	rng := rand.New(rand.NewPCG(5, 5))
	b := make([]float64, n)
	for i := range b {
		b[i] = rng.NormFloat64()
	}
	lean := func(k *krylov) float64 {
		var l float64
		for i := range k.cycle {
			for j := range i {
				l = max(l, math.Abs(dot(k.basis[i], k.basis[j])))
			}
		}
		return l
	}
	once, twice := newKrylov(80), newKrylov(80)
	twice.twice = true
	x1, x2 := make([]float64, n), make([]float64, n)
	u1, r1 := once.solve(a.mv, b, x1, 1e-10, 3000)
	u2, r2 := twice.solve(a.mv, b, x2, 1e-10, 3000)
	l1, l2 := lean(once), lean(twice)
	t.Logf("once: %d products, residual %.3g, largest |vᵢᵀvⱼ| %.2g; twice: %d products, residual %.3g, largest |vᵢᵀvⱼ| %.2g (%d second passes)", u1, r1, l1, u2, r2, l2, twice.reorth)
	if l2 > 1e-14 || twice.reorth == 0 {
		t.Errorf("twice: the basis leans by %.3g", l2)
	}
	if l1 < 1e-12 {
		t.Errorf("once: the basis leans by only %.3g: the case does not test the re-orthogonalisation", l1)
	}
	if u1 != u2 {
		t.Errorf("products: once %d, twice %d", u1, u2)
	}
}

// TestGMRESResidualThroughTheBasis: checkResidual, the residual GMRES
// computes through its basis (V_{j+1} times the small least squares'
// residual), is ‖b − A x‖ — here on solves that end within one cycle, so
// that the value returned is checkResidual's — and the small residual it
// maps through the basis is βe₁ − H̄y from the Hessenberg matrix as computed
// (before the Givens rotations; with an orthonormal basis any rotation of
// it would have the same norm).
func TestGMRESResidualThroughTheBasis(t *testing.T) {
	const n = 4000
	a := newSparseTest(n, 50, 9)
	rng := rand.New(rand.NewPCG(9, 9))
	b := make([]float64, n)
	for i := range b {
		b[i] = rng.NormFloat64()
	}
	bn := math.Sqrt(dot(b, b))
	for _, rtol := range []float64{1e-2, 1e-5, 1e-9} {
		k := newKrylov(200)
		k.raw, k.rawN = make([]float64, 201*200), 200
		x := make([]float64, n)
		used, rel := k.solve(a.mv, b, x, rtol, 200)
		ax := make([]float64, n)
		a.mv(x, ax)
		for i := range ax {
			ax[i] = b[i] - ax[i]
		}
		trueRel := math.Sqrt(dot(ax, ax)) / bn
		through := k.checkResidual(k.cycle-1) / bn
		small := math.Abs(k.g[k.cycle-1]) / bn
		t.Logf("rtol %g: %d products in one cycle of %d vectors, returned %.9g, through the basis %.9g, true %.9g, small %.9g", rtol, used, k.cycle, rel, through, trueRel, small)
		if k.cycle != used+1 {
			t.Fatalf("rtol %g: %d products but a last cycle of %d vectors: not one cycle", rtol, used, k.cycle)
		}
		if rel != through || math.Abs(through-trueRel) > 1e-6*trueRel {
			t.Errorf("rtol %g: returned %.9g, through the basis %.9g, true %.9g", rtol, rel, through, trueRel)
		}
		// z = βe₁ − H̄y, H̄ as computed (k.raw), y the solve's (k.y).
		j := k.cycle - 1
		z := k.h2[:j+1]
		for i := range j + 1 {
			zi := 0.0
			if i == 0 {
				zi = bn
			}
			for l := range j {
				zi -= k.raw[i*k.rawN+l] * k.y[l]
			}
			if math.Abs(zi-z[i]) > 1e-9*bn {
				t.Errorf("rtol %g: z[%d] = %.12g, βe₁ − H̄y has %.12g", rtol, i, z[i], zi)
				break
			}
		}
	}
}

// TestGMRESAllocatesNothing: a solve allocates nothing once its basis
// exists (the blocked passes work in the krylov's own scratch).
func TestGMRESAllocatesNothing(t *testing.T) {
	const n = 2000
	a := newSparseTest(n, 50, 2)
	b := make([]float64, n)
	for i := range b {
		b[i] = float64(i%7) - 3
	}
	k := newKrylov(30)
	x := make([]float64, n)
	k.solve(a.mv, b, x, 1e-9, 300)
	if allocs := testing.AllocsPerRun(3, func() { k.solve(a.mv, b, x, 1e-9, 300) }); allocs != 0 {
		t.Errorf("%v allocations per solve", allocs)
	}
}
