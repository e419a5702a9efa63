package hh

import (
	"fmt"

	"pokerlab/holdem"
)

// RecordCheck is the comparison of a replayed hand with the results it
// records (finishing_stacks, winnings); see Replayer.CheckRecord.
type RecordCheck struct {
	// Recorded is set when the hand records finishing_stacks or winnings
	// and the replay awarded every pot, so that they could be compared.
	Recorded bool
	// Rake is what the recorded results are short of the replay's awards,
	// summed over the winners, in the hand's units: the chips the site
	// kept. 0 when the record matches the replay exactly, or when it
	// contradicts it.
	Rake int64
	// Contradictions are the recorded amounts no rake explains.
	Contradictions []*RecordError
}

// Raked reports whether the record falls short of the replay by a rake.
func (c *RecordCheck) Raked() bool { return c.Rake > 0 }

// RecordError is a recorded result that contradicts the replay: the hand,
// the field and its line, the player and both amounts.
type RecordError struct {
	File   string
	Hand   string
	Line   int
	Field  string // "finishing_stacks" or "winnings"
	Player int    // 1-based (pN)
	// Recorded is the amount the file records, Replayed what the replay
	// gives the player (the finishing stack, or the chips collected from
	// the pots plus any uncalled bet returned), in the hand's units.
	Recorded, Replayed int64
	msg                string
}

func (e *RecordError) Error() string {
	return handPlace(e.File, e.Line, e.Hand) + e.Field + ": " + e.msg
}

// CheckRecord compares the hand r last replayed, h, with the results h
// records. Real sites rake their pots, so a recorded result may fall short
// of the replay's award to a winner; the shortfalls add up to the hand's
// rake. Contradictions are:
//
//   - a recorded amount above the replay's (a finishing stack above the
//     replay's, winnings above what the replay pays the player: the chips
//     from the pots, plus the uncalled bet returned, which some sites count
//     as collected);
//   - winnings for a player the replay pays nothing, or no winnings for a
//     player it pays;
//   - a finishing stack short of the replay's for a player who collects
//     nothing from the pots (a rake is taken from the pots, so it falls on
//     the winners);
//   - a finishing stack and winnings of the same player short of the
//     replay by different amounts.
//
// A capped hand's finishing stacks include what stayed behind the cap; a
// player who took an All-in Cash Out finishes with the cash-out in place of
// the pots' award (Replayer.Stack), and their winnings (the award the site
// kept) count toward the rake only by what the rake took from them.
//
// Hands whose replay did not award every pot are not compared.
func (r *Replayer) CheckRecord(h *Hand) RecordCheck {
	var c RecordCheck
	g := &r.Hand
	n := g.Players()
	if !g.Over() || g.Undecided() || n != h.NumPlayers() || h.FinishingStacks == nil && h.Winnings == nil {
		return c
	}
	c.Recorded = true
	var ret [holdem.MaxSeats]int64
	for _, e := range g.Events() {
		if e.Kind == holdem.EvReturn {
			ret[e.Seat] += e.Amount
		}
	}
	amt := h.FormatAmount
	bad := func(field string, line, s int, recorded, replayed int64, format string, args ...any) {
		c.Contradictions = append(c.Contradictions, &RecordError{File: h.File, Hand: h.Name, Line: line, Field: field,
			Player: s + 1, Recorded: recorded, Replayed: replayed, msg: fmt.Sprintf(format, args...)})
	}
	var short [holdem.MaxSeats]int64 // finishing-stack shortfall per player, -1 unknown
	var rakeF, rakeW int64
	for s := range n {
		short[s] = -1
	}
	if fs := h.FinishingStacks; fs != nil {
		for s := range n {
			// r.Stack: with what a capped hand kept behind, and a cash-out
			// in place of the pots' award.
			got, rec := r.Stack(s), fs[s]
			switch {
			case rec > got:
				bad("finishing_stacks", h.finishingLine, s, rec, got, "p%d is recorded with %s but the replay ends with %s: more than the replay", s+1, amt(rec), amt(got))
			case rec < got && r.cashOut[s] > 0:
				bad("finishing_stacks", h.finishingLine, s, rec, got, "p%d is recorded with %s but the replay ends with %s, and p%d cashed out (the cash-out is paid in full: no rake explains it)", s+1, amt(rec), amt(got), s+1)
			case rec < got && g.Won(s) == 0:
				bad("finishing_stacks", h.finishingLine, s, rec, got, "p%d is recorded with %s but the replay ends with %s, and p%d collects nothing from the pots, so no rake explains it", s+1, amt(rec), amt(got), s+1)
			default:
				short[s] = got - rec
				rakeF += got - rec
			}
		}
	}
	if ws := h.Winnings; ws != nil {
		for s := range n {
			won, rec := g.Won(s), ws[s]
			paid := won + ret[s]
			pays := amt(won) + " from the pots"
			if ret[s] > 0 {
				pays += " and " + amt(ret[s]) + " uncalled returned"
			}
			switch {
			case paid == 0 && rec > 0:
				bad("winnings", h.winningsLine, s, rec, paid, "p%d is recorded winning %s but the replay pays p%d nothing", s+1, amt(rec), s+1)
				continue
			case rec > paid:
				bad("winnings", h.winningsLine, s, rec, paid, "p%d is recorded winning %s but the replay pays %s: more than the replay", s+1, amt(rec), pays)
				continue
			case rec == 0 && won > 0:
				bad("winnings", h.winningsLine, s, rec, paid, "p%d is recorded winning nothing but the replay pays %s", s+1, pays)
				continue
			}
			// The shortfall, counting the uncalled bet as collected only
			// when the record does, or when the finishing stack says so.
			w := won - rec
			if rec > won {
				w = paid - rec
			}
			if r.cashOut[s] > 0 {
				// The site keeps the pots' award of a player who cashed
				// out: the finishing stack says nothing of its rake.
				if short[s] >= 0 {
					rakeF += w
				}
			} else if f := short[s]; f >= 0 && f != w {
				if w2 := paid - rec; ret[s] > 0 && f == w2 {
					w = w2
				} else {
					bad("winnings", h.winningsLine, s, rec, paid, "p%d's winnings %s are %s short of the replay's %s, but p%d's finishing stack %s is %s short of the replay's %s: the two records disagree",
						s+1, amt(rec), amt(w), pays, s+1, amt(h.FinishingStacks[s]), amt(f), amt(r.Stack(s)))
					continue
				}
			}
			rakeW += w
		}
	}
	if len(c.Contradictions) > 0 {
		return c
	}
	c.Rake = rakeW
	if h.FinishingStacks != nil {
		c.Rake = rakeF
	}
	return c
}
