package report

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func readQuick(t *testing.T, name string) string {
	t.Helper()
	dir, _ := quickReport(t)
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestPageHasNoRawTeX: the page, report.json and the figures show no TeX
// — no backslash commands (\frac, \lambda) and no dollar signs but the
// shell's '^$' in the commands to run.
func TestPageHasNoRawTeX(t *testing.T) {
	page := readQuick(t, "index.html")
	outsideCode := regexp.MustCompile(`(?s)<pre><code>.*?</code></pre>`).ReplaceAllString(page, "")
	for name, text := range map[string]string{"index.html": page, "report.json": readQuick(t, "report.json")} {
		if m := regexp.MustCompile(`\\[A-Za-z]{2,}`).FindString(text); m != "" {
			t.Errorf("%s holds the TeX command %q", name, m)
		}
	}
	if i := strings.Index(outsideCode, "$"); i >= 0 {
		t.Errorf("index.html holds a $ outside the commands: %q", outsideCode[max(0, i-60):min(len(outsideCode), i+60)])
	}
	if strings.Contains(readQuick(t, "report.json"), "$") {
		t.Error("report.json holds a $")
	}
	// The figures' text: titles, axis labels, legends, tick labels.
	dir, _ := quickReport(t)
	svgs, err := filepath.Glob(filepath.Join(dir, "*.svg"))
	if err != nil || len(svgs) == 0 {
		t.Fatalf("no SVG figures (%v)", err)
	}
	for _, f := range svgs {
		svg := readQuick(t, filepath.Base(f))
		if m := regexp.MustCompile(`\$|\\[A-Za-z]{2,}`).FindString(svg); m != "" {
			t.Errorf("%s holds %q", filepath.Base(f), m)
		}
	}
}

// TestPageDisplaysEquationsInMathML: the logit response, the free energy
// and the CFR definitions are displayed MathML equations.
func TestPageDisplaysEquationsInMathML(t *testing.T) {
	page := readQuick(t, "index.html")
	if n := strings.Count(page, `<math display="block">`); n < 6 {
		t.Errorf("%d displayed equations, want at least 6 (two logit responses, the free energy, regret matching, the average strategy, NashConv)", n)
	}
	for _, want := range []string{"<mi>exp</mi>", "<mfrac>", "<mi>NashConv</mi>", "<mi>ln</mi>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the equations lack %s", want)
		}
	}
}

// TestPageSpeaksProductLanguage: neither the page, report.json nor this
// package's code speak of how the project was built; the source documents
// are named by subject.
func TestPageSpeaksProductLanguage(t *testing.T) {
	// Built from parts, so that this file does not match itself.
	banned := regexp.MustCompile(`(?i)\bseed ` + `0\d\d\b|\bseed` + `'s\b|\bis` + `sue\b|\b(second|third|fourth|fifth|sixth) ` + `pass\b|\bses` + `sion\b`)
	texts := map[string]string{"index.html": readQuick(t, "index.html"), "report.json": readQuick(t, "report.json")}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[f] = string(data)
	}
	for name, text := range texts {
		for _, m := range banned.FindAllString(text, -1) {
			t.Errorf("%s says %q", name, m)
		}
	}
	page := texts["index.html"]
	for _, want := range []string{"the QRE note", "the CFR lecture", "the NPC design note", "Brown &amp; Sandholm 2019"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not cite %q", want)
		}
	}
}

// TestPageReadsAsAPaper: an abstract, then every section with its
// question, method and answer.
func TestPageReadsAsAPaper(t *testing.T) {
	page := readQuick(t, "index.html")
	_, res := quickReport(t)
	if !strings.Contains(page, `<section class="abstract" id="abstract"><h2>Abstract</h2>`) {
		t.Error("no abstract")
	}
	for _, s := range res.Sections {
		if s.Question == "" || s.Method == "" || s.Answer == "" || s.Finding == "" {
			t.Errorf("section %s: question %t, method %t, answer %t, finding %t", s.ID, s.Question != "", s.Method != "", s.Answer != "", s.Finding != "")
		}
		if !strings.Contains(page, `href="#`+s.ID+`">Section `) {
			t.Errorf("the abstract does not point to section %s", s.ID)
		}
	}
	if n := strings.Count(page, `<span class="label">Answer.</span>`); n != len(res.Sections) {
		t.Errorf("%d answers for %d sections", n, len(res.Sections))
	}
}

// TestFiguresAndTablesAreNumberedAndReferenced: figures and tables are
// numbered 1, 2, … in page order, and the text links to each of them.
func TestFiguresAndTablesAreNumberedAndReferenced(t *testing.T) {
	page := readQuick(t, "index.html")
	for _, kind := range []struct{ id, label string }{{"fig", "Figure"}, {"tab", "Table"}} {
		re := regexp.MustCompile(`id="` + kind.id + `-([A-Za-z0-9_-]+)">(?:<img[^>]*><figcaption>|<caption>)<span class="label">` + kind.label + ` (\d+)\.</span>`)
		ms := re.FindAllStringSubmatch(page, -1)
		if len(ms) == 0 {
			t.Fatalf("no %s on the page", kind.label)
		}
		for i, m := range ms {
			if m[2] != strconv.Itoa(i+1) {
				t.Errorf("%s %s is numbered %s, want %d", kind.label, m[1], m[2], i+1)
			}
			link := `<a href="#` + kind.id + `-` + m[1] + `">` + kind.label + ` ` + m[2] + `</a>`
			if !strings.Contains(page, link) {
				t.Errorf("the text never refers to %s %s (%s)", kind.label, m[2], m[1])
			}
		}
	}
	if strings.Contains(page, "[[") {
		t.Error("an unresolved reference is on the page")
	}
}

