package cli

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"pokerlab/internal/base/atomicfile"
	"pokerlab/internal/figure/plotx"
)

// This file holds the rules every command follows without doing anything
// itself; NewRootCmd applies them to the finished command tree, so a new
// command inherits them by being added there:
//
//   - a command group (a command with subcommands) refuses an unknown
//     subcommand: `unknown command "foo" for "pokerlab game"`, cobra's
//     suggestions, exit 2; without arguments it prints its help;
//   - every output path (flags declared with outputFileVar, outputDirVar or
//     figureFileVar) is checked before the command's work starts, and an
//     error names the path as the user typed it;
//   - `pokerlab help X Y` refuses unknown topics the same way.

// Flag annotations that prepareTree acts on.
const (
	annotOutput = "pokerlab_output" // "file", "dir" or "figure"
)

// outputFileVar defines a string flag naming a file the command writes.
func outputFileVar(fl *pflag.FlagSet, p *string, name, short, def, usage string) {
	fl.StringVarP(p, name, short, def, usage)
	annotate(fl, name, annotOutput, "file")
}

// figureFileVar defines a string flag naming a figure the command draws;
// the format follows the extension (.svg, .png or .pdf, see plotx.Format).
func figureFileVar(fl *pflag.FlagSet, p *string, name, usage string) {
	fl.StringVar(p, name, "", usage)
	annotate(fl, name, annotOutput, "figure")
}

// outputDirVar defines a string flag naming a directory the command writes
// files into (created if missing).
func outputDirVar(fl *pflag.FlagSet, p *string, name, short, def, usage string) {
	fl.StringVarP(p, name, short, def, usage)
	annotate(fl, name, annotOutput, "dir")
}

func annotate(fl *pflag.FlagSet, name, key, value string) {
	if err := fl.SetAnnotation(name, key, []string{value}); err != nil {
		panic(err)
	}
}

// checkOutputs checks every output flag of c that is set (given on the
// command line, or non-empty by default).
func checkOutputs(c *cobra.Command) error {
	var err error
	c.Flags().VisitAll(func(f *pflag.Flag) {
		kind := f.Annotations[annotOutput]
		if err != nil || len(kind) == 0 {
			return
		}
		path := f.Value.String()
		if path == "" && !f.Changed {
			return
		}
		name := "--" + f.Name
		if path == "" { // typed as --out= or --out ""
			what := "file name"
			if kind[0] == "dir" {
				what = "directory"
			}
			err = inputErrorf("%s: no %s given", name, what)
			return
		}
		var e error
		switch kind[0] {
		case "dir":
			e = atomicfile.CheckDir(path)
		case "figure":
			if _, ferr := plotx.Format(path); ferr != nil {
				err = inputErrorf("%s %s: %w", name, path, ferr)
				return
			}
			e = atomicfile.Check(path)
		default:
			e = atomicfile.Check(path)
		}
		if e != nil {
			err = fmt.Errorf("%s %w", name, e) // e starts with the path
		}
	})
	return err
}

// prepareTree applies the rules above to root and every command below it.
func prepareTree(root *cobra.Command) {
	help := newHelpCmd()
	root.SetHelpCommand(help)
	root.InitDefaultCompletionCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if own := c.Args; c.Annotations[takesArgs] != "" && own != nil {
			// A group that runs with arguments of its own (spot batch
			// TEMPLATE beside spot batch status ID): an argument is its,
			// unless it is no file and a near miss of a subcommand.
			c.Args = func(c *cobra.Command, args []string) error {
				if c.SuggestionsMinimumDistance <= 0 {
					c.SuggestionsMinimumDistance = 2
				}
				if len(args) > 0 && len(c.SuggestionsFor(args[0])) > 0 {
					if _, err := os.Stat(args[0]); err != nil {
						return unknownCommand(c, args[0])
					}
				}
				return own(c, args)
			}
		} else if c.HasSubCommands() && c != help {
			if !c.Runnable() {
				c.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
			}
			c.Args = func(c *cobra.Command, args []string) error {
				if len(args) > 0 {
					return unknownCommand(c, args[0])
				}
				return nil
			}
		}
		if run := c.RunE; run != nil {
			c.RunE = func(c *cobra.Command, args []string) error {
				if err := checkOutputs(c); err != nil {
					return err
				}
				return run(c, args)
			}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
}

// takesArgs annotates a command group that also runs with arguments of
// its own.
const takesArgs = "pokerlab.takes-args"

// unknownCommand is cobra's own wording for an unknown subcommand, with its
// "Did you mean this?" suggestions.
func unknownCommand(c *cobra.Command, arg string) error {
	if c.SuggestionsMinimumDistance <= 0 {
		c.SuggestionsMinimumDistance = 2
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "unknown command %q for %q", arg, c.CommandPath())
	if s := c.SuggestionsFor(arg); len(s) > 0 {
		sb.WriteString("\n\nDid you mean this?\n")
		for _, x := range s {
			fmt.Fprintf(&sb, "\t%v\n", x)
		}
	}
	return &FlagError{fmt.Errorf("%s", sb.String())}
}

// newHelpCmd is "pokerlab help [command]": cobra's help command, except
// that an unknown topic is an error (exit 2) with suggestions.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  `Help provides help for any command in the application: pokerlab help COMMAND [SUBCOMMAND].`,
		RunE: func(c *cobra.Command, args []string) error {
			target := c.Root()
			for _, a := range args {
				var next *cobra.Command
				for _, s := range target.Commands() {
					if s.Name() == a || s.HasAlias(a) {
						next = s
					}
				}
				if next == nil {
					return unknownCommand(target, a)
				}
				target = next
			}
			return target.Help()
		},
	}
}

var requiredFlagsRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^required flag\(s\) (.*) not set$`) })

// rewordRequired turns cobra's `required flag(s) "a", "b" not set` into
// "--a and --b are required".
func rewordRequired(msg string) string {
	m := requiredFlagsRE().FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	var names []string
	for _, n := range strings.Split(m[1], ", ") {
		names = append(names, "--"+strings.Trim(n, `"`))
	}
	if len(names) == 1 {
		return names[0] + " is required"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " are required"
}
