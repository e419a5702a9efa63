package equity

import "math/bits"

// pcg is the generator of math/rand/v2's PCG, written out so that hot
// loops can keep its 128-bit state in registers (pcgStep on local
// variables) instead of loading and storing it at every call: a 128-bit
// linear congruential generator, state = state·mul + inc (mod 2¹²⁸), with
// the "double xorshift multiply" (DXSM) output of O'Neill's PCG family, as
// math/rand/v2 and NumPy use. The constants are PCG's published 128-bit
// multiplier and increment. TestPCGMatchesMathRand checks that the outputs
// equal rand.PCG's for the same seed, so the Monte Carlo streams are those
// of rand.PCG.
type pcg struct{ hi, lo uint64 }

// seed sets the state as rand.PCG.Seed does.
func (p *pcg) seed(seed1, seed2 uint64) { p.hi, p.lo = seed1, seed2 }

// Uint64 returns the next output.
func (p *pcg) Uint64() uint64 {
	var x uint64
	p.hi, p.lo, x = pcgStep(p.hi, p.lo)
	return x
}

// pcgStep advances the state (hi, lo) and returns the new state and the
// output.
func pcgStep(hi, lo uint64) (uint64, uint64, uint64) {
	const (
		mulHi    = 0x2360ed051fc65da4
		mulLo    = 0x4385df649fccf645
		incHi    = 0x5851f42d4c957f2d
		incLo    = 0x14057b7ef767814f
		cheapMul = 0xda942042e4dd58b5
	)
	h, l := bits.Mul64(lo, mulLo)
	h += hi*mulLo + lo*mulHi
	l, c := bits.Add64(l, incLo, 0)
	h, _ = bits.Add64(h, incHi, c)
	x := h ^ h>>32
	x *= cheapMul
	x ^= x >> 48
	x *= l | 1
	return h, l, x
}
