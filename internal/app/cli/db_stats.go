package cli

import (
	"context"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"pokerlab/store"
)

type dbStatsOptions struct {
	IO   *IOStreams
	DB   string
	JSON bool
}

func newDBStatsCmd(f *Factory, runF func(*dbStatsOptions) error) *cobra.Command {
	opts := &dbStatsOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "stats [--db URL] [--json]",
		Short: "Summarise the database: hands, players, sites, dates",
		Long: `Count the hands and players in the database, the hands of each site
(hands without a site, such as simulated ones, are listed as "(none)"), and
the date range of the hands that carry a date.`,
		Example: `  pokerlab db stats
  pokerlab db stats --db postgres://pokerlab@127.0.0.1:5432/hands --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return dbStatsRun(opts)
		},
	}
	dbFlag(cmd, &opts.DB)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func dbStatsRun(opts *dbStatsOptions) error {
	db, err := openDB(opts.DB, true)
	if err != nil {
		return err
	}
	defer db.Close()
	s, err := db.Stats(context.Background())
	if err != nil {
		return err
	}
	if opts.JSON {
		return writeJSON(opts.IO, DBStatsJSON{DB: store.Redact(opts.DB), Engine: db.Kind().String(), SchemaVersion: s.Version,
			Hands: s.Hands, Players: s.Players, Sites: s.Sites, First: s.First, Last: s.Last})
	}
	out := opts.IO.Out
	fmt.Fprintf(out, "%s (%s, schema version %d)\n", db.Where(), db.Kind(), s.Version)
	fmt.Fprintf(out, "%d hands, %d players\n", s.Hands, s.Players)
	if s.First != "" {
		fmt.Fprintf(out, "played from %s to %s\n", s.First, s.Last)
	}
	sites := make([]string, 0, len(s.Sites))
	for k := range s.Sites {
		sites = append(sites, k)
	}
	slices.Sort(sites)
	tw := newTable(out)
	fmt.Fprintln(tw, "site\thands")
	for _, k := range sites {
		name := k
		if name == "" {
			name = "(none)"
		}
		fmt.Fprintf(tw, "%s\t%d\n", name, s.Sites[k])
	}
	return tw.Flush()
}
