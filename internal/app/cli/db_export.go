package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"pokerlab/store"
)

type dbExportOptions struct {
	IO     *IOStreams
	DB     string
	To     string
	Out    string
	Filter filterOptions
}

func newDBExportCmd(f *Factory, runF func(*dbExportOptions) error) *cobra.Command {
	opts := &dbExportOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "export --to phh|pokerstars [--db URL] [--player NAME] [--stakes 1/2] [--since DATE] [--until DATE] [--position BTN] [-o FILE]",
		Short: "Write stored hands as PHH or PokerStars text",
		Long: `Write the stored hands the filters select, in the order they were stored, as
a PHH .phhs file (tables [1], [2], ...; each hand's text as it was imported)
or as PokerStars text. --player keeps the hands that player played (in
--position, when given); --position alone keeps hands in which someone sat
there. Dates are the days recorded in the hands; hands without a date are
left out when --since or --until is given. The number of hands written goes
to standard error.`,
		Example: `  pokerlab db export --to phh > all.phhs
  pokerlab db export --to pokerstars --player Alice --stakes 1/2 --since 2009-07-01 -o alice.txt`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if opts.To != "phh" && opts.To != "pokerstars" {
				return flagErrorf("--to %q: want phh or pokerstars", opts.To)
			}
			if _, err := opts.Filter.filter(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return dbExportRun(opts)
		},
	}
	dbFlag(cmd, &opts.DB)
	cmd.Flags().StringVar(&opts.To, "to", "", "output format: phh or pokerstars")
	outputFileVar(cmd.Flags(), &opts.Out, "out", "o", "", "write to this file instead of standard output") // checked before the work (tree.go)
	opts.Filter.flags(cmd, true)
	return cmd
}

func dbExportRun(opts *dbExportOptions) error {
	f, _ := opts.Filter.filter()
	db, err := openDB(opts.DB, true)
	if err != nil {
		return err
	}
	defer db.Close()
	var n int
	write := func(w io.Writer) error {
		n, err = store.Export(context.Background(), db, f, opts.To, w)
		return err
	}
	if opts.Out == "" {
		err = write(opts.IO.Out)
	} else {
		err = writeFileAtomic(opts.Out, write)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.ErrOut, "%d hands exported\n", n)
	return nil
}
