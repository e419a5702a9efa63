package equity

import (
	"math/rand/v2"
	"testing"
)

// The generator is math/rand/v2's PCG: the same outputs for the same seeds
// (so the Monte Carlo streams are rand.PCG's).
func TestPCGMatchesMathRand(t *testing.T) {
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {7, 0x5DEECE66D}, {1 << 63, 12345}, {^uint64(0), ^uint64(0)}} {
		var p pcg
		p.seed(seed[0], seed[1])
		ref := rand.NewPCG(seed[0], seed[1])
		for i := range 10000 {
			if got, want := p.Uint64(), ref.Uint64(); got != want {
				t.Fatalf("seed %v, output %d: %#x, rand.PCG %#x", seed, i, got, want)
			}
		}
	}
}
