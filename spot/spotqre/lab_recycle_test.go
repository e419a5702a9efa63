//go:build qrelab

package spotqre

// Measurement (build tag qrelab): the spectrum of the Newton matrix
// I − y'(x) at a QRE, and the best a recycled (deflation) subspace could
// save GMRES there (GCRO, Parks et al. 2006: with a continuous spectrum
// even its best case saves fewer products than it costs, so the solver
// does not recycle):
//
//	go test -tags qrelab ./spot/spotqre -run TestMeasureRecyclingBound -v -rec.spot=... -rec.lambda=40 -rec.k=10,20,40

import (
	"flag"
	"fmt"
	"math"
	"math/cmplx"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

var (
	recSpot   = flag.String("rec.spot", "../testdata/turn-Td9d6hQc-narrow.toml", "spot file of TestMeasureRecyclingBound and TestMeasureJacobianSymmetry")
	recLambda = flag.Float64("rec.lambda", 40, "λ of TestMeasureRecyclingBound and TestMeasureJacobianSymmetry")
	recM      = flag.Int("rec.m", 100, "Arnoldi steps that give the Ritz vectors")
	recK      = flag.String("rec.k", "5,10,20,40", "sizes of the recycled subspace")
	recTol    = flag.Float64("rec.tol", 1e-3, "relative residual of the solves compared")
)

// arnoldi runs m steps of Arnoldi (modified Gram–Schmidt) on A from b and
// returns the orthonormal basis (m+1 vectors) and the (m+1)×m Hessenberg
// matrix.
func arnoldi(mv func(v, out []float64), b []float64, m int) ([][]float64, *mat.Dense) {
	n := len(b)
	V := make([][]float64, m+1)
	H := mat.NewDense(m+1, m, nil)
	bn := math.Sqrt(dot(b, b))
	V[0] = make([]float64, n)
	for i := range b {
		V[0][i] = b[i] / bn
	}
	for j := range m {
		w := make([]float64, n)
		mv(V[j], w)
		for i := 0; i <= j; i++ {
			h := dot(w, V[i])
			H.Set(i, j, h)
			axpy(w, -h, V[i])
		}
		hn := math.Sqrt(dot(w, w))
		H.Set(j+1, j, hn)
		for i := range w {
			w[i] /= hn
		}
		V[j+1] = w
	}
	return V, H
}

// gmresDeflated solves A x = b by (full) GMRES on the projected operator
// (I − CCᵀ)A after x₀ = U Cᵀb, r₀ = (I − CCᵀ) b, with C = A U orthonormal
// (GCRO with a fixed recycled space U, Parks et al. 2006 §2), until the
// relative residual is rtol; it returns the products (not counting the k
// that formed C) and the true relative residual.
func gmresDeflated(mv func(v, out []float64), U, C [][]float64, b []float64, rtol float64, maxit int) (int, float64) {
	n := len(b)
	proj := func(v, out []float64) {
		mv(v, out)
		for _, c := range C {
			axpy(out, -dot(c, out), c)
		}
	}
	r := append([]float64(nil), b...)
	x := make([]float64, n)
	for i, c := range C {
		a := dot(c, r)
		axpy(x, a, U[i])
		axpy(r, -a, c)
	}
	kr := newKrylov(maxit)
	z := make([]float64, n)
	bn := math.Sqrt(dot(b, b))
	used, _ := kr.solve(proj, r, z, rtol*bn/math.Sqrt(dot(r, r)), maxit)
	// x += (I − U Cᵀ A) z: the Krylov part, with the U component that
	// cancels its A·z part along C.
	az := make([]float64, n)
	mv(z, az)
	axpy(x, 1, z)
	for i, c := range C {
		axpy(x, -dot(c, az), U[i])
	}
	ax := make([]float64, n)
	mv(x, ax)
	for i := range ax {
		ax[i] = b[i] - ax[i]
	}
	return used, math.Sqrt(dot(ax, ax)) / bn
}

// solvedPoint returns a solver at the QRE of file at λ, evaluated there
// (the products' point), and IP's action values x.
func solvedPoint(t *testing.T, file string, lambda float64) (*Solver, []float64) {
	s, err := NewSolver(loadFile(t, file), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.newtonInit() // (the products are the Newton corrector's)
	if _, err := s.Solve([]float64{lambda}); err != nil {
		t.Fatal(err)
	}
	x := append([]float64(nil), s.x...)
	s.eval(x, lambda, s.y, s.wt, s.rs)
	copy(s.sig1, s.sigT)
	return s, x
}

// TestMeasureRecyclingBound: at the QRE of -rec.lambda, the Ritz values
// of I − y' from m Arnoldi steps, then the products plain GMRES and GMRES
// deflated by the k largest or the k smallest Ritz vectors (computed at
// the same matrix: the best case of recycling) need on a second
// right-hand side.
func TestMeasureRecyclingBound(t *testing.T) {
	lam := *recLambda
	s, x := solvedPoint(t, *recSpot, lam)
	t.Logf("%s at λ = %g: %d IP unknowns; the path: %+v", *recSpot, lam, s.n1, s.stats)
	n, m := s.n1, *recM
	products := 0
	mv := func(v, out []float64) {
		products++
		s.tangent(x, v, lam, out)
		for i, a := range v {
			out[i] = a - out[i]
		}
	}
	b := make([]float64, n)
	for i := range b {
		b[i] = math.Sin(float64(7*i + 3))
	}
	V, H := arnoldi(mv, b, m)
	sq := mat.DenseCopyOf(H.Slice(0, m, 0, m))
	var e mat.Eigen
	if !e.Factorize(sq, mat.EigenRight) {
		t.Fatal("eigen")
	}
	ev := e.Values(nil)
	var vecs mat.CDense
	e.VectorsTo(&vecs)
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return cmplx.Abs(ev[idx[a]]) > cmplx.Abs(ev[idx[b]]) })
	var sb strings.Builder
	for r, i := range idx {
		if r < 30 || r >= m-10 {
			fmt.Fprintf(&sb, " %.3g", real(ev[i]))
			if math.Abs(imag(ev[i])) > 1e-9 {
				fmt.Fprintf(&sb, "±%.2gi", math.Abs(imag(ev[i])))
			}
		} else if r == 30 {
			sb.WriteString(" …")
		}
	}
	t.Logf("Ritz values (%d Arnoldi steps), by magnitude:%s", m, sb.String())

	// The second right-hand side: a different smooth vector.
	b2 := make([]float64, n)
	for i := range b2 {
		b2[i] = math.Cos(float64(5*i+1)) + 0.5*math.Sin(float64(i)/1000)
	}
	d := make([]float64, n)
	products = 0
	kr := newKrylov(400)
	used, rel := kr.solve(mv, b2, d, *recTol, 400)
	t.Logf("RESULT spot=%s λ=%g plain GMRES (no restart): %d products to %.2g", *recSpot, lam, used, rel)

	// ritzBasis returns the real orthonormal basis of the Ritz vectors of
	// the chosen eigenvalues (a complex pair gives its real and imaginary
	// parts).
	ritzBasis := func(sel []int) [][]float64 {
		var cols [][]float64
		seen := map[int]bool{}
		for _, i := range sel {
			if seen[i] {
				continue
			}
			seen[i] = true
			re, im := make([]float64, m), make([]float64, m)
			for r := range m {
				v := vecs.At(r, i)
				re[r], im[r] = real(v), imag(v)
			}
			cols = append(cols, re)
			if math.Abs(imag(ev[i])) > 1e-12*cmplx.Abs(ev[i]) {
				cols = append(cols, im)
				for j := range ev { // skip the conjugate
					if j != i && cmplx.Abs(ev[j]-cmplx.Conj(ev[i])) < 1e-12*cmplx.Abs(ev[i]) {
						seen[j] = true
					}
				}
			}
		}
		var U [][]float64
		for _, c := range cols {
			u := make([]float64, n)
			for r := range m {
				axpy(u, c[r], V[r])
			}
			for _, q := range U {
				axpy(u, -dot(u, q), q)
			}
			nu := math.Sqrt(dot(u, u))
			if nu < 1e-10 {
				continue
			}
			for i := range u {
				u[i] /= nu
			}
			U = append(U, u)
		}
		return U
	}
	// withC makes C = A U orthonormal (QR by Gram–Schmidt), U alongside.
	withC := func(U [][]float64) ([][]float64, [][]float64) {
		C := make([][]float64, len(U))
		for i, u := range U {
			C[i] = make([]float64, n)
			mv(u, C[i])
		}
		for i := range C {
			for j := range i {
				a := dot(C[i], C[j])
				axpy(C[i], -a, C[j])
				axpy(U[i], -a, U[j])
			}
			nc := math.Sqrt(dot(C[i], C[i]))
			for l := range C[i] {
				C[i][l] /= nc
				U[i][l] /= nc
			}
		}
		return U, C
	}
	for _, ks := range strings.Split(*recK, ",") {
		var k int
		fmt.Sscan(ks, &k)
		if k >= m {
			continue
		}
		for _, which := range []string{"largest", "smallest"} {
			sel := idx[:k]
			if which == "smallest" {
				sel = idx[m-k:]
			}
			U, C := withC(ritzBasis(sel))
			products = 0
			used, rel := gmresDeflated(mv, U, C, b2, *recTol, 400)
			t.Logf("RESULT spot=%s λ=%g deflated by the %d %s Ritz vectors (%d after pairing): %d products to %.2g (+%d to form C)", *recSpot, lam, k, which, len(U), used, rel, len(U))
		}
	}
}
