package watch

import (
	"bytes"
	"slices"
	"strings"

	"pokerlab/hh"
)

// The hands of a growing file. A poker client appends a hand at a time,
// and a read may catch it half written: the text is cut at hand headers
// (hh.SplitHands: PokerStars and GGPoker hand headers, PHH [table]
// headers), every hand followed by the next one's header is whole, and the
// last one is whole only when complete says so.

// cut returns the hands of data (the bytes of a file from a hand's start
// on) as chunks of consecutive bytes covering data, with lines numbered
// from 1 at data's first byte: site text at its hand headers
// (hh.SplitHands), PHH at its table headers (cutTables).
func cut(data []byte) []hh.Chunk {
	if len(data) == 0 {
		return nil
	}
	if f, err := hh.Detect("", data); err == nil && f == hh.FormatPHH {
		return cutTables(data)
	}
	// As many parts as bytes: a cut at every header after the first line.
	return hh.SplitHands(data, len(data))
}

// cutTables cuts PHH text at the lines that start with "[" outside a
// multi-line string (between triple quotes or triple apostrophes, which
// HandHQ's files use for one-line names with an apostrophe in them). Text
// with keys before its first table header (a .phh) is one hand.
func cutTables(data []byte) []hh.Chunk {
	chunks := []hh.Chunk{{Line: 1}}
	start, line, open := 0, 0, ""
	seenTable := false
	for pos := 0; pos < len(data); {
		line++
		next := len(data)
		if e := bytes.IndexByte(data[pos:], '\n'); e >= 0 {
			next = pos + e + 1
		}
		l := data[pos:next]
		if open == "" && len(l) > 0 && l[0] == '[' {
			if !seenTable && !blankTOML(data[:pos]) {
				return []hh.Chunk{{Data: data, Line: 1}}
			}
			if seenTable { // comments before the first table stay with it
				chunks[len(chunks)-1].Data = data[start:pos]
				chunks = append(chunks, hh.Chunk{Line: line})
				start = pos
			}
			seenTable = true
		}
		open = multilineState(l, open)
		pos = next
	}
	chunks[len(chunks)-1].Data = data[start:]
	return chunks
}

// multilineState returns the multi-line string open after line l, given
// the one open before it ("" for none, else its delimiter): each triple
// quote or triple apostrophe opens one or closes the open one.
func multilineState(l []byte, open string) string {
	for i := 0; i+3 <= len(l); {
		d := string(l[i : i+3])
		switch {
		case open == "" && (d == `'''` || d == `"""`):
			open, i = d, i+3
		case open != "" && d == open:
			open, i = "", i+3
		case open == "" && l[i] == '#':
			return open // a comment to the line's end
		default:
			i++
		}
	}
	return open
}

// blankTOML reports whether PHH text holds only blank lines and comments.
func blankTOML(data []byte) bool {
	for l := range bytes.Lines(data) {
		l = bytes.TrimSpace(bytes.TrimPrefix(l, []byte("\xef\xbb\xbf")))
		if len(l) > 0 && l[0] != '#' {
			return false
		}
	}
	return true
}

// blank reports whether a chunk holds no hand: blank lines and the
// separators trackers write between hands only.
func blank(data []byte) bool {
	for l := range bytes.Lines(data) {
		l = bytes.TrimSpace(bytes.TrimPrefix(l, []byte("\xef\xbb\xbf")))
		if len(l) == 0 || isSeparator(l) {
			continue
		}
		return false
	}
	return true
}

// isSeparator recognises "*********** # 12 **************" (as hh does).
func isSeparator(l []byte) bool {
	return len(l) >= 3 && l[0] == '*' && l[1] == '*' && bytes.IndexByte(l, '#') > 0 && l[len(l)-1] == '*' && !bytes.HasPrefix(l, []byte("*** "))
}

// endsLine reports whether data ends with a line end: a writer stopped
// between lines, not inside one.
func endsLine(data []byte) bool {
	return len(data) > 0 && (data[len(data)-1] == '\n' || data[len(data)-1] == '\r')
}

// complete reports whether the last hand of a file, read from text with
// nothing after it as a hand of `players` players, is whole, the file
// having been quiet: its text ends with a line end and
//
//   - site text (PokerStars, GGPoker): it has its summary section
//     ("*** SUMMARY ***") with a "Seat N:" line for every player dealt in;
//     the sites write the summary last, a line per seat;
//   - PHH: it has every key that every earlier table of the file had
//     (keys; nil when no table came before): a writer writes the same
//     fields in every hand, and a table cut between two lines reads as a
//     hand without its last fields.
//
// A table with no earlier one to compare with is whole when it reads as a
// hand that replays (the caller's check).
func complete(f hh.Format, text []byte, players int, keys []string) bool {
	if !endsLine(text) {
		return false
	}
	if f == hh.FormatPHH {
		have := tableKeys(text)
		for _, k := range keys {
			if !slices.Contains(have, k) {
				return false
			}
		}
		return true
	}
	seats, summary := 0, false
	for l := range bytes.Lines(text) {
		l = bytes.TrimSpace(l)
		switch {
		case !summary:
			summary = bytes.Equal(l, []byte("*** SUMMARY ***"))
		case bytes.HasPrefix(l, []byte("Seat ")):
			seats++
		}
	}
	return summary && seats >= players
}

// tableKeys returns the keys of a PHH table's text, sorted: the lines
// "key = ..." (continuation lines of arrays start with a value, not a
// key).
func tableKeys(text []byte) []string {
	var keys []string
	for l := range bytes.Lines(text) {
		l = bytes.TrimLeft(l, " \t")
		n := 0
		for n < len(l) && isBareKeyChar(l[n]) {
			n++
		}
		if n == 0 {
			continue
		}
		if rest := bytes.TrimLeft(l[n:], " \t"); len(rest) > 0 && rest[0] == '=' {
			keys = append(keys, string(l[:n]))
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

func isBareKeyChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// commonKeys returns the keys of both sorted lists (have nil: keys).
func commonKeys(have, keys []string) []string {
	if have == nil {
		return keys
	}
	var out []string
	for _, k := range have {
		if slices.Contains(keys, k) {
			out = append(out, k)
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// joinKeys and splitKeys store a key list (store.WatchedFile.PHHKeys);
// nil is "", no table read yet.
func joinKeys(keys []string) string {
	if keys == nil {
		return ""
	}
	return "," + strings.Join(keys, ",")
}

func splitKeys(s string) []string {
	if s == "" {
		return nil
	}
	if s == "," {
		return []string{}
	}
	return strings.Split(s[1:], ",")
}
