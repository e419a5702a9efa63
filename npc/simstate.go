package npc

import (
	"fmt"
	"time"
)

// SimState is where a simulation stands after some hands: what Simulate
// needs to continue it (SimOptions.Resume) as if it had never stopped. The
// hands themselves are not in it: hand i is a function of the table, the
// seed and i alone, so the next hands need only their numbers, and the
// sums of the hands played are kept as the simulation added them (in
// blocks of hands, in block order), so that the resumed sums are the same
// to the bit.
type SimState struct {
	Seed    uint64
	Hands   int           // hands played
	Elapsed time.Duration // time spent playing them
	// Blocks holds per seat the sums over the whole blocks of hands;
	// Open, when Hands is not a multiple of the block size, the sums over
	// the last block so far (nil otherwise).
	Blocks, Open []SeatSim
}

// SimBlock is the number of hands in a block: hands are dealt to the
// goroutines in blocks, an interruption stops at a block's end, and each
// block's sums are added to the total in block order.
const SimBlock = simChunk

// State returns the state to continue the simulation from.
func (r *SimResult) State() *SimState {
	st := &SimState{Seed: r.seed, Hands: r.Hands, Elapsed: r.Elapsed, Blocks: make([]SeatSim, len(r.blocks))}
	for s := range r.blocks {
		st.Blocks[s] = r.blocks[s].clone()
	}
	if r.open != nil {
		st.Open = make([]SeatSim, len(r.open))
		for s := range r.open {
			st.Open[s] = r.open[s].clone()
		}
	}
	return st
}

// check reports whether Simulate can continue st at table t with opt.
func (st *SimState) check(t *Table, opt SimOptions) error {
	switch {
	case opt.Quantiles:
		return fmt.Errorf("npc: simulate: a resumed simulation does not collect quantiles")
	case st.Seed != opt.Seed:
		return fmt.Errorf("npc: simulate: the state to resume is of seed %d, not %d", st.Seed, opt.Seed)
	case len(st.Blocks) != len(t.Seats) || (st.Open != nil && len(st.Open) != len(t.Seats)):
		return fmt.Errorf("npc: simulate: the state to resume has %d seats, the table %d", len(st.Blocks), len(t.Seats))
	case st.Hands < 0 || st.Hands > opt.Hands:
		return fmt.Errorf("npc: simulate: the state to resume is at hand %d, beyond the %d hands to play", st.Hands, opt.Hands)
	case (st.Hands%simChunk != 0) != (st.Open != nil):
		return fmt.Errorf("npc: simulate: the state to resume is inconsistent (%d hands, partial block %v)", st.Hands, st.Open != nil)
	}
	return nil
}

// clone returns a copy of s that shares nothing with it.
func (s *SeatSim) clone() SeatSim {
	c := *s
	if s.Quantiles != nil {
		c.Quantiles = append([][quantileBins]uint32(nil), s.Quantiles...)
	}
	return c
}
