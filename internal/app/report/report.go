// Package report regenerates the results of pokerlab's three source
// documents (the AKQ-game QRE note, the CFR lecture, the HUD-stat NPC
// design; see README.md) as one self-contained web page: index.html, every figure as SVG and PNG, and
// report.json with every number the page shows. It is what
// "pokerlab report" runs.
//
// Each section is a function that computes its results with the library
// packages, adds figures (gonum/plot), tables and numbers to a Builder, and
// says which command reproduces each result. Quick mode (--quick) runs the
// same sections with smaller settings. Every random process takes the
// report's seed.
package report

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"gonum.org/v1/plot"

	"pokerlab/internal/base/atomicfile"
	"pokerlab/internal/figure/plotx"
)

// Options configure a report run.
type Options struct {
	Dir   string // output directory; created if missing
	Quick bool   // smaller settings, same sections (≤ 60 s on 2 cores)
	Seed  uint64 // seed of every random process
	// Stage is called as each section starts (i from 1 to n); nil is silent.
	Stage func(i, n int, title string)
}

// Section is one part of the page.
type Section struct {
	ID     string
	Title  string
	Intro  template.HTML // explanation above the figures
	Blocks []Block
}

// Block is a figure, a table or a paragraph, each with the command that
// reproduces it (may be empty for prose).
type Block struct {
	Figure  *Figure
	Table   *Table
	Text    template.HTML
	Command string
}

// Figure is an image written as SVG and PNG.
type Figure struct {
	Name    string // file stem
	Caption string
	SVG     string
	PNG     string
}

// Table is a caption, a header and rows of cells. Folded rows (with their
// summary line) are shown collapsed below the table, for the rows that
// matter less (for example stats measured on few opportunities).
type Table struct {
	Caption string
	Header  []string
	Rows    [][]string
	Folded  [][]string
	Summary string // the line that opens the folded rows
}

// Builder collects one section's output.
type Builder struct {
	opts    Options
	section *Section
	numbers map[string]any
}

// Quick reports whether the report runs with small settings.
func (b *Builder) Quick() bool { return b.opts.Quick }

// Seed returns the report's seed.
func (b *Builder) Seed() uint64 { return b.opts.Seed }

// Dir returns the output directory.
func (b *Builder) Dir() string { return b.opts.Dir }

// Figure saves p as name.svg and name.png and adds it with a caption and the
// command that reproduces it.
func (b *Builder) Figure(p *plot.Plot, name, caption, command string) error {
	svg, png, err := plotx.SaveBoth(p, b.opts.Dir, name, plotx.Width, plotx.Height)
	if err != nil {
		return err
	}
	b.section.Blocks = append(b.section.Blocks, Block{Figure: &Figure{Name: name, Caption: caption, SVG: svg, PNG: png}, Command: command})
	return nil
}

// FigureSaved adds a figure drawn by save, which is called with the paths
// of name.svg and name.png (for figures built outside gonum's single plot,
// such as qreplot's panel grids).
func (b *Builder) FigureSaved(name, caption, command string, save func(path string) error) error {
	svg, png := name+".svg", name+".png"
	for _, f := range []string{svg, png} {
		if err := save(filepath.Join(b.opts.Dir, f)); err != nil {
			return err
		}
	}
	b.section.Blocks = append(b.section.Blocks, Block{Figure: &Figure{Name: name, Caption: caption, SVG: svg, PNG: png}, Command: command})
	return nil
}

// Table adds a table with the command that reproduces it.
func (b *Builder) Table(t Table, command string) {
	b.section.Blocks = append(b.section.Blocks, Block{Table: &t, Command: command})
}

// Text adds a paragraph of trusted HTML.
func (b *Builder) Text(html template.HTML) {
	b.section.Blocks = append(b.section.Blocks, Block{Text: html})
}

// Number records a named result in report.json (under the section's id).
func (b *Builder) Number(key string, v any) { b.numbers[key] = v }

// sectionFunc computes one section.
type sectionFunc struct {
	id, title string
	intro     template.HTML
	run       func(b *Builder) error
}

// sections lists the page's sections in order; each lives in its own
// section_*.go file.
func sections() []sectionFunc {
	return []sectionFunc{akqSection, qreGamesSection, qreSpotsSection, cfrSection, holdemSection, npcSection}
}

// Result is what Run produced.
type Result struct {
	Sections []Section
	Numbers  map[string]map[string]any
	Seconds  float64
}

