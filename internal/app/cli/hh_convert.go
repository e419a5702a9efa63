package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"pokerlab/hh"
	"pokerlab/holdem"
)

type hhConvertOptions struct {
	IO    *IOStreams
	Files []string
	To    string
	Out   string
	// Rules, when set (--rules), replaces every hand's declared rule set
	// (and PHH output declares it).
	Rules     *holdem.RuleSet
	rulesText string
}

func newHHConvertCmd(f *Factory, runF func(*hhConvertOptions) error) *cobra.Command {
	opts := &hhConvertOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "convert --to pokerstars|phh FILE|DIR|-... [--out FILE]",
		Short: "Convert hand histories to PokerStars text or canonical PHH",
		Long: `Convert the hands of PHH, PokerStars or GGPoker files (directories are read
recursively, - is standard input) to PokerStars-style text hand histories (what
HUD trackers import: posts, "raises $x to $y", "Uncalled bet ($x) returned
to", "*** SHOW DOWN ***", a summary with the main and side pots and the rake)
or to canonical PHH (one .phhs; hands of several files are renumbered [1],
[2], ...). A site hand becomes PHH with its identity and outcome in PHH's own
fields (venue, table, hand, time, currency, players, seats, starting_stacks,
winnings and finishing_stacks after the rake). Every hand is replayed through
the engine first, so an illegal history is an error, not a wrong conversion; a
site hand the reader rejects is listed on standard error and left out, and the
exit code is then 1.

The output goes to standard output or, with --out, to a file written through
a temporary file (a failure leaves nothing half-written).`,
		Example: `  pokerlab hh convert --to pokerstars hands.phhs > hands.txt
  pokerlab hh convert --to phh a.phh b.phh --out all.phhs
  pokerlab hh convert --to phh ~/PokerStars/HandHistory/ --out mine.phhs`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.To != "pokerstars" && opts.To != "phh" {
				return inputErrorf("--to %q: want pokerstars or phh", opts.To)
			}
			if len(args) == 0 {
				return errNoHandInputs("")
			}
			opts.Files = args
			var err error
			if opts.Rules, err = rulesOverride(cmd, opts.rulesText); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return hhConvertRun(opts)
		},
	}
	cmd.Flags().StringVar(&opts.To, "to", "", "output format: pokerstars or phh")
	outputFileVar(cmd.Flags(), &opts.Out, "out", "o", "", "write to this file instead of standard output")
	addRulesFlag(cmd, &opts.rulesText, rulesUsage+"; PHH output declares the rule set used")
	markRequired(cmd.Flags(), "to")
	return cmd
}

// noHandsInput is the error for inputs that hold no hand at all: the file's
// name when there is one.
func noHandsInput(args []string) error {
	if len(args) == 1 && args[0] != "-" {
		return noHandsError(args[0])
	}
	return errors.New("no hands in the input (the files are empty or hold only comments)")
}

func hhConvertRun(opts *hhConvertOptions) error {
	var all []*hh.Hand
	var rejected []error
	var rd hh.Reader
	files := map[string]bool{}
	err := rd.ReadInputs(opts.Files, opts.IO.In, func(in hh.Input, h *hh.Hand, herr error) error {
		files[in.Name] = true
		if herr != nil {
			rejected = append(rejected, herr)
		} else {
			all = append(all, h)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, e := range rejected {
		fmt.Fprintf(opts.IO.ErrOut, "pokerlab: skipped: %v\n", e)
	}
	if len(all) == 0 {
		if len(rejected) > 0 {
			return fmt.Errorf("none of the %d hands in the input could be read", len(rejected))
		}
		return noHandsInput(opts.Files)
	}
	var r hh.Replayer
	for _, h := range all {
		if opts.Rules != nil {
			h.Rules = *opts.Rules
		}
		if err := r.Replay(h); err != nil {
			return err
		}
	}
	if len(files) > 1 && opts.To == "phh" {
		// Table names of several files would repeat.
		for i, h := range all {
			h.Name = fmt.Sprint(i + 1)
		}
	}
	var b bytes.Buffer
	if opts.To == "pokerstars" {
		err = hh.WritePokerStars(&b, all)
		b.WriteByte('\n')
	} else {
		err = hh.Write(&b, all)
	}
	if err != nil {
		return err
	}
	if opts.Out == "" {
		_, err = opts.IO.Out.Write(b.Bytes())
	} else {
		err = writeFileAtomic(opts.Out, func(w io.Writer) error {
			_, err := w.Write(b.Bytes())
			return err
		})
	}
	if err == nil && len(rejected) > 0 {
		err = fmt.Errorf("%d of %d hands could not be read and were left out (listed above)", len(rejected), len(rejected)+len(all))
	}
	return err
}
