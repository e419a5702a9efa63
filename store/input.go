package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"pokerlab/hh"
)

// Input reading: the hand histories of every format package hh reads (PHH,
// PokerStars and GGPoker text, told apart by content), from files,
// directories and standard input, through hh.Reader.

// expandPaths lists the inputs of paths (hh.ExpandInputs: a directory
// stands for its hand-history files, recursively, in name order; "-" for
// standard input). A path that cannot be listed is a rejection and the
// others go on.
func expandPaths(paths []string) ([]hh.Input, []Rejection) {
	var ins []hh.Input
	var bad []Rejection
	stdin := false
	for _, p := range paths {
		if p == "-" {
			if stdin {
				bad = append(bad, Rejection{File: hh.Stdin, Error: `"-" (standard input) is given twice`})
				continue
			}
			stdin = true
		}
		found, err := hh.ExpandInputs([]string{p})
		if err != nil {
			bad = append(bad, Rejection{File: p, Error: err.Error()})
			continue
		}
		ins = append(ins, found...)
	}
	return ins, bad
}

// readInput returns an input's bytes (standard input from stdin).
func readInput(in hh.Input, stdin io.Reader) ([]byte, error) {
	data, err := hh.ReadInput(in, stdin)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.Name, unwrapPath(err))
	}
	return data, nil
}

// chunkBytes is the size of the parts a file is cut into for parsing in
// parallel (about 700 hands of PHH).
const chunkBytes = 512 << 10

// maxErrorsPerPart bounds the errors reported for one part of a PHH file
// (a file that is not PHH at all would otherwise report every "[" line).
const maxErrorsPerPart = 10

// splitFile cuts a file into parts of whole hands (hh.SplitHands: PHH at
// its table headers, site text at its hand headers). A PHH file with
// multi-line strings is not cut: a "[" line inside one is not a table
// header.
func splitFile(data []byte) []hh.Chunk {
	parts := len(data)/chunkBytes + 1
	if f, err := hh.Detect("", data); err == nil && f == hh.FormatPHH &&
		(bytes.Contains(data, []byte(`"""`)) || bytes.Contains(data, []byte(`'''`))) {
		parts = 1
	}
	return hh.SplitHands(data, parts)
}

// scanHands reads the hands of a part of a file with rd and calls fn for
// each (fn must not keep h: rd may reuse it); a hand that cannot be read is
// reported to bad. A PHH syntax error ends hh's reading of the part: the
// reading goes on at the next table header after the error, so one bad
// hand does not lose the rest of the file.
func scanHands(rd *hh.Reader, name string, c hh.Chunk, fn func(h *hh.Hand), bad func(error)) {
	data, line := c.Data, c.Line
	for errs := 0; len(data) > 0; errs++ {
		if errs == maxErrorsPerPart {
			bad(fmt.Errorf("%s: line %d: stopped reading this part of the file after %d errors", name, line, errs))
			return
		}
		err := rd.ReadChunk(name, hh.Chunk{Data: data, Line: line}, func(h *hh.Hand, err error) error {
			if err != nil {
				bad(err)
			} else {
				fn(h)
			}
			return nil
		})
		if err == nil {
			return
		}
		bad(err)
		var he *hh.Error
		if !errors.As(err, &he) {
			return
		}
		// The next line that starts with "[" after the error's line.
		off, l := 0, line
		for off < len(data) && (l <= he.Line || data[off] != '[') {
			i := bytes.IndexByte(data[off:], '\n')
			if i < 0 {
				return
			}
			off += i + 1
			l++
		}
		if off == 0 || off >= len(data) {
			return
		}
		data, line = data[off:], l
	}
}
