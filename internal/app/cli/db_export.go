package cli

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

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
		Use:   "export --to phh|pokerstars [--db URL] [--filter F] [--player NAME] [--stakes 1/2] [--since DATE] [--until DATE] [--position BTN] [-o FILE]",
		Short: "Write stored hands as PHH or PokerStars text",
		Long: `Write the stored hands the filters select, in the order they were stored, as
a PHH .phhs file (tables [1], [2], ...; each hand's text as it was imported,
with its site, hand number and time) or as PokerStars text. Importing the
output into the same database stores nothing new.

PokerStars text is written for PokerStars hands only: its header says
PokerStars, so a GGPoker hand, another site's or a simulated hand would come
back as a new PokerStars hand. Those are left out and counted by site on
standard error (export them with --to phh); when every hand selected is left
out the command fails (exit 1) and writes nothing.

--player keeps the hands that player played (in --position, when given);
--position alone keeps hands in which someone sat there; --filter keeps the
hands with a player row the filter selects (docs/cli.md, "Filters"). Dates are the days
recorded in the hands; hands without a date are left out when --since or
--until is given. The number of hands written goes to standard error.`,
		Example: `  pokerlab db export --to phh > all.phhs
  pokerlab db export --to pokerstars --player Alice --stakes 1/2 --since 2009-07-01 -o alice.txt
  pokerlab db export --to phh --filter 'player=Alice and pot=3bet and showdown' -o alice-3bet.phhs`,
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
	var sum store.ExportSummary
	write := func(w io.Writer) error {
		if sum, err = store.Export(context.Background(), db, f, opts.To, w); err != nil {
			return err
		}
		if sum.Written == 0 && len(sum.LeftOut) > 0 {
			return fmt.Errorf("none of the %d hands selected is a PokerStars hand (%s): PokerStars text would make them PokerStars hands; export them with --to phh",
				leftOutCount(sum.LeftOut), leftOutList(sum.LeftOut))
		}
		return nil
	}
	if opts.Out == "" {
		err = write(opts.IO.Out)
	} else {
		err = writeFileAtomic(opts.Out, write)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.ErrOut, "%d hands exported\n", sum.Written)
	if len(sum.LeftOut) > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "%d hands left out, not PokerStars hands (%s): PokerStars text would make them PokerStars hands; export them with --to phh\n",
			leftOutCount(sum.LeftOut), leftOutList(sum.LeftOut))
	}
	return nil
}

func leftOutCount(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// leftOutList names the sites of hands left out, most first: "no site 200,
// GGPoker 12" (no site: simulated hands and other PHH without a venue).
func leftOutList(m map[string]int) string {
	sites := slices.Collect(maps.Keys(m))
	slices.SortFunc(sites, func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), strings.Compare(a, b)) })
	parts := make([]string, len(sites))
	for i, s := range sites {
		name := s
		if name == "" {
			name = "no site"
		}
		parts[i] = fmt.Sprintf("%s %d", name, m[s])
	}
	return strings.Join(parts, ", ")
}
