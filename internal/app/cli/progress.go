package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Progress reports the advance of long work. It is a no-op unless stderr is
// a terminal and the command is not writing JSON, so pipes and --json output
// stay clean.
//
// The bar is drawn here rather than by a library: one line, redrawn at most
// every 100 ms, is all the commands need, and a progress-bar package linked
// into every command cost start-up time (issue 16: its init, and those of
// the colour and Unicode-width packages it brought).
type Progress struct {
	mu    sync.Mutex
	w     io.Writer // nil: no bar
	total int64
	n     int64
	desc  string
	start time.Time
	last  time.Time // of the last drawing; zero: never drawn
}

// Layout of the bar.
const (
	progressWidth    = 30                     // characters between the brackets
	progressInterval = 100 * time.Millisecond // at most one drawing per interval
)

// newProgress starts a progress bar of total steps on stderr; quiet (for
// example --json) disables it.
func (f *Factory) newProgress(total int64, description string, quiet bool) *Progress {
	if quiet || !f.IO.IsStderrTTY() {
		return &Progress{}
	}
	return &Progress{w: f.IO.ErrOut, total: total, desc: description, start: time.Now()}
}

// Set moves the bar to n steps done.
func (p *Progress) Set(n int64) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n = n
	p.draw()
}

// Describe changes the text before the bar (for example the current NashConv).
func (p *Progress) Describe(s string) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.desc = s
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
// progressInterval ago:
//
//	solving  45% [=============>                ] 450/1000 (3s, 4s left)
func (p *Progress) draw() {
	now := time.Now()
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
	elapsed := now.Sub(p.start)
	left := "?"
	if frac > 0 {
		left = (time.Duration(float64(elapsed)/frac) - elapsed).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s %3d%% [%s] %d/%d (%s, %s left)",
		p.desc, int(frac*100), bar, p.n, p.total, elapsed.Round(time.Second), left)
}
