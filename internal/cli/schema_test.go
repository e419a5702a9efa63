package cli

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// Every JSON field of every output type is documented in docs/cli.md (as
// `name` in a table row).
func TestSchemaDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	var walk func(reflect.Type, string)
	seen := map[reflect.Type]bool{}
	walk = func(ty reflect.Type, owner string) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Map {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] {
			return
		}
		seen[ty] = true
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			if !strings.Contains(string(doc), "`"+name+"`") {
				t.Errorf("docs/cli.md does not document field `%s` of %s", name, owner)
			}
			walk(f.Type, owner)
		}
	}
	for _, v := range schemaTypes {
		ty := reflect.TypeOf(v)
		walk(ty, ty.Name())
	}
}
