package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes of the pokerlab command.
const (
	ExitOK    = 0 // success
	ExitError = 1 // the work failed: bad input file, impossible request, solver failure
	ExitUsage = 2 // the command line is wrong: unknown flag, missing or conflicting flags
)

// FlagError is a usage error: the command prints its usage after it.
type FlagError struct{ err error }

func (e *FlagError) Error() string { return e.err.Error() }
func (e *FlagError) Unwrap() error { return e.err }

// flagErrorf returns a FlagError.
func flagErrorf(format string, args ...any) error {
	return &FlagError{fmt.Errorf(format, args...)}
}

// Main runs the command with the process's arguments and streams and
// returns the exit code.
func Main() int {
	f := NewFactory()
	return Run(f, os.Args[1:])
}

// Run executes the command line args with factory f and returns the exit
// code; errors go to f.IO.ErrOut as "pokerlab: message".
func Run(f *Factory, args []string) int {
	root := NewRootCmd(f)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return ExitOK
	}
	fmt.Fprintf(f.IO.ErrOut, "pokerlab: %v\n", err)
	var fe *FlagError
	if errors.As(err, &fe) || isCobraUsageError(err) {
		if cmd != nil {
			fmt.Fprintf(f.IO.ErrOut, "\n%s", cmd.UsageString())
		}
		return ExitUsage
	}
	return ExitError
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

// silence makes cobra leave error and usage printing to Run.
func silence(c *cobra.Command) {
	c.SilenceErrors = true
	c.SilenceUsage = true
}
