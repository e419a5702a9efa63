//go:build amd64 && !purego

package handeval

import (
	"golang.org/x/sys/cpu"

	"pokerlab/cards"
)

// useAsm selects the assembly loops of batch_amd64.s: they use BMI1
// (TZCNT) and BMI2 (SHRX), present on every amd64 CPU since Intel Haswell
// (2013) and AMD Excavator (2015).
var useAsm = cpu.X86.HasBMI1 && cpu.X86.HasBMI2

//go:noescape
func evalHandsAsm(dst *Value, hs *Hand, n int)

//go:noescape
func evalSetsAsm(dst *Value, ss *cards.Set, n int)

//go:noescape
func evalCards7Asm(dst *Value, cs *[7]cards.Card, n int)

//go:noescape
func evalPairsAsm(dst *Value, h Hand, cs *cards.Card, n int)

//go:noescape
func evalTriplesAsm(dst *Value, h Hand, cs *cards.Card, n int)

// pairKey[a + 256·b] is cardKey[a] + cardKey[b] for cards a and b (below
// 52; other places 0): evalCards7Asm reads two cards of a hand with one
// 16-bit load (the first in the low byte) and adds their key with one
// more, so that a hand of seven cards is four key loads, not seven. The
// loop over card arrays is bound by loads (two per card), and this takes
// six of the sixteen a hand away. It has a place for every 16-bit load, so
// that a card array outside the contract (a byte of 52 or more) reads
// zeros, never outside the table (as cardKey has 256 entries for the Go
// loops): 512 KB of zeroed data, of which only 2,704 entries are written
// (21 KB, in 52 runs of 416 bytes, within the first 106 KB); the rest are
// pages never touched by valid input, which cost no memory. Filled at
// start-up, 2,704 additions, only where the assembly runs.
var pairKey [256 * 256]uint64

func init() {
	if !useAsm {
		return
	}
	for b := range 52 {
		for a := range 52 {
			pairKey[a+256*b] = tab.cardKey[a] + tab.cardKey[b]
		}
	}
}
