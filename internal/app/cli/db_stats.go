package cli

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"pokerlab/hud"
	"pokerlab/store"
)

type dbStatsOptions struct {
	IO     *IOStreams
	DB     string
	JSON   bool
	Filter filterOptions
	// By is --by: "" (no groups), "position" or "seats".
	By string
	by store.GroupBy
}

func newDBStatsCmd(f *Factory, runF func(*dbStatsOptions) error) *cobra.Command {
	opts := &dbStatsOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "stats [--db URL] [--filter F] [--player NAME] [--stakes 1/2] [--since DATE] [--until DATE] [--position BTN] [--by position|seats] [--json]",
		Short: "Summarise the database: hands, players, sites, dates; stats by position or table size",
		Long: `Count the hands and players in the database, the hands of each site
(hands without a site, such as simulated ones, are listed as "(none)"), and
the date range of the hands that carry a date.

With filters (--filter, the filter language of docs/cli.md, "Filters", and
--player, --stakes, --since, --until, --position) the summary is of the hands
with a player row selected, and players counts the players with one.

--by position (or seats) adds the HUD stats of the selected rows (every
player's, or --player's) summed by position (BTN, CO, ..., BB) or by the
number of players dealt in: each stat with its opportunities and 95% Wilson
interval.`,
		Example: `  pokerlab db stats
  pokerlab db stats --db postgres://pokerlab@127.0.0.1:5432/hands --json
  pokerlab db stats --filter 'site=PokerStars and date>=2026-11-01'
  pokerlab db stats --player Alice --by position`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if _, err := opts.Filter.filter(); err != nil {
				return err
			}
			var err error
			if opts.by, err = store.ParseGroupBy(opts.By); err != nil {
				return flagErrorf("%v", err)
			}
			if runF != nil {
				return runF(opts)
			}
			return dbStatsRun(opts)
		},
	}
	dbFlag(cmd, &opts.DB)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	cmd.Flags().StringVar(&opts.By, "by", "", "add the stats of the selected rows by position or seats (the number of players)")
	opts.Filter.flags(cmd, true)
	return cmd
}

// statsGroup is a group's stats summed over its players.
type statsGroup struct {
	key                 string
	hands, rows, people int64
	counts              [hud.NumStats]hud.Count
}

func dbStatsRun(opts *dbStatsOptions) error {
	f, _ := opts.Filter.filter()
	db, err := openDB(opts.DB, true)
	if err != nil {
		return err
	}
	defer db.Close()
	ctx := context.Background()
	s, err := db.StatsOf(ctx, f)
	if err != nil {
		return err
	}
	var groups []statsGroup
	if opts.by != store.ByNone {
		gs, err := db.HUDGroups(ctx, f, opts.by)
		if err != nil {
			return err
		}
		for _, g := range gs {
			sg := statsGroup{key: g.Key, hands: g.Hands}
			for _, p := range g.Tracker.Players() {
				sg.rows += p.Hands
				sg.people++
				for st := range sg.counts {
					sg.counts[st].Taken += p.Counts[st].Taken
					sg.counts[st].Opportunities += p.Counts[st].Opportunities
				}
			}
			groups = append(groups, sg)
		}
	}
	if opts.JSON {
		out := DBStatsJSON{DB: store.Redact(opts.DB), Engine: db.Kind().String(), SchemaVersion: s.Version,
			Hands: s.Hands, Players: s.Players, Sites: s.Sites, First: s.First, Last: s.Last, Filter: opts.Filter.json(), By: opts.By}
		for _, g := range groups {
			gj := DBStatsGroupJSON{Group: g.key, Hands: g.hands, Rows: g.rows, Players: g.people, Stats: map[string]hud.StatJSON{}}
			for _, st := range hud.Stats() {
				gj.Stats[st.Key()] = g.counts[st].JSON(st)
			}
			out.Groups = append(out.Groups, gj)
		}
		if opts.by != store.ByNone && out.Groups == nil {
			out.Groups = []DBStatsGroupJSON{}
		}
		return writeJSON(opts.IO, out)
	}
	out := opts.IO.Out
	fmt.Fprintf(out, "%s (%s, schema version %d)\n", db.Where(), db.Kind(), s.Version)
	what := "hands"
	if opts.Filter.any() || opts.Filter.Player != "" {
		what = "hands selected"
	}
	fmt.Fprintf(out, "%d %s, %d players\n", s.Hands, what, s.Players)
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
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, g := range groups {
		label := g.key
		if opts.by == store.BySeats {
			label = g.key + "-handed"
		}
		fmt.Fprintf(out, "\n%s: %d hands, %d player rows of %d players\n", label, g.hands, g.rows, g.people)
		if err := statTable(out, &hud.Player{Name: g.key, Hands: g.rows, Counts: g.counts}); err != nil {
			return err
		}
	}
	return nil
}

// statCells is a stat's row of the stat tables: key, value,
// taken/opportunities and the Wilson interval (ratios and stats without
// opportunities have none), tab-separated.
func statCells(st hud.Stat, c hud.Count) string {
	switch {
	case st.IsRatio():
		v := "-"
		if c.Opportunities > 0 {
			v = fmt.Sprintf("%.2f", c.Value())
		}
		return fmt.Sprintf("%s\t%s\t%d/%d\t", st.Key(), v, c.Taken, c.Opportunities)
	case c.Opportunities == 0:
		return fmt.Sprintf("%s\t-\t0/0\t", st.Key())
	}
	lo, hi := c.Wilson()
	return fmt.Sprintf("%s\t%.1f%%\t%d/%d\t%.1f–%.1f%%", st.Key(), 100*c.Value(), c.Taken, c.Opportunities, 100*lo, 100*hi)
}

// statTable writes every stat of p: value, taken/opportunities, interval.
func statTable(w io.Writer, p *hud.Player) error {
	tw := newTable(w)
	fmt.Fprintln(tw, "stat\tvalue\ttaken/opportunities\t95% CI")
	for _, st := range hud.Stats() {
		fmt.Fprintln(tw, statCells(st, p.Counts[st]))
	}
	return tw.Flush()
}
