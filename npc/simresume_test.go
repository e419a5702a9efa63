package npc

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"pokerlab/holdem"
)

// recorded is a simulation's result with its recorder and the PHH it wrote.
type recorded struct {
	res *SimResult
	rec *Recorder
	phh *bytes.Buffer
	idx []int // the hand numbers HandSink received
}

// simulate plays hands at tb, resuming from ck when it is not nil.
func simulate(t *testing.T, tb *Table, opt SimOptions, ck *SimCheckpoint) recorded {
	t.Helper()
	r := recorded{phh: &bytes.Buffer{}}
	rec, err := NewRecorder(tb, r.phh)
	if err != nil {
		t.Fatal(err)
	}
	if ck != nil {
		rec.Restore(ck.Recorder)
		opt.Resume = &ck.State
	}
	r.rec = rec
	opt.HandSink = func(i int, h *holdem.Hand) {
		r.idx = append(r.idx, i)
		rec.Hand(i, h)
	}
	if r.res, err = Simulate(tb, opt); err != nil {
		t.Fatal(err)
	}
	if err := rec.Err(); err != nil {
		t.Fatal(err)
	}
	return r
}

// checkpoint saves r through the file format and reads it back.
func checkpoint(t *testing.T, tb *Table, r recorded) *SimCheckpoint {
	t.Helper()
	c := &SimCheckpoint{Table: TableFingerprint(tb), Calibrated: make([]bool, len(tb.Seats)),
		Calibrations: make([]Calibration, len(tb.Seats)), State: *r.res.State(), Recorder: r.rec.State()}
	var buf bytes.Buffer
	if err := WriteSimCheckpoint(&buf, c); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSimCheckpoint(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// TestSimulateInterruptStopsAtBlockEnd: Simulate stops at the start of the
// first block for which Interrupt answers true; the hands played and their
// sums are those of a simulation of that many hands.
func TestSimulateInterruptStopsAtBlockEnd(t *testing.T) {
	tb := loadTable(t, "threehanded.toml")
	for _, threads := range []int{1, 3} {
		var asked []int
		cut := simulate(t, tb, SimOptions{Hands: 2000, Seed: 4, Threads: threads, Interrupt: func(h int) bool {
			asked = append(asked, h)
			return h >= 600
		}}, nil)
		if !cut.res.Interrupted || cut.res.Hands != 3*SimBlock {
			t.Fatalf("threads %d: interrupted %v after %d hands, want after %d", threads, cut.res.Interrupted, cut.res.Hands, 3*SimBlock)
		}
		for i, h := range asked {
			if h != i*SimBlock && !(i == len(asked)-1 && h == 3*SimBlock) {
				t.Fatalf("threads %d: Interrupt asked at %v, want at each block's first hand", threads, asked)
			}
		}
		if len(cut.idx) != 3*SimBlock || cut.idx[len(cut.idx)-1] != 3*SimBlock-1 {
			t.Fatalf("threads %d: HandSink got %d hands", threads, len(cut.idx))
		}
		want := simulate(t, tb, SimOptions{Hands: 3 * SimBlock, Seed: 4}, nil)
		if !reflect.DeepEqual(cut.res.Seats, want.res.Seats) || !bytes.Equal(cut.phh.Bytes(), want.phh.Bytes()) {
			t.Errorf("threads %d: the interrupted simulation's hands differ from %d hands played straight", threads, 3*SimBlock)
		}
	}
}

// TestSimulateResumedIsUninterrupted: a simulation stopped (interrupted at
// a block's end, or finished inside a block) and resumed through its
// checkpoint writes the same PHH bytes, the same HUD tallies and the same
// sums, to the bit, as one simulation of all the hands.
func TestSimulateResumedIsUninterrupted(t *testing.T) {
	tb := loadTable(t, "threehanded.toml")
	const hands = 1500
	straight := simulate(t, tb, SimOptions{Hands: hands, Seed: 11}, nil)
	for _, tc := range []struct {
		name  string
		first SimOptions
	}{
		{"interrupted", SimOptions{Hands: hands, Interrupt: func(h int) bool { return h >= 2*SimBlock }}},
		{"interrupted at the start", SimOptions{Hands: hands, Interrupt: func(int) bool { return true }}},
		{"finished inside a block", SimOptions{Hands: 700}},
		{"finished at the end", SimOptions{Hands: hands}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.first.Seed, tc.first.Threads = 11, 2
			first := simulate(t, tb, tc.first, nil)
			ck := checkpoint(t, tb, first)
			rest := simulate(t, tb, SimOptions{Hands: hands, Seed: 11, Threads: 3}, ck)
			if rest.res.Interrupted || rest.res.Hands != hands {
				t.Fatalf("resumed: interrupted %v after %d hands", rest.res.Interrupted, rest.res.Hands)
			}
			if len(rest.idx) > 0 && rest.idx[0] != first.res.Hands {
				t.Errorf("the resumed simulation starts at hand %d, want %d", rest.idx[0], first.res.Hands)
			}
			phh := append(first.phh.Bytes(), rest.phh.Bytes()...)
			if !bytes.Equal(phh, straight.phh.Bytes()) {
				t.Errorf("PHH: %d bytes before and %d after the stop; %d straight, equal: false", first.phh.Len(), rest.phh.Len(), straight.phh.Len())
			}
			if !reflect.DeepEqual(rest.rec.State(), straight.rec.State()) {
				t.Error("the resumed HUD tallies differ")
			}
			for s := range straight.res.Seats {
				a, b := &straight.res.Seats[s], &rest.res.Seats[s]
				if !reflect.DeepEqual(a.Policy, b.Policy) || a.ByVariant != b.ByVariant || a.Kinds != b.Kinds || a.EquityN != b.EquityN ||
					a.Decisions != b.Decisions || a.NoRaise != b.NoRaise {
					t.Errorf("seat %d: counts differ", s)
				}
				for k := range a.EquitySum {
					for st := range a.EquitySum[k] {
						for x := range a.EquitySum[k][st] {
							if math.Float64bits(a.EquitySum[k][st][x]) != math.Float64bits(b.EquitySum[k][st][x]) {
								t.Fatalf("seat %d: equity sum [%d][%d][%d] = %v straight, %v resumed", s, k, st, x, a.EquitySum[k][st][x], b.EquitySum[k][st][x])
							}
						}
					}
				}
			}
		})
	}
}

// TestSimulateRefusesForeignState: a state of another seed, more hands than
// asked for, or together with quantile collection is refused.
func TestSimulateRefusesForeignState(t *testing.T) {
	tb := loadTable(t, "headsup.toml")
	st := simulate(t, tb, SimOptions{Hands: 300, Seed: 1}, nil).res.State()
	for _, tc := range []struct {
		opt  SimOptions
		want string
	}{
		{SimOptions{Hands: 600, Seed: 2}, "of seed 1, not 2"},
		{SimOptions{Hands: 200, Seed: 1}, "at hand 300, beyond the 200 hands"},
		{SimOptions{Hands: 600, Seed: 1, Quantiles: true}, "does not collect quantiles"},
	} {
		tc.opt.Resume = st
		if _, err := Simulate(tb, tc.opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.opt, err, tc.want)
		}
	}
}

