package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pokerlab/holdem"
	"pokerlab/hud"
	"pokerlab/npc"
	"pokerlab/store"
)

type npcCloneOptions struct {
	IO      *IOStreams
	Player  string
	Files   []string
	MinOpps int64
	Name    string
	DB      string
	// Rules, when set (--rules), replaces every hand's declared rule set.
	Rules     *holdem.RuleSet
	rulesText string
}

func newNPCCloneCmd(f *Factory, runF func(*npcCloneOptions) error) *cobra.Command {
	opts := &npcCloneOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "clone --player NAME FILE|DIR|-... | --db URL > profile.toml",
		Short: "Turn a player's HUD over hand histories into a profile",
		Long: `Measure a player's HUD stats (package hud) over hand histories (PHH,
PokerStars or GGPoker text; directories are read recursively, - is standard
input) and write a
profile: every stat with at least --min-opportunities opportunities takes the
player's value, the others the population's (the built-in "regular"); sums of
rates that would exceed 100 % are then lowered on the stand-in side. With
--player '*' the profile is the whole population of the files. A summary of
where each stat came from goes to standard error. Each hand is replayed under
the rule set it declares (PHH _rules; tda without one) or under --rules when
given (docs/rules.md). With --db instead of files the HUD is the one of the
player's hands in the hand database ("pokerlab db import"), the same as over
the files they came from.`,
		Example: `  pokerlab npc clone --player Alice hands.phhs > alice.toml
  pokerlab npc clone --player '*' --name regular testdata/handhq/*.phhs > regular.toml
  pokerlab npc clone --db pokerlab.db --player Alice > alice.toml`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			fromDB := cmd.Flags().Changed("db")
			if !fromDB {
				opts.DB = ""
			}
			if fromDB && cmd.Flags().Changed("rules") {
				return flagErrorf("--rules applies to hand files; hands in the database were replayed when imported")
			}
			var err error
			if opts.Rules, err = rulesOverride(cmd, opts.rulesText); err != nil {
				return err
			}
			switch {
			case fromDB && len(args) > 0:
				return flagErrorf("give hand-history files or --db, not both")
			case !fromDB && len(args) == 0:
				return errNoHandInputs(" (or --db URL)")
			}
			if runF != nil {
				return runF(opts)
			}
			return npcCloneRun(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Player, "player", "", "the player's name in the files ('*': everyone)")
	int64Var(cmd.Flags(), &opts.MinOpps, "min-opportunities", 50, "opportunities a stat needs to use the player's own value", atLeast[int64](1, "1 or more"))
	cmd.Flags().StringVar(&opts.Name, "name", "", "profile name (default: the player's)")
	dbFlag(cmd, &opts.DB)
	addRulesFlag(cmd, &opts.rulesText, rulesUsage)
	markRequired(cmd.Flags(), "player")
	return cmd
}

func npcCloneRun(opts *npcCloneOptions) error {
	var tr *hud.Tracker
	var skipped int
	var err error
	if opts.DB != "" {
		tr, err = npcCloneHUDFromDB(opts)
	} else {
		var files []hud.File
		if files, err = hud.ReadFiles(opts.Files, opts.IO.In); err == nil {
			var res *hud.FilesResult
			if res, err = hud.TallyFiles(files, hud.FilesOptions{Rules: opts.Rules, NoAllInEV: true}); err == nil {
				tr, skipped = res.Tracker, len(res.Skipped)
			}
		}
	}
	if err != nil {
		return err
	}
	var c npc.Counts
	var hands int64
	if opts.Player == "*" {
		c, hands = npc.PopulationCounts(tr)
	} else {
		var ok bool
		c, hands, ok = npc.PlayerCounts(tr, opts.Player)
		if !ok {
			if opts.DB != "" {
				return fmt.Errorf("player %q is not in the database", opts.Player)
			}
			return fmt.Errorf("player %q is not in the files (%d players)", opts.Player, len(tr.Players()))
		}
	}
	name := opts.Name
	if name == "" {
		name = opts.Player
		if name == "*" {
			name = "population"
		}
	}
	if hands == 0 {
		who := fmt.Sprintf("player %q", opts.Player)
		if opts.Player == "*" {
			who = "any player"
		}
		return fmt.Errorf("no hands of %s could be replayed (%d skipped as not replayable): there is nothing to clone", who, skipped)
	}
	res, err := npc.Clone(c, hands, name, npc.CloneOptions{MinOpportunities: opts.MinOpps})
	if err != nil {
		return err
	}
	own := 0
	for _, o := range res.Own {
		if o {
			own++
		}
	}
	fmt.Fprintf(opts.IO.ErrOut, "%s: %d hands (%d not replayable skipped); %d of %d stats from the player's hands, the rest from the population\n",
		name, hands, skipped, own, npc.NumStats)
	return res.Profile.WriteTOML(opts.IO.Out)
}

// npcCloneHUDFromDB reads the player's HUD (everyone's for '*') from the
// hand database.
func npcCloneHUDFromDB(opts *npcCloneOptions) (*hud.Tracker, error) {
	db, err := openDB(opts.DB, true)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	f := store.Filter{Player: opts.Player}
	if opts.Player == "*" {
		f.Player = ""
	}
	t, _, err := db.HUD(context.Background(), f)
	return t, err
}
