package watch

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"pokerlab/hh"
)

// siteFixtures are the real PokerStars and GGPoker files of package hh.
func siteFixtures(t testing.TB) []string {
	var out []string
	for _, dir := range []string{"../../hh/testdata/pokerstars", "../../hh/testdata/ggpoker"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.txt"))
		if err != nil || len(fs) == 0 {
			t.Fatalf("%s: no fixtures (%v)", dir, err)
		}
		out = append(out, fs...)
	}
	return out
}

const handhqDir = "../../testdata/handhq"

// readOne reads text as the last hand of a file: the hand if it reads as
// exactly one hand without error.
func readOne(rd *hh.Reader, text []byte) *hh.Hand {
	var got *hh.Hand
	n := 0
	err := rd.ReadChunk("x", hh.Chunk{Data: text, Line: 1}, func(h *hh.Hand, err error) error {
		n++
		if err == nil {
			got = h
		}
		return nil
	})
	if err != nil || n != 1 {
		return nil
	}
	return got
}

// Every hand of the real site files is complete as the last hand of a
// file, and no part of one cut at a line end or inside a line is, except
// the hand without some of its trailing blank lines: the site rule
// (summary and a seat line per player) against the text the clients write.
func TestSiteHandsCompleteOnlyWhole(t *testing.T) {
	var rd hh.Reader
	hands, prefixes, unended, noEOL := 0, 0, 0, 0
	for _, file := range siteFixtures(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 0 && data[len(data)-1] != '\n' {
			noEOL++ // a file written without a final line end: its last hand
		}
		f, err := hh.Detect(file, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cut(data) {
			if blank(c.Data) {
				continue
			}
			h := readOne(&rd, c.Data)
			if h == nil {
				continue // a hand the reader rejects: not imported anyway
			}
			hands++
			if !endsLine(c.Data) {
				// The last hand of a file written without a final line
				// end: a cut inside its last line, as far as a watcher
				// can tell (it waits for the next hand).
				unended++
				if complete(f, c.Data, h.NumPlayers(), nil) {
					t.Errorf("%s: line %d: a hand without its last line end is complete", file, c.Line)
				}
				continue
			}
			if !complete(f, c.Data, h.NumPlayers(), nil) {
				t.Errorf("%s: line %d: a whole hand is not complete:\n%s", file, c.Line, c.Data)
				continue
			}
			for _, end := range cuts(c.Data) {
				part := c.Data[:end]
				prefixes++
				ph := readOne(&rd, part)
				if ph != nil && complete(f, part, ph.NumPlayers(), nil) {
					t.Errorf("%s: line %d: the hand cut after %d of %d bytes is complete:\n%s", file, c.Line, end, len(c.Data), part)
					break
				}
			}
		}
	}
	if hands < 900 || prefixes < 30000 || unended != noEOL {
		t.Fatalf("%d hands, %d cuts checked, %d hands without a last line end (%d files end without one)", hands, prefixes, unended, noEOL)
	}
}

// cuts returns where a writer may stop inside a hand's text: after every
// line end and in the middle of every line, short of the text without its
// trailing blank lines (the whole hand).
func cuts(text []byte) []int {
	whole := len(bytes.TrimRight(text, " \t\r\n"))
	var out []int
	start := 0
	for l := range bytes.Lines(text[:whole]) {
		if mid := start + len(l)/2; mid > start {
			out = append(out, mid)
		}
		start += len(l)
		if start < whole {
			out = append(out, start)
		}
	}
	return out
}

// The PHH rule on the HandHQ files: every table is complete given the keys
// of the tables before it, and no part of one cut at a line end or inside
// a line is, except the table without its trailing blank lines.
func TestPHHTablesCompleteOnlyWhole(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(handhqDir, "*.phhs"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no HandHQ files (%v)", err)
	}
	var rd hh.Reader
	tables, prefixes := 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		late := 0
		for i, c := range cut(data) {
			h := readOne(&rd, c.Data)
			if h == nil {
				t.Fatalf("%s: line %d: not one hand", file, c.Line)
			}
			tables++
			if !complete(hh.FormatPHH, c.Data, h.NumPlayers(), keys) {
				// A table without a key every earlier one had (the
				// first hand without winnings): it waits for the next
				// header, and the keys then leave that key out.
				late++
			}
			// The first tables, and every 5th: the cuts of 1,200 tables
			// would take a second for the same lines.
			if i < 20 || i%5 == 0 {
				for _, end := range cuts(c.Data) {
					part := c.Data[:end]
					prefixes++
					if ph := readOne(&rd, part); ph != nil && keys != nil && complete(hh.FormatPHH, part, ph.NumPlayers(), keys) {
						t.Errorf("%s: line %d: the table cut after %d of %d bytes is complete:\n%s", file, c.Line, end, len(c.Data), part)
						break
					}
				}
			}
			keys = commonKeys(keys, tableKeys(c.Data))
		}
		if len(keys) < 10 || late > 2 {
			t.Errorf("%s: only the keys %v are in every table; %d tables wait for the next one", file, keys, late)
		}
	}
	if tables < 1000 || prefixes < 5000 {
		t.Fatalf("only %d tables, %d cuts checked", tables, prefixes)
	}
}

// cutTables cuts where hh.SplitTables does on PHH without multi-line
// strings, and also at the headers of a file with triple-quoted one-line
// strings (HandHQ's 100NLH file), which SplitTables leaves whole.
func TestCutTables(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(handhqDir, "*.phhs"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		got := cutTables(data)
		heads := bytes.Count(data, []byte("\n[")) + 1
		if len(got) != heads {
			t.Errorf("%s: %d tables, want %d", file, len(got), heads)
		}
		if !bytes.Contains(data, []byte("'''")) {
			want := hh.SplitTables(data, len(data))
			if len(want) != len(got) {
				t.Fatalf("%s: %d chunks, SplitTables %d", file, len(got), len(want))
			}
			for i := range want {
				if want[i].Line != got[i].Line || !bytes.Equal(want[i].Data, got[i].Data) {
					t.Fatalf("%s: chunk %d differs: line %d, SplitTables' %d", file, i, got[i].Line, want[i].Line)
				}
			}
		}
	}
	for _, c := range []struct {
		text  string
		parts int
	}{
		{"variant = 'NT'\n[x]\n", 1},                   // keys before a header: a .phh
		{"# c\n\n[1]\na = 1\n[2]\n", 2},                // comments before the first table
		{"[1]\ns = '''\n[not a table]\n'''\n[2]\n", 2}, // a "[" line inside a string
		{"[1]\ns = \"\"\"x\"\"\" # '''\n[2]\n", 2},     // a closed string, then a comment
	} {
		got := cutTables([]byte(c.text))
		var joined []byte
		for _, g := range got {
			joined = append(joined, g.Data...)
		}
		if len(got) != c.parts || string(joined) != c.text {
			t.Errorf("%q: %d parts, want %d", c.text, len(got), c.parts)
		}
	}
}
