package cli

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/cards"
	"pokerlab/handeval"
)

type evalOptions struct {
	IO    *IOStreams
	Hands []string
	JSON  bool
}

func newEvalCmd(f *Factory, runF func(*evalOptions) error) *cobra.Command {
	opts := &evalOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "eval [HAND...] [--json]",
		Short: "Evaluate poker hands of 5, 6 or 7 cards",
		Long: `Evaluate Texas Hold'em hands of 5, 6 or 7 cards: the value of the best five cards
(an integer, higher is better, equal exactly for a tie; five-card values are
1..7462, 7-5-4-3-2 offsuit = 1 and a royal flush = 7462) and its category.

Hands are the arguments (one hand per argument) or, without arguments, the lines
of standard input (blank lines and lines starting with # are skipped). Cards are
written As Kd Th 2c, with or without spaces, suits in any case. All input is
checked before anything is printed.`,
		Example: `  pokerlab eval "As Ks Qs Js Ts" AsAdKcKd7h2c3d
  printf 'As 2d 3c 4h 5s Kd Qc\n7s5d4c3h2s\n' | pokerlab eval --json`,
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Hands = args
			if runF != nil {
				return runF(opts)
			}
			return evalRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON lines, one object per hand (schema in docs/cli.md)")
	return cmd
}

func evalRun(opts *evalOptions) error {
	type input struct {
		where string
		text  string
		arg   bool // typed on the command line (an error there is exit 2)
	}
	var inputs []input
	if len(opts.Hands) > 0 {
		for i, h := range opts.Hands {
			inputs = append(inputs, input{fmt.Sprintf("argument %d", i+1), h, true})
		}
	} else {
		sc := bufio.NewScanner(opts.IO.In)
		for line := 1; sc.Scan(); line++ {
			t := strings.TrimSpace(sc.Text())
			if t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			inputs = append(inputs, input{fmt.Sprintf("line %d", line), t, false})
		}
		if err := sc.Err(); err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
	}
	out := make([]EvalJSON, 0, len(inputs))
	for _, in := range inputs {
		cs, err := cards.ParseCards(in.text)
		if err == nil && (len(cs) < 5 || len(cs) > 7) {
			err = fmt.Errorf("%q has %d cards, want 5, 6 or 7", in.text, len(cs))
		}
		if err != nil {
			err = fmt.Errorf("%s: %w", in.where, err)
			if in.arg {
				err = asInputError(err)
			}
			return err
		}
		v := handeval.Eval(cards.SetOf(cs...))
		out = append(out, EvalJSON{Cards: cards.FormatCards(cs), Value: int(v), Category: v.Category().String()})
	}
	if opts.JSON {
		for _, o := range out {
			if err := writeJSONLine(opts.IO, o); err != nil {
				return err
			}
		}
		return nil
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "cards\tvalue\tcategory\n")
	for _, o := range out {
		fmt.Fprintf(tw, "%s\t%d\t%s\n", o.Cards, o.Value, o.Category)
	}
	return tw.Flush()
}
