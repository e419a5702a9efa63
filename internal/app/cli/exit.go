package cli

import (
	"errors"
	"fmt"
	"os"
	"pokerlab/hh"
	"regexp"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit codes of the pokerlab command: one rule for every command.
//
//   - 0: success; also serve and db watch stopped by SIGINT or SIGTERM
//     (stopping is how they end, and nothing is left to resume).
//   - 1: the work failed: an input file is missing, unreadable or malformed,
//     an output file cannot be written, a solver or replay failed.
//   - 2: the command line is wrong: an unknown command or flag, a missing or
//     conflicting flag, or a value typed on the command line that cannot be
//     accepted (a number out of range, a malformed card, range or game name,
//     a request beyond a stated limit such as --max-memory), or an input
//     that is no hand history at all (a line or a hand beyond hh.MaxLine,
//     hh.MaxHand: /dev/zero). db import also gives 2 for an input named on
//     its command line that yields no hand (missing, empty, not a hand
//     history), after importing the others: the argument was wrong; hands
//     it could not store give 1.
//   - 130: interrupted (SIGINT or SIGTERM) after saving the work to resume
//     (solve, spot solve, sim; see interrupt.go): 128 + SIGINT, what a
//     shell reports for a command ended by Ctrl-C.
//
// The line between 1 and 2: retyping the command fixes a 2; a 1 needs a
// change to the files or the machine.
const (
	ExitOK          = 0   // success
	ExitError       = 1   // the work failed: input or output files, the computation
	ExitUsage       = 2   // the command line is wrong: commands, flags, typed values
	ExitInterrupted = 130 // interrupted, the work saved to resume
)

// FlagError is a usage error in the form of the command line (a missing,
// unknown or conflicting flag, a flag's value refused while parsing, an
// unknown command): the message is followed by one line pointing to the
// command's --help, not by the whole usage, which would bury the message.
// Exit code 2.
type FlagError struct{ err error }

func (e *FlagError) Error() string { return e.err.Error() }
func (e *FlagError) Unwrap() error { return e.err }

// flagErrorf returns a FlagError.
func flagErrorf(format string, args ...any) error {
	return &FlagError{fmt.Errorf(format, args...)}
}

// InputError is an invalid value typed on the command line — an argument
// or a flag's value (a malformed card or range, an unknown game, a number
// out of range) — found while the command reads it. Exit code 2, without
// the usage text (the message names the value).
type InputError struct{ err error }

func (e *InputError) Error() string { return e.err.Error() }
func (e *InputError) Unwrap() error { return e.err }

// inputErrorf returns an InputError.
func inputErrorf(format string, args ...any) error {
	return &InputError{fmt.Errorf(format, args...)}
}

// asInputError marks err (if not nil) as an InputError.
func asInputError(err error) error {
	if err == nil {
		return nil
	}
	return &InputError{err}
}

// Main runs the command with the process's arguments and streams and
// returns the exit code.
func Main() int {
	f := NewFactory()
	return Run(f, os.Args[1:])
}

// Run executes the command line args with factory f and returns the exit
// code (see ExitOK, ExitError, ExitUsage); errors go to f.IO.ErrOut as
// "pokerlab: message".
func Run(f *Factory, args []string) int {
	root := newRootCmd(f, commandNamed(args))
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return ExitOK
	}
	return reportError(f.IO, cmd, err)
}

// commandNamed returns the top-level command a command line runs when it
// starts with one ("pokerlab game list": game), so that Run builds that
// command alone; "" when the whole tree is needed: no arguments, a flag
// first, or help and completion, which list or search every command.
func commandNamed(args []string) string {
	if len(args) == 0 {
		return ""
	}
	switch a := args[0]; {
	case a == "help" || a == "completion" || strings.HasPrefix(a, "__") || strings.HasPrefix(a, "-"):
		return ""
	default:
		return a
	}
}

// reportError prints err and returns its exit code.
func reportError(io *IOStreams, cmd *cobra.Command, err error) int {
	fmt.Fprintf(io.ErrOut, "pokerlab: %s\n", userMessage(err.Error()))
	var fe *FlagError
	var ie *InputError
	var ir *InterruptedError
	switch {
	case errors.As(err, &ir):
		return ExitInterrupted
	case errors.As(err, &fe) || isCobraUsageError(err):
		if cmd != nil {
			fmt.Fprintln(io.ErrOut, helpHint(cmd))
		}
		return ExitUsage
	case errors.As(err, &ie):
		return ExitUsage
	case isInputLimit(err):
		return ExitUsage
	}
	return ExitError
}

// isInputLimit reports an input beyond the hand-history readers' limits
// (hh.MaxLine, hh.MaxHand): not a hand history at all (/dev/zero, a
// binary file), as wrong an argument as a malformed value.
func isInputLimit(err error) bool {
	var le *hh.LimitError
	return errors.As(err, &le)
}

// helpHint is the line after a usage error: where to read how the command
// is used ("Run 'pokerlab solve --help' for usage.").
func helpHint(cmd *cobra.Command) string {
	return "Run '" + cmd.CommandPath() + " --help' for usage."
}

// packagePrefixRE matches the "pkg: " prefixes Go libraries put on their
// errors (pokerlab's own packages), at the start of a message or of a part
// after ": " or "(". Compiled at first use, like every regular expression
// of the command: start-up does no work.
var packagePrefixRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|: |\()(?:akq|br|cards|cfr|efg|equity|games|handeval|hh|holdem|hud|kuhn|leduc|lp|npc|qre|qreplot|report|plotx|strictjson): `)
})

// userMessage is the text of err as the user reads it: without the names
// of internal packages (a message names the input, not the code) and with
// cobra's "required flag(s)" reworded.
func userMessage(msg string) string {
	msg = strings.TrimRight(msg, "\n")
	for {
		m := packagePrefixRE().ReplaceAllString(msg, "$1")
		if m == msg {
			break
		}
		msg = m
	}
	return rewordRequired(msg)
}

// isCobraUsageError recognises cobra's own argument and flag errors, which it
// returns as plain errors.
func isCobraUsageError(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown flag", "unknown shorthand flag", "unknown command", "flag needs an argument",
		"invalid argument", "accepts ", "requires at least", "requires at most", "required flag", "if any flags in the group"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// flagError turns pflag's parse errors into FlagErrors; an invalid value
// reads "--name value: reason", the way every command words its checks.
func flagError(_ *cobra.Command, err error) error {
	var iv *pflag.InvalidValueError
	if errors.As(err, &iv) {
		name := "--" + iv.GetFlag().Name
		cause := errors.Unwrap(iv)
		var ve *valueError
		if !errors.As(cause, &ve) {
			// pflag's own parsers (bool, duration, ...): keep their words.
			return &FlagError{fmt.Errorf("%s %s: %v", name, iv.GetValue(), cause)}
		}
		return &FlagError{fmt.Errorf("%s %s: %s", name, iv.GetValue(), ve.msg)}
	}
	return &FlagError{err}
}

// silence makes cobra leave error and usage printing to Run.
func silence(c *cobra.Command) {
	c.SilenceErrors = true
	c.SilenceUsage = true
}
