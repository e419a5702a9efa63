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
	width          int // stderr's terminal in columns; 0: unknown
}

// System returns the process's streams.
func System() *IOStreams {
	s := &IOStreams{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		outTTY: term.IsTerminal(int(os.Stdout.Fd())),
		errTTY: term.IsTerminal(int(os.Stderr.Fd())),
	}
	if s.errTTY {
		if w, _, err := term.GetSize(int(os.Stderr.Fd())); err == nil {
			s.width = w
		}
	}
	return s
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

// TerminalWidth is the width of stderr's terminal in columns, 0 when unknown
// (not a terminal, or a test's streams): progress lines are cut to it.
func (s *IOStreams) TerminalWidth() int { return s.width }

// Factory carries what commands depend on, so tests can substitute it.
type Factory struct {
	IO *IOStreams
	// interrupts, when set (tests), replaces the signals a long command
	// catches (catchInterrupts).
	interrupts func(point string) *interruption
}

// NewFactory returns the factory of a real process.
func NewFactory() *Factory { return &Factory{IO: System()} }

// writeJSON writes v, a JSON object, as the --json document of a command:
// with the build that made it as the field "version" (version.go),
// indented on a terminal, one compact line when piped (the GitHub CLI's
// convention). Every --json output goes through here or writeJSONLine.
func writeJSON(io *IOStreams, v any) error {
	doc, err := jsonDocument(v)
	if err != nil {
		return err
	}
	if io.IsStdoutTTY() {
		var b bytes.Buffer
		if err := json.Indent(&b, doc, "", "  "); err != nil {
			return err
		}
		doc = b.Bytes()
	}
	_, err = io.Out.Write(append(doc, '\n'))
	return err
}

// writeJSONLine writes v, a JSON object, as one line of a JSON-lines
// output (one object per hand): compact, with the "version" field.
func writeJSONLine(io *IOStreams, v any) error {
	doc, err := jsonDocument(v)
	if err != nil {
		return err
	}
	_, err = io.Out.Write(append(doc, '\n'))
	return err
}

// jsonDocument marshals v with the "version" field added.
func jsonDocument(v any) ([]byte, error) {
	doc, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return withVersion(doc)
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
