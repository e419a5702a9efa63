package qre

import (
	"testing"
)

// BenchmarkTrace times whole traces: AKQ and Kuhn to max regret 1e-8 (the
// full path), Leduc to the single QRE at λ = 20 and along the path
// to λ = 1000.
func BenchmarkTrace(b *testing.B) {
	cases := []struct {
		name, game string
		opt        Options
	}{
		{"akq-full", "akq:bet=2", Options{}},
		{"kuhn-full", "kuhn", Options{}},
		{"leduc-lambda20", "leduc", Options{Lambdas: []float64{20}}},
		{"leduc-to1000", "leduc", Options{MaxLambda: 1000}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			tree := loadGame(b, c.game)
			b.ReportAllocs()
			var st Stats
			for b.Loop() {
				p, err := Trace(tree, c.opt)
				if err != nil {
					b.Fatal(err)
				}
				st = p.Stats
			}
			b.ReportMetric(float64(st.Steps), "steps")
			b.ReportMetric(float64(st.Factorizations), "LUs")
			b.ReportMetric(st.FinalLambda, "λ_end")
		})
	}
}

// BenchmarkJacobian times one evaluation of the equations plus the analytic
// Jacobian, and one sparse factorisation of the bordered system, on Leduc
// at λ = 10.
func BenchmarkJacobian(b *testing.B) {
	tree := loadGame(b, "leduc")
	pt, err := Solve(tree, 10)
	if err != nil {
		b.Fatal(err)
	}
	s, _ := newSystem(tree)
	x := make([]float64, s.m+1)
	for c, a := range s.free {
		x[c] = pt.LogProfile[a] - pt.LogProfile[s.ref[s.actInfo[a]]]
	}
	x[s.m] = 10
	n := s.m + 1
	vals := make([]float64, s.nnz())
	b.Run("evaluate+jacobian/leduc", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.evaluate(x)
			s.jacobian(vals)
		}
		b.ReportMetric(float64(s.nnz()), "nnz")
	})
	border := make([]float64, n)
	for i := range border {
		border[i] = 1 / float64(n)
	}
	lu := newSparseLU(n)
	b.Run("sparseLU/leduc", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !lu.factorize(s.rowPtr, s.colIdx, vals, border) {
				b.Fatal("singular")
			}
		}
		b.ReportMetric(float64(lu.flops), "flops")
		b.ReportMetric(float64(len(lu.lIdx)+len(lu.uIdx)), "nnz(L+U)")
	})
	rhs := make([]float64, n)
	for i := range rhs {
		rhs[i] = 1
	}
	sol := make([]float64, n)
	b.Run("sparseSolve/leduc", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			lu.solve(sol, rhs)
		}
	})
}

// BenchmarkScaling traces the Leduc family (more ranks and suits) to the QRE
// at λ = 20, to show how the cost grows with the game; run with
// -benchtime 1x.
func BenchmarkScaling(b *testing.B) {
	for _, g := range []string{"leduc:ranks=2,suits=2", "leduc", "leduc:ranks=4,suits=2", "leduc:ranks=3,suits=3", "leduc:ranks=5,suits=2", "leduc:ranks=4,suits=3"} {
		b.Run(g, func(b *testing.B) {
			tree := loadGame(b, g)
			s, err := newSystem(tree)
			if err != nil {
				b.Fatal(err)
			}
			var st Stats
			for b.Loop() {
				p, err := Trace(tree, Options{Lambdas: []float64{20}})
				if err != nil {
					b.Fatal(err)
				}
				st = p.Stats
			}
			b.ReportMetric(float64(tree.NumNodes()), "nodes")
			b.ReportMetric(float64(st.Unknowns), "m")
			b.ReportMetric(float64(s.nnz()), "nnz")
			b.ReportMetric(float64(st.Steps), "steps")
		})
	}
}