// TestReferenceToMissingFigureIsAnError: a reference to a figure the page
// does not have fails the run and names the reference.
func TestReferenceToMissingFigureIsAnError(t *testing.T) {
	secs := []Section{{ID: "a", Number: 1, Title: "A", Question: "See [[fig:nowhere]] and [[tab:t]].",
		Blocks: []Block{{Table: &Table{Name: "t"}}}}}
	_, err := resolveReferences(secs)
	if err == nil || !strings.Contains(err.Error(), "[[fig:nowhere]]") || strings.Contains(err.Error(), "[[tab:t]]") {
		t.Fatalf("error %v, want one naming [[fig:nowhere]] only", err)
	}
	secs[0].Question = "See [[tab:t]]."
	if _, err := resolveReferences(secs); err != nil {
		t.Fatal(err)
	}
	if want := `See <a href="#tab-t">Table 1</a>.`; string(secs[0].Question) != want {
		t.Errorf("resolved to %q, want %q", secs[0].Question, want)
	}
}

// TestNumbersInProseUsePowersOfTen: prose writes 2.7·10⁷, not 2.7e+07, and
// no negative zero.
func TestNumbersInProseUsePowersOfTen(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{num(2.71e7, 2), "2.7·10<sup>7</sup>"},
		{num(-6.04e-9, 2), "−6·10<sup>−9</sup>"},
		{num(0.5, 2), "0.5"},
		{num(142.3, 3), "142"},
		{fixed(-0.000001, 5), "0.00000"},
		{fixed(-0.38508, 5), "−0.38508"},
		{seconds(0.0043), "4.3 ms"},
		{seconds(1.74), "1.7 s"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestTableCellsTypesetNumbers: table cells show minus signs and powers of
// ten, not Go's hyphens and exponents; other text is left alone.
func TestTableCellsTypesetNumbers(t *testing.T) {
	for _, c := range []struct{ cell, want string }{
		{"8.60e-05", "8.60·10⁻⁵"},
		{"2.711e+07", "2.711·10⁷"},
		{"0.00e+00", "0"},
		{"-0.38508 / -0.38508", "−0.38508 / −0.38508"},
		{"0.158 (slope -1.25)", "0.158 (slope −1.25)"},
		{"-3.2e-09", "−3.2·10⁻⁹"},
		{"P2 Kh|Qh:cc/crr", "P2 Kh|Qh:cc/crr"},
		{"x b120 r300 r750", "x b120 r300 r750"},
		{"fold_to_three_bet", "fold_to_three_bet"},
		{"22–27 ms", "22–27 ms"},
		{"+2.53 (IP 87s)", "+2.53 (IP 87s)"},
	} {
		if got := typeset(c.cell); got != c.want {
			t.Errorf("typeset(%q) = %q, want %q", c.cell, got, c.want)
		}
	}
}

// TestPageTablesShowNoGoNumberFormat: no cell on the page writes a number
// as Go formats it (1.2e-05, a hyphen for minus).
func TestPageTablesShowNoGoNumberFormat(t *testing.T) {
	page := readQuick(t, "index.html")
	cells := regexp.MustCompile(`<td>([^<]*)</td>`).FindAllStringSubmatch(page, -1)
	if len(cells) < 100 {
		t.Fatalf("%d table cells on the page", len(cells))
	}
	goFormat := regexp.MustCompile(`\d[eE][-+]\d|(^|[\s(/])-\d`)
	for _, c := range cells {
		if goFormat.MatchString(c[1]) {
			t.Errorf("cell %q", c[1])
		}
	}
}

// TestBenchmarkReferencesNameSections: every section of docs/benchmarks.md
// the page cites (“docs/benchmarks.md, “CFR family””) is a heading there.
func TestBenchmarkReferencesNameSections(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "benchmarks.md"))
	if err != nil {
		t.Fatal(err)
	}
	headings := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if h := strings.TrimLeft(line, "#"); h != line {
			headings[strings.TrimSpace(h)] = true
		}
	}
	page := readQuick(t, "index.html")
	cited := 0
	for _, m := range regexp.MustCompile(`docs/benchmarks\.md,([^)<]*)`).FindAllStringSubmatch(page, -1) {
		for _, name := range regexp.MustCompile(`“([^”]*)”`).FindAllStringSubmatch(m[1], -1) {
			cited++
			if !headings[name[1]] {
				t.Errorf("the page cites the section %q of docs/benchmarks.md, which has no such heading", name[1])
			}
		}
	}
	if cited < 3 {
		t.Errorf("%d sections of docs/benchmarks.md cited, want the evaluator's, CFR's and QRE on spots at least", cited)
	}
}
