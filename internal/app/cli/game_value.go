package cli

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"pokerlab/br"
	"pokerlab/efg"
)

type gameValueOptions struct {
	IO        *IOStreams
	Game      string
	MaxMemory int64
	MaxLPSize int64
	Out       string
	JSON      bool
}

func newGameValueCmd(f *Factory, runF func(*gameValueOptions) error) *cobra.Command {
	opts := &gameValueOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "value --game G [--max-lp-size N] [--out strategy.json] [--json]",
		Short: "Solve a two-player zero-sum game exactly by linear programming",
		Long: `Compute the value of a two-player constant-sum game, and an exact equilibrium,
by the sequence-form linear program (Koller, Megiddo & von Stengel 1994). The
simplex tableau is dense, so this suits games up to a few thousand sequences
per player: Kuhn and the AKQ game take milliseconds, Leduc Hold'em a few
seconds, Leduc Hold'em with 4 ranks half a minute. The size of the program is
computed before its tableau is built, and a tableau of more than
--max-lp-size entries (rows × columns; default 2e7, about a minute and
160 MB) is refused with the size (Leduc Hold'em with 5 ranks has 3.6e7 and
takes over two minutes). --out writes the equilibrium as a strategy file.`,
		Example: `  pokerlab game value --game kuhn
  pokerlab game value --game leduc --out leduc-nash.json --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return gameValueRun(opts)
		},
	}
	addGameFlags(cmd.Flags(), &opts.Game, &opts.MaxMemory)
	int64Var(cmd.Flags(), &opts.MaxLPSize, "max-lp-size", br.DefaultMaxTableau,
		"refuse linear programs whose dense tableau has more entries than this (rows × columns)", atLeast[int64](1, "a positive number of entries"))
	outputFileVar(cmd.Flags(), &opts.Out, "out", "o", "", "write the equilibrium strategy (JSON) to this file")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func gameValueRun(opts *gameValueOptions) error {
	t, err := loadGame(opts.Game, opts.MaxMemory)
	if err != nil {
		return err
	}
	start := time.Now()
	v, profile, err := br.GameValueWith(t, br.LPOptions{MaxTableau: opts.MaxLPSize})
	var tl *br.LPTooLargeError
	switch {
	case errors.As(err, &tl):
		return inputErrorf("game %s: %v (--max-lp-size %d; raise it to try anyway; the time grows about like the square of the entries)",
			opts.Game, err, opts.MaxLPSize)
	case err != nil:
		return err
	}
	seconds := time.Since(start).Seconds()
	if opts.Out != "" {
		if err := writeFileAtomic(opts.Out, func(w io.Writer) error { return efg.WriteProfile(w, t, opts.Game, profile) }); err != nil {
			return err
		}
	}
	if opts.JSON {
		return writeJSON(opts.IO, GameValueJSON{Game: opts.Game, Value: v[:], Seconds: seconds})
	}
	tw := newTable(opts.IO.Out)
	fmt.Fprintf(tw, "player\tvalue\n")
	for p, name := range t.PlayerNames {
		fmt.Fprintf(tw, "%s\t%.12g\n", name, v[p])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "solved by the sequence-form LP in %.3g s", seconds)
	if opts.Out != "" {
		fmt.Fprintf(opts.IO.Out, "; equilibrium written to %s", opts.Out)
	}
	fmt.Fprintln(opts.IO.Out)
	return nil
}
