package cli

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Interrupting and resuming (docs/cli.md). The commands whose work is long
// and worth keeping — solve, spot solve, sim — catch SIGINT and SIGTERM
// while their main loop runs, and only then: before it (loading, building,
// calibrating) and after it (writing the results) a signal ends the process
// at once, as for every other command, since there is nothing to keep or
// the result is being written whole. The first signal asks the loop to stop
// at its next safe point (an iteration's end; for sim, a block of hands'
// end); the library asks once per iteration through a callback, and the
// command then writes a checkpoint and the partial result and exits 130.
// Catching stops with that first signal, so a second one ends the process
// at once: every file is written through atomicfile, so each is either
// left as it was or written whole (a temporary ".NAME.tmp-…" file may be
// left beside it).

// An interruption is what a command's loop asks whether to stop.
type interruption struct {
	// requested reports whether a stop was asked for; progress is the
	// loop's count (iterations or hands done), which only the
	// interruptions of tests look at.
	requested func(progress int) bool
	// release stops catching signals; call it when the loop is over.
	release func()
}

// catchInterrupts starts catching SIGINT and SIGTERM for a loop whose safe
// point is the end of one point ("iteration", "block of hands").
func (f *Factory) catchInterrupts(point string) *interruption {
	if f.interrupts != nil {
		return f.interrupts(point)
	}
	return notifyInterrupts(f.IO, point)
}

// notifyInterrupts catches the process's signals (os/signal).
func notifyInterrupts(io *IOStreams, point string) *interruption {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	asked, quit, finished := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case sig := <-sigs:
			// From now on a second signal has its default effect.
			signal.Stop(sigs)
			clear := ""
			if io.IsStderrTTY() {
				clear = "\r\x1b[K" // over the progress bar
			}
			fmt.Fprintf(io.ErrOut, "%spokerlab: %v: stopping at the end of this %s to save the work (once more to quit at once, without saving)\n", clear, sig, point)
			close(asked)
		case <-quit:
			signal.Stop(sigs)
		}
	}()
	var once sync.Once
	return &interruption{
		requested: func(int) bool {
			select {
			case <-asked:
				return true
			default:
				return false
			}
		},
		// Waiting for the goroutine orders its message before anything the
		// command writes next.
		release: func() { once.Do(func() { close(quit); <-finished }) },
	}
}

// InterruptedError reports a command stopped by SIGINT or SIGTERM after it
// saved its work: where, and how to continue. Exit code 130.
type InterruptedError struct{ msg string }

func (e *InterruptedError) Error() string { return e.msg }

// interrupted returns the InterruptedError of a command stopped at (for
// example "at iteration 312 of 1000 (exploitability 0.61% of the pot)") that
// wrote its checkpoint and its partial results, to be resumed by resume.
func interrupted(at, checkpoint string, results []string, resume string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "interrupted %s\n", at)
	fmt.Fprintf(&b, "  checkpoint: %s\n", checkpoint)
	fmt.Fprintf(&b, "  partial result: %s\n", strings.Join(results, ", "))
	fmt.Fprintf(&b, "  resume with: %s", resume)
	return &InterruptedError{b.String()}
}

// interruptedNote is what the tables add to the count of an interrupted run.
func interruptedNote(interrupted bool) string {
	if interrupted {
		return " (interrupted)"
	}
	return ""
}

// partialResults lists where a command wrote its partial result: the files
// given (empty ones skipped) and the report on standard output.
func partialResults(files ...string) []string {
	var out []string
	for _, f := range files {
		if f != "" {
			out = append(out, f)
		}
	}
	return append(out, "standard output")
}

// checkpointFor returns where an interrupted command saves its checkpoint:
// the --checkpoint file, else the --resume file (the run's own checkpoint,
// advanced), else a new file beside the output (out without its extension,
// plus ".ckpt") or, without an output, in the working directory, named
// name + ".ckpt". A new file never replaces one: "-2", "-3", … are added
// to the name until it is free (and not one of taken, the command's other
// outputs).
func checkpointFor(checkpoint, resume, out, name string, taken ...string) string {
	switch {
	case checkpoint != "":
		return checkpoint
	case resume != "":
		return resume
	}
	base := name
	if out != "" {
		base = strings.TrimSuffix(out, filepath.Ext(out))
	}
	for i := 1; ; i++ {
		p := base + ".ckpt"
		if i > 1 {
			p = fmt.Sprintf("%s-%d.ckpt", base, i)
		}
		if _, err := os.Lstat(p); errors.Is(err, os.ErrNotExist) && !slices.Contains(taken, p) {
			return p
		}
	}
}

// fileNamePart turns s (a game name such as "leduc:ranks=4" or
// "akq:bet=1/3", or the path of a file ending in ext) into part of a file
// name: a file's base name without ext, and every character other than
// letters, digits and . _ + - replaced by "-".
func fileNamePart(s, ext string) string {
	if strings.HasSuffix(s, ext) {
		s = strings.TrimSuffix(filepath.Base(s), ext)
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '+', r == '-':
			return r
		}
		return '-'
	}, s)
}

// resumeCommand returns the command line that continues an interrupted
// run of cmd: its path, its arguments and the flags given, with
// --resume checkpoint (not needed when --checkpoint already names it: the
// same command line resumes from there).
func resumeCommand(cmd *cobra.Command, checkpoint string) string {
	parts := []string{cmd.CommandPath()}
	for _, a := range cmd.Flags().Args() {
		parts = append(parts, shellQuote(a))
	}
	again := false
	cmd.Flags().Visit(func(f *pflag.Flag) {
		switch {
		case f.Name == "resume":
			return
		case f.Name == "checkpoint" && f.Value.String() == checkpoint:
			again = true
		}
		if f.Value.Type() == "bool" {
			if f.Value.String() == "true" {
				parts = append(parts, "--"+f.Name)
			} else {
				parts = append(parts, "--"+f.Name+"=false")
			}
			return
		}
		values := []string{f.Value.String()}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			values = sv.GetSlice()
		}
		for _, v := range values {
			parts = append(parts, "--"+f.Name, shellQuote(v))
		}
	})
	if !again {
		parts = append(parts, "--resume", shellQuote(checkpoint))
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell unless it is one word as it is
// (letters, digits and @%_+=:,./-).
func shellQuote(s string) string {
	plain := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("@%_+=:,./-", r)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
