package batch

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pokerlab/internal/testsupport/browsertest"
)

// TestReportPageInBrowser opens a batch's report page in headless
// Chromium: the texture table has a row per group, the flops table a row
// per flop, a click on a column's header sorts the flops by it, and the
// console stays free of errors.
func TestReportPageInBrowser(t *testing.T) {
	br := browsertest.Start(t, 1280, 900, chromedp.Flag("allow-file-access-from-files", true))
	r := solvedReport(t, "6")
	page := filepath.Join(t.TempDir(), "report.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := chromedp.Run(br.Ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	step, cancel := context.WithTimeout(br.Ctx, 30*time.Second)
	defer cancel()
	groups, err := chromedp.Run(step, chromedp.Evaluate[int](`document.querySelectorAll("#groups tbody tr").length`))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := chromedp.Run(step, chromedp.Evaluate[int](`document.querySelectorAll("#flops tbody tr").length`))
	if err != nil {
		t.Fatal(err)
	}
	if groups != len(r.Groups) || rows != len(r.Flops) {
		t.Errorf("page: %d group rows (want %d), %d flop rows (want %d)", groups, len(r.Groups), rows, len(r.Flops))
	}
	// The OOP value column: header index 6 + actions.
	col := 6 + len(r.Actions)
	js := `(function(){ var th = document.querySelectorAll("#flops th")[` + strconv.Itoa(col) + `]; th.click();
		return Array.from(document.querySelectorAll("#flops tbody tr")).map(r => r.cells[` + strconv.Itoa(col) + `].textContent); })()`
	vals, err := chromedp.Run(step, chromedp.Evaluate[[]string](js))
	if err != nil {
		t.Fatal(err)
	}
	nums := make([]float64, len(vals))
	for i, v := range vals {
		nums[i], _ = strconv.ParseFloat(v, 64)
	}
	if !slices.IsSorted(nums) || len(nums) != len(r.Flops) {
		t.Errorf("after a click on OOP value: %v, not ascending", vals)
	}
	if errs := br.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}
