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
