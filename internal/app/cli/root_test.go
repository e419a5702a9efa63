package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Run builds only the top-level command its command line names (a fast
// start-up): every top-level command's name builds a tree with that command
// alone, whose help for each of its commands is word for word the help the
// whole tree gives; anything else (no command, a flag first, help,
// completion, an unknown name) builds the whole tree.
func TestRunBuildsTheNamedCommandOnly(t *testing.T) {
	io, _, _ := TestStreams("", false, false)
	f := &Factory{IO: io}
	full := NewRootCmd(f)
	helpOf := func(c *cobra.Command) string {
		t.Helper()
		io, out, _ := TestStreams("", false, false)
		c.SetOut(io.Out)
		if err := c.Help(); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	n := 0
	for _, c := range full.Commands() {
		if c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		n++
		if got := commandNamed([]string{c.Name(), "--json"}); got != c.Name() {
			t.Fatalf("commandNamed(%s ...) = %q", c.Name(), got)
		}
		part := newRootCmd(f, c.Name())
		var names []string
		for _, s := range part.Commands() {
			if s.Name() != "help" && s.Name() != "completion" {
				names = append(names, s.Name())
			}
		}
		if len(names) != 1 || names[0] != c.Name() {
			t.Fatalf("tree for %q has top-level commands %v", c.Name(), names)
		}
		// The same help for the command and every command below it.
		var walk func(a, b *cobra.Command)
		walk = func(a, b *cobra.Command) {
			if ha, hb := helpOf(a), helpOf(b); ha != hb {
				t.Fatalf("%s: help differs from the whole tree's:\n%s\n---\n%s", a.CommandPath(), hb, ha)
			}
			if len(a.Commands()) != len(b.Commands()) {
				t.Fatalf("%s: %d subcommands, whole tree %d", a.CommandPath(), len(a.Commands()), len(b.Commands()))
			}
			for i := range a.Commands() {
				walk(a.Commands()[i], b.Commands()[i])
			}
		}
		sub, _, err := part.Find([]string{c.Name()})
		if err != nil {
			t.Fatal(err)
		}
		walk(sub, c)
	}
	if n != 16 {
		t.Errorf("%d top-level commands", n)
	}
	for _, args := range [][]string{nil, {"--help"}, {"help", "game"}, {"completion", "bash"}, {"__complete", "ga"}} {
		if got := commandNamed(args); got != "" {
			t.Errorf("commandNamed(%q) = %q, want the whole tree", args, got)
		}
	}
	if got := len(newRootCmd(f, "gmae").Commands()); got != len(full.Commands()) {
		t.Errorf("an unknown name built %d top-level commands, want all %d", got, len(full.Commands()))
	}
	// The unknown command's error still suggests the right one.
	if code, _, errOut := run(t, "gmae", "list"); code != ExitUsage || !strings.Contains(errOut, "Did you mean this?") || !strings.Contains(errOut, "\tgame") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
}
