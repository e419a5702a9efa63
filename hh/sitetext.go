package hh

import (
	"bytes"
	"strconv"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// This file reads the text hand histories of PokerStars and GGPoker (the
// second writes the first's layout with a few differences) into siteParser
// state, line by line with plain byte scanning; sitebuild.go turns that state
// into a Hand and checks it against the engine.

// amt is an amount as printed: m·10^-f, m ≥ 0.
type amt struct {
	m int64
	f int8
}

// evKind is the kind of a line of a site hand that matters to the replay.
type evKind uint8

const (
	evAnte     evKind = iota + 1 // posts the ante
	evSB                         // posts small blind
	evBB                         // posts big blind
	evSBBB                       // posts small & big blinds (the small one dead)
	evStraddle                   // posts straddle
	evDead                       // posts missed (dead) blind
	evFold
	evCheck
	evCall
	evBet
	evRaise
	evBoard
	evShow
	evMuck
	evReturn  // Uncalled bet (x) returned to
	evCollect // collected x from pot
	evCashOut // cashed out the hand for x | Cash Out Fee y (b)
)

// siteEv is one such line.
type siteEv struct {
	kind   evKind
	seat   int8 // index into siteParser.seats, -1 for the board
	allIn  bool
	capped bool // "and has reached the $10 cap"
	street holdem.Street
	n      uint8 // cards
	cards  [3]cards.Card
	a, b   amt // the amount; b is a raise's "to"
	line   int32
}

// siteSeat is a "Seat N: name (stack in chips)" line.
type siteSeat struct {
	num    int
	name   []byte
	stack  amt
	line   int
	out    bool // "is sitting out", "out of hand"
	active bool // posted, acted, showed or collected: dealt in
	gg     bool // GGPoker's "Dealt to name" (it lists every player dealt in)
	hole   [2]cards.Card
	holeN  int // known dealt cards: "Dealt to", "mucked [..]" in the summary
	showed [2]cards.Card
	shownN int // cards of the summary's "showed [..]"
	// kept is the summary's "won ($x) ... (pot not awarded as player cashed
	// out)": the award the site kept; keptLine its line (0: none).
	kept     amt
	keptLine int
	// deposit is what the player added to the table during the hand
	// ("name: Table deposit $80"): it plays from the next hand.
	deposit amt
	idx     int // PHH index (0 = the seat after the button), -1 if not dealt in
}

// siteFee is a "| Rake $0.50" of the summary.
type siteFee struct {
	name []byte
	a    amt
}

// siteHeader is what the first two lines say.
type siteHeader struct {
	id         []byte
	zoom, home bool
	tournament bool
	event      []byte // the text before "Hold'em No Limit": "Tournament #1, $1+$0.10 USD"
	level      int
	sym        string // "$", "€", "£", "₹" or "" (chips)
	code       []byte // "USD", ...
	sb, bb     amt
	stakes     bool // the header gave the blinds
	year       int
	month, day int
	clock      [3]int // hours, minutes, seconds
	hasClock   bool
	tz         []byte
	// cap is a capped No-Limit table's cap ("$0.25/$0.50 - $10 Cap - USD",
	// or the first "and has reached the $10 cap"); capLine the line that
	// said it, 0 if none has. capGame: the game is capped ("Cap No Limit").
	cap       amt
	capLine   int
	capGame   bool
	table     []byte
	maxSeats  int
	button    int
	playMoney bool
}

// siteParser holds one hand being read; its buffers are reused from hand to
// hand.
type siteParser struct {
	file   string
	format Format
	data   []byte
	names  map[string]string // interned player names
	quotes map[string]string // interned TOML strings of field values

	hd     siteHeader
	seats  []siteSeat
	evs    []siteEv
	fees   []siteFee
	total  amt
	board  [5]cards.Card
	nboard int
	sboard [5]cards.Card // the summary's Board
	nsb    int
	sawSum bool
	street holdem.Street
	// the line of the hand's header and of its last line
	line, lastLine int
	sec            int // the section being read (secTable, ...; -1 before the header)

	b siteBuild
	// noVerify stops after building the Hand (benchmarks of the parsing
	// alone); a Reader never sets it.
	noVerify bool
}

// errorf returns the error of the current hand at line.
func (p *siteParser) errorf(line int, format string, args ...any) *SiteError {
	e := &SiteError{File: p.file, Line: line, Format: p.format, Msg: sprintf(format, args...)}
	if p.hd.id != nil {
		e.Hand = string(p.hd.id)
	}
	return e
}

// SiteError is a hand of a site's text history that cannot be read: the
// file, the line at fault, the site's hand number and why.
type SiteError struct {
	File   string
	Line   int
	Format Format
	Hand   string // the site's hand number, "" if the header could not be read
	Msg    string
}

func (e *SiteError) Error() string {
	var b bytes.Buffer
	b.WriteString(e.File)
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(e.Line))
	b.WriteString(": ")
	if e.Hand != "" {
		b.WriteString(e.Format.String())
		b.WriteString(" hand #")
		b.WriteString(e.Hand)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// parseFile reads data in one pass: a header line starts a hand, the lines
// up to the next header are fed to it, and each hand is built, checked and
// delivered when the next one starts (or the data ends). After an error the
// rest of the hand's lines are skipped.
func (p *siteParser) parseFile(name string, data []byte, firstLine int, f Format, reuse *Hand, fn func(h *Hand, err error) error) error {
	if err := checkSize(name, data, firstLine); err != nil {
		return err
	}
	p.file, p.format, p.data = name, f, data
	if p.names == nil {
		p.names = map[string]string{}
	}
	line := firstLine - 1
	hands := 0
	inHand := false
	var herr *SiteError
	flush := func() error {
		if !inHand {
			return nil
		}
		inHand = false
		h := reuse
		if h == nil {
			h = &Hand{}
		}
		if herr == nil {
			herr = p.endHand(h)
		}
		if herr != nil {
			return fn(nil, herr)
		}
		return fn(h, nil)
	}
	for pos := 0; pos < len(data); {
		line++
		end := bytes.IndexByte(data[pos:], '\n')
		next := len(data)
		if end >= 0 {
			end += pos
			next = end + 1
		} else {
			end = len(data)
		}
		l := trimLine(data[pos:end], line)
		pos = next
		if len(l) == 0 {
			continue
		}
		if (l[0] == 'P' || l[0] == 'p') && p.isHeader(l) {
			if err := flush(); err != nil {
				return err
			}
			hands++
			inHand = true
			p.reset(line)
			herr = nil
		}
		if inHand && herr == nil {
			herr = p.feed(l, line)
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if hands == 0 {
		return &SiteError{File: name, Line: firstLine, Format: f, Msg: "no hands: no line starts a " + f.String() + " hand"}
	}
	return nil
}

// trimLine drops a BOM (files joined with cat keep theirs at every file's
// first line), surrounding spaces and a carriage return.
func trimLine(l []byte, line int) []byte {
	if len(l) >= 3 && l[0] == 0xEF {
		l = bytes.TrimPrefix(l, bom)
	}
	for len(l) > 0 && (l[len(l)-1] == '\r' || l[len(l)-1] == ' ' || l[len(l)-1] == '\t') {
		l = l[:len(l)-1]
	}
	for len(l) > 0 && (l[0] == ' ' || l[0] == '\t') {
		l = l[1:]
	}
	return l
}

var (
	psPrefix = []byte("PokerStars ")
	ggPrefix = []byte("Poker Hand #")
)

func (p *siteParser) isHeader(l []byte) bool {
	if p.format == FormatGGPoker {
		return bytes.HasPrefix(l, ggPrefix)
	}
	if !bytes.HasPrefix(l, psPrefix) {
		return false
	}
	_, ok := pokerStarsHeader(l)
	return ok
}

// pokerStarsHeader returns the length of a PokerStars hand header's prefix
// up to the hand number.
func pokerStarsHeader(l []byte) (int, bool) {
	for _, pre := range psHeaders {
		if bytes.HasPrefix(l, pre) {
			return len(pre), true
		}
	}
	return 0, false
}

var psHeaders = [][]byte{
	[]byte("PokerStars Hand #"),
	[]byte("PokerStars Game #"),
	[]byte("PokerStars Zoom Hand #"),
	[]byte("PokerStars Home Game Hand #"),
	[]byte("PokerStars Home Game #"),
}

// Sections of a hand.
const (
	secTable = iota
	secSeats
	secBody
	secShowdown
	secSummary
)

// feed reads one non-empty line of the current hand.
func (p *siteParser) feed(l []byte, line int) *SiteError {
	p.lastLine = line
	var err *SiteError
	switch sec := p.sec; {
	case sec < 0:
		err = p.header(l, line)
		p.sec = secTable
	case sec == secTable:
		err = p.tableLine(l, line)
		p.sec = secSeats
	case sec == secSeats && bytes.HasPrefix(l, seatPrefix):
		err = p.seatLine(l, line)
	case sec == secSummary:
		err = p.summaryLine(l, line)
	case l[0] == '*' && bytes.HasPrefix(l, []byte("*** ")):
		p.sec, err = p.marker(l, line, sec)
	default:
		if sec == secSeats {
			if err = p.endSeats(line); err != nil {
				return err
			}
			p.sec = secBody
		}
		err = p.bodyLine(l, line)
	}
	return err
}

// endHand checks that the hand is complete and builds h from it.
func (p *siteParser) endHand(h *Hand) *SiteError {
	if p.sec < secSeats {
		return p.errorf(p.lastLine, "truncated hand: it ends before the seats are listed")
	}
	if !p.sawSum {
		return p.errorf(p.lastLine, "truncated hand: it ends at line %d without a *** SUMMARY ***", p.lastLine)
	}
	return p.build(h)
}

func (p *siteParser) reset(line int) {
	p.hd = siteHeader{}
	p.seats = p.seats[:0]
	p.evs = p.evs[:0]
	p.fees = p.fees[:0]
	p.total = amt{}
	p.nboard, p.nsb = 0, 0
	p.sawSum = false
	p.street = holdem.Preflop
	p.line, p.lastLine = line, line
	p.sec = -1
}

var seatPrefix = []byte("Seat ")

// header reads the first line: the hand number, the game, the stakes or the
// tournament level, the date.
func (p *siteParser) header(l []byte, line int) *SiteError {
	rest := l
	if p.format == FormatGGPoker {
		rest = rest[len(ggPrefix):]
	} else {
		n, _ := pokerStarsHeader(l)
		p.hd.zoom = bytes.Contains(l[:n], []byte("Zoom"))
		p.hd.home = bytes.Contains(l[:n], []byte("Home Game"))
		rest = rest[n:]
	}
	c := bytes.IndexByte(rest, ':')
	if c <= 0 || bytes.IndexByte(rest[:c], ' ') >= 0 {
		return p.errorf(line, "malformed hand header: want the hand number and a colon after %q", "#")
	}
	p.hd.id = rest[:c]
	rest = bytes.TrimLeft(rest[c+1:], " ")
	g := bytes.Index(rest, holdemNL)
	gl := len(holdemNL)
	if c := bytes.Index(rest, holdemCapNL); c >= 0 && (g < 0 || c < g) {
		// "Hold'em Cap No Limit": the cap in the stakes or the lines.
		g, gl = c, len(holdemCapNL)
		p.hd.capGame = true
	}
	if g < 0 {
		game := rest
		if i := bytes.Index(game, []byte(" - ")); i >= 0 {
			game = game[:i]
		}
		return p.errorf(line, "%s is not No-Limit Hold'em: pokerlab reads No-Limit Texas Hold'em hands", strconv.Quote(clip(game)))
	}
	pre := bytes.TrimSpace(rest[:g])
	rest = rest[g+gl:]
	mixed := false
	if len(pre) > 0 && pre[len(pre)-1] == '(' {
		// A mixed game: "Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)",
		// "8-Game (Hold'em No Limit) - Level ...".
		mixed = true
		pre = bytes.TrimSpace(pre[:len(pre)-1])
	}
	if bytes.HasSuffix(pre, []byte("6+")) || bytes.HasPrefix(rest, []byte(" Short Deck")) {
		return p.errorf(line, "6+ (short-deck) Hold'em is not No-Limit Texas Hold'em")
	}
	p.hd.event = pre
	p.hd.tournament = bytes.Contains(pre, []byte("Tournament"))
	gotStakes := false
	if mixed {
		switch {
		case len(rest) > 0 && rest[0] == ',':
			// ", $0.10/$0.25 USD) - date"
			i := bytes.IndexByte(rest, ')')
			if i < 0 {
				return p.errorf(line, "malformed mixed-game header: no ')' after the stakes")
			}
			if err := p.stakes(bytes.TrimSpace(rest[1:i]), line); err != nil {
				return err
			}
			rest = rest[i+1:]
			gotStakes = true
		case len(rest) > 0 && rest[0] == ')':
			rest = rest[1:]
		}
	}
	switch {
	case gotStakes:
	case bytes.HasPrefix(rest, []byte(" (")):
		i := bytes.IndexByte(rest, ')')
		if i < 0 {
			return p.errorf(line, "malformed hand header: no ')' after the stakes")
		}
		// "($0.05/$0.10 USD)"; GGPoker may add the ante: "($0.02/$0.05($0.01))".
		st := rest[2:i]
		if j := bytes.IndexByte(st, '('); j >= 0 {
			st = st[:j]
			if k := bytes.IndexByte(rest[i+1:], ')'); k >= 0 {
				i += k + 1
			}
		}
		if err := p.stakes(st, line); err != nil {
			return err
		}
		rest = rest[i+1:]
	case bytes.HasPrefix(rest, []byte(" - ")):
		// Tournament: " - [Match Round I, ]Level XV (400/800) - date".
		rest = rest[3:]
		lv := bytes.Index(rest, []byte("Level"))
		if lv < 0 {
			return p.errorf(line, "malformed tournament header: no Level")
		}
		rest = rest[lv+len("Level"):]
		rest = bytes.TrimLeft(rest, " ")
		i := 0
		for i < len(rest) && rest[i] != ' ' && rest[i] != '(' {
			i++
		}
		p.hd.level = parseLevel(rest[:i])
		rest = bytes.TrimLeft(rest[i:], " ")
		if len(rest) == 0 || rest[0] != '(' {
			return p.errorf(line, "malformed tournament header: no (small blind/big blind) after the level")
		}
		j := bytes.IndexByte(rest, ')')
		if j < 0 {
			return p.errorf(line, "malformed tournament header: no ')' after the blinds")
		}
		if err := p.stakes(rest[1:j], line); err != nil {
			return err
		}
		rest = rest[j+1:]
	}
	if i := bytes.Index(rest, []byte(" - ")); i >= 0 {
		p.date(rest[i+3:])
	}
	return nil
}

var (
	holdemNL    = []byte("Hold'em No Limit")
	holdemCapNL = []byte("Hold'em Cap No Limit")
)

// parseLevel reads a tournament level, in Roman numerals (PokerStars: "XV")
// or digits (GGPoker: "12"); 0 if neither.
func parseLevel(b []byte) int {
	if isDigits(b) && len(b) < 9 {
		n, _ := strconv.Atoi(string(b))
		return n
	}
	val := map[byte]int{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
	total := 0
	for i := range b {
		v, ok := val[b[i]]
		if !ok {
			return 0
		}
		if i+1 < len(b) && val[b[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	return total
}

// romanLevel writes a level in Roman numerals, as PokerStars does.
func romanLevel(n int) string {
	if n <= 0 || n >= 4000 {
		return strconv.Itoa(n)
	}
	var b []byte
	for _, r := range []struct {
		v int
		s string
	}{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}} {
		for n >= r.v {
			b = append(b, r.s...)
			n -= r.v
		}
	}
	return string(b)
}

// stakes reads "$0.05/$0.10 USD", "10/20", "€1/€2 EUR": the blinds, the
// currency symbol and code.
func (p *siteParser) stakes(b []byte, line int) *SiteError {
	b = bytes.TrimSpace(b)
	var capText []byte
	if c := bytes.Index(b, []byte(" - ")); c >= 0 {
		// A capped table: "$0.25/$0.50 - $10 Cap -  USD".
		var msg string
		if b, capText, msg = splitCap(b[:c], b[c+3:]); msg != "" {
			return p.errorf(line, "malformed stakes of a capped table %q: %s", string(b), msg)
		}
	}
	if i := bytes.LastIndexByte(b, ' '); i >= 0 {
		p.hd.code = b[i+1:]
		b = b[:i]
	}
	slash := bytes.IndexByte(b, '/')
	if slash < 0 {
		return p.errorf(line, "malformed stakes %q: want small blind/big blind", string(b))
	}
	sym, _ := currencyPrefix(b)
	if sym == "?" {
		return p.errorf(line, "unknown currency in the stakes %q: pokerlab reads $ (USD), € (EUR), £ (GBP), ₹ (INR) and chips without a symbol", string(b))
	}
	p.hd.sym = sym
	if p.hd.code != nil {
		want, ok := currencySymbol(p.hd.code)
		if !ok {
			return p.errorf(line, "unknown currency %q in the stakes: pokerlab reads USD, EUR, GBP, INR and chips", string(p.hd.code))
		}
		if want != sym {
			return p.errorf(line, "the stakes %q are in %q but the currency is %s (%s)", string(b), sym, string(p.hd.code), want)
		}
	}
	var err string
	if p.hd.sb, err = p.amount(b[:slash]); err != "" {
		return p.errorf(line, "%s", err)
	}
	if p.hd.bb, err = p.amount(b[slash+1:]); err != "" {
		return p.errorf(line, "%s", err)
	}
	if p.hd.bb.m == 0 {
		return p.errorf(line, "the big blind in the stakes %q is zero", string(b))
	}
	p.hd.stakes = true
	if capText != nil {
		if p.hd.cap, err = p.amount(capText); err != "" {
			return p.errorf(line, "the cap: %s", err)
		}
		if p.hd.cap.m == 0 {
			return p.errorf(line, "the cap %q is zero", string(capText))
		}
		p.hd.capLine, p.hd.capGame = line, true
	}
	return nil
}

// splitCap splits the stakes of a capped table, "$0.25/$0.50" and
// "$10 Cap -  USD" (the text after the first " - "), into the blinds with
// the currency code ("$0.25/$0.50 USD") and the cap's amount ("$10").
func splitCap(blinds, rest []byte) ([]byte, []byte, string) {
	var capText, code []byte
	for part := range bytes.SplitSeq(rest, []byte(" - ")) {
		part = bytes.TrimSpace(part)
		if i := bytes.Index(bytes.ToLower(part), []byte("cap")); i >= 0 {
			if capText != nil {
				return blinds, nil, "two caps"
			}
			capText = bytes.TrimSpace(bytes.TrimSpace(part[:i]))
			if len(capText) == 0 { // "Cap $10"
				capText = bytes.TrimSpace(part[i+3:])
			}
			continue
		}
		if len(part) > 0 {
			code = part
		}
	}
	if capText == nil {
		return blinds, nil, "no cap after \" - \""
	}
	out := make([]byte, 0, len(blinds)+1+len(code))
	out = append(out, blinds...)
	if code != nil {
		out = append(append(out, ' '), code...)
	}
	return out, capText, ""
}

// currencyCodes pairs the currency codes with their symbols (a slice, not a
// map: static data, no work at start-up).
var currencyCodes = []struct{ code, sym string }{{"USD", "$"}, {"EUR", "€"}, {"GBP", "£"}, {"INR", "₹"}}

// currencySymbol returns the symbol of a currency code.
func currencySymbol(code []byte) (string, bool) {
	for _, c := range currencyCodes {
		if c.code == string(code) {
			return c.sym, true
		}
	}
	return "", false
}

// currencyPrefix returns the currency symbol an amount starts with ("" for
// none, "?" for a symbol this package does not know) and its length.
func currencyPrefix(b []byte) (string, int) {
	if len(b) == 0 {
		return "", 0
	}
	c := b[0]
	switch {
	case c >= '0' && c <= '9':
		return "", 0
	case c == '$':
		return "$", 1
	case bytes.HasPrefix(b, []byte("€")):
		return "€", len("€")
	case bytes.HasPrefix(b, []byte("£")):
		return "£", len("£")
	case bytes.HasPrefix(b, []byte("₹")):
		return "₹", len("₹")
	}
	return "?", 0
}

// amount reads an amount of the hand's currency: "$1,289.63", "€0.05",
// "12,144", "400". It returns a message on error.
func (p *siteParser) amount(b []byte) (amt, string) {
	sym, n := currencyPrefix(b)
	if sym == "?" {
		return amt{}, "unknown currency in the amount " + strconv.Quote(string(b)) + ": pokerlab reads $ (USD), € (EUR), £ (GBP), ₹ (INR) and chips without a symbol"
	}
	if sym != p.hd.sym {
		if p.hd.sym == "" {
			return amt{}, "the amount " + strconv.Quote(string(b)) + " has a currency symbol but the hand is in chips"
		}
		return amt{}, "the amount " + strconv.Quote(string(b)) + " is not in the hand's currency " + p.hd.sym
	}
	d := b[n:]
	var a amt
	digits, group := 0, -1 // group: digits since the last comma, -1 before any
	dot := false
	for i, c := range d {
		switch {
		case c >= '0' && c <= '9':
			if a.m > MaxTotal {
				return amt{}, "the amount " + strconv.Quote(string(b)) + " is above the limit of 2^53-1 units (hh.MaxTotal)"
			}
			a.m = a.m*10 + int64(c-'0')
			digits++
			if dot {
				a.f++
			} else if group >= 0 {
				group++
			}
		case c == ',' && !dot && digits > 0 && (group < 0 || group == 3) && i+1 < len(d):
			group = 0
		case c == '.' && !dot && digits > 0 && (group < 0 || group == 3):
			dot = true
		default:
			return amt{}, "malformed amount " + strconv.Quote(string(b)) + ": want digits with an optional decimal point, e.g. " + p.hd.sym + "2.50"
		}
	}
	if digits == 0 || (group >= 0 && group != 3 && !dot) || (dot && a.f == 0) {
		return amt{}, "malformed amount " + strconv.Quote(string(b)) + ": want digits with an optional decimal point, e.g. " + p.hd.sym + "2.50"
	}
	if int(a.f) > maxDecimals {
		return amt{}, "the amount " + strconv.Quote(string(b)) + " has more than " + strconv.Itoa(maxDecimals) + " decimals"
	}
	return a, ""
}

// date reads "2009/11/20 7:12:10 ET", "2020/01/29 13:11:05 CET [2020/01/29
// 7:11:05 ET]" (the bracketed Eastern Time is kept), "2009/10/12 -
// 23:45:12 (ET)", GGPoker's "2025/04/07 23:48:32" (no zone). A date it
// cannot read is left out: it does not change the hand.
func (p *siteParser) date(b []byte) {
	if i := bytes.IndexByte(b, '['); i >= 0 {
		if j := bytes.IndexByte(b[i:], ']'); j > 0 && p.dateAt(b[i+1:i+j]) {
			return
		}
		b = b[:i]
	}
	p.dateAt(b)
}

func (p *siteParser) dateAt(b []byte) bool {
	b = bytes.TrimSpace(b)
	var f [6]int
	n, i := 0, 0
	for n < 6 && i < len(b) {
		if b[i] < '0' || b[i] > '9' {
			i++
			continue
		}
		v := 0
		j := i
		for j < len(b) && b[j] >= '0' && b[j] <= '9' && j-i < 5 {
			v = v*10 + int(b[j]-'0')
			j++
		}
		f[n] = v
		n++
		i = j
		if n == 5 && (i >= len(b) || b[i] != ':') {
			break
		}
	}
	if n < 5 || f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > 31 || f[3] > 23 || f[4] > 59 || f[5] > 59 {
		return false
	}
	p.hd.year, p.hd.month, p.hd.day = f[0], f[1], f[2]
	p.hd.clock = [3]int{f[3], f[4], f[5]}
	p.hd.hasClock = true
	tz := bytes.Trim(bytes.TrimSpace(b[i:]), "()")
	p.hd.tz = nil
	if len(tz) > 0 && len(tz) <= 6 && isUpperWord(tz) {
		p.hd.tz = tz
	}
	return true
}

func isUpperWord(b []byte) bool {
	for _, c := range b {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// tableLine reads "Table 'Lampland' 6-max [(Play Money)] Seat #2 is the
// button".
func (p *siteParser) tableLine(l []byte, line int) *SiteError {
	if !bytes.HasPrefix(l, []byte("Table '")) {
		return p.errorf(line, "want the table line (Table 'name' 6-max Seat #1 is the button) after the header")
	}
	s := bytes.LastIndex(l, []byte(" Seat #"))
	if s < 0 {
		return p.errorf(line, "the table line does not say which seat is the button")
	}
	q := bytes.LastIndexByte(l[:s], '\'')
	if q < len("Table '") {
		return p.errorf(line, "malformed table line: the table name is not quoted")
	}
	p.hd.table = l[len("Table '"):q]
	mid := l[q+1 : s]
	p.hd.playMoney = bytes.Contains(mid, []byte("Play Money"))
	if m := bytes.Index(mid, []byte("-max")); m > 0 {
		k := m
		for k > 0 && mid[k-1] >= '0' && mid[k-1] <= '9' {
			k--
		}
		p.hd.maxSeats, _ = strconv.Atoi(string(mid[k:m]))
	}
	rest := l[s+len(" Seat #"):]
	k := 0
	for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
		k++
	}
	b, err := strconv.Atoi(string(rest[:k]))
	if err != nil || !bytes.HasPrefix(rest[k:], []byte(" is the button")) {
		return p.errorf(line, "malformed table line: want Seat #N is the button")
	}
	p.hd.button = b
	return nil
}

// seatLine reads "Seat 3: name ($2.37 in chips)[ is sitting out]".
func (p *siteParser) seatLine(l []byte, line int) *SiteError {
	rest := l[len(seatPrefix):]
	c := bytes.IndexByte(rest, ':')
	if c <= 0 {
		return p.errorf(line, "malformed seat line: want Seat N: name (stack in chips)")
	}
	num, err := strconv.Atoi(string(rest[:c]))
	if err != nil || num < 1 || num > 99 {
		return p.errorf(line, "malformed seat line: %q is not a seat number", string(rest[:c]))
	}
	rest = rest[c+1:]
	if len(rest) > 0 && rest[0] == ' ' {
		rest = rest[1:]
	}
	if len(bytes.TrimSpace(rest)) == 0 {
		// "Seat 4:" and nothing more: an empty seat.
		return nil
	}
	ic := lastIndex(rest, " in chips")
	if ic < 0 {
		return p.errorf(line, "malformed seat line: no (stack in chips)")
	}
	op := lastIndex(rest[:ic], " (")
	if op <= 0 {
		return p.errorf(line, "malformed seat line: no (stack in chips)")
	}
	name := rest[:op]
	if len(p.seats) == holdem.MaxSeats {
		return p.errorf(line, "%d seats: a hand has %d to %d players (holdem.MaxSeats)", len(p.seats)+1, holdem.MinSeats, holdem.MaxSeats)
	}
	for i := range p.seats {
		if p.seats[i].num == num {
			return p.errorf(line, "seat %d is listed twice", num)
		}
		if bytes.Equal(p.seats[i].name, name) {
			return p.errorf(line, "player %q sits in seats %d and %d", string(name), p.seats[i].num, num)
		}
	}
	stack, msg := p.amount(rest[op+2 : ic])
	if msg != "" {
		return p.errorf(line, "seat %d: %s", num, msg)
	}
	after := rest[ic:]
	out := bytes.Contains(after, []byte("sitting out")) || bytes.Contains(after, []byte("out of hand"))
	p.seats = append(p.seats, siteSeat{num: num, name: name, stack: stack, line: line, out: out, idx: -1,
		hole: [2]cards.Card{holdem.Unknown, holdem.Unknown}})
	return nil
}

// endSeats checks the seats once the first line after them arrives.
func (p *siteParser) endSeats(line int) *SiteError {
	if len(p.seats) < holdem.MinSeats {
		return p.errorf(line, "%d seat(s): a hand needs at least %d players", len(p.seats), holdem.MinSeats)
	}
	return nil
}

// marker reads a "*** ... ***" line: hole cards, streets with their board
// cards, the showdown and the summary.
func (p *siteParser) marker(l []byte, line int, sec int) (int, *SiteError) {
	if sec == secSeats {
		if err := p.endSeats(line); err != nil {
			return sec, err
		}
	}
	switch {
	case bytes.HasPrefix(l, []byte("*** HOLE CARDS ***")):
		return secBody, nil
	case bytes.HasPrefix(l, []byte("*** FLOP ***")):
		return secBody, p.boardLine(l[len("*** FLOP ***"):], line, holdem.Flop, 0, 3)
	case bytes.HasPrefix(l, []byte("*** TURN ***")):
		return secBody, p.boardLine(l[len("*** TURN ***"):], line, holdem.Turn, 3, 1)
	case bytes.HasPrefix(l, []byte("*** RIVER ***")):
		return secBody, p.boardLine(l[len("*** RIVER ***"):], line, holdem.River, 4, 1)
	case bytes.HasPrefix(l, []byte("*** SHOW DOWN ***")), bytes.HasPrefix(l, []byte("*** SHOWDOWN ***")):
		return secShowdown, nil
	case bytes.HasPrefix(l, []byte("*** SUMMARY ***")):
		p.sawSum = true
		return secSummary, nil
	case bytes.HasPrefix(l, []byte("*** FIRST ")), bytes.HasPrefix(l, []byte("*** SECOND ")), bytes.HasPrefix(l, []byte("*** THIRD ")):
		return sec, p.errorf(line, "the hand was run more than once (%s): the engine deals one board", string(l))
	}
	return sec, p.errorf(line, "unknown section %q", clip(l))
}

// boardLine reads the cards after a street marker: "[8h Jh Kh]" on the flop,
// "[8h Jh Kh] [Ah]" on the turn.
func (p *siteParser) boardLine(b []byte, line int, st holdem.Street, have, add int) *SiteError {
	if p.nboard != have {
		return p.errorf(line, "the %v comes after %d board cards, not %d", st, p.nboard, have)
	}
	var cs [5]cards.Card
	b = bytes.TrimSpace(b)
	n := 0
	for len(b) > 0 {
		if b[0] != '[' {
			return p.errorf(line, "malformed board %q", string(b))
		}
		j := bytes.IndexByte(b, ']')
		if j < 0 {
			return p.errorf(line, "malformed board: no ']'")
		}
		k, msg := parseCardList(b[1:j], cs[n:], false)
		if msg != "" {
			return p.errorf(line, "board: %s", msg)
		}
		n += k
		b = bytes.TrimSpace(b[j+1:])
	}
	if n != have+add {
		return p.errorf(line, "the %v shows %d board cards, want %d", st, n, have+add)
	}
	if !sameCardSet(cs[:have], p.board[:have]) {
		return p.errorf(line, "the %v repeats the board as %s, but it was %s", st, cardText(cs[:have]), cardText(p.board[:have]))
	}
	ev := siteEv{kind: evBoard, seat: -1, street: st, line: int32(line), n: uint8(add)}
	copy(ev.cards[:], cs[have:have+add])
	copy(p.board[have:], cs[have:have+add])
	p.nboard = have + add
	p.street = st
	p.evs = append(p.evs, ev)
	return nil
}

// parseCardList reads space-separated cards ("Js 3d") into out.
func parseCardList(b []byte, out []cards.Card, unknownOK bool) (int, string) {
	n := 0
	for len(b) > 0 {
		for len(b) > 0 && b[0] == ' ' {
			b = b[1:]
		}
		if len(b) == 0 {
			break
		}
		if len(b) < 2 || (len(b) > 2 && b[2] != ' ') {
			return n, "malformed card list: want cards such as As Kd"
		}
		if b[0] == 'X' && b[1] == 'X' && unknownOK {
			// A card a tracker's export did not know ("shows [XX Qs]").
			if n == len(out) {
				return n, "too many cards"
			}
			out[n] = holdem.Unknown
			n++
			b = b[2:]
			continue
		}
		r, ok1 := cards.ParseRank(b[0])
		s, ok2 := cards.ParseSuit(b[1])
		if !ok1 || !ok2 {
			return n, "bad card " + strconv.Quote(string(b[:2]))
		}
		if n == len(out) {
			return n, "too many cards"
		}
		c := cards.NewCard(r, s)
		for _, d := range out[:n] {
			if d == c && d != holdem.Unknown {
				return n, "card " + c.String() + " appears twice"
			}
		}
		out[n] = c
		n++
		b = b[2:]
	}
	return n, ""
}

// cardsInBrackets reads "[Ah Kd]" at the start of b (spaces first are
// skipped) and returns the rest after "]".
func cardsInBrackets(b []byte, out []cards.Card) (int, []byte, string) {
	return cardsInBracketsU(b, out, false)
}

// cardsInBracketsU is cardsInBrackets accepting XX for an unknown card.
func cardsInBracketsU(b []byte, out []cards.Card, unknownOK bool) (int, []byte, string) {
	b = bytes.TrimLeft(b, " ")
	if len(b) == 0 || b[0] != '[' {
		return 0, b, "want cards in brackets, e.g. [Ah Kd]"
	}
	j := bytes.IndexByte(b, ']')
	if j < 0 {
		return 0, b, "no ']' after the cards"
	}
	n, msg := parseCardList(b[1:j], out, unknownOK)
	return n, b[j+1:], msg
}

// matchName finds the seated player whose name starts l and is followed by
// ':' or ' ' (the longest such name: names may be prefixes of others).
func (p *siteParser) matchName(l []byte) (int, []byte) {
	best, bl := -1, -1
	for i := range p.seats {
		n := p.seats[i].name
		if len(n) < len(l) && len(n) > bl && (l[len(n)] == ':' || l[len(n)] == ' ') && l[0] == n[0] && bytes.Equal(l[:len(n)], n) {
			best, bl = i, len(n)
		}
	}
	if best < 0 {
		return -1, nil
	}
	return best, l[bl:]
}

// nameAfter finds the seated player named by all of b (trailing spaces
// trimmed) or by its start followed by " [".
func (p *siteParser) nameAt(b []byte) (int, []byte) {
	best, bl := -1, -1
	for i := range p.seats {
		n := p.seats[i].name
		if len(n) <= len(b) && len(n) > bl && bytes.Equal(b[:len(n)], n) && (len(n) == len(b) || b[len(n)] == ' ') {
			best, bl = i, len(n)
		}
	}
	if best < 0 {
		return -1, nil
	}
	return best, b[bl:]
}

// reachedCap reads the cap of "and has reached the $10 cap": the table's
// cap, which the header, or the first such line, gave; another amount is a
// contradiction.
func (p *siteParser) reachedCap(b []byte, line int) *SiteError {
	c, msg := p.amount(b)
	if msg != "" {
		return p.errorf(line, "the cap: %s", msg)
	}
	if c.m == 0 {
		return p.errorf(line, "the cap %q is zero", string(b))
	}
	if p.hd.capLine == 0 {
		p.hd.cap, p.hd.capLine = c, line
		return nil
	}
	if !sameAmount(c, p.hd.cap) {
		return p.errorf(line, "the line says the cap is %s, but line %d says %s", p.hd.sym+amtText(c), p.hd.capLine, p.hd.sym+amtText(p.hd.cap))
	}
	return nil
}

// sameAmount reports whether two printed amounts are equal ("$10" and
// "$10.00").
func sameAmount(a, b amt) bool {
	for a.f < b.f {
		if a.m > MaxTotal {
			return false
		}
		a.m, a.f = a.m*10, a.f+1
	}
	for b.f < a.f {
		if b.m > MaxTotal {
			return false
		}
		b.m, b.f = b.m*10, b.f+1
	}
	return a.m == b.m
}

var (
	capSuffix      = []byte(" and has reached the ")
	uncalledPrefix = []byte("Uncalled bet (")
	dealtPrefix    = []byte("Dealt to ")
	allInSuffix    = []byte(" and is all-in")
)

// bodyLine reads a line between the seats and the summary.
func (p *siteParser) bodyLine(l []byte, line int) *SiteError {
	switch {
	case bytes.HasPrefix(l, dealtPrefix):
		s, rest := p.nameAt(l[len(dealtPrefix):])
		if s < 0 {
			return p.errorf(line, "cards dealt to a player who is not seated: %q", clip(l))
		}
		st := &p.seats[s]
		if p.format == FormatGGPoker {
			st.gg = true
		}
		if len(bytes.TrimSpace(rest)) == 0 {
			return nil
		}
		var cs [2]cards.Card
		n, after, msg := cardsInBrackets(rest, cs[:])
		if msg == "" && (n != 2 || len(bytes.TrimSpace(after)) > 0) {
			msg = "a Hold'em player is dealt two cards"
		}
		if msg != "" {
			return p.errorf(line, "Dealt to %s: %s", st.name, msg)
		}
		st.hole, st.holeN = cs, 2
		return nil
	case bytes.HasPrefix(l, uncalledPrefix):
		rest := l[len(uncalledPrefix):]
		i := bytes.Index(rest, []byte(") returned to "))
		if i < 0 {
			return p.errorf(line, "malformed line: want Uncalled bet (amount) returned to name")
		}
		a, msg := p.amount(rest[:i])
		if msg != "" {
			return p.errorf(line, "%s", msg)
		}
		s, tail := p.nameAt(rest[i+len(") returned to "):])
		if s < 0 || len(bytes.TrimSpace(tail)) > 0 {
			return p.errorf(line, "an uncalled bet returned to a player who is not seated: %q", clip(l))
		}
		p.evs = append(p.evs, siteEv{kind: evReturn, seat: int8(s), a: a, street: p.street, line: int32(line)})
		return nil
	case bytes.Equal(l, []byte("Hand cancelled")):
		return p.errorf(line, "the site cancelled the hand")
	case bytes.HasPrefix(l, []byte("Cash Drop to Pot")):
		return p.errorf(line, "GGPoker's Cash Drop adds money to the pot that no player bet (%s): the engine's pots hold only the players' chips", string(l))
	}
	s, rest := p.matchName(l)
	if s < 0 {
		// A line about someone not in the hand ("X joins the table at seat
		// #3") or a site message: nothing that moves chips.
		return nil
	}
	if rest[0] == ':' {
		return p.action(s, bytes.TrimLeft(rest[1:], " "), line)
	}
	return p.phrase(s, rest[1:], line)
}

// phrase reads "name collected $x from pot" and the other lines that start
// with a name and no colon (chat, connection, sitting out, tournament
// results): only collected amounts and cash-outs matter.
func (p *siteParser) phrase(s int, rest []byte, line int) *SiteError {
	switch {
	case bytes.HasPrefix(rest, []byte("collected ")):
		rest = rest[len("collected "):]
		i := bytes.Index(rest, []byte(" from "))
		if i < 0 {
			return p.errorf(line, "malformed line: want name collected amount from pot")
		}
		a, msg := p.amount(rest[:i])
		if msg != "" {
			return p.errorf(line, "%s", msg)
		}
		p.seats[s].active = true
		p.evs = append(p.evs, siteEv{kind: evCollect, seat: int8(s), a: a, street: p.street, line: int32(line)})
	case bytes.HasPrefix(rest, []byte("cashed out the hand")):
		return p.cashOut(s, rest, line)
	}
	return nil
}

var (
	cashOutPrefix = []byte("cashed out the hand for ")
	cashOutFee    = []byte(" | Cash Out Fee ")
)

// cashOut reads PokerStars' All-in Cash Out, "name cashed out the hand for
// $22.77 | Cash Out Fee $0.46" (GGPoker writes "name: Cashed Out the hand
// for ..."): the site pays the player the first amount, its fee already
// taken, in place of what the pots award them.
func (p *siteParser) cashOut(s int, rest []byte, line int) *SiteError {
	st := &p.seats[s]
	r, ok := bytes.CutPrefix(rest, cashOutPrefix)
	if !ok {
		return p.errorf(line, "malformed line: want %s cashed out the hand for amount | Cash Out Fee amount", st.name)
	}
	ev := siteEv{kind: evCashOut, seat: int8(s), street: p.street, line: int32(line)}
	var fee []byte
	if i := bytes.Index(r, cashOutFee); i >= 0 {
		r, fee = r[:i], r[i+len(cashOutFee):]
	}
	var msg string
	if ev.a, msg = p.amount(bytes.TrimSpace(r)); msg != "" {
		return p.errorf(line, "%s cashed out: %s", st.name, msg)
	}
	if fee != nil {
		if ev.b, msg = p.amount(bytes.TrimSpace(fee)); msg != "" {
			return p.errorf(line, "%s cashed out: Cash Out Fee: %s", st.name, msg)
		}
	}
	if ev.a.m == 0 {
		return p.errorf(line, "%s cashed out for nothing", st.name)
	}
	for _, e := range p.evs {
		if e.kind == evCashOut && int(e.seat) == s {
			return p.errorf(line, "%s cashes out twice (line %d)", st.name, e.line)
		}
	}
	st.active = true
	p.evs = append(p.evs, ev)
	return nil
}

// action reads what follows "name: ".
func (p *siteParser) action(s int, a []byte, line int) *SiteError {
	st := &p.seats[s]
	ev := siteEv{seat: int8(s), street: p.street, line: int32(line)}
	if len(a) == 0 {
		// "name:" and nothing more: a line with no action (an empty chat
		// line, a name the site printed alone).
		return nil
	}
	for {
		if bytes.HasSuffix(a, allInSuffix) {
			ev.allIn = true
			a = a[:len(a)-len(allInSuffix)]
			continue
		}
		// "and has reached the $10 cap": the player has put the cap in.
		if i := bytes.LastIndex(a, capSuffix); i >= 0 && bytes.HasSuffix(a, []byte(" cap")) && !ev.capped {
			if err := p.reachedCap(a[i+len(capSuffix):len(a)-len(" cap")], line); err != nil {
				return err
			}
			ev.capped = true
			a = a[:i]
			continue
		}
		break
	}
	word := a
	arg := []byte(nil)
	if i := bytes.IndexByte(a, ' '); i >= 0 {
		word, arg = a[:i], a[i+1:]
	}
	var msg string
	switch string(word) {
	case "folds":
		ev.kind = evFold
		if len(arg) > 0 {
			// "folds [Ah Kd]", "folds [Ks]": cards shown while folding.
			cs := [2]cards.Card{holdem.Unknown, holdem.Unknown}
			n, _, m := cardsInBrackets(arg, cs[:])
			if m != "" || n == 0 {
				return p.errorf(line, "%s folds: malformed cards %q", st.name, string(arg))
			}
			if st.holeN == 0 {
				st.hole, st.holeN = cs, n
			}
		}
	case "checks":
		ev.kind = evCheck
		if len(arg) > 0 {
			return p.errorf(line, "unknown action %q", string(a))
		}
	case "calls":
		ev.kind = evCall
		ev.a, msg = p.amount(arg)
	case "bets":
		ev.kind = evBet
		ev.a, msg = p.amount(arg)
	case "raises":
		ev.kind = evRaise
		i := bytes.Index(arg, []byte(" to "))
		if i < 0 {
			return p.errorf(line, "malformed raise: want raises amount to amount")
		}
		if ev.a, msg = p.amount(arg[:i]); msg == "" {
			ev.b, msg = p.amount(arg[i+4:])
		}
	case "posts":
		return p.post(s, arg, ev, line)
	case "shows":
		ev.kind = evShow
		n, _, m := cardsInBracketsU(arg, ev.cards[:2], true)
		if m != "" {
			return p.errorf(line, "%s shows: %s", st.name, m)
		}
		// The known cards first ("shows [XX Qs]" is a show of Qs).
		k := 0
		for _, c := range ev.cards[:n] {
			if c != holdem.Unknown {
				ev.cards[k] = c
				k++
			}
		}
		ev.n = uint8(k)
	case "mucks":
		ev.kind = evMuck
		if !bytes.Equal(arg, []byte("hand")) {
			// "mucks [Ah Kd]"
			var cs [2]cards.Card
			if n, _, m := cardsInBrackets(arg, cs[:]); m == "" && n == 2 {
				st.hole, st.holeN = cs, 2
			}
		}
	case "doesn't", "does":
		// "doesn't show hand"
		return nil
	case "Table":
		// Bovada's and Ignition's "Table deposit $80" (and the like): money
		// the player adds to the table, which plays from the next hand.
		if rest, ok := bytes.CutPrefix(arg, []byte("deposit ")); ok {
			d, m := p.amount(rest)
			if m != "" {
				return p.errorf(line, "%s: table deposit: %s", st.name, m)
			}
			if st.deposit.m > 0 && st.deposit.f != d.f {
				return p.errorf(line, "%s deposits twice in the hand, in amounts of different units", st.name)
			}
			st.deposit.m += d.m
			st.deposit.f = d.f
			return nil
		}
		// "Table enter user", "Table leave user": no chips move.
		return nil
	case "sits", "is", "sitting", "leaves", "has", "will", "was", "joins", "re-buys", "takes":
		// "sits out", "is sitting out", "is away": no chips move.
		return nil
	case "Cashed":
		// GGPoker: "name: Cashed Out the hand for $1.70 | Cash Out Fee $0.08".
		if r, ok := bytes.CutPrefix(arg, []byte("Out the hand")); ok {
			return p.cashOut(s, append([]byte("cashed out the hand"), r...), line)
		}
		return p.errorf(line, "unknown action %q of %s", clip(a), st.name)
	case "Chooses", "Pays", "Receives":
		if bytes.Contains(arg, []byte("Cashout")) {
			return p.errorf(line, "%s took an EV Cashout: the payment does not come from the pot, so the result cannot be replayed", st.name)
		}
		return p.errorf(line, "unknown action %q", clip(a))
	case "discards", "stands", "brings", "draws":
		return p.errorf(line, "%s %s: not a Hold'em action", st.name, string(word))
	default:
		return p.errorf(line, "unknown action %q of %s", clip(a), st.name)
	}
	if msg != "" {
		return p.errorf(line, "%s", msg)
	}
	st.active = true
	p.evs = append(p.evs, ev)
	return nil
}

// post reads the forced bets: "posts small blind $0.05", "posts big blind",
// "posts small & big blinds", "posts the ante", "posts straddle", GGPoker's
// "posts missed blind".
func (p *siteParser) post(s int, arg []byte, ev siteEv, line int) *SiteError {
	st := &p.seats[s]
	var rest []byte
	for _, f := range postForms {
		if bytes.HasPrefix(arg, f.text) {
			ev.kind, rest = f.kind, arg[len(f.text):]
			break
		}
	}
	if ev.kind == 0 {
		return p.errorf(line, "unknown post %q of %s", clip(arg), st.name)
	}
	var msg string
	if ev.a, msg = p.amount(rest); msg != "" {
		return p.errorf(line, "%s", msg)
	}
	st.active = true
	p.evs = append(p.evs, ev)
	return nil
}

var postForms = []struct {
	text []byte
	kind evKind
}{
	{[]byte("small blind "), evSB},
	{[]byte("big blind "), evBB},
	{[]byte("small & big blinds "), evSBBB},
	{[]byte("the ante "), evAnte},
	{[]byte("ante "), evAnte},
	{[]byte("straddle "), evStraddle},
	{[]byte("missed blind "), evDead},
	{[]byte("dead blind "), evDead},
}

// summaryLine reads the summary: the total pot and the fees, the board, and
// the cards the seat lines show.
func (p *siteParser) summaryLine(l []byte, line int) *SiteError {
	switch {
	case bytes.HasPrefix(l, []byte("Total pot ")):
		rest := l[len("Total pot "):]
		bar := bytes.IndexByte(rest, '|')
		tot := rest
		if bar >= 0 {
			tot, rest = rest[:bar], rest[bar+1:]
		} else {
			rest = nil
		}
		tot = bytes.TrimSpace(tot)
		if i := bytes.IndexByte(tot, ' '); i >= 0 {
			tot = tot[:i] // "Main pot $x. Side pot-1 $y." follow
		}
		var msg string
		if p.total, msg = p.amount(tot); msg != "" {
			return p.errorf(line, "total pot: %s", msg)
		}
		for rest != nil {
			f := rest
			if bar := bytes.IndexByte(rest, '|'); bar >= 0 {
				f, rest = rest[:bar], rest[bar+1:]
			} else {
				rest = nil
			}
			f = bytes.TrimSpace(f)
			i := bytes.LastIndexByte(f, ' ')
			if i < 0 {
				return p.errorf(line, "malformed fee %q: want a name and an amount (Rake $0.50)", string(f))
			}
			a, msg := p.amount(f[i+1:])
			if msg != "" {
				return p.errorf(line, "%s: %s", string(f[:i]), msg)
			}
			p.fees = append(p.fees, siteFee{name: f[:i], a: a})
		}
	case bytes.HasPrefix(l, []byte("Board [")):
		n, _, msg := cardsInBrackets(l[len("Board"):], p.sboard[:])
		if msg != "" {
			return p.errorf(line, "summary board: %s", msg)
		}
		p.nsb = n
	case bytes.HasPrefix(l, []byte("Hand was run")):
		return p.errorf(line, "the hand was run more than once (%s): the engine deals one board", string(l))
	case bytes.HasPrefix(l, seatPrefix):
		rest := l[len(seatPrefix):]
		c := bytes.IndexByte(rest, ':')
		if c <= 0 {
			return nil
		}
		num, err := strconv.Atoi(string(rest[:c]))
		if err != nil {
			return nil
		}
		for i := range p.seats {
			st := &p.seats[i]
			if st.num != num {
				continue
			}
			tail := rest[c+1:]
			// The summary lists the players dealt in: one whose only
			// trace is here (a walk with nothing to win) was dealt in.
			if bytes.Contains(tail, []byte(" folded ")) || bytes.Contains(tail, []byte(" collected (")) ||
				bytes.Contains(tail, []byte(" won (")) || bytes.Contains(tail, []byte(" showed [")) || bytes.Contains(tail, []byte(" mucked")) {
				st.active = true
			}
			if k := bytes.Index(tail, []byte(" won (")); k >= 0 && bytes.Contains(tail, []byte("(pot not awarded as player cashed out)")) {
				// A player who cashed out and whose hand won: the award
				// the site kept.
				r := tail[k+len(" won ("):]
				if j := bytes.IndexByte(r, ')'); j > 0 {
					a, msg := p.amount(r[:j])
					if msg != "" {
						return p.errorf(line, "seat %d: %s", num, msg)
					}
					if st.keptLine > 0 {
						return p.errorf(line, "seat %d: a second award not paid", num)
					}
					st.kept, st.keptLine = a, line
				}
			}
			if k := bytes.Index(tail, []byte("mucked [")); k >= 0 {
				var cs [2]cards.Card
				if n, _, msg := cardsInBrackets(tail[k+len("mucked"):], cs[:]); msg == "" && n == 2 {
					st.hole, st.holeN = cs, 2
				}
			} else if k := bytes.Index(tail, []byte("showed [")); k >= 0 {
				var cs [2]cards.Card
				if n, _, msg := cardsInBrackets(tail[k+len("showed"):], cs[:]); msg == "" && n > 0 {
					st.showed, st.shownN = cs, n
				}
			}
		}
	}
	return nil
}

// sameCardSet reports whether a and b hold the same cards in any order
// (GGPoker writes the flop again in another order on the turn).
func sameCardSet(a, b []cards.Card) bool {
	if len(a) != len(b) {
		return false
	}
	var x, y cards.Set
	for i := range a {
		x, y = x.Add(a[i]), y.Add(b[i])
	}
	return x == y
}

// lastIndex is bytes.LastIndex for the short separators of a seat line,
// scanning back from the end (they are near it).
func lastIndex(b []byte, sep string) int {
	for i := len(b) - len(sep); i >= 0; i-- {
		if b[i] == sep[0] && string(b[i:i+len(sep)]) == sep {
			return i
		}
	}
	return -1
}
