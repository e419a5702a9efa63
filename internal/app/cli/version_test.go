package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// The build is read from Go's build information as it is: a stamped build
// gives its version, commit and tree state; one without a VCS stamp (go
// test, go run, -buildvcs=false) says devel and unknown, never a guess.
func TestBuildInfoIsReadNotInvented(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		name string
		info *debug.BuildInfo
		want BuildJSON
		line string
	}{
		{"no build information", nil, BuildJSON{Version: "devel", Revision: "unknown", Go: runtime.Version()},
			"pokerlab devel (revision unknown, " + runtime.Version() + ")"},
		{"go run", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "pokerlab", Version: "(devel)"}},
			BuildJSON{Version: "devel", Revision: "unknown", Go: "go1.26.0"}, "pokerlab devel (revision unknown, go1.26.0)"},
		{"go build, modified tree", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "pokerlab", Version: "v0.0.0-20250301120000-3f2a9c1d0e4b+dirty"},
			Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "3f2a9c1d0e4b8a7f"}, {Key: "vcs.modified", Value: "true"}}},
			BuildJSON{Version: "v0.0.0-20250301120000-3f2a9c1d0e4b+dirty", Revision: "3f2a9c1d0e4b8a7f", Modified: &yes, Go: "go1.26.0"},
			"pokerlab v0.0.0-20250301120000-3f2a9c1d0e4b+dirty (revision 3f2a9c1d0e4b8a7f, modified, go1.26.0)"},
		{"go build, clean tree", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "pokerlab", Version: "v1.2.3"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "3f2a9c1d0e4b8a7f"}, {Key: "vcs.modified", Value: "false"}}},
			BuildJSON{Version: "v1.2.3", Revision: "3f2a9c1d0e4b8a7f", Modified: &no, Go: "go1.26.0"},
			"pokerlab v1.2.3 (revision 3f2a9c1d0e4b8a7f, unmodified, go1.26.0)"},
	} {
		got := buildOf(tc.info)
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(tc.want)
		if string(gj) != string(wj) || got.String() != tc.line {
			t.Errorf("%s: %s %q\nwant %s %q", tc.name, gj, got, wj, tc.line)
		}
	}
	// This test binary carries no VCS stamp.
	if b := buildInfo(); b.Revision != "unknown" || b.Modified != nil {
		t.Errorf("go test build: %+v", b)
	}
}

// pokerlab --version prints the build's line and exits 0.
func TestVersionFlag(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-v"}} {
		code, out, errOut := run(t, args...)
		if code != ExitOK || out != buildInfo().String()+"\n" || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", args, code, out, errOut, buildInfo().String())
		}
	}
}

// Every --json document, and every line of the JSON-lines outputs, ends
// with the field version, the build that wrote it; indented on a terminal
// as when piped.
func TestEveryJSONOutputNamesTheBuild(t *testing.T) {
	dir := t.TempDir()
	hand := filepath.Join(dir, "hand.phh")
	os.WriteFile(hand, []byte("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'p2 f']\nplayers = ['A', 'B']\n"), 0o644)
	build, _ := json.Marshal(buildInfo())
	for _, args := range []string{
		"game list --json", "game info --game kuhn --json", "game value --game kuhn --json",
		"exploit --game kuhn --uniform --json", "solve --game kuhn --iterations 10 --json",
		"qre akq --bet 1 --lambda 2 --json", "qre trace --game kuhn --lambda 1 --json",
		"equity AsKs QdQc --board 2c3d4h --json", "npc show --json", "npc show tag --json",
		"eval AsKsQsJsTs 2c3d4h5s7c --json", "hh replay " + hand + " --json", "hud " + hand + " --json",
	} {
		for _, tty := range []bool{false, true} {
			io, out, errOut := TestStreams("", tty, false)
			if code := Run(&Factory{IO: io}, strings.Fields(args)); code != ExitOK {
				t.Fatalf("%s: exit %d: %s", args, code, errOut)
			}
			text := strings.TrimSpace(out.String())
			lines := []string{text}
			if !tty || strings.HasPrefix(args, "eval") || strings.HasPrefix(args, "hh replay") {
				lines = strings.Split(text, "\n")
			}
			for _, line := range lines {
				var doc map[string]json.RawMessage
				if err := json.Unmarshal([]byte(line), &doc); err != nil {
					t.Fatalf("%s (tty %v): %v in %q", args, tty, err, line)
				}
				var compact bytes.Buffer
				if err := json.Compact(&compact, doc["version"]); err != nil || compact.String() != string(build) {
					t.Errorf("%s (tty %v): version %s, want %s", args, tty, doc["version"], build)
				}
				if !strings.HasSuffix(strings.Join(strings.Fields(line), ""), `"version":`+string(build)+"}") {
					t.Errorf("%s (tty %v): version is not the last field: %.200q", args, tty, line)
				}
			}
		}
	}
	// The only way to stdout's JSON is writeJSON/writeJSONLine: no command
	// encodes JSON itself.
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		src, _ := os.ReadFile(f)
		if !strings.HasSuffix(f, "_test.go") && f != "factory.go" && f != "version.go" && strings.Contains(string(src), "json.NewEncoder(") {
			t.Errorf("%s encodes JSON itself; use writeJSON or writeJSONLine", f)
		}
	}
}