// Run computes every section and writes the page, the figures and
// report.json into opts.Dir. index.html and report.json are written last,
// through temporary files, so a failed run leaves no page that looks
// complete.
func Run(opts Options) (*Result, error) {
	if opts.Dir == "" {
		opts.Dir = "report"
	}
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return nil, err
	}
	start := time.Now()
	res := &Result{Numbers: map[string]map[string]any{}}
	all := sections()
	for i, s := range all {
		if opts.Stage != nil {
			opts.Stage(i+1, len(all), s.title)
		}
		sec := Section{ID: s.id, Title: s.title, Intro: s.intro}
		b := &Builder{opts: opts, section: &sec, numbers: map[string]any{}}
		t0 := time.Now()
		if err := s.run(b); err != nil {
			return nil, fmt.Errorf("report section %q: %w", s.title, err)
		}
		b.numbers["seconds"] = time.Since(t0).Seconds()
		res.Sections = append(res.Sections, sec)
		res.Numbers[s.id] = b.numbers
	}
	res.Seconds = time.Since(start).Seconds()
	doc := map[string]any{
		"seed":     opts.Seed,
		"quick":    opts.Quick,
		"seconds":  res.Seconds,
		"sections": res.Numbers,
	}
	if err := atomicfile.Write(filepath.Join(opts.Dir, "report.json"), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}); err != nil {
		return nil, err
	}
	err := atomicfile.Write(filepath.Join(opts.Dir, "index.html"), func(w io.Writer) error {
		return page().Execute(w, map[string]any{
			"Sections": res.Sections, "Seed": opts.Seed, "Quick": opts.Quick,
			"Seconds": fmt.Sprintf("%.0f", res.Seconds), "Date": time.Now().UTC().Format("2006-01-02"),
		})
	})
	return res, err
}

// page is parsed at first use, not at start-up: every pokerlab command
// would otherwise pay for it (issue 16).
var page = sync.OnceValue(func() *template.Template { return template.Must(template.New("index").Parse(pageHTML)) })

const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pokerlab report</title>
<style>
 body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem; color: #222; line-height: 1.5; }
 h1 { margin-bottom: 0.2rem; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2rem; margin-top: 2.5rem; }
 nav ol { columns: 2; } figure { margin: 1.5rem 0; } figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
 figcaption { font-size: 0.92rem; color: #444; }
 table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
 th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: right; } th { background: #f4f4f4; }
 td:first-child, th:first-child { text-align: left; }
 caption { caption-side: top; text-align: left; font-size: 0.92rem; color: #444; padding-bottom: 0.3rem; }
 pre { background: #f6f8fa; padding: 0.4rem 0.7rem; overflow-x: auto; font-size: 0.85rem; }
 .meta { color: #666; font-size: 0.9rem; }
 details { margin: 0 0 1rem; font-size: 0.92rem; } summary { cursor: pointer; color: #444; }
</style>
</head>
<body>
<h1>pokerlab report</h1>
<p class="meta">Generated {{.Date}} with seed {{.Seed}}{{if .Quick}} in quick mode (smaller settings){{end}} in {{.Seconds}} s. Every number on this page is also in <a href="report.json">report.json</a>; every result names the command that reproduces it.</p>
<nav><ol>{{range .Sections}}<li><a href="#{{.ID}}">{{.Title}}</a></li>{{end}}</ol></nav>
{{range .Sections}}
<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{.Intro}}
{{range .Blocks}}
{{if .Figure}}<figure id="fig-{{.Figure.Name}}"><img src="{{.Figure.SVG}}" alt="{{.Figure.Caption}}"><figcaption>{{.Figure.Caption}} (<a href="{{.Figure.PNG}}">PNG</a>)</figcaption></figure>{{end}}
{{if .Table}}<table><caption>{{.Table.Caption}}</caption><thead><tr>{{range .Table.Header}}<th>{{.}}</th>{{end}}</tr></thead><tbody>{{range .Table.Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>{{end}}</tbody></table>
{{if .Table.Folded}}<details><summary>{{.Table.Summary}}</summary><table><thead><tr>{{range .Table.Header}}<th>{{.}}</th>{{end}}</tr></thead><tbody>{{range .Table.Folded}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>{{end}}</tbody></table></details>{{end}}{{end}}
{{if .Text}}<p>{{.Text}}</p>{{end}}
{{if .Command}}<pre><code>{{.Command}}</code></pre>{{end}}
{{end}}
</section>
{{end}}
</body>
</html>
`
