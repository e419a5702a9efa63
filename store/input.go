package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"pokerlab/hh"
)

// Input reading. Hand histories are PHH files today (hh.Scan); this file is
// the one place that knows, so a reader of more formats replaces it alone.

// expandPaths lists the files of paths: a directory stands for the .phh and
// .phhs files under it (recursively, in name order); a file stands for
// itself whatever its name.
func expandPaths(paths []string) ([]string, []Rejection) {
	var files []string
	var bad []Rejection
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			bad = append(bad, Rejection{File: p, Error: p + ": " + unwrapPath(err).Error()})
			continue
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				bad = append(bad, Rejection{File: path, Error: path + ": " + unwrapPath(err).Error()})
				return nil
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".phh") || strings.HasSuffix(path, ".phhs")) {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			bad = append(bad, Rejection{File: p, Error: err.Error()})
		}
		slices.Sort(found)
		files = append(files, found...)
	}
	return files, bad
}

// chunkBytes is the size of the parts a file is cut into for parsing in
// parallel (about 700 hands of PHH).
const chunkBytes = 512 << 10

// maxErrorsPerPart bounds the errors reported for one part of a file (a
// file that is not PHH at all would otherwise report every "[" line).
const maxErrorsPerPart = 10

// splitFile cuts a PHH file into parts of whole tables (hh.SplitTables). A
// file with multi-line strings is not cut: a "[" line inside one is not a
// table header.
func splitFile(data []byte) []hh.Chunk {
	if bytes.Contains(data, []byte(`"""`)) || bytes.Contains(data, []byte(`'''`)) {
		return []hh.Chunk{{Data: data, Line: 1}}
	}
	return hh.SplitTables(data, len(data)/chunkBytes+1)
}

// scanHands reads the hands of a part of a file and calls fn for each
// (fn must not keep h: see hh.Scan). A malformed hand is reported to bad
// and reading goes on at the next table header after the error, so one bad
// hand does not lose the rest of the file.
func scanHands(name string, c hh.Chunk, fn func(h *hh.Hand), bad func(error)) {
	data, line := c.Data, c.Line
	for errs := 0; len(data) > 0; errs++ {
		if errs == maxErrorsPerPart {
			bad(fmt.Errorf("%s: line %d: stopped reading this part of the file after %d errors", name, line, errs))
			return
		}
		err := hh.Scan(name, data, line, func(h *hh.Hand) error { fn(h); return nil })
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
