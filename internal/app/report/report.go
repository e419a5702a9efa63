// Package report recomputes the results of pokerlab's three source
// documents — the QRE note (the logit quantal response equilibrium of the
// AKQ game), the CFR lecture and the NPC design note (README: Sources) —
// and writes them as one self-contained page that reads as a short paper:
// index.html with an abstract, one section per question (the question, the
// method in a sentence, numbered figures and tables referenced from the
// text, the answer) and the sources; every figure as SVG and PNG beside it;
// and report.json with every number the page shows. It is what
// "pokerlab report" runs.
//
// Each section is a function that computes its results with the library
// packages, adds figures (gonum/plot), tables and paragraphs to a Builder,
// and says which command reproduces each result. Text refers to figures,
// tables and sections by name ([[fig:NAME]], [[tab:NAME]], [[sec:ID]]); the
// page numbers them in order and writes the references as links. Inline
// mathematics is Unicode, displayed equations MathML (math.go). Quick mode
// (--quick) runs the same sections with smaller settings. Every random
// process takes the report's seed.
package report

import (
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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

// Section is one part of the page: the question it answers, its method in
// a sentence, its blocks and its answer; Finding is the answer in one
// sentence, for the abstract.
type Section struct {
	ID       string
	Number   int
	Title    string
	Question template.HTML
	Method   template.HTML
	Blocks   []Block
	Answer   template.HTML
	Finding  template.HTML
}

// Block is a figure, a table or a paragraph, each with the command that
// reproduces it (may be empty for prose).
type Block struct {
	Figure  *Figure
	Table   *Table
	Text    template.HTML
	Command string
}

// Figure is an image written as SVG and PNG. The caption says what it
// shows and how it was computed; the page prefixes "Figure N.".
type Figure struct {
	Name    string // file stem, and the name references use
	Number  int
	Caption template.HTML
	SVG     string
	PNG     string
}

// Alt is the caption as plain text, for the image's alt attribute.
func (f *Figure) Alt() string { return plainText(f.Caption) }

// Table is a caption, a header and rows of cells (plain text, their
// numbers typeset on the page: typeset). Folded rows (with their
// summary line) are shown collapsed below the table, for the rows that
// matter less (for example stats measured on few opportunities).
type Table struct {
	Name    string // the name references use
	Number  int
	Caption template.HTML
	Header  []template.HTML // may hold <sub>, <sup>
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
func (b *Builder) Figure(p *plot.Plot, name string, caption template.HTML, command string) error {
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
func (b *Builder) FigureSaved(name string, caption template.HTML, command string, save func(path string) error) error {
	svg, png := name+".svg", name+".png"
	for _, f := range []string{svg, png} {
		if err := save(filepath.Join(b.opts.Dir, f)); err != nil {
			return err
		}
	}
	b.section.Blocks = append(b.section.Blocks, Block{Figure: &Figure{Name: name, Caption: caption, SVG: svg, PNG: png}, Command: command})
	return nil
}

// Table adds a table (t.Name set) with the command that reproduces it.
func (b *Builder) Table(t Table, command string) {
	b.section.Blocks = append(b.section.Blocks, Block{Table: &t, Command: command})
}

// Text adds a paragraph of trusted HTML.
func (b *Builder) Text(html template.HTML) {
	b.section.Blocks = append(b.section.Blocks, Block{Text: html})
}

// Answer sets the section's answer (trusted HTML) and Finding its
// one-sentence summary for the abstract.
func (b *Builder) Answer(answer, finding template.HTML) {
	b.section.Answer, b.section.Finding = answer, finding
}

// Number records a named result in report.json (under the section's id).
func (b *Builder) Number(key string, v any) { b.numbers[key] = v }

// sectionFunc computes one section.
type sectionFunc struct {
	id, title        string
	question, method template.HTML
	run              func(b *Builder) error
}

// sections lists the page's sections in order; each lives in its own
// section_*.go file.
func sections() []sectionFunc {
	return []sectionFunc{akqSection(), qreGamesSection(), qreSpotsSection(), cfrSection(), holdemSection(), npcSection()}
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
		sec := Section{ID: s.id, Number: i + 1, Title: s.title, Question: s.question, Method: s.method}
		b := &Builder{opts: opts, section: &sec, numbers: map[string]any{}}
		t0 := time.Now()
		if err := s.run(b); err != nil {
			return nil, fmt.Errorf("report section %q: %w", s.title, err)
		}
		b.numbers["seconds"] = time.Since(t0).Seconds()
		res.Sections = append(res.Sections, sec)
		res.Numbers[s.id] = b.numbers
	}
	abstract, err := resolveReferences(res.Sections)
	if err != nil {
		return nil, err
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
		enc.SetEscapeHTML(false) // the conclusions' "<" and "&" as written
		return enc.Encode(doc)
	}); err != nil {
		return nil, err
	}
	err = atomicfile.Write(filepath.Join(opts.Dir, "index.html"), func(w io.Writer) error {
		return page().Execute(w, map[string]any{
			"Sections": res.Sections, "Abstract": abstract, "Sources": sourcesHTML, "Seed": opts.Seed, "Quick": opts.Quick,
			"Seconds": fmt.Sprintf("%.0f", res.Seconds), "Date": time.Now().UTC().Format("2006-01-02"),
		})
	})
	return res, err
}

// abstractOpening starts the abstract; each section's finding follows.
const abstractOpening = `pokerlab recomputes the results of three source documents — the QRE
note (the logit quantal response equilibrium of the AKQ game), the CFR lecture (counterfactual
regret minimisation) and the NPC design note (computer players configured by HUD statistics) —
with its own solvers, and carries the QRE note's question, how far a quantal response
equilibrium is from a Nash equilibrium, from the AKQ game to Kuhn poker, Leduc Hold'em and
No-Limit Hold'em spots.`

// referenceRE matches a reference in the text: [[fig:NAME]], [[tab:NAME]]
// or [[sec:ID]].
var referenceRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[\[(fig|tab|sec):([A-Za-z0-9_-]+)\]\]`) })

// resolveReferences numbers the figures and tables in page order, replaces
// every reference in the sections' HTML by a link ("Figure 3") and returns
// the abstract, the opening and the sections' findings. A reference to a
// name that is not on the page is an error.
func resolveReferences(secs []Section) (template.HTML, error) {
	targets := map[string]string{} // "fig:NAME" → link
	nfig, ntab := 0, 0
	for i := range secs {
		s := &secs[i]
		targets["sec:"+s.ID] = fmt.Sprintf(`<a href="#%s">Section %d</a>`, s.ID, s.Number)
		for _, b := range s.Blocks {
			if f := b.Figure; f != nil {
				nfig++
				f.Number = nfig
				targets["fig:"+f.Name] = fmt.Sprintf(`<a href="#fig-%s">Figure %d</a>`, f.Name, nfig)
			}
			if t := b.Table; t != nil {
				if t.Name == "" {
					return "", fmt.Errorf("report section %q: a table without a name (%q)", s.Title, t.Caption)
				}
				ntab++
				t.Number = ntab
				targets["tab:"+t.Name] = fmt.Sprintf(`<a href="#tab-%s">Table %d</a>`, t.Name, ntab)
			}
		}
	}
	var missing []string
	resolve := func(h template.HTML) template.HTML {
		return template.HTML(referenceRE().ReplaceAllStringFunc(string(h), func(m string) string {
			key := strings.Trim(m, "[]")
			if link, ok := targets[key]; ok {
				return link
			}
			missing = append(missing, m)
			return m
		}))
	}
	var findings []string
	for i := range secs {
		s := &secs[i]
		s.Question, s.Method, s.Answer, s.Finding = resolve(s.Question), resolve(s.Method), resolve(s.Answer), resolve(s.Finding)
		for k := range s.Blocks {
			b := &s.Blocks[k]
			b.Text = resolve(b.Text)
			if b.Figure != nil {
				b.Figure.Caption = resolve(b.Figure.Caption)
			}
			if b.Table != nil {
				b.Table.Caption = resolve(b.Table.Caption)
			}
		}
		if s.Finding != "" {
			findings = append(findings, string(s.Finding))
		}
	}
	if len(missing) > 0 {
		return "", fmt.Errorf("report: the text refers to %s, which the page does not have", strings.Join(missing, ", "))
	}
	return template.HTML(abstractOpening + " " + strings.Join(findings, " ")), nil
}

// tagRE matches an HTML tag.
var tagRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<[^>]*>`) })

