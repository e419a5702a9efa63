package spot

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestResultRoundTrip: a result file gives back the spot, the strategy bit
// for bit and the header.
func TestResultRoundTrip(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	s := solve(t, g, SolveOptions{}, 5)
	σ := s.Average()
	e := g.Evaluate(σ)
	var buf bytes.Buffer
	if err := WriteResult(&buf, g, σ, FileHeader{Method: "dcfr", Iterations: 5, Evaluation: &e}); err != nil {
		t.Fatal(err)
	}
	r, err := ReadResult(bytes.NewReader(buf.Bytes()), "r.pls")
	if err != nil {
		t.Fatal(err)
	}
	if r.Game.Spot.Format() != g.Spot.Format() || r.Header.Iterations != 5 || r.Header.Method != "dcfr" || *r.Header.Evaluation != e {
		t.Fatalf("header %+v", r.Header)
	}
	for i := range σ {
		if math.Float32bits(σ[i]) != math.Float32bits(r.Strategy[i]) {
			t.Fatalf("value %d: %v, wrote %v", i, r.Strategy[i], σ[i])
		}
	}
}

// TestCheckpointResumesBitForBit: 4 + 6 iterations through a checkpoint
// (with a different thread count) equal 10 iterations in one go.
func TestCheckpointResumesBitForBit(t *testing.T) {
	g := mustGame(t, turnSmall, Options{})
	whole := solve(t, g, SolveOptions{}, 10)
	first := solve(t, g, SolveOptions{}, 4)
	var buf bytes.Buffer
	if err := first.WriteCheckpoint(&buf); err != nil {
		t.Fatal(err)
	}
	again, err := LoadCheckpoint(bytes.NewReader(buf.Bytes()), "c.pls", g, SolveOptions{Threads: 2}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if again.Iterations() != 4 {
		t.Fatalf("resumed at %d", again.Iterations())
	}
	again.Iterate(6)
	for i := range whole.regret {
		if math.Float32bits(whole.regret[i]) != math.Float32bits(again.regret[i]) || math.Float32bits(whole.cum[i]) != math.Float32bits(again.cum[i]) {
			t.Fatalf("element %d differs after resuming", i)
		}
	}
	// A checkpoint of another spot is refused.
	other := mustGame(t, strings.Replace(turnSmall, "pot = 60", "pot = 61", 1), Options{})
	if _, err := LoadCheckpoint(bytes.NewReader(buf.Bytes()), "c.pls", other, SolveOptions{}, 0); err == nil || !strings.Contains(err.Error(), "another spot") {
		t.Fatalf("other spot: %v", err)
	}
	// So is a different discount.
	if _, err := LoadCheckpoint(bytes.NewReader(buf.Bytes()), "c.pls", g, SolveOptions{Discount: &Discount{1, 1, 1}}, 0); err == nil || !strings.Contains(err.Error(), "solved with") {
		t.Fatalf("other discount: %v", err)
	}
}

func resultBytes(t *testing.T) []byte {
	g := mustGame(t, riverSmall, Options{})
	var buf bytes.Buffer
	if err := WriteResult(&buf, g, g.Uniform(), FileHeader{Method: "uniform"}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestResultFileErrors: another version, a truncated or damaged file, a
// checkpoint given as a result, and a file that is not a .pls: each a
// clear error naming the file.
func TestResultFileErrors(t *testing.T) {
	good := resultBytes(t)
	version := bytes.Clone(good)
	binary.LittleEndian.PutUint32(version[8:], FileVersion+1)
	flipped := bytes.Clone(good)
	flipped[len(flipped)-10] ^= 1
	g := mustGame(t, riverSmall, Options{})
	s := solve(t, g, SolveOptions{}, 1)
	var ck bytes.Buffer
	if err := s.WriteCheckpoint(&ck); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"other version", version, "file version 2; this pokerlab reads version 1"},
		{"truncated in the arrays", good[:len(good)-100], "truncated: array 1 of 1"},
		{"truncated checksum", good[:len(good)-2], "truncated: the checksum is missing"},
		{"truncated header", good[:30], "truncated in the header"},
		{"truncated magic", good[:5], "truncated"},
		{"damaged", flipped, "checksum mismatch"},
		{"checkpoint", ck.Bytes(), "a checkpoint, not a result"},
		{"not pls", []byte("board = \"AsKsQs\"\n"), "not a pokerlab spot file"},
		{"empty", nil, "not a pokerlab spot file"},
		{"trailing", append(bytes.Clone(good), 0), "data after the checksum"},
	}
	for _, c := range cases {
		_, err := ReadResult(bytes.NewReader(c.data), "r.pls")
		var fe *FileError
		if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "r.pls: ") {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// FuzzReadResult: no input makes the reader panic or accept a damaged
// file silently (the seed corpus runs in go test).
func FuzzReadResult(f *testing.F) {
	good := resultBytes(&testing.T{})
	f.Add(good)
	f.Add(good[:40])
	f.Add([]byte("PLSPOT\n\x00\x01\x00\x00\x00\x02\x00\x00\x00{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadResult(bytes.NewReader(data), "f.pls")
		if err == nil && int64(len(r.Strategy)) != r.Game.Size {
			t.Fatalf("accepted a strategy of %d values for %d", len(r.Strategy), r.Game.Size)
		}
	})
}
