//go:build !amd64 || purego

package handeval

import "pokerlab/cards"

// useAsm is false: no assembly in this build (another architecture, or
// -tags purego); the batch forms run their Go loops.
const useAsm = false

// The assembly entry points, never called (useAsm is false).

func evalHandsAsm(dst *Value, hs *Hand, n int)               { panic("handeval: no assembly") }
func evalSetsAsm(dst *Value, ss *cards.Set, n int)           { panic("handeval: no assembly") }
func evalCards7Asm(dst *Value, cs *[7]cards.Card, n int)     { panic("handeval: no assembly") }
func evalPairsAsm(dst *Value, h Hand, cs *cards.Card, n int) { panic("handeval: no assembly") }
func evalTriplesAsm(dst *Value, h Hand, cs *cards.Card, n int) {
	panic("handeval: no assembly")
}