// plainText is h without its tags, entities decoded (alt text).
func plainText(h template.HTML) string {
	s := tagRE().ReplaceAllString(string(h), "")
	return strings.Join(strings.Fields(html.UnescapeString(s)), " ")
}

// page is parsed at first use, not at start-up: every pokerlab command
// would otherwise pay for it.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("index").Funcs(template.FuncMap{"typeset": typeset}).Parse(pageHTML))
})

const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pokerlab report: equilibrium and quantal response in poker</title>
<style>
 body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem; color: #222; line-height: 1.5; }
 h1 { margin-bottom: 0.2rem; line-height: 1.25; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2rem; margin-top: 2.5rem; }
 .abstract { background: #f7f7f4; border-left: 3px solid #999; padding: 0.2rem 1rem; margin: 1.5rem 0; }
 .abstract h2 { border: none; margin: 0.6rem 0 0; font-size: 1.05rem; }
 nav ol { columns: 2; } figure { margin: 1.5rem 0; } figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
 figcaption, caption { font-size: 0.92rem; color: #333; text-align: left; }
 .label { font-weight: 600; }
 table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
 th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: right; } th { background: #f4f4f4; }
 td:first-child, th:first-child { text-align: left; }
 caption { caption-side: top; padding-bottom: 0.3rem; }
 pre { background: #f6f8fa; padding: 0.4rem 0.7rem; overflow-x: auto; font-size: 0.85rem; }
 pre::before { content: "reproduce: "; color: #888; }
 math[display="block"] { margin: 0.8rem 0; font-size: 1.1rem; }
 .meta { color: #666; font-size: 0.9rem; }
 .sources li { margin-bottom: 0.3rem; }
 details { margin: 0 0 1rem; font-size: 0.92rem; } summary { cursor: pointer; color: #444; }
</style>
</head>
<body>
<h1>Equilibrium, quantal response and HUD-driven players in poker</h1>
<p class="meta">pokerlab report, generated {{.Date}} with seed {{.Seed}}{{if .Quick}} in quick mode (smaller settings){{end}} in {{.Seconds}} s. Every number on this page is also in <a href="report.json">report.json</a>; every result names the command that reproduces it.</p>
<section class="abstract" id="abstract"><h2>Abstract</h2><p>{{.Abstract}}</p></section>
<nav><ol>{{range .Sections}}<li><a href="#{{.ID}}">{{.Title}}</a></li>{{end}}<li><a href="#sources">Sources</a></li></ol></nav>
{{range .Sections}}
<section id="{{.ID}}">
<h2>{{.Number}}. {{.Title}}</h2>
<p><span class="label">Question.</span> {{.Question}}</p>
<p><span class="label">Method.</span> {{.Method}}</p>
{{range .Blocks}}
{{if .Figure}}<figure id="fig-{{.Figure.Name}}"><img src="{{.Figure.SVG}}" alt="{{.Figure.Alt}}"><figcaption><span class="label">Figure {{.Figure.Number}}.</span> {{.Figure.Caption}} (<a href="{{.Figure.PNG}}">PNG</a>)</figcaption></figure>{{end}}
{{if .Table}}<table id="tab-{{.Table.Name}}"><caption><span class="label">Table {{.Table.Number}}.</span> {{.Table.Caption}}</caption><thead><tr>{{range .Table.Header}}<th>{{.}}</th>{{end}}</tr></thead><tbody>{{range .Table.Rows}}<tr>{{range .}}<td>{{typeset .}}</td>{{end}}</tr>{{end}}</tbody></table>
{{if .Table.Folded}}<details><summary>{{.Table.Summary}}</summary><table><thead><tr>{{range .Table.Header}}<th>{{.}}</th>{{end}}</tr></thead><tbody>{{range .Table.Folded}}<tr>{{range .}}<td>{{typeset .}}</td>{{end}}</tr>{{end}}</tbody></table></details>{{end}}{{end}}
{{if .Text}}<p>{{.Text}}</p>{{end}}
{{if .Command}}<pre><code>{{.Command}}</code></pre>{{end}}
{{end}}
{{if .Answer}}<p><span class="label">Answer.</span> {{.Answer}}</p>{{end}}
</section>
{{end}}
<section id="sources" class="sources">
<h2>Sources</h2>
{{.Sources}}
</section>
</body>
</html>
`
