package hh

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// Format is the format of a hand-history file.
type Format uint8

// The formats Reader reads.
const (
	FormatUnknown    Format = iota
	FormatPHH               // PHH (TOML): .phh, .phhs
	FormatPokerStars        // PokerStars text ("PokerStars Hand #...")
	FormatGGPoker           // GGPoker text ("Poker Hand #HD...", "#RC...", "#TM...")
)

var formatNames = [...]string{"unknown", "PHH", "PokerStars", "GGPoker"}

func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", f)
}

// otherSites are the first words of hand histories of sites this package
// does not read, so that such a file is named, not just refused.
var otherSites = []struct{ prefix, site string }{
	{"Full Tilt Poker", "Full Tilt Poker"},
	{"FullTiltPoker", "Full Tilt Poker"},
	{"Winamax Poker", "Winamax"},
	{"#Game No :", "888poker"},
	{"***** 888poker", "888poker"},
	{"***** Hand History", "PartyPoker"},
	{"Game Hand #", "Winning Poker Network"},
	{"Ignition Hand #", "Ignition"},
	{"Bovada Hand #", "Bovada"},
	{"Run It Once Poker", "Run It Once Poker"},
	{"PokerMaster Hand", "PokerMaster"},
	{"<session", "iPoker (XML)"},
	{"<?xml", "an XML hand history"},
}

// Detect names the format of a hand-history file from its first line of
// content (a byte-order mark, blank lines and the "*** # 1 ***" separators
// that trackers write between hands are skipped): "PokerStars Hand #",
// "PokerStars Game #", "PokerStars Zoom Hand #" or "PokerStars Home Game
// Hand #" is PokerStars text; "Poker Hand #" followed by the site's hand
// number (HD..., RC..., TM..., ...) is GGPoker text; a TOML comment, table
// header or key = value line is PHH. Anything else is FormatUnknown, and
// the error says what the file looks like (another site's history, a
// PokerStars history in another language, or neither).
func Detect(name string, data []byte) (Format, error) {
	line, n := firstContentLine(data)
	switch {
	case line == nil:
		return FormatUnknown, fmt.Errorf("%s: no hands in the file (it is empty or holds only comments)", name)
	case bytes.HasPrefix(line, []byte("PokerStars Tournament #")):
		return FormatUnknown, fmt.Errorf("%s:%d: a PokerStars tournament summary, not a hand history", name, n)
	case bytes.HasPrefix(line, []byte("PokerStars ")):
		if _, ok := pokerStarsHeader(line); ok {
			return FormatPokerStars, nil
		}
		return FormatUnknown, fmt.Errorf("%s:%d: not a PokerStars hand header in English (%q): set the PokerStars client's hand history language to English", name, n, clip(line))
	case bytes.HasPrefix(line, []byte("Poker Hand #")):
		return FormatGGPoker, nil
	}
	for _, o := range otherSites {
		if bytes.HasPrefix(line, []byte(o.prefix)) {
			return FormatUnknown, fmt.Errorf("%s:%d: a %s hand history: pokerlab reads PHH, PokerStars and GGPoker hand histories", name, n, o.site)
		}
	}
	if looksLikeTOML(line) {
		return FormatPHH, nil
	}
	if bytes.Contains(line, []byte("PokerStars")) {
		return FormatUnknown, fmt.Errorf("%s:%d: not a PokerStars hand header in English (%q): set the PokerStars client's hand history language to English", name, n, clip(line))
	}
	return FormatUnknown, fmt.Errorf("%s:%d: not a hand history: %q is neither a PHH (TOML) line nor a PokerStars or GGPoker hand header", name, n, clip(line))
}

