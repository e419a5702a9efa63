package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"pokerlab/efg"
)

// Progress reports the advance of long work on one line of stderr, redrawn
// in place: what is done in the work's own units (iterations, hands,
// rounds, bytes), the state of the work (the NashConv, the exploitability,
// λ), the time spent and an estimate of the time left. It is a no-op unless
// stderr is a terminal and the command is not writing JSON, so pipes, logs
// and --json output stay clean.
//
//	solving  45% [=============>                ] 450/1000 iterations, NashConv 1.234e-03 (3s, ETA 4s)
//
// The bar is drawn here rather than by a library: one line, redrawn at most
// every 100 ms, is all the commands need, and a progress-bar package linked
// into every command cost start-up time (its init, and those of the colour
// and Unicode-width packages it brought).
type Progress struct {
	mu     sync.Mutex
	w      io.Writer // nil: no bar
	width  int       // of the terminal in columns; 0: unknown (no cut)
	total  int64
	n      int64
	unit   string               // "iterations"; "" for a bar without a count
	format func(n int64) string // of counts (Bytes: sizes); nil: decimal
	desc   string               // what the work is ("solving")
	status string               // the state of the work (Describe)
	now    func() time.Time     // the clock (tests set it)
	start  time.Time
	last   time.Time // of the last drawing; zero: never drawn
}

// Layout of the bar.
const (
	progressWidth    = 30                     // characters between the brackets
	progressInterval = 100 * time.Millisecond // at most one drawing per interval
)

// newProgress starts a progress bar of total steps on stderr; quiet (for
// example --json) disables it. Without Count or Bytes the bar shows the
// percentage only (for work measured in a fraction, such as a λ path).
func (f *Factory) newProgress(total int64, description string, quiet bool) *Progress {
	if quiet || !f.IO.IsStderrTTY() {
		return &Progress{}
	}
	return &Progress{w: f.IO.ErrOut, width: f.IO.TerminalWidth(), total: total, desc: description, now: time.Now, start: time.Now()}
}

// Count makes the bar show its count in unit ("450/1000 iterations").
func (p *Progress) Count(unit string) *Progress {
	p.unit = unit
	return p
}

// Bytes makes the bar show its count as sizes ("3.1 MiB/12 MiB read").
func (p *Progress) Bytes(unit string) *Progress {
	p.unit, p.format = unit, func(n int64) string { return efg.FormatBytes(n) }
	return p
}

// Set moves the bar to n steps done.
func (p *Progress) Set(n int64) { p.change(func() { p.n = n }) }

// SetOf moves the bar to n of total steps, for work whose total is known
// as it goes (Monte Carlo until a precision is reached).
func (p *Progress) SetOf(n, total int64) { p.change(func() { p.n, p.total = n, total }) }

// Update moves the bar to n steps done with the state s, in one drawing.
func (p *Progress) Update(n int64, s string) { p.change(func() { p.n, p.status = n, s }) }

// Describe sets the state of the work shown after the count (for example
// "NashConv 1.2e-03").
func (p *Progress) Describe(s string) { p.change(func() { p.status = s }) }

// change applies f to the bar and redraws it (a no-op without a bar).
func (p *Progress) change(f func()) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	f()
	p.draw()
}

// Done finishes and clears the bar.
func (p *Progress) Done() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.last.IsZero() {
		fmt.Fprint(p.w, "\r\x1b[K") // carriage return, erase the line
	}
}

// draw writes the bar over the current line, unless it was drawn less than
// progressInterval ago.
func (p *Progress) draw() {
	now := p.now()
	if !p.last.IsZero() && now.Sub(p.last) < progressInterval {
		return
	}
	p.last = now
	frac := 0.0
	if p.total > 0 {
		frac = min(max(float64(p.n)/float64(p.total), 0), 1)
	}
	full := int(frac * progressWidth)
	bar := strings.Repeat("=", full)
	if full < progressWidth {
		bar += ">" + strings.Repeat(" ", progressWidth-full-1)
	}
	var what []string
	if p.unit != "" {
		count := func(n int64) string { return fmt.Sprint(n) }
		if p.format != nil {
			count = p.format
		}
		what = append(what, count(p.n)+"/"+count(p.total)+" "+p.unit)
	}
	if p.status != "" {
		what = append(what, p.status)
	}
	elapsed := now.Sub(p.start)
	clock := elapsed.Round(time.Second).String()
	if frac > 0 && frac < 1 {
		// The rate so far, extrapolated: the work's steps cost alike.
		clock += ", ETA " + (time.Duration(float64(elapsed)/frac) - elapsed).Round(time.Second).String()
	}
	line := fmt.Sprintf("%s %3d%% [%s] %s (%s)", p.desc, int(frac*100), bar, strings.Join(what, ", "), clock)
	if len(what) == 0 {
		line = fmt.Sprintf("%s %3d%% [%s] (%s)", p.desc, int(frac*100), bar, clock)
	}
	fmt.Fprint(p.w, "\r\x1b[K"+cutToWidth(line, p.width))
}

// cutToWidth shortens line to width columns (one per rune: the bar's text
// has no wide characters), so that it never wraps and the carriage return
// redraws it in place; width 0 is no limit.
func cutToWidth(line string, width int) string {
	if width <= 1 || utf8.RuneCountInString(line) < width {
		return line
	}
	r := []rune(line)
	return string(r[:width-2]) + "…"
}
