package cli

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

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
	// Cliff: --min-opportunities was given (the aggregate clone with a
	// cliff instead of shrinkage).
	Cliff     bool
	Aggregate bool
	Name      string
	DB        string
	JSON      bool
	Out       string
	// Rules, when set (--rules), replaces every hand's declared rule set.
	Rules     *holdem.RuleSet
	rulesText string
}

func newNPCCloneCmd(f *Factory, runF func(*npcCloneOptions) error) *cobra.Command {
	opts := &npcCloneOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "clone --player NAME FILE|DIR|-... | --db URL > profile.toml",
		Short: "Turn a player's hand histories into a profile",
		Long: `Learn a profile from a player's hands in hand histories (PHH, PokerStars or
GGPoker text; directories are read recursively, - is standard input). Every
value is the player's observed rate shrunk toward the population's by its
sample (empirical Bayes: a beta prior fitted on the players of the files):
the HUD stats; the preflop rates by position (raise first in, limp, cold
call, 3-bet, fold to 3-bet, 4-bet, fold to steal); the heads-up postflop
stats in single-raised and 3-bet pots, in and out of position; the bet
sizes (opens by position, 3-bets and 4-bets in and out of position,
postflop bets per street and pot type as fractions of the pot, raises); and the
hands the player was seen entering the pot with, by position, where the
histories show cards; and where they show the player's cards in nearly
every hand (the player's own histories), how the hands near each preflop
threshold split between the actions (the preflop mixing). With --player '*' the profile is the whole
population of the files. A summary goes to standard error; --json prints
where each value came from (its sample, the prior, the source).

--aggregate learns the HUD stats alone. --min-opportunities K is the older
aggregate clone: stats with K opportunities or more take the player's
value, the others the built-in "regular"'s. Each hand is replayed under the
rule set it declares (PHH _rules; tda without one) or under --rules. With
--db instead of files the stats are those of the player's hands in the hand
database ("pokerlab db import"), shrunk toward the database's players: a
database keeps no decisions, so the clone is the aggregate one, the same as
--aggregate over the files the hands came from.`,
		Example: `  pokerlab npc clone --player Alice hands.phhs > alice.toml
  pokerlab npc clone --player Alice --json --out alice.toml hands.phhs
  pokerlab npc clone --player '*' --name regular testdata/handhq/*.phhs > regular.toml
  pokerlab npc clone --db pokerlab.db --player Alice > alice.toml`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			fromDB := cmd.Flags().Changed("db")
			if !fromDB {
				opts.DB = ""
			}
			opts.Cliff = cmd.Flags().Changed("min-opportunities")
			if fromDB && cmd.Flags().Changed("rules") {
				return flagErrorf("--rules applies to hand files; hands in the database were replayed when imported")
			}
			if opts.JSON && opts.Out == "" {
				return flagErrorf("--json prints the sources of the values: give --out FILE for the profile")
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
	fl := cmd.Flags()
	fl.StringVar(&opts.Player, "player", "", "the player's name in the files ('*': everyone)")
	int64Var(fl, &opts.MinOpps, "min-opportunities", 50, "the older aggregate clone: opportunities a stat needs to take the player's own value, no shrinkage", atLeast[int64](1, "1 or more"))
	fl.BoolVar(&opts.Aggregate, "aggregate", false, "learn the HUD stats alone (no positions, pot types, sizes or ranges)")
	fl.StringVar(&opts.Name, "name", "", "profile name (default: the player's)")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON: the sources of the values (schema in docs/cli.md); the profile goes to --out")
	outputFileVar(fl, &opts.Out, "out", "o", "", "write the profile to this file instead of standard output")
	dbFlag(cmd, &opts.DB)
	addRulesFlag(cmd, &opts.rulesText, rulesUsage)
	markRequired(fl, "player")
	return cmd
}

func npcCloneRun(opts *npcCloneOptions) error {
	name := opts.Name
	if name == "" {
		name = opts.Player
		if name == "*" {
			name = "population"
		}
	}
	method := "learned"
	var res *npc.CloneResult
	var skipped int
	var err error
	if opts.DB != "" || opts.Aggregate || opts.Cliff {
		method = "aggregate"
		if opts.Cliff {
			method = "cliff"
		}
		res, skipped, err = npcCloneAggregate(opts, name)
	} else {
		res, skipped, err = npcCloneLearn(opts, name)
	}
	if err != nil {
		return err
	}
	counts := map[string]int{}
	for _, s := range res.Sources {
		counts[s.Source]++
	}
	own := 0
	for _, o := range res.Own {
		if o {
			own++
		}
	}
	if method == "cliff" {
		fmt.Fprintf(opts.IO.ErrOut, "%s: %d hands (%d not replayable skipped); %d of %d stats from the player's hands, the rest from the population\n",
			name, res.Hands, skipped, own, npc.NumStats)
	} else {
		fmt.Fprintf(opts.IO.ErrOut, "%s: %d hands (%d not replayable skipped); %d values: %d the player's, %d shrunk toward the population, %d the population's\n",
			name, res.Hands, skipped, len(res.Sources), counts[npc.SourcePlayer], counts[npc.SourceShrunk], counts[npc.SourcePopulation])
	}
	if res.Mixing.Fitted {
		fmt.Fprintf(opts.IO.ErrOut, "%s: preflop mixing σ = %.2f %% of the range, fitted on %d first preflop decisions with the cards known\n",
			name, 100*res.Mixing.Sigma, res.Mixing.Decisions)
	}
	var toml strings.Builder
	if err := res.Profile.WriteTOML(&toml); err != nil {
		return err
	}
	if opts.Out != "" {
		if err := writeFileAtomic(opts.Out, func(w io.Writer) error { _, err := io.WriteString(w, toml.String()); return err }); err != nil {
			return err
		}
	}
	if opts.JSON {
		out := NPCCloneJSON{Player: opts.Player, Name: name, Hands: res.Hands, Skipped: skipped, Method: method, Out: opts.Out,
			Values: make([]NPCCloneValueJSON, 0, len(res.Sources)), MixingDecisions: res.Mixing.Decisions}
		if res.Mixing.Fitted {
			out.PreflopMixing = finiteOrNull(100 * res.Mixing.Sigma)
		}
		for _, s := range res.Sources {
			v := NPCCloneValueJSON{Key: s.Key, Taken: s.Taken, Opportunities: s.Opportunities,
				PriorMean: 100 * s.Prior.Mean(), PriorStrength: s.Prior.Strength(), Weight: s.Weight, Value: 100 * s.Value, Source: s.Source}
			if !math.IsNaN(s.Observed) {
				o := 100 * s.Observed
				v.Observed = &o
			}
			out.Values = append(out.Values, v)
		}
		return writeJSON(opts.IO, out)
	}
	if opts.Out == "" {
		_, err = io.WriteString(opts.IO.Out, toml.String())
	}
	return err
}

// npcCloneLearn learns the full profile from the files' decisions.
func npcCloneLearn(opts *npcCloneOptions, name string) (*npc.CloneResult, int, error) {
	files, err := hud.ReadFiles(opts.Files, opts.IO.In)
	if err != nil {
		return nil, 0, err
	}
	o, err := npc.Observe(files, npc.ObserveOptions{Rules: opts.Rules})
	if err != nil {
		return nil, 0, err
	}
	pop := make([]*npc.Tally, 0, len(o.Names))
	pooled := &npc.Tally{}
	var target *npc.Tally
	for _, n := range o.Names {
		t := npc.TallyHands(o.Players[n])
		pop = append(pop, t)
		pooled.Add(t)
		if n == opts.Player {
			target = t
		}
	}
	if opts.Player == "*" {
		target = pooled
	}
	if err := cloneNothing(opts, target, o.Skipped, len(o.Players)); err != nil {
		return nil, 0, err
	}
	res, err := npc.Learn(target, name, npc.LearnOptions{Population: pop})
	return res, o.Skipped, err
}

// cloneNothing reports a player absent from the hands, or without a hand
// that replays.
func cloneNothing(opts *npcCloneOptions, t *npc.Tally, skipped, players int) error {
	if t == nil {
		if opts.DB != "" {
			return fmt.Errorf("player %q is not in the database", opts.Player)
		}
		return fmt.Errorf("player %q is not in the files (%d players)", opts.Player, players)
	}
	if t.Hands == 0 {
		who := fmt.Sprintf("player %q", opts.Player)
		if opts.Player == "*" {
			who = "any player"
		}
		return fmt.Errorf("no hands of %s could be replayed (%d skipped as not replayable): there is nothing to clone", who, skipped)
	}
	return nil
}

// npcCloneAggregate clones the HUD stats alone, from files or the
// database: shrunk (Learn over the tracker's players), or with the older
// cliff (--min-opportunities).
func npcCloneAggregate(opts *npcCloneOptions, name string) (*npc.CloneResult, int, error) {
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
		return nil, 0, err
	}
	target := &npc.Tally{}
	if opts.Player == "*" {
		target.Counts, target.Hands = npc.PopulationCounts(tr)
	} else if c, hands, ok := npc.PlayerCounts(tr, opts.Player); ok {
		target.Counts, target.Hands = c, hands
	} else {
		target = nil
	}
	if err := cloneNothing(opts, target, skipped, len(tr.Players())); err != nil {
		return nil, 0, err
	}
	if opts.Cliff {
		res, err := npc.Clone(target.Counts, target.Hands, name, npc.CloneOptions{MinOpportunities: opts.MinOpps})
		return res, skipped, err
	}
	res, err := npc.Learn(target, name, npc.LearnOptions{Population: npc.TallyTracker(tr)})
	return res, skipped, err
}

// npcCloneHUDFromDB reads every player's HUD from the hand database (the
// population the priors are fitted on).
func npcCloneHUDFromDB(opts *npcCloneOptions) (*hud.Tracker, error) {
	db, err := openDB(opts.DB, true)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	t, _, err := db.HUD(context.Background(), store.Filter{})
	return t, err
}