// firstContentLine returns the first line that is not blank or a tracker's
// separator, with its 1-based number, trimmed of spaces and a BOM.
func firstContentLine(data []byte) ([]byte, int) {
	n := 0
	for len(data) > 0 {
		n++
		i := bytes.IndexByte(data, '\n')
		var l []byte
		if i < 0 {
			l, data = data, nil
		} else {
			l, data = data[:i], data[i+1:]
		}
		if n == 1 {
			l = bytes.TrimPrefix(l, bom)
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 || isSeparatorLine(l) {
			continue
		}
		return l, n
	}
	return nil, n
}

var bom = []byte("\xef\xbb\xbf")

// isSeparatorLine recognises the lines trackers and site exports write
// between hands: "*********** # 12 **************".
func isSeparatorLine(l []byte) bool {
	return len(l) >= 3 && l[0] == '*' && l[1] == '*' && bytes.IndexByte(l, '#') > 0 && l[len(l)-1] == '*' && !bytes.HasPrefix(l, []byte("*** "))
}

// looksLikeTOML accepts the first content line of a PHH file: a comment, a
// [table] header or a key = value pair.
func looksLikeTOML(l []byte) bool {
	if l[0] == '#' || l[0] == '[' {
		return true
	}
	i := bytes.IndexByte(l, '=')
	if i <= 0 {
		return false
	}
	key := bytes.TrimSpace(l[:i])
	if len(key) == 0 {
		return false
	}
	for _, c := range key {
		if !isBareKeyChar(c) && c != '"' && c != '\'' && c != '.' && c != ' ' {
			return false
		}
	}
	return true
}

func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "..."
	}
	return string(b)
}

// SiteInfo is what a site's hand history says beyond PHH's fields: where
// the hand is in the file and what the site took from the pots.
type SiteInfo struct {
	Format Format
	// Line is the line of the hand's header in the file.
	Line int
	// Rake is everything the site took from the pots (the summary's
	// "Rake", "Jackpot" and other fees), in the hand's units: the replay's
	// awards minus what the players collected.
	Rake int64
	// Fees are the summary's fees as printed ("Rake", "Jackpot", ...),
	// in units.
	Fees []Fee
	// CashOutFees is the sum of the All-in Cash Out fees ("| Cash Out Fee
	// $0.46"; Hand.CashOutFees by player), apart from the rake: the site
	// takes them from the cash-outs, not from the pots. NotAwarded is what
	// the pots awarded players who cashed out, which the site kept (after
	// rake). The players' results add up to −Rake − NotAwarded + the
	// cash-outs.
	CashOutFees, NotAwarded int64
}

// Fee is one fee of a site hand's summary ("| Rake $0.50").
type Fee struct {
	Name   string
	Amount int64
}

// Reader reads hand histories of every supported format (PHH, PokerStars
// and GGPoker text) from named bytes and delivers each hand, or the reason
// a hand was rejected, in file order. A zero Reader is ready to use and may
// be reused for many files; it is not safe for concurrent use.
//
// Site hands (PokerStars, GGPoker) are replayed through the engine as they
// are read: a hand is delivered only if every action is legal, every call,
// bet, raise, all-in, post and returned bet agrees with the engine, and
// what each player collected equals the replay's award less the rake the
// summary states. Its Hand carries the PHH fields venue, table, hand, time,
// day, month, year, time_zone_abbreviation, currency, currency_symbol,
// seat_count, event and level (tournaments), players, seats,
// starting_stacks, winnings and finishing_stacks (after rake), and Site.
type Reader struct {
	// Reuse decodes every hand into the same *Hand, reusing its memory:
	// fn must then copy what it keeps. Without Reuse each hand is new.
	Reuse bool

	site  siteParser
	reuse Hand
}

// Read reads the hands of one file (name labels messages; data is not
// modified or kept). It calls fn for each hand with err == nil, or with
// h == nil and the error of a hand that could not be read: for site text
// a *SiteError naming the file, the line and the reason, for PHH an
// *Error. A bad hand never stops the rest of the file. Read itself
// returns an error when the file as a whole cannot be read (not a hand
// history, no hands, a PHH syntax error after which nothing can be
// trusted) or when fn returns one, which stops the reading.
func (r *Reader) Read(name string, data []byte, fn func(h *Hand, err error) error) error {
	data = macLineEnds(data)
	f, err := Detect(name, data)
	if err != nil {
		return err
	}
	return r.read(name, data, 1, f, fn)
}

func (r *Reader) read(name string, data []byte, firstLine int, f Format, fn func(h *Hand, err error) error) error {
	var reuse *Hand
	if r.Reuse {
		reuse = &r.reuse
	}
	if f == FormatPHH {
		return r.readPHH(name, data, firstLine, fn)
	}
	if !utf8.Valid(data) {
		// Older PokerStars files and e-mailed histories are Windows-1252.
		data = fromWindows1252(data)
	}
	return r.site.parseFile(name, data, firstLine, f, reuse, fn)
}

// ReadChunk is Read for a part of a file cut by SplitHands (or, for PHH,
// SplitTables), so that one big file is read by several goroutines, each
// with its own Reader: messages name the lines of the whole file.
func (r *Reader) ReadChunk(name string, c Chunk, fn func(h *Hand, err error) error) error {
	c.Data = macLineEnds(c.Data)
	f, err := Detect(name, c.Data)
	if err != nil {
		return err
	}
	return r.read(name, c.Data, c.Line, f, fn)
}

