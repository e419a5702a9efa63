package hud

import (
	"strconv"

	"pokerlab/holdem"
)

// Position names a seat by its place relative to the button, as trackers
// label positions (GTO Wizard's names for 6-, 8- and 9-handed tables):
// BTN the button; SB and BB the two seats after it (heads-up the button
// posts the small blind and is BTN, the other player BB); then, counting
// back from the button, CO, HJ and (seven or more players) LJ; the seats
// left between the BB and those are UTG, UTG+1, UTG+2, UTG+3 in order of
// action.
//
//	players  from the first to act preflop to the BB
//	2        BTN BB
//	3        BTN SB BB
//	4        CO BTN SB BB
//	5        HJ CO BTN SB BB
//	6        UTG HJ CO BTN SB BB
//	7        UTG LJ HJ CO BTN SB BB
//	8        UTG UTG+1 LJ HJ CO BTN SB BB
//	9        UTG UTG+1 UTG+2 LJ HJ CO BTN SB BB
//	10       UTG UTG+1 UTG+2 UTG+3 LJ HJ CO BTN SB BB
//
// fromButton is the seat's distance clockwise from the button (0 the
// button, 1 the next seat, ...) at a table of n players. Positions are by
// seat, whatever the blinds posted; the BTN, SB, BB and CO of the stats
// (Steal, Fold to Steal) are the same seats.
func Position(n, fromButton int) string {
	if n < holdem.MinSeats || n > holdem.MaxSeats || fromButton < 0 || fromButton >= n {
		panic("hud: Position(" + strconv.Itoa(n) + ", " + strconv.Itoa(fromButton) + ") out of range")
	}
	if n == 2 {
		return [2]string{"BTN", "BB"}[fromButton]
	}
	switch fromButton {
	case 0:
		return "BTN"
	case 1:
		return "SB"
	case 2:
		return "BB"
	}
	back := n - fromButton // 1 is the CO
	named := 2             // CO, HJ
	if n >= 7 {
		named = 3 // and LJ
	}
	if back <= named {
		return [3]string{"CO", "HJ", "LJ"}[back-1]
	}
	if k := fromButton - 3; k > 0 {
		return "UTG+" + strconv.Itoa(k)
	}
	return "UTG"
}

// SeatPosition is Position of engine seat s of hand g.
func SeatPosition(g *holdem.Hand, s int) string {
	n := g.Players()
	return Position(n, (s-g.Button()+n)%n)
}

// Positions lists every position name Position returns.
var Positions = []string{"UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN", "SB", "BB"}
