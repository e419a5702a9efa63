package hh

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
)

// The sizes of input the readers accept. The largest hand of the test
// corpora (testdata/, hh/testdata/: PHH, PokerStars and GGPoker text) is
// 2.6 KB and the longest line 618 bytes, so the limits are hundreds of
// times above any real hand; they bound what a reader holds of an input
// that is not a hand history (/dev/zero, a binary file, an endless
// stream) before it says so.
const (
	// MaxLine is the longest line: 1 MiB.
	MaxLine = 1 << 20
	// MaxHand is the most text of one hand (from its header, a PHH
	// [table] or a site's hand line, to the next; a .phh without tables
	// is one hand): 4 MiB.
	MaxHand = 4 << 20
)

// LimitError is input beyond MaxLine or MaxHand: the file, the line (of
// the long line, or the first line of the long hand) and the limit. No
// hand history has such a line or hand, so the input is refused as a
// whole.
type LimitError struct {
	File string
	Line int
	// Hand is set for a hand longer than MaxHand, else the line is longer
	// than MaxLine.
	Hand bool
}

func (e *LimitError) Error() string {
	if e.Hand {
		return handPlace(e.File, e.Line, "") + "hand longer than " + mib(MaxHand)
	}
	return handPlace(e.File, e.Line, "") + "line longer than " + mib(MaxLine)
}

func mib(n int) string { return strconv.Itoa(n>>20) + " MiB" }

// sizeCheck follows an input as it grows, from the start of data, and
// reports the first line longer than MaxLine or hand longer than MaxHand.
// A hand starts at a line that may start one (a [table] header,
// "PokerStars ", "Poker Hand #", after spaces and a byte-order mark): the
// check needs no format, and a false start (a "[" line inside a
// multi-line PHH string) only shortens the hand it measures, so a hand it
// refuses is too long whatever the format.
//
// It does not visit every line, so that it costs next to nothing beside
// the parsing: no line is longer than L exactly when every stretch of L
// bytes from a line start holds a line end, and any line end found in the
// second half of the stretch moves the start on by at least L/2; a hand
// is too long when no line in the MaxHand bytes after its start starts
// another, which a backward search from the end of that stretch finds
// within about one hand. Line numbers are counted only for an error.
type sizeCheck struct {
	file      string
	firstLine int
	pos       int  // a line start: every line before it is within MaxLine
	handStart int  // the start of the last hand found
	cr        bool // lines end with '\r' (old Mac text)
}

func newSizeCheck(file string, firstLine int) sizeCheck {
	return sizeCheck{file: file, firstLine: firstLine}
}

func (c *sizeCheck) eol() byte {
	if c.cr {
		return '\r'
	}
	return '\n'
}

// lineAt is the number of the line that starts at offset off.
func (c *sizeCheck) lineAt(data []byte, off int) int {
	return c.firstLine + bytes.Count(data[:off], []byte{c.eol()})
}

// scan checks data from where the last call stopped (data only grows
// between calls); final says data is the whole input.
func (c *sizeCheck) scan(data []byte, final bool) *LimitError {
	const half = MaxLine / 2
	for len(data)-c.pos > MaxLine {
		w := data[c.pos : c.pos+MaxLine+1]
		i := bytes.IndexByte(w[half:], c.eol())
		if i >= 0 {
			i += half
		} else if i = bytes.IndexByte(w[:half], c.eol()); i < 0 && !c.cr {
			// Old Mac text ends its lines with a carriage return alone
			// (Reader.Read reads it so): lines end there from now on.
			if j := bytes.IndexByte(w, '\r'); j >= 0 && bytes.IndexByte(data[:c.pos], '\n') < 0 {
				c.cr = true
				continue
			}
		}
		if i < 0 {
			return &LimitError{File: c.file, Line: c.lineAt(data, c.pos)}
		}
		c.pos += i + 1
	}
	// A hand start's line is read up to this many bytes.
	const peek = 64
	for {
		end := c.handStart + MaxHand // the hand may reach this offset
		if len(data) <= end || !final && len(data) < end+peek {
			return nil
		}
		next := -1
		for cur := end; cur > c.handStart; {
			j := bytes.LastIndexByte(data[c.handStart:cur], c.eol())
			if j < 0 {
				break
			}
			s := c.handStart + j + 1
			if startsHand(data[s:min(len(data), s+peek)]) {
				next = s
				break
			}
			cur = c.handStart + j
		}
		if next < 0 {
			return &LimitError{File: c.file, Line: c.lineAt(data, c.handStart), Hand: true}
		}
		c.handStart = next
	}
}

// startsHand reports whether a line may start a hand.
func startsHand(l []byte) bool {
	if len(l) == 0 {
		return false
	}
	switch l[0] {
	case '[':
		return true
	case 'P':
		return bytes.HasPrefix(l, psPrefix) || bytes.HasPrefix(l, ggPrefix)
	case ' ', '\t', bom[0]:
		if l = bytes.TrimPrefix(bytes.TrimLeft(l, " \t"), bom); len(l) > 0 && (l[0] == '[' || l[0] == 'P') {
			return startsHand(l)
		}
	}
	return false
}

// checkSize checks data (the lines from firstLine of file) against MaxLine
// and MaxHand. Data of MaxLine bytes or less is within both.
func checkSize(file string, data []byte, firstLine int) error {
	if len(data) <= MaxLine {
		return nil
	}
	c := newSizeCheck(file, firstLine)
	if err := c.scan(data, true); err != nil {
		return err
	}
	return nil
}

// readLimited reads r to its end, or until a line longer than MaxLine or
// a hand longer than MaxHand (a *LimitError without the file: the caller
// names it), holding at most about 2 (MaxHand + MaxLine) bytes of such
// input. size, when positive, is the expected length (a regular file's):
// the buffer takes it at once, but only past the first MaxHand + MaxLine
// bytes, so that a large file that is no hand history is not held whole.
func readLimited(r io.Reader, size int64) ([]byte, error) {
	const chunk = 64 << 10
	br := bufio.NewReaderSize(r, chunk)
	r = br
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("gzip-compressed input: %w", err)
		}
		r, size = gzipErrors{z}, 0 // the text's size is not the file's
	}
	first := MaxHand + MaxLine
	n := chunk
	if size > 0 {
		n = int(min(size+1, int64(first))) // one more, to see the end without growing
	}
	data := make([]byte, 0, n)
	c := newSizeCheck("", 1)
	for {
		if len(data) == cap(data) {
			more := cap(data) // doubling: all allocations stay below twice the last buffer
			if size > 0 && len(data) >= first && size < 1<<40 {
				more = max(int(size)+1-len(data), chunk)
			}
			data = slices.Grow(data, more)
		}
		k, err := r.Read(data[len(data):min(cap(data), len(data)+4*chunk)])
		data = data[:len(data)+k]
		if lerr := c.scan(data, err == io.EOF); lerr != nil {
			return nil, lerr
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// gzipErrors names gzip's errors as the compressed input's.
type gzipErrors struct{ z *gzip.Reader }

func (g gzipErrors) Read(p []byte) (int, error) {
	n, err := g.z.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("gzip-compressed input: %w", err)
	}
	return n, err
}

// readFileLimited is os.ReadFile within the limits.
func readFileLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return readLimited(f, size)
}
