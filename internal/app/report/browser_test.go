package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pokerlab/internal/testsupport/browsertest"
)

// TestReportInBrowser opens the quick report in headless Chromium: every
// section is there, every image loaded (natural width > 0) and the console
// stayed free of errors. It saves a screenshot next to the page. CI installs
// Debian's chromium and sets POKERLAB_REQUIRE_BROWSER=1, which turns a
// missing browser into a failure instead of a skip.
func TestReportInBrowser(t *testing.T) {
	br := browsertest.Start(t, 1280, 1600, chromedp.Flag("allow-file-access-from-files", true))
	ctx := br.Ctx
	dir, res := quickReport(t)

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
	// The strategy grid is on the page, loaded, large enough to read and
	// captioned.
	grid, err := chromedp.Run(step, chromedp.Evaluate[string](gridOnPageJS))
	if err != nil {
		t.Fatal(err)
	}
	if grid != "" {
		t.Errorf("the river spot's grid: %s", grid)
	}
	// Displayed equations are laid out as MathML: every fraction's
	// numerator stands above its denominator.
	math, err := chromedp.Run(step, chromedp.Evaluate[mathLayout](mathJS))
	if err != nil {
		t.Fatal(err)
	}
	if math.Fractions < 5 || len(math.Flat) > 0 {
		t.Errorf("%d displayed fractions; not laid out as fractions: %v", math.Fractions, math.Flat)
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
	// Every figure's text, as this browser lays it out with the fonts it
	// has (the test machine has no Liberation fonts): no label is cut by the
	// figure's edge and no two labels overlap.
	svgs := 0
	for _, sec := range res.Sections {
		for _, blk := range sec.Blocks {
			if blk.Figure == nil {
				continue
			}
			svgs++
			for _, problem := range svgTextProblems(t, ctx, "file://"+filepath.Join(dir, blk.Figure.SVG)) {
				t.Errorf("%s: %s", blk.Figure.SVG, problem)
			}
		}
	}
	if svgs == 0 {
		t.Error("no SVG figure checked")
	}
	// The grid's SVG holds the 169 class labels of each of its two grids.
	labels, err := svgCount(t, ctx, "file://"+filepath.Join(dir, "qre-spots-river-root.svg"),
		`Array.from(document.querySelectorAll("text")).filter(t => /^([AKQJT2-9])\1$|^[AKQJT2-9]{2}[so]$/.test(t.textContent)).length`)
	if err != nil {
		t.Fatal(err)
	}
	if labels != 2*169 {
		t.Errorf("the grid figure has %d class labels, want 2 × 169", labels)
	}
	if errs := br.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
	if err := os.WriteFile(filepath.Join(dir, "screenshot.jpg"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d sections, %d images, %d displayed fractions, %d grid labels, screenshot %d bytes", len(sectionIDs), images, math.Fractions, labels, len(shot))
}

// svgTextJS measures every non-empty text element of the SVG document open
// in the page (getBoundingClientRect: the box as the browser draws it, with
// the fonts it has) and lists
//
//   - labels that stick out of the figure along their baseline (a tick
//     label cut at the right edge, "100(" for 1000) by more than half a
//     pixel;
//   - labels on one line (same direction, boxes overlapping across the
//     baseline by more than half their height) that overlap along it by more
//     than half a pixel (neighbouring tick labels run together,
//     "100010⁴").
//
// Boxes of text on different lines may overlap across the baseline: a text
// box spans the font's whole ascent and descent, more than gonum's legend
// rows are apart, without any glyphs touching.
const svgTextJS = `(() => {
  const fig = document.documentElement.getBoundingClientRect();
  const boxes = Array.from(document.querySelectorAll("text"))
    .filter(t => t.textContent.trim() !== "")
    .map(t => {
      const m = t.getScreenCTM();
      const r = t.getBoundingClientRect();
      const vertical = Math.abs(m.b) > Math.abs(m.a);
      // along: the interval on the baseline's axis; across: the other.
      return vertical
        ? {s: t.textContent, v: true, along: [r.top, r.bottom], across: [r.left, r.right], lim: [fig.top, fig.bottom]}
        : {s: t.textContent, v: false, along: [r.left, r.right], across: [r.top, r.bottom], lim: [fig.left, fig.right]};
    });
  const overlap = (p, q) => Math.min(p[1], q[1]) - Math.max(p[0], q[0]);
  const out = [];
  for (const b of boxes) {
    const cut = Math.max(b.lim[0] - b.along[0], b.along[1] - b.lim[1]);
    if (cut > 0.5) {
      out.push("label " + JSON.stringify(b.s) + " is cut by the edge of the figure (" + cut.toFixed(1) + " px)");
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], c = boxes[j];
      const h = Math.min(a.across[1] - a.across[0], c.across[1] - c.across[0]);
      if (a.v !== c.v || overlap(a.across, c.across) <= h / 2) {
        continue; // not on one line
      }
      const w = overlap(a.along, c.along);
      if (w > 0.5) {
        out.push("labels " + JSON.stringify(a.s) + " and " + JSON.stringify(c.s) + " overlap (" + w.toFixed(1) + " px)");
      }
    }
  }
  return out;
})()`

// svgTextProblems opens one SVG file in the browser and returns what
// svgTextJS finds.
func svgTextProblems(t *testing.T, ctx context.Context, url string) []string {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(step, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	problems, err := chromedp.Run(step, chromedp.Evaluate[[]string](svgTextJS))
	if err != nil {
		t.Fatal(err)
	}
	return problems
}

// gridOnPageJS checks the river spot's root grid on the page: "" when the
// figure is there, its image loaded and drawn at least 600 pixels wide, and
// its caption numbered; otherwise what is wrong.
const gridOnPageJS = `(() => {
  const f = document.querySelector("#fig-qre-spots-river-root");
  if (!f) return "no figure on the page";
  const img = f.querySelector("img");
  if (!(img.complete && img.naturalWidth > 0)) return "the image did not load";
  const w = img.getBoundingClientRect().width;
  if (w < 600) return "drawn " + w + " px wide";
  const cap = f.querySelector("figcaption").textContent;
  if (!/^Figure \d+\./.test(cap)) return "caption " + JSON.stringify(cap.slice(0, 40));
  return "";
})()`

// mathLayout is what mathJS reports.
type mathLayout struct {
	Fractions int      `json:"fractions"`
	Flat      []string `json:"flat"`
}

// mathJS measures the fractions of the displayed equations: MathML laid
// out by the browser puts a numerator above its denominator; MathML shown
// as plain text would put them side by side.
const mathJS = `(() => {
  const out = {fractions: 0, flat: []};
  for (const m of document.querySelectorAll('math[display="block"]')) {
    for (const fr of m.querySelectorAll("mfrac")) {
      out.fractions++;
      const a = fr.children[0].getBoundingClientRect(), b = fr.children[1].getBoundingClientRect();
      if (!(a.width > 0 && b.width > 0 && a.bottom <= b.top + 1)) out.flat.push(fr.textContent.slice(0, 40));
    }
  }
  return out;
})()`

// svgCount opens one SVG file in the browser and evaluates js, a count.
func svgCount(t *testing.T, ctx context.Context, url, js string) (int, error) {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(step, chromedp.Navigate(url)); err != nil {
		return 0, err
	}
	return chromedp.Run(step, chromedp.Evaluate[int](js))
}