// TestSimCheckpointFile: the same checkpoint (calibration maps included)
// is written as the same bytes and read back equal; damaged or foreign
// data is refused.
func TestSimCheckpointFile(t *testing.T) {
	tb := loadTable(t, "headsup.toml")
	r := simulate(t, tb, SimOptions{Hands: 300, Seed: 1}, nil)
	cal := Calibration{OpenRate: 0.2, ColdCall: math.NaN(), Maps: map[string][]float64{"b": {0, 0.5, 1}, "a": {0, 1}, "c": {0.1}},
		RaiseScale: map[string]float64{"y": 1.25, "x": 1.5}}
	c := &SimCheckpoint{Table: 7, Calibrated: []bool{true, false}, Calibrations: []Calibration{cal, {}}, CalibrateHands: 5000,
		State: *r.res.State(), Recorder: r.rec.State(), HandHistories: &HandFile{Path: "h.phhs", Size: 12, SHA256: [32]byte{1, 2}}}
	var a, b bytes.Buffer
	if err := WriteSimCheckpoint(&a, c); err != nil {
		t.Fatal(err)
	}
	WriteSimCheckpoint(&b, c)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same checkpoint written twice gives different bytes")
	}
	back, err := ReadSimCheckpoint(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got := back.Calibrations[0]
	if got.OpenRate != 0.2 || !math.IsNaN(got.ColdCall) || !reflect.DeepEqual(got.Maps, cal.Maps) || !reflect.DeepEqual(got.RaiseScale, cal.RaiseScale) {
		t.Errorf("calibration read back as %+v", got)
	}
	back.Calibrations = c.Calibrations // NaN ≠ NaN for DeepEqual; checked above
	if !reflect.DeepEqual(back, c) {
		t.Errorf("read back %+v\nwrote %+v", back, c)
	}
	data := a.Bytes()
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"foreign", []byte("pokerlab cfr checkpoint 1\n..."), "not a pokerlab sim checkpoint"},
		{"truncated", data[:len(data)-10], "checksum mismatch"},
		{"damaged", append(append([]byte(nil), data[:40]...), append([]byte{data[40] ^ 1}, data[41:]...)...), "checksum mismatch"},
	} {
		if _, err := ReadSimCheckpoint(bytes.NewReader(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestTableFingerprintSeesWhatPlays: every setting that changes play
// changes the fingerprint; the file's path does not.
func TestTableFingerprintSeesWhatPlays(t *testing.T) {
	base := loadTable(t, "headsup.toml")
	want := TableFingerprint(base)
	edit := func(f func(tb *Table)) *Table {
		tb := *base
		tb.Seats = append([]Seat(nil), base.Seats...)
		for i := range tb.Seats {
			p := *base.Seats[i].Profile
			p.Calibration = p.Calibration.clone()
			tb.Seats[i].Profile = &p
		}
		f(&tb)
		return &tb
	}
	if got := TableFingerprint(edit(func(tb *Table) { tb.Path = "elsewhere/t.toml" })); got != want {
		t.Error("the path changed the fingerprint")
	}
	for name, f := range map[string]func(tb *Table){
		"stack":       func(tb *Table) { tb.Stack++ },
		"rules":       func(tb *Table) { tb.Rules++ },
		"seat name":   func(tb *Table) { tb.Seats[1].Name += "x" },
		"stat":        func(tb *Table) { tb.Seats[0].Profile.Stats[0] += 1e-12 },
		"size":        func(tb *Table) { tb.Seats[0].Profile.Sizes.Bet[2] = 0.75 },
		"calibration": func(tb *Table) { tb.Seats[1].Profile.Calibration.Maps = map[string][]float64{"k": {0, 1}} },
		"open rate":   func(tb *Table) { tb.Seats[1].Profile.Calibration.OpenRate = 0.3 },
	} {
		if TableFingerprint(edit(f)) == want {
			t.Errorf("%s: the fingerprint did not change", name)
		}
	}
}
