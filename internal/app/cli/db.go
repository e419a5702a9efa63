package cli

import (
	"context"

	"github.com/spf13/cobra"

	"pokerlab/store"
	"pokerlab/store/filter"
)

// newDBCmd groups the hand database commands (package store).
func newDBCmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "db",
		Short: "The hand database: import hand histories, summarise, export",
		Long: `Keep hand histories in a database: an SQLite file (default pokerlab.db, or
--db FILE) or a PostgreSQL server (--db postgres://user:pass@host:5432/dbname).
"pokerlab hud --db" and "pokerlab npc clone --db" read the HUD of the stored
hands without replaying them: every hand's HUD tallies are stored when it is
imported.`,
	}
	cmd.AddCommand(newDBImportCmd(f, nil))
	cmd.AddCommand(newDBWatchCmd(f, nil))
	cmd.AddCommand(newDBStatsCmd(f, nil))
	cmd.AddCommand(newDBExportCmd(f, nil))
	cmd.AddCommand(newDBOpenCmd(f, nil))
	return cmd
}

// dbFlag adds the --db flag.
func dbFlag(cmd *cobra.Command, url *string) {
	cmd.Flags().StringVar(url, "db", store.DefaultURL, "database: an SQLite file or postgres://user:pass@host:port/dbname")
}

// filterOptions are the hand filters of hud --db, db stats and db export.
type filterOptions struct {
	Player, Stakes, Since, Until, Position string
	// Expr is --filter, the filter language (package store/filter).
	Expr string
}

func (o *filterOptions) flags(cmd *cobra.Command, player bool) {
	fl := cmd.Flags()
	if player {
		fl.StringVar(&o.Player, "player", "", "only this player's hands")
	}
	fl.StringVar(&o.Stakes, "stakes", "", "only hands at these blinds (1/2, 0.5/1)")
	fl.StringVar(&o.Since, "since", "", "only hands played on or after this date (YYYY-MM-DD)")
	fl.StringVar(&o.Until, "until", "", "only hands played on or before this date (YYYY-MM-DD)")
	fl.StringVar(&o.Position, "position", "", "only the rows of players in this position (BTN, SB, BB, CO, HJ, LJ, UTG, UTG+1, UTG+2, UTG+3)")
	fl.StringVar(&o.Expr, "filter", "", "only the rows this filter selects, such as 'position=BTN and pot=3bet and date>=2026-11-01' (docs/cli.md, \"Filters\")")
}

// any reports whether a filter other than --player is set.
func (o *filterOptions) any() bool {
	return o.Stakes != "" || o.Since != "" || o.Until != "" || o.Position != "" || o.Expr != ""
}

// filter checks the flags (usage errors) and returns the store filter.
func (o *filterOptions) filter() (store.Filter, error) {
	f := store.Filter{Player: o.Player, Position: o.Position}
	var err error
	if o.Stakes != "" {
		if f.Stakes, err = store.NormalizeStakes(o.Stakes); err != nil {
			return f, flagErrorf("--stakes: %v", err)
		}
	}
	if o.Since != "" {
		if f.Since, err = store.ParseDay(o.Since); err != nil {
			return f, flagErrorf("--since: %v", err)
		}
	}
	if o.Until != "" {
		if f.Until, err = store.ParseDay(o.Until); err != nil {
			return f, flagErrorf("--until: %v", err)
		}
	}
	if f.Since > 0 && f.Until > 0 && f.Since > f.Until {
		return f, flagErrorf("--since %s is after --until %s", o.Since, o.Until)
	}
	if o.Position != "" {
		if err := store.CheckPosition(o.Position); err != nil {
			return f, flagErrorf("--position: %v", err)
		}
	}
	if f.Expr, err = filter.Parse(o.Expr); err != nil {
		return f, inputErrorf("--filter: %v", err)
	}
	return f, nil
}

// filterJSON is the filter as reported in JSON (nil without one).
func (o *filterOptions) json() *DBFilterJSON {
	if o.Player == "" && !o.any() {
		return nil
	}
	return &DBFilterJSON{Player: o.Player, Stakes: o.Stakes, Since: o.Since, Until: o.Until, Position: o.Position, Expr: o.Expr}
}

// openDB opens the database for a command.
func openDB(url string, readOnly bool) (*store.DB, error) {
	return store.Open(context.Background(), url, store.Options{ReadOnly: readOnly})
}
