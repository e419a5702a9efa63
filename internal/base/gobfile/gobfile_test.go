package gobfile

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

type state struct {
	N  int
	Xs []float64
}

// TestRoundTripKeepsBits: what Write wrote, Read gives back, floats to the
// bit (NaN and negative zero included).
func TestRoundTripKeepsBits(t *testing.T) {
	in := state{N: 7, Xs: []float64{0.1, math.Copysign(0, -1), math.NaN(), math.Inf(-1)}}
	var buf bytes.Buffer
	if err := Write(&buf, "test v1\n", &in); err != nil {
		t.Fatal(err)
	}
	var out state
	if err := Read(&buf, "test v1\n", "a test file", &out); err != nil {
		t.Fatal(err)
	}
	for i := range in.Xs {
		if math.Float64bits(in.Xs[i]) != math.Float64bits(out.Xs[i]) || out.N != 7 {
			t.Fatalf("read %+v, wrote %+v", out, in)
		}
	}
}

// TestReadRefusesForeignDamagedTruncated: another format, a flipped bit and
// a cut file are each refused with their reason.
func TestReadRefusesForeignDamagedTruncated(t *testing.T) {
	var buf bytes.Buffer
	Write(&buf, "test v1\n", &state{N: 1, Xs: []float64{1, 2, 3}})
	data := buf.Bytes()
	damaged := append([]byte(nil), data...)
	damaged[len(damaged)/2] ^= 1
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"foreign", []byte("test v2\n..."), "not a test file (bad header)"},
		{"damaged", damaged, "checksum mismatch"},
		{"truncated", data[:len(data)-3], "checksum mismatch"},
		{"header only", data[:len("test v1\n")+2], "checkpoint is truncated"},
	} {
		var s state
		if err := Read(bytes.NewReader(tc.data), "test v1\n", "a test file", &s); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
