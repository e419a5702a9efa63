package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"pokerlab/hh"
)

// Input reading: the hand histories of every format package hh reads (PHH,
// PokerStars and GGPoker text, told apart by content), from files,
// directories and standard input, through hh.Reader.

// input is a file to read and the argument it comes from.
type input struct {
	hh.Input
	arg int // index in the arguments
}

// argument is one path given to ImportFiles.
type argument struct {
	path  string
	dir   bool
	files int // hand-history files found in it (a directory)
}

// expandPaths lists the inputs of paths (hh.ExpandInputs: a directory
// stands for its hand-history files, recursively, in name order; "-" for
// standard input). A path that cannot be listed, or a directory without
// hand-history files, gives nothing and the others go on.
func expandPaths(paths []string) ([]input, []argument, []EmptyInput) {
	var ins []input
	var empty []EmptyInput
	args := make([]argument, len(paths))
	stdin := false
	for i, p := range paths {
		args[i].path = p
		if p == "-" {
			if stdin {
				empty = append(empty, EmptyInput{File: hh.Stdin, Error: `"-" (standard input) is given twice`})
				continue
			}
			stdin = true
		}
		found, err := hh.ExpandInputs([]string{p})
		if err != nil {
			empty = append(empty, EmptyInput{File: p, Error: err.Error()})
			continue
		}
		if p != "-" {
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				args[i].dir, args[i].files = true, len(found)
				if len(found) == 0 {
					empty = append(empty, EmptyInput{File: p, Error: p + ": no hand-history files in the directory (.phh, .phhs, .txt or no extension)"})
				}
			}
		}
		for _, in := range found {
			ins = append(ins, input{Input: in, arg: i})
		}
	}
	return ins, args, empty
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
// hand does not lose the rest of the file. The error returned is the
// part's as a whole, before any hand: not a hand history, or no hands.
func scanHands(rd *hh.Reader, name string, c hh.Chunk, fn func(h *hh.Hand), bad func(error)) error {
	data, line := c.Data, c.Line
	some := false // a hand or a hand's error was reported
	for errs := 0; ; errs++ {
		if errs == maxErrorsPerPart {
			bad(fmt.Errorf("%s: line %d: stopped reading this part of the file after %d errors", name, line, errs))
			return nil
		}
		err := rd.ReadChunk(name, hh.Chunk{Data: data, Line: line}, func(h *hh.Hand, err error) error {
			some = true
			if err != nil {
				bad(err)
			} else {
				fn(h)
			}
			return nil
		})
		if err == nil {
			return nil
		}
		var he *hh.Error
		if !errors.As(err, &he) {
			if errs == 0 && !some {
				return err // the part as a whole
			}
			bad(err)
			return nil
		}
		bad(err)
		// The next line that starts with "[" after the error's line.
		off, l := 0, line
		for off < len(data) && (l <= he.Line || data[off] != '[') {
			i := bytes.IndexByte(data[off:], '\n')
			if i < 0 {
				return nil
			}
			off += i + 1
			l++
		}
		if off == 0 || off >= len(data) {
			return nil
		}
		data, line = data[off:], l
	}
}
