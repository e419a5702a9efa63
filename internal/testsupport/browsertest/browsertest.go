// Package browsertest starts headless Chromium for the tests that check
// pokerlab's pages in a real browser (the report, the serve table), the one
// way both need it: Debian's chromium found on PATH, a fresh profile, no
// network of its own, and every console error and uncaught exception of
// the page collected for the test to check.
//
// Without a browser the test is skipped, unless POKERLAB_REQUIRE_BROWSER is
// set (CI sets it after installing chromium): then it fails, so that a
// browser test never passes by not running.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Browser is a headless Chromium for one test.
type Browser struct {
	// Ctx runs chromedp actions. The browser process starts with the first
	// of them, which must not carry a timeout (a timeout would stop the
	// browser with it); give later steps contexts derived from Ctx.
	Ctx context.Context

	mu     sync.Mutex
	errors []string
}

// Path returns the path of a Chromium or Chrome binary on PATH, or "".
func Path() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Start prepares a headless browser with a window of width × height pixels
// and the extra allocator options (flags), or skips the test when there is
// no browser (fails with POKERLAB_REQUIRE_BROWSER set). The browser stops
// when the test ends.
func Start(t testing.TB, width, height int, extra ...chromedp.ExecAllocatorOption) *Browser {
	t.Helper()
	path := Path()
	if path == "" {
		if os.Getenv("POKERLAB_REQUIRE_BROWSER") != "" {
			t.Fatal("no chromium found and POKERLAB_REQUIRE_BROWSER is set")
		}
		t.Skip("no chromium on PATH (apt-get install chromium)")
	}
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		// Nothing but the page under test on the network.
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(width, height),
	)
	opts = append(opts, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	b := &Browser{Ctx: ctx}
	if err := chromedp.Listen(ctx, b.listen); err != nil {
		t.Fatal(err)
	}
	return b
}

// listen records the page's console errors and uncaught exceptions.
func (b *Browser) listen(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError {
			b.errors = append(b.errors, "console.error")
		}
	case *runtime.EventExceptionThrown:
		b.errors = append(b.errors, e.ExceptionDetails.Text)
	}
}

// ConsoleErrors returns the console errors and uncaught exceptions seen so
// far.
func (b *Browser) ConsoleErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.errors)
}
