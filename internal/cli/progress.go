package cli

import (
	"time"

	"github.com/schollz/progressbar/v3"
)

// Progress reports the advance of long work. It is a no-op unless stderr is
// a terminal and the command is not writing JSON, so pipes and --json output
// stay clean.
type Progress struct {
	bar *progressbar.ProgressBar
}

// newProgress starts a progress bar of total steps on stderr; quiet (for
// example --json) disables it.
func (f *Factory) newProgress(total int64, description string, quiet bool) *Progress {
	if quiet || !f.IO.IsStderrTTY() {
		return &Progress{}
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(f.IO.ErrOut),
		progressbar.OptionSetDescription(description),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
	return &Progress{bar: bar}
}

// Set moves the bar to n steps done.
func (p *Progress) Set(n int64) {
	if p.bar != nil {
		p.bar.Set64(n)
	}
}

// Describe changes the text before the bar (for example the current NashConv).
func (p *Progress) Describe(s string) {
	if p.bar != nil {
		p.bar.Describe(s)
	}
}

// Done finishes and clears the bar.
func (p *Progress) Done() {
	if p.bar != nil {
		p.bar.Finish()
		p.bar.Clear()
	}
}
