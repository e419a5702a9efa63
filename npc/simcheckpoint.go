package npc

import (
	"encoding/binary"
	"errors"
	"hash/fnv"
	"io"
	"maps"
	"math"
	"slices"

	"pokerlab/hud"
	"pokerlab/internal/base/gobfile"
)

// SimCheckpoint is a simulation saved to be continued: its state, what its
// Recorder recorded, the table it played (as a fingerprint, and the
// calibrations the run computed for seats that had none) and the hand
// histories written so far. `pokerlab sim` writes one when interrupted.
type SimCheckpoint struct {
	// Table is the TableFingerprint of the table played, calibrations
	// included.
	Table uint64
	// Calibrations holds, per seat, the calibration the run computed for a
	// seat whose profile had none (Calibrated[i] false: the profile's own);
	// CalibrateHands the hands per round of that calibration (0: none).
	Calibrated     []bool
	Calibrations   []Calibration
	CalibrateHands int
	State          SimState
	Recorder       RecorderState
	// HandHistories, when the run wrote PHH, says which: the first Size
	// bytes of the file Path are the hands of State (their SHA-256 is
	// SHA256), so a resumed run can take them over and continue the file.
	HandHistories *HandFile
}

// HandFile identifies the bytes of a file written so far.
type HandFile struct {
	Path   string
	Size   int64
	SHA256 [32]byte
}

// RecorderState is what a Recorder has recorded: the HUD tallies and
// money per player, in the order first seen, and the number of hands written as PHH.
type RecorderState struct {
	HUD     []hud.Player
	Written int
}

// State returns what the recorder has recorded.
func (r *Recorder) State() RecorderState {
	return RecorderState{HUD: slices.Clone(r.hud.Players()), Written: r.n}
}

// Restore makes a new recorder continue from st, as if it had recorded
// those hands itself; call it before the first Hand.
func (r *Recorder) Restore(st RecorderState) {
	for i := range st.HUD {
		p := &st.HUD[i]
		r.hud.AddCounts(p.Name, p.Hands, &p.Counts)
		r.hud.AddMoney(p.Name, &p.Money)
	}
	r.n = st.Written
}

// A checkpoint file is simCheckpointFile in the frame of package gobfile
// under simCheckpointMagic. Floats travel as their bits; the calibrations'
// maps as sorted key–value lists, so the same simulation writes the same
// bytes.
const simCheckpointMagic = "pokerlab sim checkpoint 1\n"

type simCheckpointFile struct {
	SimCheckpoint
	Calibrations []calibrationEntries // replaces SimCheckpoint.Calibrations
}

type calibrationEntries struct {
	OpenRate, ColdCall float64
	MapKeys            []string
	Maps               [][]float64
	ScaleKeys          []string
	Scales             []float64
}

// WriteSimCheckpoint writes c to w.
func WriteSimCheckpoint(w io.Writer, c *SimCheckpoint) error {
	f := simCheckpointFile{SimCheckpoint: *c}
	f.SimCheckpoint.Calibrations = nil
	for _, cal := range c.Calibrations {
		e := calibrationEntries{OpenRate: cal.OpenRate, ColdCall: cal.ColdCall}
		for _, k := range slices.Sorted(maps.Keys(cal.Maps)) {
			e.MapKeys, e.Maps = append(e.MapKeys, k), append(e.Maps, cal.Maps[k])
		}
		for _, k := range slices.Sorted(maps.Keys(cal.RaiseScale)) {
			e.ScaleKeys, e.Scales = append(e.ScaleKeys, k), append(e.Scales, cal.RaiseScale[k])
		}
		f.Calibrations = append(f.Calibrations, e)
	}
	return gobfile.Write(w, simCheckpointMagic, &f)
}

// ReadSimCheckpoint reads a checkpoint written by WriteSimCheckpoint; it
// fails if the data is not one or is damaged.
func ReadSimCheckpoint(r io.Reader) (*SimCheckpoint, error) {
	var f simCheckpointFile
	if err := gobfile.Read(r, simCheckpointMagic, "a pokerlab sim checkpoint", &f); err != nil {
		return nil, err
	}
	c := f.SimCheckpoint
	for _, e := range f.Calibrations {
		cal := Calibration{OpenRate: e.OpenRate, ColdCall: e.ColdCall}
		if len(e.MapKeys) != len(e.Maps) || len(e.ScaleKeys) != len(e.Scales) {
			return nil, errors.New("checkpoint: inconsistent calibration")
		}
		if len(e.Maps) > 0 {
			cal.Maps = make(map[string][]float64, len(e.Maps))
			for i, k := range e.MapKeys {
				cal.Maps[k] = e.Maps[i]
			}
		}
		if len(e.Scales) > 0 {
			cal.RaiseScale = make(map[string]float64, len(e.Scales))
			for i, k := range e.ScaleKeys {
				cal.RaiseScale[k] = e.Scales[i]
			}
		}
		c.Calibrations = append(c.Calibrations, cal)
	}
	if len(c.Calibrated) != len(c.Calibrations) || len(c.State.Blocks) != len(c.Calibrated) {
		return nil, errors.New("checkpoint: inconsistent seat counts")
	}
	return &c, nil
}

// TableFingerprint returns a 64-bit FNV-1a hash of everything in t that a
// simulation depends on: blinds, ante, stack, rules and each seat's name and
// profile (stats, variants, sizes, bluff share, calibration, and the
// profile's name and description). Not the file's path.
func TableFingerprint(t *Table) uint64 {
	h := fnv.New64a()
	put := func(v any) {
		if err := binary.Write(h, binary.LittleEndian, v); err != nil {
			panic("npc: table fingerprint: " + err.Error())
		}
	}
	str := func(s string) {
		put(uint64(len(s)))
		io.WriteString(h, s)
	}
	f64s := func(xs []float64) {
		put(uint64(len(xs)))
		for _, x := range xs {
			put(math.Float64bits(x))
		}
	}
	put([]int64{t.SmallBlind, t.BigBlind, t.Ante, t.Stack, int64(t.Rules), int64(len(t.Seats))})
	for _, s := range t.Seats {
		str(s.Name)
		p := s.Profile
		str(p.Name)
		str(p.Description)
		put(p.Stats)
		put(p.Given)
		put(p.Pos)
		put(p.PosGiven)
		put(p.Sizes)
		put(p.Bluff)
		if p.PreflopMixing > 0 { // profiles without it keep their checkpoints
			put(p.PreflopMixing)
		}
		c := &p.Calibration
		put([]uint64{math.Float64bits(c.OpenRate), math.Float64bits(c.ColdCall), uint64(len(c.Maps))})
		for _, k := range slices.Sorted(maps.Keys(c.Maps)) {
			str(k)
			f64s(c.Maps[k])
		}
		put(uint64(len(c.RaiseScale)))
		for _, k := range slices.Sorted(maps.Keys(c.RaiseScale)) {
			str(k)
			put(math.Float64bits(c.RaiseScale[k]))
		}
	}
	return h.Sum64()
}