// SplitHands cuts a hand-history file into about `parts` chunks of whole
// hands, for ReadChunk: a PHH file at its table headers (SplitTables), a
// PokerStars or GGPoker file at its hand headers. A file it cannot cut is
// one chunk.
func SplitHands(data []byte, parts int) []Chunk {
	data = macLineEnds(data)
	f, err := Detect("", data)
	if err != nil || parts <= 1 {
		return []Chunk{{Data: data, Line: 1}}
	}
	if f == FormatPHH {
		return SplitTables(data, parts)
	}
	p := siteParser{format: f}
	size := len(data) / parts
	chunks := []Chunk{{Line: 1}}
	start, line := 0, 0
	for pos := 0; pos < len(data); {
		line++
		e := bytes.IndexByte(data[pos:], '\n')
		next := len(data)
		if e >= 0 {
			next = pos + e + 1
		}
		if pos-start >= size && len(chunks) < parts && p.isHeader(trimLine(data[pos:next], line)) {
			chunks[len(chunks)-1].Data = data[start:pos]
			chunks = append(chunks, Chunk{Line: line})
			start = pos
		}
		pos = next
	}
	chunks[len(chunks)-1].Data = data[start:]
	return chunks
}

// readPHH reads a PHH file; a hand whose fields are wrong is reported and
// skipped, a syntax error ends the file.
func (r *Reader) readPHH(name string, data []byte, firstLine int, fn func(h *Hand, err error) error) error {
	var reuse *Hand
	if r.Reuse {
		reuse = &r.reuse
	}
	n := 0
	var stop error
	err := scanEach(name, data, firstLine, reuse, func(h *Hand, herr *Error) error {
		n++
		if herr != nil {
			stop = fn(nil, herr)
		} else {
			stop = fn(h, nil)
		}
		return stop
	})
	if stop != nil {
		return stop
	}
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("%s: no hands in the file (it is empty or holds only comments)", name)
	}
	return nil
}

// ReadAny reads every hand of one file of any supported format: the hands
// read, the errors of the hands rejected (each naming the file and line),
// and the error of a file that cannot be read at all.
func ReadAny(name string, data []byte) (hands []*Hand, rejected []error, err error) {
	var r Reader
	err = r.Read(name, data, func(h *Hand, herr error) error {
		if herr != nil {
			rejected = append(rejected, herr)
		} else {
			hands = append(hands, h)
		}
		return nil
	})
	return hands, rejected, err
}

// Input is one file of hand histories named on a command line: a file, a
// file found in a directory, or standard input ("-").
type Input struct {
	// Name labels the input in messages: the path, or "<stdin>".
	Name string
	// Path is the file to read; "" for standard input.
	Path string
	// InDir is set on a file found in a directory: one that turns out not
	// to be a hand history is reported and passed over, not an error of
	// the whole run (a named file is).
	InDir bool
}

// Stdin is the Name of the standard-input Input.
const Stdin = "<stdin>"

