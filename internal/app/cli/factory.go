// Package cli implements the pokerlab command: one cobra command per file,
// each with an options struct, a constructor newXCmd(f, runF) and a run
// function that writes only to the Factory's IO streams (the pattern of the
// GitHub CLI). JSON output types live in schema.go and are documented field
// by field in docs/cli.md; exit codes in exit.go.
package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"

	"golang.org/x/term"

	"pokerlab/internal/base/atomicfile"
)

// IOStreams are the command's standard streams and what they are attached to.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	outTTY, errTTY bool
}

// System returns the process's streams.
func System() *IOStreams {
	return &IOStreams{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		outTTY: term.IsTerminal(int(os.Stdout.Fd())),
		errTTY: term.IsTerminal(int(os.Stderr.Fd())),
	}
}

// TestStreams returns streams backed by buffers, for tests; the TTY flags
// say what the command should believe about stdout and stderr.
func TestStreams(in string, outTTY, errTTY bool) (*IOStreams, *bytes.Buffer, *bytes.Buffer) {
	out, errOut := &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: strings.NewReader(in), Out: out, ErrOut: errOut, outTTY: outTTY, errTTY: errTTY}, out, errOut
}

// IsStdoutTTY reports whether standard output is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.outTTY }

// IsStderrTTY reports whether standard error is a terminal (progress bars go
// there).
func (s *IOStreams) IsStderrTTY() bool { return s.errTTY }

// Factory carries what commands depend on, so tests can substitute it.
type Factory struct {
	IO *IOStreams
	// interrupts, when set (tests), replaces the signals a long command
	// catches (catchInterrupts).
	interrupts func(point string) *interruption
}

// NewFactory returns the factory of a real process.
func NewFactory() *Factory { return &Factory{IO: System()} }

// writeJSON writes v as JSON: indented on a terminal, one compact line when
// piped (the GitHub CLI's convention).
func writeJSON(io *IOStreams, v any) error {
	enc := json.NewEncoder(io.Out)
	if io.IsStdoutTTY() {
		enc.SetIndent("", "  ")
	}
	return enc.Encode(v)
}

// newTable returns an aligned-column writer on out; call Flush when done.
func newTable(out io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
}

// writeFileAtomic writes a file so that a failure leaves nothing
// half-written (see package atomicfile).
func writeFileAtomic(path string, write func(w io.Writer) error) error {
	return atomicfile.Write(path, write)
}

// runtimeCPUs is the number of CPUs Go may use.
func runtimeCPUs() int { return runtime.GOMAXPROCS(0) }
