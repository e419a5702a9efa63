package hh

import (
	"bytes"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// endless repeats pattern forever and counts the bytes it gave.
type endless struct {
	pattern []byte
	off     int
	n       int64
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.pattern[e.off]
		e.off = (e.off + 1) % len(e.pattern)
	}
	e.n += int64(len(p))
	return len(p), nil
}

// readBounded reads src through ReadInput as standard input and returns
// the error, the bytes taken from src and the bytes allocated meanwhile
// (in all, not only those still held).
func readBounded(t *testing.T, src *endless) (error, int64, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	data, err := ReadInput(Input{Name: Stdin}, src)
	runtime.ReadMemStats(&after)
	if data != nil {
		t.Fatalf("%d bytes read from an endless input", len(data))
	}
	return err, src.n, after.TotalAlloc - before.TotalAlloc
}

// TestReadInputStopsAtALineLongerThanTheLimit: an endless input without a
// line end (/dev/zero) is refused once a line passes MaxLine, after
// reading and allocating a few MiB.
func TestReadInputStopsAtALineLongerThanTheLimit(t *testing.T) {
	err, read, alloc := readBounded(t, &endless{pattern: []byte{0}})
	var le *LimitError
	if !errors.As(err, &le) || le.Hand || le.Line != 1 || err.Error() != "line 1: line longer than 1 MiB" {
		t.Fatalf("error %v, want line 1: line longer than 1 MiB", err)
	}
	if read > MaxLine+1<<20 || alloc > 5*MaxLine {
		t.Errorf("%d bytes read, %d allocated for a limit of %d", read, alloc, MaxLine)
	}
}

// TestReadInputStopsAtAHandLongerThanTheLimit: an endless input of short
// lines that never starts a hand (`yes`) is refused once its text passes
// MaxHand, naming the hand's first line.
func TestReadInputStopsAtAHandLongerThanTheLimit(t *testing.T) {
	err, read, alloc := readBounded(t, &endless{pattern: []byte("y\n")})
	var le *LimitError
	if !errors.As(err, &le) || !le.Hand || le.Line != 1 || err.Error() != "line 1: hand longer than 4 MiB" {
		t.Fatalf("error %v, want line 1: hand longer than 4 MiB", err)
	}
	if read > MaxHand+1<<20 || alloc > 5*MaxHand {
		t.Errorf("%d bytes read, %d allocated for a limit of %d", read, alloc, MaxHand)
	}
}

// TestManyHandsArePastTheHandLimit: the hand limit is per hand: a file of
// many hands, larger than MaxHand in all, is read, and a line longer than
// MaxLine after them is named by its number.
func TestManyHandsArePastTheHandLimit(t *testing.T) {
	var b bytes.Buffer
	tables := 0
	for b.Len() <= MaxHand+MaxLine {
		tables++
		b.WriteString("[" + strings.Repeat("1", 1+tables%7) + "x" + itoa(tables) + "]\n" + goodHand + "\n")
	}
	good := b.Len()
	hands, err := Parse("many.phhs", b.Bytes())
	if err != nil || len(hands) != tables {
		t.Fatalf("%d of %d hands, %v", len(hands), tables, err)
	}
	lines := bytes.Count(b.Bytes(), []byte("\n"))
	b.WriteString("# " + strings.Repeat("x", MaxLine) + "\n")
	if _, err := Parse("many.phhs", b.Bytes()); err == nil || err.Error() != "many.phhs: line "+itoa(lines+1)+": line longer than 1 MiB" {
		t.Errorf("Parse: %v", err)
	}
	data, err := ReadInput(Input{Name: "many.phhs"}, bytes.NewReader(b.Bytes()[:good]))
	if err != nil || len(data) != good {
		t.Errorf("ReadInput: %d bytes, %v", len(data), err)
	}
}

// TestReadersRefuseAHandLongerThanTheLimit: the PHH and site readers give
// the limit error for a hand of more than MaxHand bytes, at its first
// line, whatever the data came from.
func TestReadersRefuseAHandLongerThanTheLimit(t *testing.T) {
	comments := strings.Repeat("# "+strings.Repeat("c", 1000)+"\n", MaxHand/1000)
	for _, c := range []struct{ name, text, want string }{
		{"phhs", "[1]\n" + goodHand + "[2]\n" + goodHand + comments, "t: line 19: hand longer than 4 MiB"},
		{"pokerstars", "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET\n" +
			strings.Repeat("Seat 1: x ($1 in chips)\n", MaxHand/20), "t: line 1: hand longer than 4 MiB"},
	} {
		var rd Reader
		err := rd.Read("t", []byte(c.text), func(*Hand, error) error { return nil })
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
}

// TestOldMacLineEndsAreLines: text whose lines end with a carriage return
// alone, larger than MaxLine, is lines, not one long line.
func TestOldMacLineEndsAreLines(t *testing.T) {
	var b bytes.Buffer
	for i := 1; b.Len() <= MaxLine; i++ {
		b.WriteString(strings.ReplaceAll("["+itoa(i)+"]\n"+goodHand, "\n", "\r"))
	}
	if _, err := ReadInput(Input{Name: "mac.phhs"}, bytes.NewReader(b.Bytes())); err != nil {
		t.Fatal(err)
	}
	var rd Reader
	n := 0
	if err := rd.Read("mac.phhs", b.Bytes(), func(_ *Hand, err error) error { n++; return err }); err != nil || n == 0 {
		t.Errorf("%d hands, %v", n, err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestLimitsAreInclusive: a line of MaxLine bytes (without its line end)
// and a hand of MaxHand bytes are read; one byte more is refused, in
// memory and while reading, at the line that starts it.
func TestLimitsAreInclusive(t *testing.T) {
	line := func(n int) string { return strings.Repeat("x", n) + "\n" }
	hand := "[h]\n" + strings.Repeat(line(999), (MaxHand-4)/1000)
	hand += line(MaxHand - len(hand) - 1) // exactly MaxHand bytes
	for _, c := range []struct {
		name, data string
		want       string
	}{
		{"line at the limit", "a\n" + line(MaxLine) + "b\n", ""},
		{"line over the limit", "a\n" + line(MaxLine+1) + "b\n", "t: line 2: line longer than 1 MiB"},
		{"last line over the limit", "a\n" + strings.Repeat("x", MaxLine+1), "t: line 2: line longer than 1 MiB"},
		{"hand at the limit", "[g]\n" + hand + "[i]\n", ""},
		{"hand over the limit", "[g]\n" + hand[:len(hand)-1] + "xx\n[i]\n", "t: line 2: hand longer than 4 MiB"},
		{"last hand over the limit", "[g]\n" + hand + "x", "t: line 2: hand longer than 4 MiB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := checkSize("t", []byte(c.data), 1)
			if got := errText(err); got != c.want {
				t.Errorf("in memory: %q, want %q", got, c.want)
			}
			_, err = readLimited(strings.NewReader(c.data), 0)
			if le, ok := err.(*LimitError); ok {
				le.File = "t"
			}
			if got := errText(err); got != c.want {
				t.Errorf("reading: %q, want %q", got, c.want)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
