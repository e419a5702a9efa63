package npc

import "pokerlab/holdem"

// hudAccumulator is a stand-in until package hud exists: it replays the
// policy's own classification of each hand's events.
type hudAccumulator struct {
	c []Counts
}

func (a *hudAccumulator) init(names []string)  { a.c = make([]Counts, len(names)) }
func (a *hudAccumulator) add(h *holdem.Hand)   {}
func (a *hudAccumulator) counts(i int) *Counts { return nil }
