package report

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// findChromium returns the path of a Chromium or Chrome binary, or "".
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestReportInBrowser opens the quick report in headless Chromium: every
// section is there, every image loaded (natural width > 0) and the console
// stayed free of errors. It saves a screenshot next to the page. CI installs
// Debian's chromium and sets POKERLAB_REQUIRE_BROWSER=1, which turns a
// missing browser into a failure instead of a skip.
func TestReportInBrowser(t *testing.T) {
	browser := findChromium()
	if browser == "" {
		if os.Getenv("POKERLAB_REQUIRE_BROWSER") != "" {
			t.Fatal("no chromium found and POKERLAB_REQUIRE_BROWSER is set")
		}
		t.Skip("no chromium on PATH (apt-get install chromium)")
	}
	dir, res := quickReport(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("allow-file-access-from-files", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1600),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()

	var mu sync.Mutex
	var consoleErrors []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError {
				consoleErrors = append(consoleErrors, "console.error")
			}
		case *runtime.EventExceptionThrown:
			consoleErrors = append(consoleErrors, e.ExceptionDetails.Text)
		}
	}); err != nil {
		t.Fatal(err)
	}

	// The first Run starts the browser and must not carry a timeout (it
	// would stop the browser); later steps get one.
	url := "file://" + filepath.Join(dir, "index.html")
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	step, cancelStep := context.WithTimeout(ctx, 60*time.Second)
	defer cancelStep()
	if _, err := chromedp.Run(step, chromedp.WaitReady("body")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(step, chromedp.Poll[bool](`Array.from(document.images).every(i => i.complete)`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatal(err)
	}
	sectionIDs, err := chromedp.Run(step, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("section")).map(s => s.id)`))
	if err != nil {
		t.Fatal(err)
	}
	broken, err := chromedp.Run(step, chromedp.Evaluate[[]string](`Array.from(document.images).filter(i => !(i.naturalWidth > 0)).map(i => i.src)`))
	if err != nil {
		t.Fatal(err)
	}
	images, err := chromedp.Run(step, chromedp.Evaluate[int](`document.images.length`))
	if err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(step, chromedp.FullScreenshot(80))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Sections {
		found := false
		for _, id := range sectionIDs {
			found = found || id == s.ID
		}
		if !found {
			t.Errorf("section %s not found in the page (sections: %v)", s.ID, sectionIDs)
		}
	}
	if images == 0 || len(broken) > 0 {
		t.Errorf("%d images, broken: %s", images, strings.Join(broken, ", "))
	}
	mu.Lock()
	defer mu.Unlock()
	if len(consoleErrors) > 0 {
		t.Errorf("console errors: %v", consoleErrors)
	}
	if err := os.WriteFile(filepath.Join(dir, "screenshot.jpg"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d sections, %d images, screenshot %d bytes", len(sectionIDs), images, len(shot))
}
