//go:build qrelab

package spotqre

import "math"

// symCG (measured through -lin.method cg; the solver does not use it:
// information sets play hardly reaches get no weight in its norm) solves
// (I − y') d = f by CG on the transformed system (I − Lᵀ C L) z = Lᵀ f,
// L Lᵀ = W·J_I, W the merit's weights (reach plus an even share): if W·J_I·y'
// is symmetric (TestMeasureJacobianSymmetry finds it nearly so), the transformed matrix
// is symmetric positive definite. Then d = f + y'(v), J_I v = L z.
type symCG struct {
	s                 *Solver
	z, r, p, q, v, yv []float64
}

// lt sets out = Lᵀ d: √w·(√σ⊙d − √σ·Σ_b σ_b d_b) per information set.
func (c *symCG) lt(d, out []float64) {
	s := c.s
	for _, b := range s.ip {
		σ := s.sig1[b.c : b.c+b.k*b.nh]
		for h := range b.nh {
			w := s.wt[b.c+h]
			var m float64
			for a := range b.k {
				m += σ[a*b.nh+h] * d[b.c+a*b.nh+h]
			}
			f := math.Sqrt(w)
			for a := range b.k {
				i := a*b.nh + h
				sq := math.Sqrt(σ[i])
				out[b.c+i] = f * (sq*d[b.c+i] - sq*m)
			}
		}
	}
}

// vOf sets v with J_I·W·v = L z: v_a = (z_a − √σ_a Σ_b √σ_b z_b)/√(σ_a·w).
func (c *symCG) vOf(z, v []float64) {
	s := c.s
	for _, b := range s.ip {
		σ := s.sig1[b.c : b.c+b.k*b.nh]
		for h := range b.nh {
			w := s.wt[b.c+h]
			var m float64
			for a := range b.k {
				m += math.Sqrt(σ[a*b.nh+h]) * z[b.c+a*b.nh+h]
			}
			for a := range b.k {
				i := a*b.nh + h
				den := math.Sqrt(σ[i] * w)
				if den == 0 {
					v[b.c+i] = 0
					continue
				}
				v[b.c+i] = (z[b.c+i] - math.Sqrt(σ[i])*m) / den
			}
		}
	}
}

func (c *symCG) solve(matvec func(v, out []float64), f, d []float64, rtol float64, maxit int) (int, float64) {
	n := len(f)
	if len(c.z) != n {
		for _, p := range []*[]float64{&c.z, &c.r, &c.p, &c.q, &c.v, &c.yv} {
			*p = make([]float64, n)
		}
	}
	// y'·v = v − (I − y')v.
	yp := func(v, out []float64) {
		matvec(v, out)
		for i := range out {
			out[i] = v[i] - out[i]
		}
	}
	top := func(z, out []float64) { // T z = z − Lᵀ y'(v(z))
		c.vOf(z, c.v)
		yp(c.v, c.yv)
		c.lt(c.yv, out)
		for i := range out {
			out[i] = z[i] - out[i]
		}
	}
	z, r, p, q := c.z, c.r, c.p, c.q
	clear(z)
	c.lt(f, r)
	rn0 := math.Sqrt(dot(r, r))
	used := 0
	if rn0 > 0 {
		copy(p, r)
		rr := rn0 * rn0
		for used < maxit-1 {
			top(p, q)
			used++
			pq := dot(p, q)
			if pq <= 0 {
				break
			}
			α := rr / pq
			axpy(z, α, p)
			axpy(r, -α, q)
			rr2 := dot(r, r)
			if math.Sqrt(rr2) <= rtol*rn0 {
				break
			}
			β := rr2 / rr
			rr = rr2
			for i := range p {
				p[i] = r[i] + β*p[i]
			}
		}
	}
	// d = f + y'(v(z)).
	c.vOf(z, c.v)
	yp(c.v, c.yv)
	used++
	for i := range d {
		d[i] = f[i] + c.yv[i]
	}
	// The true relative residual (for the log; one more product).
	matvec(d, c.q)
	used++
	for i := range c.q {
		c.q[i] = f[i] - c.q[i]
	}
	return used, math.Sqrt(dot(c.q, c.q) / dot(f, f))
}
