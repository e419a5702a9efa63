package npc

import (
	"bytes"
	"strconv"
	"testing"

	"pokerlab/hh"
)

// recordHands plays hands of a table with seed through a Recorder with
// Seed set and returns the PHH written.
func recordHands(t *testing.T, tb *Table, seed uint64, hands int) []byte {
	t.Helper()
	var phh bytes.Buffer
	rec, _ := NewRecorder(tb, &phh)
	rec.Seed = seed
	if _, err := Simulate(tb, SimOptions{Hands: hands, Seed: seed, Threads: 2, HandSink: rec.Hand}); err != nil {
		t.Fatal(err)
	}
	if err := rec.Err(); err != nil {
		t.Fatal(err)
	}
	return phh.Bytes()
}

// TestSimHandIDsDifferBySeed: every hand a Recorder writes has a hand
// number of hh.HandIDDigits digits, hh.HandID of the hand, its seed and
// its number; the numbers of one run are distinct, those of another seed
// are all different, and the same seed writes the same bytes again.
func TestSimHandIDsDifferBySeed(t *testing.T) {
	tb := loadTable(t, "sixmax.toml")
	const n = 200
	seen := map[string]uint64{}
	for _, seed := range []uint64{1, 2} {
		text := recordHands(t, tb, seed, n)
		if again := recordHands(t, tb, seed, n); !bytes.Equal(text, again) {
			t.Fatalf("seed %d: two runs wrote different files", seed)
		}
		hands, err := hh.Parse("sim.phhs", text)
		if err != nil || len(hands) != n {
			t.Fatalf("seed %d: %d hands, %v", seed, len(hands), err)
		}
		for i, h := range hands {
			id, ok := h.Field("hand")
			if !ok || len(id) != hh.HandIDDigits || id[0] == '0' {
				t.Fatalf("seed %d hand %d: hand field %q", seed, i+1, id)
			}
			if s, dup := seen[id]; dup {
				t.Fatalf("seed %d hand %d: number %s also written with seed %d", seed, i+1, id, s)
			}
			seen[id] = seed
			// The number is the hand's HandID, computed before the field
			// was added.
			h.Extra = h.Extra[:len(h.Extra)-1]
			if want := strconv.FormatInt(hh.HandID(h, seed, int64(i+1)), 10); id != want {
				t.Fatalf("seed %d hand %d: number %s, HandID %s", seed, i+1, id, want)
			}
		}
	}
}
