package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/hh"
	"pokerlab/holdem"
)

type hhReplayOptions struct {
	IO    *IOStreams
	Files []string
	JSON  bool
	// Rules, when set (--rules), replaces every hand's declared rule set.
	Rules     *holdem.RuleSet
	rulesText string
}

func newHHReplayCmd(f *Factory, runF func(*hhReplayOptions) error) *cobra.Command {
	opts := &hhReplayOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "replay FILE|DIR|-... [--json]",
		Short: "Replay every hand through the rules engine",
		Long: `Replay every hand of the files (PHH, PokerStars or GGPoker text; directories
are read recursively, - is standard input) through the No-Limit Hold'em engine
and print, per hand, whether every action was legal and the finishing stacks.
An illegal action is reported with the hand, the action's index and line, and
the rule it breaks. A site hand is checked as it is read: every call, bet,
raise, post and returned bet must agree with the engine and each player's
collected amount must equal the replay's award less the rake; a hand that does
not is reported with its file:line and the reason, and the rest of the file is
read on. Cards unknown at a showdown ("sm ????") are settled by the hand's
winnings field or, without one, in favour of the players who showed known
cards; the award column says which.

The hand's recorded finishing_stacks and winnings are compared with the
replay. Real sites rake their pots, so a record may fall short of what the
replay pays a winner: the shortfall is reported as the hand's rake. A record
above the replay, winnings for a player the replay pays nothing, a shortfall
on a player who collects nothing, or finishing stacks and winnings short by
different amounts contradict the replay: they are reported with the hand,
the player and both amounts.

Each hand is replayed under the rule set it declares (the PHH field
_rules = 'tda' or 'pokerkit'; tda without one), or under --rules when given
(docs/rules.md: histories made by PokerKit need --rules pokerkit unless they
declare it).

With --json the output is JSON lines: one object per hand (schema in
docs/cli.md). The exit code is 1 if any hand did not replay or contradicts
its recorded results.`,
		Example: `  pokerlab hh replay hands.phhs
  pokerlab hh replay testdata/*.phh --json
  pokerlab hh replay --rules pokerkit pokerkit_hands.phhs
  pokerlab hh replay ~/PokerStars/HandHistory/
  cat hands.txt | pokerlab hh replay -`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
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
			return hhReplayRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON lines (schema in docs/cli.md)")
	addRulesFlag(cmd, &opts.rulesText, rulesUsage)
	return cmd
}

func hhReplayRun(opts *hhReplayOptions) error {
	var rd hh.Reader
	var r hh.Replayer
	total, failed, contradict := 0, 0, 0
	awards := map[hh.AwardSource]int{}
	records := map[string]int{}
	tw := newTable(opts.IO.Out)
	if !opts.JSON {
		fmt.Fprintln(tw, "file\thand\tok\tfinishing stacks / error")
	}
	index := map[string]int{} // hands so far in each file
	err := rd.ReadInputs(opts.Files, opts.IO.In, func(in hh.Input, h *hh.Hand, herr error) error {
		total++
		index[in.Name]++
		i := index[in.Name]
		line := HHReplayJSON{File: in.Name, Hand: i, Contradictions: []string{}}
		if herr == nil && opts.Rules != nil {
			h.Rules = *opts.Rules
		}
		if herr != nil {
			failed++
			line.Error = herr.Error()
		} else if err := r.Replay(h); err != nil {
			line.Name, line.Rules = handName(h), h.Rules.String()
			failed++
			line.Error = err.Error()
		} else {
			line.Name, line.Rules = handName(h), h.Rules.String()
			line.OK = true
			awards[r.Award]++
			line.Award = r.Award.String()
			if fs := r.FinishingStacks(); fs != nil {
				line.FinishingStacks = make([]json.Number, len(fs))
				for s, v := range fs {
					line.FinishingStacks[s] = json.Number(h.FormatAmount(v))
				}
			}
			if h.Site != nil {
				line.Format = h.Site.Format.String()
			}
			rc := r.CheckRecord(h)
			switch {
			case !rc.Recorded:
				line.Recorded = "none"
			case len(rc.Contradictions) > 0:
				line.Recorded = "contradicts"
				contradict++
				for _, c := range rc.Contradictions {
					line.Contradictions = append(line.Contradictions, c.Error())
				}
			case rc.Raked():
				line.Recorded = "raked"
			default:
				line.Recorded = "exact"
			}
			records[line.Recorded]++
			if line.Recorded == "exact" || line.Recorded == "raked" {
				rake := json.Number(h.FormatAmount(rc.Rake))
				line.Rake = &rake
			}
		}
		if opts.JSON {
			return writeJSONLine(opts.IO, line)
		}
		detail := line.Error
		ok := line.OK
		if line.OK {
			parts := make([]string, len(line.FinishingStacks))
			for s, v := range line.FinishingStacks {
				parts[s] = string(v)
			}
			detail = strings.Join(parts, " ")
			if r.Award != hh.ByCards {
				detail += " (pots by " + r.Award.String() + ")"
			}
			if line.Recorded == "raked" {
				detail += " (rake " + string(*line.Rake) + ")"
			}
			if len(line.Contradictions) > 0 {
				ok = false
				detail += "; the recorded result contradicts the replay: " + strings.Join(line.Contradictions, "; ")
			}
		}
		if herr == nil && h.Rules != holdem.TDA {
			detail += " [rules " + line.Rules + "]"
		}
		name := fmt.Sprint(i)
		if line.Name != "" && line.Name != name {
			name += " [" + line.Name + "]"
		}
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", in.Name, name, ok, detail)
		return nil
	})
	if err == nil && total == 0 {
		err = noHandsInput(opts.Files)
	}
	if err != nil {
		if total > 0 && !opts.JSON { // the rows read before
			tw.Flush()
		}
		return err
	}
	if !opts.JSON {
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(opts.IO.Out, "%d hands: %d replayed (pots awarded by cards %d, by winnings %d, by shown cards %d), %d failed; recorded results: %d exact, %d short by a rake, %d contradict the replay, %d none\n",
			total, total-failed, awards[hh.ByCards], awards[hh.ByWinnings], awards[hh.ByShownCards], failed,
			records["exact"], records["raked"], records["contradicts"], records["none"])
	}
	switch {
	case failed > 0 && contradict > 0:
		return fmt.Errorf("%d of %d hands did not replay and %d contradict their recorded results", failed, total, contradict)
	case failed > 0:
		return fmt.Errorf("%d of %d hands did not replay", failed, total)
	case contradict > 0:
		return fmt.Errorf("%d of %d hands contradict their recorded results", contradict, total)
	}
	return nil
}

// handName is a hand's name in tables: the .phhs table name, or a site's
// hand number.
func handName(h *hh.Hand) string {
	if h.Site != nil {
		if id, ok := h.Field("hand"); ok {
			return "#" + id
		}
	}
	return h.Name
}
