package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// Every JSON field of every output type is documented in docs/cli.md (as
// `name` in a table row). The output types are found in the package's
// source (every struct type with json tags, anonymous ones included), so a
// new type needs no registration and adds no work at start-up.
func TestSchemaDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	fields := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				ast.Inspect(ts.Type, func(n ast.Node) bool {
					fl, ok := n.(*ast.Field)
					if !ok || fl.Tag == nil {
						return true
					}
					tag, err := strconv.Unquote(fl.Tag.Value)
					if err != nil {
						t.Fatalf("%s: %v", fset.Position(fl.Pos()), err)
					}
					jname, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
					if jname == "" || jname == "-" {
						return true
					}
					fields++
					if !strings.Contains(string(doc), "`"+jname+"`") {
						t.Errorf("docs/cli.md does not document field `%s` of %s (%s)", jname, ts.Name.Name, fset.Position(fl.Pos()))
					}
					return true
				})
			}
		}
	}
	// The schema has hundreds of fields; a parse that found few means the
	// walk above is broken, not that everything is documented.
	if fields < 200 {
		t.Fatalf("found only %d JSON fields in the package's types", fields)
	}
}
