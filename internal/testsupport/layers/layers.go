// Package layers checks the module's import graph against the layer table
// of docs/architecture.md, the one place the layers are written down.
//
// The table has one row per layer: its name, the packages it holds (module
// paths in backquotes; a trailing "/…" or "/..." takes the folder and every
// package below it) and the layers its packages may import ("—" for none).
// A package belongs to the row with its longest matching pattern, so
// `efg/efgtest` can sit in another layer than `efg/…`. A row whose "may
// import" cell says "(tests only)" may be imported only by _test.go files.
//
// Check reports every import that breaks the table, every package the table
// does not place, and every pattern that matches no package (a stale row).
// Test files may import what their package may, the package itself, and the
// test-support layers.
package layers

import (
	"bufio"
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Rule is one row of the layer table.
type Rule struct {
	Layer     string
	Patterns  []string // module-relative package paths; "x/…" means x and below
	MayImport []string // layer names
	TestsOnly bool     // imported by _test.go files only
}

// ParseTable reads the first Markdown table after the heading "## Layers"
// in doc.
func ParseTable(doc []byte) ([]Rule, error) {
	sc := bufio.NewScanner(bytes.NewReader(doc))
	inSection, inTable := false, false
	var rules []Rule
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(t, "## ") {
			if inSection && len(rules) > 0 {
				break
			}
			inSection = t == "## Layers"
			continue
		}
		if !inSection {
			continue
		}
		if !strings.HasPrefix(t, "|") {
			if inTable {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(t, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if !inTable { // the header row
			if len(cells) < 3 || cells[0] != "layer" {
				return nil, fmt.Errorf("architecture.md:%d: the layer table's header must start with | layer | packages | may import |", line)
			}
			inTable = true
			continue
		}
		if strings.Trim(cells[0], "-: ") == "" { // the separator row
			continue
		}
		if len(cells) < 3 {
			return nil, fmt.Errorf("architecture.md:%d: a layer row needs three cells", line)
		}
		r := Rule{Layer: cells[0]}
		for i, f := range strings.Split(cells[1], "`") {
			if f = strings.TrimSpace(f); i%2 == 1 && f != "" { // inside backquotes
				r.Patterns = append(r.Patterns, f)
			}
		}
		if len(r.Patterns) == 0 {
			return nil, fmt.Errorf("architecture.md:%d: layer %q names no packages", line, r.Layer)
		}
		may := cells[2]
		if strings.Contains(may, "(tests only)") {
			r.TestsOnly = true
			may = strings.ReplaceAll(may, "(tests only)", "")
		}
		for _, l := range strings.Split(may, ",") {
			l = strings.TrimSpace(l)
			if l != "" && l != "—" && l != "-" {
				r.MayImport = append(r.MayImport, l)
			}
		}
		rules = append(rules, r)
	}
	if len(rules) == 0 {
		return nil, fmt.Errorf("architecture.md: no layer table under \"## Layers\"")
	}
	names := map[string]bool{}
	for _, r := range rules {
		names[r.Layer] = true
	}
	for _, r := range rules {
		for _, l := range r.MayImport {
			if !names[l] {
				return nil, fmt.Errorf("architecture.md: layer %q may import %q, which is not a layer of the table", r.Layer, l)
			}
		}
	}
	return rules, nil
}

// Package is one package of the module and what its files import.
type Package struct {
	Path        string   // module-relative ("" for the module root)
	Imports     []string // module-relative paths imported by non-test files
	TestImports []string // module-relative paths imported by _test.go files
}

// Scan parses the imports of every Go file below root (skipping testdata,
// hidden folders and folders with a go.mod of their own), whatever its build
// constraints, and returns the packages with their imports of module
// (paths relative to it).
func Scan(root, module string) ([]Package, error) {
	byDir := map[string]*Package{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		if rel == "." {
			rel = ""
		}
		p := byDir[rel]
		if p == nil {
			p = &Package{Path: rel}
			byDir[rel] = p
		}
		for _, im := range f.Imports {
			ip := strings.Trim(im.Path.Value, `"`)
			if ip != module && !strings.HasPrefix(ip, module+"/") {
				continue
			}
			ip = strings.TrimPrefix(strings.TrimPrefix(ip, module), "/")
			if strings.HasSuffix(name, "_test.go") {
				p.TestImports = append(p.TestImports, ip)
			} else {
				p.Imports = append(p.Imports, ip)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []Package
	for _, p := range byDir {
		p.Imports = uniq(p.Imports)
		p.TestImports = uniq(p.TestImports)
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

func uniq(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// Violation is one break of the table.
type Violation struct {
	Package string
	Message string
}

func (v Violation) String() string {
	if v.Package == "" {
		return v.Message
	}
	return v.Package + ": " + v.Message
}

// match reports whether pattern takes pkg, and how specific the match is.
func match(pattern, pkg string) (int, bool) {
	for _, suffix := range []string{"/…", "/..."} {
		if base, ok := strings.CutSuffix(pattern, suffix); ok {
			if pkg == base || strings.HasPrefix(pkg, base+"/") {
				return len(base), true
			}
			return 0, false
		}
	}
	return len(pattern) + 1, pattern == pkg // an exact path beats a folder
}

// layerOf returns the rule of pkg, or nil.
func layerOf(rules []Rule, pkg string) *Rule {
	var best *Rule
	bestLen := -1
	for i := range rules {
		for _, pat := range rules[i].Patterns {
			if n, ok := match(pat, pkg); ok && n > bestLen {
				best, bestLen = &rules[i], n
			}
		}
	}
	return best
}

// Check returns every import of pkgs that breaks rules, every package in no
// layer, and every pattern that matches no package.
func Check(rules []Rule, pkgs []Package) []Violation {
	var out []Violation
	known := map[string]bool{}
	for _, p := range pkgs {
		known[p.Path] = true
	}
	for _, p := range pkgs {
		from := layerOf(rules, p.Path)
		if from == nil {
			out = append(out, Violation{p.Path, "is in no layer of the table in docs/architecture.md: add it to a row"})
			continue
		}
		allowed := map[string]bool{}
		for _, l := range from.MayImport {
			allowed[l] = true
		}
		check := func(imp string, test bool) {
			if test && imp == p.Path {
				return
			}
			to := layerOf(rules, imp)
			if to == nil {
				if known[imp] {
					return // reported as a package in no layer
				}
				out = append(out, Violation{p.Path, fmt.Sprintf("imports %s, which is not a package of the module", imp)})
				return
			}
			switch {
			case to.TestsOnly && !test:
				out = append(out, Violation{p.Path, fmt.Sprintf("imports %s (%s) outside a _test.go file; %s is for tests only", imp, to.Layer, to.Layer)})
			case to.TestsOnly && test:
			case !allowed[to.Layer]:
				kind := "imports"
				if test {
					kind = "has a test that imports"
				}
				out = append(out, Violation{p.Path, fmt.Sprintf("(%s) %s %s (%s); %s may import only: %s", from.Layer, kind, imp, to.Layer, from.Layer, list(from.MayImport))})
			}
		}
		for _, imp := range p.Imports {
			check(imp, false)
		}
		for _, imp := range p.TestImports {
			check(imp, true)
		}
	}
	for _, r := range rules {
		for _, pat := range r.Patterns {
			used := false
			for _, p := range pkgs {
				if _, ok := match(pat, p.Path); ok {
					used = true
					break
				}
			}
			if !used {
				out = append(out, Violation{"", fmt.Sprintf("docs/architecture.md: layer %q names %s, which matches no package", r.Layer, pat)})
			}
		}
	}
	return out
}

func list(s []string) string {
	if len(s) == 0 {
		return "nothing of the module"
	}
	return strings.Join(s, ", ")
}
