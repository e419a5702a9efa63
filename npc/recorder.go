package npc

import (
	"io"
	"strconv"

	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// Recorder receives the hands of a simulation in order (SimOptions.HandSink):
// it writes them as PHH when given a writer and measures every seat's HUD
// stats over them, so the stats reported are those of the histories written.
type Recorder struct {
	// Seed is the simulation's seed (SimOptions.Seed; default 0). Each
	// hand written gets the PHH hand field hh.HandID(hand, Seed, its
	// number from 1): the same seed writes the same numbers, other seeds
	// other numbers, so the hands of different runs stay apart in a
	// database and in PokerStars text (hh.WritePokerStars prints it).
	Seed uint64

	table *Table
	names []string
	w     io.Writer
	err   error
	n     int
	hud   *hud.Tracker
}

// NewRecorder returns a recorder for table t writing PHH to w (nil: none).
func NewRecorder(t *Table, w io.Writer) (*Recorder, error) {
	r := &Recorder{table: t, w: w}
	for _, s := range t.Seats {
		r.names = append(r.names, s.Name)
	}
	r.hud = hud.NewTracker()
	// The recorder measures frequencies: no all-in runouts enumerated.
	r.hud.NoAllInEV = true
	return r, nil
}

// Hand records finished hand number i.
func (r *Recorder) Hand(i int, h *holdem.Hand) {
	if r.err != nil {
		return
	}
	r.hud.Add(h, r.names)
	if r.w == nil {
		return
	}
	ph := hh.FromEngine(h, r.names, 0)
	ph.Name = strconv.Itoa(i + 1)
	ph.SetField("hand", hh.HandID(ph, r.Seed, int64(i+1)))
	if r.n > 0 {
		if _, err := io.WriteString(r.w, "\n"); err != nil {
			r.err = err
			return
		}
	}
	r.n++
	r.err = hh.Write(r.w, []*hh.Hand{ph})
}

// Err returns the first write error.
func (r *Recorder) Err() error { return r.err }

// Measured returns the HUD counts of seat i over the hands recorded.
func (r *Recorder) Measured(i int) *Counts {
	var c Counts
	if p, ok := r.hud.Player(r.names[i]); ok {
		c = countsFromHUD(p)
	}
	return &c
}

// Check compares every seat's measured stats with its profile (targets of
// position variants weighted by the simulation's opportunities).
func (r *Recorder) Check(res *SimResult) [][]StatCheck {
	out := make([][]StatCheck, len(r.table.Seats))
	for i, s := range r.table.Seats {
		out[i] = CheckStats(s.Profile, r.Measured(i), &res.Seats[i].ByVariant)
	}
	return out
}
