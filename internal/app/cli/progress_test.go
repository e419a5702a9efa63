package cli

import (
	"strings"
	"testing"
)

// The bar shows the description, the percentage, the bar and the count;
// it is redrawn at most once per interval, and Done erases it.
func TestProgressBarDrawing(t *testing.T) {
	io, _, errOut := TestStreams("", false, true)
	f := &Factory{IO: io}
	p := f.newProgress(1000, "solving", false)
	p.Set(250)
	want := "\r\x1b[Ksolving  25% [=======>                      ] 250/1000 ("
	if got := errOut.String(); !strings.HasPrefix(got, want) {
		t.Fatalf("first drawing %q, want it to start with %q", got, want)
	}
	p.Set(500) // within the interval: not drawn
	if strings.Contains(errOut.String(), "500/1000") {
		t.Errorf("redrawn within %v: %q", progressInterval, errOut.String())
	}
	p.Done()
	if got := errOut.String(); !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("Done leaves %q, want the line erased", got)
	}
	// Not a terminal: nothing at all.
	io, _, errOut = TestStreams("", false, false)
	p = (&Factory{IO: io}).newProgress(10, "x", false)
	p.Set(5)
	p.Describe("y")
	p.Done()
	if errOut.Len() != 0 {
		t.Errorf("no terminal: wrote %q", errOut.String())
	}
}