// ExpandInputs turns command-line arguments into inputs: a file is itself,
// a directory is every regular file under it (recursively, in lexical
// order; names starting with "." are skipped, as are files of a directory
// that are not hand histories by their extension: .phh, .phhs, .txt, or
// no extension), and "-" is standard input (at most once). A missing path
// is an error naming it.
func ExpandInputs(args []string) ([]Input, error) {
	var out []Input
	stdin := false
	for _, a := range args {
		if a == "-" {
			if stdin {
				return nil, errors.New(`"-" (standard input) is given twice`)
			}
			stdin = true
			out = append(out, Input{Name: Stdin})
			continue
		}
		st, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a, unwrapPathError(err))
		}
		if !st.IsDir() {
			out = append(out, Input{Name: a, Path: a})
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			base := d.Name()
			if p != a && strings.HasPrefix(base, ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && handHistoryExt(base) {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		slices.Sort(found)
		for _, p := range found {
			out = append(out, Input{Name: p, Path: p, InDir: true})
		}
	}
	return out, nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// handHistoryExt reports whether a file found in a directory may hold hand
// histories: .phh, .phhs, .txt, or no extension, each also compressed by
// gzip (.phhs.gz).
func handHistoryExt(name string) bool {
	if e := filepath.Ext(name); strings.EqualFold(e, ".gz") {
		name = strings.TrimSuffix(name, e)
		if filepath.Ext(name) == "" {
			return false // x.gz: an archive of unknown content
		}
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".phh", ".phhs", ".txt", "":
		return true
	}
	return false
}

// ReadInput returns the bytes of an input (stdin for standard input),
// decompressed when they are gzip's (by their first bytes, whatever the
// name: archived histories are read as they are). It stops at a line longer than MaxLine or a hand longer than MaxHand with
// a *LimitError, so that reading /dev/zero or an endless stream holds a
// few MiB, not all memory. Errors do not name the input (callers prefix
// in.Name).
func ReadInput(in Input, stdin io.Reader) ([]byte, error) {
	if in.Path == "" {
		if stdin == nil {
			return nil, errors.New("standard input is not available")
		}
		return readLimited(stdin, 0)
	}
	return readFileLimited(in.Path)
}

// ReadInputs expands args (see ExpandInputs) and reads every hand of every
// input with one Reader (see Reader.Read): fn gets each hand or per-hand
// error. A named file that is not a hand history stops the reading with
// its error; a file found in a directory that is not one is passed to fn
// as an error (h == nil) and the reading goes on.
func (r *Reader) ReadInputs(args []string, stdin io.Reader, fn func(in Input, h *Hand, err error) error) error {
	ins, err := ExpandInputs(args)
	if err != nil {
		return err
	}
	if len(ins) == 0 {
		return errors.New("no hand-history files in the given directories")
	}
	for _, in := range ins {
		data, err := ReadInput(in, stdin)
		if err != nil {
			return fmt.Errorf("%s: %w", in.Name, unwrapPathError(err))
		}
		data = macLineEnds(data)
		f, err := Detect(in.Name, data)
		if err != nil {
			if in.InDir {
				if err := fn(in, nil, err); err != nil {
					return err
				}
				continue
			}
			return err
		}
		if err := r.read(in.Name, data, 1, f, func(h *Hand, err error) error { return fn(in, h, err) }); err != nil {
			return err
		}
	}
	return nil
}

// scanEach decodes the tables of data into reuse (nil: a new Hand each) and
// calls fn for each; a hand whose fields are wrong goes to fn as its error
// and the next table follows (Scan stops there instead). A TOML syntax error
// still ends the file.
func scanEach(name string, data []byte, firstLine int, reuse *Hand, fn func(h *Hand, err *Error) error) error {
	if err := checkSize(name, data, firstLine); err != nil {
		return err
	}
	d := &decoder{}
	root := false
	_, err := parseTOMLWith(string(data), firstLine, false, func(t *tomlTableDef, p *tomlParser) error {
		d.p = p
		if t.name == "" {
			root = true
		} else if root {
			return &Error{File: name, Line: t.line, Msg: "a file holds either one hand (top-level keys, .phh) or [1], [2], ... tables (.phhs), not both"}
		}
		h := reuse
		if h == nil {
			h = &Hand{}
		}
		if err := d.decodeHand(t, h); err != nil {
			err.File = name
			return fn(nil, err)
		}
		h.File = name
		h.Site = nil
		return fn(h, nil)
	})
	if err != nil {
		if se, ok := err.(*syntaxError); ok {
			return &Error{File: name, Line: se.line, Key: se.key, Msg: se.msg}
		}
		return err
	}
	return nil
}

// windows1252 maps the bytes 0x80-0x9F of Windows-1252 to Unicode (0 where
// the code page has no character); the bytes 0xA0-0xFF are Latin-1.
var windows1252 = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

// fromWindows1252 decodes Windows-1252 text (a byte with no character
// becomes U+FFFD).
func fromWindows1252(data []byte) []byte {
	out := make([]byte, 0, len(data)+len(data)/8)
	for _, c := range data {
		switch {
		case c < 0x80:
			out = append(out, c)
		case c < 0xA0:
			r := windows1252[c-0x80]
			if r == 0 {
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
		default:
			out = utf8.AppendRune(out, rune(c))
		}
	}
	return out
}

// macLineEnds turns old Mac line ends (a carriage return alone) into line
// feeds.
func macLineEnds(data []byte) []byte {
	if bytes.IndexByte(data, '\n') < 0 && bytes.IndexByte(data, '\r') >= 0 {
		return bytes.ReplaceAll(data, []byte{'\r'}, []byte{'\n'})
	}
	return data
}
