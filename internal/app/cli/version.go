package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// The build that made a result: "pokerlab --version" prints it, and every
// --json document carries it as its "version" field (writeJSON), so a
// result file names the code that computed it.
//
// It is read from the build information the Go toolchain embeds
// (runtime/debug.ReadBuildInfo). "go build" in a git checkout stamps the
// module version and the commit (vcs.revision, vcs.modified); "go run",
// "go test" and builds with -buildvcs=false do not, and then the version is
// "devel" and the revision "unknown" — never a guess.

// buildInfo is the build of the running program, read once.
var buildInfo = sync.OnceValue(func() BuildJSON {
	info, _ := debug.ReadBuildInfo()
	return buildOf(info)
})

// buildOf extracts the version fields from Go's build information (nil:
// none embedded).
func buildOf(info *debug.BuildInfo) BuildJSON {
	b := BuildJSON{Version: "devel", Revision: "unknown", Go: runtime.Version()}
	if info == nil {
		return b
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		b.Version = v
	}
	if info.GoVersion != "" {
		b.Go = info.GoVersion
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			if s.Value != "" {
				b.Revision = s.Value
			}
		case "vcs.modified":
			m := s.Value == "true"
			b.Modified = &m
		}
	}
	return b
}

// String is the line "pokerlab --version" prints: the version, the commit
// and whether the tree had uncommitted changes, and the Go release.
func (b BuildJSON) String() string {
	tree := ""
	if b.Modified != nil {
		tree = ", unmodified"
		if *b.Modified {
			tree = ", modified"
		}
	}
	return fmt.Sprintf("pokerlab %s (revision %s%s, %s)", b.Version, b.Revision, tree, b.Go)
}

// withVersion returns the JSON object doc with the build appended as its
// last field, "version"; doc must be one JSON object (every --json output
// is one).
func withVersion(doc []byte) ([]byte, error) {
	doc = bytes.TrimRight(doc, " \t\r\n")
	if len(doc) < 2 || doc[0] != '{' || doc[len(doc)-1] != '}' {
		return nil, fmt.Errorf("cli: a --json output must be a JSON object, not %.20q", doc)
	}
	v, err := json.Marshal(buildInfo())
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(doc)+len(v)+12)
	out = append(out, doc[:len(doc)-1]...)
	if len(bytes.TrimSpace(doc[1:len(doc)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, `"version":`...)
	out = append(out, v...)
	return append(out, '}'), nil
}
