package spotqre

// The vector kernels of the Krylov basis and Anderson's history. On the
// machine measured they are bound by the processor's arithmetic about as
// much as by memory: 20 dot products with vectors of 844,000 float64 took
// 4.5 ms four columns at a time whether the columns streamed from memory or
// sat in the first-level cache. So they work on four columns at a time,
// each element of the shared vector loaded once for four multiply–adds, in
// row blocks of vecBlock.

// vecBlock is the row block of the blocked passes: the shared vector's
// block (128 KB in float64) stays in the second-level cache while the
// columns stream by. Blocks of 1,024 rows were slower (10.1 against 6.7 ms
// for those 20 dot products, on a loaded machine); 8,192, 16,384 and 32,768
// made no measurable difference to BenchmarkKrylovSolve.
const vecBlock = 16384

// dot4 returns the dot products of c with a0…a3.
func dot4(c, a0, a1, a2, a3 []float64) (s0, s1, s2, s3 float64) {
	a0, a1, a2, a3 = a0[:len(c)], a1[:len(c)], a2[:len(c)], a3[:len(c)]
	for i, x := range c {
		s0 += x * a0[i]
		s1 += x * a1[i]
		s2 += x * a2[i]
		s3 += x * a3[i]
	}
	return
}

// axpy4 sets y += g0·x0 + g1·x1 + g2·x2 + g3·x3.
func axpy4(y []float64, g0, g1, g2, g3 float64, x0, x1, x2, x3 []float64) {
	x0, x1, x2, x3 = x0[:len(y)], x1[:len(y)], x2[:len(y)], x3[:len(y)]
	for i := range y {
		y[i] += g0*x0[i] + g1*x1[i] + g2*x2[i] + g3*x3[i]
	}
}

// dotsBlock adds to acc[i] the dot product of c with V[i][lo:lo+len(c)],
// four columns at a time.
func dotsBlock(c []float64, V [][]float64, lo int, acc []float64) {
	hi := lo + len(c)
	i := 0
	for ; i+4 <= len(V); i += 4 {
		d0, d1, d2, d3 := dot4(c, V[i][lo:hi], V[i+1][lo:hi], V[i+2][lo:hi], V[i+3][lo:hi])
		acc[i] += d0
		acc[i+1] += d1
		acc[i+2] += d2
		acc[i+3] += d3
	}
	for ; i < len(V); i++ {
		acc[i] += dot(c, V[i][lo:hi])
	}
}

// combBlock sets y += Σ_i g[i]·V[i][lo:lo+len(y)], four columns at a time.
func combBlock(y []float64, V [][]float64, g []float64, lo int) {
	hi := lo + len(y)
	i := 0
	for ; i+4 <= len(V); i += 4 {
		axpy4(y, g[i], g[i+1], g[i+2], g[i+3], V[i][lo:hi], V[i+1][lo:hi], V[i+2][lo:hi], V[i+3][lo:hi])
	}
	for ; i < len(V); i++ {
		axpy(y, g[i], V[i][lo:hi])
	}
}
